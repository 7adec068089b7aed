"""The Rune Works! table driven by real pygame events (SDL dummy drivers): drag and drop, refused drops,
the claim window, hand-off privacy, and autosave/Continue."""

from __future__ import annotations

import pygame
from table_helpers import click, drag

from cardtable.rules.actions import Action
from cardtable.rules.events import CardsMoved
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.runeworks_table import RuneWorksTable
from tests.clock import SteppedClock


def _table(app: App, seats: list[SeatConfig], params: dict[str, object], seed: int = 3) -> RuneWorksTable:
    session = Session.new("runeworks", seats, seed, params)
    table = RuneWorksTable(app, session)
    app.push(table)
    app.frame([])
    return table


def _halfway(start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
    return ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)


def _settle(app: App, table: RuneWorksTable, until: object = None, frames: int = 400) -> None:
    for _ in range(frames):
        app.frame([])
        if until is not None and until():  # type: ignore[operator]
            return


def _play_until_my_turn(app: App, table: RuneWorksTable, seat: int = 0) -> None:
    """Leady work done by clicking through; stop when `seat` must Draw."""
    engine = table.engine
    for _ in range(200):
        if engine.state.phase == "start" and engine.state.active == seat:
            return
        if engine.state.phase == "leady" and seat in engine.deciding_seats() and table.viewer == seat:
            table.perform(Action(seat, "noreveal"))
        app.frame([])
    raise AssertionError("it never became the player's turn")


def _hand_sprite(table: RuneWorksTable, seat: int) -> tuple[int, tuple[int, int]]:
    hand = table.engine.state.zones[f"hand:{seat}"].cards
    sprite = next(s for s in table.board.sprites.values() if s.card in hand and s.face_up)
    return sprite.card, sprite.card_rect().center


def test_dragging_a_hand_card_onto_the_pool_releases_it(app: App) -> None:
    table = _table(app, [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], {"level": 1})
    _play_until_my_turn(app, table)
    stock, _ = table.pile_rects()
    click(app, stock.center)  # clicking the Mana Source draws
    _settle(app, table, lambda: table.engine.state.phase == "play" and not table.animator.busy)
    assert table.engine.state.phase == "play"
    card, pos = _hand_sprite(table, 0)
    _, pool = table.pile_rects()
    before = len(table.engine.state.history)
    drag(app, pos, pool.center, through=(_halfway(pos, pool.center),))
    mine = table.engine.state.history[before]  # the bot may already have moved after it
    assert (mine.seat, mine.kind, mine.cards) == (0, "release", (card,))
    assert card in table.engine.state.zones["pool"].cards


def test_a_card_drawn_sets_off_at_once_and_cards_dealt_together_leave_card_after_card(app: App) -> None:
    """A card drawn into the hand slides at once: its wait before setting off was its place in the whole
    layout's share of a deal (up to 0.8 s for one card). Cards that arrive together still leave their
    pile one after another, 0.02 s apart, in the order they are laid out."""
    table = _table(app, [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], {"level": 1})
    _play_until_my_turn(app, table)
    _settle(app, table, lambda: table.viewer == 0 and not table.animator.busy)
    table.animator.speed = 1.0  # the app under test lands every card at once
    table.perform(Action(0, "draw"))
    drawn = table.engine.state.zones["hand:0"].cards[-1]
    tweens = [t for t in table.animator.tweens if t.sprite.card == drawn]
    assert len(tweens) == 1 and tweens[0].delay == 0.0, [(t.sprite.card, t.delay) for t in tweens]
    table.animator.finish_all()
    # the whole hand as if dealt from the Mana Source now: each card a new arrival, one after another
    hand = tuple(table.engine.state.zones["hand:0"].cards)
    table.board.sprites = {k: v for k, v in table.board.sprites.items() if v.card not in hand}
    table.relayout(animate=True, events=[CardsMoved(hand, "stock", "hand:0", "deal")])
    delays = sorted(t.delay for t in table.animator.tweens if t.sprite.card in hand)
    assert delays == [i * 0.02 for i in range(len(hand))], delays


def test_an_illegal_drop_slides_back_with_the_reason_and_changes_nothing(app: App) -> None:
    table = _table(app, [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], {"level": 1})
    _play_until_my_turn(app, table)
    before = table.engine.state.canonical()
    card, pos = _hand_sprite(table, 0)
    origin = (table.board.sprites[card].x, table.board.sprites[card].y)
    _, pool = table.pile_rects()
    drag(app, pos, pool.center, through=(_halfway(pos, pool.center),))  # Release before Draw is not allowed
    _settle(app, table, lambda: not table.animator.busy, 50)
    assert table.engine.state.canonical() == before
    assert table.toast is not None and "Draw first" in table.toast[0]
    sprite = table.board.sprites[card]
    assert (round(sprite.x), round(sprite.y)) == (round(origin[0]), round(origin[1]))


def test_claim_window_lets_a_human_claim_with_their_key_then_choose_behind_a_hand_off(app: App) -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Bot", False, "random")]
    table = _table(app, seats, {"level": 3}, seed=8)
    app.settings.claim_window_s = 2.0
    app.fast = False
    app.clock = SteppedClock(20)  # type: ignore[assignment]  # the 2 s window: 100 frames, no sleeping
    engine = table.engine
    for _ in range(300):  # play (passing hand-offs) until Ann has drawn
        if isinstance(app.top, HandOffScene):
            click(app, (10, 10))
        if engine.state.phase == "leady" and table.viewer in engine.deciding_seats():
            table.perform(Action(table.viewer, "noreveal"))
        if engine.state.phase == "start" and engine.state.active == table.viewer:
            table.perform(Action(table.viewer, "draw"))
        if engine.state.phase == "play" and engine.state.active == table.viewer:
            break
        app.frame([])
    discarder = engine.state.active
    card = sorted(engine.state.zones[f"hand:{discarder}"].cards)[0]
    table.perform(Action(discarder, "release", (card,)))
    _settle(app, table, lambda: not table.animator.busy and table.claim_left > 0, 50)
    assert table.claim_left > 0, "the claim window opens whoever holds what"
    other = 1 - discarder
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + other, mod=0, unicode=str(other + 1))])
    assert table.claimants == [other]
    assert table.toast is not None and "claims" in table.toast[0], "the claim is acknowledged at once"
    left = table.claim_left
    _settle(app, table, lambda: isinstance(app.top, HandOffScene) or table.menu, 50)
    assert table.claim_left == left, "the clock stands still while the claimant chooses"
    if isinstance(app.top, HandOffScene):
        assert table.viewer is None
        click(app, (10, 10))
        _settle(app, table, lambda: table.menu or table.summary, 50)
    if table.summary:  # "While you were away" is read first (a click puts it away), then the chooser
        assert table.menu is None, "never the summary and the chooser over each other"
        click(app, (10, 10))
        _settle(app, table, lambda: table.menu, 50)
    assert table.viewer == other
    assert table.menu, "the claimant chooses Shot, Call or pass"
    menu = table.menu
    row = next(i for i, label in enumerate(menu.labels) if label.endswith("Pass"))
    click(app, menu.row_rect(row - menu.top).center)
    assert engine.state.phase != "claim" or other not in engine.state.pending.seats  # type: ignore[union-attr]
    if engine.state.phase == "claim":  # the bot is still to decide: the window runs on for the others
        resumed = app.clock.ticks
        _settle(app, table, lambda: engine.state.phase != "claim", 400)
        waited_ms = (app.clock.ticks - resumed) * app.clock.step_ms
        assert waited_ms >= left * 1000 - 40, "the rest of the window was kept"
        assert waited_ms <= left * 1000 + 200, "a commit does not open a new window (the clock runs on)"


def test_no_hand_is_ever_face_up_for_the_wrong_seat(app: App) -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Ben"), SeatConfig("Cat"), SeatConfig("Bot", False, "random")]
    table = _table(app, seats, {"level": 2}, seed=4)
    engine = table.engine
    handoffs = 0
    for _ in range(1500):
        if engine.is_over():
            break
        if isinstance(app.top, HandOffScene):
            handoffs += 1
            assert table.viewer is None
            shown = [
                s
                for s in table.board.sprites.values()
                if s.face_up and any(s.card in engine.state.zones[f"hand:{h}"].cards for h in range(4))
            ]
            assert not shown, "the hand-off screen must hide every hand"
            click(app, (5, 5))
            continue
        for sprite in table.board.sprites.values():
            if sprite.face_up:
                owners = [h for h in range(4) if sprite.card in engine.state.zones[f"hand:{h}"].cards]
                assert not owners or owners == [table.viewer], (
                    f"card {sprite.card} of {owners} shown to {table.viewer}"
                )
        seat = table.viewer
        if seat is not None and seat in engine.deciding_seats() and not table.animator.busy:
            legal = engine.legal_actions(seat)
            table.perform(legal[-1] if legal[-1].kind != "release" or len(legal) < 3 else legal[0])
        app.frame([])
    assert handoffs >= 3


def test_autosave_after_every_action_and_continue_resumes_exactly(app: App) -> None:
    table = _table(app, [SeatConfig("Ann"), SeatConfig("Bot", False, "heuristic")], {"level": 4}, seed=12)
    _play_until_my_turn(app, table)
    table.perform(Action(0, "draw"))
    saved = table.engine.state.canonical()
    resumed = Session.resume()
    assert resumed.engine.state.canonical() == saved
    assert [s.name for s in resumed.seats] == ["Ann", "Bot"]
    assert resumed.seats[1].human is False

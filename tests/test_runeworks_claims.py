"""The Rune Works! claim window at a real table (pygame events, SDL dummy drivers): a key pressed while
the released card still slides is a claim, a click on Claim! is never a pass, and the "ask each in
turn" setting asks every person, in private, whatever they hold (so nothing tells who could claim)."""

from __future__ import annotations

import pygame

from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.runeworks_table import RuneWorksTable
from tests.clock import SteppedClock


def _to_first_play(session: Session) -> None:
    """Leady work (nobody shows a card) and the starter's Draw, straight through the engine."""
    engine = session.engine
    while engine.state.phase == "leady":
        seat = engine.deciding_seats()[0]
        session.apply(Action(seat, "noreveal"))
    session.apply(Action(engine.state.active, "draw"))  # type: ignore[arg-type]


def _callable_deal() -> tuple[int, int]:
    """A seed whose starter, having drawn, holds a card the other magician can Call: (seed, card)."""
    for seed in range(1, 200):
        session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Ben")], seed, {"level": 3})
        _to_first_play(session)
        state = session.engine.state
        me = state.active
        assert me is not None
        for card in sorted(state.zones[f"hand:{me}"].cards):
            trial = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Ben")], seed, {"level": 3})
            _to_first_play(trial)
            trial.apply(Action(me, "release", (card,)))
            if any(a.kind in ("call", "shot") for a in trial.engine.legal_actions(1 - me)):
                return seed, card
    raise AssertionError("no deal lets the other magician Call")


def _table(app: App, seed: int) -> RuneWorksTable:
    session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Ben")], seed, {"level": 3})
    _to_first_play(session)
    table = RuneWorksTable(app, session)
    app.push(table)
    app.frame([])
    return table


def _pass_hand_offs(app: App, table: RuneWorksTable, until: object, frames: int = 300) -> None:
    for _ in range(frames):
        if until():  # type: ignore[operator]
            return
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        else:
            app.frame([])
    raise AssertionError("the table never got there")


def _animated(app: App, table: RuneWorksTable) -> None:
    app.fast = False
    app.settings.animation_speed = 1.0
    table.animator.speed = 1.0
    app.settings.claim_window_s = 3.0
    app.clock = SteppedClock(20)  # type: ignore[assignment]


def test_a_claim_key_pressed_while_the_released_card_slides_is_a_claim(app: App) -> None:
    seed, card = _callable_deal()
    table = _table(app, seed)
    engine = table.engine
    me = engine.state.active
    assert me is not None
    other = 1 - me
    _animated(app, table)
    _pass_hand_offs(app, table, lambda: table.viewer == me)
    table.perform(Action(me, "release", (card,)))
    assert table.animator.busy, "the Release slides"
    key = pygame.K_1 + other
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=str(other + 1))])
    assert table.animator.busy, "the key was pressed during the slide"
    assert table.claimants == [other], "a press during the animation is a claim, not dropped"
    _pass_hand_offs(app, table, lambda: table.menu is not None and table.viewer == other)
    menu = table.menu
    assert menu is not None
    claim = next(a for a in menu.actions if a.kind in ("call", "shot"))
    table.perform(claim)
    history = engine.state.history
    assert any(a.seat == other and a.kind == claim.kind for a in history), "the claim was made"


def test_a_click_on_claim_counts_on_the_press_even_while_cards_slide(app: App) -> None:
    seed, card = _callable_deal()
    table = _table(app, seed)
    me = table.engine.state.active
    assert me is not None
    other = 1 - me
    _animated(app, table)
    _pass_hand_offs(app, table, lambda: table.viewer == me)
    table.perform(Action(me, "release", (card,)))
    rect = dict(table._claim_rects())[other]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert table.claimants == [other]


def test_ask_each_in_turn_asks_every_person_in_private_whatever_they_hold(app: App) -> None:
    seed, card = _callable_deal()
    table = _table(app, seed)
    engine = table.engine
    me = engine.state.active
    assert me is not None
    other = 1 - me
    app.settings.claim_ask_each = True
    _pass_hand_offs(app, table, lambda: table.viewer == me)
    table.perform(Action(me, "release", (card,)))
    _pass_hand_offs(app, table, lambda: table.menu is not None)
    assert table.viewer == other and table.claim_left == 0, "no clock: the person is asked"
    labels = table.menu.labels  # type: ignore[union-attr]
    assert any(label.endswith("Pass") for label in labels)
    # the same question, a card nobody can take: still asked (so being asked tells nothing)
    table.perform(Action(other, "pass"))
    _pass_hand_offs(app, table, lambda: engine.state.phase == "play" or engine.state.phase == "start")


def test_the_pause_menu_stops_the_claim_window_and_resume_goes_on(app: App) -> None:
    """Esc mid-claim: the window's clock, the slide and the bots stand still under the pause menu
    (a person reading the rules must not lose a claim); Resume picks up where it stopped."""
    from cardtable.ui.scenes.pause import PauseScene

    seed, card = _callable_deal()
    table = _table(app, seed)
    me = table.engine.state.active
    assert me is not None
    _animated(app, table)
    _pass_hand_offs(app, table, lambda: table.viewer == me)
    table.perform(Action(me, "release", (card,)))
    _pass_hand_offs(app, table, lambda: not table.animator.busy and table.claim_left < 2.9)
    left, moves = table.claim_left, len(table.engine.state.history)
    app.push(PauseScene(app, table))
    for _ in range(400):  # 8 s of frames, more than the whole 3 s window
        app.frame([])
    assert table.claim_left == left and not table.claim_closed, "the window's clock ran under the pause"
    assert len(table.engine.state.history) == moves
    app.pop()
    _pass_hand_offs(app, table, lambda: table.claim_left < left)


def test_with_the_default_window_a_new_player_pressing_five_seconds_after_the_release_still_claims(
    app: App,
) -> None:
    # Two new players lost a winning Shot to the old 3 s default: finding the discard, reading it and
    # the seat key took one of them about five seconds.
    from cardtable.persistence.settings import Settings

    seed, card = _callable_deal()
    table = _table(app, seed)
    me = table.engine.state.active
    assert me is not None
    other = 1 - me
    _animated(app, table)
    app.settings.claim_window_s = Settings().claim_window_s  # the default a new pair plays with
    _pass_hand_offs(app, table, lambda: table.viewer == me)
    table.perform(Action(me, "release", (card,)))
    for _ in range(5000 // 20):  # five seconds of frames after the Release
        app.frame([])
    assert table._window_open(), "the window is still open five seconds on"
    key = pygame.K_1 + other
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=str(other + 1))])
    assert table.claimants == [other]

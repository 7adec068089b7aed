"""The Rune Works! round-end screen at Levels 4-5: a Level-5 round played to its end at the table
(pygame events, SDL dummy drivers) stops on a screen that gives every magician's MP change with its
reasons and the running totals, checked against the hands and melds as they were when the round ended;
a click goes on to the next round."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.games.runeworks.melds import SPIRIT_RANK, deck_of
from cardtable.games.runeworks.scoring import meld_damage
from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.notice import NoticeScene
from cardtable.ui.scenes.runeworks_table import RuneWorksTable


def _simple_choice(legal: list[Action]) -> Action:
    """Ann's plain play: show nothing, draw, set what she can, release; let discards go."""
    for kind in ("noreveal", "draw", "pass", "set", "release"):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]


def _expected(before: dict[str, Any], entry: dict[str, Any], seats: int, deck: Any) -> list[int]:
    """Each seat's MP change worked out from the hands and melds just before the round's last move."""
    igniters, blasts, shot_from = entry["igniters"], entry["blasts"], entry["shot_from"]
    out = [0] * seats
    if not igniters:
        return out
    for seat in range(seats):
        if seat in igniters:
            out[seat] += 50 if seat in blasts else 10
            continue
        hand = sum(30 if deck.rank[c] == SPIRIT_RANK else deck.rank[c] for c in before["hands"][seat])
        out[seat] -= hand + meld_damage(before["melds"][seat])
    if shot_from is not None:
        out[shot_from] -= sum(50 if s in blasts else 10 for s in igniters)
    return out


def test_a_level_5_round_ends_on_a_screen_with_each_magicians_mp_and_why(app: App) -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "heuristic"), SeatConfig("Cy", False, "heuristic")]
    session = Session.new("runeworks", seats, 5, {"level": 5})
    table = RuneWorksTable(app, session)
    app.push(table)
    engine = session.engine
    deck = deck_of(engine.state.cardset)  # type: ignore[arg-type]
    before: dict[str, Any] = {}
    apply = session.apply

    def recording_apply(action: Action) -> list[Any]:
        state = engine.state
        before["hands"] = [list(state.zones[f"hand:{s}"].cards) for s in range(state.seats)]
        before["melds"] = list(state.data["own_melds"])
        return apply(action)

    session.apply = recording_apply  # type: ignore[method-assign]
    for _ in range(5000):
        if isinstance(app.top, NoticeScene):
            break
        ready = table.round_end is None and not table.animator.busy  # the screen comes first
        if ready and table.viewer == 0 and 0 in engine.deciding_seats():
            table.perform(_simple_choice(engine.legal_actions(0)))
        app.frame([])
    notice = app.top
    assert isinstance(notice, NoticeScene), "the round ends on the round-end screen"
    entry = engine.view(None).data["round_log"][-1]
    assert entry["round"] == 1 and "Round 1" in notice.title
    expected = _expected(before, entry, 3, deck)
    assert list(entry["deltas"]) == expected
    rows: dict[str, list[tuple[str, ...]]] = {}
    current = ""
    for line in notice.lines:
        if len(line.cells) == 4 and line.cells[0] in ("Ann", "Bot", "Cy"):
            current = line.cells[0]
        if len(line.cells) == 4 and current and line.cells[1] != "in all":
            rows.setdefault(current, []).append(line.cells)
    for seat, name in enumerate(("Ann", "Bot", "Cy")):
        shown = rows[name]
        assert shown[0][3] == str(200 + expected[seat]), "the running total"
        assert sum(int(cells[2]) for cells in shown) == expected[seat], (name, shown)
        if seat not in entry["igniters"] and entry["igniters"]:
            hand = sum(30 if deck.rank[c] == SPIRIT_RANK else deck.rank[c] for c in before["hands"][seat])
            assert any(c[1].endswith("in hand") or "in hand (" in c[1] for c in shown)
            assert any(int(c[2]) == -hand for c in shown), "the hand total, 7s at 30"
    if not entry["igniters"]:
        assert any("Mana Source ran out" in line.cells[0] for line in notice.lines)
    rounds = engine.view(None).data["round"]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1)])
    assert app.top is table, "a click goes on"
    assert engine.view(None).data["round"] == rounds


def test_a_double_shot_lays_every_shooters_cards_on_the_table_and_results_say_who_and_why(app: App) -> None:
    from stacked import stacked_session

    from cardtable.ui.scenes.results import ResultsScene

    seats = [SeatConfig("Ann")] + [SeatConfig(n, False, "heuristic") for n in ("Ben", "Cy", "Dee")]
    session = stacked_session(
        "runeworks",
        seats,
        deal={
            "hand:0": ["H8", "C2", "S9", "HK"],
            "hand:1": ["H6", "H7", "SK"],
            "hand:2": ["D9", "H3"],
            "hand:3": ["S8", "C8", "D3"],
        },
        setup={"first": "P1", "phase": "play"},
        params={"level": 3},
    )
    table = RuneWorksTable(app, session)
    app.push(table)
    app.frame([])
    engine = session.engine
    codes = {spec.code: n for n, spec in enumerate(engine.state.cardset.physical())}  # type: ignore[union-attr]
    table.perform(Action(0, "release", (codes["H8"],)))
    for _ in range(400):
        if engine.is_over() and not table.animator.busy:
            break
        app.frame([])
    assert engine.state.winners == (1, 3)
    for code in ("S8", "C8", "D3"):  # the second shooter's cards are on the table, face up
        sprite = table.board.sprites[codes[code]]
        assert sprite.face_up and table.board.may_show(codes[code])
        assert sprite.card_rect().colliderect(pygame.Rect((0, 0), app.size))
    for _ in range(20):
        if isinstance(app.top, NoticeScene):
            break
        app.frame([])
    notice = app.top  # Level 3 is one round: its last table is held under the game-end screen first
    assert isinstance(notice, NoticeScene) and notice.title == "The game is over"
    assert [line.cells[0] for line in notice.lines] == [
        "Ben ignited with a Shot on Ann's card",
        "Dee ignited with a Shot on Ann's card",
    ]
    assert {codes[c] for c in ("S8", "C8", "D3", "H8")} <= table.winning, "both shots framed in gold"
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)])
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.score_text(1) == results.score_text(3) == "Ignite Shot on Ann's card"
    assert results.score_text(0) == "discarded the card that was Shot"


def test_a_rebuilt_mana_source_lands_in_its_own_place_face_down(app: App) -> None:
    """Six seats, the stock empty: the Draw rebuilds it from the Mana Pool. Once the cards land every
    sprite is where the view says, the new Mana Source sits in the Source's place (not the Pool's)
    and shows no face."""
    from stacked import stacked_session

    names = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
    seats = [SeatConfig(names[0])] + [SeatConfig(n, False, "heuristic") for n in names[1:]]
    session = stacked_session("runeworks", seats, setup={"first": "P1"}, params={"level": 3})
    state = session.engine.state
    pool, stock = state.zones["pool"].cards, state.zones["stock"].cards
    pool.extend(stock)  # every undealt card has been released already
    stock.clear()
    table = RuneWorksTable(app, session)
    app.push(table)
    app.frame([])
    app.fast = False
    app.settings.animation_speed = 1.0
    table.animator.speed = 1.0
    table.perform(Action(0, "draw"))
    assert session.engine.view(None).data["rebuilds"] == 1
    for _ in range(600):
        if not table.animator.busy:
            break
        app.frame([])
    assert not table.check_sprites(), table.check_sprites()
    stock_rect, pool_rect = table.pile_rects()
    sprites = [s for s in table.board.sprites.values() if isinstance(s.key, tuple) and s.key[0] == "stock"]
    assert sprites, "the new Mana Source is drawn"
    for sprite in sprites:
        assert not sprite.face_up, "no card of the Mana Source shows its face"
        assert sprite.card_rect().colliderect(stock_rect.inflate(40, 40))
        assert not sprite.card_rect().colliderect(pool_rect.inflate(-20, -20))

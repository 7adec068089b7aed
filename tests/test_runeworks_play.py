"""Things found playing Rune Works! to the end under a real X window (issue 13, follow-up), each pinned
at a headless table: Space skipping a slide leaves the turn's buttons in place; the "While you were
away" summary is read before a chooser opens (never one drawn over the other)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.runeworks_table import RuneWorksTable
from tests.clock import SteppedClock


def _key(key: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text)


def _after_leady(app: App, seats: list[SeatConfig], level: int = 3, seed: int = 4) -> RuneWorksTable:
    """A table just after Leady work (nobody showed a card), the starter to draw."""
    session = Session.new("runeworks", seats, seed, {"level": level})
    engine = session.engine
    while engine.state.phase == "leady":
        session.apply(Action(engine.deciding_seats()[0], "noreveal"))
    table = RuneWorksTable(app, session)
    app.push(table)
    app.frame([])
    return table


def _until(app: App, done: object, frames: int = 400) -> None:
    """Frames, passing hand-off screens with Space, until `done()`."""
    for _ in range(frames):
        if done():  # type: ignore[operator]
            return
        if isinstance(app.top, HandOffScene):
            app.frame([_key(pygame.K_SPACE, " ")])
        else:
            app.frame([])
    raise AssertionError("the table never got there")


def test_space_skipping_the_draw_slide_leaves_the_turns_buttons(app: App) -> None:
    """Seen under X in a fast key loop: Space landed the drawn card at once, the buttons were never
    rebuilt, so R (Release) did nothing while A still listed the moves."""
    table = _after_leady(app, [SeatConfig("Ann"), SeatConfig("Ben")])
    me = table.engine.state.active
    assert me is not None
    _until(app, lambda: table.viewer == me and not isinstance(app.top, HandOffScene))
    app.fast = False
    app.settings.animation_speed = 1.0
    table.animator.speed = 1.0
    app.clock = SteppedClock(20)  # type: ignore[assignment]
    table.perform(Action(me, "draw"))
    assert table.animator.busy, "the drawn card slides"
    assert not any(b.key == pygame.K_r for b in table.buttons), "no buttons while cards move"
    app.frame([_key(pygame.K_SPACE, " ")])  # skip the slide
    app.frame([])
    assert not table.animator.busy
    keys = [b.key for b in table.buttons]
    assert pygame.K_r in keys, "Release's button (R) is back once the card has landed"


def test_the_welcome_back_summary_is_read_before_the_claim_chooser_opens(app: App) -> None:
    """Seen under X: a person asked about a Release saw "While you were away" and the Pass chooser
    drawn over each other. The chooser now waits until the summary is put away (any key)."""
    table = _after_leady(app, [SeatConfig("Ann"), SeatConfig("Ben")])
    engine = table.engine
    me = engine.state.active
    assert me is not None
    other = 1 - me
    app.settings.claim_ask_each = True  # every person is asked after a Release
    for seat, asked in ((me, other), (other, me)):  # each plays a turn; the second is then asked
        _until(app, lambda s=seat: engine.state.active == s and engine.state.phase == "start")
        _until(app, lambda s=seat: table.viewer == s and not isinstance(app.top, HandOffScene))
        table.summary = None
        table.perform(Action(seat, "draw"))
        table.perform(Action(seat, "release", (min(engine.state.zones[f"hand:{seat}"].cards),)))
        _until(app, lambda a=asked: table.viewer == a and not isinstance(app.top, HandOffScene))
        if seat == me:
            app.frame([_key(pygame.K_SPACE, " ")])  # the first time there is nothing to read
            _until(app, lambda: table.menu is not None, frames=20)
            table.perform(Action(other, "pass"))
    for _ in range(5):
        app.frame([])
    assert table.summary, "the other magician is told what happened while they were away"
    assert table.menu is None, "the chooser waits: it is not drawn under the summary"
    app.frame([_key(pygame.K_SPACE, " ")])  # read: put away
    _until(app, lambda: table.menu is not None, frames=20)
    assert not table.summary
    assert any(a.kind == "pass" for a in table.menu.actions)  # type: ignore[union-attr]


@pytest.mark.parametrize("seats", [2, 6])
def test_small_meld_cards_carry_a_readable_index_in_the_strip_each_shows(seats: int) -> None:
    """At 1280x720 a meld card is ~50 px wide and its printed index ~9 px tall (seen under X: hard to
    read across the table). Each gets its rank and suit at MELD_INDEX_PX or more, inside the card's
    uncovered strip, drawn without covering the next card of its meld."""
    from test_runeworks_layout import _table as layout_table

    from cardtable.ui.scenes.runeworks_table import MELD_INDEX_PX

    app, table = layout_table(seats, (1280, 720))
    tags = table.meld_index_tags()
    on_table = [c for n, z in table.view().zones.items() if n.startswith("meld:") for c in z.cards]
    assert sorted(card for card, _tag, _px in tags) == sorted(on_table), "every meld card is tagged"
    rects = {s.card: s.card_rect() for s in table.board.sprites.values()}
    for card, tag, px in tags:
        assert px >= MELD_INDEX_PX
        assert rects[card].contains(tag), "the tag lies on its own card"
        for other in on_table:  # never under a card laid over this one
            sprite = table.board.sprites[other]
            if other != card and sprite.z > table.board.sprites[card].z:
                assert not rects[other].colliderect(tag), f"{card}'s tag is covered by {other}"
    app.frame([])  # and the table draws them
    pygame.display.quit()


def test_the_round_end_reasons_say_one_meld_and_one_card_in_the_singular() -> None:
    """Seen on the Level-5 round-end screen under X: "damage for 1 melds set"."""
    from cardtable.games.runeworks.narration import WORDS, round_end

    def item(why: str, n: int, sevens: int = 0) -> dict[str, int | str]:
        return {"why": why, "n": n, "sevens": sevens, "by": -1, "mp": -30}

    entry = {
        "round": 1,
        "why": [[item("hand", 1), item("melds", 1)], [item("hand", 1, 1), item("melds", 2)]],
        "deltas": [-60, -60],
        "mp": [140, 140],
    }
    _title, _head, rows = round_end(entry, 2)
    said = [
        WORDS[p.key]["en"].format(n=p.values["n"], sevens=p.values["sevens"])
        for _seat, reasons, _d, _m in rows
        for p, _mp in reasons
    ]
    assert said == [
        "1 card left in hand",
        "damage for 1 meld set",
        "1 card left in hand (a 7, at 30)",
        "damage for 2 melds set",
    ]
    assert all(WORDS[p.key].get("ja") for _s, reasons, _d, _m in rows for p, _mp in reasons)


def _seed_where_the_starter_draws(settable: Callable[[int, list[int]], bool], what: str) -> int:
    """A deal whose starter, having drawn (after Leady work with nothing shown), has a set for which
    `settable(drawn card, set action's cards)` holds."""
    for seed in range(1, 300):
        session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Ben")], seed, {"level": 3})
        engine = session.engine
        while engine.state.phase == "leady":
            session.apply(Action(engine.deciding_seats()[0], "noreveal"))
        me = engine.state.active
        assert me is not None
        before = set(engine.state.zones[f"hand:{me}"].cards)
        session.apply(Action(me, "draw"))
        (drawn,) = set(engine.state.zones[f"hand:{me}"].cards) - before
        if any(a.kind == "set" and settable(drawn, list(a.cards)) for a in engine.legal_actions(me)):
            return seed
    raise AssertionError(f"no deal {what}")


def _draw_then_set(app: App, with_the_drawn_card: bool) -> tuple[RuneWorksTable, int]:
    """Two people at a deal whose starter draws, sees the drawn card marked, and sets a meld with it
    or without it; the table and the drawn card."""
    table = _after_leady(
        app,
        [SeatConfig("Ann"), SeatConfig("Ben")],
        seed=_seed_where_the_starter_draws(
            lambda drawn, cards: (drawn in cards) == with_the_drawn_card, "with such a set after the draw"
        ),
    )
    engine = table.engine
    me = engine.state.active
    assert me is not None
    _until(app, lambda: table.viewer == me and not isinstance(app.top, HandOffScene))
    table.perform(Action(me, "draw"))
    drawn = table.just_drawn
    assert drawn is not None and table.drawn_mark() is not None, "the drawn card is marked in the hand"
    table.perform(
        next(
            a
            for a in engine.legal_actions(me)
            if a.kind == "set" and (drawn in a.cards) == with_the_drawn_card
        )
    )
    return table, drawn


def test_the_drawn_mark_stays_in_the_hand_when_the_drawn_card_is_set(app: App) -> None:
    """Seen under X: Ben drew 7♠ and set it alone; the meld on the table kept the gold "drawn" frame."""
    table, drawn = _draw_then_set(app, with_the_drawn_card=True)
    app.frame([])
    assert table.board.sprites[drawn].face_up, "the set card lies face up on the table"
    assert table.drawn_mark() is None, "a card on the table is no longer marked as just drawn"


def test_every_rune_works_button_with_a_key_names_it_in_both_languages() -> None:
    """Seen under X: "Show nothing" worked on N but did not say so, while Draw said (D)."""
    from cardtable.games.runeworks.narration import WORDS
    from cardtable.ui.i18n import STRINGS

    words = {**WORDS, **STRINGS}
    for spec in RuneWorksTable.buttons_spec:
        if spec.key is None:
            continue
        name = "Enter" if spec.key == pygame.K_RETURN else pygame.key.name(spec.key).upper()
        assert words[spec.label]["en"].endswith(f"({name})"), spec.label
        assert words[spec.label]["ja"].endswith(f"（{name}）"), spec.label


def test_the_last_round_end_says_why_the_match_is_over() -> None:
    """Seen under X: a six-seat Level-5 match ended at "Round 3/7" (Player 5 fell to -47 MP) and
    nothing said why."""
    from cardtable.games.runeworks.narration import round_end

    entry = {"round": 3, "igniters": [1], "why": [[], []], "deltas": [-250, 10], "mp": [-50, 210]}
    _title, head, _rows = round_end(entry, 2, last=True)
    assert [p.key for p in head][-1] == "rw.round_end.out" and head[-1].values["who"].seat == 0
    entry["mp"] = [10, 210]
    assert round_end(entry, 2, last=True)[1][-1].key == "rw.round_end.over", "the round limit"
    assert all(p.key.startswith("rw.round_end.") and "over" not in p.key for p in round_end(entry, 2)[1])


def test_a_blast_shot_round_is_headed_as_a_blast_shot() -> None:
    """Seen under X: "Player 6 ignited with a Shot on Player 5's card" over a 7-card Blast Shot."""
    from cardtable.games.runeworks.narration import WORDS, round_end

    entry = {"round": 3, "igniters": [1], "shot_from": 0, "blasts": [1], "mp": [150, 250]}
    assert round_end(entry, 2)[1][0].key == "rw.round_end.blast_shot"
    assert round_end({**entry, "shot_from": None}, 2)[1][0].key == "rw.round_end.blasted"
    assert round_end({**entry, "blasts": []}, 2)[1][0].key == "rw.round_end.shot"
    for key in ("rw.round_end.blast_shot", "rw.round_end.blasted", "rw.round_end.out"):
        assert WORDS[key]["en"] and WORDS[key]["ja"]


def test_the_drawn_label_clears_the_viewers_own_melds(app: App) -> None:
    """Seen under X: the gold "drawn" above the new card sat on the bottom edge of the viewer's meld
    row, just above the hand, hiding the melds' name plates."""
    table, _drawn = _draw_then_set(app, with_the_drawn_card=False)
    _until(app, lambda: not table.animator.busy)
    assert table.drawn_mark() is not None, "the drawn card is still in the hand, marked"
    label = table.draw_overlay(app.screen)[1]
    melds = [rect.inflate(-10, -10) for _index, rect in table.meld_rects()]
    assert melds, "the viewer's meld lies on the table"
    # wherever the drawn card falls in the sorted hand, under the row or beside it
    assert all(label.top >= meld.bottom for meld in melds), (label, melds)


def test_the_card_shown_in_leady_work_lies_beside_the_bottom_hand_not_under_it(app: App) -> None:
    """Seen under X: the bottom magician's shown K♣ lay above their hand, its lower part (the name
    plate) under the hand's cards, in the public view between hand-offs as in their own."""
    session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Ben")], 4, {"level": 3})
    engine = session.engine
    shown = []
    for seat in (engine.deciding_seats()[0], 1 - engine.deciding_seats()[0]):
        reveal = next(a for a in engine.legal_actions(seat) if a.kind == "reveal")
        shown.append(reveal.cards[0])
        session.apply(reveal)
    table = RuneWorksTable(app, session)
    app.push(table)
    for viewer in (None, 0):
        table.viewer = viewer
        table.relayout()
        table.animator.finish_all()
        app.frame([])
        table.leady_shown = {"0": shown[0], "1": shown[1]}
        bottom = table.bottom_seat()
        hand = [s.card_rect() for s in table.board.sprites.values() if s.y > app.size[1] * 0.7]
        assert hand, "the bottom hand is on the table"
        spot = table.leady_spot(bottom)
        assert pygame.Rect((0, 0), app.size).contains(spot)
        assert not any(spot.colliderect(card) for card in hand), (viewer, spot, hand)

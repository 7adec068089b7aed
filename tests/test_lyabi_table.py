"""The Lyabi table driven by real pygame events, as two people at one screen would play it: a third
circle placed by clicking the circle it replaces (or choosing it with C), the cards placed for a battle
lying face down in the slots from the moment they are placed, and the revealed battle held on the table
until someone clicks."""

from __future__ import annotations

import time
from concurrent.futures import Future

import pygame
import pytest
from stacked import stacked_session
from table_helpers import click, drag, press

from cardtable.persistence.settings import Settings
from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.lyabi_table import LyabiTable

ANN_VS_BOT = [SeatConfig("Ann"), SeatConfig("Bot", False, "heuristic")]
TWO_PEOPLE = [SeatConfig("Ann"), SeatConfig("Bea")]


# the table as a window plays it (a frame of 1/120 s at least), its animations at once
pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)


def _table(app: App, session: Session) -> LyabiTable:
    table = LyabiTable(app, session)
    app.replace(table)
    _settle(app)
    return table


def _settle(app: App) -> None:
    """Frames until the table is still; a hand-off screen is passed by a click, as a person would."""
    for _ in range(6):
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
        app.frame([])


def _centre(table: LyabiTable, card: int) -> tuple[int, int]:
    return table.board.sprites[card].card_rect().center


# -- a third circle --------------------------------------------------------------------------------
def _full_circles(app: App) -> tuple[LyabiTable, list[int]]:
    """Ann at her main phase with two circles placed (Lv0 Blue, Lv5 Red) and B11 and B5 in hand."""
    session = stacked_session(
        "lyabi",
        ANN_VS_BOT,
        {"hand:0": ["B11", "B5"], "circles:0": ["CB0", "CR5"], "circles_pool:11": ["CG11"]},
        {"circles": ["CB0", "CG0"], "priority": "P1"},
    )
    table = _table(app, session)
    circles = table.view().zones["circles:0"].cards
    assert len(circles) == 2 and table.viewer == 0
    return table, sorted(circles, key=lambda c: table.cardset.physical()[c].code)  # CB0, CR5


def test_a_third_circle_is_placed_by_clicking_the_circle_it_replaces(app: App) -> None:
    table, (first, second) = _full_circles(app)
    hand = table.view().zones["hand:0"].cards
    b11 = next(c for c in hand if table.cardset.physical()[c].code == "B11")
    drag(app, _centre(table, b11), table.pool_rects()["circles_pool:11"].center)
    assert not table.engine.state.history or table.engine.state.history[-1].kind != "circle"
    lit = table.board.highlights
    assert len(lit) == 2, "both of Ann's circles light while the new one waits for its place"
    assert all(any(r.collidepoint(_centre(table, c)) for r in lit) for c in (first, second))
    click(app, _centre(table, second))
    _settle(app)
    assert table.engine.state.history[-1].kind == "circle"
    assert table.engine.state.zones["out_circles"].cards == [second]
    assert first in table.engine.state.zones["circles:0"].cards
    assert table.board.highlights == []


def test_c_asks_which_circle_to_replace_in_a_short_chooser(app: App) -> None:
    table, (first, second) = _full_circles(app)
    hand = table.view().zones["hand:0"].cards
    b11 = next(c for c in hand if table.cardset.physical()[c].code == "B11")
    click(app, _centre(table, b11))  # select the lyabi paid
    press(app, pygame.K_c)
    assert table.menu is not None
    assert len(table.menu.labels) == 2
    assert "Lv5 Red Circle" in table.menu.labels[1] and "Replace" in table.menu.labels[1]
    press(app, pygame.K_2)
    _settle(app)
    if table.menu is not None:  # several levels could be paid for: the level is chosen next
        assert all(second in a.cards for a in table.menu.actions)
        assert [a.target for a in table.menu.actions] == ["0", "5", "11"]
        press(app, pygame.K_3)
        _settle(app)
    assert table.engine.state.zones["out_circles"].cards == [second]
    assert table.engine.state.history[-1] == Action(0, "circle", tuple(sorted((b11, second))), "11")


# -- the battle ----------------------------------------------------------------------------------------
def _battle(app: App) -> LyabiTable:
    """Two people at the battle: Ann holds R3 and R1 (a Double Charge), Bea G1; Ann's turn at the screen."""
    session = stacked_session(
        "lyabi",
        TWO_PEOPLE,
        {"hand:0": ["R3", "R1"], "hand:1": ["G1"]},
        {"circles": ["CR0", "CG0"], "priority": "P1", "at": "battle"},
    )
    table = _table(app, session)
    assert table.viewer == 0 and {a.kind for a in table.my_legal()} == {"charge", "dummy"}
    return table


def _code(table: LyabiTable, card: int) -> str:
    return table.cardset.physical()[card].code


def _in_slot(table: LyabiTable, seat: int) -> list:
    slot = table.battle_rects()[seat].inflate(12, 12)
    return [s for s in table.board.sprites.values() if slot.contains(s.card_rect())]


def _place_double(app: App, table: LyabiTable) -> None:
    for card in [c for c in table.view().zones["hand:0"].cards if _code(table, c) in ("R3", "R1")]:
        click(app, _centre(table, card))
    press(app, pygame.K_h)


def test_both_slots_show_the_placed_cards_face_down_from_the_moment_they_are_placed(app: App) -> None:
    table = _battle(app)
    _place_double(app, table)
    assert table.engine.state.pending is not None and table.engine.state.pending.commits
    mine = _in_slot(table, 0)
    assert len(mine) == 2 and not any(s.face_up for s in mine), "Ann's two cards lie face down"
    assert "2 cards" in (table.placed_note or "")
    press(app, pygame.K_SPACE)  # Done: the table turns to Bea
    _settle(app)
    assert table.viewer == 1
    theirs = _in_slot(table, 0)
    assert len(theirs) == 2 and all(s.card < 0 for s in theirs), "Bea sees two face-down cards, not which"
    assert len(table.view().zones["hand:0"].cards) == 3 and len(_in_slot(table, 1)) == 0
    top_hand = [s for s in table.board.sprites.values() if isinstance(s.key, tuple) and s.key[0] == "hand:0"]
    assert len(top_hand) == 1, "Ann's hand holds only the Dummy now"


def test_the_second_seat_placing_first_gets_the_table_back_after_taking_back(app: App) -> None:
    """Bea ends her item phase and places first (she has the screen); taking back hands the table to
    her again, not to Ann who sits first."""
    session = stacked_session(
        "lyabi",
        TWO_PEOPLE,
        {"hand:0": ["R3", "R1"], "hand:1": ["G1"]},
        {"circles": ["CR0", "CG0"], "priority": "P1", "at": "item2"},
    )
    table = _table(app, session)
    assert table.viewer == 1
    press(app, pygame.K_p)
    _settle(app)
    assert table.viewer == 1 and table.view().pending is not None
    press(app, pygame.K_h)  # "Charge…" asks even for Bea's one lyabi
    assert table.menu is not None and len(table.menu.actions) == 1
    press(app, pygame.K_1)
    assert table.placed_note is not None and "Bea placed 1 card" in table.placed_note
    press(app, pygame.K_z)  # a plain Z is not the take-back
    assert table.engine.state.pending is not None and table.engine.state.pending.commits
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")])
    _settle(app)
    assert not table.engine.state.pending.commits
    assert table.viewer == 1, "the table goes back to Bea"


def test_the_placer_may_take_the_cards_back_and_the_table_returns_to_them(app: App) -> None:
    table = _battle(app)
    _place_double(app, table)
    take_back = next(b for b in table.buttons if "Take back" in b.label)
    click(app, take_back.rect.center)
    _settle(app)
    assert table.engine.state.pending is not None and not table.engine.state.pending.commits
    assert table.viewer == 0 and _in_slot(table, 0) == []
    assert {a.kind for a in table.my_legal()} == {"charge", "dummy"}


def test_the_revealed_battle_stays_on_the_table_until_a_click(app: App, drawn_texts: list[str]) -> None:
    table = _battle(app)
    _place_double(app, table)
    press(app, pygame.K_SPACE)
    _settle(app)
    g1 = next(c for c in table.view().zones["hand:1"].cards if _code(table, c) == "G1")
    click(app, _centre(table, g1))
    press(app, pygame.K_h)  # one card selected: placed at once
    for _ in range(30):  # however long the people look, the table waits
        app.frame([])
    engine = table.engine
    assert engine.state.data["battle"]["stage"] == "done" and engine.state.zones["battle:0"].cards == []
    assert table.staged is not None and table.viewer is None
    revealed = _in_slot(table, 0) + _in_slot(table, 1)
    assert sorted(_code(table, s.card) for s in revealed if s.face_up) == ["G1", "R1", "R3"]
    assert not any(
        s.face_up for s in table.board.sprites.values() if s.card in engine.state.zones["hand:1"].cards
    )
    drawn_texts.clear()
    app.frame([])
    table.needs_full_redraw = True
    table.background_stale = True
    app.frame([])
    assert "Ann wins the battle" in drawn_texts and "Damage 1" in drawn_texts
    click(app, (640, 400))
    _settle(app)
    assert table.staged is None
    assert _in_slot(table, 0) == [] and _in_slot(table, 1) == [], "the end phase cleared the slots"


# -- an item's window --------------------------------------------------------------------------------
def test_an_items_window_says_which_item_and_each_pass_reads_as_its_own_decision(
    app: App, drawn_texts: list[str]
) -> None:
    """Bea holds a Spacetime Stone at the end of her item phase: the status names it and says what it
    does; passing the phase and then the Stone are two different lines in the log."""
    session = stacked_session(
        "lyabi",
        ANN_VS_BOT[:1] + [SeatConfig("Bea")],
        {"hand:1": ["B3"], "item:1": ["STO"]},
        {"circles": ["CB0", "CG0"], "priority": "P1", "at": "item2"},
    )
    session.seats[0] = SeatConfig("Ann", False, "heuristic")
    table = _table(app, session)
    assert table.viewer == 1 and {a.kind for a in table.my_legal()} == {"item", "pass"}
    press(app, pygame.K_p)  # no item this phase
    _settle(app)
    assert table.view().pending is not None and table.view().pending.kind == "window"
    drawn_texts.clear()
    table.background_stale = table.needs_full_redraw = True
    app.frame([])
    assert "Bea: use Spacetime Stone now?" in drawn_texts
    assert "take one more main-phase action" in " ".join(drawn_texts)  # the effect, wrapped in the panel
    press(app, pygame.K_p)  # keep the Stone
    _settle(app)
    log = table.log_lines()
    assert "Bea takes no item" in log and "Bea keeps Spacetime Stone unused" in log
    assert "Bea passes" not in log


def test_a_pool_cards_tooltip_names_it_with_its_numbers_in_words_without_its_code(
    app: App, drawn_texts: list[str]
) -> None:
    table, _ = _full_circles(app)
    pile = table.view().zones["supply:B3"].cards
    pos = _centre(table, pile[-1])
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
    drawn_texts.clear()
    table.needs_full_redraw = True
    app.frame([])
    assert "Lv3 Blue Lyabi / Lv3 青のリャビ" in drawn_texts
    assert "cost 3 · times ×1" in drawn_texts
    assert not [t for t in drawn_texts if "[B3]" in t or t.split()[-1:] == ["B3"]]


def test_an_items_choice_is_asked_in_the_items_name(app: App) -> None:
    """Ann takes the Mysterious Crystal: the chooser that opens says which item asks, and what."""
    session = stacked_session(
        "lyabi",
        ANN_VS_BOT,
        {"hand:0": ["B3"], "items_pool": ["CRY"]},
        {"circles": ["CB0", "CG0"], "priority": "P1", "at": "item"},
    )
    table = _table(app, session)
    b3 = table.view().zones["hand:0"].cards[0]
    click(app, _centre(table, b3))
    press(app, pygame.K_i)
    _settle(app)
    assert table.menu is not None
    assert table.menu.title == "Mysterious Crystal: which Lv3 lyabi do you take into your discard pile?"


def test_no_thinking_mark_while_the_revealed_battle_waits_for_the_persons_click(app: App) -> None:
    """The bot's next question may be out while the battle is shown, but the table waits for Ann's
    click: no "Bot is thinking…" then (playtest 2026-11-28); the mark shows once she goes on."""
    session = stacked_session(
        "lyabi",
        [SeatConfig("Ann"), SeatConfig("Bot", False, "random")],
        {"hand:0": ["R1"], "hand:1": ["G1"], "deck:0": ["B1"] * 4, "deck:1": ["G1"] * 4},
        {"circles": ["CR0", "CG0"], "priority": "P1", "at": "battle"},
    )
    table = _table(app, session)
    click(app, _centre(table, table.view().zones["hand:0"].cards[0]))
    press(app, pygame.K_h)
    for _ in range(60):
        if table.staged is not None:
            break
        app.frame([])
    assert table.staged is not None, "the battle is revealed and held"
    assert not table.engine.is_over(), table.engine.state.winners
    assert table.engine.deciding_seats() == (1,), (table.engine.state.phase, table.engine.state.active)
    table.drop_thought()
    thinking: Future[Action] = Future()  # a question still being thought about
    table.thought = (table.session.ask_bot(1), thinking)
    table.thought_since = time.perf_counter() - 5.0  # long past a quick bot's moment
    assert table.thinking_seat() is None
    table.release_reveal()
    assert table.thinking_seat() == 1
    thinking.cancel()

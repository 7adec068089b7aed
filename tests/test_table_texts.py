"""What a player reads at every game's table, at 1280x720 in both languages: a person (played by a
random chooser) and a bot play a few dozen moves through the real table scene, headless, with the
action menu, a tooltip and a card's large preview opened along the way. Every text the UI draws is
recorded, and

- none names a card by its internal code (the codes of the game's own card set, cards/*.yaml);
- none is cut short: no text was shortened with … to fit its box (a status line, a menu entry, a
  panel's line), no button's label is wider than its button, and no text is wider than the window;
- a menu of ten entries or more answers a two-digit number typed on the keyboard (in every game whose
  walk meets one).

A second, cheaper pass follows one whole game of each (bots on both seats, nothing drawn) and reads,
in both languages, what the table would say: every seat's log, the words of the moves offered at
sampled decisions and the questions asked; no card code in any of it.

The walks are short on purpose (a few dozen moves each, menus opened every few decisions; the English
one from the start, the Japanese one from the middle of the game): the checks sample the kinds of
decision a game asks, and the suite stays fast.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame
import pytest

from cardtable.bots import make_bot
from cardtable.games import all_entries
from cardtable.persistence.settings import Settings
from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui import widgets
from cardtable.ui.app import App
from cardtable.ui.fonts import get_font
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.table import TableScene
from tests.clock import SteppedClock

GAMES = sorted(gid for gid, entry in all_entries().items() if entry.table and gid != "war")
MOVES = 40  # the person's and the bot's, together
PARAMS: dict[str, dict[str, object]] = {"runeworks": {"level": 4}}
AHEAD = {"landperson": 150, "lyabi": 100, "risugeon": 150, "runeworks": 150, "sainome": 150, "sandbox": 20}


@dataclass
class Seen:
    """What the walk drew: every text, and every text that was cut to fit (text, what was drawn)."""

    texts: list[str] = field(default_factory=list)
    cuts: list[tuple[str, str]] = field(default_factory=list)
    typed: list[tuple[int, Action]] = field(default_factory=list)  # (number typed, the move it made)


@pytest.fixture()
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """Records widgets.text_surface (everything the tables draw as text) and widgets' fitting, whose
    every cut goes through `_fitted` (fit_width and the menu scenes' fit_text both)."""
    out = Seen()
    real_surface, real_fitted = widgets.text_surface, widgets._fitted

    def surface(text: str, px: int, colour: tuple[int, int, int] = widgets.INK, bold: bool = False) -> object:
        out.texts.append(text)
        drawn = real_surface(text, px, colour, bold)
        if drawn.get_width() > 1280:
            out.cuts.append((text, "wider than the window"))
        return drawn

    def fitted(text: str, px: int, max_width: int, bold: bool) -> str:
        result = real_fitted(text, px, max_width, bold)
        if result != text:
            out.cuts.append((text, result))
        return result

    monkeypatch.setattr(widgets, "text_surface", surface)
    monkeypatch.setattr(widgets, "_fitted", fitted)
    yield out


def _codes(table: TableScene) -> re.Pattern[str]:
    codes = sorted({spec.code for spec in table.cardset.physical()}, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, codes)) + r")(?![A-Za-z0-9])")


def _key(app: App, key: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def _walk(game_id: str, language: str, seen: Seen) -> TableScene:
    app = App(Settings(language=language, bot_delay_s=0.0), size=(1280, 720), fast=True)
    app.clock = SteppedClock(100)  # type: ignore[assignment]  # slides, dice and claim windows end soon
    seats = [SeatConfig("Ann"), SeatConfig("Bot", human=False, bot="random")]
    session = Session.new(game_id, seats, 5, PARAMS.get(game_id, {}), autosave=False)
    me = make_bot("random", game_id, 7)
    # The Japanese walk joins the game later on, played to there without the table (cheap), so the
    # two walks between them see the opening and the middle of the game.
    while session.move_count < AHEAD.get(game_id, 0) * (language == "ja") and not session.engine.is_over():
        seat = session.engine.deciding_seats()[0]
        session.apply(me.choose(session.engine.view(seat)) if seat == 0 else session.bot_action(seat))
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    app.push(table)
    decisions = 0
    last = session.move_count + MOVES
    for _ in range(MOVES * 12):
        if isinstance(app.top, ResultsScene) or session.engine.is_over() or session.move_count >= last:
            break
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
            continue
        if table.viewer == 0 and table.my_legal() and not table.busy() and app.top is table:
            decisions += 1
            _look_around(app, table, decisions)
            for button in table.buttons:  # every button's label inside its button
                px = max(12, min(28, button.rect.height * 9 // 20))  # as Button draws it
                if get_font(px).size(button.label)[0] > button.rect.width - 8:
                    seen.cuts.append((button.label, "wider than its button"))
            wanted = me.choose(table.engine.view(0))
            menu = table.menu
            if menu is not None and wanted in menu.actions and menu.actions.index(wanted) >= 9:
                number = menu.actions.index(wanted) + 1  # the chosen move's entry, typed digit by digit
                before = session.move_count
                for digit in str(number):
                    _key(app, pygame.K_0 + int(digit))
                if session.move_count == before and len(menu.actions) >= number * 10:
                    _key(app, pygame.K_RETURN)  # a longer number could follow: Enter takes this one
                assert session.move_count == before + 1, f"typing {number} in a menu made no move"
                assert session.last_action() == wanted, f"typing {number} made another move"
                seen.typed.append((number, wanted))
                continue
            table.menu = None
            table.perform(wanted)
        app.frame([])
    return table


def _look_around(app: App, table: TableScene, decision: int) -> None:
    """At some decisions: the action menu (A), a card's tooltip, a card held large."""
    if table.menu is None and decision % 3 == 1:
        _key(app, pygame.K_a)
    if decision % 4 == 2:
        shown = [s for s in table.board.sprites.values() if s.face_up and s.card >= 0 and s.image is None]
        if shown:
            sprite = shown[decision % len(shown)]
            pos = sprite.card_rect().center
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
            if decision % 8 == 2:
                app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)])
                app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)])


@pytest.mark.usefixtures("blank_faces")  # the texts drawn are read, not the faces' pixels
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_shows_no_card_code_and_cuts_no_line(game_id: str, language: str, seen: Seen) -> None:
    table = _walk(game_id, language, seen)
    codes = _codes(table)
    # a seat's label ("P1 Ann") is no card code, even where a card set has a card coded P1
    seats = [table.app.t("table.seat_label", n=n + 1, name=table.session.name(n)) for n in range(2)]
    named = sorted({text for text in seen.texts if codes.search(_without(text, seats))})
    assert not named, f"{game_id} ({language}): card codes a player reads: {named[:8]}"
    cut = sorted(set(seen.cuts))
    assert not cut, f"{game_id} ({language}): texts cut short at 1280x720: {cut[:8]}"
    assert len(seen.texts) > 50, "the walk drew the table"


def _without(text: str, parts: list[str]) -> str:
    for part in parts:
        text = text.replace(part, " ")
    return text


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_says_no_card_code_in_either_language(game_id: str) -> None:
    app = App(Settings(bot_delay_s=0.0), size=(1280, 720), fast=True)
    seats = [SeatConfig("Ann", human=False, bot="random"), SeatConfig("Bot", human=False, bot="random")]
    session = Session.new(game_id, seats, 11, PARAMS.get(game_id, {}), autosave=False)
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    codes = _codes(table)
    names = [table.app.t("table.seat_label", n=n + 1, name=session.name(n)) for n in range(2)]
    said: list[str] = []
    engine = session.engine
    for step in range(1500):
        if engine.is_over():
            break
        seat = engine.deciding_seats()[0]
        table.viewer = seat
        table.forget_view()
        if step % 5 == 0:  # the menu's words for every move offered, and the question, in both languages
            for language in ("en", "ja"):
                app.t.language = language
                said += [table.words(a) for a in table.my_legal()]
                pending = table.view().pending
                if pending is not None:
                    said.append(table.pending_title(pending.kind, pending.prompt))
        session.apply(session.bot_action(seat))
    for language in ("en", "ja"):
        app.t.language = language
        for viewer in (0, 1, None):
            table.viewer = viewer
            said += table.log_lines()
    named = sorted({text for text in said if codes.search(_without(text, names))})
    assert not named, f"{game_id}: card codes a player reads: {named[:8]}"
    assert len(said) > 100

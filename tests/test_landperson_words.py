"""Land & Person's table and deck screen speak the player's language only: on a Japanese table every
tooltip, label and panel is Japanese (player names and MP/PS/HP aside: tests/test_i18n.py's rule); on
an English table Japanese appears only where a card prints it (its name and text beside the English).
Every kind of card is hovered in every zone it reaches, and every panel is opened."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_i18n import ALLOWED, ENGLISH, _Recorder

from cardtable.bots import make_bot
from cardtable.persistence.settings import Settings
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes import common, landperson_decks
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.landperson_decks import DeckBuildScene
from cardtable.ui.scenes.landperson_table import LandPersonTable
from cardtable.ui.scenes.results import ResultsScene

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


@pytest.fixture()
def drawn(drawn_texts: list[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn on the screen: the table's (drawn_texts, tests/conftest.py) and what the deck
    screen and the buttons render with their fonts."""
    real_font = common.get_font
    for module in (common, landperson_decks):
        monkeypatch.setattr(module, "get_font", lambda *a, **k: _Recorder(real_font(*a, **k), drawn_texts))
    yield drawn_texts
    pygame.display.quit()


def _misspoken(texts: list[str], language: str, printed: set[str]) -> list[str]:
    """Texts in the wrong language: English words on a Japanese screen; on an English one, Japanese
    that is not a card's printed name or text."""
    out = set()
    for text in texts:
        if language == "ja":
            if set(ENGLISH.findall(text)) - ALLOWED:
                out.add(text)
        else:
            # a card's text is wrapped: a line of it is part of what the card prints
            rest = text.strip()
            for words in sorted(printed, key=len, reverse=True):
                rest = rest.replace(words, "")
            if JAPANESE.search(rest) and not any(rest.strip() in words for words in printed):
                out.add(text)
    return sorted(out)


def _printed(session: Session) -> set[str]:
    """The Japanese a card of the set prints: its name and its text."""
    out = set()
    for spec in session.engine.state.cardset.cards:
        out.add(spec.name.get("ja"))
        text = spec.get("text")
        if isinstance(text, dict) and text.get("ja"):
            out.add(str(text["ja"]))
    return out


def _hover_everything(
    app: App,
    table: LandPersonTable,
    seen: set[tuple[str, str]],
    present: set[tuple[str, str]],
    hovered: set[tuple[str, str]],
) -> None:
    """Move the mouse over every card the person at the screen may see, drawing its tooltip; `present`
    gathers the kinds of card and zones in sight, `seen` those whose tooltip was drawn. A card whose
    tooltip was drawn in that zone before (`hovered`: its code and zone) is not hovered again: its
    words are the same."""
    view = table.view()
    where = {card: name.split(":")[0] for name, zone in view.zones.items() for card in zone.cards}
    for sprite in list(table.board.sprites.values()):
        card = sprite.card
        if card < 0 or not sprite.face_up or not table.may_show(card):
            continue
        kind = str(table.board.physical[card].get("kind"))
        present.add((kind, where.get(card, "?")))
        code = (table.board.physical[card].code, where.get(card, "?"))
        if code in hovered:
            continue
        pos = sprite.card_rect().center
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
        if table.hovered == card:
            hovered.add(code)
            seen.add((kind, where.get(card, "?")))
            app.frame([])


# Both languages and both modes; the default run pairs them (the two walks of a language differ in how
# decks are made, not in words: 4 s of CPU each), CARDTABLE_FUZZ=N walks all four pairs.
WALKS = [("ja", "deck"), ("en", "shared")]
if int(os.environ.get("CARDTABLE_FUZZ", "0") or 0):
    WALKS += [("en", "deck"), ("ja", "shared")]


@pytest.mark.usefixtures("blank_faces")  # the words drawn are read, not the faces' pixels
@pytest.mark.parametrize(("language", "mode"), WALKS)
def test_every_tooltip_label_and_panel_of_the_table_is_in_the_tables_language(
    language: str, mode: str, drawn: list[str]
) -> None:
    # A Japanese table showed 「農地 / Farmland」 and a person's English text when a card was hovered.
    app = App(Settings(language=language, bot_delay_s=0.0, animation_speed=0.0), size=(1280, 720), fast=True)
    seats = [SeatConfig("Ann"), SeatConfig("Bot", human=False, bot="random")]
    session = Session.new("landperson", seats, 11, {"mode": mode}, autosave=False)
    table = LandPersonTable(app, session)
    app.push(table)
    me = make_bot("random", "landperson", 5)
    seen: set[tuple[str, str]] = set()
    present: set[tuple[str, str]] = set()
    hovered: set[tuple[str, str]] = set()
    for step in range(700):
        if isinstance(app.top, ResultsScene) or session.engine.is_over():
            break
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
            continue
        if table.viewer == 0 and table.my_legal() and not table.animator.busy:
            if step % 9 == 0:
                _hover_everything(app, table, seen, present, hovered)
            if step % 13 == 0:
                app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")])
                app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
            table.perform(me.choose(table.engine.view(0)))
        app.frame([])
    if session.engine.is_over():
        table.on_game_over()  # the results, in the table's language
        app.frame([])
    assert seen == present, f"never hovered: {present - seen}"
    assert {("land", "lands")} | {("person", z) for z in ("hand", "field", "wander", "discard")} <= seen
    wrong = _misspoken(drawn, language, _printed(session))
    assert not wrong, f"{mode}/{language}: {wrong[:10]}"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_deck_screen_is_in_the_players_language(
    language: str, drawn: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    from cardtable.games import get_game

    app = App(Settings(language=language), size=(1280, 720), fast=True)
    seats = [SeatConfig("Ann"), SeatConfig("Dan")]
    scene = DeckBuildScene(app, get_game("landperson"), seats, {"mode": "deck"}, lambda _p: None)
    app.push(scene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])  # hand-off

    def key(k: int) -> None:
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])

    hovered = set()
    for filter_key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_1):
        key(filter_key)
        places = [(scene.left_panel.left + 20, y + 5) for _code, y in scene.rows]
        places += [c.rect.center for c in scene.controls if c.tag.startswith("land")]
        for pos in places:
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
            if scene.hover is not None:
                hovered.add(str(scene.physical[scene.hover].get("kind")))
    for k in (pygame.K_l, pygame.K_x, pygame.K_d, pygame.K_f, pygame.K_s, pygame.K_l):
        key(k)  # nothing saved, cleared (what is missing), filled, saved, loaded
    landperson_decks.save_deck(1, "P01x2 ZZ9")  # a deck the card set no longer holds
    scene.saved_index = -1  # the cycle starts again at the newest
    key(pygame.K_l)
    assert scene.message == app.t("lpd.load_failed", n=1, of=2)
    key(pygame.K_d)  # done
    assert hovered == {"land", "person"}
    session = Session.new("landperson", seats, 1, {"mode": "deck"}, autosave=False)
    wrong = _misspoken(drawn, language, _printed(session))
    assert not wrong, f"deck screen/{language}: {wrong[:10]}"

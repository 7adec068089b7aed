"""The whole UI in Japanese when Japanese is chosen, through one mechanism: every text key (the UI's
own, the shared log words, every game's words) has both languages with the same placeholders, and
every table played in Japanese draws no English words (player names, MP/PS/HP and key names aside)."""

from __future__ import annotations

import os
import re
import string

import pygame
import pytest

from cardtable.bots import make_bot
from cardtable.games import all_entries
from cardtable.persistence.settings import Settings
from cardtable.resources import bundled_cardsets
from cardtable.rules.narration import narration_for
from cardtable.session import SeatConfig, Session
from cardtable.ui import widgets
from cardtable.ui.app import App
from cardtable.ui.i18n import STRINGS, Translator, all_strings
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.table import TableScene

NAMES = ["Ann", "Bot", "Cat", "Dan"]
# "Lv", "ATK" and "QR" are printed on Lyabi's cards as the rulebook writes them (Lv0, ATK 4, ダミー/QR)
ALLOWED = {"MP", "PS", "HP", "Lv", "ATK", "QR", "Esc", "Ctrl", "Enter", "Shift", *NAMES}
# every registered game with a table; the test-only War (tests/games/war) brings no Japanese of its own
JAPANESE_GAMES = sorted(gid for gid, entry in all_entries().items() if entry.table and gid != "war")
# a word cut short with … is a name that did not fit
ENGLISH = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}(?![A-Za-z…])")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_has_both_languages_with_the_same_placeholders() -> None:
    texts = all_strings()
    assert len(texts) > len(STRINGS), "the games' words are part of the one table"
    for key, entry in texts.items():
        assert entry.get("en") and entry.get("ja"), f"{key} lacks a language"
        assert _fields(entry["en"]) == _fields(entry["ja"]), f"{key}: placeholders differ"


def test_the_uis_japanese_writes_full_width_colons_and_brackets() -> None:
    """The UI's own Japanese writes ：（） as the rest of it does ("新しいゲーム：", "宣言の受付時間（秒）");
    the Balance lab's lines read "セブンブリッジ:ボット対戦20回" and "中止しました(レポートなし)。" (seen
    under X). A key's letter in a game's own words ("実行 (D)") is the game's business, not checked here."""
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    half = {key: entry["ja"] for key, entry in STRINGS.items() if japanese.search(entry["ja"])}
    assert not {key: text for key, text in half.items() if re.search(r"[:()]", text)}


def test_no_game_word_shadows_another_key() -> None:
    seen: dict[str, str] = dict.fromkeys(STRINGS, "ui")
    modules: set[str] = set()
    for game_id, entry in all_entries().items():
        module = narration_for(type(entry.rules).__module__)
        if module is None or module.__name__ in modules:
            continue  # the games written in data share one narration module (their words are in their files)
        modules.add(module.__name__)
        for key in getattr(module, "WORDS", {}):
            assert key not in seen, f"{game_id} redefines {key} (from {seen[key]})"
            seen[key] = game_id


def test_the_uis_own_table_names_no_game() -> None:
    # Rune Works', Risugeon's and Sainome's table words once sat in ui/i18n.py: a game's words live
    # in its narration, so adding or removing a game edits no shared file.
    shared_namespaces = {"param", "game", "results"}  # keys every game may add to: param.<game>.<name>
    games = all_entries()
    own: dict[str, str] = {}
    for game_id, entry in games.items():
        module = narration_for(type(entry.rules).__module__)
        for key in getattr(module, "WORDS", {}):
            if key.split(".")[0] not in shared_namespaces:
                own[key.split(".")[0]] = game_id
    for key in STRINGS:
        segments = key.split(".")
        assert segments[0] not in own, f"{key}: {own[segments[0]]}'s word in the UI's own table"
        assert not set(segments) & set(games), f"{key} names a game"


def test_a_two_player_game_says_two_players_not_two_to_two() -> None:
    t = Translator("ja")
    from cardtable.ui.i18n import players_text

    key, values = players_text("menu.players", 2, 2)
    assert t(key, **values) == "2人"
    key, values = players_text("menu.players", 2, 4)
    assert t(key, **values) == "2〜4人"


HEAVY = int(os.environ.get("CARDTABLE_FUZZ", "0") or 0)
WALK_SEATS, WALK_STEPS = (3, 600) if HEAVY else (2, 300)


@pytest.mark.usefixtures("blank_faces")  # the words drawn are read, not the faces' pixels
@pytest.mark.parametrize("game_id", JAPANESE_GAMES)
def test_a_table_played_in_japanese_draws_no_english(
    game_id: str, drawn_texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(Settings(language="ja", bot_delay_s=0.0), size=(1280, 720), fast=True)
    entry = all_entries()[game_id]
    # two seats and 300 steps by default (the table's words are the same at three: 38 s of CPU became
    # ~15); CARDTABLE_FUZZ=N plays three seats for 600 steps, as before
    seats = [
        SeatConfig(NAMES[i], human=i == 0, bot="random")
        for i in range(min(WALK_SEATS, entry.rules.max_seats))
    ]
    session = Session.new(game_id, seats, 9, {"level": 4} if game_id == "runeworks" else {}, autosave=False)
    table = table_scene_for(app, session)
    app.push(table)
    printed = _record_printed(table, monkeypatch)
    cuts = _record_cuts(monkeypatch)
    me = make_bot("random", game_id, 3)
    hovered = 0
    for step in range(WALK_STEPS):
        if isinstance(app.top, ResultsScene) or session.engine.is_over():
            break
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
            continue
        if table.viewer == 0 and table.my_legal() and not table.animator.busy:
            if step % 7 == 0:
                table.open_actions()  # the action menu, in Japanese
                app.frame([])
            elif step % 10 == 2:  # a face-up card's tooltip, and now and then the card held large
                hovered += _look_at_a_card(app, table, large=step % 3 == 0)
            legal = table.my_legal()
            if step % 11 == 0 and legal:  # a refused drop: its reason, in Japanese
                table.say(table.refusal_text(table.engine.explain(legal[0].__class__(0, "release", (0,)))))
            table.menu = None
            table.perform(me.choose(table.engine.view(0)))
        app.frame([])
    # a card's tooltip may repeat what its face prints, in both languages where the face prints both (a
    # Lyabi item's effect, issue 23; a Sainome character's skills): a line of the face's own printing,
    # as the tooltip wrapped it, is the card's and not the table's; nothing else is let through
    english = sorted(
        {
            t
            for t in drawn_texts
            if {w for w in ENGLISH.findall(t)} - ALLOWED and not any(t.strip() in line for line in printed)
        }
    )
    assert not english, f"{game_id}: English on a Japanese table: {english[:12]}"
    assert hovered, f"{game_id}: the walk hovered no card"
    cut = sorted(set(cuts))
    assert not cut, f"{game_id}: Japanese texts cut short at 1280x720: {cut[:8]}"
    pygame.display.quit()


def _look_at_a_card(app: App, table: TableScene, *, large: bool) -> int:
    """The pointer over a face-up card (its tooltip), the right button held on it when `large` (the
    large view and its text); 1 if there was a card to look at."""
    shown = [s for s in table.board.sprites.values() if s.face_up and s.card >= 0 and s.image is None]
    if not shown:
        return 0
    sprite = shown[table.session.move_count % len(shown)]
    pos = sprite.card_rect().center
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    if large:
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)])
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)])
    return 1


def _record_printed(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The tooltip lines that repeat a line the card's own face prints (each of its sides), as the
    table showed them: the walk lets exactly these through in another language."""
    printed: set[str] = set()
    real = table.tooltip
    renderer = table.board.renderer
    faces = getattr(renderer, "renderer", renderer)

    face_lines: dict[str, set[str]] = {}  # by card code: painting a face is most of a hover's cost

    def tooltip(card: int) -> list[str]:
        lines = real(card)
        spec = table.board.physical[card]
        if spec.code not in face_lines:
            face_lines[spec.code] = {
                line.strip()
                for side in [None, *(spec.get("sides") or {})]
                for placed in faces.drawn(spec, 240, side).texts
                for line in placed.text.split("\n")
                if line.strip()
            }
        printed.update(line for line in lines if line.strip() in face_lines[spec.code])
        return lines

    monkeypatch.setattr(table, "tooltip", tooltip)
    return printed


def _record_cuts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every text cut to fit (widgets._fitted, which fit_width and the menus' fit_text go through)."""
    cuts: list[tuple[str, str]] = []
    real = widgets._fitted

    def fitted(text: str, px: int, max_width: int, bold: bool) -> str:
        result = real(text, px, max_width, bold)
        if result != text:
            cuts.append((text, result))
        return result

    monkeypatch.setattr(widgets, "_fitted", fitted)
    return cuts


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["risugeon", "sainome", "lyabi", "landperson"])
def test_a_tooltip_names_a_cards_provisional_fields_in_the_tables_language(
    game_id: str, language: str
) -> None:
    # the line once joined the card set's raw field names: "※ 暫定の値：name, cost, effects, text"
    app = App(Settings(language=language), size=(1280, 720), fast=True)
    seats = [SeatConfig(NAMES[i], human=i == 0, bot="random") for i in range(2)]
    table = table_scene_for(app, Session.new(game_id, seats, 9, {}, autosave=False))
    head = app.t("table.provisional", what="")
    checked = 0
    for card, spec in enumerate(table.board.physical):
        marked = spec.get("provisional")
        if not marked:
            continue
        [line] = [line for line in table.tooltip(card) if line.startswith(head)]
        named = line[len(head) :].split(app.t("common.list"))
        assert len(named) == len(marked), f"{spec.code}: {line!r} names {marked}"
        if language == "ja":
            assert not ENGLISH.findall(line), f"{spec.code}: {line!r}"
        checked += 1
    assert checked > 20, f"{game_id}: {checked} cards with provisional values"
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_large_view_of_a_sainome_character_shows_its_whole_text(
    language: str, drawn_texts: list[str]
) -> None:
    # its two sides in both languages ran past the card's height in Japanese: the last lines (the
    # provisional values) were left off; the text is set smaller instead
    app = App(Settings(language=language), size=(1280, 720), fast=True)
    seats = [SeatConfig(NAMES[i], human=i == 0, bot="random") for i in range(2)]
    table = table_scene_for(app, Session.new("sainome", seats, 9, {}, autosave=False))
    screen = pygame.Surface((1280, 720))
    characters = [card for card, spec in enumerate(table.board.physical) if spec.get("sides")]
    assert characters
    for card in characters:
        drawn_texts.clear()
        table.previewing = card
        table.draw_preview(screen)
        last = table.tooltip(card)[-1]
        assert any(text and last.endswith(text) for text in drawn_texts), (
            f"{table.board.physical[card].code}: {last!r} left off the large view"
        )
    pygame.display.quit()


class _Recorder:
    """A font that records what it renders."""

    def __init__(self, font: pygame.font.Font, texts: list[str]) -> None:
        self.font, self.texts = font, texts

    def render(self, text: str, *args: object) -> pygame.Surface:
        self.texts.append(text)
        return self.font.render(text, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self.font, name)


@pytest.mark.parametrize("game_id", JAPANESE_GAMES)
def test_menu_setup_and_results_in_japanese_draw_no_english(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.ui import fonts
    from cardtable.ui.scenes import common, menu, results, setup, setup_options

    texts: list[str] = []
    real = fonts.get_font
    for module in (common, menu, results, setup_options):
        monkeypatch.setattr(module, "get_font", lambda *a, **k: _Recorder(real(*a, **k), texts))
    app = App(Settings(language="ja"), size=(1280, 720), fast=True)
    app.push(menu.MenuScene(app))
    app.frame([])
    entry = all_entries()[game_id]
    app.push(setup.SetupScene(app, entry.rules))
    app.frame([])
    # a game written in data has the random and search bots only (no heuristic of its own)
    bot = "heuristic" if "heuristic" in entry.bots else "random"
    seats = [SeatConfig(NAMES[i], human=False, bot=bot) for i in range(entry.rules.min_seats)]
    # the first test variant: a bounded game (the Sandbox's own limit is 100,000 moves)
    session = Session.new(
        game_id, seats, 4, dict(entry.variants[0]) if entry.variants else {}, autosave=False
    )
    while not session.engine.is_over():
        session.apply(session.bot_action(session.engine.deciding_seats()[0]))
    app.push(results.ResultsScene(app, session))
    app.frame([])
    # the test-only War game (tests/games/war) is listed too; it brings no Japanese of its own
    war = all_entries().get("war")
    test_only = {war.rules.title, war.rules.description} if war is not None else set()
    english = sorted(
        {
            t
            for t in texts
            if {w for w in ENGLISH.findall(t)} - ALLOWED - _LATIN_OK - _title_words()
            and not any(x in t for x in test_only)
        }
    )
    assert not english, f"{game_id}: English in Japanese menus: {english[:12]}"
    pygame.display.quit()


def _title_words() -> set[str]:
    """The words of every registered game's Latin title: the menus show it beside the Japanese one."""
    return {w for entry in all_entries().values() for w in ENGLISH.findall(entry.rules.title)}


# Proper names and technical words that stay Latin in Japanese: the app's and libraries' names, the
# games' Latin titles shown beside the Japanese ones, the licence, file names.
_LATIN_OK = {
    "cardtable",
    "F11",
    "Seed",
    "Bot",
    *(w for p in bundled_cardsets() for w in ENGLISH.findall(p.stem)),
}

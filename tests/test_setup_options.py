"""The New Game screen as players and designers use it: every game offers the card sets it can be
played with (a designer's copy in the user folder among them, a broken one said at file:line:col with
nothing lost), and a long option list fits the window and is walked with the keyboard."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from cardtable.cardsets.catalog import cardsets_for, user_cardsets
from cardtable.games import all_entries, get_game
from cardtable.games.sandbox import card_sets as sandbox_card_sets
from cardtable.persistence.files import user_folders
from cardtable.persistence.settings import Settings
from cardtable.resources import cardset_path
from cardtable.rules.game import Param
from cardtable.session import Session, autosave_path
from cardtable.ui.app import App
from cardtable.ui.i18n import all_strings
from cardtable.ui.scenes.common import UiButton
from cardtable.ui.scenes.setup import SetupScene

GAMES = sorted(all_entries())


def _open(app: App, game_id: str) -> SetupScene:
    scene = SetupScene(app, get_game(game_id))
    app.scenes = [scene]
    scene.enter()
    return scene


def _control(scene: SetupScene, tag: str) -> UiButton:
    return next(c for c in scene.controls if c.tag == tag)


def _copy_into_user_folder(name: str, as_name: str, edit: tuple[str, str] | None = None) -> Path:
    folder = user_folders().cardsets
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{as_name}.yaml"
    text = cardset_path(name).read_bytes().decode("utf-8")
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    target.write_bytes(text.encode("utf-8"))
    faces = cardset_path(name).parent / "faces"
    if faces.is_dir() and not (folder / "faces").exists():
        shutil.copytree(faces, folder / "faces")  # a copy keeps the bundled look
    return target


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_with_a_card_set_offers_its_own_first(app: App, game_id: str) -> None:
    scene = _open(app, game_id)
    param = next((p for p in get_game(game_id).params if p.name == "cardset"), None)
    if param is None:
        assert scene.cardset_param is None
        return
    # the sandbox's own list (every set, by name) is its parameter's `suggest`; a game's starts with its set
    assert scene.cardsets[0] == param.default or (param.suggest and param.default in scene.cardsets)
    assert scene.values["cardset"] == param.default
    assert "opt:cardset" in {c.tag for c in scene.controls}, "the card set is offered on the screen"


def test_a_designers_copy_is_offered_to_the_game_it_fits_and_plays(app: App) -> None:
    copy = _copy_into_user_folder("lyabi", "my_lyabi")
    templates = sorted((copy.parent / "faces").glob("*.yaml"))
    assert templates, "the copy keeps the bundled look: the face templates lie in faces/ beside it"
    # the templates are no card sets: neither listed (the Sandbox offers every listed set) nor read
    assert user_cardsets() == [copy]
    assert not set(map(str, templates)) & set(sandbox_card_sets())
    assert str(copy) in cardsets_for("lyabi")
    assert str(copy) not in cardsets_for("sainome"), "a set is offered only to the game its template fits"
    scene = _open(app, "lyabi")
    param = scene.cardset_param
    assert param is not None
    scene.adjust_option(param, 1)
    assert scene.values["cardset"] == str(copy)
    assert scene.option_value(param) == "my_lyabi (your set)"
    assert not scene.cardset_problem
    scene.start()
    session = app.top.session  # type: ignore[attr-defined]
    assert session.engine.state.params["cardset"] == str(copy)
    # a save is seed + moves + params: it loads again with the same set
    seat = session.engine.deciding_seats()[0]
    session.apply(session.engine.legal_actions(seat)[0])
    again = Session.resume(autosave_path())
    assert again.engine.state.params["cardset"] == str(copy)


def test_a_broken_copy_is_said_at_its_line_and_nothing_is_lost(app: App) -> None:
    broken = _copy_into_user_folder("sainome", "my_sainome", edit=("    count: 2", "    count: many"))
    line = broken.read_bytes().decode().splitlines().index("    count: many") + 1
    scene = _open(app, "sainome")
    scene.choices[0].name = "Ann"
    scene.values["hp_size"] = 7
    param = scene.cardset_param
    assert param is not None
    scene.adjust_option(param, 1)
    assert scene.values["cardset"] == str(broken)
    assert re.search(rf"^my_sainome\.yaml:{line}:\d+: ", scene.cardset_problem, re.MULTILINE), (
        scene.cardset_problem
    )
    drawn = [text for text, *_ in scene.labels]
    assert any(re.match(rf"my_sainome\.yaml:{line}:\d+", text) for text in drawn), (
        "said under the set, by its file"
    )
    saved = autosave_path().exists()
    scene.start()
    assert app.top is scene, "a set that does not load starts nothing"
    assert autosave_path().exists() == saved
    assert scene.choices[0].name == "Ann" and scene.values["hp_size"] == 7
    scene.adjust_option(param, -1)  # back to the bundled set: the message goes, Start works
    assert not scene.cardset_problem and scene.values["cardset"] == "sainome"
    scene.start()
    assert app.top is not scene


def test_a_set_of_another_game_is_not_offered(app: App) -> None:
    _copy_into_user_folder("risugeon", "my_risugeon")
    for game_id in ("lyabi", "sainome", "landperson", "runeworks"):
        assert not any("my_risugeon" in s for s in cardsets_for(get_game(game_id).cardset_name or game_id))
    assert any("my_risugeon" in s for s in _open(app, "sandbox").cardsets), "the sandbox plays any set"


def _screen_rects(scene: SetupScene) -> list[tuple[str, pygame.Rect]]:
    return [(c.tag, c.rect) for c in scene.controls]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_setup_fits_the_window_and_nothing_overlaps(game_id: str, language: str) -> None:
    app = App(Settings(language=language), size=(1280, 720))
    _copy_into_user_folder("standard52", "a_card_set_with_a_rather_long_file_name_for_its_designer")
    scene = _open(app, game_id)
    scene.set_count(scene.game.max_seats)
    bounds = pygame.Rect(0, 0, 1280, 720)
    rects = _screen_rects(scene)
    for tag, rect in rects:
        assert bounds.contains(rect), f"{tag} runs off the screen: {rect}"
    for i, (tag, rect) in enumerate(rects):
        for other, second in rects[i + 1 :]:
            assert not rect.colliderect(second), f"{tag} overlaps {other}"
    assert scene.right_panel.bottom < scene.bottom_y - 20, "the options end above the keys line"
    _no_label_over_a_control(scene)
    pygame.display.quit()


def _no_label_over_a_control(scene: SetupScene) -> None:
    from cardtable.ui.fonts import get_font

    for text, size_px, pos, _colour, anchor, max_width in scene.labels:
        width, height = get_font(max(10, size_px)).size(text)
        rect = pygame.Rect(0, 0, min(width, max_width or width), height)
        setattr(rect, anchor, pos)
        rect = rect.inflate(-2, -height // 3)  # the font's line box has room above and below the glyphs
        assert pygame.Rect(0, 0, 1280, 720).contains(rect), f"{text!r} runs off the screen"
        for control in scene.controls:
            assert not rect.colliderect(control.rect), f"{text!r} lies over {control.tag}"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_broken_sets_problems_fit_under_it(language: str) -> None:
    _copy_into_user_folder("lyabi", "lyabi_broken", edit=("    count: 2", "    count: many"))
    app = App(Settings(language=language), size=(1280, 720))
    scene = _open(app, "lyabi")
    assert scene.cardset_param is not None
    scene.adjust_option(scene.cardset_param, 1)
    assert scene.cardset_problem
    _no_label_over_a_control(scene)
    assert scene.right_panel.bottom < scene.bottom_y - 20
    pygame.display.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_reached_with_the_keyboard(app: App, game_id: str) -> None:
    """Down walks every option in order, scrolling a long list; Up walks it back; Left/Right change."""
    scene = _open(app, game_id)
    scene.set_count(scene.game.max_seats)
    seen: list[str] = []
    for _ in range(len(scene.focusables()) + len(scene.listed) + 2):
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
        tag = scene.focused_tag()
        if tag.startswith("opt:") and tag not in seen:
            seen.append(tag)
            assert any(c.tag == tag and c.focused for c in scene.controls), "the focused row is shown"
    wanted = [f"opt:{p.name}" for p in scene.options]
    assert seen == wanted
    if scene.listed:
        last = scene.listed[-1]
        for _ in range(len(scene.focusables()) + 1):  # Up from the top row wraps round to the list's end
            if scene.focused_tag() == f"opt:{last.name}":
                break
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")])
        assert scene.focused_tag() == f"opt:{last.name}", "coming up from below reaches the last option"
        before = scene.values[last.name]
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
        assert scene.values[last.name] != before or len(scene.offered(last) or (0, 1)) == 1
        back: list[str] = []
        for _ in range(len(scene.listed) + 2):
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")])
            tag = scene.focused_tag()
            if tag.startswith("opt:") and tag not in back:
                back.append(tag)
        assert back[: len(scene.listed) - 1] == [f"opt:{p.name}" for p in reversed(scene.listed[:-1])]


def test_a_set_the_rules_cannot_play_is_said_before_start(app: App) -> None:
    """A well-formed copy of the standard deck with a card missing loads, but Rune Works needs all 52."""
    short = _copy_into_user_folder("standard52", "short_deck")
    text = short.read_bytes().decode("utf-8")
    short.write_bytes((text[: text.index("  - code: SA")] + text[text.index("  - code: S2") :]).encode())
    scene = _open(app, "runeworks")
    param = scene.cardset_param
    assert param is not None and str(short) in scene.cardsets
    while scene.values["cardset"] != str(short):
        scene.adjust_option(param, 1)
    assert "52" in scene.cardset_problem
    scene.start()
    assert app.top is scene


def _offered(game_id: str) -> list[Param]:
    known = {p.name: p for p in get_game(game_id).params}
    names = all_entries()[game_id].setup_options
    assert set(names) <= set(known), f"{game_id}: setup_options names no parameter: {set(names) - set(known)}"
    return [known[n] for n in names if n != "cardset"]


def _values(param: Param) -> tuple[object, ...]:
    if isinstance(param.default, bool):
        return (True, False)
    return param.choices or ()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_words_in_both_languages(game_id: str) -> None:
    words = all_strings()
    for param in _offered(game_id):
        key = f"param.{game_id}.{param.name}"
        assert {"en", "ja"} <= set(words.get(key, {})), f"{key}: no label in both languages"
        for value in _values(param):
            value_key = f"{key}.value.{value}"
            if isinstance(value, bool) and value_key not in words:
                value_key = "common.on" if value else "settings.off"  # a switch reads on/off
            assert {"en", "ja"} <= set(words.get(value_key, {})), f"{value_key}: no words in both languages"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_house_rules_a_group_chooses_are_offered_and_the_caps_are_not(game_id: str) -> None:
    """Every PROVISIONAL choice (a value to choose among) is offered, except a cap of ours that only
    makes sure a game ends; no setup re-pick or re-roll cap is."""
    offered = {p.name for p in _offered(game_id)}
    for param in get_game(game_id).params:
        has_choice = param.choices is None or len(param.choices) > 1
        cap = "a cap of ours" in param.help
        if param.provisional and has_choice and not cap:
            assert param.name in offered, f"{game_id}: {param.name} is a house rule Setup does not offer"
        if cap and "setup" in param.help.split(":")[0]:
            assert param.name not in offered, f"{game_id}: {param.name} is an internal cap"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_setup_draws_no_raw_parameter_name(
    game_id: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every option row and every value it steps through, as drawn: never "max setup picks", never True."""
    from cardtable.ui import fonts
    from cardtable.ui.scenes import common, setup_options

    texts: list[str] = []
    real = fonts.get_font

    class Recorder:
        def __init__(self, font: pygame.font.Font) -> None:
            self.font = font

        def render(self, text: str, *args: object) -> pygame.Surface:
            texts.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name: str) -> object:
            return getattr(self.font, name)

    for module in (common, setup_options):
        monkeypatch.setattr(module, "get_font", lambda *a, **k: Recorder(real(*a, **k)))
    app = App(Settings(language=language), size=(1280, 720))
    scene = _open(app, game_id)
    for param in scene.options:
        scene.focus_tag(f"opt:{param.name}")  # scrolls its row into view
        for _ in range(max(2, len(_values(param)))):
            scene.adjust_option(param, 1)
            scene.draw(app.screen)
    raw = {p.name for p in get_game(game_id).params} | {
        p.name.replace("_", " ") for p in get_game(game_id).params
    }
    shown = [t for t in texts if t in raw or t in ("True", "False") or any(r in t for r in raw if "_" in r)]
    assert not shown, f"{game_id} ({language}): raw names drawn: {sorted(set(shown))}"
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_says_what_it_means_in_the_lines_under_the_list(game_id: str, language: str) -> None:
    """Focused, an option's hint shows under the list, whole: a terse label of a house rule is explained."""
    from cardtable.ui.fonts import get_font, wrap_text
    from cardtable.ui.scenes.setup_options import HINT_LINES

    app = App(Settings(language=language), size=(1280, 720))
    scene = _open(app, game_id)
    for param in scene.listed:
        scene.focus_tag(f"opt:{param.name}")
        for _ in range(max(1, len(_values(param)))):
            hint = scene.focused_hint()
            assert hint.startswith(scene.option_label(param)), f"{param.name}: no hint of its own"
            assert scene.hint_box is not None
            lines = wrap_text(get_font(max(10, round(15 * 1.0))), hint, scene.hint_box.width)
            assert len(lines) <= HINT_LINES, f"{param.name}: the hint is cut: {hint}"
            scene.adjust_option(param, 1)
    pygame.display.quit()


def test_a_sets_template_is_read_from_its_line_or_its_yaml(tmp_path: Path) -> None:
    from cardtable.cardsets.catalog import set_template

    broken = tmp_path / "broken.yaml"
    broken.write_bytes(b"cardset: x\ntemplate: sainome  # for Sainome\ncards: [\n")  # does not parse
    flow = tmp_path / "flow.yaml"
    flow.write_bytes(b'{cardset: x, template: "lyabi", cards: []}\n')
    nested = tmp_path / "nested.yaml"
    nested.write_bytes(b"cardset: x\ntext: |\n  template: lyabi\ncards: []\n")
    assert set_template(broken) == "sainome"
    assert set_template(flow) == "lyabi"
    assert set_template(nested) is None, "an indented line is not the set's template"
    assert set_template(tmp_path / "missing.yaml") is None


def test_a_set_with_no_template_line_is_parsed_once_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Setup asks every user set's template each time it lists them: a file whose template needs the
    parser is parsed once while it stays as it is on disk, and again after an edit."""
    import os

    from cardtable.cardsets import catalog

    parsed: list[str] = []
    real = catalog.parse_yaml
    monkeypatch.setattr(catalog, "parse_yaml", lambda text, name: parsed.append(name) or real(text, name))
    flow = tmp_path / "flow.yaml"
    flow.write_bytes(b'{cardset: x, template: "lyabi", cards: []}\n')
    assert [catalog.set_template(flow) for _ in range(3)] == ["lyabi"] * 3
    assert parsed == [str(flow)]
    flow.write_bytes(b'{cardset: x, template: "sainome", cards: []}\n')
    os.utime(flow, ns=(1, 1))  # a different mtime even on a coarse clock
    assert catalog.set_template(flow) == "sainome"
    assert len(parsed) == 2


def test_a_click_on_an_options_plus_shows_what_the_option_means(app: App) -> None:
    """Seen under X: a mouse user clicking + on Sainome's "HP deck cards" read "Move to an option to
    read what it means here." under the list: the -/+ buttons took no focus, and the hint follows it."""
    from table_helpers import click

    scene = _open(app, "sainome")
    app.frame([])
    click(app, _control(scene, "opt:hp_size+").rect.center)
    assert scene.focused_tag() == "opt:hp_size"
    param = next(p for p in get_game("sainome").params if p.name == "hp_size")
    assert scene.focused_hint().startswith(scene.option_label(param))

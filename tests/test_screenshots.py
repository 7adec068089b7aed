"""Screenshots of the scenes at 1280x720, 1920x1080 (and 4K for menu and setup), in English and
Japanese, saved as PNGs to the test's tmp folder and, when CARDTABLE_SHOTS=folder is set, there too,
for a person to look at. The test itself checks only that each scene draws at every size.

    CARDTABLE_SHOTS=/tmp/shots pytest tests/test_screenshots.py
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable.session import SeatConfig, Session

SIZES = [(1280, 720), (1920, 1080)]
BIG = (3840, 2160)


def _frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.frame()


def _finished(level: int, seats: int, seed: int) -> Session:
    people = [
        SeatConfig(name, human=False)
        for name in ("Aoi", "Bartholomew Longname", "千尋", "Dana", "エミリア", "Finn")[:seats]
    ]
    session = Session.new("runeworks", people, seed, {"level": level}, autosave=False)
    engine = session.engine
    while not engine.is_over():
        session.apply(session.bot_action(engine.deciding_seats()[0]))
    return session


def _menu(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene

    app.replace(MenuScene(app))


def _menu_error(app: Any) -> None:
    from cardtable.session import autosave_path
    from cardtable.ui.scenes.menu import MenuScene

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_bytes(b"{not json")
    menu = MenuScene(app)
    app.replace(menu)
    _frames(app)
    menu.continue_game()


def _setup(app: Any) -> None:
    from cardtable.games import get_game
    from cardtable.ui.scenes.setup import SetupScene

    _menu(app)
    setup = SetupScene(app, get_game("runeworks"))
    app.push(setup)
    setup.set_count(6)
    _frames(app)
    field = next(c for c in setup.controls if c.tag == "name:1")
    setup.start_editing(field)
    field.text = "Yuki"
    field.composition = "ゆきの"


def _settings(app: Any) -> None:
    from cardtable.ui.scenes.settings import SettingsScene

    _menu(app)
    app.push(SettingsScene(app))


def _about(app: Any) -> None:
    from cardtable.ui.scenes.about import AboutScene

    _menu(app)
    app.push(AboutScene(app))


def _rules(app: Any) -> None:
    from cardtable.games import get_game
    from cardtable.ui.scenes.rules import RulesScene
    from cardtable.ui.scenes.setup import SetupScene

    _menu(app)
    app.push(SetupScene(app, get_game("runeworks")))
    app.push(RulesScene(app, "runeworks"))


def _table6(app: Any) -> None:
    from cardtable.ui.scenes.registry import table_scene_for

    seats = [SeatConfig("You"), *(SeatConfig(f"Bot {i}", human=False) for i in range(2, 7))]
    app.replace(table_scene_for(app, Session.new("runeworks", seats, 8, {"level": 4}, autosave=False)))
    for _ in range(60):
        app.frame()
        table = app.scenes[0]
        if table.session.engine.deciding_seats() == (0,):
            break


def _pause(app: Any) -> None:
    from cardtable.ui.scenes.pause import PauseScene

    _table6(app)
    app.push(PauseScene(app, app.scenes[0]))


def _results(level: int, seats: int) -> Callable[[Any], None]:
    def build(app: Any) -> None:
        from cardtable.ui.scenes.registry import table_scene_for

        app.replace(table_scene_for(app, _finished(level, seats, 21)))
        _frames(app, 6)  # the table sees the game is over and pushes the results itself

    return build


SCENES: dict[str, Callable[[Any], None]] = {
    "menu": _menu,
    "menu_error": _menu_error,
    "setup": _setup,
    "settings": _settings,
    "about": _about,
    "rules": _rules,
    "table6": _table6,
    "pause": _pause,
    "results_l4": _results(4, 6),
    "results_l5": _results(5, 4),
    "results_l3": _results(3, 4),
}


@pytest.fixture
def shots(tmp_path: Path) -> Iterator[list[Path]]:
    folders = [tmp_path]
    if os.environ.get("CARDTABLE_SHOTS"):
        folders.append(Path(os.environ["CARDTABLE_SHOTS"]))
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    yield folders


CASES = [(name, size, lang) for name in SCENES for size in SIZES for lang in ("en", "ja")]
CASES += [(name, BIG, lang) for name in ("menu", "setup") for lang in ("en", "ja")]


@pytest.mark.parametrize(
    ("name", "size", "language"), CASES, ids=[f"{n}-{w}x{h}-{lang}" for n, (w, h), lang in CASES]
)
def test_screenshot(name: str, size: tuple[int, int], language: str, shots: list[Path]) -> None:
    from cardtable.persistence.settings import Settings
    from cardtable.ui.app import App

    app = App(Settings(language=language), size=size, fast=True)
    SCENES[name](app)
    _frames(app)
    for scene in app.scenes:
        scene.needs_full_redraw = True
    assert app.frame(), f"{name} drew nothing"
    assert app.screen.get_size() == size
    for folder in shots:
        pygame.image.save(app.screen, str(folder / f"{name}_{size[0]}x{size[1]}_{language}.png"))
    pygame.key.stop_text_input()

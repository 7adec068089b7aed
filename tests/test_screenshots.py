"""Screenshots of the scenes at 1280x720, 1920x1080 (and 4K for menu and setup), in English and
Japanese. Each case checks what can be checked without a reference image (fonts differ across
machines):

- a full redraw gives exactly the pixels the frames before it left (drawing is deterministic and the
  dirty-rectangle drawing matches a full redraw);
- every widget lies inside the window, no two widgets overlap, an overlay's panel holds its widgets;
- every widget's text is visible inside that widget and draws nothing outside it (found by drawing the
  frame again with the texts blanked and comparing);
- a document's lines fit their column (only a hanging 、。 may reach past it);
- every card on a table lies inside the window, and on the top table it shows over the felt.

The menu shows the shipped games; test_the_menu_fits_every_registered_game checks that with the
test-only games registered too every entry still fits the window (entries shrink to fit).

With CARDTABLE_SHOTS=folder the frames are also saved there as PNGs, for a person to look at:

    CARDTABLE_SHOTS=/tmp/shots pytest tests/test_screenshots.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
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


@cache
def _finished(level: int, seats: int, seed: int) -> Session:
    """A whole bot game of Rune Works!, played once per module: its results are shown at two sizes in
    two languages, and showing them changes nothing in the finished game."""
    people = [
        SeatConfig(name, human=False)
        for name in ("Aoi", "Bartholomew Longname", "千尋", "Dana", "エミリア", "Finn")[:seats]
    ]
    session = Session.new("runeworks", people, seed, {"level": level}, autosave=False)
    engine = session.engine
    while not engine.is_over():
        session.apply(session.bot_action(engine.deciding_seats()[0]))
    return session


def _shipped_menu(app: Any) -> Any:
    """The menu as the app ships: the test-only games of tests/games/ are registered in every test, so
    they are left out of the screenshots (test_the_menu_fits_every_registered_game shows all)."""
    from cardtable.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    menu.games = [g for g in menu.games if type(g).__module__.startswith("cardtable.games.")]
    return menu


def _menu(app: Any) -> None:
    app.replace(_shipped_menu(app))


def _menu_error(app: Any) -> None:
    from cardtable.session import autosave_path

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_bytes(b"{not json")
    menu = _shipped_menu(app)
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


def _table(game_id: str, others: int, moves: int) -> Callable[[Any], None]:
    """A game's table mid-game, the person at the bottom to move (bots play the first `moves` moves of
    every seat, so the table is not at its opening)."""

    def build(app: Any) -> None:
        from cardtable.bots import make_bot
        from cardtable.ui.scenes.registry import table_scene_for

        seats = [SeatConfig("You"), *(SeatConfig(f"Bot {i}", human=False) for i in range(2, 2 + others))]
        session = Session.new(game_id, seats, 8, {}, autosave=False)
        engine = session.engine
        me = make_bot("heuristic", game_id, 1)
        for _ in range(moves):
            seat = engine.deciding_seats()[0]
            session.apply(me.choose(engine.view(0)) if seat == 0 else session.bot_action(seat))
        app.replace(table_scene_for(app, session))
        for _ in range(200):
            app.frame()
            if engine.deciding_seats() == (0,):
                break

    return build


def _pause(app: Any) -> None:
    from cardtable.ui.scenes.pause import PauseScene

    _table6(app)
    app.push(PauseScene(app, app.scenes[0]))


def _results(level: int, seats: int) -> Callable[[Any], None]:
    def build(app: Any) -> None:
        from cardtable.ui.scenes.registry import table_scene_for

        session = _finished(level, seats, 21)
        moves = session.move_count
        app.replace(table_scene_for(app, session))
        _frames(app, 6)  # the table sees the game is over and pushes the results itself
        assert session.move_count == moves, "the finished game shared by the cases was changed"

    return build


SCENES: dict[str, Callable[[Any], None]] = {
    "menu": _menu,
    "menu_error": _menu_error,
    "setup": _setup,
    "settings": _settings,
    "about": _about,
    "rules": _rules,
    "table6": _table6,
    "table_risugeon": _table("risugeon", 2, 40),
    "table_sainome": _table("sainome", 1, 30),
    "pause": _pause,
    "results_l4": _results(4, 6),
    "results_l5": _results(5, 4),
    "results_l3": _results(3, 4),
}


CASES = [(name, size, lang) for name in SCENES for size in SIZES for lang in ("en", "ja")]
CASES += [(name, BIG, lang) for name in ("menu", "setup") for lang in ("en", "ja")]
TEXTS = (
    "label",
    "hint",
    "badge",
    "other_title",
    "players",
    "description",
    "text",
    "placeholder",
    "composition",
)


def _widgets(scene: Any) -> list[Any]:
    """The clickable things of a scene: a form's controls, a table's buttons (its action menu is a
    list of rows of its own, checked in tests/test_gestures.py)."""
    if hasattr(scene, "board"):
        return list(scene.buttons)
    return list(getattr(scene, "controls", []))


def _redraw(app: Any) -> pygame.Surface:
    """Draw every scene again from scratch; the screen (copy it to keep it past the next frame)."""
    for scene in app.scenes:
        scene.needs_full_redraw = True
    assert app.frame(), "a full redraw drew nothing"
    return app.screen


def _pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    """The colours of a frame, or of one rectangle of it."""
    return pygame.image.tobytes(surface if rect is None else surface.subsurface(rect), "RGB")


def _check_widgets(app: Any, frame: pygame.Surface, frame_pixels: bytes) -> None:
    window = app.screen.get_rect()
    top = app.scenes[-1]
    widgets = _widgets(top)
    for widget in widgets:
        assert window.contains(widget.rect), f"{widget.label!r} at {widget.rect} is outside the window"
    for index, widget in enumerate(widgets):
        for other in widgets[index + 1 :]:
            assert not widget.rect.colliderect(other.rect), f"{widget.label!r} overlaps {other.label!r}"
    panel = getattr(top, "panel", None)
    if isinstance(panel, pygame.Rect):
        assert window.contains(panel), f"the panel {panel} is outside the window"
        for widget in widgets:
            assert panel.contains(widget.rect), f"{widget.label!r} sticks out of the panel"
    texts = [{k: getattr(w, k) for k in TEXTS if isinstance(getattr(w, k, None), str)} for w in widgets]
    for widget, text in zip(widgets, texts, strict=True):
        for key in text:
            setattr(widget, key, "")
    try:
        blank = _redraw(app)  # the last frame of the test: drawn on in place
    finally:
        for widget, text in zip(widgets, texts, strict=True):
            for key, value in text.items():
                setattr(widget, key, value)
    for widget, text in zip(widgets, texts, strict=True):
        if any(value.strip() for value in text.values()):
            shown = _pixels(frame, widget.rect) != _pixels(blank, widget.rect)
            assert shown, f"the text of {widget.label!r} is not visible in it"
        blank.blit(frame, widget.rect, widget.rect)
    # with every widget's own rectangle put back, the texts changed nothing else
    assert _pixels(blank) == frame_pixels, "a widget's text is drawn outside the widget"


def _check_document(app: Any) -> None:
    view = getattr(app.scenes[-1], "view", None)
    if view is None or not hasattr(view, "doc"):
        return
    assert view.doc.lines, "the document is empty"
    assert app.scenes[-1].panel.contains(view.rect)
    hanging = view.line_px * 2  # one full-width 、 or 。 of the largest heading may hang past the column
    for surf, x, y in view.doc.lines:
        assert x + surf.get_width() <= view.rect.width + hanging, (
            f"the line at y={y} is wider than its column"
        )


def _check_cards(app: Any, frame: pygame.Surface) -> None:
    window = app.screen.get_rect()
    for scene in app.scenes:
        if not hasattr(scene, "board"):
            continue
        assert scene.board.sprites, "a table with no cards"
        for sprite in scene.board.sprites.values():
            rect = sprite.card_rect()
            assert window.contains(rect), f"card {sprite.key} at {rect} is outside the window"
            if scene is app.scenes[-1]:
                drawn = _pixels(frame, rect) != _pixels(scene.board.background, rect)
                assert drawn, f"card {sprite.key} is not drawn over the felt"


@pytest.mark.parametrize(
    ("name", "size", "language"), CASES, ids=[f"{n}-{w}x{h}-{lang}" for n, (w, h), lang in CASES]
)
def test_screenshot(name: str, size: tuple[int, int], language: str) -> None:
    from cardtable.persistence.settings import Settings
    from cardtable.ui.app import App

    app = App(Settings(language=language), size=size, fast=True)
    SCENES[name](app)
    _frames(app)
    shown = _pixels(app.screen)
    frame = _redraw(app).copy()
    assert app.screen.get_size() == size
    frame_pixels = _pixels(frame)
    assert shown == frame_pixels, "a full redraw changes what the last frames left on screen"
    _check_widgets(app, frame, frame_pixels)
    _check_document(app)
    _check_cards(app, frame)
    if os.environ.get("CARDTABLE_SHOTS"):
        folder = Path(os.environ["CARDTABLE_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        pygame.image.save(frame, str(folder / f"{name}_{size[0]}x{size[1]}_{language}.png"))
    pygame.key.stop_text_input()


def test_the_menu_fits_every_registered_game() -> None:
    from cardtable.games import all_games
    from cardtable.persistence.settings import Settings
    from cardtable.ui.app import App
    from cardtable.ui.scenes.menu import MenuScene

    app = App(Settings(language="en"), size=(1280, 720), fast=True)
    menu = MenuScene(app)
    app.replace(menu)
    _frames(app, 1)
    assert len(menu.games) == len(all_games())
    window = app.screen.get_rect()
    outside = [c.label for c in menu.controls if not window.contains(c.rect)]
    assert not outside, f"outside the window: {outside}"

"""Shared by the table and menu tests: the app they drive (a 1280x720 window, headless) and the mouse
gestures a person makes on it, each as the frames the app gets from a real mouse.

The `app` fixture itself is in tests/conftest.py (it builds its App with `make_app`); a test module
whose tables need other settings says so once with `pytestmark = pytest.mark.app(...)`, whose
arguments are `make_app`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from cardtable.persistence.settings import Settings
from cardtable.ui.app import App

SIZE = (1280, 720)

Point = tuple[int, int]


def make_app(settings: Settings | None = None, *, fast: bool = True, size: Point = SIZE) -> App:
    """An App at 1280x720 (the size the layouts are checked at). fast=True: no animation, no bot
    delay, frames as quick as the machine (the smoke tests' app); fast=False keeps the settings' own
    animation speed and a frame of at least 1/120 s (tests/conftest.py's clock), as a window has."""
    return App(settings, size=size, fast=fast)


def drawn_rects(monkeypatch: Any, module: Any) -> dict[str, pygame.Rect]:
    """Every text a scene module draws through its `draw_text` from now on, with where it went (the
    last place of a text drawn twice): for checks that two texts or marks do not overlap."""
    drawn: dict[str, pygame.Rect] = {}
    real = module.draw_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn[text] = real(surface, text, *args, **kwargs)
        return drawn[text]

    monkeypatch.setattr(module, "draw_text", record)
    return drawn


def click(app: App, pos: Point, button: int = 1) -> None:
    """A click at `pos`: the button pressed and released within one frame."""
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    )


def click_tag(app: App, scene: Any, tag: str) -> None:
    """A click on the scene's control tagged `tag` (a menu's or a setup screen's button)."""
    click(app, next(c for c in scene.controls if c.tag == tag).rect.center)


def drag(app: App, start: Point, end: Point, through: tuple[Point, ...] = ()) -> None:
    """A drag with the left button from `start` to `end` (by way of `through`): the press, each move
    and the release in a frame of its own, as a hand on a mouse makes them."""
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for pos in (*through, end):
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))])
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def press(app: App, key: int, text: str = "") -> None:
    """A key pressed (no modifier) in a frame of its own."""
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text)])


def set_with_a_csv_list(folder: Path) -> tuple[Path, Path, Path]:
    """A new set in `folder` whose cards are a CSV list beside it (`cards: cards.csv`), and a CSV list
    elsewhere that no set names: (the set, its list, the lone list), for opening a set by its list."""
    from cardtable.games.sandbox.newset import new_set

    file = new_set("proto", folder)
    text = file.read_bytes().decode("utf-8")
    file.write_bytes((text[: text.index("\ncards:\n")] + "\ncards: cards.csv\n").encode("utf-8"))
    sheet = file.parent / "cards.csv"
    sheet.write_bytes("code,name.ja,name.en,count\nSEED,種,Seed,6\nWAVE,大波,Great Wave,2\n".encode())
    alone = folder / "elsewhere" / "list.csv"
    alone.parent.mkdir()
    alone.write_bytes(b"code,count\nA,1\n")
    return file, sheet, alone

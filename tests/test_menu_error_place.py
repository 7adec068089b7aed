"""The menu's message about a save that could not be continued sits clear of everything at 1280x720
(seen under X): it was drawn under the lists, over the key hints and the version, and a second line of
it (a long path) would have run off the window. It takes the hints' place until Esc clears it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cardtable.session import autosave_path
from cardtable.ui.app import App
from cardtable.ui.scenes import menu as menu_module
from cardtable.ui.scenes.menu import MenuScene


@pytest.mark.parametrize("folder", ["saves", "a folder with a rather long name/" * 2 + "saves"])
def test_the_damaged_save_message_overlaps_nothing_and_stays_on_the_window(
    app: App, monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    save = autosave_path()
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_bytes(b'{"format": "cardtable-save", cut short')
    monkeypatch.setattr(menu_module, "autosave_path", lambda: save.parent.parent / folder / save.name)
    if folder != "saves":
        (save.parent.parent / folder).mkdir(parents=True)
        (save.parent.parent / folder / save.name).write_bytes(save.read_bytes())
    texts: list[pygame.Rect] = []
    panels: list[pygame.Rect] = []
    real_text, real_error = menu_module.blit_text, menu_module.draw_error

    def text(*args: Any, **kwargs: Any) -> pygame.Rect:
        texts.append(real_text(*args, **kwargs))
        return texts[-1]

    def error(*args: Any, **kwargs: Any) -> pygame.Rect:
        panels.append(real_error(*args, **kwargs))
        return panels[-1]

    menu = MenuScene(app)
    app.replace(menu)
    app.frame([])
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")])
    assert menu.error and app.top is menu
    monkeypatch.setattr(menu_module, "blit_text", text)
    monkeypatch.setattr(menu_module, "draw_error", error)
    menu.needs_full_redraw = True
    app.frame([])
    (panel,) = panels
    assert pygame.Rect((0, 0), app.size).contains(panel)
    assert not [r for r in texts if r.colliderect(panel)]  # no hint, no version under it
    assert not [c.tag for c in menu.controls if c.rect.colliderect(panel)]
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert menu.error is None

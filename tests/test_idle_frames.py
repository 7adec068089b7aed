"""A screen that nothing moves on draws nothing (seen under X: Settings, Setup, the Balance lab and Open a
card set kept a core a third busy, redrawing the whole window 120 times a second, while the menu slept).
The menu, pressed, asked to be drawn again after its button had opened the next screen over it; hidden
under that screen it was never drawn, so its wish was never met and every frame was drawn for it."""

from __future__ import annotations

import pytest
from table_helpers import click_tag

from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene


@pytest.mark.parametrize("button", ["settings", "lab", "open_set", "game:runeworks"])
def test_a_screen_opened_from_the_menu_is_idle_once_drawn(app: App, button: str) -> None:
    menu = MenuScene(app)
    app.replace(menu)
    app.frame([])
    click_tag(app, menu, button)
    assert app.top is not menu
    app.frame([])  # the new screen drawn once
    assert not app.frame([]) and not app.frame([])  # then nothing: the window sleeps

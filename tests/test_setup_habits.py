"""Habits people bring to a setup screen: a name field selects its text when editing starts (and on
Ctrl+A), so typing replaces "Player 1"; the names typed and the window's size are remembered in the
settings file for next time."""

from __future__ import annotations

import pygame

from cardtable.games import get_game
from cardtable.persistence.settings import Settings, load_settings, save_settings
from cardtable.rules.game import Param
from cardtable.ui.app import App
from cardtable.ui.scenes.common import TextField
from cardtable.ui.scenes.setup import SetupScene


def _type(field: TextField, text: str) -> None:
    field.handle_edit(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _key(field: TextField, key: int, mod: int = 0) -> None:
    field.handle_edit(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def test_editing_a_name_selects_it_so_typing_replaces_it(app: App) -> None:
    field = TextField("", pygame.Rect(0, 0, 200, 40), lambda: None, text="Player 1")
    field.begin()
    _type(field, "Ann")
    assert field.text == "Ann"
    _type(field, "a")
    assert field.text == "Anna", "after the first letter, typing adds"
    _key(field, pygame.K_a, pygame.KMOD_CTRL)
    _key(field, pygame.K_BACKSPACE)
    assert field.text == ""
    _type(field, "Bo")
    _key(field, pygame.K_RETURN)
    assert field.text == "Bo" and not field.editing


def test_the_caret_keys_keep_the_text_and_type_after_it(app: App) -> None:
    field = TextField("", pygame.Rect(0, 0, 200, 40), lambda: None, text="Player 1")
    field.begin()
    _key(field, pygame.K_END)
    _type(field, "!")
    assert field.text == "Player 1!"


def test_names_typed_at_setup_are_remembered(app: App) -> None:
    setup = SetupScene(app, get_game("runeworks"))
    app.push(setup)
    setup.choices[0].name = "Ann"
    setup.choices[1].name = "Ben"
    setup.start()
    assert load_settings().names[:2] == ["Ann", "Ben"]
    again = SetupScene(app, get_game("runeworks"))
    assert again.seat_name(0) == "Ann" and again.seat_name(1) == "Ben"


def test_the_window_size_is_remembered(app: App) -> None:
    save_settings(app.settings)
    app.screen = pygame.display.set_mode((1000, 640))
    app._resized()
    app.closing()  # what run() does before it quits
    assert load_settings().window_size == (1000, 640)


def test_a_switch_reads_on_or_off_in_the_players_language() -> None:
    """A yes/no option the game has no words for shows on/off (オン/オフ), never Python's True/False."""
    for language, on, off in (("en", "on", "off"), ("ja", "オン", "オフ")):
        app = App(Settings(language=language), size=(1280, 720))
        scene = SetupScene(app, get_game("lyabi"))
        switch = next(p for p in get_game("lyabi").params if isinstance(p.default, bool))
        assert isinstance(switch, Param)
        scene.values[switch.name] = True
        assert scene.option_value(switch) == on
        scene.values[switch.name] = False
        assert scene.option_value(switch) == off
    pygame.display.quit()

"""Every menu entry that shows a key can be opened with that one key: a game its digit (the tenth is
0), a button the letter on its badge, the same in both languages."""

from __future__ import annotations

import pygame

from cardtable.ui.app import App
from cardtable.ui.scenes.menu import BUTTON_KEYS, DIGITS, LETTERS, MenuScene, key_badge


def test_a_badge_names_a_key_that_opens_its_entry() -> None:
    app = App(fast=True, size=(1280, 720))
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.frame([])
        entries = [c for c in menu.focusables() if getattr(c, "badge", "")]
        games = [c for c in entries if c.tag.startswith("game:")]
        buttons = [c for c in entries if not c.tag.startswith("game:")]
        assert len(games) >= 8 and {"lab", "settings", "about", "quit"} <= {c.tag for c in buttons}
        by_digit = {str(n % 10): n for n in DIGITS.values()}
        for number, game in enumerate(games, start=1):
            assert len(game.badge) == 1 and by_digit[game.badge] == number, (number, game.badge)
        by_letter = {letter: tag for tag, letter in BUTTON_KEYS.items()}
        assert sorted(LETTERS.values()) == sorted(BUTTON_KEYS)
        for button in buttons:
            assert by_letter[button.badge] == button.tag
        assert len(set(BUTTON_KEYS.values())) == len(BUTTON_KEYS)  # no letter opens two buttons
        assert key_badge(11) == ""
    finally:
        pygame.display.quit()


def test_the_letter_on_the_lab_button_opens_the_balance_lab() -> None:
    from cardtable.ui.scenes.lab import LabScene

    app = App(fast=True, size=(1280, 720))
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.frame([])
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")])
        assert isinstance(app.scenes[-1], LabScene)
    finally:
        pygame.display.quit()


def test_a_tap_read_late_acts_once_and_only_list_keys_repeat_while_held(monkeypatch) -> None:
    """pygame's key repeat runs on a timer from when it read the key going down: when a frame ran long,
    a quick tap came as key-down, repeat, key-up, and a one-press key acted twice (the pause menu's
    Save and quit digit then opened a game from the menu below; playtest 2026-11-28). A repeat of a
    key the keyboard holds is dropped unless the key moves through a list or deletes text; a posted
    key-down (the keyboard holds nothing) always acts."""
    from cardtable.ui.scene import Scene

    class Recorder(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.keys: list[int] = []

        def handle(self, event: pygame.event.Event) -> None:
            if event.type == pygame.KEYDOWN:
                self.keys.append(event.key)

    held: set[int] = set()

    class Keyboard:
        def __getitem__(self, key: int) -> bool:
            return key in held

    monkeypatch.setattr(pygame.key, "get_pressed", Keyboard)

    def down(key: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")

    def up(key: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="")

    app = App(fast=True, size=(1280, 720))
    try:
        recorder = Recorder(app)
        app.push(recorder)
        held.add(pygame.K_4)
        app.frame([down(pygame.K_4)])  # read while the key was down
        held.clear()
        app.frame([down(pygame.K_4), up(pygame.K_4)])  # the timer's repeat, then the key-up
        assert recorder.keys == [pygame.K_4]
        app.frame([down(pygame.K_4), up(pygame.K_4)])  # the next tap, read at once
        assert recorder.keys == [pygame.K_4] * 2
        held.add(pygame.K_DOWN)
        app.frame([down(pygame.K_DOWN), down(pygame.K_DOWN), down(pygame.K_DOWN)])  # held: it repeats
        held.clear()
        app.frame([up(pygame.K_DOWN), down(pygame.K_SPACE), down(pygame.K_SPACE)])  # posted: both act
        assert recorder.keys == [pygame.K_4] * 2 + [pygame.K_DOWN] * 3 + [pygame.K_SPACE] * 2
        held.add(pygame.K_p)
        app.frame([down(pygame.K_p), pygame.event.Event(pygame.WINDOWFOCUSLOST)])  # its key-up goes elsewhere
        app.frame([down(pygame.K_p)])  # pressed again on coming back: not a repeat
        assert recorder.keys[-2:] == [pygame.K_p] * 2
    finally:
        pygame.display.quit()

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

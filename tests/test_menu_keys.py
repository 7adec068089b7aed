"""Every menu entry that shows a key can be opened with that one key (the tenth is 0)."""

from __future__ import annotations

import pygame

from cardtable.ui.app import App
from cardtable.ui.scenes.menu import DIGITS, MenuScene, key_badge


def test_a_badge_names_a_key_that_opens_its_entry() -> None:
    app = App(fast=True, size=(1280, 720))
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.frame([])
        badges = [c.badge for c in menu.focusables() if getattr(c, "badge", "")]
        assert len(badges) >= 10, "six games and four buttons: the tenth entry is there to test"
        by_key = {str(n % 10): n for n in DIGITS.values()}
        for number, badge in enumerate(badges, start=1):
            assert len(badge) == 1 and by_key[badge] == number, (number, badge)
        assert key_badge(11) == ""
    finally:
        pygame.display.quit()

"""The hand-off screen: covers the whole table until the next player alone looks at the screen.

It is opaque on purpose: nothing of the table, no hand and no card, is drawn while it is up. Esc opens
the table's pause menu over it (rules, settings, save and quit), the table still covered: a group that
stops at a hand-off need not show the next hand to reach Save and quit.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import App
from ..scene import Scene
from ..widgets import DIM, GOLD, draw_text


class HandOffScene(Scene):
    """ "Pass to Player 3; click when only Player 3 can see"."""

    def __init__(
        self,
        app: App,
        name: str,
        on_ready: Callable[[], None],
        on_escape: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.on_escape = on_escape  # the table's pause menu

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
            return
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        )
        if ready:
            self.app.pop()
            self.on_ready()

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        width, height = screen.get_size()
        screen.fill((12, 20, 16))
        draw_text(
            screen,
            self.app.t("handoff.pass", name=self.name),
            max(24, height // 14),
            (width // 2, height // 2 - height // 12),
            GOLD,
            "center",
            bold=True,
        )
        draw_text(
            screen,
            self.app.t("handoff.click", name=self.name),
            max(16, height // 34),
            (width // 2, height // 2 + height // 24),
            DIM,
            "center",
        )
        self.needs_full_redraw = False
        return None

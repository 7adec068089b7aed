"""The hand-off screen: covers the whole table until the next player alone looks at the screen.

It is opaque on purpose: nothing of the table, no hand and no card, is drawn while it is up.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import App
from ..scene import Scene
from ..widgets import DIM, GOLD, draw_text


class HandOffScene(Scene):
    """ "Pass to Player 3; click when only Player 3 can see"."""

    def __init__(self, app: App, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready

    def handle(self, event: pygame.event.Event) -> None:
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

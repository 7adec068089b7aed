"""The scene interface: menu, setup, table, hand-off and results are scenes on the app's stack.

A scene handles events, advances its animations in `update` (returning whether anything changed) and
draws; `draw` returns the rectangles it changed, or None after a full redraw. Overlays (pause, hand-off,
rules) are scenes pushed on top; the scenes below are drawn first when the overlay is translucent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """Base class of every scene."""

    translucent = False  # an overlay: the scene below stays visible
    # While this scene is up, every scene below it stands still (no update: no clock, timer, slide
    # or bot moves on): the pause menu, and the rules and settings opened over a table.
    pauses_below = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.needs_full_redraw = True

    def enter(self) -> None:
        """The scene became the top of the stack."""
        self.needs_full_redraw = True

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        self.needs_full_redraw = True

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> bool:
        """Advance time by `dt` seconds; True if something on screen changed."""
        return False

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what changed; return the changed rectangles, or None after drawing everything."""
        self.needs_full_redraw = False
        return None

"""A notice over the table: a title, lines of text in columns, and Continue on a click, Space or Enter.

A general overlay for what a game wants read before play goes on (a round's scoring, say). The game's
table composes the lines from its view in its own words; this scene only lays them out: each line is a
list of cells, the first left-aligned, the others right-aligned in their columns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..app import App
from ..fonts import get_font
from ..scene import Scene
from ..widgets import GOLD, INK, draw_panel, draw_text

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class NoticeLine:
    """One line: its cells (first left, the rest right-aligned columns), colour and weight."""

    cells: tuple[str, ...]
    colour: Colour = INK
    bold: bool = False


class NoticeScene(Scene):
    """Title, lines, 'Continue'; the table below stays visible and waits."""

    translucent = True

    def __init__(
        self, app: App, title: str, lines: list[NoticeLine], on_close: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.on_close = on_close
        self.panel = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> None:
        done = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)
        )
        if done:
            self.app.pop()
            if self.on_close is not None:
                self.on_close()

    def geometry(self, size: tuple[int, int]) -> tuple[pygame.Rect, int, list[int]]:
        """The panel, the text size and each column's right edge (the first column's left edge first)."""
        width, height = size
        px = max(14, min(22, height // 40))
        font = get_font(px)
        columns = max((len(line.cells) for line in self.lines), default=1)
        widths = [0] * columns
        bold = get_font(px, bold=True)
        for line in self.lines:
            for index, cell in enumerate(line.cells):  # a bold line is wider: measured as drawn
                widths[index] = max(widths[index], (bold if line.bold else font).size(cell)[0])
        gap = px * 2
        inner = sum(widths) + gap * (columns - 1)
        title_w = get_font(px + 8, bold=True).size(self.title)[0]
        panel_w = min(width - 20, max(inner, title_w) + px * 3)
        panel_h = min(height - 20, (len(self.lines) + 4) * (px + 8) + px * 2)
        panel = pygame.Rect(0, 0, panel_w, panel_h)
        panel.center = (width // 2, height // 2)
        edges = [panel.x + px + (panel_w - px * 2 - inner) // 2]
        x = edges[0] + widths[0]
        for w in widths[1:]:
            x += gap + w
            edges.append(x)
        return panel, px, edges

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        panel, px, edges = self.geometry(screen.get_size())
        self.panel = panel
        draw_panel(screen, panel, (12, 22, 18, 240))
        y = panel.y + px
        draw_text(screen, self.title, px + 8, (panel.centerx, y), GOLD, "midtop", bold=True)
        y += px * 2 + 14
        for line in self.lines:
            for index, cell in enumerate(line.cells):
                if index == 0:
                    draw_text(screen, cell, px, (edges[0], y), line.colour, "topleft", bold=line.bold)
                else:
                    draw_text(screen, cell, px, (edges[index], y), line.colour, "topright", bold=line.bold)
            y += px + 8
        draw_text(
            screen,
            self.app.t("notice.continue"),
            px,
            (panel.centerx, panel.bottom - px // 2),
            GOLD,
            "midbottom",
        )
        self.needs_full_redraw = False
        return [panel]

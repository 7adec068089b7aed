"""A few widgets drawn with the table's own font and text layout: buttons, labels, panels.

Kept small on purpose (pygame_gui hyphenates Japanese and weighs 44 MB, see NOTES.md). Widgets know
their rectangle, draw themselves and answer whether a mouse event hit them; scenes own the layout.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from .fonts import get_font

INK = (236, 232, 220)
DIM = (150, 150, 140)
FELT = (24, 74, 52)
FELT_DARK = (16, 52, 37)
GOLD = (232, 190, 90)
PANEL = (18, 28, 24, 225)
BUTTON = (52, 78, 66)
BUTTON_HOT = (78, 116, 96)
BUTTON_OFF = (44, 50, 48)


# The marks the game on the table prints beside an attribute (Lyabi's ▲ blue, ● red, ■ green), each with
# its colour: every text drawn through `text_surface` shows them in colour (with the letter that may
# follow a mark, as in ▲B). Set by the table from its game's narration (`MARK_COLOURS`); none by default.
_marks: dict[str, tuple[int, int, int]] = {}
_mark_pattern: re.Pattern[str] | None = None


def set_mark_colours(marks: Mapping[str, tuple[int, int, int]]) -> None:
    """The marks drawn in colour from now on (the game on the table's; empty for none)."""
    global _mark_pattern
    if dict(marks) == _marks:
        return
    _marks.clear()
    _marks.update(marks)
    _mark_pattern = (
        re.compile("([" + "".join(map(re.escape, _marks)) + "](?:[A-Z](?![A-Za-z]))?)") if _marks else None
    )
    _rendered.cache_clear()


def text_surface(
    text: str, px: int, colour: tuple[int, int, int] = INK, bold: bool = False, marks: bool = True
) -> pygame.Surface:
    """One line of text, its marks in their colours unless `marks` is false (menus draw them plain).
    The surface is remembered and shared: callers blit it and never draw on it."""
    return _rendered(text, px, tuple(colour), bold, marks)


@lru_cache(maxsize=2048)
def _rendered(text: str, px: int, colour: tuple[int, ...], bold: bool, marks: bool) -> pygame.Surface:
    # Tables redraw the same labels after every move, menus theirs every frame; rendering them again
    # was a third of a table's frame.
    font = get_font(px, bold)
    if not marks or _mark_pattern is None or not _mark_pattern.search(text):
        return font.render(text, True, colour)
    # A line with marks: drawn piece by piece, each mark in its colour, side by side on one surface.
    pieces = [
        (part, _marks[part[0]] if _mark_pattern.fullmatch(part) else colour)
        for part in _mark_pattern.split(text)
        if part
    ]
    surfaces = [font.render(part, True, tint) for part, tint in pieces]
    out = pygame.Surface((sum(s.get_width() for s in surfaces), font.get_height()), pygame.SRCALPHA)
    x = 0
    for surface in surfaces:
        out.blit(surface, (x, 0))
        x += surface.get_width()
    return out


def draw_text(
    screen: pygame.Surface,
    text: str,
    px: int,
    pos: tuple[int, int],
    colour: tuple[int, int, int] = INK,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Blit one line of text anchored at `pos` ("topleft", "center", "midtop"...); returns its rect."""
    surf = text_surface(text, px, colour, bold)
    rect = surf.get_rect(**{anchor: pos}).clamp(screen.get_rect())  # never cut off at a window edge
    screen.blit(surf, rect)
    return rect


def fit_width(text: str, px: int, max_width: int, bold: bool = False) -> str:
    """The text, shortened with an ellipsis until it fits `max_width` pixels."""
    return _fitted(text, px, max_width, bold)


@lru_cache(maxsize=4096)
def _fitted(text: str, px: int, max_width: int, bold: bool) -> str:
    # Remembered, and the cut found by halving: tables fit the same long log and status lines on every
    # redraw, and measuring each shorter prefix in turn was the largest cost of a table's relayout.
    font = get_font(px, bold)
    if font.size(text)[0] <= max_width:
        return text

    def fits(length: int) -> bool:
        return length == 0 or font.size(text[:length] + "…")[0] <= max_width

    low, high = 0, len(text) - 1  # the longest prefix that fits lies in [low, high]; `low` fits
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


def draw_panel(
    screen: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = PANEL, radius: int = 12
) -> None:
    """A rounded translucent panel."""
    screen.blit(_panel(rect.size, tuple(colour), radius), rect)


@lru_cache(maxsize=256)
def _panel(size: tuple[int, int], colour: tuple[int, ...], radius: int) -> pygame.Surface:
    # Remembered: the same log, status and tooltip panels are drawn on every redraw. Callers only blit it.
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=radius)
    return panel


@dataclass
class Button:
    """A clickable labelled rectangle with an optional keyboard shortcut shown in its label."""

    label: str
    rect: pygame.Rect
    on_click: Callable[[], None]
    enabled: bool = True
    hot: bool = False
    key: int | None = None
    tag: str = ""
    selected: bool = False
    extra: dict[str, object] = field(default_factory=dict)
    says_why: bool = False  # dimmed (not enabled) yet a click still calls on_click, which says why not

    def draw(self, screen: pygame.Surface) -> None:
        colour = (
            BUTTON_HOT
            if (self.hot or self.selected) and self.enabled
            else BUTTON
            if self.enabled
            else BUTTON_OFF
        )
        pygame.draw.rect(screen, colour, self.rect, border_radius=8)
        pygame.draw.rect(screen, GOLD if self.selected else (120, 150, 130), self.rect, 2, border_radius=8)
        px = max(12, min(28, self.rect.height * 9 // 20))
        draw_text(screen, self.label, px, self.rect.center, INK if self.enabled else DIM, "center")

    def handle(self, event: pygame.event.Event) -> bool:
        """Track hover and clicks; True when the event was a click on this button (and it fired)."""
        if event.type == pygame.MOUSEMOTION:
            self.hot = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled or self.says_why:
                self.on_click()
            return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key and self.enabled:
            self.on_click()
            return True
        return False


def column_of_buttons(
    specs: list[tuple[str, Callable[[], None]]], centre_x: int, top: int, width: int, height: int, gap: int
) -> list[Button]:
    """Buttons stacked in a column."""
    out = []
    for index, (label, action) in enumerate(specs):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + index * (height + gap))
        out.append(Button(label, rect, action))
    return out

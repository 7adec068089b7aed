"""The table's one font, Noto Sans CJK JP, opened per pixel size, and helpers to draw wrapped text.

`SysFont` silently falls back to a font with no Japanese, so the table ships its own: the OTF from the
PyPI package `noto-cjk-sans-jp-regular` (OFL-1.1; licence text with the upstream copyright beside this
module in `fonts_LICENSE-OFL.txt`). It is found through importlib.resources, so it works from a
checkout, a wheel or a PyInstaller bundle, whatever the current directory.

Nothing is opened at import time: the first `get_font()` initialises pygame.font and opens the file.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import pygame

from cardtable.resources import font_source
from cardtable.ui.textlayout import wrap

LICENSE_FILE = "fonts_LICENSE-OFL.txt"

# A private-use codepoint no font we ship maps: rendering it shows the font's .notdef (tofu) glyph.
TOFU_PROBE = "\ue000"

Colour = pygame.Color | tuple[int, int, int] | tuple[int, int, int, int] | str


def license_text() -> str:
    """The font's OFL-1.1 licence with its copyright line, for an About screen."""
    return resources.files("cardtable.ui").joinpath(LICENSE_FILE).read_text(encoding="utf-8")


def forget_fonts() -> None:
    """Drop every opened font: after `pygame.quit()` (the crash screen's) they are dead objects, and a
    later window (a test's, a restarted app's) must open its own."""
    get_font.cache_clear()
    text_width.cache_clear()
    from .render import primitives

    primitives.forget_face_fonts()


@cache
def _source() -> Path | bytes:
    return font_source()


@cache
def get_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The Japanese font at `px` pixels, opened once per size; `bold` is SDL_ttf's synthetic bold.

    Callers share the returned object, so they must not change its style attributes.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    source = _source()
    # Each Font keeps reading its file, so each gets its own stream when there is no path.
    font = pygame.font.Font(source if isinstance(source, Path) else io.BytesIO(source), max(1, int(px)))
    font.bold = bold
    return font


@lru_cache(maxsize=8192)
def text_width(text: str, px: int, bold: bool = False) -> int:
    """The width in pixels of `text` on one line in the font at `px` (bold or not), remembered: tables
    fit the same labels and button columns to their room on every repaint, and asking the font again
    (SDL_ttf lays the glyphs out anew each time) was a tenth of a Japanese walk's CPU."""
    return get_font(px, bold).size(text)[0]


def measure_with(font: pygame.font.Font) -> Callable[[str], int]:
    """A width function for `textlayout.wrap` that measures with `font`."""
    return lambda text: font.size(text)[0]


def wrap_text(font: pygame.font.Font, text: str, max_width: int) -> list[str]:
    """`text` broken into lines that fit `max_width` pixels in `font`, with Japanese kinsoku."""
    return list(_wrapped(font, text, max_width))


def wrap_in_height(
    texts: Sequence[str], max_width: int, height: int, px: int, min_px: int
) -> tuple[int, list[list[str]]]:
    """Each of `texts` wrapped to `max_width` at `px`, set a size smaller at a time down to `min_px`
    until all their lines fit in `height` (a long text in a narrow place: a Japanese battle line, a
    card's two printed sides); the size and, per text, its lines. At `min_px` they may still not fit:
    the caller cuts."""
    while True:
        font = get_font(px)
        wrapped = [wrap_text(font, text, max_width) or [""] for text in texts]
        if sum(map(len, wrapped)) <= height // font.get_linesize() or px <= min_px:
            return px, wrapped
        px -= 1


@lru_cache(maxsize=4096)
def _wrapped(font: pygame.font.Font, text: str, max_width: int) -> tuple[str, ...]:
    # Remembered: tables re-wrap the same log and prompt lines on every redraw, and measuring
    # glyph runs was the largest cost of a table frame.
    return tuple(wrap(text, max_width, measure_with(font)))


def render_lines(
    font: pygame.font.Font,
    lines: Sequence[str],
    colour: Colour,
    align: str = "left",
    line_spacing: float = 1.0,
) -> pygame.Surface:
    """Lines drawn one under another on a transparent surface; `align` is left, center or right.

    Works before `set_mode()` (no convert): callers blit the result onto their own surfaces.
    """
    step = max(1, round(font.get_linesize() * line_spacing))
    rendered = [font.render(line, True, colour) if line else None for line in lines]
    width = max((s.get_width() for s in rendered if s is not None), default=0)
    height = step * (len(lines) - 1) + font.get_height() if lines else 0
    out = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    for i, surf in enumerate(rendered):
        if surf is None:
            continue
        if align == "center":
            x = (width - surf.get_width()) // 2
        elif align == "right":
            x = width - surf.get_width()
        else:
            x = 0
        out.blit(surf, (x, i * step))
    return out


def missing_glyphs(font: pygame.font.Font, text: Iterable[str]) -> list[str]:
    """Characters of `text` the font draws as its tofu box, in first-seen order.

    `Font.metrics()` cannot tell (it does not return None for missing glyphs), so each character's
    rendering is compared with that of a codepoint the font surely lacks.
    """
    tofu = font.render(TOFU_PROBE, True, (0, 0, 0))
    tofu_key = (tofu.get_size(), pygame.image.tobytes(tofu, "RGBA"))
    missing: list[str] = []
    for ch in dict.fromkeys(text):
        if ch.isspace() or ch in missing:
            continue
        glyph = font.render(ch, True, (0, 0, 0))
        if (glyph.get_size(), pygame.image.tobytes(glyph, "RGBA")) == tofu_key:
            missing.append(ch)
    return missing

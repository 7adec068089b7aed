"""The card renderer's pure geometry: millimetres to pixels, shrink-to-fit text, shapes, mark layouts.

Nothing here imports pygame, so the layout decisions (how large a text can be and still fit its box,
where the pips of a 7 go, which part of a sprite sheet is cell 12) are tested without a display. The
painter in cardface.py measures text with the real font through the `Fonts` callable it passes in.

Units: the template speaks millimetres of the printed card; `Scale` turns them into pixels of the
face being drawn (at any width, with or without the print bleed). Font sizes are points at print
size (1 pt = 25.4 / 72 mm), so text keeps its printed proportion at every width.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardtable.ui.textlayout import wrap

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

MM_PER_PT = 25.4 / 72
FLOOR_PX = 4  # below this no glyph is legible: a text that does not fit even here is reported


@dataclass(frozen=True)
class Scale:
    """Millimetres of the card to pixels of one drawn face; `offset_mm` is the bleed drawn around it."""

    px_per_mm: float
    offset_mm: float = 0.0

    def length(self, mm: float) -> float:
        return mm * self.px_per_mm

    def point(self, x: float, y: float) -> Point:
        return (x + self.offset_mm) * self.px_per_mm, (y + self.offset_mm) * self.px_per_mm

    def rect(self, rect: Rect) -> Rect:
        x, y, w, h = rect
        left, top = self.point(x, y)
        return left, top, w * self.px_per_mm, h * self.px_per_mm

    def pt(self, points: float) -> float:
        """A font size in points at print size, in pixels of this face."""
        return points * MM_PER_PT * self.px_per_mm


def pixel_rect(rect: Rect) -> tuple[int, int, int, int]:
    """The whole pixels a float rect touches: (x, y, w, h), at least 1 x 1."""
    x, y, w, h = rect
    left, top = math.floor(x), math.floor(y)
    right, bottom = math.ceil(x + w), math.ceil(y + h)
    return left, top, max(1, right - left), max(1, bottom - top)


def inner_rect(rect: Rect, pad: float) -> Rect:
    x, y, w, h = rect
    pad = min(pad, w / 2 - 0.5, h / 2 - 0.5) if w > 1 and h > 1 else 0.0
    return x + pad, y + pad, w - 2 * pad, h - 2 * pad


# --- text ------------------------------------------------------------------------------------------


class FontMetrics(Protocol):
    """What text layout needs of a font at one size (pygame's Font gives it all)."""

    def size(self, text: str) -> tuple[int, int]: ...
    def get_height(self) -> int: ...
    def get_linesize(self) -> int: ...


Fonts = Callable[[int], FontMetrics]


@dataclass(frozen=True)
class TextBlock:
    """One language's lines at one pixel size."""

    px: int
    lines: tuple[str, ...]
    step: int  # distance from one line's top to the next
    height: int  # the whole block, first line top to last line bottom
    width: int  # the widest line


@dataclass(frozen=True)
class TextFit:
    """A box's text laid out: the first language, the one beneath, the gap between, and whether it fits."""

    first: TextBlock
    second: TextBlock | None
    gap: int
    fits: bool
    dropped: bool = False  # the language beneath was left off: the box is too small for both

    @property
    def height(self) -> int:
        return self.first.height + (self.gap + self.second.height if self.second else 0)

    @property
    def width(self) -> int:
        return max(self.first.width, self.second.width if self.second else 0)


def _block(fonts: Fonts, text: str, px: int, max_width: float, leading: float) -> TextBlock:
    font = fonts(px)
    measure = lambda s: font.size(s)[0]  # noqa: E731
    lines = tuple(wrap(text, max(1, int(max_width)), measure, hang=False)) if text else ()
    step = max(1, round(font.get_linesize() * leading))
    height = step * (len(lines) - 1) + font.get_height() if lines else 0
    width = max((font.size(line)[0] for line in lines), default=0)
    return TextBlock(px, lines, step, height, width)


def layout_text(
    fonts: Fonts,
    first: str,
    second: str,
    box: tuple[float, float],
    px_range: tuple[float, float],
    *,
    second_scale: float = 0.7,
    leading: float = 1.0,
    max_lines: int | None = None,
) -> TextFit:
    """The largest size in `px_range` at which `first`, with `second` beneath at `second_scale` of
    it, wraps (with kinsoku) into the box (width, height) within `max_lines` lines per language.

    Sizes are tried by bisection (fitting gets easier as the size shrinks). Hanging 、。 must still
    fit inside the box: a card has no margin to hang them in. When nothing down to the smallest size
    fits, the language beneath is left off (a card drawn small on the table shows its own language;
    printed, it has room for both); then smaller sizes are tried down to FLOOR_PX; if even that
    fails, the floor layout is returned with `fits` false, for the caller to report.
    """
    fit = _search(fonts, first, second, box, px_range, second_scale, leading, max_lines, below=not second)
    if fit.fits or not second:
        return fit
    alone = _search(fonts, first, "", box, px_range, second_scale, leading, max_lines, below=True)
    return TextFit(alone.first, None, 0, alone.fits, dropped=True)


def fit_at(
    fonts: Fonts,
    first: str,
    second: str,
    box: tuple[float, float],
    px: float,
    *,
    second_scale: float = 0.7,
    leading: float = 1.0,
    max_lines: int | None = None,
) -> TextFit:
    """`first` with `second` beneath laid out at exactly `px` (its smallest size): whether both fit
    the box, and how tall and wide they come out (what a check of a template reports)."""
    return _search(fonts, first, second, box, (px, px), second_scale, leading, max_lines, below=False)


def _search(
    fonts: Fonts,
    first: str,
    second: str,
    box: tuple[float, float],
    px_range: tuple[float, float],
    second_scale: float,
    leading: float,
    max_lines: int | None,
    below: bool,
) -> TextFit:
    """The largest fitting size in the range by bisection; below it down to FLOOR_PX if `below`."""
    width, height = box
    low = max(FLOOR_PX, round(min(px_range)))
    high = max(low, round(max(px_range)))

    def attempt(px: int) -> TextFit:
        a = _block(fonts, first, px, width, leading)
        b = None
        gap = 0
        if second:
            b = _block(fonts, second, max(FLOOR_PX, round(px * second_scale)), width, leading)
            gap = max(1, round(px * 0.12)) if a.lines else 0
        lines_ok = max_lines is None or (
            len(a.lines) <= max_lines and (b is None or len(b.lines) <= max_lines)
        )
        fit = TextFit(a, b, gap, False)
        ok = lines_ok and fit.width <= width and fit.height <= height
        return TextFit(a, b, gap, ok)

    best = attempt(low)
    if best.fits:
        lo, hi = low, high
        top = attempt(high)
        if top.fits:
            return top
        while hi - lo > 1:
            mid = (lo + hi) // 2
            trial = attempt(mid)
            if trial.fits:
                lo, best = mid, trial
            else:
                hi = mid
        return best
    if not below:
        return best
    for px in range(low - 1, FLOOR_PX - 1, -1):
        trial = attempt(px)
        if trial.fits:
            return trial
        best = trial
    return best


def align_x(align: str, left: float, width: float, item: float) -> float:
    if align == "left":
        return left
    if align == "right":
        return left + width - item
    return left + (width - item) / 2


def align_y(valign: str, top: float, height: float, item: float) -> float:
    if valign == "top":
        return top
    if valign == "bottom":
        return top + height - item
    return top + (height - item) / 2


def tight_px(probe_px: int, ink: tuple[int, int], box: tuple[float, float], limit: float) -> int:
    """The size at which text whose ink measured `ink` (w, h) at `probe_px` just fills `box`."""
    ink_w, ink_h = ink
    if ink_w <= 0 or ink_h <= 0:
        return max(FLOOR_PX, round(limit))
    ratio = min(box[0] / ink_w, box[1] / ink_h)
    return max(FLOOR_PX, min(round(limit), math.floor(probe_px * ratio)))


# --- shapes ----------------------------------------------------------------------------------------


def shape_polygon(shape: str, rect: Rect, points: int = 5) -> list[Point]:
    """The outline of a badge or panel shape filling `rect`: star, shield, diamond or hexagon."""
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2
    if shape == "diamond":
        return [(cx, y), (x + w, cy), (cx, y + h), (x, cy)]
    if shape == "hexagon":
        return [(cx + w / 2 * math.cos(a), cy + h / 2 * math.sin(a)) for a in _angles(6, 0.0)]
    if shape == "star":
        inner = 0.33 if points == 4 else 0.45
        out: list[Point] = []
        for k, a in enumerate(_angles(points * 2, -math.pi / 2)):
            r = 1.0 if k % 2 == 0 else inner
            out.append((cx + w / 2 * r * math.cos(a), cy + h / 2 * r * math.sin(a)))
        if points == 5:
            # A five-pointed star's outline is lower than its box; centre its points vertically.
            ys = [p[1] for p in out]
            shift = (y + h / 2) - (min(ys) + max(ys)) / 2
            out = [(px, py + shift) for px, py in out]
        return out
    if shape == "shield":
        # A flat top with small shoulders, straight sides to just past the middle, then two curves
        # (quadratic Béziers) meeting in a point at the bottom.
        shoulder = min(w, h) * 0.08
        pts: list[Point] = [
            (x, y + shoulder),
            (x + shoulder, y),
            (x + w - shoulder, y),
            (x + w, y + shoulder),
        ]
        side_end = y + h * 0.52
        for i in range(0, 13):
            t = i / 12
            px = (1 - t) ** 2 * (x + w) + 2 * (1 - t) * t * (x + w) + t**2 * cx
            py = (1 - t) ** 2 * side_end + 2 * (1 - t) * t * (y + h * 0.86) + t**2 * (y + h)
            pts.append((px, py))
        for i in range(1, 13):
            t = i / 12
            px = (1 - t) ** 2 * cx + 2 * (1 - t) * t * x + t**2 * x
            py = (1 - t) ** 2 * (y + h) + 2 * (1 - t) * t * (y + h * 0.86) + t**2 * side_end
            pts.append((px, py))
        return pts
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _angles(n: int, start: float) -> list[float]:
    return [start + 2 * math.pi * k / n for k in range(n)]


# --- repeated marks --------------------------------------------------------------------------------

# Where the pips of 1..10 sit: (column, row), column -1/0/1 (left/centre/right), row 0..1 top to bottom
# of the pip field. This is the layout printed on standard French-suited cards.
PIP_LAYOUT: dict[int, list[tuple[int, float]]] = {
    1: [(0, 0.5)],
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    10: [
        (-1, 0),
        (1, 0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1),
        (1, 1),
    ],
}

# The pips of a die face 1..6 in a unit square, as (x, y) fractions.
DIE_PIPS: dict[int, list[Point]] = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}


@dataclass(frozen=True)
class Mark:
    """One repeated mark: its centre, its height, whether it is printed upside down, and its value."""

    centre: Point
    size: float
    turned: bool = False
    value: object = None


def mark_positions(
    layout: str,
    rect: Rect,
    size: float,
    *,
    count: int = 1,
    edges: Sequence[tuple[str, object]] = (),
    gap: float = 0.0,
    inset: float = 0.0,
    turn_lower: bool = False,
) -> list[Mark]:
    """Where each mark of a `marks` box goes (all in the same units as `rect` and `size`).

    pips: the playing-card layout for `count` 1-10 over the rect, centres `size / 2` in from its sides.
    row / column: `count` marks in a line centred in the rect, `gap` apart (shrunk to fit).
    corners: one in each corner, centres `size / 2 + gap` in from the rect's corners.
    edges: one per (edge, value), centred on that edge of the rect, `inset` in from it.
    """
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2
    half = size / 2
    out: list[Mark] = []
    if layout == "pips":
        spots = PIP_LAYOUT.get(max(1, min(10, count)), PIP_LAYOUT[1])
        columns = {-1: x + half, 0: cx, 1: x + w - half}
        top, bottom = y + half, y + h - half
        for column, row in spots:
            centre = (columns[column], top + (bottom - top) * row)
            out.append(Mark(centre, size, turn_lower and row > 0.5))
    elif layout in ("row", "column"):
        along = w if layout == "row" else h
        step = size + gap
        if count > 1 and step * (count - 1) + size > along:
            step = (along - size) / (count - 1)
        start = (along - (step * (count - 1) + size)) / 2 + half
        for k in range(count):
            d = start + k * step
            out.append(Mark((x + d, cy) if layout == "row" else (cx, y + d), size))
    elif layout == "corners":
        off = half + gap
        for px, py, turned in (
            (x + off, y + off, False),
            (x + w - off, y + off, False),
            (x + off, y + h - off, True),
            (x + w - off, y + h - off, True),
        ):
            out.append(Mark((px, py), size, turn_lower and turned))
        out = out[: max(0, count)]
    elif layout == "edges":
        where = {
            "top": (cx, y + inset),
            "right": (x + w - inset, cy),
            "bottom": (cx, y + h - inset),
            "left": (x + inset, cy),
        }
        for edge, value in edges:
            if edge in where:
                out.append(Mark(where[edge], size, False, value))
    return out


# --- images ----------------------------------------------------------------------------------------


def sheet_cell(image_size: tuple[int, int], grid: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    """The pixel rect of cell `index` (0-based, left to right, top to bottom) of a sprite sheet.

    Cells are the sheet's size divided evenly, as Tabletop Simulator cuts a deck sheet; a remainder
    of a few pixels at the right or bottom edge belongs to no cell.
    """
    cols, rows = grid
    width, height = image_size
    cw, ch = width // cols, height // rows
    col, row = index % cols, index // cols
    return col * cw, row * ch, cw, ch


def fit_image(
    image_size: tuple[int, int], box: tuple[int, int], mode: str
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(source rect in the image, destination rect in the box) for cover, contain or stretch."""
    iw, ih = image_size
    bw, bh = box
    if mode == "stretch" or iw <= 0 or ih <= 0:
        return (0, 0, iw, ih), (0, 0, bw, bh)
    if mode == "contain":
        scale = min(bw / iw, bh / ih)
        dw, dh = max(1, round(iw * scale)), max(1, round(ih * scale))
        return (0, 0, iw, ih), ((bw - dw) // 2, (bh - dh) // 2, dw, dh)
    # cover: crop the image's middle to the box's proportions
    scale = max(bw / iw, bh / ih)
    sw, sh = min(iw, max(1, round(bw / scale))), min(ih, max(1, round(bh / scale)))
    return ((iw - sw) // 2, (ih - sh) // 2, sw, sh), (0, 0, bw, bh)

"""Shared drawing primitives for card faces: supersampled layers, shapes, suit pips, die faces, the
hemp-leaf pattern, and text cropped to its ink. No game draws here: templates (YAML) say what to draw
and cardface.py calls these.

pygame draws polygons and circles without antialiasing, so shapes are drawn on a `Layer` at 2-4x the
final size and shrunk with smoothscale. A layer covers only its box's pixels, so drawing one badge
costs a badge-sized smoothscale, not a card-sized one. Text is rendered at the final size instead, so
the font's own antialiasing and hinting are kept.
"""

from __future__ import annotations

import io
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from .layout import DIE_PIPS, Point, Rect, pixel_rect, shape_polygon

RGBA = tuple[int, int, int, int]


def supersample(width: int) -> int:
    """How much larger to draw shapes: enough for smooth small cards, bounded for big ones."""
    return max(2, min(4, math.ceil(480 / max(1, width))))


class Layer:
    """A patch of the face at `scale` times its size, addressed in the face's own pixels.

    Shapes drawn here are antialiased when `blit_to` shrinks the patch onto the face.
    """

    def __init__(self, area: Rect, scale: int, clear: Sequence[int] = (58, 58, 66)) -> None:
        self.left, self.top, self.width, self.height = pixel_rect(area)
        self.scale = scale
        self.surface = pygame.Surface((self.width * scale, self.height * scale), pygame.SRCALPHA)
        # Transparent pixels carry a colour near the shape's, so shrinking does not bleed black in.
        self.surface.fill((clear[0], clear[1], clear[2], 0))

    def p(self, point: Point) -> tuple[int, int]:
        return round((point[0] - self.left) * self.scale), round((point[1] - self.top) * self.scale)

    def r(self, rect: Rect) -> pygame.Rect:
        x, y, w, h = rect
        left, top = self.p((x, y))
        right, bottom = self.p((x + w, y + h))
        return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))

    def n(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def shrunk(self) -> pygame.Surface:
        """The patch at the face's size: shapes antialiased by smoothscale."""
        if self.scale == 1:
            return self.surface
        return pygame.transform.smoothscale(self.surface, (self.width, self.height))

    def blit_to(self, target: pygame.Surface) -> None:
        target.blit(self.shrunk(), (self.left, self.top))


class PatchCache:
    """Drawn shape patches, least recently used first out within a byte budget.

    The same art window, badge or die face appears on many cards: drawing it once per size (and per
    position within a pixel) instead of once per card is most of a face's cost saved.
    """

    def __init__(self, budget: int = 48 << 20) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()

    def patch(
        self,
        area: Rect,
        scale: int,
        clear: Sequence[int],
        key: tuple[Any, ...],
        draw: Callable[[Layer], None],
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The shrunk patch `draw` makes over `area`, and where to blit it.

        `key` must name everything `draw` depends on, with positions relative to `area`'s origin;
        the origin's place within its pixel is added here.
        """
        left, top, w, h = pixel_rect(area)
        full = (key, w, h, scale, round((area[0] - left) * 32), round((area[1] - top) * 32))
        hit = self._items.get(full)
        if hit is not None:
            self._items.move_to_end(full)
            return hit, (left, top)
        layer = Layer(area, scale, clear)
        draw(layer)
        surface = layer.shrunk()
        size = w * h * 4
        if size <= self.budget // 4:
            self._items[full] = surface
            self.used += size
            while self.used > self.budget and self._items:
                _, old = self._items.popitem(last=False)
                self.used -= old.get_width() * old.get_height() * 4
        return surface, (left, top)

    def clear(self) -> None:
        self._items.clear()
        self.used = 0


_PATCHES: PatchCache | None = None


def patches() -> PatchCache:
    """The process's shape patch cache (shared by every set's renderer)."""
    global _PATCHES
    if _PATCHES is None:
        _PATCHES = PatchCache()
    return _PATCHES


# --- shapes ----------------------------------------------------------------------------------------


def _fill_shape(
    layer: Layer, shape: str, rect: Rect, colour: Sequence[int], radius: float, points: int
) -> None:
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return
    if shape == "circle":
        r = min(w, h) / 2
        pygame.draw.circle(
            layer.surface, colour, layer.p((x + w / 2, y + h / 2)), max(1, round(r * layer.scale))
        )
    elif shape == "ellipse":
        pygame.draw.ellipse(layer.surface, colour, layer.r(rect))
    elif shape in ("rect", "rounded"):
        border = max(0, round(radius * layer.scale)) if shape == "rounded" else 0
        pygame.draw.rect(layer.surface, colour, layer.r(rect), border_radius=border)
    else:
        pygame.draw.polygon(layer.surface, colour, [layer.p(p) for p in shape_polygon(shape, rect, points)])


def draw_shape(
    layer: Layer,
    shape: str,
    rect: Rect,
    fill: Sequence[int] | None,
    edge: Sequence[int] | None = None,
    edge_width: float = 0.0,
    radius: float = 0.0,
    points: int = 5,
) -> None:
    """A filled shape with an even outline `edge_width` thick (either colour may be None: not drawn)."""
    x, y, w, h = rect
    if edge is not None and edge_width > 0:
        _fill_shape(layer, shape, rect, edge, radius, points)
        inner = (x + edge_width, y + edge_width, w - 2 * edge_width, h - 2 * edge_width)
        # A transparent fill punches the inside out of the outline: pygame writes alpha as given.
        inside = fill if fill is not None else (edge[0], edge[1], edge[2], 0)
        if shape in ("star", "shield", "diamond", "hexagon"):
            inner = _polygon_inset(rect, edge_width, shape)
        _fill_shape(layer, shape, inner, inside, max(0.0, radius - edge_width), points)
    elif fill is not None:
        _fill_shape(layer, shape, rect, fill, radius, points)


def _polygon_inset(rect: Rect, width: float, shape: str) -> Rect:
    """A pointed shape's inner rect for an outline of about `width`: points need more than the sides."""
    x, y, w, h = rect
    factor = {"star": 2.4, "diamond": 1.5, "shield": 1.15}.get(shape, 1.1)
    dx = dy = width * factor
    return x + dx, y + dy, max(0.0, w - 2 * dx), max(0.0, h - 2 * dy)


# --- suit pips -------------------------------------------------------------------------------------
# Each pip is a list of shapes in a unit box (height 1, centred on 0,0, pointing up), drawn from
# polygons and circles so they never depend on the font having ♠♥♦♣.

Shape = tuple[str, Any]


def _heart_outline(n: int = 72) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _normalise(points: list[Point], width: float, height: float, top: float) -> list[Point]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    sx = width / (max(xs) - min(xs))
    sy = height / (max(ys) - min(ys))
    cx = (max(xs) + min(xs)) / 2
    return [((x - cx) * sx, top + (y - min(ys)) * sy) for x, y in points]


def _stem(top: float, bottom: float, half_top: float, half_bottom: float) -> list[Point]:
    """A flaring stem with concave sides, as under a spade or a club."""
    left, right = [], []
    for i in range(13):
        t = i / 12
        y = top + (bottom - top) * t
        half = half_top + (half_bottom - half_top) * t**2.2
        left.append((-half, y))
        right.append((half, y))
    return left + right[::-1]


def _diamond_outline(half_width: float = 0.38, bow: float = 0.06) -> list[Point]:
    """A lozenge whose sides bow slightly inwards, as printed diamonds do."""
    corners = [(0.0, -0.5), (half_width, 0.0), (0.0, 0.5), (-half_width, 0.0)]
    pts: list[Point] = []
    for k in range(4):
        (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 4]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        cx, cy = mx * (1 - bow * 4), my * (1 - bow * 4)
        for i in range(10):
            t = i / 10
            pts.append(
                (
                    (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t**2 * x1,
                    (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t**2 * y1,
                )
            )
    return pts


def _make_pips() -> dict[str, list[Shape]]:
    heart = _normalise(_heart_outline(), 1.0, 0.94, -0.47)
    spade_body = [(x, -y) for x, y in _normalise(_heart_outline(), 0.92, 0.78, -0.5)]
    # Flipping the heart turns its point up; move it so the point is at the top of the box.
    shift = -0.5 - min(y for _, y in spade_body)
    spade_body = [(x, y + shift) for x, y in spade_body]
    club: list[Shape] = [
        ("circle", ((0.0, -0.265), 0.215)),
        ("circle", ((-0.245, 0.075), 0.215)),
        ("circle", ((0.245, 0.075), 0.215)),
        ("poly", [(0.0, -0.2), (-0.2, 0.1), (0.0, 0.22), (0.2, 0.1)]),
        ("poly", _stem(0.05, 0.5, 0.04, 0.19)),
    ]
    return {
        "H": [("poly", heart)],
        "D": [("poly", _diamond_outline())],
        "S": [("poly", spade_body), ("poly", _stem(0.12, 0.5, 0.035, 0.2))],
        "C": club,
    }


_PIPS: dict[str, list[Shape]] | None = None


def pip_shapes(suit: str) -> list[Shape]:
    """The shapes of one suit's pip in the unit box; a plain disc for a suit we do not know."""
    global _PIPS
    if _PIPS is None:
        _PIPS = _make_pips()
    return _PIPS.get(suit, [("circle", ((0.0, 0.0), 0.45))])


def draw_pip(
    layer: Layer, suit: str, centre: Point, size: float, fill: Sequence[int], upside_down: bool = False
) -> None:
    """One suit pip `size` pixels tall; pips in the lower half of a card are printed upside down."""
    sign = -1.0 if upside_down else 1.0
    cx, cy = centre

    def place(p: Point) -> Point:
        return cx + sign * p[0] * size, cy + sign * p[1] * size

    for kind, data in pip_shapes(suit):
        if kind == "poly":
            pygame.draw.polygon(layer.surface, fill, [layer.p(place(p)) for p in data])
        else:
            (px, py), r = data
            pygame.draw.circle(layer.surface, fill, layer.p(place((px, py))), layer.n(r * size))


def draw_die(
    layer: Layer,
    value: int,
    rect: Rect,
    body: Sequence[int] | None,
    edge: Sequence[int] | None,
    pips: Sequence[int],
    edge_width: float,
) -> None:
    """A die face: a rounded square with `value` pips (1-6)."""
    x, y, w, h = rect
    draw_shape(layer, "rounded", rect, body, edge, edge_width, radius=min(w, h) * 0.18)
    r = min(w, h) * (0.1 if value < 6 else 0.085)
    for fx, fy in DIE_PIPS.get(int(value), []):
        pygame.draw.circle(layer.surface, pips, layer.p((x + fx * w, y + fy * h)), layer.n(r))


# --- patterns --------------------------------------------------------------------------------------


def asanoha(surface: pygame.Surface, cell: float, fill: Sequence[int], width: int) -> None:
    """The hemp-leaf pattern: a triangle grid with every triangle's vertices joined to its centre."""
    w, h = surface.get_size()
    row_h = cell * math.sqrt(3) / 2
    rows = int(h / row_h) + 3
    cols = int(w / cell) + 3

    def point(i: int, j: int) -> Point:
        return (i * cell + (j % 2) * cell / 2 - cell, j * row_h - row_h)

    def seg(a: Point, b: Point) -> None:
        pygame.draw.line(surface, fill, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), width)

    for j in range(rows):
        for i in range(cols):
            p = point(i, j)
            seg(p, point(i + 1, j))
            below = (
                [point(i, j + 1), point(i + 1, j + 1)] if j % 2 else [point(i - 1, j + 1), point(i, j + 1)]
            )
            seg(p, below[0])
            seg(p, below[1])
            for tri in ((p, point(i + 1, j), below[1]), (p, below[0], below[1])):
                cx = sum(q[0] for q in tri) / 3
                cy = sum(q[1] for q in tri) / 3
                for q in tri:
                    seg(q, (cx, cy))


def draw_pattern(
    layer: Layer, rect: Rect, shape: str, radius: float, fill: Sequence[int], line: Sequence[int], cell: float
) -> None:
    """A shape filled with `fill` and the hemp-leaf pattern in `line`, clipped to the shape."""
    area = layer.r(rect)
    patch = pygame.Surface(area.size, pygame.SRCALPHA)
    patch.fill(fill)
    asanoha(patch, cell * layer.scale, line, max(1, round(cell * 0.0375 * layer.scale)))
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    local = Layer((0, 0, area.width, area.height), 1)
    local.surface = mask
    _fill_shape(local, shape, (0, 0, area.width, area.height), (255, 255, 255, 255), radius * layer.scale, 5)
    patch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    layer.surface.blit(patch, area.topleft)


def rounded_mask(size: tuple[int, int], radius: float, scale: int = 4) -> pygame.Surface:
    """White with the alpha of a rounded rectangle filling `size`: BLEND_RGBA_MIN with it rounds corners."""
    layer = Layer((0, 0, size[0], size[1]), scale, (255, 255, 255))
    _fill_shape(layer, "rounded", (0, 0, size[0], size[1]), (255, 255, 255, 255), radius, 5)
    small = pygame.transform.smoothscale(layer.surface, size) if scale > 1 else layer.surface
    return small


# --- text ------------------------------------------------------------------------------------------


class FaceFonts:
    """The faces' own font objects, one per weight, set to each size as it is needed.

    Opening the CJK font once per pixel size costs about 6 ms and 2.5 MiB each, and shrink-to-fit
    tries many sizes; setting `point_size` on one object (SDL_ttf's TTF_SetFontSize) costs 4 us and
    no memory. These objects are private to card faces: the UI's shared `get_font` objects keep
    their sizes. Text is measured by summing per-size glyph advances (cached), which is exact for
    Japanese and within a pixel or two for kerned Latin; the painter checks the chosen size with
    the real measure before drawing.
    """

    def __init__(self, source: bytes | None = None) -> None:
        self._source = source  # a designer's own font file's bytes; None: the bundled font
        self._fonts: dict[bool, pygame.font.Font] = {}
        self._advances: dict[tuple[int, bool], dict[str, int]] = {}
        self._heights: dict[tuple[int, bool], tuple[int, int]] = {}
        self._rendered: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The font at `px` pixels; valid until the next call asks for another size."""
        px = max(1, int(px))
        font = self._fonts.get(bold)
        if font is None:
            from cardtable.ui.fonts import font_source

            if not pygame.font.get_init():
                pygame.font.init()
            source = self._source if self._source is not None else font_source()
            font = pygame.font.Font(io.BytesIO(source) if isinstance(source, bytes) else source, px)
            font.bold = bold
            self._fonts[bold] = font
        if font.point_size != px:
            font.point_size = px
        return font

    def measure(self, bold: bool = False) -> Callable[[int], _Measure]:
        """A `layout.Fonts` for text layout: px -> an object with size(), get_height(), get_linesize()."""
        return lambda px: _Measure(self, max(1, int(px)), bold)

    def advances(self, px: int, bold: bool, text: str) -> int:
        table = self._advances.get((px, bold))
        if table is None:
            table = self._advances[(px, bold)] = {}
        try:  # the usual case, every glyph measured before: the layout asks this ~200 times a face
            return sum(map(table.__getitem__, text))
        except KeyError:
            pass
        missing = [ch for ch in set(text) if ch not in table]
        metrics = self.font(px, bold).metrics("".join(missing))
        for ch, metric in zip(missing, metrics, strict=False):
            table[ch] = metric[4] if metric else 0
        return sum(map(table.__getitem__, text))

    def heights(self, px: int, bold: bool) -> tuple[int, int]:
        hit = self._heights.get((px, bold))
        if hit is None:
            font = self.font(px, bold)
            hit = self._heights[(px, bold)] = (font.get_height(), font.get_linesize())
        return hit

    def render(self, text: str, px: int, colour: Sequence[int], bold: bool = False) -> pygame.Surface:
        """`text` at `px` pixels; a colour's alpha makes the text translucent. Shared: do not draw on it."""
        key = (text, px, tuple(colour), bold)
        surf = self._rendered.get(key)
        if surf is not None:
            self._rendered.move_to_end(key)
            return surf
        surf = self.font(px, bold).render(text, True, tuple(colour[:3]))
        if len(colour) > 3 and colour[3] < 255:
            surf.set_alpha(colour[3])
        self._rendered[key] = surf
        if len(self._rendered) > 1024:
            self._rendered.popitem(last=False)
        return surf

    def ink_size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        """The size of the inked part of `text` at `px`, from glyph metrics (no rendering)."""
        metrics = [m for m in self.font(px, bold).metrics(text) if m]
        if not metrics:
            return 0, 0
        advance = sum(m[4] for m in metrics[:-1])
        inked = [m for m in metrics if m[0] != m[1] or m[2] != m[3]] or metrics
        width = advance + metrics[-1][1] - metrics[0][0]
        height = max(m[3] for m in inked) - min(m[2] for m in inked)
        return max(1, width), max(1, height)

    def width(self, text: str, px: int, bold: bool = False) -> int:
        """The real rendered width of `text` (shaping and kerning included)."""
        return self.font(px, bold).size(text)[0]


class _Measure:
    """`layout.FontMetrics` by cached glyph advances."""

    def __init__(self, fonts: FaceFonts, px: int, bold: bool) -> None:
        self.fonts, self.px, self.bold = fonts, px, bold

    def size(self, text: str) -> tuple[int, int]:
        return self.fonts.advances(self.px, self.bold, text), self.get_height()

    def get_height(self) -> int:
        return self.fonts.heights(self.px, self.bold)[0]

    def get_linesize(self) -> int:
        return self.fonts.heights(self.px, self.bold)[1]


_FONTS: FaceFonts | None = None


def forget_face_fonts() -> None:
    """Open the faces' fonts anew on next use (ui/fonts.forget_fonts: after a pygame.quit())."""
    global _FONTS
    _FONTS = None


def face_fonts() -> FaceFonts:
    """The process's FaceFonts (made on first use: nothing is opened at import)."""
    global _FONTS
    if _FONTS is None:
        _FONTS = FaceFonts()
    return _FONTS


def ink(surface: pygame.Surface) -> pygame.Surface:
    """`surface` cropped to its inked pixels, for placing glyphs by their real outline."""
    box = surface.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surface.subsurface(box).copy()


def blit_all(target: pygame.Surface, items: Iterable[tuple[pygame.Surface, tuple[int, int]]]) -> None:
    for surf, pos in items:
        target.blit(surf, pos)

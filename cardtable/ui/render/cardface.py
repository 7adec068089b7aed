"""Card faces and backs drawn from a card set, the way the printed cards look.

A card set names its template in its YAML (`template: playing_card`); each template is a function that
draws one face at an exact pixel size. Faces are drawn at the size asked for, never scaled up from a
small bitmap, so they stay sharp on a 4K screen and in print-and-play sheets. Shapes (card outline,
suit pips, frames, the back's pattern) are drawn at 2-4x and shrunk with smoothscale, which is how
pygame gets antialiased polygons; text is rendered afterwards at the final size so the font's own
antialiasing and hinting are kept.

Templates:
- `playing_card`: the standard 52 with runes: corner indices, the standard pip layout (drawn, not taken
  from the font), a framed panel for J/Q/K, and a name panel in the element's colour with the rune's
  Japanese name over its English one.
- anything else falls back to `generic`: name, code and whichever of cost, points and text the card has,
  so a new set is playable before it has its own template.

All surfaces are SRCALPHA and never `convert_alpha()`ed here, so rendering works before `set_mode()`.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pygame

from cardtable.rules.cards import CardSet, CardSpec, Text
from cardtable.ui.fonts import get_font, wrap_text

# Poker size, 63 x 88 mm.
CARD_ASPECT = 88 / 63

Point = tuple[float, float]
RGBA = tuple[int, int, int, int]
Template = Callable[[CardSet, CardSpec, int, int], pygame.Surface]

PAPER: RGBA = (252, 250, 243, 255)
INK: RGBA = (34, 34, 40, 255)
SOFT_INK: RGBA = (92, 92, 100, 255)
EDGE: RGBA = (58, 58, 66, 255)

RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Suit colours when a set's meta does not give them: black spades and clubs, red hearts and diamonds.
DEFAULT_SUIT_COLOURS = {"S": "#1d1d24", "C": "#1d1d24", "H": "#c3202e", "D": "#c3202e"}

# The four elements of the rune deck; a set's `meta.elements.<name>.colour` overrides these.
DEFAULT_ELEMENT_COLOURS = {
    "wind": "#4e9a6b",
    "fire": "#d4582f",
    "water": "#2f77b5",
    "earth": "#a27a3e",
}
NEUTRAL_ELEMENT = "#8a8f99"

BACK_COLOUR = "#24305e"


def card_height(width: int) -> int:
    """The height of a card `width` pixels wide."""
    return max(1, round(width * CARD_ASPECT))


# --- colours -----------------------------------------------------------------------------------


def colour(value: Any, default: str = "#000000") -> RGBA:
    """A colour from YAML ("#rrggbb", a name pygame knows, or an (r, g, b) list); `default` if unusable."""
    try:
        c = pygame.Color(value) if isinstance(value, str) else pygame.Color(*value)
    except (TypeError, ValueError):
        c = pygame.Color(default)
    return (c.r, c.g, c.b, c.a)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGBA:
    """`a` moved a fraction `t` of the way towards `b`, alpha kept from `a`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
        a[3] if len(a) > 3 else 255,
    )


def as_text(value: Any) -> Text:
    """A YAML text field ({ja, en}, a plain string, or already a Text) as a Text."""
    if isinstance(value, Text):
        return value
    if isinstance(value, Mapping):
        return Text(ja=str(value.get("ja", "") or ""), en=str(value.get("en", "") or ""))
    if value is None:
        return Text()
    return Text(ja=str(value), en=str(value))


def _primary_secondary(text: Text, language: str) -> tuple[str, str]:
    """The text in the set's language, and the translation beneath it when there is a different one."""
    first = text.get(language)
    second = text.get("en" if language != "en" else "ja")
    return first, ("" if second == first else second)


# --- supersampled drawing ------------------------------------------------------------------------


class Canvas:
    """A card-sized drawing surface at `scale` times the final size, addressed in final pixels.

    Shapes drawn here are antialiased by `finish()`, which shrinks the canvas to the card size.
    """

    def __init__(self, width: int, height: int, scale: int) -> None:
        self.width, self.height, self.scale = width, height, scale
        self.surface = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
        # Transparent pixels carry the edge colour so that shrinking does not bleed black into the rim.
        self.surface.fill(EDGE[:3] + (0,))

    def _p(self, p: Point) -> tuple[int, int]:
        return round(p[0] * self.scale), round(p[1] * self.scale)

    def _r(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        left, top = self._p((x, y))
        right, bottom = self._p((x + w, y + h))
        return pygame.Rect(left, top, right - left, bottom - top)

    def polygon(self, points: Iterable[Point], fill: Sequence[int]) -> None:
        pygame.draw.polygon(self.surface, fill, [self._p(p) for p in points])

    def circle(self, centre: Point, radius: float, fill: Sequence[int], width: float = 0) -> None:
        line = max(1, round(width * self.scale)) if width else 0
        pygame.draw.circle(self.surface, fill, self._p(centre), max(1, round(radius * self.scale)), line)

    def line(self, a: Point, b: Point, fill: Sequence[int], width: float) -> None:
        pygame.draw.line(self.surface, fill, self._p(a), self._p(b), max(1, round(width * self.scale)))

    def rounded_rect(
        self, rect: tuple[float, float, float, float], radius: float, fill: Sequence[int]
    ) -> None:
        pygame.draw.rect(self.surface, fill, self._r(rect), border_radius=max(0, round(radius * self.scale)))

    def framed_rect(
        self,
        rect: tuple[float, float, float, float],
        radius: float,
        line: float,
        edge: Sequence[int],
        fill: Sequence[int],
    ) -> None:
        """A filled rounded rectangle with a border of even thickness `line`."""
        x, y, w, h = rect
        self.rounded_rect(rect, radius, edge)
        self.rounded_rect((x + line, y + line, w - 2 * line, h - 2 * line), max(0.0, radius - line), fill)

    def blit_scaled(self, surf: pygame.Surface, pos: Point) -> None:
        """Blit a surface that was itself drawn at this canvas's scale."""
        self.surface.blit(surf, self._p(pos))

    def finish(self) -> pygame.Surface:
        if self.scale == 1:
            return self.surface
        return pygame.transform.smoothscale(self.surface, (self.width, self.height))


def _supersample(width: int) -> int:
    """How much larger to draw shapes: enough for smooth small cards, bounded for big ones."""
    return max(2, min(4, math.ceil(480 / max(1, width))))


# --- text helpers --------------------------------------------------------------------------------


def tight_text(text: str, px: int, fill: Sequence[int], bold: bool = False) -> pygame.Surface:
    """`text` rendered and cropped to its inked pixels, for placing by the glyphs' real outline."""
    surf = get_font(px, bold).render(text, True, fill)
    box = surf.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    return surf.subsurface(box).copy()


def fit_lines(
    text: str, max_width: float, max_lines: int, px: int, min_px: int
) -> tuple[pygame.font.Font, list[str]]:
    """The largest font from `px` down to `min_px` at which `text` wraps into `max_lines` lines."""
    size = max(px, min_px)
    while True:
        font = get_font(size)
        lines = wrap_text(font, text, int(max_width))
        widest = max((font.size(line)[0] for line in lines), default=0)
        if size <= min_px or (len(lines) <= max_lines and widest <= max_width * 1.04):
            return font, lines[:max_lines] if size > min_px else lines
        size -= max(1, size // 12)


def blit_lines(
    target: pygame.Surface,
    font: pygame.font.Font,
    lines: Sequence[str],
    fill: Sequence[int],
    centre_x: float,
    top: float,
    leading: float = 1.0,
) -> float:
    """Centred lines drawn from `top`; returns the y below the last line."""
    step = font.get_height() * leading
    y = top
    for line in lines:
        surf = font.render(line, True, fill)
        target.blit(surf, (round(centre_x - surf.get_width() / 2), round(y)))
        y += step
    return y


def text_block_height(font: pygame.font.Font, lines: Sequence[str], leading: float = 1.0) -> float:
    return font.get_height() * leading * len(lines)


# --- suit pips -----------------------------------------------------------------------------------
# Each pip is a list of shapes in a unit box (height 1, centred on 0,0, pointing up); they are drawn
# from polygons and circles so they never depend on the font having ♠♥♦♣.

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
    spade_body = [(x, -y) for x, y in _normalise(_heart_outline(), 0.92, 0.78, -0.5 + 0.0)]
    # Flipping the heart turns its point up; move it so the point is at the top of the box.
    shift = -0.5 - min(y for _, y in spade_body)
    spade_body = [(x, y + shift) for x, y in spade_body]
    stem = _stem(0.12, 0.5, 0.035, 0.2)
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
        "S": [("poly", spade_body), ("poly", stem)],
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
    canvas: Canvas, suit: str, centre: Point, size: float, fill: Sequence[int], upside_down: bool = False
) -> None:
    """One pip `size` pixels tall; pips in the lower half of a card are printed upside down."""
    sign = -1.0 if upside_down else 1.0
    cx, cy = centre

    def place(p: Point) -> Point:
        return cx + sign * p[0] * size, cy + sign * p[1] * size

    for kind, data in pip_shapes(suit):
        if kind == "poly":
            canvas.polygon([place(p) for p in data], fill)
        else:
            (px, py), r = data
            canvas.circle(place((px, py)), r * size, fill)


# Where the pips of 2..10 sit: (column, row) with column -1/0/1 (left/centre/right) and row 0..1 from
# top to bottom of the pip field. This is the layout printed on standard French-suited cards.
PIP_LAYOUT: dict[int, list[tuple[int, float]]] = {
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


# --- the set's meta ------------------------------------------------------------------------------


def suit_info(cardset: CardSet, suit: str) -> Mapping[str, Any]:
    suits = cardset.meta.get("suits") or {}
    info = suits.get(suit) if isinstance(suits, Mapping) else None
    return info if isinstance(info, Mapping) else {}


def suit_colour(cardset: CardSet, suit: str) -> RGBA:
    return colour(suit_info(cardset, suit).get("colour"), DEFAULT_SUIT_COLOURS.get(suit, "#1d1d24"))


def element_colour(cardset: CardSet, element: str | None) -> RGBA:
    elements = cardset.meta.get("elements") or {}
    info = elements.get(element) if isinstance(elements, Mapping) and element else None
    if isinstance(info, Mapping) and info.get("colour"):
        return colour(info["colour"], NEUTRAL_ELEMENT)
    return colour(DEFAULT_ELEMENT_COLOURS.get(element or "", NEUTRAL_ELEMENT))


# --- template: playing_card ----------------------------------------------------------------------


def _card_base(canvas: Canvas, w: int, h: int, paper: Sequence[int] = PAPER) -> float:
    """Rounded card with a thin printed edge; returns the edge thickness."""
    edge = max(1.0, w * 0.011)
    canvas.framed_rect((0, 0, w, h), w * 0.055, edge, EDGE, paper)
    return edge


def draw_playing_card(cardset: CardSet, spec: CardSpec, w: int, h: int) -> pygame.Surface:
    """A standard playing card with its rune: indices, pips or court frame, and the rune's names."""
    rank = spec.get("rank")
    suit = str(spec.get("suit", ""))
    if not isinstance(rank, int) or not 1 <= rank <= 13:
        return draw_generic(cardset, spec, w, h)
    ink = suit_colour(cardset, suit)
    element = spec.get("element") or suit_info(cardset, suit).get("element")
    elem = element_colour(cardset, element)
    tint = mix(PAPER, elem, 0.07)

    canvas = Canvas(w, h, _supersample(w))
    _card_base(canvas, w, h)

    # A thin inner rule in the element's colour, like the frame line of a printed deck.
    inset = w * 0.035
    canvas.framed_rect(
        (inset, inset, w - 2 * inset, h - 2 * inset),
        w * 0.035,
        max(0.75, w * 0.006),
        mix(elem, PAPER, 0.25),
        tint,
    )

    # The corner indices: rank over a small pip, top left and (turned round) bottom right.
    label = RANK_LABELS.get(rank, str(rank))
    index_px = max(8, round(w * 0.15))
    label_surf = tight_text(label, index_px, ink, bold=True)
    if label_surf.get_width() > w * 0.15:
        label_surf = tight_text(label, round(index_px * w * 0.15 / label_surf.get_width()), ink, bold=True)
    index_cx = w * 0.115
    label_top = h * 0.04
    small_pip = w * 0.095
    small_pip_cy = label_top + label_surf.get_height() + w * 0.025 + small_pip / 2
    draw_pip(canvas, suit, (index_cx, small_pip_cy), small_pip, ink)
    draw_pip(canvas, suit, (w - index_cx, h - small_pip_cy), small_pip, ink, upside_down=True)

    # The field the pips or the court frame fill, above the name panel.
    field_top, field_bottom = h * 0.085, h * 0.69
    field_left, field_right = w * 0.24, w * 0.76
    field_cx = w / 2

    if rank == 1:
        radius = w * 0.24
        centre = (field_cx, (field_top + field_bottom) / 2)
        canvas.circle(centre, radius, mix(elem, PAPER, 0.55))
        canvas.circle(centre, radius * 0.93, mix(PAPER, elem, 0.06))
        canvas.circle(centre, radius * 0.86, mix(elem, PAPER, 0.35), width=max(0.6, w * 0.004))
        draw_pip(canvas, suit, centre, w * 0.34, ink)
    elif rank <= 10:
        pip = w * 0.145
        top_row = field_top + pip * 0.55
        bottom_row = field_bottom - pip * 0.55
        column_x = {-1: field_left + pip * 0.35, 0: field_cx, 1: field_right - pip * 0.35}
        for col, row in PIP_LAYOUT[rank]:
            y = top_row + (bottom_row - top_row) * row
            # Pips below the middle are printed upside down, as on a real card.
            draw_pip(canvas, suit, (column_x[col], y), pip, ink, upside_down=row > 0.5)
    else:
        frame = (
            field_left - w * 0.02,
            field_top,
            field_right - field_left + w * 0.04,
            field_bottom - field_top,
        )
        fx, fy, fw, fh = frame
        line = max(0.8, w * 0.008)
        canvas.framed_rect(frame, w * 0.02, line, ink, PAPER)
        gap = w * 0.018
        inner = (fx + line + gap, fy + line + gap, fw - 2 * (line + gap), fh - 2 * (line + gap))
        canvas.framed_rect(inner, w * 0.012, max(0.6, w * 0.004), ink, mix(PAPER, elem, 0.22))
        ix, iy, iw, ih = inner
        # Small pips in the frame's corners, the lower two turned round.
        corner = w * 0.06
        off = w * 0.06
        for cx, cy, flip in (
            (ix + off, iy + off, False),
            (ix + iw - off, iy + off, False),
            (ix + off, iy + ih - off, True),
            (ix + iw - off, iy + ih - off, True),
        ):
            draw_pip(canvas, suit, (cx, cy), corner, ink, upside_down=flip)

    # The name panel in the element's colour.
    panel = (w * 0.2, h * 0.715, w * 0.6, h * 0.235)
    nx, ny, nw, nh = panel
    canvas.framed_rect(panel, w * 0.03, max(0.75, w * 0.007), mix(elem, INK, 0.15), mix(PAPER, elem, 0.30))

    out = canvas.finish()

    # Text is drawn at the final size, over the shrunk shapes.
    out.blit(label_surf, (round(index_cx - label_surf.get_width() / 2), round(label_top)))
    turned = pygame.transform.rotate(label_surf, 180)
    out.blit(
        turned, (round(w - index_cx - turned.get_width() / 2), round(h - label_top - turned.get_height()))
    )

    language = cardset.language or "ja"
    name, translation = _primary_secondary(spec.name, language)

    if rank > 10:
        # The court's "portrait" is its rune written large.
        ix, iy, iw, ih = inner
        big_px = round(min(iw * 0.62, ih * 0.5) / max(1, min(len(name), 3)) * (1 if len(name) <= 1 else 1.15))
        big = tight_text(name, max(8, big_px), ink)
        if big.get_width() > iw * 0.8:
            big = tight_text(name, max(8, round(big_px * iw * 0.8 / big.get_width())), ink)
        court = tight_text(label, max(8, round(w * 0.09)), mix(ink, PAPER, 0.15), bold=True)
        out.blit(
            big, (round(ix + (iw - big.get_width()) / 2), round(iy + (ih - big.get_height()) / 2 - ih * 0.04))
        )
        cy = iy + (ih + big.get_height()) / 2 + ih * 0.04
        out.blit(
            court,
            (
                round(ix + (iw - court.get_width()) / 2),
                round(min(cy, iy + ih - court.get_height() - w * 0.02)),
            ),
        )

    inner_w = nw - w * 0.07
    ja_font, ja_lines = fit_lines(name, inner_w, 1, max(8, round(w * 0.125)), 7)
    en_font, en_lines = fit_lines(translation, inner_w, 2, max(7, round(w * 0.062)), 6)
    block = text_block_height(ja_font, ja_lines, 0.95) + text_block_height(en_font, en_lines, 0.95)
    y = ny + (nh - block) / 2
    y = blit_lines(out, ja_font, ja_lines, INK, nx + nw / 2, y, 0.95)
    blit_lines(out, en_font, en_lines, SOFT_INK, nx + nw / 2, y, 0.95)
    return out


# --- template: generic ---------------------------------------------------------------------------


def _number_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return str(value.get("ja") or value.get("en") or "")
    return "" if value is None else str(value)


def draw_generic(cardset: CardSet, spec: CardSpec, w: int, h: int) -> pygame.Surface:
    """A plain but tidy face for any set without its own template: names, code, cost, points, text."""
    accent = colour(cardset.meta.get("colour"), "#5a6b8c")
    element = spec.get("element")
    if element:
        accent = element_colour(cardset, element)
    canvas = Canvas(w, h, _supersample(w))
    _card_base(canvas, w, h)
    pad = w * 0.06
    header = (pad, pad, w - 2 * pad, h * 0.2)
    canvas.framed_rect(
        header, w * 0.03, max(0.75, w * 0.007), mix(accent, INK, 0.2), mix(PAPER, accent, 0.35)
    )
    art = (pad, h * 0.28, w - 2 * pad, h * 0.25)
    canvas.framed_rect(art, w * 0.02, max(0.6, w * 0.005), mix(accent, PAPER, 0.3), mix(PAPER, accent, 0.12))
    box = (pad, h * 0.57, w - 2 * pad, h * 0.32)
    canvas.framed_rect(box, w * 0.02, max(0.6, w * 0.005), mix(accent, PAPER, 0.3), PAPER)

    cost = _number_text(spec.get("cost"))
    points = _number_text(spec.get("points"))
    badge = w * 0.085
    if cost:
        canvas.circle((pad + badge * 0.9, h * 0.245), badge, mix(accent, INK, 0.35))
    if points:
        canvas.circle((w - pad - badge * 0.9, h * 0.245), badge, (196, 150, 40, 255))
    out = canvas.finish()

    language = cardset.language or "ja"
    name, translation = _primary_secondary(spec.name, language)
    hx, hy, hw, hh = header
    ja_font, ja_lines = fit_lines(name, hw * 0.88, 2, max(8, round(w * 0.1)), 7)
    en_font, en_lines = fit_lines(translation, hw * 0.88, 1, max(7, round(w * 0.055)), 6)
    block = text_block_height(ja_font, ja_lines, 0.95) + text_block_height(en_font, en_lines, 0.95)
    y = blit_lines(out, ja_font, ja_lines, INK, hx + hw / 2, hy + (hh - block) / 2, 0.95)
    blit_lines(out, en_font, en_lines, SOFT_INK, hx + hw / 2, y, 0.95)

    # The art window shows the name's first character large and faint, so cards tell apart at a glance.
    ax, ay, aw, ah = art
    if name:
        mark = tight_text(name[0], max(8, round(ah * 0.7)), mix(PAPER, accent, 0.45))
        out.blit(mark, (round(ax + (aw - mark.get_width()) / 2), round(ay + (ah - mark.get_height()) / 2)))

    for value, cx in ((cost, pad + badge * 0.9), (points, w - pad - badge * 0.9)):
        if value:
            surf = tight_text(value, max(7, round(badge * 1.1)), (255, 255, 255, 255), bold=True)
            out.blit(surf, (round(cx - surf.get_width() / 2), round(h * 0.245 - surf.get_height() / 2)))

    bx, by, bw, bh = box
    body = as_text(spec.get("text"))
    first, second = _primary_secondary(body, language)
    if first or second:
        # Shrink body and translation together until both fit the box.
        scale = 1.0
        while True:
            t_font, t_lines = fit_lines(first, bw * 0.9, 99, max(6, round(w * 0.062 * scale)), 6)
            s_font, s_lines = fit_lines(second, bw * 0.9, 99, max(6, round(w * 0.05 * scale)), 6)
            gap = bh * 0.03 if second else 0.0
            height = text_block_height(t_font, t_lines) + gap + text_block_height(s_font, s_lines)
            if height <= bh * 0.9 or t_font.get_height() <= 9:
                break
            scale *= 0.92
        y = blit_lines(out, t_font, t_lines, INK, bx + bw / 2, by + (bh - height) / 2)
        if s_lines:
            blit_lines(out, s_font, s_lines, SOFT_INK, bx + bw / 2, y + gap)

    code = tight_text(spec.code, max(6, round(w * 0.045)), SOFT_INK)
    out.blit(code, (round(pad), round(h - pad * 0.5 - code.get_height() - h * 0.01)))
    return out


# --- backs ---------------------------------------------------------------------------------------


def _asanoha(surface: pygame.Surface, cell: float, fill: Sequence[int], width: int) -> None:
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
            # The two lattice neighbours on the next row.
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


def draw_back(cardset: CardSet, w: int, h: int) -> pygame.Surface:
    """The shared back: a white rim, an indigo field in the hemp-leaf pattern, and a round crest."""
    back = colour(cardset.meta.get("back_colour"), BACK_COLOUR)
    line = mix(back, (255, 255, 255), 0.28)
    scale = _supersample(w)
    canvas = Canvas(w, h, scale)
    _card_base(canvas, w, h)
    rim = w * 0.06
    field = (rim, rim, w - 2 * rim, h - 2 * rim)
    radius = w * 0.03
    canvas.rounded_rect(field, radius, back)

    # The pattern is drawn on its own layer, clipped to the rounded field through an alpha mask.
    fw, fh = round(field[2] * scale), round(field[3] * scale)
    pattern = pygame.Surface((fw, fh), pygame.SRCALPHA)
    pattern.fill(back)
    _asanoha(pattern, w * 0.16 * scale, line, max(1, round(w * 0.006 * scale)))
    mask = pygame.Surface((fw, fh), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius * scale))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit_scaled(pattern, (field[0], field[1]))

    # An inner rule and a crest with the four elements' colours around a ring.
    rule = w * 0.025
    inner = (rim + rule, rim + rule, w - 2 * (rim + rule), h - 2 * (rim + rule))
    canvas_line = max(0.6, w * 0.006)
    ix, iy, iw, ih = inner
    for a, b in (
        ((ix, iy), (ix + iw, iy)),
        ((ix + iw, iy), (ix + iw, iy + ih)),
        ((ix + iw, iy + ih), (ix, iy + ih)),
        ((ix, iy + ih), (ix, iy)),
    ):
        canvas.line(a, b, mix(back, (255, 255, 255), 0.55), canvas_line)
    centre = (w / 2, h / 2)
    r = w * 0.2
    canvas.circle(centre, r * 1.08, mix(back, (255, 255, 255), 0.55))
    canvas.circle(centre, r, back)
    canvas.circle(centre, r * 0.84, mix(back, (255, 255, 255), 0.55), width=canvas_line)
    for k, element in enumerate(("wind", "fire", "water", "earth")):
        angle = -math.pi / 2 + k * math.pi / 2
        pos = (centre[0] + math.cos(angle) * r * 0.52, centre[1] + math.sin(angle) * r * 0.52)
        canvas.circle(pos, r * 0.2, element_colour(cardset, element))
    star = []
    for k in range(8):
        angle = -math.pi / 2 + k * math.pi / 4
        rr = r * (0.3 if k % 2 == 0 else 0.1)
        star.append((centre[0] + math.cos(angle) * rr, centre[1] + math.sin(angle) * rr))
    canvas.polygon(star, mix(back, (255, 255, 255), 0.8))
    return canvas.finish()


# --- the renderer --------------------------------------------------------------------------------

TEMPLATES: dict[str, Template] = {
    "playing_card": draw_playing_card,
    "generic": draw_generic,
}


class CardRenderer:
    """Faces and backs of one card set, drawn on demand at any width and kept for reuse.

    The cache is keyed by (code, width) and bounded (least recently used first out), because a
    window resized many times would otherwise keep every size of every face.
    """

    def __init__(self, cardset: CardSet, max_cached: int = 600) -> None:
        self.cardset = cardset
        self.max_cached = max_cached
        self._cache: OrderedDict[tuple[str, str, int], pygame.Surface] = OrderedDict()

    def template_for(self, spec: CardSpec) -> Template:
        """The drawing function for a card: its own `template` field, else the set's, else generic."""
        name = spec.get("template") or self.cardset.template
        return TEMPLATES.get(str(name), draw_generic)

    def _cached(self, key: tuple[str, str, int], draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = draw()
        self._cache[key] = surf
        while len(self._cache) > self.max_cached:
            self._cache.popitem(last=False)
        return surf

    def face(self, spec: CardSpec, width: int) -> pygame.Surface:
        """The face of `spec`, `width` pixels wide and `card_height(width)` tall."""
        width = max(8, int(width))
        height = card_height(width)
        return self._cached(
            ("face", spec.code, width), lambda: self.template_for(spec)(self.cardset, spec, width, height)
        )

    def back(self, width: int) -> pygame.Surface:
        """The set's back, `width` pixels wide."""
        width = max(8, int(width))
        return self._cached(("back", "", width), lambda: draw_back(self.cardset, width, card_height(width)))

    def clear(self) -> None:
        """Forget every drawn face, e.g. after the card set was reloaded."""
        self._cache.clear()

"""Card faces and backs drawn from a card set's face template (YAML), one renderer for screen and print.

The template (cards/faces/*.yaml, format in cards/faces.schema.json) is read and resolved per card by
the pure cardtable.cardsets.faces; this module only paints the resolved boxes with the shared
primitives (primitives.py) at exactly the pixel size asked for, so faces stay sharp at 4K and in
300 dpi print sheets: nothing is ever scaled up from a small bitmap. Text is fitted with the pure
layout (layout.py): the largest size in the box's range at which it wraps, with kinsoku, inside the
box, the other language beneath.

    renderer = CardRenderer(cardset)
    renderer.face(spec, 180)                        # 180 x 251 px, cached
    renderer.face(spec, 744, bleed=True)            # a print face at 300 dpi with its bleed
    renderer.face(spec, 180, side="awakened")       # the other side of a two-sided card
    renderer.drawn(spec, 180).texts                 # where every text went, to check it fits

Faces are cached by (card, width, side, bleed, template version, language), least recently used first out. The
template and the images are re-read when their files change (checked at most once a second), so a
designer's edit shows at once. A broken template falls back to the generic one and a missing image
is drawn as a marked placeholder (a red-crossed box with the file's name; a card whose whole face is
its art is drawn from the template with a red label); both are listed in `problems` and logged, never
raised.

All surfaces are SRCALPHA and never `convert_alpha()`ed here, so rendering works before `set_mode()`.
"""

from __future__ import annotations

import io
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from cardtable.cardsets.faces import (
    Box,
    Face,
    FaceTemplate,
    back_choice,
    face_template,
    resolve_back,
    resolve_face,
)
from cardtable.limits import FileRefused, read_limited
from cardtable.rules.cards import CardSet, CardSpec

from .images import ImageStore
from .layout import (
    FLOOR_PX,
    Rect,
    Scale,
    align_x,
    align_y,
    inner_rect,
    layout_text,
    mark_positions,
    pixel_rect,
    tight_px,
)
from .primitives import (
    FaceFonts,
    Layer,
    draw_die,
    draw_pattern,
    draw_pip,
    draw_shape,
    face_fonts,
    ink,
    patches,
    rounded_mask,
    supersample,
)

log = logging.getLogger(__name__)

# Poker size, 63 x 88 mm: every bundled set's cards, and what the table's sprites assume.
CARD_ASPECT = 88 / 63
RGBA = tuple[int, int, int, int]
INK: RGBA = (34, 34, 40, 255)
PLACEHOLDER_RED: RGBA = (206, 32, 41, 255)  # a missing image's mark, and a proof's warning corner

# How much of a badge's shape its number may fill (width, height) and where its middle is (dy).
_BADGE_INNER = {
    "circle": (0.62, 0.58, 0.0),
    "ellipse": (0.62, 0.58, 0.0),
    "star": (0.40, 0.36, 0.04),
    "shield": (0.62, 0.5, -0.05),
    "diamond": (0.48, 0.44, 0.0),
    "hexagon": (0.64, 0.58, 0.0),
    "rect": (0.8, 0.7, 0.0),
    "rounded": (0.78, 0.68, 0.0),
}


def card_height(width: int) -> int:
    """The height of a poker-size card `width` pixels wide."""
    return max(1, round(width * CARD_ASPECT))


@dataclass(frozen=True)
class PlacedText:
    """Where one box's text went on a face, in the face's pixels: for checking that it fits."""

    box: str
    area: tuple[int, int, int, int]  # the box (inside its padding), whole pixels
    lines: tuple[tuple[int, int, int, int], ...]  # each drawn line's rectangle
    text: str
    px: int
    fits: bool
    dropped: bool = False  # the language beneath was left off for want of room
    left_off: bool = False  # the whole text was left off: it fits nowhere at this size (the tooltip has it)


@dataclass
class Drawn:
    """A drawn face with what went where."""

    surface: pygame.Surface
    texts: list[PlacedText] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class _Painter:
    """Paints one resolved face at one size."""

    def __init__(
        self, face: Face, width: int, images: ImageStore, bleed: bool | float, fonts: FaceFonts | None = None
    ) -> None:
        self.face = face
        self.images = images
        w_mm, h_mm = face.size_mm
        px_per_mm = width / w_mm
        # True: the template's bleed; a number: that many mm (a print run asking for bleed the
        # template does not name)
        self.bleed = (face.bleed_mm if bleed else 0.0) if isinstance(bleed, bool) else float(bleed)
        self.scale = Scale(px_per_mm, self.bleed)
        self.size = (
            round((w_mm + 2 * self.bleed) * px_per_mm),
            round((h_mm + 2 * self.bleed) * px_per_mm) if bleed else max(1, round(width * h_mm / w_mm)),
        )
        self.ss = supersample(width)
        self.fonts = fonts or face_fonts()
        self.texts: list[PlacedText] = []
        self.problems: list[str] = []
        self.clip_corners = False

    # -- the whole face --------------------------------------------------------------------------

    def paint(self) -> Drawn:
        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        art = self.face.image
        missing = None
        if art is not None:
            image = self.images.fitted(art, self.size, "cover")
            if image is not None:
                surface.blit(image, (0, 0))
                self._round(surface, force=True)
                return Drawn(surface, [], [])
            self.problems.append(self.images.problems.get(art.path, f"image {art.describe()} not drawn"))
            missing = art
        self._base(surface)
        for box in self.face.boxes:
            self._box(surface, box)
        if missing is not None:
            # the card's own face is its art: drawn from the template instead, marked along the top
            w, h = self.face.size_mm
            self._placeholder(
                surface, self.scale.rect((w * 0.12, 0.8, w * 0.76, h * 0.07)), missing, cross=False
            )
        self._round(surface)
        return Drawn(surface, self.texts, self.problems)

    def _placeholder(self, target: pygame.Surface, rect: Rect, ref: Any, cross: bool = True) -> None:
        """Where an image is missing: a pale box edged and crossed in red with the file's name, so a
        print or a playtest shows at a glance what still needs art (and never a silent gap)."""
        left, top, w, h = pixel_rect(rect)
        if w < 2 or h < 2:
            return
        line = max(1, round(min(w, h) * 0.02))
        pygame.draw.rect(target, (238, 236, 232, 255), (left, top, w, h))
        if cross:
            pygame.draw.line(target, PLACEHOLDER_RED, (left, top), (left + w - 1, top + h - 1), line)
            pygame.draw.line(target, PLACEHOLDER_RED, (left, top + h - 1), (left + w - 1, top), line)
        pygame.draw.rect(target, PLACEHOLDER_RED, (left, top, w, h), line)
        name = ref.path.name if hasattr(ref, "path") else str(ref)
        label_h = min(h * 0.5, max(h * 0.22, self.scale.length(2.6)))
        label = (left + w * 0.06, top + (h - label_h) / 2, w * 0.88, label_h)
        if cross:
            pygame.draw.rect(target, (238, 236, 232, 255), pixel_rect(_grow(label, line)))
        before = len(self.texts)
        self._tight(
            target,
            Box("missing", "text", (0, 0, 0, 0)),
            f"missing: {name}",
            label,
            label_h,
            PLACEHOLDER_RED,
            True,
        )
        del self.texts[before:]  # the label is the renderer's, not the designer's text

    def _round(self, surface: pygame.Surface, force: bool = False) -> None:
        """Round the corners of what images drew over them (print faces with bleed keep them square)."""
        if self.bleed or not (force or self.clip_corners):
            return
        mask = rounded_mask(self.size, self.scale.length(self.face.corner_mm))
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)

    def _base(self, surface: pygame.Surface) -> None:
        """The paper, with rounded corners on screen (square over the bleed in print), and the frame."""
        face = self.face
        full = (0.0, 0.0, float(self.size[0]), float(self.size[1]))
        paper = face.background or (252, 250, 243, 255)
        radius = 0.0 if self.bleed else self.scale.length(face.corner_mm)
        frame = face.frame
        framed = None
        if frame and frame["colour"] is not None and frame["width_mm"] > 0:
            inset = frame["inset_mm"]
            r = frame["radius_mm"]
            framed = (
                self.scale.rect((inset, inset, face.size_mm[0] - 2 * inset, face.size_mm[1] - 2 * inset)),
                self.scale.length(frame["width_mm"]),
                self.scale.length(r if r is not None else max(0.0, face.corner_mm - inset)),
                frame["fill"] or paper,
                frame["colour"],
                inset == 0 and not self.bleed,
            )

        def draw(layer: Layer) -> None:
            if framed is None or not framed[5]:
                draw_shape(layer, "rounded", full, paper, None, 0, radius)
            if framed is not None:
                rect, line, r_px, fill, colour, _ = framed
                draw_shape(layer, "rounded", rect, fill, colour, line, r_px)

        key = ("base", self.size, paper, radius, framed)
        self._patch(surface, full, paper, key, draw)

    def _patch(self, target: pygame.Surface, area: Rect, clear: Any, key: tuple[Any, ...], draw: Any) -> None:
        """Shapes drawn supersampled over `area` (or the same patch from the cache) onto the face."""
        surface, pos = patches().patch(area, self.ss, clear or INK, key, draw)
        target.blit(surface, pos)

    # -- boxes ------------------------------------------------------------------------------------

    def _box(self, surface: pygame.Surface, box: Box) -> None:
        rect = self.scale.rect(box.rect)
        if box.rotate % 360 == 0:
            self._paint_box(surface, box, rect)
            return
        # A turned box is painted upright on its own patch, then turned into place.
        left, top, w, h = pixel_rect(rect)
        turned = box.rotate % 180 != 0
        patch_size = (h, w) if turned else (w, h)
        patch = pygame.Surface(patch_size, pygame.SRCALPHA)
        local = (rect[0] - left, rect[1] - top, rect[2], rect[3])
        if turned:
            local = (rect[1] - top, rect[0] - left, rect[3], rect[2])
        before = len(self.texts)
        self._paint_box(patch, box, local)
        rotated = pygame.transform.rotate(patch, -box.rotate)
        surface.blit(rotated, (left, top))
        for i in range(before, len(self.texts)):
            placed = self.texts[i]
            self.texts[i] = PlacedText(
                placed.box,
                _turn(placed.area, patch_size, box.rotate, (left, top)),
                tuple(_turn(line, patch_size, box.rotate, (left, top)) for line in placed.lines),
                placed.text,
                placed.px,
                placed.fits,
                placed.dropped,
                placed.left_off,
            )

    def _paint_box(self, target: pygame.Surface, box: Box, rect: Rect) -> None:
        props = box.props
        kind = box.kind
        if kind == "panel":
            self._panel(target, props, rect)
        elif kind == "text":
            self._text(target, box, props, rect)
        elif kind == "badge":
            self._badge(target, box, props, rect)
        elif kind == "icon":
            self._icons(target, props, rect)
        elif kind == "image":
            self._image(target, props, rect)
        elif kind == "marks":
            self._marks(target, props, rect)

    def _panel(self, target: pygame.Surface, props: Mapping[str, Any], rect: Rect) -> None:
        fill, edge = props["fill"], props["edge"]
        if fill is None and edge is None:
            return
        radius = self.scale.length(props["radius_mm"])
        line = self.scale.length(props["edge_mm"])
        shape, points = props["shape"], props["points"]
        pattern = props["pattern"] if fill is not None else None
        pattern_colour = props["pattern_colour"] or fill
        cell = self.scale.length(props["pattern_mm"])

        def draw(layer: Layer) -> None:
            if pattern == "asanoha":
                draw_pattern(layer, rect, shape, radius, fill, pattern_colour, cell)
                if edge is not None:
                    draw_shape(layer, shape, rect, None, edge, line, radius, points)
            else:
                draw_shape(layer, shape, rect, fill, edge, line, radius, points)

        key = (
            "panel",
            shape,
            fill,
            edge,
            _r(line),
            _r(radius),
            points,
            pattern,
            pattern_colour,
            _r(cell),
            _r(rect[2]),
            _r(rect[3]),
        )
        self._patch(target, _grow(rect, 1), fill or edge, key, draw)

    def _text(self, target: pygame.Surface, box: Box, props: Mapping[str, Any], rect: Rect) -> None:
        area = inner_rect(rect, self.scale.length(props["padding_mm"]))
        low, high = (self.scale.pt(v) for v in props["size_pt"])
        bold = props["bold"]
        if props["tight"]:
            self._tight(
                target, box, props["text"], area, high, props["colour"], bold, props["align"], props["valign"]
            )
            return
        # Icon tokens ({six}) stand in the text as one private-use character each, as wide as a letter
        # is high, so wrapping and kinsoku treat an icon as a character.
        chars: dict[str, Mapping[str, Any]] = {}
        first_text, second_text = props["text"], props["second"]
        if props.get("inline_icons"):
            first_text, second_text = (
                _tokens(t, props["inline_icons"], chars) for t in (first_text, second_text)
            )
        measure = self.fonts.measure(bold)
        if chars:
            measure = _with_icons(measure, chars)
        while True:
            fit = layout_text(
                measure,
                first_text,
                second_text,
                (area[2], area[3]),
                (low, high),
                second_scale=props["second_scale"],
                leading=props["leading"],
                max_lines=props["lines"],
            )
            # Widths were summed from glyph advances; the rendered lines are the truth (kerned
            # Latin can come out a pixel wider): a line too wide means one size smaller.
            blocks = []
            widest = 0
            for block, colour in ((fit.first, props["colour"]), (fit.second, props["second_colour"])):
                if block is not None:
                    surfs = [
                        self._line(line, block.px, colour or INK, bold, chars) if line else None
                        for line in block.lines
                    ]
                    widest = max([widest, *(s.get_width() for s in surfs if s is not None)])
                    blocks.append((block, surfs))
            if widest <= area[2] + 0.01 or fit.first.px <= FLOOR_PX:
                break
            high = fit.first.px - 1
            low = min(low, high)
        fits = fit.fits and widest <= area[2] + 0.01
        y = align_y(props["valign"], area[1], area[3], fit.height)
        placed: list[tuple[int, int, int, int]] = []
        # A text that fits its box at no size is left off rather than run over the face: a card drawn
        # smaller than its template allows (a set-aside card, a small opponent's hand) keeps its
        # other texts readable, and the tooltip carries the whole card.
        for block, surfs in blocks if fits else []:
            for i, surf in enumerate(surfs):
                if surf is None:
                    continue
                x = round(align_x(props["align"], area[0], area[2], surf.get_width()))
                top = round(y + i * block.step)
                target.blit(surf, (x, top))
                placed.append((x, top, surf.get_width(), surf.get_height()))
            y += block.height + fit.gap
        text = props["text"] + ("\n" + props["second"] if fit.second is not None else "")
        self.texts.append(
            PlacedText(
                box.id, pixel_rect(area), tuple(placed), text, fit.first.px, fits, fit.dropped, not fits
            )
        )
        if not fits:
            self.problems.append(
                f"box {box.id}: the text does not fit even at {fit.first.px} px: {text[:40]!r}"
            )

    def _line(
        self, line: str, px: int, colour: RGBA, bold: bool, chars: Mapping[str, Mapping[str, Any]]
    ) -> pygame.Surface:
        """One line of text at `px`, its icon characters drawn as the icons they stand for."""
        if not chars or not any(ch in chars for ch in line):
            return self.fonts.render(line, px, colour, bold)
        pieces = [piece for piece in re.split(f"([{''.join(chars)}])", line) if piece]
        height = self.fonts.heights(px, bold)[0]
        widths = [
            _icon_advance(px) if piece in chars else self.fonts.width(piece, px, bold) for piece in pieces
        ]
        surface = pygame.Surface((max(1, sum(widths)), height), pygame.SRCALPHA)
        x = 0
        for piece, width in zip(pieces, widths, strict=True):
            if piece in chars:
                side = px * INLINE_ICON_EM
                self._icon(surface, chars[piece], (x + (width - side) / 2, (height - side) / 2, side, side))
            else:
                surface.blit(self.fonts.render(piece, px, colour, bold), (x, 0))
            x += width
        return surface

    def _tight(
        self,
        target: pygame.Surface,
        box: Box,
        text: str,
        area: Rect,
        max_px: float,
        colour: RGBA | None,
        bold: bool,
        align: str = "center",
        valign: str = "middle",
        dy: float = 0.0,
    ) -> None:
        """One line placed by its inked outline, as large as fits `area` (big glyphs, numbers)."""
        if not text:
            return
        probe = max(8, round(max_px))
        px = tight_px(probe, self.fonts.ink_size(text, probe, bold), (area[2], area[3]), max_px)
        glyphs = ink(self.fonts.render(text, px, colour or INK, bold))
        # Hinting can make the real ink a pixel larger than the metrics promised.
        while (glyphs.get_width() > area[2] + 0.5 or glyphs.get_height() > area[3] + 0.5) and px > FLOOR_PX:
            px -= 1
            glyphs = ink(self.fonts.render(text, px, colour or INK, bold))
        x = round(align_x(align, area[0], area[2], glyphs.get_width()))
        y = round(align_y(valign, area[1], area[3], glyphs.get_height()) + dy)
        fits = glyphs.get_width() <= area[2] + 0.5 and glyphs.get_height() <= area[3] + 0.5
        line = (x, y, glyphs.get_width(), glyphs.get_height())
        if fits:  # as for any text: left off rather than run over the face
            target.blit(glyphs, (x, y))
        self.texts.append(
            PlacedText(box.id, pixel_rect(area), (line,) if fits else (), text, px, fits, False, not fits)
        )

    def _badge(self, target: pygame.Surface, box: Box, props: Mapping[str, Any], rect: Rect) -> None:
        shape, fill, edge, points = props["shape"], props["fill"], props["edge"], props["points"]
        line, radius = self.scale.length(props["edge_mm"]), self.scale.length(props["radius_mm"])

        def draw(layer: Layer) -> None:
            draw_shape(layer, shape, rect, fill, edge, line, radius, points)

        key = (
            "panel",
            shape,
            fill,
            edge,
            _r(line),
            _r(radius),
            points,
            None,
            None,
            0,
            _r(rect[2]),
            _r(rect[3]),
        )
        self._patch(target, _grow(rect, 1), fill or edge, key, draw)
        fw, fh, dy = _BADGE_INNER.get(shape, (0.7, 0.6, 0.0))
        x, y, w, h = rect
        inner = (x + w * (1 - fw) / 2, y + h * (1 - fh) / 2 + h * dy, w * fw, h * fh)
        high = self.scale.pt(props["size_pt"][1])
        self._tight(target, box, props["text"], inner, high, props["colour"], props["bold"])

    def _icons(self, target: pygame.Surface, props: Mapping[str, Any], rect: Rect) -> None:
        x, y, w, h = rect
        side = h
        gap = self.scale.length(props["gap_mm"])
        icons = props["icons"]
        total = len(icons) * side + (len(icons) - 1) * gap
        if total > w:  # more icons than room: shrink them all alike
            side = (w - (len(icons) - 1) * gap) / len(icons)
            total = w
        left = align_x(props["align"], x, w, total)
        for icon in icons:
            self._icon(target, icon, (left, y + (h - side) / 2, side, side))
            left += side + gap

    def _icon(
        self, target: pygame.Surface, icon: Mapping[str, Any], rect: Rect, turned: bool = False
    ) -> None:
        x, y, w, h = rect
        if icon.get("image") is not None:
            left, top, pw, ph = pixel_rect(rect)
            image = self.images.fitted(icon["image"], (pw, ph), "contain")
            if image is not None:
                target.blit(pygame.transform.rotate(image, 180) if turned else image, (left, top))
                return
            self.problems.append(self.images.problems.get(icon["image"].path, "icon image not drawn"))
        shape, fill, edge = icon.get("shape"), icon.get("fill"), icon.get("edge")
        die, suit, colour = icon.get("die"), icon.get("suit"), icon.get("colour") or INK
        line = max(1.0, min(w, h) * 0.07)

        def draw(layer: Layer) -> None:
            if die:
                draw_die(layer, int(die), rect, fill or (252, 250, 243, 255), edge or INK, colour, line)
            elif suit:
                if shape:
                    draw_shape(layer, shape, rect, fill, edge, line, min(w, h) * 0.2)
                draw_pip(layer, suit, (x + w / 2, y + h / 2), h * (0.62 if shape else 0.95), colour, turned)
            elif shape:
                draw_shape(layer, shape, rect, fill, edge, line if edge else 0, min(w, h) * 0.2)

        if die or suit or shape:
            key = ("icon", shape, fill, edge, die, suit, colour, turned, _r(w), _r(h))
            self._patch(target, _grow(rect, 1), fill or edge or colour, key, draw)
        glyph = icon.get("glyph")
        if glyph:
            inner = (x + w * 0.2, y + h * 0.2, w * 0.6, h * 0.6)
            before = len(self.texts)
            self._tight(target, Box("icon", "icon", (0, 0, 0, 0)), glyph, inner, h, icon.get("colour"), True)
            del self.texts[before:]  # glyphs are sized to their icon; only text boxes are reported

    def _image(self, target: pygame.Surface, props: Mapping[str, Any], rect: Rect) -> None:
        left, top, w, h = pixel_rect(rect)
        image = self.images.fitted(props["image"], (w, h), props["fit"])
        if image is None:
            self.problems.append(
                self.images.problems.get(props["image"].path, f"image {props['image'].describe()} not drawn")
            )
            self._placeholder(target, rect, props["image"])
            return
        radius = self.scale.length(props["radius_mm"])
        if radius > 0:
            image = image.copy()
            image.blit(rounded_mask((w, h), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        target.blit(image, (left, top))
        self.clip_corners = True

    def _marks(self, target: pygame.Surface, props: Mapping[str, Any], rect: Rect) -> None:
        size = self.scale.length(props["size_mm"])
        marks = mark_positions(
            props["layout"],
            rect,
            size,
            count=props.get("count", 1),
            edges=props.get("edges", ()),
            gap=self.scale.length(props["gap_mm"]),
            inset=self.scale.length(props["inset_mm"]),
            turn_lower=props["turn_lower"],
        )
        kind = props["mark"]
        line = self.scale.length(props["edge_mm"])
        for mark in marks:
            cx, cy = mark.centre
            box = (cx - size / 2, cy - size / 2, size, size)
            if props["icon"] is not None:
                self._icon(target, props["icon"], box, mark.turned)
                continue
            value: Any = None
            if kind == "die":
                try:
                    value = int(mark.value)  # type: ignore[arg-type]
                except (TypeError, ValueError):
                    continue
            self._mark(target, props, kind, value, box, mark.centre, mark.turned, line)

    def _mark(
        self,
        target: pygame.Surface,
        props: Mapping[str, Any],
        kind: str,
        value: Any,
        box: Rect,
        centre: tuple[float, float],
        turned: bool,
        line: float,
    ) -> None:
        fill, edge, colour = props["fill"], props["edge"], props["colour"] or INK
        suit, points, size = props["suit"] or "", props["points"], box[2]

        def draw(layer: Layer) -> None:
            if kind == "die":
                draw_die(layer, value, box, fill, edge, colour, line)
            elif kind == "suit":
                draw_pip(layer, suit, centre, size, colour, turned)
            else:
                draw_shape(layer, kind, box, colour, None, 0, size * 0.2, points)

        key = ("mark", kind, value, suit, fill, edge, colour, _r(line), _r(size), turned, points)
        self._patch(target, _grow(box, 1), fill if kind == "die" else colour, key, draw)


INLINE_ICON_EM = 0.9  # an inline icon's side, in the text's pixel size
_ICON_CHARS = 0xE000  # the first private-use character standing for an inline icon


def _icon_advance(px: int) -> int:
    """How much of a line an inline icon takes: its side and a little room either side."""
    return max(1, round(px * (INLINE_ICON_EM + 0.12)))


def _tokens(text: str, icons: Mapping[str, Mapping[str, Any]], chars: dict[str, Mapping[str, Any]]) -> str:
    """`text` with each `{name}` of an icon replaced by its own private-use character (kept in `chars`)."""

    def swap(match: re.Match[str]) -> str:
        icon = icons.get(match.group(1))
        if icon is None:
            return match.group(0)
        for char, known in chars.items():
            if known is icon:
                return char
        char = chr(_ICON_CHARS + len(chars))
        chars[char] = icon
        return char

    return _TOKEN.sub(swap, text) if text else text


_TOKEN = re.compile(r"\{([A-Za-z0-9_]+)\}")


class _IconMeasure:
    """A font measure (layout.FontMetrics) for text holding icon characters."""

    def __init__(self, inner: Any, chars: Mapping[str, Any], px: int) -> None:
        self.inner, self.chars, self.px = inner, chars, px

    def size(self, text: str) -> tuple[int, int]:
        icons = sum(1 for ch in text if ch in self.chars)
        if not icons:
            return self.inner.size(text)
        width, height = self.inner.size("".join(ch for ch in text if ch not in self.chars))
        return width + icons * _icon_advance(self.px), height

    def get_height(self) -> int:
        return self.inner.get_height()

    def get_linesize(self) -> int:
        return self.inner.get_linesize()


def _with_icons(measure: Any, chars: Mapping[str, Any]) -> Any:
    return lambda px: _IconMeasure(measure(px), chars, max(1, int(px)))


def _bleed_key(bleed: bool | float) -> Any:
    """A cache key part that keeps `True` (the template's bleed) apart from 1.0 mm (`True == 1.0`)."""
    return bleed if isinstance(bleed, bool) else ("mm", float(bleed))


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_bytesize() * surface.get_width() * surface.get_height()


def _r(value: float) -> float:
    """A length rounded for a cache key: patches closer than this look the same."""
    return round(value, 2)


def _grow(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return x - by, y - by, w + 2 * by, h + 2 * by


def _turn(
    rect: tuple[int, int, int, int], patch: tuple[int, int], degrees: int, origin: tuple[int, int]
) -> tuple[int, int, int, int]:
    """A rect on an upright patch, where it lands once the patch is turned `degrees` clockwise and placed."""
    x, y, w, h = rect
    pw, ph = patch
    d = degrees % 360
    if d == 180:
        x, y = pw - x - w, ph - y - h
    elif d == 90:
        x, y, w, h = ph - y - h, x, h, w
    elif d == 270:
        x, y, w, h = y, pw - x - w, h, w
    return x + origin[0], y + origin[1], w, h


MAX_FONT_BYTES = 32 * 1024 * 1024  # a CJK OpenType font is 5-20 MiB


class DesignerFonts:
    """The designer's own font (a template's `font: fonts/x.ttf`), read once and kept while the file
    stays the same.

    The file is read only from inside the card set's folder (a shared set cannot make the table read
    any file of its player's) and only as a regular file within MAX_FONT_BYTES (limits.read_limited);
    a font that is missing, outside, too big or not a font is one problem, logged once, and the faces
    are drawn with the bundled font.
    """

    def __init__(self) -> None:
        self._loaded: dict[Path, tuple[tuple[int, int] | None, FaceFonts | None, str]] = {}
        self.problems: dict[Path, str] = {}

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def for_template(self, template: FaceTemplate) -> tuple[FaceFonts, str]:
        """The fonts a template's faces are drawn with, and the problem that made them the bundled
        ones ("" when there is none)."""
        name = template.data.get("font")
        if not isinstance(name, str) or not name:
            return face_fonts(), ""
        path = (template.base_dir / name).expanduser()
        stamp = self._stamp(path)
        hit = self._loaded.get(path)
        if hit is None or hit[0] != stamp:
            fonts, problem = self._load(path, name, template.cards_dir, stamp)
            hit = (stamp, fonts, problem)
            self._loaded[path] = hit
            if problem:
                if self.problems.get(path) != problem:
                    log.warning("%s", problem)
                self.problems[path] = problem
            else:
                self.problems.pop(path, None)
        fonts = hit[1]
        return (fonts if fonts is not None else face_fonts()), hit[2]

    def _load(
        self, path: Path, name: str, root: Path, stamp: tuple[int, int] | None
    ) -> tuple[FaceFonts | None, str]:
        if stamp is None:
            return None, f"font {name!r} not found (looked for {path}); the bundled font is used"
        try:
            inside = path.resolve().is_relative_to(root.resolve())
        except OSError:
            inside = False
        if not inside:
            return None, f"font {name!r} is outside the card set's folder {root}; the bundled font is used"
        try:
            raw = read_limited(path, MAX_FONT_BYTES)
        except FileRefused as exc:
            return None, f"font {name!r}: {exc}; the bundled font is used"
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            pygame.font.Font(io.BytesIO(raw), 12).render("Aa", True, (0, 0, 0))
        except (pygame.error, OSError, ValueError) as exc:
            return None, f"font {name!r} is not a font pygame can read ({exc}); the bundled font is used"
        return FaceFonts(raw), ""

    def changed(self) -> bool:
        """Whether a font file read has changed on disk since."""
        return any(self._stamp(path) != stamp for path, (stamp, _, _) in self._loaded.items())


class CardRenderer:
    """Faces and backs of one card set, drawn from its template on demand at any width, and kept.

    The cache is keyed by (card, width, side, bleed, template version, language) and bounded (least recently
    used first out), because a window resized many times would otherwise keep every size of every
    face.
    """

    CHECK_EVERY_S = 1.0

    def __init__(
        self, cardset: CardSet, max_cached: int = 600, max_bytes: int = 192 << 20, language: str | None = None
    ) -> None:
        self.cardset = cardset
        # The language a face prints first (the table's; the set's own when None), the other beneath
        # where the template prints both. Part of the cache key, so a language change redraws.
        self.language = language
        self.max_cached = max_cached
        # Print faces are 3 MiB each: a count alone would let a print run keep gigabytes.
        self.max_bytes = max_bytes
        self._bytes = 0
        self.images = ImageStore()
        self.fonts = DesignerFonts()
        self._cache: OrderedDict[tuple[Any, ...], Drawn] = OrderedDict()
        self._template: FaceTemplate | None = None
        self._template_problems: list[str] = []
        self._checked = 0.0

    # -- the template ------------------------------------------------------------------------------

    @property
    def template(self) -> FaceTemplate:
        """The set's face template, re-read when its file (or an image it uses) changes."""
        now = time.monotonic()
        if self._template is None or now - self._checked > self.CHECK_EVERY_S:
            self._checked = now
            template, problems = face_template(self.cardset)
            changed = self._template is None or template.version != self._template.version
            if changed or self.images.changed() or self.fonts.changed():
                if self._template is not None:
                    self.clear()
                self._template = template
                self._template_problems = [str(p) for p in problems]
                for problem in problems:
                    log.warning("card faces of %s: %s", self.cardset.id, problem)
        return self._template

    @property
    def problems(self) -> list[str]:
        """Why something is not drawn as the designer asked: a broken template, a missing image."""
        return [*self._template_problems, *self.images.problems.values(), *self.fonts.problems.values()]

    def face_size(self, width: int) -> tuple[int, int]:
        """The size of a face `width` pixels wide (the template's proportions)."""
        width = max(8, int(width))
        return width, max(1, round(width * self.template.aspect))

    # -- drawing -----------------------------------------------------------------------------------

    def _cached(self, key: tuple[Any, ...], draw: Any) -> Drawn:
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        drawn = draw()
        self._cache[key] = drawn
        self._bytes += _bytes(drawn.surface)
        while len(self._cache) > 1 and (len(self._cache) > self.max_cached or self._bytes > self.max_bytes):
            _, old = self._cache.popitem(last=False)
            self._bytes -= _bytes(old.surface)
        return drawn

    def drawn(
        self, spec: CardSpec, width: int, side: str | None = None, *, bleed: bool | float = False
    ) -> Drawn:
        """The face of `spec` with where each text went and what could not be drawn."""
        template = self.template
        width = max(8, int(width))
        language = self.language
        key = ("face", spec.code, width, side, _bleed_key(bleed), template.version, language)

        def draw() -> Drawn:
            face = resolve_face(template, self.cardset, spec, side, language)
            fonts, problem = self.fonts.for_template(template)
            drawn = _Painter(face, width, self.images, bleed, fonts).paint()
            if problem:
                drawn.problems.insert(0, problem)
            return drawn

        return self._cached(key, draw)

    def face(
        self, spec: CardSpec, width: int, side: str | None = None, *, bleed: bool | float = False
    ) -> pygame.Surface:
        """The face of `spec`, `width` pixels wide (plus the bleed when asked, for print)."""
        return self.drawn(spec, width, side, bleed=bleed).surface

    def back(
        self, width: int, *, bleed: bool | float = False, spec: CardSpec | None = None
    ) -> pygame.Surface:
        """The back of `spec` (a template may give each kind of card its own, `back: {by, cases}`), or
        the set's default back (spec None: a hidden card, whose kind the table does not know),
        `width` pixels wide."""
        template = self.template
        width = max(8, int(width))
        choice = back_choice(template, self.cardset, spec)
        key = ("back", choice, width, None, _bleed_key(bleed), template.version)

        def draw() -> Drawn:
            fonts = self.fonts.for_template(template)[0]
            return _Painter(
                resolve_back(template, self.cardset, spec), width, self.images, bleed, fonts
            ).paint()

        return self._cached(key, draw).surface

    def cache_bytes(self) -> int:
        """Memory held by the cached faces' pixels."""
        return self._bytes

    def clear(self) -> None:
        """Forget every drawn face, e.g. after the card set was reloaded."""
        self._cache.clear()
        self._bytes = 0

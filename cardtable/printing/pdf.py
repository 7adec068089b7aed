"""Print-and-play PDF: faces from the table's renderer at 300 dpi, up to 3 x 3 a page, crop marks,
duplex backs, or a labelled proof sheet.

reportlab (BSD, maintained since 2000) writes the file: it embeds an RGB image Flate-compressed, that
is losslessly, so Japanese text drawn into the faces stays as crisp as the 300 dpi pixels, and it
stores an image drawn many times (a back, a card's copies) once. Each face is placed at its exact size
in points, so a card measures its template's millimetres whatever the pixel rounding. Nothing is
placed within 5 mm of the paper's edge (sheet.py). A face's pixels live only while its page is drawn,
so memory stays bounded by a page whatever the size of the set.

Pages go face, back, face, back...: print duplex, flipped on the long edge, and every back lands
behind its face (the back page is the face page mirrored left to right, `sheet.Sheet.slot`); a
template with a back per kind of card (`back: {by, cases}`) puts each card's own back there.

`--proof` prints one of each card with its code, count and warnings beneath it (checks.py) and a red
corner on each card that has any; no bleed, backs or crop marks.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from cardtable.cardsets.faces import back_choice
from cardtable.limits import TEMPLATE_NUMBERS
from cardtable.rules.cards import CardSet

from .checks import card_warnings, lint_by_card
from .output import output_file, write_output
from .pick import Printed, pick_cards
from .sheet import DEFAULT_BLEED_MM, MM_PER_INCH, PrintOptions, Sheet, px_for, sheet_for

Progress = Callable[[int, int], None]
PT_PER_MM = 72 / MM_PER_INCH
MARK_WIDTH_PT = 0.25
PROOF_LABEL_MM = 16.0  # under each card of a proof sheet: its code, count and warnings
PROOF_CORNER_MM = 9.0  # the red corner of a card with warnings
PROOF_RED = (206 / 255, 32 / 255, 41 / 255)


@dataclass(frozen=True)
class ExportReport:
    """What an export wrote, and what is wrong with the cards it printed (`CODE: message` each)."""

    path: Path
    cards: int
    pages: int
    seconds: float
    paper: str
    bleed_mm: float
    warnings: tuple[str, ...] = ()


def _renderer(cardset: CardSet) -> object:
    from cardtable.ui.render.cardface import CardRenderer

    pygame.font.init()  # faces need fonts only: no window
    # a whole print run passes through it once: keep little (a print face is 3 MiB)
    return CardRenderer(cardset, max_cached=8, max_bytes=64 << 20)


def _image(surface: pygame.Surface) -> object:
    """A face as an image reportlab embeds losslessly: RGB over white (a face's round corners)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    flat = pygame.Surface(surface.get_size())
    flat.fill((255, 255, 255))
    flat.blit(surface, (0, 0))
    pil = Image.frombytes("RGB", flat.get_size(), pygame.image.tobytes(flat, "RGB"))
    return ImageReader(pil)


def export_pdf(
    cardset: CardSet, out: Path, options: PrintOptions, progress: Progress | None = None
) -> ExportReport:
    """Write the print sheets of `cardset` to `out` (atomically); ValueError for an unknown card code,
    copies choice or paper, cards too big for the paper, or an `out` that is not a file export may
    write (OutputRefused: a device, a folder, a path the system refuses)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    # Binary streams: ASCII85 (reportlab's default) makes the file a quarter bigger for nothing.
    rl_config.useA85 = 0

    start = time.perf_counter()
    output_file(out)  # before a face is drawn: a device or a folder named as the PDF is refused at once
    renderer = _renderer(cardset)
    template = renderer.template  # type: ignore[attr-defined]
    printed = pick_cards(cardset, template.sides, options.cards, options.copies)
    if not printed:
        raise ValueError(f"{cardset.id}: no cards to print")
    if options.proof:  # a proof is one of each card, labelled: no bleed, no backs, no crop marks
        printed = list({(card.spec.code, card.side): card for card in printed}.values())
    bleed = 0.0
    low, high = TEMPLATE_NUMBERS["bleed_mm"]
    if options.bleed_mm is not None and not low <= options.bleed_mm <= high:  # a NaN is outside too
        raise ValueError(f"a bleed of {options.bleed_mm:g} mm: give {low:g} to {high:g} mm")
    if options.bleed and not options.proof:
        bleed = options.bleed_mm if options.bleed_mm is not None else (template.data.get("bleed_mm") or 0.0)
        bleed = float(bleed) or DEFAULT_BLEED_MM
    card_mm = template.size_mm
    slot_mm = (card_mm[0], card_mm[1] + PROOF_LABEL_MM) if options.proof else card_mm
    sheet = sheet_for(slot_mm, options.paper, bleed)
    backs = options.backs and not options.proof
    width_px = px_for(card_mm[0], options.dpi)
    page_w, page_h = sheet.page_mm
    canvas = Canvas(io.BytesIO(), pagesize=(page_w * PT_PER_MM, page_h * PT_PER_MM), pageCompression=1)
    canvas.setTitle(cardset.title.get("en") or cardset.id)
    canvas.setCreator("cardtable export")
    pages = [printed[i : i + sheet.per_page] for i in range(0, len(printed), sheet.per_page)]
    done = 0

    def key_of(card: Printed, back: bool) -> tuple[str, str | None]:
        if back and card.back_side is None:  # the set's back, or its kind's (one image per kind)
            return ("", back_choice(template, cardset, card.spec))
        return (card.spec.code, card.back_side if back else card.side)

    def image_of(card: Printed, back: bool) -> object:
        if back and card.back_side is None:
            return _image(renderer.back(width_px, bleed=bleed, spec=card.spec))  # type: ignore[attr-defined]
        side = card.back_side if back else card.side
        return _image(renderer.face(card.spec, width_px, side, bleed=bleed))  # type: ignore[attr-defined]

    # Memory is bounded by one page: a face's pixels are drawn, embedded (compressed) and let go; a
    # copy of a card on a later page, and the back, are drawn again by the name the PDF knows them by.
    names: dict[tuple[str, str | None], str] = {}
    warnings: dict[str, list[str]] = {}
    lint = lint_by_card(cardset)  # the set lint's per-card warnings, when the app has a lint
    for cards in pages:
        for back in (False, True) if backs else (False,):
            for index, card in enumerate(cards):
                key = key_of(card, back)
                label_mm = PROOF_LABEL_MM if options.proof else 0.0
                _place(
                    canvas, sheet, index, key, lambda c=card, b=back: image_of(c, b), back, names, label_mm
                )
                if back:
                    continue
                if card.spec.code not in warnings:
                    # drawn just now (the renderer's cache), so asking costs nothing
                    warnings[card.spec.code] = card_warnings(renderer, cardset, card, width_px, bleed, lint)
                if options.proof:
                    _label(canvas, sheet, index, card, warnings[card.spec.code], options.dpi)
                done += 1
                if progress is not None:
                    progress(done, len(printed))
            if not options.proof:
                _crop_marks(canvas, sheet)
            canvas.showPage()
    # The file's bytes once, straight to the atomic write: a buffer to save into would be a second copy
    # of the whole PDF (42 MiB for 2,000 distinct faces).
    data = canvas.getpdfdata()
    del canvas
    write_output(out, data)
    return ExportReport(
        out,
        len(printed),
        len(pages) * (2 if backs else 1),
        time.perf_counter() - start,
        options.paper,
        bleed,
        tuple(f"{code}: {message}" for code, found in warnings.items() for message in found),
    )


def _label(canvas: object, sheet: Sheet, index: int, card: Printed, warnings: list[str], dpi: int) -> None:
    """A proof card's label beneath it (code, count, each warning) and, when it has warnings, a red
    corner over its top-right corner."""
    x, y = sheet.slot(index)
    w, h = sheet.card_mm[0], sheet.card_mm[1] - PROOF_LABEL_MM
    c = canvas
    surface = _label_surface(card, warnings, (px_for(w, dpi), px_for(PROOF_LABEL_MM - 1, dpi)))
    c.drawImage(_image(surface), *_pt_rect(sheet, x, y + h + 1, w, PROOF_LABEL_MM - 1))  # type: ignore[attr-defined]
    if not warnings:
        return
    page_h = sheet.page_mm[1]
    corner = PROOF_CORNER_MM
    c.saveState()  # type: ignore[attr-defined]
    c.setFillColorRGB(*PROOF_RED)  # type: ignore[attr-defined]
    path = c.beginPath()  # type: ignore[attr-defined]
    path.moveTo((x + w - corner) * PT_PER_MM, (page_h - y) * PT_PER_MM)
    path.lineTo((x + w) * PT_PER_MM, (page_h - y) * PT_PER_MM)
    path.lineTo((x + w) * PT_PER_MM, (page_h - y - corner) * PT_PER_MM)
    path.close()
    c.drawPath(path, stroke=0, fill=1)  # type: ignore[attr-defined]
    c.restoreState()  # type: ignore[attr-defined]


def _label_surface(card: Printed, warnings: list[str], size: tuple[int, int]) -> pygame.Surface:
    """The label's text drawn with the faces' fonts (Japanese in a warning prints as it reads)."""
    from cardtable.ui.render.layout import layout_text
    from cardtable.ui.render.primitives import face_fonts

    fonts = face_fonts()
    surface = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    head = f"{card.spec.code}  x{card.spec.count}"
    if card.side is not None:
        head += f"  ({card.side} / {card.back_side})" if card.back_side else f"  ({card.side})"
    head_px = max(6, round(h * 0.24))
    surface.blit(fonts.render(head, head_px, (20, 20, 24), True), (0, 0))
    text = "\n".join(warnings) if warnings else "no warnings"
    top = round(head_px * 1.25)
    fit = layout_text(fonts.measure(), text, "", (w, h - top), (4, max(5, h * 0.16)))
    colour = (190, 28, 36) if warnings else (90, 90, 96)
    for i, line in enumerate(fit.first.lines):
        y = top + i * fit.first.step
        if y + fit.first.step > h:  # more warnings than the label holds: the export lists them all
            break
        if line:
            surface.blit(fonts.render(line, fit.first.px, colour), (0, y))
    return surface


def _place(
    canvas: object,
    sheet: Sheet,
    index: int,
    key: tuple[str, str | None],
    image: Callable[[], object],
    back: bool,
    names: dict[tuple[str, str | None], str],
    label_mm: float = 0.0,
) -> None:
    """Draw one card (with its bleed, clipped to what the gap between cards leaves of it)."""
    x, y = sheet.slot(index, back)
    w, h = sheet.card_mm
    if label_mm:  # a proof's slot holds the card and its label beneath
        h -= label_mm
    b, shown = sheet.bleed_mm, sheet.shown_bleed_mm
    c = canvas
    c.saveState()  # type: ignore[attr-defined]
    if shown < b:
        path = c.beginPath()  # type: ignore[attr-defined]
        path.rect(*_pt_rect(sheet, x - shown, y - shown, w + 2 * shown, h + 2 * shown))
        c.clipPath(path, stroke=0, fill=0)  # type: ignore[attr-defined]
    _draw(c, key, image, _pt_rect(sheet, x - b, y - b, w + 2 * b, h + 2 * b), names)
    c.restoreState()  # type: ignore[attr-defined]


def _draw(
    canvas: object,
    key: tuple[str, str | None],
    image: Callable[[], object],
    rect: tuple[float, float, float, float],
    names: dict[tuple[str, str | None], str],
) -> None:
    """canvas.drawImage of the image `image()` makes, except that an image drawn before (by `key`) is
    drawn again by its name, without drawing its pixels again.

    drawImage finds an image it embedded before by an md5 of all its pixels, on every call: 2.3 MB
    for a 300 dpi face, so a set's back drawn behind 52 cards cost more than embedding every face.
    A repeat writes what drawImage writes (the image's placement, then `/name Do`) without it.
    """
    c = canvas
    x, y, w, h = rect
    name = names.get(key)
    if name is None:
        found: dict[str, object] = {"name": None}
        c.drawImage(image(), x, y, w, h, extraReturn=found)  # type: ignore[attr-defined]
        names[key] = str(found["name"])
        return
    c.saveState()  # type: ignore[attr-defined]
    c.translate(x, y)  # type: ignore[attr-defined]
    c.scale(w, h)  # type: ignore[attr-defined]
    c.doForm(name)  # type: ignore[attr-defined]
    c.restoreState()  # type: ignore[attr-defined]


def _pt_rect(sheet: Sheet, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """A rectangle in mm from the page's top-left as PDF points from its bottom-left."""
    return x * PT_PER_MM, (sheet.page_mm[1] - y - h) * PT_PER_MM, w * PT_PER_MM, h * PT_PER_MM


def _crop_marks(canvas: object, sheet: Sheet) -> None:
    c = canvas
    c.setLineWidth(MARK_WIDTH_PT)  # type: ignore[attr-defined]
    c.setStrokeColorRGB(0, 0, 0)  # type: ignore[attr-defined]
    page_h = sheet.page_mm[1]
    for x1, y1, x2, y2 in sheet.crop_marks():
        c.line(  # type: ignore[attr-defined]
            x1 * PT_PER_MM, (page_h - y1) * PT_PER_MM, x2 * PT_PER_MM, (page_h - y2) * PT_PER_MM
        )

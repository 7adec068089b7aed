"""The geometry of a print sheet, in millimetres from the page's top-left corner (pure: no drawing).

Cards sit in a centred grid (3 x 3 poker cards on A4 or Letter). Without bleed they touch, so one cut
separates two cards; with bleed each card carries its bleed on every side and the cards stand
2 x bleed apart, or 1 x bleed apart (each bleed cut to half) where the full gaps would cost a row of
cards (3 mm of bleed on Letter). Crop marks are short lines in the margins, on the line of every cut, starting a
little beyond the bleed so a slightly crooked cut never shows them on a card. The back page of a
sheet is the front mirrored left to right: printed duplex and flipped on the long edge, each back
lands behind its own face.
"""

from __future__ import annotations

import locale
from dataclasses import dataclass

MM_PER_INCH = 25.4
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Where Letter is the usual paper (the rest of the world uses A4): a locale's territory code.
LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR", "SV", "PA"})
DEFAULT_BLEED_MM = 3.0  # when bleed is asked for and the template names none: a print shop's usual
MARK_GAP_MM = 1.0  # between the bleed's edge and a crop mark
MARK_LENGTH_MM = 5.0
MIN_MARK_MM = 2.0  # a shorter mark is hard to see and to lay a ruler on
MAX_GRID = 3  # 3 x 3 per page, as print-and-play sheets are laid out


def default_paper(locale_name: str | None = None) -> str:
    """`letter` where the locale's territory uses it (en_US, fr_CA, es_MX...), else `a4`."""
    if locale_name is None:
        try:
            locale_name = locale.getlocale(locale.LC_CTYPE)[0] or ""
        except ValueError:
            locale_name = ""
    territory = locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[-1:]
    return "letter" if territory and territory[0].upper() in LETTER_TERRITORIES else "a4"


@dataclass(frozen=True)
class PrintOptions:
    """What to print and how; the command line and the app's Print button both build one."""

    paper: str = "a4"
    bleed: bool = False
    bleed_mm: float | None = None  # None: the template's bleed_mm (DEFAULT_BLEED_MM if it names none)
    copies: str = "as-in-set"  # or "one": one of each kind of card
    cards: tuple[str, ...] = ()  # card codes to print; empty: every card
    backs: bool = True  # a mirrored page of backs after every page of faces, for duplex
    dpi: int = 300


@dataclass(frozen=True)
class Sheet:
    """Where cards and crop marks go on one page."""

    page_mm: tuple[float, float]
    card_mm: tuple[float, float]  # the trim size
    bleed_mm: float
    gap_mm: float  # between two cards' trim lines; each card's bleed is shown up to half of it
    cols: int
    rows: int
    origin_mm: tuple[float, float]  # the top-left trim corner of the first card

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch_mm(self) -> tuple[float, float]:
        """From one card's trim corner to the next one's, across and down."""
        return self.card_mm[0] + self.gap_mm, self.card_mm[1] + self.gap_mm

    @property
    def shown_bleed_mm(self) -> float:
        """How much of each card's bleed is printed around it (its clip beyond the trim line)."""
        return min(self.bleed_mm, self.gap_mm / 2)

    def slot(self, index: int, back: bool = False) -> tuple[float, float]:
        """The top-left trim corner of the card in slot `index` (row by row); on a back page, mirrored."""
        row, col = divmod(index, self.cols)
        x = self.origin_mm[0] + col * self.pitch_mm[0]
        y = self.origin_mm[1] + row * self.pitch_mm[1]
        if back:
            x = self.page_mm[0] - x - self.card_mm[0]
        return x, y

    def cuts(self) -> tuple[list[float], list[float]]:
        """Every vertical cut's x and every horizontal cut's y (each card's trim edges)."""
        xs = sorted({x for i in range(self.cols) for x in self._edges(self.slot(i)[0], self.card_mm[0])})
        ys = sorted(
            {y for r in range(self.rows) for y in self._edges(self.slot(r * self.cols)[1], self.card_mm[1])}
        )
        return xs, ys

    @staticmethod
    def _edges(start: float, length: float) -> tuple[float, float]:
        return round(start, 6), round(start + length, 6)

    def _away(self, margin: float) -> float:
        """How far from the outer trim line a crop mark starts, given the margin on that side."""
        beyond = self.shown_bleed_mm + MARK_GAP_MM
        return beyond if margin - beyond >= MIN_MARK_MM else MARK_GAP_MM

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Crop mark lines (x1, y1, x2, y2) in the margins around the grid, on every cut's line."""
        page_w, page_h = self.page_mm
        xs, ys = self.cuts()
        # Marks start beyond the bleed; where the margin leaves them no room there (3 mm of bleed on
        # A4), they start over the outer bleed instead, which is cut away with them.
        across = self._away(self.origin_mm[0])
        down = self._away(self.origin_mm[1])
        left, top = self.origin_mm[0] - across, self.origin_mm[1] - down
        right, bottom = xs[-1] + across, ys[-1] + down
        lines: list[tuple[float, float, float, float]] = []
        for x in xs:
            lines.append((x, max(0.0, top - MARK_LENGTH_MM), x, top))
            lines.append((x, bottom, x, min(page_h, bottom + MARK_LENGTH_MM)))
        for y in ys:
            lines.append((max(0.0, left - MARK_LENGTH_MM), y, left, y))
            lines.append((right, y, min(page_w, right + MARK_LENGTH_MM), y))
        # A mark with no room in the margin (a page filled to its edge) is left off rather than drawn
        # over a card.
        return [line for line in lines if abs(line[2] - line[0]) + abs(line[3] - line[1]) >= MIN_MARK_MM]


def sheet_for(card_mm: tuple[float, float], paper: str, bleed_mm: float = 0.0) -> Sheet:
    """The largest grid (at most 3 x 3) of `card_mm` cards that fits `paper`, centred.

    Raises ValueError when not even one card fits (a template bigger than the paper)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    page_w, page_h = PAPERS[paper]

    def grid(gap: float) -> tuple[int, int]:
        # the outer cards show gap / 2 of bleed too, beyond the grid's trim lines
        return min(MAX_GRID, int(page_w // (card_mm[0] + gap))), min(
            MAX_GRID, int(page_h // (card_mm[1] + gap))
        )

    gap = 2 * bleed_mm
    cols, rows = grid(gap)
    if bleed_mm and cols * rows < grid(bleed_mm)[0] * grid(bleed_mm)[1]:
        gap = bleed_mm  # half of each bleed rather than a row of cards fewer
        cols, rows = grid(gap)
    if cols < 1 or rows < 1:
        raise ValueError(
            f"a {card_mm[0]:g} x {card_mm[1]:g} mm card (bleed {bleed_mm:g} mm) does not fit on {paper} paper"
        )
    grid_w = cols * card_mm[0] + (cols - 1) * gap
    grid_h = rows * card_mm[1] + (rows - 1) * gap
    origin = ((page_w - grid_w) / 2, (page_h - grid_h) / 2)
    return Sheet((page_w, page_h), card_mm, bleed_mm, gap, cols, rows, origin)


def px_for(mm: float, dpi: int) -> int:
    """Pixels for a length at `dpi` (63 mm at 300 dpi -> 744)."""
    return max(8, round(mm * dpi / MM_PER_INCH))

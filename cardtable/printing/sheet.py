"""The geometry of a print sheet, in millimetres from the page's top-left corner (pure: no drawing).

Nothing is placed within SAFE_MM (5 mm) of the paper's edge, where home printers print nothing: the
grid (at most 3 x 3) is the one with the most cards whose bleed and crop marks all stay inside. Without
bleed cards touch, so one cut separates two cards; with bleed the cards stand up to 2 x bleed apart
(each shows its whole bleed), down to 1 x bleed (neighbours share it, each cut to half) where the wider
gap would cost cards: 3 x 3 poker cards with 3 mm of bleed on A4, 3 x 2 on Letter. Crop marks are
short lines in the margins, on the line of every cut, starting a little beyond the bleed (or over the
outer bleed where the margin is narrow) so a slightly crooked cut never shows them on a card. The back
page of a sheet is the front mirrored left to right: printed duplex and flipped on the long edge, each
back lands behind its own face.
"""

from __future__ import annotations

import locale
import os
from dataclasses import dataclass

MM_PER_INCH = 25.4
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Where Letter is the usual paper (the rest of the world uses A4): a locale's territory code.
LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR", "SV", "PA"})
DEFAULT_BLEED_MM = 3.0  # when bleed is asked for and the template names none: a print shop's usual
# Home printers print nothing in the outer 3-5 mm of the paper (and inkjets smear there): no bleed
# nor mark is placed nearer the edge than this.
SAFE_MM = 5.0
MARK_END_MM = SAFE_MM + 0.25  # where a crop mark ends: its line width and the printer's slop stay clear
MARK_GAP_MM = 1.0  # between the bleed's edge and a crop mark
MARK_GAP_TIGHT_MM = 0.5  # between the trim line and a mark drawn over the outer bleed
MARK_LENGTH_MM = 5.0
MIN_MARK_MM = 1.5  # a shorter mark is hard to see and to lay a ruler on
MAX_GRID = 3  # 3 x 3 per page, as print-and-play sheets are laid out


def default_paper(locale_name: str | None = None) -> str:
    """`letter` where the locale's territory uses it (en_US, fr_CA, es_MX...), else `a4` (C, POSIX,
    C.UTF-8 and any locale that says no territory: most of the world prints on A4)."""
    if locale_name is None:
        locale_name = paper_locale()
    name = locale_name.split(".")[0].split("@")[0].replace("-", "_")
    if "United States" in name or "Canada" in name:  # Windows names: English_United States.1252
        return "letter"
    territory = name.split("_")[1:] and name.split("_")[-1]
    return "letter" if territory and territory.upper() in LETTER_TERRITORIES else "a4"


def paper_locale() -> str:
    """The locale that chooses the paper: LC_ALL, LC_PAPER or LANG as set (POSIX's order), else the
    process's own LC_CTYPE name as it is.

    Not locale.getlocale(): it "normalises" C.UTF-8 into en_US.UTF-8, which made Letter the paper of
    every container and CI machine.
    """
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return value
    try:
        return locale.setlocale(locale.LC_CTYPE, None) or ""
    except (ValueError, locale.Error):
        return ""


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
    proof: bool = False  # one of each card, labelled beneath with its code, count and warnings


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

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Crop mark lines (x1, y1, x2, y2) in the margins around the grid, on every cut's line, each
        ending MARK_END_MM from the paper's edge."""
        page_w, page_h = self.page_mm
        xs, ys = self.cuts()
        (left_in, left_out), (top_in, top_out) = (
            _mark_span(self.origin_mm[i], self.shown_bleed_mm) for i in (0, 1)
        )
        left, top = self.origin_mm
        right, bottom = xs[-1], ys[-1]
        lines: list[tuple[float, float, float, float]] = []
        for x in xs:
            lines.append((x, top - top_out, x, top - top_in))
            lines.append((x, bottom + top_in, x, bottom + top_out))
        for y in ys:
            lines.append((left - left_out, y, left - left_in, y))
            lines.append((right + left_in, y, right + left_out, y))
        return lines


def _mark_span(margin: float, shown: float) -> tuple[float, float]:
    """Where a crop mark runs, as distances out from the grid's outer trim line (start, end).

    A mark starts beyond the shown bleed when the margin leaves room there, else over the outer
    bleed (cut away with it), and ends MARK_END_MM from the paper's edge, at most MARK_LENGTH_MM long.
    """
    end = margin - MARK_END_MM
    start = shown + MARK_GAP_MM if end - (shown + MARK_GAP_MM) >= MIN_MARK_MM else MARK_GAP_TIGHT_MM
    return start, min(end, start + MARK_LENGTH_MM)


def _fits(margin: float, shown: float) -> bool:
    """Whether one side's margin keeps the shown bleed SAFE_MM from the edge and leaves a crop mark
    room between the trim line and MARK_END_MM from the edge."""
    start, end = _mark_span(margin, shown)
    return margin - shown >= SAFE_MM - 1e-9 and end - start >= MIN_MARK_MM - 1e-9


def sheet_for(card_mm: tuple[float, float], paper: str, bleed_mm: float = 0.0) -> Sheet:
    """The grid (at most 3 x 3) of `card_mm` cards on `paper` that keeps every mark and every bleed at
    least SAFE_MM from the paper's edge (home printers leave the edge blank), centred.

    The most cards a page wins; among the gaps that allow it, the widest up to two bleeds (each card
    shows its whole bleed), down to one bleed (neighbours share it, each cut to half). Raises
    ValueError when not even one card fits (a template bigger than the paper's printable area).
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    page_w, page_h = PAPERS[paper]
    # Gaps tried, widest first: a quarter millimetre apart from two bleeds down to one.
    steps = int(round(bleed_mm / 0.25))
    gaps = [2 * bleed_mm - i * 0.25 for i in range(steps)] + [bleed_mm]

    def margin(page: float, count: int, card: float, gap: float) -> float:
        return (page - count * card - (count - 1) * gap) / 2

    best: Sheet | None = None
    for cols in range(MAX_GRID, 0, -1):
        for rows in range(MAX_GRID, 0, -1):
            if best is not None and cols * rows <= best.per_page:
                continue
            for gap in gaps:
                shown = min(bleed_mm, gap / 2)
                mx, my = margin(page_w, cols, card_mm[0], gap), margin(page_h, rows, card_mm[1], gap)
                if _fits(mx, shown) and _fits(my, shown):
                    best = Sheet((page_w, page_h), card_mm, bleed_mm, gap, cols, rows, (mx, my))
                    break
    if best is None:
        raise ValueError(
            f"a {card_mm[0]:g} x {card_mm[1]:g} mm card (bleed {bleed_mm:g} mm) does not fit on {paper} "
            f"paper with {SAFE_MM:g} mm kept clear at the edges"
        )
    return best


def px_for(mm: float, dpi: int) -> int:
    """Pixels for a length at `dpi` (63 mm at 300 dpi -> 744)."""
    return max(8, round(mm * dpi / MM_PER_INCH))

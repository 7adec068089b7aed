"""Print and play: every bundled set's PDF measured from the PDF's own drawing operators, and the
Tabletop Simulator sheets.

Each page's content stream is read back (zlib) and its image placements (`w 0 0 h x y cm ... Do`),
clips and crop-mark lines parsed: cards must measure the template's size within 0.2 mm, every cut line
must have its crop marks, and each back page must put every back exactly behind its face.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pygame
import pytest

from cardtable.cardsets import load_bundled
from cardtable.cli import main
from cardtable.printing import PrintOptions, default_paper, pick_cards
from cardtable.printing.pdf import export_pdf
from cardtable.printing.sheet import PAPERS, sheet_for
from cardtable.printing.tts import export_png_sheets, grid_for
from cardtable.resources import bundled_cardsets

PT = 72 / 25.4  # points per mm
TOLERANCE_MM = 0.2
IMAGE = re.compile(rb"([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*/(\S+) Do")
LINE = re.compile(rb"n ([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S")


def pages_of(path: Path) -> list[bytes]:
    """The content streams that draw pages (those that place images), in file order."""
    out = []
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", path.read_bytes(), re.S):
        try:
            text = zlib.decompress(match.group(1))
        except zlib.error:
            continue
        if b" Do" in text:
            out.append(text)
    return out


def placed(page: bytes, page_h_mm: float) -> list[tuple[float, float, float, float, bytes]]:
    """Every image as (x, y, w, h) in mm from the page's top-left, with its image name."""
    out = []
    for w, h, x, y, name in IMAGE.findall(page):
        w_mm, h_mm = float(w) / PT, float(h) / PT
        out.append((float(x) / PT, page_h_mm - float(y) / PT - h_mm, w_mm, h_mm, name))
    return out


def marks(page: bytes, page_h_mm: float) -> list[tuple[float, float, float, float]]:
    return [
        (float(a) / PT, page_h_mm - float(b) / PT, float(c) / PT, page_h_mm - float(d) / PT)
        for a, b, c, d in LINE.findall(page)
    ]


# The geometry is in millimetres whatever the resolution, so the faces are drawn at 100 dpi (a ninth of
# the pixels), but for one set printed whole at 300 dpi, as people print: its two-sided characters
# bring their own backs. A face at 300 dpi is checked pixel for pixel below, and every face of every
# set is drawn at 744 px (300 dpi) and measured in tests/test_face_render.py.
FULL_DPI_SET = "sainome"
PRINT_CASES = [
    pytest.param(path, paper, bleed, dpi, id=f"{paper}-{bleed}-{dpi}-{path.stem}")
    for paper, bleed in (("a4", False), ("letter", True))
    for path in bundled_cardsets()
    for dpi in [300 if path.stem == FULL_DPI_SET and paper == "a4" else 100]
]


def test_one_set_prints_whole_at_300_dpi() -> None:
    assert any(case.values[3] == 300 for case in PRINT_CASES)


@pytest.mark.parametrize("path,paper,bleed,dpi", PRINT_CASES)
def test_each_bundled_set_prints_to_size_with_marks_and_duplex_backs(
    path: Path, paper: str, bleed: bool, dpi: int, tmp_path: Path
) -> None:
    cardset = load_bundled(path.stem)
    out = tmp_path / "sheets.pdf"
    seen: list[int] = []
    options = PrintOptions(paper=paper, bleed=bleed, dpi=dpi)
    report = export_pdf(cardset, out, options, lambda d, t: seen.append(d))
    from cardtable.ui.render.cardface import CardRenderer

    template = CardRenderer(cardset).template
    card_w, card_h = template.size_mm
    physical = len(cardset.physical())
    assert report.cards == physical and seen[-1] == physical
    page_w, page_h = PAPERS[paper]
    pages = pages_of(out)
    assert len(pages) == report.pages == 2 * -(-physical // 9)
    b = report.bleed_mm
    assert (b > 0) == bleed
    for number in range(0, len(pages), 2):
        fronts = placed(pages[number], page_h)
        backs = placed(pages[number + 1], page_h)
        assert len(fronts) == len(backs) == min(9, physical - 9 * (number // 2))
        trims = []
        for x, y, w, h, _ in fronts:
            # the image carries the bleed; the card inside it is the template's size
            assert abs(w - 2 * b - card_w) <= TOLERANCE_MM and abs(h - 2 * b - card_h) <= TOLERANCE_MM
            trims.append((x + b, y + b, w - 2 * b, h - 2 * b))
            assert 0 <= x + b and x + b + card_w <= page_w and 0 <= y + b and y + b + card_h <= page_h
        for (x, y, w, h, _), (bx, by, bw, bh, _) in zip(fronts, backs, strict=True):
            # flipped on the long edge, a back lands behind its face
            assert abs((page_w - bx - bw) - x) < 0.01 and abs(by - y) < 0.01 and (bw, bh) == (w, h)
        cuts_x = {round(v, 1) for t in trims for v in (t[0], t[0] + t[2])}
        cuts_y = {round(v, 1) for t in trims for v in (t[1], t[1] + t[3])}
        lines = marks(pages[number], page_h)
        vertical = [m for m in lines if abs(m[0] - m[2]) < 1e-6]
        horizontal = [m for m in lines if abs(m[1] - m[3]) < 1e-6]
        for cut in cuts_x:  # every cut has a mark above the grid and one below, on its line
            on_line = [m for m in vertical if abs(m[0] - cut) <= TOLERANCE_MM]
            assert len(on_line) >= 2, (cut, vertical)
        for cut in cuts_y:
            on_line = [m for m in horizontal if abs(m[1] - cut) <= TOLERANCE_MM]
            assert len(on_line) >= 2, (cut, horizontal)
        for x1, y1, x2, y2 in lines:  # no mark crosses a card
            for tx, ty, tw, th in trims:
                inside_x = tx < max(x1, x2) and min(x1, x2) < tx + tw
                inside_y = ty < max(y1, y2) and min(y1, y2) < ty + th
                assert not (inside_x and inside_y), ((x1, y1, x2, y2), (tx, ty, tw, th))
    # the back is one image, embedded once and drawn behind every card
    if not any(spec.get("sides") for spec in cardset.cards):
        assert len({name for page in pages[1::2] for *_, name in placed(page, page_h)}) == 1


def test_a_face_is_embedded_losslessly_at_300_dpi(tmp_path: Path) -> None:
    """The image in the PDF is the renderer's face pixel for pixel (Flate, not JPEG)."""
    cardset = load_bundled("sainome")
    out = tmp_path / "one.pdf"
    export_pdf(cardset, out, PrintOptions(cards=("SS",), copies="one", backs=False))
    data = out.read_bytes()
    head = re.search(rb"/Subtype /Image[^>]*?/Width (\d+)", data) or re.search(
        rb"/Width (\d+)[^>]*?/Subtype /Image", data
    )
    assert head is not None
    assert b"/DCTDecode" not in data and b"/FlateDecode" in data
    from cardtable.ui.render.cardface import CardRenderer

    spec = cardset.by_code()["SS"]
    face = CardRenderer(cardset).face(spec, 744)
    width, height = face.get_size()
    streams = [zlib.decompress(m.group(1)) for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S)]
    pixels = [s for s in streams if len(s) == width * height * 3]
    assert pixels, "no 744 px wide RGB image in the PDF"
    flat = pygame.Surface((width, height))
    flat.fill((255, 255, 255))
    flat.blit(face, (0, 0))
    assert pixels[0] == pygame.image.tobytes(flat, "RGB")


def test_cards_and_copies_pick_what_is_asked() -> None:
    cardset = load_bundled("sainome")
    assert [p.spec.code for p in pick_cards(cardset, (), ("SS", "LS"), "one")] == ["SS", "LS"]
    many = pick_cards(cardset, (), ("SS",), "as-in-set")
    assert len(many) == cardset.by_code()["SS"].count
    characters = pick_cards(cardset, ("normal", "awakened"), ("SWM",), "one")
    assert (characters[0].side, characters[0].back_side) == ("normal", "awakened")
    with pytest.raises(ValueError, match="no card 'ZZ'"):
        pick_cards(cardset, (), ("ZZ",))


def test_the_sheet_fits_three_by_three_on_both_papers_with_and_without_bleed() -> None:
    for paper in PAPERS:
        for bleed in (0.0, 3.0):
            sheet = sheet_for((63, 88), paper, bleed)
            assert (sheet.cols, sheet.rows) == (3, 3)
            right = sheet.slot(8)[0] + 63 + sheet.shown_bleed_mm
            bottom = sheet.slot(8)[1] + 88 + sheet.shown_bleed_mm
            assert right <= PAPERS[paper][0] and bottom <= PAPERS[paper][1]
    with pytest.raises(ValueError, match="does not fit"):
        sheet_for((300, 400), "a4")


def test_the_paper_follows_the_locale() -> None:
    assert default_paper("en_US.UTF-8") == "letter" and default_paper("fr_CA") == "letter"
    assert (
        default_paper("ja_JP.UTF-8") == "a4" and default_paper("en_GB") == "a4" and default_paper("C") == "a4"
    )


def test_tabletop_simulator_sheets_put_the_hidden_face_last(tmp_path: Path) -> None:
    assert grid_for(52) == (10, 6) and grid_for(69) == (10, 7) and grid_for(3) == (4, 1)
    cardset = load_bundled("standard52")
    sheets = export_png_sheets(cardset, tmp_path, cell_width=100)
    assert [(s.cols, s.rows, s.cards) for s in sheets] == [(10, 6, 52)]
    image = pygame.image.load(str(sheets[0].path))
    back = pygame.image.load(str(tmp_path / "back.png"))
    cell_w, cell_h = back.get_size()
    assert image.get_size() == (10 * cell_w, 6 * cell_h)
    last = image.subsurface((9 * cell_w, 5 * cell_h, cell_w, cell_h))
    assert pygame.image.tobytes(last, "RGB") == pygame.image.tobytes(back, "RGB")
    big = export_png_sheets(load_bundled("risugeon"), tmp_path / "r", cell_width=40)
    assert sum(s.cards for s in big) == len(load_bundled("risugeon").physical())
    assert all(s.cards <= 69 and s.cols <= 10 and s.rows <= 7 for s in big)


def test_export_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.pdf"
    assert (
        main(["export", "sainome", "--pdf", str(out), "--cards", "SS,LS", "--copies", "one", "--paper", "a4"])
        == 0
    )
    assert "2 cards on 2 pages (a4)" in capsys.readouterr().out and out.stat().st_size > 0
    assert main(["export", "sainome", "--pdf", str(out), "--cards", "ZZ"]) == 2
    assert "no card 'ZZ'" in capsys.readouterr().err
    assert main(["export", "sainome"]) == 2

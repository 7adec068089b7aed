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
    per_page = sheet_for((card_w, card_h), paper, report.bleed_mm).per_page
    assert len(pages) == report.pages == 2 * -(-physical // per_page)
    b = report.bleed_mm
    assert (b > 0) == bleed
    for number in range(0, len(pages), 2):
        fronts = placed(pages[number], page_h)
        backs = placed(pages[number + 1], page_h)
        assert len(fronts) == len(backs) == min(per_page, physical - per_page * (number // 2))
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


def test_the_sheet_keeps_5_mm_clear_with_as_many_cards_as_that_allows() -> None:
    """3 x 3 poker cards on both papers; with 3 mm of bleed A4 keeps 3 x 3 by sharing the bleed between
    neighbours, Letter (279 mm tall: 3 x 88 mm leaves 7.7 mm a side) takes 3 x 2 with whole bleeds."""
    expected = {("a4", 0.0): (3, 3), ("a4", 3.0): (3, 3), ("letter", 0.0): (3, 3), ("letter", 3.0): (3, 2)}
    for (paper, bleed), grid in expected.items():
        sheet = sheet_for((63, 88), paper, bleed)
        assert (sheet.cols, sheet.rows) == grid
        last = sheet.per_page - 1
        left, top = sheet.slot(0)[0] - sheet.shown_bleed_mm, sheet.slot(0)[1] - sheet.shown_bleed_mm
        right = sheet.slot(last)[0] + 63 + sheet.shown_bleed_mm
        bottom = sheet.slot(last)[1] + 88 + sheet.shown_bleed_mm
        assert min(left, top) >= 5 and right <= PAPERS[paper][0] - 5 and bottom <= PAPERS[paper][1] - 5
        assert sheet.gap_mm >= bleed  # a bleed is shared at most, never cut to nothing
        for x1, y1, x2, y2 in sheet.crop_marks():
            assert min(x1, x2, y1, y2) >= 5 and max(x1, x2) <= PAPERS[paper][0] - 5
            assert max(y1, y2) <= PAPERS[paper][1] - 5 and abs(x2 - x1) + abs(y2 - y1) >= 1.5
    with pytest.raises(ValueError, match="does not fit"):
        sheet_for((300, 400), "a4")
    with pytest.raises(ValueError, match="5 mm kept clear"):
        sheet_for((205, 290), "a4")  # it fits the paper, but not inside its printable area


def inked(page: bytes) -> list[tuple[str, float, float, float, float]]:
    """What a page's content stream puts on paper, as (kind, x0, y0, x1, y1) in mm from the bottom-left.

    A small interpreter of the operators reportlab writes: q/Q save and restore the transform and the
    clip, `cm` (scale and move only), `re W n` clips, `Do` places an image (the unit square through the
    transform, cut by the clip), `m ... l S` strokes a line, `BT ... Tm/Td ... Tj ET` places a text (its
    start point). Anything it does not know (a rotation) fails the test rather than being skipped.
    """
    out: list[tuple[str, float, float, float, float]] = []
    ctm = (1.0, 1.0, 0.0, 0.0)  # sx, sy, tx, ty
    clip: tuple[float, float, float, float] | None = None
    stack: list[tuple[tuple[float, float, float, float], tuple[float, float, float, float] | None]] = []
    operands: list[bytes] = []
    path: list[tuple[float, float]] = []
    rect: tuple[float, float, float, float] | None = None
    text_at = (0.0, 0.0)

    def point(x: float, y: float) -> tuple[float, float]:
        return ctm[0] * x + ctm[2], ctm[1] * y + ctm[3]

    for token in re.findall(rb"\((?:\\.|[^)])*\)|<[0-9a-fA-F]*>|/?[^\s()<>/\[\]]+|\[|\]", page):
        number = re.fullmatch(rb"-?[\d.]+", token)
        if number or token.startswith((b"/", b"(", b"<", b"[", b"]")):
            operands.append(token)
            continue
        nums = [float(t) for t in operands if re.fullmatch(rb"-?[\d.]+", t)]
        op = token
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = nums[-6:]
            assert b == 0 and c == 0, "a turned drawing: the checker reads scale and move only"
            ctm = (ctm[0] * a, ctm[1] * d, ctm[0] * e + ctm[2], ctm[1] * f + ctm[3])
        elif op == b"re":
            x, y, w, h = nums[-4:]
            (x0, y0), (x1, y1) = point(x, y), point(x + w, y + h)
            rect = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        elif op in (b"W", b"W*"):
            assert rect is not None
            clip = rect if clip is None else _meet(clip, rect)
        elif op == b"m":
            path = [point(*nums[-2:])]
        elif op == b"l":
            path.append(point(*nums[-2:]))
        elif op in (b"S", b"f", b"B", b"f*", b"B*"):
            shape = path or ([(rect[0], rect[1]), (rect[2], rect[3])] if rect else [])
            if shape:
                xs, ys = [p[0] for p in shape], [p[1] for p in shape]
                box = (min(xs), min(ys), max(xs), max(ys))
                out.append(("line" if op == b"S" else "fill", *(_meet(clip, box) if clip else box)))
            path, rect = [], None
        elif op == b"n":
            path, rect = [], None
        elif op == b"Do":
            (x0, y0), (x1, y1) = point(0, 0), point(1, 1)
            box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            out.append(("image", *(_meet(clip, box) if clip else box)))
        elif op == b"Tm":
            text_at = point(*nums[-2:])
        elif op == b"Td":
            text_at = (text_at[0] + ctm[0] * nums[-2], text_at[1] + ctm[1] * nums[-1])
        elif op in (b"Tj", b"TJ"):
            out.append(("text", text_at[0], text_at[1], text_at[0], text_at[1]))
        elif op == b"BT":
            text_at = point(0, 0)
        operands = []
    return [(kind, *(v / PT for v in box)) for kind, *box in out]  # type: ignore[misc]


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float, float, float]:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [None, 3.0, 5.0])
def test_nothing_is_printed_within_5_mm_of_the_paper_edge(
    paper: str, bleed: float | None, tmp_path: Path
) -> None:
    """Home printers leave the outer 3-5 mm blank: every bleed, mark and label keeps 5 mm clear."""
    cardset = load_bundled("sainome")
    out = tmp_path / "edge.pdf"
    options = PrintOptions(paper=paper, bleed=bleed is not None, bleed_mm=bleed, dpi=20, copies="one")
    report = export_pdf(cardset, out, options)
    page_w, page_h = PAPERS[paper]
    seen = {"image": 0, "line": 0}
    for page in pages_of(out)[:2]:
        drawn = inked(page)
        for kind, x0, y0, x1, y1 in drawn:
            seen[kind] = seen.get(kind, 0) + 1
            assert x0 >= 5 - 1e-6 and y0 >= 5 - 1e-6, (kind, x0, y0, x1, y1)
            assert x1 <= page_w - 5 + 1e-6 and y1 <= page_h - 5 + 1e-6, (kind, x0, y0, x1, y1)
    assert seen["image"] >= 2 * 6 and seen["line"] >= 16, seen  # the checker saw the cards and marks
    # a full page still holds 9 cards wherever the margins allow it (A4 even with 3 mm of bleed)
    if paper == "a4" and bleed in (None, 3.0) or paper == "letter" and bleed is None:
        assert report.pages == 2 * -(-report.cards // 9)


def test_the_paper_follows_the_locale() -> None:
    assert default_paper("en_US.UTF-8") == "letter" and default_paper("fr_CA") == "letter"
    assert (
        default_paper("ja_JP.UTF-8") == "a4" and default_paper("en_GB") == "a4" and default_paper("C") == "a4"
    )
    assert default_paper("C.UTF-8") == default_paper("POSIX") == default_paper("en") == "a4"
    assert default_paper("English_United States.1252") == "letter"


def test_the_paper_comes_from_lc_paper_and_c_utf8_is_a4(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment says the paper (LC_ALL, then LC_PAPER, then LANG); C.UTF-8 is A4, not the
    en_US Python's locale.getlocale() turns it into."""
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert default_paper() == "a4"
    monkeypatch.setenv("LC_PAPER", "en_US.UTF-8")
    assert default_paper() == "letter"  # a German-speaking user in the US prints on Letter
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_paper() == "letter"
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert default_paper() == "a4"


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


def test_a_print_run_keeps_at_most_one_page_of_faces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory is bounded by a page: every face image made is let go once embedded (300 distinct faces
    at 300 dpi kept 1.8 GB before; bench/export.py measures the peak)."""
    import weakref

    from cardtable.printing import pdf

    made = pdf._image
    alive: weakref.WeakSet[object] = weakref.WeakSet()
    most = [0]

    def counted(surface: pygame.Surface) -> object:
        image = made(surface)  # an image let go is freed at once (reference counting)
        alive.add(image)
        most[0] = max(most[0], len(alive))
        return image

    monkeypatch.setattr(pdf, "_image", counted)
    cardset = load_bundled("sainome")
    report = export_pdf(cardset, tmp_path / "m.pdf", PrintOptions(paper="a4", copies="one", dpi=20))
    assert report.cards > 2 * 9  # more distinct faces than two pages hold
    assert 1 <= most[0] <= 9 + 1, most[0]  # a page of faces (and the back) at most


def _set_missing_art(tmp_path: Path) -> Path:
    """A new set (cardtable new-set) whose first card names art that is not there yet."""
    from cardtable.games.sandbox.newset import new_set

    file = new_set("wip", tmp_path)
    text = (
        file.read_bytes().decode("utf-8").replace("    cost: 1\n", "    cost: 1\n    art: art/seed.png\n", 1)
    )
    file.write_bytes(text.encode("utf-8"))
    return file


def test_a_missing_image_prints_as_a_marked_placeholder_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A work-in-progress set with one missing image exports (it was refused), the card carries a red
    placeholder where its art goes, and the export names the card and the file."""
    from cardtable.cardsets import load_cardset
    from cardtable.ui.render.cardface import PLACEHOLDER_RED, CardRenderer

    file = _set_missing_art(tmp_path)
    cardset = load_cardset(file)
    report = export_pdf(cardset, tmp_path / "wip.pdf", PrintOptions(paper="a4", dpi=40, copies="one"))
    assert report.cards == 3 and len(report.warnings) == 1
    assert report.warnings[0].startswith("SEED: image ") and "seed.png not found" in report.warnings[0]
    face = CardRenderer(cardset).face(cardset.by_code()["SEED"], 252)  # 4 px a mm
    art = face.subsurface((16, 99, 221, 87))  # the generic template's art window, [3.8, 24.6, 55.4, 22] mm
    reds = sum(
        1 for x in range(0, 221, 3) for y in range(0, 87, 3) if tuple(art.get_at((x, y))) == PLACEHOLDER_RED
    )
    assert reds >= 20, reds  # its red edge, cross and name
    other = CardRenderer(cardset).face(cardset.by_code()["FIRE"], 252).subsurface((16, 99, 221, 87))
    assert all(
        tuple(other.get_at((x, y))) != PLACEHOLDER_RED for x in range(0, 221, 3) for y in range(0, 87, 3)
    )
    assert main(["export", str(file), "--pdf", str(tmp_path / "cli.pdf"), "--paper", "a4"]) == 0
    assert "warning: SEED: image" in capsys.readouterr().err
    assert main(["validate", str(file)]) == 0  # a warning, not an error
    assert "cards[0].art: warning: no image file 'art/seed.png'" in capsys.readouterr().out


def test_a_proof_sheet_labels_each_card_and_marks_those_with_warnings(tmp_path: Path) -> None:
    """--proof: one of each card, a label beneath each (code, count, warnings) and a red corner only on
    the card with a warning; nothing within 5 mm of the edge, no backs, no crop marks."""
    from cardtable.cardsets import load_cardset
    from cardtable.printing.pdf import PROOF_CORNER_MM, PROOF_LABEL_MM

    cardset = load_cardset(_set_missing_art(tmp_path))
    out = tmp_path / "proof.pdf"
    report = export_pdf(cardset, out, PrintOptions(paper="a4", dpi=100, proof=True, bleed=True))
    assert report.cards == 3 and report.pages == 1 and report.bleed_mm == 0
    (page,) = pages_of(out)
    drawn = inked(page)
    images = sorted((x0, y0, x1, y1) for kind, x0, y0, x1, y1 in drawn if kind == "image")
    fills = [(x0, y0, x1, y1) for kind, x0, y0, x1, y1 in drawn if kind == "fill"]
    assert not [d for d in drawn if d[0] == "line"]  # no crop marks
    assert len(images) == 6  # three faces, three labels
    faces = [r for r in images if abs((r[3] - r[1]) - 88) < 0.2]
    labels = [r for r in images if abs((r[3] - r[1]) - (PROOF_LABEL_MM - 1)) < 0.2]
    assert len(faces) == len(labels) == 3
    for face in faces:  # each label sits under its card
        assert any(abs(lab[0] - face[0]) < 0.01 and 0 < face[1] - lab[3] <= 1.01 for lab in labels)
    seed = faces[0]  # the first card, top left (PDF y grows upwards: its top is y1)
    assert len(fills) == 1
    x0, y0, x1, y1 = fills[0]
    assert abs(x1 - seed[2]) < 0.01 and abs(y1 - seed[3]) < 0.01 and abs(x1 - x0 - PROOF_CORNER_MM) < 0.01
    for _, a, b, c, d in drawn:
        assert min(a, b) >= 5 and c <= 210 - 5 and d <= 297 - 5


def _set_with_backs_by_element(tmp_path: Path) -> Path:
    """A new set whose template gives fire cards a red back and every other card a blue one."""
    from cardtable.games.sandbox.newset import new_set

    file = new_set("kinds", tmp_path)
    look = file.parent / "faces" / "kinds.yaml"
    text = look.read_bytes().decode("utf-8")
    text = text[: text.index("\nback:")] + (
        "\nback:\n"
        "  by: element\n"
        "  cases:\n"
        '    fire: {background: "#d4582f", boxes: [{kind: text, text: FIRE, rect: [5, 40, 53, 8]}]}\n'
        '  default: {background: "#2f77b5"}\n'
    )
    look.write_bytes(text.encode("utf-8"))
    return file


def test_a_back_per_kind_of_card_chosen_by_a_field(tmp_path: Path) -> None:
    """`back: {by: element, cases: {fire: ...}, default: ...}`: fire cards print with the red back behind
    them, the others with the default; a hidden card on the table gets the default (its kind stays
    hidden); Tabletop Simulator gets a sheet of unique backs."""
    from cardtable.cardsets import load_cardset
    from cardtable.ui.render.cardface import CardRenderer

    file = _set_with_backs_by_element(tmp_path)
    assert main(["validate", str(file)]) == 0
    cardset = load_cardset(file)
    renderer = CardRenderer(cardset)
    fire, seed = cardset.by_code()["FIRE"], cardset.by_code()["SEED"]
    red, blue = (212, 88, 47), (47, 119, 181)
    assert tuple(renderer.back(60, spec=fire).get_at((30, 10)))[:3] == red
    assert tuple(renderer.back(60, spec=seed).get_at((30, 10)))[:3] == blue
    assert tuple(renderer.back(60).get_at((30, 10)))[:3] == blue  # hidden: the default back

    out = tmp_path / "kinds.pdf"
    export_pdf(cardset, out, PrintOptions(paper="a4", dpi=20, copies="one"))
    fronts, backs = (placed(page, 297) for page in pages_of(out))
    assert len({name for *_, name in backs}) == 2  # two backs, each embedded once
    order = [spec.code for spec in cardset.cards]
    by_name = {}
    for code, (x, y, _w, _h, _), (bx, by, bw, _bh, name) in zip(order, fronts, backs, strict=True):
        assert abs((210 - bx - bw) - x) < 0.01 and abs(by - y) < 0.01  # behind its own face
        by_name.setdefault(name, set()).add(code)
    assert sorted(map(sorted, by_name.values())) == [["FIRE"], ["SEED", "WAVE"]]

    sheets = export_png_sheets(cardset, tmp_path / "tts", copies="one", cell_width=40)
    assert sheets[0].backs is not None
    grid = pygame.image.load(str(sheets[0].backs))
    cell_w = grid.get_width() // sheets[0].cols
    assert tuple(grid.get_at((order.index("FIRE") * cell_w + cell_w // 2, 6)))[:3] == red
    assert tuple(grid.get_at((order.index("SEED") * cell_w + cell_w // 2, 6)))[:3] == blue


def test_a_back_by_a_field_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = _set_with_backs_by_element(tmp_path)
    look = file.parent / "faces" / "kinds.yaml"
    text = look.read_bytes().decode("utf-8")
    look.write_bytes(
        text.replace("\nback:\n  by: element\n", "\nback:\n  by: element\n  background: $nope\n").encode(
            "utf-8"
        )
    )
    assert main(["validate", str(file)]) == 2
    err = capsys.readouterr().out
    assert "back.by: a back chosen by a field has its looks under cases and default" in err
    look.write_bytes(text.replace('background: "#d4582f"', "background: $nope").encode("utf-8"))
    assert main(["validate", str(file)]) == 2
    assert "back.cases.fire.background: no colour named $nope" in capsys.readouterr().out


def test_the_proof_takes_the_set_lints_per_card_warnings_when_there_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seam to the card set lint (cardtable.ui.render.facelint.card_warnings): its warnings about a
    card join the renderer's, once each, and mark the card."""
    import sys
    import types

    from cardtable.cardsets import load_cardset
    from cardtable.printing import checks

    class Warned:
        def __init__(self, message: str) -> None:
            self.message = message

    lint = types.ModuleType("facelint_stub")
    lint.card_warnings = lambda cardset: {  # type: ignore[attr-defined]
        "FIRE": [Warned("field 'cots' is read by no box (did you mean 'cost'?)")],
        "SEED": [Warned("no image file 'art/seed.png'")],
    }
    monkeypatch.setitem(sys.modules, checks.LINT_MODULE, lint)
    cardset = load_cardset(_set_missing_art(tmp_path))
    report = export_pdf(cardset, tmp_path / "p.pdf", PrintOptions(paper="a4", dpi=100, proof=True))
    assert report.warnings == (
        "SEED: no image file 'art/seed.png'",  # the lint's words; the renderer's same image not again
        "FIRE: field 'cots' is read by no box (did you mean 'cost'?)",
    )
    (page,) = pages_of(tmp_path / "p.pdf")
    assert len([d for d in inked(page) if d[0] == "fill"]) == 2  # two red corners

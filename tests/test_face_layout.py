"""The card renderer's pure layout (cardtable/ui/render/layout.py): millimetres to pixels, shrink-to-fit
text with kinsoku, mark layouts, sprite-sheet cells and image fitting. A fake monospace font stands in for
the real one, so these run without pygame."""

from __future__ import annotations

import subprocess
import sys

from cardtable.ui.render.layout import (
    FLOOR_PX,
    PIP_LAYOUT,
    Scale,
    fit_image,
    layout_text,
    mark_positions,
    pixel_rect,
    shape_polygon,
    sheet_cell,
    tight_px,
)


class Mono:
    """Every character `px` wide, lines 1.5 px tall per px: easy sums for the tests."""

    def __init__(self, px: int) -> None:
        self.px = px

    def size(self, text: str) -> tuple[int, int]:
        return len(text) * self.px, self.get_height()

    def get_height(self) -> int:
        return round(self.px * 1.5)

    def get_linesize(self) -> int:
        return round(self.px * 1.5)


def test_the_layout_module_needs_no_pygame():
    code = "import sys, cardtable.ui.render.layout; assert 'pygame' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_millimetres_and_points_become_pixels():
    scale = Scale(10.0, offset_mm=3.0)  # 10 px per mm, with a 3 mm bleed around the card
    assert scale.rect((1, 2, 4, 5)) == (40.0, 50.0, 40.0, 50.0)
    assert round(scale.pt(72), 6) == 254.0  # 72 pt is an inch, 25.4 mm
    assert pixel_rect((1.5, 2.2, 3.0, 0.1)) == (1, 2, 4, 1)


def test_text_takes_the_largest_size_that_fits():
    fit = layout_text(Mono, "あいうえお", "", (100, 40), (5, 40))
    assert fit.fits and fit.first.px == 20 and fit.first.lines == ("あいうえお",)
    # Half as wide: two lines are allowed, so the size that fits two lines of 3 wins.
    fit = layout_text(Mono, "あいうえお", "", (50, 60), (5, 40))
    assert fit.fits and fit.first.lines == ("あいう", "えお") and fit.first.px == 16
    assert fit.height <= 60 and fit.width <= 50


def test_the_other_language_is_fitted_beneath_at_its_scale():
    fit = layout_text(Mono, "剣", "Sword", (100, 60), (5, 60), second_scale=0.5)
    assert fit.fits and fit.second is not None
    assert fit.second.px == round(fit.first.px * 0.5)
    assert fit.first.height + fit.gap + fit.second.height == fit.height <= 60


def test_kinsoku_holds_while_shrinking():
    fit = layout_text(Mono, "カードを引く。山札から", "", (40, 200), (10, 10))
    assert all(not line.startswith(("。", "、")) for line in fit.first.lines)
    assert fit.width <= 40  # a hanging 。 must still fit: a card has no margin to hang it in


def test_max_lines_and_text_that_cannot_fit():
    fit = layout_text(Mono, "あいうえおかきくけこ", "", (50, 100), (10, 20), max_lines=1)
    assert fit.fits and len(fit.first.lines) == 1 and fit.first.px == 5
    hopeless = layout_text(Mono, "あ" * 200, "", (10, 10), (10, 20))
    assert not hopeless.fits and hopeless.first.px == FLOOR_PX


def test_tight_text_fills_its_box_by_its_ink():
    assert tight_px(100, (60, 73), (30, 73), 200) == 50
    assert tight_px(100, (60, 73), (300, 300), 120) == 120


def test_pips_follow_the_printed_layout():
    marks = mark_positions("pips", (0, 0, 100, 200), 20, count=7, turn_lower=True)
    assert len(marks) == 7 == len(PIP_LAYOUT[7])
    assert {m.centre[0] for m in marks} == {10, 50, 90}
    assert min(m.centre[1] for m in marks) == 10 and max(m.centre[1] for m in marks) == 190
    assert [m.turned for m in marks].count(True) == 2  # the lower row is printed upside down


def test_edges_rows_and_corners():
    edges = mark_positions("edges", (0, 0, 60, 80), 10, edges=[("top", 3), ("left", 5)], inset=5)
    assert [(m.centre, m.value) for m in edges] == [((30, 5), 3), ((5, 40), 5)]
    row = mark_positions("row", (0, 0, 100, 10), 10, count=3, gap=5)
    assert [m.centre[0] for m in row] == [35, 50, 65]
    crowded = mark_positions("row", (0, 0, 30, 10), 10, count=5, gap=5)
    assert crowded[0].centre[0] == 5 and crowded[-1].centre[0] == 25
    corners = mark_positions("corners", (0, 0, 40, 60), 4, count=4, gap=1, turn_lower=True)
    assert [(m.centre, m.turned) for m in corners] == [
        ((3, 3), False),
        ((37, 3), False),
        ((3, 57), True),
        ((37, 57), True),
    ]


def test_sprite_sheet_cells_read_left_to_right_top_to_bottom():
    assert sheet_cell((1000, 700), (10, 7), 0) == (0, 0, 100, 100)
    assert sheet_cell((1000, 700), (10, 7), 12) == (200, 100, 100, 100)
    assert sheet_cell((1005, 703), (10, 7), 69) == (900, 600, 100, 100)  # the last cell: the hidden face


def test_images_cover_contain_or_stretch():
    assert fit_image((200, 100), (50, 50), "cover") == ((50, 0, 100, 100), (0, 0, 50, 50))
    assert fit_image((200, 100), (50, 50), "contain") == ((0, 0, 200, 100), (0, 12, 50, 25))
    assert fit_image((200, 100), (50, 50), "stretch") == ((0, 0, 200, 100), (0, 0, 50, 50))


def test_shapes_stay_in_their_rect():
    for shape in ("star", "shield", "diamond", "hexagon", "rect"):
        points = shape_polygon(shape, (10, 20, 30, 40))
        assert all(10 - 1e-9 <= x <= 40 + 1e-9 and 20 - 1e-9 <= y <= 60 + 1e-9 for x, y in points), shape

"""Card faces drawn from data templates (cardtable/ui/render/cardface.py), headless.

- Every card of every bundled set, at table size (120 px wide, a 1080p table) and at 300 dpi (744 px):
  every text lies inside its box, measured from the rendered lines, and at print size both languages
  are there. The faces are saved as PNG sheets to CARDTABLE_SHOTS when that is set, for a person to
  look at beside the rulebooks (not otherwise: a 744 px sheet of a set took longer to write as a PNG
  than to draw, and nobody looked at the copy in the test's tmp folder):

      CARDTABLE_SHOTS=/tmp/faces pytest tests/test_face_render.py

- The test set in tests/faceset (its own template, PNG / JPEG / WebP art, a Tabletop Simulator sprite
  sheet, whole-face images, icons, stars, an override) renders as its template says, pixel by pixel.
- Missing and broken images fall back to the drawn face with a readable problem; a template edit
  shows at once; faces are exactly the size asked for, with the print bleed when asked.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import shutil  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable.cardsets import clear_cache, load_bundled, load_cardset  # noqa: E402
from cardtable.cardsets.faces import resolve_face  # noqa: E402
from cardtable.resources import bundled_cardsets  # noqa: E402
from cardtable.ui.render.cardface import CardRenderer, Drawn  # noqa: E402

FACESET = Path(__file__).parent / "faceset"
TABLE, PRINT = 120, 744  # a card on a 1920x1080 table; a 63 mm card at 300 dpi

# The colours tests/faceset/make_art.py painted, from the script itself so the two cannot drift.
sys.path.insert(0, str(Path(__file__).parent / "faceset"))
from make_art import CELLS, DRAGON, FULL, KNIGHT, STAR, WITCH  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh():
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def shots() -> list[Path]:
    folders = []
    if os.environ.get("CARDTABLE_SHOTS"):
        folders.append(Path(os.environ["CARDTABLE_SHOTS"]))
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    return folders


def every_face(renderer: CardRenderer, width: int) -> list[tuple[str, Drawn]]:
    """Every card's face, and each side of a two-sided card."""
    out = []
    for spec in renderer.cardset.cards:
        sides = renderer.template.sides if spec.get("sides") else (None,)
        for side in sides:
            out.append((f"{spec.code}{'/' + side if side else ''}", renderer.drawn(spec, width, side)))
    return out


def save_sheet(faces: list[tuple[str, Drawn]], back: pygame.Surface, path: Path) -> None:
    surfaces = [d.surface for _, d in faces] + [back]
    w, h = surfaces[0].get_size()
    cols = max(1, min(len(surfaces), 2400 // (w + 6)))
    rows = (len(surfaces) + cols - 1) // cols
    sheet = pygame.Surface((cols * (w + 6) + 6, rows * (h + 6) + 6))
    sheet.fill((38, 84, 58))
    for i, surface in enumerate(surfaces):
        sheet.blit(surface, (6 + i % cols * (w + 6), 6 + i // cols * (h + 6)))
    pygame.image.save(sheet, str(path))


def inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


SETS = [p.stem for p in bundled_cardsets()]


@pytest.mark.parametrize("width", [TABLE, PRINT])
@pytest.mark.parametrize("name", SETS)
def test_every_text_of_every_bundled_card_fits_its_box(name: str, width: int, shots: list[Path]):
    renderer = CardRenderer(load_bundled(name))
    faces = every_face(renderer, width)
    assert renderer.problems == []
    for folder in shots:
        save_sheet(faces, renderer.back(width), folder / f"faces_{name}_{width}.png")
    for label, drawn in faces:
        size = drawn.surface.get_size()
        assert size == (width, round(width * 88 / 63)), label
        assert drawn.problems == [], (label, drawn.problems)
        assert drawn.texts, label
        for placed in drawn.texts:
            where = f"{label} {placed.box} {placed.text[:30]!r} at {placed.px} px"
            assert placed.fits, where
            assert placed.lines, where
            for line in placed.lines:
                assert inside(line, placed.area), (where, line, placed.area)
                assert inside(line, (0, 0, *size)), (where, line)
            if width == PRINT:
                assert not placed.dropped, f"{where}: the translation had no room at print size"


def test_the_bundled_faces_show_what_the_printed_cards_carry():
    """What the rulebooks say each printed card carries (shared/rules/*.md), box by box."""
    risugeon = load_bundled("risugeon")
    r = CardRenderer(risugeon)

    def shown(renderer: CardRenderer, code: str, side: str | None = None) -> dict[str, object]:
        spec = renderer.cardset.by_code()[code]
        face = resolve_face(renderer.template, renderer.cardset, spec, side)
        return {box.id: box.props for box in face.boxes}

    combat = shown(r, "C2A")
    assert (combat["cost"]["text"], combat["skill"]["text"]) == ("3", "2")
    assert (combat["name"]["text"], combat["name"]["second"]) == ("火炎&氷結", "Fire & Ice")
    action = shown(r, "A01")
    assert (
        action["text"]["text"] == "追加行動+2。カードを1枚引く。"
        and action["text"]["second"] == "+2 actions. Draw 1 card."
    )
    gem = shown(r, "G7")
    assert (gem["cost"]["text"], gem["points"]["text"]) == ("12", "12") and "skill" not in gem
    assert shown(r, "P1")["points"]["text"] == "1"

    s = CardRenderer(load_bundled("sainome"))
    great_sword = shown(s, "GS")
    assert great_sword["links"]["edges"] == [("top", 3)]
    assert [i["glyph"] for i in great_sword["icons"]["icons"]] == ["6"]
    assert "hand_icon" not in great_sword
    assert [i["glyph"] for i in shown(s, "QC")["hand_icon"]["icons"]] == ["手"]
    assert [i["glyph"] for i in shown(s, "WS")["icons"]["icons"]] == ["反"]
    assert shown(s, "SS")["links"]["edges"] == [("top", 1), ("bottom", 2)]
    normal, awakened = shown(s, "MAG"), shown(s, "MAG", "awakened")
    assert normal["faces"]["edges"] == [("top", 2), ("right", 3), ("bottom", 4), ("left", 5)]
    assert awakened["faces"]["edges"] == [("top", 2), ("right", 2), ("bottom", 4), ("left", 4)]
    assert normal["skills"]["text"] == "【魔術】魔法のダメージ+1。"
    assert awakened["skills"]["text"].count("【") == 2 and "魔力の枯渇" in awakened["skills"]["text"]
    assert normal["awaken"]["text"] == "覚醒: 装備変更の後、魔法カードを2枚以上装備していれば。"
    assert "awaken" not in awakened and awakened["reverts"]["text"] == "通常に戻る: 魔力の枯渇で戻る。"
    assert s.face(s.cardset.by_code()["MAG"], 200) is not s.face(s.cardset.by_code()["MAG"], 200, "awakened")


# --- the test set: its own template, art images and a sprite sheet ------------------------------------


def colour_at(
    surface: pygame.Surface, mm: tuple[float, float], width_mm: float = 56.0
) -> tuple[int, int, int]:
    scale = surface.get_width() / width_mm
    c = surface.get_at((round(mm[0] * scale), round(mm[1] * scale)))
    return c.r, c.g, c.b


def near(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.fixture
def artset():
    cardset = load_cardset(FACESET / "artset.yaml")
    return cardset, CardRenderer(cardset)


@pytest.mark.parametrize("width", [150, 1000])
def test_the_test_set_renders_as_its_template_says(artset, width: int, shots: list[Path]):
    cardset, renderer = artset
    cards = cardset.by_code()
    faces = every_face(renderer, width)
    for folder in shots:
        save_sheet(faces, renderer.back(width), folder / f"faces_artset_{width}.png")
    assert renderer.problems == []
    height = round(width * 87 / 56)  # the template's own size, 56 x 87 mm
    for _, drawn in faces:
        assert drawn.surface.get_size() == (width, height)
        assert all(placed.fits for placed in drawn.texts)

    art_middle = (28, 31)  # the art box [6, 16, 44, 30]
    assert near(colour_at(renderer.face(cards["K1"], width), art_middle), KNIGHT)  # PNG
    assert near(colour_at(renderer.face(cards["K2"], width), art_middle), WITCH, 24)  # JPEG
    assert near(colour_at(renderer.face(cards["K3"], width), art_middle), DRAGON, 24)  # WebP
    # P1 has no art: the window's own colour shows.
    assert not near(colour_at(renderer.face(cards["P1"], width), art_middle), KNIGHT, 60)
    # The icon from an image file, first in the icon row [6, 47, 20, 5].
    assert near(colour_at(renderer.face(cards["K1"], width), (8.5, 49.5)), STAR, 30)
    # Whole faces from sheet cells and from a file; the back is the sheet's last cell.
    for code, cell in (("S0", 0), ("S1", 1), ("S6", 6)):
        assert near(colour_at(renderer.face(cards[code], width), (28, 43.5)), CELLS[cell]), code
    assert near(colour_at(renderer.face(cards["F1"], width), (28, 43.5)), FULL)
    assert near(colour_at(renderer.back(width), (28, 43.5)), CELLS[7])
    # Images are clipped to the card's rounded corners.
    assert renderer.face(cards["F1"], width).get_at((0, 0)).a == 0


def test_the_test_set_template_boxes(artset):
    cardset, renderer = artset
    cards = cardset.by_code()

    def boxes(code: str) -> dict:
        face = resolve_face(renderer.template, cardset, cards[code])
        return {box.id: box.props for box in face.boxes}

    k1, k2, p1 = boxes("K1"), boxes("K2"), boxes("P1")
    assert k1["stars"]["count"] == 3 and k1["links"]["edges"] == [("left", 1), ("right", 6)]
    assert k2["name"]["text"] == "魔女(上書き)" and "stars" not in k2  # the per-card override
    assert "power" not in k2 and "art" not in p1
    assert k1["cost"]["fill"] == (0xC8, 0x45, 0x2F, 255) and k2["cost"]["fill"] == (0x2F, 0x6F, 0xC8, 255)


def test_print_faces_carry_their_bleed(artset):
    cardset, renderer = artset
    spec = cardset.by_code()["K1"]
    width = 661  # 56 mm at 300 dpi
    face = renderer.face(spec, width, bleed=True)
    bleed = round(3 * width / 56)
    assert (
        abs(face.get_width() - (width + 2 * bleed)) <= 1
        and abs(face.get_height() - (round(87 * width / 56) + 2 * bleed)) <= 1
    )
    assert face.get_at((0, 0)).a == 255  # the paper runs out to the cut, square
    assert renderer.face(spec, width).get_at((0, 0)).a == 0


# --- images that are missing or broken --------------------------------------------------------------


def copy_set(tmp_path: Path) -> Path:
    target = tmp_path / "faceset"
    shutil.copytree(FACESET, target)
    return target / "artset.yaml"


def test_a_missing_image_falls_back_to_the_drawn_face_marked(tmp_path: Path):
    path = copy_set(tmp_path)
    cardset = load_cardset(path)
    (path.parent / "art" / "knight.png").unlink()
    (path.parent / "art" / "full.png").unlink()
    renderer = CardRenderer(cardset)
    knight = renderer.drawn(cardset.by_code()["K1"], 200)
    assert not near(colour_at(knight.surface, (28, 31)), KNIGHT, 60)
    assert any("knight.png not found" in p for p in knight.problems)
    full = renderer.drawn(cardset.by_code()["F1"], 200)  # no art: its drawn face, with its name
    assert [p.text for p in full.texts if p.box == "name"] == ["全面\nFull art"]
    assert any("full.png not found; drawn as a placeholder" in p for p in renderer.problems)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"not an image", "not a PNG, JPEG, WebP, GIF or BMP image"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "header is damaged or cut short"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x0a\0\0\0\x0a" + b"\0" * 40, "is broken"),
    ],
)
def test_a_broken_image_falls_back_with_a_clear_problem(tmp_path: Path, content: bytes, words: str):
    path = copy_set(tmp_path)
    cardset = load_cardset(path)
    (path.parent / "art" / "deck.png").write_bytes(content)
    renderer = CardRenderer(cardset)
    drawn = renderer.drawn(cardset.by_code()["S0"], 200)
    assert [p.text for p in drawn.texts if p.box == "name"] == ["一\nOne"]
    assert renderer.back(200).get_size() == (200, round(200 * 87 / 56))
    assert any(words in p and "deck.png" in p for p in renderer.problems), renderer.problems


def test_a_template_edit_shows_at_once(tmp_path: Path):
    path = copy_set(tmp_path)
    cardset = load_cardset(path)
    renderer = CardRenderer(cardset)
    renderer.CHECK_EVERY_S = 0.0
    spec = cardset.by_code()["P1"]
    before = renderer.face(spec, 120)
    assert renderer.face(spec, 120) is before  # cached
    template = path.parent / "faces.yaml"
    template.write_bytes(template.read_bytes().replace(b'paper: "#f4efe2"', b'paper: "#102030"'))
    after = renderer.face(spec, 120)
    assert after is not before and near(colour_at(after, (28, 60)), (0x10, 0x20, 0x30))
    template.write_bytes(b"boxes: [{kind: text, rect: [1, 2, 3]}]\n")
    fallback = renderer.face(spec, 120)  # a broken template: the generic face, and the problems
    assert fallback.get_size() == (120, round(120 * 88 / 63))
    assert any("faces.yaml:1:" in p for p in renderer.problems)


def test_faces_are_sharp_at_any_size(artset):
    cardset, renderer = artset
    spec = cardset.by_code()["K1"]
    # odd widths, tiny to well beyond print size (the template's 56 mm at 300 dpi is 661 px): 1,201 px
    # rather than 1,920, whose face drew 90 MB of supersampled layers for this size check
    for width in (37, 233, 1201):
        assert renderer.face(spec, width).get_size() == (width, round(width * 87 / 56))
    assert renderer.face(spec, 233) is renderer.face(spec, 233)


def test_the_face_cache_keeps_to_its_byte_budget(artset):
    cardset, _ = artset
    renderer = CardRenderer(cardset, max_bytes=3 * 300 * 466 * 4)
    for spec in cardset.cards:
        renderer.face(spec, 300)
    assert len(renderer._cache) == 3 and renderer.cache_bytes() == 3 * 300 * 466 * 4


def _set_with_font(tmp_path: Path, font: str) -> Path:
    """A new set whose template draws its texts with `font` (a path from the template's folder)."""
    from cardtable.games.sandbox.newset import new_set

    file = new_set("fonted", tmp_path)
    look = file.parent / "faces" / "fonted.yaml"
    text = (
        look.read_bytes().decode("utf-8").replace("size_mm: [63, 88]\n", f"size_mm: [63, 88]\nfont: {font}\n")
    )
    look.write_bytes(text.encode("utf-8"))
    return file


def test_a_designers_own_font_beside_the_set_draws_the_texts(tmp_path: Path) -> None:
    """`font: ../fonts/x.ttf` in the template: every text is drawn with it (pygame's own FreeSans
    here); a font outside the set's folder, or no font at all, is a warning and the bundled font draws."""
    from cardtable.cli import main

    free = Path(pygame.__file__).parent / "freesansbold.ttf"
    plain = CardRenderer(load_cardset(_set_with_font(tmp_path / "a", "../fonts/none.ttf")))
    spec = plain.cardset.by_code()["WAVE"]
    assert any("font '../fonts/none.ttf' not found" in p for p in plain.drawn(spec, 200).problems)
    file = _set_with_font(tmp_path / "b", "../fonts/free.ttf")
    (file.parent / "fonts").mkdir()
    (file.parent / "fonts" / "free.ttf").write_bytes(free.read_bytes())
    assert main(["validate", str(file)]) == 0
    fonted = CardRenderer(load_cardset(file))
    drawn = fonted.drawn(fonted.cardset.by_code()["WAVE"], 200)
    assert not drawn.problems and not fonted.problems
    english = [p for p in drawn.texts if p.box == "text"][0]
    x, y, w, h = english.area
    mine = pygame.image.tobytes(drawn.surface.subsurface((x, y, w, h)), "RGBA")
    theirs = pygame.image.tobytes(plain.face(spec, 200).subsurface((x, y, w, h)), "RGBA")
    assert mine != theirs  # the same words in another font
    outside = _set_with_font(tmp_path / "c", "../../../b/fonted/fonts/free.ttf")
    renderer = CardRenderer(load_cardset(outside))
    found = renderer.drawn(renderer.cardset.by_code()["WAVE"], 200)
    assert any("outside the card set's folder" in p for p in found.problems)
    assert pygame.image.tobytes(found.surface.subsurface((x, y, w, h)), "RGBA") == theirs


def test_a_font_that_is_not_one_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    file = _set_with_font(tmp_path, "fake.ttf")
    (file.parent / "faces" / "fake.ttf").write_bytes(b"this is not a font at all")
    assert main(["validate", str(file)]) == 0
    assert "font: warning: 'fake.ttf' is not a TrueType or OpenType font" in capsys.readouterr().out
    renderer = CardRenderer(load_cardset(file))
    assert any(
        "not a font pygame can read" in p for p in renderer.drawn(renderer.cardset.cards[0], 120).problems
    )


def test_icon_tokens_in_text_draw_the_icon_inline(tmp_path: Path) -> None:
    """`{gem}` in a card's text draws the template's icon `gem` in the line, the size of a letter, where
    it was printed as the letters "{gem}"; a token naming no icon stays as written."""
    from cardtable.games.sandbox.newset import new_set

    file = new_set("tokens", tmp_path)
    look = file.parent / "faces" / "tokens.yaml"
    text = look.read_bytes().decode("utf-8")
    text = text.replace(
        "size_mm: [63, 88]\n", 'size_mm: [63, 88]\nicons:\n  gem: {shape: diamond, fill: "#00c000"}\n'
    )
    look.write_bytes(text.encode("utf-8"))
    cards = file.read_bytes().decode("utf-8")
    cards = cards.replace(
        "en: Return a card in play to its owner's hand.", 'en: "Pay {gem}{gem} to draw. {nothing}"'
    )
    file.write_bytes(cards.encode("utf-8"))
    cardset = load_cardset(file)
    renderer = CardRenderer(cardset)
    drawn = renderer.drawn(cardset.by_code()["WAVE"], 400)
    (placed,) = [p for p in drawn.texts if p.box == "text"]
    assert placed.fits and "{gem}" in placed.text
    x, y, w, h = placed.area
    area = drawn.surface.subsurface((x, y, w, h))
    green = [
        (i, j)
        for i in range(w)
        for j in range(0, h, 2)
        if near(tuple(area.get_at((i, j)))[:3], (0, 192, 0), 40)
    ]
    assert len(green) > 40, len(green)
    # two gems side by side, in one line, each about a letter high (the English line is ~10 px at 400 px)
    xs = sorted({i for i, _ in green})
    runs = sum(1 for a, b in zip(xs, xs[1:], strict=False) if b - a > 1) + 1
    assert runs == 2, xs
    assert max(j for _, j in green) - min(j for _, j in green) < 20
    # the unknown token is printed as written, not swallowed
    assert placed.text.endswith("{nothing}")

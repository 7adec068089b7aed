"""Every file a card set reads is read within limits and from inside its folder (issue 24: 2, 3, 4, 9, 10).

- face templates: every number finite and within the ranges of cardtable/limits.py, colour work bounded,
  refused by validate with file:line:key, and never taken by a table or export;
- hot reload reads through the limited reader (a FIFO or a /dev/zero link saved over the set);
- images: the size a PNG, JPEG, WebP, GIF or BMP header declares is checked before decoding;
- a set names files inside its own folder only; a message quotes a short, escaped excerpt;
- export and new-set write only regular files they create; `--bleed` within its range.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path

import pygame
import pytest
import yaml
from mutants import time_limit
from PIL import Image

from cardtable.cardsets import clear_cache, load_cardset, validate_paths
from cardtable.cardsets.faceresolve import _Card
from cardtable.cardsets.faces import ImageRef, check_template_file, face_template, resolve_face
from cardtable.cardsets.setfiles import OutsideFolder, check_image, image_header, inside, read_image
from cardtable.cardsets.watch import CardSetWatcher
from cardtable.cli import main
from cardtable.games.sandbox.newset import new_set
from cardtable.limits import MAX_COLOUR_STEPS, MAX_IMAGE_PIXELS, MAX_MARKS, FileRefused
from cardtable.resources import cards_dir
from cardtable.ui.render.cardface import CardRenderer
from cardtable.ui.render.images import ImageStore


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


def _edit(path: Path, old: str, new: str) -> None:
    """Replace text in a file as an editor saves it, with a modification time no watcher can miss."""
    text = path.read_bytes().decode("utf-8")
    assert old in text, old
    stamp = path.stat().st_mtime_ns + 2_000_000_000
    path.write_bytes(text.replace(old, new, 1).encode("utf-8"))
    os.utime(path, ns=(stamp, stamp))


def _line_of(path: Path, text: str) -> int:
    lines = path.read_bytes().decode("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.fixture()
def made(tmp_path: Path) -> Path:
    """A new set (cardtable new-set): proto/proto.yaml with its own template proto/faces/proto.yaml."""
    return new_set("proto", tmp_path)


# ---------------------------------------------------------------------------------------------------
# 2. Template numbers


BAD_NUMBERS = [
    ("size_mm: [63, 88]", "size_mm: [.nan, 88]", "size_mm[0]", "finite"),
    ("size_mm: [63, 88]", "size_mm: [1.0e-9, 1.0e-9]", "size_mm[0]", "outside 10..300"),
    ("corner_mm: 3.5", "corner_mm: 1.0e12", "corner_mm", "outside 0..50"),
    ("rect: [3.8, 3.8, 55.4, 17.6]", "rect: [0, 0, .inf, 10]", "boxes[0].rect[2]", "finite"),
    ("rect: [3.8, 3.8, 55.4, 17.6]", "rect: [0, 0, 1.0e12, 1.0e12]", "boxes[0].rect[2]", "outside -300..300"),
    ("size_pt: [6, 17]", "size_pt: 1.0e7", "boxes[1].size_pt", "outside 1..200"),
    ("lines: 2", "lines: 1000000000", "boxes[1].lines", "outside 1..100"),
]


@pytest.mark.parametrize(("old", "new", "key", "words"), BAD_NUMBERS, ids=[b[1] for b in BAD_NUMBERS])
def test_template_numbers_out_of_range_are_refused_at_their_key(made: Path, old, new, key, words):
    look = made.parent / "faces" / "proto.yaml"
    _edit(look, old, new)
    line = _line_of(look, new.split(":")[0] + ": " + new.split(": ", 1)[1])
    problems = [str(p) for p in check_template_file(look)]
    assert any(p.startswith(f"{look}:{line}:") and f": {key}: " in p and words in p for p in problems), (
        problems
    )
    # the set naming it is refused too (a table or an export never opens it), at the template's line
    assert any(f"{look}:{line}:" in str(p) for p in validate_paths([made]))


def test_a_template_edited_into_nan_falls_back_at_the_table_and_the_watcher_keeps_the_set(made: Path):
    cardset = load_cardset(made)
    renderer = CardRenderer(cardset)
    watcher = CardSetWatcher(cardset)
    spec = cardset.cards[0]
    good = pygame.image.tobytes(renderer.face(spec, 90), "RGBA")
    look = made.parent / "faces" / "proto.yaml"
    _edit(look, "corner_mm: 3.5", "corner_mm: .nan")
    change = watcher.check()
    assert change.kind == "broken" and change.cardset is cardset
    assert any("corner_mm" in str(p) and "finite" in str(p) for p in change.problems)
    renderer._checked = -1e9  # look at the template now (the renderer looks once a second)
    renderer.face(spec, 90)  # drawn from the generic look: no ValueError, no pygame.error
    assert any("corner_mm" in p for p in renderer.problems)
    _edit(look, "corner_mm: .nan", "corner_mm: 3.5")
    renderer._checked = -1e9
    assert pygame.image.tobytes(renderer.face(spec, 90), "RGBA") == good


def test_export_with_an_out_of_range_template_says_where_without_a_traceback(made: Path, tmp_path, capsys):
    _edit(made.parent / "faces" / "proto.yaml", "rect: [3.8, 3.8, 55.4, 17.6]", "rect: [0, 0, .inf, 10]")
    out = tmp_path / "out.pdf"
    assert main(["export", str(made), "--pdf", str(out)]) == 2
    err = capsys.readouterr().err
    assert "proto.yaml:" in err and "boxes[0].rect[2]" in err and "Traceback" not in err
    assert not out.exists()


def _palette(entries: dict[str, str]) -> list[str]:
    return ["size_mm: [63, 88]", "colours:", *(f"  {k}: {v}" for k, v in entries.items()), "boxes: []"]


def test_a_long_chain_of_colour_mixes_is_refused_before_the_schema_walks_it(tmp_path: Path):
    chain = {
        "c0": "'#000000'",
        **{f"c{i}": f"{{mix: [$c{i - 1}, '#ffffff'], t: 0.5}}" for i in range(1, 3000)},
    }
    path = tmp_path / "chain.yaml"
    path.write_bytes("\n".join(_palette(chain)).encode("utf-8"))
    problems = [str(p) for p in check_template_file(path)]
    assert any(f"{path}:3:3: colours: 3000 entries" in p for p in problems), problems
    assert any(f"colours.c{MAX_COLOUR_STEPS}: " in p and "steps" in p for p in problems), problems


def test_a_doubling_colour_chain_is_refused_and_its_drawing_is_bounded(tmp_path: Path, made: Path):
    # each colour mixes the one before with itself: 2**40 steps to work out c40 naively
    chain = {"c0": "'#000000'", **{f"c{i}": f"{{mix: [$c{i - 1}, $c{i - 1}]}}" for i in range(1, 41)}}
    path = tmp_path / "double.yaml"
    path.write_bytes("\n".join(_palette(chain)).encode("utf-8"))
    problems = [str(p) for p in check_template_file(path)]
    assert [p for p in problems if "steps" in p] == [
        f"{path}:11:7: colours.c8: working this colour out takes more than {MAX_COLOUR_STEPS} steps"
    ]
    # drawing (a template that was not validated) stops after the same number of steps
    cardset = load_cardset(made)
    template, _ = face_template(cardset)
    card = _Card(template, cardset, cardset.cards[0], None)
    card.palette = {name: value for name, value in ((k, _yaml_value(v)) for k, v in chain.items())}
    calls = 0
    real = card.colour

    def counting(value, depth=0, budget=None):
        nonlocal calls
        calls += 1
        return real(value, depth, budget)

    card.colour = counting  # type: ignore[method-assign]
    card.colour("$c40")
    assert calls <= 2 * MAX_COLOUR_STEPS  # not 2**20 (the depth bound alone)


def _yaml_value(text: str):
    return yaml.safe_load(text)


def test_marks_counted_by_a_card_field_are_capped(made: Path):
    look = made.parent / "faces" / "proto.yaml"
    text = look.read_bytes().decode("utf-8")
    look.write_bytes(
        text.replace(
            "boxes:\n",
            "boxes:\n  - {kind: marks, layout: row, mark: circle, count: {field: pips}, rect: [5, 5, 50, 5]}\n",
            1,
        ).encode("utf-8")
    )
    _edit(made, "    cost: 1\n", "    cost: 1\n    pips: 1000000000\n")
    cardset = load_cardset(made)
    template, problems = face_template(cardset)
    assert not problems
    face = resolve_face(template, cardset, cardset.by_code()["SEED"])
    (marks,) = [box for box in face.boxes if box.kind == "marks"]
    assert marks.props["count"] == MAX_MARKS
    _edit(made, "    pips: 1000000000\n", "    pips: .inf\n")
    cardset = load_cardset(made)
    face = resolve_face(template, cardset, cardset.by_code()["SEED"])  # no OverflowError
    assert not [box for box in face.boxes if box.kind == "marks"]


# ---------------------------------------------------------------------------------------------------
# 3. Hot reload reads within limits


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_saved_over_the_set_does_not_freeze_the_reload(made: Path):
    cardset = load_cardset(made)
    watcher = CardSetWatcher(cardset)
    made.unlink()
    os.mkfifo(made)
    with time_limit(5.0):
        change = watcher.check()
    assert change.kind == "broken" and change.cardset is cardset
    assert "not a regular file" in str(change.problems[0])


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_dev_zero_saved_over_the_set_is_refused_without_reading_it(made: Path):
    cardset = load_cardset(made)
    watcher = CardSetWatcher(cardset)
    made.unlink()
    made.symlink_to("/dev/zero")
    with time_limit(5.0):
        change = watcher.check()
    assert change.kind == "broken" and change.cardset is cardset
    assert "not a regular file" in str(change.problems[0])


def test_the_reloaded_set_and_the_bytes_kept_for_its_save_are_one_read(made: Path):
    cardset = load_cardset(made)
    watcher = CardSetWatcher(cardset)
    _edit(made, "en: Seed}", "en: Sprout}")
    change = watcher.check()
    assert change.kind == "in_place" and change.raw == made.read_bytes()
    assert change.cardset.by_code()["SEED"].name.en == "Sprout"


# ---------------------------------------------------------------------------------------------------
# 4. Images: the declared size is checked from the header, in every format


def _image(fmt: str, size=(12, 8), **options) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buffer, fmt, **options)
    return buffer.getvalue()


def _jpeg_declaring(width: int, height: int) -> bytes:
    raw = bytearray(_image("JPEG"))
    at = 2
    while raw[at + 1] not in (0xC0, 0xC2):
        at += 2 + int.from_bytes(raw[at + 2 : at + 4], "big")
    raw[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(raw)


def _png_declaring(width: int, height: int) -> bytes:
    chunk = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13)
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + b"\0" * 64
    )


def _webp_declaring(width: int, height: int) -> bytes:
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x10\0\0\0" + (width - 1).to_bytes(3, "little")
    vp8x += (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 4 + len(vp8x) + 8) + b"WEBP" + vp8x + b"ALPH\0\0\0\0"


def _gif_declaring(width: int, height: int) -> bytes:
    # a 1x1 screen whose first frame is huge: the decoder allocates the frame
    return (
        b"GIF89a\x01\0\x01\0\0\0\0"
        + b"\x2c\0\0\0\0"
        + struct.pack("<HH", width, height)
        + b"\0\x02\x02\x44\x01\0;"
    )


def _bmp_declaring(width: int, height: int) -> bytes:
    header = struct.pack("<IiiHHIIiiII", 40, width, -height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(header) + 16, 0, 0, 14 + len(header)) + header + b"\0" * 16


@pytest.mark.parametrize(
    ("fmt", "options"),
    [
        ("PNG", {}),
        ("JPEG", {}),
        ("JPEG", {"progressive": True}),
        ("WEBP", {}),
        ("WEBP", {"lossless": True}),
        ("GIF", {}),
        ("BMP", {}),
    ],
)
def test_each_format_says_its_size_from_the_header(fmt: str, options: dict):
    header = image_header(_image(fmt, (123, 45), **options))
    assert header is not None and (header.width, header.height) == (123, 45)


HUGE = [
    ("art.jpg", _jpeg_declaring(30000, 30000), "JPEG header declares 30000 x 30000"),
    ("art.png", _png_declaring(100_000, 100_000), "PNG header declares 100000 x 100000"),
    ("art.webp", _webp_declaring(16384, 16384), "WebP header declares 16384 x 16384"),
    ("art.gif", _gif_declaring(65535, 65535), "GIF header declares 65535 x 65535"),
    ("art.bmp", _bmp_declaring(40000, 40000), "BMP header declares 40000 x 40000"),
]


@pytest.mark.parametrize(("name", "raw", "words"), HUGE, ids=[h[0] for h in HUGE])
def test_a_small_file_declaring_a_huge_picture_is_refused_before_decoding(made: Path, name, raw, words):
    assert len(raw) < 1000
    art = made.parent / name
    art.write_bytes(raw)
    with pytest.raises(FileRefused, match=words):
        read_image(art)
    store = ImageStore()
    assert store.get(ImageRef(art)) is None and words in store.problems[art]
    _edit(made, "    cost: 1\n", f"    cost: 1\n    art: {name}\n")
    line = _line_of(made, f"art: {name}")
    problems = [str(p) for p in validate_paths([made])]
    assert any(p.startswith(f"{made}:{line}:") and "cards[0].art" in p and words in p for p in problems), (
        problems
    )


def test_a_picture_at_the_pixel_limit_is_drawn_and_one_past_it_is_not():
    side = int(MAX_IMAGE_PIXELS**0.5)
    check_image(_png_declaring(side, side))
    with pytest.raises(FileRefused):
        check_image(_png_declaring(side, side + 1))


# ---------------------------------------------------------------------------------------------------
# 10. A set reads only inside its folder


OUTSIDE = [
    ("/etc/passwd", "absolute path"),
    ("~/art.png", "starts with ~"),
    ("../art.png", "leads out of the set's folder"),
    ("art/../../art.png", "leads out of the set's folder"),
    ("C:\\art.png", "absolute path"),
]


@pytest.mark.parametrize(("name", "words"), OUTSIDE, ids=[o[0] for o in OUTSIDE])
def test_names_leading_out_of_the_folder_are_refused(tmp_path: Path, name: str, words: str):
    with pytest.raises(OutsideFolder, match=words):
        inside(tmp_path, name)


def test_a_card_image_outside_the_set_is_refused_at_its_key_and_never_drawn(made: Path, tmp_path: Path):
    outside = tmp_path / "secret.png"
    outside.write_bytes(_image("PNG"))
    _edit(made, "    cost: 1\n", "    cost: 1\n    art: ../secret.png\n")
    line = _line_of(made, "art: ../secret.png")
    problems = [str(p) for p in validate_paths([made])]
    assert any(p.startswith(f"{made}:{line}:") and "cards[0].art" in p and "leads out" in p for p in problems)
    # a table given the set anyway (built in code) draws the card without the picture
    _edit(made, "    art: ../secret.png\n", "")
    cardset = load_cardset(made)
    spec = cardset.by_code()["SEED"]
    escaped = type(spec)(spec.code, spec.name, spec.count, {**spec.fields, "art": "../secret.png"})
    template, _ = face_template(cardset)
    face = resolve_face(template, cardset, escaped)
    assert not [box for box in face.boxes if box.kind == "image"]


def test_a_link_inside_the_set_leading_out_is_refused(made: Path, tmp_path: Path):
    outside = tmp_path / "secret.png"
    outside.write_bytes(_image("PNG"))
    (made.parent / "art.png").symlink_to(outside)
    _edit(made, "    cost: 1\n", "    cost: 1\n    art: art.png\n")
    problems = [str(p) for p in validate_paths([made])]
    assert any("cards[0].art" in p and "link leading out" in p for p in problems), problems


def test_faces_naming_etc_passwd_is_refused_without_quoting_it(made: Path):
    _edit(made, "faces: faces/proto.yaml", "faces: /etc/passwd")
    line = _line_of(made, "faces: /etc/passwd")
    problems = [str(p) for p in validate_paths([made])]
    assert problems == [
        f"{made}:{line}:8: faces: '/etc/passwd' is an absolute path: name a file inside the set's folder, "
        "relative to it"
    ]
    assert "root:" not in "".join(problems)


def test_template_files_outside_its_folder_are_refused_at_their_keys(made: Path):
    look = made.parent / "faces" / "proto.yaml"
    text = look.read_bytes().decode("utf-8")
    text = text.replace(
        "colours:\n",
        "sheets:\n  deck: {file: /etc/hosts, grid: [2, 2]}\nicons:\n  i: {image: ~/x.png}\ncolours:\n",
        1,
    )
    look.write_bytes(text.encode("utf-8"))
    problems = [str(p) for p in check_template_file(look)]
    assert any("sheets.deck.file: '/etc/hosts' is an absolute path" in p for p in problems), problems
    assert any("icons.i.image: '~/x.png' starts with ~" in p for p in problems), problems


def test_a_bundled_template_named_by_a_copied_set_is_still_found(tmp_path: Path):
    copy = tmp_path / "my_sainome.yaml"
    copy.write_bytes((cards_dir() / "sainome.yaml").read_bytes())
    assert load_cardset(copy).meta["faces"] == "faces/sainome.yaml"
    template, problems = face_template(load_cardset(copy))
    assert not problems and template.source is not None and template.source.name == "sainome.yaml"


# ---------------------------------------------------------------------------------------------------
# 9. Export and new-set write only regular files they create


def test_png_sheets_into_an_existing_file_is_refused(tmp_path: Path, capsys):
    target = tmp_path / "notes.txt"
    target.write_bytes(b"mine")
    assert main(["export", "standard52", "--png-sheets", str(target), "--cards", "SA"]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and "Traceback" not in err
    assert target.read_bytes() == b"mine"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pdf_is_not_written_over_a_device_a_fifo_or_a_folder(tmp_path: Path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "null.pdf"
    link.symlink_to("/dev/null")
    for target, words in ((fifo, "a pipe"), (folder, "a folder"), (link, "a link")):
        assert main(["export", "standard52", "--pdf", str(target), "--cards", "SA"]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    assert fifo.is_fifo() and folder.is_dir() and link.is_symlink()


def test_a_sheet_file_in_the_folder_that_is_not_a_file_is_refused(tmp_path: Path, capsys):
    (tmp_path / "sheets" / "back.png").mkdir(parents=True)
    assert main(["export", "standard52", "--png-sheets", str(tmp_path / "sheets"), "--cards", "SA"]) == 2
    err = capsys.readouterr().err
    assert "back.png is a folder" in err and "Traceback" not in err


@pytest.mark.parametrize("bleed", ["-5", "21", "nan", "inf"])
def test_bleed_outside_its_range_is_refused(tmp_path: Path, capsys, bleed: str):
    with pytest.raises(SystemExit) as exit_:
        main(["export", "standard52", "--pdf", str(tmp_path / "o.pdf"), "--bleed", bleed])
    assert exit_.value.code == 2
    assert "a bleed is 0 to 20 mm" in capsys.readouterr().err
    assert not (tmp_path / "o.pdf").exists()


def test_new_set_into_a_file_or_a_too_long_folder_is_refused(tmp_path: Path, capsys):
    afile = tmp_path / "afile"
    afile.write_bytes(b"mine")
    assert main(["new-set", "proto", "--dir", str(afile)]) == 2
    assert "is not a folder" in capsys.readouterr().err and afile.read_bytes() == b"mine"
    assert main(["new-set", "proto", "--dir", str(tmp_path / ("x" * 300))]) == 2
    err = capsys.readouterr().err
    assert "cannot make" in err and "Traceback" not in err


def test_new_set_names_no_path_of_this_machine(tmp_path: Path):
    file = new_set("proto", tmp_path)
    for path in file.parent.rglob("*"):
        if path.is_file():
            text = path.read_bytes().decode("utf-8")
            assert str(tmp_path) not in text and str(cards_dir()) not in text, path
            assert "file://" not in text, path
    assert (file.parent / "cardset.schema.json").is_file() and (file.parent / "faces.schema.json").is_file()
    assert load_cardset(file).id == "proto"
    assert not validate_paths([file, file.parent / "faces" / "proto.yaml"])


def test_the_schema_tells_editors_the_ranges_of_limits_py():
    import json

    from cardtable.limits import TEMPLATE_CARD_MM, TEMPLATE_NUMBERS
    from cardtable.resources import faces_schema_path

    schema = json.loads(faces_schema_path().read_bytes())
    box = schema["definitions"]["box"]["properties"]
    bounds = {
        "size_mm": schema["properties"]["size_mm"]["items"],
        "corner_mm": schema["properties"]["corner_mm"],
        "bleed_mm": schema["properties"]["bleed_mm"],
        "lines": box["lines"],
        "size_pt": box["size_pt"]["oneOf"][0],
    }
    ranges = {**TEMPLATE_NUMBERS, "size_mm": TEMPLATE_CARD_MM}
    for key, node in bounds.items():
        assert (node["minimum"], node["maximum"]) == ranges[key], key


def test_validate_reads_a_header_only_and_finds_a_jpeg_frame_after_large_metadata(tmp_path: Path):
    from cardtable.cardsets.setfiles import HEADER_BYTES, check_image_file

    raw = _image("JPEG", (33, 22))
    comment = b"\xff\xfe" + struct.pack(">H", 65_000) + b"c" * 64_998  # COM segments before the frame
    late = raw[:2] + comment * (HEADER_BYTES // 65_000 + 2) + raw[2:]
    path = tmp_path / "late.jpg"
    path.write_bytes(late)
    header = check_image_file(path)
    assert (header.kind, header.width, header.height) == ("JPEG", 33, 22)
    big = tmp_path / "big.png"
    big.write_bytes(_png_declaring(20, 10) + b"\0" * (2 * HEADER_BYTES))
    assert (check_image_file(big).width, check_image_file(big).height) == (20, 10)


# 64 bytes a fuzz run made of a 16 x 12 GIF: SDL_image's GIF reader crashed the process on it (a
# segmentation fault); the table decodes art through Pillow, which says the file is broken.
CRASHING_GIF = bytes.fromhex(
    "47494638376110000c00810000c83c1e0000000000808080802c000000001000"
    "0c000008190001081c48b0a0c18308808080c8b0a1c38710234a9c283020003b"
)


def test_a_damaged_gif_that_crashed_sdl_image_is_reported_broken(tmp_path: Path):
    path = tmp_path / "art.gif"
    path.write_bytes(CRASHING_GIF)
    store = ImageStore()
    assert store.get(ImageRef(path)) is None
    assert "is broken" in store.problems[path]


def test_an_inline_template_past_the_entry_limit_is_refused_at_its_key(made: Path):
    colours = "".join(f"    c{i}: '#000000'\n" for i in range(300))
    _edit(
        made, "faces: faces/proto.yaml\n", "faces:\n  size_mm: [63, 88]\n  boxes: []\n  colours:\n" + colours
    )
    line = _line_of(made, "    c0: '#000000'")
    assert [str(p) for p in validate_paths([made])] == [
        f"{made}:{line}:5: faces.colours: 300 entries; a template holds at most 256"
    ]


def test_a_pdf_under_a_file_is_refused_and_sheets_go_through_a_link_to_a_folder(tmp_path: Path, capsys):
    afile = tmp_path / "afile"
    afile.write_bytes(b"mine")
    assert main(["export", "standard52", "--pdf", str(afile / "out.pdf"), "--cards", "SA"]) == 2
    assert "afile is not a folder" in capsys.readouterr().err and afile.read_bytes() == b"mine"
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "via").symlink_to(real)
    assert main(["export", "standard52", "--png-sheets", str(tmp_path / "via"), "--cards", "SA"]) == 0
    assert (real / "sheet_01.png").is_file() and (real / "back.png").is_file()

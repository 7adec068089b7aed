"""Limits on what is read from files: each refused early, as one `file:line:col: key: what` line.

The hostile inputs are the ones the issue's probes found: a billion-laughs alias bomb, nesting thousands
deep, tags that build sets, bytes and dates, huge numbers, `count: 1e9`, devices and FIFOs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable import limits
from cardtable.cardsets import LoadError, load_cardset, parse_yaml, read_yaml, validate_paths
from cardtable.cardsets.yamlfile import _children
from cardtable.cli import main
from cardtable.resources import bundled_cardsets


def billion_laughs(levels: int = 9, width: int = 10) -> str:
    lines = [f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def one_problem(text: str) -> str:
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    assert len(caught.value.problems) == 1
    return str(caught.value)


def test_a_billion_laughs_is_refused_before_it_expands(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.cardsets import yamlfile

    visits = [0]

    def counted(node: Any) -> list[Any]:
        visits[0] += 1
        assert visits[0] < 1_000, "the aliases are being expanded"  # fails fast, never hangs
        return _children(node)

    monkeypatch.setattr(yamlfile, "_children", counted)
    message = one_problem(billion_laughs())
    assert "aliases expand this value to more than" in message
    assert message.startswith("f.yaml:")
    # Counted, not timed: the check visits each of the text's ~100 nodes a few times; the 30-second
    # expansion it replaced visited each of the billion values its aliases stand for.
    assert 0 < visits[0] < 1_000, visits[0]


def test_aliases_that_stay_small_are_fine():
    data, _ = parse_yaml("base: &b {draw: 1}\ncards: [*b, *b, *b]\n")
    assert data["cards"] == [{"draw": 1}] * 3


@pytest.mark.parametrize(
    "text",
    [
        "x: " + "[" * 5000 + "]" * 5000 + "\n",
        "x: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
        "".join(" " * i + "- \n" for i in range(300)),
        "".join(" " * i + f"k{i}:\n" for i in range(0, 300)) + " " * 300 + "v\n",
    ],
    ids=["flow-lists", "flow-maps", "block-lists", "block-maps"],
)
def test_deep_nesting_is_refused_without_a_recursion_error(text: str):
    assert f"nest more than {limits.MAX_DEPTH} deep" in one_problem(text)


@pytest.mark.parametrize(
    "tag",
    [
        "!!set {a, b}",
        "!!binary aGVsbG8=",
        "!!timestamp 2024-05-01",
        "!!omap [a: 1]",
        "!!pairs [a: 1]",
        "!local x",
    ],
)
def test_only_plain_types_are_constructed(tag: str):
    message = one_problem(f"cards:\n  - name: {tag}\n")
    assert message.startswith("f.yaml:2:11: cards[0].name: the tag ")
    assert "is not allowed" in message


def test_explicit_plain_tags_still_work():
    data, _ = parse_yaml('a: !!str 1\nb: !!int "7"\nc: !!float 1\nd: !!bool true\ne: !!null\n')
    assert data == {"a": "1", "b": 7, "c": 1.0, "d": True, "e": None}


@pytest.mark.parametrize(
    "text", ["n: " + "9" * 5000 + "\n", "n: 0x" + "f" * 200 + "\n", f"n: {2**53 + 1}\n", f"n: -{2**60}\n"]
)
def test_huge_whole_numbers_are_refused(text: str):
    message = one_problem(text)
    assert message.startswith("f.yaml:1:4: n: ")


def test_a_long_value_is_refused():
    message = one_problem("name: " + "x" * (limits.MAX_SCALAR_CHARS + 1) + "\n")
    assert "too long" in message


def test_too_many_values_are_refused():
    message = one_problem("x: [" + "1," * (limits.MAX_NODES + 1) + "]\n")
    assert f"more than {limits.MAX_NODES} values" in message


def test_a_large_file_is_refused_unread(tmp_path: Path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" + b"#" * limits.MAX_YAML_BYTES)
    with pytest.raises(LoadError) as caught:
        read_yaml(path)
    assert str(caught.value) == f"{path}:1:1: the file is too large (512 KiB; at most 512 KiB is read)"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_at_once(capsys: pytest.CaptureFixture[str]):
    assert main(["validate", "/dev/zero"]) == 2
    out = capsys.readouterr().out
    assert out == "/dev/zero:1:1: is not a regular file (a device, a pipe or a socket); give a file\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path):
    fifo = tmp_path / "set.yaml"
    os.mkfifo(fifo)
    problems = validate_paths([fifo])
    assert [p.message for p in problems] == [
        "is not a regular file (a device, a pipe or a socket); give a file"
    ]


def test_a_folder_named_like_a_file_is_refused(tmp_path: Path):
    folder = tmp_path / "set.yaml"
    folder.mkdir()
    with pytest.raises(LoadError, match="is a folder, not a file"):
        read_yaml(folder)


SAINOME_TOP = "cardset: s\ntitle: x\nlanguage: ja\ntemplate: sainome\ncards:\n"


def test_a_huge_count_is_refused_by_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "s.yaml"
    path.write_text(SAINOME_TOP + "  - {code: AA, name: x, category: weapon, count: 1e9}\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert f"{path}:6:50: cards[0].count: 1000000000.0 is too large (maximum 100)" in lines


def test_the_whole_set_is_bounded_too(tmp_path: Path):
    path = tmp_path / "s.yaml"
    cards = "".join(f"  - {{code: C{i}, name: x, category: weapon, count: 100}}\n" for i in range(21))
    path.write_text(SAINOME_TOP + cards, encoding="utf-8")
    with pytest.raises(LoadError, match=r"cards: 2100 cards in all is too many"):
        load_cardset(path)


def test_effect_amounts_are_bounded(tmp_path: Path):
    path = tmp_path / "s.yaml"
    path.write_text(
        SAINOME_TOP + "  - {code: AA, name: x, category: weapon, effects: [{damage: 100000}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(LoadError, match=r"effects\[0\]\.damage: damage: amount must be at most 99"):
        load_cardset(path)


@pytest.mark.parametrize("path", bundled_cardsets(), ids=lambda p: p.stem)
def test_the_bundled_sets_stay_far_inside_the_limits(path: Path):
    assert path.stat().st_size * 10 < limits.MAX_YAML_BYTES
    _, root = read_yaml(path)
    nodes, depth, stack = 0, 0, [(root, 1)]
    while stack:
        node, level = stack.pop()
        nodes += 1
        depth = max(depth, level)
        stack.extend((child, level + 1) for child in _children(node))
    assert nodes * 10 < limits.MAX_NODES
    assert depth * 4 < limits.MAX_DEPTH
    cardset = load_cardset(path)
    assert len(cardset.physical()) * 10 < limits.MAX_PHYSICAL_CARDS


def test_no_recursion_limit_was_raised_to_get_here():
    assert sys.getrecursionlimit() <= 10_000


# -- settings --------------------------------------------------------------------------------------


def test_settings_take_only_values_of_the_right_type(tmp_path: Path):
    from cardtable.persistence.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_text(
        '{"language": 5, "volume": "0.2", "muted": "false", "animation_speed": 1e400, "claim_window_s": null,'
        ' "bot_delay_s": 2, "fullscreen": 1, "window_size": [1e300, 99999999999999999999]}',
        encoding="utf-8",
    )
    settings = load_settings(path)
    assert settings == Settings(bot_delay_s=2.0, window_size=(16384, 16384))


@pytest.mark.parametrize(
    "raw",
    [b"[" * 30_000 + b"]" * 30_000, b"\xff\xfe", b'{"volume": 0.5', b"#" * (limits.MAX_SETTINGS_BYTES + 1)],
)
def test_damaged_settings_are_set_aside(tmp_path: Path, raw: bytes):
    from cardtable.persistence.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_bytes(raw)
    assert load_settings(path) == Settings()
    assert not path.exists()
    assert (tmp_path / "settings.json.damaged").read_bytes() == raw


def test_a_folder_in_place_of_the_settings_is_kept(tmp_path: Path):
    from cardtable.persistence.settings import Settings, load_settings

    (tmp_path / "settings.json").mkdir()
    assert load_settings(tmp_path / "settings.json") == Settings()
    assert (tmp_path / "settings.json.damaged").is_dir()


# -- images a card set names -----------------------------------------------------------------------


def test_an_image_that_is_a_fifo_or_a_pixel_bomb_is_refused_at_once(tmp_path: Path):
    import struct
    import zlib

    from cardtable.cardsets.faces import ImageRef
    from cardtable.ui.render.images import ImageStore

    store = ImageStore()
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "art.png"
        os.mkfifo(fifo)
        assert store.get(ImageRef(fifo)) is None
        assert "not a regular file" in store.problems[fifo]
    bomb = tmp_path / "bomb.png"
    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + header
    bomb.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13)
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + b"\0" * 64
    )
    assert store.get(ImageRef(bomb)) is None
    assert "declares 100000 x 100000 pixels" in store.problems[bomb]

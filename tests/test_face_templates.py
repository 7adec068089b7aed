"""Card face templates as data (cardtable/cardsets/faces.py): the schema, problems at file:line:col, and
what a card's face resolves to (conditions, overrides, words, formats, sides, colours). No pygame here:
templates are read and resolved by pure Python; drawing is tested in test_face_render.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from cardtable.cardsets import CardSetError, clear_cache, load_cardset, validate_paths
from cardtable.cardsets.faces import (
    check_template_file,
    face_template,
    parse_colour,
    resolve_back,
    resolve_face,
)
from cardtable.resources import bundled_cardsets, faces_dir, faces_schema_path


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


def write(path: Path, lines: list[str]) -> Path:
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8"))
    return path


SET = [
    "cardset: demo",  # 1
    "title: Demo",  # 2
    "language: ja",  # 3
    "template: demo",  # 4
    "faces: look.yaml",  # 5
    "cards:",  # 6
    "  - code: A",  # 7
    "    name: {ja: 剣, en: Sword}",  # 8
    "    kind: weapon",  # 9
    "    cost: 3",  # 10
    "    icons: [six, counter]",  # 11
    "  - code: B",  # 12
    "    name: {ja: 盾, en: Shield}",  # 13
    "    kind: item",  # 14
    "    icons: []",  # 15
]

LOOK = [
    "size_mm: [63, 88]",  # 1
    "colours:",  # 2
    "  ink: '#222228'",  # 3
    "  accent: {by: kind, cases: {weapon: '#c03020'}, default: '#808080'}",  # 4
    "words:",  # 5
    "  weapon: {ja: 武器, en: Weapon}",  # 6
    "icons:",  # 7
    "  six: {shape: rounded, glyph: '6'}",  # 8
    "  counter: {shape: circle, glyph: 反}",  # 9
    "boxes:",  # 10
    "  - id: name",  # 11
    "    kind: text",  # 12
    "    field: name",  # 13
    "    rect: [5, 5, 53, 10]",  # 14
    "  - id: cost",  # 15
    "    kind: badge",  # 16
    "    field: cost",  # 17
    "    rect: [2, 2, 8, 8]",  # 18
    "    fill: $accent",  # 19
    "  - id: kind",  # 20
    "    kind: text",  # 21
    "    format: {ja: '種類: {kind}', en: 'Kind: {kind}'}",  # 22
    "    rect: [5, 20, 53, 6]",  # 23
    "    when: {field: kind, equals: weapon}",  # 24
    "  - id: icons",  # 25
    "    kind: icon",  # 26
    "    field: icons",  # 27
    "    rect: [40, 5, 20, 5]",  # 28
    "overrides:",  # 29
    "  B: {name: {text: {ja: 大盾, en: Great Shield}}}",  # 30
]


def demo(
    tmp_path: Path, set_changes: dict[int, str] | None = None, look_changes: dict[int, str] | None = None
):
    lines, look = list(SET), list(LOOK)
    for number, text in (set_changes or {}).items():
        lines[number - 1] = text
    for number, text in (look_changes or {}).items():
        look[number - 1] = text
    write(tmp_path / "look.yaml", look)
    return write(tmp_path / "set.yaml", lines)


def problems(path: Path) -> list[str]:
    return [str(p) for p in validate_paths([path])]


# --- the schema and the bundled templates ------------------------------------------------------------


def test_the_faces_schema_is_draft_07():
    Draft7Validator.check_schema(json.loads(faces_schema_path().read_bytes()))


@pytest.mark.parametrize("path", sorted(faces_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_every_bundled_template_is_valid(path: Path):
    assert check_template_file(path) == []


def test_every_bundled_set_names_its_template_and_validates():
    for path in bundled_cardsets():
        cardset = load_cardset(path)
        assert isinstance(cardset.meta.get("faces"), str), path
        template, fallback = face_template(cardset)
        assert fallback == [] and template.source is not None
        assert template.source.parent == faces_dir().resolve()


def test_a_template_file_passed_to_validate_is_checked_as_a_template(tmp_path: Path):
    path = write(tmp_path / "look.yaml", LOOK)
    assert problems(path) == []
    bad = write(tmp_path / "bad.yaml", [*LOOK[:13], "    rect: [5, 5, -1, 10]"])
    assert problems(bad) == [
        f"{bad}:14:11: boxes[0].rect: the width and height of a rect must be more than 0"
    ]


# --- problems, each at its file:line:col -------------------------------------------------------------


def test_the_demo_set_and_template_are_valid(tmp_path: Path):
    assert problems(demo(tmp_path)) == []


def test_a_missing_template_file_is_reported_at_the_faces_line(tmp_path: Path):
    path = demo(tmp_path, {5: "faces: nowhere.yaml"})
    assert problems(path) == [
        f"{path}:5:8: faces: no face template file 'nowhere.yaml' (looked for {tmp_path / 'nowhere.yaml'})"
    ]


def test_template_problems_are_placed_in_the_template_file(tmp_path: Path):
    path = demo(
        tmp_path,
        look_changes={
            19: "    fill: $accnt",
            16: "    kind: bagde",
            24: "    when: {field: kind, equal: weapon}",
        },
    )
    look = tmp_path / "look.yaml"
    assert problems(path) == [
        f'{look}:16:11: boxes[1].kind: "bagde" is not allowed; use one of: "panel", "text", "badge", "icon", "image", "marks"',
        f"{look}:19:11: boxes[1].fill: no colour named $accnt (named colours: accent, ink)",
        f"{look}:24:32: boxes[2].when.equal: unexpected key (did you mean 'equals'?)",
    ]


def test_bad_colours_and_properties_that_do_nothing(tmp_path: Path):
    path = demo(tmp_path, look_changes={3: "  ink: '#22222'", 17: "    field: cost\n    pattern: asanoha"})
    look = tmp_path / "look.yaml"
    assert problems(path) == [
        f'{look}:3:8: colours.ink: "#22222" is not a colour: write "#rrggbb", "#rrggbbaa", "$name" (a named colour) or none',
        f"{look}:18:14: boxes[1].pattern: 'pattern' does nothing on a badge box",
    ]


def test_a_card_naming_an_icon_the_template_lacks_is_placed_at_the_card(tmp_path: Path):
    path = demo(tmp_path, {11: "    icons: [six, counte]"})
    assert problems(path) == [
        f"{path}:11:18: cards[0].icons[1]: no icon named 'counte' (known: counter, six)"
    ]


def test_overrides_must_name_boxes_and_cards(tmp_path: Path):
    path = demo(tmp_path, look_changes={30: "  Z: {nme: {hide: true}}"})
    look = tmp_path / "look.yaml"
    assert problems(path) == [
        f"{look}:30:12: overrides.Z.nme: no box with id 'nme' (ids: name, cost, kind, icons)",
        f"{path}:5:8: faces: the face template overrides card 'Z', which this set does not have",
    ]


def test_inline_templates_are_checked_in_the_set_file(tmp_path: Path):
    lines = [*SET[:4], "faces:", "  boxes:", "    - kind: text", "      rect: [1, 2, 3, 4]", *SET[5:]]
    path = write(tmp_path / "inline.yaml", lines)
    assert problems(path) == [
        f"{path}:7:7: faces.boxes[0]: a text box needs one of: field, text, format, parts"
    ]
    lines[7] = "      rect: [1, 2, 3]"
    lines.insert(8, "      text: hi")
    path = write(tmp_path / "inline.yaml", lines)
    assert problems(path) == [f"{path}:8:13: faces.boxes[0].rect: needs at least 4 items"]


def test_missing_and_broken_images_are_warnings_and_the_set_loads(tmp_path: Path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "broken.png").write_bytes(b"not an image at all")
    path = demo(
        tmp_path,
        {15: "    icons: []\n    art: art/missing.png", 10: "    cost: 3\n    art: art/broken.png"},
        {28: "    rect: [40, 5, 20, 5]\n  - {kind: image, field: art, rect: [0, 30, 63, 30]}"},
    )
    assert problems(path) == [
        f"{path}:11:10: cards[0].art: warning: 'art/broken.png': not a PNG, JPEG, WebP, GIF or BMP image",
        f"{path}:17:10: cards[1].art: warning: no image file 'art/missing.png' "
        f"(looked for {tmp_path / 'art/missing.png'}); drawn as a placeholder",
    ]
    # a work-in-progress set plays and prints: the card is drawn with a marked placeholder
    assert [spec.code for spec in load_cardset(path).cards] == ["A", "B"]


def test_sheet_cells_must_be_inside_the_grid(tmp_path: Path):
    look = [*LOOK[:9], "sheets:", "  deck: {file: deck.png, grid: [11, 7]}", *LOOK[9:28]]
    look += ["  - {kind: image, sheet: deck, index: 70, rect: [0, 0, 63, 88]}"]
    path = write(tmp_path / "look.yaml", look)
    found = problems(path)
    assert f"{path}:11:33: sheets.deck.grid[0]: 11 is too large (maximum 10)" in found
    assert (
        f"{path}:11:16: sheets.deck.file: warning: no image file 'deck.png' (looked for {tmp_path / 'deck.png'}); "
        "drawn as a placeholder" in found
    )
    look[10] = "  deck: {file: deck.png, grid: [10, 7]}"
    path = write(tmp_path / "look.yaml", look)
    assert f"{path}:31:39: boxes[4].index: cell 70 is outside the 10x7 sheet (cells 0-69)" in problems(path)


# --- resolving one card's face -----------------------------------------------------------------------


def boxes_of(cardset, code: str, side: str | None = None) -> dict:
    template, _ = face_template(cardset)
    face = resolve_face(template, cardset, cardset.by_code()[code], side)
    return {box.id: box for box in face.boxes}


def test_a_card_shows_its_fields_in_both_languages(tmp_path: Path):
    cardset = load_cardset(demo(tmp_path))
    boxes = boxes_of(cardset, "A")
    assert (boxes["name"].props["text"], boxes["name"].props["second"]) == ("剣", "Sword")
    assert boxes["cost"].props["text"] == "3"
    assert boxes["cost"].props["fill"] == (0xC0, 0x30, 0x20, 255)
    assert boxes["cost"].rect == (2.0, 2.0, 8.0, 8.0)


def test_conditions_words_and_formats(tmp_path: Path):
    cardset = load_cardset(demo(tmp_path))
    kind = boxes_of(cardset, "A")["kind"]
    assert (kind.props["text"], kind.props["second"]) == ("種類: 武器", "Kind: Weapon")
    assert "kind" not in boxes_of(cardset, "B")


def test_a_badge_without_its_value_and_icons_from_a_list(tmp_path: Path):
    cardset = load_cardset(demo(tmp_path))
    a, b = boxes_of(cardset, "A"), boxes_of(cardset, "B")
    assert "cost" not in b
    assert [i["glyph"] for i in a["icons"].props["icons"]] == ["6", "反"]
    assert "icons" not in b


def test_per_card_overrides(tmp_path: Path):
    cardset = load_cardset(demo(tmp_path))
    assert boxes_of(cardset, "B")["name"].props["text"] == "大盾"
    assert boxes_of(cardset, "A")["name"].props["text"] == "剣"


def test_colours_by_field_and_mixed():
    assert parse_colour("#102030") == (16, 32, 48, 255)
    assert parse_colour("#10203080") == (16, 32, 48, 128)
    assert parse_colour("none") is None


def test_sides_lists_and_each(tmp_path: Path):
    set_lines = [
        "cardset: two",
        "title: Two",
        "language: ja",
        "template: two",
        "faces: look.yaml",
        "cards:",
        "  - code: H",
        "    name: 勇者",
        "    sides:",
        "      normal: {faces: [1, 2, 3, 4], skills: [{name: {ja: 剣術, en: Swords}, text: {ja: 武器+1, en: Weapon +1}}]}",
        "      awakened: {faces: [5, 5, 2, 2], skills: []}",
        "    awaken: {after: damage_taken, hp_at_most: 5}",
    ]
    look = [
        "sides: [normal, awakened]",
        "words:",
        "  damage_taken: {ja: ダメージの後, en: after damage}",
        "boxes:",
        "  - {id: links, kind: marks, layout: edges, mark: die, field: 'sides.{side}.faces', rect: [0, 0, 63, 88]}",
        "  - id: skills",
        "    kind: text",
        "    field: 'sides.{side}.skills'",
        "    each: {ja: '【{name}】{text}', en: '[{name}] {text}'}",
        "    rect: [5, 40, 53, 20]",
        "  - id: awaken",
        "    kind: text",
        "    rect: [5, 70, 53, 10]",
        "    when: {side: normal}",
        "    parts:",
        "      - format: {ja: '覚醒: {awaken.after}', en: 'Awakens {awaken.after}'}",
        "      - format: {ja: '、HP{awaken.hp_at_most}以下', en: ', HP at most {awaken.hp_at_most}'}",
        "        when: {field: awaken.hp_at_most, present: true}",
        "      - text: {ja: '、装備が揃ったとき', en: ', slots full'}",
        "        when: {field: awaken.slots_full, equals: true}",
    ]
    write(tmp_path / "look.yaml", look)
    path = write(tmp_path / "set.yaml", set_lines)
    assert problems(path) == []
    cardset = load_cardset(path)
    normal = boxes_of(cardset, "H")
    assert normal["links"].props["edges"] == [("top", 1), ("right", 2), ("bottom", 3), ("left", 4)]
    assert (normal["skills"].props["text"], normal["skills"].props["second"]) == (
        "【剣術】武器+1",
        "[Swords] Weapon +1",
    )
    assert normal["awaken"].props["text"] == "覚醒: ダメージの後、HP5以下"
    assert normal["awaken"].props["second"] == "Awakens after damage, HP at most 5"
    awakened = boxes_of(cardset, "H", "awakened")
    assert awakened["links"].props["edges"] == [("top", 5), ("right", 5), ("bottom", 2), ("left", 2)]
    assert "skills" not in awakened and "awaken" not in awakened


def test_the_back_and_the_generic_fallback(tmp_path: Path):
    path = demo(tmp_path)
    cardset = load_cardset(path)
    write(tmp_path / "look.yaml", ["boxes: [{kind: text, rect: [1, 2, 3]}]"])
    template, fallback = face_template(cardset)
    assert template.source == (faces_dir() / "generic.yaml").resolve()
    assert [str(p) for p in fallback] == [
        f"{tmp_path / 'look.yaml'}:1:9: boxes[0]: a text box needs one of: field, text, format, parts",
        f"{tmp_path / 'look.yaml'}:1:28: boxes[0].rect: needs at least 4 items",
    ]
    back = resolve_back(template, cardset)
    assert back.background == (0xFC, 0xFA, 0xF3, 255) and len(back.boxes) > 3


def test_a_set_whose_template_breaks_still_loads_through_its_own_checks(tmp_path: Path):
    path = demo(tmp_path, look_changes={14: "    rect: wide"})
    with pytest.raises(CardSetError) as caught:
        load_cardset(path)
    assert [p.line for p in caught.value.problems] == [14]


def test_a_copy_of_a_bundled_set_keeps_its_look(tmp_path: Path):
    copy = tmp_path / "my_risugeon.yaml"
    copy.write_bytes((faces_dir().parent / "risugeon.yaml").read_bytes())
    assert problems(copy) == []
    template, fallback = face_template(load_cardset(copy))
    assert fallback == [] and template.source == (faces_dir() / "deckbuilder.yaml").resolve()

"""The YAML card-set layer: the bundled standard52 deck, the strict reader, and file:line:col problems."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from cardtable.cardsets import (
    CardSetError,
    DuplicateKeyError,
    LoadError,
    Problem,
    StrictLoader,
    as_text,
    clear_cache,
    format_key_path,
    load_bundled,
    load_cached,
    load_cardset,
    load_named,
    locate,
    parse_yaml,
    read_yaml,
    validate_paths,
)
from cardtable.resources import bundled_cardsets, cardset_path, schema_path
from cardtable.rules.cards import CardSet, Text

# A small valid playing-card set; tests below change single lines of it (numbered from 1).
VALID = [
    "cardset: demo",  # 1
    "title: {ja: デモ, en: Demo}",  # 2
    "language: ja",  # 3
    "template: playing_card",  # 4
    "cards:",  # 5
    "  - code: SA",  # 6
    "    rank: 1",  # 7
    "    suit: S",  # 8
    "    element: wind",  # 9
    "    name: {ja: 種, en: Seed}",  # 10
    "  - code: S2",  # 11
    "    rank: 2",  # 12
    "    suit: S",  # 13
    "    element: wind",  # 14
    "    name: {ja: 力, en: Power}",  # 15
]


def write_set(folder: Path, changes: dict[int, str | None] | None = None, name: str = "set.yaml") -> Path:
    """VALID with some 1-based lines replaced (None deletes the line), written as UTF-8."""
    lines = list(VALID)
    for number, text in sorted((changes or {}).items(), reverse=True):
        if text is None:
            del lines[number - 1]
        else:
            lines[number - 1] = text
    path = folder / name
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8"))
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(CardSetError) as caught:
        load_cardset(path)
    assert str(caught.value) == "\n".join(str(p) for p in caught.value.problems)
    return [str(p) for p in caught.value.problems]


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


# ---------------------------------------------------------------------------------------------------
# The bundled standard52 deck


@pytest.fixture(scope="module")
def standard52() -> CardSet:
    return load_cardset(cardset_path("standard52"))


def test_standard52_is_bundled_with_its_schema():
    assert cardset_path("standard52") in bundled_cardsets()
    raw = cardset_path("standard52").read_bytes()
    raw.decode("utf-8")  # valid UTF-8
    assert raw.startswith(b"# yaml-language-server: $schema=./cardset.schema.json\n")
    Draft7Validator.check_schema(json.loads(schema_path().read_bytes()))


def test_standard52_metadata(standard52: CardSet):
    assert standard52.id == "standard52"
    assert standard52.language == "ja"
    assert standard52.template == "playing_card"
    assert standard52.title.ja and standard52.title.en
    assert set(standard52.meta["suits"]) == {"S", "C", "H", "D"}


def test_standard52_has_52_unique_cards_13_per_suit(standard52: CardSet):
    assert len(standard52.cards) == 52
    assert len(standard52.physical()) == 52
    assert len(standard52.by_code()) == 52
    assert Counter(c.get("suit") for c in standard52.cards) == {"S": 13, "C": 13, "H": 13, "D": 13}
    for suit in "SCHD":
        assert [c.get("rank") for c in standard52.cards if c.get("suit") == suit] == list(range(1, 14))


def test_standard52_order_and_codes(standard52: CardSet):
    labels = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert [c.code for c in standard52.cards] == [s + label for s in "SCHD" for label in labels]
    assert all(c.count == 1 for c in standard52.cards)


def test_standard52_suits_are_elements(standard52: CardSet):
    expected = {"S": "wind", "C": "fire", "H": "water", "D": "earth"}
    for card in standard52.cards:
        assert card.get("element") == expected[card.get("suit")]
    suits = standard52.meta["suits"]
    for letter, element in expected.items():
        assert suits[letter]["element"] == element
        assert suits[letter]["colour"].startswith("#") and len(suits[letter]["colour"]) == 7
    assert suits["S"]["symbol"] == "♠" and suits["S"]["element_name"] == {"ja": "風", "en": "Wind"}
    assert suits["D"]["element_name"]["ja"] == "土"


def test_standard52_runes(standard52: CardSet):
    by_code = standard52.by_code()
    assert by_code["SA"].name == Text(ja="種", en="Seed")
    assert by_code["H7"].name == Text(ja="精霊", en="Spirit")
    assert by_code["DK"].name.ja == "死神"
    assert by_code["C9"].name.ja == "言の葉"
    for card in standard52.cards:
        if card.get("rank") == 7:
            assert card.name.ja == "精霊"
    # The rulebook's 意味 column, verbatim, and the summons.
    assert by_code["SA"].get("meaning") == {"ja": "物事のはじまり。", "en": "The beginning of things."}
    assert by_code["C2"].get("meaning")["ja"] == "万物は力を持ち、互いに力を受け与えている"
    assert by_code["HK"].get("meaning")["ja"] == "始まりがあれば終りがあり、形あるものはいずれ朽ち果てる"
    assert by_code["DA"].get("summon") == {"ja": "ワンダーエッグ", "en": "Wonder Egg"}
    assert as_text(by_code["SQ"].get("summon"), "ja").get("en") == "Gran Arms"
    assert set(by_code["S5"].fields) == {"rank", "suit", "element", "meaning", "summon"}


def test_bundled_folder_validates_clean():
    assert validate_paths([cardset_path("standard52").parent]) == []


def test_load_bundled_uses_the_cache():
    first = load_bundled("standard52")
    assert load_bundled("standard52") is first
    assert first.source == cardset_path("standard52")


def test_load_bundled_unknown_name():
    with pytest.raises(CardSetError, match=r"no bundled card set named 'nope' \(bundled: .*standard52"):
        load_bundled("nope")
    with pytest.raises(CardSetError):
        load_bundled("../cards/standard52")


# ---------------------------------------------------------------------------------------------------
# The strict YAML reader


def test_yaml_12_scalars():
    data, _ = parse_yaml(
        "a: no\nb: yes\nc: on\nd: OFF\ne: 12:30\nf: 1.10\ng: 010\nh: 0o17\ni: 0x1F\nj: True\nk: FALSE\n"
        "l: tRuE\nm: ~\nn:\no: 1e3\np: 2024-05-01\nq: '1.10'\nr: -7\ns: .inf\nt: 1_000\n"
    )
    assert data == {
        "a": "no", "b": "yes", "c": "on", "d": "OFF", "e": "12:30", "f": 1.1, "g": 10, "h": 15, "i": 31,
        "j": True, "k": False, "l": True, "m": None, "n": None, "o": 1000.0, "p": "2024-05-01",
        "q": "1.10", "r": -7, "s": float("inf"), "t": "1_000",
    }  # fmt: skip
    assert type(data["g"]) is int and type(data["o"]) is float


def test_merge_keys_still_work():
    data, _ = parse_yaml("base: &b {x: 1, y: 2}\ncard:\n  <<: *b\n  y: 3\n")
    assert data["card"] == {"x": 1, "y": 3}


def test_strict_loader_alone_raises_on_the_first_duplicate_key():
    loader = StrictLoader("a: 1\nb: 2\na: 3\n")
    try:
        with pytest.raises(DuplicateKeyError) as caught:
            loader.get_single_data()
    finally:
        loader.dispose()
    assert caught.value.problem_mark.line == 2  # 0-based: the second `a`
    assert caught.value.context_mark.line == 0


def test_read_yaml_reports_every_duplicate_key(tmp_path: Path):
    path = tmp_path / "dup.yaml"
    path.write_bytes(b"a: 1\nb:\n  c: 1\n  d: 2\n  c: 3\na: 4\ntrue: x\nTRUE: y\n")
    with pytest.raises(LoadError) as caught:
        read_yaml(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:5:3: b.c: duplicate key (first given at line 3)",
        f"{path}:6:1: a: duplicate key (first given at line 1)",
        f"{path}:8:1: duplicate key True (first given at line 7)",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: 1\n---\nb: 2\n",
            "f.yaml:2:1: a second document or a stray line ('---', '...', '%'): a file holds one document",
        ),
        ("a: &x [1, *x]\n", "f.yaml:1:4: an alias refers to the node that contains it"),
        (
            "a: !!python/object:os.system x\n",
            "f.yaml:1:4: a: the tag !!python/object:os.system is not allowed",
        ),
        ("a: 1\nb: x\x07\n", "f.yaml:2:5: character U+0007 is not allowed in a YAML file"),
        ("a:\n\t- 1\n", "f.yaml:2:1: a tab: use spaces, not tabs, to indent"),
    ],
)
def test_reader_errors_carry_positions(text: str, expected: str):
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    assert len(caught.value.problems) == 1
    assert str(caught.value).startswith(expected)


def test_locate_and_key_paths():
    data, root = parse_yaml("top:\n  cards:\n    - code: SA\n      rank: 1\n    - {code: S2, rank: 2}\n")
    assert data["top"]["cards"][1]["rank"] == 2
    assert locate(root, ["top", "cards", 0, "rank"]) == (4, 13)
    assert locate(root, ["top", "cards", 1, "rank"]) == (5, 24)
    assert locate(root, ["top", "cards", 1]) == (5, 7)
    assert locate(root, ["top", "cards", 9, "rank"]) == (3, 5)  # deepest part found: the list
    assert locate(root, []) == (1, 1)
    assert locate(None, ["x"]) == (1, 1)
    assert format_key_path(["cards", 3, "rank"]) == "cards[3].rank"
    assert format_key_path([]) == ""
    assert format_key_path(["meta", "a.b", 0]) == "meta['a.b'][0]"


def test_problem_text():
    problem = Problem("x.yaml", 3, 7, "cards[1].rank", "14 is too large (maximum 13)")
    assert str(problem) == "x.yaml:3:7: cards[1].rank: 14 is too large (maximum 13)"
    assert str(Problem("x.yaml", 1, 1, "", "no such file")) == "x.yaml:1:1: no such file"
    error = CardSetError([problem, Problem("y.yaml", 1, 1, "", "no such file")])
    assert str(error) == "x.yaml:3:7: cards[1].rank: 14 is too large (maximum 13)\ny.yaml:1:1: no such file"


# ---------------------------------------------------------------------------------------------------
# Loading card sets


def test_valid_set_loads(tmp_path: Path):
    cardset = load_cardset(write_set(tmp_path))
    assert cardset.id == "demo" and cardset.title == Text(ja="デモ", en="Demo")
    assert [c.code for c in cardset.cards] == ["SA", "S2"]
    assert cardset.cards[1].fields == {"rank": 2, "suit": "S", "element": "wind"}


def test_generic_set_with_counts_and_plain_text(tmp_path: Path):
    path = tmp_path / "risugeon.yaml"
    path.write_bytes(
        "cardset: risugeon-test\ntitle: Test\nlanguage: en\ntemplate: deckbuilder\n"
        "cards:\n"
        "  - {code: skill1, name: Skill 1, count: 7, cost: 0, effects: [{skill: 1}]}\n"
        "  - {code: gem-G1, name: {ja: 宝玉, en: Gem}, cost: 6, points: 6, rarity: rare}\n".encode()
    )
    cardset = load_cardset(path)
    assert cardset.title == Text(en="Test")
    skill, gem = cardset.cards
    assert skill.name == Text(en="Skill 1") and skill.count == 7
    assert skill.fields == {"cost": 0, "effects": [{"skill": 1}]}
    assert gem.get("rarity") == "rare" and gem.name.get("ja") == "宝玉"
    assert len(cardset.physical()) == 8
    assert as_text("種", "ja") == Text(ja="種")


def test_duplicate_key(tmp_path: Path):
    path = write_set(tmp_path, {15: "    rank: 3"})
    assert problems_of(path) == [f"{path}:15:5: cards[1].rank: duplicate key (first given at line 12)"]


def test_suit_no_is_a_schema_error_not_false(tmp_path: Path):
    path = write_set(tmp_path, {13: "    suit: no"})
    data, _ = read_yaml(path)
    assert data["cards"][1]["suit"] == "no"
    assert problems_of(path) == [
        f'{path}:13:11: cards[1].suit: "no" is not allowed; use one of: "S", "C", "H", "D"'
    ]


def test_missing_required_field(tmp_path: Path):
    path = write_set(tmp_path, {14: None})  # card S2 loses its element
    assert problems_of(path) == [f"{path}:11:5: cards[1].element: required field is missing"]
    path = write_set(tmp_path, {3: None})  # the set loses its language
    assert problems_of(path) == [f"{path}:1:1: language: required field is missing"]


def test_bad_rank(tmp_path: Path):
    path = write_set(tmp_path, {12: "    rank: 14"})
    assert problems_of(path) == [f"{path}:12:11: cards[1].rank: 14 is too large (maximum 13)"]


def test_duplicate_code(tmp_path: Path):
    path = write_set(tmp_path, {11: "  - code: SA", 12: "    rank: 1"})
    assert problems_of(path) == [
        f'{path}:11:11: cards[1].code: duplicate code "SA" (first used by cards[0] at line 6)'
    ]


def test_code_must_match_rank_and_suit(tmp_path: Path):
    path = write_set(tmp_path, {11: "  - code: S3"})
    assert problems_of(path) == [
        f'{path}:11:11: cards[1].code: "S3" does not match rank 2 and suit S: expected "S2"'
    ]


def test_several_problems_are_all_reported_in_file_order(tmp_path: Path):
    path = write_set(tmp_path, {7: "    rank: 0", 10: "    name: 5", 13: "    suit: false", 14: None})
    assert problems_of(path) == [
        f"{path}:7:11: cards[0].rank: 0 is too small (minimum 1)",
        f"{path}:10:11: cards[0].name: must be text: a string, or a mapping with ja and/or en",
        f"{path}:11:5: cards[1].element: required field is missing",
        f'{path}:13:11: cards[1].suit: false is not allowed; use one of: "S", "C", "H", "D"',
    ]


def test_type_errors_explain_yaml_numbers(tmp_path: Path):
    path = write_set(tmp_path, {1: "cardset: demo\nversion: 1.10", 12: '    rank: "2"'})
    assert problems_of(path) == [
        f'{path}:2:10: version: must be text, not the number 1.1 (write "1.10" in quotes to keep it as text)',
        f'{path}:13:11: cards[1].rank: must be a whole number, not the text "2" (remove the quotes)',
    ]


def test_text_fields_point_inside_the_mapping(tmp_path: Path):
    path = write_set(tmp_path, {10: "    name: {ja: 1, jp: 種}"})
    assert problems_of(path) == [
        f'{path}:10:16: cards[0].name.ja: must be text, not the number 1 (write "1" in quotes to keep it as text)',
        f"{path}:10:23: cards[0].name.jp: unexpected key (did you mean 'ja'?)",
    ]


def test_yaml_syntax_error(tmp_path: Path):
    path = write_set(tmp_path, {10: "    name: {ja: 種, en: Seed"})
    assert problems_of(path) == [
        f"{path}:11:9: the mapping opened with '{{' at line 10 is not closed: add '}}' (or a ',' between items)"
    ]
    path = write_set(tmp_path, {9: "    element: wind: fire"})
    assert problems_of(path) == [
        f"{path}:9:18: the value holds ': ' (a colon and a space), which YAML reads as a key: put the value in quotes"
    ]


def test_non_utf8_bytes(tmp_path: Path):
    path = tmp_path / "sjis.yaml"
    path.write_bytes("cardset: demo\ntitle: デモ\n".encode("cp932"))
    assert problems_of(path) == [
        f"{path}:2:8: not valid UTF-8 (byte 0x83); save the file as UTF-8 (it looks like Shift_JIS / cp932)"
    ]


def test_utf8_bom_is_accepted(tmp_path: Path):
    path = write_set(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_cardset(path).id == "demo"


def test_missing_and_empty_files(tmp_path: Path):
    missing = tmp_path / "missing.yaml"
    assert problems_of(missing) == [f"{missing}:1:1: no such file"]
    empty = tmp_path / "empty.yaml"
    empty.write_bytes(b"# nothing yet\n")
    assert problems_of(empty) == [
        f"{empty}:1:1: the file is empty; a card set needs cardset, title, language, template, cards"
    ]


def test_validate_paths_reads_folders_and_reports_missing_paths(tmp_path: Path):
    folder = tmp_path / "sets"
    folder.mkdir()
    a = write_set(folder, {12: "    rank: 14"}, name="a.yaml")
    b = write_set(folder, {8: "    suit: X"}, name="b.yaml")
    (folder / "notes.txt").write_bytes(b"not a card set")
    # two cards are no Rune Works! deck: this set says it is made for the sandbox (test_card_values.py)
    good = write_set(tmp_path, {4: "template: playing_card\ngame: sandbox"}, name="good.yaml")
    missing = tmp_path / "nowhere"
    problems = validate_paths([folder, good, missing])
    assert [str(p) for p in problems] == [
        f"{a}:12:11: cards[1].rank: 14 is too large (maximum 13)",
        f'{b}:8:11: cards[0].suit: "X" is not allowed; use one of: "S", "C", "H", "D"',
        f"{missing}:1:1: no such file or folder",
    ]
    assert validate_paths([good]) == []
    assert [p.message for p in validate_paths([tmp_path / "sets" / "..", good])] == []
    empty = tmp_path / "empty"
    empty.mkdir()
    assert [str(p) for p in validate_paths([empty])] == [
        f"{empty}:1:1: no *.yaml card set files in this folder"
    ]


def test_load_cached_picks_up_an_edit_at_once(tmp_path: Path):
    path = write_set(tmp_path)
    first = load_cached(path)
    assert load_cached(path) is first
    # Same size, new content: the modification time tells.
    path.write_bytes(path.read_bytes().replace(b"Demo", b"Demx"))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = load_cached(path)
    assert second is not first and second.title.en == "Demx"
    # A different size is noticed even if the clock did not move.
    mtime = path.stat().st_mtime_ns
    path.write_bytes(path.read_bytes().replace(b"Demx", b"Demo edited"))
    os.utime(path, ns=(mtime, mtime))
    assert load_cached(path).title.en == "Demo edited"
    # A broken edit raises, then the fixed file loads again.
    write_set(tmp_path, {12: "    rank: 14"})
    with pytest.raises(CardSetError):
        load_cached(path)
    write_set(tmp_path)
    assert load_cached(path).title.en == "Demo"


def test_load_named_answers_a_name_again_only_while_it_leads_to_the_same_file(tmp_path: Path, monkeypatch):
    """load_named's one-stat shortcut for a name asked again (a search builds an engine per playout):
    an edit, a link turned to another file and a relative path read from another folder are each
    seen at once, as the full lookup sees them."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    path = write_set(one)
    first = load_named(str(path))
    assert load_named(str(path)) is first and load_named(path) is first
    mtime = path.stat().st_mtime_ns
    path.write_bytes(path.read_bytes().replace(b"Demo", b"Demo edited"))
    os.utime(path, ns=(mtime, mtime))  # a new size alone tells
    assert load_named(str(path)).title.en == "Demo edited"
    # a link to a set, turned to another file
    write_set(two, {2: "title: {ja: 二, en: Two}"})
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    assert load_named(str(link)).title.en == "Demo edited"
    link.unlink()
    link.symlink_to(two / "set.yaml")
    assert load_named(str(link)).title.en == "Two"
    # the same relative path from another folder is another file
    monkeypatch.chdir(one)
    assert load_named("./set.yaml").title.en == "Demo edited"
    monkeypatch.chdir(two)
    assert load_named("./set.yaml").title.en == "Two"
    # a bundled name is the bundled file, asked again
    assert load_named("standard52") is load_named("standard52")
    assert load_named("standard52").source == load_cached(cardset_path("standard52")).source


def test_a_card_found_valid_is_checked_again_once_it_changes(tmp_path: Path):
    """The schema check remembers cards it found valid (cardsets/schemacheck.py): an edit is still
    seen at once, a card with a problem is reported on every load, and the same card is valid again
    when the edit is undone."""
    path = write_set(tmp_path)
    assert load_cardset(path).by_code()["S2"].get("rank") == 2
    write_set(tmp_path, {12: "    rank: 14"})
    first = problems_of(path)
    assert any("cards[1].rank: 14 is too large" in p for p in first), first
    assert problems_of(path) == first  # a card with errors is never taken as checked
    write_set(tmp_path, {12: '    rank: "2"'})  # the same card but for a type: not the remembered one
    assert any("cards[1].rank: must be a whole number" in p for p in problems_of(path))
    write_set(tmp_path)
    assert load_cardset(path).by_code()["S2"].get("rank") == 2

"""Loading YAML card sets into CardSet objects, with every problem reported as `file:line:col`.

A card set file (see cards/standard52.yaml) is read with the strict YAML reader (yamlfile.py), checked
against cards/cardset.schema.json (JSON Schema draft-07, the same file editors use for completion),
then checked for what a schema cannot say: card codes are unique, for `template: playing_card`
each code agrees with its rank and suit and each element with its suit's, a card's `provisional` list
names fields the card has, and for a template with an effect vocabulary (the game that owns the
template names it in its registration, e.g. `deckbuilder`) every card's `effects` compile. All problems of a file are collected and raised
together as one CardSetError, in file order.

A set's cards may be a spreadsheet beside it (`cards: cards.csv` or `.xlsx`, spreadsheet.py):
`read_cardset` reads it into the `cards` list with nodes marked at its rows and columns, so every check
below places a mistake in a cell at `cards.csv:row:col`.

`load_named` takes what a game's `cardset` parameter holds: a bundled set's name or a file path;
`load_for` also asks the game whether it can be played with the set (`Game.check_cardset`), and
`validate_paths` asks every game the set is made for (its `game:` key, else its template).

`load_cached` returns the same CardSet while the file is unchanged and re-reads it as soon as its
modification time or size changes, so a designer's edit shows up at once. Cached sets are shared by
every game, table and bot's view, so a CardSet's `fields` and `meta` are read-only all the way down
(lists and dicts that refuse changes: cardtable.rules.cards.read_only).
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaml.nodes import MappingNode, Node, ScalarNode

from cardtable.limits import MAX_CARD_COUNT, MAX_PHYSICAL_CARDS
from cardtable.resources import bundled_cardsets, cardset_path, faces_schema_path, schema_path
from cardtable.rules.cards import CardSet, CardSpec, Text, read_only

if TYPE_CHECKING:  # jsonschema is imported when a file is first validated: it costs 50 ms at start-up
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import ValidationError

    from cardtable.rules.game import Game

from .spreadsheet import SPREADSHEET_SUFFIXES, read_cards
from .suggest import did_you_mean
from .yamlfile import (
    LoadError,
    Problem,
    StrictLoader,
    decode_utf8,
    format_key_path,
    locate,
    locate_in,
    node_at,
    parse_yaml,
    read_yaml,
)

__all__ = [
    "CardSetError",
    "Problem",
    "StrictLoader",
    "as_text",
    "check_cardset",
    "clear_cache",
    "game_problems",
    "load_bundled",
    "load_cached",
    "load_cardset",
    "load_cardset_bytes",
    "cardset_from_data",
    "data_problems",
    "hold_cardset",
    "load_for",
    "load_named",
    "locate",
    "read_yaml",
    "validate_paths",
]

_META_KEYS = ("cardset", "title", "language", "template", "cards")
_CARD_KEYS = ("code", "name", "count")
_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SUITS = ("S", "C", "H", "D")
_SET_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


class CardSetError(LoadError):
    """A card set file is missing, unreadable or invalid. `problems` lists every problem found."""


# ---------------------------------------------------------------------------------------------------
# Public API


def load_cardset(path: str | Path) -> CardSet:
    """Read, validate and build the card set in `path`; CardSetError listing every problem otherwise."""
    path = Path(path)
    try:
        data, root = read_cardset(path)
    except LoadError as exc:
        raise CardSetError(exc.problems) from None
    return _checked(data, root, path)


def cards_file(path: Path, data: Any) -> Path | None:
    """The spreadsheet a set's `cards:` names (`cards: cards.csv`, beside the set), or None."""
    cards = data.get("cards") if isinstance(data, Mapping) else None
    if isinstance(cards, str) and cards.lower().endswith(SPREADSHEET_SUFFIXES):
        return (path.parent / cards).expanduser()
    return None


def with_cards_file(raw: bytes, file: str, name: str) -> bytes:
    """A card set file's bytes with its `cards:` naming the spreadsheet `name` instead (the rest of
    the file as written): the copy of a set kept beside a game's save names its kept card list."""
    text = decode_utf8(raw, file)
    _, root = parse_yaml(text, file)
    node, depth = node_at(root, ["cards"])
    if not isinstance(node, ScalarNode) or depth != 1:
        return raw
    start, end = node.start_mark.index, node.end_mark.index
    return (text[:start] + json.dumps(Path(name).as_posix(), ensure_ascii=False) + text[end:]).encode("utf-8")


def read_cardset(path: Path) -> tuple[Any, Node | None]:
    """A card set file read as YAML, with its cards read from the spreadsheet it names, if any: the
    `cards` list and its nodes (marked with the spreadsheet's rows and columns) stand in the data and
    the tree where the file name was. LoadError when either cannot be read."""
    return with_spreadsheet(path, *read_yaml(path))


def with_spreadsheet(path: Path, data: Any, root: Node | None) -> tuple[Any, Node | None]:
    """A set's YAML data and nodes with the cards of the spreadsheet its `cards:` names standing where
    the file name was (unchanged when it names none). LoadError when the spreadsheet cannot be read."""
    sheet = cards_file(path, data)
    if sheet is None:
        return data, root
    if not sheet.is_file():
        where, line, col = locate_in(str(path), root, ["cards"])
        raise LoadError(
            [Problem(where, line, col, "cards", f"no card list file {data['cards']!r} (looked for {sheet})")]
        )
    cards, node = read_cards(sheet)
    data = {**data, "cards": cards}
    if isinstance(root, MappingNode):
        root.value = [
            (k, node if isinstance(k, ScalarNode) and k.value == "cards" else v) for k, v in root.value
        ]
    return data, root


def load_cardset_bytes(raw: bytes, path: str | Path) -> CardSet:
    """The card set in `raw`, the bytes already read (within the limits) from `path`: a file read once,
    so the set built and the bytes kept beside a save are the same even if the file changes meanwhile."""
    path = Path(path)
    try:
        data, root = with_spreadsheet(path, *parse_yaml(decode_utf8(raw, str(path)), str(path)))
    except LoadError as exc:
        raise CardSetError(exc.problems) from None
    return _checked(data, root, path)


def _checked(data: Any, root: Node | None, path: Path) -> CardSet:
    """The card set in data already read from `path`; CardSetError listing every problem otherwise."""
    problems = [p for p in check_cardset(data, root, str(path)) if not p.warning]
    if problems:
        raise CardSetError(problems)
    return _build(data, path, root)


_cache: dict[Path, tuple[tuple[int, int], CardSet, tuple[int, int] | None]] = {}


def load_cached(path: str | Path) -> CardSet:
    """load_cardset, remembered per file until the file's mtime (ns) or size changes."""
    path = Path(path)
    try:
        resolved = path.resolve()
        stat = resolved.stat()
    except OSError:
        return load_cardset(path)  # reports the missing or unreadable file
    stamp = (stat.st_mtime_ns, stat.st_size)
    hit = _cache.get(resolved)
    if hit is not None and hit[0] == stamp and _sheet_stamp(hit[1]) == hit[2]:
        return hit[1]
    _cache.pop(resolved, None)
    cardset = load_cardset(path)
    _cache[resolved] = (stamp, cardset, _sheet_stamp(cardset))
    return cardset


def _sheet_stamp(cardset: CardSet) -> tuple[int, int] | None:
    """The modification time and size of the spreadsheet a set's cards come from (None: none)."""
    if cardset.cards_source is None:
        return None
    try:
        stat = cardset.cards_source.stat()
    except OSError:
        return (-1, -1)
    return stat.st_mtime_ns, stat.st_size


def clear_cache() -> None:
    """Forget every cached card set (and which games passed them)."""
    _cache.clear()
    _NAMED.clear()
    _GAME_CHECKED.clear()
    _GIVEN_CHECKED.clear()


def load_bundled(name: str) -> CardSet:
    """A card set shipped with cardtable, by name (`standard52`), through the cache."""
    path = _bundled_path(name)
    try:
        found = path is not None and path.is_file()
    except OSError:  # a name the file system refuses (too long, ...): no such set either
        found = False
    if path is None or not found:
        known = ", ".join(p.stem for p in bundled_cardsets()) or "none"
        where = str(path) if path is not None else name
        raise CardSetError(
            [Problem(where, 1, 1, "", f"no bundled card set named {name!r} (bundled: {known})")]
        )
    return load_cached(path)


def load_named(value: str | Path) -> CardSet:
    """A card set by a game's `cardset` parameter: a bundled name (`standard52`) or a path to a YAML file
    (`my_sets/my_deck_v2.yaml`, `~/x.yaml`); both go through the reloading cache. A name `hold_cardset`
    gave is the set held under it."""
    text = str(value)
    if text in _HELD:
        return _HELD[text]
    hit = _NAMED.get(text)
    if hit is not None:
        # One stat of the file the name led to (following links, as the first load did) instead of
        # finding the bundled file through the package, resolving the path and two more stats: every
        # Engine.new of a search's playouts comes through here. Another file (a link turned elsewhere,
        # a relative path from another folder), an edit or a spreadsheet's edit falls to the full load.
        where, ident, resolved = hit
        try:
            stat = os.stat(os.path.expanduser(text) if where is None else where)
        except OSError:
            stat = None
        held = _cache.get(resolved)
        if (
            stat is not None
            and held is not None
            and (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size) == ident
            and held[0] == (stat.st_mtime_ns, stat.st_size)
            and _sheet_stamp(held[1]) == held[2]
        ):
            return held[1]
        del _NAMED[text]
    if isinstance(value, Path) or text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text:
        path = Path(text).expanduser()
        cardset = load_cached(path)
        _remember_name(text, path, None, cardset)  # expanded again at each hit: HOME may change
    else:
        path = _bundled_path(text)
        cardset = load_bundled(text)
        if path is not None:
            _remember_name(text, path, path, cardset)
    return cardset


# A card set's name or path as given -> (the bundled file a name leads to, None for a path given, that
# file's (device, inode, mtime, size) when it was loaded, its key in load_cached's cache): load_named's
# one-stat answer for a name asked again (see there).
_NAMED: dict[str, tuple[Path | None, tuple[int, int, int, int], Path]] = {}


@functools.lru_cache(maxsize=64)
def _bundled_path(name: str) -> Path | None:
    """`cardset_path(name)` for a valid set name (None for another), found once per name: the bundled
    sets' folder does not move while the program runs."""
    return cardset_path(name) if len(name) <= 100 and _SET_NAME.fullmatch(name) else None


def _remember_name(text: str, path: Path, where: Path | None, cardset: CardSet) -> None:
    """Keep what load_named found at `path` for `text`, when it is the file the cache holds (by its
    stat now); `where` is the bundled file a name leads to (None: a path, expanded at each hit)."""
    try:
        resolved = path.resolve()  # load_cached's key for it
        stat = os.stat(resolved)
    except OSError:
        return
    held = _cache.get(resolved)
    if held is None or held[1] is not cardset or held[0] != (stat.st_mtime_ns, stat.st_size):
        return  # not the cached file's set as it is now (an edit between two stats): no shortcut
    if len(_NAMED) >= 256:
        _NAMED.clear()
    _NAMED[text] = (where, (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size), resolved)


def validate_paths(paths: Iterable[str | Path]) -> list[Problem]:
    """Every problem in the given card set files and folders (each *.yaml directly inside a folder).

    A path that does not exist, and a folder with no *.yaml file, are problems too. An empty list
    means every file is a valid card set; a list of warnings only (`Problem.warning`: a missing
    image) means they load, with what the warnings name drawn as a placeholder.
    """
    problems: list[Problem] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = sorted(path.glob("*.yaml"))
            if not files:
                problems.append(Problem(str(path), 1, 1, "", "no *.yaml card set files in this folder"))
        elif not path.exists():
            problems.append(Problem(str(path), 1, 1, "", "no such file or folder"))
            continue
        else:
            files = [path]
        for file in files:
            problems.extend(_file_problems(file))
    return problems


def _file_problems(path: Path) -> list[Problem]:
    """A card set file's problems; a face template file (boxes, no cards) is checked as one. The file
    is read once for both questions."""
    from .faces import check_template_file, is_template_data

    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        message = f"a card list: validate the card set file that names it (cards: {path.name})"
        return [Problem(str(path), 1, 1, "", message)]
    try:
        data, root = read_cardset(path)
    except LoadError as exc:
        return list(exc.problems)
    if is_template_data(data):
        return check_template_file(path)
    return data_problems(path, data, root)[0]


def data_problems(path: Path, data: Any, root: Node | None) -> tuple[list[Problem], CardSet | None]:
    """`cardtable validate`'s checks of card set data read from `path` (`read_cardset`), perhaps edited
    since (a sweep's varied card field: the nodes of `root` still place each problem in the file), with
    the set built when nothing but warnings was found (else None)."""
    problems = check_cardset(data, root, str(path))
    if any(not p.warning for p in problems):
        return problems, None
    try:
        cardset = _checked(data, root, path)
    except CardSetError as exc:
        return list(exc.problems), None
    made_for = _made_for_problems(cardset, data, root, str(path))
    return problems + made_for, None if any(not p.warning for p in made_for) else cardset


def cardset_from_data(data: Mapping[str, Any], path: str | Path) -> CardSet:
    """The card set of data that `data_problems` passed (read from `path`), built without checking it
    again: a sweep's worker builds the set its task carries, wherever the file is."""
    return _build(data, Path(path))


# name -> a card set held in memory (hold_cardset), found by load_named before any file
_HELD: dict[str, CardSet] = {}
HELD_PREFIX = "held:"


def hold_cardset(key: str, cardset: CardSet) -> str:
    """Hold `cardset` in memory under a name a game's `cardset` parameter can give (`held:KEY`), so
    the game loads it as it loads any set (its `load_cardset`, its checks) though no file holds it:
    a sweep's varied set. Returns the name; holding the same key again replaces the set."""
    name = HELD_PREFIX + key
    _HELD[name] = cardset
    return name


def _made_for_problems(
    cardset: CardSet, data: Mapping[str, Any], root: Node | None, file: str
) -> list[Problem]:
    """What the games a valid set is made for find wrong with it (each game's `check_cardset`), and a
    `game:` key naming no registered game."""
    from cardtable.games import all_games, games_for_cardset

    declared = data.get("game")
    problems: list[Problem] = []
    if declared is not None and declared not in all_games():
        known = ", ".join(all_games())
        problems.append(_problem(file, root, ["game"], f"{_show(declared)} is not a game (games: {known})"))
    for game in games_for_cardset(data.get("template"), declared):
        problems.extend(game_problems(game, cardset, None, root, label=True))
    return sorted(set(problems))


def game_problems(
    game: Game,
    cardset: CardSet,
    params: Mapping[str, Any] | None = None,
    root: Node | None = None,
    label: bool = False,
) -> list[Problem]:
    """What `game` finds wrong with a loaded set under `params` (its defaults when None), from its
    `check_cardset`, placed at file:line:col; `label` puts the game's title before each message
    (validate asks several games about one set)."""
    found = game.check_cardset(cardset, game.resolve_params(dict(params or {})))
    if label:
        found = [(path, f"{game.title}: {message}") for path, message in found]
    return problems_in(cardset, found, root)


def load_for(game: Game, params: Mapping[str, Any]) -> CardSet:
    """The card set a game's `cardset` parameter names (load_named; the game's own set when it is
    not given), checked by the game's own `check_cardset` under `params` (once per loaded set and
    parameters): CardSetError at file:line:col when the game cannot be played with it. Every game's
    `load_cardset` loads through here, so simulate, play, the Setup screen and scenario files all
    refuse what `cardtable validate` refuses."""
    cardset = load_named(params.get("cardset", game.cardset_name))
    try:  # the parameters as given, when they can be a key: no resolving them again (Engine.new did)
        given: tuple[str, int, frozenset[Any]] | None = (game.id, id(cardset), frozenset(params.items()))
    except TypeError:
        given = None
    if given is not None and _GIVEN_CHECKED.get(given) is cardset:
        return cardset
    resolved = game.resolve_params(dict(params))
    key = (game.id, id(cardset), repr(sorted(resolved.items())))
    if _GAME_CHECKED.get(key) is not cardset:
        problems = game_problems(game, cardset, resolved)
        if problems:
            raise CardSetError(problems)
        _GAME_CHECKED[key] = cardset
    if given is not None:
        if len(_GIVEN_CHECKED) >= 256:
            _GIVEN_CHECKED.clear()
        _GIVEN_CHECKED[given] = cardset
    return cardset


# (game id, id of a loaded set, its parameters) -> that set, once the game's check passed it (the set
# is kept so a reused id of a freed set is not taken for it)
_GAME_CHECKED: dict[tuple[str, int, str], CardSet] = {}
# the same, keyed by the parameters as they were given (load_for's answer without resolving them)
_GIVEN_CHECKED: dict[tuple[str, int, frozenset[Any]], CardSet] = {}


def as_text(value: Any, language: str) -> Text:
    """Card text from YAML: `{ja: ..., en: ...}`, or a plain string in the set's `language`."""
    if isinstance(value, Mapping):
        return Text(ja=_str(value.get("ja")), en=_str(value.get("en")))
    if value is None:
        return Text()
    if language == "en":
        return Text(en=_str(value))
    return Text(ja=_str(value))


def check_cardset(data: Any, root: Node | None, file: str) -> list[Problem]:
    """Every problem with already-read card set data, in file order (empty when it is valid)."""
    if root is None:
        return [Problem(file, 1, 1, "", "the file is empty; a card set needs " + ", ".join(_META_KEYS))]
    problems = set(_schema_problems(data, root, file))
    problems.update(_code_problems(data, root, file))
    problems.update(_provisional_problems(data, root, file))
    problems.update(_size_problems(data, root, file))
    problems.update(_effect_problems(data, root, file))
    problems.update(_face_problems(data, root, file))
    return sorted(problems)


# ---------------------------------------------------------------------------------------------------
# Building


def _str(value: Any) -> str:
    return "" if value is None else str(value)


def _cards_source(root: Node | None) -> Path | None:
    """The spreadsheet a set's cards were read from: read_cardset marks their node with its name."""
    node, depth = node_at(root, ["cards"])
    name = node.start_mark.name if node is not None and depth == 1 else None
    return Path(name) if isinstance(name, str) and name and not name.startswith("<") else None


def _build(data: Mapping[str, Any], path: Path, root: Node | None = None) -> CardSet:
    language = data["language"]
    cards = tuple(
        CardSpec(
            code=card["code"],
            name=as_text(card["name"], language),
            count=int(card.get("count", 1)),
            fields=read_only({k: v for k, v in card.items() if k not in _CARD_KEYS}),
        )
        for card in data["cards"]
    )
    return CardSet(
        id=data["cardset"],
        title=as_text(data["title"], language),
        language=language,
        template=data["template"],
        cards=cards,
        meta=read_only({k: v for k, v in data.items() if k not in _META_KEYS}),
        source=path,
        cards_source=_cards_source(root),
    )


# ---------------------------------------------------------------------------------------------------
# Checks a JSON Schema cannot make


def _code_problems(data: Any, root: Node, file: str) -> Iterator[Problem]:
    """Duplicate codes; for playing cards, code vs rank and suit, and element vs the suit's."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        return
    playing = data.get("template") == "playing_card"
    suits = data.get("suits") if isinstance(data.get("suits"), Mapping) else {}
    first: dict[str, int] = {}
    for index, card in enumerate(data["cards"]):
        if not isinstance(card, Mapping):
            continue
        code = card.get("code")
        if isinstance(code, str):
            if code in first:
                line, _ = locate(root, ["cards", first[code], "code"])
                yield _problem(
                    file,
                    root,
                    ["cards", index, "code"],
                    f"duplicate code {_show(code)} (first used by cards[{first[code]}] at line {line})",
                )
            else:
                first[code] = index
        if not playing:
            continue
        rank, suit, element = card.get("rank"), card.get("suit"), card.get("element")
        if not (type(rank) is int and 1 <= rank <= 13 and suit in _SUITS):
            continue
        expected = f"{suit}{_RANK_LABELS.get(rank, rank)}"
        if isinstance(code, str) and code != expected:
            yield _problem(
                file,
                root,
                ["cards", index, "code"],
                f"{_show(code)} does not match rank {rank} and suit {suit}: expected {_show(expected)}",
            )
        suit_info = suits.get(suit)
        suit_element = suit_info.get("element") if isinstance(suit_info, Mapping) else None
        if isinstance(element, str) and isinstance(suit_element, str) and element != suit_element:
            yield _problem(
                file,
                root,
                ["cards", index, "element"],
                f"{_show(element)} differs from the element of suit {suit} ({_show(suit_element)})",
            )


def _size_problems(data: Any, root: Node, file: str) -> Iterator[Problem]:
    """A set of more physical cards than a table can hold (each kind's count is bounded by the schema;
    this bounds their sum, so a game never deals a million cards)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        return
    total = 0
    for card in data["cards"]:
        count = card.get("count", 1) if isinstance(card, Mapping) else 1
        if isinstance(count, int | float) and not isinstance(count, bool) and 1 <= count <= MAX_CARD_COUNT:
            total += int(count)
    if total > MAX_PHYSICAL_CARDS:
        yield _problem(
            file,
            root,
            ["cards"],
            f"{total} cards in all is too many (a set holds at most {MAX_PHYSICAL_CARDS})",
        )


def _provisional_problems(data: Any, root: Node, file: str) -> Iterator[Problem]:
    """A card's `provisional: [cost, points]` must name fields the card has (a typo hides nothing)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        return
    for index, card in enumerate(data["cards"]):
        if not isinstance(card, Mapping) or not isinstance(card.get("provisional"), list):
            continue
        for position, name in enumerate(card["provisional"]):
            if isinstance(name, str) and name not in card:
                fields = ", ".join(str(k) for k in card if k != "provisional")
                yield _problem(
                    file,
                    root,
                    ["cards", index, "provisional", position],
                    f"{_show(name)} is not a field of this card (fields: {fields})",
                )


def _effect_problems(data: Any, root: Node, file: str) -> list[Problem]:
    """Card effects that do not compile in the vocabulary of the set's template (unknown effect names,
    bad arguments), each at its YAML node."""
    if not isinstance(data, Mapping) or not isinstance(data.get("template"), str):
        return []
    # Late: the games registry imports card sets; each game names the vocabulary of its template.
    from cardtable.games import vocabulary_for

    vocab = vocabulary_for(data["template"])
    if vocab is None:
        return []
    return [_problem(file, root, path, message) for path, message in vocab.card_problems(data)]


def _face_problems(data: Any, root: Node, file: str) -> list[Problem]:
    """The set's face template and what its cards ask of it (faces.py; problems may be in the template's file)."""
    from .faces import check_set_faces

    return check_set_faces(data, root, file)


def problems_in(
    cardset: CardSet, found: list[tuple[list[str | int], str]], root: Node | None = None
) -> list[Problem]:
    """A game's own checks of a loaded set, (key path, message) each, placed at file:line:col (in
    `root`, the set's YAML nodes, when the caller has them; else the set's file is read again)."""
    if not found:
        return []
    if root is None and cardset.source is not None:
        try:
            root = read_cardset(cardset.source)[1]
        except LoadError:  # the file changed since it was loaded: the problems stay, at line 1
            root = None
    file = str(cardset.source or cardset.id)
    return [_problem(file, root, path, message) for path, message in found]


def _problem(file: str, root: Node | None, key_path: list[str | int], message: str) -> Problem:
    where, line, col = locate_in(file, root, key_path)
    return Problem(where, line, col, format_key_path(key_path), message)


# ---------------------------------------------------------------------------------------------------
# JSON Schema errors, explained and placed


@functools.cache
def _validator() -> Draft7Validator:
    from jsonschema import Draft7Validator
    from referencing import Registry, Resource

    from .schemacheck import remembering_validator

    schema = json.loads(schema_path().read_bytes().decode("utf-8"))
    Draft7Validator.check_schema(schema)
    # An inline `faces:` template refers to faces.schema.json beside it (editors follow the same ref).
    faces = json.loads(faces_schema_path().read_bytes().decode("utf-8"))
    registry = Registry().with_resource("faces.schema.json", Resource.from_contents(faces))
    return remembering_validator(schema, registry)


def _schema_problems(data: Any, root: Node, file: str) -> Iterator[Problem]:
    from .facecheck import _entry_problems

    if isinstance(data, Mapping) and isinstance(data.get("faces"), Mapping):
        oversized = _entry_problems(data["faces"], root, file, ["faces"])
        if oversized:
            # an inline template past the entry limits is refused as that, before the schema walks
            # its thousands of entries (check_set_faces says the same)
            yield from oversized
            data = {key: value for key, value in data.items() if key != "faces"}
    for error in _validator().iter_errors(data):
        yield from _explain(error, root, file)


def _explain(error: ValidationError, root: Node, file: str) -> Iterator[Problem]:
    """A schema error as Problems at the values it is about, in words a card designer reads."""
    path: list[str | int] = list(error.absolute_path)
    instance = error.instance
    if error.validator in ("oneOf", "anyOf"):
        branch = _closest_branch(error)
        if branch:
            for inner in branch:
                yield from _explain(inner, root, file)
            return
    if "propertyNames" in error.relative_schema_path and isinstance(instance, str):
        # The error is about a key, not a value: point at that key's entry.
        inner = _explain_value(error, root, file, [*path, instance])
        yield Problem(inner.file, inner.line, inner.col, inner.key_path, f"key {inner.message}")
        return
    yield _explain_value(error, root, file, path)


def _closest_branch(error: ValidationError) -> list[ValidationError]:
    """For a failed oneOf/anyOf, the errors of the branch whose type matched (`{ja: 1}` is a mapping
    with a bad value, not a bad string), or [] when no branch came close."""
    branches: dict[Any, list[ValidationError]] = {}
    for inner in error.context or ():
        key = inner.relative_schema_path[0] if inner.relative_schema_path else None
        branches.setdefault(key, []).append(inner)
    close = [
        errors
        for errors in branches.values()
        if not any(e.validator == "type" and not e.relative_path for e in errors)
    ]
    return min(close, key=len) if close else []


def _explain_value(error: ValidationError, root: Node, file: str, path: list[str | int]) -> Problem:
    kind, value, instance = error.validator, error.validator_value, error.instance
    schema = error.schema if isinstance(error.schema, Mapping) else {}

    if kind in ("oneOf", "anyOf"):
        message = schema.get("errorMessage") or f"{_show(instance)} matches none of the allowed forms"
        return _problem(file, root, path, message)
    if kind == "required":
        missing = next((p for p in value if f"{p!r} is a required property" == error.message), None)
        if missing is None:
            return _problem(file, root, path, error.message)
        where, line, col = locate_in(file, root, path)
        return Problem(where, line, col, format_key_path([*path, missing]), "required field is missing")
    if kind == "additionalProperties" and isinstance(instance, Mapping):
        allowed = list(schema.get("properties", {}))
        extras = [k for k in instance if k not in allowed]
        if extras and isinstance(extras[0], str):
            note = did_you_mean(extras[0], allowed) if allowed else ""
            if allowed and not note:
                note = f" (allowed: {', '.join(allowed)})"
            return _problem(file, root, [*path, extras[0]], f"unexpected key{note}")
    if kind == "type":
        return _problem(file, root, path, _type_message(value, instance, root, path))
    if kind == "enum":
        choices = ", ".join(_show(v) for v in value)
        return _problem(file, root, path, f"{_show(instance)} is not allowed; use one of: {choices}")
    if kind == "const":
        return _problem(file, root, path, f"must be {_show(value)}, not {_show(instance)}")
    if kind in ("minimum", "exclusiveMinimum"):
        return _problem(file, root, path, f"{_show(instance)} is too small (minimum {_show(value)})")
    if kind in ("maximum", "exclusiveMaximum"):
        return _problem(file, root, path, f"{_show(instance)} is too large (maximum {_show(value)})")
    if kind == "pattern" and "errorMessage" in schema:
        return _problem(file, root, path, f"{_show(instance)} {schema['errorMessage']}")
    if kind == "pattern":
        about = f" ({schema['description']})" if "description" in schema else ""
        return _problem(file, root, path, f"{_show(instance)} does not match the pattern {value}{about}")
    if kind == "minItems":
        return _problem(file, root, path, f"needs at least {value} item{'s' if value != 1 else ''}")
    if kind == "minProperties":
        return _problem(file, root, path, "must not be empty")
    return _problem(file, root, path, error.message)


_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "object": "a mapping (key: value)",
    "array": "a list",
    "null": "empty",
}


def _type_message(expected: str | list[str], instance: Any, root: Node, path: list[str | int]) -> str:
    wanted = [expected] if isinstance(expected, str) else list(expected)
    message = f"must be {' or '.join(_TYPE_WORDS.get(t, t) for t in wanted)}, not {_describe(instance)}"
    if not path:
        message = f"the top level {message}"
    node, depth = node_at(root, path)
    if isinstance(node, ScalarNode) and depth == len(path):
        if "string" in wanted and node.style is None and not isinstance(instance, str):
            message += f' (write "{node.value}" in quotes to keep it as text)'
        elif {"integer", "number"} & set(wanted) and node.style in ("'", '"'):
            message += " (remove the quotes)"
    return message


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {_show(value)}"
    if value is None:
        return "an empty value"
    if isinstance(value, int | float):
        return f"the number {_show(value)}"
    if isinstance(value, str):
        return f"the text {_show(value)}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


_SHOWN_CHARS = 60


def _show(value: Any) -> str:
    """A value as it would be written in YAML: "text", true, null, 3, 1.5."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        # a short, escaped excerpt: a message never repeats a file's contents (or its control codes)
        cut = value[:_SHOWN_CHARS]
        return json.dumps(cut, ensure_ascii=False) + ("..." if len(value) > len(cut) else "")
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)

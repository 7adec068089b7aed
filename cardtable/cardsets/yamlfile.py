"""Strict YAML reading with `file:line:col` problems, shared by card sets, scenario files and saves.

PyYAML's SafeLoader follows YAML 1.1, whose implicit types bite people who edit files by hand:
`suit: NO` becomes False, `time: 12:30` becomes 750, and a repeated key silently replaces the first.
`StrictLoader` uses YAML 1.2 core-schema resolvers instead and rejects duplicate keys, and
`read_yaml` keeps the composed node tree beside the data so a later check (a JSON Schema, a game's
own rules) can point at the exact line and column of the value it complains about (`locate`).

Implicit types of a plain (unquoted) scalar under `StrictLoader`:

- bool: `true` / `false` in any letter case. `yes`, `no`, `on`, `off`, `y`, `n` stay strings.
- null: `null`, `Null`, `NULL`, `~` and an empty value.
- int: `[-+]?[0-9]+` in base 10 (a leading zero does not mean octal: `010` is 10), `0o17`, `0x1F`.
  No sexagesimal: `12:30` stays the string "12:30". No `_` separators, no `0b`.
- float: YAML 1.2 core: `1.5`, `.5`, `1.`, `1e3`, `-2.5E-3`, `.inf`, `-.inf`, `.nan`. So `1.10` is the
  number 1.1, as in every YAML version; a file that means text there must quote it, and a schema that
  expects a string there reports it with that advice (see the card set loader).
- no timestamps: `2024-05-01` stays a string. `<<` merge keys still work.

Everything else is a string. Explicit tags (`!!str 1`, `!!int "7"`) still apply; only the plain
types exist: `!!set`, `!!binary`, `!!timestamp`, `!!omap`, `!!pairs` and every other tag are refused, so
card fields hold nothing but text, numbers, booleans, null, lists and mappings.

Limits (cardtable/limits.py), each checked before the work it would cost: the file's size (and only
regular files are read, so `/dev/zero` or a FIFO is refused at once), nesting depth and the number of
aliases and values while the file is composed, the length of every scalar, whole numbers within +-2**53, and the
number of nodes the document holds once its aliases are expanded (a "billion laughs" bomb is refused
in milliseconds, before anything walks it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError
from yaml.error import MarkedYAMLError
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError
from yaml.scanner import ScannerError

from ..limits import (
    MAX_ALIASES,
    MAX_DEPTH,
    MAX_EXPANDED_NODES,
    MAX_INT,
    MAX_NODES,
    MAX_SCALAR_CHARS,
    MAX_YAML_BYTES,
    FileRefused,
    read_limited,
)

__all__ = [
    "DuplicateKeyError",
    "KeyPath",
    "LoadError",
    "Problem",
    "StrictLoader",
    "decode_utf8",
    "format_key_path",
    "locate",
    "node_at",
    "node_path",
    "parse_yaml",
    "read_yaml",
]

KeyPath = Sequence[str | int]
"""A path into YAML data: mapping keys and list indices, outermost first (`["cards", 3, "rank"]`)."""

_BOOL_TAG = "tag:yaml.org,2002:bool"
_NULL_TAG = "tag:yaml.org,2002:null"
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_MERGE_TAG = "tag:yaml.org,2002:merge"


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a file, at a 1-based line and column.

    `key_path` names the value in the data (`cards[3].rank`, list indices counted from 0); it is empty
    for problems that belong to no value (a syntax error, an unreadable file). A problem about the
    whole file is placed at 1:1.
    """

    file: str
    line: int
    col: int
    key_path: str
    message: str

    def __str__(self) -> str:
        """`file:line:col: key.path: message`, or `file:line:col: message` when there is no key path."""
        where = f"{self.file}:{self.line}:{self.col}"
        if self.key_path:
            return f"{where}: {self.key_path}: {self.message}"
        return f"{where}: {self.message}"


class LoadError(Exception):
    """A file could not be read or is not valid; carries every problem found, in file order."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


class NodeError(ConstructorError):
    """A value the strict loader refuses (a tag, a huge number); `node` lets the problem name its key."""

    def __init__(self, problem: str, node: Node) -> None:
        super().__init__(None, None, problem, node.start_mark)
        self.node = node


class DuplicateKeyError(ConstructorError):
    """A mapping names the same key twice; `problem_mark` is the second key, `context_mark` the first."""


# ---------------------------------------------------------------------------------------------------
# The loader


def _parse_int(text: str) -> int:
    """A YAML 1.2 core int: decimal (leading zeros allowed), 0o octal or 0x hex, optionally signed."""
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    if digits[:2] == "0o":
        return sign * int(digits[2:], 8)
    if digits[:2] == "0x":
        return sign * int(digits[2:], 16)
    if not digits.isascii() or not digits.isdigit():
        raise ValueError(text)
    return sign * int(digits, 10)


def _parse_float(text: str) -> float:
    """A YAML 1.2 core float, including .inf, -.inf and .nan."""
    lowered = text.lower()
    if lowered in (".inf", "+.inf"):
        return math.inf
    if lowered == "-.inf":
        return -math.inf
    if lowered == ".nan":
        return math.nan
    if "_" in text:
        raise ValueError(text)
    return float(text)


def _parse_bool(text: str) -> bool:
    lowered = text.lower()
    if lowered not in ("true", "false"):
        raise ValueError(text)
    return lowered == "true"


class StrictLoader(yaml.SafeLoader):
    """A SafeLoader with YAML 1.2 core-schema implicit types that rejects duplicate mapping keys.

    Used on its own (`StrictLoader(text).get_single_data()`), the first duplicate key raises
    DuplicateKeyError. With `collect_duplicates = True` every duplicate is recorded in
    `duplicate_keys` as (mapping node, first key node, second key node) and the later value wins,
    so a caller can report them all at once (`read_yaml` does).
    """

    # A fresh table: none of YAML 1.1's implicit resolvers are inherited.
    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    def __init__(self, stream: str | bytes) -> None:
        super().__init__(stream)
        self.collect_duplicates = False
        self.duplicate_keys: list[tuple[MappingNode, Node, Node]] = []
        self._checked: set[MappingNode] = set()
        self._depth = 0
        self._aliases = 0
        self._nodes = 0

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        """`[` or `{`: refused past MAX_DEPTH here, in the scanner, because the scanner looks up to 1,024
        characters ahead for a simple key at a cost that grows with the depth (a quadratic walk)."""
        if self.flow_level >= MAX_DEPTH:
            raise ScannerError(
                None, None, f"lists and mappings nest more than {MAX_DEPTH} deep", self.get_mark()
            )
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        """Compose one node, refusing a file that nests too deeply or names too many aliases before
        the composer recurses any further (deep nesting was a RecursionError)."""
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise ComposerError(
                    None, None, f"more than {MAX_ALIASES} aliases in one file", event.start_mark
                )
            return super().compose_node(parent, index)
        self._depth += 1
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise ComposerError(None, None, f"more than {MAX_NODES} values in one file", event.start_mark)
        if self._depth > MAX_DEPTH:
            raise ComposerError(
                None, None, f"lists and mappings nest more than {MAX_DEPTH} deep", event.start_mark
            )
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if isinstance(node, ScalarNode) and len(node.value) > MAX_SCALAR_CHARS:
            raise ComposerError(
                None,
                None,
                f"a value of {len(node.value)} characters is too long (at most {MAX_SCALAR_CHARS})",
                node.start_mark,
            )
        return node

    def flatten_mapping(self, node: MappingNode) -> None:
        """Check the mapping's own keys for duplicates (once per node), then apply `<<` merges."""
        if node not in self._checked:
            self._checked.add(node)
            self._check_duplicates(node)
        super().flatten_mapping(node)

    def _check_duplicates(self, node: MappingNode) -> None:
        first_seen: dict[Any, Node] = {}
        for key_node, _value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                marker = (type(key), key)
                first = first_seen.get(marker)
            except TypeError:  # an unhashable key: construct_mapping reports it
                continue
            if first is None:
                first_seen[marker] = key_node
                continue
            if self.collect_duplicates:
                self.duplicate_keys.append((node, first, key_node))
            else:
                raise DuplicateKeyError(
                    "while constructing a mapping",
                    first.start_mark,
                    f"found duplicate key {key!r}",
                    key_node.start_mark,
                )

    def construct_yaml_bool(self, node: ScalarNode) -> bool:
        """true / false in any case (only these two spellings, even with an explicit !!bool)."""
        return self._scalar(node, _parse_bool, "a boolean")

    def construct_yaml_int(self, node: ScalarNode) -> int:
        """A YAML 1.2 int: 10, 010 (ten), 0o17, 0x1F."""
        return self._scalar(node, _parse_int, "an integer")

    def construct_yaml_float(self, node: ScalarNode) -> float:
        """A YAML 1.2 float: 1.5, .5, 1e3, .inf, .nan."""
        return self._scalar(node, _parse_float, "a float")

    def _scalar(self, node: ScalarNode, parse: Callable[[str], Any], what: str) -> Any:
        text = self.construct_scalar(node)
        try:
            value = parse(text)
        except ValueError:
            raise NodeError(f"cannot read {_clip(text)!r} as {what}", node) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            # nothing a card, a scenario or a save counts comes near; a huge count was an OverflowError
            raise NodeError(f"the number {_clip(text)} is too large (at most 2**53)", node)
        return value

    def construct_not_plain(self, node: Node) -> Any:
        """Any tag but the plain types: refused, so a card field never holds a set, bytes or a date."""
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise NodeError(
            f"the tag {tag} is not allowed: write plain text, numbers, true/false, lists and mappings", node
        )


def _clip(text: str, size: int = 40) -> str:
    """A long value shortened for a message."""
    return text if len(text) <= size else text[: size - 3] + "..."


StrictLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$"), list("tTfF")
)
StrictLoader.add_implicit_resolver(_NULL_TAG, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
StrictLoader.add_implicit_resolver(
    _INT_TAG, re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789")
)
StrictLoader.add_implicit_resolver(
    _FLOAT_TAG,
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+0123456789."),
)
StrictLoader.add_implicit_resolver(_MERGE_TAG, re.compile(r"^(?:<<)$"), ["<"])
# Only the plain types construct; every other tag (!!set, !!binary, !!timestamp, !!omap, !!pairs, local
# !tags, !!python/...) reaches construct_not_plain.
_PLAIN_TAGS = ("null", "bool", "int", "float", "str", "seq", "map")
StrictLoader.yaml_constructors = {
    tag: constructor
    for tag, constructor in yaml.SafeLoader.yaml_constructors.items()
    if tag is not None and tag.rsplit(":", 1)[-1] in _PLAIN_TAGS
}
StrictLoader.yaml_multi_constructors = {}
StrictLoader.add_constructor(None, StrictLoader.construct_not_plain)
StrictLoader.add_constructor(_BOOL_TAG, StrictLoader.construct_yaml_bool)
StrictLoader.add_constructor(_INT_TAG, StrictLoader.construct_yaml_int)
StrictLoader.add_constructor(_FLOAT_TAG, StrictLoader.construct_yaml_float)


# ---------------------------------------------------------------------------------------------------
# Reading files


def decode_utf8(raw: bytes, file: str) -> str:
    """The text of a file's bytes as UTF-8 (a BOM is dropped); LoadError naming the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
        line_start = raw.rfind(b"\n", 0, start) + 1
        line = raw.count(b"\n", 0, start) + 1
        col = len(raw[line_start:start].decode("utf-8", errors="replace")) + 1
        message = f"not valid UTF-8 (byte 0x{raw[start]:02x}); save the file as UTF-8"
        try:
            raw.decode("cp932")
        except UnicodeDecodeError:
            pass
        else:
            message += " (it looks like Shift_JIS / cp932)"
        raise LoadError([Problem(file, line, col, "", message)]) from None


def read_yaml(path: str | Path, limit: int = MAX_YAML_BYTES) -> tuple[Any, Node | None]:
    """Read one YAML document from a file as bytes -> UTF-8: (data, root node), or LoadError.

    The root node is None (and the data None) for an empty file. Errors raised: a missing or
    unreadable file, one that is not a regular file or is larger than `limit` bytes, bad UTF-8, a
    syntax error, a duplicate key (all of them), a recursive alias, a file past the limits in
    cardtable/limits.py (nesting, aliases, expansion, long values, huge numbers, tags).
    """
    path = Path(path)
    file = str(path)
    try:
        raw = read_limited(path, limit)
    except FileRefused as exc:
        raise LoadError([Problem(file, 1, 1, "", str(exc))]) from None
    return parse_yaml(decode_utf8(raw, file), file, limit)


def parse_yaml(text: str, file: str = "<text>", limit: int = MAX_YAML_BYTES) -> tuple[Any, Node | None]:
    """Like read_yaml, for text already in memory; `file` is the name problems carry."""
    if len(text) > limit:
        raise LoadError([Problem(file, 1, 1, "", f"the text is too long ({len(text)} characters)")])
    try:
        loader = StrictLoader(text)
    except ReaderError as exc:  # a character YAML forbids; for a str, position is its index
        position = exc.position
        line = text.count("\n", 0, position) + 1
        col = position - (text.rfind("\n", 0, position) + 1) + 1
        message = f"character U+{exc.character:04X} is not allowed in a YAML file"
        raise LoadError([Problem(file, line, col, "", message)]) from None
    loader.collect_duplicates = True
    root: Node | None = None
    try:
        root = loader.get_single_node()
        if root is None:
            return None, None
        _reject_cycles(root, file)
        _reject_expansion(root, file)
        data = loader.construct_document(root)
    except NodeError as exc:
        problem = _marked_problem(exc, file)
        where = node_path(root, exc.node) if root is not None else None
        if where:
            problem = Problem(
                problem.file, problem.line, problem.col, format_key_path(where), problem.message
            )
        raise LoadError([problem]) from None
    except MarkedYAMLError as exc:
        raise LoadError([_marked_problem(exc, file)]) from None
    finally:
        loader.dispose()
    if loader.duplicate_keys:
        problems = []
        for mapping, first, second in loader.duplicate_keys:
            key = _node_key(second)
            where = node_path(root, mapping)
            key_path = format_key_path([*where, key]) if where is not None and _is_path_key(key) else ""
            message = f"duplicate key (first given at line {first.start_mark.line + 1})"
            if not key_path:
                message = f"duplicate key {key!r} (first given at line {first.start_mark.line + 1})"
            line, col = _mark(second)
            problems.append(Problem(file, line, col, key_path, message))
        raise LoadError(sorted(problems))
    return data, root


_HINTS = {
    "mapping values are not allowed here": "a ': ' inside a plain value? put the value in quotes",
    "found character '\\t' that cannot start any token": "use spaces, not tabs, to indent",
}


def _marked_problem(exc: MarkedYAMLError, file: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    message = exc.problem or exc.context or "invalid YAML"
    if exc.problem and exc.context and exc.problem.startswith("but "):
        message = f"{exc.context}, {exc.problem}"  # "expected a single document..., but found another"
    elif exc.problem and exc.context:
        context = exc.context
        if exc.context_mark is not None:
            context += f" at line {exc.context_mark.line + 1}"
        message = f"{message} ({context})"
    hint = _HINTS.get(exc.problem or "")
    if hint:
        message += f"; {hint}"
    return Problem(file, line, col, "", message)


def _reject_cycles(root: Node, file: str) -> None:
    """A recursive alias (`a: &x [*x]`) makes data that no check can walk: reject it."""
    done: set[Node] = set()
    on_path: set[Node] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            on_path.discard(node)
            done.add(node)
            continue
        if node in done:
            continue
        if node in on_path:
            line, col = _mark(node)
            raise LoadError([Problem(file, line, col, "", "an alias refers to the node that contains it")])
        on_path.add(node)
        stack.append((node, True))
        for child in reversed(_children(node)):
            stack.append((child, False))


def _reject_expansion(root: Node, file: str) -> None:
    """Refuse a document whose aliases expand to more than MAX_EXPANDED_NODES nodes ("billion laughs").

    Aliases share one node, so the text stays small while every walk over the data (the schema, the
    game's checks, a copy) would visit each expansion. Each node's expanded size is counted once, in
    post-order over the (acyclic: _reject_cycles ran) node graph, so this costs one pass over the text.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, leaving = stack.pop()
        key = id(node)
        if leaving:
            total = 1 + sum(sizes[id(child)] for child in _children(node))
            if total > MAX_EXPANDED_NODES:
                line, col = _mark(node)
                message = (
                    f"aliases expand this value to more than {MAX_EXPANDED_NODES} values; "
                    "a file this size cannot need that many"
                )
                where = node_path(root, node)
                raise LoadError([Problem(file, line, col, format_key_path(where or []), message)])
            sizes[key] = total
            continue
        if key in sizes:
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return []


# ---------------------------------------------------------------------------------------------------
# From data paths back to positions


def _mark(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _node_key(node: Node) -> Any:
    """The Python value a scalar key node stands for, as StrictLoader would construct it."""
    if not isinstance(node, ScalarNode):
        return node
    parsers = {_BOOL_TAG: _parse_bool, _INT_TAG: _parse_int, _FLOAT_TAG: _parse_float}
    if node.tag == _NULL_TAG:
        return None
    parse = parsers.get(node.tag)
    if parse is None:
        return node.value
    try:
        return parse(node.value)
    except ValueError:
        return node.value


def _same_key(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def node_at(root: Node | None, key_path: KeyPath) -> tuple[Node | None, int]:
    """The node at `key_path` and how many steps of the path were found.

    When the path leaves the tree (a missing key, an index past the end), the deepest node reached is
    returned with the number of steps taken. With repeated or merged keys the last one counts, as in
    the data.
    """
    node = root
    for depth, step in enumerate(key_path):
        child: Node | None = None
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if _same_key(_node_key(key_node), step):
                    child = value_node
        elif isinstance(node, SequenceNode) and isinstance(step, int) and not isinstance(step, bool):
            if 0 <= step < len(node.value):
                child = node.value[step]
        if child is None:
            return node, depth
        node = child
    return node, len(key_path)


def locate(root: Node | None, key_path: KeyPath) -> tuple[int, int]:
    """The 1-based (line, column) where the value at `key_path` starts (or the deepest part found)."""
    node, _ = node_at(root, key_path)
    if node is None:
        return 1, 1
    return _mark(node)


def node_path(root: Node | None, target: Node) -> list[str | int] | None:
    """The key path from `root` to `target` (found by identity), or None when it is not in the tree."""
    if root is None:
        return None
    seen: set[Node] = set()
    stack: list[tuple[Node, list[str | int]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if node in seen:
            continue
        seen.add(node)
        if isinstance(node, MappingNode):
            for key_node, value_node in reversed(node.value):
                key = _node_key(key_node)
                if _is_path_key(key):
                    stack.append((value_node, [*path, key]))
        elif isinstance(node, SequenceNode):
            for index in reversed(range(len(node.value))):
                stack.append((node.value[index], [*path, index]))
    return None


def _is_path_key(key: Any) -> bool:
    return isinstance(key, str | int) and not isinstance(key, bool)


_PLAIN_KEY = re.compile(r"[^\s.\[\]\"'`]+")


def format_key_path(key_path: KeyPath) -> str:
    """`["cards", 3, "rank"]` -> `cards[3].rank`; awkward keys are quoted: `meta["a.b"]`."""
    out = ""
    for step in key_path:
        if isinstance(step, int) and not isinstance(step, bool):
            out += f"[{step}]"
        elif isinstance(step, str) and _PLAIN_KEY.fullmatch(step):
            out += f".{step}" if out else step
        else:
            out += f"[{step!r}]"
    return out

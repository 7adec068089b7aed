"""Strict YAML reading with `file:line:col` problems, shared by card sets, scenario files and saves.

The loader itself (YAML 1.2 core types, no duplicate keys, only plain tags) is `strictyaml`;
`read_yaml` keeps the composed node tree beside the data so a later check (a JSON Schema, a game's
own rules) can point at the exact line and column of the value it complains about (`locate`).

Limits (cardtable/limits.py), each checked before the work it would cost: the file's size (and only
regular files are read, so `/dev/zero` or a FIFO is refused at once), nesting depth and the number of
aliases and values while the file is composed, the length of every scalar, whole numbers within +-2**53, and the
number of nodes the document holds once its aliases are expanded (a "billion laughs" bomb is refused
in milliseconds, before anything walks it).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yaml.error import MarkedYAMLError, YAMLError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

from ..limits import MAX_EXPANDED_NODES, MAX_NODES, MAX_YAML_BYTES, FileRefused, read_limited
from .strictyaml import (
    BOOL_TAG,
    FLOAT_TAG,
    INT_TAG,
    NULL_TAG,
    CountLimitError,
    DuplicateKeyError,
    FastStrictLoader,
    NodeError,
    StrictLoader,
    parse_bool,
    parse_float,
    parse_int,
)
from .syntaxwords import OUR_WORDS, explain

__all__ = [
    "DuplicateKeyError",
    "KeyPath",
    "LoadError",
    "Problem",
    "StrictLoader",
    "decode_utf8",
    "format_key_path",
    "locate",
    "locate_in",
    "node_at",
    "node_path",
    "parse_yaml",
    "read_yaml",
]

log = logging.getLogger(__name__)

KeyPath = Sequence[str | int]
"""A path into YAML data: mapping keys and list indices, outermost first (`["cards", 3, "rank"]`)."""


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
    # A warning does not stop the file from loading: the thing is drawn or played without what it
    # names (a missing image becomes a marked placeholder).
    warning: bool = False

    def __str__(self) -> str:
        """`file:line:col: key.path: message`, or `file:line:col: message` when there is no key path;
        a warning says so before its message."""
        where = f"{self.file}:{self.line}:{self.col}"
        message = f"warning: {self.message}" if self.warning else self.message
        if self.key_path:
            return f"{where}: {self.key_path}: {message}"
        return f"{where}: {message}"


class LoadError(Exception):
    """A file could not be read or is not valid; carries every problem found, in file order."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


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
    if FastStrictLoader is not StrictLoader:
        try:
            return _load(FastStrictLoader(text), text, file)
        except _CountRefusal as exc:
            raise LoadError(exc.problems) from None  # the Python parser would say the same
        except (LoadError, YAMLError, ValueError):
            pass  # read it again with the Python parser, whose messages (and hints) people see
    return _load(None, text, file)


class _CountRefusal(LoadError):
    """A file past the count limits (CountLimitError), refused as either parser would refuse it."""


def _load(loader: StrictLoader | None, text: str, file: str) -> tuple[Any, Node | None]:
    """Compose, check and construct one document with `loader` (a new StrictLoader when None)."""
    quiet = loader is not None  # libyaml's refusal is read again by the Python parser, which logs it
    try:
        loader = loader or StrictLoader(text)
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
        if loader._aliases or MAX_NODES > MAX_EXPANDED_NODES:
            # Without an alias the nodes form a tree of at most MAX_NODES (the composer counted
            # them), which can neither hold a cycle nor expand past MAX_EXPANDED_NODES: two walks
            # over every node of every file saved.
            _reject_cycles(root, file)
            _reject_expansion(root, file)
        data = loader.construct_document(root)
    except NodeError as exc:
        problem = _marked_problem(exc, file, text, quiet)
        where = node_path(root, exc.node) if root is not None else None
        if where:
            problem = Problem(
                problem.file, problem.line, problem.col, format_key_path(where), problem.message
            )
        raise LoadError([problem]) from None
    except CountLimitError as exc:
        raise _CountRefusal([_marked_problem(exc, file, text, quiet)]) from None
    except MarkedYAMLError as exc:
        raise LoadError([_marked_problem(exc, file, text, quiet)]) from None
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


def _marked_problem(exc: MarkedYAMLError, file: str, text: str, quiet: bool = False) -> Problem:
    """A syntax error or refusal at its line and column, in a reader's words (syntaxwords.py): no
    PyYAML parser terms reach a reader; the raw message is logged."""
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    raw = exc.problem or exc.context or ""
    if isinstance(exc, NodeError | CountLimitError) or raw.startswith(OUR_WORDS):
        return Problem(file, line, col, "", raw)
    if not quiet:
        log.info("%s:%d:%d: YAML parser said: %s %s", file, line, col, exc.context or "", exc.problem or "")
    return Problem(file, line, col, "", explain(exc, text))


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
    parsers = {BOOL_TAG: parse_bool, INT_TAG: parse_int, FLOAT_TAG: parse_float}
    if node.tag == NULL_TAG:
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


def locate_in(file: str, root: Node | None, key_path: KeyPath) -> tuple[str, int, int]:
    """(file, line, column) of the value at `key_path`: `file`, unless the value was read from another
    file (a set's cards from a spreadsheet: their nodes' marks name it)."""
    node, _ = node_at(root, key_path)
    if node is None:
        return file, 1, 1
    name = node.start_mark.name
    where = name if isinstance(name, str) and name and not name.startswith("<") else file
    return (where, *_mark(node))


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

"""The strict YAML loader: YAML 1.2 core types, no duplicate keys, limits checked while composing.

PyYAML's SafeLoader follows YAML 1.1, whose implicit types bite people who edit files by hand:
`suit: NO` becomes False, `time: 12:30` becomes 750, and a repeated key silently replaces the first.
`StrictLoader` uses YAML 1.2 core-schema resolvers instead and rejects duplicate keys.

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

`FastStrictLoader` is the same loader reading its events from libyaml (PyYAML's C parser) when PyYAML
was built with it: scanning and parsing in Python were ~90% of the time to read a card set or a
scenario file, and every file the app and the tests open goes through here. Composing, the limits,
duplicate keys, types and construction stay the Python code above, so both give the same data and
nodes. libyaml words its syntax errors differently, so a file it refuses is read again by
`StrictLoader` for the message people see (and the hints keyed on it), unless it was too many values or
aliases (CountLimitError: the same message from either, and reading a 50,000-value file again in Python
took seconds to refuse what libyaml had refused in a tenth of that). One difference remains, in the
file's favour: a tab after a value (`deal:<TAB>`) is whitespace to YAML and to libyaml, while PyYAML's
Python scanner refuses it (tests/test_yaml_loaders.py holds the two loaders to this).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver
from yaml.scanner import ScannerError

from ..limits import MAX_ALIASES, MAX_DEPTH, MAX_INT, MAX_NODES, MAX_SCALAR_CHARS

BOOL_TAG = "tag:yaml.org,2002:bool"
NULL_TAG = "tag:yaml.org,2002:null"
INT_TAG = "tag:yaml.org,2002:int"
FLOAT_TAG = "tag:yaml.org,2002:float"
MERGE_TAG = "tag:yaml.org,2002:merge"
STR_TAG = "tag:yaml.org,2002:str"


class NodeError(ConstructorError):
    """A value the strict loader refuses (a tag, a huge number); `node` lets the problem name its key."""

    def __init__(self, problem: str, node: Node) -> None:
        super().__init__(None, None, problem, node.start_mark)
        self.node = node


class CountLimitError(ComposerError):
    """A file names more values or aliases than the limits allow. Found at the same event by either
    parser (both count composed nodes), so a fast refusal needs no second reading in Python."""


class DuplicateKeyError(ConstructorError):
    """A mapping names the same key twice; `problem_mark` is the second key, `context_mark` the first."""


# ---------------------------------------------------------------------------------------------------
# The loader


def parse_int(text: str) -> int:
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


def parse_float(text: str) -> float:
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


def parse_bool(text: str) -> bool:
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
        self._strict_state()

    def _strict_state(self) -> None:
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
                raise CountLimitError(
                    None, None, f"more than {MAX_ALIASES} aliases in one file", event.start_mark
                )
            return super().compose_node(parent, index)
        self._depth += 1
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise CountLimitError(None, None, f"more than {MAX_NODES} values in one file", event.start_mark)
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
            if key_node.tag == MERGE_TAG:
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

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        """A text or null scalar straight from its node (most of a file's values); the rest as
        SafeConstructor builds them. The same values: a str scalar constructs to its text, a null
        to None, and neither can be recursive or need its identity kept."""
        if node.__class__ is ScalarNode:
            if node.tag == STR_TAG:
                return node.value
            if node.tag == NULL_TAG:
                return None
        return super().construct_object(node, deep)

    def construct_yaml_bool(self, node: ScalarNode) -> bool:
        """true / false in any case (only these two spellings, even with an explicit !!bool)."""
        return self._scalar(node, parse_bool, "a boolean")

    def construct_yaml_int(self, node: ScalarNode) -> int:
        """A YAML 1.2 int: 10, 010 (ten), 0o17, 0x1F."""
        return self._scalar(node, parse_int, "an integer")

    def construct_yaml_float(self, node: ScalarNode) -> float:
        """A YAML 1.2 float: 1.5, .5, 1e3, .inf, .nan."""
        return self._scalar(node, parse_float, "a float")

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
    BOOL_TAG, re.compile(r"^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$"), list("tTfF")
)
StrictLoader.add_implicit_resolver(NULL_TAG, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
StrictLoader.add_implicit_resolver(
    INT_TAG, re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789")
)
StrictLoader.add_implicit_resolver(
    FLOAT_TAG,
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+0123456789."),
)
StrictLoader.add_implicit_resolver(MERGE_TAG, re.compile(r"^(?:<<)$"), ["<"])
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
StrictLoader.add_constructor(BOOL_TAG, StrictLoader.construct_yaml_bool)
StrictLoader.add_constructor(INT_TAG, StrictLoader.construct_yaml_int)
StrictLoader.add_constructor(FLOAT_TAG, StrictLoader.construct_yaml_float)


HAVE_LIBYAML: bool = bool(getattr(yaml, "__with_libyaml__", False))

if HAVE_LIBYAML:
    from yaml._yaml import CParser

    class FastStrictLoader(CParser, StrictLoader):  # type: ignore[misc]
        """StrictLoader reading events from libyaml: the Python composer (with its limit checks) and
        constructor on top of the C scanner and parser."""

        # The C parser brings its own composer, which checks no limit; take the Python one back, so
        # the limits and node marks are exactly StrictLoader's. get_single_node composes a document
        # in one loop over the events (below); the methods it stands for stay, for any other caller.
        compose_document = Composer.compose_document
        compose_node = StrictLoader.compose_node
        compose_sequence_node = Composer.compose_sequence_node
        compose_mapping_node = Composer.compose_mapping_node
        check_node = Composer.check_node
        get_node = Composer.get_node

        def compose_scalar_node(self, anchor: str | None) -> ScalarNode:
            """As the Python composer, with libyaml's plain style ("") written as Python's (None)."""
            node = Composer.compose_scalar_node(self, anchor)
            if node.style == "":
                node.style = None
            return node

        def __init__(self, stream: str | bytes) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._strict_state()
            self._plain_tags: dict[str, str] = {}  # a plain scalar's text -> its resolved tag

        def get_single_node(self) -> Node | None:
            """Composer.get_single_node, composing the document with _compose_events."""
            self.get_event()  # the stream's start
            document = None
            if not self.check_event(StreamEndEvent):
                self.get_event()  # the document's start
                document = self._compose_events()
                self.get_event()  # the document's end
                self.anchors = {}
            if not self.check_event(StreamEndEvent):
                event = self.get_event()
                raise ComposerError(
                    "expected a single document in the stream",
                    document.start_mark if document is not None else None,
                    "but found another document",
                    event.start_mark,
                )
            self.get_event()
            return document

        def _compose_events(self) -> Node:
            """One document's node tree, as Composer.compose_node and StrictLoader.compose_node
            build it (the same nodes, marks, anchors, limits and errors), in a loop over the
            events instead of a Python call or three per event: composing was two thirds of
            reading a file, libyaml's parsing a quarter."""
            get_event = self.get_event
            anchors = self.anchors
            plain_tags = self._plain_tags
            open_nodes: list[Node] = []  # the collections being composed, outermost first
            keys: list[Node | None] = []  # per open collection: a mapping's key awaiting its value
            # the counts StrictLoader.compose_node keeps, as locals here and stored when done
            aliases, depth, count = self._aliases, self._depth, self._nodes
            while True:
                event = get_event()
                kind = type(event)
                if kind is AliasEvent:
                    aliases += 1
                    if aliases > MAX_ALIASES:
                        raise CountLimitError(
                            None, None, f"more than {MAX_ALIASES} aliases in one file", event.start_mark
                        )
                    if event.anchor not in anchors:
                        raise ComposerError(
                            None, None, f"found undefined alias {event.anchor!r}", event.start_mark
                        )
                    node: Node = anchors[event.anchor]
                elif kind is SequenceEndEvent or kind is MappingEndEvent:
                    node = open_nodes.pop()
                    keys.pop()
                    node.end_mark = event.end_mark
                    depth -= 1
                else:
                    depth += 1
                    count += 1
                    if count > MAX_NODES:
                        raise CountLimitError(
                            None, None, f"more than {MAX_NODES} values in one file", event.start_mark
                        )
                    if depth > MAX_DEPTH:
                        raise ComposerError(
                            None,
                            None,
                            f"lists and mappings nest more than {MAX_DEPTH} deep",
                            event.start_mark,
                        )
                    anchor = event.anchor
                    if anchor is not None and anchor in anchors:
                        raise ComposerError(
                            f"found duplicate anchor {anchor!r}; first occurrence",
                            anchors[anchor].start_mark,
                            "second occurrence",
                            event.start_mark,
                        )
                    tag = event.tag
                    if kind is ScalarEvent:
                        if tag is None or tag == "!":
                            if event.implicit[0]:
                                tag = plain_tags.get(event.value)
                                if tag is None:
                                    tag = plain_tags[event.value] = self.resolve(
                                        ScalarNode, event.value, event.implicit
                                    )
                            else:
                                tag = self.resolve(ScalarNode, event.value, event.implicit)
                        # libyaml's plain style is "", Python's None
                        node = ScalarNode(
                            tag, event.value, event.start_mark, event.end_mark, event.style or None
                        )
                        if anchor is not None:
                            anchors[anchor] = node
                        depth -= 1
                        if len(node.value) > MAX_SCALAR_CHARS:
                            raise ComposerError(
                                None,
                                None,
                                f"a value of {len(node.value)} characters is too long "
                                f"(at most {MAX_SCALAR_CHARS})",
                                node.start_mark,
                            )
                    else:
                        is_sequence = kind is SequenceStartEvent
                        node_class = SequenceNode if is_sequence else MappingNode
                        if tag is None or tag == "!":
                            tag = self.resolve(node_class, None, event.implicit)
                        collection = node_class(tag, [], event.start_mark, None, flow_style=event.flow_style)
                        if anchor is not None:
                            anchors[anchor] = collection
                        open_nodes.append(collection)
                        keys.append(None)
                        continue
                # A whole node: the document, or the next item of the collection it is in.
                if not open_nodes:
                    self._aliases, self._depth, self._nodes = aliases, depth, count
                    return node
                parent = open_nodes[-1]
                if isinstance(parent, SequenceNode):
                    parent.value.append(node)
                elif keys[-1] is None:
                    keys[-1] = node
                else:
                    parent.value.append((keys[-1], node))
                    keys[-1] = None

else:  # PyYAML without libyaml: the same loader, only slower
    FastStrictLoader = StrictLoader  # type: ignore[misc]

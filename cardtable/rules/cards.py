"""Card specifications as loaded from a YAML card set, and the physical card ids games deal with.

A card set lists card *kinds* (CardSpec); each kind may have several physical copies. Before any
shuffle every physical card gets a CardId: a small int, its index in `CardSet.physical()` order.
Rules code works on CardIds only and looks their faces up through the set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

CardId = int


def _refuse(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise TypeError("card data is read-only: a card set is shared by every game and every view")


class ReadOnlyList(list):  # type: ignore[type-arg]
    """A list from a card set's YAML that refuses changes (still a list to every reader: `isinstance`,
    equality with lists, JSON). Card sets are cached and shared by games, tables and bots' views."""

    __slots__ = ()
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __new__(cls, items: Any = ()) -> ReadOnlyList:
        self = super().__new__(cls)
        list.extend(self, items)
        return self

    def __init__(self, items: Any = ()) -> None:
        """Filled by __new__; calling it again changes nothing."""

    def __reduce__(self) -> Any:
        return (ReadOnlyList, (list(self),))


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A mapping from a card set's YAML that refuses changes (still a dict to every reader)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __new__(cls, items: Any = ()) -> ReadOnlyDict:
        self = super().__new__(cls)
        dict.update(self, items)
        return self

    def __init__(self, items: Any = ()) -> None:
        """Filled by __new__; calling it again changes nothing."""

    def __reduce__(self) -> Any:
        return (ReadOnlyDict, (dict(self),))


def read_only(value: Any) -> Any:
    """YAML data made read-only all the way down, keeping its types (lists stay lists, dicts dicts)."""
    if isinstance(value, dict):
        return ReadOnlyDict({k: read_only(v) for k, v in value.items()})
    if isinstance(value, list):
        return ReadOnlyList(read_only(v) for v in value)
    return value


@dataclass(frozen=True)
class Text:
    """A piece of card text in the set's language, with an optional translation beneath."""

    ja: str = ""
    en: str = ""

    def get(self, language: str) -> str:
        """The text in `language`, falling back to the other one."""
        if language == "en":
            return self.en or self.ja
        return self.ja or self.en


@dataclass(frozen=True)
class CardSpec:
    """One kind of card: its notation code, its names, how many copies, and every other YAML field."""

    code: str
    name: Text
    count: int = 1
    fields: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A field from the YAML (rank, suit, element, cost, effects...)."""
        return self.fields.get(key, default)


@dataclass(frozen=True)
class CardSet:
    """A loaded card set: metadata plus its card kinds, in file order."""

    id: str
    title: Text
    language: str
    template: str
    cards: tuple[CardSpec, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    source: Path | None = None
    cards_source: Path | None = None  # the spreadsheet the cards were read from (None: the set's file)

    def physical(self) -> tuple[CardSpec, ...]:
        """Every physical card in CardId order: each kind repeated `count` times."""
        return self._physical

    @cached_property
    def _physical(self) -> tuple[CardSpec, ...]:
        # computed once: logs, menus and scenes look cards up by id on every action
        out: list[CardSpec] = []
        for spec in self.cards:
            out.extend([spec] * spec.count)
        return tuple(out)

    def by_code(self) -> dict[str, CardSpec]:
        """Card kinds keyed by their notation code."""
        return {spec.code: spec for spec in self.cards}

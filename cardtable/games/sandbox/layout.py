"""The sandbox's table, read from a card set's `sandbox:` section, with a default for any set.

    sandbox:
      piles:                          # where cards lie on the table, in order
        - {name: deck, at: [0.08, 0.38], face: down, start: true}   # every card starts here, shuffled
        - {name: discard, at: [0.22, 0.38], face: up}
        - {name: table, at: [0.36, 0.3], face: spread}              # a mat: each card where it is put
      deal: 5                         # cards dealt to each hand at the start (default 0)
      counters: [points, coins]       # a counter of each per seat (default: points)
      dice: 2                         # how many six-sided dice a roll throws (default 2)

`face`: `down` (a face-down pile), `up` (a face-up pile: its top card shows) or `spread` (a mat: each
card lies where it is put, face up unless flipped on its own; it reaches down to the next pile). `at` is where the pile's top-left corner is, as shares of the table's width
and height. Without a section the table has a face-down deck holding every card, a discard pile and a
spread play area; each seat always gets a private hand. cards/cardset.schema.json describes the
section for editors. Pure: no files, no pygame.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.rules.cards import CardSet
from cardtable.rules.zones import Visibility

FACES = {"down": Visibility.HIDDEN, "up": Visibility.TOP_PUBLIC, "spread": Visibility.PUBLIC}
NAME = re.compile(r"[a-z][a-z0-9_]{0,23}")
RESERVED = ("hand", "search")  # the seats' own zones


@dataclass(frozen=True)
class PileSpec:
    """One pile of the layout."""

    name: str
    at: tuple[float, float]
    face: str  # down | up | spread: how it starts
    start: bool = False

    @property
    def up_face(self) -> str:
        """How the pile shows when turned face up: spread stays spread, any other pile shows its top."""
        return "spread" if self.face == "spread" else "up"


@dataclass(frozen=True)
class Layout:
    piles: tuple[PileSpec, ...]
    deal: int = 0
    counters: tuple[str, ...] = ("points",)
    dice: int = 2

    @property
    def start_pile(self) -> str:
        """Where every card starts."""
        for pile in self.piles:
            if pile.start:
                return pile.name
        return next((p.name for p in self.piles if p.face == "down"), self.piles[0].name)

    def pile(self, name: str) -> PileSpec | None:
        return next((p for p in self.piles if p.name == name), None)


DEFAULT = Layout(
    (
        PileSpec("deck", (0.06, 0.36), "down", True),
        PileSpec("discard", (0.2, 0.36), "up"),
        PileSpec("table", (0.34, 0.3), "spread"),
    )
)


class LayoutError(ValueError):
    """A `sandbox:` section the table cannot be laid out from (what and which key): `path` is the key
    path in the set's file, `reason` what is wrong there."""

    def __init__(self, path: list[str | int], reason: str) -> None:
        self.path = path
        self.reason = reason
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")
        super().__init__(f"{where}: {reason}")


def layout_of(cardset: CardSet | None) -> Layout:
    """The set's sandbox layout, or the default one; LayoutError naming the bad key."""
    raw = cardset.meta.get("sandbox") if cardset is not None else None
    if raw is None:
        return DEFAULT
    if not isinstance(raw, Mapping):
        raise LayoutError(["sandbox"], "expected a mapping with piles, deal, counters, dice")
    piles = tuple(_pile(i, p) for i, p in enumerate(raw.get("piles") or ())) or DEFAULT.piles
    names = [p.name for p in piles]
    if len(set(names)) != len(names):
        raise LayoutError(["sandbox", "piles"], "two piles have the same name")
    if sum(p.start for p in piles) > 1:
        raise LayoutError(["sandbox", "piles"], "only one pile can be where the cards start")
    deal = raw.get("deal", 0)
    dice = raw.get("dice", 2)
    counters = tuple(str(c) for c in raw.get("counters", ["points"]))
    if not (isinstance(deal, int) and 0 <= deal <= 50):
        raise LayoutError(["sandbox", "deal"], "a whole number of cards from 0 to 50")
    if not (isinstance(dice, int) and 1 <= dice <= 6):
        raise LayoutError(["sandbox", "dice"], "a whole number of dice from 1 to 6")
    if (
        any(not NAME.fullmatch(c) for c in counters)
        or len(set(counters)) != len(counters)
        or len(counters) > 4
    ):
        raise LayoutError(
            ["sandbox", "counters"], "at most 4 different names of lowercase letters, digits, _"
        )
    return Layout(piles, deal, counters, dice)


def _pile(index: int, raw: Any) -> PileSpec:
    where: list[str | int] = ["sandbox", "piles", index]
    if not isinstance(raw, Mapping):
        raise LayoutError(where, "expected a mapping with name, at, face")
    name = raw.get("name")
    if not isinstance(name, str) or not NAME.fullmatch(name) or name in RESERVED:
        raise LayoutError(
            [*where, "name"], f"lowercase letters, digits and _ (not hand or search), got {name!r}"
        )
    at = raw.get("at", [0.1, 0.1])
    if not (
        isinstance(at, list) and len(at) == 2 and all(isinstance(v, int | float) and 0 <= v <= 1 for v in at)
    ):
        raise LayoutError([*where, "at"], f"two shares of the table from 0 to 1, got {at!r}")
    face = raw.get("face", "down")
    if face not in FACES:
        raise LayoutError([*where, "face"], f"one of {', '.join(FACES)}, got {face!r}")
    return PileSpec(name, (float(at[0]), float(at[1])), face, bool(raw.get("start", False)))

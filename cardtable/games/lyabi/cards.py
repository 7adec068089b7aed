"""Lyabi's cards: what the rules need of each physical card (kind, attribute, level, cost, times, ATK,
a Lv0 circle's initial HAND and Deck, an item's timing and compiled effects), read from the YAML set.

The schema checks the fields every card set has; what Lyabi needs beyond them (an attribute on every
lyabi and circle, times and ATK as numbers, initial lists naming lyabi codes, item timings) is checked
here when a game loads the set, as problems at file:line:col. Tables are cached per loaded set.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ...rules.cards import CardSet
from ...rules.effects import EffectData, EffectError
from ...rules.effects.timing import Timings
from ...rules.game import CardProblem, whole_number
from .effects import VOCAB
from .params import ATTRIBUTES, CIRCLE_LEVELS

KINDS = ("lyabi", "circle", "item", "dummy")
MAX_VALUE = 999  # the most a cost, level, times or ATK may be (HP and damage stay in whole numbers)
# The item timings, in the order a round reaches them (spec R6; the rulebook's 条件タイミング).
TIMINGS = Timings(
    ("acquire", "draw", "item_end", "battle_start", "prepare", "reveal", "win", "lose"), auto=("acquire",)
)


def supply(code: str) -> str:
    """The pool pile of one lyabi code."""
    return f"supply:{code}"


@dataclass(frozen=True)
class CardRules:
    """What the rules need of one kind of card."""

    code: str
    kind: str  # lyabi | circle | item | dummy
    attribute: str  # blue | green | red, "" for items and the Dummy
    level: int
    cost: int
    times: Fraction  # a lyabi's multiplier (0 for other cards)
    atk: int  # a circle's attack (0 for other cards)
    hand: tuple[str, ...]  # a Lv0 circle's initial HAND (lyabi codes)
    deck: tuple[str, ...]  # a Lv0 circle's initial Deck
    on: str  # an item's timing
    effects: tuple[EffectData, ...]  # an item's effects


@dataclass(frozen=True)
class Table:
    """Every physical card's rules, and the set's cards by kind."""

    card: tuple[CardRules, ...]  # by card id
    lyabi_codes: tuple[str, ...]  # pool piles, by attribute then level
    ids: dict[str, tuple[int, ...]]  # code -> its physical ids

    def of(self, card: int) -> CardRules:
        """The rules of one physical card."""
        return self.card[card]

    def rules_of_code(self, code: str) -> CardRules:
        """The rules of a card kind by its code."""
        return self.card[self.ids[code][0]]

    @cached_property
    def costs(self) -> tuple[int, ...]:
        """Every physical card's cost, by card id (what the legal-move generators sum)."""
        return tuple(r.cost for r in self.card)

    @cached_property
    def lyabi_ids(self) -> frozenset[int]:
        """The physical ids of every lyabi (what a payment is made of: moves.paid_sets)."""
        return frozenset(card for card, r in enumerate(self.card) if r.kind == "lyabi")

    @cached_property
    def paid_by_hand(self) -> dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """The payments of each hand the rules were asked about (moves.payments), by its lyabi, with what each pays:
        kept with the table, so with its card set, and read by no other set."""
        return {}

    @cached_property
    def paid_by_shape(self) -> dict[tuple[str, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """The payments of each shape of hand (its lyabi codes in id order) as places in the hand, with
        the sum each pays (moves.paid_sets): a new hand of a known shape names its cards at those places."""
        return {}

    @cached_property
    def supply_zones(self) -> tuple[tuple[str, str], ...]:
        """Each lyabi code of the pool with the name of its pile (moves read them at every main phase)."""
        return tuple((code, supply(code)) for code in self.lyabi_codes)

    @cached_property
    def terms_by_pool(self) -> dict[tuple[object, ...], dict[int, list[str]]]:
        """What the main phase's terms answered for a pool (moves._main_options): keyed by the move,
        the costs of the cards on top of the piles those terms read (or which piles are empty) and the
        parameters they read, a dict of the sum paid -> the codes bought, the change taken or the
        circle levels placed. Kept with the table, so with its card set, and read by no other set."""
        return {}

    @cached_property
    def drops_by_circles(self) -> dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]]:
        """The circles a main-phase move may name to remove (moves._main_options: `()` below the
        limit), by the seat's circles placed and the limit: kept with the table, so with its card set."""
        return {}

    @cached_property
    def times_by_codes(self) -> dict[tuple[str, ...], Fraction]:
        """The product of the times of the battle lyabi among cards of these codes (battle._times)."""
        return {}

    @cached_property
    def damage_by_atk(self) -> dict[tuple[int, Fraction], tuple[Fraction, str, int]]:
        """A circle's damage by its ATK and the times it fires with (battle._damage)."""
        return {}

    @cached_property
    def circle_costs(self) -> dict[int, int]:
        """Each circle level's cost (`circle_cost`), for the levels the rules ask about."""
        return {}

    @cached_property
    def item_cost(self) -> int:
        """What an item costs: the cost printed on the items' backs (the rulebook's 3), worked out once
        per table (every item phase asks it of every payment)."""
        return max((r.cost for r in self.card if r.kind == "item"), default=0)

    def circle_cost(self, level: int) -> int:
        """The cost printed on the back of a level's circles (the same for the whole pile)."""
        return max((r.cost for r in self.card if r.kind == "circle" and r.level == level), default=0)


def _number(value: Any) -> Fraction | None:
    """A card's number exactly (1.5 is 3/2), or None when it is not a finite number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return Fraction(str(value))


def check(base: CardSet) -> list[CardProblem]:
    """What a card set needs to be played as Lyabi (the game reads these fields; no schema does)."""
    found: list[CardProblem] = []
    codes = {spec.code: spec for spec in base.cards}
    counts = {kind: 0 for kind in KINDS}
    starting = 0  # Lv0 circles: each player picks one at setup
    for index, spec in enumerate(base.cards):
        at: list[str | int] = ["cards", index]
        kind = spec.get("kind")
        if kind not in KINDS:
            found.append(([*at, "kind"], f"kind must be one of {', '.join(KINDS)}, not {kind!r}"))
            continue
        counts[kind] += spec.count
        if kind in ("lyabi", "circle"):
            if spec.get("attribute") not in ATTRIBUTES:
                found.append(([*at, "attribute"], f"attribute must be one of {', '.join(ATTRIBUTES)}"))
            level = spec.get("level")
            if kind == "circle" and level not in CIRCLE_LEVELS:
                found.append(([*at, "level"], f"a circle's level is one of {CIRCLE_LEVELS}"))
            elif not whole_number(level, 0, MAX_VALUE):
                found.append(([*at, "level"], f"level must be a whole number from 0 to {MAX_VALUE}"))
        if kind != "dummy" and not whole_number(spec.get("cost"), 0, MAX_VALUE):
            found.append(([*at, "cost"], f"cost must be a whole number from 0 to {MAX_VALUE}"))
        if kind == "lyabi":
            times = _number(spec.get("times"))
            if times is None or not 0 < times <= MAX_VALUE:
                found.append(
                    ([*at, "times"], f"times must be a number above 0 and at most {MAX_VALUE}, such as 1.5")
                )
        if kind == "circle":
            if not whole_number(spec.get("atk"), 0, MAX_VALUE):
                found.append(([*at, "atk"], f"atk must be a whole number from 0 to {MAX_VALUE}"))
            if spec.get("level") == 0:
                starting += spec.count
                for field in ("hand", "deck"):
                    value = spec.get(field)
                    if not isinstance(value, list) or not value:
                        found.append(([*at, field], f"a Lv0 circle lists its initial {field} as lyabi codes"))
                        continue
                    for i, code in enumerate(value):
                        if (
                            not isinstance(code, str)
                            or code not in codes
                            or codes[code].get("kind") != "lyabi"
                        ):
                            found.append(([*at, field, i], f"{_shown(code)} is not a lyabi code of this set"))
        if kind == "item":
            if spec.get("on") not in TIMINGS.names:
                found.append(([*at, "on"], f"on must be one of {', '.join(TIMINGS.names)}"))
            try:
                VOCAB.compile(spec.get("effects"))
            except EffectError as exc:
                found.extend(([*at, "effects", *path], message) for path, message in exc.problems)
    for kind in ("lyabi", "circle", "dummy"):
        if counts[kind] == 0:
            found.append((["cards"], f"a Lyabi set needs {kind} cards"))
    if counts["dummy"] and counts["dummy"] != 2:
        found.append((["cards"], "a Lyabi set has one Dummy/QR card per player: 2"))
    if counts["circle"] and starting < 2:
        found.append(
            (["cards"], f"each player starts by picking a Lv0 circle: the set needs 2, it has {starting}")
        )
    return found


def _shown(value: Any) -> str:
    """A value in a message: a code as written, anything else by its kind (a list is not a code)."""
    if isinstance(value, str | int | float):
        return repr(value)
    return (
        "a list" if isinstance(value, list) else "a mapping" if isinstance(value, dict) else "an empty value"
    )


_TABLES: dict[int, tuple[CardSet, Table]] = {}


def table_of(cardset: CardSet) -> Table:
    """The rules table of a loaded (and checked) set, built once per set."""
    hit = _TABLES.get(id(cardset))
    if hit is not None and hit[0] is cardset:
        return hit[1]
    rules: list[CardRules] = []
    ids: dict[str, list[int]] = {}
    for card, spec in enumerate(cardset.physical()):
        kind = str(spec.get("kind"))
        rules.append(
            CardRules(
                code=spec.code,
                kind=kind,
                attribute=str(spec.get("attribute") or ""),
                level=int(spec.get("level") or 0),
                cost=int(spec.get("cost") or 0),
                times=_number(spec.get("times")) or Fraction(0),
                atk=int(spec.get("atk") or 0),
                hand=tuple(spec.get("hand") or ()),
                deck=tuple(spec.get("deck") or ()),
                on=str(spec.get("on") or ""),
                effects=tuple(VOCAB.compile(spec.get("effects"))) if kind == "item" else (),
            )
        )
        ids.setdefault(spec.code, []).append(card)
    lyabi = sorted(
        {r.code: (ATTRIBUTES.index(r.attribute), r.level) for r in rules if r.kind == "lyabi"}.items(),
        key=lambda item: item[1],
    )
    table = Table(tuple(rules), tuple(code for code, _ in lyabi), {c: tuple(v) for c, v in ids.items()})
    _TABLES[id(cardset)] = (cardset, table)
    return table

"""Risugeon's cards: the physical cards of a game (every set's copies, one set of gems) and each card's
rules (type, skill, cost, points, compiled effects) read from the YAML card set.

The YAML lists ONE set. The game's card set holds MAX_SETS copies of every non-gem card, so card ids
never depend on the `sets` option; the copies of sets not in use wait in the box. Gems keep their own
count: there are always exactly the gems of one set. Everything here is cached per loaded card set,
and a reloaded (edited) YAML file gives a new table at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ...rules.cards import CardSet
from ...rules.effects import EffectData, Vocabulary
from ...rules.game import CardProblem, whole_number
from ...rules.notation import lowest_per_code
from .effects import DECKBUILDER
from .params import MAX_SETS

VOCAB: Vocabulary = DECKBUILDER
TYPES = ("combat", "action", "production", "gem")
_LOWEST_KEPT = 4096  # piles of cards remembered per table by Table.lowest before it starts over


@dataclass(frozen=True)
class CardRules:
    """What the rules need of one kind of card."""

    code: str
    type: str
    skill: int
    cost: int
    points: int
    effects: tuple[EffectData, ...]
    imitates: bool  # it has an imitate effect, so nothing may imitate it (no endless imitation)


@dataclass(frozen=True)
class Table:
    """A game's physical cards and their rules, by card id."""

    cardset: CardSet
    card: tuple[CardRules, ...]  # by card id
    copy: tuple[int, ...]  # by card id: which set (0..MAX_SETS-1) the card belongs to; gems 0
    by_code: dict[str, CardRules]
    tiers: tuple[int, ...]  # the combat skill values, ascending: one face-up pile each
    gems: tuple[int, ...]  # gem ids, lowest required skill first (the top of the gem pile first)
    decision_bound: int  # at most this many decisions follow one play, use or end-of-turn effect

    @cached_property
    def tier_piles(self) -> tuple[str, ...]:
        """The face-up combat piles' zone names, by tier (the training moves read their tops every turn)."""
        return tuple(f"pile:skill{tier}" for tier in self.tiers)

    @cached_property
    def _lowest_seen(self) -> dict[tuple[int, ...], tuple[int, ...]]:
        return {}

    def lowest(self, cards: list[int]) -> tuple[int, ...]:
        """`lowest_per_code` of `cards` (one card per code, its lowest copy, in code order), remembered
        by the cards as given: a turn's moves ask it of the same hand and display again and again."""
        key = tuple(cards)
        seen = self._lowest_seen
        hit = seen.get(key)
        if hit is None:
            if len(seen) >= _LOWEST_KEPT:
                seen.clear()
            hit = seen[key] = tuple(lowest_per_code(self.cardset, key))
        return hit

    @cached_property
    def _start_piles(self) -> dict[int, tuple[tuple[str, tuple[int, ...]], ...]]:
        return {}

    def start_piles(self, sets: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Where every card but the gems starts, with `sets` sets in use: each zone and its cards from
        the bottom up (its supply pile, lowest id on top; the action deck; the box for sets not in
        use), worked out once per number of sets (every deal of a search's playouts asks it)."""
        hit = self._start_piles.get(sets)
        if hit is None:
            piles: dict[str, list[int]] = {}
            for card in reversed(range(len(self.card))):
                rules = self.card[card]
                if self.copy[card] >= sets:
                    piles.setdefault("box", []).append(card)
                elif rules.type == "action":
                    piles.setdefault("action_deck", []).append(card)
                elif rules.type != "gem":
                    piles.setdefault(self.pile_of(card), []).append(card)
            hit = self._start_piles[sets] = tuple((name, tuple(cards)) for name, cards in piles.items())
        return hit

    def pile_of(self, card: int) -> str:
        """The zone a card of the supply lives in (where `return_to_pile` sends it)."""
        rules = self.card[card]
        if rules.type == "combat":
            return f"pile:skill{rules.skill}"
        if rules.type == "production":
            return "pile:production"
        if rules.type == "gem":
            return "pile:gems"
        return "stock_area"  # an action's supply is the action deck, refilled from the stock area


def physical(base: CardSet) -> CardSet:
    """The game's card set from the one set its YAML lists (already checked by `check`): every card
    but the gems MAX_SETS times."""
    hit = _PHYSICAL.get(id(base))
    if hit is not None and hit[0] is base:
        return hit[1]
    cards = tuple(
        spec if spec.get("type") == "gem" else replace(spec, count=spec.count * MAX_SETS)
        for spec in base.cards
    )
    physical = replace(base, cards=cards)
    _PHYSICAL[id(base)] = (base, physical)
    return physical


def check(base: CardSet, params: dict[str, Any]) -> list[CardProblem]:
    """What a card set needs to be played as Risugeon with `params` (the defaults, at validate),
    beyond the schema and the effect vocabulary (which a set made for the game by its `game:` key
    under another template has not been held to)."""
    found: list[CardProblem] = []
    if base.template != "deckbuilder":
        found.append((["template"], f"the game needs template deckbuilder, not {base.template!r}"))
    for index, spec in enumerate(base.cards):
        at: list[str | int] = ["cards", index]
        kind = spec.get("type")
        if kind not in TYPES:
            found.append(([*at, "type"], f"every card needs a type ({', '.join(TYPES)})"))
        if not whole_number(spec.get("cost"), 0, 999):
            found.append(
                ([*at, "cost"], "every card needs a cost: a whole number from 0 to 999 (0 for free)")
            )
        if kind == "combat" and not whole_number(spec.get("skill"), 1, 9):
            found.append(([*at, "skill"], "a combat card's skill is a whole number from 1 to 9"))
        if "points" in spec.fields and not whole_number(spec.get("points"), -999, 999):
            found.append(([*at, "points"], "points are a whole number from -999 to 999"))
        if spec.get("effects") and kind != "action":
            found.append(
                (
                    [*at, "effects"],
                    f"only action cards are used, so the effects of a {kind} card would never happen",
                )
            )
    if found:
        return found
    copies = {kind: 0 for kind in TYPES}
    for spec in base.cards:
        copies[str(spec.get("type"))] += spec.count
    for needed in ("combat", "gem"):
        if not copies[needed]:
            found.append((["cards"], f"the game needs at least one {needed} card"))
    start_combat, start_production = int(params["start_combat"]), int(params["start_production"])
    combat = [spec for spec in base.cards if spec.get("type") == "combat"]
    if combat:
        # Each player's starting deck takes start_combat cards of the lowest skill and start_production
        # production cards from the piles of the sets in play (one set per player by default).
        lowest = min(int(spec.get("skill")) for spec in combat)
        have = sum(spec.count for spec in combat if spec.get("skill") == lowest)
        if have < start_combat:
            found.append(
                (
                    ["cards"],
                    f"a starting deck takes {start_combat} combat cards of the lowest skill ({lowest}; start_combat): "
                    f"the set has {have}",
                )
            )
    if copies["production"] < start_production:
        found.append(
            (
                ["cards"],
                f"a starting deck takes {start_production} production cards (start_production): "
                f"the set has {copies['production']}",
            )
        )
    return found


_TABLES: dict[int, tuple[CardSet, Table]] = {}
_PHYSICAL: dict[int, tuple[CardSet, CardSet]] = {}


def table_of(cardset: CardSet) -> Table:
    """The rules of every physical card of a game's card set (cached per set)."""
    hit = _TABLES.get(id(cardset))
    if hit is not None and hit[0] is cardset:
        return hit[1]
    by_code: dict[str, CardRules] = {}
    for spec in cardset.cards:
        effects = tuple(VOCAB.compile(spec.get("effects")))
        by_code[spec.code] = CardRules(
            code=spec.code,
            type=str(spec.get("type")),
            skill=int(spec.get("skill", 0) or 0),
            cost=int(spec.get("cost", 0) or 0),
            points=int(spec.get("points", 0) or 0),
            effects=effects,
            imitates=VOCAB.uses(effects, "imitate"),
        )
    card: list[CardRules] = []
    copy: list[int] = []
    for spec in cardset.cards:
        per_set = spec.count if spec.get("type") == "gem" else max(1, spec.count // MAX_SETS)
        for index in range(spec.count):
            card.append(by_code[spec.code])
            copy.append(0 if spec.get("type") == "gem" else index // per_set)
    tiers = tuple(sorted({r.skill for r in by_code.values() if r.type == "combat"}))
    gems = tuple(sorted((i for i, r in enumerate(card) if r.type == "gem"), key=lambda i: (card[i].cost, i)))
    table = Table(cardset, tuple(card), tuple(copy), by_code, tiers, gems, _decision_bound(by_code.values()))
    _TABLES[id(cardset)] = (cardset, table)
    return table


def _decision_bound(rules: Any) -> int:
    """The most decisions one play (with what it registers), one ability use, or one imitation asks."""
    actions = [r for r in rules if r.type == "action"]
    imitated = max((VOCAB.bound(r.effects) for r in actions if not r.imitates), default=0)
    most = max((VOCAB.bound(r.effects, imitated) for r in actions), default=0)
    for r in actions:
        for effect in r.effects:
            if effect["op"] == "until_training_end":
                most = max(most, VOCAB.bound(effect["effects"], imitated))
    return most

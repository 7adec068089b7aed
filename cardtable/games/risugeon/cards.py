"""Risugeon's cards: the physical cards of a game (every set's copies, one set of gems) and each card's
rules (type, skill, cost, points, compiled effects) read from the YAML card set.

The YAML lists ONE set. The game's card set holds MAX_SETS copies of every non-gem card, so card ids
never depend on the `sets` option; the copies of sets not in use wait in the box. Gems keep their own
count: there are always exactly the gems of one set. Everything here is cached per loaded card set,
and a reloaded (edited) YAML file gives a new table at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...cardsets import CardSetError, Problem, load_named, problems_in
from ...rules.cards import CardSet
from ...rules.effects import EffectData, Vocabulary
from .effects import DECKBUILDER
from .params import MAX_SETS

VOCAB: Vocabulary = DECKBUILDER
TYPES = ("combat", "action", "production", "gem")


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


_TABLES: dict[int, tuple[CardSet, Table]] = {}
_PHYSICAL: dict[int, tuple[CardSet, CardSet]] = {}


def load(value: str) -> CardSet:
    """The game's card set from the `cardset` parameter (a name or a path), with every set's copies."""
    base = load_named(value)
    hit = _PHYSICAL.get(id(base))
    if hit is not None and hit[0] is base:
        return hit[1]
    problems = check(base)
    if problems:
        raise CardSetError(problems)
    cards = tuple(
        spec if spec.get("type") == "gem" else replace(spec, count=spec.count * MAX_SETS)
        for spec in base.cards
    )
    physical = replace(base, cards=cards)
    _PHYSICAL[id(base)] = (base, physical)
    return physical


def check(base: CardSet) -> list[Problem]:
    """What a card set needs to be played as Risugeon, beyond the schema and the effect vocabulary."""
    found: list[tuple[list[str | int], str]] = []
    if base.template != "deckbuilder":
        found.append((["template"], f"Risugeon needs template deckbuilder, not {base.template!r}"))
    for index, spec in enumerate(base.cards):
        if spec.get("type") not in TYPES:
            found.append((["cards", index], f"Risugeon needs a type on every card ({', '.join(TYPES)})"))
        if not isinstance(spec.get("cost"), int):
            found.append((["cards", index], "Risugeon needs a cost on every card (0 for free)"))
    kinds = [str(spec.get("type")) for spec in base.cards]
    for needed in ("combat", "gem"):
        if needed not in kinds:
            found.append((["cards"], f"Risugeon needs at least one {needed} card"))
    for index, spec in enumerate(base.cards):
        if spec.get("effects") and spec.get("type") != "action":
            found.append(
                (
                    ["cards", index, "effects"],
                    f"only action cards are used, so the effects of a "
                    f"{spec.get('type')} card would never happen",
                )
            )
    return problems_in(base, found)


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

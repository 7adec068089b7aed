"""Sainome's cards: what the rules need of each physical card (category, links, icons, compiled effects)
and of each character (faces and skills of both sides, when it awakens), read from the YAML card set.

The card set's structure is checked by the JSON Schema (template `sainome`) and its effects by the duel
vocabulary of cardtable/rules/effects.py, both at `cardtable validate`. What the game needs beyond
those (no attack inside a card a roll can fire, counter modifiers only on counter cards...) is checked
here when a game loads the set, as problems at file:line:col. Tables are cached per loaded set; an
edited YAML file gives a new table at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...cardsets.loader import as_text
from ...rules.cards import CardSet, Text
from ...rules.effects import EffectData, Vocabulary
from ...rules.game import CardProblem
from .effects import DUEL
from .params import SLOTS

VOCAB: Vocabulary = DUEL
CATEGORIES = ("weapon", "magic", "item", "skill")
NORMAL, AWAKENED = "normal", "awakened"
# Effects that could start the same resolution again if a roll or a skill could reach them.
_NOT_IN_SKILLS = ("attack", "damage", "time_bomb", "charge")
_NOT_IN_COUNTERS = ("attack", "equip", "unequip", "time_bomb", "charge", "choose", "catalyst")


@dataclass(frozen=True)
class Skill:
    """One character skill: a bonus while its side shows, or effects done on an occasion."""

    name: Text
    text: Text
    damage: int  # bonus to damage dealt with cards of `category`
    heal: int  # bonus to healing from cards of `category`
    category: str  # weapon | magic | item | skill | any
    on: str  # "" for a bonus; damage_taken | refill_action | action_phase_end
    effects: tuple[EffectData, ...]


@dataclass(frozen=True)
class Side:
    """One side of a character card."""

    faces: tuple[int, ...]  # top, right, bottom, left
    skills: tuple[Skill, ...]


@dataclass(frozen=True)
class Awaken:
    """When a normal character turns to its awakened side."""

    after: str  # damage_taken | equip
    hp_at_most: int | None
    damage_at_least: int | None
    equipped: tuple[str, int] | None  # (category, at least)
    slots_full: bool

    def equipment_holds(self, categories: Iterable[str]) -> bool:
        """Whether equipment of these categories (one a card set) meets this awakening's terms on
        equipment: at least `equipped`'s count of its category, and every slot filled where
        `slots_full` (R3: the Magician's 2 magic cards, the Princess's 4 slots). The rules' check
        and the bot's look-ahead both ask it."""
        held = list(categories)
        if self.equipped is not None:
            category, least = self.equipped
            if sum(1 for c in held if category in ("any", c)) < least:
                return False
        return not (self.slots_full and len(held) < len(SLOTS))


@dataclass(frozen=True)
class CardRules:
    """What the rules need of one kind of card."""

    code: str
    name: Text
    category: str  # character | weapon | magic | item | skill
    links: frozenset[int]
    six: bool
    counter: bool
    hand: bool
    effects: tuple[EffectData, ...]
    stays: bool  # stays equipped after it is fired
    explode: tuple[EffectData, ...]  # a Time Bomb's effects when it goes off
    sides: dict[str, Side] | None  # characters only
    awaken: Awaken | None

    @property
    def character(self) -> bool:
        """Whether it is a character card."""
        return self.category == "character"

    @property
    def bomb(self) -> bool:
        """Whether it attaches to the opponent's character (a Time Bomb)."""
        return any(e["op"] == "time_bomb" for e in self.effects)


@dataclass(frozen=True)
class Table:
    """A game's physical cards and their rules, by card id, and the numbers its length bound needs."""

    cardset: CardSet
    card: tuple[CardRules, ...]  # by card id
    by_code: dict[str, CardRules]
    characters: tuple[int, ...]  # character card ids
    sainome: tuple[int, ...]  # every other card id (the HP decks, hands and common deck)
    counters: int  # how many physical counter cards
    damage_event_bound: int  # decisions one damage event can bring: its window, the counter card, skills
    strike_events: int  # the most damage events one counter card starts (Counterstrike: 1)
    fire_bound: int  # decisions one fired card can bring (not counting the cards it fires itself)
    hand_bound_without_attack: int  # decisions a hand-activated card brings, an attack in it apart
    attacks_in_hand_card: int  # the most attacks one hand-activated card makes
    heal_bonus: int  # the most any skill adds to healing
    trigger_bound: int  # decisions a character's occasion skills bring at one occasion


_TABLES: dict[int, tuple[CardSet, Table]] = {}


def _effects(effects: Iterable[EffectData]) -> Iterable[EffectData]:
    """Every effect in a compiled list, nested ones included (a choice's branches, an explosion)."""
    for effect in effects:
        yield effect
        for value in effect.values():
            if isinstance(value, list):
                yield from _effects(v for v in value if isinstance(v, dict) and "op" in v)
            elif isinstance(value, dict):
                for branch in value.values():
                    if isinstance(branch, list):
                        yield from _effects(v for v in branch if isinstance(v, dict) and "op" in v)


def _effect_ops(effects: Iterable[EffectData]) -> Iterable[str]:
    """Every effect name in a compiled list, nested ones included."""
    return (effect["op"] for effect in _effects(effects))


def check(base: CardSet, params: dict[str, Any]) -> list[CardProblem]:
    """What a card set needs to be played as Sainome with `params` (the defaults, at validate),
    beyond the schema and the effect vocabulary."""
    found: list[CardProblem] = []
    if base.template != "sainome":  # the schema's checks of the values below hold for this template
        return [(["template"], f"the game needs template sainome, not {base.template!r}")]
    characters = [s for s in base.cards if s.get("category") == "character"]
    if sum(s.count for s in characters) < 2:
        found.append((["cards"], "the game needs at least 2 character cards"))
    # Each player's HP deck and first hand are dealt from the Sainome cards (not the characters).
    hp_size, first_hand = int(params["hp_size"]), int(params["first_hand"])
    dealt = sum(s.count for s in base.cards if s.get("category") != "character")
    if dealt < 2 * (hp_size + first_hand):
        found.append(
            (
                ["cards"],
                f"two players' HP decks (hp_size {hp_size}) and first hands (first_hand {first_hand}) need "
                f"{2 * (hp_size + first_hand)} Sainome cards; the set has {dealt}",
            )
        )
    for index, spec in enumerate(base.cards):
        where: list[str | int] = ["cards", index]
        category = spec.get("category")
        if category == "character":
            sides = spec.get("sides") or {}
            for side in (NORMAL, AWAKENED):
                for s_index, skill in enumerate((sides.get(side) or {}).get("skills") or []):
                    at = [*where, "sides", side, "skills", s_index]
                    if bool(skill.get("on")) != bool(skill.get("effects")):
                        found.append(
                            (at, "a skill with effects needs `on` (when they happen), and `on` needs effects")
                        )
                    if skill.get("effects") and skill.get("bonus"):
                        found.append((at, "a skill is a bonus or effects on an occasion, not both"))
                    ops = set(_effect_ops(VOCAB.compile(skill.get("effects") or [])))
                    for op in sorted(ops & set(_NOT_IN_SKILLS)):
                        found.append(
                            (
                                at,
                                f"{op} cannot be a character skill's effect (it could set off "
                                "the same skill again without end)",
                            )
                        )
            continue
        if category not in CATEGORIES:
            found.append(([*where, "category"], f"Sainome cards need a category ({', '.join(CATEGORIES)})"))
            continue
        icons = set(spec.get("icons") or [])
        links = spec.get("links") or []
        compiled = VOCAB.compile(spec.get("effects") or [])
        ops = set(_effect_ops(compiled))
        explodes = {
            e["op"]
            for bomb in _effects(compiled)
            if bomb["op"] == "time_bomb"
            for e in _effects(bomb["explode"])
        }
        fireable = bool(links) or "six" in icons
        if "attack" in ops and (fireable or "counter" in icons or "hand" not in icons):
            found.append(
                (
                    [*where, "effects"],
                    "attack can only be an effect of a hand-activated card that a "
                    "roll cannot fire (no links, no 6 icon): an attack from a "
                    "fired card could roll for ever",
                )
            )
        if {"reduce", "nullify"} & ops and "counter" not in icons:
            found.append(
                (
                    [*where, "effects"],
                    "reduce and nullify change the damage a counter card answers; "
                    "give this card the counter icon",
                )
            )
        if "time_bomb" in ops and "hand" not in icons:
            found.append(
                ([*where, "effects"], "a time bomb is attached from the hand: give it the hand icon")
            )
        if "attack" in explodes:
            found.append(
                (
                    [*where, "effects"],
                    "a time bomb's explosion cannot attack: it goes off during the opponent's attack, "
                    "and an attack from it could roll for ever",
                )
            )
        if "time_bomb" in ops and links:
            found.append(([*where, "links"], "a time bomb is attached to the opponent, not equipped"))
        if "counter" in icons and ops & set(_NOT_IN_COUNTERS):
            found.append(
                (
                    [*where, "effects"],
                    "a counter card answers damage inside another effect: it "
                    f"cannot use {', '.join(sorted(ops & set(_NOT_IN_COUNTERS)))}",
                )
            )
    return found


def _skill(data: dict[str, Any], language: str) -> Skill:
    bonus = data.get("bonus") or {}
    return Skill(
        as_text(data.get("name"), language),
        as_text(data.get("text"), language),
        int(bonus.get("damage", 0)),
        int(bonus.get("heal", 0)),
        str(bonus.get("category", "any")),
        str(data.get("on") or ""),
        tuple(VOCAB.compile(data.get("effects") or [])),
    )


def _rules(spec: Any, language: str) -> CardRules:
    category = str(spec.get("category"))
    icons = set(spec.get("icons") or [])
    effects = tuple(VOCAB.compile(spec.get("effects")))
    sides: dict[str, Side] | None = None
    awaken: Awaken | None = None
    if category == "character":
        raw = spec.get("sides") or {}
        sides = {
            name: Side(
                tuple(int(f) for f in raw[name]["faces"]),
                tuple(_skill(s, language) for s in raw[name].get("skills") or []),
            )
            for name in (NORMAL, AWAKENED)
        }
        data = spec.get("awaken")
        if data:
            equipped = data.get("equipped")
            awaken = Awaken(
                str(data["after"]),
                data.get("hp_at_most"),
                data.get("damage_at_least"),
                (str(equipped["category"]), int(equipped["at_least"])) if equipped else None,
                bool(data.get("slots_full", False)),
            )
    explode: tuple[EffectData, ...] = ()
    for effect in effects:
        if effect["op"] == "time_bomb":
            explode = tuple(effect["explode"])
    return CardRules(
        code=spec.code,
        name=spec.name,
        category=category,
        links=frozenset(int(x) for x in spec.get("links") or []),
        six="six" in icons,
        counter="counter" in icons,
        hand="hand" in icons,
        effects=effects,
        stays=any(e["op"] == "stays_equipped" for e in effects),
        explode=explode,
        sides=sides,
        awaken=awaken,
    )


def _bound(effects: Iterable[EffectData], damage: int, heal_bonus: int, slots: int, attack: int) -> int:
    """The most decisions resolving `effects` can ask, the cards they fire apart."""
    total = 0
    for effect in effects:
        op = effect["op"]
        if op == "damage":
            total += damage
        elif op == "heal":
            total += int(effect["amount"]) + heal_bonus + 1
        elif op in ("discard_equipped", "discard"):
            total += int(effect["count"]) + 1
        elif op == "equip":
            total += slots + 1
        elif op in ("catalyst", "charge"):
            total += 1
        elif op == "time_bomb":
            total += 1  # its explosion is a fired card, counted with the attack that sets it off
        elif op == "choose":
            total += 1 + max(
                (_bound(b, damage, heal_bonus, slots, attack) for b in effect["options"].values()), default=0
            )
        elif op == "attack":
            total += attack
    return total


def _attacks(effects: Iterable[EffectData]) -> int:
    """The most attacks resolving `effects` makes."""
    total = 0
    for effect in effects:
        if effect["op"] == "attack":
            total += 1
        elif effect["op"] == "choose":
            total += max((_attacks(b) for b in effect["options"].values()), default=0)
    return total


def table_of(cardset: CardSet) -> Table:
    """The rules of every physical card of a game's card set (cached per set)."""
    hit = _TABLES.get(id(cardset))
    if hit is not None and hit[0] is cardset:
        return hit[1]
    by_code = {spec.code: _rules(spec, cardset.language) for spec in cardset.cards}
    card = tuple(by_code[spec.code] for spec in cardset.physical())
    characters = tuple(i for i, r in enumerate(card) if r.character)
    sainome = tuple(i for i, r in enumerate(card) if not r.character)
    kinds = list(by_code.values())
    slots = len(SLOTS)
    counters = sum(1 for r in card if r.counter)
    skills = [s for r in kinds if r.sides for side in r.sides.values() for s in side.skills]
    heal_bonus = max((s.heal for s in skills), default=0)
    # Occasion skills never deal damage or attack (check()), so their decisions need no damage bound.
    trigger = max((_bound(s.effects, 0, heal_bonus, slots, 0) for s in skills), default=0)
    # One damage event: its counter window, what the counter card asks besides, what the defender's
    # skills ask after it. A counter card that strikes back starts new events, counted per turn (the
    # game caps how many such cards a turn uses), not here.
    counter_extra = max((_bound(r.effects, 0, heal_bonus, slots, 0) for r in kinds if r.counter), default=0)
    damage = 1 + counter_extra + trigger
    strike = max((sum(1 for e in r.effects if e["op"] == "damage") for r in kinds if r.counter), default=0)
    fireable = [r for r in kinds if (r.links or r.six) and not r.character]
    fire = max(
        [_bound(r.effects, damage, heal_bonus, slots, 0) for r in fireable]
        + [_bound(r.explode, damage, heal_bonus, slots, 0) for r in kinds if r.bomb]
        + [0]
    )
    hand_cards = [r for r in kinds if r.hand]
    hand_plain = max((_bound(r.effects, damage, heal_bonus, slots, 0) for r in hand_cards), default=0)
    attacks = max((_attacks(r.effects) for r in hand_cards), default=0)
    table = Table(
        cardset,
        card,
        by_code,
        characters,
        sainome,
        counters,
        damage,
        strike,
        fire,
        hand_plain,
        attacks,
        heal_bonus,
        trigger,
    )
    _TABLES[id(cardset)] = (cardset, table)
    return table


def attack_bound(table: Table) -> int:
    """The most decisions one attack brings: the optional prompt, the 6 choice or the order of the
    triggered cards, and every card it fires. Each slot's card fires once as triggered and may start a
    Charge chain through the other slots' cards (a card being resolved cannot be charged again), and
    a 6 fires one card and its chain: at most S*S + S + 1 cards for S slots."""
    slots = len(SLOTS)
    fired = slots * slots + slots + 1
    return 2 + slots + fired * (1 + table.fire_bound)

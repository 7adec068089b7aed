"""Land & Person cards: which physical cards are lands and persons, each player's half in deck
construction, decks written as text, and the recommended build (the deck-building bot).

Deck construction deals each player half the lands and half the persons (デッキ構築対戦ルール). We deal
them by alternating physical cards of the set, so each player holds one copy of each land kind (the
rulebook: 厳密に半分ずつにしてもいい) and half of each person kind, an odd copy going to the players in
turn; with the bundled set that is 8 lands (★18) and 45 persons each.

A deck is written as card codes with counts, lands and persons together: `L1 L2 L3 L5 L8 P01x5 P02x4`.
It is a parameter (deck_1, deck_2), so a game is still its seed, its parameters and its moves, and the
deck-building screen writes exactly such a text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...limits import MAX_CARD_COUNT
from ...rules.cards import CardSet, CardSpec
from ...rules.game import CardProblem, ParamError, whole_number
from ...rules.notation import physical_codes
from .effects import VOCAB, stat

RECOMMENDED_MIX = ((0, 0, 20), (1, 2, 14), (3, 4, 6))  # cost range -> about how many (公式サイトより)
_ENTRY = re.compile(r"^([A-Za-z0-9_-]+?)(?:[x*](\d+))?$")


KINDS = ("land", "person")
LAND_NUMBERS = ("stars", "commerce", "hunting", "repair", "siege")
PERSON_NUMBERS = ("cost", "int", "atk")
MAX_NUMBER = 99  # the most a card's number may be (a total of them stays small)
# The deck-building bot tries every combination of a half's lands (best_lands): 2**12 at most.
MAX_LANDS_IN_HALF = 12


def check(cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
    """What a card set needs to be played as Land & Person with `params` (the defaults, at validate;
    no schema says it): a kind on every card, its numbers whole and from 0 to MAX_NUMBER (a negative
    attack leaves a fight nobody can answer), abilities in the game's words, and for deck
    construction each player's half holding a deck of deck_size persons and lands worth exactly
    ★land_stars (the bot builds a deck of the lands that add up to it)."""
    found: list[CardProblem] = []
    for index, spec in enumerate(cardset.cards):
        at: list[str | int] = ["cards", index]
        kind = spec.get("kind")
        if kind not in KINDS:
            found.append(([*at, "kind"], f"kind must be one of {', '.join(KINDS)}"))
            continue
        for name in LAND_NUMBERS if kind == "land" else PERSON_NUMBERS:
            if not whole_number(spec.get(name, 0), 0, MAX_NUMBER):
                found.append(([*at, name], f"{name} must be a whole number from 0 to {MAX_NUMBER}"))
        for key in ("specialty", "special"):
            found.extend(
                ([*at, *where], message) for where, message in VOCAB.compile_list(spec.get(key), [key])[1]
            )
    if found:
        return found
    size, stars = int(params["deck_size"]), int(params["land_stars"])
    for seat in range(2):
        land_pool, person_pool = half(cardset, seat)
        who = f"player {seat + 1}'s half of the cards"
        if len(person_pool) < size:
            found.append(
                (["cards"], f"{who} holds {len(person_pool)} persons: a deck needs {size} (deck_size)")
            )
        if len(land_pool) > MAX_LANDS_IN_HALF:
            found.append(
                (
                    ["cards"],
                    f"{who} holds {len(land_pool)} lands; at most {MAX_LANDS_IN_HALF} (the set {2 * MAX_LANDS_IN_HALF})",
                )
            )
        elif stars not in _subset_sums([stat(cardset.physical()[c], "stars") for c in land_pool]):
            found.append(
                (
                    ["cards"],
                    f"no lands of {who} are worth exactly ★{stars} together (a land deck: land_stars)",
                )
            )
    return found


def _subset_sums(values: list[int]) -> set[int]:
    """Every total some of `values` add up to."""
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sums


def is_land(spec: CardSpec) -> bool:
    """Whether a card is a land (else a person)."""
    return spec.get("kind") == "land"


def lands(cardset: CardSet) -> list[int]:
    """Every land card id."""
    return list(_of_set(cardset).lands)


def persons(cardset: CardSet) -> list[int]:
    """Every person card id."""
    return list(_of_set(cardset).persons)


class _SetFacts:
    """What the setup reads of a card set again at every deal, worked out once per set: the land and
    person ids, and the recommended decks (a search over the lands' subsets) by (seat, size, stars)."""

    __slots__ = ("cardset", "lands", "persons", "decks")

    def __init__(self, cardset: CardSet) -> None:
        self.cardset = cardset
        physical = cardset.physical()
        self.lands = tuple(i for i, spec in enumerate(physical) if is_land(spec))
        self.persons = tuple(i for i, spec in enumerate(physical) if not is_land(spec))
        self.decks: dict[tuple[int, int, int], tuple[int, ...]] = {}


# The facts of the set played last, kept by its identity (a card set is not hashable): one set is
# played game after game, and an edited set (a new object) never reads the old one's facts.
_FACTS: _SetFacts | None = None


def _of_set(cardset: CardSet) -> _SetFacts:
    global _FACTS
    facts = _FACTS
    if facts is None or facts.cardset is not cardset:
        facts = _FACTS = _SetFacts(cardset)
    return facts


def half(cardset: CardSet, seat: int) -> tuple[list[int], list[int]]:
    """The lands and persons dealt to `seat` in deck construction: every other card of each kind."""
    return lands(cardset)[seat::2], persons(cardset)[seat::2]


def mix_band(cost: int) -> int:
    """Which band of the recommended mix a recruitment cost falls in (0: cost 0, 1: 1-2, 2: 3-4)."""
    for index, (low, high, _count) in enumerate(RECOMMENDED_MIX):
        if low <= cost <= high:
            return index
    return len(RECOMMENDED_MIX) - 1


MAX_DECK_CHARS = 2_000
"""A deck text's length: the longest deck of the bundled set is about 150 characters."""


def _excerpt(text: str, limit: int = 24) -> str:
    """A word of a deck text as an error message quotes it: escaped, and cut short."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def parse_deck(cardset: CardSet, text: str, pool: Iterable[int]) -> list[int]:
    """The card ids a deck text names, taken from `pool` (lowest ids first), or ParamError. A text of
    any length or count is refused in a line, never read whole into a number or a message."""
    if len(text) > MAX_DECK_CHARS:
        raise ParamError(
            f"deck: the text is {len(text)} characters long (a deck is at most {MAX_DECK_CHARS})"
        )
    codes = physical_codes(cardset)
    free: dict[str, list[int]] = {}
    for card in sorted(pool):
        free.setdefault(codes[card].upper(), []).append(card)
    known = {c.upper() for c in codes}
    out: list[int] = []
    for word in text.replace(",", " ").split():
        match = _ENTRY.match(word)
        if not match:
            raise ParamError(f"deck: {_excerpt(word)} is not a card code with an optional count (P01x5)")
        digits = match.group(2) or "1"
        if len(digits) > len(str(MAX_CARD_COUNT)):  # int() of 5,000 digits is a ValueError of its own
            raise ParamError(
                f"deck: {_excerpt(word)} asks too many copies (a card has at most {MAX_CARD_COUNT})"
            )
        code, count = match.group(1).upper(), int(digits)
        if code not in known:
            raise ParamError(f"deck: {_excerpt(match.group(1))} is not a card of {cardset.id}")
        have = free.get(code, [])
        if count > len(have):
            raise ParamError(f"deck: {count} x {match.group(1)} asked, but your half holds {len(have)} more")
        out.extend(have[:count])
        free[code] = have[count:]
    return out


def deck_text(cardset: CardSet, cards: Iterable[int]) -> str:
    """A deck as text: lands then persons, in card-set order, counted (`L1 L8 P01x5`)."""
    physical = cardset.physical()
    counts = Counter(physical[c].code for c in cards)
    words = []
    for spec in cardset.cards:
        n = counts.get(spec.code, 0)
        if n:
            words.append(spec.code if n == 1 else f"{spec.code}x{n}")
    return " ".join(words)


def deck_problem(cardset: CardSet, cards: list[int], size: int, stars: int) -> str:
    """Why a deck may not be played ("" when it may): persons, and lands worth exactly the ★ (R4)."""
    physical = cardset.physical()
    land_cards = [c for c in cards if is_land(physical[c])]
    person_count = len(cards) - len(land_cards)
    total = sum(stat(physical[c], "stars") for c in land_cards)
    if person_count != size:
        return f"a deck holds {size} persons, not {person_count}"
    if total != stars:
        return f"a land deck is worth ★{stars}, not ★{total}"
    return ""


def person_value(spec: CardSpec) -> float:
    """How much a person is worth for its recruitment cost, as the bots judge it."""
    worth = stat(spec, "int") + stat(spec, "atk") + (1.5 if spec.get("specialty") else 0.0)
    return worth + (0.5 if spec.get("special") and "bonus" in str(spec.get("special")) else 0.0)


def best_lands(cardset: CardSet, pool: list[int], stars: int, base: Iterable[int] = ()) -> list[int]:
    """The deck-building bot's lands: exactly ★`stars` from `pool` (keeping the lands in `base` when
    that can be done), as many lands as possible (each is one more siege to break), then the highest
    total siege; R4: if no set is worth exactly that, the smallest total above it."""
    physical = cardset.physical()
    keep = set(base)
    best: tuple[int, int, int, tuple[int, ...]] | None = None
    for size in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, size):
            if not keep <= set(combo):
                continue
            total = sum(stat(physical[c], "stars") for c in combo)
            if total < stars:
                continue
            siege = sum(stat(physical[c], "siege") for c in combo)
            key = (-(total - stars), size, siege, tuple(-c for c in combo))
            if best is None or key > best:
                best = key
    if best is None:
        return best_lands(cardset, pool, stars) if keep else list(pool)
    return sorted(-c for c in best[3])


def recommended(cardset: CardSet, pool: list[int], size: int, base: Iterable[int] = ()) -> list[int]:
    """The deck-building bot's persons: `base` (cards already chosen), then the recommended 20/14/6 mix
    filled with the best value per cost from `pool`, then anything left by value ("fill the rest as
    recommended")."""
    physical = cardset.physical()
    chosen = list(base)
    scale = size / sum(n for _lo, _hi, n in RECOMMENDED_MIX)
    targets = [round(n * scale) for _lo, _hi, n in RECOMMENDED_MIX]
    targets[0] += size - sum(targets)
    have = Counter(mix_band(stat(physical[c], "cost")) for c in chosen)
    free = sorted(
        (c for c in pool if c not in chosen),
        key=lambda c: (-person_value(physical[c]), c),
    )
    for card in free:
        band = mix_band(stat(physical[card], "cost"))
        if len(chosen) < size and have[band] < targets[band]:
            chosen.append(card)
            have[band] += 1
    for card in free:
        if len(chosen) < size and card not in chosen:
            chosen.append(card)
    return sorted(chosen)


def recommended_deck(cardset: CardSet, seat: int, size: int, stars: int) -> list[int]:
    """The whole recommended deck of `seat`'s half: lands worth ★`stars` and `size` persons."""
    facts = _of_set(cardset)
    deck = facts.decks.get((seat, size, stars))
    if deck is None:
        land_pool, person_pool = half(cardset, seat)
        deck = tuple(best_lands(cardset, land_pool, stars) + recommended(cardset, person_pool, size))
        facts.decks[(seat, size, stars)] = deck
    return list(deck)

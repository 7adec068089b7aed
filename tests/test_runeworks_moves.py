"""Rune Works! meld generators propose exactly the groups their rules accept (games/runeworks/moves.py).

Set, Seek and Call keep fast generators (new_melds, seek_options, call_options) whose proposals the
move rules then decide, and Boost a fast form of its fit test (boost_fits). A generator that missed
a group its rule accepts would hide a legal move, so each is compared with the rule's own test over
every group of cards of many random hands (every card and meld, for Boost).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from cardtable.cardsets import load_named
from cardtable.games.runeworks.melds import (
    SPIRIT_RANK,
    Meld,
    boost_fits,
    boost_value,
    call_options,
    classify,
    deck_of,
    new_melds,
    seek_options,
)
from cardtable.rules.rng import Rng

DECK = deck_of(load_named("standard52"))


def _hands(seed: int, count: int = 150) -> list[tuple[list[int], int]]:
    """Random hands of 3-9 cards, each with a discard from outside it; some packed with one suit or
    rank so that long runs and sets occur."""
    rng = Rng(seed)
    out = []
    for n in range(count):
        pool = list(range(52))
        if n % 3 == 1:  # one suit, so sequences of every length appear
            pool = [c for c in pool if DECK.suit[c] == n % 4]
        elif n % 3 == 2:  # three ranks, so Call Sets of every size appear
            pool = [c for c in pool if DECK.rank[c] in (1 + n % 13, 1 + (n + 1) % 13, SPIRIT_RANK)]
        rng.shuffle(pool)
        size = min(len(pool) - 1, 3 + rng.below(7))
        out.append((sorted(pool[:size]), pool[size]))
    return out


def _groups(hand: list[int], smallest: int = 1) -> list[tuple[int, ...]]:
    return [g for size in range(smallest, len(hand) + 1) for g in combinations(hand, size)]


@pytest.mark.parametrize("ace_high", [False, True])
def test_new_melds_proposes_every_group_the_set_rule_calls_a_meld(ace_high: bool) -> None:
    for hand, _ in _hands(1):
        accepted = {g for g in _groups(hand) if classify(g, DECK, ace_high) is not None}
        assert set(new_melds(hand, DECK, ace_high)) == accepted, hand


@pytest.mark.parametrize("ace_high", [False, True])
def test_seek_options_proposes_every_group_that_makes_a_sequence_with_the_discard(ace_high: bool) -> None:
    for hand, discard in _hands(2):
        accepted = set()
        for group in _groups(hand):
            shape = classify((*group, discard), DECK, ace_high)
            if shape is not None and shape.kind == "ES":
                accepted.add(group)
        assert set(seek_options(hand, discard, DECK, ace_high)) == accepted, (hand, discard)


def test_call_options_proposes_every_group_of_two_or_more_of_the_discards_rank() -> None:
    for hand, discard in _hands(3):
        accepted = {g for g in _groups(hand, 2) if all(DECK.rank[c] == DECK.rank[discard] for c in g)}
        assert set(call_options(hand, discard, DECK)) == accepted, (hand, discard)


@pytest.mark.parametrize("ace_high", [False, True])
def test_boost_fits_takes_exactly_the_cards_the_boost_rule_fits(ace_high: bool) -> None:
    melds = [Meld("CS", rank) for rank in range(1, 14)]
    melds += [
        Meld("ES", 0, suit, lo, hi) for suit in range(4) for lo in range(1, 13) for hi in (lo + 2, 13, 14)
    ]
    melds += [Meld("EL", SPIRIT_RANK, suit, SPIRIT_RANK, SPIRIT_RANK) for suit in range(4)]
    cards = list(range(52))
    for meld in melds:
        expected = [c for c in cards if boost_value(meld, c, DECK, ace_high) is not None]
        assert boost_fits(meld, cards, DECK, ace_high) == expected, meld

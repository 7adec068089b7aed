"""The Ignite Shot search (games/runeworks/melds.shot_plan) against an exhaustive reference.

shot_plan places cards lowest first for speed; an ordering it forgets hides a legal Shot (issue 13:
a 6 tried before the lone 7 it boosts onto had been set). The reference here tries every Set and
every Boost in every order, as a magician could in their own turn, on many small random hands and
tables, and both must agree on whether a Shot exists; every plan shot_plan returns is replayed and
checked move by move.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest

from cardtable.cardsets import load_named
from cardtable.games.runeworks.melds import (
    SPIRIT_RANK,
    Meld,
    ShotRules,
    boost_value,
    boosted,
    classify,
    deck_of,
    shot_plan,
)
from cardtable.rules.rng import Rng

DECK = deck_of(load_named("standard52"))


def _reference(hand: tuple[int, ...], discard: int, table: tuple[Meld, ...], rules: ShotRules) -> bool:
    """Whether some order of Sets and Boosts places all of hand + discard but one hand card, with the
    discard in a new CS or ES (or alone, a 7, with lone_seven)."""

    @cache
    def search(cards: frozenset[int], melds: tuple[Meld, ...], claimed: bool) -> bool:
        if len(cards) == 1 and claimed:
            return True
        for size in range(1, len(cards) + 1):
            for group in combinations(sorted(cards), size):
                meld = classify(group, DECK, rules.ace_high)
                if meld is None:
                    continue
                if meld.kind == "CS" and meld.rank == SPIRIT_RANK and not rules.sevens_cs:
                    continue
                takes = discard in group
                if takes and meld.kind == "EL" and not rules.lone_seven:
                    continue
                if len(cards) - size >= 1 and search(cards - set(group), (*melds, meld), claimed or takes):
                    return True
        for card in cards:
            if card == discard or len(cards) == 1:
                continue
            for index, meld in enumerate(melds):
                value = boost_value(meld, card, DECK, rules.ace_high)
                if value is not None:
                    grown = (*melds[:index], boosted(meld, value), *melds[index + 1 :])
                    if search(cards - {card}, grown, claimed):
                        return True
        return False

    return search(frozenset((*hand, discard)), table, False)


def _replay(
    hand: tuple[int, ...], discard: int, table: tuple[Meld, ...], plan: tuple[list, int], rules: ShotRules
) -> None:
    """Every step of a plan is a legal Set or Boost and only the released card is left."""
    steps, release = plan
    left = {*hand, discard}
    melds = list(table)
    claimed = False
    for kind, cards, index in steps:
        assert set(cards) <= left, (kind, cards)
        if kind == "set":
            meld = classify(cards, DECK, rules.ace_high)
            assert meld is not None, cards
            claimed = claimed or discard in cards
            melds.append(meld)
        else:
            assert cards[0] != discard
            value = boost_value(melds[index], cards[0], DECK, rules.ace_high)
            assert value is not None, (cards, melds[index])
            melds[index] = boosted(melds[index], value)
        left -= set(cards)
    assert left == {release} and release != discard and claimed


def _cases(seed: int, count: int) -> list[tuple[tuple[int, ...], int, tuple[Meld, ...]]]:
    """Hands of 3-6 cards from two suits and a few ranks (so melds occur), a discard, 0-1 table melds."""
    rng = Rng(seed)
    out = []
    for _ in range(count):
        suits = {rng.below(4), rng.below(4)}
        pool = [c for c in range(52) if DECK.suit[c] in suits and 3 <= DECK.rank[c] <= 9]
        rng.shuffle(pool)
        size = 3 + rng.below(4)
        hand, discard = tuple(sorted(pool[:size])), pool[size]
        table: tuple[Meld, ...] = ()
        if rng.below(3) == 0:
            low = 1 + rng.below(3)
            table = (Meld("ES", 0, sorted(suits)[0], low, low + 2),)
        elif rng.below(3) == 0:
            table = (Meld("EL", SPIRIT_RANK, sorted(suits)[-1], SPIRIT_RANK, SPIRIT_RANK),)
        out.append((hand, discard, table))
    return out


@pytest.mark.parametrize(
    "rules", [ShotRules(), ShotRules(lone_seven=False), ShotRules(sevens_cs=False)], ids=str
)
def test_shot_plan_finds_a_shot_exactly_when_some_order_of_moves_ignites(rules: ShotRules) -> None:
    found = 0
    for hand, discard, table in _cases(13, 400):
        plan = shot_plan(list(hand), discard, list(table), DECK, rules)
        expected = _reference(hand, discard, table, rules)
        assert (plan is not None) == expected, (hand, discard, table)
        if plan is not None:
            _replay(hand, discard, table, plan, rules)
            found += 1
    assert found >= 20  # the cases do exercise Shots


def test_the_issue_hand_shoots_through_a_lone_seven() -> None:
    codes = {spec.code: n for n, spec in enumerate(load_named("standard52").physical())}
    hand = [codes[c] for c in ("C3", "C4", "H6", "H7", "SK")]
    plan = shot_plan(hand, codes["C5"], [], DECK, ShotRules())
    assert plan is not None and plan[1] == codes["SK"]


def _every_release(
    hand: list[int], discard: int, table: list[Meld], rules: ShotRules
) -> tuple[list, int] | None:
    """shot_plan as it was before it set aside the cards nothing can place: every release tried in its
    order, each with the whole search."""
    from cardtable.games.runeworks.melds import _cover, _hand_value, discard_can_meld

    if not discard_can_meld(hand, discard, DECK, rules):
        return None
    for release in sorted(hand, key=lambda c: (-_hand_value(DECK.rank[c]), c)):
        rest = [c for c in hand if c != release] + [discard]
        items = sorted((DECK.suit[c], DECK.rank[c], c) for c in rest)
        steps = _cover(tuple(items), tuple(table), discard, DECK, rules)
        if steps is not None:
            return steps, release
    return None


@pytest.mark.parametrize(
    "rules",
    [ShotRules(), ShotRules(ace_high=True, lone_seven=False), ShotRules(ace_high=True, sevens_cs=False)],
    ids=str,
)
def test_setting_aside_stranded_cards_changes_no_plan(rules: ShotRules) -> None:
    """shot_plan skips the search when two hand cards can be placed by nothing (no plan) and tries only
    the release of a lone such card: a necessary test, so every plan is the one the full search finds.
    Hands of up to 9 cards (of a few suits, or of a few ranks), with Call Sets and sequences of any suit on the table."""
    rng = Rng(29)
    found = pruned = 0
    for _ in range(1500):
        if rng.below(2):  # a few suits, a span of ranks: sequences
            suits = [s for s in range(4) if rng.below(2)] or [rng.below(4)]
            low = 1 + rng.below(7)
            pool = [c for c in range(52) if DECK.suit[c] in suits and DECK.rank[c] >= low]
        else:  # a few ranks of every suit: Call Sets
            ranks = {1 + rng.below(13) for _ in range(4)}
            pool = [c for c in range(52) if DECK.rank[c] in ranks]
        rng.shuffle(pool)
        size = min(len(pool) - 1, 2 + rng.below(8))
        hand, discard = pool[:size], pool[size]
        table = []
        for _ in range(rng.below(3)):
            if rng.below(2):
                table.append(Meld("CS", 1 + rng.below(13)))
            else:
                lo = 1 + rng.below(11)
                table.append(Meld("ES", 0, rng.below(4), lo, min(14, lo + 2 + rng.below(3))))
        plan = shot_plan(list(hand), discard, table, DECK, rules)
        assert plan == _every_release(list(hand), discard, table, rules), (hand, discard, table)
        found += plan is not None
        pruned += _stranded_count(hand, discard, table, rules) > 0
    assert found >= 50 and pruned >= 300  # both Shots and set-aside cards occur


def _stranded_count(hand: list[int], discard: int, table: list[Meld], rules: ShotRules) -> int:
    from cardtable.games.runeworks.melds import _stranded

    return len([c for c in _stranded([*hand, discard], table, DECK, rules) if c != discard])

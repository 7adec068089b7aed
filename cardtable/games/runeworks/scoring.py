"""Rune Works! round scoring at Magician Levels 4-5, and the match-end test with overtime.

Level 4: the igniter gains 10 MP (a Blast 50, spec R9); every other magician loses the value of
their hand, each 7 counting 30 (A=1 ... K=13, spec R2). Level 5 adds meld damage for magicians who
did not ignite (1 meld 30, 2 melds 50, 3+ 60) and, for the magician whose discard was shot,
10 per Ignite Shot or 50 per Blast Shot, accumulating over several shooters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from .melds import SPIRIT_RANK, Deck

IGNITE_BONUS = 10
BLAST_BONUS = 50
SHOT_PENALTY = 10
BLAST_SHOT_PENALTY = 50
SEVEN_VALUE = 30


class MpItem(TypedDict):
    """One reason a seat's MP changed in a round (kept in the round log, shown at the round end)."""

    why: str  # ignite, blast, hand, melds, shot, blast_shot
    mp: int  # the change, + or -
    n: int  # hand: cards left; melds: melds set (0 otherwise)
    sevens: int  # hand: how many of those cards are 7s, counted 30 each
    by: int  # shot, blast_shot: the shooter's seat (-1 otherwise)


def card_value(rank: int) -> int:
    """A card's value in a hand total: its rank, but 30 for a 7."""
    return SEVEN_VALUE if rank == SPIRIT_RANK else rank


def meld_damage(melds: int) -> int:
    """Level-5 damage for the melds a magician set this round."""
    if melds <= 0:
        return 0
    return (0, 30, 50)[melds] if melds < 3 else 60


@dataclass(frozen=True)
class RoundOutcome:
    """Who ignited, which of them blasted, and whose discard was shot (None unless a Shot)."""

    igniters: tuple[int, ...]
    blasts: tuple[int, ...]
    shot_from: int | None


def round_items(
    params: dict[str, Any], outcome: RoundOutcome, hands: list[list[int]], own_melds: list[int], deck: Deck
) -> list[list[MpItem]]:
    """Every seat's MP changes for one round, each with its reason: "ignite", "blast", "hand" (n: the
    cards, sevens: how many 7s at 30), "melds" (n: melds set), "shot" / "blast_shot" (by: the
    shooter). A round with no igniter changes nothing (R12)."""
    seats = len(hands)
    items: list[list[MpItem]] = [[] for _ in range(seats)]
    if not outcome.igniters:
        return items
    stacks = params["blast_bonus_stacks"]
    level = params["level"]
    for seat in outcome.igniters:
        if seat in outcome.blasts:
            items[seat].append(_item("blast", BLAST_BONUS))
            if stacks:
                items[seat].append(_item("ignite", IGNITE_BONUS))
        else:
            items[seat].append(_item("ignite", IGNITE_BONUS))
    for seat in range(seats):
        if seat in outcome.igniters:
            continue
        ranks = [deck.rank[c] for c in hands[seat]]
        sevens = ranks.count(SPIRIT_RANK)
        items[seat].append(_item("hand", -sum(card_value(r) for r in ranks), n=len(ranks), sevens=sevens))
        if level >= 5 and own_melds[seat] > 0:
            items[seat].append(_item("melds", -meld_damage(own_melds[seat]), n=own_melds[seat]))
    if level >= 5 and outcome.shot_from is not None:
        for seat in outcome.igniters:
            if seat in outcome.blasts:
                items[outcome.shot_from].append(_item("blast_shot", -BLAST_SHOT_PENALTY, by=seat))
                if stacks:
                    items[outcome.shot_from].append(_item("shot", -SHOT_PENALTY, by=seat))
            else:
                items[outcome.shot_from].append(_item("shot", -SHOT_PENALTY, by=seat))
    return items


def _item(why: str, mp: int, n: int = 0, sevens: int = 0, by: int = -1) -> MpItem:
    return {"why": why, "mp": mp, "n": n, "sevens": sevens, "by": by}


def worst_round_loss(params: dict[str, Any], seats: int) -> int:
    """An upper bound on MP lost in one round (for score bounds)."""
    hand = 4 * SEVEN_VALUE + 4 * 13  # the four 7s and four kings
    shots = (seats - 1) * (BLAST_SHOT_PENALTY + SHOT_PENALTY)
    return hand + 60 + shots


def match_is_decided(mp: list[int], rounds_played: int, limit: int) -> bool:
    """The match would end now: the round limit is reached, or someone has MP <= 0."""
    return rounds_played >= limit or any(v <= 0 for v in mp)


def needs_overtime(mp: list[int], any_tie: bool) -> bool:
    """Equal MP calls for an overtime round: any two magicians (R14), or only a tie for first."""
    if any_tie:
        return len(set(mp)) < len(mp)
    best = max(mp)
    return mp.count(best) > 1

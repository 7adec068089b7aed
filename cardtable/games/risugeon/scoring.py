"""Risugeon scoring: points of the score cards in each deck, discard pile and hand; the winner, with a
tie going to the tied player latest in turn order (後攻, spec R6)."""

from __future__ import annotations

from ...rules.state import GameState
from .cards import table_of

SCORING_ZONES = ("deck", "discard", "hand", "look")  # look: cards looked at belong to the deck


def final_scores(state: GameState) -> list[int]:
    """Every seat's points from the cards it holds (cards in play never count)."""
    assert state.cardset is not None
    card = table_of(state.cardset).card
    return [
        sum(card[c].points for zone in SCORING_ZONES for c in state.zones[f"{zone}:{seat}"].cards)
        for seat in range(state.seats)
    ]


def winners(scores: list[int], start: int, tie_break: str) -> tuple[int, ...]:
    """The winner: most points; among the tied, the latest in turn order (or all of them, `shared`)."""
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if tie_break == "shared" or len(tied) == 1:
        return tuple(tied)
    seats = len(scores)
    return (max(tied, key=lambda seat: (seat - start) % seats),)

"""How a Rune Works! position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: the first to empty its hand wins the round, so a seat
stands better the fewer cards it holds, and better still when those cards hang together (a pair or
three of a rank, two of a suit a step or two apart: the makings of a meld a Draw, Seek or Call can
finish). At the levels scored in MP the scores so far count too."""

from __future__ import annotations

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .melds import deck_of

LOOSE = 0.6  # a card with no partner in hand costs this much more than one with a partner
SCALE = 1.5  # cards of lead that make a position clearly better
MP_SCALE = 10.0  # MP worth one card of lead


def loose_cards(hand: list[int], ranks: tuple[int, ...], suits: tuple[int, ...]) -> int:
    """Cards of `hand` with no partner: no other card of its rank, none of its suit within 2."""
    loose = 0
    for card in hand:
        partner = False
        for other in hand:
            if other == card:
                continue
            if ranks[other] == ranks[card] or (
                suits[other] == suits[card] and abs(ranks[other] - ranks[card]) <= 2
            ):
                partner = True
                break
        loose += not partner
    return loose


def evaluate(state: GameState) -> list[float]:
    """Each seat's standing in [0, 1] (module docstring)."""
    if state.over:
        return win_shares(state)
    assert state.cardset is not None
    deck = deck_of(state.cardset)
    ranks, suits = deck.rank, deck.suit
    strength = []
    for seat in range(state.seats):
        hand = state.zones[f"hand:{seat}"].cards
        strength.append(-len(hand) - LOOSE * loose_cards(hand, ranks, suits) + state.scores[seat] / MP_SCALE)
    return standing(strength, SCALE)

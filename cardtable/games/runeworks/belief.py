"""What a Rune Works! re-deal should believe of the other hands: kept cards, not a random handful.

A re-deal from a seat's view (`Game.determinize`) deals the unseen cards at random between the
stock and the other hands. But a magician's hand is not a random 7: every turn it drew a card and
released the one it needed least, so after a few turns it is mostly melds and the makings of melds.
Dealt at random, the other hand of a two-seat game looked 2-3.5 cards further from going out than it
was (its cost to go out, `evaluate.hand_cost`, at the start of turn 6: 3.7 true, 6.4 re-dealt at
random, 3.5 re-dealt here; bench/ladder.py has the table and what it did to the search's results).

`sharpen` puts that back, from the view alone: for each other hand it replays as many turns as that
seat has had this round (at most `TURNS`), each one a random card from the stock added and the card
that leaves the hand's cost (loose cards dearest, melds free) lowest given back to the stock in its
place. Only cards the view allows in both places move (a card a seat showed at Leady work stays in
its hand; a hand whose claim the re-deal drew from it stays as dealt), so the deal stays consistent
with the view, and it reads nothing the seat cannot see: the true hidden cards never enter it.
"""

from __future__ import annotations

from typing import Any

from ...rules.rng import Rng
from ...rules.state import GameState
from .evaluate import hand_cost
from .melds import deck_of

TURNS = 6  # turns replayed at most a hand (0: the uniform deal); each costs a hand's size of hand_cost


def turns_taken(state: GameState) -> int:
    """About how many turns each seat has had this round: cards drawn from the stock since the deal,
    shared among the seats (after a rebuilt stock, as many as `sharpen` replays)."""
    data = state.data
    if data.get("rebuilds"):
        return TURNS
    dealt = state.seats * int(state.params["hand_size"]) + int(bool(state.params.get("first_card_face_up")))
    drawn = len(state.cardset.cards if state.cardset else ()) - dealt - len(state.zones["stock"].cards)
    return max(0, drawn) // state.seats


def sharpen(state: GameState, seat: int, places: Any, rng: Rng) -> None:
    """Each other seat's dealt hand in `state` turned into one a player keeping its best cards could
    hold (module docstring); `places` the view's KNOWN places (None: every unseen card anywhere)."""
    turns = min(TURNS, turns_taken(state))
    if turns <= 0 or state.cardset is None:
        return
    deck = deck_of(state.cardset)
    stock = state.zones["stock"].cards
    free: dict[int, tuple[str, ...]] | None = None
    if places is not None:
        free = {}
        for zones, cards in places:
            for card in cards:
                free[card] = tuple(zones)
    for other in range(state.seats):
        name = f"hand:{other}"
        if other == seat or name not in state.zones:
            continue
        hand = state.zones[name].cards
        if not hand or not stock:
            continue
        if state.pending is not None and other in state.pending.commits:
            continue  # its claim was drawn from the hand as dealt (a Call's cards, a Shot it allows)

        def may(card: int, zone: str) -> bool:
            return free is None or zone in free.get(card, (zone,))

        for _ in range(turns):
            spots = [i for i, card in enumerate(stock) if may(card, name)]
            if not spots:
                break
            spot = spots[rng.below(len(spots))]
            drawn = stock[spot]
            held = [*hand, drawn]
            choices = [i for i, card in enumerate(held) if i == len(hand) or may(card, "stock")]
            rng.shuffle(choices)  # ties fall at random
            best = min(choices, key=lambda i: hand_cost(held[:i] + held[i + 1 :], deck))
            if best == len(hand):
                continue  # the drawn card was the one to give back: it stays in the stock
            stock[spot], hand[best] = hand[best], drawn

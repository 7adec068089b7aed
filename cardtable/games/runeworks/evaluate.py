"""How a Rune Works! position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: the first to empty its hand wins the round, so a seat
stands better the fewer cards it holds that are not yet in a meld. Cards that already make melds in
hand cost no more than the same meld on the table: the heuristic holds them until it can go out in
one turn, where nobody can boost onto them, and were a held meld to cost something a search would
set each one at once (in our trials, 3 games judged by paired heuristic games to the end, 4 of the 6
early sets it chose over the heuristic's hold lost win share and none gained much). A card with a
partner (a pair of a rank, two of a suit a step or two apart: the makings of a meld a Draw, Seek or
Call can finish) costs more, a loose card most. At the levels scored in MP the scores so far count
too."""

from __future__ import annotations

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .melds import Deck, deck_of, new_melds

IN_MELD = 0.0  # what a hand card that is part of a meld in hand costs: as much as on the table
PARTNERED = 1.0  # a card with a partner
LOOSE = 1.6  # a card with no partner
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
    strength = []
    for seat in range(state.seats):
        strength.append(-hand_cost(state.zones[f"hand:{seat}"].cards, deck) + state.scores[seat] / MP_SCALE)
    return standing(strength, SCALE)


def hand_cost(hand: list[int], deck: Deck) -> float:
    """How far a hand is from going out: its cards in melds, partnered and loose, each at its cost,
    with the melds chosen to cost least. Not the biggest meld first: four 7s are a Call Set, and
    taken first it broke the run 6-7-8 of one suit and left its 6 and 8 behind, so setting one 7 (the
    rest then a run and a Call Set of three) looked two cards better and the search set lone 7s."""
    options = new_melds(hand, deck)
    index = {card: i for i, card in enumerate(hand)}
    masks = [sum(1 << index[card] for card in meld) for meld in options]
    costs: dict[int, float] = {}
    stack = [(0, 0)]  # (the first option still to try, the cards in melds so far as a bit mask)
    while stack:
        start, used = stack.pop()
        if used not in costs:
            rest = [card for card in hand if not used >> index[card] & 1]
            loose = loose_cards(rest, deck.rank, deck.suit)
            melded = len(hand) - len(rest)
            costs[used] = IN_MELD * melded + PARTNERED * (len(rest) - loose) + LOOSE * loose
        for i in range(start, len(options)):
            if not masks[i] & used:
                stack.append((i + 1, used | masks[i]))
    return min(costs.values())

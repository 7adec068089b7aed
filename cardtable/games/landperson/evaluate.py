"""How a Land & Person position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: the win conditions first (lands still standing, spoils
taken, and outside deck construction the stars occupied and cards discarded), then the persons a seat
has on its field to attack and defend with (their worth as the bots judge recruits), then its hand
and, in deck construction, its deck, each card of which is worth more than a card in hand (an empty
deck at income loses: a card drawn early is one turn less to play), and above all the deck race
(`race`: whose deck runs out first), which decides that mode: cut a few moves on, the evaluation is
the only place the search can see a deck-out a hundred moves later (issue 28: without the race the
search drew its deck down and lost every game of 20 to the heuristic; bench/ladder_results.md)."""

from __future__ import annotations

import math

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .cards import person_value
from .moves import FIRST, RETURN
from .places import deck_mode, other, stars

LAND_WORTH = 2.0
SPOIL_WORTH = 0.8
PERSON_WORTH = 0.15  # per point of a field person's worth (intelligence + attack + specialty)
HAND_WORTH = 0.2
# Deck construction: a card left in the deck is worth more than one in hand. An empty deck at income
# loses, so the heuristic draws with Commerce only while its deck is the longer; at 0.02 a card the
# search ran Commerce whenever it could, for a card to recruit with, and lost the deck race (paired
# heuristic games to the end: -0.58 and -0.33 win share); at 0.6 it keeps to the heuristic's rule.
DECK_WORTH = 0.6
# Deck construction is a draw race: in heuristic-vs-heuristic games every one of 20 ended by a deck-out,
# with 4-5 of 5 lands still standing. The seat next to draw at income loses the race, with no more draws
# than income, when its deck is no longer than the other's; so a seat's race is its deck against the
# other's, half a card to the good for the seat that draws second. A draw that loses the race loses the
# game some hundred moves on: the race's worth (RACE_WORTH a seat, tanh of the margin in RACE_SPREAD
# cards) outweighs any person a drawn card could recruit, and it flattens once the race is safe.
RACE_WORTH = 3.0
RACE_SPREAD = 1.0
SCALE = 2.5
# Deck construction: the search's playout length (Game.search_depth_for), 40 moves where the shared
# default is 10: a longer look carries more of the repairs, recalls and releases that end the race in a
# deck-out (bench/ladder_results.md: depth 40 against 10 on whole rotated games). Shared-deck mode keeps 10.
DECK_SEARCH_DEPTH = 40


def evaluate(state: GameState) -> list[float]:
    """Each seat's standing in [0, 1] (module docstring)."""
    if state.over:
        return win_shares(state)
    assert state.cardset is not None
    physical = state.cardset.physical()
    zones = state.zones
    deck = deck_mode(state)
    races = race(state) if deck else None
    strength = []
    for seat in range(state.seats):
        value = SPOIL_WORTH * len(zones[f"spoils:{seat}"].cards) + HAND_WORTH * len(
            zones[f"hand:{seat}"].cards
        )
        value += PERSON_WORTH * sum(person_value(physical[c]) for c in zones[f"field:{seat}"].cards)
        if deck:
            value += LAND_WORTH * len(zones[f"lands:{seat}"].cards) + DECK_WORTH * len(
                zones[f"deck:{seat}"].cards
            )
            assert races is not None
            value += RACE_WORTH * math.tanh(races[seat] / RACE_SPREAD)
        else:
            value += 0.3 * stars(state, f"occupied:{seat}") + 0.2 * len(zones[f"discard:{seat}"].cards)
        strength.append(value)
    return standing(strength, SCALE)


def race(state: GameState) -> list[float]:
    """Deck construction: each seat's lead in the deck race, in cards (above 0: the other seat's deck
    runs out first if neither draws more than income). The seat next to draw at income (the active
    seat before its income, else the other) loses the race with a deck no longer than the other's."""
    active = state.active if state.active is not None else 0
    following = active if state.phase in (FIRST, RETURN) else other(active)
    # a Scout's look holds the deck's top cards apart for a move: they are still the deck's
    zones = state.zones
    decks = [
        len(zones[f"deck:{seat}"].cards) + len(zones[f"peek:{seat}"].cards) for seat in range(state.seats)
    ]
    return [
        decks[seat] - decks[other(seat)] + (-0.5 if seat == following else 0.5) for seat in range(state.seats)
    ]

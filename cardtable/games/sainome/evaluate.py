"""How a Sainome position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: HP left (the cards of a seat's HP deck, its score) first,
then the damage its equipment deals a roll (equipped slots), then the cards in hand it can equip or
counter with."""

from __future__ import annotations

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .params import SLOTS

SLOT_WORTH = 0.6  # HP one more equipped slot is worth (it fires on one face in six, every turn)
HAND_WORTH = 0.25  # HP a card in hand is worth
SCALE = 3.0  # HP of lead that makes a position clearly better


def evaluate(state: GameState) -> list[float]:
    """Each seat's standing in [0, 1] (module docstring)."""
    if state.over:
        return win_shares(state)
    zones = state.zones
    strength = []
    for seat in range(state.seats):
        hp = len(zones[f"hp:{seat}"].cards)
        equipped = sum(1 for slot in SLOTS if zones[f"slot:{seat}:{slot}"].cards)
        strength.append(hp + SLOT_WORTH * equipped + HAND_WORTH * len(zones[f"hand:{seat}"].cards))
    return standing(strength, SCALE)

"""How a Risugeon position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: points already in a seat's deck (gems, production cards),
plus what its deck will buy before the gems run out. A deck's buying power is the skill a turn's hand
of `hand_size` cards is worth, each card valued by what it does: a combat card its skill, an action
by its effects as the card set writes them (+skill, +draw at the deck's own worth per card, +actions,
+trainings, PS...). So a card made stronger in the card set (cheaper, or drawing more) is worth more
here at once, and a search bot buys it more often, where the heuristic bot's plan is fixed data.
"""

from __future__ import annotations

from typing import Any

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .cards import CardRules, table_of

DRAW_WORTH = 1.2  # a card drawn is worth about this much skill in a starting deck (6 combat 1, 2 PS)
PER_EFFECT = {"skill": 1.0, "actions": 0.3, "trainings": 0.6, "ps": 0.35}  # skill per unit of each
# Points a turn's extra skill is worth per gem left to take (gems cost 6-12): a card bought stays in the
# deck every turn to the end. At 0.8 a production card (+1 point at once, a dead card after) looked a
# gain, and the search trained them where the heuristic's plan never does: 0 of 12 rotated games won
# against the heuristic at budget 400 (seeds 0-5); at 2.4, 4 of 6 (seeds 0-2).
POINT_PER_SKILL = 2.4
DISCARD_SHARE = 0.7  # how much of a draw a card discarded from hand takes back (the worst one goes)
SCALE = 5.0  # points of lead that make a position clearly better


def effect_worth(effects: Any, per_draw: float) -> float:
    """Skill a turn gains from a card's compiled effects (a rough rate, never exact rules)."""
    worth = 0.0
    for effect in effects:
        op = effect.get("op")
        if op in PER_EFFECT:
            worth += PER_EFFECT[op] * int(effect.get("amount", 0))
        elif op == "draw":
            worth += per_draw * int(effect.get("count", 0))
        elif op == "discard":  # a cost, not a play: the worst card goes, taking back most of a draw
            worth -= DISCARD_SHARE * per_draw * int(effect.get("count", 0))
        elif op == "look_top":
            worth += 0.5 * per_draw * int(effect.get("take", 1))
        elif op == "stays_in_play":
            worth += effect_worth(effect.get("next_turn", ()), per_draw)
        elif op in ("end_of_turn", "until_training_end"):
            worth += 0.6 * effect_worth(effect.get("effects", ()), per_draw)
        else:  # imitation, returning cards to trade up: worth a card's play, roughly
            worth += 1.0
    return worth


def card_worth(rules: CardRules, per_draw: float) -> float:
    """Skill a card brings to the turn it is drawn in."""
    if rules.type == "combat":
        return float(rules.skill)
    if rules.type == "action":
        return effect_worth(rules.effects, per_draw)
    return 0.35  # production: 1 PS when discarded; its point is counted with the points


def evaluate(state: GameState) -> list[float]:
    """Each seat's standing in [0, 1] (module docstring)."""
    if state.over:
        return win_shares(state)
    assert state.cardset is not None
    table = table_of(state.cardset)
    data = state.data
    hand_size = int(state.params["hand_size"])
    gems_left = len(state.zones["pile:gems"].cards)
    strength = []
    for seat in range(state.seats):
        owned: dict[str, int] = data["owned"][seat]
        count = sum(owned.values()) or 1
        base = sum(card_worth(table.by_code[code], DRAW_WORTH) * n for code, n in owned.items())
        per_card = base / count
        # a draw is worth what an average card of this deck is worth
        total = sum(card_worth(table.by_code[code], per_card) * n for code, n in owned.items())
        turn_skill = hand_size * total / count
        strength.append(float(data["points"][seat]) + POINT_PER_SKILL * gems_left * turn_skill / state.seats)
    return standing(strength, SCALE)

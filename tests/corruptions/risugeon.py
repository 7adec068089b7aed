"""Ways to corrupt a position of Risugeon that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
    is_turn,
)


def _risugeon_turn(engine: Engine) -> bool:
    """Risugeon: a turn with a full display and a gem pile of more than one cost."""
    state = engine.state
    costs = {state.cardset.physical()[c].get("cost") for c in state.zones["pile:gems"].cards}  # type: ignore[union-attr]
    full = len(state.zones["display"].cards) == int(state.params["display_size"])
    return is_turn(engine) and full and len(costs) > 1 and bool(state.zones["action_deck"].cards)


def risugeon_points_tally_differs(engine: Engine) -> list[str]:
    points = engine.state.data["points"]
    held = list(points)
    points[0] += 1
    return [f"points tally {points} differs from the cards held {held}"]


def risugeon_owned_tally_differs(engine: Engine) -> list[str]:
    owned = engine.state.data["owned"][1]
    owned[next(iter(owned))] += 1
    return ["seat 1's owned tally differs from its cards"]


def _risugeon_negative(key: str) -> Callable[[Engine], list[str]]:
    def corrupt(engine: Engine) -> list[str]:
        engine.state.data[key] = -1
        return [f"{key} is negative: -1"]

    corrupt.__name__ = f"risugeon_{key}_negative"
    return corrupt


def risugeon_display_not_refilled(engine: Engine) -> list[str]:
    state = engine.state
    display = state.zones["display"].cards
    state.zones["action_deck"].cards.append(display.pop())
    return [f"the display holds {len(display)} cards with actions left to refill it"]


def risugeon_gem_pile_out_of_order(engine: Engine) -> list[str]:
    state = engine.state
    gems = state.zones["pile:gems"].cards
    gems.reverse()
    costs = [state.cardset.physical()[g].get("cost") for g in gems]  # type: ignore[union-attr]
    return [f"the gem pile is out of order: {costs}"]


def risugeon_pending_without_a_waiting_effect(engine: Engine) -> list[str]:
    engine.state.data["frames"] = []
    return ["a pending decision without a waiting effect, or the reverse"]


def risugeon_looked_at_cards_without_a_decision(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["look:0"].cards.append(state.zones["deck:0"].cards.pop())
    return ["look:0 holds cards with no decision about them"]


def risugeon_non_action_card_in_play(engine: Engine) -> list[str]:
    state = engine.state
    gem = state.zones["pile:gems"].cards.pop()
    state.zones["play:0"].cards.append(gem)
    return [f"play:0 holds a {state.cardset.physical()[gem].get('type')} card"]  # type: ignore[union-attr]


POSITIONS: dict[str, Callable[[Engine], bool]] = {"risugeon_turn": _risugeon_turn}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(risugeon_points_tally_differs, "turn"),
    Corruption(risugeon_owned_tally_differs, "turn"),
    *(
        Corruption(_risugeon_negative(key), "turn")
        for key in ("actions_left", "trainings_left", "skill", "ps")
    ),
    Corruption(risugeon_display_not_refilled, "risugeon_turn"),
    Corruption(risugeon_gem_pile_out_of_order, "risugeon_turn"),
    Corruption(risugeon_pending_without_a_waiting_effect, "pending"),
    Corruption(risugeon_looked_at_cards_without_a_decision, "turn"),
    Corruption(risugeon_non_action_card_in_play, "turn"),
]

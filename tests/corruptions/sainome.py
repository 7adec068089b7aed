"""Ways to corrupt a position of Sainome that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
    is_pending,
)


def _sainome_pending(engine: Engine) -> bool:
    """Sainome: an effect waits for a decision (not the draft)."""
    return is_pending(engine) and engine.state.pending.kind != "draft"  # type: ignore[union-attr]


def sainome_two_cards_in_a_slot(engine: Engine) -> list[str]:
    state = engine.state
    slot = next(n for n in state.zones if n.startswith("slot:0:") and not state.zones[n].cards)
    hand = state.zones["hand:0"].cards
    state.zones[slot].cards.extend([hand.pop(), hand.pop()])
    return [f"{slot} holds 2 cards"]


def sainome_slot_used_before_a_character(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["characters"].cards.extend(state.zones["character:0"].cards)
    state.zones["character:0"].cards.clear()
    slot = next(n for n in state.zones if n.startswith("slot:0:") and state.zones[n].cards)
    return [f"{slot} holds a card before a character is chosen"]


def sainome_score_is_not_the_hp_count(engine: Engine) -> list[str]:
    scores = engine.state.scores
    scores[0] -= 1
    return [f"seat 0's score {scores[0]} is not its HP count"]


def sainome_two_characters(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["character:0"].cards.append(state.zones["characters"].cards.pop())
    return ["character:0 holds more than one character"]


def sainome_bomb_not_in_its_slot(engine: Engine) -> list[str]:
    state = engine.state
    card = state.zones["hand:0"].cards[0]
    state.data["bombs"][str(card)] = {"placer": 0, "victim": 1, "slot": "top", "effects": []}
    return [f"bomb {card} is not in slot:1:top"]


def sainome_pending_without_a_waiting_effect(engine: Engine) -> list[str]:
    engine.state.data["frames"] = []
    return ["a pending decision without a waiting effect"]


def sainome_effects_queued_but_nobody_asked(engine: Engine) -> list[str]:
    engine.state.pending = None
    return ["effects are queued but nobody is asked"]


def sainome_cards_resolving_with_nothing_resolving(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["resolving"].cards.append(state.zones["hand:0"].cards.pop())
    return ["cards wait in the resolving area with nothing resolving"]


def sainome_over_with_a_decision_pending(engine: Engine) -> list[str]:
    engine.state.over = True
    return ["the game is over with a decision pending"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {"sainome_pending": _sainome_pending}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(sainome_two_cards_in_a_slot, "turn"),
    Corruption(sainome_slot_used_before_a_character, "turn"),
    Corruption(sainome_score_is_not_the_hp_count, "turn"),
    Corruption(sainome_two_characters, "turn"),
    Corruption(sainome_bomb_not_in_its_slot, "turn"),
    Corruption(sainome_pending_without_a_waiting_effect, "sainome_pending"),
    Corruption(sainome_effects_queued_but_nobody_asked, "sainome_pending"),
    Corruption(sainome_cards_resolving_with_nothing_resolving, "turn"),
    Corruption(sainome_over_with_a_decision_pending, "sainome_pending"),
]

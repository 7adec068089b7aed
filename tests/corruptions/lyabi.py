"""Ways to corrupt a position of Lyabi that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from cardtable.rules.state import GameState
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
)


def lyabi_hp_above_the_start(engine: Engine) -> list[str]:
    state = engine.state
    state.data["hp"][0] = int(state.params["start_hp"]) + 1
    state.scores[0] = state.data["hp"][0]
    return [f"seat 0 HP {state.data['hp'][0]} out of bounds"]


def lyabi_score_is_not_the_hp(engine: Engine) -> list[str]:
    state = engine.state
    state.scores[1] -= 1
    return [f"the scores {state.scores} are not the HP {state.data['hp']}"]


def lyabi_three_circles(engine: Engine) -> list[str]:
    state = engine.state
    pile = state.zones["circles_pool:11"].cards
    state.zones["circles:0"].cards.extend([pile.pop(), pile.pop()])
    return ["seat 0 has more circles than allowed"]


def lyabi_two_items(engine: Engine) -> list[str]:
    state = engine.state
    pile = state.zones["items_pool"].cards
    state.zones["item:1"].cards.extend(pile[-2:])
    del pile[-2:]
    return ["seat 1 holds more than one item"]


def lyabi_dummy_in_the_discard_pile(engine: Engine) -> list[str]:
    state = engine.state
    zone = next(n for n in ("dummy:0", "hand:0", "battle:0") if _dummy(state, n) is not None)
    card = _dummy(state, zone)
    state.zones[zone].cards.remove(card)
    state.zones["discard:0"].cards.append(card)
    return ["discard:0 holds a card that is not a lyabi"]


def _dummy(state: GameState, zone: str) -> int | None:
    assert state.cardset is not None
    physical = state.cardset.physical()
    return next((c for c in state.zones[zone].cards if physical[c].get("kind") == "dummy"), None)


POSITIONS: dict[str, Callable[[Engine], bool]] = {}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(lyabi_hp_above_the_start),
    Corruption(lyabi_score_is_not_the_hp),
    Corruption(lyabi_three_circles),
    Corruption(lyabi_two_items),
    Corruption(lyabi_dummy_in_the_discard_pile),
]

"""Ways to corrupt a position of Land & Person that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
)


def landperson_state_for_a_card_off_the_field(engine: Engine) -> list[str]:
    state = engine.state
    state.data["status"][str(state.zones["hand:0"].cards[0])] = "ready"
    return ["a person's state is kept for a card not on a field, or missing for one"]


def landperson_field_person_without_a_state(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["field:0"].cards.append(state.zones["hand:0"].cards.pop())
    return ["a person's state is kept for a card not on a field, or missing for one"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(landperson_state_for_a_card_off_the_field, "turn"),
    Corruption(landperson_field_person_without_a_state, "turn"),
]

"""Ways to corrupt a position of the test-only War that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
)


def war_hands_differ_in_size(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["deck:0"].cards.append(state.zones["hand:0"].cards.pop())
    return ["the hands differ in size between battles"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [Corruption(data_has_an_undeclared_key), Corruption(war_hands_differ_in_size)]

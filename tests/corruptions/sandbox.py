"""Ways to corrupt a position of the Sandbox that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
)


def sandbox_search_left_open(engine: Engine) -> list[str]:
    state = engine.state
    seat = next(s for s in range(state.seats) if str(s) not in state.data["searching"])
    source = next(n for n, z in state.zones.items() if z.cards and not n.startswith("search:"))
    state.zones[f"search:{seat}"].cards.append(state.zones[source].cards.pop())
    return [f"search:{seat} holds cards with no search open"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [Corruption(data_has_an_undeclared_key), Corruption(sandbox_search_left_open)]

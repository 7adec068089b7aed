"""Ways to corrupt a position of Lyabi written as data (cards/games/lyabi.yaml) that the data games'
`check()` (cardtable/games/datagame/rules.py) must report; tests/test_invariants_fire.py plays the
positions and applies these."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import Corruption, data_has_an_undeclared_key


def step_outside_the_turn(engine: Engine) -> list[str]:
    engine.state.data["step"] = 5  # the file's turn has two steps
    return ["the step index is outside the turn"]


def nobody_to_act(engine: Engine) -> list[str]:
    engine.state.active = None
    return ["a game in play has no seat to act"]


def two_kinds_in_a_pool_pile(engine: Engine) -> list[str]:
    """A G3 slipped onto another pile of the (public) lyabi pool that still holds cards (the B1 pile
    may be empty by then: the circles' initial cards take B1s)."""
    state = engine.state
    onto = next(p for p in ("supply:B1", "supply:R1", "supply:B3", "supply:R3") if state.zones[p].cards)
    state.move([state.zones["supply:G3"].cards[-1]], "supply:G3", onto)
    return [f"{onto} (a pile of one card) holds several kinds"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {}

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(step_outside_the_turn),
    Corruption(nobody_to_act),
    Corruption(two_kinds_in_a_pool_pile),
]

"""Ways to corrupt a position of Little Kingdom (a deck-builder written in data:
cards/games/littlekingdom.yaml) that the data games' `check()` (cardtable/games/datagame/rules.py)
must report; tests/test_invariants_fire.py plays the positions and applies these."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import Corruption, data_has_an_undeclared_key


def two_kinds_in_a_pile(engine: Engine) -> list[str]:
    """A Silver slipped onto the Copper pile of the supply."""
    state = engine.state
    state.move([state.zones["supply.2"].cards[-1]], "supply.2", "supply.1")
    return ["supply.1 (a pile of one card) holds several kinds"]


def a_choice_for_the_wrong_player(engine: Engine) -> list[str]:
    state = engine.state
    other = (state.active + 1) % state.seats if state.active is not None else 0
    state.data["choice"] = {"seat": other, "from": "hand", "to": "trash", "left": 1, "card": "CHAPEL"}
    state.data["choice"].update(move="act", then=[])
    return ["a choice is open for a player whose turn it is not"]


def nobody_to_act(engine: Engine) -> list[str]:
    engine.state.active = None
    return ["a game in play has no seat to act"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {}

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(two_kinds_in_a_pile),
    Corruption(a_choice_for_the_wrong_player),
    Corruption(nobody_to_act),
]

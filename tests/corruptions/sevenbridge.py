"""Ways to corrupt a position of Seven Bridge (a data game: cards/games/sevenbridge.yaml) that the data
games' `check()` (cardtable/games/datagame/rules.py) must report; tests/test_invariants_fire.py plays
the positions and applies these."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import Corruption, data_has_an_undeclared_key


def step_outside_the_turn(engine: Engine) -> list[str]:
    engine.state.data["step"] = -1  # an index the turn's steps still answer, so nothing crashes first
    return ["the step index is outside the turn"]


def nobody_to_act(engine: Engine) -> list[str]:
    engine.state.active = None
    return ["a game in play has no seat to act"]


def _mixed_pair(engine: Engine) -> tuple[int, int] | None:
    """Two cards of P1's hand of different suits whose ranks are not equal or next to each other."""
    state = engine.state
    assert state.cardset is not None
    physical = state.cardset.physical()
    hand = state.zones["hand:0"].cards
    for a in hand:
        for b in hand:
            ranks = int(physical[a].get("rank")), int(physical[b].get("rank"))
            if abs(ranks[0] - ranks[1]) > 1 and physical[a].get("suit") != physical[b].get("suit"):
                return a, b
    return None


def a_meld_of_nothing(engine: Engine) -> list[str]:
    """Two cards of different suits and far-apart ranks laid together in an empty meld."""
    pair = _mixed_pair(engine)
    assert pair is not None
    state = engine.state
    group = next(name for name, zone in state.zones.items() if name.startswith("melds.") and not zone.cards)
    state.move(pair, "hand:0", group)
    return [f"{group} holds cards that match no pattern"]


POSITIONS: dict[str, Callable[[Engine], bool]] = {
    "mixed_hand": lambda engine: _mixed_pair(engine) is not None
}

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(step_outside_the_turn),
    Corruption(nobody_to_act),
    Corruption(a_meld_of_nothing, "mixed_hand"),
]

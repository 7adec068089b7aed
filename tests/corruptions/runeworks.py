"""Ways to corrupt a position of Rune Works! that its own `check()` must report (tests/test_invariants_fire.py
plays the positions and applies these; the corruptions every game shares live there)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from tests.corruptions import (
    Corruption,
    data_has_an_undeclared_key,
    is_turn,
    rank_and_suit,
)


def _runeworks_release(engine: Engine) -> bool:
    """Rune Works: the active seat must Release, and a meld is on the table."""
    return is_turn(engine) and engine.state.phase == "play" and bool(engine.state.data["melds"])


def runeworks_meld_is_not_a_meld(engine: Engine) -> list[str]:
    state = engine.state
    entry = state.data["melds"][0]
    meld = state.zones[entry["zone"]].cards
    rank, suit = rank_and_suit(state, meld[0])
    stock = state.zones["stock"].cards
    # a card of another rank and another suit fits no Call Set, Elemental Sequence or Elemental
    stranger = next(
        c for c in stock if rank_and_suit(state, c)[0] != rank and rank_and_suit(state, c)[1] != suit
    )
    stock[stock.index(stranger)], meld[0] = meld[0], stranger
    return [f"{entry['zone']} holds {tuple(sorted(meld))}, not a {entry['meld']['kind']}"]


def runeworks_hand_over_the_limit(engine: Engine) -> list[str]:
    state = engine.state
    limit = state.params["hand_size"] + 1
    hand, stock = state.zones["hand:0"].cards, state.zones["stock"].cards
    while len(hand) <= limit:
        hand.append(stock.pop())
    return [f"hand:0 holds {len(hand)} cards, more than {limit}"]


def runeworks_active_seat_has_no_card_to_release(engine: Engine) -> list[str]:
    state = engine.state
    seat = state.active
    hand = state.zones[f"hand:{seat}"].cards
    state.zones["stock"].cards[0:0] = hand
    hand.clear()
    return [
        "the active seat must Release but has no card",
        f"seat {seat} must decide but has no legal action (phase play)",
    ]


POSITIONS: dict[str, Callable[[Engine], bool]] = {"runeworks_release": _runeworks_release}
"""Positions these corruptions start from, beyond the shared ones (any, turn, choice, pending)."""

CORRUPTIONS: list[Corruption] = [
    Corruption(data_has_an_undeclared_key),
    Corruption(runeworks_meld_is_not_a_meld, "runeworks_release"),
    Corruption(runeworks_hand_over_the_limit, "turn"),
    Corruption(runeworks_active_seat_has_no_card_to_release, "runeworks_release"),
]

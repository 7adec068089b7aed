"""Risugeon starting positions for scenario files (the `setup:` keys), applied after the stacked deal.

  first: P2                 whose turn it is (default: the start player); the turn begins afresh
  start: P2                 the start player (turn order and ties count from them; default P1)
  phase: training           start in the training phase (default action; with no usable action the
                            action phase passes by itself, as in play)
  counters: {skill: 5, ps: 2, actions: 1, trainings: 2}   the turn's counters, set after it began
  staying: {P1: [A12]}      cards in P1's play area that stayed from P1's last turn (their next-turn
                            effects happen when P1's turn begins)
  round: 5                  the round number (for the max_rounds cap)

After the deal the display is refilled to its size from the action deck (as the rules keep it) and
each seat's points are counted from the cards it holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.events import Event
from ...rules.game import ScenarioRefs
from ...rules.state import GameState
from .cards import table_of
from .data import game_data
from .host import COUNTER_KEYS, Host, owned_counts
from .scoring import final_scores

if TYPE_CHECKING:
    from . import Risugeon

KEYS = {"first", "start", "phase", "counters", "staying", "round"}


def arrange(game: Risugeon, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
    """Apply a scenario's `setup:` mapping to a freshly dealt (and stacked) Risugeon state."""
    for key in setup:
        if key not in KEYS:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(KEYS))})")
    data = game_data(state)
    table = table_of(state.cardset)  # type: ignore[arg-type]
    events: list[Event] = []
    Host(state, events).refill_display()
    if "start" in setup:
        data["start"] = refs.seat(setup["start"], "setup.start")
    staying = setup.get("staying") or {}
    if not isinstance(staying, dict):
        raise refs.fail("setup.staying", "expected {P1: [A12]}")
    for who, codes in staying.items():
        seat = refs.seat(who, "setup.staying")
        # copies not already in a seat's cards (the deal may have put the lowest copy in a hand)
        held = {
            c
            for name, z in state.zones.items()
            if ":" in name and not name.startswith("pile:")
            for c in z.cards
        }
        for card in refs.cards(codes, f"setup.staying.{who}", exclude=held):
            rider = next((e for e in table.card[card].effects if e["op"] == "stays_in_play"), None)
            if rider is None:
                raise refs.fail(f"setup.staying.{who}", f"{table.card[card].code} does not stay in play")
            source = next(z for z in state.zones.values() if card in z.cards)
            source.cards.remove(card)
            state.zones[f"play:{seat}"].cards.append(card)
            data["staying"].append(
                {
                    "seat": seat,
                    "card": card,
                    "as": table.card[card].code,
                    "turns": rider["turns"],
                    "next_turn": rider["next_turn"],
                    "new": False,
                }
            )
    if "round" in setup:
        if not isinstance(setup["round"], int) or setup["round"] < 1:
            raise refs.fail("setup.round", "expected a whole number from 1")
        data["round"] = setup["round"]
    data["points"] = final_scores(state)
    data["owned"] = [owned_counts(state, seat) for seat in range(state.seats)]
    state.scores = list(data["points"])
    first = refs.seat(setup["first"], "setup.first") if "first" in setup else data["start"]
    data["turn"] = 0
    game._begin_turn(state, first, events)
    phase = setup.get("phase", "action")
    if phase not in ("action", "training"):
        raise refs.fail("setup.phase", "expected action or training")
    if phase == "training" and state.phase == "action":
        if state.pending is not None:
            raise refs.fail("setup.phase", "the turn began with a decision; start in the action phase")
        game._enter_training(state, events)
    wanted = setup.get("counters") or {}
    if not isinstance(wanted, dict):
        raise refs.fail("setup.counters", "expected {skill: 5, ps: 2, actions: 1, trainings: 1}")
    for name, value in wanted.items():
        if name not in COUNTER_KEYS:
            raise refs.fail(
                f"setup.counters.{name}", f"unknown counter (counters: {', '.join(COUNTER_KEYS)})"
            )
        if not isinstance(value, int) or value < 0:
            raise refs.fail(f"setup.counters.{name}", "expected a whole number from 0")
        data[COUNTER_KEYS[name]] = value
    if wanted and state.pending is None and state.phase == "action":
        game._proceed(state, events)  # with the new counters the action phase may have nothing left

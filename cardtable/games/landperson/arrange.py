"""Land & Person starting positions for scenario files (the `setup:` keys), applied after the stacked deal.

Zones a `deal:` may list (seat s = 0 for P1, 1 for P2): hand:s discard:s field:s wander:s spoils:s
peek:s box, and by mode deck:s lands:s ruins:s (deck construction) or deck lands occupied:s first:s
(shared deck). Piles top first: `lands:1: [L6, L1]` makes the Fort P2's current land. Cards the deal
pushes out of a listed zone go to the box (out of the game).

setup:
  first: P2            whose turn it is; the shared-deck first-person setup is skipped (the land deck
                       is the dealt `lands:`, or all lands shuffled when the deal does not list it)
  phase: domestic      where that turn stands: start (the turn begins: start, return and income phases
                       run as in play), domestic (default), battle or end
  acted: [P08]         persons on a field that are acted (each code names one field card; copies: list
  preparing: [P07]     it twice); every other person on a field is ready
  turn: 5              the turn number
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.game import ScenarioRefs
from ...rules.notation import physical_codes
from ...rules.state import GameState
from .cards import is_land
from .data import game_data
from .places import ACTED, PREPARING, READY, deck_mode

if TYPE_CHECKING:
    from . import LandPerson

KEYS = {"first", "phase", "acted", "preparing", "turn"}
PHASES = ("start", "domestic", "battle", "end")


def arrange(game: LandPerson, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
    """Apply a scenario's `setup:` mapping to a freshly dealt Land & Person state."""
    for key in setup:
        if key not in KEYS:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(KEYS))})")
    data = game_data(state)
    on_field = [c for s in range(2) for c in state.zones[f"field:{s}"].cards]
    data["status"] = {str(c): data["status"].get(str(c), READY) for c in on_field}
    assert state.cardset is not None
    codes = physical_codes(state.cardset)
    for key, value in (("acted", ACTED), ("preparing", PREPARING)):
        free = list(on_field)
        for index, code in enumerate(setup.get(key) or []):
            card = next((c for c in free if codes[c].upper() == str(code).upper()), None)
            if card is None:
                raise refs.fail(f"setup.{key}[{index}]", f"no {code} on a field")
            free.remove(card)
            data["status"][str(card)] = value
    if "turn" in setup:
        if not isinstance(setup["turn"], int):
            raise refs.fail("setup.turn", "expected a whole number")
    if "first" not in setup:
        if "phase" in setup:
            raise refs.fail("setup.phase", "phase needs first: the seat whose turn it is")
        return
    seat = refs.seat(setup["first"], "setup.first")
    phase = setup.get("phase", "domestic")
    if phase not in PHASES:
        raise refs.fail("setup.phase", f"expected one of {', '.join(PHASES)}")
    if not deck_mode(state) and not state.zones["lands"].cards:  # a dealt land deck is the whole of it
        physical = state.cardset.physical()
        box = state.zones["box"].cards
        undealt = [c for c in box if is_land(physical[c])]
        for card in undealt:
            box.remove(card)
        state.zones["lands"].cards[0:0] = undealt
    data["first"] = seat
    state.pending = None
    if phase == "start":
        data["turn"] = setup.get("turn", 1) - 1
        game._begin_turn(state, seat, [])
        return
    data["turn"] = setup.get("turn", 1)
    state.active = seat
    state.phase = phase

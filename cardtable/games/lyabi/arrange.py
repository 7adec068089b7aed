"""Lyabi starting positions for scenario files (the `setup:` keys), applied after the stacked deal.

Without setup keys a scenario starts at the blind pick of the Lv0 circles, as a game does. With any,
setup is over and a round begins; deal hands, decks, discard piles, items (`item:0: [SWO]`) and more
circles (`circles:0: [CB0, CB5]`) as zones:

  circles: [CB0, CR0]   each side's Lv0 circle, taken from the Lv0 pile (for a side whose circles
                        the deal leaves empty)

  priority: P2          the round's priority player (default: the one whose circle beats the other's,
                        else P1)
  round: 3              the round number (default 1: the first round has no draw phase, R4)
  at: main              where the round begins: draw, main, item (the priority player's), main2, item2
                        (the other player's), battle, end (default main)
  hp: [15, 4]           HP left (default start_hp each)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.game import ScenarioRefs
from ...rules.state import GameState
from .cards import table_of
from .data import game_data
from .params import BEATS

if TYPE_CHECKING:
    from . import Lyabi

KEYS = {"circles", "priority", "round", "at", "hp"}
AT = {"draw": 0, "main": 1, "item": 2, "main2": 4, "item2": 5, "battle": 7, "end": 8}


def arrange(game: Lyabi, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
    """Apply a scenario's `setup:` mapping to a freshly dealt (and stacked) Lyabi state."""
    if not setup:
        return
    for key in setup:
        if key not in KEYS:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(KEYS))})")
    assert state.cardset is not None
    table = table_of(state.cardset)
    data = game_data(state)
    picks = setup.get("circles", [])
    if not isinstance(picks, list) or len(picks) not in (0, 2):
        raise refs.fail("setup.circles", "expected two circle codes, P1's then P2's: [CB0, CR0]")
    taken: set[int] = set()
    for seat, code in enumerate(picks):
        if state.zones[f"circles:{seat}"].cards:
            continue
        (card,) = refs.cards([code], f"setup.circles[{seat}]", exclude=taken)
        taken.add(card)
        where = next(name for name, zone in state.zones.items() if card in zone.cards)
        state.move([card], where, f"circles:{seat}", "setup")
    colours = []
    for seat in range(2):
        circles = state.zones[f"circles:{seat}"].cards
        if not circles:
            raise refs.fail("setup", "give each side a circle (circles: [CB0, CR0]) to begin a round")
        colours.append(table.of(circles[0]).attribute)
    if "priority" in setup:
        data["priority"] = refs.seat(setup["priority"], "setup.priority")
    else:
        data["priority"] = 1 if BEATS[colours[1]] == colours[0] else 0
    round_ = setup.get("round", 1)
    if not isinstance(round_, int) or isinstance(round_, bool) or round_ < 1:
        raise refs.fail("setup.round", "expected a whole number of at least 1")
    at = setup.get("at", "main")
    if at not in AT:
        raise refs.fail("setup.at", f"expected one of {', '.join(AT)}")
    hp = setup.get("hp", data["hp"])
    if not isinstance(hp, list) or len(hp) != 2 or not all(isinstance(h, int) and h > 0 for h in hp):
        raise refs.fail("setup.hp", "expected two whole numbers above 0, such as [15, 4]")
    data["hp"] = list(hp)
    state.scores = list(hp)
    data["round"] = round_ - 1
    saved = state.params["priority"]
    state.params["priority"] = "fixed"  # the round begins with the priority stated, not alternated
    game._new_round(state, [])
    state.params["priority"] = saved
    data["todo"] = data["todo"][AT[at] :]
    data["setup_tries"] = 1
    state.active = None
    game._advance(state, [])

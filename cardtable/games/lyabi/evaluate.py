"""How a Lyabi position stands for each seat, as a search bot's evaluation (Game.evaluate).

The heuristic bot's judgement as a number: HP left first (a seat at 0 has lost), then the damage its
side can deal in a battle: the attack of its circles (the Lv5 and Lv11 circles it built) and the times
of the lyabi it holds in hand, deck and discard pile (a lyabi with doubled times is worth double), and
the item it keeps for a battle's outcome (the War God's Sword, the Mirror, the Brush: used only when a
battle goes one way, so held over rounds). Without that a search scored the held Sword at nothing and
gave it up for a blind item, which excludes the one held (issue 28's playtest)."""

from __future__ import annotations

from ...rules.game import standing, win_shares
from ...rules.state import GameState
from .cards import table_of

CIRCLE_WORTH = 0.5  # HP one point of circle attack is worth
TIMES_WORTH = 0.3  # HP one point of a held lyabi's times is worth
# HP an item kept for a battle's outcome is worth: below the Sword's 3, so using it when it applies
# still scores better than keeping it; at 1.5 a search still gave the Sword up for a blind item to be
# rid of a lyabi it feared to charge (tests/test_lyabi_bot.py)
HELD_ITEM_WORTH = 2.5
KEPT_FOR = frozenset(("reveal", "win", "lose"))  # the timings of those items (cards/lyabi.yaml `on`)
SCALE = 3.0  # HP of lead that makes a position clearly better


def evaluate(state: GameState) -> list[float]:
    """Each seat's standing in [0, 1] (module docstring)."""
    if state.over:
        return win_shares(state)
    assert state.cardset is not None
    table = table_of(state.cardset)
    zones = state.zones
    hp = state.data["hp"]
    strength = []
    for seat in range(state.seats):
        attack = sum(table.of(c).atk for c in zones[f"circles:{seat}"].cards)
        times = sum(
            float(table.of(c).times)
            for name in (f"hand:{seat}", f"deck:{seat}", f"discard:{seat}")
            for c in zones[name].cards
            if table.of(c).kind == "lyabi"
        )
        kept = sum(1 for c in zones[f"item:{seat}"].cards if table.of(c).on in KEPT_FOR)
        strength.append(hp[seat] + CIRCLE_WORTH * attack + TIMES_WORTH * times + HELD_ITEM_WORTH * kept)
    return standing(strength, SCALE)

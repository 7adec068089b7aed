"""Risugeon options: the rulebook's numbers, and every PROVISIONAL choice of the spec as a named parameter.

Card values (costs, points, effects, the 22 actions and 7 gems of spec R1-R3) live in the card set
YAML, marked `provisional` there; the choices below are about how the rules run.
"""

from __future__ import annotations

from typing import Any

from ...rules.game import Param, ParamError

MAX_SETS = 4  # the rulebook's four sets for four players; a box holds the sets not in use

PARAMS: tuple[Param, ...] = (
    Param("cardset", "risugeon", "the card set: a bundled name (cards/NAME.yaml) or a path to a YAML file"),
    Param(
        "sets",
        0,
        "card sets mixed into the game (0 = as many as players; at least the number of "
        "players, at most 4). There are always exactly the 7 gems of one set",
        0,
        MAX_SETS,
    ),
    Param("hand_size", 4, "cards drawn at setup and at End step 4 (the rulebook's 4)", 1, 10),
    Param("display_size", 4, "public actions shown face up (the rulebook's 4)", 1, 10),
    Param("start_combat", 6, "lowest-skill combat cards in each starting deck (the rulebook's 6)", 0, 20),
    Param("start_production", 2, "production cards in each starting deck (the rulebook's 2)", 0, 20),
    Param("stock_cost", 1, "PS paid to send one action to the stock area (the rulebook's 1)", 1, 10),
    Param(
        "gem_access",
        "top",
        "R4: which gem may be challenged: top = only the top of the gem pile "
        "(lowest required skill first), any = any gem left",
        choices=("top", "any"),
        provisional=True,
    ),
    Param(
        "ps_target",
        "display",
        "R5: what 1 PS sends to the stock area (配置アクション): display = one of "
        "the public actions (then refilled), play = an action in your own play area",
        choices=("display", "play"),
        provisional=True,
    ),
    Param(
        "random_start",
        False,
        "R6: pick the start player at random (false: P1 starts; seat order is turn order)",
        provisional=True,
    ),
    Param(
        "tie_break",
        "latest",
        "R6: a tie for most points goes to the tied player latest in turn order (後攻), or is shared",
        choices=("latest", "shared"),
        provisional=True,
    ),
    Param(
        "reshuffle_mid_draw",
        True,
        "R7: a draw or look that empties the deck reshuffles the discard "
        "pile and goes on (false: it stops short; only a deck empty at the start is rebuilt)",
        provisional=True,
    ),
    Param(
        "action_rebuild",
        "empty",
        "R5/R11: when the stock area is shuffled into a new action deck: empty = the moment the action "
        "deck runs out (the rulebook: 「アクションの山にカードがなくなった場合、在庫置き場にあるカードを"
        "シャッフルし」), refill = only when a refill of the public actions needs a card (an action just "
        "sent to the stock area can then come straight back)",
        choices=("empty", "refill"),
    ),
    Param(
        "gem_uses_training",
        True,
        "R8: challenging a gem uses one training like any other training",
        provisional=True,
    ),
    Param(
        "gem_spends_skill",
        True,
        "R8: a gem's required skill is paid (false: it is only a threshold)",
        provisional=True,
    ),
    Param(
        "last_gem_ends",
        "now",
        "R10: when the last gem is taken the game ends at once (now), or after "
        "that player's training phase (turn)",
        choices=("now", "turn"),
        provisional=True,
    ),
    Param(
        "discard_public",
        True,
        "R12: discard piles are public (false: only their top card is seen)",
        provisional=True,
    ),
    Param(
        "max_rounds",
        60,
        "a cap of ours so every game ends: after this many rounds (every player one "
        "turn) the game is scored as it stands. Random play may never take the last gem",
        1,
        1000,
        provisional=True,
    ),
    Param(
        "max_turn_actions",
        120,
        "a cap of ours so every turn ends: after this many plays, discards, "
        "trainings, stocks and ability uses in one turn only ending the phase is left (card text edited "
        "into a loop, such as an ability that pays for itself, cannot run for ever)",
        10,
        10000,
        provisional=True,
    ),
)


def set_count(params: dict[str, Any], seats: int) -> int:
    """How many card sets are mixed in (ParamError when fewer than the players)."""
    sets = int(params["sets"]) or seats
    if sets < seats:
        raise ParamError(f"sets: {sets} card sets are too few for {seats} players (one set per player)")
    return min(sets, MAX_SETS)

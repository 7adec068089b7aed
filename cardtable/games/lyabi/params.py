"""Lyabi options: the rulebook's numbers, and every PROVISIONAL resolution of the spec
(shared/rules/lyabi.md, R1-R14) or of ours, where the spec is silent too, as a named parameter.

Card values (cost, times, ATK, the initial HAND and Deck, the items' timings and effects: R2, R3, R6)
live in the card set YAML, marked `provisional` per field there; the choices below are about how the
rules run.
"""

from __future__ import annotations

from ...rules.game import Param

ATTRIBUTES = ("blue", "green", "red")
BEATS = {"blue": "red", "red": "green", "green": "blue"}  # 青は赤に強い, 赤は緑に強い, 緑は青に強い
CIRCLE_LEVELS = (0, 5, 11)

PARAMS: tuple[Param, ...] = (
    Param("cardset", "lyabi", "the card set: a bundled name (cards/NAME.yaml) or a path to a YAML file"),
    Param(
        "start_hp", 15, "R1: each player's starting HP (the rulebook prints none)", 1, 99, provisional=True
    ),
    Param(
        "draw_in_round_one",
        False,
        "R4: whether round 1 has a draw phase on top of the initial HAND (false: the initial HAND "
        "is the first hand)",
        provisional=True,
    ),
    Param(
        "dummy_concedes",
        True,
        "R5: a lyabi against a Dummy wins unopposed and deals its damage (false: a Dummy on "
        "either side means no battle)",
        provisional=True,
    ),
    Param(
        "same_attribute",
        "draw",
        "R5: two battle lyabi of the same attribute: a draw, no damage (draw); or the higher "
        "total times wins (times; equal is still a draw)",
        choices=("draw", "times"),
        provisional=True,
    ),
    Param(
        "priority",
        "alternate",
        "R9: the priority player (first main and item phases, first to resolve items at the "
        "same timing) alternates each round (alternate) or stays the setup winner (fixed)",
        choices=("alternate", "fixed"),
        provisional=True,
    ),
    Param(
        "round_per_circle",
        True,
        "R11: with two matching circles, each circle's damage is rounded down on its own "
        "and then added (false: add first, then round down)",
        provisional=True,
    ),
    Param(
        "change_may_take_none",
        True,
        "R13: making change (method b) may take 0, 1 or 2 lyabi (false: at least 1)",
        provisional=True,
    ),
    Param(
        "deck_out",
        "empty",
        "R8: when 'the deck runs out completely' loses, checked at each draw phase: empty = deck and "
        "discard pile both empty (not a single card to draw); short = fewer than the 3 cards a draw takes "
        "(both at once: a draw)",
        choices=("empty", "short"),
        provisional=True,
    ),
    Param(
        "max_circles",
        2,
        "circles a player may have placed (the rulebook's 2); R7: at the limit, one of yours "
        "is excluded to place a new one",
        1,
        3,
    ),
    Param(
        "max_setup_picks",
        20,
        "setup: circles of the same attribute are put back and picked again; after this many "
        "tries the first seat is the priority player (a cap of ours, so setup always ends)",
        1,
        100,
        provisional=True,
    ),
    Param(
        "max_rounds",
        200,
        "a cap of ours so every game ends: after this many rounds the player with more HP "
        "wins (equal: a draw). Two players who always decline battle would never end it",
        1,
        10000,
        provisional=True,
    ),
)

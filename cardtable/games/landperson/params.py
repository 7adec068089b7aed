"""Land & Person options: the two modes, the rulebook's numbers, and every PROVISIONAL choice of the spec
(shared/rules/land-person.md R1-R13) or of ours where the spec is silent too, as a named parameter.

Card values (★, costs, intelligence, attack, abilities: spec R3) live in cards/landperson.yaml, marked
`provisional` there; the choices below are about how the rules run.
"""

from __future__ import annotations

from typing import Any

from ...rules.game import Param

DECK, SHARED = "deck", "shared"  # the rulebook's デッキ構築対戦ルール and 山札共有対戦ルール

PARAMS: tuple[Param, ...] = (
    Param(
        "mode",
        DECK,
        "deck: deck construction (each player's own land deck worth ★10 and 40-person deck, repair, "
        "special abilities); shared: one person deck and one land deck for both, lands occupied",
        choices=(DECK, SHARED),
    ),
    Param("cardset", "landperson", "the card set: a bundled name (cards/NAME.yaml) or a path to a YAML file"),
    Param(
        "deck_1",
        "",
        "deck construction: player 1's deck as card codes with counts (`L1 L3 L8 P01x5 P02x5 ...`), "
        "from player 1's half of the cards; empty = the recommended build (the deck-building bot)",
    ),
    Param("deck_2", "", "deck construction: player 2's deck, written as deck_1"),
    Param("deck_size", 40, "deck construction: persons in each deck (the rulebook's 40)", 1, 45),
    Param("land_stars", 10, "deck construction: ★ of each land deck (the rulebook's ★10)", 1, 18),
    Param(
        "start_hand",
        5,
        "cards in each starting hand (the rulebook's 5: drawn in deck construction, kept in shared)",
        1,
        9,
    ),
    Param("hand_limit", 5, "the end phase discards down to this many (the rulebook's 5)", 1, 20),
    Param("spoils_to_win", 10, "persons taken as spoils that win (the rulebook's 10)", 1, 90),
    Param(
        "occupied_stars_to_win", 10, "shared deck: ★ of occupied lands that win (the rulebook's 10)", 1, 36
    ),
    Param(
        "discards_to_win",
        20,
        "shared deck: persons in your discard pile (the opponent's discards) that win (the rulebook's 20)",
        1,
        90,
    ),
    Param("shared_deal", 10, "shared deck: persons dealt to each player at setup (the rulebook's 10)", 6, 20),
    Param(
        "first_person_max_cost",
        2,
        "shared deck: the highest recruitment cost a first person may have (the rulebook's 2)",
        0,
        4,
    ),
    Param(
        "recruit_payment",
        "discard",
        "R2: how a recruitment cost is paid: discard = discard that many other hand cards; "
        "exhaust_int = make ready persons acted whose intelligence totals the cost",
        choices=("discard", "exhaust_int"),
        provisional=True,
    ),
    Param(
        "land_order",
        "shuffle",
        "R4: a deck-construction land deck is shuffled by its owner (shuffle), or kept in the order the "
        "deck text writes it, the first land on top (chosen)",
        choices=("shuffle", "chosen"),
        provisional=True,
    ),
    Param(
        "below_cost_attempts",
        False,
        "R6: commerce, hunting or repair may be tried with persons whose total is below the cost: they "
        "are spent and nothing comes of it (false: such an attempt is refused and nothing is spent)",
        provisional=True,
    ),
    Param(
        "first_person_ready",
        True,
        "R9: shared-deck first persons enter ready (false: preparing, ready at their owner's first turn "
        "end or start; they cannot defend before it)",
        provisional=True,
    ),
    Param(
        "release_after_return",
        True,
        "R13: the income option (discard a wanderer to draw 1) is open in a turn whose return phase "
        "returned a wanderer (false: one or the other)",
        provisional=True,
    ),
    Param(
        "attacks_per_turn",
        1,
        "R1: attacks the active player may declare in one battle phase",
        0,
        5,
        provisional=True,
    ),
    Param(
        "capture_per_win",
        1,
        "R1: persons the winner of an intercept takes as spoils (the Warlord adds its own)",
        0,
        5,
        provisional=True,
    ),
    Param(
        "repair_with_acted",
        True,
        "R5: acted persons may be sent to wander for a repair (false: only ready persons)",
        provisional=True,
    ),
    Param(
        "warlord_must_fight",
        True,
        "R3 (ours): the Warlord's extra capture needs the Warlord among the winning persons "
        "(false: any Warlord on the winner's field)",
        provisional=True,
    ),
    Param(
        "simultaneous_win",
        "active",
        "R12: when both players meet a win condition at once: active = the player whose turn it is "
        "wins, draw = nobody does",
        choices=("active", "draw"),
        provisional=True,
    ),
    Param(
        "first_player",
        0,
        "R11: who goes first: 0 = at random (the coin flip), 1 or 2 = that player",
        0,
        2,
        provisional=True,
    ),
    Param(
        "shared_deck_out",
        "compare",
        "R8: when the shared person deck has no card for an income draw, or the land deck none for a "
        "new land: compare = the game ends, more spoils, then more occupied ★, then more discards win",
        choices=("compare",),
        provisional=True,
    ),
)


def specials_apply(params: dict[str, Any]) -> bool:
    """Whether persons' special abilities (特殊能力) count: not in the shared-deck mode (its 諸注意)."""
    return params["mode"] == DECK

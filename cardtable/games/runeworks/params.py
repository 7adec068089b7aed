"""Rune Works! options: the Magician Level, and every PROVISIONAL choice of the spec as a named parameter."""

from __future__ import annotations

from typing import Any

from ...rules.game import Param

PARAMS: tuple[Param, ...] = (
    Param(
        "level",
        3,
        "Magician Level 1-5; each level adds magic (2: Seek, Boost; 3: Call, Shot; "
        "4: MP and Blast over 5 rounds; 5: 200 MP, 7 rounds, meld damage, Blast Shot)",
        1,
        5,
    ),
    Param("hand_size", 7, "cards dealt to each magician (the rulebook's 7)", 3, 8),
    Param("rounds", 0, "rounds in a match at Levels 4-5 (0 = the level's own: 5 or 7)", 0, 50),
    Param(
        "start_mp",
        0,
        "MP each magician starts with at Levels 4-5 (0 = the level's own: 100 or 200)",
        0,
        10000,
    ),
    Param("first_card_face_up", False, "R1: turn the top card up to start the Mana Pool", provisional=True),
    Param(
        "ace_high_sequences",
        False,
        "R4: an ace may follow a king in a sequence (Q-K-A; never K-A-2)",
        provisional=True,
    ),
    Param(
        "sevens_call_set",
        True,
        "R5: three or more 7s may be Set as a Call Set ('Call: Spirits')",
        provisional=True,
    ),
    Param(
        "lone_seven_claims",
        True,
        "a released 7 may be claimed alone as an Elemental: Shot when that lets the magician Ignite, "
        "Seek before drawing (rulebook: a 7 'may be set alone as an Elemental Sequence')",
    ),
    Param(
        "must_keep_one_card",
        True,
        "R6: a Set or Boost may not empty the hand; the last card is Released "
        "(if false, emptying the hand by setting also Ignites)",
        provisional=True,
    ),
    Param(
        "all_shots_resolve",
        True,
        "R7/R15: every valid Ignite Shot on one discard resolves and they share "
        "the win (false: only the first from the discarder's left)",
        provisional=True,
    ),
    Param(
        "blast_bonus_stacks",
        False,
        "R9: Blast +50 and the Blast Shot 50 penalty add to the Ignite +10 and "
        "Shot 10 instead of replacing them",
        provisional=True,
    ),
    Param(
        "blast_counts_boosts",
        True,
        "R10: cards boosted onto any meld count toward a Blast's 7",
        provisional=True,
    ),
    Param(
        "meld_damage_counts_elementals",
        True,
        "R11: a lone 7 counts as a meld for Level-5 meld damage",
        provisional=True,
    ),
    Param(
        "max_stock_rebuilds",
        3,
        "R12: how often per round the Mana Pool (all but its top card) is "
        "shuffled into a new stock; after that an empty stock ends the round with no igniter "
        "(a cap of ours so every round ends)",
        0,
        20,
        provisional=True,
    ),
    Param(
        "leady_every_round",
        True,
        "R13: every round starts with Leady work (false: the last igniter, "
        "or the seat after the last starter, begins)",
        provisional=True,
    ),
    Param(
        "leady_second_from_rest",
        True,
        "R3: a tied magician compares again from the remaining hand, without the card already shown "
        "(rulebook: 残った手札から; false: any card of the hand, as the spec's R3 reads it)",
    ),
    Param(
        "leady_max_compares",
        2,
        "R3: Leady-work comparisons among tied seats before a random pick",
        1,
        10,
        provisional=True,
    ),
    Param(
        "max_overtime_rounds",
        3,
        "R14: extra rounds played while MP ties remain; then the tied share the rank",
        0,
        20,
        provisional=True,
    ),
    Param(
        "overtime_on_any_tie",
        True,
        "R14: any two magicians with equal MP trigger overtime (false: only a tie for first place)",
        provisional=True,
    ),
    Param("cardset", "standard52", "the card set (a YAML file in cards/) the deck is drawn from"),
)


def round_limit(params: dict[str, Any]) -> int:
    """Rounds in the match before overtime: 1 at Levels 1-3, else 5 (L4) / 7 (L5) unless set."""
    level = params["level"]
    if level <= 3:
        return 1
    return params["rounds"] or (5 if level == 4 else 7)


def start_mp(params: dict[str, Any]) -> int:
    """Starting MP: 0 at Levels 1-3 (no MP), 100 at L4, 200 at L5 unless set."""
    level = params["level"]
    if level <= 3:
        return 0
    return params["start_mp"] or (100 if level == 4 else 200)

"""Sainome options: the rulebook's numbers and variants, and every PROVISIONAL choice of the spec (or of
ours, where the spec is silent too) as a named parameter.

Card values (links, icons, damage, the characters' faces, skills and awakening: spec R3-R4) live in the
card set YAML, marked `provisional` there; the choices below are about how the rules run.
"""

from __future__ import annotations

from ...rules.game import Param

SLOTS = ("top", "right", "bottom", "left")  # a character's sides, in the order its faces are written

PARAMS: tuple[Param, ...] = (
    Param("cardset", "sainome", "the card set: a bundled name (cards/NAME.yaml) or a path to a YAML file"),
    Param(
        "hp_size",
        10,
        "cards in each HP deck (the rulebook's 10; it suggests 5 or 7 for shorter games)",
        1,
        20,
    ),
    Param(
        "hp_draft",
        False,
        "the advanced rule HP山札ドラフト式: pick your HP deck from 10 dealt cards, "
        "passing the rest to the opponent, each pick going under your HP deck (you know its order)",
    ),
    Param(
        "hand_limit",
        5,
        "the hand limit: Hand refill draws up to it, the trash phase discards down to it (the rulebook's 5)",
        1,
        20,
    ),
    Param("first_hand", 5, "cards dealt to each hand at the first setup (the rulebook's 5)", 0, 20),
    Param(
        "actions_per_turn",
        2,
        "how many different actions of the four an action phase allows (the rulebook's 2)",
        1,
        4,
    ),
    Param(
        "max_setup_rolls",
        10,
        "R2: a tied setup roll is rolled again; after this many ties in a row the "
        "first seat wins the roll (a cap of ours, so setup always ends)",
        1,
        100,
        provisional=True,
    ),
    Param(
        "setup_equip_order",
        "together",
        "how the two players set equipment at the first setup. The rulebook has both do it at once "
        "(「互いに…キャラクターに自由に装備させてください」): together = each sets it behind the hand-off, "
        "unseen by the other, and both layouts are shown together when the second is done; first or "
        "second = one after the other in the open, the first player (first) or the other (second) first, "
        "the later one seeing the earlier's",
        choices=("together", "first", "second"),
        provisional=True,  # that "at once" hides each layout until both are set is our reading
    ),
    Param(
        "fire_order",
        "choose",
        "R4 note 2: when several slots show the rolled face their cards resolve "
        "one at a time, every one of them; choose = the roller picks the order, slot = top, right, "
        "bottom, left",
        choices=("choose", "slot"),
        provisional=True,
    ),
    Param(
        "six_cards_fire_on_face",
        True,
        "R9: a card with the 6 icon that is equipped also fires when its slot's face is rolled",
        provisional=True,
    ),
    Param(
        "catalyst_may_decline",
        False,
        "R7: a player holding an item may decline to pay a catalyst and "
        "let the magic fizzle (false: the catalyst is paid whenever one is held)",
        provisional=True,
    ),
    Param(
        "flip_mismatch",
        "stay",
        "when a character turns over and a slot's face changes, equipment whose "
        "links no longer match stays (stay), goes back to the hand (hand) or to the discard pile "
        "(discard). The rulebook is silent: links are checked when cards are set "
        "(「リンクシンボルが繋がらない場合は装備することができません」), and 覚醒 only turns the card over; so "
        "by default nothing is taken off and the card fires on its slot's new face",
        choices=("stay", "hand", "discard"),
        provisional=True,
    ),
    Param(
        "removed_bomb",
        "discard",
        "R6: a Time Bomb removed by an equipment change, Quick Change or Reset "
        "goes to the discard pile (discard, the spec's Time Bomb card), back to the hand of the player who "
        "set it (placer), or where the rest of that character's equipment goes (hand: the rulebook's "
        "装備変更 returns 「キャラクターにセットされたサイノメカードを全て手札に戻し」, every card set on the "
        "character, to its player's hand; Reset discards them all, the bomb with them)",
        choices=("discard", "placer", "hand"),
        provisional=True,
    ),
    Param(
        "zero_damage_triggers",
        False,
        "R5 step 8: whether a damage event reduced to 0 still counts as "
        "damage suffered (Playing Innocent, awakening on damage)",
        provisional=True,
    ),
    Param(
        "max_strike_backs",
        10,
        "a cap of ours so a chain of counter cards always ends: at most this many "
        "counter cards that deal damage back (Counterstrike) are used in one turn; after that the window is "
        "still asked but offers only the others. The set has 2 such cards, so play never meets it",
        0,
        100,
        provisional=True,
    ),
    Param(
        "max_turns",
        200,
        "a cap of ours so every game ends: after this many turns the player with more "
        "HP cards left wins (equal: nobody). Random play may never empty an HP deck",
        2,
        10000,
        provisional=True,
    ),
)

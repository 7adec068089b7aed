"""Sainome's words: the move notation (the default notation with this game's move kinds and slot
words) and plain-language narration for logs. The notation itself is documented in the game module;
the reasons a move is refused are its rules' own words (moves.py)."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.notation import AnyWord, MoveForm, OneOf
from ...rules.state import GameState
from .cards import table_of
from .host import slot_zone
from .params import SLOTS

SLOT = OneOf({**{s: s for s in SLOTS}, **{s[0]: s for s in SLOTS}}, "a slot")  # `bomb l` = `bomb left`
SLOT_OR_HAND = OneOf({**SLOT.words, "hand": "hand"}, "a slot or hand")  # a 6 may fire a hand card
# What follows each kind word. A place may be left out when the card is in only one place that fits
# ("fire LS" when only the LS in the top slot fires); a hand card is written without a place.
MOVES = {
    **{kind: MoveForm() for kind in ("roll", "refill", "change", "attack", "end", "done", "pass")},
    "take": MoveForm(target=AnyWord(lower=True), example="take first"),
    "bomb": MoveForm(target=SLOT, example="bomb left"),
    "choose": MoveForm(target=AnyWord(lower=True), example="choose attack"),
    **{kind: MoveForm(1, example=f"{kind} LS") for kind in ("use", "counter", "catalyst", "heal", "trash")},
    "fire": MoveForm(1, target=SLOT_OR_HAND, example="fire LS top"),
    "target": MoveForm(1, target=SLOT, example="target LS top"),
    "equip": MoveForm(1, target=SLOT, example="equip LS top"),
    "pick": MoveForm(1, example="pick SWM"),
    "draft": MoveForm(1, example="draft LS"),
    "discard": MoveForm(1, target=SLOT, example="discard LS top"),
}


class SainomeWords:
    """Notation and narration (mixed into the Sainome rules)."""

    # -- notation ----------------------------------------------------------------------------
    move_forms = MOVES
    target_word = ""  # `equip LS top`: the place follows the card bare

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        """Where a move's card comes from: the named slot, the characters, the draft packet, or the hand."""
        if target in SLOTS and kind != "equip":
            return list(state.zones[slot_zone(seat, target)].cards)
        zone = {"pick": "characters", "draft": f"draft:{seat}"}.get(kind, f"hand:{seat}")
        return list(state.zones[zone].cards)

    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        table = table_of(state.cardset)
        names = ", ".join(table.card[c].name.get("en") for c in action.cards)
        where = f" ({action.target})" if action.target else ""
        words = {
            "roll": "rolls for the rights",
            "take": f"takes the {action.target} right",
            "pick": f"picks {names}",
            "draft": "drafts a card",
            "equip": f"equips {names} on the {action.target} slot",
            "refill": "refills the hand",
            "change": "changes equipment",
            "use": f"uses {names}",
            "attack": "attacks",
            "end": "ends the phase",
            "trash": f"discards {names}",
            "fire": f"resolves {names}{where}",
            "pass": "passes",
            "done": "is done",
            "counter": f"counters with {names}",
            "target": f"charges {names}{where}",
            "catalyst": f"pays {names} as catalyst",
            "heal": f"heals with {names}",
            "bomb": f"sets the bomb on the {action.target} slot",
            "choose": f"chooses {action.target}",
            "discard": f"discards {names}{where}",
        }
        return words.get(action.kind, self.describe(state, action))

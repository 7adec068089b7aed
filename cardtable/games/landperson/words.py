"""Land & Person's words: the move notation (the default `kind CODE...` with this game's move kinds) and
plain English narration for logs. The table's words in both languages are in narration.py; the reasons a
move is refused are its rules' own words (moves.py)."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.notation import MoveForm
from ...rules.state import GameState

ONE_CARD = ("first", "putback", "recall", "release", "recruit", "pay", "repair", "use", "top", "take", "add")
MOVES = {
    **{kind: MoveForm(1, example=f"{kind} P01") for kind in ONE_CARD},
    "repair": MoveForm(1, example="repair L4"),
    "capture": MoveForm(1, example="capture P07"),
    "discard": MoveForm(1, example="discard P01"),
    **{
        kind: MoveForm()
        for kind in (
            "nofirst",
            "norecall",
            "norelease",
            "commerce",
            "hunt",
            "battle",
            "attack",
            "noattack",
            "intercept",
            "siege",
            "done",
        )
    },
}


class LandPersonWords:
    """Notation and narration (mixed into the Land & Person rules)."""

    move_forms = MOVES

    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        names = ", ".join(state.cardset.physical()[c].name.get("en") for c in action.cards)
        words = {
            "first": "lays a first person face down",
            "nofirst": "has no person cheap enough to lay first",
            "putback": "puts a card back into the deck",
            "recall": f"returns {names} to the field",
            "norecall": "returns nobody",
            "release": f"discards the wandering {names} to draw",
            "norelease": "keeps the wanderers",
            "recruit": f"recruits {names}",
            "pay": f"discards {names} to pay",
            "commerce": "starts commerce",
            "hunt": "starts hunting",
            "repair": f"starts repairing {names}",
            "use": f"uses {names}'s specialty",
            "top": f"puts {names} back on top",
            "take": f"takes {names} from the discard pile",
            "add": f"sends {names}",
            "done": "carries it out",
            "battle": "goes to battle",
            "attack": "declares an attack",
            "noattack": "does not attack",
            "intercept": "intercepts",
            "siege": "holds a siege",
            "capture": f"captures {names}",
            "discard": f"discards {names}",
        }
        return words.get(action.kind, self.describe(state, action))

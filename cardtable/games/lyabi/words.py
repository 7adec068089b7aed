"""Lyabi's words: its move notation (the default notation with this game's move kinds and target
words) and plain English for logs. The notation is documented in the game module; the reasons a
move is refused are its rules' own words (moves.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.actions import Action
from ...rules.blind import PLACE
from ...rules.notation import CardCodeWord, MoveForm, OneOf, TargetWords
from ...rules.state import GameState
from .cards import table_of
from .params import CIRCLE_LEVELS


@dataclass(frozen=True)
class PoolPicks(TargetWords):
    """Up to two lyabi codes joined by + (`R3+G1`), written in the pool's order whatever order is typed."""

    noun: str = "up to two lyabi codes joined by + (R3+G1)"

    def read(self, state: GameState, word: str) -> str | None:
        assert state.cardset is not None
        order = table_of(state.cardset).lyabi_codes
        upper = {code.upper(): code for code in order}
        codes = [upper.get(part.upper()) for part in word.split("+")]
        if not 1 <= len(codes) <= 2 or None in codes:
            return None
        return pool_text([c for c in codes if c is not None], order)


def pool_text(codes: list[str], order: tuple[str, ...]) -> str:
    """Lyabi codes as one target word, in the pool's order."""
    return "+".join(sorted(codes, key=order.index))


LEVEL = OneOf({str(level): str(level) for level in CIRCLE_LEVELS}, "a circle level")
ATTRIBUTE = OneOf(
    {"blue": "blue", "green": "green", "red": "red", "b": "blue", "g": "green", "r": "red"}, "an attribute"
)
MOVES = {
    "pick": MoveForm(target=PLACE, example="pick to 3"),
    "buy": MoveForm(1, more=True, target=CardCodeWord(numbered=False), example="buy B3 B1 to G3"),
    "change": MoveForm(1, target=PoolPicks(), example="change B5 to R3+G1"),
    "circle": MoveForm(1, more=True, target=LEVEL, example="circle B5 to 5"),
    "item": MoveForm(1, more=True, example="item B3"),
    "charge": MoveForm(1, more=True, example="charge R5 R5"),
    "dummy": MoveForm(),
    "use": MoveForm(),
    "pass": MoveForm(),
    "gain": MoveForm(target=CardCodeWord(numbered=False), example="gain to B3"),
    "recolour": MoveForm(target=ATTRIBUTE, example="recolour to red"),
}


class LyabiWords:
    """Notation and English narration (mixed into the Lyabi rules)."""

    move_forms = MOVES

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        """Where a move's cards come from: the hand, and for a circle also your placed circles."""
        hand = list(state.zones[f"hand:{seat}"].cards)
        if kind == "circle":
            return hand + list(state.zones[f"circles:{seat}"].cards)
        return hand

    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        table = table_of(state.cardset)
        names = ", ".join(table.of(c).code for c in action.cards)
        words = {
            "pick": f"picks the circle at place {action.target} without looking",
            "buy": f"pays {names} for {action.target}",
            "change": f"makes change with {names} for {action.target or 'nothing'}",
            "circle": f"pays {names} for a Lv{action.target} circle",
            "item": f"pays {names} for an item",
            "charge": f"places {len(action.cards)} face down",
            "dummy": "places a card face down",
            "use": "uses an item",
            "pass": "passes",
            "gain": f"takes {action.target}",
            "recolour": f"makes the battle lyabi {action.target}",
        }
        return words.get(action.kind, self.describe(state, action))  # type: ignore[attr-defined]

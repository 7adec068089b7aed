"""Rune Works! in words: the move notation (the default `kind CODE... [to TARGET]` with this game's
move kinds) and plain-language narration for logs. The reasons a move is refused are its rules' own
words (moves.py)."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.notation import Matching, MoveForm
from ...rules.state import GameState

LEADY, START, PLAY, CLAIM, OVER = "leady", "start", "play", "claim", "over"  # the phases


def hand(state: GameState, seat: int) -> list[int]:
    """A seat's hand zone cards."""
    return state.zones[_HANDS[seat] if seat < 6 else f"hand:{seat}"].cards


_HANDS = tuple(f"hand:{seat}" for seat in range(6))  # the zone names, not formatted at every question


# The moves and what follows each kind word; a Boost names its meld after "to" (melds are numbered
# m0, m1... in the order they were set), and may leave it out when the card extends only one meld.
MOVES = {
    "reveal": MoveForm(1, example="reveal H9"),
    "noreveal": MoveForm(),
    "draw": MoveForm(),
    "seek": MoveForm(0, more=True, example="seek S4 S5"),  # a bare `seek` takes a released 7 alone
    "set": MoveForm(1, more=True, example="set S3 S4 S5"),
    "boost": MoveForm(1, target=Matching(r"m\d+", "a meld name like m0"), example="boost H8 to m2"),
    "release": MoveForm(1, example="release H3"),
    "pass": MoveForm(),
    "call": MoveForm(1, more=True, example="call C5 S5"),
    "shot": MoveForm(),
}

RANK_WORDS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}


def _card_words(state: GameState, card: int) -> str:
    """A card as players say it: rank and suit symbol (7♥)."""
    assert state.cardset is not None
    spec = state.cardset.physical()[card]
    rank = int(spec.get("rank"))
    return f"{RANK_WORDS.get(rank, str(rank))}{SUIT_SYMBOLS.get(spec.get('suit'), '?')}"


class RuneWorksWords:
    """The notation and narration of the Rune Works! rules (mixed into RuneWorks)."""

    move_forms = MOVES

    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        names = " ".join(_card_words(state, c) for c in action.cards)
        words = {
            "draw": "draws from the Mana Source",
            "noreveal": "shows nothing (counts 0)",
            "pass": "passes",
            "shot": "Ignite Shot!",
            "reveal": f"shows {names}",
            "release": f"releases {names}",
            "set": f"sets {names}",
            "seek": f"seeks the discard with {names}",
            "call": f"calls the discard with {names}",
            "boost": f"boosts {names} onto meld {action.target}",
        }
        return words.get(action.kind, self.describe(state, action))

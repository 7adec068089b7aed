"""Rune Works! in words: the move notation (the default `kind CODE... [to TARGET]` with this game's
move kinds), plain-language narration for logs, and the reasons a move is refused, as players would
say them."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.game import seat_has_no_decision
from ...rules.notation import Matching, MoveForm
from ...rules.state import GameState
from .melds import SPIRIT_RANK, classify, deck_of

LEADY, START, PLAY, CLAIM, OVER = "leady", "start", "play", "claim", "over"  # the phases


def hand(state: GameState, seat: int) -> list[int]:
    """A seat's hand zone cards."""
    return state.zones[f"hand:{seat}"].cards


# The moves and what follows each kind word; a Boost names its meld after "to" (melds are numbered
# m0, m1... in the order they were set), and may leave it out when the card extends only one meld.
MOVES = {
    "reveal": MoveForm(1, example="reveal H9"),
    "noreveal": MoveForm(),
    "draw": MoveForm(),
    "seek": MoveForm(1, more=True, example="seek S4 S5"),
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
    """The notation and explanation half of the Rune Works! rules (mixed into RuneWorks)."""

    move_forms = MOVES

    def _keep(self, state: GameState) -> int:
        """Cards that must stay in hand after a Set, Boost, Seek or Call (R6)."""
        return 1 if state.params["must_keep_one_card"] else 0

    def explain(self, state: GameState, action: Action) -> str:
        seat, kind = action.seat, action.kind
        level = state.params["level"]
        unlock = {"seek": 2, "boost": 2, "call": 3, "shot": 3}
        if kind in unlock and level < unlock[kind]:
            return (
                f"{kind.capitalize()} unlocks at Magician Level {unlock[kind]} (this game is Level {level})"
            )
        if seat_has_no_decision(state, seat):
            if state.active is not None:
                return f"it is Player {state.active + 1}'s turn"
            return f"Player {seat + 1} has nothing to decide now"
        cards = hand(state, seat)
        if any(c not in cards for c in action.cards):
            return "that card is not in your hand"
        if state.phase == START and kind in ("set", "boost", "release"):
            return "Draw first (or Seek the last discard)"
        if state.phase == PLAY and kind in ("draw", "seek"):
            return "you have already drawn this turn"
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        keep = self._keep(state)
        no_spirits = "7s do not form a Call Set in this game (sevens_call_set is off): each 7 is an Elemental"
        if kind == "set":
            shape = classify(action.cards, deck, state.params["ace_high_sequences"])
            if shape is None:
                return (
                    "those cards are not a meld: a Call Set is 3+ of one rank, an Elemental Sequence "
                    "3+ in a row of one suit, an Elemental a lone 7"
                )
            if shape.kind == "CS" and shape.rank == SPIRIT_RANK and not state.params["sevens_call_set"]:
                return no_spirits
            if len(cards) - len(action.cards) < keep:
                return "a Set must keep one card in hand to Release"
        if kind == "boost":
            if state.data["own_melds"][seat] == 0:
                return "Boost needs a meld of your own on the table first"
            if len(cards) - 1 < keep:
                return "a Boost must keep one card in hand to Release"
            return "that card does not extend that meld"
        if kind == "seek":
            return "Seek needs an Elemental Sequence made with the last discard"
        if kind == "call":
            discard = state.data["last_discard"]
            if (
                discard is not None
                and deck.rank[discard] == SPIRIT_RANK
                and not state.params["sevens_call_set"]
            ):
                return no_spirits
            return "Call needs two or more cards of the discarded rank, keeping one to Release"
        if kind == "shot":
            return "that discard does not let you set everything and Ignite"
        return f"{kind} is not allowed now"

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

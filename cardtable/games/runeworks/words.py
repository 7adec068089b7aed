"""Rune Works! in words: the move notation (describe/parse), plain-language narration for logs,
and the reasons a move is refused, as players would say them."""

from __future__ import annotations

from ...rules.actions import Action, NotationError
from ...rules.game import seat_has_no_decision
from ...rules.notation import codes_text, ids_for_codes
from ...rules.state import GameState
from .melds import SPIRIT_RANK, classify, deck_of

LEADY, START, PLAY, CLAIM, OVER = "leady", "start", "play", "claim", "over"  # the phases


def hand(state: GameState, seat: int) -> list[int]:
    """A seat's hand zone cards."""
    return state.zones[f"hand:{seat}"].cards


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

    def describe(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        words = [action.kind, *codes_text(state.cardset, action.cards)]
        if action.target:
            words += ["to", action.target]
        return " ".join(words)

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

    def parse(self, state: GameState, seat: int, text: str) -> Action:
        assert state.cardset is not None
        words = text.split()
        if not words:
            raise NotationError("empty move")
        kind, rest = words[0].lower(), words[1:]
        target = ""
        if kind == "boost":
            if len(rest) != 3 or rest[1].lower() != "to" or not rest[2].lower().startswith("m"):
                raise NotationError("expected 'boost CARD to mN'")
            target = rest[2].lower()
            if not target[1:].isdigit():
                raise NotationError(f"{rest[2]!r} is not a meld name like m0")
            rest = rest[:1]
        arity = {"noreveal": 0, "draw": 0, "pass": 0, "shot": 0, "reveal": 1, "release": 1, "boost": 1}
        if kind in arity:
            if len(rest) != arity[kind]:
                raise NotationError(f"{kind} takes {arity[kind]} card(s), got {len(rest)}")
        elif kind in ("seek", "set", "call"):
            if not rest:
                raise NotationError(f"{kind} needs cards")
        else:
            raise NotationError(
                f"unknown move {kind!r} (moves: reveal, noreveal, draw, seek, set, boost, "
                "release, pass, call, shot)"
            )
        cards = ids_for_codes(state.cardset, rest, range(52))
        return Action(seat, kind, cards, target)

"""Rune Works! moves: one rule per move, the legal actions generated from them, and the reasons a move
is refused (rules/game.py, "one legality per move").

Each `_why_not_<move>` is that move's one rule: LEGAL ("") or why not, as players would say it, and
`why_not` (and so `explain`) answers with them. A rule is written in parts: what the mover must hold
(the hand), the part that is the same for every card (`_<move>_gate`: the level, the phase, a meld of
one's own...) and the parts about the cards named (their shape, `_set_allowed_reason`,
`_keep_reason`, `_order_reason`). legal_actions asks each gate once and the card parts for every
candidate, so the rules' words and the moves offered come from the same predicates; the candidates
are hand cards, so the hand part holds for them.

Melds keep fast generators: trying every group of hand cards would be slow, so new_melds, seek_options
and call_options (melds.py) propose the groups, and the rules' other parts (no Call Set of 7s,
keeping one card) decide each one. Boosts try the hand against each meld with boost_fits, the rule's
fit test (boost_value) for many cards at once. tests/test_runeworks_moves.py checks that each
generator proposes exactly the groups its rule's shape test accepts (and boost_fits exactly the cards
boost_value fits), so generator and rule are provably the same rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ...rules.actions import Action
from ...rules.game import LEGAL, keep_legal, one_card, seat_has_no_decision
from ...rules.notation import codes_text
from ...rules.state import GameState
from .data import game_data
from .melds import (
    CLOSED_MELD,
    SPIRIT_RANK,
    Meld,
    boost_fits,
    boost_value,
    call_options,
    classify,
    deck_of,
    discard_can_meld,
    new_melds,
    seek_options,
    shot_plan,
    shot_rules,
)
from .words import CLAIM, LEADY, PLAY, START, hand

UNLOCK = {"seek": 2, "boost": 2, "call": 3, "shot": 3}  # the Magician Level each move unlocks at
NOT_A_MELD = (
    "those cards are not a meld: a Call Set is 3+ of one rank, an Elemental Sequence "
    "3+ in a row of one suit, an Elemental a lone 7"
)
NO_SPIRITS = "7s do not form a Call Set in this game (sevens_call_set is off): each 7 is an Elemental"
SEEK_NEEDS = "Seek needs an Elemental Sequence made with the last discard"
CALL_NEEDS = "Call needs two or more cards of the discarded rank, keeping one to Release"
NO_EXTEND = "that card does not extend that meld"
ShotPlan = tuple[list[tuple[str, tuple[int, ...], int]], int]


class RuneWorksMoves:
    """Legality of the Rune Works! moves (mixed into RuneWorks)."""

    # -- the moves offered -------------------------------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        # A move that names nothing (noreveal, draw, pass) is legal exactly in its phase, so each
        # phase offers it directly; the others come from their generators below.
        phase = state.phase
        if phase == LEADY:
            reveals = [Action(seat, "reveal", (c,)) for c in sorted(hand(state, seat))]
            return [Action(seat, "noreveal"), *keep_legal(self._why_not_reveal, state, reveals)]
        if phase == START:
            return [Action(seat, "draw"), *self._seeks(state, seat)]
        if phase == PLAY:
            return self._sets(state, seat) + self._boosts(state, seat) + self._releases(state, seat)
        if phase == CLAIM:
            if not self._may_claim(state, seat):
                return [Action(seat, "pass")]
            shot = [] if self._shot_reason(state, seat) else [Action(seat, "shot")]
            return [Action(seat, "pass"), *self._calls(state, seat), *shot]
        return []

    def _may_claim(self, state: GameState, seat: int) -> bool:
        """Whether the seat's hand could take the discard at all (melds.discard_can_meld, the Shot
        rule's first test): when it cannot, it holds fewer than two cards of the discard's rank (no
        Call: call_options needs two) or the discard is a 7 that makes no Call Set (the Call gate
        refuses it), and it has no Shot. Most claim windows end here for most seats, before either
        rule's gate is asked."""
        discard = game_data(state)["last_discard"]
        if discard is None:
            return True  # the gates say why not
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        return discard_can_meld(hand(state, seat), discard, deck, shot_rules(state.params))

    # Each generator asks its rule's seat-wide part once (the `_gate`), then the rest of the rule for
    # every group it proposes. The candidates are hand cards, so the hand part holds for them; the meld
    # generators propose exactly the groups of the right shape, named in order (melds.py, proved by
    # tests/test_runeworks_moves.py), so Set, Seek and Call ask only what is left: 7s and keeping one.
    def _seeks(self, state: GameState, seat: int) -> list[Action]:
        if self._seek_gate(state):
            return []
        discard = game_data(state)["last_discard"]
        assert discard is not None  # the gate says so
        cards = hand(state, seat)
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        options = seek_options(cards, discard, deck, state.params["ace_high_sequences"])
        if self._lone_seven(state, discard):
            options.insert(0, ())  # the 7 taken alone as an Elemental
        return [
            Action(seat, "seek", o) for o in options if not self._keep_reason(state, cards, o, SEEK_NEEDS)
        ]

    def _sets(self, state: GameState, seat: int) -> list[Action]:
        if self._set_gate(state):
            return []
        cards = hand(state, seat)
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        options = new_melds(cards, deck, state.params["ace_high_sequences"])
        return [Action(seat, "set", o) for o in options if not self._set_allowed_reason(state, cards, o)]

    def _boosts(self, state: GameState, seat: int) -> list[Action]:
        if self._boost_gate(state, seat):
            return []
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        ace_high = state.params["ace_high_sequences"]
        ordered = sorted(hand(state, seat))
        out: list[Action] = []
        for index, entry in enumerate(game_data(state)["melds"]):
            target = f"m{index}"
            fits = boost_fits(Meld.from_dict(entry["meld"]), ordered, deck, ace_high)
            out.extend(Action(seat, "boost", (c,), target) for c in fits)
        return out

    def _releases(self, state: GameState, seat: int) -> list[Action]:
        if self._release_gate(state):
            return []
        return [Action(seat, "release", (c,)) for c in sorted(hand(state, seat))]

    def _calls(self, state: GameState, seat: int) -> list[Action]:
        if self._call_gate(state):
            return []
        discard = game_data(state)["last_discard"]
        assert discard is not None  # the gate says so
        cards = hand(state, seat)
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        options = call_options(cards, discard, deck)
        return [
            Action(seat, "call", o) for o in options if not self._keep_reason(state, cards, o, CALL_NEEDS)
        ]

    # -- why not -----------------------------------------------------------------------------
    def why_not(self, state: GameState, action: Action) -> str:
        seat, kind = action.seat, action.kind
        if bad := self._unlock_reason(state, kind):
            return bad
        if seat_has_no_decision(state, seat):
            if state.active is not None:
                return f"it is Player {state.active + 1}'s turn"
            return f"Player {seat + 1} has nothing to decide now"
        rule = self.RULES.get(kind)
        if rule is None:
            return f"{kind} is not allowed now"
        return rule(self, state, action)

    def _keep(self, state: GameState) -> int:
        """Cards that must stay in hand after a Set, Boost, Seek or Call (R6)."""
        return 1 if state.params["must_keep_one_card"] else 0

    def _unlock_reason(self, state: GameState, kind: str) -> str:
        """Seek and Boost unlock at Magician Level 2, Call and Shot at 3."""
        level = state.params["level"]
        if kind in UNLOCK and level < UNLOCK[kind]:
            return (
                f"{kind.capitalize()} unlocks at Magician Level {UNLOCK[kind]} (this game is Level {level})"
            )
        return LEGAL

    def _hand_reason(self, state: GameState, action: Action) -> str:
        """Every card a move names must be in the mover's hand."""
        cards = hand(state, action.seat)
        if any(c not in cards for c in action.cards):
            return "that card is not in your hand"
        return LEGAL

    def _drawn_reason(self, state: GameState, kind: str) -> str:
        """A turn starts with a Draw (or a Seek); the Set, Boost and Release come after it."""
        if state.phase == START and kind in ("set", "boost", "release"):
            return "Draw first (or Seek the last discard)"
        if state.phase == PLAY and kind in ("draw", "seek"):
            return "you have already drawn this turn"
        return LEGAL

    def _keep_reason(self, state: GameState, cards: list[int], group: tuple[int, ...], reason: str) -> str:
        """A Set, Seek or Call must leave one card in hand to Release (must_keep_one_card, R6)."""
        return reason if len(cards) - len(group) < self._keep(state) else LEGAL

    def _order_reason(self, state: GameState, kind: str, group: tuple[int, ...]) -> str:
        """A group's cards are named once each, in card order (the order of its move text)."""
        if list(group) != sorted(set(group)):
            codes = " ".join(codes_text(state.cardset, sorted(set(group))))  # type: ignore[arg-type]
            return f"name each card once, in order: {kind} {codes}"
        return LEGAL

    # -- the rules of the moves (the seat is one that decides now) ---------------------------
    def _why_not_reveal(self, state: GameState, action: Action) -> str:
        """Leady work: show a hand card (its rank counts)."""
        if bad := self._hand_reason(state, action):
            return bad
        if state.phase != LEADY:
            return "reveal is not allowed now"
        used = game_data(state)["leady"]["used"].get(str(action.seat), [])
        if state.params["leady_second_from_rest"] and any(c in used for c in action.cards):
            return "the second comparison is made from the remaining hand: show another card"
        return one_card(action)

    def _why_not_noreveal(self, state: GameState, action: Action) -> str:
        """Leady work: show nothing (counts 0)."""
        if action.cards or action.target or state.phase != LEADY:
            return "noreveal is not allowed now"
        return LEGAL

    def _why_not_draw(self, state: GameState, action: Action) -> str:
        """Take the top card of the Mana Source: the start of a turn."""
        if bad := self._hand_reason(state, action) or self._drawn_reason(state, action.kind):
            return bad
        if state.phase != START or action.cards or action.target:
            return "draw is not allowed now"
        return LEGAL

    def _why_not_seek(self, state: GameState, action: Action) -> str:
        """Level 2: instead of drawing, take the last discard into a new Elemental Sequence with hand
        cards, keeping one card to Release."""
        if bad := self._unlock_reason(state, "seek") or self._hand_reason(state, action):
            return bad
        if bad := self._seek_gate(state) or _cards_only(action):
            return bad
        discard = game_data(state)["last_discard"]
        assert discard is not None  # the gate says so
        cards, group = hand(state, action.seat), action.cards
        shape = classify((*group, discard), deck_of(state.cardset), state.params["ace_high_sequences"])  # type: ignore[arg-type]
        if shape is None or not (shape.kind == "ES" or (not group and self._lone_seven(state, discard))):
            return SEEK_NEEDS
        return self._keep_reason(state, cards, group, SEEK_NEEDS) or self._order_reason(state, "seek", group)

    def _lone_seven(self, state: GameState, discard: int) -> bool:
        """A released 7 may be claimed alone as an Elemental (lone_seven_claims): the rune table's 7
        'may be set alone as an Elemental Sequence', so it is the ES a Seek or Shot needs."""
        rank = deck_of(state.cardset).rank  # type: ignore[arg-type]
        return bool(state.params["lone_seven_claims"]) and rank[discard] == SPIRIT_RANK

    def _seek_gate(self, state: GameState) -> str:
        if bad := self._unlock_reason(state, "seek") or self._drawn_reason(state, "seek"):
            return bad
        if state.phase != START:
            return "seek is not allowed now"
        if game_data(state)["last_discard"] is None:
            return SEEK_NEEDS
        return LEGAL

    def _why_not_set(self, state: GameState, action: Action) -> str:
        """Set a new meld from the hand, keeping one card to Release."""
        if bad := self._hand_reason(state, action) or self._set_gate(state) or _cards_only(action):
            return bad
        group = action.cards
        if classify(group, deck_of(state.cardset), state.params["ace_high_sequences"]) is None:  # type: ignore[arg-type]
            return NOT_A_MELD
        return self._set_allowed_reason(state, hand(state, action.seat), group) or self._order_reason(
            state, "set", group
        )

    def _set_gate(self, state: GameState) -> str:
        if bad := self._drawn_reason(state, "set"):
            return bad
        return "set is not allowed now" if state.phase != PLAY else LEGAL

    def _set_allowed_reason(self, state: GameState, cards: list[int], meld: tuple[int, ...]) -> str:
        """The part of the Set rule about a meld: not a Call Set of 7s without sevens_call_set, and
        one card left to Release."""
        rank = deck_of(state.cardset).rank  # type: ignore[arg-type]
        spirits = len(meld) >= 3 and all(rank[c] == SPIRIT_RANK for c in meld)  # a meld of 7s: a Call Set
        if spirits and not state.params["sevens_call_set"]:
            return NO_SPIRITS
        return self._keep_reason(state, cards, meld, "a Set must keep one card in hand to Release")

    def _why_not_boost(self, state: GameState, action: Action) -> str:
        """Level 2: add a hand card to any meld it extends (mN: the Nth meld set this round)."""
        if bad := self._hand_reason(state, action) or self._boost_gate(state, action.seat):
            return bad
        melds = game_data(state)["melds"]
        target = action.target
        if len(action.cards) != 1 or not (target[:1] == "m" and target[1:].isdigit()):
            return "boost names one card and a meld, such as 'boost H8 to m0'"
        index = int(target[1:])
        if index >= len(melds):
            return NO_EXTEND
        meld = Meld.from_dict(melds[index]["meld"])
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        if boost_value(meld, action.cards[0], deck, state.params["ace_high_sequences"]) is None:
            return NO_EXTEND
        return LEGAL

    def _boost_gate(self, state: GameState, seat: int) -> str:
        """The part of the Boost rule that is the same for every card: a meld of one's own, one card
        to spare, and the Set/Release part of the turn."""
        if bad := self._unlock_reason(state, "boost") or self._drawn_reason(state, "boost"):
            return bad
        if game_data(state)["own_melds"][seat] == 0:
            return "Boost needs a meld of your own on the table first"
        if len(hand(state, seat)) - 1 < self._keep(state):
            return "a Boost must keep one card in hand to Release"
        if state.phase != PLAY:
            return "boost is not allowed now"
        return LEGAL

    def _why_not_release(self, state: GameState, action: Action) -> str:
        """Discard a hand card to end the turn; the last card Ignites."""
        if bad := self._hand_reason(state, action) or self._release_gate(state):
            return bad
        return one_card(action)

    def _release_gate(self, state: GameState) -> str:
        if bad := self._drawn_reason(state, "release"):
            return bad
        return "release is not allowed now" if state.phase != PLAY else LEGAL

    def _why_not_pass(self, state: GameState, action: Action) -> str:
        """The claim window: let the discard go."""
        if action.cards or action.target or state.phase != CLAIM:
            return "pass is not allowed now"
        return LEGAL

    def _why_not_call(self, state: GameState, action: Action) -> str:
        """Level 3, the claim window: take the discard into a new Call Set with two or more hand cards
        of its rank, keeping one to Release (no Call Set of 7s without sevens_call_set)."""
        if bad := self._unlock_reason(state, "call") or self._hand_reason(state, action):
            return bad
        if bad := self._call_gate(state) or _cards_only(action):
            return bad
        discard = game_data(state)["last_discard"]
        assert discard is not None  # the gate says so
        cards, group = hand(state, action.seat), action.cards
        rank = deck_of(state.cardset).rank  # type: ignore[arg-type]
        if len(group) < 2 or any(rank[c] != rank[discard] for c in group):
            return CALL_NEEDS
        return self._keep_reason(state, cards, group, CALL_NEEDS) or self._order_reason(state, "call", group)

    def _call_gate(self, state: GameState) -> str:
        if bad := self._unlock_reason(state, "call"):
            return bad
        discard = game_data(state)["last_discard"]
        if (
            discard is not None
            and deck_of(state.cardset).rank[discard] == SPIRIT_RANK  # type: ignore[arg-type]
            and not state.params["sevens_call_set"]
        ):
            return NO_SPIRITS
        if state.phase != CLAIM or discard is None:
            return "call is not allowed now"
        return LEGAL

    def _why_not_shot(self, state: GameState, action: Action) -> str:
        """Level 3, the claim window: take the discard and set everything but one card to Release."""
        if action.cards or action.target:
            return "shot names nothing"
        return self._shot_reason(state, action.seat)

    def _shot_reason(self, state: GameState, seat: int) -> str:
        if bad := self._unlock_reason(state, "shot"):
            return bad
        if state.phase != CLAIM:
            return "shot is not allowed now"
        if self._shot_plan(state, seat) is None:
            return "that discard does not let you set everything and Ignite"
        return LEGAL

    RULES: ClassVar[dict[str, Callable[[RuneWorksMoves, GameState, Action], str]]] = {
        "reveal": _why_not_reveal,
        "noreveal": _why_not_noreveal,
        "draw": _why_not_draw,
        "seek": _why_not_seek,
        "set": _why_not_set,
        "boost": _why_not_boost,
        "release": _why_not_release,
        "pass": _why_not_pass,
        "call": _why_not_call,
        "shot": _why_not_shot,
    }  # every move, with its one rule

    def _shot_plan(self, state: GameState, seat: int, own_melds_only: bool = False) -> ShotPlan | None:
        """How `seat` would set everything with the last discard and Release one card, or None. With
        `own_melds_only` no card may go onto a meld already on the table (the Blast test, R10)."""
        discard = game_data(state)["last_discard"]
        if discard is None:
            return None
        cards = hand(state, seat)
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        rules = shot_rules(state.params)
        if not discard_can_meld(cards, discard, deck, rules):
            return None  # most claim windows end here, before any meld table is built
        table = [Meld.from_dict(entry["meld"]) for entry in game_data(state)["melds"]]
        if own_melds_only:
            table = [CLOSED_MELD] * len(table)  # keeps the new melds' numbers, takes no card
        return shot_plan(list(cards), discard, table, deck, rules)


def _cards_only(action: Action) -> str:
    """Set, Seek and Call name cards and nothing else."""
    return f"{action.kind} names cards only" if action.target else LEGAL

"""Land & Person moves: one rule per move (`_why_not_<move>`, listed in RULES), the legal actions
generated from them, and where a move's cards come from when copies share a code.

A task that takes "any number of persons" (Commerce, Hunting, Repair, an attack, a defence, paying a
recruitment by intelligence) is gathered one person at a time, as a player pushes cards forward on a
table: it opens (`commerce`), persons join it (`add P01`) and it is carried out (`done`) once the
total meets what it needs. A task opens only when the persons who may join it can meet its need
(R6: an attempt below the cost is refused and nothing is exhausted), so every open task can finish;
there is no cancelling (undo serves a human who changes their mind).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from ...rules.actions import Action
from ...rules.game import LEGAL, copy_reason, one_card, seat_has_no_decision
from ...rules.notation import lowest_per_code, physical_codes
from ...rules.state import GameState
from .data import Task, game_data
from .effects import activated
from .places import (
    can_join,
    current_land,
    deck,
    deck_mode,
    field,
    joinable,
    land_value,
    pile,
    stat,
    status,
    total,
)

if TYPE_CHECKING:
    from . import LandPerson

FIRST, RETURN, INCOME, DOMESTIC, BATTLE, DEFEND, CAPTURE, END, OVER = (
    "first",
    "return",
    "income",
    "domestic",
    "battle",
    "defend",
    "capture",
    "end",
    "over",
)
PEEK, TAKE = "peek", "take"  # a Scout's look and a Strategist's pick, inside the domestic phase
NO_TASK = "finish what you started first (add persons, then done)"
EMPTY_DECK = "the deck is empty"
BARE = (
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
    "nofirst",
)


# The move kinds each phase may allow (a task being gathered allows only its own moves).
PHASE_KINDS: dict[str, tuple[str, ...]] = {
    FIRST: ("first", "nofirst", "putback"),
    RETURN: ("recall", "norecall"),
    INCOME: ("release", "norelease"),
    DOMESTIC: ("recruit", "commerce", "hunt", "repair", "use", "battle"),
    PEEK: ("top",),
    TAKE: ("take",),
    BATTLE: ("attack", "noattack"),
    DEFEND: ("intercept", "siege"),
    CAPTURE: ("capture",),
    END: ("discard",),
}
GATHER_KINDS = ("add", "done")  # a task gathering persons
TASK_KINDS = (*GATHER_KINDS, "pay")  # and a recruitment paid card by card


def hand(state: GameState, seat: int) -> list[int]:
    """A seat's hand."""
    return state.zones[f"hand:{seat}"].cards


def need(state: GameState, task: Task) -> int:
    """What a task's total must reach: a land's cost, a recruitment's intelligence, or persons for a fight
    (counted in `done`)."""
    kind = task["kind"]
    seat = task["seat"]
    if kind in ("commerce", "hunt"):
        land = current_land(state, seat)
        return 0 if land is None else land_value(state, land, "commerce" if kind == "commerce" else "hunting")
    if kind == "repair":
        assert task["card"] is not None
        return land_value(state, task["card"], "repair")
    if kind == "pay":
        return task["owed"]
    return 0


def _bare(action: Action) -> str:
    return LEGAL if not action.cards and not action.target else f"{action.kind} names no card"


# The zone a card-naming move takes its card from ("take": the seat's pile, worked out by places.pile).
_SOURCES: dict[str, str] = {
    "first": "hand:{seat}",
    "putback": "hand:{seat}",
    "recall": "wander:{seat}",
    "release": "wander:{seat}",
    "recruit": "hand:{seat}",
    "use": "field:{seat}",
    "add": "field:{seat}",
    "pay": "hand:{seat}",
    "top": "peek:{seat}",
    "take": "",
    "capture": "field:{other}",
    "discard": "hand:{seat}",
    "repair": "ruins:{seat}",
}


# The same, spelt out for both seats (the rules ask it for every candidate move).
_SOURCE_ZONES: dict[tuple[str, int], str] = {
    (kind, seat): zone.format(seat=seat, other=1 - seat)
    for kind, zone in _SOURCES.items()
    if zone
    for seat in (0, 1)
}


def source_zone(kind: str, seat: int) -> str | None:
    """The zone a `kind` move takes its card from for `seat`; None for a move naming no card, and for a
    Strategist's pick (from the seat's pile, which places.pile works out). The table asks it too: a
    refused drop is explained by the rule of the move that takes the card held."""
    return _SOURCE_ZONES.get((kind, seat))


def kinds_now(phase: str, task: str | None) -> tuple[str, ...]:
    """The move kinds the phase may allow; a task being gathered (its kind named) allows only its own
    moves, cards paid only toward a recruitment."""
    if task is None:
        return PHASE_KINDS.get(phase, ())
    return TASK_KINDS if task == "pay" else GATHER_KINDS


def _offered(state: GameState, kind: str) -> bool:
    """Whether the mode has the move (ruins are repaired only in deck construction)."""
    return kind != "repair" or deck_mode(state)


class LandPersonMoves:
    """Legality of the Land & Person moves (mixed into LandPerson)."""

    # -- the moves offered -------------------------------------------------------------------
    # A fast generator (rules/game.py): the kinds the phase allows (`kinds_now`, the phase and the
    # open task each rule asks first), the cards from each move's own source zone (`move_cards`, so
    # "it is in your hand / on your field" holds) and their lowest copies (`lowest_per_code`, what
    # `_copy` passes), so only the rest of each rule is asked: its terms shared by every card once
    # (`_<kind>_open`), then its terms about the card (`_<kind>_card`), the very functions the rule
    # runs. Moves naming no card are judged by their whole rule. tests/test_landperson_moves.py holds
    # the generator to the rules for every card a player could name.
    def legal_actions(self: LandPerson, state: GameState, seat: int) -> list[Action]:
        if seat not in state.deciding_seats():
            return []
        task = game_data(state)["task"]
        kinds = kinds_now(state.phase, None if task is None else task["kind"])
        rules = self.RULES
        out = []
        for kind in BARE:
            if kind in kinds:
                action = Action(seat, kind)
                if not rules[kind](self, state, action):
                    out.append(action)
        assert state.cardset is not None
        for kind in _SOURCES:
            if kind in kinds and _offered(state, kind):
                out += [Action(seat, kind, (c,)) for c in self._cards_offered(state, seat, kind)]
        return out

    def _cards_offered(self: LandPerson, state: GameState, seat: int, kind: str) -> list[int]:
        """The cards a `kind` move may name now, when the phase allows the kind: the lowest copies of
        the move's cards that pass the rest of its rule."""
        assert state.cardset is not None
        if kind == "first":
            if self._first_open(state, seat):
                return []
            test: Callable[[int], str] | None = partial(self._first_card, state)
        elif kind == "putback":
            if self._putback_open(state, seat):
                return []
            test = None
        elif kind == "recruit":
            test = partial(self._recruit_card, state, self._recruit_budget(state, seat))
        elif kind == "repair":
            if not state.zones[f"ruins:{seat}"].cards:
                return []  # nothing to repair: the persons who could go are not counted
            test = partial(self._repair_card, state, self._repair_means(state, seat))
        elif kind == "use":
            test = partial(self._use_card, state, seat)
        elif kind == "add" or kind == "pay":
            if self._gathering(state) if kind == "add" else self._paying(state):
                return []
            test = None
        else:
            # recall, release, top, take, discard: the phase, in the zone, the lowest copy; capture:
            # move_cards names the losing persons, none when nothing is being captured
            test = None
        cards = lowest_per_code(state.cardset, self.move_cards(state, seat, kind, ""))
        return cards if test is None else [c for c in cards if not test(c)]

    def _card_source(self, state: GameState, seat: int, kind: str) -> str:
        """The zone the card of a `kind` move comes from for this seat."""
        zone = source_zone(kind, seat)
        return pile(state, seat) if zone is None else zone

    def move_cards(self: LandPerson, state: GameState, seat: int, kind: str, target: str) -> Iterable[int]:
        found = self._source_cards(state, seat, kind)
        if kind == "add":
            task = game_data(state)["task"]
            if task is not None:
                return [c for c in joinable(state, seat, task["kind"]) if c not in task["persons"]]
        if kind == "use":  # a copy that can act is the one a `use` names
            return [c for c in found if status(state, c) == "ready"] or found
        if kind == "capture":
            capture = game_data(state)["capture"]
            return [c for c in found if capture is not None and c in capture["candidates"]]
        return found

    def why_not(self: LandPerson, state: GameState, action: Action) -> str:
        if seat_has_no_decision(state, action.seat):
            return f"Player {action.seat + 1} has nothing to decide now"
        rule = self.RULES.get(action.kind)
        if rule is None:
            return f"{action.kind} is not a move of this game"
        task = game_data(state)["task"]
        if task is not None and action.kind not in ("add", "done", "pay"):
            return NO_TASK
        return rule(self, state, action)

    def _source_cards(self, state: GameState, seat: int, kind: str) -> list[int]:
        """Every card in the zone a `kind` move takes its card from (none for a kind naming no card)."""
        if kind not in _SOURCES or not _offered(state, kind):
            return []
        return list(state.zones[self._card_source(state, seat, kind)].cards)

    def _copy(self: LandPerson, state: GameState, action: Action) -> str:
        """The card named is the lowest copy of its code among the move's cards."""
        assert state.cardset is not None
        card = action.cards[0]
        codes = physical_codes(state.cardset)
        # The move's cards are some of its source zone's: with no lower copy of the card there, the
        # answer is LEGAL without working out which of them may act (asked once per candidate move).
        if not any(
            c < card and codes[c] == codes[card] for c in self._source_cards(state, action.seat, action.kind)
        ):
            return LEGAL
        among = list(self.move_cards(state, action.seat, action.kind, action.target))
        if action.cards[0] not in among:
            return ""  # each rule says where the card must be
        return copy_reason(state, action.cards[0], among)

    # -- setup of the shared deck ----------------------------------------------------------------
    def _why_not_first(self: LandPerson, state: GameState, action: Action) -> str:
        """Lay a person of cost ≤ 2 face down as the first person (山札共有: 最初の人物)."""
        if bad := one_card(action):
            return bad
        if state.phase != FIRST:
            return "the first person is chosen at setup"
        if bad := self._first_open(state, action.seat):
            return bad
        card = action.cards[0]
        if card not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._first_card(state, card) or self._copy(state, action)

    def _first_open(self, state: GameState, seat: int) -> str:
        return "you have chosen your first person" if state.zones[f"first:{seat}"].cards else LEGAL

    def _first_card(self, state: GameState, card: int) -> str:
        limit = state.params["first_person_max_cost"]
        if stat(state, card, "cost") > limit:
            return f"the first person costs {limit} or less"
        return LEGAL

    def _why_not_nofirst(self: LandPerson, state: GameState, action: Action) -> str:
        """Have no first person: only when no card dealt may be one."""
        if bad := _bare(action):
            return bad
        if state.phase != FIRST or state.zones[f"first:{action.seat}"].cards:
            return "not choosing a first person now"
        limit = state.params["first_person_max_cost"]
        if any(stat(state, c, "cost") <= limit for c in hand(state, action.seat)):
            return f"you hold a person of cost {limit} or less: lay one as your first person"
        if action.seat in game_data(state)["no_first"]:
            return "you have already declined"
        return LEGAL

    def _why_not_putback(self: LandPerson, state: GameState, action: Action) -> str:
        """Mix an unused dealt card back into the deck (keeping the starting hand)."""
        if bad := one_card(action):
            return bad
        if state.phase != FIRST:
            return "cards are put back only at setup"
        if bad := self._putback_open(state, action.seat):
            return bad
        if action.cards[0] not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._copy(state, action)

    def _putback_open(self, state: GameState, seat: int) -> str:
        chose = state.zones[f"first:{seat}"].cards or seat in game_data(state)["no_first"]
        if not chose:
            return "choose your first person first"
        if len(hand(state, seat)) <= state.params["start_hand"]:
            return f"you keep {state.params['start_hand']} cards"
        return LEGAL

    # -- return and income phases --------------------------------------------------------------
    def _why_not_recall(self: LandPerson, state: GameState, action: Action) -> str:
        """Return one wandering person to the field, ready (帰還フェイズ)."""
        if bad := one_card(action):
            return bad
        if state.phase != RETURN:
            return "persons return in the return phase"
        if action.cards[0] not in state.zones[f"wander:{action.seat}"].cards:
            return "that person is not wandering"
        return self._copy(state, action)

    def _why_not_norecall(self: LandPerson, state: GameState, action: Action) -> str:
        """Return nobody this turn."""
        return _bare(action) or ("" if state.phase == RETURN else "not in the return phase")

    def _why_not_release(self: LandPerson, state: GameState, action: Action) -> str:
        """Once per turn, discard a wandering person to draw 1 (収入フェイズ)."""
        if bad := one_card(action):
            return bad
        if state.phase != INCOME:
            return "a wanderer is discarded to draw in the income phase"
        if action.cards[0] not in state.zones[f"wander:{action.seat}"].cards:
            return "that person is not wandering"
        return self._copy(state, action)

    def _why_not_norelease(self: LandPerson, state: GameState, action: Action) -> str:
        """Keep the wanderers."""
        return _bare(action) or ("" if state.phase == INCOME else "not in the income phase")

    # -- domestic phase --------------------------------------------------------------------------
    def _domestic(self: LandPerson, state: GameState) -> str:
        return "" if state.phase == DOMESTIC else "that is done in the domestic phase"

    def _why_not_recruit(self: LandPerson, state: GameState, action: Action) -> str:
        """Pay a person's recruitment cost to put it on the field, preparing (登用)."""
        if bad := one_card(action) or self._domestic(state):
            return bad
        card = action.cards[0]
        seat = action.seat
        if card not in hand(state, seat):
            return "that card is not in your hand"
        return self._recruit_card(state, self._recruit_budget(state, seat), card) or self._copy(state, action)

    def _recruit_budget(self, state: GameState, seat: int) -> int:
        """What a recruitment can be paid with: the other hand cards, or the ready persons' intelligence."""
        if state.params["recruit_payment"] == "discard":
            return len(hand(state, seat)) - 1
        return total(state, joinable(state, seat, "pay"), "pay")

    def _recruit_card(self, state: GameState, budget: int, card: int) -> str:
        cost = stat(state, card, "cost")
        if budget < cost:
            if state.params["recruit_payment"] == "discard":
                return f"recruiting it costs {cost} other cards from your hand"
            return f"recruiting it needs ready persons with {cost} intelligence"
        return LEGAL

    def _why_not_task(self: LandPerson, state: GameState, action: Action, kind: str) -> str:
        if bad := _bare(action) or self._domestic(state):
            return bad
        seat = action.seat
        land = current_land(state, seat)
        if land is None:
            return "there is no current land"
        if not state.zones[deck(state, seat)].cards:  # its only result is the card drawn (商業, 狩猟)
            return EMPTY_DECK + ": there is no card to draw"
        able = joinable(state, seat, kind)
        if state.params["below_cost_attempts"]:
            return LEGAL if able else "you have no ready person"
        cost = land_value(state, land, "commerce" if kind == "commerce" else "hunting")
        have = total(state, able, kind)
        what = "intelligence" if kind == "commerce" else "attack"
        if have < cost:
            return f"your ready persons have {have} {what}, the land asks {cost}"
        return LEGAL

    def _why_not_commerce(self: LandPerson, state: GameState, action: Action) -> str:
        """Make persons acted whose intelligence meets the land's commerce cost, to draw 1 (商業)."""
        return self._why_not_task(state, action, "commerce")

    def _why_not_hunt(self: LandPerson, state: GameState, action: Action) -> str:
        """Make persons acted whose attack meets the land's hunting cost, to draw 1 (狩猟)."""
        return self._why_not_task(state, action, "hunt")

    def _why_not_repair(self: LandPerson, state: GameState, action: Action) -> str:
        """Send persons to wander whose intelligence meets a destroyed land's repair cost (土地の修復)."""
        if bad := one_card(action) or self._domestic(state):
            return bad
        if not deck_mode(state):
            return "the shared-deck rules have no repair"
        land = action.cards[0]
        if land not in state.zones[f"ruins:{action.seat}"].cards:
            return "that land is not one of your destroyed lands"
        return self._repair_card(state, self._repair_means(state, action.seat), land) or self._copy(
            state, action
        )

    def _repair_means(self, state: GameState, seat: int) -> tuple[bool, int]:
        """Whether any person may go to a repair, and the intelligence they bring together."""
        able = joinable(state, seat, "repair")
        return bool(able), total(state, able, "repair")

    def _repair_card(self, state: GameState, means: tuple[bool, int], land: int) -> str:
        any_able, have = means
        if state.params["below_cost_attempts"] and any_able:
            return LEGAL
        cost = land_value(state, land, "repair")
        if have < cost:
            return f"your persons have {have} intelligence, the repair asks {cost}"
        return LEGAL

    def _why_not_use(self: LandPerson, state: GameState, action: Action) -> str:
        """Make a ready person acted to use its specialty (得意能力)."""
        if bad := one_card(action) or self._domestic(state):
            return bad
        card, seat = action.cards[0], action.seat
        if card not in field(state, seat):
            return "that person is not on your field"
        return self._use_card(state, seat, card) or self._copy(state, action)

    def _use_card(self, state: GameState, seat: int, card: int) -> str:
        assert state.cardset is not None
        effect = activated(state.cardset, card)
        if effect is None:
            return "that person has no specialty to use"
        if status(state, card) != "ready":
            return "only a ready person acts"
        if effect["op"] in ("look_top", "draw") and not state.zones[deck(state, seat)].cards:
            return EMPTY_DECK
        if effect["op"] == "take_discard" and not state.zones[pile(state, seat)].cards:
            return "the discard pile is empty"
        return LEGAL

    def _why_not_battle(self: LandPerson, state: GameState, action: Action) -> str:
        """End the domestic phase and go to the battle phase."""
        return _bare(action) or self._domestic(state)

    def _why_not_top(self: LandPerson, state: GameState, action: Action) -> str:
        """A Scout's look: the card to put back on top (the other goes beneath it)."""
        if bad := one_card(action):
            return bad
        if state.phase != PEEK:
            return "nothing is being looked at"
        if action.cards[0] not in state.zones[f"peek:{action.seat}"].cards:
            return "that card is not among those you look at"
        return self._copy(state, action)

    def _why_not_take(self: LandPerson, state: GameState, action: Action) -> str:
        """A Strategist's pick: a person from the discard pile into the hand."""
        if bad := one_card(action):
            return bad
        if state.phase != TAKE:
            return "nothing is being taken from the discard pile"
        if action.cards[0] not in state.zones[pile(state, action.seat)].cards:
            return "that card is not in the discard pile"
        return self._copy(state, action)

    # -- tasks ------------------------------------------------------------------------------------
    def _why_not_add(self: LandPerson, state: GameState, action: Action) -> str:
        """A person joins the task being gathered."""
        if bad := one_card(action) or self._gathering(state):
            return bad
        task = game_data(state)["task"]
        assert task is not None
        card = action.cards[0]
        if card in task["persons"]:
            return "that person has joined already"
        if not can_join(state, action.seat, card, task["kind"]):
            return "that person cannot take part (it must be yours, on the field, and able to act)"
        return self._copy(state, action)

    def _gathering(self, state: GameState) -> str:
        """LEGAL when a task is gathering persons (a recruitment paid with cards gathers none)."""
        task = game_data(state)["task"]
        if task is None or (task["kind"] == "pay" and state.params["recruit_payment"] == "discard"):
            return "no task is gathering persons"
        return LEGAL

    def _why_not_done(self: LandPerson, state: GameState, action: Action) -> str:
        """Carry out the task with the persons gathered."""
        if bad := _bare(action) or self._gathering(state):
            return bad
        task = game_data(state)["task"]
        assert task is not None
        if task["kind"] in ("attack", "intercept") and not task["persons"]:
            return f"an {task['kind']} needs at least one person"
        have, wanted = total(state, task["persons"], task["kind"]), need(state, task)
        below_ok = state.params["below_cost_attempts"] and task["kind"] in ("commerce", "hunt", "repair")
        if below_ok and not task["persons"]:
            return "send at least one person"
        if have < wanted and not below_ok:
            return f"the persons gathered bring {have}, {wanted} is needed (no carry-over)"
        return LEGAL

    def _why_not_pay(self: LandPerson, state: GameState, action: Action) -> str:
        """Discard a hand card toward a recruitment cost (R2)."""
        if bad := one_card(action) or self._paying(state):
            return bad
        if action.cards[0] not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._copy(state, action)

    def _paying(self, state: GameState) -> str:
        """LEGAL when a recruitment is being paid with hand cards."""
        task = game_data(state)["task"]
        if task is None or task["kind"] != "pay" or state.params["recruit_payment"] != "discard":
            return "nothing is being paid with cards"
        return LEGAL

    # -- battle phase -------------------------------------------------------------------------------
    def _why_not_attack(self: LandPerson, state: GameState, action: Action) -> str:
        """Declare an attack with ready persons (R1)."""
        if bad := _bare(action):
            return bad
        if state.phase != BATTLE:
            return "attacks are declared in the battle phase"
        if game_data(state)["attacks"] >= state.params["attacks_per_turn"]:
            return "no more attacks this turn"
        if not joinable(state, action.seat, "attack"):
            return "you have no ready person who can attack"
        return LEGAL

    def _why_not_noattack(self: LandPerson, state: GameState, action: Action) -> str:
        """Attack no more this turn: go to the end phase."""
        return _bare(action) or ("" if state.phase == BATTLE else "not in the battle phase")

    def _why_not_intercept(self: LandPerson, state: GameState, action: Action) -> str:
        """Meet the attack in the field with ready persons (R1: 迎撃)."""
        if bad := _bare(action):
            return bad
        if state.phase != DEFEND:
            return "only a defender intercepts"
        if not joinable(state, action.seat, "intercept"):
            return "you have no ready person who can defend: hold a siege"
        return LEGAL

    def _why_not_siege(self: LandPerson, state: GameState, action: Action) -> str:
        """Hold the current land with its siege value and any ready persons (R1: 籠城)."""
        if bad := _bare(action):
            return bad
        return "" if state.phase == DEFEND else "only a defender holds a siege"

    def _why_not_capture(self: LandPerson, state: GameState, action: Action) -> str:
        """Take one of the losing persons as spoils (戦果)."""
        if bad := one_card(action) or self._capturing(state):
            return bad
        capture = game_data(state)["capture"]
        assert capture is not None
        if action.cards[0] not in capture["candidates"]:
            return "that person did not lose this fight"
        return self._copy(state, action)

    def _capturing(self, state: GameState) -> str:
        if state.phase != CAPTURE or game_data(state)["capture"] is None:
            return "nothing is being captured"
        return LEGAL

    # -- end phase ----------------------------------------------------------------------------------
    def _why_not_discard(self: LandPerson, state: GameState, action: Action) -> str:
        """Discard down to the hand limit (終了フェイズ)."""
        if bad := one_card(action):
            return bad
        if state.phase != END:
            return "cards are discarded down to the limit in the end phase"
        if action.cards[0] not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._copy(state, action)

    RULES: ClassVar[dict[str, Callable[..., str]]] = {
        "first": _why_not_first,
        "nofirst": _why_not_nofirst,
        "putback": _why_not_putback,
        "recall": _why_not_recall,
        "norecall": _why_not_norecall,
        "release": _why_not_release,
        "norelease": _why_not_norelease,
        "recruit": _why_not_recruit,
        "commerce": _why_not_commerce,
        "hunt": _why_not_hunt,
        "repair": _why_not_repair,
        "use": _why_not_use,
        "battle": _why_not_battle,
        "top": _why_not_top,
        "take": _why_not_take,
        "add": _why_not_add,
        "done": _why_not_done,
        "pay": _why_not_pay,
        "attack": _why_not_attack,
        "noattack": _why_not_noattack,
        "intercept": _why_not_intercept,
        "siege": _why_not_siege,
        "capture": _why_not_capture,
        "discard": _why_not_discard,
    }

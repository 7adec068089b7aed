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


def source_zone(kind: str, seat: int) -> str | None:
    """The zone a `kind` move takes its card from for `seat`; None for a move naming no card, and for a
    Strategist's pick (from the seat's pile, which places.pile works out). The table asks it too: a
    refused drop is explained by the rule of the move that takes the card held."""
    zone = _SOURCES.get(kind)
    return zone.format(seat=seat, other=1 - seat) if zone else None


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
    def legal_actions(self: LandPerson, state: GameState, seat: int) -> list[Action]:
        if seat not in state.deciding_seats():
            return []
        # Only the kinds the phase can allow are tried (a generator's shortcut: each candidate is still
        # judged by its rule, and tests/test_legality.py holds the two together).
        task = game_data(state)["task"]
        kinds = kinds_now(state.phase, None if task is None else task["kind"])
        candidates = [Action(seat, kind) for kind in BARE if kind in kinds]
        assert state.cardset is not None
        for kind in self._card_sources(state, seat):
            if kind not in kinds:
                continue
            cards = self.move_cards(state, seat, kind, "")
            candidates.extend(Action(seat, kind, (c,)) for c in lowest_per_code(state.cardset, cards))
        return [a for a in candidates if not self.why_not(state, a)]

    def _card_sources(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """Per move kind that names a card, the zones its card comes from for this seat now."""
        return {kind: [self._card_source(state, seat, kind)] for kind in _SOURCES if _offered(state, kind)}

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
        if state.zones[f"first:{action.seat}"].cards:
            return "you have chosen your first person"
        card = action.cards[0]
        if card not in hand(state, action.seat):
            return "that card is not in your hand"
        limit = state.params["first_person_max_cost"]
        if stat(state, card, "cost") > limit:
            return f"the first person costs {limit} or less"
        return self._copy(state, action)

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
        chose = state.zones[f"first:{action.seat}"].cards or action.seat in game_data(state)["no_first"]
        if not chose:
            return "choose your first person first"
        if len(hand(state, action.seat)) <= state.params["start_hand"]:
            return f"you keep {state.params['start_hand']} cards"
        if action.cards[0] not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._copy(state, action)

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
        cost = stat(state, card, "cost")
        if state.params["recruit_payment"] == "discard":
            if len(hand(state, seat)) - 1 < cost:
                return f"recruiting it costs {cost} other cards from your hand"
        elif total(state, joinable(state, seat, "pay"), "pay") < cost:
            return f"recruiting it needs ready persons with {cost} intelligence"
        return self._copy(state, action)

    def _why_not_task(self: LandPerson, state: GameState, action: Action, kind: str) -> str:
        if bad := _bare(action) or self._domestic(state):
            return bad
        seat = action.seat
        land = current_land(state, seat)
        if land is None:
            return "there is no current land"
        cost = land_value(state, land, "commerce" if kind == "commerce" else "hunting")
        have = total(state, joinable(state, seat, kind), kind)
        what = "intelligence" if kind == "commerce" else "attack"
        if state.params["below_cost_attempts"]:
            return LEGAL if joinable(state, seat, kind) else "you have no ready person"
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
        cost = land_value(state, land, "repair")
        have = total(state, joinable(state, action.seat, "repair"), "repair")
        if state.params["below_cost_attempts"] and joinable(state, action.seat, "repair"):
            return self._copy(state, action)
        if have < cost:
            return f"your persons have {have} intelligence, the repair asks {cost}"
        return self._copy(state, action)

    def _why_not_use(self: LandPerson, state: GameState, action: Action) -> str:
        """Make a ready person acted to use its specialty (得意能力)."""
        if bad := one_card(action) or self._domestic(state):
            return bad
        card, seat = action.cards[0], action.seat
        assert state.cardset is not None
        effect = activated(state.cardset, card)
        if card not in field(state, seat):
            return "that person is not on your field"
        if effect is None:
            return "that person has no specialty to use"
        if status(state, card) != "ready":
            return "only a ready person acts"
        if effect["op"] == "look_top" and not state.zones[deck(state, seat)].cards:
            return "the deck is empty"
        if effect["op"] == "take_discard" and not state.zones[pile(state, seat)].cards:
            return "the discard pile is empty"
        return self._copy(state, action)

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
        if bad := one_card(action):
            return bad
        task = game_data(state)["task"]
        if task is None or (task["kind"] == "pay" and state.params["recruit_payment"] == "discard"):
            return "no task is gathering persons"
        card = action.cards[0]
        if card in task["persons"]:
            return "that person has joined already"
        if not can_join(state, action.seat, card, task["kind"]):
            return "that person cannot take part (it must be yours, on the field, and able to act)"
        return self._copy(state, action)

    def _why_not_done(self: LandPerson, state: GameState, action: Action) -> str:
        """Carry out the task with the persons gathered."""
        if bad := _bare(action):
            return bad
        task = game_data(state)["task"]
        if task is None or (task["kind"] == "pay" and state.params["recruit_payment"] == "discard"):
            return "no task is gathering persons"
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
        if bad := one_card(action):
            return bad
        task = game_data(state)["task"]
        if task is None or task["kind"] != "pay" or state.params["recruit_payment"] != "discard":
            return "nothing is being paid with cards"
        if action.cards[0] not in hand(state, action.seat):
            return "that card is not in your hand"
        return self._copy(state, action)

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
        if bad := one_card(action):
            return bad
        capture = game_data(state)["capture"]
        if state.phase != CAPTURE or capture is None:
            return "nothing is being captured"
        if action.cards[0] not in capture["candidates"]:
            return "that person did not lose this fight"
        return self._copy(state, action)

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

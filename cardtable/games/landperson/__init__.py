"""Land & Person (土地と人物, working title): a two-player duel of lands and persons, in two modes.

Implements the rulebook in shared/seeds/003_49ac917c8c644bf5.txt with its gaps resolved as in
shared/rules/land-person.md (every PROVISIONAL choice is a parameter, params.py; the battle phase, which
the rulebook leaves to a separate sheet we do not have, is the spec's design in battle.py). Modes:
`mode: deck` (デッキ構築対戦ルール: own decks, repair, special abilities) and `mode: shared`
(山札共有対戦ルール: one person deck and one land deck, discards to the opponent, lands occupied).

A turn: start (your persons ready), return (one wanderer back, ready), income (draw 1; once, discard a
wanderer to draw 1), domestic (recruit, repair, commerce, hunting, specialties, any order, any number),
battle, end (discard down to 5; preparing persons become ready).

Move notation (cards by code: L1-L8 lands, P01-P15 persons; copies by their lowest id):
  first P07 | nofirst | putback P01    shared-deck setup: the first person laid face down, cards put back
  recall P07 | norecall                return phase
  release P02 | norelease              income option: discard a wanderer to draw 1
  recruit P12 | pay P01                recruit (then pay: discard a hand card per cost point, R2)
  commerce | hunt | repair L4          open a task; then `add P01` per person and `done`
  use P11 | take P02 | top P05         a specialty; a Strategist's pick; a Scout's order (top first)
  battle                               end the domestic phase
  attack | noattack                    battle phase (attack: `add` persons, `done`)
  intercept | siege                    the defender's answer (then `add`, `done`)
  capture P07                          spoils chosen from the losing persons
  discard P01                          end phase, down to the hand limit
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cardsets import load_for
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.events import UNKNOWN, Announced, Event, TurnStarted
from ...rules.game import CardProblem, Game, ScenarioRefs
from ...rules.invariants import data_problems
from ...rules.rng import Rng
from ...rules.state import GameState, Pending
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from .. import GameEntry, register
from . import arrange, battle
from .cards import check as check_cards
from .cards import persons
from .data import LandPersonData, Task, game_data
from .dealing import LandPersonDealing
from .effects import VOCAB, activated
from .ending import LandPersonEnding
from .evaluate import DECK_SEARCH_DEPTH
from .evaluate import evaluate as evaluate_position
from .moves import (
    BATTLE,
    CAPTURE,
    DEFEND,
    DOMESTIC,
    END,
    INCOME,
    PEEK,
    RETURN,
    TAKE,
    LandPersonMoves,
    hand,
    need,
)
from .params import DECK, PARAMS
from .places import (
    ACTED,
    PREPARING,
    READY,
    deck,
    deck_mode,
    field,
    joinable,
    other,
    pile,
    set_status,
    stat,
    total,
)
from .places import lands as land_zone
from .words import LandPersonWords

MUSTER = "muster"  # the pending decision while the defender gathers its persons


class LandPerson(LandPersonDealing, LandPersonEnding, LandPersonMoves, LandPersonWords, Game):
    """The rules of Land & Person, both modes."""

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's standing for a search bot (evaluate.py)."""
        return evaluate_position(state)

    def search_depth_for(self, params: Mapping[str, Any]) -> int:
        """A longer playout in deck construction, the draw race (evaluate.DECK_SEARCH_DEPTH)."""
        return DECK_SEARCH_DEPTH if params["mode"] == DECK else self.search_depth

    id = "landperson"
    title = "Land & Person"
    title_ja = "土地と人物"
    description = "Recruit persons, run your lands, besiege your rival's: a duel in two modes."
    min_seats = max_seats = 2
    params = PARAMS
    cardset_name = "landperson"
    # public_data builds every list and dict anew (the engine keeps it uncopied across a move;
    # tests/test_views.py holds the game to it once the engine reads this)
    public_data_shares_nothing = True
    reserve_zone = "box"
    # the balance report (cardtable/lab/record.py): recruiting, a Strategist's take and the spoils of a
    # battle take a person; a specialty plays one
    pick_kinds = frozenset({"recruit", "take", "capture"})
    play_kinds = frozenset({"use"})

    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        return check_cards(cardset, params)

    def turn_number(self, state: GameState) -> int | None:
        return int(state.data["turn"])

    def ending(self, state: GameState) -> str:
        return str(state.data["ended"] or "end")

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        cardset = self.load_cardset(params)
        cards = len(cardset.physical())
        # Every turn draws a person the deck never gets back, so turns are bounded by the persons; a turn
        # moves or turns each card a bounded number of times (each person acts once, each task ends).
        turns = 2 * (len(persons(cardset)) + 2)
        return 3 * cards + turns * 12 * cards

    def scored_by_points(self, params: dict[str, Any]) -> bool:
        return False  # won outright; the score shown is the spoils

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        assert state.cardset is not None
        return (0, len(persons(state.cardset)))

    # -- setup -------------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        cardset = state.cardset
        state.add_zone("box", Visibility.HIDDEN)
        for seat in range(2):
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
            for name in ("discard", "field", "wander", "spoils"):
                state.add_zone(f"{name}:{seat}", Visibility.PUBLIC, seat)
            state.add_zone(f"peek:{seat}", Visibility.OWNER, seat)
        state.data.update(
            {
                "turn": 0,
                "first": 0,
                "status": {},
                "task": None,
                "fight": None,
                "capture": None,
                "attacks": 0,
                "recalled": False,
                "released": False,
                "no_first": [],
                "peek": [],
                "ended": "",
            }
        )
        state.zones["box"].cards.extend(range(len(cardset.physical())))
        events: list[Event] = []
        if deck_mode(state):
            self._setup_decks(state, events)
            self._choose_first(state, events)
        else:
            self._setup_shared(state, events)
        return events

    def _choose_first(self, state: GameState, events: list[Event]) -> None:
        """Who goes first (R11: a coin flip unless the parameter names a player)."""
        chosen = state.params["first_player"]
        first = chosen - 1 if chosen else state.rng.below(2)
        game_data(state)["first"] = first
        events.append(Announced("first_player", first, {}))
        self._begin_turn(state, first, events)

    def _draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> int:
        """Draw up to `count` from the seat's person deck (an empty deck gives nothing, R7); how many came."""
        zone = deck(state, seat)
        cards = state.zones[zone].cards
        take = cards[len(cards) - min(count, len(cards)) :][::-1]
        if take:
            events.append(state.move(take, zone, f"hand:{seat}", "draw"))
        return len(take)

    # -- the turn ----------------------------------------------------------------------------------
    def _begin_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Start phase: every person of yours on the field becomes ready. A win reached by the turn
        that just ended (an end-phase discard) is checked first (R12: at once)."""
        self._check_wins(state, events)
        if state.over:
            return
        data = game_data(state)
        state.active = seat
        state.pending = None
        data["turn"] += 1
        data.update({"attacks": 0, "recalled": False, "released": False})
        events.append(TurnStarted(seat))
        for card in field(state, seat):
            set_status(state, card, READY)
        state.phase = RETURN
        if not state.zones[f"wander:{seat}"].cards:
            self._income(state, events)

    def _income(self, state: GameState, events: list[Event]) -> None:
        """Income phase: draw 1; an empty deck here loses (R7), or ends a shared game (R8)."""
        seat = state.active
        assert seat is not None
        state.phase = INCOME
        if not self._draw(state, seat, 1, events):
            if deck_mode(state):
                self._end(state, (other(seat),), "deck_out", events)
            else:
                self._compare_end(state, "deck_out", events)
            return
        if not state.zones[f"wander:{seat}"].cards or game_data(state)["released"]:
            state.phase = DOMESTIC

    def _enter_battle(self, state: GameState, events: list[Event]) -> None:
        """Battle phase: the active player may attack; with nothing to attack with, on to the end phase."""
        state.phase = BATTLE
        state.pending = None
        assert state.active is not None
        if self._why_not_attack(state, Action(state.active, "attack")):
            self._enter_end(state, events)

    def _enter_end(self, state: GameState, events: list[Event]) -> None:
        """End phase: discard down to the limit (one card a move), then preparing persons become ready."""
        state.phase = END
        seat = state.active
        assert seat is not None
        if len(hand(state, seat)) > state.params["hand_limit"]:
            return
        for card in field(state, seat):
            if game_data(state)["status"][str(card)] == PREPARING:
                set_status(state, card, READY)
        self._begin_turn(state, other(seat), events)

    # -- applying ----------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events: list[Event] = []
        handler = getattr(self, f"_do_{action.kind}")
        handler(state, action, events)
        if not state.over:
            self._check_wins(state, events)
        return events

    def _do_recall(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, f"wander:{seat}", f"field:{seat}", "return"))
        set_status(state, action.cards[0], READY)  # R13: it may act this very turn
        game_data(state)["recalled"] = True
        if not state.params["release_after_return"]:
            game_data(state)["released"] = True  # R13 off: returning used this turn's wanderer option
        self._income(state, events)

    def _do_norecall(self, state: GameState, action: Action, events: list[Event]) -> None:
        game_data(state)["recalled"] = True
        self._income(state, events)

    def _do_release(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, f"wander:{seat}", pile(state, seat), "released"))
        self._draw(state, seat, 1, events)
        game_data(state)["released"] = True
        state.phase = DOMESTIC

    def _do_norelease(self, state: GameState, action: Action, events: list[Event]) -> None:
        game_data(state)["released"] = True
        state.phase = DOMESTIC

    def _do_recruit(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat, card = action.seat, action.cards[0]
        events.append(state.move([card], f"hand:{seat}", f"field:{seat}", "recruit"))
        set_status(state, card, PREPARING)  # placed diagonally (行動準備中)
        cost = stat(state, card, "cost")
        if cost:
            game_data(state)["task"] = {
                "kind": "pay",
                "seat": seat,
                "persons": [],
                "card": card,
                "owed": cost,
            }

    def _do_pay(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, f"hand:{seat}", pile(state, seat), "paid"))
        task = game_data(state)["task"]
        assert task is not None
        task["owed"] -= 1
        task["persons"].append(action.cards[0])
        if task["owed"] <= 0:
            game_data(state)["task"] = None

    def _open(self, state: GameState, seat: int, kind: str, card: int | None = None) -> None:
        task: Task = {"kind": kind, "seat": seat, "persons": [], "card": card, "owed": 0}
        game_data(state)["task"] = task

    def _do_commerce(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "commerce")

    def _do_hunt(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "hunt")

    def _do_repair(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "repair", action.cards[0])

    def _do_attack(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "attack")

    def _do_intercept(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "intercept")
        state.pending = Pending(MUSTER, (action.seat,))  # the defenders are gathered on the table

    def _do_siege(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._open(state, action.seat, "siege")
        state.pending = Pending(MUSTER, (action.seat,))
        if not joinable(state, action.seat, "siege"):  # nobody could join: the siege is held as it stands
            self._do_done(state, Action(action.seat, "done"), events)

    def _do_add(self, state: GameState, action: Action, events: list[Event]) -> None:
        task = game_data(state)["task"]
        assert task is not None
        task["persons"].append(action.cards[0])

    def _do_done(self, state: GameState, action: Action, events: list[Event]) -> None:
        data = game_data(state)
        task = data["task"]
        assert task is not None
        data["task"] = None
        seat, kind, chosen = task["seat"], task["kind"], sorted(task["persons"])
        if kind == "repair":
            land = task["card"]
            assert land is not None
            for card in chosen:
                del data["status"][str(card)]
            events.append(state.move(chosen, f"field:{seat}", f"wander:{seat}", "repair"))
            if total(state, chosen, kind) >= need(state, task):
                events.append(state.move([land], f"ruins:{seat}", land_zone(state, seat), "repaired"))
            return
        short = total(state, chosen, kind) < need(state, task)  # R6 with below_cost_attempts: no result
        for card in chosen:
            set_status(state, card, ACTED)
        if kind in ("commerce", "hunt"):
            drawn = 0 if short else self._draw(state, seat, 1, events)
            events.append(Announced(kind, seat, {"persons": chosen, "drew": drawn}))
        elif kind == "attack":
            data["fight"] = battle.attack_total(state, chosen)
            data["attacks"] += 1
            events.append(Announced("attack", seat, {"persons": chosen, "attack": data["fight"]["attack"]}))
            state.phase = DEFEND
            state.pending = Pending("defend", (other(seat),))
        elif kind in ("intercept", "siege"):
            state.pending = None
            if battle.resolve(state, seat, kind, chosen, events):
                state.phase = CAPTURE
            else:
                self._after_fight(state, events)

    def _after_fight(self, state: GameState, events: list[Event]) -> None:
        game_data(state)["fight"] = None
        state.pending = None
        self._check_wins(state, events)
        if not state.over:
            self._enter_battle(state, events)

    def _do_capture(self, state: GameState, action: Action, events: list[Event]) -> None:
        if not battle.capture(state, action.cards[0], events):
            self._after_fight(state, events)

    def _do_use(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat, card = action.seat, action.cards[0]
        assert state.cardset is not None
        effect = activated(state.cardset, card)
        assert effect is not None
        set_status(state, card, ACTED)
        events.append(Announced("use", seat, {"card": card, "op": effect["op"]}))
        if effect["op"] == "draw":
            self._draw(state, seat, int(effect["count"]), events)
        elif effect["op"] == "take_discard":
            state.phase = TAKE
        else:
            cards = state.zones[deck(state, seat)].cards
            look = cards[len(cards) - min(int(effect["count"]), len(cards)) :][::-1]
            events.append(state.move(look, deck(state, seat), f"peek:{seat}", "look"))
            state.phase = PEEK
            self._peek_done(state, seat, events)

    def _do_top(self, state: GameState, action: Action, events: list[Event]) -> None:
        game_data(state)["peek"].append(action.cards[0])
        self._peek_done(state, action.seat, events)

    def _peek_done(self, state: GameState, seat: int, events: list[Event]) -> None:
        """When one looked-at card is left, the cards go back: it lowest, the chosen ones above it."""
        data = game_data(state)
        left = [c for c in state.zones[f"peek:{seat}"].cards if c not in data["peek"]]
        if len(left) > 1:
            return
        order = left + data["peek"][::-1]  # bottom first; the first chosen ends on top
        events.append(state.move(order, f"peek:{seat}", deck(state, seat), "put back"))
        data["peek"] = []
        state.phase = DOMESTIC

    def _do_take(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, pile(state, seat), f"hand:{seat}", "take"))
        state.phase = DOMESTIC

    def _do_battle(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._enter_battle(state, events)

    def _do_noattack(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._enter_end(state, events)

    def _do_discard(self, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, f"hand:{seat}", pile(state, seat), "discard"))
        self._enter_end(state, events)

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        arrange.arrange(self, state, setup, refs)

    # -- checks --------------------------------------------------------------------------------------
    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, LandPersonData)
        status = game_data(state)["status"]
        on_field = {str(c) for s in range(2) for c in state.zones[f"field:{s}"].cards}
        if set(status) != on_field:
            problems.append("a person's state is kept for a card not on a field, or missing for one")
        return problems

    def known_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """All of the data but a Scout's choices, which only the looking seat knows (the cards are in
        its peek zone): the others know how many it chose."""
        data = state.data
        if not data["peek"] or _peeker(state) == seat:
            return data
        return {**data, "peek": [UNKNOWN] * len(data["peek"])}

    def redealt(self, state: GameState, view: PlayerView, rng: Rng) -> None:
        """The Scout's choices the view did not show: that many of the cards dealt into its peek zone."""
        data = game_data(state)
        if UNKNOWN not in data["peek"]:
            return
        looked = list(state.zones[f"peek:{_peeker(state)}"].cards)
        rng.shuffle(looked)
        data["peek"] = looked[: len(data["peek"])]

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        data = game_data(state)
        return {
            "turn": data["turn"],
            "status": dict(data["status"]),
            # copied with their lists: nothing shown is the state's own
            "task": None if (task := data["task"]) is None else {**task, "persons": list(task["persons"])},
            "fight": None
            if (fight := data["fight"]) is None
            else {**fight, "attackers": list(fight["attackers"])},
            "capture": None
            if (capture := data["capture"]) is None
            else {**capture, "candidates": list(capture["candidates"])},
            "attacks": data["attacks"],
            "ended": data["ended"],
            "mode": state.params["mode"],
        }


def _peeker(state: GameState) -> int | None:
    """The seat looking at the top of its deck (a Scout), if any."""
    return next((seat for seat in range(state.seats) if state.zones[f"peek:{seat}"].cards), None)


register(
    GameEntry(
        rules=LandPerson(),
        bots={"heuristic": "cardtable.games.landperson.bot:LandPersonBot"},
        table="cardtable.ui.scenes.landperson_table:LandPersonTable",
        vocabularies={"landperson": VOCAB},
        card_fields={"landperson": ("special", "specialty")},
        variants=({"mode": "deck"}, {"mode": "shared"}),
        # the mode, the win targets (the game's length) and every PROVISIONAL house rule with a choice;
        # the decks themselves are built on the screen `prepare` opens
        setup_options=(
            "mode",
            "spoils_to_win",
            "occupied_stars_to_win",
            "discards_to_win",
            "first_player",
            "recruit_payment",
            "land_order",
            "below_cost_attempts",
            "first_person_ready",
            "release_after_return",
            "attacks_per_turn",
            "capture_per_win",
            "repair_with_acted",
            "warlord_must_fight",
            "simultaneous_win",
        ),
        prepare="cardtable.ui.scenes.landperson_decks:DeckBuildScene",
        menu_order=5,
    )
)

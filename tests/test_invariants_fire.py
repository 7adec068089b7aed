"""The invariants can fail: a real mid-game position of each game, corrupted in one way per invariant,
must be reported by cardtable/rules/invariants.py (with the game's own `check`) with that very problem.

The positions come from seeded random play, so they are positions the rules really reach; each case
first checks the position is sound, then corrupts a copy. Most corruptions change the state (a card
in two zones, a card lost, a seat left deciding that should not be, a game's tally off); the
invariants about the rules' own answers (every deciding seat has an action, action texts unique and
parsing back) are corrupted in the rules instead, through a stand-in that breaks one answer.

Not covered: "the game is over but seats are still deciding" cannot be reached by changing a state,
since GameState.deciding_seats() answers no seats once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from cardtable.games import all_games, get_game
from cardtable.rules.actions import Action, NotationError
from cardtable.rules.engine import Engine
from cardtable.rules.invariants import check_invariants
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

SEEDS = range(5, 10)
MIN_STEPS = 20


# -- positions ------------------------------------------------------------------------------------
def _is_any(engine: Engine) -> bool:
    """Any position of a game still going."""
    return not engine.is_over()


def _is_turn(engine: Engine) -> bool:
    """An ordinary turn: one active seat, no decision pending."""
    return engine.state.pending is None and engine.state.active is not None


def _is_choice(engine: Engine) -> bool:
    """The first deciding seat has at least two moves to choose from."""
    return not engine.is_over() and len(engine.legal_actions(engine.deciding_seats()[0])) >= 2


def _is_pending(engine: Engine) -> bool:
    """An out-of-turn or simultaneous decision is waiting."""
    return engine.state.pending is not None


def _runeworks_release(engine: Engine) -> bool:
    """Rune Works: the active seat must Release, and a meld is on the table."""
    return _is_turn(engine) and engine.state.phase == "play" and bool(engine.state.data["melds"])


def _risugeon_turn(engine: Engine) -> bool:
    """Risugeon: a turn with a full display and a gem pile of more than one cost."""
    state = engine.state
    costs = {state.cardset.physical()[c].get("cost") for c in state.zones["pile:gems"].cards}  # type: ignore[union-attr]
    full = len(state.zones["display"].cards) == int(state.params["display_size"])
    return _is_turn(engine) and full and len(costs) > 1 and bool(state.zones["action_deck"].cards)


def _sainome_pending(engine: Engine) -> bool:
    """Sainome: an effect waits for a decision (not the draft)."""
    return _is_pending(engine) and engine.state.pending.kind != "draft"  # type: ignore[union-attr]


POSITIONS: dict[str, Callable[[Engine], bool]] = {
    "any": _is_any,
    "turn": _is_turn,
    "choice": _is_choice,
    "pending": _is_pending,
    "runeworks_release": _runeworks_release,
    "risugeon_turn": _risugeon_turn,
    "sainome_pending": _sainome_pending,
}


@cache
def _position(game_id: str, position: str) -> GameState | None:
    """The first position after MIN_STEPS random moves that is of the wanted kind (trying a few seeds),
    or None when no seed reaches one."""
    game = get_game(game_id)
    wanted = POSITIONS[position]
    for seed in SEEDS:
        engine = Engine.new(game, game.max_seats, seed, {})
        rng = Rng(seed)
        for step in range(engine.max_actions):
            if step >= MIN_STEPS and wanted(engine):
                return engine.state
            if engine.is_over():
                break
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            engine.apply(legal[rng.below(len(legal))])
    return None


# -- rules that answer wrongly ----------------------------------------------------------------------
class _Miswritten:
    """The real game with one of its answers replaced (`legal_actions`, `describe` or `parse`)."""

    def __init__(self, game: Any, **answers: Callable[..., Any]) -> None:
        self._game = game
        self._answers = answers

    def __getattr__(self, name: str) -> Any:
        return self._answers.get(name) or getattr(self._game, name)


def _deciding(engine: Engine) -> int:
    return engine.deciding_seats()[0]


def _rank_and_suit(state: GameState, card: int) -> tuple[object, object]:
    spec = state.cardset.physical()[card]  # type: ignore[union-attr]
    return spec.get("rank"), spec.get("suit")


# -- corruptions: each changes the engine's position (or rules) and returns the problems expected ------
def card_in_two_zones(engine: Engine) -> list[str]:
    state = engine.state
    names = list(state.zones)
    source = next(n for n in names if state.zones[n].cards)
    target = names[-1] if names[-1] != source else names[0]
    card = state.zones[source].cards[0]
    state.zones[target].cards.append(card)
    first, second = sorted((source, target), key=names.index)
    return [f"card {card} is in both {first} and {second}"]


def card_lost(engine: Engine) -> list[str]:
    state = engine.state
    total = engine.game.card_count(state)
    biggest = max(state.zones.values(), key=lambda z: len(z.cards))
    card = biggest.cards.pop()
    return [f"card conservation broken: {total - 1} cards in zones, expected {total}; missing [{card}]"]


def zone_owner_not_a_seat(engine: Engine) -> list[str]:
    state = engine.state
    zone = next(z for z in state.zones.values() if z.owner is not None)
    zone.owner = state.seats
    return [f"zone {zone.name} has owner {state.seats}, not a seat"]


def pending_names_a_seat_not_at_the_table(engine: Engine) -> list[str]:
    pending = engine.state.pending
    assert pending is not None
    pending.seats = (*pending.seats, engine.state.seats)
    return [f"pending names seat {engine.state.seats}"]


def committed_seat_still_pending(engine: Engine) -> list[str]:
    pending = engine.state.pending
    assert pending is not None
    seat = pending.seats[0]
    action = Engine(engine.game, engine.state.copy()).legal_actions(seat)[0]
    pending.commits[seat] = action
    return [f"seat {seat} already committed but is still pending"]


def actions_for_a_seat_not_deciding(engine: Engine) -> list[str]:
    # The engine asks the rules only about deciding seats, so this can only come from the state
    # changing behind the engine's back: the seat's turn or decision ends without `apply`, and the
    # engine still holds the answer it gave.
    state = engine.state
    seat = _deciding(engine)
    assert engine.legal_actions(seat)
    if state.pending is not None:
        state.pending.seats = tuple(s for s in state.pending.seats if s != seat)
    else:
        state.active = (seat + 1) % state.seats
    return [f"seat {seat} has actions but is not deciding"]


def deciding_seat_without_an_action(engine: Engine) -> list[str]:
    engine.game = _Miswritten(engine.game, legal_actions=lambda *args: [])  # type: ignore[assignment]
    return [f"seat {_deciding(engine)} must decide but has no legal action (phase {engine.state.phase})"]


def two_actions_with_one_text(engine: Engine) -> list[str]:
    seat = _deciding(engine)
    count = len(engine.legal_actions(seat))
    engine.game = _Miswritten(engine.game, describe=lambda *args: "go")  # type: ignore[assignment]
    return [f"seat {seat} has two actions with the same text: {['go'] * count}"]


def action_text_does_not_parse(engine: Engine) -> list[str]:
    seat = _deciding(engine)
    text = engine.describe(engine.legal_actions(seat)[0])

    def garbled(*args: Any) -> Action:  # whatever the rules' parse is given
        raise NotationError("garbled")

    engine.game = _Miswritten(engine.game, parse=garbled)  # type: ignore[assignment]
    return [f"action text {text!r} does not parse: garbled"]


def action_text_parses_to_another_action(engine: Engine) -> list[str]:
    seat = _deciding(engine)
    first, second = engine.legal_actions(seat)[:2]
    text = engine.describe(second)
    engine.game = _Miswritten(engine.game, parse=lambda *args: first)  # type: ignore[assignment]
    return [f"action text {text!r} parses to {first}, not {second}"]


def history_beyond_the_bound(engine: Engine) -> list[str]:
    history = engine.state.history
    history.extend([history[-1]] * (engine.max_actions + 1 - len(history)))
    return [f"history of {len(history)} actions exceeds the bound {engine.max_actions}"]


def score_out_of_bounds(engine: Engine) -> list[str]:
    low, high = engine.game.score_bounds(engine.state)
    engine.state.scores[0] = high + 1
    return [f"seat 0 score {high + 1} outside [{low}, {high}]"]


# Every game with a declared state.data (its check runs rules.invariants.data_problems) ---------------
def data_has_an_undeclared_key(engine: Engine) -> list[str]:
    engine.state.data["stray"] = 1
    return ["data has undeclared key 'stray'"]


# Rune Works! ---------------------------------------------------------------------------------------
def runeworks_meld_is_not_a_meld(engine: Engine) -> list[str]:
    state = engine.state
    entry = state.data["melds"][0]
    meld = state.zones[entry["zone"]].cards
    rank, suit = _rank_and_suit(state, meld[0])
    stock = state.zones["stock"].cards
    # a card of another rank and another suit fits no Call Set, Elemental Sequence or Elemental
    stranger = next(
        c for c in stock if _rank_and_suit(state, c)[0] != rank and _rank_and_suit(state, c)[1] != suit
    )
    stock[stock.index(stranger)], meld[0] = meld[0], stranger
    return [f"{entry['zone']} holds {tuple(sorted(meld))}, not a {entry['meld']['kind']}"]


def runeworks_hand_over_the_limit(engine: Engine) -> list[str]:
    state = engine.state
    limit = state.params["hand_size"] + 1
    hand, stock = state.zones["hand:0"].cards, state.zones["stock"].cards
    while len(hand) <= limit:
        hand.append(stock.pop())
    return [f"hand:0 holds {len(hand)} cards, more than {limit}"]


def runeworks_active_seat_has_no_card_to_release(engine: Engine) -> list[str]:
    state = engine.state
    seat = state.active
    hand = state.zones[f"hand:{seat}"].cards
    state.zones["stock"].cards[0:0] = hand
    hand.clear()
    return [
        "the active seat must Release but has no card",
        f"seat {seat} must decide but has no legal action (phase play)",
    ]


# Risugeon ------------------------------------------------------------------------------------------
def risugeon_points_tally_differs(engine: Engine) -> list[str]:
    points = engine.state.data["points"]
    held = list(points)
    points[0] += 1
    return [f"points tally {points} differs from the cards held {held}"]


def risugeon_owned_tally_differs(engine: Engine) -> list[str]:
    owned = engine.state.data["owned"][1]
    owned[next(iter(owned))] += 1
    return ["seat 1's owned tally differs from its cards"]


def _risugeon_negative(key: str) -> Callable[[Engine], list[str]]:
    def corrupt(engine: Engine) -> list[str]:
        engine.state.data[key] = -1
        return [f"{key} is negative: -1"]

    corrupt.__name__ = f"risugeon_{key}_negative"
    return corrupt


def risugeon_display_not_refilled(engine: Engine) -> list[str]:
    state = engine.state
    display = state.zones["display"].cards
    state.zones["action_deck"].cards.append(display.pop())
    return [f"the display holds {len(display)} cards with actions left to refill it"]


def risugeon_gem_pile_out_of_order(engine: Engine) -> list[str]:
    state = engine.state
    gems = state.zones["pile:gems"].cards
    gems.reverse()
    costs = [state.cardset.physical()[g].get("cost") for g in gems]  # type: ignore[union-attr]
    return [f"the gem pile is out of order: {costs}"]


def risugeon_pending_without_a_waiting_effect(engine: Engine) -> list[str]:
    engine.state.data["frames"] = []
    return ["a pending decision without a waiting effect, or the reverse"]


def risugeon_looked_at_cards_without_a_decision(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["look:0"].cards.append(state.zones["deck:0"].cards.pop())
    return ["look:0 holds cards with no decision about them"]


def risugeon_non_action_card_in_play(engine: Engine) -> list[str]:
    state = engine.state
    gem = state.zones["pile:gems"].cards.pop()
    state.zones["play:0"].cards.append(gem)
    return [f"play:0 holds a {state.cardset.physical()[gem].get('type')} card"]  # type: ignore[union-attr]


# War (the test-only game of tests/games/war) ----------------------------------------------------------
def war_hands_differ_in_size(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["deck:0"].cards.append(state.zones["hand:0"].cards.pop())
    return ["the hands differ in size between battles"]


# Sandbox --------------------------------------------------------------------------------------------
def sandbox_search_left_open(engine: Engine) -> list[str]:
    state = engine.state
    seat = next(s for s in range(state.seats) if str(s) not in state.data["searching"])
    source = next(n for n, z in state.zones.items() if z.cards and not n.startswith("search:"))
    state.zones[f"search:{seat}"].cards.append(state.zones[source].cards.pop())
    return [f"search:{seat} holds cards with no search open"]


# Lyabi ----------------------------------------------------------------------------------------------
def lyabi_hp_above_the_start(engine: Engine) -> list[str]:
    state = engine.state
    state.data["hp"][0] = int(state.params["start_hp"]) + 1
    state.scores[0] = state.data["hp"][0]
    return [f"seat 0 HP {state.data['hp'][0]} out of bounds"]


def lyabi_score_is_not_the_hp(engine: Engine) -> list[str]:
    state = engine.state
    state.scores[1] -= 1
    return [f"the scores {state.scores} are not the HP {state.data['hp']}"]


def lyabi_three_circles(engine: Engine) -> list[str]:
    state = engine.state
    pile = state.zones["circles_pool:11"].cards
    state.zones["circles:0"].cards.extend([pile.pop(), pile.pop()])
    return ["seat 0 has more circles than allowed"]


def lyabi_two_items(engine: Engine) -> list[str]:
    state = engine.state
    pile = state.zones["items_pool"].cards
    state.zones["item:1"].cards.extend(pile[-2:])
    del pile[-2:]
    return ["seat 1 holds more than one item"]


def lyabi_dummy_in_the_discard_pile(engine: Engine) -> list[str]:
    state = engine.state
    zone = next(n for n in ("dummy:0", "hand:0", "battle:0") if _dummy(state, n) is not None)
    card = _dummy(state, zone)
    state.zones[zone].cards.remove(card)
    state.zones["discard:0"].cards.append(card)
    return ["discard:0 holds a card that is not a lyabi"]


def _dummy(state: GameState, zone: str) -> int | None:
    assert state.cardset is not None
    physical = state.cardset.physical()
    return next((c for c in state.zones[zone].cards if physical[c].get("kind") == "dummy"), None)


# Land & Person --------------------------------------------------------------------------------------
def landperson_state_for_a_card_off_the_field(engine: Engine) -> list[str]:
    state = engine.state
    state.data["status"][str(state.zones["hand:0"].cards[0])] = "ready"
    return ["a person's state is kept for a card not on a field, or missing for one"]


def landperson_field_person_without_a_state(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["field:0"].cards.append(state.zones["hand:0"].cards.pop())
    return ["a person's state is kept for a card not on a field, or missing for one"]


# Sainome --------------------------------------------------------------------------------------------
def sainome_two_cards_in_a_slot(engine: Engine) -> list[str]:
    state = engine.state
    slot = next(n for n in state.zones if n.startswith("slot:0:") and not state.zones[n].cards)
    hand = state.zones["hand:0"].cards
    state.zones[slot].cards.extend([hand.pop(), hand.pop()])
    return [f"{slot} holds 2 cards"]


def sainome_slot_used_before_a_character(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["characters"].cards.extend(state.zones["character:0"].cards)
    state.zones["character:0"].cards.clear()
    slot = next(n for n in state.zones if n.startswith("slot:0:") and state.zones[n].cards)
    return [f"{slot} holds a card before a character is chosen"]


def sainome_score_is_not_the_hp_count(engine: Engine) -> list[str]:
    scores = engine.state.scores
    scores[0] -= 1
    return [f"seat 0's score {scores[0]} is not its HP count"]


def sainome_two_characters(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["character:0"].cards.append(state.zones["characters"].cards.pop())
    return ["character:0 holds more than one character"]


def sainome_bomb_not_in_its_slot(engine: Engine) -> list[str]:
    state = engine.state
    card = state.zones["hand:0"].cards[0]
    state.data["bombs"][str(card)] = {"placer": 0, "victim": 1, "slot": "top", "effects": []}
    return [f"bomb {card} is not in slot:1:top"]


def sainome_pending_without_a_waiting_effect(engine: Engine) -> list[str]:
    engine.state.data["frames"] = []
    return ["a pending decision without a waiting effect"]


def sainome_effects_queued_but_nobody_asked(engine: Engine) -> list[str]:
    engine.state.pending = None
    return ["effects are queued but nobody is asked"]


def sainome_cards_resolving_with_nothing_resolving(engine: Engine) -> list[str]:
    state = engine.state
    state.zones["resolving"].cards.append(state.zones["hand:0"].cards.pop())
    return ["cards wait in the resolving area with nothing resolving"]


def sainome_over_with_a_decision_pending(engine: Engine) -> list[str]:
    engine.state.over = True
    return ["the game is over with a decision pending"]


@dataclass(frozen=True)
class Corruption:
    """One way to break one invariant, and the kind of position it starts from."""

    corrupt: Callable[[Engine], list[str]]
    position: str = "any"


EVERY_GAME = [
    Corruption(card_in_two_zones),
    Corruption(card_lost),
    Corruption(zone_owner_not_a_seat),
    Corruption(pending_names_a_seat_not_at_the_table, "pending"),
    Corruption(committed_seat_still_pending, "pending"),
    Corruption(actions_for_a_seat_not_deciding),
    Corruption(deciding_seat_without_an_action),
    Corruption(two_actions_with_one_text, "choice"),
    Corruption(action_text_does_not_parse),
    Corruption(action_text_parses_to_another_action, "choice"),
    Corruption(history_beyond_the_bound),
    Corruption(score_out_of_bounds),
]
GAME_CHECKS = {
    "runeworks": [
        Corruption(data_has_an_undeclared_key),
        Corruption(runeworks_meld_is_not_a_meld, "runeworks_release"),
        Corruption(runeworks_hand_over_the_limit, "turn"),
        Corruption(runeworks_active_seat_has_no_card_to_release, "runeworks_release"),
    ],
    "risugeon": [
        Corruption(data_has_an_undeclared_key),
        Corruption(risugeon_points_tally_differs, "turn"),
        Corruption(risugeon_owned_tally_differs, "turn"),
        *(
            Corruption(_risugeon_negative(key), "turn")
            for key in ("actions_left", "trainings_left", "skill", "ps")
        ),
        Corruption(risugeon_display_not_refilled, "risugeon_turn"),
        Corruption(risugeon_gem_pile_out_of_order, "risugeon_turn"),
        Corruption(risugeon_pending_without_a_waiting_effect, "pending"),
        Corruption(risugeon_looked_at_cards_without_a_decision, "turn"),
        Corruption(risugeon_non_action_card_in_play, "turn"),
    ],
    "sainome": [
        Corruption(data_has_an_undeclared_key),
        Corruption(sainome_two_cards_in_a_slot, "turn"),
        Corruption(sainome_slot_used_before_a_character, "turn"),
        Corruption(sainome_score_is_not_the_hp_count, "turn"),
        Corruption(sainome_two_characters, "turn"),
        Corruption(sainome_bomb_not_in_its_slot, "turn"),
        Corruption(sainome_pending_without_a_waiting_effect, "sainome_pending"),
        Corruption(sainome_effects_queued_but_nobody_asked, "sainome_pending"),
        Corruption(sainome_cards_resolving_with_nothing_resolving, "turn"),
        Corruption(sainome_over_with_a_decision_pending, "sainome_pending"),
    ],
    "lyabi": [
        Corruption(data_has_an_undeclared_key),
        Corruption(lyabi_hp_above_the_start),
        Corruption(lyabi_score_is_not_the_hp),
        Corruption(lyabi_three_circles),
        Corruption(lyabi_two_items),
        Corruption(lyabi_dummy_in_the_discard_pile),
    ],
    "landperson": [
        Corruption(data_has_an_undeclared_key),
        Corruption(landperson_state_for_a_card_off_the_field, "turn"),
        Corruption(landperson_field_person_without_a_state, "turn"),
    ],
    "war": [Corruption(data_has_an_undeclared_key), Corruption(war_hands_differ_in_size)],
    "sandbox": [Corruption(data_has_an_undeclared_key), Corruption(sandbox_search_left_open)],
}
CASES = [(gid, c) for gid in all_games() for c in EVERY_GAME + GAME_CHECKS.get(gid, [])]


@pytest.mark.parametrize(("game_id", "case"), CASES, ids=[f"{g}-{c.corrupt.__name__}" for g, c in CASES])
def test_the_corruption_is_reported(game_id: str, case: Corruption) -> None:
    game = get_game(game_id)
    position = _position(game_id, case.position)
    if position is None and case.position == "pending":
        pytest.skip(f"{game_id} asked no out-of-turn or effect decision in {len(SEEDS)} random games")
    assert position is not None, f"{len(SEEDS)} random games of {game_id} reached no {case.position} position"
    assert check_invariants(Engine(game, position.copy())) == [], "the position is sound before"
    engine = Engine(game, position.copy())
    expected = case.corrupt(engine)
    problems = check_invariants(engine)
    for problem in expected:
        assert problem in problems, f"expected {problem!r} among {problems}"


def test_every_registered_game_has_cases_for_its_own_check() -> None:
    """A game added to the registry gets the shared corruptions at once; its own `check` clauses need
    cases in GAME_CHECKS (an empty list says it has none)."""
    assert set(GAME_CHECKS) == set(all_games()), "add the new game's check clauses to GAME_CHECKS"

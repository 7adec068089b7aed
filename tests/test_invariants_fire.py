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
from functools import cache
from typing import Any

import pytest

from cardtable.games import all_games, get_game
from cardtable.rules.actions import Action, NotationError
from cardtable.rules.engine import Engine
from cardtable.rules.invariants import check_invariants
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState
from tests.corruptions import (
    Corruption,
    deciding,
    for_game,
    is_any,
    is_choice,
    is_pending,
    is_turn,
)

SEEDS = range(5, 10)
MIN_STEPS = 20


# -- positions ------------------------------------------------------------------------------------


SHARED_POSITIONS: dict[str, Callable[[Engine], bool]] = {
    "any": is_any,
    "turn": is_turn,
    "choice": is_choice,
    "pending": is_pending,
}


@cache
def _position(game_id: str, position: str) -> GameState | None:
    """The first position after MIN_STEPS random moves that is of the wanted kind (trying a few seeds),
    or None when no seed reaches one."""
    game = get_game(game_id)
    own = for_game(game_id)
    wanted = {**SHARED_POSITIONS, **(own.positions if own else {})}[position]
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
    seat = deciding(engine)
    assert engine.legal_actions(seat)
    if state.pending is not None:
        state.pending.seats = tuple(s for s in state.pending.seats if s != seat)
    else:
        state.active = (seat + 1) % state.seats
    return [f"seat {seat} has actions but is not deciding"]


def deciding_seat_without_an_action(engine: Engine) -> list[str]:
    engine.game = _Miswritten(engine.game, legal_actions=lambda *args: [])  # type: ignore[assignment]
    return [f"seat {deciding(engine)} must decide but has no legal action (phase {engine.state.phase})"]


def two_actions_with_one_text(engine: Engine) -> list[str]:
    seat = deciding(engine)
    count = len(engine.legal_actions(seat))
    engine.game = _Miswritten(engine.game, describe=lambda *args: "go")  # type: ignore[assignment]
    return [f"seat {seat} has two actions with the same text: {['go'] * count}"]


def action_text_does_not_parse(engine: Engine) -> list[str]:
    seat = deciding(engine)
    text = engine.describe(engine.legal_actions(seat)[0])

    def garbled(*args: Any) -> Action:  # whatever the rules' parse is given
        raise NotationError("garbled")

    engine.game = _Miswritten(engine.game, parse=garbled)  # type: ignore[assignment]
    return [f"action text {text!r} does not parse: garbled"]


def action_text_parses_to_another_action(engine: Engine) -> list[str]:
    seat = deciding(engine)
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


# Rune Works! ---------------------------------------------------------------------------------------


# Risugeon ------------------------------------------------------------------------------------------


# War (the test-only game of tests/games/war) ----------------------------------------------------------


# Sandbox --------------------------------------------------------------------------------------------


# Lyabi ----------------------------------------------------------------------------------------------


# Land & Person --------------------------------------------------------------------------------------


# Sainome --------------------------------------------------------------------------------------------


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


def _cases(game_id: str) -> list[Corruption]:
    own = for_game(game_id)
    return EVERY_GAME + (own.corruptions if own is not None else [])


CASES = [(gid, c) for gid in all_games() for c in _cases(gid)]


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
    cases in tests/corruptions/<game id>.py (an empty CORRUPTIONS list says it has none)."""
    missing = [gid for gid in all_games() if for_game(gid) is None]
    assert not missing, f"write tests/corruptions/<id>.py (CORRUPTIONS, POSITIONS) for {missing}"

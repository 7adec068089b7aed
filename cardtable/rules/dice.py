"""Dice for every game: a roll is fixed by the rules (the game's rng) and returned as a DiceRolled event.

    results, event = roll(state, seat, count=2, sides=6, why="attack")
    events.append(event)          # the UI animates the outcome the rules already fixed

Results come from `state.rng`, so a seed and the list of actions give the same rolls on every replay.
A scenario file (or a test) may *state* rolls instead: `force(state, [3, 6, 6])` queues results in the
state (`GameState.forced_rolls`) and the next rolls take them in order, one die at a time, before the
rng is asked again. The queue is part of the state (it is saved in `to_dict`, copied and compared), and
the scenario runner sets it again whenever the game is replayed (undo), so stated rolls stay
deterministic. A stated result outside 1..sides is a RollError: the scenario asked for a die that
cannot show it.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import DiceRolled
from .state import GameState


class RollError(ValueError):
    """A stated roll the die cannot show (a 7 on a six-sided die)."""


def roll(
    state: GameState, seat: int, count: int = 1, sides: int = 6, why: str = ""
) -> tuple[tuple[int, ...], DiceRolled]:
    """Roll `count` dice of `sides` sides for `seat`: the results, and the event that shows them."""
    if count < 1 or sides < 2:
        raise ValueError(f"cannot roll {count} dice of {sides} sides")
    results: list[int] = []
    for _ in range(count):
        if state.forced_rolls:
            value = state.forced_rolls.pop(0)
            if not 1 <= value <= sides:
                raise RollError(f"a stated roll of {value} is not a face of a {sides}-sided die")
        else:
            value = state.rng.roll(sides)
        results.append(value)
    done = tuple(results)
    return done, DiceRolled(seat, sides, done, why)


def force(state: GameState, results: Iterable[int]) -> None:
    """Queue stated results: the next rolls take them in order before asking the rng."""
    for value in results:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RollError(f"a stated roll must be a whole number from 1, not {value!r}")
        state.forced_rolls.append(value)

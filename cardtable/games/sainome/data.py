"""Sainome game data by name: every key of `state.data`, its type and what it means.

Why a TypedDict and not typed fields: `state.data` is saved, copied, digested and compared as plain
JSON (GameState.to_dict, saves, scenario `expect: data`), and the effect vocabulary shared by the
games keeps its queue of frames in it. A TypedDict names and types every key for the reader and the
type checker while the data stays the same dict, so saves and digests stay byte-identical. What a
TypedDict cannot do by itself, hold at run time, the game's `check()` does with
`rules.invariants.data_problems`: the data has exactly these keys, each value of its declared type,
after every action of the random-playout contract tests and `simulate --check`.

Read it through `game_data(state)`, which gives `state.data` with this type.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypedDict

from ...rules.state import GameState

Frame = dict[str, Any]  # one queued effect of the effect vocabulary (rules/effects.py owns its keys)


class Bomb(TypedDict):
    """A Time Bomb attached to an opponent's slot."""

    placer: int  # the seat that set it
    victim: int  # the seat whose slot holds it
    slot: str  # top, right, bottom or left
    effects: list[dict[str, Any]]  # what happens when it explodes (compiled card text)


class LastRoll(TypedDict):
    """The most recent die roll."""

    seat: int  # who rolled
    results: list[int]  # the faces rolled
    why: str  # "setup" (the rights) or "attack"


class DamageEvent(TypedDict):
    """A damage event waiting for its counter window."""

    by: int  # the attacking seat
    target: int  # the defending seat
    amount: int  # the damage established before counters
    source: int  # the card that dealt it (-1: none)


class SainomeData(TypedDict):
    """Every key of a Sainome `state.data`."""

    side: list[str]  # per seat: the side its character shows, normal or awakened
    bombs: dict[str, Bomb]  # Time Bomb card id (as text) -> where it is and who set it
    frames: list[Frame]  # the effect queue; a pending decision (but the draft) waits on its first frame
    used: list[str]  # the actions of the action phase taken this turn (refill, change, use, attack)
    turn: int  # turns begun so far, both players together
    round: int  # the current round (both players' turns)
    strikes: int  # damage events counter cards started this turn (max_strike_backs)
    first: int | None  # the seat with the first-player right, once taken
    setup_rolls: list[list[int]]  # the setup rolls, one list per try (ties roll again)
    roll_winner: int | None  # the seat that won the setup roll
    rights: dict[str, int]  # "character" and "first" -> the seat holding that right
    last_roll: LastRoll | None  # the most recent roll, for the table
    event: DamageEvent | None  # the damage event being countered, if any
    setup_queue: list[int]  # seats still to set equipment at the first setup, in order
    draft_round: int  # HP-deck draft picks made so far, per player
    rebuilds: int  # times the common deck was rebuilt from the discard pile
    end_reason: str  # why the game ended: "hp", "turns", or "" while it runs


# `state.data` of a game, read by name. An attrgetter rather than a function returning
# `cast(...)`: the rules read the data on every move, and this costs them nothing measurable.
game_data: Callable[[GameState], SainomeData] = attrgetter("data")

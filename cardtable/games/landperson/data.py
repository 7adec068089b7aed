"""Land & Person game data by name: every key of `state.data`, its type and what it means.

Held to these types after every action by the game's `check()` (rules.invariants.data_problems), as
the other games' data.py. Read it through `game_data(state)`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TypedDict

from ...rules.state import GameState


class Task(TypedDict):
    """A decision being gathered one person at a time: which persons go to Commerce, Hunting, Repair, an
    attack or a defence, or which cards pay a recruitment."""

    kind: str  # commerce | hunt | repair | attack | intercept | siege | pay
    seat: int  # who gathers
    persons: list[int]  # the persons (or, for a discard payment, hand cards) chosen so far
    card: int | None  # the land to repair, or the person being recruited
    owed: int  # pay: what is still owed (cards to discard, or intelligence to exhaust)


class Fight(TypedDict):
    """The attack of this battle phase, once declared."""

    attackers: list[int]  # the attacking persons
    attack: int  # their total attack (A)


class Capture(TypedDict):
    """Spoils being taken after a won intercept."""

    seat: int  # who takes them
    loser: int  # whose persons they are
    left: int  # how many more to take
    candidates: list[int]  # the losing persons still in the fight


class LandPersonData(TypedDict):
    """Every key of a Land & Person `state.data`."""

    turn: int  # the current turn, from 1
    first: int  # the seat that went first
    status: dict[str, str]  # field person (card id as text) -> ready | acted | preparing
    task: Task | None  # a decision gathered one card at a time, if one is open
    fight: Fight | None  # the attack being resolved
    capture: Capture | None  # spoils being taken
    attacks: int  # attacks declared this battle phase
    recalled: bool  # this turn's return phase has returned (or declined to return) a wanderer
    released: bool  # this turn's income option (discard a wanderer to draw) is used or declined
    no_first: list[int]  # shared deck: seats dealt no person cheap enough to be a first person
    peek: list[int]  # a Scout's look: the cards chosen to go back, top first
    ended: str  # why the game ended (empty while it goes on)


game_data: Callable[[GameState], LandPersonData] = attrgetter("data")

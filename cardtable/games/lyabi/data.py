"""Lyabi game data by name: every key of `state.data`, its type and what it means.

`state.data` stays a plain dict (it is saved, copied and digested as JSON); this TypedDict names and
types each key, and the game's `check()` holds the data to it with `rules.invariants.data_problems`
after every action of the contract tests and `simulate --check`. Read it through `game_data(state)`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypedDict

from ...rules.state import GameState

Frame = dict[str, Any]  # one queued item effect (rules/effects owns its keys)


class Window(TypedDict):
    """A held item that may act now: its holder is asked to use it or pass."""

    seat: int  # the holder
    card: int  # the item
    timing: str  # acquire, draw, battle_start, prepare, reveal, win, lose, item_end


class Battle(TypedDict):
    """The battle of this round, as far as it has gone (public once revealed)."""

    cards: list[list[int]]  # per seat: the revealed cards (lyabi, or the Dummy); empty before the reveal
    attribute: list[str]  # per seat: the attribute the battle lyabi count as ("" for a Dummy)
    winner: int | None  # the seat that won, None for a draw or nobody
    parts: list[list[Any]]  # the damage worked out: [circle id, ATK, product of times as text, damage]
    damage: int  # the damage the winner deals, before items
    bonus: int  # damage added by items (War God's Sword)
    prevented: bool  # the loser's Mirror of Wishes stopped it
    dealt: int  # the damage finally dealt
    stage: str  # "commit", "revealed", "resolved", "done"


class LyabiData(TypedDict):
    """Every key of a Lyabi `state.data`."""

    hp: list[int]  # per seat: HP left (floored at 0)
    round: int  # the current round (0 during setup)
    priority: int  # the seat that is the priority player this round
    todo: list[str]  # the steps still to run this round, front first ("main:0", "battle", ...)
    windows: list[Window]  # held items still to be offered at the current timing, in priority order
    frames: list[Frame]  # the item effects resolving; a pending decision may wait on the first
    setup_tries: int  # blind picks of the Lv0 circles made so far (each same-attribute pair redoes it)
    battle: Battle | None  # this round's battle, kept for the table until the next one
    acquired: list[dict[str, int]]  # per seat: lyabi code -> how many that seat acquired (public)
    spent: list[dict[str, int]]  # per seat: lyabi code -> how many paid or discarded from hand (public)
    seen: dict[str, list[int]]  # seat (as text) -> the opponent's hand it looked at this battle (Eye)
    end_reason: str  # why the game ended: "hp", "deck", "rounds", or "" while it runs


# `state.data` of a game, read by name (an attrgetter: the rules read it on every move).
game_data: Callable[[GameState], LyabiData] = attrgetter("data")

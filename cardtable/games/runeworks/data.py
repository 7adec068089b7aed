"""Rune Works! game data by name: every key of `state.data`, its type and what it means.

Why a TypedDict and not typed fields: `state.data` is saved, copied, digested and compared as plain
JSON (GameState.to_dict, saves, golden transcripts, scenario `expect: data`). A TypedDict names and
types every key for the reader and the type checker while the data stays the same dict, so saves,
digests and golden transcripts stay byte-identical. What a TypedDict cannot do by itself, hold at run
time, the game's `check()` does with `rules.invariants.data_problems`: the data has exactly these
keys, each value of its declared type, after every action of the random-playout contract tests and
`simulate --check`.

Read it through `game_data(state)`, which gives `state.data` with this type.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TypedDict

from ...rules.state import GameState
from .scoring import MpItem


class MeldShape(TypedDict):
    """A meld's shape (melds.Meld as data)."""

    kind: str  # "CS" Call Set, "ES" Elemental Sequence, "EL" Elemental (a lone 7)
    rank: int  # a Call Set's rank (0 for the others)
    suit: int  # a sequence's suit index 0..3 (-1 for a Call Set)
    lo: int  # a sequence's lowest value (0 for a Call Set)
    hi: int  # a sequence's highest value, 14 for an ace above a king (0 for a Call Set)


class MeldEntry(TypedDict):
    """A meld on the table, named mN by its place in `melds`."""

    zone: str  # the zone holding its cards, meld:N
    owner: int  # the seat that set it (Seek and Call too)
    meld: MeldShape  # its shape now (Boosts grow it)


class _RoundEnd(TypedDict):
    round: int  # the round's number
    igniters: list[int]  # the seats that Ignited (none when the stock ran out)
    blasts: list[int]  # those of them whose Ignite was a Blast
    shot_from: int | None  # the discarder an Ignite Shot took the card from


class RoundLog(_RoundEnd, total=False):
    """How a round ended (the MP keys from Level 4 on). Written as a total=False subclass rather than
    with NotRequired, which Python 3.11 cannot see through postponed annotations."""

    deltas: list[int]  # Level 4+: each seat's MP change this round
    mp: list[int]  # Level 4+: each seat's MP after it
    why: list[list[MpItem]]  # Level 4+: per seat, each MP change with its reason (scoring.round_items)


class Leady(TypedDict):
    """Leady work, the flip that decides who starts."""

    compares: int  # flips made this round (ties flip again, up to leady_max_compares)
    shown: dict[str, int]  # seat (as text) -> the card it showed in the last flip, -1 for nothing
    used: dict[str, list[int]]  # seat (as text) -> every card it showed this round (leady_second_from_rest)


class Release(TypedDict):
    """A Release of this round, as everyone at the table saw it: the card goes face up onto the Mana
    Pool from that magician's hand, and the claim window's answers are said aloud together (R7)."""

    seat: int  # who released it
    card: int  # the card
    passed: list[int]  # Level 3+: the seats that passed in its claim window (no Call, no Shot)
    drew: int | None  # Level 2+: the seat that then drew instead of Seeking it (None: nobody did)


class RuneWorksData(TypedDict):
    """Every key of a Rune Works! `state.data`."""

    round: int  # the current round, from 1
    rounds_played: int  # Level 4+: rounds scored so far
    overtime: int  # overtime rounds added for a tie
    starter: int | None  # the seat that started the round's turns (None before the first Leady work ends)
    round_log: list[RoundLog]  # every round ended so far
    last_igniters: list[int]  # who Ignited in the last round (the first of them starts the next)
    melds: list[MeldEntry]  # the melds on the table this round, in the order they were set
    own_melds: list[int]  # per seat: melds it set this round
    own_elementals: list[int]  # per seat: of those, lone-7 Elementals
    placed: list[int]  # per seat: cards it put on the table this round (Blast: none before this turn)
    turn_placed: int  # cards the seat whose turn it is put on the table this turn
    last_discard: int | None  # the card that may be Sought or Called, if any
    discarder: int | None  # the seat that released the last card
    releases: list[Release]  # every Release of this round, in order (the last Ignites: nobody passes it)
    rebuilds: int  # times the stock was rebuilt from the Mana Pool this round
    leady: Leady  # Leady work of this round


# `state.data` of a game, read by name. An attrgetter rather than a function returning
# `cast(...)`: the rules read the data on every move, and this costs them nothing measurable.
game_data: Callable[[GameState], RuneWorksData] = attrgetter("data")

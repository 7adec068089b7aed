"""PlayerView: what one seat may know. The only thing the UI and the bots read.

A view carries every zone with its count, the faces that seat may see and UNKNOWN for the rest,
the game's public data, who must decide, which seats have locked in a hidden choice (never what),
and the seat's own legal actions. Two states that differ only in cards hidden from the seat give
equal views.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .actions import Action
from .cards import CardSet
from .events import UNKNOWN
from .state import GameState
from .zones import Visibility

# Views are built once per decision, so they are plain tuples: a frozen dataclass of 16 fields
# cost about ten times as much to construct (bench/rules_throughput.py).
_new_tuple = tuple.__new__
_PUBLIC, _OWNER, _TOP = Visibility.PUBLIC, Visibility.OWNER, Visibility.TOP_PUBLIC


class ZoneView(NamedTuple):
    """One zone as a seat sees it: faces where allowed, UNKNOWN elsewhere."""

    name: str
    owner: int | None
    visibility: Visibility
    cards: tuple[int, ...]

    @property
    def count(self) -> int:
        """How many cards the zone holds (always public)."""
        return len(self.cards)

    @property
    def top(self) -> int | None:
        """The top card's id, UNKNOWN if hidden, None when empty."""
        return self.cards[-1] if self.cards else None


class PlayerView(NamedTuple):
    """Everything `seat` may know about the game now."""

    game: str
    seat: int | None
    seats: int
    phase: str
    active: int | None
    deciding: tuple[int, ...]
    committed: tuple[int, ...]
    my_commit: Action | None
    zones: dict[str, ZoneView]
    scores: tuple[int, ...]
    data: dict[str, Any]
    legal: tuple[Action, ...]
    over: bool
    winners: tuple[int, ...]
    params: Mapping[str, Any]
    cardset: CardSet | None

    def hand(self, seat: int | None = None) -> tuple[int, ...]:
        """The cards of `seat`'s hand zone ("hand:N") as this view sees them."""
        who = self.seat if seat is None else seat
        return self.zones[f"hand:{who}"].cards


def make_view(state: GameState, seat: int | None, legal: list[Action], data: dict[str, Any]) -> PlayerView:
    """Build the view of `seat` (None = a spectator who sees only public things)."""
    zones: dict[str, ZoneView] = {}
    for name, zone in state.zones.items():
        vis = zone.visibility
        cards = zone.cards
        if vis is _PUBLIC or (vis is _OWNER and seat is not None and seat == zone.owner):
            shown = tuple(cards)
        elif vis is _TOP and cards:
            shown = (UNKNOWN,) * (len(cards) - 1) + (cards[-1],)
        else:
            shown = (UNKNOWN,) * len(cards)
        zones[name] = _new_tuple(ZoneView, (name, zone.owner, vis, shown))
    pending = state.pending
    committed = tuple(sorted(pending.commits)) if pending else ()
    my_commit = pending.commits.get(seat) if pending and seat is not None else None
    return _new_tuple(
        PlayerView,
        (
            state.game,
            seat,
            state.seats,
            state.phase,
            state.active,
            state.deciding_seats(),
            committed,
            my_commit,
            zones,
            tuple(state.scores),
            data,
            tuple(legal),
            state.over,
            state.winners,
            MappingProxyType(state.params),
            state.cardset,
        ),
    )

"""PlayerView: what one seat may know. The only thing the UI and the bots read.

A view carries every zone with its count, the faces that seat may see and UNKNOWN for the rest,
the game's public data, who must decide, which seats have locked in a hidden choice (never what),
and the seat's own legal actions. Two states that differ only in cards hidden from the seat give
equal views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import CardSet
from .events import UNKNOWN
from .state import GameState
from .zones import Visibility


@dataclass(frozen=True)
class ZoneView:
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


@dataclass(frozen=True)
class PlayerView:
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
    params: dict[str, Any] = field(default_factory=dict)
    cardset: CardSet | None = field(default=None, compare=False)

    def hand(self, seat: int | None = None) -> tuple[int, ...]:
        """The cards of `seat`'s hand zone ("hand:N") as this view sees them."""
        who = self.seat if seat is None else seat
        return self.zones[f"hand:{who}"].cards


def make_view(state: GameState, seat: int | None, legal: list[Action], data: dict[str, Any]) -> PlayerView:
    """Build the view of `seat` (None = a spectator who sees only public things)."""
    zones: dict[str, ZoneView] = {}
    for name, zone in state.zones.items():
        if zone.sees_all(seat):
            cards = tuple(zone.cards)
        elif zone.visibility is Visibility.TOP_PUBLIC and zone.cards:
            cards = (UNKNOWN,) * (len(zone.cards) - 1) + (zone.cards[-1],)
        else:
            cards = (UNKNOWN,) * len(zone.cards)
        zones[name] = ZoneView(name, zone.owner, zone.visibility, cards)
    pending = state.pending
    committed = tuple(sorted(pending.commits)) if pending else ()
    my_commit = pending.commits.get(seat) if pending and seat is not None else None
    return PlayerView(
        game=state.game, seat=seat, seats=state.seats, phase=state.phase, active=state.active,
        deciding=state.deciding_seats(), committed=committed, my_commit=my_commit, zones=zones,
        scores=tuple(state.scores), data=data, legal=tuple(legal), over=state.over,
        winners=state.winners, params=dict(state.params), cardset=state.cardset,
    )

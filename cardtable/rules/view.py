"""PlayerView: what one seat may know. The only thing the UI and the bots read.

A view carries every zone with its count, the faces that seat may see and UNKNOWN for the rest,
the game's public data, the pending decision (its kind, who must answer, the prompt and its public
details), who must decide, which seats have locked in a hidden choice (never what), and the seat's
own legal actions. Nothing outside the engine needs the full state. Two states that differ only in cards hidden from the seat give
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


class PendingView(NamedTuple):
    """An out-of-turn or effect decision as every seat may know it (never what anyone committed)."""

    kind: str  # the decision ("claim", "leady", or an effect's prompt: "pick", "counter"...)
    seats: tuple[int, ...]  # every seat that must answer it, whether or not it has committed yet
    prompt: str  # what is asked, in the game's words
    data: Mapping[str, Any]  # its public details (the effect, its card, picks made and allowed...)


def freeze(value: Any) -> Any:
    """JSON-like data made read-only all the way down: mappings as MappingProxyType, lists as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


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
    pending: PendingView | None

    def hand(self, seat: int | None = None) -> tuple[int, ...]:
        """The cards of `seat`'s hand zone ("hand:N") as this view sees them."""
        who = self.seat if seat is None else seat
        return self.zones[f"hand:{who}"].cards


def make_view(
    state: GameState,
    seat: int | None,
    legal: list[Action],
    data: dict[str, Any],
    pending: PendingView | None = None,
) -> PlayerView:
    """Build the view of `seat` (None = a spectator who sees only public things); `pending` is the
    pending decision as the game lets every seat see it."""
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
    decision = state.pending
    committed = tuple(sorted(decision.commits)) if decision else ()
    my_commit = decision.commits.get(seat) if decision and seat is not None else None
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
            pending,
        ),
    )

"""PlayerView: what one seat may know. The only thing the UI and the bots read.

A view carries every zone with its count, the faces that seat may see and UNKNOWN for the rest,
the game's public data, the pending decision (its kind, who must answer, the prompt and its public
details), who must decide, which seats have locked in a hidden choice (never what), and the seat's
own legal actions. Nothing outside the engine needs the full state. Two states that differ only in cards hidden from the seat give
equal views.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .actions import Action
from .cards import CardSet
from .events import UNKNOWN
from .state import GameState
from .zones import Visibility, Zone

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


_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """JSON-like data made read-only all the way down: mappings as MappingProxyType, lists as tuples.

    A copy: nothing in the result is an object of `value`'s, so later changes to the state do not show
    through and nothing written to the result (nothing can be) reaches the state. The engine freezes a
    game's public data once per position, so this is on the hot path of every decision: exact types
    are tested first and scalars are never passed to a call of their own."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    scalars = _SCALARS
    if kind is dict:
        out = dict(value)  # copied in C; only the values that are not scalars are replaced
        for key, item in value.items():
            if type(item) not in scalars:
                out[key] = freeze(item)
        return MappingProxyType(out)
    if kind is list or kind is tuple:
        return tuple([item if type(item) in scalars else freeze(item) for item in value])
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if kind is Action:  # a tuple, but a value of its own (and read-only already)
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return tuple(freeze(item) for item in value)
    return value


# What each FrozenData holds, by the FrozenData's id: [the game's data not read yet (None once sealed),
# the values frozen so far]. Kept here, not on the object, so that no attribute of a view leads to
# anything that can be written: not the game's own lists (`view.data._raw` was one, and writing into it
# changed the game), nor the view's own cache (another view of the same seat and position shares it).
# An entry lives as long as its FrozenData.
_HELD: dict[int, list[Any]] = {}


class FrozenData(Mapping[str, Any]):
    """A view's `data`: the game's public data, read-only all the way down, frozen key by key when read.

    Freezing every value of every position would cost a quarter of a random game's time, and most
    decisions never read the data (a random bot does not). So each value is frozen (copied into
    tuples and read-only mappings) the first time it is read, and the engine seals every FrozenData
    still held by someone (`seal`: the rest is frozen) before the state changes. What a view shows
    is the position it was made at, and nothing in it is the state's own.

    The object has no attributes of its own: what it reads and what it froze sit in this module's
    `_HELD` under its id, so nothing reachable from a view's attributes can be written to.
    """

    __slots__ = ("__weakref__",)

    def __init__(self, raw: Mapping[str, Any]) -> None:
        _HELD[id(self)] = [raw, {}]

    def __del__(self) -> None:
        held = _HELD  # None late in the interpreter's shutdown
        if held is not None:
            held.pop(id(self), None)

    def __getitem__(self, key: str) -> Any:
        raw, frozen = _HELD[id(self)]
        if key in frozen:
            return frozen[key]
        if raw is None:
            raise KeyError(key)
        value = frozen[key] = freeze(raw[key])
        return value

    def _keys(self) -> Mapping[str, Any]:
        raw, frozen = _HELD[id(self)]
        return frozen if raw is None else raw

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._keys()))

    def __len__(self) -> int:
        return len(self._keys())

    def __contains__(self, key: object) -> bool:
        return key in self._keys()

    def __repr__(self) -> str:
        return f"FrozenData({dict(self.items())!r})"

    def seal(self) -> None:
        """The state is about to change: keep the data of the position this view was made at. Data that
        can detach itself from the state (the engine's, which then keeps what it needs) does so, at no
        cost for values nobody reads; any other is frozen whole now and let go of."""
        held = _HELD[id(self)]
        raw, frozen = held
        if raw is None:
            return
        detach = getattr(raw, "detach", None)
        if detach is not None:
            detach()
            return
        held[:] = [None, {key: frozen[key] if key in frozen else freeze(value) for key, value in raw.items()}]


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
    zones: Mapping[str, ZoneView]
    scores: tuple[int, ...]
    data: Mapping[str, Any]
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


# What each Zones holds, by its id: [the state it was made of (never read once its position is
# detached), the seat, the ZoneViews built so far, its position (the engine's; None for a view of a bare
# state, which is read as it is)]. Kept here, not on the object, for _HELD's reason: no attribute of a
# view leads to the state, its hidden cards, or anything that can be written.
_ZONES: dict[int, list[Any]] = {}


def _zone_view(name: str, zone: Zone, seat: int | None) -> ZoneView:
    """`zone` as `seat` sees it: faces where allowed, UNKNOWN elsewhere."""
    vis = zone.visibility
    cards = zone.cards
    if vis is _PUBLIC or (vis is _OWNER and seat is not None and seat == zone.owner):
        faces = tuple(cards)
    elif vis is _TOP and cards:
        faces = (UNKNOWN,) * (len(cards) - 1) + (cards[-1],)
    else:
        faces = (UNKNOWN,) * len(cards)
    return _new_tuple(ZoneView, (name, zone.owner, vis, faces))


class Zones(Mapping[str, ZoneView]):
    """A view's zones, name -> ZoneView, each built the first time it is read.

    A decision reads a few zones, or none (a random bot reads only the legal moves), so building every
    zone's view for every decision was the biggest single cost of a view. While the position lasts a
    zone is built from the state. `at` is the engine's position (engine._Position: its `state` while
    it lasts; once the engine detached it before the state changed, its zone `names` and `position()`,
    the position rebuilt): a zone read before keeps what was built, any other is built from the
    rebuilt position if ever read. Like FrozenData it has no attributes: what it reads lives in this
    module's `_ZONES` under its id."""

    __slots__ = ("__weakref__",)

    def __init__(self, state: GameState, seat: int | None, at: Any = None) -> None:
        _ZONES[id(self)] = [state, seat, {}, at]

    def __del__(self) -> None:
        held = _ZONES  # None late in the interpreter's shutdown
        if held is not None:
            held.pop(id(self), None)

    def __getitem__(self, name: str) -> ZoneView:
        held = _ZONES[id(self)]
        built = held[2]
        shown = built.get(name)
        if shown is None:
            at = held[3]
            state = held[0] if at is None else at.state
            if state is None:  # detached: the position rebuilt, if it has that zone
                if name not in at.names:
                    raise KeyError(name)
                state = at.position()
            shown = built[name] = _zone_view(name, state.zones[name], held[1])
        return shown

    def _names(self) -> tuple[str, ...]:
        held = _ZONES[id(self)]
        at = held[3]
        if at is None:
            return tuple(held[0].zones)
        state = at.state
        return at.names if state is None else tuple(state.zones)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __repr__(self) -> str:
        return f"Zones({dict(self.items())!r})"


def make_view(
    state: GameState,
    seat: int | None,
    legal: list[Action],
    data: Mapping[str, Any],
    pending: PendingView | None = None,
    zones: Zones | None = None,
) -> PlayerView:
    """Build the view of `seat` (None = a spectator who sees only public things); `pending` is the
    pending decision as the game lets every seat see it. Its zones (`zones`, the engine's for this
    seat and position, else new ones of the bare state) are built as they are read (Zones)."""
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
            Zones(state, seat) if zones is None else zones,
            tuple(state.scores),
            data,
            tuple(legal),
            state.over,
            state.winners,
            MappingProxyType(dict(state.params)),  # a copy: no view leads to the state's own dict
            state.cardset,
            pending,
        ),
    )

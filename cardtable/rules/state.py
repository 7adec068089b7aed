"""GameState: everything a game position is, as plain data.

Seats, zones, phase, whose turn it is, the pending out-of-turn decision (with any hidden choices
already committed), scores, game-specific data, the rng and the action history. It round-trips
through to_dict/from_dict, copies independently, and has one canonical text form for tests and bug
reports. Zones are the one way cards move: `move` checks the cards are where the rules think.
`fork` is the cheap copy a search plays ahead on.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import CardSet
from .events import CardsMoved
from .knowledge import Knowledge
from .rng import Rng
from .zones import Visibility, Zone


@dataclass
class Pending:
    """An out-of-turn or simultaneous decision: which seats must still choose, and what is locked in."""

    kind: str
    seats: tuple[int, ...]
    commits: dict[int, Action] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "kind": self.kind,
            "seats": list(self.seats),
            "commits": {str(s): a.to_list() for s, a in self.commits.items()},
            "data": _plain(self.data),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pending:
        """Inverse of to_dict."""
        return cls(
            data["kind"],
            tuple(data["seats"]),
            {int(s): Action.from_list(a) for s, a in data["commits"].items()},
            _plain(data["data"]),
        )


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars); tuples become lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) and not isinstance(value, Action):
        return [_plain(v) for v in value]
    return value


def _fork_data(value: Any) -> Any:
    """A deep copy of a game's JSON-like data that keeps its types (a tuple stays a tuple), exact
    types tested first: `fork` is on a search's hot path."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _SHARED else _fork_data(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SHARED else _fork_data(v) for v in value]
    if kind is tuple:
        return tuple([v if type(v) in _SHARED else _fork_data(v) for v in value])
    if kind in _SHARED:
        return value
    if isinstance(value, dict):
        return {k: _fork_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fork_data(v) for v in value]
    return value


_SHARED = frozenset({str, int, float, bool, type(None)})


def copy_data(value: Any) -> Any:
    """A deep copy of JSON-like data that keeps its types, in C where it can: marshal copies dicts,
    lists, tuples and scalars of exactly those types several times faster than a Python walk (the
    engine copies a position's data whenever a view held across a move must keep it). Anything
    marshal refuses (an enum, an object) is copied by `_fork_data`, which shares what is not data."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return _fork_data(value)


def data_later(value: Any, fallback: Callable[[Any], Any] | None = None) -> Callable[[], Any]:
    """JSON-like data as it is now, to be read later (after it changed): `copy_data` split in two, the
    cheaper half (marshal's bytes) now and the rebuilding only if it is ever read. Anything marshal
    refuses is copied now, by `fallback` (view.freeze for a view's data: a set becomes a tuple rather
    than being shared) or else `_fork_data`."""
    try:
        blob = marshal.dumps(value)
    except ValueError:
        copied = (fallback or _fork_data)(value)
        return lambda: copied
    return lambda: marshal.loads(blob)


# Who sees a move between two zones, and whether it shows the cards to someone new, by the zones'
# visibility and owner and the number of seats (Zone.viewers): a handful of answers, each worked out once.
_MOVE_SEEN: dict[
    tuple[Visibility, int | None, Visibility, int | None, int], tuple[frozenset[int] | None, bool]
] = {}

_new_state = object.__new__
_new_rng = object.__new__


class GameState:
    """One position of one game."""

    __slots__ = (
        "game",
        "seats",
        "params",
        "seed",
        "rng",
        "zones",
        "phase",
        "active",
        "pending",
        "scores",
        "data",
        "history",
        "undo_floor",
        "over",
        "winners",
        "cardset",
        "forced_rolls",
        "knowledge",
    )

    def __init__(
        self, game: str, seats: int, params: dict[str, Any], seed: int, cardset: CardSet | None = None
    ) -> None:
        self.game = game
        self.seats = seats
        self.params = dict(params)
        self.seed = seed
        self.rng = Rng(seed)
        self.zones: dict[str, Zone] = {}
        self.phase = "setup"
        self.active: int | None = None
        self.pending: Pending | None = None
        self.scores = [0] * seats
        self.data: dict[str, Any] = {}
        self.history: list[Action] = []
        self.undo_floor = 0
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.cardset = cardset
        # Dice results stated by a scenario, taken in order before the rng (rules/dice.py).
        self.forced_rolls: list[int] = []
        # Where each seat knows the cards it cannot see could be (rules/knowledge.py), kept by the
        # engine from the events; None when nobody followed the game (a state built from a dict), and
        # then a re-deal knows only the zones. Not part of the canonical text: a replay rebuilds it.
        self.knowledge: Knowledge | None = None

    # -- zones -------------------------------------------------------------------------------
    def add_zone(self, name: str, visibility: Visibility, owner: int | None = None) -> Zone:
        """Create an empty zone (names are unique)."""
        if name in self.zones:
            raise ValueError(f"zone {name!r} exists already")
        zone = Zone(name, visibility, owner)
        self.zones[name] = zone
        return zone

    def move(
        self, cards: Iterable[int], src: str, dst: str, why: str = "", to_bottom: bool = False
    ) -> CardsMoved:
        """Move cards from one zone to another (onto the top unless `to_bottom`); the one way cards move."""
        moved = tuple(cards)
        src_zone = self.zones[src]
        dst_zone = self.zones[dst]
        pile = src_zone.cards
        for card in moved:
            pile.remove(card)  # ValueError means the rules lost track of a card: a bug, never user input
        if to_bottom:
            dst_zone.cards[0:0] = moved
        else:
            dst_zone.cards.extend(moved)
        seats = self.seats
        key = (src_zone.visibility, src_zone.owner, dst_zone.visibility, dst_zone.owner, seats)
        seen = _MOVE_SEEN.get(key)
        if seen is None:
            before = src_zone.viewers(seats)
            after = dst_zone.viewers(seats)
            both = before | after
            seen = _MOVE_SEEN[key] = (None if len(both) == seats else both, bool(after - before))
        return CardsMoved(moved, src, dst, why, seen[0], seen[1])

    def deciding_seats(self) -> tuple[int, ...]:
        """The seats that have a decision to make now."""
        if self.over:
            return ()
        if self.pending is not None:
            return self.pending.seats
        return () if self.active is None else (self.active,)

    # -- text forms --------------------------------------------------------------------------
    def to_dict(self, history: bool = True) -> dict[str, Any]:
        """A JSON-able dict of the whole state, hidden parts included. Without `history` the action list
        is left out (an empty list): the engine's undo snapshots and saves keep it apart, so a snapshot
        costs the same at move 10 and move 10,000."""
        out = {
            "game": self.game,
            "seats": self.seats,
            "params": _plain(self.params),
            "seed": self.seed,
            "rng": self.rng.to_dict(),
            "zones": {n: z.to_dict() for n, z in self.zones.items()},
            "phase": self.phase,
            "active": self.active,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "scores": list(self.scores),
            "data": _plain(self.data),
            "history": [a.to_list() for a in self.history] if history else [],
            "undo_floor": self.undo_floor,
            "over": self.over,
            "winners": list(self.winners),
            "cardset": None if self.cardset is None else self.cardset.id,
        }
        if self.forced_rolls:  # only when a scenario stated rolls, so other states keep their text
            out["rolls"] = list(self.forced_rolls)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], cardset: CardSet | None = None) -> GameState:
        """Inverse of to_dict; the card set object is passed in (it is named, not stored)."""
        state = cls(data["game"], int(data["seats"]), data["params"], int(data["seed"]), cardset)
        state.rng = Rng.from_dict(data["rng"])
        state.zones = {n: Zone.from_dict(n, z) for n, z in data["zones"].items()}
        state.phase = data["phase"]
        state.active = data["active"]
        state.pending = None if data["pending"] is None else Pending.from_dict(data["pending"])
        state.scores = [int(s) for s in data["scores"]]
        state.data = _plain(data["data"])
        state.history = [Action.from_list(a) for a in data["history"]]
        state.undo_floor = int(data["undo_floor"])
        state.over = bool(data["over"])
        state.winners = tuple(data["winners"])
        state.forced_rolls = [int(r) for r in data.get("rolls", ())]
        return state

    def copy(self) -> GameState:
        """An independent copy (sharing only the immutable card set and the frozen actions)."""
        copied = GameState.from_dict(self.to_dict(history=False), self.cardset)
        copied.history = list(self.history)  # Actions are frozen: a new list of the same ones will do
        copied.knowledge = None if self.knowledge is None else self.knowledge.copy()
        return copied

    def fork(self, knowledge: bool = False) -> GameState:
        """A copy for search to play ahead on: independent of this state (nothing a move does to one
        reaches the other) at a fraction of `copy`'s cost. The card set, the parameters (never
        written during play) and the frozen actions are shared; zones, pending, scores, data, history
        and the rng are copied. The seats' knowledge (what a re-deal from their views reads) is copied
        only when asked for: a playout does not deal from views."""
        new = _new_state(GameState)
        new.game = self.game
        new.seats = self.seats
        new.params = self.params
        new.seed = self.seed
        rng = _new_rng(Rng)
        rng.state = self.rng.state
        new.rng = rng
        new.zones = {name: Zone(name, z.visibility, z.owner, z.cards[:]) for name, z in self.zones.items()}
        new.phase = self.phase
        new.active = self.active
        pending = self.pending
        new.pending = (
            None
            if pending is None
            else Pending(pending.kind, pending.seats, dict(pending.commits), _fork_data(pending.data))
        )
        new.scores = self.scores[:]
        new.data = _fork_data(self.data)
        new.history = self.history[:]
        new.undo_floor = self.undo_floor
        new.over = self.over
        new.winners = self.winners
        new.cardset = self.cardset
        new.forced_rolls = self.forced_rolls[:]
        new.knowledge = self.knowledge.copy() if knowledge and self.knowledge is not None else None
        return new

    def fork_later(self) -> Callable[[], GameState]:
        """`fork` split in two, for a position that is read only now and then after it changed (a view
        held across a move): the cheap half now (the zones' cards, the data and the pending data as
        marshal's bytes, the scalars as they are, the history by its length: it only grows) and the
        rebuilding only when asked, once. The state it gives is a fork of this position, with no
        knowledge; whoever asks must not change it."""
        zones = self.zones
        pending = self.pending
        try:
            blob = marshal.dumps(
                ([z.cards for z in zones.values()], self.data, None if pending is None else pending.data)
            )
        except ValueError:  # something marshal refuses (an enum, an object): fork now
            forked = self.fork()
            return lambda: forked
        layout = [(z.name, z.visibility, z.owner) for z in zones.values()]
        head = (self.game, self.seats, self.params, self.seed, self.rng.state, self.phase, self.active)
        tail = (self.scores[:], self.undo_floor, self.over, self.winners, self.cardset, self.forced_rolls[:])
        asked = (
            None if pending is None else (pending.kind, pending.seats, dict(pending.commits)),
            self.history,
            len(self.history),
        )
        built: list[GameState] = []

        def rebuild() -> GameState:
            if built:
                return built[0]
            cards, data, pending_data = marshal.loads(blob)
            new = _new_state(GameState)
            new.game, new.seats, new.params, new.seed, rng_state, new.phase, new.active = head
            rng = _new_rng(Rng)
            rng.state = rng_state
            new.rng = rng
            new.zones = {
                name: Zone(name, vis, owner, held)
                for (name, vis, owner), held in zip(layout, cards, strict=True)
            }
            decision, history, moves = asked
            new.pending = None if decision is None else Pending(*decision, pending_data)
            scores, new.undo_floor, new.over, new.winners, new.cardset, rolls = tail
            new.scores, new.forced_rolls = scores[:], rolls[:]
            new.data = data
            new.history = history[:moves]
            new.knowledge = None
            built.append(new)
            return new

        return rebuild

    def canonical(self) -> str:
        """The one canonical text of this position: sorted-key compact JSON."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def digest(self) -> str:
        """SHA-256 of the canonical text: saves carry it to prove a replay reached the same place."""
        return hashlib.sha256(self.canonical().encode("utf-8")).hexdigest()

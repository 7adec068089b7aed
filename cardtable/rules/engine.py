"""The engine: the one door through which game state changes.

It creates games from a seed, answers legal actions per seat, checks and applies actions (raising
IllegalMoveError with the reason), keeps the history and the undo floor, builds per-seat views, and
replays a game from its seed and action list. The UI and bots never touch GameState directly.

Undo policy: a seat may take back its own most recent actions back to the last action that revealed
hidden information to anyone (a draw, a card shown, a shuffle, a roll); never another seat's.

Undo rebuilds the position before the action taken back. With `keep_snapshots(every)` (the table's
session turns it on) the engine keeps the state, without its history, after every `every`-th action
and undo replays only the few actions since the nearest one: the same cost at move 10 and move 10,000.
Without snapshots it replays from the deal, as a bare engine in a simulation needs no more.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from .actions import Action, IllegalAction, IllegalMoveError
from .cards import CardSet
from .events import Event
from .game import KNOWN, Game
from .knowledge import Held, Knowledge
from .state import GameState
from .view import FrozenData, PendingView, PlayerView, Zones, make_view
from .zones import Visibility

_UNSET = object()
_PUBLIC, _OWNER = Visibility.PUBLIC, Visibility.OWNER


class _Position:
    """One position as the views made at it read it (one per position, shared by every view of it).

    While the position lasts it points at the engine and the state, and the views read them. Before
    the state changes the engine `detach`es it, once, whatever the number of views still held (a
    move costs one weak reference's check, not a seal per view): it then keeps the position last
    copied (GameState.fork_later, taken again every _REBASE moves) and the moves made since, replayed
    through an engine of its own when first asked (the rules are deterministic), its move count, the
    zone names, and every seat's knowledge held copy-on-write (Knowledge.hold). So a held view costs
    this one small object a move instead of its data and a copy of the game's; reading one after the
    state moved on costs at most _REBASE moves' replay, once."""

    __slots__ = (
        "game",
        "engine",
        "state",
        "base",
        "history",
        "start",
        "moves",
        "held",
        "names",
        "built",
        "__weakref__",
    )

    def __init__(self, engine: Engine, state: GameState) -> None:
        self.game = engine.game
        self.engine: Engine | None = engine  # None once detached
        self.state: GameState | None = state  # the live state the views were made of, until detached
        self.base: Callable[[], GameState] | None = None
        self.history: list[Action] = []  # once detached: the live list, read up to `moves` only
        self.start = self.moves = 0
        self.held: Held | None = None
        self.names: tuple[str, ...] = ()
        self.built: GameState | None = None

    def detach(self, engine: Engine) -> None:
        """The state is about to change: keep this position apart from it (see the class). The state
        is the one the views were made of, even where the engine has been given another (undo)."""
        state = self.state
        if state is None:
            return
        history = state.history
        moves = len(history)
        base = engine._base
        if base is None or base[2] is not state or not 0 <= moves - base[0] < _REBASE:
            base = engine._base = (moves, state.fork_later(), state)
        self.start, self.base = base[0], base[1]
        self.history, self.moves = history, moves  # the live list: it only grows (undo makes another)
        knowledge = state.knowledge
        self.held = None if knowledge is None else knowledge.hold()
        self.names = tuple(state.zones)
        self.engine = None
        self.state = None

    def position(self) -> GameState:
        """The position, rebuilt when first asked, once; whoever asks must not change it."""
        built = self.built
        if built is None:
            state = self.state
            if state is not None:
                return state
            assert self.base is not None
            if self.start == self.moves:
                built = self.base()
            else:
                engine = Engine(self.game, self.base().fork())
                for action in self.history[self.start : self.moves]:
                    engine.apply(action)
                built = engine.state
            self.built = built
        return built

    def data(self, seat: int | None) -> Mapping[str, Any]:
        """The game's public data of the detached position for `seat`."""
        return self.game.public_data(self.position(), seat)

    def known(self, seat: int | None) -> dict[str, Any]:
        """`Engine._known` of the detached position: the zones a seat sees whole (`places` leaves out
        the cards known to be in one of them, as the view shows them) are read from the position too."""
        kept = self.position()
        places = None
        held = self.held
        if held is not None:
            seen = frozenset([n for n, z in kept.zones.items() if z.sees_all(seat)])
            places = held.places(kept.seats if seat is None else seat, seen)
        return {"data": self.game.known_data(kept, seat), "moves": self.moves, "places": places}


def known_entry(game: Game, state: GameState, seat: int | None) -> dict[str, Any]:
    """What a re-deal from `seat`'s view needs beyond the zones (Game.determinize), a view's KNOWN
    entry: the game's data as that seat may know it, how many moves were made, and where it knows the
    cards it cannot see could be (rules/knowledge.py; None when nobody followed the game)."""
    knowledge = state.knowledge
    places = None
    if knowledge is not None:
        observer = state.seats if seat is None else seat
        zones = state.zones
        # only the zones a card is known to be in alone matter to `places` (a handful, not every zone)
        seen = frozenset(
            [
                name
                for name in knowledge.single_zones(observer)
                if name in zones and zones[name].sees_all(seat)
            ]
        )
        places = knowledge.places(observer, seen)
    return {"data": game.known_data(state, seat), "moves": len(state.history), "places": places}


class ViewData(Mapping[str, Any]):
    """A view's `data`: the game's public data for one seat and the KNOWN entry, each worked out by the
    subclass when first read (`_data`, `_known_entry`): most decisions read neither."""

    __slots__ = ()

    def _data(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def _known_entry(self) -> dict[str, Any]:
        raise NotImplementedError

    def __getitem__(self, key: str) -> Any:
        if key != KNOWN:
            return self._data()[key]
        return self._known_entry()

    def __iter__(self) -> Iterator[str]:
        yield from self._data()
        yield KNOWN

    def __len__(self) -> int:
        return len(self._data()) + 1

    def __contains__(self, key: object) -> bool:
        return key == KNOWN or key in self._data()


class _Public(ViewData):
    """What a view's `data` reads: the game's public data for one seat at one position plus the KNOWN
    entry, each worked out only when first read (most decisions read neither: a random bot does not).

    While its position lasts it asks the engine. Once the engine detached the position (_Position) it
    reads that and nothing of the live state: the game's public data as the game returned it when the
    game builds it anew on every call (`Game.public_data_shares_nothing`), else worked out again from
    the kept position, and KNOWN (which holds live data when read live) from that position, its move
    count and the seats' knowledge held copy-on-write. Lives in view.FrozenData's private table, never
    on an attribute of a view."""

    __slots__ = ("_at", "_seat", "_raw", "_known", "_raw_live", "_known_live")

    def __init__(self, at: _Position, seat: int | None) -> None:
        self._at = at
        self._seat = seat
        self._raw: Mapping[str, Any] | None = None
        self._known: dict[str, Any] | None = None
        self._raw_live = self._known_live = False  # read while the position lasted

    def _data(self) -> Mapping[str, Any]:
        raw = self._raw
        at = self._at
        engine = at.engine
        if raw is None or (
            engine is None and self._raw_live and not at.game.public_data_shares_nothing
        ):  # read live, it may hold objects of the live state: worked out from the position
            if engine is not None:
                raw = engine._public_data(self._seat)
            else:
                raw = at.data(self._seat)
            self._raw, self._raw_live = raw, engine is not None
        return raw

    def _known_entry(self) -> dict[str, Any]:
        known = self._known
        engine = self._at.engine
        if known is None or (engine is None and self._known_live):
            if engine is not None:
                known = engine._known(self._seat)
            else:
                known = self._at.known(self._seat)
            self._known, self._known_live = known, engine is not None
        return known

    def detach(self) -> None:
        """Read nothing of the live state from now on (Session.ask_bot hands the view to another
        thread): this view's data reads a position of its own, kept apart now; the other views of the
        position go on reading the live state while it lasts."""
        at = self._at
        engine, state = at.engine, at.state
        if engine is not None and state is not None:
            own = _Position(engine, state)
            own.detach(engine)
            self._at = own


# How many moves a held view's position may lie past the position it is rebuilt from (_Position):
# a kept position costs a copy of the state's lists as bytes, so one every 16 moves is about a
# microsecond a move, and a view read after the state moved on replays at most 15 moves (a few ms).
_REBASE = 16


# A game's bound on its length, per card set object: an Engine is built for every playout of a search,
# and a game's `max_actions` may load its card set (a file's stat and check) to work it out. Keyed by
# the set's id with the set kept beside, so a freed set's reused id is never taken for it; emptied
# when it grows past a few dozen sets (a designer's session of edits), never stale.
_BOUNDS: dict[int, tuple[CardSet | None, dict[tuple[Any, ...], int]]] = {}


def _bound(game: Game, state: GameState) -> int:
    """`game.max_actions` for this state's parameters and seats, worked out once per card set object."""
    cardset, params = state.cardset, state.params
    held = _BOUNDS.get(id(cardset))
    if held is None or held[0] is not cardset:
        if len(_BOUNDS) >= 64:
            _BOUNDS.clear()
        held = _BOUNDS[id(cardset)] = (cardset, {})
    try:
        key = (game, state.seats, frozenset(params.items()))  # by value: the session rewrites one
    except TypeError:  # a parameter value that cannot be a key: ask every time
        return game.max_actions(params, state.seats)
    bound = held[1].get(key)
    if bound is None:
        bound = held[1][key] = game.max_actions(params, state.seats)
    return bound


class Engine:
    """A running game: its rules, its state, and the checked way to change it."""

    def __init__(
        self, game: Game, state: GameState, arrange: Callable[[GameState], None] | None = None
    ) -> None:
        self.game = game
        self.state = state
        self.arrange = arrange
        self.max_actions = _bound(game, state)
        self._legal: dict[int, list[Action]] = {}
        # per seat: the game's public data of this position
        self._public: dict[int | None, dict[str, Any]] = {}
        # The FrozenData and Zones handed out for this position, per seat, held weakly (forgotten at no
        # cost if no view holds them), and the position they read (_Position), held weakly too: it is
        # detached before the state changes if a view still holds it.
        self._handed: dict[int | None, weakref.ref[FrozenData]] = {}
        self._zones: dict[int | None, weakref.ref[Zones]] = {}
        self._at: weakref.ref[_Position] | None = None
        self._pending: PendingView | None | object = _UNSET
        # (moves, GameState.fork_later of that position, the state it was taken of): the position held
        # views are rebuilt from, with the moves since (_Position)
        self._base: tuple[int, Callable[[], GameState], GameState] | None = None
        self.setup_events: list[Event] = []
        self._snapshot_every = 0
        # history length -> (state.to_dict(history=False), a copy of the seats' knowledge)
        self._snapshots: dict[int, tuple[dict[str, Any], Knowledge | None]] = {}

    # -- creation ----------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        seats: int,
        seed: int,
        params: dict[str, Any] | None = None,
        cardset: CardSet | None = None,
        arrange: Callable[[GameState], None] | None = None,
    ) -> Engine:
        """A new game, dealt from `seed`. Parameters are checked (ParamError). `arrange` (scenario
        files' stacked deals) runs after the deal and again on every replay."""
        game.check_seats(seats)
        resolved = game.resolve_params(params)
        if cardset is None and game.cardset_name:
            cardset = game.load_cardset(resolved)
        state = GameState(game.id, seats, resolved, seed, cardset)
        engine = cls(game, state, arrange)
        engine.setup_events = game.setup(state)
        if arrange is not None:
            arrange(state)  # a scenario's stacked deal moves cards unseen: nobody's knowledge follows
        else:
            zones = {name: zone.cards for name, zone in state.zones.items()}
            state.knowledge = Knowledge.at_setup(seats, zones, engine.setup_events)
        return engine

    @classmethod
    def replay(
        cls,
        game: Game,
        seats: int,
        seed: int,
        params: dict[str, Any] | None,
        history: Iterable[Action],
        cardset: CardSet | None = None,
        arrange: Callable[[GameState], None] | None = None,
    ) -> Engine:
        """Rebuild a game from its seed and actions, checking each one."""
        engine = cls.new(game, seats, seed, params, cardset, arrange)
        for action in history:
            engine.apply(action)
        return engine

    # -- questions ---------------------------------------------------------------------------
    def deciding_seats(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return self.state.deciding_seats()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for `seat` now (empty when it has nothing to decide)."""
        cached = self._legal.get(seat)
        if cached is None:
            if seat in self.state.deciding_seats():
                cached = self.game.legal_actions(self.state, seat)
            else:
                cached = []
            self._legal[seat] = cached
        return cached

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None = a spectator)."""
        if seat is None:
            legal = []
        else:
            legal = self._legal.get(seat)
            if legal is None:
                legal = self.legal_actions(seat)
        # The game's public data is worked out for each seat that asks, and kept for that seat only:
        # `public_data(state, seat)` is given the seat, so whatever it returns may depend on it (a
        # face-down card a seat placed, a hand it looked at), and no declaration of the game's can make
        # one seat's answer another's. Most positions are asked by one seat (the one deciding), so this
        # costs a second call only where the table narrates a move to every seat.
        handed = self._handed.get(seat)
        data = handed() if handed is not None else None
        at = None
        if data is None:
            # Read-only all the way down, frozen as it is read (view.FrozenData): no view holds the
            # live state's own lists and nothing written to a view reaches the game. The data itself
            # is worked out when first read, from the position kept apart if that is after a move.
            at = self._position()
            data = FrozenData(_Public(at, seat))
            self._handed[seat] = weakref.ref(data)
        pending = self._pending
        if pending is _UNSET:
            pending = self._pending = self.game.pending_view(self.state)
        assert pending is None or isinstance(pending, PendingView)
        handed_zones = self._zones.get(seat)
        zones = handed_zones() if handed_zones is not None else None
        if zones is None:
            zones = Zones(self.state, seat, at or self._position())
            self._zones[seat] = weakref.ref(zones)
        return make_view(self.state, seat, legal, data, pending, zones)

    def _position(self) -> _Position:
        """This position as the views made at it read it (one per position, see _Position)."""
        ref = self._at
        at = ref() if ref is not None else None
        if at is None:
            at = _Position(self, self.state)
            self._at = weakref.ref(at)
        return at

    def _public_data(self, seat: int | None) -> Mapping[str, Any]:
        """The game's public data of this position for `seat`, worked out once per position and seat."""
        raw = self._public.get(seat)
        if raw is None:
            raw = self._public[seat] = self.game.public_data(self.state, seat)
        return raw

    def _known(self, seat: int | None) -> dict[str, Any]:
        """The KNOWN entry of `seat`'s view of this position (known_entry)."""
        return known_entry(self.game, self.state, seat)

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    def explain(self, action: Action) -> str:
        """Why `action` would be refused now, in a player's words ("" when it is legal). The UI asks
        this instead of reading the state, so a refusal says exactly what `apply` would."""
        if self.state.over:
            return "the game is over"
        if action in self.legal_actions(action.seat):
            return ""
        return self.game.explain(self.state, action) or f"{action.kind} is not allowed now"

    def describe(self, action: Action) -> str:
        """The action in move notation."""
        return self.game.describe(self.state, action)

    def parse(self, seat: int, text: str) -> Action:
        """A move text for `seat` as an action, read against its legal moves: InvalidMoveError when it
        is no move of this game, AmbiguousMoveError when it fits several (both NotationErrors)."""
        return self.game.parse(self.state, seat, text, self.legal_actions(seat))

    # -- changes -----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Carry out `action` if legal, else raise IllegalMoveError with the reason."""
        state = self.state
        legal = self._legal.get(action.seat)
        # a move among the legal moves worked out for this position (a bot's choice) needs no more
        if legal is None or state.over or action not in legal:
            reason = self.explain(action)
            if reason:
                raise IllegalMoveError(reason, action)
        if len(state.history) >= self.max_actions:
            raise RuntimeError(f"{self.game.id}: game exceeded its bound of {self.max_actions} actions")
        self._seal()
        events = self.game.apply(state, action)
        state.history.append(action)
        if state.knowledge is not None:
            state.knowledge.observe(events)
        for event in events:
            if event.reveals:
                state.undo_floor = len(state.history)
                break
        self._moved()
        if self._snapshot_every and len(state.history) % self._snapshot_every == 0:
            self._snapshots[len(state.history)] = self._snapshot()
        return events

    def keep_snapshots(self, every: int = 64) -> None:
        """Keep the state after every `every`-th action (and now), so undo need not replay the game."""
        self._snapshot_every = max(1, every)
        self._snapshots[len(self.state.history)] = self._snapshot()

    def _snapshot(self) -> tuple[dict[str, Any], Knowledge | None]:
        """The position for undo to go back to. The seats' knowledge is not in the state's dict (a save
        rebuilds it by replay), so a copy is kept beside it: else an undo from a snapshot would forget
        what every seat saw, and a bot's re-deal would take the cards it saw go into a hand for unseen."""
        state = self.state
        return state.to_dict(history=False), None if state.knowledge is None else state.knowledge.copy()

    def _seal(self) -> None:
        """The state is about to change: views still held keep the position they were made at."""
        ref = self._at
        if ref is not None:
            self._at = None
            at = ref()
            if at is not None:
                at.detach(self)
            self._handed.clear()
            self._zones.clear()

    def _forget(self) -> None:
        """The position changed: drop what was worked out for the old one."""
        self._seal()
        self._moved()

    def _moved(self) -> None:
        """`_forget` after a move, whose `apply` sealed the held views before the state changed."""
        self._legal.clear()
        self._public.clear()
        self._pending = _UNSET

    def swap_cardset(self, cardset: CardSet) -> None:
        """Go on with an edited card set whose cards keep their codes, counts and order (a designer's
        edit of texts, costs or effects: cardtable.cardsets.watch says which edits qualify). The
        position stays; what was worked out from the old texts is forgotten."""
        if [(s.code, s.count) for s in cardset.cards] != [
            (s.code, s.count) for s in (self.state.cardset.cards if self.state.cardset else ())
        ]:
            raise ValueError("a card set with other cards or counts cannot replace the one in play")
        self.state.cardset = cardset
        self._base = None  # a position kept before is rebuilt with the old card set
        self._forget()

    def apply_text(self, seat: int, text: str) -> list[Event]:
        """Parse a move text for `seat` and apply it."""
        return self.apply(self.parse(seat, text))

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its most recent action."""
        state = self.state
        return not state.over and len(state.history) > state.undo_floor and state.history[-1].seat == seat

    def undo_refusal(self, seat: int) -> tuple[str, int | None]:
        """Why `seat` may not take back a move now, as a word and a seat: ("", None) when it may;
        "over" the game has ended; "none" nothing has been played; "not_yours" the last move was
        that seat's; "revealed" the seat's last move (or what it set off) showed cards to everyone."""
        state = self.state
        if state.over:
            return "over", None
        if not state.history:
            return "none", None
        last = state.history[-1].seat
        if last != seat:
            return "not_yours", last
        if len(state.history) <= state.undo_floor:
            return "revealed", None
        return "", None

    def undo(self, seat: int) -> Action:
        """Take back `seat`'s most recent action by replaying the game without it."""
        if not self.can_undo(seat):
            raise IllegalAction("nothing of yours can be taken back now: something was revealed since")
        state = self.state
        taken = state.history[-1]
        target = len(state.history) - 1
        # Snapshots past the target describe a future that is being taken back.
        for length in [n for n in self._snapshots if n > target]:
            del self._snapshots[length]
        base = max(self._snapshots, default=None)
        if base is None:
            rebuilt = Engine.replay(
                self.game,
                state.seats,
                state.seed,
                state.params,
                state.history[:-1],
                state.cardset,
                self.arrange,
            )
            self.state = rebuilt.state
        else:
            saved, knowledge = self._snapshots[base]
            restored = GameState.from_dict(saved, state.cardset)
            restored.history = state.history[:base]
            # copied again: the snapshot stays as it was for a later undo
            restored.knowledge = None if knowledge is None else knowledge.copy()
            self.state = restored
            self._forget()
            for action in state.history[base:target]:
                self.apply(action)
        self._forget()
        return taken

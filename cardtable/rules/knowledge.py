"""What each seat knows about where the cards it cannot see are: the memory a re-deal from a view needs.

A view shows a seat the faces it may see and UNKNOWN elsewhere, but a seat knows more than that: the
card it saw go into an opponent's hand (a claimed discard, a trained card, a card shown by a peek) is
still there until it is seen to move; the level-1 circles are in the level-1 pile, never in a deck. So
for every observer (each seat, and the spectator as observer `seats`) this keeps, for every card, the
zones it could be in now, worked out from the moves and reveals that observer saw:

- a card starts where the game's setup put it before any move (the public definition of the deal);
- a move the observer sees (the cards are visible at one end) puts the cards in the destination alone;
- a move it does not see (hidden at both ends) lets every card that could be in the source be in the
  destination too: it knows that some cards moved, not which;
- a reveal shown to it puts the cards in the zone they were shown in.

That is an over-approximation (it forgets counts: "two of these five are in the hand"), never wrong:
the true place of every card is always among its possible zones (tests/test_determinize.py holds every
game to it). Cards with the same possible zones are kept together, so a hidden draw from a 100-card
stock updates one group, not 100 cards.

It lives beside the state (GameState.knowledge), not in its canonical text: saves rebuild it by replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .events import CardsMoved, Event, Revealed

Places = frozenset[str]


class Knowledge:
    """Per observer: groups of cards sharing the same set of possible zones.

    Following a move costs nothing at the time: `observe` appends the events to a log, worked into the
    groups when someone reads them (`groups`, `where`, `places`, `copy`) or the log grows long. Most
    moves are never read about (a playout, a random bot), and a view kept across a move (`hold`) keeps
    the groups at the last reading plus the log since, worked out only if that view is ever asked."""

    __slots__ = ("seats", "_groups", "_where", "_held", "_log", "_log_zones", "_zoned")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        # observer -> possible zones -> the cards that could be in exactly those zones
        self._groups: list[dict[Places, set[int]]] = [{} for _ in range(seats + 1)]
        # observer -> card -> its possible zones (the key of its group)
        self._where: list[dict[int, Places]] = [{} for _ in range(seats + 1)]
        # whether someone holds the groups as they are (`hold`): copied before they next change
        self._held = False
        # events not yet worked into the groups; replaced, never cleared, so a holder keeps its part
        self._log: list[Event] = []
        # the zones the log's moves and reveals name as where cards are, gathered from its first
        # `_zoned` events (the rest when `single_zones` is asked: most moves are never asked about)
        self._log_zones: set[str] = set()
        self._zoned = 0

    @property
    def groups(self) -> list[dict[Places, set[int]]]:
        """Observer -> possible zones -> the cards that could be in exactly those zones."""
        self._flush()
        return self._groups

    @property
    def where(self) -> list[dict[int, Places]]:
        """Observer -> card -> its possible zones."""
        self._flush()
        return self._where

    @classmethod
    def at_setup(cls, seats: int, zones: dict[str, list[int]], events: Iterable[Event]) -> Knowledge:
        """The knowledge after a game's setup: `zones` are the zones' cards after it, `events` what it
        returned. Each card starts where the setup placed it before its first move (found by walking
        the moves back from the end), then every observer follows the moves it saw."""
        moves = [e for e in events if isinstance(e, CardsMoved)]
        origin = {card: name for name, cards in zones.items() for card in cards}
        for move in reversed(moves):
            for card in move.cards:
                origin[card] = move.src
        # every observer starts from the same places: worked out once (one key per zone), then copied
        keys: dict[str, Places] = {}
        groups: dict[Places, set[int]] = {}
        where: dict[int, Places] = {}
        for card, name in origin.items():
            key = keys.get(name)
            if key is None:
                key = keys[name] = frozenset((name,))
                groups[key] = set()
            groups[key].add(card)
            where[card] = key
        known = cls(seats)
        known._groups = [{key: set(cards) for key, cards in groups.items()} for _ in range(seats + 1)]
        known._where = [dict(where) for _ in range(seats + 1)]
        known.observe(events)
        return known

    @classmethod
    def assumed(
        cls,
        zones: dict[str, Any],
        seats: int,
        observer: int,
        places: Iterable[tuple[Iterable[str], Iterable[int]]],
    ) -> Knowledge:
        """The knowledge of a re-dealt state (rules/determinize.py): `observer` knows what its view
        said (`places`, plus every card it sees where it is); every other observer is taken to know
        only what it sees, each card it cannot see being anywhere it cannot see."""
        known = cls(seats)
        for who in range(seats + 1):
            seat = None if who == seats else who
            hidden = frozenset(name for name, zone in zones.items() if not zone.sees_all(seat))
            groups, where = known._groups[who], known._where[who]
            unseen: list[int] = []
            for name, zone in zones.items():
                cards = zone.cards
                if not cards:
                    continue
                if name not in hidden:
                    seen = cards
                elif zone.sees_index(seat, -1):  # a pile with its top card face up
                    seen, unseen = cards[-1:], unseen + cards[:-1]
                else:
                    unseen += cards
                    continue
                key = frozenset((name,))
                groups.setdefault(key, set()).update(seen)
                where.update(dict.fromkeys(seen, key))
            if unseen:
                groups.setdefault(hidden, set()).update(unseen)
                where.update(dict.fromkeys(unseen, hidden))
        for zone_names, cards in places:
            groups, where = known._groups[observer], known._where[observer]
            _pin(groups, where, cards, "")  # out of its group first, then into the said one
            key = frozenset(zone_names)
            group = groups.pop(frozenset(("",)))
            groups.setdefault(key, set()).update(group)
            for card in group:
                where[card] = key
        return known

    def copy(self) -> Knowledge:
        """An independent copy (the zone sets are frozen and shared)."""
        self._flush()
        out = Knowledge.__new__(Knowledge)
        out.seats = self.seats
        out._groups = [{key: set(cards) for key, cards in groups.items()} for groups in self._groups]
        out._where = [dict(where) for where in self._where]
        out._held = False
        out._log = []
        out._log_zones = set()
        out._zoned = 0
        return out

    def hold(self) -> Held:
        """What every observer knows now, for the views kept across a move to read later
        (`Held.places`): the groups at the last reading, which this object copies before it next
        changes them (copy on write), and the events since. Costs nothing now; the work is done if a
        view is ever asked, for its observer alone."""
        self._held = True
        return Held(self._groups, self._log, len(self._log))

    def observe(self, events: Iterable[Event]) -> None:
        """Follow what every observer saw of `events` (worked out when next read)."""
        log = self._log
        log.extend(events)
        if len(log) > _LOG_LIMIT:  # a game nobody reads about keeps a bounded log
            self._flush()

    def _flush(self) -> None:
        """Work the logged events into every observer's groups."""
        log = self._log
        if not log:
            return
        self._log = []
        self._log_zones = set()
        self._zoned = 0
        if self._held:  # a view holds the groups as they were: they change in copies from here
            self._held = False
            self._groups = [{key: set(cards) for key, cards in groups.items()} for groups in self._groups]
        everyone = range(self.seats + 1)
        groups, where = self._groups, self._where
        for observer in everyone:
            _follow(groups[observer], where[observer], observer, log)

    def places(
        self, observer: int, seen: frozenset[str] = frozenset()
    ) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
        """What `observer` knows, as plain sorted data for its view: (possible zones, cards) pairs,
        leaving out the cards known to be in one zone of `seen` (zones it sees whole: the view shows them)."""
        self._flush()
        return places_of(self._groups[observer], seen)

    def single_zones(self, observer: int) -> set[str]:
        """The zones `observer` may know some card to be in for sure: the only zones whose visibility
        `places` asks about (its `seen`), counting those the log not yet worked in may add."""
        names = {name for key in self._groups[observer] if len(key) == 1 for name in key}
        log, zones = self._log, self._log_zones
        for event in log[self._zoned :]:
            if isinstance(event, CardsMoved):
                zones.add(event.dst)
            elif isinstance(event, Revealed):
                zones.add(event.zone)
        self._zoned = len(log)
        return names | zones if zones else names


# Long enough that a whole game nobody reads about (a playout, a simulation: the longest random
# bundled game, a four-seat deck-builder, logs about 4,100 events) is never worked in at all, short
# enough that a log stays about a megabyte and a view held across it is read in milliseconds. (At 256
# the work was done every 256 events whether read or not: 8-10% of a random deck-builder's game.)
_LOG_LIMIT = 8192


class Held:
    """The observers' knowledge as it was when a view was made (Knowledge.hold)."""

    __slots__ = ("groups", "log", "end")

    def __init__(self, groups: list[dict[Places, set[int]]], log: list[Event], end: int) -> None:
        self.groups, self.log, self.end = groups, log, end

    def places(
        self, observer: int, seen: frozenset[str]
    ) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
        """`Knowledge.places` of `observer` as it was."""
        if not self.end:
            return places_of(self.groups[observer], seen)
        groups = {key: set(cards) for key, cards in self.groups[observer].items()}
        where = {card: key for key, cards in groups.items() for card in cards}
        _follow(groups, where, observer, self.log[: self.end])
        return places_of(groups, seen)


def _follow(
    groups: dict[Places, set[int]], where: dict[int, Places], observer: int, events: Iterable[Event]
) -> None:
    """Work `events` into one observer's groups: what it saw pins cards, what it did not spreads them."""
    for event in events:
        if isinstance(event, CardsMoved):
            viewers = event.viewers
            # the spectator (observer `seats`) is a viewer only of moves everyone sees
            if viewers is None or observer in viewers:
                _pin(groups, where, event.cards, event.dst)
            else:
                _spread(groups, where, event.src, event.dst)
        elif isinstance(event, Revealed):
            viewers = event.viewers
            if viewers is None or observer in viewers:
                _pin(groups, where, event.cards, event.zone)


def _pin(groups: dict[Places, set[int]], where: dict[int, Places], cards: Iterable[int], zone: str) -> None:
    key = frozenset((zone,))
    target = groups.get(key)
    if target is None:
        target = groups[key] = set()
    for card in cards:
        old = where[card]
        if old is key or old == key:
            continue
        group = groups[old]
        group.discard(card)
        if not group:
            del groups[old]
        target.add(card)
        where[card] = key


def _spread(groups: dict[Places, set[int]], where: dict[int, Places], src: str, dst: str) -> None:
    for key in [k for k in groups if src in k and dst not in k]:
        cards = groups.pop(key)
        wider = key | {dst}
        into = groups.get(wider)
        if into is None:
            groups[wider] = cards
        else:
            into |= cards
        for card in cards:
            where[card] = wider


def places_of(
    groups: dict[Places, set[int]], seen: frozenset[str] = frozenset()
) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """`Knowledge.places` of one observer's groups (as `Knowledge.hold` gave them)."""
    return tuple(
        sorted(
            (tuple(sorted(key)), tuple(sorted(cards)))
            for key, cards in groups.items()
            if not (len(key) == 1 and key <= seen)
        )
    )

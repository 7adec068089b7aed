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
    """Per observer: groups of cards sharing the same set of possible zones."""

    __slots__ = ("seats", "groups", "where", "_held")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        # observer -> possible zones -> the cards that could be in exactly those zones
        self.groups: list[dict[Places, set[int]]] = [{} for _ in range(seats + 1)]
        # observer -> card -> its possible zones (the key of its group)
        self.where: list[dict[int, Places]] = [{} for _ in range(seats + 1)]
        # observers whose groups someone holds (`hold`): copied before they next change
        self._held: set[int] = set()

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
        known = cls(seats)
        for observer in range(seats + 1):
            groups, where = known.groups[observer], known.where[observer]
            for card, name in origin.items():
                key = frozenset((name,))
                groups.setdefault(key, set()).add(card)
                where[card] = key
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
            groups, where = known.groups[who], known.where[who]
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
            known._pin(observer, cards, "")  # out of its group first, then into the said one
            key = frozenset(zone_names)
            group = known.groups[observer].pop(frozenset(("",)))
            known.groups[observer].setdefault(key, set()).update(group)
            for card in group:
                known.where[observer][card] = key
        return known

    def copy(self) -> Knowledge:
        """An independent copy (the zone sets are frozen and shared)."""
        out = Knowledge.__new__(Knowledge)
        out.seats = self.seats
        out.groups = [{key: set(cards) for key, cards in groups.items()} for groups in self.groups]
        out.where = [dict(where) for where in self.where]
        out._held = set()
        return out

    def hold(self, observer: int) -> dict[Places, set[int]]:
        """`observer`'s groups as they are now, for a view kept across a move to read later
        (`places_of`): the groups themselves, which this object copies before it next changes them
        (copy on write), so holding costs nothing when nobody reads and one copy when the game goes on."""
        self._held.add(observer)
        return self.groups[observer]

    def _own(self, observer: int) -> None:
        """Stop sharing `observer`'s groups with whoever holds them: they are about to change."""
        self._held.discard(observer)
        self.groups[observer] = {key: set(cards) for key, cards in self.groups[observer].items()}

    def observe(self, events: Iterable[Event]) -> None:
        """Follow what every observer saw of `events`."""
        everyone = range(self.seats + 1)
        for event in events:
            if isinstance(event, CardsMoved):
                viewers = event.viewers
                for observer in everyone:
                    # the spectator (observer `seats`) is a viewer only of moves everyone sees
                    if viewers is None or observer in viewers:
                        self._pin(observer, event.cards, event.dst)
                    else:
                        self._spread(observer, event.src, event.dst)
            elif isinstance(event, Revealed):
                viewers = event.viewers
                for observer in everyone:
                    if viewers is None or observer in viewers:
                        self._pin(observer, event.cards, event.zone)

    def _pin(self, observer: int, cards: Iterable[int], zone: str) -> None:
        if observer in self._held:
            self._own(observer)
        groups, where = self.groups[observer], self.where[observer]
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

    def _spread(self, observer: int, src: str, dst: str) -> None:
        if observer in self._held:
            self._own(observer)
        groups, where = self.groups[observer], self.where[observer]
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

    def single_zones(self, observer: int) -> list[str]:
        """The zones `observer` knows some card to be in for sure: the only zones whose visibility
        `places` asks about (its `seen`)."""
        return [name for key in self.groups[observer] if len(key) == 1 for name in key]

    def places(
        self, observer: int, seen: frozenset[str] = frozenset()
    ) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
        """What `observer` knows, as plain sorted data for its view: (possible zones, cards) pairs,
        leaving out the cards known to be in one zone of `seen` (zones it sees whole: the view shows them)."""
        return places_of(self.groups[observer], seen)


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

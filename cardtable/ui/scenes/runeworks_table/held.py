"""The finished round's table, held on screen at Levels 4-5 (a part of the table, __init__.py).

The move that ends a round also scores it and deals the next one, so the view after it already shows
the new deal: a winning Shot or Ignite was never seen on the table. The picture of the round as it
ended is derived here from what the table already has: everyone's (the spectator's) view before the
move, and that move's events up to the gathering of the cards. Only what those carry for everyone
goes in: melds and shot hands laid on the table, the Mana Pool, and the hands the scoring revealed to
all; any hand not revealed stays face down. The rest of the events (gather, shuffle, deal) are kept
for when the players go on, so the new deal then slides in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ....rules.actions import Action
from ....rules.events import (
    UNKNOWN,
    Announced,
    CardsMoved,
    Event,
    GameEnded,
    Revealed,
    RoundStarted,
    Scored,
    TurnStarted,
)
from ....rules.view import PlayerView, ZoneView
from ....rules.zones import Visibility
from ...sprites import CardSprite
from ...widgets import GOLD
from ..table.privacy import visible_cards

if TYPE_CHECKING:
    from . import RuneWorksTable

HELD_PHASE = "round_over"  # the held view's phase: no decision, no claim window, no status of a turn
PLACING = ("set", "boost", "call", "seek", "shot", "release")  # a magician putting cards down


@dataclass(frozen=True)
class FinishedRound:
    """The held picture, the events that lead to it, and the events of the new deal after it."""

    view: PlayerView
    upto: list[Event]
    rest: list[Event]


def round_ends(events: list[Event]) -> int | None:
    """Where the round ended in a move's events: the index of its first event after the scoring (the
    gathering of the cards, the new round, the match's end), None if the round goes on."""
    for index, event in enumerate(events):
        if isinstance(event, CardsMoved) and event.why == "gather":
            return index
        if isinstance(event, RoundStarted | GameEnded):
            return index
    return None


def finished_round(before: PlayerView, events: list[Event]) -> FinishedRound | None:
    """The round's last table, from everyone's view before the move and the move's events; None when
    the move did not end a round."""
    end = round_ends(events)
    if end is None:
        return None
    zones: dict[str, ZoneView] = dict(before.zones)
    data: dict[str, Any] = dict(before.data)
    melds = [dict(m) for m in data.get("melds", [])]
    scores = list(before.scores)
    for event in events[:end]:
        event = event.redact(None)  # everyone's copy: nothing only one seat saw
        if isinstance(event, CardsMoved):
            _move(zones, melds, event)
        elif isinstance(event, Revealed) and event.viewers is None and event.zone in zones:
            zone = zones[event.zone]
            if len(event.cards) == zone.count and UNKNOWN not in event.cards:
                zones[event.zone] = zone._replace(cards=tuple(event.cards))
        elif isinstance(event, Scored):
            scores[event.seat] = event.total
    data["melds"] = melds
    data["mp"] = scores
    data["claim"] = None
    view = before._replace(
        seat=None,
        phase=HELD_PHASE,
        active=None,
        deciding=(),
        committed=(),
        my_commit=None,
        zones=zones,
        scores=tuple(scores),
        data=data,
        legal=(),
        pending=None,
    )
    return FinishedRound(view, list(events[:end]), list(events[end:]))


def _move(zones: dict[str, ZoneView], melds: list[dict[str, Any]], event: CardsMoved) -> None:
    """Cards leave one zone for another: a known card leaves by its id, an unknown one from the
    hidden cards; a zone the move opens (a new meld, a shot hand) belongs to the hand's seat."""
    src = zones.get(event.src)
    if src is not None:
        left = list(src.cards)
        for card in event.cards:
            if card in left:
                left.remove(card)
            elif UNKNOWN in left:
                left.remove(UNKNOWN)
        zones[event.src] = src._replace(cards=tuple(left))
    owner = int(event.src.split(":")[1]) if event.src.startswith("hand:") else None
    dst = zones.get(event.dst)
    if dst is None:
        dst = ZoneView(event.dst, owner, Visibility.PUBLIC, ())
        if event.dst.startswith("meld:"):
            melds.append({"zone": event.dst, "owner": owner})
    if dst.owner is None and owner is not None and event.dst != "pool":
        # a Shot's meld opens with the card taken from the pool; its owner is the hand that follows
        dst = dst._replace(owner=owner)
        for entry in melds:
            if entry["zone"] == event.dst:
                entry["owner"] = owner
    zones[event.dst] = dst._replace(cards=(*dst.cards, *event.cards))


def placed_this_turn(marked: list[int], events: list[Event]) -> list[int]:
    """The cards put down in the turn now being played, `marked` so far, after these events: a new
    turn or a Shot starts afresh (a Shot is played out of turn), and what a magician sets, boosts,
    calls, seeks, shoots or releases is added. The winning play is what this holds when the round
    ends."""
    out = list(marked)
    for event in events:
        event = event.redact(None)
        if isinstance(event, TurnStarted) or (
            isinstance(event, Announced) and event.what in ("ignite_shot", "blast_shot")
        ):
            out = []
        elif isinstance(event, CardsMoved) and event.why in PLACING and not event.dst.startswith("hand:"):
            out += [c for c in event.cards if c >= 0]
    return out


class HeldRoundMixin:
    """The table's side of it: the held view stands in for the live one until the players go on."""

    def view(self: RuneWorksTable) -> PlayerView:
        """The viewer's view; while a finished round is held, that round's last table (held.py)."""
        if self.held is not None:
            return self.held.view
        return super().view()

    def perform(self: RuneWorksTable, action: Action, held: list[int] | None = None) -> bool:
        """As every table; at Levels 4-5 everyone's view is kept first, the start of the picture of
        the round this move may end."""
        before = self.engine.view(None)
        self.before = before if before.data.get("level", 3) >= 4 else None
        try:
            return super().perform(action, held)
        finally:
            self.before = None

    def relayout(self: RuneWorksTable, animate: bool = True, events: list[Event] | None = None) -> None:
        """As every table; a move that ends a round first lays the round as it ended (melds, shot
        hands, hands the scoring revealed), held until the round-end screen is closed."""
        if events is not None and self.before is not None:
            finished = finished_round(self.before, events)
            self.before = None
            if finished is not None:
                self.held = finished
                self.winning = frozenset(placed_this_turn(self.placed_now, finished.upto))
                self.shown_cards = visible_cards(finished.view)  # nobody's hand: only what all saw
                events = finished.upto
        super().relayout(animate, events)

    def release_round(self: RuneWorksTable) -> None:
        """The players go on: the held table gives way and the new deal slides in."""
        finished, self.held = self.held, None
        self.winning = frozenset()
        if finished is None:
            return
        self.guard_privacy()
        self.relayout(animate=True, events=finished.rest)

    def held_faces(self: RuneWorksTable) -> list[tuple[pygame.Rect, int]]:
        """The held table's face-up cards, each with how much hiding it matters, for the round-end
        panel to keep off (rounds.py): the winning melds most, then the hands the scoring revealed,
        then the other melds; the Mana Pool and the log least (the pool's top card is also the last
        Release; the log says the round's last plays in words)."""
        zone_of = {c: name for name, zone in self.view().zones.items() for c in zone.cards if c >= 0}
        out: dict[tuple[int, int, int, int], int] = {}  # cards piled on one spot count once
        for sprite in self.board.sprites.values():
            if not sprite.face_up or not self.may_show(sprite.card):
                continue
            zone = zone_of.get(sprite.card, "")
            if zone == "pool":
                weight = 1
            elif sprite.card in self.winning:
                weight = 100  # never hidden while any place clears it (the log's area is large)
            elif zone.startswith("hand:"):
                weight = 4
            else:
                weight = 2
            rect = sprite.card_rect()
            spot = (rect.x, rect.y, rect.width, rect.height)
            out[spot] = max(weight, out.get(spot, 0))
        faces = [(pygame.Rect(spot), weight) for spot, weight in out.items()]
        log = self.log_rect()
        if log is not None:  # the log tells the round's last plays: kept clear like the Mana Pool
            faces.append((log, 1))
        return faces

    def shown_part(self: RuneWorksTable, sprite: CardSprite) -> pygame.Rect:
        """The part of a card that shows: a card lying over it from the right, across its whole height
        (the next card of a meld row, of the Mana Pool), hides the rest."""
        rect = sprite.card_rect()
        for other in self.board.sprites.values():
            if (other.lifted, other.z) <= (sprite.lifted, sprite.z):
                continue  # drawn under it
            over = other.card_rect()
            if rect.x < over.x < rect.right and over.top <= rect.top and over.bottom >= rect.bottom:
                rect.width = over.x - rect.x
        return rect

    def winning_frames(self: RuneWorksTable) -> list[pygame.Rect]:
        """Where the gold frames of a held round's winning play go: round the part of each winning card
        that shows, the parts side by side in one row joined. Round a whole card, a 5♠ boosted onto
        another's 5♣ 5♥ 5♦ (sorted first, so under the others) framed three of their cards as the
        winner's too (seen under X)."""
        parts = []
        for card in self.winning:
            sprite = self.board.sprites.get(card)
            if sprite is not None and sprite.face_up and self.may_show(card):
                parts.append(self.shown_part(sprite))
        frames: list[pygame.Rect] = []
        for part in sorted(parts, key=lambda r: (r.y, r.height, r.x)):
            last = frames[-1] if frames else None
            if last is not None and (last.y, last.height) == (part.y, part.height) and part.x <= last.right:
                frames[-1] = last.union(part)
            else:
                frames.append(part)
        return frames

    def _winning_marks(self: RuneWorksTable, screen: pygame.Surface) -> list[pygame.Rect]:
        """A held round's winning play (the Shot, Ignite or Call and what followed it), framed in gold."""
        rects = []
        for frame in self.winning_frames():
            pygame.draw.rect(screen, GOLD, frame.inflate(4, 4), 3, border_radius=6)
            rects.append(frame.inflate(8, 8))
        return rects

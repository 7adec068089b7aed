"""Placing the sprites where the view says: each game's `layout` gives every card's place; this part
turns those places into sprites, slides them there from where they were (or from the pile an event
says they came from), and checks, once animations drain, that every sprite is exactly where the view
says. Card sizes follow the window (one rule for every table)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from ....rules.events import CardsMoved, DiceRolled, Event, Shuffled
from ....rules.view import PlayerView
from ....rules.zones import Visibility
from ...animation import FLIP_S, SLIDE_S, Tween
from ...sprites import CardSprite

if TYPE_CHECKING:
    from .scene import TableScene


@dataclass(frozen=True)
class Placement:
    """Where the view says one card is: its sprite key, face, position, size and layer."""

    key: Hashable
    card: int
    face_up: bool
    x: float
    y: float
    width: int
    z: int
    zone: str
    angle: int = 0  # degrees the card is turned (a person turned sideways when it has acted)


@dataclass(frozen=True)
class Pile:
    """A zone as the table shows it, declared by a game: where, how big, and in which style.

    stack: a face-down pile, each card a little offset (at most `shown` drawn); tower: a face-down pile
    rising `step` pixels a card, so its height shows the count; top: only the top card;
    fan: the cards spread across `rect` (centred, overlapping by `step`), in `sort` order (by id when
    none is given); row: side by side from `rect`'s left, `step` card widths apart, squeezed to fit
    `rect`, in the zone's order (or `sort`'s). `turn` gives each known card of a row or fan the angle it
    is turned by (a card turned sideways, or tilted, as on a real table)."""

    zone: str
    rect: pygame.Rect
    width: int
    style: str = "top"
    z: int = 0
    step: float = 0.85
    shown: int = 12
    sort: Callable[[int], Any] | None = None
    turn: Callable[[int], int] | None = None

    def _angle(self, card: int) -> int:
        return self.turn(card) if self.turn is not None and card >= 0 else 0

    def place(self, cards: tuple[int, ...]) -> list[Placement]:
        """The placements of this pile's cards (as the view shows them)."""
        zone, rect, width = self.zone, self.rect, self.width
        if self.style == "stack":
            return [
                Placement(
                    (zone, i),
                    -1,
                    False,
                    rect.x - i * self.step,
                    rect.y - i * self.step,
                    width,
                    self.z + i,
                    zone,
                )
                for i in range(min(len(cards), self.shown))
            ]
        if self.style == "tower":  # a face-down pile whose height shows its count (an HP deck)
            return [
                Placement((zone, i), -1, False, rect.x, rect.y - i * self.step, width, self.z + i, zone)
                for i in range(len(cards))
            ]
        if self.style == "top":
            if not cards:
                return []
            top = cards[-1]
            return [
                Placement(top if top >= 0 else (zone, 0), top, top >= 0, rect.x, rect.y, width, self.z, zone)
            ]
        known = [c for c in cards if c >= 0]
        if self.sort is not None:
            known.sort(key=self.sort)
        elif self.style == "fan":
            known.sort()  # a hand reads in a fixed order; a row keeps the zone's own order
        order = known
        order += [c for c in cards if c < 0]
        count = len(order)
        if self.style == "fan":
            # squeezed so the whole fan, last card included, stays inside `rect` (a long hand spilled
            # past the window's edge); a fan too wide even at no overlap keeps its centre
            span = min(width * self.step, max(0.0, rect.width - width) / max(1, count - 1))
            x0 = rect.centerx - (span * (count - 1) + width) / 2
            return [
                Placement(
                    card if card >= 0 else (zone, i),
                    card,
                    card >= 0,
                    x0 + i * span,
                    rect.y,
                    width,
                    self.z + i,
                    zone,
                    self._angle(card),
                )
                for i, card in enumerate(order)
            ]
        # row: the last `shown` cards side by side, the earlier ones under the first of them
        spread = min(count, self.shown)
        span = min(width * self.step, (rect.width - width) / max(1, spread - 1)) if spread > 1 else 0
        return [
            Placement(
                card if card >= 0 else (zone, i),
                card,
                card >= 0,
                rect.x + max(0, i - (count - spread)) * span,
                rect.y,
                width,
                self.z + i,
                zone,
                self._angle(card),
            )
            for i, card in enumerate(order)
        ]


@dataclass
class Origins:
    """Where arriving cards start: known cards by id, face-down ones by the zone they go to."""

    cards: dict[int, tuple[tuple[float, float], bool]]
    zones: dict[str, tuple[float, float]]


class LayoutMixin:
    """Card sizes, the bottom seat, and sprites made to match the view."""

    card_size = (40, 0.1, 0.065)  # smallest width, and the share of the window's height / width

    def card_width(self: TableScene) -> int:
        """The table's card width for this window: sharp because faces are drawn at this size."""
        width, height = self.app.size
        least, of_height, of_width = self.card_size
        return max(least, min(int(height * of_height), int(width * of_width)))

    def bottom_seat(self: TableScene) -> int:
        """The seat drawn nearest the screen's bottom edge: the viewer, else whoever is to move."""
        if self.viewer is not None:
            return self.viewer
        active = self.view().active
        return active if active is not None else 0

    def piles(self: TableScene, view: PlayerView) -> list[Pile]:
        """The zones this game's table shows, declared (a game may also place cards itself)."""
        return []

    def layout(self: TableScene, view: PlayerView, size: tuple[int, int]) -> list[Placement]:
        """Every card's place according to the view: the declared piles'."""
        out: list[Placement] = []
        piles = self.piles(view)
        self._laid = (view, size, piles)  # for zone_anchor, in the same relayout
        for pile in piles:
            zone = view.zones.get(pile.zone)
            if zone is not None:
                placed = pile.place(zone.cards)
                out += self.hold_fan(pile, placed) if pile.style == "fan" else placed
        return out

    # -- a hand that stays put under the pointer -------------------------------------------------
    # A fan re-centres when a card leaves it, so every other card shifts by half a step: someone
    # clicking or dragging cards out one after another would take the neighbour of the card they
    # aimed at. While the pointer stays over a hand that only lost cards, the rest keep their places
    # (gaps and all); the hand closes up once the pointer leaves it (see `release_fans`).
    pointer: tuple[int, int] | None = None
    _fans: dict[str, dict[Hashable, float]] | None = None  # per fan zone: each card's x as last placed
    _held_fans: dict[str, pygame.Rect] | None = None  # fans kept in place, with the area that keeps them
    _closing: tuple[Tween, ...] = ()  # the slides of a hand closing up after the pointer left it
    _laid: tuple[PlayerView, tuple[int, int], list[Pile]] | None = None  # layout's piles, for zone_anchor

    def fan_area(self: TableScene, pile: Pile) -> pygame.Rect:
        """Where the pointer keeps a fan in place: its cards' band (a card is taller than wide)."""
        height = pile.width * 88 // 63
        return pygame.Rect(pile.rect.x, pile.rect.y, pile.rect.width, height).inflate(pile.width, 24)

    def hold_fan(self: TableScene, pile: Pile, placed: list[Placement]) -> list[Placement]:
        """A fan's placements, kept where they were while the pointer is over a hand that only shrank."""
        if self._fans is None or self._held_fans is None:
            self._fans, self._held_fans = {}, {}
        before = self._fans.get(pile.zone)
        keys = {p.key for p in placed}
        area = self.fan_area(pile)
        over = self.pointer is not None and area.collidepoint(self.pointer)
        shrank = before is not None and keys < set(before)
        kept = before is not None and keys <= set(before) and pile.zone in self._held_fans
        if over and (shrank or kept) and before is not None:
            placed = [replace(p, x=before[p.key]) for p in placed]
            self._held_fans[pile.zone] = area
        else:
            self._held_fans.pop(pile.zone, None)
        self._fans[pile.zone] = {p.key: p.x for p in placed}
        return placed

    def release_fans(self: TableScene) -> None:
        """The pointer moved: a hand kept in place closes up once it has left that hand."""
        held = self._held_fans
        if not held or self.drag.active or self.pointer is None:
            return
        if not any(area.collidepoint(self.pointer) for area in held.values()):
            held.clear()
            self.relayout(animate=True)
            self._closing = tuple(self.animator.tweens)

    def land_closing(self: TableScene) -> None:
        """A press while only a hand closes up: its cards land first, so the press acts. The table
        offers no move and no button while cards move, and the slide starts as the pointer leaves
        the hand: a click on a pile or a button just after playing cards from the hand did nothing."""
        closing = {id(t) for t in self._closing}
        self._closing = ()
        if closing and self.animator.busy and all(id(t) in closing for t in self.animator.tweens):
            self.animator.finish_all()
            self.refresh_background()

    def forget_fans(self: TableScene) -> None:
        """A new person or a new window size: hands are laid out afresh."""
        self._fans, self._held_fans = {}, {}

    def zone_anchor(
        self: TableScene, zone: str, view: PlayerView, size: tuple[int, int]
    ) -> tuple[float, float]:
        """Where a card coming from (or going to) a zone appears: its pile, else the table's middle."""
        laid = self._laid
        # the piles `layout` just placed the same view's cards in: asking the game again for every
        # move's source zone was a fifth of a relayout
        piles = laid[2] if laid is not None and laid[0] is view and laid[1] == size else self.piles(view)
        for pile in piles:
            if pile.zone == zone:
                return float(pile.rect.x), float(pile.rect.y)
        return size[0] * 0.5, size[1] * 0.45

    def relayout(self: TableScene, animate: bool = True, events: list[Event] | None = None) -> None:
        """Make the sprites match the view; with `animate`, slide them there from where they were
        (or from the pile an event says they came from)."""
        self.forget_view()
        view = self.view()
        size = self.app.size
        placements = self.layout(view, size)
        old = self.board.sprites
        origins = self._origins(events or [], view, size) if animate else Origins({}, {})
        self._laid = None  # the piles of this relayout only: a game's piles may read more than the view
        sprites: list[CardSprite] = []
        # Cards that arrive (dealt, drawn, bought) leave their pile one after another, in the order they
        # arrive here: counted among the arriving cards, not by place in the whole layout, where one card
        # drawn into a hand waited up to 0.8 s (its index's share of a deal) before it set off.
        arriving = 0
        for place in placements:
            sprite = CardSprite(place.key, place.card, place.face_up, place.x, place.y, place.width, place.z)
            sprite.angle = place.angle
            previous = old.get(place.key)
            if animate and self.animator.speed > 0:
                if previous is not None:
                    start, was_up = (previous.x, previous.y), previous.face_up
                elif place.card in origins.cards:
                    start, was_up = origins.cards[place.card]
                elif place.zone in origins.zones:  # a face-down card arriving: from its source pile
                    start, was_up = origins.zones[place.zone], False
                else:
                    start, was_up = (place.x, place.y), place.face_up
                moved = abs(start[0] - place.x) > 0.5 or abs(start[1] - place.y) > 0.5
                if moved or was_up != place.face_up:
                    sprite.x, sprite.y = start
                    flips = was_up != place.face_up
                    self.animator.add(
                        Tween(
                            sprite,
                            start,
                            (place.x, place.y),
                            SLIDE_S + (FLIP_S if flips else 0),
                            min(arriving, 40) * 0.02 if previous is None else 0.0,
                            place.face_up if flips else None,
                        )
                    )
                    arriving += previous is None
            sprites.append(sprite)
        self.board.replace_sprites(sprites)
        self.keep_dice_on_table()
        if animate:
            for event in events or []:
                if isinstance(event, DiceRolled):
                    self.throw(event)
            shuffled = [e.zone for e in events or [] if isinstance(e, Shuffled)]
            if shuffled:
                self.riffle(shuffled)
        self.refresh_background()

    def _origins(self: TableScene, events: list[Event], view: PlayerView, size: tuple[int, int]) -> Origins:
        """Starting points of cards that arrive in this step, from the events' source zones."""
        origins = Origins({}, {})
        for event in events:
            if isinstance(event, CardsMoved):
                redacted = event.redact(self.viewer)
                assert isinstance(redacted, CardsMoved)
                anchor = self._sprite_anchor(event.src) or self.zone_anchor(event.src, view, size)
                for card in redacted.cards:
                    if card >= 0:
                        origins.cards[card] = (anchor, self._zone_visible(view, event.src))
                origins.zones[event.dst] = anchor
        return origins

    def _zone_visible(self: TableScene, view: PlayerView, zone: str) -> bool:
        """Whether the viewer sees the faces of a zone's cards."""
        seen = view.zones.get(zone)
        if seen is None:
            return False
        return seen.visibility is Visibility.PUBLIC or (
            seen.visibility is Visibility.OWNER and self.viewer is not None and seen.owner == self.viewer
        )

    def _sprite_anchor(self: TableScene, zone: str) -> tuple[float, float] | None:
        for sprite in self.board.sprites.values():
            if isinstance(sprite.key, tuple) and sprite.key[0] == zone:
                return (sprite.x, sprite.y)
        return None

    def swap_sprites(self: TableScene, pairs: list[tuple[int, int]]) -> None:
        """The person moved one copy and the rules name another: swap the two sprites (same face), so
        the card in the hand is the one seen moving."""
        sprites = self.board.sprites
        for held, named in pairs:
            a, b = sprites.get(held), sprites.get(named)
            if a is None or b is None:
                continue
            a.key, b.key = named, held
            a.card, b.card = named, held
            sprites[named], sprites[held] = a, b
            # a hand kept in place under the pointer keeps each card's x by its number: the copy
            # left in the hand takes the place of the one the rules moved, so the gap opens where
            # the person clicked (it opened at the neighbour, and the next click fell into it)
            for fan in (self._fans or {}).values():
                if held in fan and named in fan:
                    fan[held], fan[named] = fan[named], fan[held]

    def check_sprites(self: TableScene) -> list[str]:
        """Every sprite where the view says (used by the smoke test once animations drain)."""
        wanted = {p.key: p for p in self.layout(self.view(), self.app.size)}
        problems = []
        cards = {k for k in self.board.sprites if not (isinstance(k, tuple) and k[0] == "die")}
        if set(wanted) != cards:
            problems.append(f"sprites {len(self.board.sprites)} vs placements {len(wanted)}")
        for key, place in wanted.items():
            sprite = self.board.sprites.get(key)
            if sprite is None:
                continue
            got = (round(sprite.x), round(sprite.y), sprite.face_up, sprite.card)
            if got != (round(place.x), round(place.y), place.face_up, place.card):
                problems.append(f"{key}: at {got}, view says {(round(place.x), round(place.y))}")
        return problems

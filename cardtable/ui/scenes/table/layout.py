"""Placing the sprites where the view says: each game's `layout` gives every card's place; this part
turns those places into sprites, slides them there from where they were (or from the pile an event
says they came from), and checks, once animations drain, that every sprite is exactly where the view
says. Card sizes follow the window (one rule for every table)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

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

    def relayout(self: TableScene, animate: bool = True, events: list[Event] | None = None) -> None:
        """Make the sprites match the view; with `animate`, slide them there from where they were
        (or from the pile an event says they came from)."""
        self.forget_view()
        view = self.view()
        size = self.app.size
        placements = self.layout(view, size)
        old = self.board.sprites
        origins = self._origins(events or [], view, size) if animate else Origins({}, {})
        sprites: list[CardSprite] = []
        for index, place in enumerate(placements):
            sprite = CardSprite(place.key, place.card, place.face_up, place.x, place.y, place.width, place.z)
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
                            min(index, 40) * 0.02 if previous is None else 0.0,
                            place.face_up if flips else None,
                        )
                    )
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

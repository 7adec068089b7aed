"""Card sprites and the board that draws them with dirty rectangles.

A sprite is one card on screen, keyed by its CardId when the viewer may see it and by
(zone, index) when it is face down. The board keeps every sprite in one z-ordered list over a cached
background and redraws only the rectangles that changed, so dragging a card costs a few blits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import pygame

from ..rules.cards import CardSet

Key = Hashable
HIGHLIGHT = (255, 214, 90)
SELECTED = (120, 220, 255)


@dataclass
class CardSprite:
    """One card drawn on the table."""

    key: Key
    card: int  # CardId, or -1 for a face-down card whose identity the viewer does not know
    face_up: bool
    x: float
    y: float
    width: int
    z: int = 0
    squash: float = 1.0  # horizontal scale during a flip (1 = flat, 0 = edge-on)
    selected: bool = False
    lifted: bool = False  # being dragged: drawn above everything
    image: pygame.Surface | None = None  # a ready image instead of a card face (a die in flight)
    angle: int = 0  # degrees turned anticlockwise, as a player turns a card on a table (x, y: its box)

    def box(self) -> tuple[int, int]:
        """Width and height drawn: the turned card's box, or the ready image's own size (a tilted die
        is wider). Worked out once for both (every frame asks for every sprite's area)."""
        if self.image is not None:
            return self.image.get_size()
        return turned_box(self.width, self.width * 88 // 63, self.angle)

    @property
    def height(self) -> int:
        """Card proportions (of the turned card's box), or the ready image's own height."""
        return self.box()[1]

    @property
    def drawn_width(self) -> int:
        """The card's width (its turned box's), or the ready image's own (a tilted die is wider)."""
        return self.box()[0]

    @property
    def rect(self) -> pygame.Rect:
        """The screen rectangle (with the selection outline)."""
        width, height = self.box()
        return pygame.Rect(int(self.x) - 3, int(self.y) - 3, width + 6, height + 6)

    def card_rect(self) -> pygame.Rect:
        """The card's own rectangle."""
        width, height = self.box()
        return pygame.Rect(int(self.x), int(self.y), width, height)


def turned_box(width: int, height: int, angle: int) -> tuple[int, int]:
    """The size of the box a width x height card fills when turned by `angle` degrees."""
    if angle % 180 == 0:
        return width, height
    if angle % 90 == 0:
        return height, width
    rad = math.radians(angle)
    cos, sin = abs(math.cos(rad)), abs(math.sin(rad))
    return math.ceil(width * cos + height * sin), math.ceil(width * sin + height * cos)


class Board:
    """All card sprites of a table over one background, drawn with dirty rectangles."""

    def __init__(self, cardset: CardSet, renderer: object) -> None:
        self.cardset = cardset
        self.physical = cardset.physical()
        self.renderer = renderer
        self.sprites: dict[Key, CardSprite] = {}
        self.background: pygame.Surface | None = None
        self.highlights: list[pygame.Rect] = []
        self._drawn: dict[Key, tuple[pygame.Rect, tuple[object, ...]]] = {}
        self._dirty: list[pygame.Rect] = []
        self.full = True
        self.overlay_draw: Callable[[pygame.Surface], list[pygame.Rect]] | None = None
        # Asked before any face is drawn: the table's privacy rule (a face the person at the screen
        # may not see is drawn as a back, whatever a sprite or an animation says).
        self.may_show: Callable[[int], bool] = lambda card: True
        self._turned: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        # The faces and backs one draw has asked the renderer for, by (card, width, face up): a table
        # of face-down cards asked for the same back once per card, and each ask (the template's
        # freshness, the cache key, the privacy rule) cost more than blitting it. Emptied by every
        # draw, so a face re-drawn (a reload, a language) or a change of viewer shows at the next.
        self._asked: dict[tuple[int, int, bool], pygame.Surface] | None = None

    def face(self, card: int, width: int) -> pygame.Surface:
        """A card's face at `width`, or its back when the person at the screen may not see it."""
        if card < 0 or not self.may_show(card):
            return self.renderer.back(width)  # type: ignore[attr-defined]
        return self.renderer.face(self.physical[card], width)  # type: ignore[attr-defined]

    def image(self, sprite: CardSprite) -> pygame.Surface:
        """The cached face or back for a sprite at its width."""
        if sprite.image is not None:
            return sprite.image
        asked = self._asked
        key = (sprite.card if sprite.face_up else -1, sprite.width, sprite.face_up)  # one back per width
        base = asked.get(key) if asked is not None else None
        if base is None:
            if sprite.face_up:
                base = self.face(sprite.card, sprite.width)
            else:
                base = self.renderer.back(sprite.width)  # type: ignore[attr-defined]
            if asked is not None:
                asked[key] = base
        if not sprite.angle:
            return base
        # Turned faces are cached like faces (a rotation costs far more than a blit); the base surface
        # is kept with its turned copy, so a cached id is never reused by another surface.
        key = (id(base), sprite.angle)
        hit = self._turned.get(key)
        if hit is None or hit[0] is not base:
            if len(self._turned) > 512:
                self._turned.clear()
            hit = (base, pygame.transform.rotate(base, sprite.angle))
            self._turned[key] = hit
        return hit[1]

    def set_background(self, surface: pygame.Surface) -> None:
        """A new background (after a state change or resize): everything is redrawn."""
        self.background = surface
        self.full = True

    def mark(self, rect: pygame.Rect) -> None:
        """Redraw this area next frame."""
        self._dirty.append(rect)

    def replace_sprites(self, sprites: Iterable[CardSprite]) -> None:
        """Swap in a new set of sprites (their old areas are redrawn)."""
        for rect, _ in self._drawn.values():
            self._dirty.append(rect)
        self.sprites = {s.key: s for s in sprites}

    def _signature(self, sprite: CardSprite) -> tuple[object, ...]:
        return (
            int(sprite.x),
            int(sprite.y),
            sprite.width,
            sprite.card,
            sprite.face_up,
            round(sprite.squash, 2),
            sprite.selected,
            sprite.lifted,
            sprite.z,
            id(sprite.image),
            sprite.angle,
        )

    def ordered(self) -> list[CardSprite]:
        """Sprites bottom to top."""
        return sorted(self.sprites.values(), key=lambda s: (s.lifted, s.z))

    def changed_rects(self) -> list[pygame.Rect]:
        """Areas whose pixels differ from the last frame."""
        return self._changes()[0]

    def _changes(self) -> tuple[list[pygame.Rect], dict[Key, tuple[pygame.Rect, tuple[object, ...]]]]:
        """The areas that changed, and every sprite's area and signature as drawn now (kept by the draw
        that follows, rather than worked out a second time)."""
        rects = list(self._dirty)
        now: dict[Key, tuple[pygame.Rect, tuple[object, ...]]] = {}
        drawn = self._drawn
        for key, sprite in self.sprites.items():
            signature = self._signature(sprite)
            rect = sprite.rect
            now[key] = (rect, signature)
            old = drawn.get(key)
            if old is None or old[1] != signature:
                if old is not None:
                    rects.append(old[0])
                rects.append(rect)
        for key, (rect, _) in drawn.items():
            if key not in now:
                rects.append(rect)
        return rects, now

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what changed; None when everything was redrawn."""
        assert self.background is not None
        self._asked = {}
        try:
            return self._draw(screen)
        finally:
            self._asked = None

    def _draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        ordered = self.ordered()
        if self.full:
            screen.blit(self.background, (0, 0))
            for rect in self.highlights:
                pygame.draw.rect(screen, HIGHLIGHT, rect, 4, border_radius=10)
            for sprite in ordered:
                self._blit(screen, sprite)
            self._remember(ordered)
            if self.overlay_draw is not None:
                self.overlay_draw(screen)
            self.full = False
            self._dirty.clear()
            return None
        rects, now = self._changes()
        if not rects:
            return []
        merged = _merge(rects)
        for area in merged:
            screen.blit(self.background, area, area)
            for rect in self.highlights:
                if rect.inflate(8, 8).colliderect(area):
                    screen.set_clip(area)
                    pygame.draw.rect(screen, HIGHLIGHT, rect, 4, border_radius=10)
                    screen.set_clip(None)
        for sprite in ordered:
            rect = sprite.rect
            if rect.collidelist(merged) >= 0:
                for area in merged:
                    if rect.colliderect(area):
                        screen.set_clip(area)
                        self._blit(screen, sprite)
                screen.set_clip(None)
        self._drawn = now
        self._dirty.clear()
        if self.overlay_draw is not None:
            merged += self.overlay_draw(screen)
        return merged

    def _blit(self, screen: pygame.Surface, sprite: CardSprite) -> None:
        image = self.image(sprite)
        if sprite.squash < 0.999:
            width = max(1, int(image.get_width() * sprite.squash))
            image = pygame.transform.scale(image, (width, image.get_height()))
            screen.blit(image, (int(sprite.x) + (sprite.width - width) // 2, int(sprite.y)))
        else:
            screen.blit(image, (int(sprite.x), int(sprite.y)))
        if sprite.selected or sprite.lifted:
            pygame.draw.rect(screen, SELECTED, sprite.card_rect().inflate(4, 4), 3, border_radius=8)

    def _remember(self, ordered: list[CardSprite]) -> None:
        self._drawn = {s.key: (s.rect, self._signature(s)) for s in ordered}

    def sprite_at(
        self, pos: tuple[int, int], accept: Callable[[CardSprite], bool] | None = None
    ) -> CardSprite | None:
        """The topmost sprite under a point (optionally only those `accept` allows)."""
        for sprite in reversed(self.ordered()):
            if sprite.card_rect().collidepoint(pos) and (accept is None or accept(sprite)):
                return sprite
        return None


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Merge overlapping rectangles so no pixel is redrawn twice."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for other in out:
                if other.colliderect(rect):
                    rect.union_ip(other)
                    out.remove(other)
                    merged = True
                    break
        out.append(rect)
    return out

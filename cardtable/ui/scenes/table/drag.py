"""Gestures: picking cards up, dragging them over the table, dropping, clicking cards and piles, and
the buttons. Every gesture becomes (cards held, where they are, where they went); the shared mapper
(moves.py) finds the legal move it means, whichever copy was held: one is made, several open the
chooser, none slides the cards back with the engine's own reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ....rules.actions import Action
from ...animation import SLIDE_S, Tween
from ...sprites import CardSprite
from .moves import canonical, find_moves, moves_with
from .spec import ButtonSpec, ClickArea, DropArea

if TYPE_CHECKING:
    from .scene import TableScene

CLICK_PX = 6  # a press and release closer than this is a click, not a drag


@dataclass
class Drag:
    """The cards being dragged: where each started and where it is held relative to the pointer."""

    sprites: list[CardSprite] = field(default_factory=list)
    offsets: list[tuple[float, float]] = field(default_factory=list)
    origin: list[tuple[float, float]] = field(default_factory=list)
    start: tuple[int, int] = (0, 0)

    @property
    def active(self) -> bool:
        return bool(self.sprites)

    @property
    def cards(self) -> list[int]:
        return [s.card for s in self.sprites]

    def cancel(self) -> None:
        """Put the held cards down where they were."""
        for sprite, (x, y) in zip(self.sprites, self.origin, strict=True):
            sprite.x, sprite.y, sprite.lifted = x, y, False
        self.sprites, self.offsets, self.origin = [], [], []


class GestureMixin:
    """Drag and drop, clicks and buttons, all through the one gesture-to-move mapper."""

    click_kinds: tuple[str, ...] = ()  # moves a click on a card makes (else the click selects it)
    buttons_spec: tuple[ButtonSpec, ...] = ()

    # -- what a game declares ----------------------------------------------------------------
    def drop_areas(self: TableScene) -> list[DropArea]:
        """Every place cards can be dropped, legal now or not (for the reason)."""
        return []

    def click_areas(self: TableScene) -> list[ClickArea]:
        """Piles and places a click acts on."""
        return []

    def refusal(self: TableScene, area: DropArea, held: list[int]) -> Action | None:
        """The move a refused drop would have meant, to ask the engine why not."""
        if self.viewer is None:
            return None
        kind = area.refuse or area.kinds[0]
        return Action(self.viewer, kind, canonical(self.view(), held), area.target or "")

    # -- what cards are -----------------------------------------------------------------------
    def own_sprite(self: TableScene, sprite: CardSprite) -> bool:
        """Whether a sprite is a card in the viewer's hand."""
        if self.viewer is None or sprite.card < 0 or not sprite.face_up:
            return False
        hand = self.view().zones.get(f"hand:{self.viewer}")
        return hand is not None and sprite.card in hand.cards

    def draggable(self: TableScene, sprite: CardSprite) -> bool:
        """One's own hand, or any face-up card some legal move takes (or a copy of it)."""
        if sprite.card < 0 or not sprite.face_up or sprite.image is not None:
            return False
        return self.own_sprite(sprite) or bool(moves_with(self.view(), sprite.card, self.my_legal()))

    def selected_cards(self: TableScene) -> list[int]:
        return sorted(s.card for s in self.board.sprites.values() if s.selected and self.own_sprite(s))

    # -- the keyboard ----------------------------------------------------------------------------
    def hand_key(self: TableScene, event: pygame.event.Event) -> bool:
        """Left/Right move a cursor along one's own hand; Space does to the card under it what a
        click does (selects it, or makes the move a click on it makes). True if the key was used."""
        if event.key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            return False
        hand = sorted(
            (s for s in self.board.sprites.values() if s.face_up and self.own_sprite(s)), key=lambda s: s.x
        )
        cards = [s.card for s in hand]
        if not cards:
            return False
        if event.key == pygame.K_SPACE:
            if self.cursor not in cards:
                return False
            self.click_card(hand[cards.index(self.cursor)])
        elif self.cursor not in cards:
            self.cursor = cards[0] if event.key == pygame.K_RIGHT else cards[-1]
        else:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.cursor = cards[max(0, min(len(cards) - 1, cards.index(self.cursor) + step))]
        self.needs_full_redraw = True
        return True

    # -- the mouse -----------------------------------------------------------------------------
    def press(self: TableScene, pos: tuple[int, int]) -> None:
        """Mouse down: pick up a card (with the other selected cards of the hand)."""
        sprite = self.board.sprite_at(pos, self.draggable) if self.my_legal() else None
        if sprite is None:
            self.click(pos)
            return
        self.hovered = None  # no card text while a card is held
        group = [s for s in self.board.sprites.values() if s.selected and self.own_sprite(s)]
        if sprite not in group:
            group = [sprite]
        self.drag = Drag(
            group,
            [(s.x - pos[0] + i * 18, s.y - pos[1]) for i, s in enumerate(group)],
            [(s.x, s.y) for s in group],
            pos,
        )
        held = [s.card for s in group]
        self.board.highlights = [
            a.rect
            for a in self.drop_areas()
            if find_moves(self.view(), held, self.my_legal(), a.kinds, a.target)
        ]
        for s in group:
            s.lifted = True
        self.board.full = True

    def move_drag(self: TableScene, pos: tuple[int, int]) -> None:
        """Mouse motion while dragging: the cards follow."""
        for sprite, (dx, dy) in zip(self.drag.sprites, self.drag.offsets, strict=True):
            sprite.x, sprite.y = pos[0] + dx, pos[1] + dy
        self.moved = True

    def release(self: TableScene, pos: tuple[int, int]) -> None:
        """Mouse up: a short click is a card click; a drop finds its move; else the cards slide back."""
        drag = self.drag
        if not drag.active:
            return
        self.drag = Drag()
        for s in drag.sprites:
            s.lifted = False
        self.board.highlights = []
        self.board.full = True
        if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) < CLICK_PX:
            for sprite, (x, y) in zip(drag.sprites, drag.origin, strict=True):
                sprite.x, sprite.y = x, y
            if len(drag.sprites) == 1:
                self.click_card(drag.sprites[0])
            return
        if not self.drop(drag.cards, pos):
            for sprite, end in zip(drag.sprites, drag.origin, strict=True):
                self.animator.add(Tween(sprite, (sprite.x, sprite.y), end, SLIDE_S))

    def drop(self: TableScene, held: list[int], pos: tuple[int, int]) -> bool:
        """Held cards let go at `pos`: the move it means (True if one was made)."""
        areas = [a for a in self.drop_areas() if a.rect.collidepoint(pos)]
        view, legal = self.view(), self.my_legal()
        for area in areas:
            moves = find_moves(view, held, legal, area.kinds, area.target)
            if moves:
                return self.gesture(moves, held)
        if areas:
            attempt = self.refusal(areas[0], held)
            if attempt is not None:
                self.say(self.refusal_text(self.engine.explain(attempt)) or self.app.t("table.not_now"))
                return False
        self.say(self.app.t("table.drop_here"))
        return False

    def click_card(self: TableScene, sprite: CardSprite) -> None:
        """A click on a card: the move it makes (a chooser if several), else it is selected."""
        moves = moves_with(self.view(), sprite.card, self.my_legal(), self.click_kinds)
        if moves:
            self.gesture(moves, [sprite.card])
        elif self.own_sprite(sprite):
            sprite.selected = not sprite.selected

    def click(self: TableScene, pos: tuple[int, int]) -> None:
        """A click on the table (not on a card one can pick up): a pile's move, if it has one."""
        for area in self.click_areas():
            if area.rect.collidepoint(pos):
                moves = [a for a in self.my_legal() if a.kind in area.kinds]
                if moves:
                    self.gesture(moves, [])
                    return

    def hover(self: TableScene, pos: tuple[int, int]) -> None:
        """Mouse over a face-up card this person may see: its tooltip."""
        sprite = self.board.sprite_at(pos, lambda s: s.face_up and s.card >= 0 and s.image is None)
        card = sprite.card if sprite is not None and self.may_show(sprite.card) else None
        if card != self.hovered:
            self.hovered = card
            self.hover_pos = pos
            self.needs_full_redraw = True

    # -- buttons -------------------------------------------------------------------------------
    def press_button(self: TableScene, spec: ButtonSpec) -> None:
        """A game button: its moves (on the selected cards when it acts on them)."""
        offers = [a for a in self.my_legal() if spec.offers(a)]
        selected = self.selected_cards() if spec.selection else []
        if selected:
            moves = find_moves(self.view(), selected, offers)
            if not moves and self.viewer is not None:
                attempt = Action(self.viewer, spec.kinds[0], canonical(self.view(), selected))
                self.say(self.refusal_text(self.engine.explain(attempt)) or self.app.t("table.not_now"))
                return
            offers = moves
        self.gesture(offers, selected, self.app.t(spec.label))

    def gesture(self: TableScene, moves: list[Action], held: list[int], title: str = "") -> bool:
        """One move: made at once; several: the chooser. True if a move was made."""
        if len(moves) == 1:
            return self.perform(moves[0], held)
        if moves:
            self.open_menu(title or self.app.t("table.choose"), moves)
        return False

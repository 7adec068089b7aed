"""The large preview: a card the person at the screen may see, drawn big enough to read, for as long
as they hold the right mouse button on it or hold Shift over it (or over the hand card the arrow keys
are on). The face is drawn in the table's language (the other beneath, where the set's face template
prints both), with the game's text for the card beside it.

Privacy is the table's own rule (privacy.py): only a face-up card the person may see now, checked
again on every frame it is drawn, so a hand-off or a move while the key is held shows nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...fonts import get_font, wrap_in_height
from ...widgets import GOLD, INK, draw_panel, draw_text

if TYPE_CHECKING:
    from .scene import TableScene

PREVIEW_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)
PREVIEW_MIN_PX = 12  # the large view's text is set smaller down to this before lines are left off


class PreviewMixin:
    """Right-click or hold Shift: the card under the pointer, large."""

    previewing: int | None = None  # the card shown large, while the button or key is held

    def previewable(self: TableScene, pos: tuple[int, int] | None) -> int | None:
        """The card whose face the person may look at closely: under `pos`, else under the keyboard's
        cursor in the hand (None when there is none, or its face is not theirs to see)."""
        sprite = None
        if pos is not None:
            sprite = self.board.sprite_at(pos, lambda s: s.face_up and s.card >= 0 and s.image is None)
        if sprite is None and self.cursor is not None:
            sprite = self.board.sprites.get(self.cursor)
        if sprite is None or not sprite.face_up or sprite.card < 0 or sprite.image is not None:
            return None
        return sprite.card if self.may_show(sprite.card) else None

    def preview_event(self: TableScene, event: pygame.event.Event) -> bool:
        """Start or end the preview; True if the event was the preview's."""
        start = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or (
            event.type == pygame.KEYDOWN and event.key in PREVIEW_KEYS
        )
        end = (event.type == pygame.MOUSEBUTTONUP and event.button == 3) or (
            event.type == pygame.KEYUP and event.key in PREVIEW_KEYS
        )
        if start:
            pos = getattr(event, "pos", None) or self.pointer
            card = self.previewable(pos)
            if card != self.previewing:
                self.previewing = card
                self.needs_full_redraw = True
            return card is not None or event.type == pygame.MOUSEBUTTONDOWN
        if end and self.previewing is not None:
            self.previewing = None
            self.needs_full_redraw = True
            return True
        return False

    def draw_preview(self: TableScene, screen: pygame.Surface) -> pygame.Rect | None:
        """The previewed card, large, on the side away from the pointer, with its text beside it."""
        card = self.previewing
        if card is None:
            return None
        if not self.may_show(card):  # the person changed, or the card turned over: nothing to show
            self.previewing = None
            return None
        width, height = screen.get_size()
        card_h = int(height * 0.8)
        card_w = card_h * 63 // 88
        face = self.board.face(card, card_w)
        lines = self.tooltip(card)
        px = max(15, height // 40)
        text_w = min(max(260, width // 4), width - card_w - 60)
        # a text longer than the card is tall is set smaller (a Sainome character's two sides in
        # Japanese and English), down to PREVIEW_MIN_PX, before its last lines are left off
        px, rows = wrap_in_height(lines, text_w - 24, card_h, px, PREVIEW_MIN_PX)
        font = get_font(px)
        wrapped = [(part, number == 0) for number, parts in enumerate(rows) for part in parts]
        if wrapped:  # no wider than its longest line
            text_w = min(text_w, max(font.size(line)[0] for line, _ in wrapped) + 24)
        step = font.get_linesize()
        text_h = min(card_h, (len(wrapped) + 1) * step) if wrapped else 0
        total_w = face.get_width() + (text_w + 16 if wrapped else 0)
        box = pygame.Rect(0, 0, total_w + 24, max(face.get_height(), text_h) + 24)
        pointer_x = self.pointer[0] if self.pointer is not None else 0
        # away from the pointer, so the card it is on stays in sight
        box.midleft = (24, height // 2) if pointer_x > width // 2 else (width - 24 - box.width, height // 2)
        box.clamp_ip(screen.get_rect())
        draw_panel(screen, box, (8, 12, 10, 235))
        screen.blit(face, (box.x + 12, box.y + 12))
        if wrapped:
            x = box.x + 12 + face.get_width() + 16
            shown = max(1, (box.height - 24) // step)
            for row, (line, first) in enumerate(wrapped[:shown]):
                draw_text(screen, line, px, (x, box.y + 12 + row * step), GOLD if first else INK)
        return box

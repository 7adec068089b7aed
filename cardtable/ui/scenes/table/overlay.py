"""What the table draws over its cards, and its buttons: the declared game buttons (shown while one
of their moves is legal) with Actions and Undo in a column, a thinking bot's mark, the message (a
refusal's reason), the hovered card's text (only a card the person at the screen may see), the menu and the summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....rules.cards import CardSpec
from ...fonts import get_font, text_width
from ...widgets import DIM, GOLD, INK, Button, draw_panel, draw_text

FOCUS_RING = (245, 245, 235)  # the keyboard cursor on a hand card (white: blue marks a selected card)

if TYPE_CHECKING:
    from .scene import TableScene


class OverlayMixin:
    """Buttons and overlays."""

    def game_buttons(self: TableScene) -> list[Button]:
        """The declared buttons whose moves are legal now, then Actions and Undo, in a column.

        Undo keeps its place at the bottom for a seat at the screen, dimmed while nothing can be taken
        back (a click on it then says why): a button that came and went moved every button above it,
        so a second click on the spot of "Go to buying" landed on "End the turn"."""
        legal = self.my_legal()
        t = self.app.t
        specs: list[tuple[str, object, int | None]] = []
        for spec in self.buttons_spec:
            if any(spec.offers(a) for a in legal):
                specs.append((t(spec.label), lambda s=spec: self.press_button(s), spec.key))
        if legal:
            specs.append((t("table.actions"), self.open_actions, None))
        if self.viewer is None:
            return self.button_column(specs)
        specs.append((t("table.undo") + " (Ctrl+Z)", self.undo, None))
        buttons = self.button_column(specs)
        buttons[-1].enabled = self.engine.can_undo(self.viewer)
        buttons[-1].says_why = True
        return buttons

    def button_column(self: TableScene, specs: list[tuple[str, object, int | None]]) -> list[Button]:
        """Buttons stacked at the right edge, bottom up."""
        width, height = self.app.size
        bh = max(30, height // 20)
        px = max(12, min(28, bh * 9 // 20))  # as Button draws its label
        widest = max((text_width(str(label), px) for label, _, _ in specs), default=0)
        bw = min(max(130, width // 9, widest + 24), width // 4)  # every label inside its button
        x = width - bw - 12
        y = height - (bh + 8) * len(specs) - 8
        return [
            Button(label, pygame.Rect(x, y + i * (bh + 8), bw, bh), act, key=key)  # type: ignore[arg-type]
            for i, (label, act, key) in enumerate(specs)
        ]

    def draw(self: TableScene, screen: pygame.Surface) -> list[pygame.Rect] | None:
        if self.background_stale:
            self.paint_background()
        if self.needs_full_redraw:
            self.board.full = True
            self.needs_full_redraw = False
        return self.board.draw(screen)

    def card_title(self: TableScene, spec: CardSpec) -> str:
        """A card's name as a tooltip's first line: in the table's language, an English table adding
        the name printed in Japanese ("Spear / 槍"); never the card's code (an internal name)."""
        name = spec.name.get(self.app.t.language)
        if self.app.t.language == "ja" or not spec.name.ja or spec.name.ja == name:
            return name
        return f"{name} / {spec.name.ja}"

    def provisional_line(self: TableScene, spec: CardSpec, prefix: str) -> str | None:
        """A tooltip's line naming the card's provisional values (a gap in the rulebook, not the
        designer's word), each field in the table's language: the game's own word for it
        (`<prefix>.field.<name>`), else the shared one (`field.<name>`); None when it has none."""
        marked = spec.get("provisional")
        if not marked:
            return None
        t = self.app.t
        if marked is True:
            return t("table.provisional", what=t("table.provisional_all"))
        words = []
        for name in map(str, marked):
            key = next((k for k in (f"{prefix}.field.{name}", f"field.{name}") if t.has(k)), None)
            words.append(t(key) if key is not None else name)  # the loader checked the name is a field
        return t("table.provisional", what=t("common.list").join(words))

    def draw_tooltip(self: TableScene, screen: pygame.Surface, card: int) -> pygame.Rect | None:
        """The hovered card's text, if this person may see the card."""
        if not self.may_show(card):
            return None
        lines = self.tooltip(card)
        if not lines:
            return None
        width, height = screen.get_size()
        px = max(14, height // 46)
        box_w = max(260, width // 5)
        wrapped = _wrap_lines(lines, px, box_w - 20)
        hint = _wrap_lines([self.app.t("table.preview_hint")], px - 2, box_w - 20)  # the large preview's keys
        box = pygame.Rect(0, 0, box_w, (len(wrapped) + len(hint) + 1) * (px + 6))
        box.topleft = (self.hover_pos[0] + 18, self.hover_pos[1] + 18)
        box = box.clamp(screen.get_rect())
        draw_panel(screen, box, (10, 16, 14, 235))
        for index, line in enumerate(wrapped):
            colour = GOLD if index == 0 else INK
            draw_text(screen, line, px, (box.x + 10, box.y + 8 + index * (px + 6)), colour)
        for index, line in enumerate(hint, start=len(wrapped)):
            draw_text(screen, line, px - 2, (box.x + 10, box.y + 10 + index * (px + 6)), DIM)
        return box

    def draw_overlay(self: TableScene, screen: pygame.Surface) -> list[pygame.Rect]:
        """Buttons, the toast, the tooltip and the menu, drawn over the cards."""
        rects = []
        reload_panel = self.draw_reload(screen)  # a card set edit's problems or restart offer
        if reload_panel is not None:
            rects.append(reload_panel)
        thinking = self.draw_thinking(screen)  # a bot's thinking mark on its seat (thinking.py)
        if thinking is not None:
            rects.append(thinking)
        cursor = self.board.sprites.get(self.cursor) if self.cursor is not None else None
        if cursor is not None and not self.drag.active:  # the keyboard's place in the hand
            ring = cursor.card_rect().inflate(12, 12)
            pygame.draw.rect(screen, FOCUS_RING, ring, 3, border_radius=8)
            rects.append(ring.inflate(4, 4))
        if self.board.full or not self.drag.active:
            for button in self.buttons:
                button.draw(screen)
                rects.append(button.rect)
        width, height = screen.get_size()
        if self.toast is not None:
            rect = pygame.Rect(0, 0, min(width - 40, 900), max(40, height // 16))
            rect.midbottom = (width // 2, height - height // 4)
            draw_panel(screen, rect)
            draw_text(screen, self.toast[0], max(16, height // 40), rect.center, GOLD, "center")
            rects.append(rect)
        if (
            self.hovered is not None
            and not self.drag.active
            and self.menu is None
            and self.previewing is None
        ):
            box = self.draw_tooltip(screen, self.hovered)
            if box is not None:
                rects.append(box)
        if self.menu is not None:
            rects.append(self.menu.draw(screen))
        summary = self.draw_summary(screen)
        if summary is not None:
            rects.append(summary)
        preview = self.draw_preview(screen)
        if preview is not None:
            rects.append(preview)
        return rects


def _wrap_lines(lines: list[str], px: int, width: int) -> list[str]:
    from ...fonts import wrap_text

    font = get_font(px)
    out: list[str] = []
    for line in lines:
        out.extend(wrap_text(font, line, width) or [""])
    return out

"""The Rune Works! table's own labels, a part of the table (see __init__.py): each magician's
nameplate (cards in hand, MP) and the status line, placed where no card lies over them.

The viewer's nameplate sits left of their fanned hand, or above its left end when the hand is too wide
for it; while the hand keeps its cards in place under the pointer after a Set it is wider than its
count says, and the nameplate moves with it. The status line wraps left of the other hands beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....rules.view import PlayerView
from ...fonts import get_font, wrap_text
from ...widgets import GOLD, INK, fit_width, text_surface
from .held import HELD_PHASE

if TYPE_CHECKING:
    from . import RuneWorksTable


class LabelsMixin:
    """Nameplates and the status line."""

    def _nameplate(
        self: RuneWorksTable, surface: pygame.Surface, view: PlayerView, seat: int, px: int
    ) -> None:
        width, height = surface.get_size()
        name = self.session.name(seat)
        if len(name) > 14:
            name = name[:13] + "…"
        count = view.zones[f"hand:{seat}"].count
        t = self.app.t
        text = t("rw.nameplate", who=t("table.seat_label", n=seat + 1, name=name), n=count)
        if view.data.get("level", 3) >= 4:
            text += t("rw.nameplate_mp", mp=view.scores[seat])
        bold = seat == view.active
        if seat == self.bottom_seat():  # left of the fanned hand; above its left end if it is too wide
            left = self._own_hand_left(count)
            hand_top = height - self.card_width() * 88 // 63 - 12
            if left - 12 - text_surface(text, px, INK, bold).get_width() >= 4:
                pos, anchor = (int(left) - 12, hand_top + self.card_width() * 88 // 63 // 2), "midright"
            else:
                pos, anchor = (max(4, int(left)), hand_top - 6), "bottomleft"
        else:
            ax, ay = self.seat_anchor(seat)
            pos = (int(ax), int(ay + self.card_width() * 0.45))
            anchor = "midtop"
        colour = GOLD if seat in view.deciding or seat == view.active else INK
        rect = self.text(surface, text, px, pos, colour, anchor, bold=bold)
        if seat in view.deciding:
            pygame.draw.rect(surface, GOLD, rect.inflate(10, 6), 2, border_radius=6)

    def _own_hand_left(self: RuneWorksTable, count: int) -> float:
        """Where the viewer's fanned hand begins: as its count lays it out, or further left while the
        hand keeps its cards in place under the pointer after a Set (see LayoutMixin.hold_fan), when
        it is wider than its count says and its first cards lay over the label."""
        width, _ = self.app.size
        cards = max(1, count)
        span = min(self.card_width() * 0.8, (width * 0.62 - self.card_width()) / max(1, cards - 1))
        left = width * 0.42 - (span * (cards - 1) + self.card_width()) / 2
        placed = (self._fans or {}).get(f"hand:{self.bottom_seat()}")
        return min([left, *placed.values()]) if placed else left

    def _draw_status(self: RuneWorksTable, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        width, height = surface.get_size()
        t = self.app.t
        text = ""
        if view.phase == HELD_PHASE:  # the finished round, held under the round-end screen
            key = "rw.round_end.held" if self.winning else "rw.round_end.held_void"
            text = t(key, n=view.data.get("round", 0))
        elif self.winning and self.engine.is_over():  # Levels 1-3: the last table, under the game-end screen
            text = t("rw.game_end.held")
        elif view.phase == "leady":
            text = t("table.leady")
        elif view.phase == "claim" and self._window_open():
            card = view.data["claim"]["card"]
            text = t("table.claim_window", card=self._card_words(card))
            if self.claimed_words():  # who claimed so far, for everyone at the table, on a line of its own
                text += "\n" + self.claimed_words()
            self._draw_countdown(surface, px)
        elif view.phase == "claim" and self.app.settings.claim_ask_each:
            text = t("rw.claim_asking", card=self._card_words(view.data["claim"]["card"]))
        elif view.active is not None:
            name = self.session.name(view.active)
            text = (
                t("table.your_turn", name=name)
                if view.active == self.viewer
                else t("table.waiting", name=name)
            )
        top = 16 + px * 2
        width = self._status_width(view, top, top + (px + 2) * 4)
        lines = [line for part in text.split("\n") for line in wrap_text(get_font(px + 2), part, width)]
        if len(lines) > 3:  # never seen: the third line ends the text with an ellipsis
            lines = [*lines[:2], fit_width(" ".join(lines[2:]), px + 2, width)]
        for i, line in enumerate(lines):
            self.text(surface, line, px + 2, (16, top + i * int((px + 2) * 1.3)), INK)

    def _status_width(self: RuneWorksTable, view: PlayerView, y0: int, y1: int) -> int:
        """How wide the status line may run from its left margin: up to the first other magician's
        hand beside it (with two, the one across the table sits at the top; a long Japanese status
        ran through it), else to the log."""
        right = self.table_area().right
        small = int(self.card_width() * 0.5)
        for seat in range(view.seats):
            if seat == self.bottom_seat():
                continue
            ax, ay = self.seat_anchor(seat)
            cards = max(1, view.zones[f"hand:{seat}"].count)
            width = small + small * 0.3 * (cards - 1)  # the fan of piles(): cards `small` wide, step 0.3
            top = ay - small * 0.7
            if top < y1 and top + small * 88 / 63 > y0 and ax - width / 2 > 16:
                right = min(right, int(ax - width / 2) - 12)
        return max(120, right - 16)

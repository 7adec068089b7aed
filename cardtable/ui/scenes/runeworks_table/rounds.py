"""The Rune Works! round end (Levels 4-5) and the results' notes, a part of the table (__init__.py).

After a round is scored the table stops on a screen giving, per magician, each MP change and why
(from the round log's reasons, scoring.round_items), the running totals, and a void round said
plainly; a click goes on. Under it lies the finished round's table (held.py); the panel goes where
it hides the fewest of that table's faces, the winning play's least of all, and Tab folds it away. At the end the results say who ignited and how.

Levels 1-3 are one round, and the move that ends it ends the game: the results came at once and hid the
winning melds (seen under X: a bot's Shot won, and its melds were never on show). The game's end
first holds the last table the same way, the winning play framed in gold, under a short screen that
says who ignited and how; a click goes on to the results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ....games.runeworks.narration import game_end, result_notes, round_end
from ....rules.narration import phrase
from ...fonts import get_font
from ...widgets import DIM, GOLD, INK, draw_panel, draw_text
from ..notice import NoticeLine, NoticeScene

if TYPE_CHECKING:
    from ...app import App
    from . import RuneWorksTable

GAIN = (140, 220, 150)
GRID_PX = 40  # the steps in which the round-end panel looks for its place


class RoundEndNotice(NoticeScene):
    """The round-end screen, placed off the cards it is about: `faces` gives the held table's face-up
    cards with a weight each; of the places on a grid across the window (the middle first, as every
    notice) the panel takes the one that covers the least weight."""

    def __init__(
        self,
        app: App,
        title: str,
        lines: list[NoticeLine],
        on_close: Callable[[], None],
        faces: Callable[[], list[tuple[pygame.Rect, int]]],
        folded_key: str = "rw.round_end.folded",
    ) -> None:
        super().__init__(app, title, lines, on_close)
        self.faces = faces
        self.folded_key = folded_key  # the folded strip's words: what Tab and Space lead to
        self.placed: dict[tuple[int, int], tuple[int, int]] = {}  # per window size: the offset chosen
        self.folded = False  # Tab: the panel folds to a strip, so the whole table shows

    def handle(self, event: pygame.event.Event) -> None:
        """Tab folds the panel away and back (with six magicians no place clears every meld); a
        click, Space or Enter goes on, as on every notice."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.folded = not self.folded
            self.needs_full_redraw = True
            return
        super().handle(event)

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        if self.folded:
            return self._draw_strip(screen)
        rects = super().draw(screen) or []
        panel = self.panel
        px = _peek_px(screen.get_height())
        corner = (panel.right - px, panel.y + px // 2)
        rects.append(draw_text(screen, self.app.t("rw.round_end.peek"), px, corner, DIM, "topright"))
        return rects

    def _draw_strip(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The folded panel: the title and the keys, in a strip along the window's top edge, over the
        table's middle (the magician across the table sits below it, the viewer's hand at the bottom)."""
        width, height = screen.get_size()
        px = max(14, min(20, height // 40))
        text = self.app.t(self.folded_key, title=self.title)
        strip = pygame.Rect(0, 0, min(width - 20, get_font(px).size(text)[0] + px * 2), px * 2)
        strip.midtop = (int(width * 0.42), 6)
        draw_panel(screen, strip, (12, 22, 18, 235))
        draw_text(screen, text, px, strip.center, GOLD, "center")
        self.needs_full_redraw = False
        return [strip]

    def geometry(self, size: tuple[int, int]) -> tuple[pygame.Rect, int, list[int]]:
        panel, px, edges = super().geometry(size)
        # wide enough for the centred title with "Tab: see the table" in the corner on each side of it
        # (the short game-end screen's title ran under it); widened about its centre, so the
        # columns' edges stay where they are
        peek = get_font(_peek_px(size[1])).size(self.app.t("rw.round_end.peek"))[0] + px * 2
        need = min(size[0] - 20, get_font(px + 8, bold=True).size(self.title)[0] + peek * 2)
        if panel.width < need:
            panel = panel.inflate(need - panel.width, 0)
        if size not in self.placed:  # the held table does not move: placed once per window size
            self.placed[size] = self._least_covering(panel, size)
        dx, dy = self.placed[size]
        return panel.move(dx, dy), px, [edge + dx for edge in edges]

    def _least_covering(self, panel: pygame.Rect, size: tuple[int, int]) -> tuple[int, int]:
        width, height = size
        faces = self.faces()
        xs = [panel.x, *range(10, max(11, width - panel.width - 9), GRID_PX)]
        ys = [panel.y, *range(10, max(11, height - panel.height - 9), GRID_PX // 2)]
        best, least = (0, 0), None
        for y in ys:
            for x in xs:
                spot = pygame.Rect(x, y, panel.width, panel.height)
                cover = sum(weight * _area(spot.clip(rect)) for rect, weight in faces)
                if least is None or cover < least:
                    best, least = (x - panel.x, y - panel.y), cover
        return best


class RoundEndMixin:
    """The round-end screen and the results' notes."""

    def on_game_over(self: RuneWorksTable) -> None:
        """Levels 1-3: the last table held under the game-end screen first (module docstring); then,
        at every level, the results."""
        log = self.engine.view(None).data.get("round_log", [])
        if not log or self.view().data.get("level", 3) >= 4:  # the round-end screen held it already
            self._show_results()
            return
        say = self.renderer()
        self.winning = frozenset(self.placed_now)
        lines = [NoticeLine((say(line),), GOLD, True) for line in game_end(log[-1])]
        title = say(phrase("rw.game_end.title"))
        self.app.push(
            RoundEndNotice(self.app, title, lines, self._show_results, self.held_faces, "rw.game_end.folded")
        )

    def _show_results(self: RuneWorksTable) -> None:
        """The results, saying who ignited and how (a Shot on whose card, a Blast)."""
        from ..results import ResultsScene

        self.winning = frozenset()
        log = self.engine.view(None).data.get("round_log", [])
        notes = {s: self.renderer()(p) for s, p in result_notes(log[-1]).items()} if log else {}
        self.app.push(ResultsScene(self.app, self.session, notes))

    def _show_round_end(self: RuneWorksTable, entry: dict[str, Any]) -> None:
        """Levels 4-5: per magician, what the round did to MP and why, and the running totals; a
        void round said plainly. Play goes on after a click."""
        say = self.renderer()
        title, head, rows = round_end(entry, self.view().seats, last=self.engine.is_over())
        lines = [NoticeLine((say(h),), GOLD, True) for h in head]
        lines.append(NoticeLine(tuple(say(phrase("rw.round_end.head")).split("|")), DIM))
        for seat, reasons, delta, mp in rows:
            name = self.session.name(seat)
            colour = GAIN if delta > 0 else INK
            for i, (why, amount) in enumerate(reasons):
                first = i == 0
                cells = (name if first else "", say(why), f"{amount:+d}", str(mp) if first else "")
                lines.append(NoticeLine(cells, colour, first))
            if len(reasons) > 1:
                lines.append(NoticeLine(("", say(phrase("rw.round_end.total")), f"{delta:+d}", ""), colour))
        self.app.push(RoundEndNotice(self.app, say(title), lines, self.release_round, self.held_faces))


def _peek_px(height: int) -> int:
    """The size of the corner's "Tab: see the table"."""
    return max(12, min(16, height // 48))


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height

"""The log, the "what just happened" line and the hand-off summary, in the game's own words.

Every line comes from the session's chronicle (cardtable/rules/narration.py), which keeps each move as
each seat may know it; this part renders the lines of the person at the screen (a spectator's when
nobody is) in the chosen language with the game's card names. The action menu and the chooser's
question use the same words. After a hand-off, the person who comes back sees what the others did
since they last looked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from ....rules.actions import Action
from ....rules.narration import COMMON, Phrase, Renderer, reason_phrase
from ...fonts import get_font, wrap_in_height, wrap_text
from ...i18n import all_strings
from ...widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width, text_surface

if TYPE_CHECKING:
    from .scene import TableScene

SUMMARY_LINES = 10
HAPPENED_LINES = 3  # the "what just happened" line wraps to at most this many at its size
HAPPENED_MIN_PX = 11  # a longer one is set smaller, down to this, before its end is cut


class LogMixin:
    """Rendering the chronicle for the person at the screen."""

    _said: tuple[Renderer, dict[int, tuple[Phrase, str]]] | None = None  # log lines as last rendered

    def log_rect(self: TableScene) -> pygame.Rect | None:
        """Where the game's table shows its log (None: no log panel)."""
        return None

    def happened_at(self: TableScene) -> tuple[tuple[int, int], str, int] | None:
        """Where the "what just happened" line goes: position, anchor, width (None: nowhere)."""
        return None

    # -- words -------------------------------------------------------------------------------
    def renderer(self: TableScene) -> Renderer:
        """Phrases into text in the chosen language, with the players' names and the game's card names."""
        language = self.app.t.language
        cached = self._renderer
        if cached is None or cached.language != language:
            module = self.session.chronicle.module
            words = {**COMMON, **getattr(module, "WORDS", {}), **all_strings()}
            physical = self.cardset.physical()
            if module is not None and hasattr(module, "card_name"):
                name = module.card_name
            else:
                name = lambda spec, lang: spec.name.get(lang)  # noqa: E731
            cached = self._renderer = Renderer(
                words, language, self.session.name, lambda card: name(physical[card], language)
            )
        return cached

    def say_phrase(self: TableScene, item: Phrase) -> str:
        return self.renderer()(item)

    def words(self: TableScene, action: Action) -> str:
        """A move in plain words for the action menu and the chooser."""
        module = self.session.chronicle.module
        if module is not None and hasattr(module, "option"):
            try:
                return self.say_phrase(module.option(action, self.view()))
            except KeyError:
                pass
        return self.engine.describe(action)

    def pending_title(self: TableScene, kind: str, prompt: str) -> str:
        """The chooser's title for a pending decision: the game's question, in the chosen language."""
        module = self.session.chronicle.module
        asked = module.prompt(kind, self.view()) if module is not None and hasattr(module, "prompt") else None
        if asked is not None:
            return self.say_phrase(asked)
        return self.app.t("table.decide", what=prompt or kind)

    def refusal_text(self: TableScene, reason: str) -> str:
        """The engine's reason for a refusal as this person reads it: card codes become card names,
        and in Japanese the game's own sentence for it (else a Japanese lead-in with the reason)."""
        named = self.name_codes(reason)
        if self.app.t.language == "en":
            return named
        found = reason_phrase(reason, self.session.chronicle.module)
        if found is not None:
            key, values = found
            return self.app.t(key, **{k: self.name_codes(v) for k, v in values.items()})
        return self.app.t("table.refused", reason=named)

    def name_codes(self: TableScene, text: str) -> str:
        """Card codes in a text (the rules' own words use them) replaced by card names."""
        if self._codes is None:
            codes = sorted({spec.code for spec in self.cardset.physical()}, key=len, reverse=True)
            pattern = r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, codes)) + r")(?![A-Za-z0-9])"
            first = {}
            for card, spec in enumerate(self.cardset.physical()):
                first.setdefault(spec.code, card)
            self._codes = (re.compile(pattern), first)
        compiled, first = self._codes
        render = self.renderer()
        return compiled.sub(lambda m: render.card_name(first[m.group(1)]), text)

    def log_lines(self: TableScene, last: int | None = None) -> list[str]:
        """The log as the person at the screen may read it: every line, or only the `last` ones (the
        panel redraws after every move, and rendering the whole game each time grew with its length)."""
        render = self.renderer()
        chronicle = self.session.chronicle
        phrases = chronicle.lines(self.viewer) if last is None else chronicle.tail(self.viewer, last)
        said = self._said
        if said is None or said[0] is not render:  # another language or card set: said afresh
            said = self._said = (render, {})
        out = []
        for _, item in phrases:
            # Remembered per line: the panel shows the same lines again after every move and hand-off.
            # Keyed by the phrase itself (kept, so its id is never another phrase's).
            hit = said[1].get(id(item))
            if hit is None or hit[0] is not item:
                hit = said[1][id(item)] = (item, render(item))
            out.append(hit[1])
        return out

    def just_happened(self: TableScene) -> str:
        """The latest move and what followed, on one line."""
        render = self.renderer()
        return " · ".join(render(p) for p in self.session.chronicle.last(self.viewer))

    # -- the summary after a hand-off ----------------------------------------------------------
    def note_seen(self: TableScene) -> None:
        """The person at the screen has seen everything up to now."""
        if self.viewer is not None:
            self.last_seen[self.viewer] = self.session.move_count

    def welcome_back(self: TableScene, seat: int, since: int | None) -> None:
        """What the others did since `seat` last looked (`since`, a move count), shown until they click
        or press a key."""
        self.last_seen[seat] = self.session.move_count
        if since is None:
            return
        render = self.renderer()
        said = [
            p
            for entry in self.session.chronicle.entries_from(since)
            if entry.actor != seat
            for p in entry.lines.get(seat, [])
        ]
        # Too much to show: a game may name the lines that matter most (what each player bought,
        # took or scored: its narration's SUMMARY_KEYS), and only those are kept.
        keys = getattr(self.session.chronicle.module, "SUMMARY_KEYS", None)
        if keys and len(said) > SUMMARY_LINES:
            said = [p for p in said if p.key in keys]
        lines = [render(p) for p in said]
        if lines:
            more = len(lines) - SUMMARY_LINES
            self.summary = lines[-SUMMARY_LINES:]
            if more > 0:
                key = "table.summary_more_one" if more == 1 else "table.summary_more"
                self.summary.insert(0, self.app.t(key, n=more))
            self.needs_full_redraw = True

    # -- scrolling -----------------------------------------------------------------------------
    # The wheel over the log moves it by whole lines of the log (one move's sentence, however many
    # rows it wraps to), so the panel never opens on the second half of a wrapped sentence. The
    # offset counts lines back from the newest; it belongs to the person at the screen (a hand-off
    # shows the next person their newest lines).
    _log_back = 0
    _log_back_for: int | None = None

    def log_offset(self: TableScene) -> int:
        """How many lines back from the newest the log panel ends (0: the newest line is shown)."""
        if self._log_back_for != self.viewer:
            self._log_back, self._log_back_for = 0, self.viewer
        return self._log_back

    def scroll_log(self: TableScene, event: pygame.event.Event) -> bool:
        """A wheel turn over the log panel: older lines (up) or newer (down), one line a notch, never
        past the oldest line at the top of the panel. True if the turn was the log's."""
        box = self.log_rect()
        if event.type != pygame.MOUSEWHEEL or box is None:
            return False
        # A wheel event has no position: the mouse's own (the last motion the table saw may be stale,
        # when the mouse moved while the pause menu or a chooser had the events).
        pointer = pygame.mouse.get_pos()
        if not box.collidepoint(pointer):
            return False
        if self.menu is not None and self.menu.box.collidepoint(pointer):
            return False  # the menu's own rows scroll
        back = self.log_offset()
        font, width, room = self.log_geometry(box)
        for _ in range(abs(int(event.y))):
            if event.y > 0 and self.log_rows(font, width, room)[1]:
                self._log_back += 1
            elif event.y < 0 and self._log_back > 0:
                self._log_back -= 1
        if back != self._log_back:
            self.background_stale = True  # the log is painted with the background
            self.needs_full_redraw = True
        return True

    def log_geometry(self: TableScene, box: pygame.Rect) -> tuple[pygame.font.Font, int, int]:
        """The log panel's font, the width its lines wrap to, and how many rows it holds."""
        font = get_font(self.log_px())
        step = font.get_linesize()
        return font, box.width - 16, (box.height - step - 14) // step

    def log_px(self: TableScene) -> int:
        """The log's text size for the window's height."""
        return max(12, self.app.size[1] // 52)

    def log_rows(self: TableScene, font: pygame.font.Font, width: int, room: int) -> tuple[list[str], bool]:
        """The rows the panel shows: whole lines of the log, wrapped to `width`, ending `log_offset`
        lines back from the newest; and whether older lines lie above them. A line that would not fit
        whole at the top is left out (only a single line taller than the panel is cut, at its end)."""
        if room <= 0:
            return [], False
        back = self.log_offset()
        lines = self.log_lines(room + back + 1)  # a line takes a row at least: enough to fill the panel
        lines = lines[: max(0, len(lines) - back)]
        rows: list[str] = []
        shown = 0
        for line in reversed(lines):
            wrapped = wrap_text(font, line, width) or [""]
            if rows and len(rows) + len(wrapped) > room:
                break
            rows[:0] = wrapped
            shown += 1
        return rows[:room], shown < len(lines)

    # -- drawing -------------------------------------------------------------------------------
    def draw_log(self: TableScene, surface: pygame.Surface) -> None:
        """The log panel, newest line at the bottom (or where the wheel scrolled it), wrapped to the
        panel; a mark says when older or newer lines are out of sight."""
        box = self.log_rect()
        if box is None:
            return
        px = self.log_px()
        draw_panel(surface, box, (10, 20, 18, 205))
        draw_text(surface, self.app.t("table.log"), px + 1, (box.x + 8, box.y + 4), GOLD, bold=True)
        font, width, room = self.log_geometry(box)
        step = font.get_linesize()
        rows, older = self.log_rows(font, width, room)
        for index, line in enumerate(rows):
            draw_text(surface, line, px, (box.x + 8, box.y + 8 + (index + 1) * step), INK)
        marks = ("▲" if older else "") + (" ▼" if self.log_offset() else "")
        if marks:  # rendered as is: a game's ▲ in colour (text_surface) would read as blue, not "older"
            shown = get_font(px).render(marks.strip(), True, DIM)
            surface.blit(shown, shown.get_rect(topright=(box.right - 8, box.y + 4)))

    def draw_happened(self: TableScene, surface: pygame.Surface) -> None:
        """The "what just happened" line."""
        place = self.happened_at()
        text = self.just_happened()
        if place is None or not text:
            return
        pos, anchor, width = place
        px = max(13, surface.get_height() // 46)
        room = get_font(px).get_linesize() * HAPPENED_LINES  # the height the tables leave for it
        # wrapped, not cut: the end of the line (who starts, who won) is often what matters most; a
        # line longer than HAPPENED_LINES rows is set smaller, more rows in the same height (a narrow
        # column's battle line in Japanese), and cut only below HAPPENED_MIN_PX
        px, (lines,) = wrap_in_height([text], width, room, px, HAPPENED_MIN_PX)
        font = get_font(px)
        rows = max(HAPPENED_LINES, room // font.get_linesize())
        if len(lines) > rows:
            lines = [*lines[: rows - 1], fit_width(" ".join(lines[rows - 1 :]), px, width)]
        step = font.get_linesize()
        block = pygame.Rect(
            0, 0, max(text_surface(line, px, GOLD).get_width() for line in lines), step * len(lines)
        )
        setattr(block, anchor, pos)
        draw_panel(surface, block.inflate(16, 8), (8, 16, 14, 170), radius=8)  # readable over cards and felt
        for index, line in enumerate(lines):
            draw_text(surface, line, px, (block.centerx, block.y + index * step), GOLD, "midtop")

    def draw_summary(self: TableScene, screen: pygame.Surface) -> pygame.Rect | None:
        """The welcome-back panel over the table."""
        if not self.summary:
            return None
        width, height = screen.get_size()
        px = max(14, height // 44)
        font = get_font(px)
        box_w = min(width - 60, max(520, width // 2))
        centre = width // 2
        log = self.log_rect()
        if log is not None and log.left > width // 2 and log.left - 40 >= 420:
            # beside a log on the right, over the table only: centred on the screen it covered the
            # first letters of the log's lines ("layer 1: ...")
            box_w = min(box_w, log.left - 40)
            centre = (log.left - 8) // 2 + 4
        lines: list[str] = []
        for line in self.summary:
            lines.extend(wrap_text(font, line, box_w - 32) or [""])
        step = font.get_linesize()
        box = pygame.Rect(0, 0, box_w, (len(lines) + 3) * step + 20)
        box.midtop = (centre, height // 8)
        draw_panel(screen, box, (12, 20, 18, 240))
        draw_text(screen, self.app.t("table.summary"), px + 2, (box.x + 16, box.y + 10), GOLD, bold=True)
        for index, line in enumerate(lines):
            draw_text(screen, line, px, (box.x + 16, box.y + 14 + (index + 1) * step), INK)
        draw_text(
            screen,
            self.app.t("table.summary_close"),
            max(12, px - 3),
            (box.centerx, box.bottom - 8),
            DIM,
            "midbottom",
        )
        return box

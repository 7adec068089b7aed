"""The action menu and the chooser: every move in a numbered list, scrollable when it is longer than
the window. An entry too long for one line wraps onto a second (and a third) rather than being cut, so
the words that tell two moves apart (the cards paid) stay on show.

Every entry is reachable by keyboard: its number (1-9 at once; 10 and up as two digits typed one after
the other, "1" then "9" picks entry 19, or a digit then Enter), Up/Down and Enter, or letters typed to
filter the list to the entries that contain them (Backspace takes a letter back, Esc all of them; once
letters are typed, a digit or a space that an entry's words go on with is typed too: "lv5"). A
long list groups the moves of one kind and target under a heading (group_entries). The wheel,
PgUp/PgDn scroll; Esc closes (a decision's chooser stays open: Esc pauses over it)."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable

import pygame

from ....rules.actions import Action
from ...fonts import get_font, text_width, wrap_text
from ...widgets import BUTTON, BUTTON_HOT, DIM, GOLD, INK, draw_panel, draw_text, fit_width

TYPE_AHEAD_S = 0.9  # how long a typed digit waits for a second one
# A chooser the table opens by itself (a decision's, when the table comes to it) takes no letters this
# long after it shows: a letter then was typed before the person could see the list, meant for the
# table ("attack now?" opened as the setting ended and took the key into its filter, which then
# matched nothing; playtest 2026-11-28). Its numbers, arrows and Enter answer at once, as its hint says.
OPEN_GRACE_S = 0.4
MAX_LINES = 3  # an entry wraps to at most this many lines (the last is cut only beyond that)
GROUP_FROM = 12  # a list this long groups the moves of one kind and target under a heading


def group_entries(texts: list[str], keys: list[Hashable]) -> tuple[list[int], list[str | None], list[str]]:
    """Moves of one kind and target side by side under a heading: (the new order of the entries, each
    entry's heading or None, each entry's words under it). A group's heading is what its entries'
    words share up to a bracket ("Take ▲Lv1 Blue Lyabi" of "Take ▲Lv1 Blue Lyabi (pay …)"), and each
    entry then shows what sets it apart (the bracket's words, "pay ■Lv1 Green Lyabi"); a move alone
    of its kind, or whose words share no bracketed part, keeps its place and its words."""
    groups: dict[Hashable, list[int]] = {}
    for index, key in enumerate(keys):
        groups.setdefault(key, []).append(index)
    headers: list[str | None] = [None] * len(texts)
    shown = list(texts)
    for members in groups.values():
        if len(members) < 2:
            continue
        prefix = os.path.commonprefix([texts[i] for i in members])
        cut = max(prefix.rfind("("), prefix.rfind("（"))
        heading = prefix[:cut].rstrip()
        rests = [texts[i][cut + 1 :].removesuffix(")").removesuffix("）").strip() for i in members]
        if cut <= 0 or not heading or not all(rests):
            continue
        for index, rest in zip(members, rests, strict=True):
            headers[index], shown[index] = heading, rest
    order: list[int] = []
    for index, key in enumerate(keys):
        if index in order:
            continue
        order += groups[key] if headers[index] is not None else [index]
    return order, headers, shown


class ActionMenu:
    """A titled list of moves; `handle` returns the chosen move (or None)."""

    def __init__(
        self,
        title: str,
        actions: list[Action],
        words: Callable[[Action], str],
        hint: str = "",
        no_match: str = "",
    ) -> None:
        self.title = title
        texts = [words(a) for a in actions]
        headers: list[str | None] = [None] * len(actions)
        shown_as = texts
        order = list(range(len(actions)))
        if len(actions) >= GROUP_FROM:  # a long list: the moves of one kind and target together
            order, headers, shown_as = group_entries(texts, [(a.kind, a.target) for a in actions])
        self.actions = [actions[i] for i in order]
        self.labels = [f"{n + 1}. {texts[i]}" for n, i in enumerate(order)]
        self.headers = [headers[i] for i in order]  # the heading of each entry's group (None: none)
        self.shown_as = [f"{n + 1}. {shown_as[i]}" for n, i in enumerate(order)]  # under its heading
        self._folded = [texts[i].casefold() for i in order]
        self.hint = hint  # the keys, said under the list
        self.no_match = no_match  # said when the typed letters match no entry
        self.filter = ""  # letters typed: only the entries containing them are listed
        self.shown: list[int] = list(range(len(actions)))  # the entries listed, by index
        self.top = 0  # first listed entry on screen (a position in `shown`)
        self.focus = 0  # the focused entry (a position in `shown`)
        self.typed = ""
        self.typed_left = 0.0
        self.grace_left = 0.0  # seconds in which letters are not typed into it (OPEN_GRACE_S)
        self.held: set[int] = set()  # keys held since before the menu opened: taken once let go
        self.box = pygame.Rect(0, 0, 0, 0)
        self.row_h = 30
        self.room = 0  # pixels the rows may fill
        self.text_w = 0  # how wide an entry's text may be
        self._lines: dict[int, list[str]] = {}  # each entry's wrapped lines for the current geometry
        self._placed_for: tuple[tuple[int, int], str] | None = None
        self._last_top: int | None = None
        self.size = (1280, 720)  # the window's, as last placed
        # A decision's chooser, opened again at once if closed: Esc pauses over it instead of closing
        # it (closing it did nothing, so the pause menu, its rules and Save and quit, was out of reach)
        self.must_answer = False

    # -- geometry ----------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        """How many entries are on screen now (from `top`)."""
        return len(self.visible())

    def place(self, size: tuple[int, int]) -> None:
        """Fit the menu to the window: as wide as its longest entry allows, as many entries as fit,
        centred; entries wider than the box wrap."""
        if self._placed_for == (size, self.filter):
            return
        self.size = size
        width, height = size
        self.row_h = max(28, height // 24)
        px = self.title_px()
        # as wide as its title too (a game's question as the chooser's title ran past both edges), and
        # as its longest entry up to most of the window (a narrow box cut the cards paid)
        title_w = text_width(self.title, px + 1, True) + 40
        widest = max((text_width(self.entry_text(i), px) for i in range(len(self.labels))), default=0) + 46
        hint_w = text_width(self.hint, max(12, px - 3)) + 40 if self.hint else 0
        box_w = min(width - 40, max(440, width // 3, title_w, hint_w, min(widest, width * 2 // 3)))
        self.text_w = box_w - 46
        self._lines = {}
        self._last_top = None
        self.room = max(3 * self.row_h, height - 4 * self.row_h - self.footer_h())
        self._placed_for = (size, self.filter)
        headings = {self.headers[i] for i in self.shown} - {None}
        listed = sum(self.row_height(i) for i in self.shown) if self.shown else self.row_h
        listed += sum(self.heading_height(h) for h in headings if h is not None)
        box_h = self.row_h + min(self.room, listed) + self.footer_h() + 24
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (width // 2, height // 2)
        self.scroll_to_focus()

    def title_px(self) -> int:
        """The rows' text size (the title is a pixel larger)."""
        return max(15, self.row_h * 11 // 20)

    def line_h(self) -> int:
        return get_font(self.title_px()).get_linesize()

    def footer_h(self) -> int:
        return get_font(max(12, self.title_px() - 3)).get_linesize() + 4 if self.hint else 0

    def lines(self, index: int) -> list[str]:
        """An entry's text as drawn: wrapped to the box, at most MAX_LINES lines."""
        hit = self._lines.get(index)
        if hit is None:
            px = self.title_px()
            wrapped = wrap_text(get_font(px), self.entry_text(index), self.text_w) or [""]
            if len(wrapped) > MAX_LINES:
                rest = " ".join(wrapped[MAX_LINES - 1 :])
                wrapped = [*wrapped[: MAX_LINES - 1], fit_width(rest, px, self.text_w)]
            hit = self._lines[index] = wrapped
        return hit

    def entry_text(self, index: int) -> str:
        """An entry as listed: its number and words (under a heading, what sets it apart)."""
        return self.shown_as[index] if self.headers[index] is not None else self.labels[index]

    def heading_lines(self, heading: str) -> list[str]:
        """A group's heading, wrapped to the box."""
        return wrap_text(get_font(self.title_px(), True), heading, self.text_w + 16) or [""]

    def heading_height(self, heading: str) -> int:
        return len(self.heading_lines(heading)) * self.line_h() + 6

    def row_height(self, index: int) -> int:
        """One entry's height: a row, and a line more for each wrapped line."""
        return self.row_h + (len(self.lines(index)) - 1) * self.line_h()

    def visible(self) -> list[tuple[int, pygame.Rect]]:
        """The entries on screen, each with its rectangle, from `top` down while they fit."""
        return [(index, rect) for index, heading, rect in self.laid_out() if heading is None]

    def laid_out(self, top: int | None = None) -> list[tuple[int, str | None, pygame.Rect]]:
        """The rows on screen from `top` (an entry's position in `shown`) down while they fit: each an
        entry (index, None, rect) or a group's heading (index of its first entry shown, heading, rect),
        a heading also above a group's first entry on screen when the group began further up."""
        out: list[tuple[int, str | None, pygame.Rect]] = []
        y = self.box.y + 12 + self.row_h
        bottom = y + self.room
        start = self.top if top is None else top
        last_heading: str | None = None
        for position in range(start, len(self.shown)):
            index = self.shown[position]
            heading = self.headers[index]
            h = self.row_height(index)
            if heading is not None and heading != last_heading:
                hh = self.heading_height(heading)
                if out and y + hh + h > bottom:
                    break
                out.append((index, heading, pygame.Rect(self.box.x + 10, y, self.box.width - 30, hh - 6)))
                y += hh
            last_heading = heading
            if out and y + h > bottom and any(row[1] is None for row in out):
                break
            out.append((index, None, pygame.Rect(self.box.x + 10, y, self.box.width - 30, h - 4)))
            y += h
        return out

    def row_rect(self, shown: int) -> pygame.Rect:
        """The rectangle of the `shown`-th visible row."""
        return self.visible()[shown][1]

    def last_top(self) -> int:
        """The furthest `top` scrolls: the last entries just fill the box (remembered per placement)."""
        if self._last_top is not None:
            return self._last_top
        position = len(self.shown) - 1
        while position > 0:
            rows = self.laid_out(position - 1)
            if not rows or rows[-1][1] is not None or rows[-1][0] != self.shown[-1]:
                break  # from one entry higher the last would no longer fit
            position -= 1
        self._last_top = max(0, position)
        return self._last_top

    def scroll_to_focus(self) -> None:
        if self.focus < self.top:
            self.top = self.focus
        while self.top < self.focus and self.focus >= self.top + self.rows:
            self.top += 1
        self.top = max(0, min(self.top, self.last_top()))

    def scroll(self, rows: int) -> None:
        """Scroll by rows (the focus stays on screen)."""
        self.top = max(0, min(self.top + rows, self.last_top()))
        self.focus = min(max(self.focus, self.top), self.top + max(0, self.rows - 1))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in self.visible():
            if rect.collidepoint(pos):
                return index
        return None

    def focused(self) -> int | None:
        """The focused entry's index, if any entry is listed."""
        return self.shown[self.focus] if 0 <= self.focus < len(self.shown) else None

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Action | None:
        """A click, key or wheel turn; the chosen move if it chose one."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEMOTION:
            index = self.index_at(event.pos)
            if index is not None:
                self.focus = self.shown.index(index)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                return self.actions[index]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll(-1 if event.button == 4 else 1)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key not in self.held:
            return self.key(event)
        return None

    def takes(self, event: pygame.event.Event) -> bool:
        """Whether a key press means something to the menu (a row's number, arrows, Enter)."""
        keys = (
            pygame.K_DOWN,
            pygame.K_UP,
            pygame.K_PAGEDOWN,
            pygame.K_PAGEUP,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        )
        return event.key in keys or _digit(event) is not None

    def key(self, event: pygame.event.Event) -> Action | None:
        page = max(1, self.rows)
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
        if event.key in moves:
            self.focus = max(0, min(len(self.shown) - 1, self.focus + moves[event.key]))
            self.scroll_to_focus()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.typed:
                return self.take_typed()
            index = self.focused()
            return self.actions[index] if index is not None else None
        elif event.key == pygame.K_BACKSPACE:
            if self.typed:
                self.typed = self.typed[:-1]
            elif self.filter:
                self.set_filter(self.filter[:-1])
        else:
            digit = _digit(event)
            if digit is not None and self.extends_filter(digit):
                self.set_filter(self.filter + digit)  # "lv" then 5: "Lv5", not entry 5
            elif digit is not None:
                return self.type_digit(digit)
            elif self.grace_left > 0:
                pass  # typed before the list could be read: not the person's filter
            elif event.key == pygame.K_SPACE and self.extends_filter(" "):
                self.set_filter(self.filter + " ")  # "send grand": words, not one run of letters
            else:
                letter = _letter(event)
                if letter is not None:
                    self.typed = ""
                    self.set_filter(self.filter + letter)
        return None

    def extends_filter(self, text: str) -> bool:
        """Whether `text` goes on the letters typed: while some are typed and an entry still contains
        them with it (typing "Lv5" picked entry 5, "send grand" matched nothing; playtests 2026-11-28).
        With no letters typed a digit is an entry's number."""
        wanted = (self.filter + text).casefold()
        return bool(self.filter) and not self.typed and any(wanted in words for words in self._folded)

    def set_filter(self, text: str) -> None:
        """List only the entries whose words contain `text` (all of them for none)."""
        self.filter = text
        wanted = text.casefold()
        self.shown = [i for i, words in enumerate(self._folded) if wanted in words]
        self.focus = 0
        self.top = 0
        self._placed_for = None
        self.place(self.size)

    def type_digit(self, digit: str) -> Action | None:
        """A typed digit: chosen at once when no longer number starts with it, else it waits a moment
        for a second digit (or Enter). Numbers are the entries' own, whatever the filter lists."""
        count = len(self.actions)
        typed = self.typed + digit
        if not 1 <= int(typed) <= count:
            typed = digit  # not a row number: start again from this digit
            if not 1 <= int(typed) <= count:
                self.typed = ""
                return None
        self.typed = typed
        number = int(typed)
        if number - 1 not in self.shown:  # an entry the filter hid: the whole list again
            self.set_filter("")
        self.focus = self.shown.index(number - 1)
        self.scroll_to_focus()
        if number * 10 > count:  # no longer row number begins with it
            return self.take_typed()
        self.typed_left = TYPE_AHEAD_S
        return None

    def take_typed(self) -> Action | None:
        number = int(self.typed) if self.typed else 0
        self.typed = ""
        self.typed_left = 0.0
        return self.actions[number - 1] if 1 <= number <= len(self.actions) else None

    def timing(self) -> bool:
        """Whether its clock runs: a typed digit waits for a second one, or its opening grace lasts
        (the table keeps drawing frames meanwhile, so the time passes as it does)."""
        return bool(self.typed) or self.grace_left > 0

    def tick(self, dt: float) -> Action | None:
        """Time passes: a lone typed digit that waited long enough is taken."""
        self.grace_left = max(0.0, self.grace_left - dt)
        if self.typed and self.typed_left > 0:
            self.typed_left -= dt
            if self.typed_left <= 0:
                return self.take_typed()
        return None

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> pygame.Rect:
        self.place(screen.get_size())
        draw_panel(screen, self.box)
        px = self.title_px()
        title = self.title
        if self.filter:
            title += f"   “{self.filter}”"
        if self.typed:
            title += f"   {self.typed}_"
        draw_text(screen, title, px + 1, (self.box.centerx, self.box.y + 10), INK, "midtop", bold=True)
        rows = self.laid_out()
        visible = [(index, rect) for index, heading, rect in rows if heading is None]
        step = self.line_h()
        for _, heading, rect in rows:
            if heading is not None:  # a group's heading: gold, over its entries
                for number, line in enumerate(self.heading_lines(heading)):
                    draw_text(screen, line, px, (rect.x + 4, rect.y + 2 + number * step), GOLD, bold=True)
        for index, rect in visible:
            hot = index == self.focused()
            pygame.draw.rect(screen, BUTTON_HOT if hot else BUTTON, rect, border_radius=6)
            if hot:
                pygame.draw.rect(screen, GOLD, rect, 2, border_radius=6)
            lines = self.lines(index)
            top = rect.centery - (len(lines) - 1) * step // 2
            for number, line in enumerate(lines):
                x = rect.x + 8 if number == 0 else rect.x + 8 + px  # wrapped lines indented under the text
                draw_text(screen, line, px, (x, top + number * step), INK, "midleft")
        if not self.shown and self.no_match:
            y = self.box.y + 12 + self.row_h + self.row_h // 2
            draw_text(screen, self.no_match, px, (self.box.centerx, y), DIM, "center")
        if len(visible) < len(self.shown):  # a scroll bar and how far down the list is
            first_y = visible[0][1].y if visible else self.box.y + 12 + self.row_h
            track = pygame.Rect(self.box.right - 16, first_y, 6, self.room - 4)
            pygame.draw.rect(screen, (40, 60, 50), track, border_radius=3)
            thumb_h = max(12, track.height * len(visible) // max(1, len(self.shown)))
            span = max(1, self.last_top())
            thumb_y = track.y + (track.height - thumb_h) * min(self.top, span) // span
            pygame.draw.rect(screen, (150, 170, 150), (track.x, thumb_y, 6, thumb_h), border_radius=3)
            more = f"{self.top + 1}-{self.top + len(visible)} / {len(self.shown)}"
            draw_text(screen, more, max(12, px - 3), (self.box.right - 24, self.box.y + 12), DIM, "topright")
        if self.hint:
            draw_text(
                screen, self.hint, max(12, px - 3), (self.box.centerx, self.box.bottom - 8), DIM, "midbottom"
            )
        return self.box


def _digit(event: pygame.event.Event) -> str | None:
    """The digit a key press typed (top row or keypad), if any."""
    if pygame.K_0 <= event.key <= pygame.K_9:
        return str(event.key - pygame.K_0)
    if pygame.K_KP0 <= event.key <= pygame.K_KP9:
        return str(event.key - pygame.K_KP0)
    return None


def _letter(event: pygame.event.Event) -> str | None:
    """The letter a key press typed (a-z; Ctrl or Alt with it is a shortcut, not a letter)."""
    if pygame.K_a <= event.key <= pygame.K_z and not getattr(event, "mod", 0) & (
        pygame.KMOD_CTRL | pygame.KMOD_ALT
    ):
        return chr(event.key)
    return None

"""The action menu and the chooser: every move in a numbered list, scrollable when it is longer than
the window. Pick a row by click, by typing its number (1-9 at once; 10 and up as two digits, or a digit
then Enter), or with Up/Down and Enter; the wheel, PgUp/PgDn scroll; Esc closes (a decision's chooser
stays open: Esc pauses over it)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ....rules.actions import Action
from ...fonts import get_font
from ...widgets import BUTTON, BUTTON_HOT, DIM, GOLD, INK, draw_panel, draw_text, fit_width

TYPE_AHEAD_S = 0.9  # how long a typed digit waits for a second one


class ActionMenu:
    """A titled list of moves; `handle` returns the chosen move (or None)."""

    def __init__(self, title: str, actions: list[Action], words: Callable[[Action], str]) -> None:
        self.title = title
        self.actions = actions
        self.labels = [f"{i + 1}. {words(a)}" for i, a in enumerate(actions)]
        self.top = 0  # first row shown
        self.focus = 0
        self.typed = ""
        self.typed_left = 0.0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.row_h = 30
        self.rows = 1
        # A decision's chooser, opened again at once if closed: Esc pauses over it instead of closing
        # it (closing it did nothing, so the pause menu, its rules and Save and quit, was out of reach)
        self.must_answer = False

    # -- geometry ----------------------------------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        """Fit the menu to the window: as many rows as fit, centred."""
        width, height = size
        self.row_h = max(28, height // 24)
        self.rows = max(3, min(len(self.actions), (height - 4 * self.row_h) // self.row_h))
        # as wide as its title too (a game's question as the chooser's title ran past both edges)
        title_w = get_font(self.title_px() + 1, True).size(self.title)[0] + 40
        box_w = min(width - 40, max(440, width // 3, title_w))
        box_h = (self.rows + 1) * self.row_h + 24
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (width // 2, height // 2)
        self.scroll_to_focus()

    def title_px(self) -> int:
        """The rows' text size (the title is a pixel larger)."""
        return max(15, self.row_h * 11 // 20)

    def row_rect(self, shown: int) -> pygame.Rect:
        """The rectangle of the `shown`-th visible row."""
        return pygame.Rect(
            self.box.x + 10, self.box.y + 12 + (shown + 1) * self.row_h, self.box.width - 30, self.row_h - 4
        )

    def scroll_to_focus(self) -> None:
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + self.rows:
            self.top = self.focus - self.rows + 1
        self.top = max(0, min(self.top, max(0, len(self.actions) - self.rows)))

    def scroll(self, rows: int) -> None:
        """Scroll by rows (the focus stays on screen)."""
        self.top = max(0, min(self.top + rows, max(0, len(self.actions) - self.rows)))
        self.focus = min(max(self.focus, self.top), self.top + self.rows - 1)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for shown in range(min(self.rows, len(self.actions) - self.top)):
            if self.row_rect(shown).collidepoint(pos):
                return self.top + shown
        return None

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Action | None:
        """A click, key or wheel turn; the chosen move if it chose one."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEMOTION:
            index = self.index_at(event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                return self.actions[index]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll(-1 if event.button == 4 else 1)
        elif event.type == pygame.KEYDOWN:
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
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.rows, pygame.K_PAGEUP: -self.rows}
        if event.key in moves:
            self.focus = max(0, min(len(self.actions) - 1, self.focus + moves[event.key]))
            self.scroll_to_focus()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.typed:
                return self.take_typed()
            return self.actions[self.focus] if self.actions else None
        elif event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            digit = _digit(event)
            if digit is not None:
                return self.type_digit(digit)
        return None

    def type_digit(self, digit: str) -> Action | None:
        """A typed digit: chosen at once when no longer number starts with it, else it waits a moment
        for a second digit (or Enter)."""
        count = len(self.actions)
        typed = self.typed + digit
        if not 1 <= int(typed) <= count:
            typed = digit  # not a row number: start again from this digit
            if not 1 <= int(typed) <= count:
                self.typed = ""
                return None
        self.typed = typed
        number = int(typed)
        self.focus = number - 1
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

    def tick(self, dt: float) -> Action | None:
        """Time passes: a lone typed digit that waited long enough is taken."""
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
        title = self.title + (f"   {self.typed}_" if self.typed else "")
        draw_text(screen, title, px + 1, (self.box.centerx, self.box.y + 10), INK, "midtop", bold=True)
        for shown in range(min(self.rows, len(self.actions) - self.top)):
            index = self.top + shown
            rect = self.row_rect(shown)
            hot = index == self.focus
            pygame.draw.rect(screen, BUTTON_HOT if hot else BUTTON, rect, border_radius=6)
            if hot:
                pygame.draw.rect(screen, GOLD, rect, 2, border_radius=6)
            label = fit_width(self.labels[index], px, rect.width - 16)
            draw_text(screen, label, px, (rect.x + 8, rect.centery), INK, "midleft")
        if len(self.actions) > self.rows:  # a scroll bar and how far down the list is
            track = pygame.Rect(self.box.right - 16, self.row_rect(0).y, 6, self.rows * self.row_h - 4)
            pygame.draw.rect(screen, (40, 60, 50), track, border_radius=3)
            thumb_h = max(12, track.height * self.rows // len(self.actions))
            thumb_y = track.y + (track.height - thumb_h) * self.top // max(1, len(self.actions) - self.rows)
            pygame.draw.rect(screen, (150, 170, 150), (track.x, thumb_y, 6, thumb_h), border_radius=3)
            more = f"{self.top + 1}-{min(len(self.actions), self.top + self.rows)} / {len(self.actions)}"
            draw_text(screen, more, max(12, px - 3), (self.box.right - 24, self.box.y + 12), DIM, "topright")
        return self.box


def _digit(event: pygame.event.Event) -> str | None:
    """The digit a key press typed (top row or keypad), if any."""
    if pygame.K_0 <= event.key <= pygame.K_9:
        return str(event.key - pygame.K_0)
    if pygame.K_KP0 <= event.key <= pygame.K_KP9:
        return str(event.key - pygame.K_KP0)
    return None

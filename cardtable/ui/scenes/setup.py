"""Setting up a new game: how many seats, who sits where (a person, or a bot and how strong), the
card set, the game's options (Rune Works!: the Magician Level; the house rules a group chooses) and an
optional seed; Start deals and opens the table. The options half lives in setup_options.py.

Each seat has a Human / Bot switch (one click seats a second person) and, for a bot, its level beside it;
the seats chosen are remembered in the settings for the next game. Names are edited in place with IME support (click a name or press Enter on it; Enter finishes, Esc
puts the old name back). A blank name means the default "Player N". A blank seed means one taken
from the clock; a number replays the same deal.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...bots import bot_factories
from ...games import entry_for, load_named_object
from ...rules.game import Game
from ...session import SeatConfig, Session
from ..i18n import players_text
from ..widgets import DIM, GOLD, INK, draw_panel
from .common import FormScene, TextField, UiButton, blit_text, draw_error, px
from .registry import table_scene_for
from .setup_options import SetupOptions, shown_value

__all__ = ["SeatChoice", "SetupScene", "seed_from_clock", "shown_value"]

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger("cardtable.setup")

DEFAULT_SEATS = 4
NAME_MAX = 16
LEVELS = ("search", "heuristic", "random")  # Bot: Strong, Normal, Easy (session.STRONG_BOT for strong)
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


@dataclass
class SeatChoice:
    """One seat as set up so far: a typed name (None = the default) and who plays it."""

    name: str | None = None
    kind: str = "heuristic"  # "human" or a bot name


def seed_from_clock() -> int:
    """A seed for a blank seed field."""
    return time.time_ns() // 1000 % 1_000_000_000


class SetupScene(FormScene, SetupOptions):
    """New game: seats, names, bots, options, seed; Start or Back."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.count = min(game.max_seats, max(game.min_seats, DEFAULT_SEATS))
        self.choices = [SeatChoice(kind="human" if i == 0 else "heuristic") for i in range(game.max_seats)]
        for choice, name in zip(self.choices, app.settings.names, strict=False):
            choice.name = name or None  # the names typed last time
        bots = list(bot_factories(game.id))
        # the bot levels, strongest first: strong (the search bot), normal (the game's heuristic), easy
        # (random), then any other bot the game registers (the "human" entry stays for what
        # seat_kinds() reports)
        self.levels = [b for b in LEVELS if b in bots] + [b for b in bots if b not in LEVELS]
        self.kinds = ["human", *self.levels]
        if "heuristic" not in self.kinds:
            for choice in self.choices[1:]:
                choice.kind = self.kinds[1] if len(self.kinds) > 1 else "human"
        # who sat where last time (a person, or a bot of a level this game has)
        for choice, kind in zip(self.choices, app.settings.seat_kinds, strict=False):
            if kind in self.kinds:
                choice.kind = kind
        if app.settings.seat_count:
            self.count = min(game.max_seats, max(game.min_seats, app.settings.seat_count))
        self.last_bot = {i: c.kind for i, c in enumerate(self.choices) if c.kind != "human"}
        self.seed_text = ""
        self.error: str | None = None
        self.init_options()
        self.labels: list[tuple[str, int, tuple[int, int], tuple[int, int, int], str, int | None]] = []
        self._first_enter = True

    # -- names and values --------------------------------------------------------------------
    def default_name(self, seat: int) -> str:
        return self.app.t("seat.name", n=seat + 1)

    def seat_name(self, seat: int) -> str:
        return self.choices[seat].name or self.default_name(seat)

    def kind_label(self, kind: str) -> str:
        key = "setup.human" if kind == "human" else f"setup.bot_{kind}"
        return self.app.t(key) if self.app.t.has(key) else f"{self.app.t('setup.bot')} ({kind})"

    def level_label(self, kind: str) -> str:
        """A bot's level on its own button ("Normal"), beside the Human / Bot switch."""
        key = f"setup.level_{kind}"
        return self.app.t(key) if self.app.t.has(key) else kind

    def t_human_bot(self, kind: str) -> str:
        """The switch's label: Human, or Bot (its level is on the button beside it; a game with one
        bot level names it here)."""
        if kind == "human":
            return self.app.t("setup.human")
        return self.app.t("setup.bot") if len(self.levels) > 1 else self.kind_label(kind)

    def seat_count(self) -> int:
        return self.count

    def set_count(self, count: int) -> None:
        count = max(self.game.min_seats, min(self.game.max_seats, count))
        if count != self.count:
            self.count = count
            self.rebuild()

    def cycle_kind(self, seat: int, step: int) -> None:
        """The seat's Human / Bot switch: a person becomes the bot level it had (at first Normal, where
        the game has it: a strong bot thinks a second a move), a bot a person. Cycling through the bot
        levels made a second person two clicks away."""
        choice = self.choices[seat]
        if choice.kind != "human":
            self.last_bot[seat] = choice.kind
            choice.kind = "human"
        elif self.levels:
            first = "heuristic" if "heuristic" in self.levels else self.levels[0]
            choice.kind = self.last_bot.get(seat, first)
        self.rebuild()

    def cycle_level(self, seat: int, step: int) -> None:
        """A bot seat's level, on its own button."""
        choice = self.choices[seat]
        if choice.kind not in self.levels:
            return
        choice.kind = self.levels[(self.levels.index(choice.kind) + step) % len(self.levels)]
        self.last_bot[seat] = choice.kind
        self.rebuild()

    def name_done(self, seat: int, field_: TextField) -> None:
        text = field_.text.strip()
        self.choices[seat].name = None if not text or text == self.default_name(seat) else text

    # -- actions -----------------------------------------------------------------------------
    def seat_configs(self) -> list[SeatConfig]:
        out = []
        for seat in range(self.count):
            choice = self.choices[seat]
            human = choice.kind == "human"
            out.append(
                SeatConfig(self.seat_name(seat), human=human, bot="heuristic" if human else choice.kind)
            )
        return out

    def start(self) -> None:
        """Deal the game and open its table (the stack becomes just the table); a game that needs a
        screen before play (its registration's `prepare`: deck building) opens that first."""
        if self.editing is not None:
            self.editing.end(keep=True)
            self.editing = None
        if self.cardset_problem:  # the chosen set does not load: its problems stay shown, nothing starts
            self.check_cardset()
            if self.cardset_problem:
                return
        prepare = entry_for(self.game.id).prepare
        if prepare:
            screen = load_named_object(prepare)
            if screen.needed(self.game, dict(self.values), self.seat_configs()):  # type: ignore[attr-defined]
                self.app.push(
                    screen(self.app, self.game, self.seat_configs(), dict(self.values), self.launch)
                )
                return
        self.launch(dict(self.values))

    def launch(self, values: dict[str, Any]) -> None:
        """Deal the game with these parameters and open its table."""
        seed = int(self.seed_text) if self.seed_text else seed_from_clock()
        try:
            session = Session.new(self.game.id, self.seat_configs(), seed, values)
            scene = table_scene_for(self.app, session)
        except Exception as exc:  # a bad option or a missing card set: say so, stay here
            log.exception("could not start")
            while self.app.scenes and self.app.top is not self:  # back from a screen before play
                self.app.pop()
            self.error = self.app.t("setup.failed", error=str(exc))
            self.needs_full_redraw = True
            return
        log.info("new %s game, %d seats, seed %d, %s", self.game.id, self.count, seed, values)
        names = [c.name or "" for c in self.choices]
        kept = self.app.settings.names
        self.app.settings.names = names + kept[len(names) :]  # remembered for the next setup
        kinds = [c.kind for c in self.choices[: self.count]]
        self.app.settings.seat_kinds = kinds + self.app.settings.seat_kinds[len(kinds) :]
        self.app.settings.seat_count = self.count
        self.app.apply_settings()
        self.app.replace(scene)

    def back(self) -> None:
        self.app.pop()

    def show_rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.id))

    # -- layout ------------------------------------------------------------------------------
    def label(
        self,
        text: str,
        size_px: int,
        pos: tuple[int, int],
        colour: tuple[int, int, int] = INK,
        anchor: str = "topleft",
        max_width: int | None = None,
    ) -> None:
        self.labels.append((text, size_px, pos, colour, anchor, max_width))

    def stepper(self, tag: str, value: str, rect: pygame.Rect, adjust: Any, click: Any = None) -> None:
        """[-] value [+]: the value box takes the focus (Left/Right); the -/+ buttons are for the mouse,
        and a click on one moves the focus to its value box, so the option's meaning shows under the
        list for a mouse as for the keyboard (it said "Move to an option…" while + was clicked)."""
        side = rect.height
        minus = pygame.Rect(rect.x, rect.y, side, side)
        plus = pygame.Rect(rect.right - side, rect.y, side, side)
        box = pygame.Rect(minus.right + side // 6, rect.y, plus.x - minus.right - side // 3, side)

        def nudge(step: int) -> None:
            adjust(step)
            self.focus_tag(tag)

        self.controls.append(UiButton("−", minus, lambda: nudge(-1), focusable=False, tag=f"{tag}-"))
        self.controls.append(UiButton(value, box, click or (lambda: adjust(1)), tag=tag, on_adjust=adjust))
        self.controls.append(UiButton("+", plus, lambda: nudge(1), focusable=False, tag=f"{tag}+"))

    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        self.controls = []
        self.labels = []
        body = px(size, 20)
        row_h = px(size, 46)
        gap = px(size, 10)
        # left panel: seats
        left = int(width * 0.05)
        panel_w = int(width * 0.42)
        top = int(height * 0.17)
        self.left_panel = pygame.Rect(left - px(size, 16), top - px(size, 16), panel_w + px(size, 32), 0)
        self.label(t("setup.seats"), body, (left, top + row_h // 2), INK, "midleft")
        count_rect = pygame.Rect(left + int(panel_w * 0.30), top, px(size, 170), row_h)
        self.stepper(
            "count",
            str(self.count),
            count_rect,
            lambda step: self.set_count(self.count + step),
            lambda: self.set_count(
                self.count + 1 if self.count < self.game.max_seats else self.game.min_seats
            ),
        )
        range_key, range_values = players_text("setup.range", self.game.min_seats, self.game.max_seats)
        self.label(
            t(range_key, **range_values),
            px(size, 16),
            (count_rect.right + px(size, 14), top + row_h // 2),
            DIM,
            "midleft",
        )
        y = top + row_h + gap * 2
        number_w = px(size, 34)
        name_w = int((panel_w - number_w) * 0.54)
        kind_w = panel_w - number_w - name_w - gap
        for seat in range(self.count):
            self.label(str(seat + 1), body, (left + number_w // 2, y + row_h // 2), GOLD, "center")
            name_rect = pygame.Rect(left + number_w, y, name_w, row_h)
            name = TextField(
                "",
                name_rect,
                lambda: None,
                tag=f"name:{seat}",
                text=self.seat_name(seat),
                placeholder=self.default_name(seat),
                max_len=NAME_MAX,
            )
            name.on_done = lambda s=seat, f=name: self.name_done(s, f)
            self.controls.append(name)
            kind = self.choices[seat].kind
            switch_w = kind_w if len(self.levels) < 2 else (kind_w - gap // 2) * 9 // 20
            kind_rect = pygame.Rect(name_rect.right + gap, y, switch_w, row_h)
            self.controls.append(
                UiButton(
                    self.t_human_bot(kind),
                    kind_rect,
                    lambda s=seat: self.cycle_kind(s, 1),
                    tag=f"kind:{seat}",
                    on_adjust=lambda step, s=seat: self.cycle_kind(s, step),
                    selected=kind == "human",
                )
            )
            if kind != "human" and len(self.levels) > 1:
                level_rect = pygame.Rect(kind_rect.right + gap // 2, y, kind_w - switch_w - gap // 2, row_h)
                self.controls.append(
                    UiButton(
                        self.level_label(kind),
                        level_rect,
                        lambda s=seat: self.cycle_level(s, 1),
                        tag=f"level:{seat}",
                        on_adjust=lambda step, s=seat: self.cycle_level(s, step),
                    )
                )
            y += row_h + gap
        self.left_panel.height = y - self.left_panel.y + px(size, 6)
        # bottom row first: the options panel ends above the keys line over it
        bh = px(size, 54)
        bw = px(size, 200)
        by = height - bh - px(size, 28)
        self.bottom_y = by
        # right panel: card set, options and seed
        rx = int(width * 0.52)
        rw = int(width * 0.43)
        self.right_panel = pygame.Rect(rx - px(size, 16), top - px(size, 16), rw + px(size, 32), 0)
        ry = self.build_options(rx, top, rw, by - px(size, 48))
        self.right_panel.height = max(ry - self.right_panel.y + px(size, 6), self.left_panel.height)
        self.left_panel.height = self.right_panel.height
        self.controls.append(UiButton(t("setup.back"), pygame.Rect(left, by, bw, bh), self.back, tag="back"))
        self.controls.append(
            UiButton(
                t("pause.rules"), pygame.Rect(left + bw + gap * 2, by, bw, bh), self.show_rules, tag="rules"
            )
        )
        start = pygame.Rect(0, by, px(size, 260), bh)
        start.right = width - left
        self.controls.append(UiButton(t("setup.start"), start, self.start, tag="start", selected=True))

    def enter(self) -> None:
        super().enter()
        if self._first_enter:
            self._first_enter = False
            for control in self.focusables():
                if control.tag == "start":
                    self.focus_on(control)

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        width, height = size
        title = self.game.title_ja if self.app.t.language == "ja" and self.game.title_ja else self.game.title
        blit_text(
            screen,
            self.app.t("setup.title", game=title),
            px(size, 38),
            (int(width * 0.05), int(height * 0.05)),
            GOLD,
            bold=True,
            max_width=int(width * 0.9),
        )
        for panel in (self.left_panel, self.right_panel):
            draw_panel(screen, panel, (10, 30, 22, 150), radius=px(size, 12))
        for text, size_px, pos, colour, anchor, max_width in self.labels:
            blit_text(screen, text, size_px, pos, colour, anchor, max_width=max_width)
        self.draw_hint(screen)
        if self.error:
            rect = pygame.Rect(int(width * 0.05), self.bottom_y - px(size, 12), int(width * 0.9), 0)
            draw_error(screen, self.error, rect, px(size, 16), above=True)
        else:
            blit_text(
                screen,
                self.app.t("setup.keys"),
                px(size, 15),
                (int(width * 0.05), self.bottom_y - px(size, 12)),
                DIM,
                "bottomleft",
                max_width=int(width * 0.9),
            )

    # -- input -------------------------------------------------------------------------------
    def focused_tag(self) -> str:
        control = self.focused_control()
        return control.tag if control is not None else ""

    def focus_tag(self, tag: str) -> None:
        """Lay out again and put the keyboard focus on the control with this tag (an option row out of
        sight is scrolled into it)."""
        index = self.row_of(tag)
        if index is not None and not self.first_row <= index < self.first_row + self.visible_rows:
            self.first_row = index if index < self.first_row else index - self.visible_rows + 1
        self.rebuild()
        for control in self.focusables():
            if control.tag == tag:
                self.focus_on(control)
                break

    def move_focus(self, step: int) -> None:
        """Up/Down/Tab; past the last (or first) option row shown, the list scrolls to the next one."""
        index = self.row_of(self.focused_tag())
        if index is not None:
            target = index + step
            shown = range(self.first_row, self.first_row + self.visible_rows)
            if 0 <= target < len(self.listed) and target not in shown:
                first = target - self.visible_rows + 1 if step > 0 else target
                self.scroll_rows(first, f"opt:{self.listed[target].name}")
                return
        super().move_focus(step)
        entered = self.row_of(self.focused_tag())
        if index is None and entered is not None and self.listed:
            # coming into the list from above starts at its first row, from below at its last
            target = 0 if step > 0 else len(self.listed) - 1
            if entered != target:
                self.scroll_rows(
                    target if step > 0 else target - self.visible_rows + 1, f"opt:{self.listed[target].name}"
                )

    def wheel(self, dy: int) -> None:
        """The wheel scrolls the option list (the only thing here that scrolls)."""
        if self.visible_rows < len(self.listed):
            self.scroll_rows(self.first_row - dy)

    def key(self, event: pygame.event.Event) -> bool:
        shifted_plus = event.key == pygame.K_SEMICOLON and event.mod & pygame.KMOD_SHIFT  # JIS keyboards
        if event.key in PLUS_KEYS or shifted_plus or getattr(event, "unicode", "") == "+":
            self.set_count(self.count + 1)
            return True
        if event.key in MINUS_KEYS:
            self.set_count(self.count - 1)
            return True
        return False

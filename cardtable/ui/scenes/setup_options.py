"""The options half of the Setup screen: the card set, the game's options and the seed.

What a game offers: its registration's `setup_options`, each shown with its words from the game's
narration (`param.<game>.<name>` for the label, `param.<game>.<name>.value.<value>` for a value,
`param.<game>.<name>.<value>` for a hint under the list), plus the card set for every game with a
`cardset` parameter: the sets that game can be played with (cardtable/cardsets/catalog.py; a
parameter's own `suggest` wins, as the sandbox's every-set list does). A set that does not load is
said at once, with its file:line:col, and Start stays refused until another is chosen.

Options lie one to a row, the label left and a [-] value [+] stepper right. A list longer than the
panel scrolls: Up/Down/Tab past its last visible row bring the next one in, the wheel scrolls it, and
"▲/▼ N more" says what is hidden.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...cardsets.catalog import cardsets_for
from ...games import entry_for
from ...rules.engine import Engine
from ...rules.game import Game, Param
from ...session import autosave_path
from ..fonts import get_font, wrap_text
from ..widgets import DIM, INK
from .common import ERROR, TextField, UiButton, px

if TYPE_CHECKING:
    from ..app import App

CARDSET = "cardset"  # the parameter every game that reads a card set names it by (Session, saves)
SEED_MAX = 9
HINT_LINES = 2
PROBLEMS_SHOWN = 1  # of a broken card set's problems, under its row (`cardtable validate` lists them all)
PROBLEM_LINES = 5


def shown_value(value: object) -> str:
    """An option's value as the screen shows it: a file by its name, without its folder."""
    text = str(value)
    return Path(text).stem if text.endswith((".yaml", ".yml")) else text


def offered_options(game: Game) -> tuple[Param | None, list[Param]]:
    """The card set parameter (None when the game reads no set) and the other options Setup offers,
    in the registration's order."""
    known = {p.name: p for p in game.params}
    listed = [known[n] for n in entry_for(game.id).setup_options if n in known and n != CARDSET]
    return known.get(CARDSET), listed


class SetupOptions:
    """Mixin for SetupScene: option values, their words, stepping them, and the right panel's layout."""

    app: App
    game: Game
    controls: list[UiButton]
    error: str | None
    seed_text: str
    needs_full_redraw: bool

    if TYPE_CHECKING:  # what SetupScene provides

        def label(self, *args: Any, **kwargs: Any) -> None: ...
        def stepper(
            self, tag: str, value: str, rect: pygame.Rect, adjust: Any, click: Any = None
        ) -> None: ...
        def rebuild(self) -> None: ...
        def focused_tag(self) -> str: ...
        def focus_tag(self, tag: str) -> None: ...
        def seat_count(self) -> int: ...

    def init_options(self) -> None:
        self.cardset_param, self.listed = offered_options(self.game)
        self.options: list[Param] = ([self.cardset_param] if self.cardset_param else []) + self.listed
        self.values: dict[str, Any] = {p.name: p.default for p in self.options}
        self.cardsets: tuple[str, ...] = ()
        if self.cardset_param is not None:
            param = self.cardset_param
            self.cardsets = param.suggest() if param.suggest else cardsets_for(str(param.default))
        self.cardset_problem = ""
        self.first_row = 0  # the first option row shown when the list scrolls
        self.visible_rows = len(self.listed)
        self.hint_box: pygame.Rect | None = None

    # -- words ---------------------------------------------------------------------------------
    def option_label(self, param: Param) -> str:
        if param.name == CARDSET:
            return self.app.t("setup.cardset")
        key = f"param.{self.game.id}.{param.name}"
        return self.app.t(key) if self.app.t.has(key) else param.name.replace("_", " ")

    def option_value(self, param: Param) -> str:
        """A parameter's value as the option box shows it: the game's word for it when it has one
        (`param.<game>.<name>.value.<value>`), else the value as shown_value writes it."""
        value = self.values[param.name]
        if param.name == CARDSET:  # a set of the player's own reads so, even when it shares a name
            bundled = not str(value).endswith((".yaml", ".yml"))
            return shown_value(value) if bundled else self.app.t("setup.cardset_own", name=shown_value(value))
        key = f"param.{self.game.id}.{param.name}.value.{value}"
        if self.app.t.has(key):
            return self.app.t(key)
        if isinstance(value, bool):  # a switch reads on/off in the player's language, never "True"
            return self.app.t("common.on" if value else "settings.off")
        return shown_value(value)

    def option_hint(self, param: Param, general: bool = True) -> str:
        """What the option means: the words for its current value (`param.<game>.<name>.<value>`, a
        level or a mode), else (when `general`) for the option as a whole (`param.<game>.<name>.hint`)."""
        for key in (
            f"param.{self.game.id}.{param.name}.{self.values[param.name]}",
            f"param.{self.game.id}.{param.name}.hint",
        ):
            if self.app.t.has(key):
                return self.app.t(key)
            if not general:
                break
        return ""

    # -- values --------------------------------------------------------------------------------
    def offered(self, param: Param) -> tuple[Any, ...] | None:
        """The values stepped through in turn, or None for a number stepped by its range."""
        if param.name == CARDSET:
            return self.cardsets
        if param.choices:
            return param.choices
        return param.suggest() if param.suggest is not None else None

    def adjust_option(self, param: Param, step: int, wrap: bool = False) -> None:
        value = self.values[param.name]
        offered = self.offered(param)
        if isinstance(value, bool):
            self.values[param.name] = not value
        elif offered is not None:
            index = offered.index(value) if value in offered else -1 if step > 0 else 0
            self.values[param.name] = offered[(index + step) % len(offered)] if offered else value
        elif isinstance(value, int):
            lo = param.minimum if param.minimum is not None else value - 100
            hi = param.maximum if param.maximum is not None else value + 100
            # a wide range (a round limit of 1-1000) moves in fives: 60 down to 10 is ten presses
            value += step * (5 if hi - lo > 50 else 1)
            if wrap and value > hi:
                value = lo
            self.values[param.name] = max(lo, min(hi, value))
        if param.name == CARDSET:
            self.check_cardset()
        self.rebuild()

    def check_cardset(self) -> None:
        """Load the chosen set now, so a broken one is said while the player is still choosing (its
        problems at file:line:col), not after Start; the other choices stay as they are."""
        self.cardset_problem = ""
        if self.cardset_param is None:
            return
        try:
            # a trial deal: the file's problems (CardSetError) and a set the rules cannot play
            # (UnplayableCardSet: Rune Works without a full deck) both show up here
            Engine.new(self.game, self.seat_count(), 1, dict(self.values))
        except Exception as exc:  # said to the player, as Start says any failure to deal
            # the file by its name (its folder is the user's card sets folder, or beside it)
            folder = str(Path(str(self.values[CARDSET])).expanduser().parent) + os.sep
            problems = [p.replace(folder, "") for p in str(exc).splitlines()] or [type(exc).__name__]
            shown = problems[:PROBLEMS_SHOWN]
            if len(problems) > PROBLEMS_SHOWN:
                shown.append(self.app.t("setup.cardset_more", n=len(problems) - PROBLEMS_SHOWN))
            self.cardset_problem = "\n".join(shown)
        self.needs_full_redraw = True

    # -- layout --------------------------------------------------------------------------------
    def option_row(self, param: Param, rect: pygame.Rect, label_w: int, body: int) -> None:
        """One option: its label (two lines when it needs them) left, its stepper right."""
        size = self.app.size
        text = self.option_label(param)
        font = get_font(body)
        if font.size(text)[0] <= label_w:
            self.label(text, body, (rect.x, rect.centery), INK, "midleft")
        else:
            small = px(size, 15)
            lines = wrap_text(get_font(small), text, label_w)[:2]
            line_h = get_font(small).get_linesize()
            top = rect.centery - line_h * len(lines) // 2
            for i, line in enumerate(lines):
                self.label(line, small, (rect.x, top + i * line_h), INK, "topleft", label_w)
        box = pygame.Rect(
            rect.x + label_w + px(size, 10), rect.y, rect.right - rect.x - label_w - px(size, 10), rect.height
        )
        self.stepper(
            f"opt:{param.name}",
            self.option_value(param),
            box,
            lambda step, p=param: self.adjust_option(p, step),
            lambda p=param: self.adjust_option(p, 1, wrap=True),
        )

    def build_options(self, rx: int, top: int, rw: int, bottom: int) -> int:
        """The right panel from `top` down to at most `bottom`: card set, options (scrolling when they
        do not fit), the focused option's hint, the seed; returns where it ends."""
        size = self.app.size
        t = self.app.t
        body = px(size, 19)
        row_h = px(size, 38)
        pitch = row_h + px(size, 8)
        small = px(size, 15)
        line_h = get_font(small).get_linesize()
        label_w = int(rw * 0.46)
        y = top
        if self.cardset_param is not None:
            self.option_row(self.cardset_param, pygame.Rect(rx, y, rw, row_h), label_w, body)
            y += pitch
            if self.cardset_problem:  # under the set it is about; the list below gives it room
                text = t("setup.cardset_broken", error=self.cardset_problem)
                for line in wrap_text(get_font(small), text, rw)[:PROBLEM_LINES]:
                    self.label(line, small, (rx, y), ERROR)
                    y += line_h
            y += px(size, 6)
        # what goes below the list: the hint lines, the seed row, the note that Start replaces a save
        save_lines = (
            wrap_text(get_font(small), t("setup.replaces_save"), rw) if autosave_path().exists() else []
        )
        hints = any(self.option_hint(p) for p in self.listed)
        below = (HINT_LINES * line_h + px(size, 6) if hints else 0) + pitch + len(save_lines) * line_h
        room = bottom - below - y
        rows = len(self.listed)
        self.visible_rows = rows if rows * pitch <= room else max(1, (room - 2 * line_h) // pitch)
        scrolls = self.visible_rows < rows
        self.first_row = max(0, min(self.first_row, rows - self.visible_rows))
        if scrolls:
            if self.first_row:
                self.label(t("setup.more_above", n=self.first_row), small, (rx + rw, y), DIM, "topright")
            y += line_h
        for param in self.listed[self.first_row : self.first_row + self.visible_rows]:
            self.option_row(param, pygame.Rect(rx, y, rw, row_h), label_w, body)
            y += pitch
        if scrolls:
            hidden = rows - self.first_row - self.visible_rows
            if hidden:
                self.label(
                    t("setup.more_below", n=hidden), small, (rx + rw, y - px(size, 6)), DIM, "topright"
                )
            y += line_h
        self.hint_box = pygame.Rect(rx, y, rw, HINT_LINES * line_h) if hints else None
        if hints:
            y += HINT_LINES * line_h + px(size, 6)
        self.label(t("setup.seed"), body, (rx, y + row_h // 2), INK, "midleft", label_w)
        seed = TextField(
            "",
            pygame.Rect(
                rx + label_w + px(size, 10), y, min(rw - label_w - px(size, 10), px(size, 240)), row_h
            ),
            lambda: None,
            tag="seed",
            text=self.seed_text,
            placeholder=t("setup.seed_random"),
            max_len=SEED_MAX,
            digits_only=True,
        )
        seed.on_done = lambda f=seed: self.seed_done(f)
        self.controls.append(seed)
        y += pitch
        for line in save_lines:
            self.label(line, small, (rx, y), DIM)
            y += line_h
        return y

    def seed_done(self, field_: TextField) -> None:
        self.seed_text = field_.text.strip()

    def draw_hint(self, screen: pygame.Surface) -> None:
        """The focused option's hint under the list (drawn each frame: it follows the focus)."""
        if self.hint_box is None:
            return
        font = get_font(px(self.app.size, 15))
        lines = wrap_text(font, self.focused_hint(), self.hint_box.width)[:HINT_LINES]
        for i, line in enumerate(lines):
            screen.blit(
                font.render(line, True, DIM), (self.hint_box.x, self.hint_box.y + i * font.get_linesize())
            )

    def focused_hint(self) -> str:
        """The hint of the option with the keyboard focus; with the focus elsewhere, what the first
        option's current value means when it has words of its own (a level, a mode). It is written
        after that option's label (it may be far from its row)."""
        focused = self.focused_tag()
        param = next((p for p in self.listed if focused == f"opt:{p.name}"), None)
        hint = self.option_hint(param) if param is not None else ""
        if not hint:
            param = next((p for p in self.listed if self.option_hint(p, general=False)), None)
            hint = self.option_hint(param, general=False) if param is not None else ""
        if param is None or not hint:
            return self.app.t("setup.hint_none")  # the lines are kept for the focus: say what they are for
        return self.app.t("setup.hint", label=self.option_label(param), hint=hint)

    # -- scrolling -----------------------------------------------------------------------------
    def row_of(self, tag: str) -> int | None:
        """The index in the list of the option a control tag belongs to (None: not a listed option)."""
        names = [p.name for p in self.listed]
        name = tag[4:].rstrip("+-") if tag.startswith("opt:") else ""
        return names.index(name) if name in names else None

    def scroll_rows(self, first: int, focus: str | None = None) -> None:
        """Show the list from row `first`, keeping the focus on `focus` (a tag) or where it was when
        that row is still shown, else on the nearest shown row."""
        rows = len(self.listed)
        first = max(0, min(first, rows - self.visible_rows))
        if first == self.first_row and focus is None:
            return
        current = focus or self.focused_tag()
        self.first_row = first
        index = self.row_of(current)
        if index is not None and not first <= index < first + self.visible_rows:
            index = min(max(index, first), first + self.visible_rows - 1)
            current = f"opt:{self.listed[index].name}"
        self.focus_tag(current)

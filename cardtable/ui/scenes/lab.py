"""The Balance lab: bot games of a game, a card set, bots and seats of the designer's choice, then the
balance report's plots and its findings in words (cardtable/lab), from the main menu.

Three steps on one screen. Choose: each row a value stepped with Left/Right or a click (game, card set,
seats, the first seat's bot and the others', number of games; the bots change seats every game, so
seat advantage cancels). Run: the games play in a worker thread (the rules and the report touch no
pygame) while this screen shows a bar with the games done and an estimate of the time left; Esc or
Cancel stops between two games. Results: the findings in the app's language, the rules holes (a cap
hit or a seat with no legal move, with the seed and move count to replay it), and the plots one at a
time; the whole report (report.json, report.html, the PNGs) is kept in the user's cache folder.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...bots import bot_factories
from ...games import all_games
from ...lab.plots import PLOTS
from ...lab.record import CAP, NO_MOVE
from ...lab.run import Cancelled
from ...persistence.files import user_folders
from ..fonts import get_font, wrap_text
from ..widgets import DIM, GOLD, INK, draw_panel
from .common import FormScene, UiButton, blit_text, draw_error, px

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)
GAME_COUNTS = (20, 50, 100, 200, 500)
DEFAULT_SET = ""  # the game's own card set


class LabScene(FormScene):
    """Choose, run, read: the balance report in the app."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [
            g for g in all_games().values() if g.id != "sandbox"
        ]  # the sandbox has no rules to weigh
        self.game_index = 0
        self.set_index = 0
        self.seats = self.games[0].min_seats if self.games else 2
        self.bot_first = "heuristic"
        self.bot_others = "heuristic"
        self.count_index = 1
        self.phase = "choose"  # choose | run | results
        self.done = 0
        self.total = 0
        self.started = 0.0
        self.cancel_asked = False
        self.worker: threading.Thread | None = None
        self.outcome: dict[str, Any] = {}
        self.report: dict[str, Any] | None = None
        self.folder: Path | None = None
        self.plot_index = 0
        self.plot_images: dict[str, pygame.Surface] = {}
        self.error = ""
        self._fitted: tuple[tuple[Any, ...], tuple[int, list[list[str]]]] | None = None
        self.rows: list[tuple[str, int]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)

    # -- what is chosen ----------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.games[self.game_index]

    def bots(self) -> list[str]:
        return list(bot_factories(self.game.id))

    def card_sets(self) -> list[str]:
        """The game's own set, then card set files opened lately (Settings keeps them), if the game
        takes a `cardset` parameter."""
        if not any(p.name == "cardset" for p in self.game.params):
            return [DEFAULT_SET]
        return [DEFAULT_SET, *(p for p in self.app.settings.recent_sets if p.endswith((".yaml", ".yml")))]

    def step_game(self, step: int) -> None:
        self.game_index = (self.game_index + step) % len(self.games)
        self.set_index = 0
        self.seats = max(self.game.min_seats, min(self.game.max_seats, self.seats))
        names = self.bots()
        self.bot_first = "heuristic" if "heuristic" in names else names[0]
        self.bot_others = self.bot_first
        self.rebuild()

    def step_set(self, step: int) -> None:
        self.set_index = (self.set_index + step) % len(self.card_sets())
        self.rebuild()

    def step_seats(self, step: int) -> None:
        low, high = self.game.min_seats, self.game.max_seats
        self.seats = low + (self.seats - low + step) % (high - low + 1)
        self.rebuild()

    def step_bot(self, which: str, step: int) -> None:
        names = self.bots()
        current = getattr(self, which)
        index = names.index(current) if current in names else 0
        setattr(self, which, names[(index + step) % len(names)])
        self.rebuild()

    def step_count(self, step: int) -> None:
        self.count_index = (self.count_index + step) % len(GAME_COUNTS)
        self.rebuild()

    # -- running -----------------------------------------------------------------------------
    def start(self, games: int | None = None) -> None:
        """Play the games (the chosen number, or `games`: the smoke test's few) in a worker thread;
        this screen shows the bar meanwhile."""
        from ...lab.page import write_report_folder
        from ...lab.run import run_games

        game_id, seats, total = self.game.id, self.seats, games or GAME_COUNTS[self.count_index]
        bots = [self.bot_first] + [self.bot_others] * (seats - 1)
        chosen = self.card_sets()[self.set_index]
        params = {"cardset": chosen} if chosen else {}
        language = self.app.t.language
        folder = user_folders().cache / "lab" / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
        self.phase, self.done, self.total = "run", 0, total
        self.started = time.perf_counter()
        self.cancel_asked = False
        self.outcome = {}
        self.error = ""

        def progress(done: int, _total: int) -> None:
            self.done = done

        def work() -> None:
            try:
                rows = run_games(
                    game_id,
                    seats,
                    total,
                    0,
                    params,
                    bots,
                    rotate=True,
                    progress=progress,
                    cancel=lambda: self.cancel_asked,
                )
                self.outcome["report"] = write_report_folder(rows, folder, language)
                self.outcome["folder"] = folder
            except Cancelled:
                self.outcome["cancelled"] = True
            except Exception as exc:  # shown on this screen, never a crash of the window
                log.exception("balance lab run failed")
                self.outcome["error"] = f"{type(exc).__name__}: {exc}"

        self.worker = threading.Thread(target=work, name="balance lab", daemon=True)
        self.worker.start()
        self.rebuild()

    def cancel(self) -> None:
        self.cancel_asked = True
        self.needs_full_redraw = True

    def busy(self) -> bool:
        return self.phase == "run"  # the loop must not sleep on the event queue while games run

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if self.phase != "run":
            return changed
        if self.worker is not None and not self.worker.is_alive():
            self.worker = None
            # A Cancel pressed after the last game (while the plots were drawn) said "Stopping…" and
            # is kept to, as one pressed during the games is: back to the choices, no report shown.
            if "report" in self.outcome and not self.cancel_asked:
                self.report, self.folder = self.outcome["report"], self.outcome["folder"]
                self._fitted = None  # a new report: its lines are wrapped anew
                self.plot_images = {}
                self.plot_index = 0
                self.phase = "results"
            else:
                self.phase = "choose"
                self.error = self.outcome.get("error", "") or self.app.t("lab.cancelled")
            self.rebuild()
        return True  # the bar and the time left move

    def time_left(self) -> float | None:
        """Seconds left at the pace so far (None before the first game is done)."""
        if self.done <= 0:
            return None
        pace = (time.perf_counter() - self.started) / self.done
        return pace * (self.total - self.done)

    # -- results -----------------------------------------------------------------------------
    def step_plot(self, step: int) -> None:
        self.plot_index = (self.plot_index + step) % len(PLOTS)
        self.rebuild()

    def plot_image(self) -> pygame.Surface | None:
        name = PLOTS[self.plot_index]
        if name not in self.plot_images and self.folder is not None:
            try:
                self.plot_images[name] = pygame.image.load(str(self.folder / f"{name}.png"))
            except (pygame.error, OSError) as exc:
                log.warning("plot %s not shown: %s", name, exc)
                return None
        return self.plot_images.get(name)

    def again(self) -> None:
        """Back to the choices, the focus on Play the games (Enter plays the same again): it fell on
        whichever row had the index of Another run's button."""
        self.phase = "choose"
        self.rebuild()
        self.focus_on(next(c for c in self.controls if c.tag == "start"))

    def back(self) -> None:
        if self.phase == "run":
            self.cancel()
            return
        self.app.pop()

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        self.controls = []
        self.rows = []
        self.panel = pygame.Rect(int(width * 0.05), px(size, 90), int(width * 0.90), height - px(size, 120))
        pad = px(size, 28)
        row_h, gap = px(size, 44), px(size, 12)
        back = pygame.Rect(0, 0, px(size, 200), px(size, 50))
        back.bottomright = (self.panel.right - pad, self.panel.bottom - px(size, 20))
        if self.phase == "choose":
            cx = self.panel.x + pad + int(self.panel.width * 0.32)
            cw = min(px(size, 560), self.panel.right - pad - cx)
            y = self.panel.y + pad
            chosen_set = self.card_sets()[self.set_index]
            specs = [
                ("lab.game", self._title(self.game), self.step_game, "game"),
                (
                    "lab.cardset",
                    Path(chosen_set).name if chosen_set else t("lab.own_set"),
                    self.step_set,
                    "set",
                ),
                ("lab.seats", str(self.seats), self.step_seats, "seats"),
                (
                    "lab.bot_first",
                    self._bot(self.bot_first),
                    lambda s: self.step_bot("bot_first", s),
                    "bot_first",
                ),
                (
                    "lab.bot_others",
                    self._bot(self.bot_others),
                    lambda s: self.step_bot("bot_others", s),
                    "bot_others",
                ),
                ("lab.games", str(GAME_COUNTS[self.count_index]), self.step_count, "games"),
            ]
            for key, value, step, tag in specs:
                rect = pygame.Rect(cx, y, cw, row_h)
                self.rows.append((t(key), y + row_h // 2))
                self.controls.append(
                    UiButton(f"◀  {value}  ▶", rect, lambda step=step: step(1), tag=tag, on_adjust=step)
                )
                y += row_h + gap
            start = pygame.Rect(cx, y + gap, px(size, 240), px(size, 54))
            self.controls.append(UiButton(t("lab.start"), start, self.start, tag="start", selected=True))
            self.controls.append(UiButton(t("setup.back"), back, self.back, tag="back"))
        elif self.phase == "run":
            cancel = pygame.Rect(0, 0, px(size, 220), px(size, 50))
            cancel.center = (self.panel.centerx, self.panel.centery + px(size, 90))
            self.controls.append(UiButton(t("progress.cancel"), cancel, self.cancel, tag="cancel"))
        else:
            plot_w = int(self.panel.width * 0.56)
            pick = pygame.Rect(
                self.panel.right - pad - plot_w, self.panel.bottom - px(size, 90), plot_w // 2, px(size, 44)
            )
            name = t(f"lab.plot_{PLOTS[self.plot_index]}")
            self.controls.append(
                UiButton(
                    f"◀  {name}  ▶", pick, lambda: self.step_plot(1), tag="plot", on_adjust=self.step_plot
                )
            )
            again = pygame.Rect(self.panel.x + pad, back.y, px(size, 220), back.height)
            self.controls.append(UiButton(t("lab.again"), again, self.again, tag="again"))
            self.controls.append(UiButton(t("setup.back"), back, self.back, tag="back"))

    def _fit_results(self, size: tuple[int, int], width: int, room: int) -> tuple[int, list[list[str]]]:
        """The font size and the wrapped lines of the results that fit `room` pixels: the largest size
        from 17 down to 12 (at 1280x720) at which all of them fit, else the smallest with as many as fit
        and a last line pointing to report.html."""
        key = (size, width, room, self.app.t.language)
        if self._fitted is not None and self._fitted[0] == key:
            return self._fitted[1]  # drawn every frame: wrapped once
        fitted = self._fit_lines(size, width, room)
        self._fitted = (key, fitted)
        return fitted

    def _fit_lines(self, size: tuple[int, int], width: int, room: int) -> tuple[int, list[list[str]]]:
        lines = self.result_lines()
        large, small = px(size, 17), px(size, 12)
        for font_px in range(large, small - 1, -1):
            font = get_font(font_px)
            step = round(font.get_linesize() * 1.05)
            gap = px(size, 6) * font_px // large
            rows = [
                wrap_text(font, "• " + text if not text.endswith((":", "：")) else text, width)
                for text in lines
            ]
            if sum(len(r) * step + gap for r in rows) <= room:
                return font_px, rows
        kept: list[list[str]] = []
        used = step + gap  # the closing line's room
        for wrapped in rows:
            if used + len(wrapped) * step + gap > room:
                break
            kept.append(wrapped)
            used += len(wrapped) * step + gap
        return small, [*kept, [self.app.t("lab.rest_in_report")]]

    def _bot(self, name: str) -> str:
        """A bot's name as the Setup screen says it ("Normal" for heuristic), else its own name."""
        key = f"setup.level_{name}"
        return self.app.t(key) if self.app.t.has(key) else name

    def _title(self, game: Any) -> str:
        return game.title_ja if self.app.t.language == "ja" and game.title_ja else game.title

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        t = self.app.t
        blit_text(screen, t("lab.title"), px(size, 40), (int(size[0] * 0.05), px(size, 28)), GOLD, bold=True)
        draw_panel(screen, self.panel, (16, 26, 22, 240), radius=px(size, 14))
        pad = px(size, 28)
        body = px(size, 20)
        if self.phase == "choose":
            label_w = int(self.panel.width * 0.30)
            for label, centre_y in self.rows:
                blit_text(
                    screen, label, body, (self.panel.x + pad, centre_y), INK, "midleft", max_width=label_w
                )
            note = t("lab.rotate_note")
            y = self.panel.bottom - px(size, 130)
            for line in wrap_text(get_font(px(size, 16)), note, self.panel.width - 2 * pad):
                blit_text(screen, line, px(size, 16), (self.panel.x + pad, y), DIM)
                y += px(size, 22)
            if self.error:
                rect = pygame.Rect(
                    self.panel.x + pad, self.panel.bottom - px(size, 76), int(self.panel.width * 0.6), 0
                )
                draw_error(screen, self.error, rect, px(size, 17))
        elif self.phase == "run":
            self._draw_bar(screen, size)
        else:
            self._draw_results(screen, size)

    def _draw_bar(self, screen: pygame.Surface, size: tuple[int, int]) -> None:
        t = self.app.t
        box = self.panel
        blit_text(
            screen,
            t("lab.running", game=self._title(self.game), n=self.total),
            px(size, 24),
            (box.centerx, box.centery - px(size, 80)),
            INK,
            "center",
        )
        bar = pygame.Rect(0, 0, int(box.width * 0.6), px(size, 26))
        bar.center = (box.centerx, box.centery - px(size, 20))
        pygame.draw.rect(screen, (40, 58, 50), bar, border_radius=4)
        filled = bar.copy()
        filled.width = round(bar.width * min(1.0, self.done / self.total)) if self.total else 0
        if filled.width:
            pygame.draw.rect(screen, GOLD, filled, border_radius=4)
        pygame.draw.rect(screen, DIM, bar, 1, border_radius=4)
        left = self.time_left()
        text = t("lab.done", done=self.done, total=self.total)
        if self.cancel_asked:
            text += " · " + t("progress.stopping")
        elif self.done >= self.total:
            text += " · " + t("lab.drawing")
        elif left is not None:
            text += " · " + t("lab.left", s=max(1, round(left)))
        blit_text(screen, text, px(size, 18), (bar.centerx, bar.bottom + px(size, 22)), INK, "center")

    def result_lines(self) -> list[str]:
        """The findings in words (cardtable/lab/report.py), then each bot's own win rate over every seat
        it sat in (Bot of seat 1 against the others: the seat lines alone never said which won), then
        the rules holes with their seeds."""
        from ...lab.report import findings

        t = self.app.t
        report = self.report
        assert report is not None
        lines = findings(report, t.language)
        bots = report.get("bots") or {}
        if len(bots) > 1:
            fair = round(100.0 / report["games"]["players"])
            at = len(report["seats"])
            for name, entry in bots.items():
                rate = entry["win_rate"]
                half = round((rate["ci95"][1] - rate["ci95"][0]) / 2 * 100)
                text = t(
                    "lab.bot_rate", bot=self._bot(name), rate=round(rate["rate"] * 100), half=half, fair=fair
                )
                lines.insert(at, text)
                at += 1
        holes = report["endings"]["rules_holes"]
        if holes:
            lines.append(t("lab.holes"))
            for hole in holes[:6]:
                kind = (
                    t("lab.cap")
                    if hole["ending"] == CAP
                    else t("lab.no_move")
                    if hole["ending"] == NO_MOVE
                    else ""
                )
                lines.append(t("lab.hole", seed=hole["seed"], moves=hole["actions"], kind=kind))
            if len(holes) > 6:
                lines.append(t("lab.more", n=len(holes) - 6))
        return lines

    def _draw_results(self, screen: pygame.Surface, size: tuple[int, int]) -> None:
        t = self.app.t
        pad = px(size, 28)
        box = self.panel
        text_w = int(box.width * 0.36)
        x, y = box.x + pad, box.y + pad
        bottom = box.bottom - px(size, 108)  # above the "Saved:" line
        # The findings shrink to fit their column (six seats and two bots are some twenty lines); what
        # still does not fit ends in a line that says the rest is in report.html, never cut unsaid.
        font_px, rows = self._fit_results(size, text_w, bottom - y)
        font = get_font(font_px)
        step = round(font.get_linesize() * 1.05)
        for wrapped in rows:
            for line in wrapped:
                blit_text(screen, line, font_px, (x, y), INK)
                y += step
            y += px(size, 6) * font_px // px(size, 17)
        if self.folder is not None:
            blit_text(
                screen,
                t("lab.saved", path=str(self.folder / "report.html")),
                px(size, 14),
                (x, box.bottom - px(size, 100)),
                DIM,
                max_width=box.width - 2 * pad - int(box.width * 0.56),
            )
        image = self.plot_image()
        if image is not None:
            room = pygame.Rect(box.right - pad - int(box.width * 0.56), box.y + pad, int(box.width * 0.56), 0)
            room.height = box.bottom - px(size, 100) - room.y
            scale = min(room.width / image.get_width(), room.height / image.get_height())
            shown = pygame.transform.smoothscale(
                image, (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
            )
            screen.blit(shown, shown.get_rect(midtop=room.midtop))

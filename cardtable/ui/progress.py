"""Long work with a progress bar that keeps the window alive: the one way the app runs anything that
takes longer than a few frames. Two kinds, measured (docs in the module's functions):

- `run_long_work(app, title, work)`: work that draws or reports its steps (printing a card set to
  PDF: 0.5-2 s for a bundled set, 10 s for a designer's 300 cards) runs where it is called, on the
  UI thread, with a `progress(done, total)` callback (the one the printers and the CLI's bar take).
  Each call, at most thirty times a second, runs one frame of the app's own loop over a
  `ProgressScene` pushed on top: events are pumped (the desktop never sees the window stop
  answering), a resize or F11 is taken, the frame is redrawn with the bar, and Esc (or Cancel)
  stops the work: the next `progress` call raises `Cancelled`, which unwinds it (the printers write
  their file atomically at the end, so nothing half-written is left). Closing the window stops it
  too, and the app still quits.
- `run_pure_work(app, title, work)`: work that touches no pygame and reports no steps (Continue
  replays a saved game from its seed: 0.9 s for a 3000-move sandbox session) runs in a worker
  thread while the UI thread runs the same frames over a pulsing bar.

Either way an error in the work is caught, logged and handed back as the outcome's `error` for the
caller to show: it never reaches the main loop as a crash.

Why the UI thread for work that draws, not a worker: such work renders card faces through
pygame.font and Surfaces, while SDL's event pump and window belong to the main thread and pygame-ce's
surfaces and fonts are not made for two threads at once (pygame-ce issues #3281, #930); with the GIL
a thread would not make it faster either. Printing reports after every card (80-140 ms apart at
most, measured), so a callback that draws keeps the window at 7 frames a second or better, with no
locking, and a test sees the bar, the result and an error the same on every run. Work with no
pygame in it and no steps to report has no such hazard, and a thread is the only way to keep the
window alive without threading a callback through the rules and the saves.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from .scene import Scene
from .widgets import DIM, GOLD, INK, draw_panel, draw_text

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)
T = TypeVar("T")
Progress = Callable[[int, int], None]
FRAME_S = 1 / 30  # the bar is drawn at most this often (Print took 5-10% longer with it, measured)
SHOW_AFTER_S = 0.25  # work without a count shows its bar only once it has taken this long


class Cancelled(Exception):
    """The person stopped the long work (Esc, Cancel, or closing the window)."""


@dataclass
class Outcome(Generic[T]):
    """How long work ended: its value, or the error it raised, or that the person stopped it."""

    value: T | None = None
    error: Exception | None = None
    cancelled: bool = False


class ProgressScene(Scene):
    """The bar over the dimmed screen: a title, how far the work is, and how to stop it."""

    translucent = True
    pauses_below = True  # the table's clocks and bots wait while the work runs

    def __init__(self, app: App, title: str, unit: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.unit = unit  # the i18n key of what is counted ("progress.cards"), or "" for a bare bar
        self.done = 0
        self.total = 0
        self.shown = (-1, -1)  # (done, total) as last drawn
        self.cancel_asked = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.cancel_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def fraction(self) -> float:
        """How much of the work is done, 0 to 1."""
        return min(1.0, self.done / self.total) if self.total > 0 else 0.0

    def busy(self) -> bool:
        return True  # the loop must not sleep on the event queue while work runs

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel_asked = True
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.cancel_rect.collidepoint(event.pos)
        ):
            self.cancel_asked = True
        if self.cancel_asked:
            self.needs_full_redraw = True  # "stopping..." shows at once

    def update(self, dt: float) -> bool:
        # with no count yet (work that reports none) the bar pulses: a new frame every time
        return self.total <= 0 or (self.done, self.total) != self.shown

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        width, height = size
        scale = min(width / 1280, height / 720)
        self.panel = pygame.Rect(0, 0, min(width - 40, round(560 * scale)), round(150 * scale))
        self.panel.center = (width // 2, height // 2)
        self.cancel_rect = pygame.Rect(0, 0, round(150 * scale), round(30 * scale))
        self.cancel_rect.bottomright = (self.panel.right - 16, self.panel.bottom - 12)

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        size = screen.get_size()
        scale = min(size[0] / 1280, size[1] / 720)
        text_px = max(12, round(20 * scale))
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        screen.blit(shade, (0, 0))
        draw_panel(screen, self.panel, (16, 26, 22, 245), radius=max(6, round(12 * scale)))
        box = self.panel
        draw_text(screen, self.title, text_px + 2, (box.x + 18, box.y + 14), GOLD, bold=True)
        bar = pygame.Rect(box.x + 18, box.y + round(58 * scale), box.width - 36, max(10, round(22 * scale)))
        pygame.draw.rect(screen, (40, 58, 50), bar, border_radius=4)
        filled = bar.copy()
        if self.total > 0:
            filled.width = round(bar.width * self.fraction)
        else:  # no count: a quarter of the bar sweeps to and fro, a sign of life
            filled.width = bar.width // 4
            swing = abs((time.perf_counter() / 1.2) % 2 - 1)  # 0..1..0 every 2.4 s
            filled.x = bar.x + round((bar.width - filled.width) * swing)
        if filled.width:
            pygame.draw.rect(screen, GOLD, filled, border_radius=4)
        pygame.draw.rect(screen, DIM, bar, 1, border_radius=4)
        t = self.app.t
        if self.total > 0:
            count = (
                t(self.unit, done=self.done, total=self.total)
                if self.unit
                else f"{round(self.fraction * 100)}%"
            )
            draw_text(screen, count, text_px - 2, (bar.x, bar.bottom + 8), INK)
        label = t("progress.stopping") if self.cancel_asked else t("progress.cancel")
        draw_panel(screen, self.cancel_rect, (36, 52, 46, 255), radius=6)
        draw_text(screen, label, text_px - 3, self.cancel_rect.center, INK, "center")
        self.shown = (self.done, self.total)
        self.needs_full_redraw = False
        return None


def run_long_work(app: App, title: str, work: Callable[[Progress], T], unit: str = "") -> Outcome[T]:
    """Run `work(progress)` with a progress bar over the window, the window kept alive (module doc).

    `unit` is the i18n key of the counted things ("progress.cards": "12 of 60 cards"). Returns the
    work's value, or the error it raised (logged), or `cancelled` when the person stopped it; when
    they closed the window, the app is left quitting (`app.running` is False).
    """
    scene = ProgressScene(app, title, unit)
    app.push(scene)
    last = [0.0]

    def frame() -> None:
        # One turn of the app's own loop: events to the bar (Esc) and the app (close, resize, F11),
        # then the frame drawn with the bar as it stands.
        last[0] = time.perf_counter()
        app.frame()
        if not app.running or scene.cancel_asked:
            raise Cancelled()

    def progress(done: int, total: int) -> None:
        scene.done, scene.total = done, total
        if time.perf_counter() - last[0] >= FRAME_S:
            frame()

    try:
        frame()  # the bar shows before the work's first step
        value = work(progress)
    except Cancelled:
        log.info("%s: stopped by the player", title)
        return Outcome(cancelled=True)
    except Exception as exc:  # shown by the caller, never a crash of the window
        log.exception("%s failed", title)
        return Outcome(error=exc)
    finally:
        _take_off(app, scene)
    return Outcome(value=value)


def run_pure_work(
    app: App, title: str, work: Callable[[], T], show_after: float = SHOW_AFTER_S
) -> Outcome[T]:
    """Run `work()`, which touches no pygame (rules, saves: the packages a test keeps free of it) and
    reports no progress, in a worker thread while this thread keeps the window alive (module doc).

    Work done within `show_after` seconds shows nothing (a quick Continue does not flash a bar);
    longer work shows a pulsing bar. Esc (or Cancel) cannot interrupt it, but its result is dropped
    and `cancelled` returned; closing the window does the same and the app quits once it ends. An
    error of the work is returned in `error` for the caller to show and log.
    """
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["value"] = work()
        except Exception as exc:  # handed to the UI thread, which shows it
            done["error"] = exc

    worker = threading.Thread(target=run, name=f"long work: {title}", daemon=True)
    worker.start()
    worker.join(show_after)
    stopped = False
    if worker.is_alive():
        scene = ProgressScene(app, title)
        app.push(scene)
        try:
            while worker.is_alive():
                app.frame()
                worker.join(FRAME_S)
        finally:
            _take_off(app, scene)
        stopped = scene.cancel_asked or not app.running
    if "error" in done:
        # Handed back, not logged: the caller knows which errors are expected (a damaged save is one
        # line in the log) and which are bugs (a traceback), and reports it once.
        return Outcome(error=done["error"])
    if stopped:
        log.info("%s: stopped by the player (its result is dropped)", title)
        return Outcome(cancelled=True)
    return Outcome(value=done["value"])


def _take_off(app: App, scene: ProgressScene) -> None:
    """The bar leaves the stack (the scene below is shown again)."""
    if app.top is scene:
        app.pop()
    elif scene in app.scenes:  # the work changed the stack under the bar
        app.scenes.remove(scene)

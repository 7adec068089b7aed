"""The crash message: a small pygame window saying the app stopped and where its log is.

A windowed build has no console (on Windows `sys.stdout` and `sys.stderr` are None), so a message on
stderr would go nowhere and the app would seem to vanish. `report_crash` prints to stderr when there is
one, and when the app is frozen or has no console it also opens this box: a short text in English and
Japanese, the log file's path, "Open log folder" and "Close" (Enter, Escape or closing the window).

The box draws with the bundled font when it loads and with pygame's default font otherwise, since the
crash may have been the font itself. Under SDL's dummy or offscreen video driver it draws one frame
and returns instead of waiting for a click that cannot come.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame

SIZE = (720, 300)
BACKGROUND = (34, 38, 52)
TEXT = (238, 234, 222)
DIM = (170, 176, 196)
ACCENT = (222, 176, 74)
BUTTON = (62, 70, 98)
HEADLESS_DRIVERS = ("dummy", "offscreen")

MESSAGE_EN = "cardtable stopped because of an error."
MESSAGE_JA = "エラーのため cardtable を終了しました。"
DETAILS_EN = "The details are in this file; please send it with a bug report:"


def needs_window() -> bool:
    """Whether a crash must be shown in a window: a frozen (double-clicked) app, or no console."""
    return bool(getattr(sys, "frozen", False)) or sys.stdout is None or sys.stderr is None


def _fonts() -> tuple[pygame.font.Font, pygame.font.Font, bool]:
    """(body font, small font, whether it has Japanese): the bundled font, else pygame's default."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        import io

        from .fonts import font_source

        source = font_source()  # fresh Font objects: the cached ones belong to the pygame that crashed

        def open_font(px: int) -> pygame.font.Font:
            return pygame.font.Font(source if isinstance(source, Path) else io.BytesIO(source), px)

        return open_font(22), open_font(16), True
    except Exception:
        return pygame.font.Font(None, 28), pygame.font.Font(None, 21), False


def _fit(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` cut into lines of at most `width` pixels, anywhere (a path has no spaces to break at)."""
    lines, current = [], ""
    for ch in text:
        if current and font.size(current + ch)[0] > width:
            lines.append(current)
            current = ""
        current += ch
    return lines + [current] if current else lines


def draw_crash_message(screen: pygame.Surface, log_path: str) -> dict[str, pygame.Rect]:
    """Draw the message on `screen`; returns the buttons' rectangles by name ("open", "close")."""
    body, small, japanese = _fonts()
    width, height = screen.get_size()
    pad = 24
    screen.fill(BACKGROUND)
    pygame.draw.rect(screen, ACCENT, (0, 0, 6, height))
    y = pad
    for text, font, colour in (
        (MESSAGE_EN, body, TEXT),
        (MESSAGE_JA if japanese else "", body, TEXT),
        (DETAILS_EN, small, DIM),
    ):
        if text:
            screen.blit(font.render(text, True, colour), (pad, y))
            y += font.get_linesize() + 4
    for line in _fit(small, log_path, width - 2 * pad):
        screen.blit(small.render(line, True, ACCENT), (pad, y))
        y += small.get_linesize()
    buttons: dict[str, pygame.Rect] = {}
    right = width - pad
    for name, label in (("close", "Close"), ("open", "Open log folder")):
        text = body.render(label, True, TEXT)
        rect = pygame.Rect(0, 0, text.get_width() + 32, text.get_height() + 14)
        rect.bottomright = (right, height - pad)
        pygame.draw.rect(screen, BUTTON, rect, border_radius=6)
        pygame.draw.rect(screen, ACCENT if name == "close" else DIM, rect, width=2, border_radius=6)
        screen.blit(text, text.get_rect(center=rect.center))
        buttons[name] = rect
        right = rect.left - 12
    return buttons


def open_folder(folder: Path) -> None:
    """Show a folder in the system's file manager (best effort)."""
    if sys.platform.startswith("win"):
        os.startfile(folder)  # type: ignore[attr-defined]
    else:
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        subprocess.Popen([opener, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _forget_fonts() -> None:
    """Fonts opened before a pygame.quit() are dead after it: let the next window open its own."""
    try:
        from .fonts import forget_fonts

        forget_fonts()
    except Exception:  # the crash screen must show whatever else is broken
        pass


def show_crash_message(log_path: str, timeout_s: float | None = None) -> bool:
    """Open the message window and wait until it is closed; returns whether it could be shown."""
    try:
        pygame.quit()  # whatever state the crash left behind
        _forget_fonts()
        pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(SIZE)
        pygame.display.set_caption("cardtable: error")
        buttons = draw_crash_message(screen, log_path)
        pygame.display.flip()
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return True
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while deadline is None or time.monotonic() < deadline:
            event = pygame.event.wait(250)
            if event.type == pygame.QUIT:
                break
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
            ):
                break
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                if buttons["close"].collidepoint(event.pos):
                    break
                if buttons["open"].collidepoint(event.pos):
                    try:
                        open_folder(Path(log_path).parent)
                    except OSError:
                        pass
            if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                buttons = draw_crash_message(screen, log_path)
                pygame.display.flip()
        return True
    except Exception:
        return False
    finally:
        pygame.quit()
        _forget_fonts()  # what was opened before is dead now


def report_crash(log_path: str) -> None:
    """Tell the person the app stopped: on stderr if there is one, and in a window when frozen or
    without a console."""
    message = f"{MESSAGE_EN} Details are in {log_path}"
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    if needs_window():
        show_crash_message(log_path)

"""The pause menu over the table (Esc): Resume (Esc again), Rules, Settings, Save and quit to menu,
Print the card set (a print-and-play PDF of the set in play, cardtable/printing/).

It is translucent: the table stays visible, dimmed, underneath, and stands still while the menu is up
(`pauses_below`): no claim window's clock, slide, message or bot moves on until Resume.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from ..widgets import GOLD, draw_panel
from .common import FormScene, UiButton, blit_text, dim_screen, draw_error, px

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene

log = logging.getLogger("cardtable.pause")


class PauseScene(FormScene):
    """Resume / Rules / Settings / Save and quit to menu."""

    translucent = True
    pauses_below = True
    opaque_background = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.error: str | None = None
        self.notice: str | None = None  # work done or stopped by the player: said, not as an error
        self.panel = pygame.Rect(0, 0, 0, 0)

    def resume(self) -> None:
        self.app.pop()

    def back(self) -> None:
        self.resume()

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.table.session.engine.game.id))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app, self.table.game_settings))

    def save_and_quit(self) -> None:
        """Save the game where it stands and go to the menu (Continue brings it back)."""
        try:
            self.table.session.save()
        except OSError as exc:  # stay: quitting now would lose the game
            log.warning("save failed: %s", exc)
            self.error = self.app.t("pause.save_failed", error=str(exc))
            self.needs_full_redraw = True
            return
        from .menu import MenuScene

        self.app.replace(MenuScene(self.app))

    def print_set(self) -> None:
        """The set in play as a print-and-play PDF in the user's prints folder (the paper of Settings),
        with a progress bar that keeps the window alive and Esc to stop (cardtable/ui/progress.py)."""
        from ...persistence.files import user_folders
        from ...printing import PrintOptions, default_paper
        from ...printing.pdf import export_pdf
        from ..progress import run_long_work

        cardset = self.table.cardset
        out = user_folders().saves.parent / "prints" / f"{cardset.id}.pdf"
        options = PrintOptions(paper=self.app.settings.paper or default_paper())
        done = run_long_work(
            self.app,
            self.app.t("pause.printing"),
            lambda progress: export_pdf(cardset, out, options, progress),
            unit="progress.cards",
        )
        self.error = self.notice = None
        if done.value is not None:
            self.notice = self.app.t("pause.printed", file=str(out), pages=done.value.pages)
        elif done.cancelled:
            self.notice = self.app.t("pause.print_cancelled")
        else:
            self.error = self.app.t("pause.print_failed", error=str(done.error))
        self.needs_full_redraw = True

    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        bw = min(int(width * 0.5), px(size, 420))
        bh = px(size, 54)
        gap = px(size, 14)
        specs = [
            (t("pause.resume") + "  (Esc)", self.resume, "resume"),
            (t("pause.rules"), self.rules, "rules"),
            (t("menu.settings"), self.settings, "settings"),
            (t("pause.save_quit"), self.save_and_quit, "save_quit"),
            (t("pause.print"), self.print_set, "print"),
        ]
        title_h = px(size, 92)
        pad = px(size, 30)
        panel_h = title_h + len(specs) * (bh + gap) - gap + pad
        self.panel = pygame.Rect(0, 0, bw + 2 * pad, panel_h)
        self.panel.center = (width // 2, height // 2)
        self.controls = []
        for index, (label, action, tag) in enumerate(specs):
            rect = pygame.Rect(self.panel.x + pad, self.panel.y + title_h + index * (bh + gap), bw, bh)
            self.controls.append(
                UiButton(
                    label,
                    rect,
                    action,
                    tag=tag,
                    badge=str(index + 1),
                    align="left",
                    key=getattr(pygame, f"K_{index + 1}"),
                )
            )

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        dim_screen(screen, 150)
        draw_panel(screen, self.panel, (16, 26, 22, 240), radius=px(size, 14))
        blit_text(
            screen,
            self.app.t("pause.title"),
            px(size, 34),
            (self.panel.centerx, self.panel.y + px(size, 16)),
            GOLD,
            "midtop",
            bold=True,
        )
        if self.error or self.notice:
            rect = pygame.Rect(self.panel.x, self.panel.bottom + px(size, 12), self.panel.width, 0)
            draw_error(screen, self.error or self.notice or "", rect, px(size, 16), notice=not self.error)

"""The rules overlay: a game's rules text, wrapped with the kinsoku line breaker, in a scrolling panel
over whatever was on screen (the table, the pause menu, setup).

The texts are Markdown files shipped inside the package, `rules.<lang>.md` in each game's package,
read through importlib.resources so they work from a checkout, a wheel or a frozen build. The language
follows the UI setting, falling back to English. Mouse wheel, arrows, PageUp/PageDown, Home/End and
Space scroll; Esc or Close leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...games import all_games, entry_for
from ...rules.game import ParamError
from ..widgets import DIM, GOLD, draw_panel
from .common import Block, FormScene, ScrollView, TextDoc, UiButton, blit_text, dim_screen, parse_markdown, px

if TYPE_CHECKING:
    from ..app import App


def rules_text(game_id: str, language: str) -> str | None:
    """The rules of a game in a language (English when that language has none); None if there are none."""
    try:
        folder = entry_for(game_id).files()
    except ParamError:
        return None
    for lang in (language, "en"):
        entry = folder.joinpath(f"rules.{lang}.md")
        if entry.is_file():
            return entry.read_bytes().decode("utf-8")
    return None


class DocumentScene(FormScene):
    """A translucent overlay showing a scrolling document with a title and a Close button."""

    translucent = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.view: ScrollView | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._fraction = 0.0  # scroll position kept across re-layouts (resize, language)

    def title(self) -> str:
        raise NotImplementedError

    def blocks(self) -> list[Block]:
        raise NotImplementedError

    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        if self.view is not None and self.view.max_offset:
            self._fraction = self.view.offset / self.view.max_offset
        panel_w = min(int(width * 0.84), px(size, 920))
        self.panel = pygame.Rect(0, 0, panel_w, int(height * 0.90))
        self.panel.center = (width // 2, height // 2)
        pad = px(size, 28)
        title_h = px(size, 56)
        button_h = px(size, 46)
        text_rect = pygame.Rect(
            self.panel.x + pad,
            self.panel.y + title_h + pad // 2,
            self.panel.width - 2 * pad - px(size, 12),
            self.panel.height - title_h - button_h - pad * 2,
        )
        doc = TextDoc.layout(self.blocks(), text_rect.width, size)
        self.view = ScrollView(text_rect, doc, px(size, 19))
        self.view.scroll_to(round(self._fraction * self.view.max_offset))
        close = pygame.Rect(0, 0, px(size, 180), button_h)
        close.bottomright = (self.panel.right - pad, self.panel.bottom - pad // 2)
        self.controls = [UiButton(self.app.t("common.close"), close, self.back, tag="close")]

    def back(self) -> None:
        self.app.pop()

    def key(self, event: pygame.event.Event) -> bool:
        if self.view is None:
            return False
        moved = self.view.key(event)
        if moved is None:
            return False
        if moved:
            self.needs_full_redraw = True
        return True

    def wheel(self, dy: int) -> None:
        if self.view is not None and self.view.scroll(-3 * dy):
            self.needs_full_redraw = True

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        dim_screen(screen, 120)
        draw_panel(screen, self.panel, (16, 26, 22, 250), radius=px(size, 14))
        pad = px(size, 28)
        blit_text(
            screen,
            self.title(),
            px(size, 28),
            (self.panel.x + pad, self.panel.y + px(size, 14)),
            GOLD,
            bold=True,
            max_width=self.panel.width - 2 * pad,
        )
        line_y = self.panel.y + px(size, 56)
        pygame.draw.line(
            screen,
            (70, 100, 85),
            (self.panel.x + pad, line_y),
            (self.panel.right - pad, line_y),
            max(1, px(size, 2)),
        )
        if self.view is not None:
            self.view.draw(screen)
        blit_text(
            screen,
            self.app.t("rules.keys"),
            px(size, 15),
            (self.panel.x + pad, self.panel.bottom - pad // 2 - px(size, 23)),
            DIM,
            "midleft",
            max_width=self.panel.width - px(size, 260),
        )


class RulesScene(DocumentScene):
    """The rules of one game, in the UI language."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id

    def title(self) -> str:
        game = all_games().get(self.game_id)
        name = (
            self.game_id
            if game is None
            else (game.title_ja if self.app.t.language == "ja" and game.title_ja else game.title)
        )
        return self.app.t("rules.title", game=name)

    def blocks(self) -> list[Block]:
        text = rules_text(self.game_id, self.app.t.language)
        if text is None:
            return [Block("p", self.app.t("rules.missing"))]
        blocks = parse_markdown(text)
        if blocks and blocks[0].kind == "h1":
            blocks = blocks[1:]  # the panel's title says it already
        return blocks

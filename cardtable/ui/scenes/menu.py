"""The main menu: every registered game (click or its digit opens Setup), Continue, Open, the Balance
lab, Settings, About, Quit (each button also opens with the letter on its badge).

Continue is enabled only when an autosave exists. A save that cannot be loaded is reported here, in
the menu, and the file is left exactly where it is, so nothing is lost and the player can send it in
with a bug report. When something older can be loaded instead (the save up to the damaged journal line,
or the `.bak`), a button offers "Continue from the previous save?"; choosing it keeps the damaged files
beside it as `*.damaged`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ... import __version__
from ...games import all_games
from ...persistence.saves import SaveError, summary
from ...rules.game import Game
from ...rules.narration import Renderer, narration_for
from ...session import Session, autosave_path
from ..fonts import get_font, wrap_text
from ..i18n import players_text
from ..progress import run_pure_work
from ..widgets import DIM, GOLD, INK
from .common import FormScene, UiButton, blit_text, draw_error, px
from .registry import has_table, table_scene_for

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger("cardtable.menu")
DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}
DIGITS |= {pygame.K_0: 10, pygame.K_KP0: 10}  # the tenth entry is 0, the key after 9 on a keyboard


# The buttons' keys are letters, the same in both languages: digits are the games' (ten at most), and
# with eight games and Continue the digits ran out before the Balance lab.
BUTTON_KEYS = {
    "continue": "C",
    "continue_previous": "P",
    "open_set": "O",
    "lab": "L",
    "settings": "S",
    "about": "A",
    "quit": "Q",
}
LETTERS = {getattr(pygame, f"K_{letter.lower()}"): tag for tag, letter in BUTTON_KEYS.items()}


def key_badge(number: int) -> str:
    """The key that opens the `number`th entry ("0" for the tenth); none past ten (no single key)."""
    return str(number % 10) if number <= 10 else ""


def game_title(app: App, game: Game) -> tuple[str, str]:
    """A game's title in the UI language first, then in the other one."""
    if app.t.language == "ja" and game.title_ja:
        return game.title_ja, game.title
    return game.title, game.title_ja


def game_description(app: App, game: Game) -> str:
    """The one-line description, translated when the strings have it."""
    key = f"game.{game.id}.description"
    return app.t(key) if app.t.has(key) else game.description


def save_summary(app: App) -> str:
    """A line about the autosaved game for the Continue button, read without replaying it: where the game
    stands as its narration says it ("Lyabi · Round 7 · Aki to play"), else its move count."""
    found = summary(autosave_path())
    if found is None or found[0] not in all_games():  # a damaged save says so when Continue is pressed
        return ""
    game_id, seats, moves, params, about = found
    game = all_games()[game_id]
    title = game_title(app, game)[0]
    where = _where_text(app, game, about)
    if where:
        text = f"{title} · {where}"
    else:
        text = app.t("menu.save_summary", game=title, n=seats, moves=moves)
    level = params.get("level")
    if isinstance(level, int) and not isinstance(level, bool):
        text += " · " + app.t("table.level", n=level)
    return text


def _where_text(app: App, game: Game, about: dict[str, Any]) -> str:
    """ "Round 7 · Aki to play" from what the save kept (Session.where); "" when it kept nothing usable."""
    where = about.get("where") or {}
    names = about.get("names") or []
    parts = []
    said = where.get("headline")
    module = narration_for(type(game).__module__)
    if isinstance(said, dict) and module is not None and isinstance(said.get("values"), dict):
        render = Renderer(module.WORDS, app.t.language, lambda s: "", lambda c: "")
        try:
            parts.append(render.text(str(said.get("key")), said["values"]))
        except (KeyError, IndexError, ValueError):  # a save from another version: no headline
            pass
    seat = where.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        parts.append(app.t("menu.to_play", name=names[seat]))
    return " · ".join(parts)


@dataclass(eq=False)
class GameEntry(UiButton):
    """A game in the menu: both titles, the player counts and the description."""

    other_title: str = ""
    players: str = ""
    description: str = ""

    def draw_label(self, screen: pygame.Surface) -> None:
        rect = self.rect
        pad = max(10, rect.height // 7)
        title_px = max(12, rect.height * 25 // 100)
        small_px = max(10, rect.height * 15 // 100)
        title_font = get_font(title_px, True)
        small_font = get_font(small_px)
        # centred on the lines it has: an entry without its blurb (eight games at 720 pixels) is two
        # lines, and centring three pushed the title above the entry
        lines = 2 if self.description else 1
        top = rect.centery - (title_font.get_linesize() + lines * small_font.get_linesize()) // 2
        left = rect.left + pad
        if self.badge:
            blit_text(screen, self.badge, title_px, (left, top), GOLD, "topleft")
            left += get_font(title_px).size("0")[0] + pad
        colour = INK if self.enabled else DIM
        title = blit_text(
            screen,
            self.label,
            title_px,
            (left, top),
            GOLD if self.enabled else DIM,
            "topleft",
            bold=True,
            max_width=rect.right - pad - left,
        )
        if self.other_title:
            room = rect.right - pad - title.right - pad
            if room > small_px * 3:
                blit_text(
                    screen,
                    self.other_title,
                    small_px,
                    (title.right + pad, title.bottom - title.height // 5),
                    DIM,
                    "bottomleft",
                    max_width=room,
                )
        room = rect.right - pad - left
        y = top + title_font.get_linesize()
        blit_text(screen, self.players, small_px, (left, y), colour, "topleft", max_width=room)
        blit_text(
            screen,
            self.description,
            small_px,
            (left, y + small_font.get_linesize()),
            DIM,
            "topleft",
            max_width=room,
        )


class MenuScene(FormScene):
    """The first scene: choose a game, continue the saved one, settings, about, quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.error: str | None = None
        self.offer_previous = False  # the autosave is damaged and an older save can be loaded
        self.games = list(all_games().values())

    # -- actions -----------------------------------------------------------------------------
    def open_setup(self, game: Game) -> None:
        from .setup import SetupScene

        self.error = None
        self.app.push(SetupScene(self.app, game))

    def continue_game(self) -> None:
        """Resume the autosave; on any problem say so here and keep the file."""
        self._resume(Session.resume, offer=True)

    def continue_previous(self) -> None:
        """Resume what the damaged autosave falls back on (its files are kept as *.damaged)."""
        self._resume(Session.resume_previous, offer=False)

    def _resume(self, load: Any, offer: bool) -> None:
        path = autosave_path()
        self.offer_previous = False
        # A long game replays from its seed for a while (a 3000-move sandbox session: 0.9 s): in the
        # background, with a bar, the window alive (saves and rules touch no pygame).
        loading = run_pure_work(self.app, self.app.t("menu.loading"), lambda: load(path))
        if loading.cancelled:
            return  # Esc while it loaded: stay on the menu
        try:
            if loading.error is not None:
                raise loading.error
            scene = table_scene_for(self.app, loading.value)
        except SaveError as exc:
            reason = str(exc).split(": ", 1)[-1] if str(exc).startswith(str(path.parent)) else str(exc)
            self.error = self.app.t("menu.save_damaged", error=reason, path=str(path))
            self.offer_previous = offer and exc.fallback is not None
            log.warning("continue failed: %s", exc)
        except Exception as exc:  # a damaged file must never take the menu down with it
            log.exception("continue failed")
            self.error = self.app.t(
                "menu.save_damaged", error=f"{exc.__class__.__name__}: {exc}", path=str(path)
            )
        else:
            self.error = None
            self.app.replace(scene)
            return
        self.rebuild()

    def open_set(self) -> None:
        """Open a card set file (any folder) in the Sandbox: a path, or one opened lately."""
        from .open_set import OpenSetScene

        self.app.push(OpenSetScene(self.app))

    def open_settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_lab(self) -> None:
        """The Balance lab: bot games and the balance report (cardtable/ui/scenes/lab.py)."""
        from .lab import LabScene

        self.app.push(LabScene(self.app))

    def open_about(self) -> None:
        from .about import AboutScene

        self.app.push(AboutScene(self.app))

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        self.controls = []
        left = int(width * 0.07)
        col_w = int(width * 0.50)
        gap = px(size, 16)
        top = int(height * 0.30)
        # Entries shrink to fit however many games are registered; short ones drop the blurb.
        room = int(height * 0.90) - top
        count = max(1, len(self.games))
        entry_h = min(px(size, 124), (room - gap * (count - 1)) // count)
        blurbs = entry_h >= px(size, 100)
        number = 1
        for index, game in enumerate(self.games):
            title, other = game_title(self.app, game)
            rect = pygame.Rect(left, top + index * (entry_h + gap), col_w, entry_h)
            playable = has_table(game.id)
            key, counts = players_text("menu.players", game.min_seats, game.max_seats)
            players = t(key, **counts)
            if not playable:
                players += " · " + t("menu.coming_soon")
            self.controls.append(
                GameEntry(
                    title,
                    rect,
                    lambda g=game: self.open_setup(g),
                    enabled=playable,
                    badge=key_badge(number),
                    tag=f"game:{game.id}",
                    other_title=other,
                    players=players,
                    description=game_description(self.app, game) if blurbs else "",
                )
            )
            number += 1
        self.games_bottom = top + len(self.games) * (entry_h + gap) - gap
        bx = int(width * 0.63)
        bw = int(width * 0.30)
        saved = autosave_path().exists()
        summary = save_summary(self.app) if saved else ""
        specs: list[tuple[str, Any, str, bool, str]] = [
            (
                t("menu.continue"),
                self.continue_game,
                "continue",
                saved,
                summary or ("" if saved else t("menu.no_save")),
            ),
            *(
                [(t("menu.continue_previous"), self.continue_previous, "continue_previous", True, "")]
                if self.offer_previous
                else []
            ),
            (t("open.menu"), self.open_set, "open_set", True, ""),
            (t("menu.lab"), self.open_lab, "lab", True, ""),
            (t("menu.settings"), self.open_settings, "settings", True, ""),
            (t("menu.about"), self.open_about, "about", True, ""),
            (t("menu.quit"), self.app.quit, "quit", True, ""),
        ]
        # seven buttons (eight with an older save to offer) fit under the title at 720 pixels when a
        # button is a little lower and the gaps smaller
        bh = px(size, 58 if len(specs) <= 6 else 50)
        bgap = px(size, 14 if len(specs) <= 6 else 9)
        y = top
        for label, action, tag, enabled, hint in specs:
            height_here = round(bh * 1.25) if hint else bh
            rect = pygame.Rect(bx, y, bw, height_here)
            self.controls.append(
                UiButton(
                    label,
                    rect,
                    action,
                    enabled=enabled,
                    badge=BUTTON_KEYS[tag],
                    tag=tag,
                    hint=hint,
                    align="left",
                )
            )
            y += height_here + bgap
        self.buttons_bottom = y - bgap

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        width, height = size
        t = self.app.t
        blit_text(
            screen, t("app.title"), px(size, 64), (int(width * 0.07), int(height * 0.07)), GOLD, bold=True
        )
        blit_text(
            screen,
            t("menu.tagline"),
            px(size, 22),
            (int(width * 0.07), int(height * 0.07) + px(size, 84)),
            INK,
            max_width=int(width * 0.86),
        )
        blit_text(
            screen,
            t("menu.games"),
            px(size, 20),
            (int(width * 0.07), int(height * 0.30) - px(size, 10)),
            DIM,
            "bottomleft",
        )
        if self.error:
            # At the foot of the window, in the key hints' place (Esc clears it and they come back):
            # under the lists it ran over the hints and the version at 1280x720, and a second line of it
            # (a long path) would have gone off the window. A long one is set smaller to stay clear of
            # the lists above it.
            rect = pygame.Rect(int(width * 0.07), height - px(size, 10), int(width * 0.86), 0)
            room = rect.y - max(self.games_bottom, self.buttons_bottom) - px(size, 8)
            for font_px in range(px(size, 17), px(size, 12) - 1, -1):
                font, pad = get_font(font_px), font_px // 2  # as draw_error sets it
                if (
                    len(wrap_text(font, self.error, rect.width - 2 * pad)) * font.get_linesize() + 2 * pad
                    <= room
                ):
                    break
            draw_error(screen, self.error, rect, font_px, above=True)
            return
        count = min(10, len(self.games))
        hints = t("menu.keys", n=str(count) if count < 10 else "9, 0")
        blit_text(
            screen,
            hints,
            px(size, 15),
            (int(width * 0.07), height - px(size, 18)),
            DIM,
            "bottomleft",
            max_width=int(width * 0.7),
        )
        blit_text(
            screen,
            f"v{__version__}",
            px(size, 15),
            (width - int(width * 0.07), height - px(size, 18)),
            DIM,
            "bottomright",
        )

    # -- input -------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        number = DIGITS.get(event.key)
        tag = LETTERS.get(event.key) if not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) else None
        if number is not None or tag is not None:
            games = [c for c in self.focusables() if c.tag.startswith("game:")]
            if number is not None:
                chosen = games[number - 1 : number]
            else:
                chosen = [c for c in self.focusables() if c.tag == tag]
            if chosen and chosen[0].enabled:
                self.focus_on(chosen[0])
                self.press(chosen[0])
            return True
        if event.key == pygame.K_ESCAPE:
            self.error = None
            if self.offer_previous:
                self.offer_previous = False
                self.rebuild()
            return True
        return False

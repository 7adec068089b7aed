"""Settings: language, volume and mute, animation speed, the claim window (its length, or asking each
person in turn), full screen and the print paper.

A game's own rows (the claim window: group "claims") show when Settings is opened from the main menu,
or from the table of a game that declares them (its scene's `game_settings`); a game without claims
does not offer them.

Every change takes effect at once through `app.apply_settings()`, which also writes the settings file
(a volume drag writes once, when the mouse is let go). Up/Down move between rows, Left/Right change
the value of the row, Esc or Back returns to where Settings was opened from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...persistence.settings import LANGUAGES
from ..widgets import DIM, GOLD, INK, draw_panel
from .common import FOCUS, FormScene, UiButton, blit_text, dim_screen, draw_background, px

if TYPE_CHECKING:
    from ..app import App

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)
CLAIM_MIN, CLAIM_MAX = 1, 10
VOLUME_STEP = 0.1
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


@dataclass(eq=False)
class Slider(UiButton):
    """A horizontal bar for a 0..1 value; Left/Right step it, a click or a drag sets it."""

    value: float = 0.0

    def value_at(self, x: int) -> float:
        return max(0.0, min(1.0, (x - self.rect.x) / max(1, self.rect.width)))

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.rect
        track = pygame.Rect(rect.x, rect.centery - rect.height // 8, rect.width, max(4, rect.height // 4))
        pygame.draw.rect(screen, (40, 60, 50), track, border_radius=track.height // 2)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        if self.enabled and filled.width:
            pygame.draw.rect(screen, GOLD, filled, border_radius=track.height // 2)
        knob_r = rect.height * 3 // 8
        centre = (track.x + filled.width, rect.centery)
        pygame.draw.circle(screen, INK if self.enabled else DIM, centre, knob_r)
        if self.focused or self.hot:
            pygame.draw.circle(screen, FOCUS, centre, knob_r + max(2, knob_r // 4), max(2, knob_r // 5))


class SettingsScene(FormScene):
    """The settings, as rows of controls."""

    opaque_background = False  # draw_content paints the felt, or dims the table under the pause menu

    def __init__(self, app: App, groups: frozenset[str] | None = None) -> None:
        super().__init__(app)
        self.groups = groups  # the game rows to offer (None: all, from the main menu)
        self.rows: list[tuple[str, int]] = []  # label and its row's centre y
        self.slider: Slider | None = None
        self.dragging = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        # Opened over the pause menu, the table shows through; from the main menu it stands alone.
        self.translucent = bool(app.scenes) and app.scenes[-1].translucent

    # -- changes -----------------------------------------------------------------------------
    def changed(self) -> None:
        self.app.apply_settings()
        self.rebuild()

    def set_language(self, language: str) -> None:
        self.app.settings.language = language
        self.changed()

    def step_language(self, step: int) -> None:
        index = LANGUAGES.index(self.app.settings.language) if self.app.settings.language in LANGUAGES else 0
        self.set_language(LANGUAGES[(index + step) % len(LANGUAGES)])

    def set_volume(self, value: float, save: bool = True) -> None:
        value = round(max(0.0, min(1.0, value)), 2)
        self.app.settings.volume = value
        if self.slider is not None:
            self.slider.value = value
        if save:
            self.changed()
        else:
            self.app.sounds.set_volume(value)
            self.needs_full_redraw = True

    def toggle_mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.changed()

    def set_speed(self, speed: float) -> None:
        self.app.settings.animation_speed = speed
        self.changed()

    def step_speed(self, step: int) -> None:
        current = self.app.settings.animation_speed
        index = min(range(len(ANIMATION_SPEEDS)), key=lambda i: abs(ANIMATION_SPEEDS[i] - current))
        self.set_speed(ANIMATION_SPEEDS[max(0, min(len(ANIMATION_SPEEDS) - 1, index + step))])

    def step_claim(self, step: int) -> None:
        value = round(self.app.settings.claim_window_s) + step
        self.app.settings.claim_window_s = float(max(CLAIM_MIN, min(CLAIM_MAX, value)))
        self.changed()

    def set_paper(self, paper: str) -> None:
        """The print-and-play paper ("" follows the locale)."""
        self.app.settings.paper = paper
        self.changed()

    def set_ask_each(self, ask: bool) -> None:
        self.app.settings.claim_ask_each = ask
        self.changed()

    def toggle_playtests(self) -> None:
        """Keep each finished game for the balance report, or not (cardtable/lab/playtests.py)."""
        self.app.settings.record_playtests = not self.app.settings.record_playtests
        self.changed()

    def toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.changed()

    def back(self) -> None:
        self.app.pop()

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        settings = self.app.settings
        self.controls = []
        self.rows = []
        panel_w = min(int(width * 0.80), px(size, 900))
        row_h = px(size, 46)
        claims = self.groups is None or "claims" in self.groups  # a game with claims (or the main menu)
        rows = 9 if claims else 7
        gap = px(size, 14 if rows <= 8 else 8)  # nine rows fit a 720-pixel window with the smaller gap
        title_h = px(size, 70)
        panel_h = title_h + rows * (row_h + gap) + px(size, 100)
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        pad = px(size, 32)
        cx = self.panel.x + pad + int(panel_w * 0.38)  # where the controls start
        cw = self.panel.right - pad - cx
        y = self.panel.y + title_h

        def row(label: str) -> pygame.Rect:
            nonlocal y
            rect = pygame.Rect(cx, y, cw, row_h)
            self.rows.append((label, y + row_h // 2))
            y += row_h + gap
            return rect

        def choices(
            rect: pygame.Rect,
            items: list[tuple[str, bool, Callable[[], None]]],
            tag: str,
            adjust: Callable[[int], None],
        ) -> None:
            w = (rect.width - px(size, 10) * (len(items) - 1)) // len(items)
            for i, (label, selected, action) in enumerate(items):
                r = pygame.Rect(rect.x + i * (w + px(size, 10)), rect.y, w, rect.height)
                self.controls.append(
                    UiButton(
                        label,
                        r,
                        action,
                        selected=selected,
                        focusable=selected,
                        tag=tag if selected else f"{tag}:{i}",
                        on_adjust=adjust,
                    )
                )

        rect = row(t("settings.language"))
        choices(
            rect,
            [
                (
                    LANGUAGE_NAMES.get(lang, lang),
                    settings.language == lang,
                    lambda lang=lang: self.set_language(lang),
                )
                for lang in LANGUAGES
            ],
            "language",
            self.step_language,
        )
        rect = row(t("settings.volume"))
        value_w = px(size, 90)
        self.slider = Slider(
            "",
            pygame.Rect(rect.x + row_h // 2, rect.y, rect.width - value_w - row_h, rect.height),
            lambda: None,
            tag="volume",
            value=settings.volume,
            enabled=not settings.muted,
            on_adjust=lambda step: self.set_volume(self.app.settings.volume + step * VOLUME_STEP),
        )
        self.controls.append(self.slider)
        self.volume_text = (f"{round(settings.volume * 100)}%", (rect.right, rect.centery))
        rect = row(t("settings.mute"))
        toggle = pygame.Rect(rect.x, rect.y, px(size, 160), rect.height)
        self.controls.append(
            UiButton(
                t("common.on") if settings.muted else t("settings.off"),
                toggle,
                self.toggle_mute,
                tag="mute",
                selected=settings.muted,
                on_adjust=lambda _step: self.toggle_mute(),
            )
        )
        rect = row(t("settings.animation"))
        labels = [t("settings.off"), "0.5×", "1×", "2×"]
        current = min(
            range(len(ANIMATION_SPEEDS)), key=lambda i: abs(ANIMATION_SPEEDS[i] - settings.animation_speed)
        )
        choices(
            rect,
            [
                (labels[i], i == current, lambda s=s: self.set_speed(s))
                for i, s in enumerate(ANIMATION_SPEEDS)
            ],
            "animation",
            self.step_speed,
        )
        if claims:
            rect = row(t("settings.claim"))
            side = rect.height
            minus = pygame.Rect(rect.x, rect.y, side, side)
            box = pygame.Rect(minus.right + side // 6, rect.y, px(size, 110), side)
            plus = pygame.Rect(box.right + side // 6, rect.y, side, side)
            self.controls.append(
                UiButton("−", minus, lambda: self.step_claim(-1), focusable=False, tag="claim-")
            )
            self.controls.append(
                UiButton(
                    t("settings.seconds", n=round(settings.claim_window_s)),
                    box,
                    lambda: self.step_claim(1 if settings.claim_window_s < CLAIM_MAX else -CLAIM_MAX),
                    tag="claim",
                    on_adjust=self.step_claim,
                )
            )
            self.controls.append(
                UiButton("+", plus, lambda: self.step_claim(1), focusable=False, tag="claim+")
            )
            rect = row(t("settings.claims"))
            choices(
                rect,
                [
                    (
                        t("settings.claims_timed"),
                        not settings.claim_ask_each,
                        lambda: self.set_ask_each(False),
                    ),
                    (t("settings.claims_ask"), settings.claim_ask_each, lambda: self.set_ask_each(True)),
                ],
                "claims",
                lambda _step: self.set_ask_each(not self.app.settings.claim_ask_each),
            )
        rect = row(t("settings.fullscreen"))
        toggle = pygame.Rect(rect.x, rect.y, px(size, 160), rect.height)
        self.controls.append(
            UiButton(
                t("common.on") if settings.fullscreen else t("settings.off"),
                toggle,
                self.toggle_fullscreen,
                tag="fullscreen",
                selected=settings.fullscreen,
                on_adjust=lambda _step: self.toggle_fullscreen(),
            )
        )
        rect = row(t("settings.paper"))
        papers = ["", "a4", "letter"]  # "": from the locale
        choices(
            rect,
            [
                (
                    t(f"settings.paper_{p or 'auto'}"),
                    settings.paper == p,
                    lambda p=p: self.set_paper(p),
                )
                for p in papers
            ],
            "paper",
            lambda step: self.set_paper(papers[(papers.index(settings.paper) + step) % len(papers)]),
        )
        rect = row(t("settings.playtests"))
        toggle = pygame.Rect(rect.x, rect.y, px(size, 160), rect.height)
        self.controls.append(
            UiButton(
                t("common.on") if settings.record_playtests else t("settings.off"),
                toggle,
                self.toggle_playtests,
                tag="playtests",
                selected=settings.record_playtests,
                on_adjust=lambda _step: self.toggle_playtests(),
            )
        )
        back = pygame.Rect(0, 0, px(size, 200), px(size, 52))
        back.bottomright = (self.panel.right - pad, self.panel.bottom - px(size, 24))
        self.controls.append(UiButton(t("setup.back"), back, self.back, tag="back"))
        self.label_x = self.panel.x + pad

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        if self.translucent:
            dim_screen(screen, 140)
        else:
            draw_background(screen)
        draw_panel(screen, self.panel, (16, 26, 22, 252), radius=px(size, 14))
        pad = px(size, 32)
        blit_text(
            screen,
            self.app.t("settings.title"),
            px(size, 32),
            (self.panel.x + pad, self.panel.y + px(size, 16)),
            GOLD,
            bold=True,
        )
        body = px(size, 20)
        label_w = int(self.panel.width * 0.38) - px(size, 10)
        for label, centre_y in self.rows:
            blit_text(screen, label, body, (self.label_x, centre_y), INK, "midleft", max_width=label_w)
        text, pos = self.volume_text
        blit_text(screen, text, body, pos, DIM if self.app.settings.muted else INK, "midright")
        blit_text(
            screen,
            self.app.t("settings.keys"),
            px(size, 15),
            (self.panel.x + pad, self.panel.bottom - px(size, 24) - px(size, 26)),
            DIM,
            "midleft",
            max_width=self.panel.width - px(size, 280),
        )

    # -- input: the volume slider takes drags ------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        slider = self.slider
        if slider is not None and slider.enabled and self.editing is None:
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and slider.rect.inflate(0, slider.rect.height // 2).collidepoint(event.pos)
            ):
                self.dragging = True
                self.focus_on(slider)
                self.set_volume(slider.value_at(event.pos[0]), save=False)
                return
            if event.type == pygame.MOUSEMOTION and self.dragging:
                self.set_volume(slider.value_at(event.pos[0]), save=False)
                return
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
                self.dragging = False
                self.set_volume(slider.value_at(event.pos[0]), save=True)
                return
        super().handle(event)

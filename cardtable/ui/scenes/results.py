"""The results, over the finished table: the winner(s), the final standings and, for Rune Works!
Levels 4-5, the MP of every magician after each round (from the engine's public round log).

Rematch deals again with the same seats and options and the next seed; Menu (or Esc) leaves.
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import pygame

from ...session import SeatConfig, Session
from ..fonts import get_font
from ..widgets import DIM, GOLD, INK, draw_panel
from .common import ERROR, FormScene, UiButton, blit_text, dim_screen, draw_error, px
from .registry import table_scene_for

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger("cardtable.results")
IGNITE, BLAST, SHOT_FROM = "★", "◆", "▼"
GAIN = (140, 220, 150)


def standings(scores: tuple[int, ...] | list[int]) -> list[tuple[int, int]]:
    """(rank, seat) best first; equal scores share a rank (1, 1, 3...)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [(1 + sum(1 for other in scores if other > scores[seat]), seat) for seat in order]


class ResultsScene(FormScene):
    """Winner(s), standings, the MP table per round; Rematch or Menu."""

    translucent = True
    opaque_background = False

    def __init__(self, app: App, session: Session, notes: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.notes = notes or {}  # per seat, how the game ended for it, in the game's words
        engine = session.engine
        view = engine.view(None)
        self.data: dict[str, Any] = dict(view.data)
        self.scores = tuple(view.scores)
        self.winners = tuple(view.winners)
        self.params = dict(view.params)
        self.seats = view.seats
        self.uses_mp = engine.game.scored_by_points(self.params) and "round_log" in self.data
        self.round_log: list[dict[str, Any]] = list(self.data.get("round_log", [])) if self.uses_mp else []
        self.error: str | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    # -- actions -----------------------------------------------------------------------------
    def rematch(self) -> None:
        """The same seats and options, the next seed."""
        seats = [SeatConfig(**asdict(seat)) for seat in self.session.seats]
        try:
            session = Session.new(self.session.game_id, seats, self.session.seed + 1, dict(self.params))
            scene = table_scene_for(self.app, session)
        except Exception as exc:  # should not happen with options that already worked once
            log.exception("rematch failed")
            self.error = self.app.t("setup.failed", error=str(exc))
            self.needs_full_redraw = True
            return
        self.app.replace(scene)

    def menu(self) -> None:
        from .menu import MenuScene

        self.app.replace(MenuScene(self.app))

    def back(self) -> None:
        self.menu()

    # -- text --------------------------------------------------------------------------------
    def headline(self) -> str:
        """Who won; a game played alone names no winner (a solo Sandbox ended "Winner: Player 1" with
        0 points); nobody winning is said in the game's own words where it has them."""
        if self.seats == 1:
            return self.app.t("results.alone")
        names = ", ".join(self.session.name(s) for s in self.winners)
        if names:
            return self.app.t("results.winner", names=names)
        own = f"game.{self.session.game_id}.nobody"
        return self.app.t(own) if self.app.t.has(own) else self.app.t("results.nobody")

    def why(self) -> list[str]:
        """The game's own words for why it ended as it did (its narration's `ending`), if any."""
        from ...rules.narration import COMMON, Renderer
        from ..i18n import all_strings

        module = self.session.chronicle.module
        if module is None or not hasattr(module, "ending"):
            return []
        words = {**COMMON, **getattr(module, "WORDS", {}), **all_strings()}
        render = Renderer(words, self.app.t.language, self.session.name, lambda card: "")
        return [render(p) for p in module.ending(self.session.engine.view(None))]

    def subtitle(self) -> str:
        engine = self.session.engine
        game = engine.game
        title = game.title_ja if self.app.t.language == "ja" and game.title_ja else game.title
        parts = [title]
        if "level" in self.params:
            parts.append(self.app.t("table.level", n=self.params["level"]))
        parts.append(self.app.t("results.seed", seed=self.session.seed))
        return " · ".join(parts)

    def score_heading(self) -> str:
        """What the score column counts: a game may name it (Sainome's is the HP left, which a bare
        "Score" does not say); MP at Rune Works' levels with rounds."""
        if self.uses_mp:
            return self.app.t("table.mp")
        own = f"results.score.{self.session.game_id}"
        return self.app.t(own) if self.app.t.has(own) else self.app.t("results.score")

    def score_text(self, seat: int) -> str:
        engine = self.session.engine
        if engine.game.scored_by_points(self.params):
            return str(self.scores[seat])
        if seat in self.notes:
            return self.notes[seat]
        won = f"game.{engine.game.id}.won"  # a game's own word for winning outright, if it has one
        return (
            (self.app.t(won) if self.app.t.has(won) else self.app.t("results.ignited"))
            if seat in self.winners
            else "—"
        )

    def rank_scores(self) -> tuple[int, ...]:
        """What the standings rank by: the scores, or, in a game won outright, winning."""
        if self.session.engine.game.scored_by_points(self.params):
            return self.scores
        return tuple(int(seat in self.winners) for seat in range(self.seats))

    def round_name(self, entry: dict[str, Any]) -> str:
        number = int(entry.get("round", 0))
        limit = int(self.data.get("round_limit", 0) or 0)
        if limit and number > limit:
            return self.app.t("results.overtime", n=number - limit)
        return str(number)

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        wide = self.uses_mp
        panel_w = min(int(width * 0.92), px(size, 1160 if wide else 760))
        self.panel = pygame.Rect(0, 0, panel_w, int(height * (0.92 if wide else 0.80)))
        self.panel.center = (width // 2, height // 2)
        pad = px(size, 28)
        bh = px(size, 52)
        bw = px(size, 200)
        y = self.panel.bottom - pad - bh
        menu = pygame.Rect(0, y, bw, bh)
        menu.right = self.panel.right - pad
        rematch = pygame.Rect(0, y, bw, bh)
        rematch.right = menu.x - px(size, 16)
        self.controls = [
            UiButton(
                t("results.rematch") + " (R)",
                rematch,
                self.rematch,
                tag="rematch",
                key=pygame.K_r,
                selected=True,
            ),
            UiButton(t("results.menu") + " (M)", menu, self.menu, tag="menu", key=pygame.K_m),
        ]

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        dim_screen(screen, 150)
        draw_panel(screen, self.panel, (16, 26, 22, 250), radius=px(size, 14))
        pad = px(size, 28)
        x = self.panel.x + pad
        y = self.panel.y + px(size, 14)
        inner = self.panel.width - 2 * pad
        title = blit_text(screen, self.app.t("results.title"), px(size, 30), (x, y), GOLD, bold=True)
        blit_text(
            screen,
            self.subtitle(),
            px(size, 17),
            (title.right + px(size, 18), title.bottom - px(size, 6)),
            DIM,
            "bottomleft",
            max_width=self.panel.right - pad - title.right - px(size, 18),
        )
        y = title.bottom + px(size, 8)
        headline = blit_text(screen, self.headline(), px(size, 26), (x, y), INK, bold=True, max_width=inner)
        for line in self.why():  # why it ended so: the round limit, a tie broken by turn order
            why = blit_text(
                screen, line, px(size, 17), (x, headline.bottom + px(size, 6)), DIM, max_width=inner
            )
            headline = why
        y = headline.bottom + px(size, 16)
        bottom = self.controls[0].rect.top - px(size, 14)
        if self.uses_mp:
            left_w = int(inner * 0.32)
            self.draw_standings(screen, pygame.Rect(x, y, left_w, bottom - y))
            gap = px(size, 24)
            self.draw_rounds(screen, pygame.Rect(x + left_w + gap, y, inner - left_w - gap, bottom - y))
        else:
            self.draw_standings(screen, pygame.Rect(x, y, inner, bottom - y))
        if self.error:
            rect = pygame.Rect(x, self.controls[0].rect.top - px(size, 8), inner - px(size, 440), 0)
            draw_error(screen, self.error, rect, px(size, 15), above=True)

    def draw_standings(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        size = screen.get_size()
        t = self.app.t
        body = px(size, 20)
        row = round(get_font(body).get_linesize() * 1.35)
        head = px(size, 16)
        y = rect.y
        rank_w = px(size, 40)
        score_x = rect.right
        blit_text(screen, t("results.rank"), head, (rect.x, y), DIM)
        blit_text(screen, t("results.player"), head, (rect.x + rank_w, y), DIM)
        blit_text(screen, self.score_heading(), head, (score_x, y), DIM, "topright")
        y += round(head * 1.7)
        for rank, seat in standings(self.rank_scores()):
            won = seat in self.winners
            colour = GOLD if won else INK
            if won:
                band = pygame.Rect(rect.x - px(size, 8), y - row // 8, rect.width + px(size, 16), row)
                draw_panel(screen, band, (232, 190, 90, 40), radius=px(size, 6))
            blit_text(screen, str(rank), body, (rect.x, y), colour)
            who = self.session.name(seat)
            kind = t("setup.human") if not self.session.is_bot(seat) else t("setup.bot")
            score = self.score_text(seat)
            score_w = get_font(body).size(score)[0]
            name_rect = blit_text(
                screen,
                who,
                body,
                (rect.x + rank_w, y),
                colour,
                max_width=rect.width - rank_w - score_w - px(size, 80),
            )
            blit_text(
                screen,
                kind,
                px(size, 14),
                (name_rect.right + px(size, 8), name_rect.centery + px(size, 2)),
                DIM,
                "midleft",
                max_width=max(10, score_x - score_w - name_rect.right - px(size, 16)),
            )
            blit_text(screen, score, body, (score_x, y), colour, "topright")
            y += row

    def draw_rounds(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        size = screen.get_size()
        t = self.app.t
        head = px(size, 15)
        seats = self.seats
        rows = len(self.round_log)
        room = rect.height - round(head * 4.2)
        body = min(px(size, 19), max(10, int(room / max(1, rows + 1) / 1.45)))
        small = max(10, body * 3 // 4)
        row = round(get_font(body).get_linesize() * 1.25)
        round_w = max(px(size, 56), get_font(head).size(t("results.round"))[0] + px(size, 10))
        col_w = (rect.width - round_w) // max(1, seats)
        y = rect.y
        blit_text(screen, t("results.round"), head, (rect.x, y), DIM)
        for seat in range(seats):
            blit_text(
                screen,
                self.session.name(seat),
                head,
                (rect.x + round_w + (seat + 1) * col_w - px(size, 6), y),
                DIM,
                "topright",
                max_width=col_w - px(size, 10),
                min_px=head,
            )
        y += round(head * 1.6)
        pygame.draw.line(
            screen,
            (70, 100, 85),
            (rect.x, y - px(size, 4)),
            (rect.right, y - px(size, 4)),
            max(1, px(size, 1)),
        )
        start = self.round_log[0]["mp"][0] - self.round_log[0]["deltas"][0] if self.round_log else None
        if start is not None:
            blit_text(screen, t("results.start"), small, (rect.x, y + (row - small) // 2), DIM)
            for seat in range(seats):
                first = self.round_log[0]
                value = first["mp"][seat] - first["deltas"][seat]
                blit_text(
                    screen,
                    str(value),
                    small,
                    (rect.x + round_w + (seat + 1) * col_w - px(size, 6), y + (row - small) // 2),
                    DIM,
                    "topright",
                )
            y += row
        for entry in self.round_log:
            blit_text(screen, self.round_name(entry), body, (rect.x, y), INK)
            igniters = set(entry.get("igniters", []))
            blasts = set(entry.get("blasts", []))
            shot_from = entry.get("shot_from")
            for seat in range(seats):
                right = rect.x + round_w + (seat + 1) * col_w - px(size, 6)
                delta = int(entry["deltas"][seat])
                mp = int(entry["mp"][seat])
                delta_text = f"{delta:+d}" if delta else "±0"
                delta_surf = get_font(small).render(
                    delta_text, True, GAIN if delta > 0 else ERROR if delta < 0 else DIM
                )
                delta_rect = delta_surf.get_rect(
                    bottomright=(right, y + get_font(body).get_ascent() - get_font(body).get_ascent() // 12)
                )
                screen.blit(delta_surf, delta_rect)
                marks = (BLAST if seat in blasts else IGNITE if seat in igniters else "") + (
                    SHOT_FROM if seat == shot_from and igniters - {seat} else ""
                )
                mp_rect = blit_text(
                    screen,
                    str(mp),
                    body,
                    (delta_rect.x - px(size, 6), y),
                    GOLD if seat in igniters else INK,
                    "topright",
                )
                if marks:
                    blit_text(
                        screen, marks, small, (mp_rect.x - px(size, 4), mp_rect.centery), GOLD, "midright"
                    )
            y += row
        legend = t("results.legend", ignite=IGNITE, blast=BLAST, shot=SHOT_FROM)
        blit_text(
            screen,
            legend,
            head,
            (rect.x, min(rect.bottom - head, y + px(size, 8))),
            DIM,
            max_width=rect.width,
        )

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return True
        # Space is how people pass hand-off screens: one press too many must not deal a new game
        # over the results (Enter, R or a click does that)
        return event.key == pygame.K_SPACE

"""A bot's thinking at the table, a part of the table (see scene.py): the question goes to the worker
thread (cardtable/ui/thinking.py) and the table keeps drawing; once a frame it looks for the answer
and plays it through the session, on this thread. While the bot thinks, a mark on its seat (turning
dots and "Name is thinking…") says why nothing moves.

Everything else stays as it is while a bot thinks: Esc opens the pause menu (the answer waits for
Resume), Save and quit saves the position with the bots' generators from before the question (the
session keeps its own bots until an answer is taken), Continue asks again. An answer for a position
the game has left (a move taken back, an edited card set, a game that ended) is dropped; a question
still being thought about when the table is left is dropped with it.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import Future
from concurrent.futures import wait as futures_wait
from typing import TYPE_CHECKING

import pygame

from ....rules.actions import Action
from ....session import BotTurn
from ...thinking import QUICK_S, WORKER
from ...widgets import GOLD, draw_panel, draw_text

if TYPE_CHECKING:
    from .scene import TableScene

SPIN_STEPS = 8  # dots round the spinner; one lights up in turn
SPIN_PER_S = 8.0  # steps a second: the mark is redrawn this often, not every frame


class ThinkingMixin:
    """Bots asked off the UI thread; the thinking mark."""

    thought: tuple[BotTurn, Future[Action]] | None = None
    thought_since = 0.0  # perf_counter when the question was asked
    thinking_drawn: tuple[int, pygame.Rect] | None = None  # the spinner step and area last drawn

    def bot_move(self: TableScene, seat: int, now: bool = True, wait: bool = True) -> bool:
        """Ask `seat`'s bot (once) and, when its answer is in and `now`, play it. True if it moved.
        `wait`: give a quick bot its moment to answer in this frame (App.think_wait_s).

        A question about another seat or a position the game has left is dropped first (its work
        may still run out in the worker; the next question waits behind it). A bot's error is raised
        here, on the UI thread, as a bot's error always was."""
        thought = self.thought
        if thought is not None and (thought[0].seat != seat or not self.session.is_current(thought[0])):
            self.drop_thought()
            thought = None
        if thought is None:
            turn = self.session.ask_bot(seat)
            future: Future[Action] = WORKER.submit(turn.think)
            thought = self.thought = (turn, future)
            self.thought_since = time.perf_counter()
            if wait:
                futures_wait([future], timeout=self.app.think_wait_s)  # a quick bot answers in this frame
        turn, future = thought
        if not now:
            return False
        if not future.done():
            if self.app.think_wait_s is not None:
                return False
            futures_wait([future])  # a run by frames (App.think_wait_s): the move when it is due
        action = future.result()
        self.thought = None
        self.forget_thinking_mark()
        if not self.session.take_answer(turn):
            return False  # stale after all (checked again: the game may have moved since)
        return self.perform(action)

    def think_ahead(self: TableScene) -> None:
        """While cards still slide after a move, the bot to move next is asked already (the position is
        the engine's, whatever the sprites show), so its thinking and the slide overlap. Its answer is
        played by `step` once the table is still, as any other."""
        if self.thought is not None or self.engine.is_over() or self.app.top is not self:
            return
        bots = [s for s in self.engine.deciding_seats() if self.session.is_bot(s)]
        if bots:
            self.bot_move(bots[0], now=False, wait=False)

    def drop_thought(self: TableScene) -> None:
        """Forget the question being thought about (its answer will never be played)."""
        if self.thought is not None:
            self.thought[1].cancel()  # not started yet: never started
            self.thought = None
        self.forget_thinking_mark()

    def thinking_seat(self: TableScene) -> int | None:
        """The seat whose bot is visibly thinking (a question out longer than a quick bot needs)."""
        thought = self.thought
        if thought is None or thought[1].done() or not self.session.is_current(thought[0]):
            return None
        if time.perf_counter() - self.thought_since < QUICK_S:
            return None
        return thought[0].seat

    def thinking_tick(self: TableScene) -> bool:
        """Called each frame while a bot is to move: True when the mark must be redrawn (it turns
        SPIN_PER_S times a second; a frame in between draws nothing)."""
        seat = self.thinking_seat()
        drawn = self.thinking_drawn
        if seat is None:
            if drawn is not None:
                self.forget_thinking_mark()
                return True
            return False
        step = int((time.perf_counter() - self.thought_since) * SPIN_PER_S)
        if drawn is not None and drawn[0] == step:
            return False
        if drawn is not None:
            self.board.mark(drawn[1])  # the old mark's pixels are drawn over with the table
        self.board.mark(self.thinking_rect(seat))
        return True

    def forget_thinking_mark(self: TableScene) -> None:
        """The mark leaves the screen at the next frame."""
        if self.thinking_drawn is not None:
            self.board.mark(self.thinking_drawn[1])
            self.thinking_drawn = None

    # -- where and how --------------------------------------------------------------------------
    def thinking_place(self: TableScene, seat: int) -> tuple[tuple[int, int], str]:
        """Where the mark goes, as a point and the side of the mark at it ("midtop": the mark hangs
        below the point): beside the seat's hand as the table lays it out, below a hand in the top
        half of the window and above one in the bottom half, else at the top of the table. A game's
        table with a better place for a seat (its name, its panel) says so."""
        view = self.view()
        width, height = self.app.size
        for pile in self.piles(view):
            if pile.zone == f"hand:{seat}":
                rect = pile.rect
                card_h = pile.width * 88 // 63
                if rect.y + card_h // 2 > height // 2:
                    return (rect.centerx, rect.y - 6), "midbottom"
                return (rect.centerx, rect.y + card_h + 6), "midtop"
        return (width // 2, height // 12), "midtop"

    def thinking_px(self: TableScene) -> int:
        return max(14, self.app.size[1] // 42)

    def thinking_text(self: TableScene, seat: int) -> str:
        return self.app.t("table.waiting", name=self.session.name(seat))

    def thinking_rect(self: TableScene, seat: int) -> pygame.Rect:
        """The mark's area on the window (a panel round the dots and the words)."""
        from ...widgets import text_surface

        px = self.thinking_px()
        text_w = text_surface(self.thinking_text(seat), px, GOLD, False).get_width()
        rect = pygame.Rect(0, 0, text_w + px * 2 + 24, px * 2)
        point, side = self.thinking_place(seat)
        setattr(rect, side, point)
        return rect.clamp(pygame.Rect((0, 0), self.app.size))

    def draw_thinking(self: TableScene, screen: pygame.Surface) -> pygame.Rect | None:
        """The mark on the thinking bot's seat: a ring of dots, one lit in turn, and the words."""
        seat = self.thinking_seat()
        if seat is None:
            self.thinking_drawn = None
            return None
        px = self.thinking_px()
        rect = self.thinking_rect(seat)
        draw_panel(screen, rect, (10, 30, 22, 215), radius=px // 2)
        step = int((time.perf_counter() - self.thought_since) * SPIN_PER_S)
        cx, cy, radius = rect.x + px // 2 + 8, rect.centery, px * 0.5
        for dot in range(SPIN_STEPS):
            angle = 2 * math.pi * dot / SPIN_STEPS - math.pi / 2
            lit = (step - dot) % SPIN_STEPS
            shade = max(60, 255 - lit * 28)
            centre = (round(cx + radius * math.cos(angle)), round(cy + radius * math.sin(angle)))
            pygame.draw.circle(
                screen, (shade, shade * 215 // 255, 90 * shade // 255), centre, max(2, px // 6)
            )
        draw_text(screen, self.thinking_text(seat), px, (cx + px // 2 + 10, cy), GOLD, "midleft")
        self.thinking_drawn = (step, rect)
        return rect

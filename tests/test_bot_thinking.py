"""Bots think off the UI thread (cardtable/ui/thinking.py, ui/scenes/table/thinking.py): the window
keeps ticking while a slow bot thinks, Esc pauses it, a stale answer (a move taken back, a game left)
is never played, and Save and quit while a bot thinks leaves a save that Continue plays on exactly.
The slow bot is the random bot held at a gate: it draws from its generator first (so a bot that
thought on the session's own generator would save a state from the middle of a decision), then waits
until the test opens the gate."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from clock import SteppedClock

from cardtable.bots.random_bot import RandomBot
from cardtable.rules.actions import Action
from cardtable.rules.view import PlayerView
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.thinking import QUICK_S


class Gate:
    """The slow double's gate, and the threads its bot thought in."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.threads: list[str] = []
        self.asked = 0


@pytest.fixture()
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    choose = RandomBot.choose

    def slow(self: RandomBot, view: PlayerView) -> Action:
        self.rng.random()  # a draw before the wait: the generator is mid-decision while it thinks
        held.asked += 1
        held.threads.append(threading.current_thread().name)
        if not held.open.wait(60):
            raise TimeoutError("the test never opened the gate")
        return choose(self, view)

    monkeypatch.setattr(RandomBot, "choose", slow)
    yield held
    held.open.set()  # a question still waiting in the worker ends with the test


@pytest.fixture()
def app(app: App) -> App:
    app.think_wait_s = QUICK_S  # as in a real window: a slow bot thinks while frames go on
    return app


def _frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.frame([])


def _until(app: App, done: Any, seconds: float = 30.0) -> None:
    end = time.perf_counter() + seconds
    while not done():
        assert time.perf_counter() < end, "timed out"
        app.frame([])


def _key(app: App, key: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def _bots_table(app: App) -> Any:
    seats = [SeatConfig("Ann", False, "random"), SeatConfig("Ben", False, "random")]
    session = Session.new("runeworks", seats, 3, {"level": 1})
    table = table_scene_for(app, session)
    app.replace(table)
    return table


def test_the_window_keeps_ticking_while_a_bot_thinks_and_esc_pauses_it(app: App, gate: Gate) -> None:
    table = _bots_table(app)
    session = table.session
    _frames(app)
    assert gate.asked == 1 and gate.threads[0] != threading.current_thread().name  # asked off this thread
    drawn, ticked = app.frames_drawn, 0
    end = time.perf_counter() + 0.5
    while time.perf_counter() < end:
        app.frame([])
        ticked += 1
    assert ticked >= 10  # the frames go on, none waiting for the bot
    assert app.frames_drawn - drawn >= 2  # the spinner turns (SPIN_PER_S steps a second)
    assert session.move_count == 0
    seat = table.thought[0].seat
    assert table.thinking_seat() == seat and table.thinking_drawn is not None
    assert app.busy()  # the loop does not sleep on the event queue while a bot thinks
    _key(app, pygame.K_ESCAPE)  # the pause menu opens over the thinking bot
    pause = app.top
    assert pause is not table and pause.pauses_below
    gate.open.set()
    _until(app, lambda: table.thought[1].done())
    _frames(app, 5)
    assert session.move_count == 0  # the answer waits for Resume
    _key(app, pygame.K_ESCAPE)
    assert app.top is table
    _until(app, lambda: session.move_count > 0)
    assert session.engine.state.history[0].seat == seat


def test_an_answer_for_a_move_taken_back_is_dropped(app: App, gate: Gate) -> None:
    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
    session = Session.new("runeworks", seats, 3, {})
    table = table_scene_for(app, session)
    app.replace(table)
    _frames(app)
    assert table.thought is not None and table.thought[0].seat == 1  # thinking about the first move
    stale, stale_future = table.thought
    before = session.bots[1].rng.state
    mine = next(a for a in session.engine.legal_actions(0) if a.kind == "reveal")
    assert table.perform(mine) and session.engine.can_undo(0)
    table.undo()  # back where the bot was asked: the same number of moves, but not the same question
    assert session.move_count == 0 and session.changes == 2
    gate.open.set()
    stale_future.result(timeout=30)  # the stale answer is in, unplayed so far
    gate.open.clear()
    _frames(app)  # the stale answer comes in: dropped, and the bot asked again
    assert session.move_count == 0, "an answer for a position left behind was played"
    assert table.thought is not None and table.thought[0] is not stale and table.thought[0].change == 2
    assert session.bots[1] is not stale.bot and session.bots[1].rng.state == before
    gate.open.set()
    _until(app, lambda: any(a.seat == 1 for a in session.engine.state.history))


def test_save_and_quit_while_a_bot_thinks_then_continue_plays_the_same_moves(app: App, gate: Gate) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.pause import PauseScene

    table = _bots_table(app)
    session = table.session
    gate.open.set()
    _until(app, lambda: session.move_count >= 6)
    gate.open.clear()
    _until(app, lambda: table.thinking_seat() is not None)  # a bot is mid-question
    rngs = session.bot_rngs()
    moves = session.move_count
    _key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.save_and_quit()
    assert isinstance(app.top, MenuScene) and table not in app.scenes
    gate.open.set()  # the question left behind ends in the worker; nobody plays its answer
    _until(app, lambda: table.thought is None or table.thought[1].done())
    _frames(app, 3)
    assert session.move_count == moves and session.bot_rngs() == rngs
    resumed = Session.resume()
    assert resumed.move_count == moves
    assert resumed.bot_rngs() == rngs  # the generators from before the question, not from its middle
    for _ in range(20):  # the game as it would have gone on, and as Continue plays it
        if session.engine.is_over():
            break
        seat = session.engine.deciding_seats()[0]
        expected = session.bot_action(seat)
        assert resumed.bot_action(seat) == expected
        session.apply(expected)
        resumed.apply(expected)
    resumed.close()


def test_the_next_bot_thinks_while_the_last_moves_cards_slide(app: App, gate: Gate) -> None:
    table = _bots_table(app)
    session = table.session
    app.settings.animation_speed = table.animator.speed = 1.0  # the cards slide as in a real window
    # Time by frames of 8 ms: on a busy machine a frame of the real clock could outlast the whole slide
    # (the check below then never saw the cards still moving; CI failed on it once).
    app.clock = SteppedClock(8)  # type: ignore[assignment]
    gate.open.set()
    seen = False
    end = time.perf_counter() + 30
    while not seen and time.perf_counter() < end and not session.engine.is_over():
        app.frame([])
        thought = table.thought
        seen = table.animator.busy and thought is not None and thought[0].change == session.changes
    assert seen, "no bot was asked while the cards of the move before it slid"

"""Long work with a progress bar (cardtable/ui/progress.py), headless: the bar advances as the work
reports, the window keeps drawing and reading its events, the result arrives, Esc and closing the
window stop the work (and the close still quits), and an error in the work is handed back to show,
never a crash. The pause menu's Print runs through it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from cardtable.persistence.settings import Settings
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.progress import Progress, ProgressScene, run_long_work, run_pure_work
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import GOLD

STEPS = 8


class Plain(Scene):
    """An opaque scene under the bar."""

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        screen.fill((24, 74, 52))
        return super().draw(screen)


pytestmark = pytest.mark.app(Settings(language="en"))


@pytest.fixture()
def app(app: App) -> App:
    app.push(Plain(app))
    app.frame([])
    return app


def _gold_in_bar(app: App) -> int:
    """How many pixels of the bar's row are the bar's gold."""
    scene = app.top
    assert isinstance(scene, ProgressScene)
    row = scene.panel.y + round(58 * min(app.size[0] / 1280, app.size[1] / 720)) + 5
    return sum(
        1 for x in range(scene.panel.left, scene.panel.right) if app.screen.get_at((x, row))[:3] == GOLD
    )


def test_the_bar_advances_as_the_work_reports_and_the_result_arrives(app: App) -> None:
    seen: list[tuple[tuple[int, int], int, int]] = []

    def work(progress: Progress) -> str:
        for done in range(1, STEPS + 1):
            time.sleep(0.04)  # a card's worth of work: longer than a frame
            progress(done, STEPS)
            top = app.top
            assert isinstance(top, ProgressScene), "the bar is up while the work runs"
            seen.append((top.shown, app.frames_drawn, _gold_in_bar(app)))
        return "the file"

    frames = app.frames_drawn
    outcome = run_long_work(app, "Printing", work, unit="progress.cards")
    assert outcome.value == "the file" and outcome.error is None and not outcome.cancelled
    assert [shown for shown, _, _ in seen] == [(done, STEPS) for done in range(1, STEPS + 1)], (
        "drawn each step"
    )
    assert [drawn for _, drawn, _ in seen] == sorted({drawn for _, drawn, _ in seen}), "a new frame each step"
    assert seen[0][1] > frames
    gold = [pixels for _, _, pixels in seen]
    assert gold == sorted(gold) and gold[0] > 0 and gold[-1] > 4 * gold[0], f"the bar fills: {gold}"
    assert isinstance(app.top, Plain), "the bar is gone when the work is done"
    assert app.running


def test_escape_stops_the_work_at_its_next_step(app: App) -> None:
    steps: list[int] = []

    def work(progress: Progress) -> None:
        for done in range(1, STEPS + 1):
            steps.append(done)
            if done == 3:
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
                )
            time.sleep(0.04)
            progress(done, STEPS)

    outcome = run_long_work(app, "Printing", work)
    assert outcome.cancelled and outcome.value is None and outcome.error is None
    assert steps == [1, 2, 3], "the work stopped at the step after Esc"
    assert isinstance(app.top, Plain) and app.running, "Esc stops the work, not the app"


def test_closing_the_window_stops_the_work_and_the_app_still_quits(app: App) -> None:
    def work(progress: Progress) -> None:
        for done in range(1, STEPS + 1):
            if done == 2:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            time.sleep(0.04)
            progress(done, STEPS)
        raise AssertionError("the work should have stopped")

    outcome = run_long_work(app, "Printing", work)
    assert outcome.cancelled
    assert not app.running, "the close was not lost: the main loop ends"


def test_an_error_in_the_work_is_handed_back_not_raised(app: App) -> None:
    def work(progress: Progress) -> None:
        progress(1, 4)
        raise OSError("No space left on device")

    outcome = run_long_work(app, "Printing", work)
    assert isinstance(outcome.error, OSError) and "No space" in str(outcome.error)
    assert not outcome.cancelled and outcome.value is None
    assert isinstance(app.top, Plain) and app.running
    app.frame([])  # the app goes on


# -- work with no steps, in a worker thread ---------------------------------------------------------
# The worker waits for what the window shows instead of sleeping a set time, so a slow or busy machine
# makes these tests slower, never red (tests never fail on a timing).
def _until(what: str, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.005)


def test_quick_pure_work_shows_no_bar_and_long_work_pulses_with_the_window_alive(app: App) -> None:
    frames = app.frames_drawn
    assert run_pure_work(app, "Loading", lambda: 42, show_after=5.0).value == 42
    assert app.frames_drawn == frames, "work done at once shows nothing"

    seen: list[object] = []

    def slow() -> str:
        _until("the bar", lambda: isinstance(app.top, ProgressScene))
        seen.append(app.top)  # read, not drawn: this thread touches no pygame
        _until("five frames", lambda: app.frames_drawn - frames >= 5)
        return "the game"

    outcome = run_pure_work(app, "Loading", slow, show_after=0.1)
    assert outcome.value == "the game" and not outcome.cancelled and outcome.error is None
    assert isinstance(seen[0], ProgressScene), "the bar was up while it worked"
    assert app.frames_drawn - frames >= 5, "the window kept drawing"
    assert isinstance(app.top, Plain)


def test_pure_work_escaped_drops_its_result_and_its_error_comes_back(app: App) -> None:
    def slow() -> str:
        _until("the bar", lambda: isinstance(app.top, ProgressScene))
        bar = app.top
        assert isinstance(bar, ProgressScene)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
        _until("Esc read", lambda: bar.cancel_asked)
        return "the game"

    outcome = run_pure_work(app, "Loading", slow, show_after=0.1)
    assert outcome.cancelled and outcome.value is None and app.running

    def broken() -> None:
        _until("the bar", lambda: isinstance(app.top, ProgressScene))
        raise ValueError("move 7 does not replay")

    outcome = run_pure_work(app, "Loading", broken, show_after=0.05)
    assert isinstance(outcome.error, ValueError) and isinstance(app.top, Plain)


def test_continue_on_the_menu_loads_a_long_game_behind_a_bar(app: App) -> None:
    from cardtable.ui.scenes.menu import MenuScene

    session = Session.new("sandbox", [SeatConfig("Ann")], 3, {})
    engine = session.engine
    for index in range(60):
        session.apply(engine.parse(0, "roll" if index % 2 else "take deck>hand:0"))
    menu = MenuScene(app)
    app.replace(menu)
    app.frame([])
    bars: list[object] = []
    real = Session.resume

    def slow_resume(*args: object, **kwargs: object) -> Session:
        # as a session of thousands of moves replays: still loading when the bar comes up
        _until("the bar", lambda: isinstance(app.top, ProgressScene))
        bars.append(app.top)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    Session.resume = slow_resume  # type: ignore[assignment,method-assign]
    try:
        menu.continue_game()
    finally:
        Session.resume = real  # type: ignore[method-assign]
    assert isinstance(bars[0], ProgressScene), "a bar while the game loads"
    assert (
        type(app.top).__name__ == "SandboxTable"
        and app.top.session.engine.state.history == engine.state.history
    )


# -- the pause menu's Print --------------------------------------------------------------------
@pytest.fixture()
def paused(app: App) -> Iterator[object]:
    from cardtable.ui.scenes.pause import PauseScene
    from cardtable.ui.scenes.registry import table_scene_for

    session = Session.new("sandbox", [SeatConfig("Ann"), SeatConfig("Ben")], 3, {}, autosave=False)
    table = table_scene_for(app, session)
    app.replace(table)
    app.frame([])
    pause = PauseScene(app, table)
    app.push(pause)
    app.frame([])
    yield pause


def test_print_from_the_pause_menu_shows_a_bar_and_writes_the_pdf(
    app: App, paused: object, monkeypatch
) -> None:
    import cardtable.printing.pdf as pdf

    real = pdf.export_pdf
    bars: list[tuple[int, int]] = []

    def watched(cardset, out, options, progress=None):  # type: ignore[no-untyped-def]
        def seen(done: int, total: int) -> None:
            assert progress is not None, "Print passes a progress callback"
            progress(done, total)
            if isinstance(app.top, ProgressScene):
                bars.append(app.top.shown)

        return real(cardset, out, options, seen)

    monkeypatch.setattr(pdf, "export_pdf", watched)
    paused.print_set()  # type: ignore[attr-defined]
    assert paused.error is None, paused.error  # type: ignore[attr-defined]
    assert "pages written to" in paused.notice, paused.notice  # type: ignore[attr-defined]
    out = Path(paused.notice.rsplit(" to ", 1)[1])  # type: ignore[attr-defined]
    assert out.read_bytes().startswith(b"%PDF")
    assert len(set(bars)) > 3 and bars[-1][0] > bars[0][0], f"the bar moved: {bars[:3]}...{bars[-3:]}"
    assert app.top is paused


def test_print_stopped_or_failed_says_so_and_writes_nothing(app: App, paused: object, monkeypatch) -> None:
    from cardtable.persistence.files import user_folders

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    paused.print_set()  # type: ignore[attr-defined]
    assert paused.notice == "Printing stopped: no file was written"  # type: ignore[attr-defined]
    assert paused.error is None  # type: ignore[attr-defined]
    assert not (user_folders().saves.parent / "prints" / "standard52.pdf").exists()
    assert app.top is paused

    import cardtable.printing.pdf as pdf

    def broken(cardset, out, options, progress=None):  # type: ignore[no-untyped-def]
        progress(1, 52)
        raise OSError("No space left on device")

    monkeypatch.setattr(pdf, "export_pdf", broken)
    paused.print_set()  # type: ignore[attr-defined]
    assert paused.error == "Could not print: No space left on device"  # type: ignore[attr-defined]
    assert paused.notice is None  # type: ignore[attr-defined]
    app.frame([])
    assert app.top is paused and app.running

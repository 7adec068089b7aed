"""The Balance lab screen (cardtable/ui/scenes/lab.py): opened from the menu, it plays the chosen bot
games off the UI thread with a bar of games done, can be stopped, and shows the findings and plots of
the report it kept, in both languages."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.ui.app import App
from cardtable.ui.scenes.lab import GAME_COUNTS, LabScene
from cardtable.ui.scenes.menu import MenuScene


@pytest.fixture
def app(app: App, monkeypatch: pytest.MonkeyPatch) -> App:
    # the plots are matplotlib's work, tested with the report; here a plot is one small PNG
    def one_plot(report: object, out: object, language: str = "en") -> list[object]:
        from pathlib import Path

        folder = Path(str(out))
        folder.mkdir(parents=True, exist_ok=True)
        surface = pygame.Surface((80, 45))
        surface.fill((200, 200, 200))
        pygame.image.save(surface, str(folder / "seats.png"))
        return [folder / "seats.png"]

    monkeypatch.setattr("cardtable.lab.plots.draw_plots", one_plot)
    return app


def _lab(app: App) -> LabScene:
    menu = MenuScene(app)
    app.replace(menu)
    app.frame([])
    button = next(c for c in menu.controls if c.tag == "lab")
    menu.press(button)
    app.frame([])
    lab = app.top
    assert isinstance(lab, LabScene)
    lab.game_index = [g.id for g in lab.games].index("war")  # the test game: 52 moves a game
    lab.step_game(0)
    lab.count_index = GAME_COUNTS.index(20)
    return lab


def _run_until(app: App, lab: LabScene, phase: str) -> None:
    deadline = time.monotonic() + 60
    while lab.phase != phase and time.monotonic() < deadline:
        app.frame([])
        time.sleep(0.01)
    assert lab.phase == phase


def test_the_lab_plays_the_games_and_shows_the_report(app: App) -> None:
    lab = _lab(app)
    lab.start()
    assert lab.phase == "run" and lab.busy()
    app.frame([])
    _run_until(app, lab, "results")
    assert lab.report is not None and lab.report["games"]["count"] == 20
    assert lab.folder is not None and (lab.folder / "report.json").is_file()
    assert (lab.folder / "report.html").is_file()
    assert lab.plot_image() is not None
    assert {c.tag for c in lab.controls} >= {"plot", "again", "back"}
    app.settings.language = "ja"
    app.apply_settings()
    app.frame([])  # the findings are drawn again in Japanese
    assert lab.app.t.language == "ja"
    lab.again()
    assert lab.phase == "choose"
    focused = lab.focused_control()
    assert focused is not None and focused.tag == "start"  # Enter plays the same games again


def test_escape_stops_the_run(app: App) -> None:
    lab = _lab(app)
    lab.count_index = GAME_COUNTS.index(500)
    lab.start()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert lab.cancel_asked
    _run_until(app, lab, "choose")
    assert lab.report is None and lab.error  # "Stopped: no report."
    assert lab.done < 500


def test_a_cancel_while_the_plots_are_drawn_is_kept_to(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen under X: Esc pressed after the last game ("20 of 20 games · drawing the plots…") turned
    the line to "Stopping…", and then the results showed all the same."""
    import threading

    from cardtable.lab import page

    drawing = threading.Event()
    release = threading.Event()
    real = page.write_report_folder

    def slow_report(*args: object, **kwargs: object) -> object:
        drawing.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(page, "write_report_folder", slow_report)
    lab = _lab(app)
    lab.start()
    assert drawing.wait(60) and lab.done == lab.total  # every game played, the report being written
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert lab.cancel_asked
    release.set()
    _run_until(app, lab, "choose")
    assert lab.report is None and lab.error == app.t("lab.cancelled")

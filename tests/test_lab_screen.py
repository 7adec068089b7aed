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


def _report(players: int, holes: int) -> dict[str, object]:
    """A report as cardtable/lab/report.py builds it, with what the findings read: `players` seats, the
    random bot in seat 1 against the heuristic, three cards worth a line, `holes` games that hit the cap."""
    from cardtable.lab.record import CAP

    def rate(value: float, n: int) -> dict[str, object]:
        return {"rate": value, "ci95": [max(0.0, value - 0.2), min(1.0, value + 0.2)], "n": n}

    card = {"pick_rate": rate(0.5, 20), "win_rate_with": rate(0.7, 10), "win_rate_without": rate(0.3, 10)}
    return {
        "games": {"players": players, "count": 20},
        "seats": [{"seat": i + 1, "win_rate": rate(1 / players, 20)} for i in range(players)],
        "bots": {"heuristic": {"win_rate": rate(0.3, 100)}, "random": {"win_rate": rate(0.25, 20)}},
        "endings": {"rules_holes": [{"ending": CAP, "seed": 7 + i, "actions": 700} for i in range(holes)]},
        "cards": {code: card for code in ("C7", "D7", "H7")},
        "length": {"turns": {"mean": 18.0, "p90": 26}},
        "drama": {"ludii": {"mean": 0.08}},
        "lead_changes": {"count": {"mean": 4.5}},
    }


@pytest.mark.parametrize(("players", "holes"), [(6, 0), (6, 9)])
def test_the_findings_fit_their_column_and_name_each_bot(
    app: App, monkeypatch: pytest.MonkeyPatch, players: int, holes: int
) -> None:
    """Seen under X at 1280x720: six seats' findings ran past the column and their last lines (the
    length, the drama) were never drawn, and rules holes (listed last, with the seeds to replay) would
    have been cut the same way; the seat lines never said how Bot of seat 1 did against the others."""
    from cardtable.ui.scenes import lab as lab_module

    drawn: list[tuple[str, int]] = []
    real = lab_module.blit_text

    def record(
        screen: pygame.Surface, text: str, size: int, pos: tuple[int, int], *args: object, **kw: object
    ):  # type: ignore[no-untyped-def]
        drawn.append((text, pos[1]))
        return real(screen, text, size, pos, *args, **kw)

    lab = _lab(app)
    lab.report, lab.folder, lab.phase = _report(players, holes), None, "results"
    lab.rebuild()
    monkeypatch.setattr(lab_module, "blit_text", record)
    app.frame([])
    text = " ".join(t for t, _ in drawn)
    assert "Easy wins 25% ± 20 of the seats it sat in (fair: 17%)." in text
    assert "Normal wins 30%" in text
    bottom = lab.panel.bottom - 100 * app.size[1] // 720  # where "Saved: …" is written
    assert all(y + 16 <= bottom for t, y in drawn if t != app.t("lab.title"))
    if holes:
        assert drawn[-1][0] == app.t("lab.rest_in_report")  # what did not fit is said to be elsewhere
    else:
        assert "lead changed 4.5 times a game." in text  # the last finding, drawn whole

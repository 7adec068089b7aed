"""The table's log panel scrolled with the wheel: it moves by whole lines of the log, and the panel
never opens on the second half of a wrapped line (cardtable/ui/scenes/table/log.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from cardtable.persistence.settings import Settings
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.fonts import get_font, wrap_text
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene

LOG_BOX = pygame.Rect(900, 300, 170, 200)  # narrow: most lines of the log wrap


@pytest.fixture()
def table() -> Iterator[TableScene]:
    app = App(Settings(language="en"), size=(1280, 720), fast=True)
    session = Session.new("risugeon", [SeatConfig("Ann"), SeatConfig("Ben")], 4, {}, autosave=False)
    scene = table_scene_for(app, session)
    scene.log_rect = lambda: LOG_BOX.copy()  # type: ignore[method-assign]
    app.push(scene)
    for _ in range(600):  # both people play until the log holds far more than the panel shows
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
            continue
        if scene.summary:
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")])
        if scene.viewer is not None and scene.my_legal():
            legal = scene.my_legal()
            scene.perform(next((a for a in legal if a.kind in ("pass", "end")), legal[0]))
        app.frame([])
        if len(scene.log_lines()) > 40 and scene.viewer is not None and not scene.summary:
            break
    yield scene


def _drawn_rows(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rows the log panel draws under its title, as they are painted."""
    import cardtable.ui.scenes.table.log as log_module

    drawn: list[str] = []
    real = log_module.draw_text

    def record(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(log_module, "draw_text", record)
    table.draw_log(pygame.Surface(table.app.size))
    monkeypatch.setattr(log_module, "draw_text", real)
    marks = {"▲", "▼", "▲ ▼"}  # the out-of-sight marks beside the title
    return [text for text in drawn[1:] if text not in marks]  # the first is the panel's title


def _starts(table: TableScene) -> dict[str, list[str]]:
    """Each line of the log as the panel wraps it, keyed by its first row."""
    font = get_font(table.log_px())
    return {
        rows[0]: rows for line in table.log_lines() for rows in [wrap_text(font, line, LOG_BOX.width - 16)]
    }


def _wheel(table: TableScene, notches: int, at: tuple[int, int] = LOG_BOX.center) -> None:
    """A wheel turn with the mouse at `at` (a wheel event has no position: the table asks the mouse,
    which posted events do not move)."""
    real = pygame.mouse.get_pos
    pygame.mouse.get_pos = lambda: at  # type: ignore[assignment]
    try:
        table.app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False)])
    finally:
        pygame.mouse.get_pos = real  # type: ignore[assignment]


def _whole_lines(rows: list[str], starts: dict[str, list[str]]) -> int:
    """How many whole lines of the log `rows` are, failing if they start or end inside one."""
    count, at = 0, 0
    while at < len(rows):
        lines = [r for r in (starts.get(rows[at]),) if r is not None]
        assert lines, f"the panel starts a line mid-way: {rows[at]!r} (rows {rows})"
        assert rows[at : at + len(lines[0])] == lines[0], f"a line cut short: {rows[at:]}"
        at += len(lines[0])
        count += 1
    return count


def test_the_log_shows_whole_lines_newest_last_and_the_wheel_moves_it_by_whole_lines(
    table: TableScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = _starts(table)
    assert any(len(rows) > 1 for rows in starts.values()), "the narrow panel wraps lines"
    newest = _drawn_rows(table, monkeypatch)
    assert _whole_lines(newest, starts) >= 2
    last_line = table.log_lines()[-1]
    assert " ".join(newest).replace(" ", "").endswith(last_line.replace(" ", "")), "newest line at the bottom"

    seen: list[list[str]] = [newest]
    for _ in range(6):  # older, one notch at a time: each view is whole lines, and a different one
        _wheel(table, 1)
        rows = _drawn_rows(table, monkeypatch)
        assert _whole_lines(rows, starts) >= 1
        assert rows != seen[-1], "a notch moves the log"
        seen.append(rows)
    assert table.log_offset() == 6
    _wheel(table, -6)  # back down: the newest lines again
    assert table.log_offset() == 0
    assert _drawn_rows(table, monkeypatch) == newest


def test_the_wheel_stops_at_the_oldest_line_and_only_over_the_log(
    table: TableScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = _starts(table)
    total = len(table.log_lines())
    _wheel(table, total + 50)  # far past the start of the game
    oldest = _drawn_rows(table, monkeypatch)
    assert oldest[: len(starts[oldest[0]])] == wrap_text(
        get_font(table.log_px()), table.log_lines()[0], LOG_BOX.width - 16
    ), "the first line of the game at the top"
    assert len(oldest) > len(starts[oldest[0]]), "the panel is filled below it, not left empty"
    back = table.log_offset()
    _wheel(table, 1)
    assert table.log_offset() == back, "no further than the oldest line"
    _wheel(table, -3, at=(20, 20))
    assert table.log_offset() == back, "the wheel elsewhere leaves the log alone"

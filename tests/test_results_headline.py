"""The results' headline: a Sandbox played alone and closed from the Actions list (A) names no winner
(it read "Winner: Player 1" with 0 points)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import press

from cardtable.persistence.settings import Settings
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.results import ResultsScene

# the table as a window plays it (a frame of 1/120 s at least), its animations at once
pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)


def test_a_sandbox_closed_alone_names_no_winner(app: App) -> None:
    session = Session.new("sandbox", [SeatConfig("Ann")], 1, {})
    table = table_scene_for(app, session)
    app.replace(table)
    app.frame([])
    press(app, pygame.K_a, "a")  # every move
    menu = table.menu  # type: ignore[attr-defined]
    assert menu is not None
    close = next(i for i, a in enumerate(menu.actions) if a.kind == "close")
    for digit in str(close + 1):
        press(app, getattr(pygame, f"K_{digit}"), digit)
    for _ in range(30):
        app.frame([])
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene) and session.engine.is_over()
    assert "Winner" not in results.headline()
    assert results.headline() == "Played alone: no winner"

"""Lyabi's results name their score column: the score is each player's HP left (the loser's 0), which
the bare "Score" the column read after a game played under X did not say."""

from __future__ import annotations

import pygame

from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.results import ResultsScene


def test_the_results_say_the_score_is_the_hp_left() -> None:
    app = App(fast=True, size=(1280, 720))
    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False)]
    session = Session.new("lyabi", seats, 7, {}, autosave=False)
    while not session.engine.is_over():
        session.apply(session.bot_action(session.engine.deciding_seats()[0]))
    results = ResultsScene(app, session)
    assert results.score_heading() == "HP left"
    hp = session.engine.view(None).data["hp"]
    assert [results.score_text(seat) for seat in range(2)] == [str(n) for n in hp]
    app.t.language = "ja"
    assert results.score_heading() == "残りHP"
    pygame.display.quit()

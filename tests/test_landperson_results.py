"""How a Land & Person game's end is counted: the scores are the count the game was decided on (the
★ occupied, the spoils, ...; a game won on stars recorded 0 : 0, the spoils), and the results screen
says that count under the winner (it said "Won on the count at deck out" without the count)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.rules.engine import Engine
from cardtable.rules.events import GameEnded
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.results import ResultsScene
from tests.stacked import stacked_session

SEATS = [SeatConfig("Ann", human=True), SeatConfig("Ben", human=True)]


def _won_on_stars() -> tuple[Session, list[GameEnded]]:
    """Ann holds ★8 occupied (Capital, Castle Town, Village) and takes the Farmland (★2, siege 3) that
    Ben cannot defend: ★10 wins."""
    session = stacked_session(
        "landperson",
        SEATS,
        {
            "occupied:0": ["L8", "L7", "L1"],
            "lands": ["L3", "L4"],
            "field:0": ["P12"],
            "field:1": ["P02"],
            "spoils:1": ["P01"],
            "hand:0": [],
        },
        {"first": "P1", "phase": "battle", "acted": ["P02"]},
        params={"mode": "shared"},
    )
    engine: Engine = session.engine
    ended = []
    for seat, text in ((0, "attack"), (0, "add P12"), (0, "done"), (1, "siege")):
        ended += [e for e in engine.apply_text(seat, text) if isinstance(e, GameEnded)]
    return session, ended


def test_a_game_won_on_stars_scores_the_stars() -> None:
    session, ended = _won_on_stars()
    engine = session.engine
    assert engine.is_over() and engine.state.winners == (0,)
    assert engine.state.data["ended"] == "occupied"
    assert engine.state.scores == [10, 0]  # not the spoils 0 : 1
    assert [e.scores for e in ended] == [(10, 0)]


def test_a_shared_deck_out_scores_the_count_that_decided() -> None:
    """Spoils equal, ★ 6 : 4 decide (R8): the scores are the stars."""
    session = stacked_session(
        "landperson",
        SEATS,
        {
            "deck": [],
            "occupied:0": ["L7", "L7"],
            "occupied:1": ["L8"],
            "spoils:0": ["P01"],
            "spoils:1": ["P02"],
            "field:0": [],
            "hand:0": [],
        },
        {"first": "P1", "phase": "battle"},
        params={"mode": "shared"},
    )
    engine = session.engine
    engine.apply_text(0, "noattack")  # Ben's income finds the deck empty
    assert engine.is_over() and engine.state.winners == (0,)
    assert engine.state.scores == [6, 4]


@pytest.mark.parametrize(
    ("language", "line"),
    [("en", "Ann : Ben — ★ occupied 10 : 0"), ("ja", "Ann : Ben — 占領した★ 10 : 0")],
)
def test_the_results_say_the_count(app: App, language: str, line: str) -> None:
    session, _ = _won_on_stars()
    app.t.language = language
    results = ResultsScene(app, session)
    assert results.why() == [line]
    app.push(results)
    app.frame([])
    assert isinstance(pygame.display.get_surface(), pygame.Surface)


def test_the_count_at_the_shared_deck_end_lists_each_measure_up_to_the_deciding_one(app: App) -> None:
    session = stacked_session(
        "landperson",
        SEATS,
        {"deck": [], "occupied:0": ["L7", "L7"], "occupied:1": ["L8"], "field:0": [], "hand:0": []},
        {"first": "P1", "phase": "battle"},
        params={"mode": "shared"},
    )
    session.engine.apply_text(0, "noattack")
    assert ResultsScene(app, session).why() == ["Ann : Ben — spoils 0 : 0 and ★ occupied 6 : 4"]

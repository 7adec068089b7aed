"""Seating people at setup, driven by posted clicks: one click on a seat's Human / Bot switch seats a
second person (it cycled Bot (normal) -> Bot (easy) -> Human, two clicks every time), a bot's level is
its own button, and the seats are remembered in the settings for the next game."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import click_tag

from cardtable.bots.random_bot import RandomBot
from cardtable.games import get_game
from cardtable.persistence.settings import load_settings
from cardtable.rules.rng import Rng
from cardtable.ui.app import App
from cardtable.ui.scenes.setup import SetupScene


def _tags(scene: SetupScene) -> set[str]:
    return {c.tag for c in scene.controls}


def _setup(app: App, game: str = "runeworks") -> Any:
    scene = SetupScene(app, get_game(game))
    app.push(scene)
    app.frame([])
    return scene


def test_one_click_seats_a_second_person_and_the_level_is_a_button_of_its_own(app: App) -> None:
    setup = _setup(app)
    assert setup.choices[1].kind == "heuristic"
    assert "level:1" in _tags(setup) and "level:0" not in _tags(setup), "a person has no level"
    click_tag(app, setup, "kind:1")
    assert setup.choices[1].kind == "human", "one click: a second person"
    assert "level:1" not in _tags(setup)
    click_tag(app, setup, "kind:1")
    assert setup.choices[1].kind == "heuristic", "and back to the bot it was"
    click_tag(app, setup, "level:1")
    assert setup.choices[1].kind == "random"
    label = next(c for c in setup.controls if c.tag == "level:1").label
    assert label == "Easy"
    click_tag(app, setup, "kind:1")
    click_tag(app, setup, "kind:1")
    assert setup.choices[1].kind == "random", "the level chosen is kept across the switch"


def test_the_seats_are_remembered_for_the_next_game(app: App) -> None:
    setup = _setup(app)
    click_tag(app, setup, "count-")  # three seats
    click_tag(app, setup, "kind:1")  # a second person
    click_tag(app, setup, "level:2")  # an easy bot
    kinds = [c.kind for c in setup.choices[:3]]
    assert kinds == ["human", "human", "random"]
    click_tag(app, setup, "start")
    assert load_settings().seat_kinds[:3] == kinds and load_settings().seat_count == 3
    again = SetupScene(app, get_game("runeworks"))
    assert again.count == 3 and [c.kind for c in again.choices[:3]] == kinds
    # a game with fewer seats takes what fits
    two = SetupScene(app, get_game("lyabi"))
    assert two.count == 2 and [c.kind for c in two.choices[:2]] == ["human", "human"]


class _Strong(RandomBot):
    """Stands in for the search bot (bots/search.py) where it is not registered: takes its options."""

    name = "search"

    def __init__(self, rng: Rng, budget: int = 2000, time_cap_s: float | None = None) -> None:
        super().__init__(rng)
        self.budget, self.time_cap_s = budget, time_cap_s


@pytest.mark.parametrize("language", ["en", "ja"])
def test_setup_offers_easy_normal_and_strong_and_strong_is_the_search_bot_at_the_table_budget(
    app: App, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    from cardtable import bots, session

    real = bots.bot_factories

    def with_search(game_id: str) -> dict[str, Any]:
        factories = real(game_id)
        return factories if "search" in factories else {"search": _Strong, **factories}

    monkeypatch.setattr("cardtable.ui.scenes.setup.bot_factories", with_search)
    monkeypatch.setattr(session, "bot_factories", with_search)
    app.settings.language = language
    app.apply_settings()
    setup = _setup(app, "lyabi")
    assert setup.levels == ["search", "heuristic", "random"]  # strong, normal, easy
    assert setup.choices[1].kind == "heuristic"
    labels = []
    for _ in range(3):
        labels.append(next(c for c in setup.controls if c.tag == "level:1").label)
        click_tag(app, setup, "level:1")
    expected = {"en": ["Normal", "Easy", "Strong"], "ja": ["ふつう", "やさしい", "つよい"]}[language]
    assert labels == expected
    assert setup.choices[1].kind == "heuristic"
    click_tag(app, setup, "level:1")
    click_tag(app, setup, "level:1")
    assert setup.choices[1].kind == "search"
    assert setup.kind_label("search") == {"en": "Bot (strong)", "ja": "ボット（つよい）"}[language]
    configs = setup.seat_configs()
    assert configs[1].bot == "search" and not configs[1].human
    game = session.Session.new("lyabi", configs, 5, {}, autosave=False)
    strong = game.bots[1]
    assert isinstance(strong, bots.Bot) and strong.name == "search"
    assert (strong.budget, strong.time_cap_s) == (session.STRONG_BUDGET, session.STRONG_TIME_CAP_S)

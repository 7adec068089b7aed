"""The Rune Works! heuristic bot: legal at every seat count and level, deterministic, better than random."""

from __future__ import annotations

import pytest

from cardtable.bots import bot_factories, make_bot
from cardtable.bots.base import Bot
from cardtable.bots.random_bot import RandomBot
from cardtable.games import get_game
from cardtable.games.runeworks.bot import RuneWorksBot
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng


def play(seats: int, seed: int, params: dict, bots: list[Bot], checked: set[int] | None = None) -> Engine:
    """Play one game to the end; every choice of a seat in `checked` must be in its view's legal list."""
    engine = Engine.new(get_game("runeworks"), seats, seed, params)
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)
        action = bots[seat].choose(view)
        if checked is not None and seat in checked:
            assert action in view.legal, (action, view.legal)
            if any(a.kind == "shot" for a in view.legal):
                assert action.kind == "shot", "a legal Shot must always be taken"
        engine.apply(action)
    return engine


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_only_legal_actions(level: int, seats: int) -> None:
    for seed in range(4):
        hero = (seed + level) % seats
        bots: list[Bot] = [
            RuneWorksBot(Rng(100 + s)) if s == hero or s % 2 == 0 else RandomBot(Rng(200 + s))
            for s in range(seats)
        ]
        heroes = {s for s in range(seats) if isinstance(bots[s], RuneWorksBot)}
        engine = play(seats, 1000 * level + 10 * seats + seed, {"level": level}, bots, heroes)
        assert engine.is_over()


@pytest.mark.parametrize(
    "params",
    [
        {"level": 3, "ace_high_sequences": True, "sevens_call_set": False},
        {"level": 5, "must_keep_one_card": False, "first_card_face_up": True},
    ],
)
def test_legal_under_other_rule_choices(params: dict) -> None:
    for seed in range(3):
        bots: list[Bot] = [RuneWorksBot(Rng(seed * 7 + s)) for s in range(3)]
        assert play(3, seed, params, bots, {0, 1, 2}).is_over()


def test_greedy_variant_is_legal() -> None:
    class Greedy(RuneWorksBot):
        hold_melds = False

    for level in (1, 3, 5):
        bots: list[Bot] = [Greedy(Rng(1)), RandomBot(Rng(2)), Greedy(Rng(3))]
        assert play(3, level, {"level": level}, bots, {0, 2}).is_over()


def history(seed: int, bot_seed: int) -> list[Action]:
    bots: list[Bot] = [
        RuneWorksBot(Rng(bot_seed)),
        RandomBot(Rng(bot_seed + 1)),
        RuneWorksBot(Rng(bot_seed + 2)),
    ]
    return list(play(3, seed, {"level": 4}, bots).state.history)


def test_deterministic_for_a_seed() -> None:
    first = history(42, 7)
    assert first == history(42, 7)
    assert len(first) > 10


def test_registered_as_heuristic() -> None:
    assert bot_factories("runeworks")["heuristic"] is RuneWorksBot
    bot = make_bot("heuristic", "runeworks", 5)
    assert isinstance(bot, RuneWorksBot) and bot.name == "heuristic"


def test_beats_random_at_level_3() -> None:
    """The measured rate is about 97%; 60 of 100 is a loose bound so the test is never flaky."""
    wins = 0
    for seed in range(100):
        hero = seed % 2
        bots: list[Bot] = [
            RuneWorksBot(Rng(seed)) if s == hero else RandomBot(Rng(seed + 1000)) for s in range(2)
        ]
        engine = play(2, 5000 + seed, {"level": 3}, bots)
        wins += hero in engine.state.winners
    assert wins >= 60, wins

"""The search bot in Land & Person's deck construction (issue 28): that mode is a draw race (every one of
20 heuristic games ended by a deck-out), and a search scored by a cut evaluation blind to the race drew
its deck down (hunting where the heuristic took a person from the discard pile with its Strategist) and
lost to the heuristic 0/20. The evaluation now reads the race from both decks (evaluate.race)."""

from __future__ import annotations

import pytest

import cardtable.bots.search as search_module
from cardtable.bots import make_bot
from cardtable.bots.search import SearchBot
from cardtable.games import all_games
from cardtable.games.landperson.evaluate import DECK_SEARCH_DEPTH, race
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng


def test_the_race_is_the_deck_against_the_others_and_the_seat_next_to_draw_loses_a_tie() -> None:
    game = all_games()["landperson"]
    engine = Engine.new(game, 2, 4)
    state = engine.state.fork()
    assert state.params["mode"] == "deck" and state.phase == "domestic"
    first = state.active
    assert first is not None
    second = 1 - first
    decks = [len(state.zones[f"deck:{seat}"].cards) for seat in range(2)]
    # the first seat has drawn its first income: a card behind, and the second seat draws next, so
    # with no draw beyond income the first seat's deck runs out first
    assert decks[first] == decks[second] - 1
    assert race(state) == [0.5 if seat == second else -0.5 for seat in range(2)]
    before = game.evaluate(state)[second]
    # one card more drawn by the second seat (its deck no longer than the other's) loses it the race
    state.zones[f"hand:{second}"].cards.append(state.zones[f"deck:{second}"].cards.pop())
    assert race(state)[second] == -0.5
    after = game.evaluate(state)[second]
    assert after < 0.5 < before
    # before the first seat's income (the return phase) it is the one next to draw
    state.phase = "return"
    assert race(state)[first] == -0.5 and race(state)[second] == 0.5
    # a Scout's look (two cards from the top into the peek zone) leaves the race as it was
    for _ in range(2):
        state.zones[f"peek:{first}"].cards.append(state.zones[f"deck:{first}"].cards.pop())
    assert race(state)[first] == -0.5


def test_the_search_does_not_hunt_a_card_that_loses_the_deck_race() -> None:
    """Seed 0, move 269 of a heuristic game (bench/ladder.py --decisions): decks 21 and 21, the
    heuristic takes a person from the discard pile with its Strategist; the search without the race
    hunted instead (+0.12 at its cut, with a standard error of 0.001), a draw that lost the game to the
    end in every continuation (bench/ladder_results.md: the lead -1.0)."""
    game = all_games()["landperson"]
    engine = Engine.new(game, 2, 0, {"mode": "deck"})
    players = [make_bot("heuristic", "landperson", 1000 + seat) for seat in range(2)]
    for _ in range(269):
        seat = engine.deciding_seats()[0]
        engine.apply(players[seat].choose(engine.view(seat)))
    seat = engine.deciding_seats()[0]
    view = engine.view(seat)
    kinds = {action.kind for action in view.legal}
    assert {"hunt", "use"} <= kinds
    assert players[seat].choose(view).kind == "use"
    assert SearchBot(Rng(269), budget=400).choose(view).kind != "hunt"


def test_the_search_looks_further_in_deck_construction_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Land & Person passes the search its own playout length in deck construction (the draw race:
    bench/ladder_results.md, depth 40 against the default 10) and leaves shared-deck mode at the default."""
    game = all_games()["landperson"]
    assert game.search_depth_for(Engine.new(game, 2, 0, {"mode": "deck"}).view(0).params) == DECK_SEARCH_DEPTH
    assert game.search_depth_for(Engine.new(game, 2, 0, {"mode": "shared"}).view(0).params) == 10
    assert DECK_SEARCH_DEPTH != game.search_depth
    # the search bot reads it from the view it decides on (no depth of its own)
    depths: list[int] = []
    real = search_module._Search.__init__

    def spy(
        self: object,
        game: object,
        view: object,
        rng: object,
        budget: int,
        cap: object,
        depth: int,
        *rest: object,
    ) -> None:
        depths.append(depth)
        real(self, game, view, rng, budget, cap, depth, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(search_module._Search, "__init__", spy)
    for mode in ("deck", "shared"):
        engine = Engine.new(game, 2, 0, {"mode": mode})
        seat = engine.deciding_seats()[0]
        while len(engine.view(seat).legal) < 2:
            engine.apply(engine.view(seat).legal[0])
            seat = engine.deciding_seats()[0]
        SearchBot(Rng(1), budget=30).choose(engine.view(seat))
    assert depths == [DECK_SEARCH_DEPTH, 10]

"""What the engine works out once instead of on every call (issue 27): a game's bound on its length per
card set object, and the start-up of a parallel simulation per worker. The answers are the same as
working them out afresh; only how often the work is done is tested (never a timing)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games import all_games
from cardtable.rules.engine import Engine


@pytest.mark.parametrize("gid", ["risugeon", "landperson"])
def test_the_bound_is_worked_out_once_per_card_set_and_parameters(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = all_games()[gid]
    loads: list[Any] = []
    real = game.load_cardset
    monkeypatch.setattr(game, "load_cardset", lambda params: loads.append(params) or real(params))
    engine = Engine.new(game, game.min_seats, 1, {})
    assert engine.max_actions == game.max_actions(engine.state.params, engine.state.seats)
    loads.clear()
    for _ in range(3):  # a search builds an engine for every playout
        assert Engine(game, engine.state.fork()).max_actions == engine.max_actions
    assert loads == []
    # other seats or other parameters are another bound, worked out for them
    name, value = next((p.name, p.maximum) for p in game.params if isinstance(p.default, int) and p.maximum)
    other = Engine.new(game, game.min_seats, 1, {name: value})
    assert other.max_actions == game.max_actions(other.state.params, other.state.seats)

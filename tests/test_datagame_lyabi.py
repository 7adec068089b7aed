"""Lyabi written as data (cards/games/lyabi.yaml, id lyabi_data) and what it needed of the data-game
vocabulary: named Python hooks (only from a bundled game's own module), rounds with an alternating
first player, a simultaneous hidden commit, buys paid with cards, named piles and parameters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.cardsets.yamlfile import LoadError
from cardtable.cli import _scenario_results
from cardtable.games import get_game
from cardtable.games.datagame.hooks import hooks_for
from cardtable.games.datagame.spec import load_game
from cardtable.resources import cards_dir
from cardtable.rules.engine import Engine

LYABI = Path(str(cards_dir().joinpath("games", "lyabi.yaml")))
SCENARIOS = Path(__file__).parent / "scenarios" / "lyabi"

# The Python Lyabi's scenarios this file passes (played with `scenario --game`): all 84.
PASSING = {
    "acquire.yaml": 11,
    "battle.yaml": 18,
    "circles.yaml": 5,
    "double_charge_table.yaml": 18,
    "item_timings.yaml": 11,
    "items.yaml": 6,
    "round.yaml": 8,
    "setup.yaml": 7,
}


def test_the_bundled_lyabi_loads_with_its_own_hooks_and_a_copy_elsewhere_has_none(tmp_path: Path) -> None:
    spec = load_game(LYABI)
    assert set(hooks_for(spec["id"], LYABI)) >= {"initial_cards", "battle", "someone_holds_a_card"}
    mine = tmp_path / "lyabi.yaml"  # the same file shared by a user: its hooks are not code it may run
    mine.write_bytes(LYABI.read_bytes())
    assert hooks_for(spec["id"], mine) == {}
    with pytest.raises(LoadError) as caught:
        load_game(mine)
    said = str(caught.value)
    assert (
        re.search(r"setup\[\d+\]\.hook: no hook named 'initial_cards'", said)
        and "bundled game file only" in said
    )


def test_an_unknown_hook_in_a_users_game_is_named_at_its_key(tmp_path: Path) -> None:
    text = (cards_dir() / "games" / "sevenbridge.yaml").read_bytes()
    mine = tmp_path / "mybridge.yaml"
    mine.write_bytes(
        text.replace(b"id: sevenbridge", b"id: mybridge").replace(
            b"  - shuffle: stock\n", b"  - shuffle: stock\n  - hook: deal_twice\n"
        )
    )
    with pytest.raises(LoadError) as caught:
        load_game(mine)
    assert "setup[1].hook: no hook named 'deal_twice'" in str(caught.value)


def test_the_python_lyabis_scenarios_played_by_the_data_file() -> None:
    game = get_game(str(load_game(LYABI)["id"]))
    passed: dict[str, int] = {}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for result in _scenario_results(path, lambda name: game, True):
            passed[path.name] = passed.get(path.name, 0) + result.passed
    assert passed == PASSING


def test_a_commit_stays_hidden_until_every_seat_has_placed() -> None:
    game = get_game("lyabi_data")
    engine = Engine.new(game, 2, 3)
    for _ in range(200):  # play passes until the battle's commit is open
        state = engine.state
        if state.pending is not None:
            break
        seat = engine.deciding_seats()[0]
        engine.apply_text(seat, "pick to 1" if state.phase == "pick" else "pass")
    state = engine.state
    assert state.pending is not None and set(engine.deciding_seats()) == {0, 1}
    first = engine.deciding_seats()[0]
    charge = next((a for a in engine.legal_actions(first) if a.kind == "charge"), None)
    move = charge or next(a for a in engine.legal_actions(first) if a.kind == "dummy")
    hand = list(state.zones[f"hand:{first}"].cards)
    engine.apply(move)
    other = 1 - first
    assert engine.deciding_seats() == (other,)
    assert engine.view(other).my_commit is None
    assert state.zones[f"hand:{first}"].cards == hand  # nothing placed face up before both are in
    engine.apply(next(a for a in engine.legal_actions(other) if a.kind == "dummy"))
    assert "battle" in game.public_data(engine.state, None)

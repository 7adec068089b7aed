"""Game state readable by name: each game's `state.data` is documented by a TypedDict (its data.py),
and the game's check() holds the data to it (rules.invariants.data_problems). The random-playout
contract tests run that check after every action; these tests show it notices a key too many, a key
missing and a value of the wrong type, in every registered game.
"""

from __future__ import annotations

from typing import TypedDict

import pytest

from cardtable.games import all_games
from cardtable.rules.engine import Engine
from cardtable.rules.invariants import data_problems


@pytest.mark.parametrize("gid", sorted(all_games()))
def test_a_fresh_game_has_exactly_its_documented_data(gid: str) -> None:
    game = all_games()[gid]
    assert game.check(Engine.new(game, game.min_seats, 1).state) == []


@pytest.mark.parametrize("gid", sorted(all_games()))
def test_check_notices_data_that_differs_from_its_documentation(gid: str) -> None:
    game = all_games()[gid]
    state = Engine.new(game, game.min_seats, 1).state
    key = min(state.data, default="")

    state.data["undocumented"] = 1
    assert any("undeclared key 'undocumented'" in p for p in game.check(state))
    del state.data["undocumented"]
    if not state.data:
        return  # a game whose zones hold everything (the War test game) declares no keys

    value = state.data.pop(key)
    assert any(f"lacks {key!r}" in p for p in game.check(state))

    state.data[key] = object()
    assert any(f"data[{key!r}]" in p for p in game.check(state))
    state.data[key] = value
    assert game.check(state) == []


class Inner(TypedDict):
    seat: int


class Outer(TypedDict):
    inner: list[Inner]
    maybe: int | None
    flags: dict[str, bool]


def test_data_problems_reads_nested_types() -> None:
    assert data_problems({"inner": [{"seat": 1}], "maybe": None, "flags": {"a": True}}, Outer) == []
    assert data_problems({"inner": [{"seat": True}], "maybe": 1, "flags": {}}, Outer) == [
        "data['inner'][0]['seat'] is True (bool), not int"
    ]
    assert data_problems({"inner": [], "maybe": "x", "flags": {"a": 1}}, Outer) == [
        "data['maybe'] is 'x' (str), not int",
        "data['flags']['a'] is 1 (int), not bool",
    ]

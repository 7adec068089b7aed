"""Shared by the games' gap tests (tests/test_<game>_gaps.py): a game's whole-number options hold the
defaults and the bounds the rulebook (or our spec) gives them, as the command line and the Setup screen
see them (through `resolve_params`, which every way of starting a game goes through); the seat counts
it is for; a bundled card
set with a designer's edit, for a game's own card check."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from cardtable.games import get_game
from cardtable.rules.cards import CardSet
from cardtable.rules.game import ParamError


def assert_number_options(game_id: str, expected: dict[str, tuple[int, int, int]]) -> None:
    """Each option of `expected` (name -> default, lowest, highest) defaults to its default, takes its
    lowest and highest value and refuses one below and one above; no whole-number option is left out."""
    game = get_game(game_id)
    defaults = game.resolve_params()
    numbers = {p.name for p in game.params if type(p.default) is int}
    assert numbers == set(expected), "a whole-number option without a row here"
    for name, (default, low, high) in expected.items():
        assert defaults[name] == default, name
        assert game.resolve_params({name: low})[name] == low
        assert game.resolve_params({name: str(high)})[name] == high  # as the command line gives it
        for bad in (low - 1, high + 1):
            with pytest.raises(
                ParamError, match=f"^{name}: {bad} is (below the minimum {low}|above the maximum {high})$"
            ):
                game.resolve_params({name: bad})


def assert_seats(game_id: str, title: str, low: int, high: int) -> None:
    """The game is for `low`-`high` players and says so by its title when asked for one fewer or more."""
    game = get_game(game_id)
    for seats in (low, high):
        game.check_seats(seats)
    for seats in (low - 1, high + 1):
        with pytest.raises(
            ParamError, match=f"^{re.escape(title)} is for {low}-{high} players, not {seats}$"
        ):
            game.check_seats(seats)


def edited_set(base: CardSet, edits: dict[str, dict[str, Any] | None]) -> CardSet:
    """`base` with some card kinds edited (code -> fields to set, `count` among them; a field set to
    None is left out) or left out (code -> None): how a designer's edit reaches a game's card check."""
    cards = []
    for spec in base.cards:
        if spec.code not in edits:
            cards.append(spec)
            continue
        edit = edits[spec.code]
        if edit is None:
            continue
        fields = {**spec.fields, **{k: v for k, v in edit.items() if k != "count"}}
        fields = {k: v for k, v in fields.items() if v is not None}
        cards.append(replace(spec, count=edit.get("count", spec.count), fields=fields))
    return replace(base, cards=tuple(cards))

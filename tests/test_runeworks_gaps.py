"""Rune Works! internal checks mutation testing found untested (issue 26): each test fails under the
mutant its docstring names (bench/mutate.py). Gaps that are rules are scenarios instead
(tests/scenarios/runeworks/, e.g. shot_gaps.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.runeworks.melds import DeckError, deck_of


class _Spec:
    def __init__(self, code: str, rank: int, suit: str) -> None:
        self.code, self.fields = code, {"rank": rank, "suit": suit}

    def get(self, key: str) -> Any:
        return self.fields.get(key)


class _Cards:
    """A stand-in card set: deck_of reads only its id and physical() (the loader's own check refuses
    these sets earlier; deck_of must refuse them too, whoever calls it)."""

    id = "odd52"

    def __init__(self, specs: list[_Spec]) -> None:
        self.specs = specs

    def physical(self) -> list[_Spec]:
        return self.specs


def _standard() -> list[_Spec]:
    return [_Spec(f"{suit}{rank}", rank, suit) for suit in "SCHD" for rank in range(1, 14)]


def test_a_deck_with_a_card_twice_is_refused_even_when_no_card_is_missing() -> None:
    """Mutant: melds.deck_of's `raise DeckError(... repeats rank ...)` dropped (a 53-card deck with
    one card twice would pass the 52-distinct-cards count)."""
    assert len(deck_of(_Cards(_standard())).rank) == 52  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="card S1b repeats rank 1 of suit S"):
        deck_of(_Cards([*_standard(), _Spec("S1b", 1, "S")]))  # type: ignore[arg-type]

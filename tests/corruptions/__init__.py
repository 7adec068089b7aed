"""Corrupted positions for tests/test_invariants_fire.py: the shared pieces, and one module per game.

A game's own `check()` clauses get their corruptions in `tests/corruptions/<game id>.py`: a list
`CORRUPTIONS` of `Corruption`s and a dict `POSITIONS` of the extra kinds of position they start from
(beyond any, turn, choice and pending). The test finds the module by the game's id, so adding a game
writes one new file here and edits none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.rules.engine import Engine
from cardtable.rules.state import GameState


@dataclass(frozen=True)
class Corruption:
    """One way to break one invariant, and the kind of position it starts from."""

    corrupt: Callable[[Engine], list[str]]
    position: str = "any"


@dataclass(frozen=True)
class GameCorruptions:
    """A game's own corruptions and the positions they need."""

    corruptions: list[Corruption]
    positions: dict[str, Callable[[Engine], bool]] = field(default_factory=dict)


def for_game(game_id: str) -> GameCorruptions | None:
    """`tests/corruptions/<game_id>.py`, or None when the game has none yet."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return None
    return GameCorruptions(list(module.CORRUPTIONS), dict(module.POSITIONS))


# -- positions ------------------------------------------------------------------------------------
def is_any(engine: Engine) -> bool:
    """Any position of a game still going."""
    return not engine.is_over()


def is_turn(engine: Engine) -> bool:
    """An ordinary turn: one active seat, no decision pending."""
    return engine.state.pending is None and engine.state.active is not None


def is_choice(engine: Engine) -> bool:
    """The first deciding seat has at least two moves to choose from."""
    return not engine.is_over() and len(engine.legal_actions(engine.deciding_seats()[0])) >= 2


def is_pending(engine: Engine) -> bool:
    """An out-of-turn or simultaneous decision is waiting."""
    return engine.state.pending is not None


# -- helpers and the one corruption every game with typed data shares ----------------------------------
def deciding(engine: Engine) -> int:
    return engine.deciding_seats()[0]


def rank_and_suit(state: GameState, card: int) -> tuple[object, object]:
    spec = state.cardset.physical()[card]  # type: ignore[union-attr]
    return spec.get("rank"), spec.get("suit")


def data_has_an_undeclared_key(engine: Engine) -> list[str]:
    engine.state.data["stray"] = 1
    return ["data has undeclared key 'stray'"]

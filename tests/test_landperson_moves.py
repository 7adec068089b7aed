"""Land & Person's fast move generator (games/landperson/moves.py) offers exactly what the rules pass.

The generator asks each move's shared terms once and only the terms about the card for each card,
taking the cards from the move's own zone and their lowest copies. Here, at the decisions of random
games in both modes and with the rule switches the generator reads, every move a deciding seat could
write (each kind naming no card, and each kind with every card of the game, copies included) is put
to the move's full rule (`why_not`), and what passes must be exactly what `legal_actions` offers.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games import get_game
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.game import keep_legal
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

GAME = get_game("landperson")
ONE_CARD = ("first", "putback", "recall", "release", "recruit", "use", "add", "pay", "top", "take")
ONE_CARD += ("capture", "discard", "repair")


def _every_written_move(state: GameState, seat: int) -> list[Action]:
    """Every move `seat` could write now: each kind bare, and each card-naming kind with every card."""
    out = [Action(seat, kind) for kind in GAME.RULES if kind not in ONE_CARD]
    cards = range(GAME.card_count(state))
    out += [Action(seat, kind, (card,)) for kind in ONE_CARD for card in cards]
    return out


@pytest.mark.parametrize(
    "params",
    [
        {"mode": "deck"},
        {"mode": "shared"},
        {"mode": "deck", "recruit_payment": "exhaust_int", "below_cost_attempts": True},
        {"mode": "shared", "recruit_payment": "exhaust_int", "repair_with_acted": False},
    ],
    ids=["deck", "shared", "deck-exhaust-below", "shared-exhaust"],
)
def test_the_fast_generator_offers_exactly_what_the_rules_pass(params: dict[str, Any]) -> None:
    rng = Rng(7)
    kinds: set[str] = set()
    engine = Engine.new(GAME, 2, 3, params)
    for _ in range(100):
        if engine.is_over():
            break
        state = engine.state
        for seat in engine.deciding_seats():
            offered = engine.legal_actions(seat)
            written = _every_written_move(state, seat)
            assert set(offered) == set(keep_legal(GAME.why_not, state, written)), len(state.history)
            assert len(set(offered)) == len(offered)
            kinds.update(a.kind for a in offered)
        legal = engine.legal_actions(engine.deciding_seats()[0])
        engine.apply(legal[rng.below(len(legal))])
    assert len(kinds) >= 8, kinds  # the playout went through many kinds of decision

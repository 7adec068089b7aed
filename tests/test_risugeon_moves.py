"""Risugeon's fast move generators (games/risugeon/__init__.py) offer exactly what the rules pass.

The generators of a turn's moves ask the cap and each move's shared terms once, take the cards from
each move's own place and their lowest copies, and ask only the terms about each card. Here, at the
decisions of random games with the rule switches those terms read, every move a seat could write
(play, discard, train and stock with every card of the game, copies included; pass and end; activate
with every ability label granted) is put to the move's full rule (`why_not`), and what passes must be
exactly what `legal_actions` offers.
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

GAME = get_game("risugeon")


def _every_written_move(state: GameState, seat: int) -> list[Action]:
    """Every move of a turn `seat` could write now."""
    cards = range(GAME.card_count(state))
    out = [Action(seat, kind, (card,)) for kind in ("play", "discard", "train", "stock") for card in cards]
    labels = sorted({a["label"] for a in state.data["abilities"]})
    return (
        out + [Action(seat, "pass"), Action(seat, "end")] + [Action(seat, "activate", (), x) for x in labels]
    )


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"gem_access": "any", "ps_target": "play", "gem_spends_skill": False, "gem_uses_training": False},
    ],
    ids=["rulebook", "switched"],
)
def test_the_fast_generators_offer_exactly_what_the_rules_pass(params: dict[str, Any]) -> None:
    rng = Rng(5)
    kinds: set[str] = set()
    engine = Engine.new(GAME, 2, 4, params)
    checked = 0
    for _ in range(150):
        if engine.is_over():
            break
        state = engine.state
        seat = engine.deciding_seats()[0]
        if state.pending is None:  # an effect's decision is answered from the effect's own options
            offered = engine.legal_actions(seat)
            assert set(offered) == set(keep_legal(GAME.why_not, state, _every_written_move(state, seat)))
            assert len(set(offered)) == len(offered)
            kinds.update(a.kind for a in offered)
            checked += 1
        legal = engine.legal_actions(seat)
        engine.apply(legal[rng.below(len(legal))])
    assert checked > 60 and {"play", "discard", "train", "end", "pass"} <= kinds, kinds

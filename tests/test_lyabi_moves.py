"""Lyabi's fast move generators (games/lyabi/moves.py) offer exactly what the full rules pass.

The generators of the paying moves skip what they guarantee by construction (the phase, the cards
paid) and ask only each move's own terms. Here, at decisions of random games, every move a player
could write with any set of hand lyabi (not only the lowest copies) and any target is put to the
move's full checker (`why_not`), and what passes must be exactly what `legal_actions` offers.
"""

from __future__ import annotations

from itertools import combinations

from cardtable.games import get_game
from cardtable.games.lyabi.cards import table_of
from cardtable.games.lyabi.moves import BATTLE, ITEM, MAIN, hand_lyabi
from cardtable.games.lyabi.params import CIRCLE_LEVELS
from cardtable.games.lyabi.words import pool_text
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.game import keep_legal
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

GAME = get_game("lyabi")


def _every_written_move(state: GameState, seat: int) -> list[Action]:
    """Every paying move `seat` could write now: any non-empty set of its hand lyabi, any target."""
    assert state.cardset is not None
    table = table_of(state.cardset)
    hand = sorted(hand_lyabi(state, seat))
    sets = [group for n in range(1, len(hand) + 1) for group in combinations(hand, n)]
    codes = table.lyabi_codes
    if state.pending is not None and state.pending.kind == BATTLE:
        return [Action(seat, "charge", cards) for cards in sets if len(cards) <= 2]
    if state.pending is not None:
        return []
    if state.phase == ITEM:
        return [Action(seat, "item", cards) for cards in sets]
    if state.phase != MAIN:
        return []
    picks = [pool_text(list(p), codes) for n in range(3) for p in combinations(codes, n)]
    mine = state.zones[f"circles:{seat}"].cards
    out = [Action(seat, "buy", cards, code) for cards in sets for code in codes]
    out += [Action(seat, "change", cards, pick) for cards in sets if len(cards) == 1 for pick in picks]
    out += [
        Action(seat, "circle", tuple(sorted(cards + drop)), str(level))
        for cards in sets
        for drop in [(), *[(c,) for c in mine]]
        for level in CIRCLE_LEVELS
    ]
    return out


def test_the_fast_generators_offer_exactly_what_the_rules_pass() -> None:
    rng = Rng(11)
    checked = 0
    for seed in range(2):
        engine = Engine.new(GAME, 2, seed)
        while not engine.is_over():
            state = engine.state
            for seat in engine.deciding_seats():
                written = _every_written_move(state, seat)
                if written and len(written) < 4000:
                    offered = {a for a in engine.legal_actions(seat) if a.kind not in ("pass", "dummy")}
                    assert offered == set(keep_legal(GAME.why_not, state, written)), (
                        seed,
                        len(state.history),
                    )
                    checked += 1
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            engine.apply(legal[rng.below(len(legal))])
    assert checked > 50

"""One legality per move, held for every registered game at every seat count (rules/game.py).

In random playouts, at every decision where something new comes up and every third one besides (every
decision with CARDTABLE_FUZZ=N): each legal action of each seat is one its game's rule passes
(`why_not` answers ""); each move of a shape seen in the game that a deciding seat could name (every
card in sight, every group of up to three hand cards) is offered when its rule passes it, so a
generator that misses a legal move is caught; and a sample of refused moves, among them those a
player is most likely to try (another seat's move, a move legal earlier, a legal move with another
card), gets the same reason from `why_not`, `explain` and the engine, which leaves the state as it
was.

The last tests show the check can fail: a game whose generator and rule disagree is caught.
"""

from __future__ import annotations

import os
from itertools import combinations
from typing import Any

import pytest

from cardtable.games import all_games
from cardtable.rules.actions import Action, IllegalAction
from cardtable.rules.engine import Engine
from cardtable.rules.game import Game
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

SAMPLES = 6  # illegal candidates tried per decision
# The walk checks every decision where something new comes up (a phase or a question first met, a move of
# a new shape) and every third one besides: the decisions between ask the same rules of much the same
# cards, and checking all of them was 12 s of the suite's CPU. CARDTABLE_FUZZ=N checks every decision,
# as the other sampled walks restore theirs.
EVERY = 1 if int(os.environ.get("CARDTABLE_FUZZ", "0") or 0) else 3
CASES = [
    (gid, seats) for gid, game in all_games().items() for seats in range(game.min_seats, game.max_seats + 1)
]
IDS = [f"{gid}-{seats}p" for gid, seats in CASES]
VARIANTS: dict[str, list[dict[str, Any]]] = {  # each game's rule switches, both ways
    "runeworks": [{"level": 3}, {"level": 5, "sevens_call_set": False, "must_keep_one_card": False}],
    "risugeon": [
        {},
        {"gem_access": "any", "ps_target": "play", "gem_spends_skill": False, "gem_uses_training": False},
    ],
    "sainome": [{}, {"hp_draft": True, "hp_size": 6, "catalyst_may_decline": True, "fire_order": "slot"}],
}


def _cards_in_sight(state: GameState, seat: int) -> list[int]:
    """Cards `seat` could name: every card it sees in a small zone, and the top of every pile it sees."""
    out: set[int] = set()
    for zone in state.zones.values():
        cards = zone.cards
        if not cards:
            continue
        if len(cards) <= 12:
            out.update(c for i, c in enumerate(cards) if zone.sees_index(seat, i))
        elif zone.sees_index(seat, -1):
            out.add(cards[-1])
    return sorted(out)


def _every_shape(engine: Engine, shapes: set[tuple[str, int, str]], seat: int) -> list[Action]:
    """Every move of a shape seen in this game (kind, number of cards, target) that `seat` could name:
    with each card in sight, or each group of its hand cards (up to three)."""
    state = engine.state
    hand = state.zones.get(f"hand:{seat}")
    held = sorted(hand.cards) if hand is not None else []
    sight = _cards_in_sight(state, seat)
    out: list[Action] = []
    for kind, count, target in sorted(shapes):
        if count == 0:
            out.append(Action(seat, kind, (), target))
        elif count == 1:
            out.extend(Action(seat, kind, (c,), target) for c in sight)
        elif count <= 3:
            out.extend(Action(seat, kind, group, target) for group in combinations(held, count))
    return out


def _nearby(engine: Engine, earlier: list[Action], rng: Rng) -> list[Action]:
    """The refusals a player is likely to meet: another seat's move, a move that was legal before,
    a legal move naming other cards."""
    state = engine.state
    legal = [a for s in range(state.seats) for a in engine.legal_actions(s)]
    out: list[Action] = []
    for action in legal if state.seats > 1 else ():  # a table of one has no other seat
        other = (action.seat + 1 + rng.below(state.seats - 1)) % state.seats
        out.append(Action(other, action.kind, action.cards, action.target))
    for action in earlier[-40:]:
        out.extend(Action(s, action.kind, action.cards, action.target) for s in state.deciding_seats())
    total = engine.game.card_count(state)
    for action in legal:
        if action.cards:
            cards = list(action.cards)
            cards[rng.below(len(cards))] = rng.below(total)
            out.append(Action(action.seat, action.kind, tuple(cards), action.target))
    return out


def legality_problems(
    engine: Engine, shapes: set[tuple[str, int, str]], earlier: list[Action], rng: Rng
) -> list[str]:
    """Where the game's one rule per move disagrees with its legal actions now (empty = agreed).

    Every legal action must pass its rule. Every move of a shape seen in the game, by a deciding seat,
    naming cards in sight (or groups of its hand cards), must be offered if its rule passes it: a
    generator that misses a legal move is caught here. A sample of refused moves must get the same
    reason from why_not, explain and the engine, which must leave the state as it was."""
    game, state = engine.game, engine.state
    problems: list[str] = []
    legal_now: set[Action] = set()
    for seat in range(state.seats):
        for action in engine.legal_actions(seat):
            legal_now.add(action)
            reason = game.why_not(state, action)
            if reason:
                problems.append(f"{engine.describe(action)} by P{seat + 1} is offered, but: {reason!r}")
    refused: list[tuple[Action, str]] = []
    for seat in state.deciding_seats():
        for action in _every_shape(engine, shapes, seat):
            if action in legal_now:
                continue
            reason = game.why_not(state, action)
            if not reason:
                problems.append(f"{action} is not offered, but its rule finds it legal")
            refused.append((action, reason))
    refused += [
        (a, game.why_not(state, a))
        for a in dict.fromkeys(_nearby(engine, earlier, rng))
        if a not in legal_now
    ]
    thorough = len(state.history) % 10 == 0  # the canonical text is long late in a game: now and then
    before = state.canonical() if thorough else len(state.history)
    for _ in range(min(SAMPLES, len(refused))):
        action, reason = refused.pop(rng.below(len(refused)))
        if not reason:
            problems.append(f"{action} is not offered, but its rule finds it legal")
            continue
        if game.explain(state, action) != reason:
            problems.append(f"{action}: explain says {game.explain(state, action)!r}, why_not {reason!r}")
        try:
            engine.apply(action)
        except IllegalAction as exc:
            if str(exc) != reason:
                problems.append(f"{action}: the engine refused it with {exc}, the rule says {reason!r}")
        else:
            problems.append(f"{action}: the engine accepted a move the rule refuses ({reason!r})")
            break
    if (engine.state.canonical() if thorough else len(engine.state.history)) != before:
        problems.append("a refused move changed the state")
    return problems


def _play_checking(game: Game, seats: int, seed: int, params: dict[str, Any], steps: int) -> list[str]:
    """A random playout that checks legality at every decision where something new comes up and every
    `EVERY`-th besides; the problems of the first bad one."""
    engine = Engine.new(game, seats, seed, params)
    rng = Rng(seed + 500)
    earlier: list[Action] = []
    # every move the game's rules name, naming nothing or one card; then every shape offered
    shapes = {(kind, count, "") for kind in game.RULES for count in (0, 1)}
    met: set[tuple[object, ...]] = set()
    for step in range(steps):
        if engine.is_over():
            break
        for seat in range(engine.state.seats):
            shapes.update((a.kind, len(a.cards), a.target) for a in engine.legal_actions(seat))
        state = engine.state
        now = (state.phase, state.pending and state.pending.kind, len(shapes))
        problems = (
            legality_problems(engine, shapes, earlier, rng) if now not in met or step % EVERY == 0 else []
        )
        met.add(now)
        if problems:
            where = f"{game.id} {seats}p seed {seed} {params} after {len(engine.state.history)} moves"
            return [f"{where}: {p}" for p in problems]
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        earlier.extend(legal)
        engine.apply(legal[rng.below(len(legal))])
    return []


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_every_legal_move_passes_its_rule_and_every_refusal_has_a_reason(gid: str, seats: int) -> None:
    game = all_games()[gid]
    variants = VARIANTS.get(gid, [{}])
    for params in variants if game.min_seats == game.max_seats else variants[seats % len(variants) :][:1]:
        # a game with several seat counts takes its variants in turn, one per seat count
        problems = _play_checking(game, seats, 1, params, steps=400)
        assert not problems, "\n".join(problems[:10])


# -- the check can fail ---------------------------------------------------------------------------
def _drifting(game: Game, drop: bool) -> Game:
    """The game with a generator that drifted from its rule: it offers one move fewer (drop), or the
    rule lets through a move the generator never offers."""

    class Drifting(type(game)):  # type: ignore[misc]
        def legal_actions(self, state: Any, seat: int) -> list[Action]:
            legal = super().legal_actions(state, seat)
            return legal[1:] if drop and len(legal) > 1 else legal

        def why_not(self, state: Any, action: Action) -> str:
            return "" if not drop else super().why_not(state, action)

    return Drifting()


@pytest.mark.parametrize("gid", sorted(all_games()))
@pytest.mark.parametrize("drop", [True, False], ids=["generator-drops-a-move", "rule-lets-all-through"])
def test_a_generator_that_drifts_from_its_rule_is_caught(gid: str, drop: bool) -> None:
    game = all_games()[gid]
    problems = _play_checking(_drifting(game, drop), game.min_seats, 1, {}, steps=400)
    assert problems

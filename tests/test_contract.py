"""The contract every registered game must keep, at every seat count (ARCHITECTURE section 5).

Random playouts with every invariant (after every action with CARDTABLE_FUZZ=N; by default after every
action where something new comes up and every third besides), determinism from the seed,
to_dict/from_dict, save/load-by-replay and undo round trips (undo sampled as the playouts are),
independent copies, views carrying the pending decision, and the length bound. Views blind to hidden
cards are held in tests/test_views.py, for every variant too.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections.abc import Iterator

import pytest

from cardtable.games import all_games, entry_for
from cardtable.persistence.saves import engine_from_save, save_to_dict
from cardtable.rules.engine import Engine
from cardtable.rules.invariants import check_invariants
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

CASES = [
    (gid, seats) for gid, game in all_games().items() for seats in range(game.min_seats, game.max_seats + 1)
]
IDS = [f"{gid}-{seats}p" for gid, seats in CASES]
# The sampled checks below look at fewer games and positions by default than CARDTABLE_FUZZ=N has them do
# (as the other sampled walks): a game that never asks an out-of-turn decision is given up on after 5
# random games, not 20 (they were 2.5 s of CPU to skip the Sandbox), and the order of asking views is
# checked at about 48 positions and orders a variant, not 96.
HEAVY = int(os.environ.get("CARDTABLE_FUZZ", "0") or 0)
PENDING_GAMES = 20 if HEAVY else 5
ORDER_CHECKS = 96 if HEAVY else 48
# The random playouts check every invariant after every move where something new comes up (a phase, a
# question or a kind of move first met after another) and after every third move besides, and at the
# end: the moves between ask the same invariants of much the same position, and the notation round trip
# of every legal move of every seat after every move was 7.7 of the test's 9 s of CPU. CARDTABLE_FUZZ=N
# checks after every move, as test_legality's walk.
EVERY = 1 if HEAVY else 3


def _params(gid: str) -> list[dict[str, object]]:
    """The variants the game registers, so every level or mode is exercised."""
    return [dict(v) for v in entry_for(gid).variants]


def _random_play(engine: Engine, rng: Rng, steps: int | None = None, check: bool = False) -> None:
    count = 0
    met: set[tuple[object, ...]] = set()
    while not engine.is_over() and (steps is None or count < steps):
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        engine.apply(action)
        count += 1
        if check:
            state = engine.state
            now = (state.phase, state.pending and state.pending.kind, action.kind)
            if now not in met or count % EVERY == 0 or engine.is_over():
                problems = check_invariants(engine)
                assert not problems, f"after {engine.describe(action)} (move {count}): {problems}"
            met.add(now)


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_random_playouts_keep_every_invariant(gid: str, seats: int) -> None:
    game = all_games()[gid]
    # Two seeds per variant; a game with several seat counts plays one per seat count, a different seed
    # at each, so every variant still meets two or more deals.
    seeds = range(2) if game.min_seats == game.max_seats else [seats]
    for params in _params(gid):
        for seed in seeds:
            engine = Engine.new(game, seats, seed, params)
            assert not check_invariants(engine)
            _random_play(engine, Rng(seed + 100), check=True)
            assert engine.is_over()
            assert len(engine.state.history) <= engine.max_actions


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_same_seed_and_moves_give_the_same_game(gid: str, seats: int) -> None:
    game = all_games()[gid]
    params = _params(gid)[-1]
    first = Engine.new(game, seats, 42, params)
    _random_play(first, Rng(7))
    random.seed(999)
    random.random()  # disturbing the global generator must change nothing
    second = Engine.replay(game, seats, 42, params, first.state.history)
    assert second.state.canonical() == first.state.canonical()
    other = Engine.new(game, seats, 43, params)
    assert other.state.canonical() != Engine.new(game, seats, 42, params).state.canonical()


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_state_round_trips_and_copies_are_independent(gid: str, seats: int) -> None:
    game = all_games()[gid]
    engine = Engine.new(game, seats, 3, _params(gid)[-1])
    _random_play(engine, Rng(3), steps=60)
    state = engine.state
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())), state.cardset)
    assert back.canonical() == state.canonical()
    copy = state.copy()
    before = state.canonical()
    clone = Engine(game, copy)
    _random_play(clone, Rng(5), steps=20)
    assert state.canonical() == before
    assert copy.canonical() != before or copy.over


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_save_and_load_by_replay(gid: str, seats: int) -> None:
    game = all_games()[gid]
    engine = Engine.new(game, seats, 11, _params(gid)[-1])
    _random_play(engine, Rng(11), steps=80)
    data = json.loads(json.dumps(save_to_dict(engine)))
    loaded, _ = engine_from_save(data)
    assert loaded.state.canonical() == engine.state.canonical()


# Games in which every move shows a card to some seat that did not see it (a rummy without a hidden
# move: a draw shows the drawer a card, a meld, a lay-off and a discard show it to all): none of their
# moves can be taken back, which the loop above checks move by move.
ALL_REVEAL = frozenset({"sevenbridge"})


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_undo_only_own_actions_back_to_the_last_reveal(gid: str, seats: int) -> None:
    game = all_games()[gid]
    engine = Engine.new(game, seats, 21, _params(gid)[-1])
    # Undo from snapshots, as the table's session does (test_saves holds it equal to undo by replay)
    engine.keep_snapshots(every=16)
    rng = Rng(21)
    undone = 0
    met: set[tuple[object, ...]] = set()
    for step in range(200):
        if engine.is_over():
            break
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        # Taken back and played again at the first move of a kind in a phase and every EVERY-th move
        # besides (CARDTABLE_FUZZ=N: every move): the undo and its check of the whole state were 3 of the
        # test's 5 s of CPU, the moves between take back much the same.
        now = (engine.state.phase, action.kind)
        sampled = now not in met or step % EVERY == 0
        met.add(now)
        before = engine.state.canonical() if sampled else None
        engine.apply(action)
        last = engine.state.history[-1]
        for other in range(seats):
            if other != last.seat:
                assert not engine.can_undo(other), "a seat may never take back another seat's action"
        if not engine.can_undo(seat):
            assert engine.state.undo_floor == len(engine.state.history)
        elif sampled:
            engine.undo(seat)
            assert engine.state.canonical() == before
            undone += 1
            engine.apply(action)
    if undone == 0 and gid in ALL_REVEAL:
        pytest.skip(f"{gid}: every move shows cards (each was checked to set the undo floor above)")
    assert undone > 0, "no action was ever undoable: the undo policy is never exercised"


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_views_carry_the_pending_decision_read_only(gid: str, seats: int) -> None:
    seen = 0
    for seed in range(41, 41 + PENDING_GAMES):
        engine = Engine.new(all_games()[gid], seats, seed, _params(gid)[0])
        rng = Rng(seed)
        while not engine.is_over() and seen < 20:
            pending = engine.state.pending
            for seat in range(seats):
                view = engine.view(seat)
                if pending is None:
                    assert view.pending is None
                    continue
                assert view.pending is not None and view.pending.kind == pending.kind
                assert view.pending.seats == tuple(pending.seats) and view.pending.prompt
                with pytest.raises(TypeError):
                    view.pending.data["kind"] = "changed"  # type: ignore[index]
                seen += 1
            _random_play(engine, rng, steps=1)
        if seen >= 20:
            break
    if not seen:
        pytest.skip(f"{gid} asked no out-of-turn or effect decision in {PENDING_GAMES} random games")


def _sampled_positions(engine: Engine, rng: Rng, early: int, every: int, count: int) -> Iterator[Engine]:
    """The engine at every position of its first `early` actions (setups are where seats hold cards
    face down), then at every `every`-th, `count` positions in all, of one random game."""
    seen = 0
    while seen < count:
        if len(engine.state.history) < early or len(engine.state.history) % every == 0:
            yield engine
            seen += 1
        if engine.is_over():
            return
        _random_play(engine, rng, steps=1)


@pytest.mark.parametrize(("gid", "seats"), CASES, ids=IDS)
def test_each_seat_sees_the_same_whatever_order_views_are_asked_and_whatever_is_hidden(
    gid: str, seats: int
) -> None:
    """A seat's view is the same whoever asked before it (in every order of the seats and a spectator)
    and whatever cards hidden from it lie where: a game cannot hand one seat's public data to another."""
    game = all_games()[gid]
    askers: list[int | None] = [None, *range(seats)]
    if len(askers) <= 4:
        orders = list(itertools.permutations(askers))
    else:
        # Every order of 5 to 7 askers is 120 to 5,040: instead each asker right after every other one
        # (what a shared cache would hand on), the rest after them in turn.
        orders = [
            (a, b, *[c for c in askers if c not in (a, b)]) for a, b in itertools.permutations(askers, 2)
        ]
    count = max(3, ORDER_CHECKS // len(orders))
    checked = swapped = 0
    for params in _params(gid):
        engine = Engine.new(game, seats, 5000 + seats, params)
        rng = Rng(seats)
        pick = random.Random(seats)
        for position in _sampled_positions(engine, rng, early=30, every=9, count=count):
            state = position.state
            alone = {seat: Engine(game, state.copy()).view(seat) for seat in askers}
            for order in orders:
                asked = Engine(game, state.copy())
                for seat in order:
                    assert asked.view(seat) == alone[seat], (
                        f"{gid}: after {order[: order.index(seat)]} asked, seat {seat} sees other data"
                        f" at move {len(state.history)}"
                    )
                checked += 1
            for seat in range(seats):
                spots = [
                    (name, index)
                    for name, zone in state.zones.items()
                    for index in range(len(zone.cards))
                    if not zone.sees_index(seat, index)
                ]
                if len(spots) < 2:
                    continue
                (za, ia), (zb, ib) = pick.sample(spots, 2)
                other = state.copy()
                a, b = other.zones[za].cards, other.zones[zb].cards
                a[ia], b[ib] = b[ib], a[ia]
                twin = Engine(game, other)
                for first in askers:  # another seat asks first, on the twin
                    twin.view(first)
                assert twin.view(seat) == alone[seat], (
                    f"{gid}: seat {seat} can tell {za}[{ia}] from {zb}[{ib}] at move {len(state.history)}"
                )
                swapped += 1
    assert checked and swapped, f"{gid}: no position was checked"

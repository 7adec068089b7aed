"""What the engine works out once instead of on every call (issue 27): a game's bound on its length per
card set object, and the start-up of a parallel simulation per worker. The answers are the same as
working them out afresh; only how often the work is done is tested (never a timing)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games import all_games
from cardtable.rules.engine import Engine


@pytest.mark.parametrize("gid", ["risugeon", "landperson"])
def test_the_bound_is_worked_out_once_per_card_set_and_parameters(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = all_games()[gid]
    loads: list[Any] = []
    real = game.load_cardset
    monkeypatch.setattr(game, "load_cardset", lambda params: loads.append(params) or real(params))
    engine = Engine.new(game, game.min_seats, 1, {})
    assert engine.max_actions == game.max_actions(engine.state.params, engine.state.seats)
    loads.clear()
    for _ in range(3):  # a search builds an engine for every playout
        assert Engine(game, engine.state.fork()).max_actions == engine.max_actions
    assert loads == []
    # other seats or other parameters are another bound, worked out for them
    name, value = next((p.name, p.maximum) for p in game.params if isinstance(p.default, int) and p.maximum)
    other = Engine.new(game, game.min_seats, 1, {name: value})
    assert other.max_actions == game.max_actions(other.state.params, other.state.seats)


def test_parallel_simulation_starts_each_worker_once_and_tallies_as_one_process() -> None:
    from cardtable import simulate as sim

    one = sim.simulate("runeworks", 3, 4, 40, {"level": 3}, ["random"], check=True)
    two = sim.simulate("runeworks", 3, 4, 40, {"level": 3}, ["random"], check=True, jobs=2)
    fields = ("seat_wins", "bot_wins", "bot_seats", "void_games", "actions", "rounds", "games")
    assert [getattr(two, f) for f in fields] == [getattr(one, f) for f in fields]
    # a block of seeds in a started worker is the same games as the one-process loop
    sim._start_worker("runeworks", 3, one.params, one.bots, True)
    part = sim._play_seeds([40, 41])
    alone = sim._play_chunk(("runeworks", 3, [40, 41], one.params, one.bots, True, False, None))
    assert (part.seat_wins, part.actions, part.rounds) == (alone.seat_wins, alone.actions, alone.rounds)


@pytest.mark.parametrize("gid", list(all_games()))
def test_a_view_held_unread_across_many_moves_keeps_what_its_seat_knew(gid: str) -> None:
    """The engine follows what each seat sees only when someone asks (Knowledge's log) and a view kept
    across moves holds its part of that log: read at the end, each view gives what a replay to its
    position gives, though nothing read the knowledge between the moves."""
    from cardtable.rules.game import KNOWN

    for view, replayed, moves in _views_held_and_replayed(gid, seed=9, moves=40, every=3):
        assert view.data[KNOWN] == replayed.data[KNOWN], f"{gid} after {moves} moves"


@pytest.mark.parametrize("gid", list(all_games()))
def test_a_position_kept_for_later_is_that_position_when_rebuilt(gid: str) -> None:
    """GameState.fork_later keeps a position as bytes and rebuilds it when asked, after the state moved
    on: the rebuilt state is the position it was kept at, text for text, and asking twice gives it once."""
    import random

    game = all_games()[gid]
    engine = Engine.new(game, game.max_seats, 5, {})
    rng = random.Random(5)
    kept = []
    for _ in range(30):
        if engine.is_over():
            break
        kept.append((engine.state.fork_later(), engine.state.canonical()))
        seat = engine.deciding_seats()[0]
        engine.apply(rng.choice(engine.legal_actions(seat)))
    for later, text in kept:
        assert later().canonical() == text
        assert later() is later()


@pytest.mark.parametrize("gid", list(all_games()))
def test_a_view_held_across_moves_shows_its_own_position_when_read(gid: str) -> None:
    """Whichever way the engine keeps a held view's data across a move (built then, or worked out
    from a kept copy of the position when first read: Game.public_data_later), a view read after many
    moves shows what a view made at its position shows."""
    for view, replayed, moves in _views_held_and_replayed(gid, seed=11, moves=30, every=2):
        assert dict(view.data) == dict(replayed.data), f"{gid} after {moves} moves"
        # its zones too, built when read (view.Zones): those read before the moves kept as they were,
        # the rest from the position rebuilt
        assert list(view.zones) == list(replayed.zones), f"{gid} after {moves} moves"
        assert dict(view.zones) == dict(replayed.zones), f"{gid} after {moves} moves"


def _views_held_and_replayed(gid: str, seed: int, moves: int, every: int) -> list[tuple[Any, Any, int]]:
    """Random moves from a fresh game, the deciding seat's view held (never read) at each; then every
    `every`th held view beside the view a replay to its position gives, and that position's move count."""
    import random

    game = all_games()[gid]
    engine = Engine.new(game, game.min_seats, seed, {})
    rng = random.Random(seed)
    kept = []
    for _ in range(moves):
        if engine.is_over():
            break
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)
        if len(kept) % 4 == 1:  # one zone read while the position lasted, the rest left for later
            view.zones[f"hand:{seat}"]
        kept.append((len(engine.state.history), seat, view))
        engine.apply(rng.choice(view.legal))
    state = engine.state
    pairs = []
    for count, seat, view in kept[::every]:
        replayed = Engine.replay(game, state.seats, state.seed, state.params, state.history[:count])
        pairs.append((view, replayed.view(seat), count))
    return pairs


@pytest.mark.parametrize("gid", ["runeworks", "sainome", "landperson"])
def test_a_view_held_unread_across_a_move_costs_no_public_data_and_a_kept_position_every_16_moves(
    gid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view held across a move (the table and the benches hold one) keeps a way to rebuild its
    position, not its data: the game's public data is never built for a view nobody reads, and the
    state is copied (GameState.fork_later) once every 16 moves, not once a move. Read afterwards, the
    view still shows its own position (the tests above)."""
    import random

    from cardtable.rules.state import GameState

    game = all_games()[gid]
    asked: list[int] = []
    kept: list[int] = []
    real_public, real_later = type(game).public_data, GameState.fork_later
    monkeypatch.setattr(
        type(game), "public_data", lambda self, state, seat: asked.append(1) or real_public(self, state, seat)
    )
    monkeypatch.setattr(GameState, "fork_later", lambda self: kept.append(1) or real_later(self))
    engine = Engine.new(game, game.min_seats, 4, {})
    rng = random.Random(4)
    moves = 0
    while moves < 48 and not engine.is_over():
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)  # held across the move, as the bench's loop holds it
        engine.apply(rng.choice(view.legal))
        moves += 1
    assert moves == 48, f"{gid}: the game ended before 48 moves"
    assert asked == []
    assert len(kept) == 3  # at moves 0, 16 and 32
    assert view.zones and view.data is not None
    assert dict(view.data) == dict(
        Engine.replay(game, engine.state.seats, 4, engine.state.params, engine.state.history[:47])
        .view(seat)
        .data
    )


@pytest.mark.parametrize("gid", ["runeworks", "lyabi"])
def test_a_view_held_across_an_undo_shows_the_position_it_was_made_at(gid: str) -> None:
    """Undo gives the engine another state before it forgets the old position's views: every view of
    the position (all seats, each unread) keeps the position it was made at, not the one taken back to."""
    import random

    game = all_games()[gid]
    engine = Engine.new(game, game.min_seats, 7, {})
    rng = random.Random(7)
    for _ in range(200):
        seat = engine.deciding_seats()[0]
        engine.apply(rng.choice(engine.legal_actions(seat)))
        if engine.can_undo(seat) and len(engine.state.history) > 4:
            break
    else:
        raise AssertionError(f"{gid}: no move could be taken back")
    history = list(engine.state.history)
    views = {s: engine.view(s) for s in [None, *range(game.min_seats)]}
    engine.undo(seat)
    assert len(engine.state.history) == len(history) - 1
    made_at = Engine.replay(game, engine.state.seats, 7, engine.state.params, history)
    for s, view in views.items():
        again = made_at.view(s)
        assert dict(view.data) == dict(again.data), f"{gid}: seat {s}'s data after the undo"
        assert dict(view.zones) == dict(again.zones), f"{gid}: seat {s}'s zones after the undo"


@pytest.mark.parametrize("gid", ["runeworks", "lyabi"])
def test_a_view_sealed_while_its_position_lasts_reads_a_position_of_its_own(gid: str) -> None:
    """Session.ask_bot seals a view before a worker thread reads it: that view's data reads a position
    kept apart then, the other views of the position go on reading it live, and after the state
    moved on every one of them shows the position they were made at."""
    import random

    from cardtable.rules.game import KNOWN

    game = all_games()[gid]
    engine = Engine.new(game, game.min_seats, 3, {})
    rng = random.Random(3)
    for _ in range(20):
        engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
    history = list(engine.state.history)
    sealed, other = engine.view(0), engine.view(1)
    sealed.data.seal()  # type: ignore[attr-defined]
    live = dict(other.data)  # read while the position lasts
    for _ in range(5):
        engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
    made_at = Engine.replay(game, engine.state.seats, 3, engine.state.params, history)
    assert dict(sealed.data) == dict(made_at.view(0).data)
    assert sealed.data[KNOWN] == made_at.view(0).data[KNOWN]
    assert dict(other.data) == live == dict(made_at.view(1).data)
    assert dict(other.zones) == dict(made_at.view(1).zones)

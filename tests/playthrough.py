"""Shared by the table tests: a person-versus-bot game played on until the person may make a wanted move."""

from __future__ import annotations

from cardtable.bots.random_bot import RandomBot
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig, Session


def session_at(
    game_id: str, kind: str, seeds: int = 60, steps: int = 600, *, pending: bool = False
) -> Session:
    """A 2-seat game (seat 1 a person, seat 2 a random bot) advanced, by a random chooser playing the
    person's seat too, until the person may make a move of `kind` (with `pending`: until the person
    is asked a decision of that kind, such as Sainome's "attack now?")."""
    for seed in range(seeds):
        session = Session.new(
            game_id, [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], seed, {}, autosave=False
        )
        engine = session.engine
        chooser = RandomBot(Rng(seed))
        for _ in range(steps):
            if engine.is_over():
                break
            seat = engine.deciding_seats()[0]
            asked = engine.state.pending
            if pending and seat == 0 and asked is not None and asked.kind == kind:
                return session
            if not pending and seat == 0 and any(a.kind == kind for a in engine.legal_actions(seat)):
                return session
            session.apply(chooser.choose(engine.view(seat)))
    raise AssertionError(f"no seed reached a {kind} move in {game_id}")

"""Shared by the table tests: a session whose deal is stacked the way a scenario file stacks it
(`deal:` zones top first, `setup:` keys of the game, stated `rolls:`), with the seats you ask for."""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import Bot
from cardtable.games import get_game
from cardtable.rules.cards import CardSet
from cardtable.rules.engine import Engine
from cardtable.rules.state import GameState
from cardtable.scenario import _Refs, _stack_deal
from cardtable.session import SeatConfig, Session


def stacked_session(
    game_id: str,
    seats: list[SeatConfig],
    deal: dict[str, list[str]] | None = None,
    setup: dict[str, Any] | None = None,
    *,
    rolls: list[int] | None = None,
    params: dict[str, Any] | None = None,
    seed: int = 0,
    cardset: CardSet | None = None,
) -> Session:
    """A game dealt from `seed`, then stacked as a scenario would stack it. `rolls`, `params` and
    `seed` are keyword-only: passed by position, params once landed in `rolls` without a word. `cardset`:
    an edited set played instead of the game's own."""
    game = get_game(game_id)

    def arrange(state: GameState) -> None:
        refs = _Refs("test", None, [], state, len(seats))
        _stack_deal(state, deal or {}, refs, game.reserve_zone)
        state.forced_rolls[:] = list(rolls or [])
        game.arrange(state, setup or {}, refs)

    engine = Engine.new(game, len(seats), seed, params, cardset, arrange=arrange)
    return Session(engine, seats, autosave=False)


def bot_plays(engine: Engine, bot: Bot, seat: int, until: str | None = None) -> list[str]:
    """`bot`'s moves while `seat` is the one deciding (up to and including a move of kind `until`),
    each as the log names it: what a game's bot tests read of a stacked position."""
    moves = []
    while not engine.is_over() and tuple(engine.deciding_seats()) == (seat,):
        action = bot.choose(engine.view(seat))
        moves.append(engine.describe(action))
        engine.apply(action)
        if action.kind == until:
            break
    return moves

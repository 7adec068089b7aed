"""Many recorded games of one configuration, for the report: seeds seed, seed+1, ... each played by
`record_game`, in worker processes with `jobs`, told as they finish (`progress`) and stoppable between
games (`cancel`). The rows come back in seed order whatever the number of processes, so the same
command gives the same report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..bots import make_bot
from ..games import get_game
from ..rules.game import ParamError
from .record import record_game, seat_bots

Job = tuple[str, int, list[tuple[int, list[str]]], dict[str, Any], int | None]


class Cancelled(Exception):
    """The run was cancelled; `rows` holds the games finished before."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(f"cancelled after {len(rows)} games")
        self.rows = rows


def check_run(
    game_id: str, players: int, games: int, params: dict[str, Any], bots: Sequence[str]
) -> dict[str, Any]:
    """The resolved parameters, after the checks `simulate` makes before any game is played: the seat
    count, the parameters, the number of games and every bot name (ParamError, BotError)."""
    game = get_game(game_id)
    game.check_seats(players)
    resolved = game.resolve_params(params)
    if len(bots) > players:
        raise ParamError(f"{len(bots)} bots for {players} players")
    if games < 1:
        raise ParamError("games must be at least 1")
    for name in set(bots) or {"random"}:
        make_bot(name, game_id, 0)
    return resolved


def run_games(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    params: dict[str, Any] | None = None,
    bots: Sequence[str] = (),
    rotate: bool = False,
    bot_budget: int | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[dict[str, Any]]:
    """The rows of `games` games from `seed` on (module docstring). With `rotate` game i seats the bots
    shifted i places, so each bot sits in every seat equally often over `players` games."""
    resolved = check_run(game_id, players, games, dict(params or {}), bots)
    plan = [(seed + i, seat_bots(bots, players, i, rotate)) for i in range(games)]
    rows: list[dict[str, Any]] = []
    if jobs <= 1 or games == 1:
        for game_seed, names in plan:
            if cancel is not None and cancel():
                raise Cancelled(rows)
            rows.append(record_game(game_id, game_seed, names, players, resolved, bot_budget=bot_budget))
            if progress is not None:
                progress(len(rows), games)
        return rows
    import multiprocessing

    size = max(1, min(20, games // (jobs * 8) or 1))
    work: list[Job] = [
        (game_id, players, plan[i : i + size], resolved, bot_budget) for i in range(0, games, size)
    ]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for part in pool.imap(_play_block, work):
            rows.extend(part)
            if progress is not None:
                progress(len(rows), games)
            if cancel is not None and cancel():
                pool.terminate()
                raise Cancelled(rows)
    return rows


def _play_block(job: Job) -> list[dict[str, Any]]:
    """One worker's block of games (a separate process)."""
    game_id, players, plan, params, budget = job
    return [record_game(game_id, s, names, players, params, bot_budget=budget) for s, names in plan]

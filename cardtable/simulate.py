"""Bot-versus-bot simulation: many seeded games, per-seat and per-bot win rates with 95% intervals.

With `rotate` every seed is played once per seat rotation (the bots shifted one seat each time), so a
first-seat advantage cancels out of the per-bot rates (paired seeds). Each bot's decisions are timed
in CPU time (the mean and 95th percentile ms a decision), the figure a table needs of a search bot.

The numbers a designer needs to balance a game (first-seat advantage, how strong a strategy is)
and the harness for invariant checking: with `check` every invariant is tested after every action.
Pure Python; the CLI and the benches print what it returns.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import make_bot
from .games import get_game
from .rules.engine import Engine
from .rules.game import ParamError
from .rules.invariants import check_invariants


class InvariantFailure(AssertionError):
    """An invariant broke during a simulated game: which game, after which action, and what."""


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimReport:
    """What a batch of games showed."""

    game: str
    players: int
    games: int
    seed: int
    params: dict[str, Any]
    bots: list[str]
    seat_wins: list[float] = field(default_factory=list)
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)
    void_games: int = 0
    rotate: bool = False
    budget: int | None = None  # the search bot's engine actions a decision, when set
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # bot name -> CPU ms per decision
    actions: int = 0
    rounds: int = 0
    seconds: float = 0.0
    checked: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form with rates and intervals."""
        seats = []
        for seat, wins in enumerate(self.seat_wins):
            low, high = wilson(wins, self.games)
            seats.append(
                {
                    "seat": seat + 1,
                    "bot": self.bots[seat],
                    "wins": wins,
                    "win_rate": wins / self.games if self.games else 0.0,
                    "ci95": [low, high],
                }
            )
        bots = {}
        for name, wins in self.bot_wins.items():
            trials = self.bot_seats[name]
            low, high = wilson(wins, trials)
            bots[name] = {
                "wins": wins,
                "seat_games": trials,
                "win_rate": wins / trials if trials else 0.0,
                "ci95": [low, high],
            }
        timing = {}
        for name, times in self.decision_ms.items():
            ordered = sorted(times)
            timing[name] = {
                "decisions": len(ordered),
                "mean_ms": sum(ordered) / len(ordered) if ordered else 0.0,
                "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0,
            }
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "params": self.params,
            "seats": seats,
            "bots": bots,
            "rotate": self.rotate,
            "bot_budget": self.budget,
            "decision_ms": timing,
            "void_games": self.void_games,
            "mean_actions": self.actions / self.games if self.games else 0.0,
            "mean_rounds": self.rounds / self.games if self.games else 0.0,
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "actions_per_s": self.actions / self.seconds if self.seconds else 0.0,
            "invariants_checked": self.checked,
        }


def bot_seed(game_seed: int, seat: int) -> int:
    """A simulated bot's seed: SHA-256 of the game's seed and the seat under a tag of its own, so the
    same run gives the same numbers, yet no arithmetic leads from a bot's generator to the deal (the old
    `seed * 7919 + seat` let a bot solve for the game's seed). At the table bots use the OS entropy."""
    digest = hashlib.sha256(f"cardtable bot seed:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_one(
    game_id: str,
    players: int,
    seed: int,
    params: dict[str, Any],
    bots: list[str],
    check: bool = False,
    on_move: Callable[[str], None] | None = None,
    budget: int | None = None,
    timings: dict[str, list[float]] | None = None,
) -> Engine:
    """Play one bot game to the end and return its engine. Bots see only their own view. `on_move`
    is told each move (`P1: notation`) as it is made, so a long game shows its progress. `budget` is
    a search bot's engine actions a decision; `timings` (bot name -> list) gets each decision's CPU ms."""
    game = get_game(game_id)
    engine = Engine.new(game, players, seed, params)
    agents = [make_bot(name, game_id, bot_seed(seed, seat), budget) for seat, name in enumerate(bots)]
    if check and (problems := check_invariants(engine)):  # the deal itself (a seat with no move)
        raise InvariantFailure(f"{game_id} seed {seed}, after the deal: " + "; ".join(problems))
    while not engine.state.over:
        seat = engine.state.deciding_seats()[0]
        view = engine.view(seat)
        started = time.process_time()
        action = agents[seat].choose(view)
        if timings is not None:
            timings.setdefault(bots[seat], []).append((time.process_time() - started) * 1000.0)
        if on_move is not None:
            on_move(f"P{seat + 1}: {engine.describe(action)}")
        engine.apply(action)
        if check:
            problems = check_invariants(engine)
            if problems:
                raise InvariantFailure(
                    f"{game_id} seed {seed}, action {len(engine.state.history)} "
                    f"({engine.describe(action)}): " + "; ".join(problems)
                )
    return engine


def rotation(names: list[str], shift: int) -> list[str]:
    """The bots seated `shift` seats on: seat s gets the bot of seat s - shift."""
    return [names[(seat - shift) % len(names)] for seat in range(len(names))]


def _tally(report: SimReport, engine: Engine, seated: list[str]) -> None:
    state = engine.state
    report.actions += len(state.history)
    report.rounds += int(state.data.get("round", 1))
    if not state.winners:
        report.void_games += 1
    share = 1.0 / len(state.winners) if state.winners else 0.0
    for winner in state.winners:
        report.seat_wins[winner] += share
        report.bot_wins[seated[winner]] += share


def _play_chunk(
    job: tuple[str, int, list[int], dict[str, Any], list[str], bool, bool, int | None],
) -> SimReport:
    """One worker's share of the games (a separate process with --jobs)."""
    game_id, players, seeds, params, names, check, rotate, budget = job
    part = SimReport(
        game_id,
        players,
        len(seeds),
        seeds[0] if seeds else 0,
        params,
        names,
        [0.0] * players,
        {n: 0.0 for n in names},
        {},
        checked=check,
    )
    for game_seed in seeds:
        _play_seed(part, game_seed, check, rotate, budget)
    return part


def _play_seed(report: SimReport, game_seed: int, check: bool, rotate: bool, budget: int | None) -> None:
    """The games of one seed: one, or with `rotate` one per seat rotation of the bots."""
    for shift in range(report.players if rotate else 1):
        seated = rotation(report.bots, shift)
        engine = play_one(
            report.game,
            report.players,
            game_seed,
            report.params,
            seated,
            check,
            budget=budget,
            timings=report.decision_ms,
        )
        _tally(report, engine, seated)


# A worker process's share of the run (`_start_worker`): what every block of seeds plays with.
_WORKER: dict[str, Any] = {}


def _start_worker(
    game_id: str,
    players: int,
    params: dict[str, Any],
    names: list[str],
    check: bool,
    rotate: bool = False,
    budget: int | None = None,
) -> None:
    """A worker's start-up, once per process (the pool's initializer), not in each block of seeds: the
    game's import and registry, the card set's load and check, the first deal, the bots' modules. The
    deal played here is thrown away, so the tallies are those of `--jobs 1`."""
    game = get_game(game_id)
    Engine.new(game, players, 0, params)
    for name in set(names):
        make_bot(name, game_id, 0)
    _WORKER.update(
        game_id=game_id,
        players=players,
        params=params,
        names=names,
        check=check,
        rotate=rotate,
        budget=budget,
    )


def _play_seeds(seeds: list[int]) -> SimReport:
    """One block of seeds in a started worker (`_start_worker`): only the seeds travel."""
    w = _WORKER
    return _play_chunk(
        (w["game_id"], w["players"], seeds, w["params"], w["names"], w["check"], w["rotate"], w["budget"])
    )


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    params: dict[str, Any] | None = None,
    bots: list[str] | None = None,
    check: bool = False,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    rotate: bool = False,
    budget: int | None = None,
) -> SimReport:
    """Play `games` seeds, seed, seed+1, ..., each once, or with `rotate` once per seat rotation of the
    bots (`games` x players games), and tally the results (in `jobs` processes). `budget` is a search
    bot's engine actions a decision (bots/search.py)."""
    game = get_game(game_id)
    game.check_seats(players)
    resolved = game.resolve_params(params)
    names = list(bots or ["random"])
    if len(names) > players or games < 1 or jobs < 1:
        raise ParamError(
            f"{len(names)} bots for {players} players"
            if len(names) > players
            else "games and jobs must be at least 1"
        )
    names += [names[-1]] * (players - len(names))
    for name in set(names):
        make_bot(name, game_id, 0)  # an unknown bot name fails before any game is played
    played = games * (players if rotate else 1)
    report = SimReport(
        game_id,
        players,
        played,
        seed,
        resolved,
        names,
        [0.0] * players,
        {n: 0.0 for n in names},
        {n: names.count(n) * played for n in names},
        checked=check,
        rotate=rotate,
        budget=budget,
    )
    started = time.perf_counter()
    if jobs > 1 and games > 1:
        _simulate_parallel(report, list(range(seed, seed + games)), jobs, progress, rotate, budget)
    else:
        for index in range(games):
            _play_seed(report, seed + index, check, rotate, budget)
            if progress is not None:
                progress(index + 1, games)
    report.seconds = time.perf_counter() - started
    return report


def _simulate_parallel(
    report: SimReport,
    seeds: list[int],
    jobs: int,
    progress: Callable[[int, int], None] | None,
    rotate: bool,
    budget: int | None,
) -> None:
    """Spread the seeds over worker processes in small chunks; merge their tallies in seed order."""
    import multiprocessing

    size = max(1, min(50, len(seeds) // (jobs * 8) or 1))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    start = (report.game, report.players, report.params, report.bots, report.checked, rotate, budget)
    done = 0
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_start_worker, initargs=start) as pool:
        for part in pool.imap(_play_seeds, chunks):
            report.actions += part.actions
            report.rounds += part.rounds
            report.void_games += part.void_games
            for seat, wins in enumerate(part.seat_wins):
                report.seat_wins[seat] += wins
            for name, wins in part.bot_wins.items():
                report.bot_wins[name] += wins
            for name, times in part.decision_ms.items():
                report.decision_ms.setdefault(name, []).extend(times)
            done += part.games  # seeds, as `progress` counts them
            if progress is not None:
                progress(done, len(seeds))

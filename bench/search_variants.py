"""Search-bot variants against the heuristic, game by game, on the very games `cardtable simulate` plays.

`bench/ladder.py` measures the search bot as it is; this script measures what a change would do before
it is made: the search bot with other keyword arguments (`--search '{"depth": 25}'`), a game module's
constant set otherwise (`--set cardtable.games.runeworks.evaluate.SCALE=4.0`), or an *oracle* that
re-deals from the true state (`--oracle`: the other hands as they are, only the stock shuffled: the
most a better belief about the other hands could give; cheating, a measure only). The games are those
of `cardtable simulate GAME --players N --games G --seed S --bots search,heuristic --rotate
--bot-budget B` (the same deals and bot seeds: with no option it reproduces simulate's tally), one JSON
line a game (seed, seat rotation, the search seat's win share, its decisions and how many left the
heuristic's move, their CPU ms), then a summary line: wins, Wilson 95% interval, mean and p95 ms.
`--reference FILE` (a run of this script with `--heuristic`, which seats the heuristic everywhere)
adds the games whose result the search changed, won and lost: paired on the deal, far less noisy
than the win rates. `--lost-only` (with `--reference`) plays only the games the reference seat lost:
where a change can gain, a cheap screen when most results follow the deal (Land & Person's deck race).

    python bench/search_variants.py runeworks --seeds 0-49 --budget 400 > base.jsonl
    python bench/search_variants.py runeworks --seeds 0-49 --heuristic > ref.jsonl
    python bench/search_variants.py runeworks --seeds 0-49 --budget 400 --oracle --reference ref.jsonl

Run it under `nice -n 10`: a budget-400 Rune Works game is about a second of CPU, a 2000 one five.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.search import SearchBot
from cardtable.games import get_game
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState
from cardtable.rules.view import PlayerView
from cardtable.simulate import bot_seed


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return ((centre - margin) / denominator, (centre + margin) / denominator)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", default="0-9", help="first-last seed, each played once per seat rotation")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--budget", type=int, default=400)
    parser.add_argument("--search", default="{}", help="SearchBot keyword arguments as JSON")
    parser.add_argument(
        "--params", default="{}", help='game options as JSON (simulate\'s --param: {"mode": "shared"})'
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="MODULE.NAME=JSON", help="set a module constant"
    )
    parser.add_argument("--oracle", action="store_true", help="re-deal from the true state (a measure only)")
    parser.add_argument("--heuristic", action="store_true", help="the heuristic in every seat (a reference)")
    parser.add_argument("--reference", default="", help="a --heuristic run's lines: count changed results")
    parser.add_argument(
        "--lost-only",
        action="store_true",
        help="with --reference: only the games the reference seat lost (where a change can gain; a screen)",
    )
    args = parser.parse_args(argv)
    for item in args.set:
        path, value = item.split("=", 1)
        module, name = path.rsplit(".", 1)
        setattr(importlib.import_module(module), name, json.loads(value))
    first, last = (int(x) for x in args.seeds.split("-"))
    options: dict[str, Any] = json.loads(args.search)
    params: dict[str, Any] = json.loads(args.params)
    game = get_game(args.game)
    playing: dict[str, Engine] = {}
    if args.oracle:

        def oracle(view: PlayerView, rng: Rng) -> GameState:
            state = playing["engine"].state.copy()
            rng.shuffle(state.zones["stock"].cards)
            state.rng = Rng(rng.below(1 << 62))
            return state

        game.determinize = oracle  # type: ignore[method-assign]
    reference: dict[tuple[int, int], float] = {}
    if args.reference:
        with open(args.reference, "rb") as handle:
            for line in handle.read().decode("utf-8").splitlines():
                row = json.loads(line)
                reference[(row["seed"], row["shift"])] = row["share"]
    wins = 0.0
    games = 0
    changed = [0, 0]
    all_ms: list[float] = []
    for seed in range(first, last + 1):
        for shift in range(args.seats):
            if args.lost_only and reference.get((seed, shift), 0.0) > 0.0:
                continue
            engine = Engine.new(game, args.seats, seed, dict(params))
            playing["engine"] = engine
            bots = [
                SearchBot(Rng(bot_seed(seed, seat)), budget=args.budget, **options)
                if seat == shift and not args.heuristic
                else make_bot("heuristic", args.game, bot_seed(seed, seat))
                for seat in range(args.seats)
            ]
            ms: list[float] = []
            departed = 0
            while not engine.is_over():
                seat = engine.deciding_seats()[0]
                view = engine.view(seat)
                started = time.process_time()
                action = bots[seat].choose(view)
                if seat == shift and len(view.legal) > 1:
                    ms.append((time.process_time() - started) * 1000.0)
                    stats = getattr(bots[seat], "last", None)
                    departed += stats is not None and stats.rival is not None and action == stats.rival
                engine.apply(action)
            winners = engine.state.winners
            share = 1.0 / len(winners) if shift in winners else 0.0
            wins += share
            games += 1
            all_ms += ms
            if (seed, shift) in reference and reference[(seed, shift)] != share:
                changed[share > reference[(seed, shift)]] += 1
            row = {"seed": seed, "shift": shift, "share": share, "decisions": len(ms), "departed": departed}
            print(json.dumps({**row, "ms": round(sum(ms) / max(1, len(ms)), 1)}), flush=True)
    all_ms.sort()
    low, high = wilson(wins, games)
    summary = {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "decision_mean_ms": round(sum(all_ms) / max(1, len(all_ms)), 1),
        "decision_p95_ms": round(all_ms[int(0.95 * (len(all_ms) - 1))], 1) if all_ms else 0.0,
    }
    if reference:
        summary.update({"changed_won": changed[1], "changed_lost": changed[0]})
    print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The bot ladder: random < heuristic < search, in every game, from rotated paired games.

For every registered game that has winners (the rules-free sandbox has none) at two seats, and Rune
Works and Risugeon also at four (each game's `LADDER_SEATS` below), it plays two matches with
`cardtable.simulate` and `rotate` (every seed once per seat rotation, so seat advantage cancels):

- heuristic against random: the heuristic bot's win rate;
- search against heuristic: the search bot (bots/search.py, at `--budget` engine actions a decision)
  in one seat, the heuristic bot in the others.

Each rate comes with its Wilson 95% interval and the fair share of a seat (1/seats: the rate of a bot
no better than the others); a rung holds when the interval's lower end is above the fair share. The
search bot's decisions are timed in CPU time (mean and 95th percentile ms, process_time, so other
programs on the machine do not inflate them; one core).

Run (from the repo root; the search matches take minutes a game, run it under `nice`):
    python bench/ladder.py                         # a table
    python bench/ladder.py --json                  # one JSON object: <game>_<n>p_search_win_rate ...
    python bench/ladder.py --games sainome,lyabi --seeds 10 --budget 1000

Measured 28 Nov 2026, 02:17-02:43 UTC, branch i28-strength3, budget 400 (not the 2000 the issue asks:
2000 costs ~1 h of one core a game at 50 seeds), two seats, one invocation a game (`--games G --seeds N
--budget 400 --seats 2`), seeds 0..N-1, each played in both seat orders; a loaded machine (2 cores,
load 4-6), so the CPU ms are loaded figures. "before" is the same seeds with the search of main at
cfc2743 (before the glance cut, the Bonferroni bar, the Risugeon evaluation and the cheaper playouts):

    game        games  heuristic/random   search/heuristic          before           ms mean  p95  (before mean)
    runeworks     80   95% [88-98]        45% [35-56]  36/80        36% [27-47]      30   85    (24)
    sainome       20   100% [84-100]      65% [43-82]  13/20        75% [53-89]     112  166   (103)
    lyabi         20   100% [84-100]      70% [48-85]  14/20        75% [53-89]      76  139   (113)
    risugeon      12   100% [76-100]      67% [39-86]   8/12         0% [0-24]       47   75    (65)
    landperson     8   100% [68-100]      50% [22-78]   4/8         38% [14-69]      84  133    (96)
    sevenbridge    8   100% [68-100]      50% [22-78]   4/8           -              88  208
    littlekingdom  4   100% [51-100]      50% [15-85]   2/4           -             119  231

Where search does not beat the heuristic: no interval's lower end is above 50% at these sample sizes
(20 games decide nothing; 50+ seeds a game are needed). Rune Works is at par: its heuristic holds
melds on purpose and the search's deviations (which card to Release) judged by paired heuristic games
to the end gain nothing measurable; the cut evaluation (cards from going out) is what the heuristic
already optimises. Lyabi as data (lyabi_data) is not in the table: the search crashed there, a re-deal
after the blind circle pick putting a card that is not a circle into the other seat's circles
(KeyError in its initial_cards hook), a data-game re-deal bug, not the search's; fixed since (the
setup's split is a move every seat knows: tests/test_datagame_lyabi.py), not measured here yet.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cardtable.bots import bot_factories
from cardtable.bots.search import DEFAULT_BUDGET
from cardtable.games import all_games
from cardtable.simulate import simulate

LADDER_SEATS = {"runeworks": (2, 4), "risugeon": (2, 4)}  # seat counts beyond two that the issue asks


def rung(game: str, seats: int, bots: list[str], seeds: int, seed: int, budget: int) -> dict[str, Any]:
    """One match with rotation: the first bot's win rate, interval and decision times."""
    report = simulate(game, seats, seeds, seed, bots=bots, rotate=True, budget=budget).to_dict()
    row = report["bots"][bots[0]]
    timing = report["decision_ms"].get(bots[0], {"mean_ms": 0.0, "p95_ms": 0.0})
    return {
        "win_rate": round(row["win_rate"], 4),
        "ci95": [round(x, 4) for x in row["ci95"]],
        "seat_games": row["seat_games"],
        "fair_share": round(1 / seats, 4),
        "holds": row["ci95"][0] > 1 / seats,
        "decision_mean_ms": round(timing["mean_ms"], 2),
        "decision_p95_ms": round(timing["p95_ms"], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument(
        "--games", default="", help="comma-separated game ids (default: every game with winners)"
    )
    parser.add_argument("--seeds", type=int, default=20, help="seeds a match (each played once per rotation)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search engine actions a decision")
    parser.add_argument("--seats", default="", help="only these seat counts, comma separated (e.g. 2)")
    args = parser.parse_args(argv)
    games = all_games()
    wanted = [g for g in args.games.split(",") if g] or [
        gid for gid, game in games.items() if "heuristic" in bot_factories(gid) and not game.plays_any_set
    ]
    unknown = [g for g in wanted if g not in games]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (known: {', '.join(games)})")
    only = {int(s) for s in args.seats.split(",") if s}
    out: dict[str, Any] = {"budget": args.budget, "seeds": args.seeds, "rotate": True}
    lines = []
    for gid in wanted:
        for seats in LADDER_SEATS.get(gid, (2,)):
            if only and seats not in only:
                continue
            key = f"{gid}_{seats}p"
            heuristic = rung(gid, seats, ["heuristic", "random"], args.seeds, args.seed, args.budget)
            search = rung(gid, seats, ["search", "heuristic"], args.seeds, args.seed, args.budget)
            for name, row in (("heuristic_vs_random", heuristic), ("search_vs_heuristic", search)):
                for field, value in row.items():
                    out[f"{key}_{name}_{field}"] = value
            lines.append(
                f"{key:<14} heuristic/random {heuristic['win_rate']:>6.1%} "
                f"[{heuristic['ci95'][0]:.1%}-{heuristic['ci95'][1]:.1%}]   search/heuristic "
                f"{search['win_rate']:>6.1%} [{search['ci95'][0]:.1%}-{search['ci95'][1]:.1%}] "
                f"of {search['seat_games']} (fair {search['fair_share']:.0%})   "
                f"{search['decision_mean_ms']:.0f} ms mean, {search['decision_p95_ms']:.0f} ms p95"
            )
            if not args.json:
                print(lines[-1], flush=True)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"budget {args.budget} engine actions a decision; CPU ms a decision", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

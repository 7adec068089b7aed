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
    nice python bench/ladder.py --budget 1000 --seeds 50 --out ~/ladder --json   # hours: stop and run
                                                   # again to resume; the seeds it holds are not replayed

What it measured, run by run (issue 28: the budget-2000 table, why Rune Works stays at par, Land
& Person's deck race, the four-seat rows): bench/ladder_results.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.bots import bot_factories, make_bot
from cardtable.bots.search import DEFAULT_BUDGET, SearchBot
from cardtable.games import all_games, entry_for
from cardtable.persistence.files import atomic_write_bytes
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.simulate import simulate, wilson

LADDER_SEATS = {"runeworks": (2, 4), "risugeon": (2, 4)}  # seat counts beyond two that the issue asks


def _played(game: str, seats: int, bots: list[str], seed: int, seeds: int, budget: int) -> dict[str, Any]:
    """The first bot's wins, seat games and decision CPU ms over `seeds` seeds from `seed`, rotated."""
    report = simulate(game, seats, seeds, seed, bots=bots, rotate=True, budget=budget)
    return {
        "wins": report.bot_wins[bots[0]],
        "seat_games": report.bot_seats[bots[0]],
        "decision_ms": report.decision_ms.get(bots[0], []),
    }


def _seed_by_seed(
    out: Path, game: str, seats: int, bots: list[str], seeds: int, seed: int, budget: int
) -> list[dict[str, Any]]:
    """Each seed's part of a match, kept in `out` as it is played (one JSON file a seed, written whole
    or not at all) and read back when it is there: a ladder of hours runs in pieces, stopped and
    resumed, and the figures are those of the very games `simulate` plays for the whole range (a
    seed's deal and bots depend on the seed alone)."""
    folder = out / f"{game}-{seats}p-{bots[0]}-{bots[1]}-b{budget}"
    folder.mkdir(parents=True, exist_ok=True)
    parts = []
    for s in range(seed, seed + seeds):
        path = folder / f"seed{s}.json"
        if path.exists():
            parts.append(json.loads(path.read_bytes().decode("utf-8")))
            continue
        parts.append(_played(game, seats, bots, s, 1, budget))
        atomic_write_bytes(path, json.dumps(parts[-1]).encode("utf-8"), keep_backup=False)
    return parts


def rung(
    game: str, seats: int, bots: list[str], seeds: int, seed: int, budget: int, out: Path | None = None
) -> dict[str, Any]:
    """One match with rotation: the first bot's win rate, interval and decision times (with `out`,
    played and kept seed by seed there, resuming what is kept)."""
    if out is None:
        parts = [_played(game, seats, bots, seed, seeds, budget)]
    else:
        parts = _seed_by_seed(out, game, seats, bots, seeds, seed, budget)
    wins = sum(float(p["wins"]) for p in parts)
    trials = sum(int(p["seat_games"]) for p in parts)
    times = sorted(t for p in parts for t in p["decision_ms"])
    low, high = wilson(wins, trials)
    return {
        "win_rate": round(wins / trials, 4) if trials else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "seat_games": trials,
        "fair_share": round(1 / seats, 4),
        "holds": low > 1 / seats,
        "decision_mean_ms": round(sum(times) / len(times), 2) if times else 0.0,
        "decision_p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2) if times else 0.0,
    }


def _to_end(engine: Engine, gid: str, seed: int) -> None:
    """Heuristic bots (seeded from `seed`) play `engine`'s game to its end."""
    bots = [make_bot("heuristic", gid, seed * 31 + seat) for seat in range(engine.state.seats)]
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        engine.apply(bots[seat].choose(engine.view(seat)))


def decisions(
    gid: str,
    seeds: int,
    seed: int,
    budget: int,
    every: int,
    continuations: int,
    params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The decision-level measure: at every `every`-th decision with a choice in heuristic-vs-heuristic
    games at two seats, the search bot's move against the heuristic's. Where they differ, both moves
    are played on the same `continuations` re-deals of the deciding seat's view, each to the end of the
    game by heuristic bots with the same seeds (paired: the two moves differ by the move, not the luck),
    and the search's move is scored by its lead in win share. A move the search gets wrong shows as a
    negative lead; the rows say which kinds of move (heuristic's -> search's) gain and which lose.
    `params` are the game's options (default: its last registered variant)."""
    game = all_games()[gid]
    variant = dict(entry_for(gid).variants[-1]) if params is None else dict(params)
    asked = differ = 0
    rows: list[dict[str, Any]] = []
    for game_seed in range(seed, seed + seeds):
        engine = Engine.new(game, 2, game_seed, variant)
        players = [make_bot("heuristic", gid, 1000 + game_seed * 2 + seat) for seat in range(2)]
        made = 0
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            view = engine.view(seat)
            usual = players[seat].choose(view)
            if len(view.legal) > 1 and made % every == every - 1:
                asked += 1
                bot = SearchBot(Rng(game_seed * 1000 + made), budget=budget)
                searched = bot.choose(view)
                rival = bot.last.rival
                # a move the search played over the heuristic's, or one it found better but kept back
                # (its lead not clear of the confidence bar): both are scored the same way
                tried = searched if searched != usual else rival
                if tried is not None and tried != usual:
                    differ += searched != usual
                    leads = []
                    for k in range(continuations):
                        shares = []
                        for move in (tried, usual):
                            state = game.determinize(view, Rng(k))
                            ahead = Engine(game, state)
                            ahead.apply(move)
                            _to_end(ahead, gid, k)
                            winners = ahead.state.winners
                            shares.append(1.0 / len(winners) if seat in winners else 0.0)
                        leads.append(shares[0] - shares[1])
                    mean = sum(leads) / len(leads)
                    gap = bot.last.gap or (0.0, 0.0)
                    rows.append(
                        {
                            "seed": game_seed,
                            "move": made,
                            "played": searched != usual,
                            "heuristic": engine.describe(usual),
                            "search": engine.describe(tried),
                            "kinds": f"{usual.kind}->{tried.kind}",
                            "gap": [round(gap[0], 4), round(gap[1], 4)],
                            "lead": round(mean, 3),
                        }
                    )
                    print(
                        f"  {gid} seed {game_seed} move {made}: {'played' if searched != usual else 'kept'} "
                        f"{rows[-1]['kinds']} {rows[-1]['heuristic']} -> {rows[-1]['search']}: "
                        f"search gap {gap[0]:+.3f} se {gap[1]:.3f}; lead to the end {mean:+.3f}",
                        file=sys.stderr,
                        flush=True,
                    )
            engine.apply(usual)
            made += 1
    out: dict[str, Any] = {f"{gid}_decisions_asked": asked, f"{gid}_decisions_played": differ}
    for label, wanted in (("played", True), ("kept", False)):
        chosen = [row for row in rows if row["played"] is wanted]
        kinds: dict[str, list[float]] = {}
        for row in chosen:
            kinds.setdefault(row["kinds"], []).append(row["lead"])
        leads = [row["lead"] for row in chosen]
        out[f"{gid}_decisions_{label}_count"] = len(chosen)
        out[f"{gid}_decisions_{label}_mean_lead"] = round(sum(leads) / len(leads), 4) if leads else None
        out[f"{gid}_decisions_{label}_by_kind"] = {
            k: [len(v), round(sum(v) / len(v), 3)] for k, v in sorted(kinds.items())
        }
    out[f"{gid}_decisions_rows"] = rows
    return out


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
    parser.add_argument(
        "--out",
        type=Path,
        help="play and keep every match seed by seed in this folder, resuming what it holds (stop any time)",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        default=0,
        metavar="K",
        help="instead of matches, the decision-level measure with K paired continuations a move that differs",
    )
    parser.add_argument("--every", type=int, default=5, help="with --decisions: search every Nth decision")
    parser.add_argument(
        "--params", default="", help="with --decisions: the game options as JSON (default: its last variant)"
    )
    args = parser.parse_args(argv)
    games = all_games()
    wanted = [g for g in args.games.split(",") if g] or [
        gid for gid, game in games.items() if "heuristic" in bot_factories(gid) and not game.plays_any_set
    ]
    unknown = [g for g in wanted if g not in games]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (known: {', '.join(games)})")
    if args.decisions:
        found: dict[str, Any] = {"budget": args.budget, "seeds": args.seeds, "continuations": args.decisions}
        for gid in wanted:
            params = json.loads(args.params) if args.params else None
            found.update(
                decisions(gid, args.seeds, args.seed, args.budget, args.every, args.decisions, params)
            )
        print(json.dumps(found))
        return 0
    only = {int(s) for s in args.seats.split(",") if s}
    out: dict[str, Any] = {"budget": args.budget, "seeds": args.seeds, "rotate": True}
    lines = []
    for gid in wanted:
        for seats in LADDER_SEATS.get(gid, (2,)):
            if only and seats not in only:
                continue
            key = f"{gid}_{seats}p"
            heuristic = rung(
                gid, seats, ["heuristic", "random"], args.seeds, args.seed, args.budget, args.out
            )
            search = rung(gid, seats, ["search", "heuristic"], args.seeds, args.seed, args.budget, args.out)
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

"""Land & Person's heuristic bot against an earlier version of itself, on rotated paired seeds.

The earlier bot is not kept in the package: this script takes bot.py as it was at a git commit
(`git show COMMIT:cardtable/games/landperson/bot.py`), writes it as a module of its own in a scratch
directory (its relative imports made absolute) and seats it as the bot "old" beside the package's
"heuristic", then plays `cardtable.simulate` with `rotate` (every seed once per seat order, so the
seat advantage cancels) in each mode. Also the heuristic against random, the same way.

Run (from the repo root; a few seconds a hundred games):
    python bench/landperson_bots.py --old main --games 200            # a table
    python bench/landperson_bots.py --old 015ad7f --games 200 --json  # <mode>_new_vs_old_win_rate ...

Measured 28 Nov 2026, 07:01-07:30 UTC (branch i28-lp against main at 015ad7f, `--old 015ad7f --games
150`: 150 seeds x 2 seat orders a match, nice -n 10 on a loaded 2-core machine; a draw counts half):

    mode     new vs old               new vs random      old vs random
    deck     74.3% [69.1-79.0] 300    100% [98.7-100]    100% [98.7-100]
    shared   74.3% [69.1-79.0] 300    99.7% [98.1-99.9]  99.0% [97.1-99.7]
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from cardtable import bots as bots_module
from cardtable.simulate import simulate

GAME = "landperson"
BOT_PATH = "cardtable/games/landperson/bot.py"


def load_old(commit: str, scratch: Path) -> type:
    """The heuristic bot class as it was at `commit`."""
    source = subprocess.run(
        ["git", "show", f"{commit}:{BOT_PATH}"], check=True, capture_output=True
    ).stdout.decode("utf-8")
    source = source.replace("from ...", "from cardtable.").replace(
        "from .", "from cardtable.games.landperson."
    )
    name = f"landperson_bot_{commit.replace('/', '_').replace('-', '_')}"
    (scratch / f"{name}.py").write_bytes(source.encode("utf-8"))
    sys.path.insert(0, str(scratch))
    return importlib.import_module(name).LandPersonBot


def seat_old(old: type) -> None:
    """Make "old" a bot name for this game in this process (simulate asks bots.make_bot)."""
    factories = bots_module.bot_factories

    def with_old(game_id: str) -> dict[str, Any]:
        out = factories(game_id)
        if game_id == GAME:
            out["old"] = old
        return out

    bots_module.bot_factories = with_old  # type: ignore[assignment]


def match(first: str, second: str, games: int, seed: int, mode: str) -> dict[str, Any]:
    report = simulate(GAME, 2, games, seed, {"mode": mode}, bots=[first, second], rotate=True).to_dict()
    row = report["bots"][first]
    return {
        "win_rate": round(row["win_rate"], 4),
        "ci95": [round(x, 4) for x in row["ci95"]],
        "seat_games": row["seat_games"],
        "mean_actions": round(report["mean_actions"], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="main", help="the git commit (or branch) of the earlier bot")
    parser.add_argument(
        "--games", type=int, default=100, help="seeds a match (each played in both seat orders)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--modes", default="deck,shared", help="the modes, comma separated")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        seat_old(load_old(args.old, Path(scratch)))
        out: dict[str, Any] = {"old": args.old, "seeds": args.games}
        for mode in args.modes.split(","):
            for first, second in (("heuristic", "old"), ("heuristic", "random"), ("old", "random")):
                row = match(first, second, args.games, args.seed, mode)
                label = f"{mode}_{'new' if first == 'heuristic' else 'old'}_vs_{second if second == 'random' else 'old'}"
                out[f"{label}_win_rate"] = row["win_rate"]
                out[f"{label}_ci95"] = row["ci95"]
                out[f"{label}_mean_actions"] = row["mean_actions"]
                if not args.json:
                    print(
                        f"{mode:7} {label:28} {row['win_rate']:.1%} [{row['ci95'][0]:.1%}-{row['ci95'][1]:.1%}]"
                        f"  {row['seat_games']} games  {row['mean_actions']} actions a game",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

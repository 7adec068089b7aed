"""Search cost: what a look-ahead bot pays per game for a fork, a re-deal from a view and a playout.

For every registered game (its last registered variant, its fewest seats) it plays random games from
a few seeds and, at positions spread over each game, times in CPU time (process_time, so another
program on the machine does not inflate it):

- `fork`: `GameState.fork()`, the copy a search plays ahead on; and, for scale, `copy()`, the
  to_dict/from_dict round trip it replaces;
- `determinize`: `Game.determinize(view, rng)`, a full state dealt from the deciding seat's view;
- `playout`: a random playout from a fork to the end of the game, through a bare engine (legal moves,
  apply), in ms.

Where OpenSpiel is installed (`pip install open_spiel`), the same run times its C++ `State.clone()` of
gin rummy at positions of random games, and a random playout from a clone to the end, for scale;
without it those figures (and the ratios to them) are null, with a note. The table prints µs; the
JSON keeps the bench convention (times in `_ms`, comparisons in `_ratio`).

Figures (28 Nov 2026, three runs on a shared 2-core machine at load 6-8, CPU time; median of the runs'
medians, min-max; OpenSpiel's clone timed in each run: 73 us median, 48-78):

| game | fork us | copy us | determinize us | playout ms | fork / OpenSpiel clone |
|---|---|---|---|---|---|
| runeworks | 26.5 (24-27) | 144 | 517 (470-527) | 30.2 | 0.35 (0.32-0.55) |
| risugeon | 31.6 (28-32) | 217 | 1,338 (1,215-1,343) | 4.6 | 0.41 (0.38-0.65) |
| sainome | 30.9 (19-34) | 173 | 533 (391-644) | 12.3 | 0.40 (0.26-0.70) |
| landperson | 23.1 (20-24) | 154 | 978 (963-1,134) | 23.0 | 0.30 (0.28-0.48) |
| lyabi | 43.2 (30-47) | 255 | 699 (488-745) | 20.9 | 0.60 (0.59-0.62) |
| littlekingdom (data) | 22.3 (16-23) | 155 | 579 (498-655) | 98.2 | 0.31 (0.30-0.32) |
| lyabi_data (data) | 46.7 (45-49) | 274 | 791 (697-803) | 57.3 | 0.66 (0.60-0.94) |
| sevenbridge (data) | 21.9 (14-23) | 118 | 562 (310-582) | 17.8 | 0.30 (0.18-0.47) |
| sandbox | 16.4 (12-20) | 83 | 218 (184-317) | 7.8 | 0.25 (0.23-0.26) |

Every fork costs well under OpenSpiel's C++ clone of gin rummy (a C++ gin rummy playout: 1.5 ms); a
re-deal costs 10-40 forks, and a random playout to the end dominates a search's per-playout cost.

Run (from the repo root):
    python bench/search_cost.py                 # a table
    python bench/search_cost.py --json          # one JSON object: <game>_fork_ms, _determinize_ms ...
    python bench/search_cost.py --games lyabi --positions 40
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from statistics import median
from typing import Any

from cardtable.games import all_games, entry_for
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

REPEAT = 20  # timings of one fork / re-deal at one position, the median kept (they are microseconds)


def _cpu_us(call: Any, repeat: int = REPEAT) -> float:
    """The median CPU time of `call()` in microseconds over `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.process_time_ns()
        call()
        times.append(time.process_time_ns() - start)
    return median(times) / 1000.0


def _playout_ms(engine: Engine, rng: random.Random) -> float:
    start = time.process_time_ns()
    while not engine.is_over():
        legal = engine.legal_actions(engine.deciding_seats()[0])
        engine.apply(legal[rng.randrange(len(legal))])
    return (time.process_time_ns() - start) / 1e6


def measure_game(gid: str, positions: int, seeds: int) -> dict[str, float]:
    """Median fork, copy and re-deal µs and playout ms of one game over `positions` positions."""
    game = all_games()[gid]
    variant = dict(entry_for(gid).variants[-1])
    forks: list[float] = []
    copies: list[float] = []
    redeals: list[float] = []
    playouts: list[float] = []
    per_seed = max(1, positions // seeds)
    for seed in range(seeds):
        rng = random.Random(seed)
        engine = Engine.new(game, game.min_seats, seed, variant)
        horizon = min(engine.max_actions, 150)
        stops = sorted(rng.sample(range(horizon), k=min(per_seed, horizon)))
        made = 0
        for stop in stops:
            while made < stop and not engine.is_over():
                engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
                made += 1
            if engine.is_over():
                break
            state: GameState = engine.state
            forks.append(_cpu_us(state.fork))
            copies.append(_cpu_us(state.copy))
            view = engine.view(engine.deciding_seats()[0])
            deal = Rng(stop)
            redeals.append(_cpu_us(lambda view=view, deal=deal: game.determinize(view, deal)))
            playouts.append(_playout_ms(Engine(game, state.fork()), random.Random(stop)))
    return {
        f"{gid}_fork_ms": round(median(forks) / 1000, 5),
        f"{gid}_copy_ms": round(median(copies) / 1000, 5),
        f"{gid}_copy_vs_fork_ratio": round(median(copies) / median(forks), 2),
        f"{gid}_determinize_ms": round(median(redeals) / 1000, 5),
        f"{gid}_playout_ms": round(median(playouts), 3),
    }


def measure_openspiel(positions: int) -> tuple[dict[str, float | None], list[str]]:
    """OpenSpiel gin rummy: C++ clone µs and a random playout ms, or nulls when it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        note = "open_spiel is not installed (pip install open_spiel): its figures are null"
        return {"openspiel_gin_clone_ms": None, "openspiel_gin_playout_ms": None}, [note]
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    clones: list[float] = []
    playouts: list[float] = []
    while len(clones) < positions:
        state = game.new_initial_state()
        stop = rng.randrange(10, 120)
        made = 0
        while not state.is_terminal() and made < stop:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            made += 1
        if state.is_terminal():
            continue
        clones.append(_cpu_us(state.clone))
        ahead = state.clone()
        start = time.process_time_ns()
        while not ahead.is_terminal():
            if ahead.is_chance_node():
                outcomes, _ = zip(*ahead.chance_outcomes(), strict=True)
                ahead.apply_action(rng.choice(outcomes))
            else:
                ahead.apply_action(rng.choice(ahead.legal_actions()))
        playouts.append((time.process_time_ns() - start) / 1e6)
    return {
        "openspiel_gin_clone_ms": round(median(clones) / 1000, 5),
        "openspiel_gin_playout_ms": round(median(playouts), 3),
    }, []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--positions", type=int, default=24, help="positions timed per game")
    parser.add_argument("--seeds", type=int, default=4, help="random games the positions come from")
    args = parser.parse_args(argv)
    wanted = [g for g in args.games.split(",") if g] or list(all_games())
    unknown = [g for g in wanted if g not in all_games()]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (known: {', '.join(all_games())})")
    out: dict[str, Any] = {}
    for gid in wanted:
        out.update(measure_game(gid, args.positions, args.seeds))
    peer, notes = measure_openspiel(args.positions)
    out.update(peer)
    clone = peer["openspiel_gin_clone_ms"]
    for gid in wanted:
        ratio = None if clone is None else round(out[f"{gid}_fork_ms"] / clone, 2)
        out[f"{gid}_fork_vs_openspiel_clone_ratio"] = ratio
    out["notes"] = notes
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{'game':<12} {'fork us':>9} {'copy us':>9} {'redeal us':>10} {'playout ms':>11}")
    for gid in wanted:
        fork, copy, redeal = (out[f"{gid}_{k}_ms"] * 1000 for k in ("fork", "copy", "determinize"))
        print(f"{gid:<12} {fork:>9.1f} {copy:>9.1f} {redeal:>10.1f} {out[f'{gid}_playout_ms']:>11}")
    shown = "not installed" if clone is None else f"{clone * 1000:.1f} us"
    print(f"OpenSpiel gin rummy C++ clone: {shown}, playout: {peer['openspiel_gin_playout_ms']} ms")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

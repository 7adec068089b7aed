"""Save cost: autosave ms per move at move 10 and at move 10,000, Continue and undo of a 10,000-move game.

What it measures. One game of Risugeon with four random bots and a round cap of 1,000 (random players
rarely take the last gem, so the game runs past 10,000 actions) is played through a real Session that
autosaves after every action into a temporary CARDTABLE_HOME, as the table does:

- autosave: the time of the session's autosave step alone (appending the move to the journal, flushed and
  fsynced; every 128 moves rewriting the whole save atomically), per move. Reported as the median of
  moves 1-20 ("at move 10") and of moves 9,990-10,010 ("at move 10,000"), and as the mean over the whole
  128-move cycle that ends at 10,000 (the rewrite included), with the rewrite's own time;
- continue: Session.resume() of the saved 10,000-move game (read, checksum, MAC, snapshot, journal
  replay, the log's latest phrases), median of --runs; the same of the save as it stood at move 1,000
  (copied aside then), and their ratio, which should stay near 1 (Continue does not grow with the game:
  the log's older moves are narrated only when read); and once the 10,000-move save without this
  installation's key, which is replayed from its seed as a save from elsewhere would be;
- undo: Session.undo() of an undoable move after move 10,000 (snapshot every 64 actions), median of --runs.

Continue used to replay the whole game to narrate its log: 2.4 s at 2,000 moves, 3.3 s at 10,000 (issue
24). With the log's latest phrases in the save, measured on 2 cores under a load average of 15: CPU 65 ms
at 1,000 moves and 124 ms at 10,000 (ratio 1.9; what still grows is reading the moves and the history,
JSON and the digest, not any replay). The same figures before this journal and snapshot format were
3 ms and 20 ms per autosave, 0.6 s to continue and 0.4 s to undo at about 12,000 actions (the issue's
probes).

Run (from the repo root):
    python bench/saves_cost.py              # table
    python bench/saves_cost.py --json       # one JSON object on stdout
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

MOVES = 10_000
EARLY = 1_000  # the shorter game whose Continue is compared with the long one's


def play(args: argparse.Namespace) -> dict[str, Any]:
    from cardtable.persistence.saves import journal_path
    from cardtable.session import SeatConfig, Session, autosave_path

    seats = [SeatConfig(f"Bot {i + 1}", False, "random") for i in range(4)]
    session = Session.new("risugeon", seats, args.seed, {"max_rounds": 1000})
    costs: list[float] = []
    inner = session._autosave

    def timed(change: dict[str, Any] | None = None) -> None:
        start = time.perf_counter()
        inner(change)
        costs.append((time.perf_counter() - start) * 1000)

    session._autosave = timed  # type: ignore[method-assign]
    engine = session.engine
    early = autosave_path().with_name("early") / autosave_path().name
    while len(engine.state.history) < args.moves and not engine.is_over():
        seat = engine.deciding_seats()[0]
        session.apply(session.bot_action(seat))
        if len(engine.state.history) == EARLY:  # the save as it stands at move 1,000, kept aside
            early.parent.mkdir()
            for source in (autosave_path(), journal_path(autosave_path())):
                shutil.copyfile(source, early.with_name(source.name))
    if len(engine.state.history) < args.moves:
        raise SystemExit(f"the game ended after {len(engine.state.history)} actions; try another --seed")
    session.close()
    n = args.moves
    cycle = costs[n - 128 : n]
    out: dict[str, Any] = {
        "moves": n,
        "autosave_at_10_ms": statistics.median(costs[0:20]),
        "autosave_at_10000_ms": statistics.median(costs[n - 10 : n + 10]),
        "autosave_cycle_mean_at_10000_ms": statistics.fmean(cycle),
        "autosave_rewrite_at_10000_ms": max(cycle),
        "autosave_cycle_mean_at_10_ms": statistics.fmean(costs[0:128]),
        "save_bytes": autosave_path().stat().st_size + journal_path(autosave_path()).stat().st_size,
    }

    # Continue is timed as the menu does it, with the game that was played gone: the session that played
    # 10,000 moves holds a million objects, and the collector walking them (not Continue) would be most
    # of the time measured. Each run starts from a collected heap.
    expected = engine.state.canonical()
    del session, engine, timed  # (the timed autosave holds the session too: a cycle gc.collect ends)
    continues, continues_cpu = [], []
    resumed = None
    for _ in range(args.runs):
        resumed = None
        gc.collect()
        start, cpu = time.perf_counter(), time.process_time()
        resumed = Session.resume()
        continues.append((time.perf_counter() - start) * 1000)
        continues_cpu.append((time.process_time() - cpu) * 1000)
        assert resumed.engine.state.canonical() == expected
    out["continue_10000_ms"] = statistics.median(continues)
    out["continue_10000_cpu_ms"] = statistics.median(continues_cpu)
    early_runs, early_cpu = [], []
    for _ in range(args.runs):
        gc.collect()
        start, cpu = time.perf_counter(), time.process_time()
        kept = Session.resume(early)
        early_runs.append((time.perf_counter() - start) * 1000)
        early_cpu.append((time.process_time() - cpu) * 1000)
        assert len(kept.engine.state.history) == EARLY
        kept.close()
        del kept
    out["continue_1000_ms"] = statistics.median(early_runs)
    out["continue_1000_cpu_ms"] = statistics.median(early_cpu)
    out["continue_ratio_10000_to_1000"] = out["continue_10000_cpu_ms"] / out["continue_1000_cpu_ms"]

    # Undo: play on (in the resumed session) until the deciding seat may take its own move back.
    undos = []
    assert resumed is not None
    session = resumed
    engine = session.engine
    while len(undos) < args.runs and not engine.is_over():
        seat = engine.deciding_seats()[0]
        if engine.can_undo(seat):
            start = time.perf_counter()
            session.undo(seat)
            undos.append((time.perf_counter() - start) * 1000)
        session.apply(session.bot_action(engine.deciding_seats()[0]))
    out["undo_10000_ms"] = statistics.median(undos) if undos else None
    session.close()

    key = autosave_path().parent / "save.key"
    key.unlink()  # as a save from another installation: replayed from its seed
    start = time.perf_counter()
    foreign = Session.resume()
    out["continue_10000_replayed_ms"] = (time.perf_counter() - start) * 1000
    assert foreign.engine.state.canonical() == engine.state.canonical()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MOVES, help="the long game's length (default 10,000)")
    parser.add_argument("--runs", type=int, default=5, help="Continue and undo repetitions (default 5)")
    parser.add_argument("--seed", type=int, default=3, help="the game's seed (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    if args.moves <= EARLY + 20:
        parser.error(f"--moves must be more than {EARLY + 20} (the game at move {EARLY} is continued too)")
    with tempfile.TemporaryDirectory(prefix="cardtable-saves-bench-") as home:
        os.environ["CARDTABLE_HOME"] = home
        result = play(args)
    result = {"bench": "saves_cost", **result}
    if args.json:
        print(json.dumps(result))
        return 0
    rows = [
        ("autosave at move 10 (median of moves 1-20)", result["autosave_at_10_ms"], "ms"),
        ("autosave at move 10,000 (median of 9,990-10,010)", result["autosave_at_10000_ms"], "ms"),
        ("autosave mean over the first 128 moves", result["autosave_cycle_mean_at_10_ms"], "ms"),
        ("autosave mean over the 128 moves to 10,000", result["autosave_cycle_mean_at_10000_ms"], "ms"),
        ("  of which the rewrite every 128 moves", result["autosave_rewrite_at_10000_ms"], "ms"),
        ("Continue of the game at move 1,000", result["continue_1000_ms"], "ms"),
        ("  of which CPU time (the machine may be busy)", result["continue_1000_cpu_ms"], "ms"),
        ("Continue of the 10,000-move game", result["continue_10000_ms"], "ms"),
        ("  of which CPU time (the machine may be busy)", result["continue_10000_cpu_ms"], "ms"),
        ("  CPU time at 10,000 / at 1,000", result["continue_ratio_10000_to_1000"], "x"),
        ("  the same save replayed (no local key)", result["continue_10000_replayed_ms"], "ms"),
        ("undo after move 10,000", result["undo_10000_ms"] or float("nan"), "ms"),
    ]
    for label, value, unit in rows:
        print(f"{label:<52} {value:9.2f} {unit}")
    print(f"{'save size (main file + journal)':<52} {result['save_bytes'] / 1024:9.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

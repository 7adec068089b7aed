"""How close a Rune Works! re-deal comes to the other hand it stands for, belief by belief.

A search bot searches states re-dealt from its view (`Game.determinize`, then the game's `redealt`
hook: games/runeworks/belief.py). This plays heuristic games and, at the start of seat 0's turns,
re-deals its view a few times under three beliefs about the other hands, and compares each re-dealt
other hand with the true one:

- uniform: the unseen cards dealt at random (`belief.TURNS = 0`);
- kept: each other hand replays its turns keeping the cards that leave it cheapest (`belief.RECORD = 0`,
  `belief.TRIES = 1`);
- record: the same, weighed against what the seat did in public this round (the view's `releases`:
  its own Releases, the claim windows it passed, the discards it drew past): the default.

Per turn of seat 0 (2, 4, 6, 8, 10 and later): the true hand's cost to go out (evaluate.hand_cost)
and each belief's; how many of the true hand's cards a re-dealt hand holds (`common`, of the hand's
size); and `against`, what the seat's record holds against the true hand and the re-dealt one (the
true hand should carry little). Then each belief's CPU ms a re-deal (loaded: other programs share
the machine). The true hands are read from the engine's state: a measure only, never a bot's input.

    python bench/runeworks_belief.py --seeds 0-39             # a table
    python bench/runeworks_belief.py --seeds 0-39 --json      # one JSON object: <belief>_t6_cost ...

Figures, and what the record did to the search's results, are in bench/ladder_results.md's Rune Works part.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cardtable.bots import make_bot
from cardtable.games import get_game
from cardtable.games.runeworks import belief
from cardtable.games.runeworks.evaluate import hand_cost
from cardtable.games.runeworks.melds import deck_of
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng

BELIEFS = {"uniform": {"TURNS": 0}, "kept": {"RECORD": 0.0, "TRIES": 1}, "record": {}}
BUCKETS = (2, 4, 6, 8, 10)  # seat 0's turn; the last bucket holds every later turn too


def measure(seeds: range, seats: int, redeals: int) -> dict[str, Any]:
    """Sums per (belief, bucket) over the seeds' positions (module docstring)."""
    game = get_game("runeworks")
    saved = {name: getattr(belief, name) for name in ("TURNS", "RECORD", "TRIES")}
    sums: dict[tuple[str, int], dict[str, float]] = {}
    timing = {name: [0.0, 0] for name in BELIEFS}
    for seed in seeds:
        engine = Engine.new(game, seats, seed, {})
        bots = [make_bot("heuristic", "runeworks", seed * seats + seat) for seat in range(seats)]
        deck = deck_of(engine.state.cardset)  # type: ignore[arg-type]
        turn = 0
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            view = engine.view(seat)
            if seat == 0 and any(a.kind == "draw" for a in view.legal):
                turn += 1
                bucket = min(turn, BUCKETS[-1])
                if bucket in BUCKETS:
                    for other in range(1, seats):
                        true = list(engine.state.zones[f"hand:{other}"].cards)
                        for name, values in BELIEFS.items():
                            for key, value in {**saved, **values}.items():
                                setattr(belief, key, value)
                            seen = belief.evidence(engine.state, other, deck) if belief.RECORD else None
                            row = sums.setdefault((name, bucket), {})
                            for k in range(redeals):
                                started = time.process_time()
                                dealt = game.determinize(view, Rng(seed * 1000 + turn * 10 + k))
                                timing[name][0] += time.process_time() - started
                                timing[name][1] += 1
                                hand = dealt.zones[f"hand:{other}"].cards
                                row["n"] = row.get("n", 0) + 1
                                row["true"] = row.get("true", 0.0) + hand_cost(true, deck)
                                row["cost"] = row.get("cost", 0.0) + hand_cost(hand, deck)
                                row["common"] = row.get("common", 0.0) + len(set(hand) & set(true))
                                if seen is not None:
                                    row["true_against"] = row.get("true_against", 0.0) + belief.against(
                                        true, seen
                                    )
                                    row["against"] = row.get("against", 0.0) + belief.against(hand, seen)
                    for key, value in saved.items():
                        setattr(belief, key, value)
            engine.apply(bots[seat].choose(view))
    for key, value in saved.items():
        setattr(belief, key, value)
    found: dict[str, Any] = {}
    for (name, bucket), row in sorted(sums.items()):
        n = row["n"]
        for key in ("true", "cost", "common", "true_against", "against"):
            if key in row:
                found[f"{name}_t{bucket}_{key}"] = round(row[key] / n, 2)
        found[f"{name}_t{bucket}_positions"] = n // redeals
    for name, (seconds, count) in timing.items():
        found[f"{name}_redeal_ms"] = round(1000.0 * seconds / max(1, count), 3)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-39", help="first-last seed")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--redeals", type=int, default=6, help="re-deals a position and belief")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    found = measure(range(first, last + 1), args.seats, args.redeals)
    if args.json:
        print(json.dumps(found))
        return 0
    print(
        "turn  positions  true cost | cost: uniform kept record | common: uniform kept record | against: true record"
    )
    for bucket in BUCKETS:
        key = f"record_t{bucket}"
        if f"{key}_true" not in found:
            continue
        costs = " ".join(f"{found[f'{name}_t{bucket}_cost']:5.2f}" for name in BELIEFS)
        common = " ".join(f"{found[f'{name}_t{bucket}_common']:5.2f}" for name in BELIEFS)
        later = "+" if bucket == BUCKETS[-1] else " "
        print(
            f"{bucket:>3}{later}  {found[f'{key}_positions']:>9}  {found[f'{key}_true']:9.2f} | {costs} | "
            f"{common} | {found[f'{key}_true_against']:5.2f} {found[f'{key}_against']:5.2f}"
        )
    ms = ", ".join(f"{name} {found[f'{name}_redeal_ms']:.2f}" for name in BELIEFS)
    print(f"CPU ms a re-deal: {ms}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

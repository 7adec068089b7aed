"""Fuzz count: fresh mutants of card sets, scenario files and saves, and what cardtable did with each.

Not a speed bench: it answers the issue's "a few thousand fresh mutants of each kind give zero tracebacks,
zero hangs and zero silent changes". The mutators and oracles are the test suite's (tests/mutants.py):

- card sets: a bundled set mutated (lines, data, bytes), then `validate`; a valid one is dealt for the
  most seats and played as a whole random game of every game it is made for (its `game:` key or
  template, and the sandbox). ok = played; refused = a placed problem line; silent = validated, then
  refused by a game or failed in play, or the file was changed;
- values: a bundled set's card values edited as a designer might (a negative attack, a code not in the
  set, a list where a code goes, counts, half the cards), then as card sets, every game played under
  every invariant after every move (`simulate --check`: a seat left with no legal move is silent);
- scenarios: a scenario file of the suite mutated, run through `cardtable scenario`. ok = exit 0 or 1;
  refused = exit 2 with `file:line:col` lines; silent = the file was changed;
- saves: an autosave (main file and journal) of each game damaged, or forged (a field edited under a
  recomputed checksum), then Continue. ok = exactly the saved game (or, for a journal cut short, the game
  a few moves before; a forged edit may load as what it says); refused = SaveError; silent = any other
  game, or a file changed by loading.

A traceback is any other exception; a hang is work past --timeout seconds. Seeds are --seed, --seed+1...
(default: from the clock, printed), so every mutant is reproduced from its seed.

Run (from the repo root):
    python bench/fuzz_files.py --count 3000                # table
    python bench/fuzz_files.py --count 3000 --json         # one JSON object on stdout
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("cardsets", "values", "scenarios", "saves")


def run(args: argparse.Namespace) -> dict[str, Any]:
    import mutants

    work = Path(tempfile.mkdtemp(prefix="cardtable-fuzz-"))
    out: dict[str, Any] = {}
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for kind in args.kinds:
        counts: collections.Counter[str] = collections.Counter()
        started = time.perf_counter()
        if kind == "saves":
            (work / "bases").mkdir(exist_ok=True)
            (work / "saves").mkdir(exist_ok=True)
            bases = mutants.save_bases(work / "bases", moves=120)
        else:
            bases = (
                mutants.cardset_bases(None) if kind in ("cardsets", "values") else mutants.scenario_bases()
            )
        for index in range(args.count):
            seed = args.seed + index
            rng = random.Random(seed)
            if kind == "saves":
                base = rng.choice(bases)
                main, journal, forged = mutants.save_mutant(base, rng)
                outcome = mutants.save_outcome(base, main, journal, work / "saves", forged, args.timeout)
                name = base.name
            else:
                name, text = rng.choice(bases)
                path = work / f"{kind}_{seed}.yaml"
                mutant = mutants.value_mutant if kind == "values" else mutants.yaml_mutant
                path.write_bytes(mutant(text, rng))
                if kind in ("cardsets", "values"):
                    check = kind == "values"  # every invariant after every move, as simulate --check
                    outcome = mutants.cardset_outcome(path, seed, seconds=args.timeout, check=check)
                else:
                    outcome = mutants.scenario_outcome(path, args.timeout)
                path.unlink(missing_ok=True)
            counts[outcome.kind] += 1
            if outcome.kind in ("traceback", "hang", "silent") and len(examples[kind]) < 5:
                examples[kind].append(f"seed {seed} ({name}): {outcome.kind}: {outcome.detail[-600:]}")
        out[kind] = {
            "mutants": args.count,
            **{k: counts.get(k, 0) for k in ("ok", "refused", "traceback", "hang", "silent")},
            "seconds": round(time.perf_counter() - started, 1),
        }
    out["examples"] = dict(examples)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000, help="mutants of each kind (default 3000)")
    parser.add_argument("--seed", type=int, default=None, help="the first mutant's seed (default: the clock)")
    parser.add_argument(
        "--timeout", type=float, default=30.0, help="seconds before a mutant counts as a hang"
    )
    parser.add_argument(
        "--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="which kinds (default all)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    if args.seed is None:
        args.seed = time.time_ns() // 1000 % 10**9 + 10**9  # far from the test suite's seeds
    # The suite's test-only game (War) has scenario files; the mutators live beside the tests.
    os.environ["CARDTABLE_GAME_DIRS"] = os.pathsep.join(
        filter(None, [str(ROOT / "tests" / "games"), os.environ.get("CARDTABLE_GAME_DIRS", "")])
    )
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    sys.path.insert(0, str(ROOT / "tests"))
    import logging

    logging.disable(logging.WARNING)  # a torn journal line is logged; thousands of them are noise here
    with tempfile.TemporaryDirectory(prefix="cardtable-fuzz-home-") as home:
        os.environ["CARDTABLE_HOME"] = home
        result = {"bench": "fuzz_files", "seed": args.seed, **run(args)}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"seeds {args.seed}..{args.seed + args.count - 1}, timeout {args.timeout} s")
    head = f"{'kind':<10}{'mutants':>8}{'ok':>8}{'refused':>9}{'traceback':>10}{'hang':>6}{'silent':>8}{'seconds':>9}"
    print(head)
    print("-" * len(head))
    for kind in args.kinds:
        row = result[kind]
        print(
            f"{kind:<10}{row['mutants']:>8}{row['ok']:>8}{row['refused']:>9}{row['traceback']:>10}"
            f"{row['hang']:>6}{row['silent']:>8}{row['seconds']:>9}"
        )
    for kind, lines in result["examples"].items():
        for line in lines:
            print(f"{kind}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

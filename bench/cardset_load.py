"""Card sets: how long reading and checking each bundled set takes.

first      ms for the set's first load in the process: its YAML read, the JSON Schema and the checks a
           schema cannot make, its face template read and checked (the validators already built)
reload     median ms to load it again: what the table's hot reload pays after a designer saves the
           set's file (its face template unchanged)
validate   median ms for `cardtable validate` of the set's file (one file, read once)
lint first ms for the set's first warnings (fields, images, text measured at 300 dpi): what validate
           adds, and the table pays after the first save
lint again median ms for the warnings once more, the set unchanged (each card's text measured before):
           what the table's reload banner pays on a later save

CPU time (time.process_time), so other work on the machine counts little.

  python bench/cardset_load.py [--json] [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.cardsets import load_cardset, validate_paths
from cardtable.resources import bundled_cardsets
from cardtable.ui.render.facelint import set_warnings

HERE = Path(__file__).resolve().parent


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    # Imports, the two validators and the games' vocabularies, once: a set of its own template.
    load_cardset(HERE.parent / "tests" / "faceset" / "artset.yaml")
    results: dict[str, float] = {}
    for path in bundled_cardsets():
        name = path.stem
        results[f"{name}_first_ms"] = cpu_ms(lambda p=path: load_cardset(p))
        results[f"{name}_reload_ms"] = statistics.median(
            cpu_ms(lambda p=path: load_cardset(p)) for _ in range(args.repeats)
        )
        results[f"{name}_validate_ms"] = statistics.median(
            cpu_ms(lambda p=path: validate_paths([p])) for _ in range(args.repeats)
        )
        cardset = load_cardset(path)
        results[f"{name}_lint_first_ms"] = cpu_ms(lambda c=cardset: set_warnings(c))
        results[f"{name}_lint_again_ms"] = statistics.median(
            cpu_ms(lambda c=cardset: set_warnings(c)) for _ in range(args.repeats)
        )
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(
        f"{'set':<12}{'first ms':>10}{'reload ms':>11}{'validate ms':>13}{'lint first':>12}{'lint again':>12}"
    )
    for path in bundled_cardsets():
        n = path.stem
        print(
            f"{n:<12}{results[n + '_first_ms']:>10.1f}{results[n + '_reload_ms']:>11.1f}"
            f"{results[n + '_validate_ms']:>13.1f}{results[n + '_lint_first_ms']:>12.1f}"
            f"{results[n + '_lint_again_ms']:>12.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

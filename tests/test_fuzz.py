"""Fuzz: mutated card sets, scenario files and saves give clean errors (the project's own error types with a
placed message), never another exception, a hang, a silent change or a lost file.

The default run tries a few hundred seeded mutants of each kind on small bases (card sets cut to a few
cards, the smaller scenario files), so it takes seconds. `CARDTABLE_FUZZ=N` tries N of each on the full
bundled sets and every scenario file, with whole games played on every valid card set; bench/fuzz_files.py
counts fresh mutants outside the suite. A failing mutant is reproduced from the seed in its message.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from mutants import (
    cardset_bases,
    cardset_outcome,
    save_bases,
    save_mutant,
    save_outcome,
    scenario_bases,
    scenario_outcome,
    value_mutant,
    yaml_mutant,
)

HEAVY = int(os.environ.get("CARDTABLE_FUZZ", "0") or 0)
COUNT = HEAVY or 200
BAD = ("traceback", "hang", "silent")


def _report(kind: str, failures: list[str]) -> str:
    return f"{len(failures)} {kind} mutant(s) went wrong:\n" + "\n".join(failures[:5])


def test_mutated_card_sets_are_refused_cleanly_or_played(tmp_path: Path):
    bases = cardset_bases(None if HEAVY else 6)
    failures = []
    for seed in range(COUNT):
        rng = random.Random(seed)
        name, text = rng.choice(bases)
        path = tmp_path / f"{name}_{seed}.yaml"
        path.write_bytes(yaml_mutant(text, rng))
        outcome = cardset_outcome(path, seed, max_actions=None if HEAVY else 40)
        if outcome.kind in BAD:
            failures.append(f"seed {seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("card set", failures)


def test_mutated_card_values_are_refused_cleanly_or_played_under_check(tmp_path: Path):
    """Every bundled set with card values edited as a designer might (a negative attack, a code
    that is not in the set, a list where a code goes, a count of 50, half the cards): `cardtable
    validate` refuses it at file:line, or every game it is made for deals it for its most seats and
    plays a seeded random game under every invariant (no crash, no seat left without a legal move)."""
    bases = cardset_bases(None)
    failures = []
    kinds: dict[str, int] = {}
    for seed in range(HEAVY or 24):
        rng = random.Random(30_000 + seed)
        name, text = bases[seed % len(bases)]
        path = tmp_path / f"{name}_{seed}.yaml"
        path.write_bytes(value_mutant(text, rng))
        outcome = cardset_outcome(path, seed, max_actions=None if HEAVY else 12, check=True)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {30_000 + seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("card value", failures)
    assert kinds.get("ok", 0) and kinds.get("refused", 0), kinds  # both sides of the oracle were met


def test_mutated_scenarios_are_refused_cleanly_or_run(tmp_path: Path):
    bases = scenario_bases()
    if not HEAVY:  # the smaller files: most of a scenario's cost is reading its YAML
        bases = sorted(bases, key=lambda b: len(b[1]))[: max(8, len(bases) // 4)]
    failures = []
    for seed in range(COUNT):
        rng = random.Random(10_000 + seed)
        name, text = rng.choice(bases)
        path = tmp_path / f"scenario_{seed}.yaml"
        path.write_bytes(yaml_mutant(text, rng))
        outcome = scenario_outcome(path)
        if outcome.kind in BAD:
            failures.append(f"seed {10_000 + seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("scenario", failures)


def test_damaged_saves_are_refused_cleanly_or_resume_the_same_game(tmp_path: Path):
    (tmp_path / "bases").mkdir()
    (tmp_path / "work").mkdir()
    bases = save_bases(tmp_path / "bases", moves=40 if not HEAVY else 120)
    failures = []
    kinds: dict[str, int] = {}
    for seed in range(COUNT + 100):
        rng = random.Random(20_000 + seed)
        base = rng.choice(bases)
        main, journal, forged = save_mutant(base, rng)
        outcome = save_outcome(base, main, journal, tmp_path / "work", forged)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {20_000 + seed} ({base.name}): {outcome.kind}: {outcome.detail}")
    assert not failures, _report("save", failures)
    assert kinds.get("refused", 0) > COUNT // 2  # the mutants did damage something


@pytest.mark.parametrize("name", ["runeworks", "sainome"])
def test_the_fuzz_bases_themselves_are_fine(tmp_path: Path, name: str):
    """The unmutated card sets validate and play: a mutant's refusal is about its mutation."""
    text = dict(cardset_bases(None))[{"runeworks": "standard52", "sainome": "sainome"}[name]]
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    assert cardset_outcome(path, 1).kind == "ok"

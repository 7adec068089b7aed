"""bench/ladder.py --out: a ladder of hours is played seed by seed into a folder and resumed, with the
figures of the very games one whole run plays (issue 28's rows were run that way by hand)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_scripts import load_bench


def test_a_ladder_kept_seed_by_seed_gives_the_whole_runs_figures_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    ladder = load_bench("ladder")
    bots = ["heuristic", "random"]
    whole = ladder.rung("sainome", 2, bots, 3, 5, 400)
    kept = ladder.rung("sainome", 2, bots, 3, 5, 400, tmp_path)
    keys = ("win_rate", "ci95", "seat_games", "holds")
    assert {k: kept[k] for k in keys} == {k: whole[k] for k in keys}
    folder = tmp_path / "sainome-2p-heuristic-random-b400"
    assert sorted(p.name for p in folder.iterdir()) == ["seed5.json", "seed6.json", "seed7.json"]
    (folder / "seed6.json").unlink()
    played: list[int] = []
    real = ladder.simulate

    def counting(game: str, seats: int, games: int, seed: int, **kw: object) -> object:
        played.append(seed)
        return real(game, seats, games, seed, **kw)

    monkeypatch.setattr(ladder, "simulate", counting)
    again = ladder.rung("sainome", 2, bots, 3, 5, 400, tmp_path)
    assert played == [6], "only the seed missing from the folder is played again"
    assert {k: again[k] for k in keys} == {k: whole[k] for k in keys}

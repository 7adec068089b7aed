"""`cardtable sweep` on local processes: the grid, its checks before play, the run folder, resume and stop.

The Dask side (a real scheduler and workers) is tests/test_sweep_dask.py. Games here are the tiny test
game War (tests/games/war) and a few Rune Works deals: a few seconds in all.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.lab import sweep_worker
from cardtable.lab.sweep import (
    MANIFEST,
    EarlyStop,
    Plan,
    Progress,
    SweepError,
    parse_vary,
    plan_sweep,
    read_rows,
    run_sweep,
)


def test_vary_values() -> None:
    assert parse_vary("cards.A05.cost=2..5").values == (2, 3, 4, 5)
    assert parse_vary("params.hand_size=4,5").values == (4, 5)
    assert parse_vary("params.gem_access=top,any").values == ("top", "any")
    assert parse_vary("params.random_start=true,false").values == (True, False)
    for bad, said in [
        ("cards.A05=1,2", "cards.CODE.FIELD"),
        ("hand_size=4,5", "params.NAME"),
        ("params.hand_size=5..4", "runs up"),
        ("params.hand_size=4,,5", "empty"),
        ("params.hand_size=4,4", "twice"),
        ("params.hand_size", "FIELD=VALUES"),
    ]:
        with pytest.raises(SweepError, match=said):
            parse_vary(bad)


def test_every_configuration_is_checked_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A grid with unplayable corners is refused whole, each problem at its file:line:col, and nothing
    is written (no half-run folder to resume)."""
    out = tmp_path / "run"
    code = main(
        [
            "sweep",
            "runeworks",
            "--vary",
            "cards.SA.count=1,2",
            "--vary",
            "cards.H7.rank=7,8",
            "--out",
            str(out),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "cards.SA.count=2, cards.H7.rank=7: " in err and "a standard deck has one SA, not 2" in err
    assert 'standard52.yaml:272:11: cards[32].code: "H7" does not match rank 8' in err
    assert "cards.SA.count=1, cards.H7.rank=7" not in err  # the one playable corner
    for argv, said in [
        (["--vary", "cards.SA.rnak=1,2"], "did you mean 'rank'"),
        (["--vary", "cards.XX.rank=1,2"], "no card 'XX'"),
        (["--vary", "params.hand_sise=3,4"], "no parameter 'hand_sise'"),
        (["--vary", "params.hand_size=2,3"], "hand_size=2: hand_size"),
        (["--bots", "random,nobody"], "no bot 'nobody'"),
        (["--players", "2,9"], "2-6 players, not 9"),
        (["--set", "cardset=nosuchset"], "no bundled card set named 'nosuchset'"),
    ]:
        assert main(["sweep", "runeworks", *argv, "--out", str(out)]) == 2
        assert said in capsys.readouterr().err
        assert not out.exists()


def test_a_bot_budget_goes_to_bots_that_take_one() -> None:
    """Until make_bot takes a budget (the search bots), --bot-budget is refused, not dropped; then it
    is recorded in the plan and goes to record_game with every block."""
    import inspect

    from cardtable.bots import make_bot

    if "budget" not in inspect.signature(make_bot).parameters:
        with pytest.raises(SweepError, match="no bot of this version takes a budget"):
            plan_sweep("war", [], 4, bot_budget=100)
    else:
        plan = plan_sweep("war", [], 4, bot_budget=100, block=2)
        assert plan.manifest()["bot_budget"] == 100 and plan.blocks()[0].bot_budget == 100


def test_a_varied_card_is_what_the_game_plays() -> None:
    """The worker holds each configuration's set; the game loads it through its own `cardset`
    parameter (its checks, its own view of the set), not the file."""
    from cardtable.cardsets import load_named
    from cardtable.games import get_game

    plan = plan_sweep("risugeon", [parse_vary("cards.A05.cost=3,5")], 4, block=2)
    assert len({c.hash for c in plan.configs}) == 2
    for config, cost in zip(plan.configs, (3, 5), strict=True):
        block = next(b for b in plan.blocks() if b.config == config.hash)
        params = sweep_worker._configuration(block)
        loaded = get_game("risugeon").load_cardset(params)
        assert loaded.by_code()["A05"].fields["cost"] == cost
        # the worker-level cache: the next block of the configuration builds nothing again
        later = next(b for b in plan.blocks() if b.config == config.hash and b.index == 1)
        assert sweep_worker._configuration(later) is params
        assert load_named(params["cardset"]) is load_named(sweep_worker._configuration(later)["cardset"])
    # the file's own set is untouched: a game without the held name plays the file
    assert get_game("risugeon").load_cardset({}).by_code()["A05"].fields["cost"] == 4


def _war(games: int = 12, block: int = 3) -> Plan:
    return plan_sweep("war", [], games, seed=7, rotate=True, block=block)


def test_rows_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    """--jobs 1 and --jobs 2 write the same rows, even when a local worker is killed mid-sweep (the
    pool is started again and the blocks it held are played again, each written once)."""
    import multiprocessing
    import os
    import signal

    killed: list[int] = []

    def kill_a_worker(step: Progress) -> None:
        if not killed:
            victim = multiprocessing.active_children()[0].pid
            assert victim is not None
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    # blocks of one seed: eleven still to play when the first is written, so the kill breaks the pool
    one = run_sweep(_war(block=1), tmp_path / "one")
    two = run_sweep(_war(block=1), tmp_path / "two", jobs=2, progress=kill_a_worker)
    assert (one.written, two.written, one.games, two.restarts) == (12, 12, 24, 1)
    rows = read_rows(tmp_path / "one")
    assert rows == read_rows(tmp_path / "two")
    # each seed twice (--rotate: each bot in each seat), each once
    assert sorted((r["seed"], r["rotation"]) for r in rows) == [(s, r) for s in range(7, 19) for r in (0, 1)]
    assert all(r["actions"] == 52 and r["row_version"] == 1 for r in rows)
    # a row numbers its seats from 1 (cardtable.lab.record)
    assert [s["bot"] for s in rows[0]["seats"]] == ["random", "random"]
    manifest = json.loads((tmp_path / "one" / MANIFEST).read_bytes())
    assert manifest["code_version"] == sweep_worker.code_version() and manifest["block"] == 1
    held = manifest["configs"][0]["cardset"]
    assert list(manifest["cardsets"]) == [held] and manifest["cardsets"][held]["name"] == "standard52"
    assert (
        json.loads((tmp_path / "one" / "cardsets" / f"{held}.json").read_bytes())["cardset"] == "standard52"
    )


def test_stopped_halfway_and_resumed_gives_the_uninterrupted_rows(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    run_sweep(_war(), whole)

    def stop_after_two(step: Progress) -> None:
        if step.blocks_done == 2:
            raise KeyboardInterrupt  # as Ctrl+C would, between two blocks

    part = tmp_path / "part"
    first = run_sweep(_war(), part, progress=stop_after_two)
    assert first.stopped and first.written == 2
    assert len(list((part / "blocks").glob("*/*.jsonl"))) == 2
    assert not list((part / "blocks").glob("*/*.tmp"))
    with pytest.raises(SweepError, match="--resume"):
        run_sweep(_war(), part)
    second = run_sweep(_war(), part, resume=True)
    assert (second.kept, second.written, second.stopped) == (2, 2, False)
    assert read_rows(part) == read_rows(whole)


def test_resume_refuses_another_plan_or_code(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_sweep(_war(games=3, block=3), out)
    with pytest.raises(SweepError, match=r"games: 3 in the run, 6 now"):
        run_sweep(_war(games=6, block=3), out, resume=True)
    manifest = json.loads((out / MANIFEST).read_bytes())
    manifest["code_version"] = "0.0.1+000000000000"
    (out / MANIFEST).write_bytes(json.dumps(manifest).encode())
    with pytest.raises(SweepError, match="started with cardtable 0.0.1"):
        run_sweep(_war(games=3, block=3), out, resume=True)
    with pytest.raises(SweepError, match="nothing to resume"):
        run_sweep(_war(), tmp_path / "new", resume=True)


def test_a_worker_with_other_code_refuses_the_block() -> None:
    block = _war().blocks()[0]
    assert len(sweep_worker.run_block(replace(block, seeds=1))) == 2
    with pytest.raises(sweep_worker.CodeMismatch, match="install the same version"):
        sweep_worker.run_block(replace(block, code="0.0.1+000000000000"))


def test_a_failed_block_stops_the_sweep_saying_which(tmp_path: Path) -> None:
    plan = _war()
    plan.code = "0.0.1+000000000000"  # as a worker with other code would see it
    with pytest.raises(SweepError, match=r"block 0 of configuration \w+ \(seeds 7..9\) failed: CodeMismatch"):
        run_sweep(plan, tmp_path / "run")


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    argv = ["sweep", "runeworks", "--vary", "params.hand_size=3,4", "--set", "level=1", "--games", "2"]
    assert main([*argv, "--block", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "2 configuration(s), 4 of 4 blocks of 1 seed(s) finished (0 from before)" in said
    assert "\nhand_size=3 " in said and "\nhand_size=4 " in said  # the table of the sweep's report
    assert main([*argv, "--out", str(out), "--resume"]) == 0  # the block size comes from the run
    assert "4 of 4 blocks of 1 seed(s) finished (4 from before); 0 games" in capsys.readouterr().out
    assert main([*argv, "--out", str(out), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "give one of them" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["sweep", "--help"])
    helped = capsys.readouterr().out
    for option in (
        "--vary",
        "--games",
        "--bots",
        "--bot-budget",
        "--players",
        "--rotate",
        "--jobs",
        "--scheduler",
        "--resume",
        "--block",
    ):
        assert option in helped


def test_until_ci_stops_each_configuration_alike_however_run(tmp_path: Path) -> None:
    """--until-ci: a configuration stops at the first whole run of blocks from block 0 whose seats'
    intervals are narrow enough; the rows kept are the same whatever order the blocks finish in and
    after a stop and resume, and each seat's interval in them is within the target (the one before
    is not)."""
    from cardtable.simulate import wilson

    def plan() -> Plan:
        return plan_sweep("war", [], 40, seed=1, rotate=True, block=2, until_ci=0.2)

    one = run_sweep(plan(), tmp_path / "one")
    rows = read_rows(tmp_path / "one")
    assert one.blocks == one.written < 20 and len(rows) == one.written * 4

    def halves(kept: list[dict[str, object]]) -> float:
        wins = [sum(1 / len(r["winners"]) for r in kept if s in r["winners"]) for s in (1, 2)]
        return max((high - low) / 2 for low, high in (wilson(w, len(kept)) for w in wins))

    assert halves(rows) <= 0.2 < halves(rows[:-4])  # decided by the last block kept, not before
    # blocks finishing in any order (as on several workers) decide at the same block, and only once
    # the blocks before it are in: here the last first, block 0 last
    blocks = [b for b in plan().blocks() if b.index < one.written]
    early = EarlyStop(0.2)
    for block in reversed(blocks):
        mine = [r for r in rows if block.first_seed <= r["seed"] < block.first_seed + block.seeds]
        assert early.add(block, mine) == (block.index == 0)
    assert early.decided == {blocks[0].config: one.written - 1}

    def stop_early(step: Progress) -> None:
        if step.blocks_done == 2:
            raise KeyboardInterrupt

    assert run_sweep(plan(), tmp_path / "part", progress=stop_early).stopped
    run_sweep(plan(), tmp_path / "part", resume=True)
    assert read_rows(tmp_path / "part") == rows
    with pytest.raises(SweepError, match="above 0 and below 0.5"):
        plan_sweep("war", [], 4, until_ci=0.7)
    with pytest.raises(SweepError, match="war plays only its own card set"):
        plan_sweep("war", [], 4, fixed={"cardset": "standard52"})

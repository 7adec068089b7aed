"""The command line refuses nonsense with exit 2 and a line saying what is wrong, and `--json` output of the
benches is exactly one JSON object on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from child_process import python_env

from cardtable.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "runeworks", "--games", "-5"], "games must be 1..10000000, not -5"),
        (["simulate", "runeworks", "--games", "0"], "games must be 1..10000000, not 0"),
        (["simulate", "runeworks", "--jobs", "-1"], "worker processes must be 1..256, not -1"),
        (["simulate", "runeworks", "--players", "0"], "players must be 1..99, not 0"),
        (["simulate", "runeworks", "--seed", "-3"], "seed must be 0.."),
        (["simulate", "runeworks", "--games", "many"], "expected a whole number of games, not 'many'"),
    ],
)
def test_non_positive_counts_are_refused(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "runeworks", "--bots", "random,random,random"], "3 bots for 2 players"),
        (["simulate", "runeworks", "--bots", "random,,heuristic"], "a bot name is empty"),
        (["simulate", "runeworks", "--bots", "genius"], "no bot 'genius'"),
        (["play", "--terminal", "--players", "2", "--bots", "random,random,random"], "3 bots for 2 players"),
    ],
)
def test_unknown_or_surplus_bots_are_refused(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_an_empty_scenario_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["scenario", str(tmp_path)]) == 2
    assert (
        capsys.readouterr().err == f"cardtable: {tmp_path}:1:1: no scenario files (*.yaml) in this folder\n"
    )


def test_a_missing_scenario_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["scenario", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_as_a_scenario_or_a_card_set_is_refused(capsys: pytest.CaptureFixture[str]):
    assert main(["scenario", "/dev/zero"]) == 2
    assert "is not a regular file" in capsys.readouterr().err
    assert main(["simulate", "runeworks", "--games", "1", "--set", "cardset=/dev/zero"]) == 2
    assert "is not a regular file" in capsys.readouterr().err


def test_a_huge_card_set_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(1 << 30)  # a sparse gigabyte: refused by its size, never read
    assert main(["validate", str(big)]) == 2
    assert "the file is too large (1024.0 MiB" in capsys.readouterr().out


def _bench_json(request: pytest.FixtureRequest, script: str, *args: str) -> dict:
    env = python_env(request, CARDTABLE_HOME=os.environ["CARDTABLE_HOME"])
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)  # the bench must hide pygame's banner itself
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # exactly one JSON object: anything else fails to parse


def test_bench_json_is_one_object(request: pytest.FixtureRequest):
    # two cases on one card set, one game each after the warm-up: the JSON shape, not the rates, is tested
    out = _bench_json(
        request,
        "rules_throughput.py",
        "--seconds",
        "0",
        "--rounds",
        "1",
        "--cases",
        "runeworks_2p,runeworks_2p_heuristic",
    )
    assert out["runeworks_2p_actions_per_s"] > 0 and out["runeworks_2p_games_per_s"] > 0
    assert out["runeworks_2p_heuristic_think_worst_ms"] >= out["runeworks_2p_heuristic_think_mean_ms"] > 0
    assert not any(k.startswith("risugeon") for k in out)  # only the cases asked for were played
    assert any(
        k.endswith("_ms")
        for k in _bench_json(
            # three moves played through the table, not the default 150 (7 s of CPU for the same keys)
            request,
            "frame_time.py",
            "--frames",
            "3",
            "--idle-seconds",
            "0.05",
            "--no-whole-game",
            "--moves",
            "3",
            "--decisions",
            "1",  # one strong-bot decision in the thinking case, not 4 (13 s of wall for the same keys)
        )
    )

"""The project's promises about itself: the README's commands are what CI runs, every package is
listed for installation, the code is ruff clean, and the CLI answers bad input with one line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_bytes().decode("utf-8")
    return re.findall(r"^    (python3 -m venv .*)$", text, flags=re.MULTILINE)


def test_readme_opens_with_install_and_test_commands_and_ci_runs_the_second() -> None:
    commands = _readme_commands()
    assert len(commands) >= 2
    assert commands[0].endswith("cardtable")
    assert "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_bytes().decode("utf-8")
    assert commands[1] in ci.splitlines()


def test_every_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_bytes().decode("utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "cardtable").rglob("__init__.py")}
    assert found - listed == set(), f"add to pyproject packages: {sorted(found - listed)}"


@pytest.mark.skipif(
    shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
    reason="ruff is in the test extra",
)
def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = subprocess.run(
        [ruff, "check", "cardtable", "tests", "bench", "packaging"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["simulate", "runeworks", "--set", "levle=3"], "has no parameter 'levle'"),
        (["simulate", "runeworks", "--set", "level=9"], "level: 9 is above the maximum 5"),
        (["simulate", "runeworks", "--set", "level"], "expected key=value"),
        (["simulate", "runeworks", "--bots", "genius"], "no bot 'genius'"),
        (["simulate", "runeworks", "--players", "7"], "for 2-6 players, not 7"),
        (["scenario", "does/not/exist.yaml"], "no such file"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", *args], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_params_lists_every_parameter_and_marks_the_provisional_ones() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "params", "runeworks"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "--set level=3" in result.stdout
    line = next(x for x in result.stdout.splitlines() if "max_stock_rebuilds" in x)
    assert "PROVISIONAL" in line

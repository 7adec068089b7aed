"""The project's promises about itself: the README's commands are what CI runs, every package is
listed for installation, the code (and the Python blocks of the docs, which ruff formats too) is ruff
clean and ruff formatted, and the CLI answers bad input with one line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from child_process import python_env

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


def test_setuptools_finds_every_package_by_itself() -> None:
    """setup.py installs what find_packages finds: a folder of code without __init__.py would be left out."""
    from setuptools import find_packages

    found = set(find_packages(str(ROOT), include=["cardtable", "cardtable.*"]))
    folders = {p.parent for p in (ROOT / "cardtable").rglob("*.py") if "__pycache__" not in p.parts}
    code = {".".join(f.relative_to(ROOT).parts) for f in folders}
    assert code - found == set(), f"add an __init__.py to: {sorted(code - found)}"
    assert "package-dir" in (ROOT / "pyproject.toml").read_bytes().decode("utf-8")
    assert "find_packages" in (ROOT / "setup.py").read_bytes().decode("utf-8")


@pytest.mark.skipif(
    shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
    reason="ruff is in the test extra",
)
@pytest.mark.parametrize("command", [["check"], ["format", "--check"]], ids=["check", "format"])
def test_ruff_is_clean(command: list[str]) -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = subprocess.run([ruff, *command, "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


BAD_INPUT = [
    (["simulate", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["simulate", "runeworks", "--set", "levle=3"], "has no parameter 'levle'"),
    (["simulate", "runeworks", "--set", "level=9"], "level: 9 is above the maximum 5"),
    (["simulate", "runeworks", "--set", "level"], "expected key=value"),
    (["simulate", "runeworks", "--bots", "genius"], "no bot 'genius'"),
    (["simulate", "runeworks", "--players", "7"], "for 2-6 players, not 7"),
    (["scenario", "does/not/exist.yaml"], "no such file"),
]


@pytest.mark.parametrize(("args", "needle"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_cli_bad_input_is_one_line_and_exit_2(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardtable.cli import main

    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert needle in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_command_itself_answers_bad_input_with_one_line_and_exit_2(
    request: pytest.FixtureRequest,
) -> None:
    """The same as above through a real process (start-up, logging, the exit code), once."""
    args, needle = BAD_INPUT[0]
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=python_env(request),
    )
    assert result.returncode == 2, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_params_lists_every_parameter_and_marks_the_provisional_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardtable.cli import main

    assert main(["params", "runeworks"]) == 0  # in this process: the real process is tested above
    out = capsys.readouterr().out
    assert "--set level=3" in out
    line = next(x for x in out.splitlines() if "max_stock_rebuilds" in x)
    assert "PROVISIONAL" in line

"""Every scenario file under tests/scenarios/ is one test: its moves must be accepted or rejected as
written and every expectation must hold. The failure message is the scenario runner's diff.

Each file is parsed once (collection and every case of that file share the parse): parsing is most of
the cost of a scenario, and the runner never changes the specs or the node tree it is given."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from yaml.nodes import Node

from cardtable.games import get_game
from cardtable.scenario import load_file, run_scenario

FOLDER = Path(__file__).parent / "scenarios"


@cache
def _loaded(path: Path) -> tuple[list[tuple[dict[str, Any], list[str | int]]], Node | None]:
    return load_file(path)


CASES = [(path, index) for path in sorted(FOLDER.rglob("*.yaml")) for index in range(len(_loaded(path)[0]))]


@pytest.mark.parametrize(("path", "index"), CASES, ids=[f"{p.relative_to(FOLDER)}#{i}" for p, i in CASES])
def test_scenario(path: Path, index: int) -> None:
    specs, root = _loaded(path)
    spec, base = specs[index]
    result = run_scenario(spec, str(path), root, base, get_game)
    assert result.passed, f"{result.name}\n" + "\n".join(result.failures)

"""Every scenario file under tests/scenarios/ is one test: its moves must be accepted or rejected as
written and every expectation must hold. The failure message is the scenario runner's diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.cardsets.yamlfile import read_yaml
from cardtable.games import get_game
from cardtable.scenario import load_scenarios, run_scenario

FOLDER = Path(__file__).parent / "scenarios"
CASES = [
    (path, index) for path in sorted(FOLDER.rglob("*.yaml")) for index in range(len(load_scenarios(path)))
]


@pytest.mark.parametrize(("path", "index"), CASES, ids=[f"{p.relative_to(FOLDER)}#{i}" for p, i in CASES])
def test_scenario(path: Path, index: int) -> None:
    spec, base = load_scenarios(path)[index]
    _, root = read_yaml(path)
    result = run_scenario(spec, str(path), root, base, get_game)
    assert result.passed, f"{result.name}\n" + "\n".join(result.failures)

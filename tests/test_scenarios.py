"""Every scenario file under tests/scenarios/ is one test: its moves must be accepted or rejected as
written and every expectation must hold. The failure message is the scenario runner's diff for every
case of the file that failed, each under its name and number.

A file is parsed when its test runs, not at collection: the cases were once parametrized one by one,
and every xdist worker parsed all 82 files just to count them (~1 s of CPU a worker, most of the cost of
the scenarios), then ran half. Each file is parsed once and its cases share the parse: the runner never
changes the specs or the node tree it is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games import get_game
from cardtable.scenario import load_file, run_scenario

FOLDER = Path(__file__).parent / "scenarios"
FILES = sorted(FOLDER.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(FOLDER)) for p in FILES])
def test_scenario(path: Path) -> None:
    specs, root = load_file(path)
    assert specs, f"{path} holds no scenario"
    failed = []
    for index, (spec, base) in enumerate(specs):
        result = run_scenario(spec, str(path), root, base, get_game)
        if not result.passed:
            failed.append(f"#{index} {result.name}\n" + "\n".join(result.failures))
    assert not failed, "\n\n".join(failed)


def test_an_empty_mapping_under_a_key_wants_nothing_there_and_as_a_list_item_anything() -> None:
    """`data: {imitating: {}}` ("the imitation has ended") matched any imitation: a scenario of
    Risugeon's end step 1 could not fail (found by the mutation sweep, i26-mut8). A list's `{}` item
    stays a place not checked (`slots: [{top: ...}, {}]`)."""
    from cardtable.scenario import _matches

    assert _matches({"imitating": {}}, {"imitating": {}, "skill": 2})
    assert not _matches({"imitating": {}}, {"imitating": {"A03": "A01"}})
    assert not _matches({"imitating": {}}, {"imitating": [1]})
    assert _matches({"slots": [{"top": 1}, {}]}, {"slots": [{"top": 1, "face": 2}, {"left": 4}]})
    assert not _matches({"slots": [{}, {}]}, {"slots": [{}]})

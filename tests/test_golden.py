"""Golden transcripts: seeded random games recorded once must replay move for move to the same digest.
After a deliberate rules change, regenerate them with tests/golden/make_golden.py and review the diff.

The cases come from the game registry (every game at its fewest and most seats), and, as in
OpenSpiel's test_all_games_tested, a registered game without a transcript file fails here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardtable.games import all_games

sys.path.insert(0, str(Path(__file__).parent / "golden"))
from make_golden import CASES, FOLDER, Case, path_for, transcript  # noqa: E402


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}p-seed{c[2]}" for c in CASES])
def test_golden_transcript_replays_exactly(case: Case) -> None:
    path = path_for(*case[:3])
    assert path.exists(), f"no golden transcript {path.name}: run tests/golden/make_golden.py {case[0]}"
    recorded = json.loads(path.read_bytes().decode("utf-8"))
    assert (recorded["game"], recorded["seats"], recorded["seed"], recorded["params"]) == case
    now = transcript(*case)
    for index, (want, got) in enumerate(zip(recorded["moves"], now["moves"], strict=False)):
        assert want == got, f"move {index}: recorded {want!r}, now {got!r}"
    assert len(recorded["moves"]) == len(now["moves"])
    assert (recorded["scores"], recorded["winners"]) == (now["scores"], now["winners"])
    assert recorded["digest"] == now["digest"]


def test_every_registered_game_has_golden_transcripts_at_its_fewest_and_most_seats() -> None:
    missing = [
        f"{game_id} at {seats} seats"
        for game_id, game in all_games().items()
        for seats in sorted({game.min_seats, game.max_seats})
        if not list(FOLDER.glob(f"{game_id}_{seats}p_seed*.json"))
    ]
    assert not missing, f"no golden transcript for {missing}: run tests/golden/make_golden.py"


def test_every_golden_file_is_a_case() -> None:
    known = {path_for(*case[:3]).name for case in CASES}
    stray = sorted(p.name for p in FOLDER.glob("*.json") if p.name not in known)
    assert not stray, f"transcripts no case replays (a removed game or a changed seed?): {stray}"

"""Golden transcripts: seeded random games recorded once must replay move for move to the same digest.
After a deliberate rules change, regenerate them with tests/golden/make_golden.py and review the diff."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))
from make_golden import CASES, path_for, transcript  # noqa: E402


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}p-seed{c[2]}" for c in CASES])
def test_golden_transcript_replays_exactly(case: tuple) -> None:
    recorded = json.loads(path_for(*case[:3]).read_bytes().decode("utf-8"))
    now = transcript(*case)
    for index, (want, got) in enumerate(zip(recorded["moves"], now["moves"], strict=False)):
        assert want == got, f"move {index}: recorded {want!r}, now {got!r}"
    assert len(recorded["moves"]) == len(now["moves"])
    assert (recorded["scores"], recorded["winners"]) == (now["scores"], now["winners"])
    assert recorded["digest"] == now["digest"]

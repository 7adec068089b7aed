"""Regenerate the golden transcripts after a deliberate rules change: python tests/golden/make_golden.py

Each transcript is a seeded random game: its moves in notation and the digest of the final state.
The test replays the moves and compares every move text and the digest, so any unintended change in
dealing, legal move order or scoring shows up as a diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.games import get_game
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng

CASES = [
    ("runeworks", 2, 1, {"level": 1}),
    ("runeworks", 4, 2, {"level": 3}),
    ("runeworks", 6, 3, {"level": 5}),
]
FOLDER = Path(__file__).parent


def transcript(game_id: str, seats: int, seed: int, params: dict[str, object]) -> dict[str, object]:
    """Play a seeded random game and record it."""
    engine = Engine.new(get_game(game_id), seats, seed, params)
    rng = Rng(seed + 1000)
    moves = []
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        moves.append(f"P{seat + 1}: {engine.describe(action)}")
        engine.apply(action)
    return {
        "game": game_id,
        "seats": seats,
        "seed": seed,
        "params": params,
        "moves": moves,
        "scores": engine.state.scores,
        "winners": list(engine.state.winners),
        "digest": engine.state.digest(),
    }


def path_for(game_id: str, seats: int, seed: int) -> Path:
    """Where one transcript lives."""
    return FOLDER / f"{game_id}_{seats}p_seed{seed}.json"


if __name__ == "__main__":
    for case in CASES:
        path_for(*case[:3]).write_bytes(json.dumps(transcript(*case), indent=0).encode("utf-8"))

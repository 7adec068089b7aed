"""Regenerate the golden transcripts after a deliberate rules change: python tests/golden/make_golden.py

Each transcript is a seeded random game: its moves in notation and the digest of the final state.
The test replays the moves and compares every move text and the digest, so any unintended change in
dealing, legal move order or scoring shows up as a diff.

The cases come from the game registry (with the test-only games of tests/games/): every registered
game at its fewest and its most seats, with seed SEED and the rulebook's parameters, unless PINNED
says otherwise; EXTRA adds a few more. A new game therefore has cases at once, and the tests fail
until its transcripts are generated. Pass game ids to regenerate only those games' files
(`python tests/golden/make_golden.py sainome`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# The test-only games (tests/games/) have transcripts too: name their folder as tests/conftest.py does.
_TEST_GAMES = str(Path(__file__).parent.parent / "games")
_DIRS = os.environ.get("CARDTABLE_GAME_DIRS", "")
if _TEST_GAMES not in _DIRS.split(os.pathsep):
    os.environ["CARDTABLE_GAME_DIRS"] = os.pathsep.join(filter(None, [_TEST_GAMES, _DIRS]))

from cardtable.games import all_games, get_game  # noqa: E402
from cardtable.rules.engine import Engine  # noqa: E402
from cardtable.rules.rng import Rng  # noqa: E402

Case = tuple[str, int, int, dict[str, object]]  # game id, seats, seed, params

SEED = 1
# Recorded before the cases came from the registry, with their own seeds and levels: kept as they are.
PINNED: dict[tuple[str, int], tuple[int, dict[str, object]]] = {
    ("runeworks", 2): (1, {"level": 1}),
    ("runeworks", 6): (3, {"level": 5}),
}
# The sandbox's transcript at two seats, recorded when two were its fewest (one seat came later), replays still.
EXTRA: list[Case] = [
    ("runeworks", 4, 2, {"level": 3}),
    ("landperson", 2, 2, {"mode": "shared"}),
    ("sandbox", 2, 1, {}),
]
FOLDER = Path(__file__).parent


def cases() -> list[Case]:
    """Every registered game at its fewest and its most seats, then EXTRA."""
    out: list[Case] = []
    for game_id, game in all_games().items():
        for seats in sorted({game.min_seats, game.max_seats}):
            seed, params = PINNED.get((game_id, seats), (SEED, {}))
            out.append((game_id, seats, seed, params))
    return out + EXTRA


CASES = cases()


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
    wanted = set(sys.argv[1:])
    for case in CASES:
        if not wanted or case[0] in wanted:
            path_for(*case[:3]).write_bytes(json.dumps(transcript(*case), indent=0).encode("utf-8"))

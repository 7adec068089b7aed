"""Games played at the table, kept for the balance report: a designer's real playtests count too.

When a game at the table ends (and Settings' "Record playtests" is on), `keep_playtest` writes one
small file to the user's playtests folder (platformdirs; CARDTABLE_HOME in tests), atomically: the
game's seed, parameters, seats (a person is "human", a bot its name) and moves, and the row
`record_replay` makes of them, so `cardtable report --from-saves` reads the same per-card tables as a
bot run. A file that cannot be read is named and skipped, never fatal.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from ..persistence.files import atomic_write_bytes, user_folders
from ..rules.engine import Engine
from .record import ROW_VERSION, record_replay

log = logging.getLogger("cardtable.playtests")
HUMAN = "human"
MAX_PLAYTEST_BYTES = 4_000_000  # far above any game's row; a bigger file is not ours


def playtests_folder() -> Path:
    """Where finished games are kept."""
    return user_folders().playtests


def keep_playtest(engine: Engine, seats: list[str], folder: Path | None = None) -> Path:
    """Write the finished game of `engine` as a playtest file; its path. `seats`: "human" or a bot's
    name per seat."""
    state = engine.state
    row = record_replay(
        state.game, state.seed, state.seats, state.params, list(state.history), seats, state.cardset
    )
    row["source"] = "playtest"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = (folder or playtests_folder()) / f"{state.game}-{stamp}-{state.seed}.json"
    text = json.dumps(row, ensure_ascii=False, sort_keys=True)
    atomic_write_bytes(path, text.encode("utf-8"), keep_backup=False)
    return path


def read_playtests(
    game: str | None = None, folder: Path | None = None
) -> tuple[list[dict[str, Any]], list[str]]:
    """The rows of every kept playtest (of `game` only, if given), oldest first, and a line per file
    that could not be read."""
    where = folder or playtests_folder()
    rows, problems = [], []
    for path in sorted(where.glob("*.json")) if where.is_dir() else []:
        try:
            raw = path.read_bytes()
            if len(raw) > MAX_PLAYTEST_BYTES:
                raise ValueError(f"larger than {MAX_PLAYTEST_BYTES} bytes")
            row = json.loads(raw.decode("utf-8"))
            if not isinstance(row, dict) or row.get("row_version") != ROW_VERSION:
                raise ValueError(f"not a playtest of row version {ROW_VERSION}")
        except (OSError, ValueError) as exc:
            problems.append(f"{path}: {exc}")
            continue
        if game is None or row.get("game") == game:
            rows.append(row)
    return rows, problems

"""Saves: the seed, the parameters and the moves in notation, plus a digest of the final position.

Loading replays the moves through the engine and compares digests, so a save can never put the game
in a position the rules would not reach, and old saves stay readable as long as the notation does.
A damaged save raises SaveError and the file is left where it is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..games import get_game
from ..rules.actions import IllegalAction, NotationError
from ..rules.engine import Engine
from ..rules.game import ParamError
from .files import atomic_write_bytes

SAVE_FORMAT = "cardtable-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save file that cannot be loaded: unreadable, not a save, or its moves do not replay."""


def move_texts(engine: Engine) -> list[str]:
    """Every move of the game as `P1: notation`, written by replaying it from the seed."""
    state = engine.state
    fresh = Engine.new(engine.game, state.seats, state.seed, state.params, state.cardset)
    moves = []
    for action in state.history:
        moves.append(f"P{action.seat + 1}: {fresh.describe(action)}")
        fresh.apply(action)
    return moves


def save_to_dict(
    engine: Engine, meta: dict[str, Any] | None = None, moves: list[str] | None = None
) -> dict[str, Any]:
    """The JSON form of a game: enough to replay it exactly. `moves` saves the replay when the caller
    kept the move texts as the game went."""
    state = engine.state
    if moves is None or len(moves) != len(state.history):
        moves = move_texts(engine)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": state.game,
        "seats": state.seats,
        "seed": state.seed,
        "params": dict(state.params),
        "moves": moves,
        "digest": state.digest(),
        "rng": state.rng.to_dict()["version"],
        "meta": dict(meta or {}),
    }


def save_game(
    path: Path, engine: Engine, meta: dict[str, Any] | None = None, moves: list[str] | None = None
) -> None:
    """Write the game atomically (the previous save is kept as .bak)."""
    text = json.dumps(save_to_dict(engine, meta, moves), ensure_ascii=False, indent=1)
    atomic_write_bytes(path, text.encode("utf-8"))


def load_game(path: Path) -> tuple[Engine, dict[str, Any]]:
    """Replay a save; SaveError (naming the file and the problem) when it is damaged."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: damaged save ({exc})") from None
    return engine_from_save(data, str(path))


def engine_from_save(data: Any, where: str = "<save>") -> tuple[Engine, dict[str, Any]]:
    """Replay a save's data; SaveError on anything wrong."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{where}: not a cardtable save")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"{where}: save version {data.get('version')} is not supported")
    replayed = 0
    try:
        game = get_game(str(data["game"]))
        engine = Engine.new(game, int(data["seats"]), int(data["seed"]), dict(data["params"]))
        for line in data["moves"]:
            who, text = str(line).split(":", 1)
            engine.apply_text(int(who.strip().lstrip("P")) - 1, text.strip())
            replayed += 1
    except (IllegalAction, NotationError) as exc:  # before ValueError: a NotationError is one
        raise SaveError(f"{where}: move {replayed + 1} does not replay ({exc.what}): {exc}") from None
    except ParamError as exc:
        raise SaveError(f"{where}: damaged save ({exc})") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{where}: damaged save ({exc.__class__.__name__}: {exc})") from None
    if engine.state.digest() != data.get("digest"):
        raise SaveError(f"{where}: the moves replay to a different position than was saved (digest mismatch)")
    return engine, dict(data.get("meta") or {})

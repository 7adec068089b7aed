"""What a sweep's worker runs: one block of seeded games of one configuration, as rows.

`run_block` is the one function every worker calls, a local process (`--jobs`) or a Dask worker
(`--scheduler`), so the rows are the same whatever runs them. A worker pays its start-up once, not per
block: the game's import and first deal, the code-version check and each configuration's card set are
kept in this module between blocks (a worker process lives for the whole sweep). No Dask import here.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from .record import ROW_VERSION, record_game, seat_bots

__all__ = ["ROW_VERSION", "Block", "CodeMismatch", "code_version", "record_game", "run_block"]


class CodeMismatch(RuntimeError):
    """A worker runs other code than the machine that planned the sweep: its rows would not match."""


@dataclass(frozen=True)
class Block:
    """One task: a block of seeds of one configuration, with all a worker needs to play it (the card
    set's data travels with it, so a worker on another machine needs no file of the user's)."""

    code: str  # the code version the sweep was planned with (code_version)
    config: str  # the configuration's hash
    index: int  # the block's number within its configuration
    game: str
    players: int
    params: dict[str, Any]  # resolved, the card set's name left out (the worker holds the set)
    cardset: dict[str, Any] | None  # {"data": the set's data, varied; "source": the file it came from}
    bots: tuple[str, ...]
    bot_budget: int | None
    rotate: bool
    first_seed: int
    seeds: int

    def games(self) -> int:
        """Games in this block: each seed once, or once per seat rotation with --rotate."""
        return self.seeds * (self.players if self.rotate else 1)


_CODE: str | None = None
_CONFIGS: dict[str, dict[str, Any]] = {}  # configuration hash -> its parameters, card set held


def code_version() -> str:
    """The version of everything that can change a game's rows: a hash of cardtable's Python (but the
    window and printing), the bundled card sets and bot data, and the games of CARDTABLE_GAME_DIRS.
    Computed once per process (about 20 ms)."""
    global _CODE
    if _CODE is None:
        from ..games import GAME_DIRS_VARIABLE
        from ..resources import cards_dir

        package = Path(__file__).resolve().parent.parent
        files = [
            p
            for p in package.rglob("*.py")
            if not {"ui", "printing", "__pycache__"} & set(p.relative_to(package).parts[:-1])
        ]
        cards = Path(str(cards_dir()))
        files += [p for p in cards.rglob("*") if p.suffix in (".yaml", ".json", ".csv", ".xlsx")]
        for folder in filter(None, os.environ.get(GAME_DIRS_VARIABLE, "").split(os.pathsep)):
            files += [p for p in Path(folder).rglob("*") if p.suffix in (".py", ".yaml", ".json")]
        digest = hashlib.sha256(__version__.encode())
        for file in sorted(set(files), key=lambda p: (p.name, str(p))):
            if "__pycache__" in file.parts or not file.is_file():
                continue
            # by name and content, not place: the same code installed elsewhere has the same version
            digest.update(f"\0{_place(file, package, cards)}\0".encode())
            digest.update(file.read_bytes())
        _CODE = f"{__version__}+{digest.hexdigest()[:12]}"
    return _CODE


def _place(file: Path, package: Path, cards: Path) -> str:
    for root, label in ((package, "cardtable"), (cards, "cards")):
        if file.is_relative_to(root):
            return f"{label}/{file.relative_to(root).as_posix()}"
    return f"games/{file.parent.name}/{file.name}"


def _configuration(block: Block) -> dict[str, Any]:
    """The parameters a block's games are played with, its card set held in this process (built once
    per configuration and process: the worker-level cache)."""
    held = _CONFIGS.get(block.config)
    if held is None:
        params = dict(block.params)
        if block.cardset is not None:
            from ..cardsets.loader import cardset_from_data, hold_cardset

            built = cardset_from_data(block.cardset["data"], block.cardset["source"])
            params["cardset"] = hold_cardset(block.config, built)
        held = _CONFIGS[block.config] = params
    return held


def run_block(block: Block) -> list[dict[str, Any]]:
    """Play a block's games in seed order (each seed's rotations in order) and return their rows,
    each with its configuration's hash and its seat rotation."""
    if block.code != code_version():
        raise CodeMismatch(
            f"this worker (pid {os.getpid()}) runs cardtable {code_version()}, the sweep was planned with "
            f"{block.code}: install the same version on every machine"
        )
    params = _configuration(block)
    rows = []
    for seed in range(block.first_seed, block.first_seed + block.seeds):
        for rotation in range(block.players if block.rotate else 1):
            # rotation r: the bots shifted r seats, so over a seed's rotations each bot sits everywhere
            bots = seat_bots(block.bots, block.players, rotation, rotate=True)
            # the card set comes through params (held in this process), so the game loads it its way
            row = record_game(block.game, seed, bots, block.players, params, None, block.bot_budget)
            rows.append({"config": block.config, "rotation": rotation, **row})
    return rows

"""Named Python hooks of data games: what a game file cannot say in its vocabulary, written once in
Python and named from the file (`hook: NAME` as an effect, a condition or a setup step).

A hook is resolved only from the game's own module in this package, `hooks/<id>.py` (its `HOOKS`
mapping of name to function), and only for a bundled game file (cards/games/). A card set file or a
designer's own game file in the user folder never names code that runs: there a hook is unknown, and
`cardtable validate` says so at its key. Nothing in a file is imported or evaluated: the module's name
is the file's id (a checked word), and the package is the project's.

Signatures (game: the DataGame, state, seat: whose effect or condition, events: the move's events):
    effect:     hook(game, state, seat, events) -> None
    condition:  hook(game, state, seat) -> str     (LEGAL "" when it holds, else why not, in words)
    setup step: hook(game, state, None, events) -> None
    `log`:      hook(game, event) -> (seat or None, Text) or None   (the log's words for an event the
                game's hooks announced: the seat it is about, and what it says in English and Japanese)
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.resources import cards_dir

Hook = Callable[..., Any]


def bundled(path: str | Path) -> bool:
    """True for a game file among the bundled ones (cards/games/), the only files hooks serve."""
    folder = Path(str(cards_dir().joinpath("games"))).resolve()
    try:
        return Path(path).resolve().parent == folder
    except OSError:
        return False


def hooks_for(game_id: str, path: str | Path) -> dict[str, Hook]:
    """The hooks a game file may name: its own module's `HOOKS` when the file is bundled, else none."""
    if not bundled(path) or not game_id.isidentifier():
        return {}
    name = f"{__name__}.{game_id}"
    if importlib.util.find_spec(name) is None:
        return {}
    module = importlib.import_module(name)
    return dict(getattr(module, "HOOKS", {}))


def where(game_id: str) -> str:
    """Where a game's hooks are looked for, in words (for a refusal)."""
    return f"cardtable/games/datagame/hooks/{game_id}.py, for a bundled game file only"

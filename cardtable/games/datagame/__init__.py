"""Games written in data: every game file found (cards/games/*.yaml, then the designer's own in the
user folder's `games/`) registers as a game of its own, with the id its file's `id:` gives.

The interpreter is rules.py (one `Game` subclass built from a file), the reading and checking of a
file spec.py. A file that does not load is left out of the registry (`cardtable validate FILE` says
why, at file:line:col); a file whose id another game already has is left out too, with a warning.
"""

from __future__ import annotations

import logging
import os
import pkgutil
from pathlib import Path

from cardtable.cardsets.yamlfile import LoadError
from cardtable.games import GameEntry, all_entries, register
from cardtable.rules.game import ParamError

from .rules import DataGame, game_class
from .spec import card_fields, game_files, load_game

log = logging.getLogger(__name__)
# every data game plays on the one shared table scene for data games (its layout from the zones)
TABLE = "cardtable.ui.scenes.datagame_table:DataGameTable"


def _python_game_names() -> set[str]:
    """The package names of the Python games (this folder's and CARDTABLE_GAME_DIRS'): a game's id is
    its package's name, and those packages may be imported after this one, so a data file must not
    take one of their ids first."""
    import cardtable.games as games

    names = {info.name for info in pkgutil.iter_modules(games.__path__)}
    for folder in filter(None, os.environ.get(games.GAME_DIRS_VARIABLE, "").split(os.pathsep)):
        if Path(folder).is_dir():
            names.update(child.name for child in Path(folder).iterdir() if (child / "__init__.py").is_file())
    return names


def _entry(spec: dict[str, object], path: Path) -> GameEntry:
    """A data game's registration: its rules from the file, the shared table, and the card fields
    the file reads (for its card set's template)."""
    from cardtable.cardsets.catalog import named_path, set_template

    template = set_template(named_path(str(spec["cardset"])))
    fields = {template: card_fields(spec)} if template else {}
    return GameEntry(
        rules=game_class(spec, str(path))(),
        bots={"heuristic": "cardtable.games.datagame.bot:DataGameBot"},
        table=TABLE,
        menu_order=50,
        card_fields=fields,
    )


def _register_all() -> None:
    taken: set[str] = _python_game_names()
    for path in game_files():
        try:
            spec = load_game(path)
        except LoadError as exc:
            log.warning("game file %s not loaded:\n%s", path, exc)
            continue
        if spec["id"] in taken:
            log.warning("game file %s: another game has the id %r; left out", path, spec["id"])
            continue
        try:
            register(_entry(spec, path))
        except ValueError as exc:  # a Python game has the id already
            log.warning("game file %s left out: %s", path, exc)
            continue
        taken.add(spec["id"])


_register_all()


def game_argument(text: str) -> str:
    """A command's game argument as a game id: an id as it is, or a game file (`cards/games/x.yaml`,
    a designer's own anywhere), loaded, checked and registered under its `id:` (LoadError when it does
    not load). A file whose id a different game already has is refused."""
    path = Path(text)
    if not text.endswith((".yaml", ".yml")) or not path.is_file():
        return text
    spec = load_game(path)
    game_id = str(spec["id"])
    entries = all_entries()
    held = entries.get(game_id)
    if held is not None:
        if isinstance(held.rules, DataGame) and Path(held.rules.source).resolve() == path.resolve():
            return game_id
        raise ParamError(f"{path}: the id {game_id!r} is taken by another game; give the file its own id")
    register(_entry(spec, path))
    return game_id

"""The registry of games: each game registers itself, once, at the bottom of its own package.

    register(GameEntry(
        rules=RuneWorks(),                                    # the rules object (cardtable.rules.game.Game)
        bots={"heuristic": "cardtable.games.runeworks.bot:RuneWorksBot"},
        table="cardtable.ui.scenes.runeworks_table:RuneWorksTable",
        variants=({"level": 1}, {"level": 5}),                # what the contract tests exercise
        menu_order=1,
    ))

Nothing outside a game's own rooms lists game ids: the registry discovers games by importing every
package in this folder and in the folders named by the environment variable `CARDTABLE_GAME_DIRS`
(separated like PATH; a designer's own games, and tests/games). Bots and table scenes are named by
"module:Class" strings and imported only when asked for, so the rules side never imports pygame.
Rules only here, no geometry.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import pkgutil
import sys
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.game import Game, ParamError

if TYPE_CHECKING:
    from ..rules.effects import Vocabulary

GAME_DIRS_VARIABLE = "CARDTABLE_GAME_DIRS"
_EXTRA_PACKAGE = "cardtable_extra_games"  # the parent name games from other folders are imported under


@dataclass(frozen=True)
class GameEntry:
    """Everything the app, bots, validator and tests need to know about one game, declared once."""

    rules: Game
    bots: Mapping[str, str] = field(default_factory=dict)  # bot name -> "module:Class" ("random" is built in)
    table: str = ""  # "module:Class" of its table scene; "" = no table yet (terminal and simulate only)
    vocabularies: Mapping[str, Vocabulary] = field(default_factory=dict)  # card set template -> vocabulary
    variants: tuple[Mapping[str, Any], ...] = ({},)  # parameter sets the contract tests play
    setup_options: tuple[str, ...] = ()  # parameters the Setup screen offers (the CLI can set them all)
    # "module:Class" of a screen the Setup screen opens before play (deck building...), "" = none. The
    # class answers `needed(game, params, seats) -> bool` and is built with (app, game, seats, params,
    # start); it settles parameters (a deck written as a parameter) and calls start(params).
    prepare: str = ""
    menu_order: int = 100  # position in menus (then by id)
    # card set template -> the card fields the game's rules and table read beyond what its face
    # template draws and cards/cardset.schema.json names; `cardtable validate` warns about any other
    # field nothing reads (a typo such as `cots: 4`)
    card_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def files(self) -> Traversable:
        """The game's package folder (its rules texts `rules.<lang>.md` live there)."""
        module = sys.modules[type(self.rules).__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
        return resources.files(package)

    @property
    def id(self) -> str:
        """The game's id, as saves, scenario files and the command line write it."""
        return self.rules.id


_ENTRIES: dict[str, GameEntry] = {}
_discovered = False


def register(entry: GameEntry) -> GameEntry:
    """Add a game to the registry (a game's package calls this at its bottom). Registering the same
    id twice is an error unless it is the same rules class (a module imported again)."""
    held = _ENTRIES.get(entry.id)
    if held is not None and type(held.rules) is not type(entry.rules):
        raise ValueError(
            f"two games register the id {entry.id!r}: {type(held.rules)} and {type(entry.rules)}"
        )
    if not entry.id:
        raise ValueError(f"{type(entry.rules).__name__} has no id")
    _ENTRIES[entry.id] = entry
    return entry


def _discover() -> None:
    """Import every game package: the ones in this folder, then those in CARDTABLE_GAME_DIRS."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    for folder in filter(None, os.environ.get(GAME_DIRS_VARIABLE, "").split(os.pathsep)):
        _import_folder(Path(folder))


def _import_folder(folder: Path) -> None:
    """Import each package (a folder with __init__.py) in `folder`, under a parent name of our own so
    it cannot shadow a real module."""
    if _EXTRA_PACKAGE not in sys.modules:
        parent = types.ModuleType(_EXTRA_PACKAGE)
        parent.__path__ = []
        sys.modules[_EXTRA_PACKAGE] = parent
    if not folder.is_dir():
        raise ParamError(f"{GAME_DIRS_VARIABLE} names {folder}, which is not a folder")
    for child in sorted(folder.iterdir()):
        init = child / "__init__.py"
        name = f"{_EXTRA_PACKAGE}.{child.name}"
        if not init.is_file() or name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(child)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)


def all_entries() -> dict[str, GameEntry]:
    """Every registered game's entry by id, in menu order."""
    _discover()
    ordered = sorted(_ENTRIES.values(), key=lambda e: (e.menu_order, e.id))
    return {e.id: e for e in ordered}


def all_games() -> dict[str, Game]:
    """Every registered game's rules by id, in menu order."""
    return {gid: entry.rules for gid, entry in all_entries().items()}


def entry_for(game_id: str) -> GameEntry:
    """The registration of one game, or ParamError naming the known ones."""
    entries = all_entries()
    if game_id not in entries:
        raise ParamError(f"unknown game {game_id!r} (games: {', '.join(entries)})")
    return entries[game_id]


def get_game(game_id: str) -> Game:
    """The game with this id, or ParamError naming the known ones."""
    return entry_for(game_id).rules


def vocabulary_for(template: str) -> Vocabulary | None:
    """The effect vocabulary a registered game gives a card set template, or None (no effects)."""
    for entry in all_entries().values():
        if template in entry.vocabularies:
            return entry.vocabularies[template]
    return None


def card_fields_for(template: str) -> set[str]:
    """The card fields registered games read from a set of this template (GameEntry.card_fields)."""
    found: set[str] = set()
    for entry in all_entries().values():
        found.update(entry.card_fields.get(template, ()))
    return found


def games_for_cardset(template: object, declared: object = None) -> list[Game]:
    """The registered games a card set is made for, whose `check_cardset` `cardtable validate` asks
    (of those with a `cardset` parameter, the games a set can be chosen for): the game its `game:`
    key names (`declared`), else every game whose own set has the set's `template:` (the catalog's
    rule for what the Setup screen offers); then every game that plays any set (the sandbox). An
    unknown `declared` id gives only the latter (the loader reports the key)."""
    # a game without a `cardset` parameter plays only its own set, whatever another set says
    games = {gid: g for gid, g in all_games().items() if any(p.name == "cardset" for p in g.params)}
    if isinstance(declared, str):
        made_for = [games[declared]] if declared in games else []
    else:
        made_for = [g for g in games.values() if g.cardset_name and _own_template(g.cardset_name) == template]
    return made_for + [g for g in games.values() if g.plays_any_set and g not in made_for]


@functools.cache
def _own_template(cardset_name: str) -> str | None:
    """The template of a game's own (bundled) set, read once: the bundled files do not change."""
    from ..cardsets.catalog import named_path, set_template

    return set_template(named_path(cardset_name))


def load_named_object(reference: str) -> Callable[..., Any]:
    """Import a "module:Name" reference (a bot class, a table scene class)."""
    module_name, _, name = reference.partition(":")
    return getattr(importlib.import_module(module_name), name)

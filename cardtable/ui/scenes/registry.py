"""Which table scene plays which game. Each game adds one entry; the module is imported only when a
game of that kind starts, so the menu opens without loading every table."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...session import Session
    from ..app import App
    from ..scene import Scene

# game id -> (module in this package, class name)
TABLES: dict[str, tuple[str, str]] = {
    "runeworks": ("runeworks_table", "RuneWorksTable"),
    "risugeon": ("risugeon_table", "RisugeonTable"),
    "sainome": ("sainome_table", "SainomeTable"),
}


def has_table(game_id: str) -> bool:
    """Whether the app can show a table for this game."""
    return game_id in TABLES


def table_scene_for(app: App, session: Session) -> Scene:
    """The table scene for the session's game (ValueError for a game with no table yet)."""
    game_id = session.engine.game.id
    if game_id not in TABLES:
        raise ValueError(f"no table for {game_id!r} yet (tables: {', '.join(TABLES)})")
    module_name, class_name = TABLES[game_id]
    module = importlib.import_module(f"{__package__}.{module_name}")
    return getattr(module, class_name)(app, session)

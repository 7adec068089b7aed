"""Which table scene plays which game: the one each game names in its registration. A scene module is
imported only when a game of that kind starts, so the menu opens without loading every table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...games import all_entries, entry_for, load_named_object

if TYPE_CHECKING:
    from ...session import Session
    from ..app import App
    from ..scene import Scene


def has_table(game_id: str) -> bool:
    """Whether the app can show a table for this game."""
    entry = all_entries().get(game_id)
    return entry is not None and bool(entry.table)


def table_scene_for(app: App, session: Session) -> Scene:
    """The table scene for the session's game (ValueError for a game with no table yet)."""
    game_id = session.engine.game.id
    if not has_table(game_id):
        tables = ", ".join(gid for gid, entry in all_entries().items() if entry.table)
        raise ValueError(f"no table for {game_id!r} yet (tables: {tables})")
    return load_named_object(entry_for(game_id).table)(app, session)

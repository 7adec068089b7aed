"""The registry of games: one rules object per game id. Rules only, no geometry."""

from __future__ import annotations

from ..rules.game import Game, ParamError


def _registry() -> dict[str, Game]:
    from .risugeon import Risugeon
    from .runeworks import RuneWorks
    from .sainome import Sainome

    return {g.id: g for g in (RuneWorks(), Risugeon(), Sainome())}


_GAMES: dict[str, Game] | None = None


def all_games() -> dict[str, Game]:
    """Every registered game by id, in menu order."""
    global _GAMES
    if _GAMES is None:
        _GAMES = _registry()
    return _GAMES


def get_game(game_id: str) -> Game:
    """The game with this id, or ParamError naming the known ones."""
    games = all_games()
    if game_id not in games:
        raise ParamError(f"unknown game {game_id!r} (games: {', '.join(games)})")
    return games[game_id]

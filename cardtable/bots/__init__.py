"""Bots: they read only a PlayerView and answer one legal action. A registry by name."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import Action
from ..rules.rng import Rng
from ..rules.view import PlayerView
from .base import Bot
from .random_bot import RandomBot


class BotError(ValueError):
    """An unknown bot name for a game."""


def make_bot(name: str, game_id: str, seed: int) -> Bot:
    """A bot by name ("random", "heuristic") for a game; BotError names the choices."""
    factories = bot_factories(game_id)
    if name not in factories:
        raise BotError(f"no bot {name!r} for {game_id} (bots: {', '.join(factories)})")
    return factories[name](Rng(seed))


def bot_factories(game_id: str) -> dict[str, Callable[[Rng], Bot]]:
    """The bots available for a game, by name."""
    out: dict[str, Callable[[Rng], Bot]] = {"random": RandomBot}
    if game_id == "runeworks":
        from .runeworks_bot import RuneWorksBot

        out["heuristic"] = RuneWorksBot
    elif game_id == "risugeon":
        from .risugeon_bot import RisugeonBot

        out["heuristic"] = RisugeonBot
    elif game_id == "sainome":
        from .sainome_bot import SainomeBot

        out["heuristic"] = SainomeBot
    return out


__all__ = ["Action", "Bot", "BotError", "PlayerView", "RandomBot", "make_bot", "bot_factories"]

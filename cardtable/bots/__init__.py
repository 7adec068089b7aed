"""Bots: they read only a PlayerView and answer one legal action. The random bot plays every game; a
game registers its own bots (cardtable.games.GameEntry.bots), usually in its package's bot.py."""

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
    """The bots available for a game, by name: the random bot, then the ones the game registers."""
    from ..games import entry_for, load_named_object

    out: dict[str, Callable[[Rng], Bot]] = {"random": RandomBot}
    for name, reference in entry_for(game_id).bots.items():
        out[name] = load_named_object(reference)
    return out


__all__ = ["Action", "Bot", "BotError", "PlayerView", "RandomBot", "make_bot", "bot_factories"]

"""Bots: they read only a PlayerView and answer one legal action. The random and search bots play every
game; a game registers its own bots (cardtable.games.GameEntry.bots), usually in its package's bot.py."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import Action
from ..rules.rng import Rng
from ..rules.view import PlayerView
from .base import Bot
from .random_bot import RandomBot
from .search import SearchBot


class BotError(ValueError):
    """An unknown bot name for a game."""


def make_bot(name: str, game_id: str, seed: int, budget: int | None = None) -> Bot:
    """A bot by name ("random", "heuristic", "search") for a game; BotError names the choices.
    `budget` sets a search bot's engine actions a decision (other bots take none)."""
    factories = bot_factories(game_id)
    if name not in factories:
        raise BotError(f"no bot {name!r} for {game_id} (bots: {', '.join(factories)})")
    if budget is not None and name == "search":
        return SearchBot(Rng(seed), budget=budget)
    return factories[name](Rng(seed))


def bot_factories(game_id: str) -> dict[str, Callable[[Rng], Bot]]:
    """The bots available for a game, by name: the random bot, the search bot (bots/search.py, at its
    default budget), then the ones the game registers."""
    from ..games import entry_for, load_named_object

    out: dict[str, Callable[[Rng], Bot]] = {"random": RandomBot, "search": SearchBot}
    for name, reference in entry_for(game_id).bots.items():
        out[name] = load_named_object(reference)
    return out


__all__ = ["Action", "Bot", "BotError", "PlayerView", "RandomBot", "SearchBot", "make_bot", "bot_factories"]

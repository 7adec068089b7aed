"""The random bot: a uniformly random legal action, for any registered game."""

from __future__ import annotations

from ..rules.actions import Action
from ..rules.view import PlayerView
from .base import Bot


class RandomBot(Bot):
    """Plays any game by picking uniformly among the legal actions of its view."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

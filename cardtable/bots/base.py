"""The bot interface: a bot sees only its seat's PlayerView and picks one of the legal actions in it."""

from __future__ import annotations

from ..rules.actions import Action
from ..rules.rng import Rng
from ..rules.view import PlayerView


class Bot:
    """Base class. Bots own their rng, so they never disturb the game's."""

    name = "bot"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        """One action from `view.legal`."""
        raise NotImplementedError

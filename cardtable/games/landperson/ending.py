"""How a Land & Person game ends: every win condition of the mode checked for both players at once
(R12), the shared deck's comparison when a deck runs out (R8), and the end itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.events import Event, GameEnded
from ...rules.state import GameState
from .data import game_data
from .moves import FIRST, OVER
from .places import deck_mode, other, stars

if TYPE_CHECKING:
    from . import LandPerson


class LandPersonEnding:
    """The end of the game (mixed into LandPerson)."""

    def _check_wins(self: LandPerson, state: GameState, events: list[Event]) -> None:
        """Every win condition of the mode, for both players at once (R12)."""
        if state.over or state.phase == FIRST:
            return
        params = state.params
        winners: list[int] = []
        why = ""
        for seat in range(2):
            foe = other(seat)
            reasons = []
            if len(state.zones[f"spoils:{seat}"].cards) >= params["spoils_to_win"]:
                reasons.append("spoils")
            if deck_mode(state):
                if not state.zones[f"lands:{foe}"].cards:
                    reasons.append("lands_destroyed")
            else:
                if stars(state, f"occupied:{seat}") >= params["occupied_stars_to_win"]:
                    reasons.append("occupied")
                if len(state.zones[f"discard:{seat}"].cards) >= params["discards_to_win"]:
                    reasons.append("discards")
            if reasons:
                winners.append(seat)
                why = why or reasons[0]
        if len(winners) == 2:  # R12: both at once
            winners = (
                [state.active] if params["simultaneous_win"] == "active" and state.active is not None else []
            )
            self._end(state, tuple(winners), why, events)
        elif winners:
            self._end(state, tuple(winners), why, events)
        elif not deck_mode(state) and not state.zones["lands"].cards:
            self._compare_end(state, "no_land", events)

    def _compare_end(self: LandPerson, state: GameState, why: str, events: list[Event]) -> None:
        """R8: the shared deck ran out: more spoils, then more occupied ★, then more discards win."""

        def key(seat: int) -> tuple[int, int, int]:
            return (
                len(state.zones[f"spoils:{seat}"].cards),
                stars(state, f"occupied:{seat}"),
                len(state.zones[f"discard:{seat}"].cards),
            )

        a, b = key(0), key(1)
        winners: tuple[int, ...] = () if a == b else ((0,) if a > b else (1,))
        self._end(state, winners, why, events)

    def _end(
        self: LandPerson, state: GameState, winners: tuple[int, ...], why: str, events: list[Event]
    ) -> None:
        state.over = True
        state.winners = winners
        state.pending = None
        state.phase = OVER
        game_data(state)["ended"] = why
        game_data(state)["task"] = None
        state.scores = [len(state.zones[f"spoils:{s}"].cards) for s in range(2)]
        events.append(GameEnded(winners, tuple(state.scores)))

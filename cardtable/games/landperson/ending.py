"""How a Land & Person game ends: every win condition of the mode checked for both players at once
(R12), the shared deck's comparison when a deck runs out (R8), the end itself, and the count each
player scores (`decided`: what the game was decided on; the scores the results screen, the game
record and the log's last line show)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...rules.cards import CardSet
from ...rules.events import Event, GameEnded
from ...rules.state import GameState
from .data import game_data
from .effects import stat
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
        state.scores = decided(state.zones, state.cardset, why, not deck_mode(state))[1]
        events.append(GameEnded(winners, tuple(state.scores)))


# R8's order: what decides a shared game when a deck runs out
COUNTED = ("spoils", "stars", "discards")


def count(zones: Mapping[str, Any], cardset: CardSet | None, what: str, seat: int) -> int:
    """A player's count of `what`: "spoils", "stars" (★ occupied), "discards" (persons in the pile that
    counts for the player), "destroyed" (the other's lands destroyed), "deck" (cards left in one's
    deck). `zones` are a state's or a view's: each of these is public, a deck's count too."""
    if what == "stars":
        assert cardset is not None
        physical = cardset.physical()
        return sum(stat(physical[c], "stars") for c in zones[f"occupied:{seat}"].cards)
    if what == "destroyed":
        return len(zones[f"ruins:{other(seat)}"].cards)
    if what == "deck":
        return len(zones[f"deck:{seat}"].cards)
    return len(zones[f"{'discard' if what == 'discards' else 'spoils'}:{seat}"].cards)


def decided(
    zones: Mapping[str, Any], cardset: CardSet | None, ended: str, shared: bool
) -> tuple[str, list[int]]:
    """What the game was decided on (a `count` name) and each player's count of it: the spoils (also
    the score while the game goes on, ended ""), the ★ occupied, the discards, the lands destroyed,
    the cards left in the deck (deck construction's deck-out); at the shared deck's end (R8) the first
    of spoils, ★ and discards that differs (spoils when none does)."""
    what = {"occupied": "stars", "discards": "discards", "lands_destroyed": "destroyed"}.get(ended, "spoils")
    if ended == "deck_out" and not shared:
        what = "deck"
    elif shared and ended in ("deck_out", "no_land"):
        tied = [w for w in COUNTED if count(zones, cardset, w, 0) == count(zones, cardset, w, 1)]
        what = next((w for w in COUNTED if w not in tied), "spoils")
    return what, [count(zones, cardset, what, seat) for seat in range(2)]

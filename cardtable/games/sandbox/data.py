"""The sandbox's game data by name: every key of `state.data`, its type and what it means."""

from __future__ import annotations

from typing import TypedDict, cast

from ...rules.state import GameState


class SandboxData(TypedDict):
    """Every key of a sandbox `state.data` (held to it by `Sandbox.check`)."""

    spots: dict[str, list[list[int]]]  # mat zone -> per card (in the zone's order): [x, y, turned, z]
    spread: list[str]  # the piles (not mats) laid out side by side, by name, sorted
    stamp: int  # the last z given to a card laid on a mat (the latest lies on top)
    counters: dict[str, list[int]]  # each counter's value per seat (points, tokens...)
    dice: list[int]  # the last roll's faces
    searching: dict[str, str]  # seat (as text) -> the pile it is searching in private
    moves: int  # moves made in this turn (a bot passes after a few)


def game_data(state: GameState) -> SandboxData:
    """`state.data` with its type."""
    return cast(SandboxData, state.data)

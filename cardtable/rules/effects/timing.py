"""Held cards that may act at a named timing of the game (an item's activation condition, 発動条件).

A game names its timings (`Timings`) and which of them act by themselves (auto: "activates on
acquisition"). When play reaches a timing, `windows` lists the held cards that may act then, their
holders in priority order (simultaneous uses resolve priority player first); each becomes a window:
an auto card resolves at once, any other asks its holder to `use` it or `pass` (`window_actions`).
What a used card does is its effects, resolved by the game's `Resolver`. Windows are plain data, so a
half-asked timing survives a save, a copy and an undo.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action

USE, PASS = "use", "pass"  # the answers to a window


@dataclass(frozen=True)
class Timings:
    """A game's named timings, in the order play reaches them, and those that act by themselves."""

    names: tuple[str, ...]
    auto: tuple[str, ...] = ()

    def is_auto(self, timing: str) -> bool:
        """Whether a card of this timing acts without asking its holder."""
        return timing in self.auto

    def windows(
        self,
        timing: str,
        held: Iterable[tuple[int, int, str]],
        order: Sequence[int],
        may: Callable[[int, int], bool] = lambda seat, card: True,
    ) -> list[dict[str, Any]]:
        """The windows at `timing`: one {seat, card, timing} per held (seat, card, its timing) that
        matches and that `may` allow now, ordered by the holder's place in `order`."""
        if timing not in self.names:
            raise ValueError(f"unknown timing {timing!r} (timings: {', '.join(self.names)})")
        found = [(seat, card) for seat, card, on in held if on == timing and may(seat, card)]
        found.sort(key=lambda pair: (order.index(pair[0]), pair[1]))
        return [{"seat": seat, "card": card, "timing": timing} for seat, card in found]


def window_actions(seat: int) -> list[Action]:
    """The answers to a window: use the held card, or pass."""
    return [Action(seat, USE), Action(seat, PASS)]

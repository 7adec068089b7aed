"""Actions: small frozen values, one per decision a seat makes.

An action names its seat, a kind ("draw", "release", "call"...), the physical cards it involves
(sorted, so equal decisions compare equal) and an optional target (a zone, a meld, a choice).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat."""

    seat: int
    kind: str
    cards: tuple[int, ...] = ()
    target: str = ""

    def to_list(self) -> list[object]:
        """A compact JSON form (saves use notation instead; this is for canonical state text)."""
        return [self.seat, self.kind, list(self.cards), self.target]

    @classmethod
    def from_list(cls, data: list[object]) -> Action:
        """Inverse of to_list."""
        seat, kind, cards, target = data
        return cls(int(seat), str(kind), tuple(int(c) for c in cards), str(target))  # type: ignore[arg-type, union-attr]


class IllegalAction(Exception):
    """An action the rules do not allow now; `reason` says why in words a player understands."""

    def __init__(self, reason: str, action: Action | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotationError(ValueError):
    """A move text that does not parse; the message says what was expected."""

"""Actions: small frozen values, one per decision a seat makes, and the typed errors about them.

An action names its seat, a kind ("draw", "release", "call"...), the physical cards it involves
(sorted, so equal decisions compare equal) and an optional target (a zone, a meld, a choice).

A move text can fail in three ways, told apart as python-chess does (`InvalidMoveError`,
`IllegalMoveError`, `AmbiguousMoveError`): it is not a move of this game at all, it is one but the
rules refuse it now, or it fits more than one legal move. The first and last are `NotationError`s
(the text is at fault), the middle one an `IllegalAction` (the position is), so code that catches
the two older names keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple


class Action(NamedTuple):
    """One decision by one seat. A NamedTuple, not a frozen dataclass: every legal move of every
    decision is one, and a tuple is built in C (393 ns against 918 ns) and compared in C (`action in
    legal`). It is still a value of its own kind to the code that walks data: view.freeze, the
    re-deal's thaw and rules/narration keep it whole rather than taking it for a list."""

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

    what: ClassVar[str] = "illegal move"  # which of the three move errors, for reports

    def __init__(self, reason: str, action: Action | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotationError(ValueError):
    """A move text that does not parse; the message says what was expected."""

    what: ClassVar[str] = "syntax error"


class InvalidMoveError(NotationError):
    """Not a move of this game: an unknown move word, the wrong number of card codes, a code that is
    not in the card set, a target word the move does not take."""

    def __init__(self, reason: str, text: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.text = text


class IllegalMoveError(IllegalAction):
    """A move that parses, but the rules refuse it now; `reason` is the engine's explanation."""


class AmbiguousMoveError(NotationError):
    """A text that fits more than one legal move; `candidates` are those moves, `texts` their full
    spelling (a player picks one by writing it)."""

    what: ClassVar[str] = "ambiguous move"

    def __init__(self, text: str, candidates: Sequence[Action], texts: Sequence[str]) -> None:
        super().__init__(f"{text!r} fits {len(texts)} moves: {', '.join(texts)}; write the one you mean")
        self.text = text
        self.candidates = tuple(candidates)
        self.texts = tuple(texts)

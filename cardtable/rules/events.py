"""Events: what happened, returned by `apply` for logs, animation and sound.

Each event can redact itself for one seat: a card that seat may not see becomes UNKNOWN (-1), a
hidden commitment loses its content. An event that lets some seat learn something it did not know
(a draw, a reveal, a shuffle, a roll) says so in `reveals`; the engine's undo policy stops there.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

UNKNOWN = -1
_set = object.__setattr__  # a frozen event's fields written at construction (CardsMoved.__init__)


@dataclass(frozen=True)
class Event:
    """Base class: a public event that every seat sees whole."""

    @property
    def reveals(self) -> bool:
        """Whether some seat learns hidden information from this event."""
        return False

    def redact(self, seat: int | None) -> Event:
        """This event as `seat` (None = spectator) may see it."""
        return self


@dataclass(frozen=True)
class CardsMoved(Event):
    """Cards moved between zones; `viewers` (None = everyone) are the seats that may see which cards."""

    cards: tuple[int, ...]
    src: str
    dst: str
    why: str = ""
    viewers: frozenset[int] | None = None
    newly_seen: bool = False
    to_bottom: bool = False

    def __init__(
        self,
        cards: tuple[int, ...],
        src: str,
        dst: str,
        why: str = "",
        viewers: frozenset[int] | None = None,
        newly_seen: bool = False,
        to_bottom: bool = False,
    ) -> None:
        # The fields as the dataclass would set them, in one write instead of a frozen
        # object.__setattr__ per field (half the cost): every card move of every game builds one.
        _set(
            self,
            "__dict__",
            {
                "cards": cards,
                "src": src,
                "dst": dst,
                "why": why,
                "viewers": viewers,
                "newly_seen": newly_seen,
                "to_bottom": to_bottom,
            },
        )

    @property
    def reveals(self) -> bool:
        return self.newly_seen

    def redact(self, seat: int | None) -> Event:
        if self.viewers is None or (seat is not None and seat in self.viewers):
            return self
        return replace(self, cards=(UNKNOWN,) * len(self.cards), viewers=frozenset())


@dataclass(frozen=True)
class Shuffled(Event):
    """A zone was shuffled (the new order is never shown)."""

    zone: str
    count: int

    @property
    def reveals(self) -> bool:
        return True


@dataclass(frozen=True)
class DiceRolled(Event):
    """Dice were rolled; the results are fixed by the game's rng (rules/dice.py), the UI only animates them."""

    seat: int
    sides: int
    results: tuple[int, ...]
    why: str = ""  # what the roll is for, in the game's words ("setup", "attack")

    @property
    def reveals(self) -> bool:
        return True


@dataclass(frozen=True)
class Revealed(Event):
    """Cards from a hidden zone were shown (they stay where they are): to everyone, or only to the
    `viewers` (a peek at an opponent's hand); everyone else's copy names no card."""

    seat: int
    cards: tuple[int, ...]
    zone: str
    why: str = ""
    viewers: frozenset[int] | None = None

    @property
    def reveals(self) -> bool:
        return True

    def redact(self, seat: int | None) -> Event:
        if self.viewers is None or (seat is not None and seat in self.viewers):
            return self
        return replace(self, cards=(UNKNOWN,) * len(self.cards))


@dataclass(frozen=True)
class Committed(Event):
    """A seat locked in a simultaneous hidden choice; only that seat sees what it chose."""

    seat: int
    choice: Any = None  # the Action chosen; None in everyone else's copy

    def __init__(self, seat: int, choice: Any = None) -> None:
        _set(self, "__dict__", {"seat": seat, "choice": choice})  # as CardsMoved: every hidden choice

    def redact(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, choice=None)


@dataclass(frozen=True)
class TurnStarted(Event):
    """A seat's turn began."""

    seat: int


@dataclass(frozen=True)
class Announced(Event):
    """A public declaration or milestone in the game's own words ("call", "ignite", "blast"...)."""

    what: str
    seat: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def __init__(self, what: str, seat: int | None = None, detail: dict[str, Any] | None = None) -> None:
        # As CardsMoved: the fields in one write (a game announces about once a move); no detail
        # given is a new empty dict, as the field's default_factory makes it.
        _set(self, "__dict__", {"what": what, "seat": seat, "detail": {} if detail is None else detail})

    def __hash__(self) -> int:
        return hash((self.what, self.seat))


@dataclass(frozen=True)
class Scored(Event):
    """A seat's score changed."""

    seat: int
    delta: int
    total: int
    why: str = ""


@dataclass(frozen=True)
class RoundStarted(Event):
    """A new round (hand, match game) began."""

    round: int


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; `winners` may hold several seats, or none for a void game."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]

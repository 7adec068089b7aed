"""Zones: ordered piles of CardIds with an owner and a visibility rule.

The top of a pile is the end of its list. Who may see a card follows from its zone alone, which is
what lets views and events redact themselves without game-specific code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Visibility(StrEnum):
    """Who can see the faces of the cards in a zone."""

    PUBLIC = "public"  # everyone: melds, the mana pool
    OWNER = "owner"  # only the owning seat: a hand
    HIDDEN = "hidden"  # nobody: the stock, a deck
    TOP_PUBLIC = "top"  # everyone sees the top card only: a face-up pile


@dataclass(slots=True)
class Zone:
    """An ordered pile of physical cards."""

    name: str
    visibility: Visibility
    owner: int | None = None
    cards: list[int] = field(default_factory=list)

    def sees_all(self, seat: int | None) -> bool:
        """Whether `seat` (None = a spectator) can see every card in this zone."""
        vis = self.visibility
        if vis is Visibility.PUBLIC:
            return True
        if vis is Visibility.OWNER:
            return seat is not None and seat == self.owner
        return False

    def sees_index(self, seat: int | None, index: int) -> bool:
        """Whether `seat` can see the card at `index` (negative indices count from the top)."""
        if self.sees_all(seat):
            return True
        if self.visibility is Visibility.TOP_PUBLIC and self.cards:
            return index in (-1, len(self.cards) - 1)
        return False

    def viewers(self, seats: int) -> frozenset[int]:
        """The seats that see every card of this zone."""
        key = (self.visibility, self.owner, seats)
        seen = _VIEWERS.get(key)
        if seen is None:
            if self.visibility is Visibility.PUBLIC:
                seen = frozenset(range(seats))
            elif self.visibility is Visibility.OWNER and self.owner is not None:
                seen = frozenset((self.owner,))
            else:
                seen = frozenset()
            seen = _VIEWERS[key] = seen
        return seen

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {"vis": self.visibility.value, "owner": self.owner, "cards": list(self.cards)}

    @classmethod
    def from_dict(cls, name: str, data: dict[str, object]) -> Zone:
        """Inverse of to_dict."""
        owner = data.get("owner")
        return cls(
            name,
            Visibility(data["vis"]),
            None if owner is None else int(owner),  # type: ignore[arg-type]
            [int(c) for c in data["cards"]],
        )  # type: ignore[union-attr]


# Zone.viewers by (visibility, owner, seats): every card move asks it of two zones, and the answer
# is one of a handful of frozen sets (a few seat counts, a few owners), so each is built once.
_VIEWERS: dict[tuple[Visibility, int | None, int], frozenset[int]] = {}

"""A blind pick: taking a face-down card from a hidden pile by its place, without looking at it.

The move names the place ("3": the third card from the top), never the card, so neither the move
text nor the legal moves tell anyone which card it is; the card is seen only when the game moves it
somewhere visible. Any game with a "take one without looking" rule uses these three helpers and the
target word `PLACE` (`pick to 3`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import LEGAL
from .notation import Matching

PLACE = Matching(r"[1-9][0-9]{0,2}", "a place in the pile (1 = the top card)")


def places(pile: Sequence[int]) -> list[str]:
    """Every place a blind pick may name in `pile` (top first)."""
    return [str(place) for place in range(1, len(pile) + 1)]


def place_reason(pile: Sequence[int], place: str) -> str:
    """LEGAL when `place` names a card of `pile`, else why not."""
    if not place.isdigit() or not 1 <= int(place) <= len(pile):
        return f"the pile holds {len(pile)} cards: name a place from 1 (the top) to {len(pile)}"
    return LEGAL


def card_at(pile: Sequence[int], place: str) -> int:
    """The card at `place` (1 = the top, the end of the list)."""
    return pile[-int(place)]

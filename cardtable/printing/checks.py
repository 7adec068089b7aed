"""What is wrong with one printed card, for the export's warnings and the proof sheet's labels.

A card's warnings are what the renderer could not draw as the template asks (a missing or broken
image, drawn as a marked placeholder; a text that fits its box at no size), each once, in drawing
order. The card set's own lint (fields no box reads, and the like) adds its per-card warnings here
when cardtable.cardsets offers them: `lint_warnings` is the one seam to connect.
"""

from __future__ import annotations

from typing import Any

from cardtable.rules.cards import CardSet

from .pick import Printed


def lint_warnings(cardset: CardSet, code: str) -> list[str]:
    """The card set lint's warnings about card `code` (none until cardsets has a per-card lint)."""
    try:
        from cardtable.cardsets import lint  # type: ignore[attr-defined]
    except ImportError:
        return []
    per_card = getattr(lint, "card_warnings", None)
    if per_card is None:
        return []
    return [str(w) for w in per_card(cardset, code)]


def card_warnings(
    renderer: Any, cardset: CardSet, card: Printed, width: int, bleed: bool | float = False
) -> list[str]:
    """Every warning about one printed card (its face and, for a two-sided card, its other side), as
    drawn at `width` with `bleed` (the renderer's cache has it when the card was just drawn so)."""
    found: list[str] = []
    for side in (card.side, card.back_side) if card.back_side is not None else (card.side,):
        for problem in renderer.drawn(card.spec, width, side, bleed=bleed).problems:
            if problem not in found:
                found.append(problem)
    for problem in lint_warnings(cardset, card.spec.code):
        if problem not in found:
            found.append(problem)
    return found

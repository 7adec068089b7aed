"""What is wrong with one printed card, for the export's warnings and the proof sheet's labels.

Two sources, one seam:
- the card set's lint, when the app has it (`cardtable.ui.render.facelint.card_warnings(cardset)`,
  `{code: [warning, ...]}`: fields no box reads, images missing or of the wrong ratio, text that does
  not fit its box at print size), read once per export;
- what the renderer could not draw as the template asks (a missing or broken image, drawn as a marked
  placeholder; a text that fits its box at no size; a font it could not use), always, so an export
  without the lint still reports them.
A problem both name once is listed once (the lint's words first).
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.rules.cards import CardSet

from .pick import Printed

LINT_MODULE = "cardtable.ui.render.facelint"


def lint_by_card(cardset: CardSet) -> dict[str, list[str]] | None:
    """The lint's warnings about each card (by code, messages only: a label has no room for the
    file:line), or None when the app has no per-card lint."""
    try:
        lint = importlib.import_module(LINT_MODULE)
    except ImportError:
        return None
    per_card = getattr(lint, "card_warnings", None)
    if per_card is None:
        return None
    found = per_card(cardset)
    return {code: [str(getattr(w, "message", w)) for w in warnings] for code, warnings in found.items()}


def card_warnings(
    renderer: Any,
    cardset: CardSet,
    card: Printed,
    width: int,
    bleed: bool | float = False,
    lint: dict[str, list[str]] | None = None,
) -> list[str]:
    """Every warning about one printed card: the lint's (`lint`, from lint_by_card) and the renderer's
    for its face and, for a two-sided card, its other side, as drawn at `width` with `bleed` (the
    renderer's cache has it when the card was just drawn so)."""
    found: list[str] = list(dict.fromkeys((lint or {}).get(card.spec.code, [])))
    said = set(found)
    for side in (card.side, card.back_side) if card.back_side is not None else (card.side,):
        for problem in renderer.drawn(card.spec, width, side, bleed=bleed).problems:
            # the lint names a missing image or an overflowing box in its own words: not twice
            if problem in said or (lint is not None and _named_by_lint(problem, found)):
                continue
            said.add(problem)
            found.append(problem)
    return found


def _named_by_lint(problem: str, lint: list[str]) -> bool:
    """Whether the renderer's `problem` is one a lint warning already names (the same image file, or
    the same box not fitting)."""
    words = problem.split()
    if problem.startswith("image ") and len(words) > 1:
        name = words[1].rsplit("/", 1)[-1]
        return any(name in warning for warning in lint)
    if problem.startswith("box ") and len(words) > 1:
        box = words[1].rstrip(":")
        return any(box in warning for warning in lint)
    return False

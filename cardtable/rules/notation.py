"""Shared helpers for move notation: card codes from the card set, and tokens back to card ids.

Each game documents its own notation ("release H3", "boost H8 to m2", "train gem"); these helpers
are the common part: every card is written with its card-set code, and parsing picks the ids of
those codes among the cards the action could involve.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import NotationError
from .cards import CardSet

_CODES: dict[int, tuple[CardSet, tuple[str, ...]]] = {}


def physical_codes(cardset: CardSet) -> tuple[str, ...]:
    """The notation code of every physical card, indexed by CardId."""
    hit = _CODES.get(id(cardset))
    if hit is None or hit[0] is not cardset:
        hit = (cardset, tuple(spec.code for spec in cardset.physical()))
        _CODES[id(cardset)] = hit
    return hit[1]


def codes_text(cardset: CardSet, cards: Iterable[int]) -> list[str]:
    """The codes of `cards`, in the order given."""
    codes = physical_codes(cardset)
    return [codes[c] for c in cards]


def ids_for_codes(cardset: CardSet, tokens: Sequence[str], candidates: Iterable[int]) -> tuple[int, ...]:
    """The card ids named by `tokens`, each taken from `candidates` (lowest id first for copies)."""
    codes = physical_codes(cardset)
    pool: dict[str, list[int]] = {}
    for card in sorted(candidates):
        pool.setdefault(codes[card].upper(), []).append(card)
    known = {c.upper() for c in codes}
    out: list[int] = []
    for token in tokens:
        key = token.upper()
        if key not in known:
            raise NotationError(f"{token!r} is not a card code of {cardset.id}")
        ids = pool.get(key)
        if not ids:
            raise NotationError(f"{token} is not among the cards this move can use")
        out.append(ids.pop(0))
    return tuple(sorted(out))


def lowest_per_code(cardset: CardSet, cards: Iterable[int]) -> list[int]:
    """One card per code (the lowest id, the one parsing picks), in code order: copies of a card offer
    one move, so every move text parses back to the same move."""
    codes = physical_codes(cardset)
    best: dict[str, int] = {}
    for card in sorted(cards):
        best.setdefault(codes[card], card)
    return [best[c] for c in sorted(best)]

"""Which faces go on paper: the cards asked for, in set order, each as many times as asked.

A two-sided card (a template with `sides`, as Sainome's characters) prints its first side on the face
page and its second side behind it, where other cards get the set's back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.rules.cards import CardSet, CardSpec

COPIES = ("as-in-set", "one")


@dataclass(frozen=True)
class Printed:
    """One printed card: its face, and what its back shows (the set's back when `back_side` is None)."""

    spec: CardSpec
    side: str | None = None
    back_side: str | None = None


def pick_cards(
    cardset: CardSet, sides: Sequence[str], codes: Sequence[str] = (), copies: str = "as-in-set"
) -> list[Printed]:
    """The cards to print, in set order; ValueError naming an unknown code or copies choice."""
    if copies not in COPIES:
        raise ValueError(f"--copies must be one of {', '.join(COPIES)}, not {copies!r}")
    known = cardset.by_code()
    unknown = [code for code in codes if code not in known]
    if unknown:
        sample = ", ".join(list(known)[:12]) + (", ..." if len(known) > 12 else "")
        raise ValueError(f"no card {', '.join(map(repr, unknown))} in {cardset.id} (its codes: {sample})")
    wanted = set(codes)
    out: list[Printed] = []
    for spec in cardset.cards:
        if wanted and spec.code not in wanted:
            continue
        two_sided = bool(spec.get("sides")) and len(sides) >= 2
        printed = Printed(spec, sides[0], sides[1]) if two_sided else Printed(spec)
        out.extend([printed] * (spec.count if copies == "as-in-set" else 1))
    return out

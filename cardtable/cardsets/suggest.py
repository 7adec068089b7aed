""" "Did you mean": the closest known name to a misspelt one, by edit distance.

A typo in a card field or a template key (`cots`, `pionts`, `feild`) is one or two keystrokes from the
name meant: a swap of two neighbours, a letter too many, too few or wrong. `closest` finds the known
name within a small distance (optimal string alignment: insertions, deletions, substitutions and
swaps of adjacent letters each cost 1), so a message can say which one.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["closest", "distance", "did_you_mean"]


def distance(a: str, b: str) -> int:
    """The optimal string alignment distance between `a` and `b` (a swap of neighbours costs 1)."""
    if a == b:
        return 0
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name nearest `name` when it is near enough to be a typo of it, else None.

    Near enough: at most 1 edit for names up to 4 letters, 2 up to 8, 3 beyond; ties go to the
    name that comes first in sorted order, so the answer does not depend on the order given.
    """
    limit = 1 if len(name) <= 4 else 2 if len(name) <= 8 else 3
    best: tuple[int, str] | None = None
    lowered = name.lower()
    for candidate in sorted(set(known)):
        if candidate == name:
            continue
        d = min(distance(name, candidate), distance(lowered, candidate.lower()))
        if d <= limit and (best is None or d < best[0]):
            best = (d, candidate)
    return best[1] if best else None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """` (did you mean 'cost'?)`, or "" when no known name is near."""
    found = closest(name, known)
    return f" (did you mean {found!r}?)" if found else ""

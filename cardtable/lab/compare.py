"""Two configurations of one game compared on paired seeds: every figure for both, the difference
(B minus A) with its 95% interval, and what changed between two card sets, card by card.

Seat and game figures are paired: the same seed (and the same seating) is played under A and under B,
and the interval is that of the mean per-seed difference (mean ± 1.96 standard errors), which cancels
the luck of the deal. A card's rates are over different seat-games in A and B, so their difference
takes Newcombe's interval for two independent proportions (hybrid Wilson score).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..rules.cards import CardSet
from .report import RowError, build_report, mean_interval

Z = 1.96


def paired(values_a: Sequence[float], values_b: Sequence[float]) -> dict[str, Any]:
    """The mean of per-seed differences b - a with its 95% interval."""
    diffs = [b - a for a, b in zip(values_a, values_b, strict=True)]
    figure = mean_interval(diffs)
    return {"value": figure["mean"], "ci95": figure["ci95"], "n": figure["n"]}


def newcombe(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The difference of two independent proportions (b - a, each {rate, ci95} with its Wilson
    interval) with Newcombe's hybrid score interval; None when either has no trials."""
    if a["rate"] is None or b["rate"] is None:
        return {"value": None, "ci95": None}
    pa, (la, ua) = a["rate"], a["ci95"]
    pb, (lb, ub) = b["rate"], b["ci95"]
    d = pb - pa
    return {
        "value": d,
        "ci95": [
            d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2),
            d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2),
        ],
    }


def compare(
    rows_a: Sequence[dict[str, Any]],
    rows_b: Sequence[dict[str, Any]],
    label_a: str = "A",
    label_b: str = "B",
    changes: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The comparison (module docstring). The rows must be the same seeds played under A and B."""
    by_seed_b = {row["seed"]: row for row in rows_b}
    if sorted(by_seed_b) != sorted(row["seed"] for row in rows_a):
        raise RowError("a comparison needs the same seeds played under both configurations")
    pairs = [(row, by_seed_b[row["seed"]]) for row in rows_a]
    report_a, report_b = build_report(rows_a), build_report(rows_b)
    players = report_a["games"]["players"]

    def series(key: Any) -> tuple[list[float], list[float]]:
        both = [(key(a), key(b)) for a, b in pairs]
        both = [(x, y) for x, y in both if x is not None and y is not None]
        return [x for x, _ in both], [y for _, y in both]

    seats = []
    for seat in range(1, players + 1):

        def share(row: dict[str, Any], seat: int = seat) -> float:
            return 1.0 / len(row["winners"]) if seat in row["winners"] else 0.0

        seats.append(
            {
                "seat": seat,
                "a": report_a["seats"][seat - 1]["win_rate"],
                "b": report_b["seats"][seat - 1]["win_rate"],
                "difference": paired(*series(share)),
            }
        )
    figures = {
        "turns": paired(*series(lambda r: r["turns"])),
        "actions": paired(*series(lambda r: r["actions"])),
        "completion": paired(*series(lambda r: float(r["ending"] not in ("cap", "no_move")))),
        "margin": paired(*series(lambda r: r["margin"])),
        "lead_changes": paired(*series(lambda r: r["lead_changes"]["count"])),
        "decisiveness": paired(*series(lambda r: r["decisiveness"])),
        "drama": paired(*series(lambda r: r["drama"]["ludii"] if r["drama"] else None)),
        "decisions": paired(
            *series(
                lambda r: (
                    r["decisions"]["real"] / r["decisions"]["total"] if r["decisions"]["total"] else None
                )
            )
        ),
    }
    cards = {}
    for code in sorted(set(report_a["cards"]) | set(report_b["cards"])):
        ca, cb = report_a["cards"].get(code), report_b["cards"].get(code)
        entry: dict[str, Any] = {}
        for key in ("pick_rate", "pick_rate_decisions", "win_rate_with", "win_rate_without"):
            fa = ca[key] if ca else {"rate": None, "ci95": None, "n": 0}
            fb = cb[key] if cb else {"rate": None, "ci95": None, "n": 0}
            entry[key] = {"a": fa, "b": fb, "difference": newcombe(fa, fb)}
        cards[code] = entry
    changed = [code for code in (changes or {}).get("changed", {}) if code in cards]
    moved = sorted(
        (c for c in cards if c not in changed and cards[c]["pick_rate"]["difference"]["value"] is not None),
        key=lambda c: -abs(cards[c]["pick_rate"]["difference"]["value"]),
    )
    return {
        "a": {"label": label_a, "report": report_a},
        "b": {"label": label_b, "report": report_b},
        "seats": seats,
        "figures": figures,
        "cards": cards,
        "changes": changes or {},
        # the cards a reader looks at first: those the YAML changed, then those whose pick rate moved most
        "changed_cards_shown": (changed + moved)[: max(len(changed), 6)],
    }


def cardset_changes(a: CardSet, b: CardSet) -> dict[str, Any]:
    """What differs between two card sets, card by card: codes added and removed, and for each code in
    both every field whose value changed, as {field: [A's value, B's value]} (name, count and every YAML
    field; a nested value is compared whole)."""

    def fields(card: Any) -> dict[str, Any]:
        out = {"name.ja": card.name.ja, "name.en": card.name.en, "count": card.count}
        out.update({key: _plain(value) for key, value in card.fields.items()})
        return out

    cards_a, cards_b = a.by_code(), b.by_code()
    changed = {}
    for code in cards_a:
        if code not in cards_b:
            continue
        fa, fb = fields(cards_a[code]), fields(cards_b[code])
        diff = {
            key: [fa.get(key), fb.get(key)] for key in sorted(set(fa) | set(fb)) if fa.get(key) != fb.get(key)
        }
        if diff:
            changed[code] = diff
    return {
        "a": str(a.source) if a.source else a.id,
        "b": str(b.source) if b.source else b.id,
        "added": sorted(set(cards_b) - set(cards_a)),
        "removed": sorted(set(cards_a) - set(cards_b)),
        "changed": changed,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def describe_changes(changes: dict[str, Any]) -> list[str]:
    """The card-by-card diff as lines: `A05 cost: 4 -> 1`, `+ X01`, `- A22`."""
    lines = [f"+ {code}" for code in changes.get("added", [])]
    lines += [f"- {code}" for code in changes.get("removed", [])]
    for code, diff in changes.get("changed", {}).items():
        for key, (old, new) in diff.items():
            lines.append(f"{code} {key}: {old!r} -> {new!r}")
    return lines


def side(spec: str) -> tuple[str, dict[str, str]]:
    """One side of `--compare`: a card set file (`cardset=PATH`) or parameter values (`k=v,k2=v2`), and
    its label."""
    if "=" in spec and not Path(spec).exists():
        params = {}
        for pair in spec.split(","):
            key, _, value = pair.partition("=")
            params[key.strip()] = value.strip()
        return spec, params
    return Path(spec).name, {"cardset": spec}

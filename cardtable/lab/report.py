"""The balance report: many per-game rows (record.py) made into the figures a designer reads.

`build_report(rows)` is report.json: per seat win rates and normalised win points (CouncilRoom: each
winner gets players/winners points, so 1.0 is average at any table size), Ludii's Balance,
AdvantageP1 and Completion, the length in turns and actions, the endings and the rules holes (games
that hit a cap or left a seat with no legal move, each with its seed and move count to replay it), the
score margin, lead changes, drama, decisiveness, real decisions, per card code what the seats did with
it (available, picked, played, pick rate, the win rate of those who chose it and of those who could
have and did not), and per turn curves of each seat's evaluation and score as bands. Every rate carries
a 95% interval: Wilson for a proportion, mean ± 1.96 standard errors for a mean.

`findings(report, language)` says the figures that matter in words. Pure: no pygame, no matplotlib.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..persistence.files import atomic_write_bytes
from ..simulate import wilson
from .record import CAP, NO_MOVE, ROW_VERSION

Z = 1.96
HISTOGRAM_BINS = 20


class RowError(ValueError):
    """A results file that is not rows of the balance lab: names the file and line."""


def read_rows(source: Path) -> list[dict[str, Any]]:
    """Every row of a JSONL file, or of every `*.jsonl` file under a folder (a sweep's blocks), in file
    name order. A line that is not a row of ROW_VERSION is a RowError naming file and line."""
    files = sorted(source.rglob("*.jsonl")) if source.is_dir() else [source]
    if not files:
        raise RowError(f"{source}: no .jsonl files of game rows here")
    rows = []
    for path in files:
        text = path.read_bytes().decode("utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RowError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(row, dict) or row.get("row_version") != ROW_VERSION:
                version = row.get("row_version") if isinstance(row, dict) else None
                raise RowError(f"{path}:{number}: row_version {version!r}, expected {ROW_VERSION}")
            rows.append(row)
    return rows


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, its 95% interval (± 1.96 standard errors) and n; None figures for no values."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": None, "n": 0}
    mean = sum(values) / n
    se = statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": mean, "ci95": [mean - Z * se, mean + Z * se], "n": n}


def proportion(successes: float, trials: int) -> dict[str, Any]:
    """A rate with its Wilson 95% interval and n (None rate for no trials)."""
    return {
        "rate": successes / trials if trials else None,
        "ci95": list(wilson(successes, trials)) if trials else None,
        "n": trials,
    }


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Mean with its 95% interval (as mean_interval), median, 90th percentile, standard deviation,
    min, max and a histogram."""
    if not values:
        return {"mean": None, "ci95": None, "median": None, "p90": None, "sd": None, "histogram": None}
    ordered = sorted(values)
    low, high = ordered[0], ordered[-1]
    width = max(1.0, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    counts: dict[int, int] = {}
    for value in ordered:
        index = int((value - low) // width)
        counts[index] = counts.get(index, 0) + 1
    bins = int((high - low) // width) + 1
    return {
        "mean": sum(ordered) / len(ordered),
        "ci95": mean_interval(ordered)["ci95"],
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)],
        "sd": statistics.pstdev(ordered),
        "min": low,
        "max": high,
        "histogram": {
            "edges": [low + i * width for i in range(bins + 1)],
            "counts": [counts.get(i, 0) for i in range(bins)],
        },
    }


def _win_share(row: dict[str, Any], seat: int) -> float:
    """This seat's share of the win (ties split), seats numbered from 1."""
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def _win_points(row: dict[str, Any], seat: int) -> float:
    """CouncilRoom's normalised win points: players/winners to each winner, 0 to the others."""
    winners = row["winners"]
    return row["players"] / len(winners) if seat in winners else 0.0


def build_report(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """report.json from the rows of one configuration (module docstring)."""
    if not rows:
        raise RowError("no games to report on")
    first = rows[0]
    players = first["players"]
    mixed = {k for k in ("game", "players") if any(row[k] != first[k] for row in rows)}
    if mixed:
        raise RowError(f"rows of different {' and '.join(sorted(mixed))} cannot make one report")
    games = len(rows)
    seats = _seats(rows, players)
    rates = [s["win_rate"]["rate"] for s in seats]
    holes = [
        {
            "seed": row["seed"],
            "ending": row["ending"],
            "end_condition": row["end_condition"],
            "actions": row["actions"],
            "bots": [s["bot"] for s in row["seats"]],
        }
        for row in rows
        if row["ending"] in (CAP, NO_MOVE)
    ]
    endings: dict[str, int] = {}
    for row in rows:
        endings[row["end_condition"]] = endings.get(row["end_condition"], 0) + 1
    decision_shares = [
        row["decisions"]["real"] / row["decisions"]["total"] for row in rows if row["decisions"]["total"]
    ]
    return {
        "games": {
            "count": games,
            "game": first["game"],
            "players": players,
            "params": first["params"],
            "cardset": first["cardset"],
            "seeds": sorted(row["seed"] for row in rows)[:1] + sorted(row["seed"] for row in rows)[-1:],
            "bots": sorted({s["bot"] for row in rows for s in row["seats"]}),
            "evaluation": first["evaluation"],
            "no_winner": sum(1 for row in rows if not row["winners"]),
        },
        "seats": seats,
        "balance": 1.0 - (max(rates) - min(rates)) if None not in rates else None,
        "advantage_p1": rates[0],
        "bots": _bots(rows),
        "length": {
            "turns": spread([row["turns"] for row in rows]),
            "actions": spread([row["actions"] for row in rows]),
        },
        "endings": {
            "counts": dict(sorted(endings.items(), key=lambda item: -item[1])),
            "cap_hits": sum(1 for row in rows if row["ending"] == CAP),
            "no_move": sum(1 for row in rows if row["ending"] == NO_MOVE),
            "completion": proportion(sum(1 for row in rows if row["ending"] not in (CAP, NO_MOVE)), games),
            "rules_holes": holes,
        },
        "margin": mean_interval([row["margin"] for row in rows if row["margin"] is not None]),
        "lead_changes": {
            "count": mean_interval([row["lead_changes"]["count"] for row in rows]),
            "rate": mean_interval([row["lead_changes"]["rate"] for row in rows]),
        },
        "decisiveness": mean_interval(
            [row["decisiveness"] for row in rows if row["decisiveness"] is not None]
        ),
        "drama": {
            "ludii": mean_interval([row["drama"]["ludii"] for row in rows if row["drama"] is not None]),
            "cardstock": mean_interval(
                [row["drama"]["cardstock"] for row in rows if row["drama"] is not None]
            ),
        },
        "decisions": {
            "total": sum(row["decisions"]["total"] for row in rows),
            "real": sum(row["decisions"]["real"] for row in rows),
            "share": mean_interval(decision_shares),
        },
        "cards": _cards(rows),
        "curves": _curves(rows, players),
    }


def _seats(rows: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    out = []
    for seat in range(1, players + 1):
        wins = sum(_win_share(row, seat) for row in rows)
        out.append(
            {
                "seat": seat,
                "wins": wins,
                "win_rate": proportion(wins, len(rows)),
                "win_points": mean_interval([_win_points(row, seat) for row in rows]),
            }
        )
    return out


def _bots(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per bot name over every seat it sat in: its win rate and normalised win points."""
    shares: dict[str, list[float]] = {}
    points: dict[str, list[float]] = {}
    for row in rows:
        for entry in row["seats"]:
            shares.setdefault(entry["bot"], []).append(_win_share(row, entry["seat"]))
            points.setdefault(entry["bot"], []).append(_win_points(row, entry["seat"]))
    return {
        name: {
            "seat_games": len(values),
            "win_rate": proportion(sum(values), len(values)),
            "win_points": mean_interval(points[name]),
        }
        for name, values in sorted(shares.items())
    }


def _cards(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per card code, over seat-games: where it was available, how often it was picked and played,
    the share of seat-games that chose it when it was available (pick rate), the share of the
    decisions offering it that chose it, and the win rate of the seats that chose it and of those that
    could have and did not (CouncilRoom's with/without)."""
    table: dict[str, dict[str, Any]] = {}
    for row in rows:
        for index, seat_cards in enumerate(row["cards"]):
            won = _win_share(row, index + 1)
            for code, counts in seat_cards.items():
                entry = table.setdefault(
                    code,
                    {"available": 0, "offered": 0, "picked": 0, "played": 0, "with": [], "without": []},
                )
                entry["picked"] += counts["picked"]
                entry["played"] += counts["played"]
                entry["offered"] += counts["available"]
                if counts["available"]:
                    entry["available"] += 1
                    chose = counts["picked"] + counts["played"] > 0
                    entry["with" if chose else "without"].append(won)
    out = {}
    for code, entry in sorted(table.items()):
        chose = len(entry["with"])
        out[code] = {
            "available": entry["available"],
            "picked": entry["picked"],
            "played": entry["played"],
            "pick_rate": proportion(chose, entry["available"]),
            # the finer figure: choices per decision that offered the card (a pick of two copies at once
            # counts two, hence the cap)
            "offered": entry["offered"],
            "pick_rate_decisions": proportion(
                min(entry["picked"] + entry["played"], entry["offered"]), entry["offered"]
            ),
            "win_rate_with": proportion(sum(entry["with"]), chose),
            "win_rate_without": proportion(sum(entry["without"]), len(entry["without"])),
        }
    return out


def _curves(rows: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per turn and seat, the evaluation and the score over the games still running at that turn:
    mean, median, min and max (Machinations' bands) and the quartiles, and how many games reached the
    turn."""
    by_turn: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        for point in row["curve"]:
            by_turn.setdefault(point["turn"], []).append(point)
    turns = sorted(by_turn)
    out: dict[str, Any] = {"turns": turns, "games": [len(by_turn[t]) for t in turns]}
    for key in ("eval", "score"):
        seats = []
        for seat in range(players):
            band: dict[str, list[float]] = {k: [] for k in ("mean", "median", "min", "max", "p25", "p75")}
            for turn in turns:
                values = sorted(float(point[key][seat]) for point in by_turn[turn])
                band["mean"].append(sum(values) / len(values))
                band["median"].append(statistics.median(values))
                band["min"].append(values[0])
                band["max"].append(values[-1])
                band["p25"].append(values[(len(values) - 1) // 4])
                band["p75"].append(values[(3 * (len(values) - 1) + 3) // 4])
            seats.append(band)
        out[key] = seats
    return out


def write_rows(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """Rows as JSONL, written to a temporary name and renamed (never half a file)."""
    text = "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows)
    atomic_write_bytes(path, text.encode("utf-8"), keep_backup=False)


# -- findings in words ---------------------------------------------------------------------------
WORDS = {
    "en": {
        "seat": "Seat {seat} wins {rate:.0f}% ± {half:.0f} (fair: {fair:.0f}%).",
        "card": "{code} is chosen {pick:.0f}% of the times it is available and those who choose it win "
        "{win:.0f}% (those who could have and did not: {without:.0f}%).",
        "caps": "{share:.0f}% of games ({count}) hit a cap: a rules hole? Replay seed {seed} ({moves} moves).",
        "no_move": "{count} games left a seat with no legal move: replay seed {seed} ({moves} moves).",
        "complete": "Every game ended by the rules ({count} games).",
        "length": "Games last {turns:.0f} turns on average (90% within {p90:.0f}).",
        "drama": "The eventual winner trailed by {drama:.2f} on average; the lead changed {lead:.1f} times a game.",
    },
    "ja": {
        "seat": "席{seat}の勝率は{rate:.0f}% ± {half:.0f}(公平なら{fair:.0f}%)。",
        "card": "{code}は選べたときの{pick:.0f}%で選ばれ、選んだ人の勝率は{win:.0f}%"
        "(選べたのに選ばなかった人は{without:.0f}%)。",
        "caps": "{share:.0f}%のゲーム({count}件)が上限に達した:ルールの穴?シード{seed}({moves}手)で再現。",
        "no_move": "{count}件のゲームで合法手のない席が出た:シード{seed}({moves}手)で再現。",
        "complete": "すべてのゲームがルールどおりに終わった({count}件)。",
        "length": "1ゲームは平均{turns:.0f}ターン(90%は{p90:.0f}ターン以内)。",
        "drama": "最終的な勝者は平均{drama:.2f}だけ遅れていた。首位は1ゲームに平均{lead:.1f}回入れ替わった。",
    },
}


def findings(report: dict[str, Any], language: str = "en", cards: int = 3) -> list[str]:
    """The figures that matter, in words: each seat's win rate against a fair share, the cards chosen
    most and least against their win rates, cap hits and stuck games with a seed to replay, the
    length, the drama."""
    words = WORDS["ja" if language == "ja" else "en"]
    out = []
    fair = 100.0 / report["games"]["players"]
    for seat in report["seats"]:
        rate = seat["win_rate"]
        half = (rate["ci95"][1] - rate["ci95"][0]) / 2 * 100
        out.append(words["seat"].format(seat=seat["seat"], rate=rate["rate"] * 100, half=half, fair=fair))
    endings = report["endings"]
    holes = endings["rules_holes"]
    caps = [h for h in holes if h["ending"] == CAP]
    stuck = [h for h in holes if h["ending"] == NO_MOVE]
    if caps:
        share = 100.0 * len(caps) / report["games"]["count"]
        out.append(
            words["caps"].format(share=share, count=len(caps), seed=caps[0]["seed"], moves=caps[0]["actions"])
        )
    if stuck:
        out.append(
            words["no_move"].format(count=len(stuck), seed=stuck[0]["seed"], moves=stuck[0]["actions"])
        )
    if not holes:
        out.append(words["complete"].format(count=report["games"]["count"]))
    chosen = [
        (code, card)
        for code, card in report["cards"].items()
        if card["pick_rate"]["n"] >= 10 and card["win_rate_with"]["n"] and card["win_rate_without"]["n"]
    ]
    # the cards whose choosers win most above those who passed them over: where a designer looks first
    chosen.sort(key=lambda item: item[1]["win_rate_with"]["rate"] - item[1]["win_rate_without"]["rate"])
    for code, card in chosen[::-1][:cards]:
        out.append(
            words["card"].format(
                code=code,
                pick=card["pick_rate"]["rate"] * 100,
                win=card["win_rate_with"]["rate"] * 100,
                without=card["win_rate_without"]["rate"] * 100,
            )
        )
    turns = report["length"]["turns"]
    if turns["mean"] is not None:
        out.append(words["length"].format(turns=turns["mean"], p90=turns["p90"]))
    drama = report["drama"]["ludii"]["mean"]
    if drama is not None:
        out.append(words["drama"].format(drama=drama, lead=report["lead_changes"]["count"]["mean"]))
    return out

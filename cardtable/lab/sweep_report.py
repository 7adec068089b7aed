"""The balance report of a sweep: every configuration's figures side by side, against the varied fields.

`build_sweep_report(rows, manifest)` is a sweep's report.json:

- `sweep`: the game, the grid (each `--vary` field and its values), the seat counts, the bots, the
  seeds, and the `dimensions` the plots are drawn along (each varied field, then `players` when the
  sweep has several seat counts);
- `configurations`: one entry a configuration, in the manifest's order: its hash, its field values,
  its seat count, its label, its games and `report`, the single report (report.build_report) of its
  rows: the per-configuration block IS the report `cardtable report` writes for those rows alone;
- `figures`: the figures a designer compares, each read from those per-configuration reports (nothing
  is computed twice): every seat's win rate, the first seat's advantage (seat 1's win rate minus the
  fair share, so 0 is fair at any table size), the mean turns and actions a game, the share of games
  ended by the rules, hitting a cap, leaving a seat without a legal move and ending by each end
  condition, the share of real decisions, and for every card a `--vary cards.CODE.FIELD` names its
  pick rate and the win rates of those who chose it and of those who could have and did not. Each is
  `{kind, word, args, by_config: {hash: {value, ci95, n}}}` with the 95% interval of the single report.

A run folder without its manifest (rows copied elsewhere) still gives one: its configurations are
known by hash only and the plots are drawn against the configuration. Pure: no pygame, no matplotlib.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .report import RowError, build_report, proportion

MANIFEST = "manifest.json"  # as cardtable.lab.sweep names it (not imported: that pulls the worker in)
SWEEP_FORMAT = "cardtable-sweep/1"

# Per language: the title of each figure (`word`, formatted with its `args`) and what its axis counts.
WORDS = {
    "en": {
        "seat_win_rate": "Seat {seat} win rate",
        "first_seat_advantage": "First-seat advantage (seat 1's win rate minus the fair share)",
        "turns": "Turns a game (mean)",
        "actions": "Actions a game (mean)",
        "completion": "Games ended by the rules",
        "cap_hits": "Games that hit a cap (rules holes)",
        "no_move": "Games that left a seat with no legal move",
        "ending": "Games ended by {name}",
        "decisions": "Real decisions (share of decisions with a choice)",
        "pick_rate": "{code}: pick rate (chosen when available)",
        "win_rate_with": "{code}: win rate of those who chose it",
        "win_rate_without": "{code}: win rate of those who could have and did not",
        "configuration": "configuration",
        "value": "value",
        "interval": "95% interval",
        "games": "games",
        "fair": "fair share",
        "axis_rate": "share (95% interval)",
        "axis_mean": "mean (95% interval)",
        "axis_difference": "difference from the fair share (95% interval)",
        "intro": "{game}: {configs} configurations",
        "intro_grid": " ({grid}; players {players})",
        "intro_bots": ", bots {bots}",
        "intro_seeds": ", {games} seeds from {seed}",
        "intro_rotated": ", each seed in every seat rotation",
    },
    "ja": {
        "seat_win_rate": "席{seat}の勝率",
        "first_seat_advantage": "先手有利(席1の勝率−公平な勝率)",
        "turns": "1ゲームのターン数(平均)",
        "actions": "1ゲームの手数(平均)",
        "completion": "ルールどおりに終わったゲーム",
        "cap_hits": "上限に達したゲーム(ルールの穴)",
        "no_move": "合法手のない席が出たゲーム",
        "ending": "{name}で終わったゲーム",
        "decisions": "実質的な選択(選択肢のある判断の割合)",
        "pick_rate": "{code}:選択率(選べたときに選んだ割合)",
        "win_rate_with": "{code}:選んだ人の勝率",
        "win_rate_without": "{code}:選べたのに選ばなかった人の勝率",
        "configuration": "構成",
        "value": "値",
        "interval": "95%区間",
        "games": "ゲーム数",
        "fair": "公平な勝率",
        "axis_rate": "割合(95%区間)",
        "axis_mean": "平均(95%区間)",
        "axis_difference": "公平な勝率との差(95%区間)",
        "intro": "{game}:{configs}通りの構成",
        "intro_grid": "({grid}、人数 {players})",
        "intro_bots": "、ボット {bots}",
        "intro_seeds": "、シード{seed}から{games}個",
        "intro_rotated": "、各シードを全席順で",
    },
}

CARD_FIGURES = ("pick_rate", "win_rate_with", "win_rate_without")


def words(language: str) -> dict[str, str]:
    """The labels of one language (English unless "ja")."""
    return WORDS["ja" if language == "ja" else "en"]


def figure_label(figure: dict[str, Any], language: str = "en") -> str:
    """A figure's title in `language`."""
    return words(language)[figure["word"]].format(**figure["args"])


def read_manifest(target: Path) -> dict[str, Any] | None:
    """The sweep manifest of a run folder (or of its blocks/ folder), None where there is none; a
    manifest that cannot be read is a RowError naming the file."""
    for folder in (target, target.parent) if target.name == "blocks" else (target,):
        file = folder / MANIFEST
        if folder.is_dir() and file.is_file():
            try:
                manifest = json.loads(file.read_bytes().decode("utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise RowError(f"{file}: not a readable sweep manifest ({exc})") from None
            if not isinstance(manifest, dict) or manifest.get("format") != SWEEP_FORMAT:
                raise RowError(f"{file}: format {manifest.get('format')!r}, expected {SWEEP_FORMAT!r}")
            return manifest
    return None


def is_sweep(rows: Sequence[dict[str, Any]], manifest: dict[str, Any] | None) -> bool:
    """A sweep's rows: a run folder with its manifest, or rows of more than one configuration."""
    return manifest is not None or len({str(row.get("config", "")) for row in rows}) > 1


def config_label(values: dict[str, Any], players: int | None, with_players: bool) -> str:
    """`A05.cost=3, hand_size=4` (the field without its cards./params. prefix), with `, 3p` when the
    sweep has several seat counts."""
    label = ", ".join(f"{k.split('.', 1)[-1]}={v}" for k, v in values.items())
    if with_players and players is not None:
        label = f"{label}, {players}p" if label else f"{players} players"
    return label


def split_rows(rows: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The rows of each configuration, in the sweep's own order (seed, then rotation) whatever order
    its blocks were read in."""
    by_config: dict[str, list[dict[str, Any]]] = {}
    for row in sorted(rows, key=lambda r: (str(r.get("config", "")), r["seed"], r.get("rotation", 0))):
        by_config.setdefault(str(row.get("config", "")), []).append(row)
    return by_config


def build_sweep_report(rows: Sequence[dict[str, Any]], manifest: dict[str, Any] | None) -> dict[str, Any]:
    """A sweep's report.json (module docstring) from its rows and its manifest (or None)."""
    if not rows:
        raise RowError("no games to report on")
    by_config = split_rows(rows)
    if manifest is not None:
        planned = manifest["configs"]
        unknown = sorted(set(by_config) - {c["hash"] for c in planned})
        if unknown:
            raise RowError(
                f"rows of configuration(s) {', '.join(unknown)} that the sweep's manifest does not plan"
            )
        players = list(manifest["players"])
        dimensions = [{"field": field, "values": list(values)} for field, values in manifest["grid"].items()]
        if len(players) > 1:
            dimensions.append({"field": "players", "values": players})
        sweep = {
            "game": manifest["game"],
            "grid": manifest["grid"],
            "players": players,
            "bots": manifest["bots"],
            "rotate": manifest["rotate"],
            "seed": manifest["seed"],
            "games": manifest["games"],
            "until_ci": manifest.get("until_ci"),
            "code_version": manifest["code_version"],
            "dimensions": dimensions,
        }
    else:
        planned = [
            {"hash": config, "values": {}, "players": part[0]["players"]}
            for config, part in by_config.items()
        ]
        players = sorted({c["players"] for c in planned})
        sweep = {
            "game": rows[0]["game"],
            "grid": {},
            "players": players,
            "dimensions": [],  # nothing known of what was varied: plotted against the configuration
        }
    several = len(players) > 1
    configurations = []
    for config in planned:
        mine = by_config.get(config["hash"], [])
        configurations.append(
            {
                "hash": config["hash"],
                "values": config["values"],
                "players": config["players"],
                "label": config_label(config["values"], config["players"], several) or config["hash"],
                "games": len(mine),
                # a configuration a stopped sweep has not reached yet has no report
                "report": build_report(mine) if mine else None,
            }
        )
    cards = [field.split(".")[1] for field in sweep["grid"] if field.startswith("cards.")]
    return {
        "sweep": sweep,
        "configurations": configurations,
        "figures": _figures(configurations, list(dict.fromkeys(cards))),
    }


def _point(figure: dict[str, Any] | None, value: str = "rate") -> dict[str, Any]:
    if figure is None:
        return {"value": None, "ci95": None, "n": 0}
    return {"value": figure[value], "ci95": figure["ci95"], "n": figure["n"]}


def _figures(configurations: list[dict[str, Any]], cards: list[str]) -> dict[str, Any]:
    """Each figure over the configurations, read from their single reports."""
    reports = [(c["hash"], c["report"]) for c in configurations]
    out: dict[str, Any] = {}

    def add(key: str, kind: str, word: str, args: dict[str, Any], read: Any) -> None:
        out[key] = {
            "kind": kind,
            "word": word,
            "args": args,
            "by_config": {h: read(r) if r is not None else _point(None) for h, r in reports},
        }

    seats = max((r["games"]["players"] for _, r in reports if r is not None), default=0)
    for seat in range(1, seats + 1):
        add(
            f"seat_{seat}_win_rate",
            "rate",
            "seat_win_rate",
            {"seat": seat},
            lambda r, s=seat: _point(r["seats"][s - 1]["win_rate"] if s <= len(r["seats"]) else None),
        )

    def advantage(report: dict[str, Any]) -> dict[str, Any]:
        rate = report["seats"][0]["win_rate"]
        fair = 1.0 / report["games"]["players"]
        return {
            "value": rate["rate"] - fair,
            "ci95": [rate["ci95"][0] - fair, rate["ci95"][1] - fair],
            "n": rate["n"],
        }

    add("first_seat_advantage", "difference", "first_seat_advantage", {}, advantage)
    for key in ("turns", "actions"):
        add(
            key,
            "mean",
            key,
            {},
            lambda r, k=key: _point({**r["length"][k], "n": r["games"]["count"]}, "mean"),
        )
    add("completion", "rate", "completion", {}, lambda r: _point(r["endings"]["completion"]))
    for key in ("cap_hits", "no_move"):
        add(
            key,
            "rate",
            key,
            {},
            lambda r, k=key: _point(proportion(r["endings"][k], r["games"]["count"])),
        )
    endings = sorted({name for _, r in reports if r is not None for name in r["endings"]["counts"]})
    for name in endings:
        add(
            f"ending_{name}",
            "rate",
            "ending",
            {"name": name},
            lambda r, n=name: _point(proportion(r["endings"]["counts"].get(n, 0), r["games"]["count"])),
        )
    add("decisions", "rate", "decisions", {}, lambda r: _point(r["decisions"]["share"], "mean"))
    for code in cards:
        for key in CARD_FIGURES:
            add(
                f"card_{code}_{key}",
                "rate",
                key,
                {"code": code},
                lambda r, c=code, k=key: _point(r["cards"][c][k] if c in r["cards"] else None),
            )
    return out


def summary_lines(sweep: dict[str, Any]) -> list[str]:
    """What `cardtable report RUN_DIR` prints for a sweep: per configuration its games, seat 1's win
    rate with its interval, the first seat's advantage and the mean turns a game."""
    figures = sweep["figures"]
    width = max([len(c["label"]) for c in sweep["configurations"]] + [len("configuration")]) + 2
    lines = [f"{'configuration':<{width}}{'games':>7}   seat 1 wins (95%)       advantage   turns"]
    for config in sweep["configurations"]:
        h = config["hash"]
        seat = figures["seat_1_win_rate"]["by_config"][h] if "seat_1_win_rate" in figures else _point(None)
        edge = figures["first_seat_advantage"]["by_config"][h]
        turns = figures["turns"]["by_config"][h]
        if seat["value"] is None:
            lines.append(f"{config['label']:<{width}}{0:>7}   (no games yet)")
            continue
        low, high = seat["ci95"]
        lines.append(
            f"{config['label']:<{width}}{config['games']:>7}   {seat['value']:>6.1%} ({low:.1%}-{high:.1%})"
            f"  {edge['value'] * 100:>+7.1f} pt  {turns['value']:>6.1f}"
        )
    return lines

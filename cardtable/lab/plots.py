"""The balance report's plots as PNG files, drawn with matplotlib from report.json alone (a single
report's, a comparison's or a sweep's).

matplotlib is imported here only, when a plot is drawn (start-up never pays for it), with the Agg
backend (no window) and the table's own font, Noto Sans CJK JP, so Japanese labels show. Labels come in
English and Japanese (`language`).
"""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path
from typing import Any

from ..resources import FONT_FILE, font_source

LABELS = {
    "en": {
        "seats": "Win rate by seat (95% interval)",
        "seat": "seat",
        "win_rate": "win rate",
        "fair": "fair share",
        "length": "Game length",
        "turns": "turns",
        "games": "games",
        "cards": "Cards: chosen when available against the win rate of those who chose them",
        "pick_rate": "pick rate (chosen when available)",
        "with": "win rate with",
        "without": "win rate without (could have, did not)",
        "curves": "Per turn: evaluation (mean; quartiles and min-max as bands)",
        "score_curves": "Per turn: score (mean; quartiles and min-max as bands)",
        "evaluation": "evaluation",
        "score": "score",
        "turn": "turn",
        "endings": "How games ended",
        "cap": "cap hit",
        "difference": "B minus A (95% interval)",
        "diff_seats": "seat {seat} win rate",
        "diff_pick": "{code} pick rate",
        "diff_with": "{code} win rate with",
    },
    "ja": {
        "seats": "席ごとの勝率(95%区間)",
        "seat": "席",
        "win_rate": "勝率",
        "fair": "公平な勝率",
        "length": "ゲームの長さ",
        "turns": "ターン数",
        "games": "ゲーム数",
        "cards": "カード:選べたときに選ばれた率と、選んだ人の勝率",
        "pick_rate": "選択率(選べたときに選んだ割合)",
        "with": "選んだ人の勝率",
        "without": "選ばなかった人の勝率",
        "curves": "ターンごとの評価値(平均、四分位と最小〜最大の帯)",
        "score_curves": "ターンごとの得点(平均、四分位と最小〜最大の帯)",
        "evaluation": "評価値",
        "score": "得点",
        "turn": "ターン",
        "endings": "ゲームの終わり方",
        "cap": "上限到達",
        "difference": "B − A(95%区間)",
        "diff_seats": "席{seat}の勝率",
        "diff_pick": "{code}の選択率",
        "diff_with": "{code}を選んだ人の勝率",
    },
}

PLOTS = ("seats", "length", "cards", "curves", "endings")
_FONT_NAME: str | None = None


def _pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend, with the bundled CJK font as the default family."""
    global _FONT_NAME
    import matplotlib

    matplotlib.use("Agg", force=True)
    from matplotlib import font_manager
    from matplotlib import pyplot as plt

    if _FONT_NAME is None:
        source = font_source()
        if not isinstance(source, Path):  # inside a zip: matplotlib reads fonts from files only
            folder = Path(tempfile.mkdtemp(prefix="cardtable-font-"))
            (folder / FONT_FILE).write_bytes(source)
            source = folder / FONT_FILE
        font_manager.fontManager.addfont(str(source))
        _FONT_NAME = font_manager.FontProperties(fname=str(source)).get_name()
    matplotlib.rcParams["font.family"] = [_FONT_NAME]
    matplotlib.rcParams["axes.unicode_minus"] = False
    return plt


def draw_plots(report: dict[str, Any], out: Path, language: str = "en") -> list[Path]:
    """Every plot of one report as out/<name>.png; the files written, in PLOTS order."""
    plt = _pyplot()
    words = LABELS["ja" if language == "ja" else "en"]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PLOTS:
        figure = plt.figure(figsize=(8, 4.5), dpi=100)
        try:
            globals()[f"_draw_{name}"](figure, report, words)
            figure.tight_layout()
            path = out / f"{name}.png"
            figure.savefig(path)
            written.append(path)
        finally:
            plt.close(figure)
    return written


def _draw_seats(figure: Any, report: dict[str, Any], words: dict[str, str]) -> None:
    axes = figure.add_subplot()
    seats = report["seats"]
    rates = [s["win_rate"]["rate"] or 0.0 for s in seats]
    # clamped at 0: Wilson's bound at a rate of 0 or 1 can miss the rate by a rounding error, and
    # matplotlib refuses a negative error bar
    low = [max(0.0, r - s["win_rate"]["ci95"][0]) for r, s in zip(rates, seats, strict=True)]
    high = [max(0.0, s["win_rate"]["ci95"][1] - r) for r, s in zip(rates, seats, strict=True)]
    labels = [f"{words['seat']} {s['seat']}" for s in seats]
    axes.bar(labels, rates, yerr=[low, high], capsize=6, color="#4c78a8")
    axes.axhline(1.0 / report["games"]["players"], color="#e45756", linestyle="--", label=words["fair"])
    axes.set_ylim(0, 1)
    axes.set_ylabel(words["win_rate"])
    axes.set_title(words["seats"] + f"  n={report['games']['count']}")
    axes.legend()


def _draw_length(figure: Any, report: dict[str, Any], words: dict[str, str]) -> None:
    axes = figure.add_subplot()
    turns = report["length"]["turns"]
    hist = turns["histogram"]
    edges, counts = hist["edges"], hist["counts"]
    widths = [b - a for a, b in zip(edges, edges[1:], strict=False)]
    axes.bar(edges[:-1], counts, width=widths, align="edge", color="#72b7b2", edgecolor="white")
    axes.axvline(turns["mean"], color="#333333", linestyle="--")
    axes.set_xlabel(words["turns"])
    axes.set_ylabel(words["games"])
    axes.set_title(
        f"{words['length']}: mean {turns['mean']:.1f}, median {turns['median']}, p90 {turns['p90']}"
    )


def _draw_cards(figure: Any, report: dict[str, Any], words: dict[str, str]) -> None:
    axes = figure.add_subplot()
    for code, card in report["cards"].items():
        pick = card["pick_rate"]["rate"]
        won = card["win_rate_with"]["rate"]
        without = card["win_rate_without"]["rate"]
        if pick is None:
            continue
        if won is not None:
            axes.scatter([pick], [won], color="#4c78a8", s=18)
            axes.annotate(code, (pick, won), fontsize=7, xytext=(3, 2), textcoords="offset points")
        if without is not None:
            axes.scatter([pick], [without], facecolors="none", edgecolors="#e45756", s=18)
            if won is not None:
                axes.plot([pick, pick], [won, without], color="#bbbbbb", linewidth=0.7, zorder=0)
    axes.scatter([], [], color="#4c78a8", label=words["with"])
    axes.scatter([], [], facecolors="none", edgecolors="#e45756", label=words["without"])
    axes.set_xlim(-0.02, 1.02)
    axes.set_ylim(-0.02, 1.02)
    axes.set_xlabel(words["pick_rate"])
    axes.set_ylabel(words["win_rate"])
    axes.set_title(words["cards"], fontsize=10)
    axes.legend(fontsize=8, loc="lower right")


def _draw_curves(figure: Any, report: dict[str, Any], words: dict[str, str]) -> None:
    curves = report["curves"]
    # the turns enough games reach (a tenth, at least 3): past them a band is one or two games' noise
    enough = max(3, report["games"]["count"] // 10)
    keep = [i for i, n in enumerate(curves["games"]) if n >= enough] or list(range(len(curves["turns"])))
    turns = [curves["turns"][i] for i in keep]
    for index, (key, title, label) in enumerate(
        (("eval", "curves", "evaluation"), ("score", "score_curves", "score"))
    ):
        axes = figure.add_subplot(1, 2, index + 1)
        for seat, band in enumerate(curves[key]):
            mean = [band["mean"][i] for i in keep]
            line = axes.plot(turns, mean, label=f"{words['seat']} {seat + 1}")[0]
            low, high = [band["min"][i] for i in keep], [band["max"][i] for i in keep]
            axes.fill_between(turns, low, high, color=line.get_color(), alpha=0.08)
            quarter, three = [band["p25"][i] for i in keep], [band["p75"][i] for i in keep]
            axes.fill_between(turns, quarter, three, color=line.get_color(), alpha=0.22)
        axes.set_xlabel(words["turn"])
        axes.set_ylabel(words[label])
        axes.set_title(words[title], fontsize=9)
        axes.legend(fontsize=7)


def _draw_endings(figure: Any, report: dict[str, Any], words: dict[str, str]) -> None:
    axes = figure.add_subplot()
    counts = report["endings"]["counts"]
    capped = {h["end_condition"] for h in report["endings"]["rules_holes"]}
    names = list(counts)
    colours = ["#e45756" if name in capped else "#54a24b" for name in names]
    labels = [f"{name} ({words['cap']})" if name in capped else name for name in names]
    axes.bar(labels, [counts[n] for n in names], color=colours)
    axes.set_ylabel(words["games"])
    axes.set_title(words["endings"])


def draw_difference(comparison: dict[str, Any], out: Path, language: str = "en") -> Path:
    """The comparison's differences (B minus A) with their 95% intervals, one row per figure."""
    plt = _pyplot()
    words = LABELS["ja" if language == "ja" else "en"]
    rows = []
    for seat in comparison["seats"]:
        rows.append((words["diff_seats"].format(seat=seat["seat"]), seat["difference"]))
    for code in comparison["changed_cards_shown"]:
        card = comparison["cards"][code]
        rows.append((words["diff_pick"].format(code=code), card["pick_rate"]["difference"]))
        rows.append((words["diff_with"].format(code=code), card["win_rate_with"]["difference"]))
    rows = [(label, d) for label, d in rows if d["value"] is not None]
    figure = plt.figure(figsize=(8, max(2.5, 0.4 * len(rows) + 1.2)), dpi=100)
    try:
        axes = figure.add_subplot()
        for y, (_label, diff) in enumerate(rows):
            low, high = diff["ci95"]
            colour = "#333333" if low <= 0 <= high else "#e45756"
            axes.errorbar(
                [diff["value"]],
                [y],
                xerr=[[diff["value"] - low], [high - diff["value"]]],
                fmt="o",
                color=colour,
                capsize=4,
            )
        axes.axvline(0, color="#999999", linewidth=0.8)
        axes.set_yticks(range(len(rows)), [label for label, _ in rows])
        axes.invert_yaxis()
        axes.set_title(words["difference"])
        figure.tight_layout()
        out.mkdir(parents=True, exist_ok=True)
        path = out / "difference.png"
        figure.savefig(path)
    finally:
        plt.close(figure)
    return path


def draw_sweep_plots(sweep: dict[str, Any], out: Path, language: str = "en") -> list[Path]:
    """One PNG a figure of a sweep's report (sweep_report.py), out/<figure>.png: the figure against the
    first varied field (its values on x, numbers to scale, anything else in order), its 95% interval
    as error bars, one line per value of the other varied fields (a grid of two fields: one line per
    value of the second). A sweep that says nothing of its fields is drawn against its configurations."""
    from .sweep_report import figure_label
    from .sweep_report import words as sweep_words

    plt = _pyplot()
    said = sweep_words(language)
    out.mkdir(parents=True, exist_ok=True)
    configs = sweep["configurations"]
    dimensions = sweep["sweep"]["dimensions"]
    if dimensions:
        axis, rest = dimensions[0], dimensions[1:]
        xs = list(axis["values"])

        def coordinate(config: dict[str, Any], field: str) -> Any:
            return config["players"] if field == "players" else config["values"][field]

        lines = []
        for combo in itertools.product(*(d["values"] for d in rest)):
            label = ", ".join(f"{d['field'].split('.', 1)[-1]}={v}" for d, v in zip(rest, combo, strict=True))
            members = {}
            for config in configs:
                if all(coordinate(config, d["field"]) == v for d, v in zip(rest, combo, strict=True)):
                    members[repr(coordinate(config, axis["field"]))] = config["hash"]
            lines.append((label, [(x, members.get(repr(x))) for x in xs]))
        x_label = axis["field"]
    else:
        xs = [c["label"] for c in configs]
        lines = [("", [(c["label"], c["hash"]) for c in configs])]
        x_label = said["configuration"]
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)
    positions = {repr(x): (float(x) if numeric else float(i)) for i, x in enumerate(xs)}
    ordered = sorted(positions.values())
    step = min((b - a for a, b in zip(ordered, ordered[1:], strict=False)), default=1.0) or 1.0
    players = sweep["sweep"]["players"]
    written = []
    for key, figure in sweep["figures"].items():
        chart = plt.figure(figsize=(8, 4.5), dpi=100)
        try:
            axes = chart.add_subplot()
            for index, (label, points) in enumerate(lines):
                # lines side by side by a few percent of a step, so their error bars do not hide each other
                shift = (index - (len(lines) - 1) / 2) * step * 0.04
                found = [(x, figure["by_config"][h]) for x, h in points if h is not None]
                found = [(x, p) for x, p in found if p["value"] is not None]
                if not found:
                    continue
                px = [positions[repr(x)] + shift for x, _ in found]
                py = [p["value"] for _, p in found]
                low = [max(0.0, p["value"] - p["ci95"][0]) if p["ci95"] else 0.0 for _, p in found]
                high = [max(0.0, p["ci95"][1] - p["value"]) if p["ci95"] else 0.0 for _, p in found]
                # a line joins the values of a field; configurations known only by hash stay points
                style = "-o" if dimensions else "o"
                axes.errorbar(
                    px, py, yerr=[low, high], fmt=style, capsize=4, markersize=4, label=label or None
                )
            if figure["word"] == "seat_win_rate" and len(players) == 1:
                axes.axhline(1.0 / players[0], color="#999999", linestyle="--", label=said["fair"])
            if figure["kind"] == "difference":
                axes.axhline(0.0, color="#999999", linestyle="--")
            if numeric:
                axes.set_xticks([positions[repr(x)] for x in xs], [str(x) for x in xs])
            else:
                axes.set_xticks(range(len(xs)), [str(x) for x in xs], rotation=20 if len(xs) > 4 else 0)
            axes.set_xlabel(x_label)
            axes.set_ylabel(said[f"axis_{figure['kind']}"])
            axes.set_title(figure_label(figure, language), fontsize=11)
            if axes.get_legend_handles_labels()[0]:
                axes.legend(fontsize=8)
            chart.tight_layout()
            path = out / f"{key}.png"
            chart.savefig(path)
            written.append(path)
        finally:
            plt.close(chart)
    return written

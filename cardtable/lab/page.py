"""report.html: one self-contained page of a balance report (plots inlined as base64 PNG, no link to
anything), for a designer to send to a co-designer. Every text is escaped; the page runs no script."""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from .report import findings

TITLES = {
    "en": {
        "title": "Balance report",
        "sweep": "Balance report of a sweep",
        "each": "Each configuration's own report (its plots: in its folder, HASH/)",
        "findings": "Findings",
        "seats": "Seats",
        "seat": "seat",
        "win_rate": "win rate",
        "ci": "95% interval",
        "points": "win points (1.0 = average)",
        "figures": "Figures",
        "cards": "Cards",
        "code": "card",
        "available": "available (seat-games)",
        "picked": "picked",
        "played": "played",
        "pick_rate": "pick rate",
        "per_decision": "chosen per offer",
        "with": "win rate with",
        "without": "win rate without",
        "holes": "Rules holes (replay with the seed)",
        "seed": "seed",
        "ending": "ending",
        "moves": "moves",
        "plots": "Plots",
        "none": "none",
        "changes": "What changed between the card sets",
    },
    "ja": {
        "title": "バランスレポート",
        "sweep": "スイープのバランスレポート",
        "each": "構成ごとのレポート(グラフは各構成のフォルダHASH/に)",
        "findings": "所見",
        "seats": "席",
        "seat": "席",
        "win_rate": "勝率",
        "ci": "95%区間",
        "points": "勝ち点(1.0が平均)",
        "figures": "指標",
        "cards": "カード",
        "code": "カード",
        "available": "選べた(席×ゲーム)",
        "picked": "獲得",
        "played": "使用",
        "pick_rate": "選択率",
        "per_decision": "提示ごとの選択率",
        "with": "選んだ人の勝率",
        "without": "選ばなかった人の勝率",
        "holes": "ルールの穴(シードで再現)",
        "seed": "シード",
        "ending": "終わり方",
        "moves": "手数",
        "plots": "グラフ",
        "none": "なし",
        "changes": "カードセットの変更点",
    },
}


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


def _interval(ci: list[float] | None, percent: bool = True) -> str:
    if ci is None:
        return "–"
    return f"{_pct(ci[0])} – {_pct(ci[1])}" if percent else f"{ci[0]:.3f} – {ci[1]:.3f}"


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _image(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(path.stem)}" src="data:image/png;base64,{data}">'


def report_sections(report: dict[str, Any], plots: list[Path], language: str) -> str:
    """The body of one report: findings, seats, figures, rules holes, cards, plots."""
    t = TITLES["ja" if language == "ja" else "en"]
    games = report["games"]
    parts = [
        f"<p>{html.escape(games['game'])}: {games['count']} games, {games['players']} players, "
        f"bots {html.escape(', '.join(games['bots']))}, card set {html.escape(str(games['cardset']))}, "
        f"seeds {games['seeds'][0]}–{games['seeds'][-1]}, evaluation: {html.escape(games['evaluation'])}</p>",
        f"<h2>{t['findings']}</h2><ul>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in findings(report, language))
        + "</ul>",
        f"<h2>{t['seats']}</h2>",
        _table(
            [t["seat"], t["win_rate"], t["ci"], t["points"], t["ci"]],
            [
                [
                    str(s["seat"]),
                    _pct(s["win_rate"]["rate"]),
                    _interval(s["win_rate"]["ci95"]),
                    _num(s["win_points"]["mean"]),
                    _interval(s["win_points"]["ci95"], percent=False),
                ]
                for s in report["seats"]
            ],
        ),
        f"<h2>{t['figures']}</h2>",
        _table(
            ["", "value", t["ci"]],
            [
                ["balance (Ludii)", _num(report["balance"]), ""],
                ["advantage P1 (Ludii)", _pct(report["advantage_p1"]), ""],
                [
                    "completion (Ludii)",
                    _pct(report["endings"]["completion"]["rate"]),
                    _interval(report["endings"]["completion"]["ci95"]),
                ],
                ["turns: mean / median / p90", _length(report["length"]["turns"]), ""],
                ["actions: mean / median / p90", _length(report["length"]["actions"]), ""],
                ["margin", _num(report["margin"]["mean"]), _interval(report["margin"]["ci95"], False)],
                [
                    "lead changes a game",
                    _num(report["lead_changes"]["count"]["mean"]),
                    _interval(report["lead_changes"]["count"]["ci95"], False),
                ],
                [
                    "decisiveness (Ludii)",
                    _num(report["decisiveness"]["mean"]),
                    _interval(report["decisiveness"]["ci95"], False),
                ],
                [
                    "drama (Ludii)",
                    _num(report["drama"]["ludii"]["mean"]),
                    _interval(report["drama"]["ludii"]["ci95"], False),
                ],
                [
                    "drama (CardStock)",
                    _num(report["drama"]["cardstock"]["mean"]),
                    _interval(report["drama"]["cardstock"]["ci95"], False),
                ],
                [
                    "real decisions",
                    _pct(report["decisions"]["share"]["mean"]),
                    _interval(report["decisions"]["share"]["ci95"]),
                ],
            ],
        ),
        f"<h2>{t['holes']}</h2>",
        _table(
            [t["seed"], t["ending"], t["moves"]],
            [
                [str(h["seed"]), f"{h['ending']} ({h['end_condition']})", str(h["actions"])]
                for h in report["endings"]["rules_holes"]
            ],
        )
        if report["endings"]["rules_holes"]
        else f"<p>{t['none']}</p>",
        f"<h2>{t['cards']}</h2>",
        _table(
            [
                t["code"],
                t["available"],
                t["picked"],
                t["played"],
                t["pick_rate"],
                t["ci"],
                t["per_decision"],
                t["with"],
                t["ci"],
                t["without"],
                t["ci"],
            ],
            [
                [
                    code,
                    str(c["available"]),
                    str(c["picked"]),
                    str(c["played"]),
                    _pct(c["pick_rate"]["rate"]),
                    _interval(c["pick_rate"]["ci95"]),
                    _pct(c["pick_rate_decisions"]["rate"]),
                    _pct(c["win_rate_with"]["rate"]),
                    _interval(c["win_rate_with"]["ci95"]),
                    _pct(c["win_rate_without"]["rate"]),
                    _interval(c["win_rate_without"]["ci95"]),
                ]
                for code, c in sorted(
                    report["cards"].items(), key=lambda kv: -(kv[1]["pick_rate"]["rate"] or 0)
                )
            ],
        ),
        f"<h2>{t['plots']}</h2>" + "".join(_image(p) for p in plots) if plots else "",
    ]
    return "\n".join(parts)


def _length(spread: dict[str, Any]) -> str:
    if spread["mean"] is None:
        return "–"
    return f"{spread['mean']:.1f} / {spread['median']} / {spread['p90']}"


def write_page(path: Path, title: str, body: str, language: str = "en") -> None:
    """The whole page around `body`, written atomically."""
    from ..persistence.files import atomic_write_bytes

    page = f"""<!DOCTYPE html>
<html lang="{"ja" if language == "ja" else "en"}"><head><meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }}
th, td {{ border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }}
th {{ background: #f0f0f0; }}
td:first-child {{ text-align: left; }}
img {{ max-width: 100%; display: block; margin: 1em 0; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
{body}
</body></html>
"""
    atomic_write_bytes(path, page.encode("utf-8"), keep_backup=False)


def title_of(report: dict[str, Any], language: str) -> str:
    """The page's title: the report's name and the game."""
    return f"{TITLES['ja' if language == 'ja' else 'en']['title']}: {report['games']['game']}"


def write_report_folder(
    rows: list[dict[str, Any]], out: Path, language: str = "en", report: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A report's folder: rows.jsonl (the games, to report on again), report.json, the plots and
    report.html. Returns the report (`report`: build_report(rows) when the caller has it already)."""
    import json

    from ..persistence.files import atomic_write_bytes
    from .plots import draw_plots
    from .report import build_report, write_rows

    report = build_report(rows) if report is None else report
    out.mkdir(parents=True, exist_ok=True)
    write_rows(out / "rows.jsonl", rows)
    text = json.dumps(report, indent=1, ensure_ascii=False)
    atomic_write_bytes(out / "report.json", text.encode("utf-8"), keep_backup=False)
    plots = draw_plots(report, out, language)
    title = title_of(report, language)
    write_page(out / "report.html", title, report_sections(report, plots, language), language)
    return report


def write_comparison_folder(
    rows_a: list[dict[str, Any]],
    rows_b: list[dict[str, Any]],
    out: Path,
    labels: tuple[str, str],
    changes: dict[str, Any] | None,
    language: str = "en",
) -> dict[str, Any]:
    """A comparison's folder: A/ and B/ (each a report folder), comparison.json, difference.png and a
    report.html with the changes, the differences and both reports. Returns the comparison."""
    import json

    from ..persistence.files import atomic_write_bytes
    from .compare import compare
    from .plots import draw_difference, draw_plots
    from .report import write_rows

    comparison = compare(rows_a, rows_b, labels[0], labels[1], changes)
    out.mkdir(parents=True, exist_ok=True)
    plots = {}
    for key, rows in (("a", rows_a), ("b", rows_b)):
        folder = out / key.upper()
        report = comparison[key]["report"]
        folder.mkdir(parents=True, exist_ok=True)
        write_rows(folder / "rows.jsonl", rows)
        atomic_write_bytes(
            folder / "report.json",
            json.dumps(report, indent=1, ensure_ascii=False).encode("utf-8"),
            keep_backup=False,
        )
        plots[key] = draw_plots(report, folder, language)
    text = json.dumps(comparison, indent=1, ensure_ascii=False)
    atomic_write_bytes(out / "comparison.json", text.encode("utf-8"), keep_backup=False)
    difference = draw_difference(comparison, out, language)
    body = comparison_sections(comparison, difference, plots, language)
    write_page(out / "report.html", f"{labels[0]} / {labels[1]}", body, language)
    return comparison


def comparison_sections(
    comparison: dict[str, Any], difference: Path, plots: dict[str, list[Path]], language: str
) -> str:
    """The body of a comparison page: what changed, the differences, then each report in full."""
    from .compare import describe_changes

    t = TITLES["ja" if language == "ja" else "en"]
    a, b = comparison["a"]["label"], comparison["b"]["label"]
    lines = describe_changes(comparison["changes"])
    rows = []
    for seat in comparison["seats"]:
        rows.append(
            [
                f"seat {seat['seat']} win rate",
                _pct(seat["a"]["rate"]),
                _pct(seat["b"]["rate"]),
                _signed(seat["difference"], True),
            ]
        )
    for name, figure in comparison["figures"].items():
        rows.append([name, "", "", _signed(figure, name in ("completion", "decisions"))])
    for code in comparison["changed_cards_shown"]:
        card = comparison["cards"][code]
        for key in ("pick_rate", "pick_rate_decisions", "win_rate_with", "win_rate_without"):
            fig = card[key]
            rows.append(
                [
                    f"{code} {key}",
                    _pct(fig["a"]["rate"]),
                    _pct(fig["b"]["rate"]),
                    _signed(fig["difference"], True),
                ]
            )
    parts = [
        f"<h2>{t['changes']}</h2>",
        "<ul>" + "".join(f"<li><code>{html.escape(line)}</code></li>" for line in lines) + "</ul>"
        if lines
        else f"<p>{t['none']}</p>",
        "<h2>B − A</h2>",
        _table(["", a, b, "B − A (95%)"], rows),
        _image(difference),
        f"<h2>A: {html.escape(a)}</h2>",
        report_sections(comparison["a"]["report"], plots["a"], language),
        f"<h2>B: {html.escape(b)}</h2>",
        report_sections(comparison["b"]["report"], plots["b"], language),
    ]
    return "\n".join(parts)


def _signed(figure: dict[str, Any], percent: bool) -> str:
    if figure["value"] is None:
        return "–"
    scale, unit = (100.0, " pt") if percent else (1.0, "")
    low, high = figure["ci95"]
    return f"{figure['value'] * scale:+.2f}{unit} ({low * scale:+.2f} – {high * scale:+.2f})"


def sweep_sections(sweep: dict[str, Any], plots: dict[str, Path], language: str) -> str:
    """The body of a sweep's page: the grid, the configurations, then per figure a table with the
    configurations as columns (value, 95% interval, games) and its plot against the varied field, then
    each configuration's own report (without its plots: they are in its folder)."""
    from .sweep_report import figure_label, words

    t = TITLES["ja" if language == "ja" else "en"]
    said = words(language)
    head = sweep["sweep"]
    configs = sweep["configurations"]
    grid = "; ".join(f"{field} = {', '.join(map(str, values))}" for field, values in head["grid"].items())
    parts = [
        "<p>"
        + html.escape(
            said["intro"].format(game=head["game"], configs=len(configs))
            + (
                said["intro_grid"].format(grid=grid, players=", ".join(map(str, head["players"])))
                if grid
                else ""
            )
            + (said["intro_bots"].format(bots=", ".join(head["bots"])) if head.get("bots") else "")
            + (said["intro_seeds"].format(games=head["games"], seed=head["seed"]) if "games" in head else "")
            + (said["intro_rotated"] if head.get("rotate") else "")
        )
        + "</p>",
        _table(
            [said["configuration"], *[c["label"] for c in configs]],
            [["hash", *[c["hash"] for c in configs]], [said["games"], *[str(c["games"]) for c in configs]]],
        ),
    ]
    for key, figure in sweep["figures"].items():
        points = [figure["by_config"][c["hash"]] for c in configs]
        kind = figure["kind"]
        value = _signed_points if kind == "difference" else _pct if kind == "rate" else _num
        parts += [
            f"<h2>{html.escape(figure_label(figure, language))}</h2>",
            _table(
                ["", *[c["label"] for c in configs]],
                [
                    [said["value"], *[value(p["value"]) for p in points]],
                    [said["interval"], *[_ci_of(p["ci95"], kind) for p in points]],
                    ["n", *[str(p["n"]) for p in points]],
                ],
            ),
            _image(plots[key]) if key in plots else "",
        ]
    parts.append(f"<h2>{t['each']}</h2>")
    for config in configs:
        parts.append(f"<details><summary>{html.escape(config['label'])} ({config['hash']})</summary>")
        if config["report"] is not None:
            parts.append(report_sections(config["report"], [], language))
        parts.append("</details>")
    return "\n".join(parts)


def _signed_points(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:+.1f} pt"


def _ci_of(ci: list[float] | None, kind: str) -> str:
    if ci is None:
        return "–"
    if kind == "difference":
        return f"{_signed_points(ci[0])} – {_signed_points(ci[1])}"
    return _interval(ci, percent=kind == "rate")


def write_sweep_folder(
    rows: list[dict[str, Any]], manifest: dict[str, Any] | None, out: Path, language: str = "en"
) -> dict[str, Any]:
    """A sweep's report folder: report.json (sweep_report.py), one PNG a figure against the varied
    fields, report.html with them, and each configuration's own report folder, out/<hash>/, written
    as `cardtable report` writes one for those rows alone. Returns the sweep's report."""
    import json

    from ..persistence.files import atomic_write_bytes
    from .plots import draw_sweep_plots
    from .sweep_report import build_sweep_report, split_rows

    sweep = build_sweep_report(rows, manifest)
    out.mkdir(parents=True, exist_ok=True)
    by_config = split_rows(rows)
    for config in sweep["configurations"]:
        if config["report"] is not None:
            write_report_folder(by_config[config["hash"]], out / config["hash"], language, config["report"])
    text = json.dumps(sweep, indent=1, ensure_ascii=False)
    atomic_write_bytes(out / "report.json", text.encode("utf-8"), keep_backup=False)
    plots = {path.stem: path for path in draw_sweep_plots(sweep, out, language)}
    title = f"{TITLES['ja' if language == 'ja' else 'en']['sweep']}: {sweep['sweep']['game']}"
    write_page(out / "report.html", title, sweep_sections(sweep, plots, language), language)
    return sweep

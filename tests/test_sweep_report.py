"""`cardtable report RUN_DIR` over a sweep: the configurations side by side (each the single report of
its rows), one plot a figure against the varied fields, report.html with a table a figure.

Cheap: hand-written rows for the figures, and one real sweep of four single games for the command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.lab.report import RowError, build_report
from cardtable.lab.sweep_report import build_sweep_report, read_manifest, split_rows

GRID = {"cards.A05.cost": [3, 5], "params.hand_size": [4, 5]}
FIGURES = {
    "seat_1_win_rate",
    "seat_2_win_rate",
    "first_seat_advantage",
    "turns",
    "actions",
    "completion",
    "cap_hits",
    "no_move",
    "ending_gems",
    "ending_cap",
    "decisions",
    "card_A05_pick_rate",
    "card_A05_win_rate_with",
    "card_A05_win_rate_without",
}


def _row(config: str, seed: int, seat_one_wins: bool, picked_a05: bool, turns: int) -> dict[str, Any]:
    """One two-seat row of a sweep, by hand: seat 1 could pick A05 and did or not."""
    capped = seed % 4 == 3
    return {
        "row_version": 1,
        "config": config,
        "rotation": 0,
        "game": "risugeon",
        "seed": seed,
        "players": 2,
        "params": {},
        "cardset": "risugeon",
        "seats": [{"seat": 1, "bot": "random"}, {"seat": 2, "bot": "random"}],
        "winners": [1] if seat_one_wins else [2],
        "scores": [1, 0] if seat_one_wins else [0, 1],
        "turns": turns,
        "actions": 3 * turns,
        "ending": "cap" if capped else "rules",
        "end_condition": "cap" if capped else "gems",
        "margin": 1.0,
        "decisions": {"total": 10, "real": 4 + seed % 3},
        "evaluation": "scores",
        "lead_changes": {"count": 1, "rate": 0.1},
        "drama": {"ludii": 0.1, "cardstock": 0.0},
        "decisiveness": 0.5,
        "cards": [
            {"A05": {"available": 1, "picked": int(picked_a05), "played": 0}},
            {"A05": {"available": 1, "picked": 0, "played": 0}},
        ],
        "curve": [{"turn": 1, "eval": [0.5, 0.5], "score": [0, 0]}],
    }


def _manifest() -> dict[str, Any]:
    configs = []
    for cost in GRID["cards.A05.cost"]:
        for hand in GRID["params.hand_size"]:
            configs.append(
                {
                    "hash": f"c{cost}h{hand}",
                    "values": {"cards.A05.cost": cost, "params.hand_size": hand},
                    "players": 2,
                    "bots": ["random", "random"],
                    "params": {"hand_size": hand},
                    "cardset": f"set{cost}",
                }
            )
    return {
        "format": "cardtable-sweep/1",
        "code_version": "test",
        "row_version": 1,
        "game": "risugeon",
        "games": 8,
        "seed": 0,
        "block": 4,
        "bots": ["random"],
        "bot_budget": None,
        "rotate": False,
        "players": [2],
        "grid": GRID,
        "fixed": {},
        "until_ci": None,
        "configs": configs,
    }


def _sweep_rows() -> list[dict[str, Any]]:
    """Eight games a configuration; the cheaper A05, the more often seat 1 picks it and wins; the
    bigger hand, the longer the game. Written block by block, later blocks first (as a cluster may)."""
    rows = []
    for config in reversed(_manifest()["configs"]):
        cost, hand = config["values"]["cards.A05.cost"], config["values"]["params.hand_size"]
        for seed in reversed(range(8)):
            wins = seed < (6 if cost == 3 else 2)
            rows.append(
                _row(config["hash"], seed, wins, picked_a05=wins or seed == 7, turns=10 * hand + seed)
            )
    return rows


def test_side_by_side_figures_are_the_single_reports_of_each_configurations_rows() -> None:
    rows = _sweep_rows()
    sweep = build_sweep_report(rows, _manifest())
    assert set(sweep) == {"sweep", "configurations", "figures"}
    assert sweep["sweep"]["dimensions"] == [{"field": f, "values": v} for f, v in GRID.items()]
    assert [c["hash"] for c in sweep["configurations"]] == ["c3h4", "c3h5", "c5h4", "c5h5"]
    assert sweep["configurations"][1]["values"] == {"cards.A05.cost": 3, "params.hand_size": 5}
    assert sweep["configurations"][1]["label"] == "A05.cost=3, hand_size=5"
    assert set(sweep["figures"]) == FIGURES
    by_config = split_rows(rows)
    for config in sweep["configurations"]:
        h = config["hash"]
        mine = sorted((r for r in rows if r["config"] == h), key=lambda r: r["seed"])
        assert by_config[h] == mine and config["games"] == 8
        single = build_report(mine)
        # the per-configuration block IS the single report of those rows
        assert config["report"] == single
        fig = {key: figure["by_config"][h] for key, figure in sweep["figures"].items()}
        for seat in (1, 2):
            rate = single["seats"][seat - 1]["win_rate"]
            assert fig[f"seat_{seat}_win_rate"] == {"value": rate["rate"], "ci95": rate["ci95"], "n": 8}
        advantage = fig["first_seat_advantage"]
        assert advantage["value"] == pytest.approx(single["seats"][0]["win_rate"]["rate"] - 0.5)
        assert advantage["ci95"] == pytest.approx([x - 0.5 for x in single["seats"][0]["win_rate"]["ci95"]])
        assert fig["turns"]["value"] == single["length"]["turns"]["mean"]
        assert fig["turns"]["ci95"] == single["length"]["turns"]["ci95"] and fig["turns"]["n"] == 8
        assert fig["completion"]["value"] == single["endings"]["completion"]["rate"] == 0.75
        assert fig["cap_hits"]["value"] == 2 / 8 and fig["ending_cap"]["value"] == 2 / 8
        assert fig["ending_gems"]["value"] == 6 / 8 and fig["no_move"]["value"] == 0.0
        assert fig["decisions"]["value"] == single["decisions"]["share"]["mean"]
        for key in ("pick_rate", "win_rate_with", "win_rate_without"):
            card = single["cards"]["A05"][key]
            assert fig[f"card_A05_{key}"] == {"value": card["rate"], "ci95": card["ci95"], "n": card["n"]}
    # what the rows say, by hand: the cheap A05 is picked more and its pickers win more
    seat_one = sweep["figures"]["seat_1_win_rate"]["by_config"]
    assert seat_one["c3h4"]["value"] == 6 / 8 and seat_one["c5h5"]["value"] == 2 / 8
    turns = sweep["figures"]["turns"]["by_config"]
    assert turns["c3h4"]["value"] == 43.5 and turns["c3h5"]["value"] == 53.5
    with_a05 = sweep["figures"]["card_A05_win_rate_with"]["by_config"]
    assert with_a05["c3h4"]["value"] == 6 / 7 and with_a05["c5h4"]["value"] == 2 / 3


def test_a_sweep_not_finished_and_rows_it_does_not_plan() -> None:
    manifest = _manifest()
    rows = [r for r in _sweep_rows() if r["config"] != "c5h5"]
    sweep = build_sweep_report(rows, manifest)
    last = sweep["configurations"][-1]
    assert last["games"] == 0 and last["report"] is None
    assert sweep["figures"]["seat_1_win_rate"]["by_config"]["c5h5"]["value"] is None
    stray = [{**rows[0], "config": "elsewhere"}]
    with pytest.raises(RowError, match="elsewhere"):
        build_sweep_report(rows + stray, manifest)


def test_report_of_a_real_two_field_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real sweep (2 x 2 configurations, one game each) reported by the command: report.json keyed by
    configuration hash with the manifest's values, each configuration's own report folder equal to a
    single report of its rows, PNGs that open, a page with a table a figure and the plots inlined."""
    from matplotlib.image import imread

    from cardtable.lab import plots

    run, out = tmp_path / "run", tmp_path / "rep"
    argv = ["sweep", "risugeon", "--vary", "cards.A05.cost=3,5", "--vary", "params.hand_size=4,5"]
    assert main([*argv, "--games", "1", "--out", str(run)]) == 0
    capsys.readouterr()
    # the single reports' own plots are drawn in test_lab_report; here the sweep's, three of them
    # (every figure is drawn the same way; each costs a few tenths of a second of CPU)
    drawn = ("seat_1_win_rate", "turns", "card_A05_pick_rate")
    real = plots.draw_sweep_plots

    def fewer(sweep: dict[str, Any], folder: Path, language: str = "en") -> list[Path]:
        kept = {k: v for k, v in sweep["figures"].items() if k in drawn}
        return real({**sweep, "figures": kept}, folder, language)

    monkeypatch.setattr(plots, "draw_plots", lambda *args: [])
    monkeypatch.setattr(plots, "draw_sweep_plots", fewer)
    assert main(["report", str(run), "--out", str(out), "--language", "ja"]) == 0
    said = capsys.readouterr().out
    assert "A05.cost=3, hand_size=4" in said and "report.html" in said
    manifest = read_manifest(run)
    assert manifest is not None
    data = json.loads((out / "report.json").read_bytes().decode("utf-8"))
    assert [(c["hash"], c["values"]) for c in data["configurations"]] == [
        (c["hash"], c["values"]) for c in manifest["configs"]
    ]
    assert len(data["configurations"]) == 4 and FIGURES - {"ending_gems", "ending_cap"} <= set(
        data["figures"]
    )
    for config in data["configurations"]:
        folder = out / config["hash"]
        rows = [
            json.loads(line) for line in (folder / "rows.jsonl").read_bytes().decode("utf-8").splitlines()
        ]
        assert len(rows) == 1 and rows[0]["config"] == config["hash"]
        single = json.loads((folder / "report.json").read_bytes().decode("utf-8"))
        assert config["report"] == single == json.loads(json.dumps(build_report(rows)))
        seat = data["figures"]["seat_1_win_rate"]["by_config"][config["hash"]]
        assert seat["value"] == single["seats"][0]["win_rate"]["rate"] and seat["n"] == 1
    for name in drawn:
        image = imread(out / f"{name}.png")
        assert image.shape[:2] == (450, 800)
        assert image.min() < image.max()  # something drawn
    page = (out / "report.html").read_bytes().decode("utf-8")
    assert page.count("data:image/png;base64,") == 3 and "<script" not in page
    assert "席1の勝率" in page and page.count("<th>A05.cost=5, hand_size=4</th>") >= len(data["figures"])
    assert "4通りの構成" in page and "configurations" not in page.split("<h2>")[0]  # the intro in Japanese


def test_seat_plot_of_a_seat_that_always_wins() -> None:
    """Wilson's upper bound at 6 wins of 6 is 0.9999999999999999: the bar's error below the rate came
    out negative and matplotlib refused it, so `cardtable report` of such a configuration failed."""
    from cardtable.lab import plots

    rows = [_row("c", seed, seat_one_wins=False, picked_a05=False, turns=10) for seed in range(6)]
    report = build_report(rows)
    assert report["seats"][1]["win_rate"]["ci95"][1] < 1.0
    pyplot = plots._pyplot()
    figure = pyplot.figure()
    try:
        plots._draw_seats(figure, report, plots.LABELS["en"])
    finally:
        pyplot.close(figure)

"""The balance report (cardtable/lab): report.json's keys and interval maths, the comparison of two
card sets on paired seeds with its card-by-card diff, a card made stronger showing in the figures, the
command's files, and playtests kept from the table."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.cardsets import load_bundled
from cardtable.cli import main
from cardtable.lab.compare import cardset_changes, compare, describe_changes, newcombe, side
from cardtable.lab.record import record_game
from cardtable.lab.report import (
    RowError,
    build_report,
    findings,
    mean_interval,
    proportion,
    read_rows,
    write_rows,
)
from cardtable.lab.run import run_games
from cardtable.rules.cards import CardSet
from cardtable.simulate import wilson

REPORT_KEYS = {
    "games",
    "seats",
    "balance",
    "advantage_p1",
    "bots",
    "length",
    "endings",
    "margin",
    "lead_changes",
    "decisiveness",
    "drama",
    "decisions",
    "cards",
    "curves",
}
CARD_KEYS = {
    "available",
    "offered",
    "picked",
    "played",
    "pick_rate",
    "pick_rate_decisions",
    "win_rate_with",
    "win_rate_without",
}


@pytest.fixture(scope="module")
def war_rows() -> list[dict[str, Any]]:
    return run_games("war", 2, 12, 0, {}, ["highest", "random"], rotate=True)


def test_report_has_every_key_of_the_issue(war_rows: list[dict[str, Any]]) -> None:
    report = build_report(war_rows)
    assert set(report) == REPORT_KEYS
    assert report["games"]["count"] == 12
    assert set(report["length"]) == {"turns", "actions"}
    for spread in report["length"].values():
        assert {"mean", "median", "p90", "histogram"} <= set(spread)
        assert sum(spread["histogram"]["counts"]) == 12
    assert set(report["endings"]) >= {"counts", "cap_hits", "completion", "rules_holes"}
    assert set(report["drama"]) == {"ludii", "cardstock"}
    assert report["cards"] and all(set(card) == CARD_KEYS for card in report["cards"].values())
    # rotated: each bot sat in each seat six times
    assert {name: b["seat_games"] for name, b in report["bots"].items()} == {"highest": 12, "random": 12}
    assert json.loads(json.dumps(report)) == report
    assert findings(report, "en") and findings(report, "ja")


def test_interval_maths() -> None:
    rate = proportion(5, 10)
    assert rate["rate"] == 0.5 and rate["ci95"] == pytest.approx([0.2366, 0.7634], abs=1e-4)
    figure = mean_interval([1.0, 2.0, 3.0, 4.0])
    se = (1.6666667**0.5) / 2  # sample sd of 1..4 over sqrt(4)
    assert figure["mean"] == 2.5 and figure["ci95"] == pytest.approx([2.5 - 1.96 * se, 2.5 + 1.96 * se])
    assert proportion(0, 0)["rate"] is None and mean_interval([])["mean"] is None
    # Newcombe's difference interval holds the difference and is wider than neither side's alone
    a, b = proportion(20, 100), proportion(60, 100)
    diff = newcombe(a, b)
    assert diff["value"] == pytest.approx(0.4)
    assert diff["ci95"][0] < 0.4 < diff["ci95"][1] and diff["ci95"][0] > 0


def _rows(
    seeds_winners: list[tuple[int, list[int]]], cards: dict[str, int] | None = None
) -> list[dict[str, Any]]:
    """Synthetic two-seat rows: seed and winners; seat 1 picked each card in `cards` that many times."""
    out = []
    for seed, winners in seeds_winners:
        out.append(
            {
                "row_version": 1,
                "game": "war",
                "seed": seed,
                "players": 2,
                "params": {},
                "cardset": "standard52",
                "seats": [{"seat": 1, "bot": "a"}, {"seat": 2, "bot": "b"}],
                "winners": winners,
                "scores": [1 if 1 in winners else 0, 1 if 2 in winners else 0],
                "turns": 10 + seed,
                "actions": 20 + seed,
                "ending": "end",
                "end_condition": "end",
                "margin": 1.0,
                "decisions": {"total": 10, "real": 5},
                "evaluation": "scores",
                "lead_changes": {"count": 1, "rate": 0.1},
                "drama": {"ludii": 0.1, "cardstock": 0.0},
                "decisiveness": 0.5,
                "curve": [{"turn": 1, "eval": [0.5, 0.5], "score": [0, 0]}],
                "cards": [
                    {code: {"available": 1, "picked": n, "played": 0} for code, n in (cards or {}).items()},
                    {code: {"available": 1, "picked": 0, "played": 0} for code in (cards or {})},
                ],
            }
        )
    return out


def test_seat_rates_and_the_paired_difference() -> None:
    rows_a = _rows([(s, [1] if s < 6 else [2]) for s in range(10)])  # seat 1 wins 6 of 10
    rows_b = _rows([(s, [1] if s < 9 else [2]) for s in range(10)])  # seat 1 wins 9 of 10
    report = build_report(rows_a)
    assert report["seats"][0]["win_rate"]["ci95"] == pytest.approx(list(wilson(6, 10)))
    assert report["balance"] == pytest.approx(1 - (0.6 - 0.4))
    assert report["seats"][0]["win_points"]["mean"] == pytest.approx(1.2)  # 2 points for each of 6 wins
    comparison = compare(rows_a, rows_b)
    seat = comparison["seats"][0]["difference"]
    assert seat["value"] == pytest.approx(0.3)  # seeds 6, 7, 8 changed hands
    diffs = [0.0] * 6 + [1.0] * 3 + [0.0]
    expected = mean_interval(diffs)["ci95"]
    assert seat["ci95"] == pytest.approx(expected)
    with pytest.raises(RowError, match="same seeds"):
        compare(rows_a, rows_b[:-1])


def test_card_with_and_without() -> None:
    # seat 1 always picks X and wins 3 of 4; seat 2 could have and never did
    rows = _rows([(s, [1] if s < 3 else [2]) for s in range(4)], {"X": 1})
    card = build_report(rows)["cards"]["X"]
    assert card["available"] == 8 and card["picked"] == 4
    assert card["pick_rate"]["rate"] == 0.5
    assert card["win_rate_with"]["rate"] == 0.75 and card["win_rate_without"]["rate"] == 0.25


def test_the_yaml_diff_names_changed_fields(tmp_path: Path) -> None:
    base = load_bundled("standard52")
    changed = _stronger(base, "H2", 20)
    changes = cardset_changes(base, changed)
    assert changes["changed"] == {"H2": {"rank": [2, 20]}}
    assert changes["added"] == [] and changes["removed"] == []
    assert describe_changes(changes) == ["H2 rank: 2 -> 20"]
    fewer = dataclasses.replace(base, cards=tuple(c for c in base.cards if c.code != "SA"))
    assert cardset_changes(base, fewer)["removed"] == ["SA"]
    assert side("max_rounds=30,sets=2") == ("max_rounds=30,sets=2", {"max_rounds": "30", "sets": "2"})
    assert side(str(tmp_path / "b.yaml")) == ("b.yaml", {"cardset": str(tmp_path / "b.yaml")})


def _stronger(cardset: CardSet, code: str, rank: int) -> CardSet:
    cards = tuple(
        dataclasses.replace(c, fields={**c.fields, "rank": rank}) if c.code == code else c
        for c in cardset.cards
    )
    return dataclasses.replace(cardset, cards=cards, id=f"{cardset.id}-stronger")


def test_a_card_made_stronger_is_chosen_sooner_and_its_players_win_more() -> None:
    """The designer's experiment in small: War's 2 of hearts made a 20, played by a bot that plays its
    best card first. The same seeds under both sets; the report sees the change with intervals apart."""
    base = load_bundled("standard52")
    strong = _stronger(base, "H2", 20)
    bots = ["highest", "random"]

    def rows(cardset: CardSet) -> list[dict[str, Any]]:
        return [record_game("war", s, bots[::-1] if s % 2 else bots, 2, {}, cardset) for s in range(30)]

    before, after = rows(base), rows(strong)
    comparison = compare(before, after)
    card = comparison["cards"]["H2"]
    per_offer = card["pick_rate_decisions"]
    assert per_offer["b"]["ci95"][0] > per_offer["a"]["ci95"][1], per_offer
    assert per_offer["difference"]["ci95"][0] > 0
    won = card["win_rate_with"]
    assert won["b"]["rate"] > won["a"]["rate"], won


def test_read_rows_names_a_bad_line(tmp_path: Path) -> None:
    good = _rows([(1, [1])])
    write_rows(tmp_path / "block-0.jsonl", good)
    assert read_rows(tmp_path) == good
    (tmp_path / "block-1.jsonl").write_text('{"row_version": 99}\n', encoding="utf-8")
    with pytest.raises(RowError, match=r"block-1\.jsonl:1: row_version 99"):
        read_rows(tmp_path)


def test_the_command_writes_the_report_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "rep"
    code = main(["report", "war", "--games", "4", "--bots", "highest,random", "--rotate", "--out", str(out)])
    assert code == 0
    data = json.loads((out / "report.json").read_bytes().decode("utf-8"))
    assert set(data) == REPORT_KEYS and data["games"]["count"] == 4
    for name in ("seats", "length", "cards", "curves", "endings"):
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (out / "report.html").read_bytes().decode("utf-8")
    assert page.count("data:image/png;base64,") == 5 and "<script" not in page
    # the same rows reported again from the folder: the same figures (the plots drawn once is enough)
    monkeypatch.setattr("cardtable.lab.plots.draw_plots", lambda *args: [])
    again = tmp_path / "again"
    assert main(["report", str(out), "--out", str(again), "--language", "ja"]) == 0
    assert json.loads((again / "report.json").read_bytes().decode("utf-8")) == data
    assert main(["report", str(tmp_path / "empty-nothing"), "--out", str(again)]) == 2  # not a game or folder
    assert "empty-nothing" in capsys.readouterr().err  # one line naming what it could not read


def test_playtests_are_kept_and_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.lab.playtests import keep_playtest, read_playtests
    from cardtable.session import SeatConfig, Session

    session = Session.new("war", [SeatConfig("Ann"), SeatConfig("Bot", human=False, bot="random")], 3, {})
    while not session.engine.is_over():
        seat = session.engine.deciding_seats()[0]
        session.apply(
            session.bot_action(seat) if seat in session.bots else session.engine.legal_actions(seat)[0]
        )
    rows, problems = read_playtests("war")
    assert len(rows) == 1 and not problems  # the finished game was kept (autosave on, the default setting)
    row = rows[0]
    assert [s["bot"] for s in row["seats"]] == ["human", "random"]
    assert row["actions"] == len(session.engine.state.history) and row["source"] == "playtest"
    assert row["winners"] == [w + 1 for w in session.engine.state.winners]
    keep_playtest(session.engine, ["human", "random"], tmp_path)
    (tmp_path / "broken.json").write_bytes(b"{not json")
    rows, problems = read_playtests(folder=tmp_path)
    assert len(rows) == 1 and len(problems) == 1 and "broken.json" in problems[0]
    monkeypatch.setattr("cardtable.lab.plots.draw_plots", lambda *args: [])  # drawn in the test above
    assert main(["report", "--from-saves", "war", "--out", str(tmp_path / "out")]) == 0
    report = json.loads((tmp_path / "out" / "report.json").read_bytes().decode("utf-8"))
    assert report["games"]["count"] == 1 and report["games"]["bots"] == ["human", "random"]


def test_playtests_can_be_turned_off() -> None:
    from cardtable.lab.playtests import read_playtests
    from cardtable.persistence.settings import Settings, save_settings
    from cardtable.session import SeatConfig, Session

    save_settings(Settings(record_playtests=False))
    session = Session.new("war", [SeatConfig("Ann"), SeatConfig("Bo")], 3, {})
    while not session.engine.is_over():
        seat = session.engine.deciding_seats()[0]
        session.apply(session.engine.legal_actions(seat)[0])
    assert read_playtests("war") == ([], [])


def test_a_sweep_run_gives_one_report_per_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the sweep's layout: RUN_DIR/blocks/CONFIG/NNNNNN.jsonl, each row naming its configuration
    for config, winner in (("c1", [1]), ("c2", [2])):
        rows = [{**row, "config": config} for row in _rows([(s, winner) for s in range(3)])]
        write_rows(tmp_path / "run" / "blocks" / config / "000000.jsonl", rows)
    monkeypatch.setattr("cardtable.lab.plots.draw_plots", lambda *args: [])
    monkeypatch.setattr("cardtable.lab.plots.draw_sweep_plots", lambda *args: [])  # test_sweep_report
    assert main(["report", str(tmp_path / "run"), "--out", str(tmp_path / "out")]) == 0
    for config, first_seat in (("c1", 1.0), ("c2", 0.0)):
        report = json.loads((tmp_path / "out" / config / "report.json").read_bytes().decode("utf-8"))
        assert report["games"]["count"] == 3 and report["seats"][0]["win_rate"]["rate"] == first_seat
    # rows without their sweep's manifest: side by side still, each configuration known by its hash
    sweep = json.loads((tmp_path / "out" / "report.json").read_bytes().decode("utf-8"))
    assert [c["label"] for c in sweep["configurations"]] == ["c1", "c2"]
    assert {h: f["value"] for h, f in sweep["figures"]["seat_1_win_rate"]["by_config"].items()} == {
        "c1": 1.0,
        "c2": 0.0,
    }

"""The per-game record of the balance lab (cardtable/lab/record.py): deterministic, JSON-ready rows with
the figures the report aggregates, and the Ludii-style figures computed as their definitions say."""

from __future__ import annotations

import json

import pytest

from cardtable.lab.record import (
    CAP,
    ROW_VERSION,
    decisiveness,
    drama,
    lead_changes,
    record_game,
    seat_bots,
)

ROW_KEYS = {
    "row_version",
    "game",
    "seed",
    "players",
    "params",
    "cardset",
    "seats",
    "winners",
    "scores",
    "turns",
    "actions",
    "ending",
    "end_condition",
    "margin",
    "decisions",
    "evaluation",
    "lead_changes",
    "drama",
    "decisiveness",
    "curve",
    "cards",
}


def test_same_seed_same_row_and_json_ready() -> None:
    row = record_game("lyabi", 11, ["heuristic", "random"], 2)
    again = record_game("lyabi", 11, ["heuristic", "random"], 2)
    assert row == again
    assert json.loads(json.dumps(row)) == row
    assert set(row) == ROW_KEYS and row["row_version"] == ROW_VERSION
    assert [s["bot"] for s in row["seats"]] == ["heuristic", "random"]
    other = record_game("lyabi", 12, ["heuristic", "random"], 2)
    assert other != row  # the seed matters


def test_row_counts_cards_turns_and_decisions() -> None:
    row = record_game("risugeon", 4, ["heuristic"], 2, {"max_rounds": 6})
    assert row["actions"] >= row["decisions"]["total"] >= row["decisions"]["real"] > 0
    trained = {code for seat in row["cards"] for code, c in seat.items() if c["picked"]}
    played = {code for seat in row["cards"] for code, c in seat.items() if c["played"]}
    assert trained and played  # heuristic bots train and play cards in six rounds
    for seat in row["cards"]:
        for counts in seat.values():
            assert counts["available"] > 0  # nothing is picked or played that was not on offer
    assert row["turns"] == len(row["curve"]) == 12  # six rounds of two turns; a point per turn
    assert all(len(point["eval"]) == 2 for point in row["curve"])


def test_a_cap_of_ours_is_a_cap_hit() -> None:
    row = record_game("risugeon", 4, ["heuristic"], 2, {"max_rounds": 1})
    assert row["ending"] == CAP and row["end_condition"] == "rounds"
    natural = record_game("sainome", 3, ["heuristic"], 2)
    assert natural["ending"] == natural["end_condition"] == "hp"


def test_seat_bots_repeat_the_last_and_rotate() -> None:
    assert seat_bots(["a", "b"], 3) == ["a", "b", "b"]
    assert [seat_bots(["a", "b", "c"], 3, i, rotate=True) for i in range(3)] == [
        ["a", "b", "c"],
        ["c", "a", "b"],
        ["b", "c", "a"],
    ]
    assert seat_bots(["a", "b"], 2, 5, rotate=False) == ["a", "b"]


def test_ludii_figures_from_an_evaluation_series() -> None:
    # seat 0 leads, then seat 1 takes over and wins: two changes of leader over four moves
    evals = [[0.5, 0.5], [0.7, 0.3], [0.6, 0.4], [0.3, 0.7], [0.0, 1.0]]
    assert lead_changes(evals) == {"count": 2, "rate": 0.5}
    figures = drama(evals, [1])
    assert figures is not None
    assert figures["ludii"] == pytest.approx((0 + 0.4 + 0.2 + 0 + 0) / 5)
    assert figures["cardstock"] == pytest.approx(((0.5 - 0.3) ** 0.5 + (0.5 - 0.4) ** 0.5) / 2)
    assert decisiveness(evals, [1]) == pytest.approx(4 / 4)  # only the end passed 0.8
    assert decisiveness(evals, [1], threshold=0.6) == pytest.approx(3 / 4)
    assert drama(evals, []) is None and decisiveness(evals, []) is None

"""Rune Works! internal checks mutation testing found untested (issue 26): each test fails under the
mutant its docstring names (bench/mutate.py). Gaps that are rules are scenarios instead
(tests/scenarios/runeworks/, e.g. shot_gaps.yaml)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable import scenario
from cardtable.games import entry_for, get_game
from cardtable.games.runeworks import scoring
from cardtable.games.runeworks.evaluate import evaluate
from cardtable.games.runeworks.melds import deck_of
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.events import Announced, Event, TurnStarted
from cardtable.rules.game import ParamError

RUNEWORKS = get_game("runeworks")


def _played(monkeypatch: pytest.MonkeyPatch, path: Path, text: str) -> tuple[Engine, list[Event]]:
    """Run a scenario file; hand back its engine and every event its moves set off (the runner keeps
    both to itself)."""
    made: list[Engine] = []
    events: list[Event] = []

    class Kept(Engine):
        @classmethod
        def new(cls, *args: Any, **kwargs: Any) -> Engine:
            engine = super().new(*args, **kwargs)
            made.append(engine)
            return engine

        def apply(self, action: Any) -> list[Event]:
            got = super().apply(action)
            events.extend(got)
            return got

    monkeypatch.setattr(scenario, "Engine", Kept)
    path.write_bytes(text.encode("utf-8"))
    (result,) = scenario.run_file(path, get_game)
    assert result.passed, result.failures
    return made[-1], events


def test_leady_work_announces_every_card_shown_and_who_tied(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Mutants: `events.append(Announced("leady", ...))` dropped from _resolve_leady (the log's "P1
    shows 9, P2 shows nothing" and "tie: again" lines are read from it); _begin_turn's
    `events.append(TurnStarted(seat))` dropped (the log's and the table's "P2's turn")."""
    engine, events = _played(
        monkeypatch,
        tmp_path / "leady.yaml",
        """
game: runeworks
seats: 3
deal: {hand:0: [S9, C2], hand:1: [H9, D3], hand:2: [SK, D4]}
moves: ["P1: reveal S9", "P2: reveal H9", "P3: noreveal", "P1: reveal C2", "P2: reveal D3"]
expect: {active: P2}
""",
    )
    codes = [spec.code for spec in engine.state.cardset.physical()]  # type: ignore[union-attr]
    leady = [e for e in events if isinstance(e, Announced) and e.what == "leady"]
    assert [e.detail for e in leady] == [
        {"shown": {"0": codes.index("S9"), "1": codes.index("H9"), "2": -1}, "tied": [0, 1]},
        {"shown": {"0": codes.index("C2"), "1": codes.index("D3")}, "tied": [1]},
    ]
    assert [e.seat for e in events if isinstance(e, TurnStarted)] == [1]


def test_a_blast_shot_is_announced_as_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Mutant: `"blast_shot" if seat in blasts` -> `not in` in _resolve_shots (the log would call a
    Blast Shot an Ignite Shot, and the reverse; the MP are counted from the round's blasts)."""
    _engine, events = _played(
        monkeypatch,
        tmp_path / "blast_shot.yaml",
        """
game: runeworks
seats: 3
params: {level: 4}
deal: {hand:0: [H7, C2, C3], hand:1: [H6, SK, S2, S3, S4, S5, S6], hand:2: [C9]}
setup: {first: P1, phase: play}
moves: ["P1: release H7", "P2: shot", "P3: shot"]
expect: {mp: [95, 150, 110]}
""",
    )
    shots = [(e.what, e.seat) for e in events if isinstance(e, Announced) and e.what.endswith("_shot")]
    assert shots == [("blast_shot", 1), ("ignite_shot", 2)]


def test_the_game_hands_a_search_bot_one_standing_per_seat() -> None:
    """Mutant: RuneWorks.evaluate's `return evaluate_position(state)` -> `return None`."""
    engine = Engine.new(RUNEWORKS, 3, 7)
    got = RUNEWORKS.evaluate(engine.state)
    assert got == evaluate(engine.state)
    assert len(got) == 3 and all(0.0 <= v <= 1.0 for v in got)


def test_the_balance_report_counts_the_cards_set_boosted_sought_and_called_as_played() -> None:
    """Mutant: RuneWorks.play_kinds dropped (the Game default, none: the balance report
    (cardtable/lab/record.py) would count no card a magician lays out)."""
    state = Engine.new(RUNEWORKS, 2, 7).state
    codes = [spec.code for spec in state.cardset.physical()]  # type: ignore[union-attr]
    h5, h6, h7 = codes.index("H5"), codes.index("H6"), codes.index("H7")
    for kind in ("set", "seek", "call"):
        assert RUNEWORKS.card_choice(state, Action(0, kind, (h5, h6, h7))) == ("played", ("H5", "H6", "H7"))
    assert RUNEWORKS.card_choice(state, Action(0, "boost", (h5,), "m0")) == ("played", ("H5",))
    for kind in ("release", "reveal"):
        assert RUNEWORKS.card_choice(state, Action(0, kind, (h5,))) is None


def test_every_magician_level_is_a_variant_the_contract_tests_play() -> None:
    """Mutant: the registered variants `range(1, 6)` -> `range(1, 5)` (Level 5 would never be played by
    the random-playout contract tests)."""
    assert sorted(v["level"] for v in entry_for("runeworks").variants) == [1, 2, 3, 4, 5]


def test_the_options_default_to_the_rulebook_and_the_spec() -> None:
    """Mutants: any default of params.py one more or one less (Level 3 "start at this level", the
    rulebook's 7 cards, R12's 3 rebuilds, R3's 2 comparisons, R14's 3 overtime rounds; 0 rounds and
    0 MP meaning the level's own)."""
    assert RUNEWORKS.resolve_params() == {
        "level": 3,
        "hand_size": 7,
        "rounds": 0,
        "start_mp": 0,
        "first_card_face_up": False,
        "ace_high_sequences": False,
        "sevens_call_set": True,
        "lone_seven_claims": True,
        "must_keep_one_card": True,
        "all_shots_resolve": True,
        "blast_bonus_stacks": False,
        "blast_counts_boosts": True,
        "meld_damage_counts_elementals": True,
        "max_stock_rebuilds": 3,
        "leady_every_round": True,
        "leady_second_from_rest": True,
        "leady_max_compares": 2,
        "max_overtime_rounds": 3,
        "overtime_on_any_tie": True,
        "cardset": "standard52",
    }


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [
        ("level", 1, 5),
        ("hand_size", 3, 8),
        ("rounds", 0, 50),
        ("start_mp", 0, 10000),
        ("max_stock_rebuilds", 0, 20),
        ("leady_max_compares", 1, 10),
        ("max_overtime_rounds", 0, 20),
    ],
)
def test_a_number_option_takes_its_range_and_nothing_past_it(name: str, low: int, high: int) -> None:
    """Mutants: a minimum or maximum of params.py one more or one less (a Level 6, a hand of 9 or 2
    cards, -1 rounds would be taken; or the ends of the range refused)."""
    assert RUNEWORKS.resolve_params({name: low})[name] == low
    assert RUNEWORKS.resolve_params({name: high})[name] == high
    with pytest.raises(ParamError, match=f"{name}: {low - 1} is below the minimum {low}"):
        RUNEWORKS.resolve_params({name: low - 1})
    with pytest.raises(ParamError, match=f"{name}: {high + 1} is above the maximum {high}"):
        RUNEWORKS.resolve_params({name: high + 1})


def test_a_boost_names_exactly_one_card_and_a_meld_by_its_number_and_a_set_each_card_once_in_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Mutants of moves._why_not_boost's shape test (`len(action.cards) != 1 or not (target[:1] == "m"
    and target[1:].isdigit())`, and/or swapped) and of _order_reason (its answer made None: a Set naming
    its cards out of order accepted): the notation only writes `boost CODE to mN` and a
    group in card order, but an action that reaches the rules another way (a table's drop, a saved
    game) is held to the same rule."""
    engine, _events = _played(
        monkeypatch,
        tmp_path / "boost.yaml",
        """
game: runeworks
seats: 2
params: {level: 2}
deal: {hand:0: [H8, H9, H10, C2]}
setup: {first: P1, phase: play, melds: [{owner: P1, cards: [H5, H6, H7]}]}
""",
    )
    codes = [spec.code for spec in engine.state.cardset.physical()]  # type: ignore[union-attr]
    h8, h9, h10 = codes.index("H8"), codes.index("H9"), codes.index("H10")
    shape = "boost names one card and a meld, such as 'boost H8 to m0'"
    assert RUNEWORKS.why_not(engine.state, Action(0, "boost", (h8,), "m0")) == ""
    for cards, target in (((h8, h9), "m0"), ((h8,), "x0"), ((h8,), "mx"), ((), "m0")):
        assert RUNEWORKS.why_not(engine.state, Action(0, "boost", cards, target)) == shape, (cards, target)
    assert RUNEWORKS.why_not(engine.state, Action(0, "set", (h8, h9, h10))) == ""
    got = RUNEWORKS.why_not(engine.state, Action(0, "set", (h10, h8, h9)))
    assert got == "name each card once, in order: set H8 H9 H10"


def test_a_released_7_is_offered_alone_first_then_with_hand_cards(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Mutant: moves._seeks' `options.insert(0, ())` -> `insert(-1, ())` (the legal moves, which the
    table's chooser and the bots read in order, would put the bare Seek of a 7 among the others)."""
    engine, _events = _played(
        monkeypatch,
        tmp_path / "seek7.yaml",
        """
game: runeworks
seats: 2
params: {level: 2}
deal: {hand:1: [H5, H6, H8, C2]}
setup: {first: P2, discard: {card: H7, by: P1}}
""",
    )
    seeks = [" ".join(engine.describe(a).split()) for a in engine.legal_actions(1) if a.kind == "seek"]
    assert seeks == ["seek", "seek H5 H6", "seek H5 H6 H8", "seek H6 H8"]


def test_level_5_meld_damage_is_none_for_no_meld_then_30_50_and_60_from_three_on() -> None:
    """Mutants: meld_damage's `return 0` for no meld -> None, 1 or -1 (round_items asks only for a
    seat with melds, but the round-end screen's reasons and its test read it for every seat)."""
    assert [scoring.meld_damage(n) for n in range(6)] == [0, 30, 50, 60, 60, 60]


def test_a_deck_short_of_cards_names_the_first_eight_missing_and_says_when_there_are_more() -> None:
    """Mutants: deck_problems' `missing[:8]` -> `[:9]` and `len(missing) > 8` -> `> 9` or `<= 8` (the message a
    designer reads: `cardtable validate` and the game's refusal to deal)."""
    from types import SimpleNamespace

    from cardtable.games.runeworks.melds import deck_problems

    cards = RUNEWORKS.load_cardset(RUNEWORKS.resolve_params()).cards
    spades = {spec.code for spec in cards if spec.get("suit") == "S" and spec.get("rank") <= 10}

    def said(left_out: int) -> str:
        kept = [spec for spec in cards if spec.code not in spades or spec.get("rank") > left_out]
        ((_key, message),) = deck_problems(SimpleNamespace(cards=kept))  # type: ignore[arg-type]
        return message

    head = "the game needs the 52 cards of a standard deck;"
    assert said(8) == f"{head} 8 missing (S1, S2, S3, S4, S5, S6, S7, S8)"
    assert said(9) == f"{head} 9 missing (S1, S2, S3, S4, S5, S6, S7, S8 ...)"
    assert said(10) == f"{head} 10 missing (S1, S2, S3, S4, S5, S6, S7, S8 ...)"


@pytest.mark.parametrize("seats", [2, 6])
def test_the_score_bound_is_the_worst_round_a_magician_can_have(seats: int) -> None:
    """Mutants: worst_round_loss's constants one off (four 7s and four kings, 60 meld damage, a Blast
    Shot and a Shot from every other seat): the bound is exactly the worst round round_items can
    score, so the Level-5 score range neither cuts a real loss off nor sits loose."""
    deck = deck_of(RUNEWORKS.load_cardset(RUNEWORKS.resolve_params()))
    sevens_and_kings = [c for c in range(52) if deck.rank[c] in (7, 13)]
    params = RUNEWORKS.resolve_params({"level": 5, "blast_bonus_stacks": True})
    shooters = tuple(range(1, seats))
    outcome = scoring.RoundOutcome(shooters, shooters, 0)
    hands = [sevens_and_kings] + [[] for _ in shooters]
    items = scoring.round_items(params, outcome, hands, [3] + [0] * len(shooters), deck)
    worst = -sum(item["mp"] for item in items[0])
    assert worst == 4 * 30 + 4 * 13 + 60 + (seats - 1) * 60
    assert scoring.worst_round_loss(params, seats) == worst

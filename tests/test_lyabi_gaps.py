"""Lyabi gaps mutation testing found (issue 26, bench/mutate.py): the events a battle's log lines are
built from. Each test fails under the mutant its docstring names; rule gaps are scenarios instead
(tests/scenarios/lyabi/)."""

from __future__ import annotations

from cardtable.rules.actions import Action
from cardtable.rules.events import Announced, Event, Revealed
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig
from tests.stacked import stacked_session

SEATS = [SeatConfig("Ann", human=True), SeatConfig("Ben", human=True)]
AT_BATTLE = {"circles": ["CB0", "CR0"], "priority": "P1", "at": "battle"}


def _battle(p1: str, p2: str, deal: dict[str, list[str]]) -> list[Event]:
    """The events of the move that completes a battle: P1 commits `p1`, then P2 commits `p2`."""
    engine = stacked_session("lyabi", SEATS, deal, AT_BATTLE).engine
    engine.apply_text(0, p1)
    return engine.apply_text(1, p2)


def test_both_battle_cards_are_revealed_to_everyone() -> None:
    """Mutant: battle.reveal's `Revealed(seat, cards, ...)` event dropped (the log's "Ann reveals B3"
    line and every seat's knowledge of the shown cards would go)."""
    events = _battle("charge B3", "charge R5", {"hand:0": ["B3"], "hand:1": ["R5"]})
    shown = [e for e in events if isinstance(e, Revealed) and e.why == "battle"]
    assert [(e.seat, len(e.cards), e.viewers) for e in shown] == [(0, 1, None), (1, 1, None)]


def test_a_win_that_deals_no_damage_announces_no_damage() -> None:
    """Mutant: deal_damage's `battle["damage"] <= 0` -> `<= -1` (a win with no matching circle would
    be told as "0 damage" dealt)."""
    events = _battle("charge G3", "charge B3", {"hand:0": ["G3"], "hand:1": ["B3"]})
    battles = [e for e in events if isinstance(e, Announced) and e.what == "battle"]
    assert [(e.seat, e.detail["damage"]) for e in battles] == [(0, 0)]
    assert not [e for e in events if isinstance(e, Announced) and e.what == "damage"]


def test_moves_of_a_shape_no_notation_writes_are_refused_with_their_reasons() -> None:
    """Mutants: moves.py's "making change pays exactly 1 lyabi", "dummy takes nothing after it" made
    None, and `len(codes) > 2` -> `> 3` (making change taking 3 lyabi)."""
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B11", "B3"]}, {**AT_BATTLE, "at": "main"}).engine
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    b11, b3 = (
        next(c for c in engine.state.zones["hand:0"].cards if codes[c] == code) for code in ("B11", "B3")
    )
    assert engine.explain(Action(0, "change", (b11,), "B1+B3+B5")) == "making change takes at most 2 lyabi"
    assert engine.explain(Action(0, "change", (b11, b3), "B1")) == "making change pays exactly 1 lyabi"
    battle = stacked_session("lyabi", SEATS, {"hand:0": ["B3"]}, AT_BATTLE).engine
    card = battle.state.zones["hand:0"].cards[0]
    assert battle.explain(Action(0, "dummy", (card,))) == "dummy takes nothing after it"

"""Tests for gaps mutation testing found (issue 26): each fails under the mutant named in its docstring
(bench/mutate.py makes them; docs/mutation.md says how). Rule gaps that read like the rulebook are
scenarios instead (tests/scenarios/); these are the internal checks and the events a log is built from."""

from __future__ import annotations

from cardtable.games import get_game
from cardtable.rules.engine import Engine
from cardtable.rules.events import Announced, Event, GameEnded

LYABI = get_game("lyabi")


def _play_out(engine: Engine) -> list[list[Event]]:
    """Every action's events, playing to the end: a charge where there is one, else a pass, else the first
    legal action (a short game with battles fought)."""
    out: list[list[Event]] = []
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        kinds = {a.kind: a for a in reversed(legal)}
        out.append(engine.apply(kinds.get("charge") or kinds.get("pass") or legal[0]))
    return out


def test_lyabi_tells_every_battle_its_damage_and_the_end() -> None:
    """Mutants: the `battle`, `damage` or `GameEnded` event of lyabi/battle.py dropped."""
    engine = Engine.new(LYABI, 2, 0)
    per_action = _play_out(engine)
    events = [e for batch in per_action for e in batch]
    battles = [e for e in events if isinstance(e, Announced) and e.what == "battle"]
    damages = [e for e in events if isinstance(e, Announced) and e.what == "damage"]
    assert battles, "no battle was announced"
    hits = [e for e in battles if e.seat is not None and e.detail["damage"] > 0]
    assert hits and len(damages) == len(hits)
    hp = engine.state.scores
    assert damages[-1].detail["hp"] == hp[damages[-1].seat]
    assert isinstance(per_action[-1][-1], GameEnded)
    assert per_action[-1][-1].winners == tuple(engine.state.winners)

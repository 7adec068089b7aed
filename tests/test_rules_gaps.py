"""Tests for gaps mutation testing found (issue 26): each fails under the mutant named in its docstring
(bench/mutate.py makes them; docs/mutation.md says how). Rule gaps that read like the rulebook are
scenarios instead (tests/scenarios/); these are the internal checks and the events a log is built from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable import scenario
from cardtable.games import get_game
from cardtable.games.runeworks.melds import DeckError, deck_of
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


# -- Rune Works!: the game's own check() and the deck test ----------------------------------------
RUNEWORKS = get_game("runeworks")


def _scenario_engine(monkeypatch: pytest.MonkeyPatch, path: Path, text: str) -> Engine:
    """Run a scenario file and hand back its engine (the runner keeps it to itself)."""
    made: list[Engine] = []

    class Kept(Engine):
        @classmethod
        def new(cls, *args: Any, **kwargs: Any) -> Engine:
            engine = super().new(*args, **kwargs)
            made.append(engine)
            return engine

    monkeypatch.setattr(scenario, "Engine", Kept)
    path.write_bytes(text.encode("utf-8"))
    (result,) = scenario.run_file(path, get_game)
    assert result.passed, result.failures
    return made[-1]


def test_runeworks_check_accepts_q_k_a_and_flags_a_mixed_suit_sequence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Mutants of melds.is_sequence_span that check() alone reads (a suit test turned round, the ace's
    14 at the top of a run): scenarios never call check(), the invariant tests' random play rarely
    sets Q-K-A."""
    engine = _scenario_engine(
        monkeypatch,
        tmp_path / "qka.yaml",
        """
game: runeworks
seats: 2
params: {level: 1, ace_high_sequences: true}
setup: {first: P1, phase: play}
deal: {hand:0: [SQ, SK, SA, C2, HQ]}
moves: ["P1: set SQ SK SA"]
""",
    )
    assert RUNEWORKS.check(engine.state) == []
    codes = [spec.code for spec in engine.state.cardset.physical()]  # type: ignore[union-attr]
    meld, hand = engine.state.zones["meld:0"].cards, engine.state.zones["hand:0"].cards
    spade, heart = codes.index("SQ"), codes.index("HQ")
    meld[meld.index(spade)], hand[hand.index(heart)] = heart, spade
    assert RUNEWORKS.check(engine.state) == [f"meld:0 holds {tuple(sorted(meld))}, not a ES"]


class _Spec:
    def __init__(self, code: str, rank: int, suit: str) -> None:
        self.code, self.fields = code, {"rank": rank, "suit": suit}

    def get(self, key: str) -> Any:
        return self.fields.get(key)


class _Cards:
    """A stand-in card set: deck_of reads only id and physical() (the loader's schema already refuses
    rank 14 in cards/standard52.yaml; another card set for the game need not)."""

    id = "odd52"

    def __init__(self, specs: list[_Spec]) -> None:
        self.specs = specs

    def physical(self) -> list[_Spec]:
        return self.specs


def test_runeworks_refuses_a_card_set_with_a_rank_14_card() -> None:
    """Mutant: `1 <= rank <= 13` -> `<= 14` in melds.deck_of."""
    specs = [_Spec(f"{suit}{rank}", rank, suit) for suit in "SCHD" for rank in range(1, 14)]
    assert deck_of(_Cards(specs)).rank[12] == 13  # type: ignore[arg-type]
    specs[12] = _Spec("S14", 14, "S")
    with pytest.raises(DeckError, match="S14 needs rank 1-13"):
        deck_of(_Cards(specs))  # type: ignore[arg-type]
    specs[12] = _Spec("S0", 0, "S")
    with pytest.raises(DeckError, match="S0 needs rank 1-13"):
        deck_of(_Cards(specs))  # type: ignore[arg-type]

"""Tests for gaps mutation testing found (issue 26): each fails under the mutant named in its docstring
(bench/mutate.py makes them; docs/mutation.md says how). Rule gaps that read like the rulebook are
scenarios instead (tests/scenarios/); these are the internal checks and the events a log is built from."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from cardtable import scenario
from cardtable.cardsets import load_named
from cardtable.games import get_game
from cardtable.games.runeworks.melds import DeckError, deck_of
from cardtable.rules.actions import Action, IllegalAction, IllegalMoveError
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


def test_lyabi_scores_follow_the_hp_after_every_hit() -> None:
    """Mutant: `state.scores = list(data["hp"])` dropped from lyabi/battle.py deal_damage (the scores,
    a seat's HP, would lag until the game ends)."""
    engine = Engine.new(LYABI, 2, 0)
    hits = 0
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        kinds = {a.kind: a for a in reversed(engine.legal_actions(seat))}
        events = engine.apply(kinds.get("charge") or kinds.get("pass") or engine.legal_actions(seat)[0])
        for event in events:
            if isinstance(event, Announced) and event.what == "damage":
                hits += 1
                assert engine.state.scores[event.seat] == event.detail["hp"]
    assert hits


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
    nine = codes.index("S9")  # one suit again, but 9-K-A is no run
    where = next(z.cards for z in engine.state.zones.values() if nine in z.cards)
    meld[meld.index(heart)], where[where.index(nine)] = nine, heart
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


def _standard() -> list[_Spec]:
    return [_Spec(f"{suit}{rank}", rank, suit) for suit in "SCHD" for rank in range(1, 14)]


def test_runeworks_refuses_a_deck_with_a_card_twice_even_when_no_card_is_missing() -> None:
    """Mutant: melds.deck_of's `raise DeckError(... repeats rank ...)` dropped (a 53-card deck with
    one card twice would pass the 52-distinct-cards count)."""
    assert len(deck_of(_Cards(_standard())).rank) == 52  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="card S1b repeats rank 1 of suit S"):
        deck_of(_Cards([*_standard(), _Spec("S1b", 1, "S")]))  # type: ignore[arg-type]


def test_runeworks_refuses_a_card_set_with_a_rank_14_card() -> None:
    """Mutant: `1 <= rank <= 13` -> `<= 14` in melds.deck_of."""
    specs = _standard()
    assert deck_of(_Cards(specs)).rank[12] == 13  # type: ignore[arg-type]
    specs[12] = _Spec("S14", 14, "S")
    with pytest.raises(DeckError, match="S14 needs rank 1-13"):
        deck_of(_Cards(specs))  # type: ignore[arg-type]
    specs[12] = _Spec("S0", 0, "S")
    with pytest.raises(DeckError, match="S0 needs rank 1-13"):
        deck_of(_Cards(specs))  # type: ignore[arg-type]


# -- the engine: undo's answers and checks, the action bound, a card-set swap ---------------------
def _thawed(data: Any) -> Any:
    """A view's frozen public data as plain dicts and lists, to compare two positions."""
    if hasattr(data, "items"):
        return {key: _thawed(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_thawed(value) for value in data]
    return data


def _kind(engine: Engine, seat: int, kind: str) -> Action:
    return next(a for a in engine.legal_actions(seat) if a.kind == kind)


def test_undo_answers_none_not_yours_and_takes_back_only_the_seats_own_move() -> None:
    """Mutants: undo_refusal's "none"/"not_yours" answers, `history[-1]` -> `[-0]` (in can_undo and
    undo_refusal), engine.undo without its own can_undo check, _forget without _seal()."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    assert engine.undo_refusal(0) == ("none", None) and not engine.can_undo(0)
    with pytest.raises(IllegalAction):
        engine.undo(0)
    engine.apply(_kind(engine, 0, "noreveal"))  # Leady work: both seats commit in secret
    assert engine.undo_refusal(1) == ("not_yours", 0) and not engine.can_undo(1)
    with pytest.raises(IllegalAction):
        engine.undo(1)
    before = _thawed(engine.view(0).data)
    second = _kind(engine, 1, "noreveal")
    engine.apply(second)
    assert engine.undo_refusal(0) == ("not_yours", 1) and not engine.can_undo(0)
    assert engine.undo_refusal(1) == ("", None) and engine.can_undo(1)
    with pytest.raises(IllegalAction):
        engine.undo(0)  # the engine itself refuses another seat's move, not only its callers
    assert len(engine.state.history) == 2
    held = engine.view(0)  # a view kept across the undo (the table's last frame)
    after = _thawed(held.data)
    assert after != before
    assert engine.undo(1) == second
    assert engine.state.history == [_kind(Engine.new(RUNEWORKS, 2, 0), 0, "noreveal")]
    assert _thawed(engine.view(0).data) == before  # not the held view's position
    assert _thawed(held.data) == after  # and the held view still shows the one it was made at


def test_undo_answers_revealed_after_a_draw_and_over_at_the_end() -> None:
    """Mutants: undo_refusal's "revealed" and "over" answers, undo past a reveal."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    while not engine.state.history or engine.state.history[-1].kind != "draw":
        seat = engine.deciding_seats()[0]
        kinds = {a.kind: a for a in reversed(engine.legal_actions(seat))}
        engine.apply(kinds.get("noreveal") or kinds.get("draw") or engine.legal_actions(seat)[0])
    drawer = engine.state.history[-1].seat
    assert engine.undo_refusal(drawer) == ("revealed", None) and not engine.can_undo(drawer)
    with pytest.raises(IllegalAction):
        engine.undo(drawer)
    lyabi = Engine.new(LYABI, 2, 0)
    _play_out(lyabi)
    last = lyabi.state.history[-1].seat
    assert lyabi.undo_refusal(last) == ("over", None) and not lyabi.can_undo(last)
    with pytest.raises(IllegalAction):
        lyabi.undo(last)


def test_the_engine_stops_a_game_at_its_action_bound() -> None:
    """Mutant: the `len(history) >= max_actions` guard of Engine.apply dropped or turned."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    engine.apply(_kind(engine, 0, "noreveal"))
    engine.max_actions = 2
    engine.apply(_kind(engine, 1, "noreveal"))  # the second action is still within the bound
    seat = engine.deciding_seats()[0]
    with pytest.raises(RuntimeError, match="bound of 2 actions"):
        engine.apply(engine.legal_actions(seat)[0])
    assert len(engine.state.history) == 2


def test_a_card_set_swap_keeps_the_cards_and_forgets_the_old_position_data() -> None:
    """Mutants: swap_cardset's guard (other cards or counts) dropped, _forget without _seal()."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    old = engine.state.cardset
    with pytest.raises(ValueError, match="other cards or counts"):
        engine.swap_cardset(load_named("lyabi"))
    assert engine.state.cardset is old
    fewer = dataclasses.replace(old, cards=old.cards[:-1])  # type: ignore[type-var]
    with pytest.raises(ValueError, match="other cards or counts"):
        engine.swap_cardset(fewer)
    held = engine.view(0)
    edited = dataclasses.replace(old, title=old.title)  # type: ignore[type-var]
    engine.swap_cardset(edited)
    fresh = engine.view(0)
    assert fresh.cardset is edited and held.cardset is old
    assert fresh.data is not held.data  # worked out again for the new card set, not the held view's


def test_an_action_the_game_gives_no_reason_for_is_still_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutant: `game.explain(...) or f"... is not allowed now"` -> `and` in Engine.explain."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    monkeypatch.setattr(engine.game, "explain", lambda state, action: "")
    fly = Action(0, "fly")
    assert engine.explain(fly) == "fly is not allowed now"
    with pytest.raises(IllegalMoveError, match="fly is not allowed now"):
        engine.apply(fly)
    assert engine.state.history == []

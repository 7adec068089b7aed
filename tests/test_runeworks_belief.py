"""Rune Works! re-deals (belief.py): the other hands are dealt as kept hands, within what the view allows.

- a re-deal after some turns gives the other seat a hand that costs less to go out with
  (evaluate.hand_cost) than the uniform deal of the same cards does, on average over many re-deals;
- every card stays where the view proves it is (a card shown at Leady work stays in its hand), and
  each unseen card only goes where the view says it could be;
- at the first turn (nothing drawn yet) the deal is the uniform one, card for card.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.games import get_game
from cardtable.games.runeworks import belief
from cardtable.games.runeworks.evaluate import hand_cost
from cardtable.games.runeworks.melds import deck_of
from cardtable.rules.engine import Engine
from cardtable.rules.events import UNKNOWN
from cardtable.rules.game import KNOWN
from cardtable.rules.rng import Rng


def _engine_after(turns: int, seed: int = 3) -> Engine:
    """A heuristic two-seat game at the start of seat 0's turn after `turns` of its turns."""
    engine = Engine.new(get_game("runeworks"), 2, seed, {})
    bots = [make_bot("heuristic", "runeworks", seed * 2 + seat) for seat in range(2)]
    seen = 0
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)
        if seat == 0 and any(a.kind == "draw" for a in view.legal):
            if seen == turns:
                return engine
            seen += 1
        engine.apply(bots[seat].choose(view))
    raise AssertionError("the game ended before that turn")


def _mean_cost(engine: Engine, turns: int) -> float:
    game = engine.game
    view = engine.view(0)
    deck = deck_of(view.cardset)
    total = 0.0
    saved = belief.TURNS
    belief.TURNS = turns
    try:
        for k in range(40):
            total += hand_cost(game.determinize(view, Rng(k)).zones["hand:1"].cards, deck)
    finally:
        belief.TURNS = saved
    return total / 40


def test_a_redealt_hand_is_a_kept_hand_not_a_random_one() -> None:
    engine = _engine_after(4)
    assert belief.turns_taken(engine.state) >= 3
    uniform, kept = _mean_cost(engine, 0), _mean_cost(engine, belief.TURNS)
    # a random 7 is mostly loose cards (~8-9); four turns of keeping the best bring it down by over one
    assert kept < uniform - 1.0, (uniform, kept)


def test_the_first_turn_deals_uniformly() -> None:
    engine = _engine_after(0)
    view = engine.view(0)
    assert belief.turns_taken(engine.state) == 0
    saved = belief.TURNS
    try:
        dealt = engine.game.determinize(view, Rng(5)).canonical()
        belief.TURNS = 0
        assert engine.game.determinize(view, Rng(5)).canonical() == dealt
    finally:
        belief.TURNS = saved


@pytest.mark.parametrize("turns", [2, 5])
def test_a_sharpened_deal_keeps_what_the_view_proves(turns: int) -> None:
    engine = _engine_after(turns, seed=8)
    view = engine.view(0)
    places = view.data[KNOWN]["places"]
    allowed: dict[int, set[str]] = {c: set(zones) for zones, cards in places for c in cards}
    shown = {c for zone in view.zones.values() for c in zone.cards if c != UNKNOWN}
    pinned = [c for zones, cards in places if set(zones) == {"hand:1"} for c in cards]
    for k in range(20):
        state: Any = engine.game.determinize(view, Rng(k))
        for name, zone in view.zones.items():
            cards = state.zones[name].cards
            assert len(cards) == len(zone.cards)
            for index, card in enumerate(zone.cards):
                if card != UNKNOWN:
                    assert cards[index] == card, f"{name}: a card the view shows was moved"
                else:
                    assert cards[index] not in shown and name in allowed[cards[index]], (name, cards[index])
        assert set(pinned) <= set(state.zones["hand:1"].cards)


def test_a_claim_drawn_for_another_seat_stays_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four seats, a claim window where other seats have committed: the re-deal draws their claims from
    the hands it dealt, so sharpening those hands after it left a Call naming cards no longer there."""
    # one replay a hand: the retries (belief.TRIES) only ever redo the discarder's, which has no claim
    # here, and they cost this many re-deals 40% more
    monkeypatch.setattr(belief, "TRIES", 1)
    game = get_game("runeworks")
    calls = 0
    for seed in range(12):
        engine = Engine.new(game, 4, seed, {})
        bots = [make_bot("heuristic", "runeworks", seed * 4 + seat) for seat in range(4)]
        while not engine.is_over() and calls < 40:
            seat = engine.deciding_seats()[0]
            view = engine.view(seat)
            pending = engine.state.pending
            if pending is not None and pending.commits and belief.turns_taken(engine.state):
                for k in range(30):
                    dealt = game.determinize(view, Rng(k))
                    assert dealt.pending is not None
                    if not any(a.kind == "call" for s, a in dealt.pending.commits.items() if s != seat):
                        continue
                    for other, claim in dealt.pending.commits.items():
                        if other != seat and claim.kind == "call":
                            calls += 1
                            hand = dealt.zones[f"hand:{other}"].cards
                            assert set(claim.cards) <= set(hand), (seed, k, claim, hand)
            engine.apply(bots[seat].choose(view))
        if calls >= 40:
            break
    assert calls, "no re-deal drew another seat's Call"


def _mean_against(engine: Engine, record: float, redeals: int = 30) -> float:
    """How much the other seat's public record holds against its re-dealt hands, on average."""
    game = engine.game
    view = engine.view(0)
    seen = belief.evidence(engine.state, 1, deck_of(view.cardset))
    saved = belief.RECORD
    belief.RECORD = record
    try:
        hands = [game.determinize(view, Rng(k)).zones["hand:1"].cards for k in range(redeals)]
    finally:
        belief.RECORD = saved
    return sum(belief.against(hand, seen) for hand in hands) / redeals


def test_a_redealt_hand_answers_to_the_seats_releases_and_passes() -> None:
    """A magician releases the card it needs least and Calls or Seeks when it can: the re-deal reads
    the view's `releases` and seldom gives the other seat a partner of a card it just released or a
    pair it passed a Call or a Seek with (belief.py's docstring has the rates in heuristic games)."""
    engine = _engine_after(4)
    view = engine.view(0)
    releases = view.data["releases"]
    assert any(r["seat"] == 1 for r in releases) and any(r["drew"] == 1 for r in releases)
    single, pairs = belief.evidence(engine.state, 1, deck_of(view.cardset))
    last = next(r for r in reversed(releases) if r["seat"] == 1)
    deck = deck_of(view.cardset)
    same_rank = [c for c in range(52) if c != last["card"] and deck.rank[c] == deck.rank[last["card"]]]
    assert all(single[c] >= belief.SAME_RANK for c in same_rank)  # it released the card just now
    assert pairs, "no pass or Draw read"
    read, unread = _mean_against(engine, belief.RECORD), _mean_against(engine, 0.0)
    assert read < unread * 0.6, (read, unread)


def test_a_redealt_hand_is_one_its_seat_would_have_released_its_last_card_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other seat's last Release tops the pool: the hand it holds now is the one it released that
    card from. `would_release` asks the heuristic bot; it agrees with the true hands of a heuristic
    game, and the re-deal tries again (belief.TRIES) until its hand agrees too."""
    game = get_game("runeworks")
    engine = Engine.new(game, 2, 5, {})
    bots = [make_bot("heuristic", "runeworks", 10 + seat) for seat in range(2)]
    agreed = asked = 0
    while not engine.is_over() and asked < 8:
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)
        releases = engine.state.data["releases"]
        if seat == 0 and any(a.kind == "draw" for a in view.legal) and releases and releases[-1]["seat"] == 1:
            asked += 1
            agreed += belief.would_release(
                engine.state, 1, releases[-1]["card"], Rng(asked), game.public_data
            )
        engine.apply(bots[seat].choose(view))
    assert asked == 8 and agreed >= 7, (agreed, asked)

    monkeypatch.setattr(belief, "MISREAD", 0.0)  # every hand reads the record
    engine = _engine_after(5, seed=8)  # a position where a hand kept at random seldom fits
    view = engine.view(0)
    card = view.data["releases"][-1]["card"]
    assert view.data["releases"][-1]["seat"] == 1

    def fitting(tries: int) -> int:
        saved = belief.TRIES
        belief.TRIES = tries
        try:
            dealt = [game.determinize(view, Rng(k)) for k in range(12)]
        finally:
            belief.TRIES = saved
        return sum(belief.would_release(state, 1, card, Rng(0), game.public_data) for state in dealt)

    assert fitting(belief.TRIES) >= fitting(1) + 5

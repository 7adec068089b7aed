"""Search support for every registered game: `GameState.fork` and re-dealing from a view (`determinize`).

- a fork is the same position and independent: random moves on it leave the original's digest as it was;
- what each seat knows of the cards it cannot see (rules/knowledge.py) is never wrong: the true zone
  of every card is among the zones it could be in, at every position of random playouts, and what it
  knows at the deal comes from the setup's public definition, not from the shuffle;
- a re-dealt state is legal (every invariant holds) and gives its seat the very same view (so the same
  legal moves, counts, data and pending decision); it reads only the view: two true states with the
  same view re-deal identically from the same rng, and re-dealing from the re-dealt state's view gives
  it back;
- across many re-deals of one view every unseen card lands in every zone it could be in.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.games import all_games, entry_for
from cardtable.rules.determinize import fits
from cardtable.rules.engine import Engine
from cardtable.rules.events import UNKNOWN
from cardtable.rules.game import KNOWN
from cardtable.rules.invariants import check_invariants
from cardtable.rules.rng import Rng

GAMES = list(all_games())


def _variant(gid: str) -> dict[str, object]:
    return dict(entry_for(gid).variants[-1])


def _positions(gid: str, seed: int, stops: int, seats: int | None = None) -> Iterator[Engine]:
    """The engine at `stops` random positions of one random game (fewer if it ends first)."""
    game = all_games()[gid]
    engine = Engine.new(game, seats or game.min_seats, seed, _variant(gid))
    rng = random.Random(seed)
    horizon = min(engine.max_actions, 200)
    marks = sorted(rng.sample(range(horizon), k=min(stops, horizon)))
    made = 0
    for mark in marks:
        while made < mark and not engine.is_over():
            engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
            made += 1
        if engine.is_over():
            return
        yield engine


@pytest.mark.parametrize("gid", GAMES)
def test_a_fork_is_the_same_position_and_independent(gid: str) -> None:
    game = all_games()[gid]
    rng = random.Random(3)
    for engine in _positions(gid, 3, 5, game.max_seats):
        state = engine.state
        before = state.digest()
        fork = state.fork()
        assert fork.canonical() == state.canonical()
        assert fork.cardset is state.cardset and fork.params is state.params  # shared, never written
        ahead = Engine(game, fork)
        for _ in range(25):
            if ahead.is_over():
                break
            ahead.apply(rng.choice(ahead.legal_actions(ahead.deciding_seats()[0])))
        assert state.digest() == before, f"{gid}: moves on a fork changed the original"
        assert fork.canonical() != before or fork.over


@pytest.mark.parametrize("gid", GAMES)
def test_what_a_seat_knows_of_hidden_cards_is_never_wrong(gid: str) -> None:
    checked = 0
    for engine in _positions(gid, 5, 40):
        state = engine.state
        knowledge = state.knowledge
        assert knowledge is not None
        truth = {card: name for name, zone in state.zones.items() for card in zone.cards}
        for observer in range(state.seats + 1):
            for card, zones in knowledge.where[observer].items():
                assert truth[card] in zones, f"observer {observer} rules out {card}'s place {truth[card]}"
                checked += 1
    assert checked


@pytest.mark.parametrize("gid", GAMES)
def test_knowledge_at_the_deal_comes_from_the_rules_not_the_shuffle(gid: str) -> None:
    """Where a seat thinks a card it cannot see could be, right after the deal, is the same in every
    deal for the cards it sees in neither: a setup that dealt cards without saying so (no move event)
    would pin each shuffled card where it fell, different from seed to seed."""
    game = all_games()[gid]
    states = [Engine.new(game, game.min_seats, seed, _variant(gid)).state for seed in (1, 2)]
    compared = 0
    for observer in range(states[0].seats):
        hidden = []
        for state in states:
            seen = {c for z in state.zones.values() if z.sees_all(observer) for c in z.cards}
            hidden.append({c for z in state.zones.values() for c in z.cards} - seen)
        for card in hidden[0] & hidden[1]:
            places = [state.knowledge.where[observer][card] for state in states]  # type: ignore[union-attr]
            assert places[0] == places[1], f"seat {observer} knows where {card} is from the shuffle"
            compared += 1
    if not compared:
        pytest.skip(f"{gid}: nothing hidden at the deal")


@pytest.mark.parametrize("gid", GAMES)
def test_a_redeal_is_legal_and_gives_its_seat_the_same_view(gid: str) -> None:
    game = all_games()[gid]
    redeals = 0
    for engine in _positions(gid, 7, 6):
        for seat in [*range(engine.state.seats), None]:
            view = engine.view(seat)
            dealt = game.determinize(view, Rng(seat or 0))
            again = Engine(game, dealt)
            assert not check_invariants(again), f"{gid}: {check_invariants(again)}"
            seen = again.view(seat)
            assert seen == view, (
                f"seat {seat}: {[f for f in view._fields if getattr(view, f) != getattr(seen, f)]}"
            )
            # the same view and rng give the same deal, whichever true state the view came from
            assert game.determinize(seen, Rng(seat or 0)).canonical() == dealt.canonical()
            redeals += 1
    assert redeals


@pytest.mark.parametrize("gid", GAMES)
def test_two_true_states_with_one_view_redeal_alike(gid: str) -> None:
    """Cards hidden from the seat swapped in a copy of the true state: the views are equal, so are the
    re-deals (the re-deal never reads the state)."""
    game = all_games()[gid]
    rng = random.Random(13)
    swaps = 0
    for engine in _positions(gid, 13, 6):
        for seat in range(engine.state.seats):
            spots = [
                (name, index)
                for name, zone in engine.state.zones.items()
                for index in range(len(zone.cards))
                if not zone.sees_index(seat, index)
            ]
            if len(spots) < 2:
                continue
            (za, ia), (zb, ib) = rng.sample(spots, 2)
            other = engine.state.copy()
            a, b = other.zones[za].cards, other.zones[zb].cards
            a[ia], b[ib] = b[ib], a[ia]
            twin = Engine(game, other)
            assert other.canonical() != engine.state.canonical()
            assert twin.view(seat) == engine.view(seat)
            first = game.determinize(engine.view(seat), Rng(seat))
            second = game.determinize(twin.view(seat), Rng(seat))
            assert first.canonical() == second.canonical()
            swaps += 1
    if not swaps:
        pytest.skip(f"{gid}: nothing was hidden from a seat")


@pytest.mark.parametrize("gid", GAMES)
def test_every_unseen_card_lands_in_every_zone_it_could_be_in(gid: str) -> None:
    """Every (card, zone) that some deal consistent with the view allows (the seat's possible places
    and the counts: worked out by a matching) turns up in a few hundred re-deals, and no other."""
    game = all_games()[gid]
    for engine in _positions(gid, 17, 3):
        seat = engine.deciding_seats()[0]
        view = engine.view(seat)
        holes = {
            name: [i for i, card in enumerate(zone.cards) if card == UNKNOWN]
            for name, zone in view.zones.items()
            if UNKNOWN in zone.cards
        }
        shown = {card for zone in view.zones.values() for card in zone.cards if card != UNKNOWN}
        possible = {
            card: tuple(z for z in zones if z in holes)
            for zones, cards in view.data[KNOWN]["places"]
            for card in cards
            if card not in shown
        }
        groups: dict[tuple[str, ...], int] = {}
        for zones in possible.values():
            groups[zones] = groups.get(zones, 0) + 1
        room = {name: len(spots) for name, spots in holes.items()}
        could = set()
        for card, zones in possible.items():
            for name in zones:
                groups[zones] -= 1
                room[name] -= 1
                if fits(groups, room):
                    could.add((card, name))
                groups[zones] += 1
                room[name] += 1
        if not could:
            continue
        landed = set()
        for n in range(400):
            dealt = game.determinize(view, Rng(n))
            for name, spots in holes.items():
                landed.update((dealt.zones[name].cards[i], name) for i in spots)
            if could <= landed:
                break
        assert landed <= could, f"{gid}: cards dealt where the seat knows they cannot be"
        assert could <= landed, f"{gid}: never dealt {sorted(could - landed)[:5]}"
        return
    pytest.skip(f"{gid}: no hidden cards in the positions tried")

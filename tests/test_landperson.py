"""Land & Person: what its scenarios cannot say: the card set's numbers, the halves and the recommended
build of deck construction, decks given as parameters, and the heuristic bot's strength."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.cardsets import load_named
from cardtable.games import get_game
from cardtable.games.landperson.cards import (
    deck_problem,
    deck_text,
    half,
    lands,
    mix_band,
    parse_deck,
    persons,
    recommended,
    recommended_deck,
)
from cardtable.rules.engine import Engine
from cardtable.rules.game import ParamError
from cardtable.simulate import simulate

GAME = get_game("landperson")
CARDS = load_named("landperson")


def _stat(card: int, name: str) -> int:
    return int(CARDS.physical()[card].get(name, 0))


def test_the_card_set_holds_eight_land_kinds_twice_and_ninety_persons_in_the_recommended_bands() -> None:
    assert len(lands(CARDS)) == 16
    assert Counter(CARDS.physical()[c].code for c in lands(CARDS)) == {f"L{i}": 2 for i in range(1, 9)}
    bands = Counter(mix_band(_stat(c, "cost")) for c in persons(CARDS))
    assert len(persons(CARDS)) == 90 and bands == {0: 45, 1: 31, 2: 14}


@pytest.mark.parametrize("seat", [0, 1])
def test_each_half_holds_one_land_of_each_kind_and_45_persons(seat: int) -> None:
    land_pool, person_pool = half(CARDS, seat)
    assert sorted(CARDS.physical()[c].code for c in land_pool) == [f"L{i}" for i in range(1, 9)]
    assert sum(_stat(c, "stars") for c in land_pool) == 18
    assert len(person_pool) == 45


@pytest.mark.parametrize("seat", [0, 1])
def test_the_recommended_build_is_the_20_14_6_mix_and_lands_worth_exactly_ten_stars(seat: int) -> None:
    deck = recommended_deck(CARDS, seat, 40, 10)
    assert deck_problem(CARDS, deck, 40, 10) == ""
    people = [c for c in deck if c in set(persons(CARDS))]
    assert Counter(mix_band(_stat(c, "cost")) for c in people) == {0: 20, 1: 14, 2: 6}
    assert set(deck) <= set(sum(half(CARDS, seat), []))


def test_fill_the_rest_keeps_what_was_chosen() -> None:
    _lands, pool = half(CARDS, 0)
    chosen = [c for c in pool if _stat(c, "cost") >= 3]  # all 7 expensive ones: more than recommended
    deck = recommended(CARDS, pool, 40, chosen)
    assert set(chosen) <= set(deck) and len(deck) == 40


def test_a_deck_text_round_trips_and_is_played_as_given() -> None:
    land_pool, person_pool = half(CARDS, 1)
    deck = recommended_deck(CARDS, 1, 40, 10)
    text = deck_text(CARDS, deck)
    assert parse_deck(CARDS, text, land_pool + person_pool) == sorted(deck)
    own = "L8 L6 L7 " + " ".join(f"{CARDS.physical()[c].code}" for c in sorted(person_pool)[:40])
    engine = Engine.new(GAME, 2, 3, {"deck_2": own, "first_player": 1})
    codes = sorted(CARDS.physical()[c].code for c in engine.state.zones["lands:1"].cards)
    assert codes == ["L6", "L7", "L8"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("L1 L2 P01x5", "holds 40 persons, not 5"),
        ("L1 L1 L8", "your half holds 0 more"),
        ("L1 XX", "'XX' is not a card"),
        ("L1 P01x?", "not a card code with an optional count"),
    ],
)
def test_a_bad_deck_is_a_clear_parameter_error(text: str, reason: str) -> None:
    with pytest.raises(ParamError, match=reason.replace("(", r"\(").replace("?", r"\?")):
        Engine.new(GAME, 2, 0, {"deck_1": text})


def test_a_deck_not_worth_ten_stars_is_refused() -> None:
    _lands, pool = half(CARDS, 0)
    people = " ".join(CARDS.physical()[c].code for c in sorted(pool)[:40])
    with pytest.raises(ParamError, match="worth ★10, not ★4"):
        Engine.new(GAME, 2, 0, {"deck_1": "L8 " + people})


@pytest.mark.parametrize("mode", ["deck", "shared"])
def test_the_heuristic_bot_beats_the_random_bot(mode: str) -> None:
    report = simulate("landperson", 2, 10, 0, {"mode": mode}, ["heuristic", "random"])
    swapped = simulate("landperson", 2, 10, 100, {"mode": mode}, ["random", "heuristic"])
    assert report.bot_wins["heuristic"] + swapped.bot_wins["heuristic"] >= 16

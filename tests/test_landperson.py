"""Land & Person: what its scenarios cannot say: the card set's numbers, the halves and the recommended
build of deck construction, decks given as parameters, the heuristic bot's strength, and every refusal
the rules can give said in Japanese."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardtable.cardsets import load_named
from cardtable.games import get_game
from cardtable.games.landperson import moves
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
from cardtable.rules import game as game_rules
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.game import ParamError
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig
from cardtable.simulate import simulate
from tests.reasons import pattern, playout_reasons, templates, untranslated
from tests.stacked import stacked_session

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
    # five games from each seat: twenty reached no line or branch of the game or the bot that these ten
    # do not (coverage.py), and 9 of 10 is a higher bar than 16 of 20 (a coin-flipping bot passes 1%)
    report = simulate("landperson", 2, 5, 0, {"mode": mode}, ["heuristic", "random"])
    swapped = simulate("landperson", 2, 5, 100, {"mode": mode}, ["random", "heuristic"])
    assert report.bot_wins["heuristic"] + swapped.bot_wins["heuristic"] >= 9


# -- every refusal in Japanese --------------------------------------------------------------------
PLAYOUTS: list[tuple[dict[str, object], int]] = [  # each mode and the rule switches that change refusals
    ({"mode": "deck"}, 1),
    ({"mode": "shared"}, 2),
    ({"mode": "deck", "recruit_payment": "exhaust_int", "below_cost_attempts": True}, 3),
    ({"mode": "shared", "first_person_ready": False, "attacks_per_turn": 0}, 4),
]
SEATS = [SeatConfig("Ann"), SeatConfig("Bob")]


def _at(deal: dict[str, list[str]], phase: str, moves: tuple[str, ...] = (), **params: object) -> Engine:
    """A deck-construction game with `params` stacked as a scenario stacks it, P1 to play in `phase`,
    after `moves` (`P2: siege`: a move of P2, else of P1)."""
    setup = {"first": "P1", "phase": phase}
    engine = stacked_session("landperson", SEATS, deal, setup, params={"mode": "deck", **params}).engine
    for text in moves:
        seat, _, move = text.rpartition(": ")
        engine.apply(engine.parse(1 if seat == "P2" else 0, move))
    return engine


def _named(engine: Engine, seat: int, kind: str, code: str = "") -> str:
    """The rule's reason for `seat`'s move of `kind` naming the card `code` (its lowest copy in sight)."""
    state = engine.state
    cards: tuple[int, ...] = ()
    if code:
        codes = physical_codes(CARDS)
        cards = (min(c for zone in state.zones.values() for c in zone.cards if codes[c] == code),)
    return GAME.why_not(state, Action(seat, kind, cards))


def _rare_reasons() -> dict[str, str]:
    """Positions a playout rarely (or, for the rules' own guards, never) reaches, and the reason of a move
    refused in each. The first two are set up by hand: the setup step never leaves a seat deciding there."""
    out: dict[str, str] = {}
    shared = Engine.new(GAME, 2, 0, {"mode": "shared"})
    state = shared.state
    hand, deck = state.zones["hand:0"].cards, state.zones["deck"].cards
    for i, card in enumerate(hand):  # only persons too costly to be a first person in hand
        if _stat(card, "cost") <= 2:
            swap = next(c for c in deck if _stat(c, "cost") > 2)
            hand[i], deck[deck.index(swap)] = swap, card
    shared.apply(Action(0, "nofirst"))
    out["declined twice"] = GAME.why_not(state, Action(0, "nofirst"))
    shared = Engine.new(GAME, 2, 0, {"mode": "shared"})
    state = shared.state
    hand = state.zones["hand:0"].cards
    state.zones["first:0"].cards.append(hand.pop())
    state.zones["deck"].cards.extend(hand[5:])  # first person laid, hand kept, the seat not yet done
    del hand[5:]
    out["put back below the hand"] = GAME.why_not(state, Action(0, "putback", (hand[0],)))
    out["no land left"] = _named(_at({"lands:0": []}, "domestic"), 0, "commerce")
    repair = _at({"ruins:0": ["L4"], "lands:0": ["L1"], "field:0": ["P01"]}, "domestic")
    out["repair below its cost"] = _named(repair, 0, "repair", "L4")
    out["a Scout on an empty deck"] = _named(
        _at({"field:0": ["P09"], "deck:0": []}, "domestic"), 0, "use", "P09"
    )
    # in play the battle phase is skipped once no attack is left: a scenario's position starts in it
    out["attacked already"] = _named(_at({"field:0": ["P04"]}, "battle", attacks_per_turn=0), 0, "attack")
    out["nobody to attack with"] = _named(_at({"field:0": []}, "battle"), 0, "attack")
    defend = _at({"field:0": ["P04"], "field:1": []}, "battle", ("attack", "add P04", "done"))
    out["nobody to intercept with"] = _named(defend, 1, "intercept")
    return out


def test_every_refusal_the_rules_can_give_is_said_in_japanese() -> None:
    """The table shows the rules' refusal in the chosen language: every reason met in playouts of both
    modes and in the constructed positions has Japanese words, and together they are every sentence the
    rules (moves.py) write, so a reason added without its Japanese fails here."""
    met: set[str] = set()
    for params, seed in PLAYOUTS:
        met |= set(playout_reasons(GAME, params, seed, steps=200))
    rare = _rare_reasons()
    assert all(rare.values()), f"a constructed position is no longer refused: {rare}"
    met |= set(rare.values())
    assert not untranslated(GAME, met), "\n".join(untranslated(GAME, met))
    written = templates(Path(moves.__file__)) + templates(
        Path(game_rules.__file__), ("one_card", "copy_reason")
    )
    unmet = [t for t in map(pattern, written) if not any(t.fullmatch(reason) for reason in met)]
    assert not unmet, f"reasons the rules write that no playout or position met: {unmet}"

"""Land & Person gaps mutation testing found (issue 26, bench/mutate.py): the events the log's lines
are built from, the public state the table shows and what each seat knows. Each test fails under the
mutant its docstring names; rule gaps are scenarios instead (tests/scenarios/landperson/)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.cardsets import load_named
from cardtable.games import get_game
from cardtable.games.landperson.cards import best_lands, half, mix_band, parse_deck, person_value, recommended
from cardtable.games.landperson.effects import VOCAB, bonus, power, stat
from cardtable.resources import cardset_path
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.events import UNKNOWN, Announced, CardsMoved, Event, GameEnded, Shuffled
from cardtable.rules.game import CardProblem, ParamError
from cardtable.rules.narration import Cards, Seat, phrase
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig, Session
from tests.gap_helpers import assert_number_options, assert_seats, edited_set
from tests.stacked import stacked_session

SEATS = [SeatConfig("Ann", human=True), SeatConfig("Ben", human=True)]
BATTLE = {"first": "P1", "phase": "battle"}
CARDS = cardset_path("landperson")


def _engine(deal: dict[str, list[str]], **params: Any) -> Engine:
    return stacked_session("landperson", SEATS, deal, BATTLE, params=params).engine


def _play(engine: Engine, moves: list[tuple[int, str]]) -> list[Event]:
    return [e for seat, text in moves for e in engine.apply_text(seat, text)]


def _told(events: list[Event]) -> list[str]:
    return [e.what for e in events if isinstance(e, Announced)]


def test_the_attackers_are_acted_once_the_attack_is_declared() -> None:
    """Mutant: battle.attack_total's `set_status(state, card, "acted")` dropped (attackers would stay
    ready: turned back up on the table and free to act again)."""
    engine = _engine({"field:0": ["P10", "P02"], "field:1": ["P07"]}, mode="shared")
    _play(engine, [(0, "attack"), (0, "add P10"), (0, "add P02"), (0, "done")])
    status = engine.view(1).data["status"]  # type: ignore[index]
    attackers = engine.state.zones["field:0"].cards
    assert sorted(status[str(c)] for c in attackers) == ["acted", "acted"]


def test_a_siege_that_holds_and_an_intercept_won_are_told() -> None:
    """Mutants: battle.resolve's `siege_holds`, `intercept_won` and `fight` announcements dropped (the
    log's "the siege holds", "Ann wins the intercept" and "attack 5 against 8" lines would go, and the
    table's note of who fought whom)."""
    siege = _engine(
        {"field:0": ["P10", "P07"], "field:1": ["P02"], "lands:1": ["L8"], "hand:0": []}, mode="deck"
    )
    events = _play(siege, [(0, "attack"), (0, "add P10"), (0, "add P07"), (0, "done"), (1, "siege")])
    events += _play(siege, [(1, "add P02"), (1, "done")])
    assert "siege_holds" in _told(events)
    fights = [(e.seat, e.detail) for e in events if isinstance(e, Announced) and e.what == "fight"]
    defenders = list(siege.state.zones["field:1"].cards)  # P02, with L8's siege 7 behind it
    assert fights == [(0, {"mode": "siege", "attack": 5, "defence": 8, "defenders": defenders})]
    fight = _engine({"field:0": ["P10", "P02"], "field:1": ["P07", "P04"], "hand:0": []}, mode="shared")
    moves = [(0, "attack"), (0, "add P10"), (0, "add P02"), (0, "done"), (1, "intercept")]
    events = _play(fight, [*moves, (1, "add P07"), (1, "add P04"), (1, "done")])
    won = [e for e in events if isinstance(e, Announced) and e.what == "intercept_won"]
    assert [(e.seat, e.detail["captures"]) for e in won] == [(0, 1)]


def test_moves_of_a_shape_no_notation_writes_are_refused_with_their_reasons() -> None:
    """Mutants: moves.py's `return bad` of `top` and `pay` (one card) and `recruit`'s copy rule made
    None (another copy of a hand card would be recruited)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"hand:0": ["P01", "P01", "P10"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck"},
    ).engine
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    low, high = sorted(c for c in engine.state.zones["hand:0"].cards if codes[c] == "P01")
    assert engine.explain(Action(0, "recruit", (low,))) == ""
    assert (
        engine.explain(Action(0, "recruit", (high,)))
        == "P01: a move names the lowest-numbered copy of a card"
    )
    assert "one card" in engine.explain(Action(0, "top", (low, high)))
    assert "one card" in engine.explain(Action(0, "pay", (low, high)))


def test_a_scout_puts_back_the_lowest_copy_of_two_alike() -> None:
    """Mutant: moves._why_not_top's copy rule made None (a Scout looking at two Merchants could put
    back either copy: two moves for one outcome, and one the notation cannot write)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"hand:0": ["P02"], "field:0": ["P09"], "deck:0": ["P03", "P03", "P05"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck"},
    ).engine
    engine.apply_text(0, "use P09")
    low, high = sorted(engine.state.zones["peek:0"].cards)
    assert engine.explain(Action(0, "top", (low,))) == ""
    assert engine.explain(Action(0, "top", (high,))) == "P03: a move names the lowest-numbered copy of a card"


def test_a_wanderer_released_is_named_by_its_lowest_copy() -> None:
    """Mutants: moves.py's `release` rule: its `return bad` (one card) or its copy rule made None."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"wander:0": ["P01", "P01"]},
        {"first": "P1", "phase": "start"},
        params={"mode": "deck"},
    ).engine
    if engine.state.phase == "return":
        engine.apply_text(0, "norecall")
    assert engine.state.phase == "income"
    low, high = sorted(engine.state.zones["wander:0"].cards)
    assert engine.explain(Action(0, "release", (low,))) == ""
    assert (
        engine.explain(Action(0, "release", (high,)))
        == "P01: a move names the lowest-numbered copy of a card"
    )
    assert "one card" in engine.explain(Action(0, "release", (low, high)))


def test_ability_numbers_stay_within_one_to_nine() -> None:
    """Mutants: effects.py's `bonus` amount or `look_top`/`extra_capture` count limits (minimum 1,
    maximum 9) changed by one."""
    ok, problems = VOCAB.compile_list(
        [{"bonus": {"stat": "int", "task": "commerce", "amount": n}} for n in (1, 9)]
        + [{"look_top": 1}, {"extra_capture": 9}]
    )
    assert not problems and len(ok) == 4
    _, problems = VOCAB.compile_list(
        [{"bonus": {"stat": "atk", "task": "attack", "amount": n}} for n in (0, 10)]
        + [{"look_top": 0}, {"extra_capture": 10}]
    )
    assert [m for _, m in problems] == [
        "bonus: amount must be at least 1, not 0",
        "bonus: amount must be at most 9, not 10",
        "look_top: count must be at least 1, not 0",
        "extra_capture: count must be at most 9, not 10",
    ]


def test_a_bonus_counts_its_amounts_for_its_own_task_and_a_special_only_when_specials_count() -> None:
    """Mutants: effects._Abilities' bonus sum starting at 1 (`get(key, 0)` -> 1), and `bonus()`'s
    default of 0 for a task the card has no bonus for made 1 or -1, or its specials switch read the
    wrong way (`[0]` -> `[-1]` / `[1]`: the Militia's defend bonus counted when specials are off). The
    bot and the table's totals read `bonus()`; the rules read `power()`."""
    base = load_named("landperson")
    twice = [{"bonus": {"stat": "int", "task": "commerce", "amount": n}} for n in (1, 2)]
    cardset = edited_set(base, {"P03": {"specialty": twice}})  # a new set: its table built here
    codes = physical_codes(cardset)
    merchant, militia = codes.index("P03"), codes.index("P04")
    assert bonus(cardset, merchant, "int", "commerce", False) == 3
    assert power(cardset, merchant, "commerce", False) == 1 + 3  # INT 1
    assert bonus(cardset, merchant, "atk", "attack", True) == 0
    assert [bonus(cardset, militia, "atk", "defend", on) for on in (False, True)] == [0, 1]


def test_a_land_has_no_intelligence_attack_or_cost() -> None:
    """Mutant: effects.stat's default `spec.get(name, 0)` -> 1."""
    cardset = load_named("landperson")
    land = next(spec for spec in cardset.physical() if spec.code == "L1")
    assert [stat(land, name) for name in ("int", "atk", "cost")] == [0, 0, 0]


def test_the_end_of_the_game_is_told_with_the_scores() -> None:
    """Mutant: ending._end's `GameEnded` event dropped (the log's last line and the results screen)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"deck": [], "field:0": [], "hand:0": [], "spoils:1": ["P01"]},
        BATTLE,
        params={"mode": "shared"},
    ).engine
    ended = [e for e in engine.apply_text(0, "noattack") if isinstance(e, GameEnded)]
    assert [(e.winners, e.scores) for e in ended] == [((1,), (0, 1))]


def test_the_decks_are_shuffled_from_the_seed_and_the_shuffles_told() -> None:
    """Mutants: dealing.py's shuffles of a player's lands or persons (deck construction), of the shared
    deck (at the deal and again once first persons lie) or the land deck dropped, or their `Shuffled`
    events (the log's "shuffles" lines)."""
    built = [
        Engine.new(get_game("landperson"), 2, seed, {"mode": "deck", "land_order": "shuffle"})
        for seed in (0, 1)
    ]
    for zone in ("lands:0", "deck:0", "lands:1", "deck:1"):
        assert built[0].state.zones[zone].cards != built[1].state.zones[zone].cards, zone
    assert [e.zone for e in built[0].setup_events if isinstance(e, Shuffled)] == [
        "lands:0",
        "deck:0",
        "lands:1",
        "deck:1",
    ]
    shared = [
        Engine.new(get_game("landperson"), 2, seed, {"mode": "shared", "first_player": 1}) for seed in (0, 1)
    ]
    assert [[e.zone for e in engine.setup_events if isinstance(e, Shuffled)] for engine in shared] == [
        ["deck"]
    ] * 2
    for engine in shared:
        events = [e for seat in (0, 1) for e in _first_and_keep(engine, seat)]
        assert [e.zone for e in events if isinstance(e, Shuffled)] == ["deck", "lands"]
        put_back = {c for e in events if isinstance(e, CardsMoved) and e.why == "put back" for c in e.cards}
        assert set(engine.state.zones["deck"].cards[-len(put_back) :]) != put_back  # not left on top
    assert shared[0].state.zones["lands"].cards != shared[1].state.zones["lands"].cards


def _first_and_keep(engine: Engine, seat: int) -> list[Event]:
    """A seat lays its first person and puts back down to its hand size (the first legal choices)."""
    events: list[Event] = []
    while seat in engine.deciding_seats():
        legal = engine.legal_actions(seat)
        events += engine.apply(next((a for a in legal if a.kind == "first"), legal[0]))
    return events


def test_a_player_who_lays_no_first_person_says_so() -> None:
    """Mutant: dealing._do_nofirst's `Announced("no_first", ...)` dropped (the game's record would not
    say that the player, dealt no person of cost 2 or less, laid none: only the move would)."""
    deal = {"hand:0": ["P12", "P12", "P12", "P12", "P13", "P13", "P13", "P13", "P14", "P14"]}
    engine = stacked_session("landperson", SEATS, deal, params={"mode": "shared", "first_player": 1}).engine
    events = engine.apply_text(0, "nofirst")
    assert [(e.what, e.seat) for e in events if isinstance(e, Announced)] == [("no_first", 0)]


def test_a_bad_deck_is_refused_naming_its_parameter() -> None:
    """Mutant: dealing.py's `ParamError(f"deck_{seat + 1}: ...")` naming deck_0 for the first player."""
    with pytest.raises(ParamError, match=r"^deck_1: "):
        Engine.new(get_game("landperson"), 2, 0, {"mode": "deck", "deck_1": "L1"})


def test_a_shared_deck_game_has_zones_for_its_two_players_only() -> None:
    """Mutant: dealing._setup_shared's `for seat in range(2)` -> `range(3)` (zones for a third seat)."""
    engine = Engine.new(get_game("landperson"), 2, 0, {"mode": "shared"})
    owners = {int(name.rsplit(":", 1)[1]) for name in engine.state.zones if name.rsplit(":", 1)[-1].isdigit()}
    assert owners == {0, 1}


def test_the_options_defaults_and_bounds() -> None:
    """Mutants: every whole number of params.py's options changed by one (the rulebook's 40 persons,
    ★10 of lands, a hand of 5, 10 spoils, ★10 occupied, 20 discards, a shared deal of 10...)."""
    assert_number_options(
        "landperson",
        {
            "deck_size": (40, 1, 45),
            "land_stars": (10, 1, 18),
            "start_hand": (5, 1, 9),
            "hand_limit": (5, 1, 20),
            "spoils_to_win": (10, 1, 90),
            "occupied_stars_to_win": (10, 1, 36),
            "discards_to_win": (20, 1, 90),
            "shared_deal": (10, 6, 20),
            "first_person_max_cost": (2, 0, 4),
            "attacks_per_turn": (1, 0, 5),
            "capture_per_win": (1, 0, 5),
            "first_player": (0, 0, 2),
        },
    )


def test_the_game_is_for_its_players_and_says_so_by_its_title() -> None:
    """Mutants: the game's `title` dropped (the refusal would name no game), `min_seats`/`max_seats`
    changed by one."""
    assert_seats("landperson", "Land & Person", 2, 2)


def _card_problems(edits: dict[str, dict[str, Any] | None], **params: Any) -> list[CardProblem]:
    game = get_game("landperson")
    return game.check_cardset(edited_set(load_named("landperson"), edits), game.resolve_params(params))


def test_the_card_check_refuses_an_unknown_kind_too_many_lands_and_lands_worth_no_land_deck() -> None:
    """Mutants of cards.check: the kind test (`not in KINDS`, its `continue`), which numbers a land has
    (`kind == "land"`), the number bounds, `if found: return found`, the 12-lands bound of a half
    (`>` and MAX_LANDS_IN_HALF by one) and the starred-land rule (no lands of a half worth exactly
    ★land_stars, `_subset_sums`)."""
    half = "player {}'s half of the cards"
    assert _card_problems({}) == []
    # a kind outside the list is said alone: its numbers are not read
    assert _card_problems({"L1": {"kind": "castle", "stars": -5}}) == [
        (["cards", 0, "kind"], "kind must be one of land, person")
    ]
    # a land's numbers are a land's (a person's cost is not read on it), each from 0 to 99
    assert _card_problems({"L1": {"stars": 99, "cost": -1}, "P01": {"cost": 4, "stars": -1}}) == []
    assert _card_problems({"L1": {"siege": 100}, "P01": {"atk": 100}}) == [
        (["cards", 0, "siege"], "siege must be a whole number from 0 to 99"),
        (["cards", 8, "atk"], "atk must be a whole number from 0 to 99"),
    ]
    # the deck-building bot tries every subset of a half's lands: 12 a half at most (L1: 10 copies
    # make 24 lands, 12 a half; 11 make 25, 13 in the first half)
    assert _card_problems({"L1": {"count": 10}}) == []
    assert _card_problems({"L1": {"count": 11}}) == [
        (["cards"], f"{half.format(1)} holds 13 lands; at most 12 (the set 24)")
    ]
    # lands worth 4 each never add up to ★10 (a land deck is worth exactly land_stars): both halves
    lands = {f"L{n}": {"stars": 4} for n in range(1, 9)}
    assert _card_problems(lands) == [
        (["cards"], f"no lands of {half.format(n)} are worth exactly ★10 together (a land deck: land_stars)")
        for n in (1, 2)
    ]
    assert _card_problems(lands, land_stars=12) == []
    # ★18 is every land of a half (1+1+2+2+2+3+3+4)
    assert _card_problems({}, land_stars=18) == []
    # abilities in the game's words, named at their place
    assert _card_problems({"P01": {"special": [{"bogus": 1}]}}) == [
        (["cards", 8, "special", 0], f"unknown effect 'bogus' (effects: {', '.join(sorted(VOCAB.kinds))})")
    ]


def _half_ids(seat: int) -> tuple[list[int], list[int]]:
    return half(load_named("landperson"), seat)


def test_the_deck_building_bot_fills_the_recommended_mix_by_band() -> None:
    """Mutants of cards.recommended: the rounding rest going to the cost-0 band (`targets[0] += ...`
    dropped, or given to band 1) and the "fill the rest" loop (its `chosen.append` dropped); mix_band's
    last band for a cost above 4 (`return len(...) - 1` -> None)."""
    cardset = load_named("landperson")
    _lands, pool = _half_ids(0)  # 23 persons of cost 0, 15 of cost 1-2, 7 of cost 3-4

    def bands(cards: list[int]) -> dict[int, int]:
        return dict(Counter(mix_band(stat(cardset.physical()[c], "cost")) for c in cards))

    # 41 persons: 20.5, 14.35 and 6.15 round to 20, 14 and 6; the one left over is a cost-0 person
    assert bands(recommended(cardset, pool, 41)) == {0: 21, 1: 14, 2: 6}
    # 45: 22, 16 and 7 wanted, but only 15 of cost 1-2: the rest is filled by value, every person
    assert recommended(cardset, pool, 45) == sorted(pool)
    assert [mix_band(cost) for cost in (0, 2, 3, 4, 5, 99)] == [0, 1, 2, 2, 2, 2]


def test_the_deck_building_bot_values_a_bonus_ability_and_takes_as_many_lands_as_it_can() -> None:
    """Mutants: person_value's `and` -> `or` (a person whose special is not a bonus, P05's no_defend,
    valued as one); best_lands' `range(1, len(pool) + 1)` (single lands left out: 1 -> 2; the whole
    pool left out: `+ 1` -> `+ 0`)."""
    base = load_named("landperson")
    by_code = {spec.code: spec for spec in base.cards}
    assert [person_value(by_code[code]) for code in ("P01", "P04", "P05")] == [1.0, 1.5, 2.0]
    lands_0, _persons = _half_ids(0)
    code = {c: base.physical()[c].code for c in lands_0}
    l1, l2, l8 = (next(c for c in lands_0 if code[c] == name) for name in ("L1", "L2", "L8"))
    assert best_lands(base, [l1, l8], 4) == [l8]  # exactly ★4 beats two lands worth ★5
    # a land worth ★0 is one more siege for nothing: the whole pool is the best deck
    free = edited_set(base, {"L2": {"stars": 0}})
    assert best_lands(free, [l1, l2], 1) == [l1, l2]


def test_a_deck_text_of_the_longest_length_is_read() -> None:
    """Mutant: MAX_DECK_CHARS 2000 -> 1999 (the limit is 2,000 characters, not fewer)."""
    cardset = load_named("landperson")
    lands_0, persons_0 = _half_ids(0)
    l1 = next(c for c in lands_0 if cardset.physical()[c].code == "L1")
    assert parse_deck(cardset, "L1" + " " * 1998, lands_0 + persons_0) == [l1]
    with pytest.raises(ParamError, match="the text is 2001 characters long"):
        parse_deck(cardset, "L1" + " " * 1999, lands_0 + persons_0)


def test_a_commerce_is_shown_as_a_task_then_told_with_the_card_it_drew() -> None:
    """Mutants: _open's task `"owed": 0` -> 1 (the table shows an opened task as asking no payment);
    _do_done's commerce/hunt `Announced` dropped (the log's commerce line: who went, what it drew)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"lands:0": ["L3"], "field:0": ["P01", "P08"], "hand:0": [], "deck:0": ["P12"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck"},
    ).engine
    engine.apply_text(0, "commerce")
    shown = engine.view(1).data["task"]
    assert dict(shown) == {"kind": "commerce", "seat": 0, "persons": (), "card": None, "owed": 0}
    sent = sorted(engine.state.zones["field:0"].cards)
    events = _play(engine, [(0, "add P01"), (0, "add P08"), (0, "done")])
    told = [(e.what, e.seat, e.detail) for e in events if isinstance(e, Announced)]
    assert [(what, seat, sorted(d["persons"]), d["drew"]) for what, seat, d in told] == [
        ("commerce", 0, sent, 1)
    ]


def test_a_fight_shown_while_it_lasts_is_gone_once_it_is_over() -> None:
    """Mutant: _after_fight's `data["fight"] = None` dropped (the table would go on showing a fight
    that ended: its attackers and their total)."""
    engine = _engine(
        {"field:0": ["P10", "P07"], "field:1": ["P02"], "lands:1": ["L8"], "hand:0": []}, mode="deck"
    )
    _play(engine, [(0, "attack"), (0, "add P10"), (0, "add P07"), (0, "done")])
    assert engine.view(1).data["fight"] is not None
    _play(engine, [(1, "siege"), (1, "add P02"), (1, "done")])  # the siege holds: no capture
    assert engine.view(1).data["fight"] is None


def test_the_report_reads_the_picks_the_turns_and_the_ending() -> None:
    """Mutants: LandPerson's `pick_kinds` dropped (a recruit, a take, a capture not counted as cards
    picked: lab/record.py's picks), `turn_number`, `ending` and `scored_by_points` answering None."""
    game = get_game("landperson")
    engine = stacked_session(
        "landperson",
        SEATS,
        {"deck": [], "field:0": [], "hand:0": ["P03"], "spoils:1": ["P01"]},
        BATTLE,
        params={"mode": "shared"},
    ).engine
    state = engine.state
    (card,) = state.zones["hand:0"].cards
    assert [game.card_choice(state, Action(0, kind, (card,))) for kind in ("recruit", "take", "capture")] == [
        ("picked", ("P03",))
    ] * 3
    assert game.card_choice(state, Action(0, "use", (card,))) == ("played", ("P03",))
    assert game.card_choice(state, Action(0, "attack", (card,))) is None
    assert (game.turn_number(state), game.ending(state)) == (1, "end")
    assert game.scored_by_points(state.params) is False  # won outright: the spoils are no points
    engine.apply_text(0, "noattack")  # the other player's income finds the shared deck empty
    assert state.over and (game.turn_number(state), game.ending(state)) == (2, "deck_out")


def test_the_log_tells_who_goes_first_and_each_turn_that_opens() -> None:
    """Mutants: _choose_first's `Announced("first_player", ...)` and _begin_turn's `TurnStarted`
    dropped (the log's "Ben goes first" and "Ben's turn" lines would go)."""
    session = Session.new("landperson", SEATS, 0, {"mode": "shared", "first_player": 2}, autosave=False)
    engine = session.engine
    while engine.state.active is None:  # the first persons laid, the hands put back
        legal = engine.legal_actions(engine.deciding_seats()[0])
        session.apply(next((a for a in legal if a.kind == "first"), legal[0]))
    told = [p for _, p in session.chronicle.lines(None)]
    assert told[-3:-1] == [phrase("lp.first_player", who=Seat(1)), phrase("lp.turn", who=Seat(1))]
    ending = stacked_session("landperson", SEATS, {"hand:0": []}, BATTLE, params={"mode": "deck"})
    ending.apply(Action(0, "noattack"))
    assert phrase("lp.turn", who=Seat(1)) in [p for _, p in ending.chronicle.lines(None)]


def test_a_specialty_used_is_told_to_the_other_player() -> None:
    """Mutant: _do_use's `Announced("use", ...)` dropped (the other player and a spectator, who do not
    see the Scout's look, would read no line of the move: their copy of it names no card)."""
    session = stacked_session(
        "landperson",
        SEATS,
        {"hand:0": [], "field:0": ["P09"], "deck:0": ["P12", "P13"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck"},
    )
    (scout,) = session.engine.state.zones["field:0"].cards
    session.apply(Action(0, "use", (scout,)))
    for seat in (1, None):
        assert [p for _, p in session.chronicle.lines(seat)] == [
            phrase("lp.use", who=Seat(0), cards=Cards((scout,)))
        ]


def test_a_commerce_below_its_cost_is_told_as_drawing_nothing() -> None:
    """Mutants: _do_done's `drawn = 0 if short` made 1 or -1 (a commerce that fell short, with
    below_cost_attempts, would be told as having drawn a card)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"lands:0": ["L4"], "field:0": ["P01"], "hand:0": [], "deck:0": ["P12"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck", "below_cost_attempts": True},
    ).engine
    events = _play(engine, [(0, "commerce"), (0, "add P01"), (0, "done")])
    told = [(e.what, e.detail["drew"]) for e in events if isinstance(e, Announced)]
    assert told == [("commerce", 0)] and engine.state.zones["hand:0"].cards == []


def test_a_recruitment_paid_with_cards_shows_the_cards_paid_so_far() -> None:
    """Mutant: _do_pay's `task["persons"].append(...)` dropped (the public task of a recruitment paid
    by discards, data.py's `persons`, would show no card paid while the cost goes down)."""
    engine = stacked_session(
        "landperson",
        SEATS,
        {"hand:0": ["P10", "P01", "P02"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck"},
    ).engine
    codes = physical_codes(engine.state.cardset)
    _play(engine, [(0, "recruit P10"), (0, "pay P02")])
    task = engine.view(1).data["task"]
    assert (task["kind"], [codes[c] for c in task["persons"]], task["owed"]) == ("pay", ["P02"], 1)


def _looking_at_three(**params: Any) -> Engine:
    """A Scout edited to look at the top 3 (the bundled one looks at 2: one choice, the other card
    goes beneath it), used on a deck of four."""
    scout = edited_set(load_named("landperson"), {"P09": {"specialty": [{"look_top": 3}]}})
    engine = stacked_session(
        "landperson",
        SEATS,
        {"hand:0": [], "field:0": ["P09"], "deck:0": ["P12", "P13", "P14", "P15"]},
        {"first": "P1", "phase": "domestic"},
        params={"mode": "deck", **params},
        cardset=scout,
    ).engine
    engine.apply_text(0, "use P09")
    return engine


def test_a_scout_looking_at_three_puts_the_chosen_back_on_top_first_chosen_uppermost() -> None:
    """Mutant: _peek_done's `data["peek"][::-1]` made `[::-2]` (with two cards chosen, only the last
    would go back: the first chosen, meant for the top, stays in the look zone)."""
    engine = _looking_at_three()
    codes = physical_codes(engine.state.cardset)
    _play(engine, [(0, "top P14"), (0, "top P12")])
    top_first = [codes[c] for c in reversed(engine.state.zones["deck:0"].cards)]
    assert (top_first, engine.state.zones["peek:0"].cards) == (["P14", "P12", "P13", "P15"], [])


def test_only_the_scouting_player_knows_the_cards_chosen_so_far() -> None:
    """Mutant: known_data's `_peeker(state) == seat` made `!=` (the looking player's own choices
    would be hidden from it, and shown to the other player and a spectator)."""
    engine = _looking_at_three()
    engine.apply_text(0, "top P14")
    game, state = engine.game, engine.state
    chosen = state.data["peek"]
    assert physical_codes(state.cardset)[chosen[0]] == "P14"
    assert game.known_data(state, 0)["peek"] == chosen
    assert game.known_data(state, 1)["peek"] == game.known_data(state, None)["peek"] == [UNKNOWN]

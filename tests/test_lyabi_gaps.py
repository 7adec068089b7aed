"""Lyabi gaps mutation testing found (issue 26, bench/mutate.py): the events a battle's log lines are
built from. Each test fails under the mutant its docstring names; rule gaps are scenarios instead
(tests/scenarios/lyabi/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.games import get_game
from cardtable.games.lyabi.cards import table_of
from cardtable.games.lyabi.effects import VOCAB
from cardtable.games.lyabi.host import Host
from cardtable.lab.record import record_game
from cardtable.resources import cardset_path
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.events import Announced, Committed, Event, Revealed, RoundStarted, Shuffled
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig
from tests.gap_helpers import assert_number_options, assert_seats, edited_set
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


def test_the_item_language_shorthands_limits_and_bounds() -> None:
    """Mutants: effects.py's Gain `shorthand = "level"` dropped, its `level` minimum 0 changed by one,
    Bonus's and DiscardRandom's minimum 1 changed by one, Gain's and Recolour's `choice_bound` 1 changed."""
    assert VOCAB.compile([{"gain": 3}, {"gain": 0}, {"bonus": 1}, {"discard_random": 1}]) == [
        {"op": "gain", "level": 3},
        {"op": "gain", "level": 0},
        {"op": "bonus", "amount": 1},
        {"op": "discard_random", "count": 1},
    ]
    _, problems = VOCAB.compile_list([{"gain": -1}, {"bonus": 0}, {"discard_random": 0}])
    assert [m for _, m in problems] == [
        "gain: level must be at least 0, not -1",
        "bonus: amount must be at least 1, not 0",
        "discard_random: count must be at least 1, not 0",
    ]
    assert [VOCAB.bound(VOCAB.compile([op])) for op in ({"gain": 3}, "recolour", "peek")] == [1, 1, 0]


def test_a_peek_shows_the_opponents_hand_to_the_looker_alone() -> None:
    """Mutants: Peek.start's `ctx.host.peek(...)`, or Host.peek's `seen` or `Revealed` dropped."""
    deal = {"hand:0": ["B3"], "hand:1": ["R3", "R5"], "item:0": ["EYE"]}
    engine = stacked_session("lyabi", SEATS, deal, AT_BATTLE).engine
    events = engine.apply_text(0, "use")
    hand = sorted(engine.state.zones["hand:1"].cards)
    assert list(engine.view(0).data["seen"]) == hand and not engine.view(1).data["seen"]  # type: ignore[index]
    shown = [e for e in events if isinstance(e, Revealed) and e.why == "peek"]
    assert [(e.seat, sorted(e.cards), e.viewers) for e in shown] == [(1, hand, frozenset((0,)))]


def test_a_deck_rebuilt_from_the_discard_pile_is_shuffled() -> None:
    """Mutants: Host.reshuffle's `rng.shuffle(deck)` or its `Shuffled` event dropped."""
    pile = ["B1", "B3", "B5", "B11", "G1", "G3", "G5", "G11", "R1", "R3", "R5", "R11"]
    orders = set()
    for seed in range(3):
        engine = stacked_session(
            "lyabi", SEATS, {"deck:0": [], "discard:0": pile}, {**AT_BATTLE, "at": "main"}, seed=seed
        ).engine
        events: list[Event] = []
        Host(engine.state, events).draw(0, 3)
        assert [(e.zone, e.count) for e in events if isinstance(e, Shuffled)] == [("deck:0", 12)]
        orders.add(tuple(engine.state.zones["deck:0"].cards))
    assert len(orders) > 1  # the order comes from the seed, not from the pile


def test_the_options_defaults_and_bounds() -> None:
    """Mutants: every whole number of params.py's options changed by one (start_hp 15 in 1-99, the
    circle limit 2 in 1-3, the setup picks 20 in 1-100, the round cap 200 in 1-10000)."""
    assert_number_options(
        "lyabi",
        {
            "start_hp": (15, 1, 99),
            "max_circles": (2, 1, 3),
            "max_setup_picks": (20, 1, 100),
            "max_rounds": (200, 1, 10000),
        },
    )


def _problems(edits: dict[str, dict[str, Any] | None]) -> list[tuple[list[str | int], str]]:
    game = get_game("lyabi")
    params = game.resolve_params()
    return game.check_cardset(edited_set(game.load_cardset(params), edits), params)


def test_the_card_checks_take_the_edges_of_every_range() -> None:
    """Mutants: cards.py's MAX_VALUE 999 changed, the times test `0 < times` -> `-1 <`, its `or` ->
    `and` (a times that is no number), a circle's atk minimum 0 -> 1, the level problem dropped."""
    assert _problems({"B1": {"cost": 999, "times": 999}, "CB5": {"atk": 0}, "CG5": {"atk": 999}}) == []
    found = _problems({"B1": {"cost": 1000, "level": 1000}, "B3": {"times": 0}, "B5": {"times": "x"}})
    assert [m for _, m in found] == [
        "level must be a whole number from 0 to 999",
        "cost must be a whole number from 0 to 999",
        "times must be a number above 0 and at most 999, such as 1.5",
        "times must be a number above 0 and at most 999, such as 1.5",
    ]


def test_a_set_needs_two_starting_circles_and_every_kind_of_card() -> None:
    """Mutants: check()'s `starting = 0` -> 1, `starting < 2` -> `< 1` or `< 3`, `counts[kind] == 0`
    -> `== 1` or `== -1`."""
    assert _problems({"CB0": {"count": 2}, "CG0": None, "CR0": None}) == []  # exactly the 2 needed
    assert _problems({"CB0": {"count": 1}, "CG0": None, "CR0": None}) == [
        (["cards"], "each player starts by picking a Lv0 circle: the set needs 2, it has 1")
    ]
    assert _problems({"DUM": None}) == [(["cards"], "a Lyabi set needs dummy cards")]


def test_a_starting_list_names_what_is_not_a_lyabi_code() -> None:
    """Mutant: _shown's `return (...)` made None (the message would read "None is not a lyabi code")."""
    found = _problems({"CB0": {"hand": ["B1", ["B3"], "CB5"]}})
    assert [m for _, m in found] == [
        "a list is not a lyabi code of this set",
        "'CB5' is not a lyabi code of this set",
    ]


def test_the_games_own_check_flags_each_broken_invariant() -> None:
    """Mutants: _check's `problems = data_problems(...)`, `data = ...` or `return problems` (or check's
    `return _check(state)`) made None or dropped; its HP floor `0 <=` -> `1 <=`; its circle problem
    dropped; its one-item limit `> 1` -> `> 0`; its "not a lyabi" problem dropped."""
    game = get_game("lyabi")
    deal = {"hand:0": ["B3"], "hand:1": ["R3"], "item:0": ["EYE"], "circles:1": ["CR0", "CG5"]}
    engine = stacked_session("lyabi", SEATS, deal, AT_BATTLE).engine
    state = engine.state
    assert game.check(state) == []
    broken = state.copy()
    broken.data["hp"][0] = broken.scores[0] = 0  # 0 HP is in bounds: the game ends there
    assert game.check(broken) == []
    broken.data["hp"][0] = broken.scores[0] = -1
    assert game.check(broken) == ["seat 0 HP -1 out of bounds"]
    broken = state.copy()
    broken.move([broken.zones["circles_pool:5"].cards[-1]], "circles_pool:5", "circles:1", "test")
    assert game.check(broken) == ["seat 1 has more circles than allowed"]
    broken = state.copy()
    broken.move([broken.zones["items_pool"].cards[-1]], "items_pool", "item:0", "test")
    assert game.check(broken) == ["seat 0 holds more than one item"]
    broken = state.copy()
    broken.move([broken.zones["circles_pool:5"].cards[-1]], "circles_pool:5", "discard:0", "test")
    assert game.check(broken) == ["discard:0 holds a card that is not a lyabi"]
    broken = state.copy()
    del broken.data["seen"]
    assert game.check(broken) and all("seen" in p for p in game.check(broken))


def test_the_game_is_for_its_players_and_says_so_by_its_title() -> None:
    """Mutants: the game's `title` dropped (the refusal would name no game), `min_seats`/`max_seats`
    changed by one."""
    assert_seats("lyabi", "Lyabi", 2, 2)


def test_a_search_bot_sees_the_seat_with_more_hp_ahead() -> None:
    """Mutant: Lyabi.evaluate's `return evaluate_position(state)` made None (the search bot's reading
    of a position)."""
    game = get_game("lyabi")
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B3"], "hand:1": ["R3"]}, AT_BATTLE).engine
    state = engine.state.copy()
    state.data["hp"][1] = state.scores[1] = 5
    ahead, behind = game.evaluate(state)
    assert 0 <= behind < 0.5 < ahead <= 1


def test_the_table_sees_how_many_cards_each_seat_laid_down_and_the_log_that_it_did() -> None:
    """Mutants: apply's `Committed` event dropped; _public's `placed` (its `[0, 0]`, its per-seat count,
    its BATTLE test `is not` -> `is`) and `return {...}` made None."""
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B3", "B5"], "hand:1": ["R5"]}, AT_BATTLE).engine
    assert list(engine.view(1).data["placed"]) == [0, 0]  # type: ignore[index]
    events = engine.apply_text(0, "charge B3 B5")
    assert [(e.seat, e.choice is not None) for e in events if isinstance(e, Committed)] == [(0, True)]
    assert list(engine.view(1).data["placed"]) == [2, 0]  # type: ignore[index]
    assert list(engine.view(None).data["placed"]) == [2, 0]  # type: ignore[index]


def test_what_a_peek_showed_is_forgotten_after_the_battle_and_a_spectator_never_knows_it() -> None:
    """Mutants: the battle end's `data["seen"] = {}` dropped; known_data's `seat is not None or ...` ->
    `and`, its spectator copy made None."""
    game = get_game("lyabi")
    deal = {"hand:0": ["B3"], "hand:1": ["R3", "R5"], "item:0": ["EYE"], "deck:0": ["B1"] * 3}
    engine = stacked_session("lyabi", SEATS, {**deal, "deck:1": ["R1"] * 3}, AT_BATTLE).engine
    engine.apply_text(0, "use")
    seen = engine.state.data["seen"]
    assert seen and game.known_data(engine.state, 0)["seen"] == seen
    assert game.known_data(engine.state, None)["seen"] == {}
    assert game.known_data(engine.state, None)["hp"] == engine.state.data["hp"]
    engine.apply_text(0, "charge B3")
    engine.apply_text(1, "charge R3")
    assert engine.state.data["seen"] == {} and not engine.view(0).data["seen"]


def test_a_round_without_a_battle_shows_no_battle() -> None:
    """Mutant: the battle step's `data["battle"] = None` dropped (the last round's battle would still
    show when nobody can fight: in round 2 both players pay their one card away)."""
    deal = {"hand:0": ["B3"], "hand:1": ["R3"], "deck:0": ["B1"], "deck:1": ["R1"]}
    engine = stacked_session("lyabi", SEATS, deal, AT_BATTLE).engine
    engine.apply_text(0, "charge B3")
    engine.apply_text(1, "charge R3")
    assert engine.state.data["battle"] is not None and engine.state.data["round"] == 2
    for seat, move in ((1, "change R1"), (1, "pass"), (0, "change B1"), (0, "pass")):
        engine.apply_text(seat, move)
    assert engine.state.data["round"] == 3 and engine.state.data["battle"] is None


def test_a_lyabi_of_one_copy_can_be_bought_and_changed_for(tmp_path: Path) -> None:
    """Mutant: Table.rules_of_code's `ids[code][0]` -> `[1]` (a card kind of one copy would have no
    second copy to read: an edited set with one G11)."""
    text = cardset_path("lyabi").read_bytes().decode("utf-8")
    at = text.index("code: G11")
    edited = text[:at] + text[at:].replace("count: 3", "count: 1", 1)
    path = tmp_path / "lyabi.yaml"
    path.write_bytes(edited.encode("utf-8"))
    deal = {"hand:0": ["B11", "R11"], "hand:1": ["R3"]}
    engine = stacked_session(
        "lyabi", SEATS, deal, {**AT_BATTLE, "at": "main"}, params={"cardset": str(path)}
    ).engine
    texts = {engine.describe(a) for a in engine.legal_actions(0)}
    assert "buy B11 R11 to G11" in texts and any(t.startswith("change B11 to ") for t in texts)


def test_the_balance_report_counts_a_game_stopped_by_the_round_cap_as_capped() -> None:
    """Mutant: `cap_endings = frozenset({"rounds"})` dropped (a game our round cap stopped would be
    reported as ending naturally)."""
    row = record_game("lyabi", 1, ["random", "random"], 2, {"max_rounds": 1})
    assert row["ending"] == "cap"


def test_the_action_bound_covers_every_setup_pick_and_every_round() -> None:
    """Mutant: max_actions's `2 * max_setup_picks` -> `1 *` (both players pick at every try of the
    setup; the engine stops a game at this bound)."""
    game = get_game("lyabi")
    assert (
        game.max_actions(game.resolve_params({"max_setup_picks": 7, "max_rounds": 3}), 2)
        == 2 * 7 + 3 * 40 + 1
    )


def test_the_setup_lays_out_two_seats_and_shuffles_every_face_down_pile() -> None:
    """Mutants: setup's `range(2)` of the seats' zones -> `range(3)`; its `Shuffled` event of each
    face-down pile (the circles of each level, the items) dropped."""
    engine = Engine.new(get_game("lyabi"), 2, 0)
    assert not [name for name in engine.state.zones if name.endswith(":2")]
    assert sorted(e.zone for e in engine.setup_events if isinstance(e, Shuffled)) == [
        "circles_pool:0",
        "circles_pool:11",
        "circles_pool:5",
        "items_pool",
    ]


def test_the_starting_deck_is_shuffled() -> None:
    """Mutant: _picked's `state.rng.shuffle(deck)` dropped (every starting deck would lie in the order
    its circle lists it)."""
    game = get_game("lyabi")
    shuffled = False
    for seed in range(4):
        engine = Engine.new(game, 2, seed)
        while engine.state.phase == "pick":
            seat = engine.state.active
            assert seat is not None
            engine.apply(engine.legal_actions(seat)[0])
        table = table_of(engine.state.cardset)  # type: ignore[arg-type]
        listed = table.of(engine.state.zones["circles:0"].cards[0]).deck
        deck = tuple(table.of(c).code for c in engine.state.zones["deck:0"].cards)
        assert sorted(deck) == sorted(listed)
        shuffled = shuffled or deck not in (listed, listed[::-1])
    assert shuffled


def _to_battle(deal: dict[str, list[str]]) -> list[Event]:
    """The events of both players passing their main and item steps of a round begun at P1's main."""
    engine = stacked_session("lyabi", SEATS, deal, {**AT_BATTLE, "at": "main"}).engine
    events: list[Event] = []
    for seat in (0, 0, 1, 1):  # P1's main and item, then P2's
        assert engine.state.active == seat
        events += engine.apply(Action(seat, "pass"))
    return events


def test_the_battle_and_the_round_without_one_are_announced() -> None:
    """Mutants: the round's `Announced("phase", None, {"phase": BATTLE})` dropped, its
    `{"phase": "no_battle"}` dropped (both hands empty), and _new_round's
    `RoundStarted` dropped (the log's phase and round lines would go)."""
    phases = [
        e.detail.get("phase")
        for e in _to_battle({"hand:0": ["B3"], "hand:1": ["R5"]})
        if isinstance(e, Announced)
    ]
    assert phases[-1] == "battle"
    events = _to_battle({"hand:0": [], "hand:1": []})
    phases = [e.detail.get("phase") for e in events if isinstance(e, Announced) and e.what == "phase"]
    assert "no_battle" in phases and "battle" not in phases
    assert [e.round for e in events if isinstance(e, RoundStarted)] == [2]


def test_the_first_commit_of_a_battle_is_told() -> None:
    """Mutant: apply's `return events` after the first of the two battle commits -> `return None`
    (the committing seat's `Committed` event would go)."""
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B3"], "hand:1": ["R5"]}, AT_BATTLE).engine
    events = engine.apply_text(0, "charge B3")
    assert [e.seat for e in events if isinstance(e, Committed)] == [0]


def test_a_change_names_the_cards_it_picks_and_the_game_its_japanese_title() -> None:
    """Mutants: card_choice's `return "picked", tuple(action.target.split("+"))` for a change ->
    `return None`; `title_ja = "リャビ"` dropped (the Japanese menu would show no title)."""
    game = get_game("lyabi")
    state = stacked_session("lyabi", SEATS, {}, {**AT_BATTLE, "at": "main"}).engine.state
    assert game.card_choice(state, Action(0, "change", target="B1+R3")) == ("picked", ("B1", "R3"))
    assert game.title_ja == "リャビ"


def test_an_item_of_two_choices_asks_the_second_after_the_first() -> None:
    """Mutant: apply's `return events` after an answer that leads to a further prompt -> `return None`
    (an edited Mysterious Crystal that gains twice: the first gain's events would go)."""
    game = get_game("lyabi")
    twice = [{"gain": {"level": 3}}, {"gain": {"level": 3}}]
    cardset = edited_set(game.load_cardset(game.resolve_params({})), {"CRY": {"effects": twice}})
    deal = {"hand:0": ["B3"], "items_pool": ["CRY"]}
    setup = {**AT_BATTLE, "at": "item"}
    engine = stacked_session("lyabi", SEATS, deal, setup, cardset=cardset).engine
    engine.apply_text(0, "item B3")
    assert engine.apply_text(0, "gain to G3")  # the first gain moved a card
    assert "gain to R3" in {engine.describe(a) for a in engine.legal_actions(0)}  # the second
    engine.apply_text(0, "gain to R3")
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    assert sorted(codes[c] for c in engine.state.zones["discard:0"].cards) == ["B3", "G3", "R3"]


def _edited(edits: dict[str, dict[str, Any] | None]) -> Any:
    game = get_game("lyabi")
    return edited_set(game.load_cardset(game.resolve_params({})), edits)


def test_a_lyabi_edited_to_cost_0_pays_for_nothing_but_a_lyabi_of_cost_0() -> None:
    """Mutant: table_of's `cost=int(spec.get("cost") or 0)` -> `or 1` (a card of cost 0 would be read
    as costing 1: B1 edited to cost 0 would buy a G1 or an R1 of cost 1)."""
    cardset = _edited({"B1": {"cost": 0}})
    engine = stacked_session(
        "lyabi", SEATS, {"hand:0": ["B1"]}, {**AT_BATTLE, "at": "main"}, cardset=cardset
    ).engine
    buys = sorted(engine.describe(a) for a in engine.legal_actions(0) if a.kind == "buy")
    assert buys == ["buy B1 to B1"]
    assert engine.explain(engine.parse(0, "buy B1 to R1")) == "R1 costs 1: you pay only 0"


def test_a_circle_edited_to_atk_0_wins_its_battle_for_no_damage() -> None:
    """Mutant: table_of's `atk=int(spec.get("atk") or 0)` -> `or 1` (a circle of ATK 0, which the
    card check accepts, would deal ATK 1 x times)."""
    cardset = _edited({"CB0": {"atk": 0}})
    deal = {"hand:0": ["B3"], "hand:1": ["R3"]}
    engine = stacked_session("lyabi", SEATS, deal, AT_BATTLE, cardset=cardset).engine
    hp = list(engine.state.data["hp"])
    engine.apply_text(0, "charge B3")
    events = engine.apply_text(1, "charge R3")
    battles = [e for e in events if isinstance(e, Announced) and e.what == "battle"]
    assert [(e.seat, e.detail["damage"]) for e in battles] == [(0, 0)]
    assert engine.state.data["hp"] == hp


def test_the_card_check_names_a_bad_kind_a_negative_level_or_cost_a_missing_starting_list_and_bad_effects() -> (
    None
):
    """Mutants: check()'s kind problem dropped, the level's and the cost's minimum 0 -> -1 (a lyabi of
    level -1 or cost -1 accepted), the Lv0 circle's missing-list problem dropped, an item's effect
    problems dropped (each set would load, then break or play wrong)."""
    assert _problems({"CRY": {"kind": "spell"}}) == [
        (["cards", 21, "kind"], "kind must be one of lyabi, circle, item, dummy, not 'spell'")
    ]
    assert [m for _, m in _problems({"B1": {"level": -1, "cost": -1}})] == [
        "level must be a whole number from 0 to 999",
        "cost must be a whole number from 0 to 999",
    ]
    assert [(p[-1], m) for p, m in _problems({"CB0": {"deck": None}})] == [
        ("deck", "a Lv0 circle lists its initial deck as lyabi codes")
    ]
    found = _problems({"CRY": {"effects": [{"gain": -1}]}})
    assert [m for _, m in found] == ["gain: level must be at least 0, not -1"]
    assert found[0][0][2] == "effects"


def test_a_seat_with_nothing_to_decide_is_told_so_by_its_own_number() -> None:
    """Mutant: why_not's `Player {action.seat + 1}` -> `+ 2` (Ben, the second seat, acting in Ann's main
    phase would be told "Player 3 has nothing to decide now")."""
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B3"]}, {**AT_BATTLE, "at": "main"}).engine
    assert engine.deciding_seats() == (0,)
    assert engine.explain(Action(1, "dummy")) == "Player 2 has nothing to decide now"


def test_a_charge_of_no_lyabi_is_refused_as_a_charge_of_1_or_2() -> None:
    """Mutant: _why_not_charge's `not 1 <= len(cards) <= 2` -> `not 0 <= ...` (a charge naming no card
    would pass the count and be refused only as a bad Double Charge)."""
    engine = stacked_session("lyabi", SEATS, {"hand:0": ["B3"]}, AT_BATTLE).engine
    assert engine.explain(Action(0, "charge", ())) == (
        "charge 1 lyabi, or 2 of the same attribute (a Double Charge)"
    )

"""Risugeon gaps mutation testing found (issue 26, bench/mutate.py): the card language's defaults,
shorthands and limits (what a designer may leave out of cards/risugeon.yaml), and the decision bound of
an effect. Each test fails under the mutants its docstring names; rule gaps are scenarios instead
(tests/scenarios/risugeon/)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cardsets import load_named
from cardtable.games import get_game
from cardtable.games.risugeon.cards import physical, table_of
from cardtable.games.risugeon.effects import DECKBUILDER
from cardtable.games.risugeon.host import Host
from cardtable.rules.actions import Action, IllegalAction
from cardtable.rules.engine import Engine
from cardtable.rules.events import Announced, Event, Shuffled
from cardtable.rules.game import ParamError
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig
from tests.gap_helpers import assert_number_options, assert_seats, edited_set
from tests.stacked import stacked_session


def test_look_top_and_return_to_pile_take_a_bare_count_and_fill_their_defaults() -> None:
    """Mutants: LookTop's or ReturnToPile's `shorthand = "count"` dropped; look_top's `take` default 1,
    return_to_pile's `count` default 1 or `gain_higher` default 0 changed by one."""
    assert DECKBUILDER.compile([{"look_top": 3}, {"return_to_pile": 2}, {"return_to_pile": None}]) == [
        {"op": "look_top", "count": 3, "take": 1, "optional": False, "to": "hand", "rest": "discard"},
        {"op": "return_to_pile", "type": "combat", "count": 2, "optional": False, "gain_higher": 0},
        {"op": "return_to_pile", "type": "combat", "count": 1, "optional": False, "gain_higher": 0},
    ]


def test_the_limits_of_look_top_and_return_to_pile() -> None:
    """Mutants: look_top's `take` minimum 0 -> 1 or -1, return_to_pile's `count` minimum 1 -> 2 or 0, its
    `gain_higher` minimum 0 -> 1 or -1."""
    effects, problems = DECKBUILDER.compile_list(
        [
            {"look_top": {"count": 2, "take": 0}},  # look, choose none: all go to `rest`
            {"return_to_pile": {"count": 1}},
            {"return_to_pile": {"gain_higher": -1}},
            {"return_to_pile": {"count": 0}},
            {"look_top": {"count": 2, "take": -1}},
        ]
    )
    assert [(e["op"], e.get("take", e.get("count"))) for e in effects] == [
        ("look_top", 0),
        ("return_to_pile", 1),
    ]
    assert [m for _, m in problems] == [
        "return_to_pile: gain_higher must be at least 0, not -1",
        "return_to_pile: count must be at least 1, not 0",
        "look_top: take must be at least 0, not -1",
    ]


def test_look_top_asks_at_most_one_decision_per_card_taken_and_one_to_stop() -> None:
    """Mutant: LookTop.choice_bound's `take + 1` -> `take + 2` (the bound on the decisions a card can
    ask, which keeps every game within its action bound)."""
    assert DECKBUILDER.bound(DECKBUILDER.compile([{"look_top": {"count": 3, "take": 2}}])) == 3
    assert DECKBUILDER.bound(DECKBUILDER.compile([{"return_to_pile": 2}])) == 3


def test_an_imitation_asks_one_decision_and_then_what_the_imitated_card_asks() -> None:
    """Mutant: Imitate.choice_bound's `1 + imitated` -> `2 + imitated` or `0 + imitated`."""
    imitate = DECKBUILDER.compile([{"imitate": "display"}])
    assert [DECKBUILDER.bound(imitate, imitated) for imitated in (0, 3)] == [1, 4]


def test_riders_stay_top_level_and_their_numbers_stay_in_bounds() -> None:
    """Mutants: EndOfTurn's `top_level_only = True` dropped; stays_in_play's `turns` maximum 20 -> 21 or
    19; until_training_end's `uses` minimum 1 -> 0."""
    _, problems = DECKBUILDER.compile_list(
        [
            {"stays_in_play": {"turns": 20, "next_turn": [{"end_of_turn": [{"draw": 1}]}]}},
            {"stays_in_play": 21},
            {"until_training_end": {"effects": [{"draw": 1}], "uses": 0}},
        ]
    )
    assert [(p[-1], m) for p, m in problems] == [
        (0, "end_of_turn can only be used directly in a card's effects, not inside another effect"),
        ("stays_in_play", "stays_in_play: turns must be at most 20, not 21"),
        ("uses", "until_training_end: uses must be at least 1, not 0"),
    ]
    effects, problems = DECKBUILDER.compile_list(
        [{"stays_in_play": 20}, {"until_training_end": {"effects": [], "uses": 1}}]
    )
    assert not problems and [e.get("turns", e.get("uses")) for e in effects] == [20, 1]


SEATS = [SeatConfig("Ann", human=True), SeatConfig("Ben", human=True)]


def _engine(deal: dict[str, list[str]], setup: dict[str, Any] | None = None) -> Engine:
    return stacked_session("risugeon", SEATS, deal, setup).engine


def _ids(engine: Engine, zone: str, code: str) -> list[int]:
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    return sorted(c for c in engine.state.zones[zone].cards if codes[c] == code)


def test_a_rebuilt_deck_is_shuffled_whatever_order_the_discard_pile_lay_in() -> None:
    """Mutants: Host.rebuild_deck's `deck.sort()` or its `Shuffled` event dropped (the new deck would
    depend on the discard pile's order, and the log would not say the deck was shuffled)."""
    pile = ["C1A", "C2A", "C3A", "P1", "P2", "C1B", "C2B"]
    hands = []
    for discard in (pile, pile[::-1]):
        engine = _engine({"hand:0": ["A03"], "deck:0": [], "discard:0": discard})
        events = engine.apply_text(0, "play A03")
        assert [e.zone for e in events if isinstance(e, Shuffled)] == ["deck:0"]
        hands.append(sorted(engine.state.zones["hand:0"].cards))
    assert hands[0] == hands[1]


def test_the_action_deck_rebuilt_from_the_stock_area_is_shuffled_whatever_its_order() -> None:
    """Mutants: Host.rebuild_actions's `deck.sort()` or its `Shuffled("action_deck", ...)` dropped."""
    decks = []
    for flip in (False, True):
        engine = _engine({})
        state = engine.state  # a position no move reaches quickly: set up by hand
        stock = state.zones["action_deck"].cards[:6]
        state.move(stock[::-1] if flip else stock, "action_deck", "stock_area", "test")
        state.move(list(state.zones["action_deck"].cards), "action_deck", "box", "test")
        events: list[Event] = []
        assert Host(state, events).rebuild_actions()
        assert [(e.zone, e.count) for e in events if isinstance(e, Shuffled)] == [("action_deck", 6)]
        decks.append(list(state.zones["action_deck"].cards))
    assert decks[0] == decks[1]


def test_a_card_that_leaves_a_seat_leaves_its_owned_tally() -> None:
    """Mutant: Host.move's `owned[giver][code] -= 1` dropped (a card returned to its pile would still
    count as the seat's)."""
    engine = _engine({"hand:0": ["A08", "C2H", "C1A", "P3"], "deck:0": ["C2A", "C3A", "C2B", "C2C", "C2D"]})
    before = dict(engine.view(1).data["owned"][0])  # type: ignore[index]
    engine.apply_text(0, "play A08")
    engine.apply_text(0, "return C2H")
    after = engine.view(1).data["owned"][0]  # type: ignore[index]
    assert before.get("C2H") == 1 and "C2H" not in after


def test_a_gem_returned_to_its_pile_keeps_the_pile_lowest_skill_on_top() -> None:
    """Mutants: Host.return_to_pile's gem-pile sort (its `gems = ...` or `order = ...`) dropped."""
    engine = _engine({"hand:0": ["G3"], "pile:gems": ["G1", "G2", "G4"]})
    (gem,) = _ids(engine, "hand:0", "G3")
    Host(engine.state, []).return_to_pile(0, gem)
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    assert [codes[c] for c in reversed(engine.state.zones["pile:gems"].cards)][:4] == ["G1", "G2", "G3", "G4"]


def test_two_abilities_one_card_grants_get_labels_of_their_own() -> None:
    """Mutants: Host.grant_ability's count of the same card's same ability (`sum(1 ...)` changed, `==`
    flipped) or its label's `same + 1` changed: a card set whose card grants two abilities."""
    engine = _engine({"hand:0": ["A14"]})
    (card,) = _ids(engine, "hand:0", "A14")
    host = Host(engine.state, [])
    for _ in range(3):
        host.grant_ability(0, card, "A14", {"ps": 2}, [{"op": "draw", "count": 1}], None)
    host.grant_ability(0, card + 1, "A14", {"ps": 2}, [{"op": "draw", "count": 1}], None)
    assert [a["label"] for a in engine.view(0).data["abilities"]] == ["A14", "A14.2", "A14.3", "A14"]  # type: ignore[index]


def test_an_imitation_is_told() -> None:
    """Mutant: Host.imitate's `Announced("imitate", ...)` dropped (the log's "A10 as A03" line)."""
    engine = _engine({"hand:0": ["A10"], "display": ["A03", "A01", "A02", "A04"]})
    engine.apply_text(0, "play A10")
    events = engine.apply_text(0, "imitate A03")
    told = [e for e in events if isinstance(e, Announced) and e.what == "imitate"]
    assert [(e.seat, e.detail["as"]) for e in told] == [(0, "A03")]


def test_an_ability_granted_until_the_training_ends_is_not_nested() -> None:
    """Mutant: UntilTrainingEnd's `top_level_only = True` dropped."""
    _, problems = DECKBUILDER.compile_list(
        [{"end_of_turn": [{"until_training_end": {"cost": {"ps": 2}, "effects": [{"draw": 1}]}}]}]
    )
    assert [m for _, m in problems] == [
        "until_training_end can only be used directly in a card's effects, not inside another effect"
    ]


def test_the_games_own_check_flags_a_points_tally_and_a_decision_without_its_effect() -> None:
    """Mutants: check()'s points-tally problem dropped; its pending/frames test `is` -> `is not`."""
    game = get_game("risugeon")
    engine = _engine({"hand:0": ["A07", "C1A", "C1B", "C1C"], "deck:0": ["C2A", "C3A", "C2B"]})
    assert game.check(engine.state) == []
    engine.apply_text(0, "play A07")  # Scouting asks which card to keep
    assert engine.state.pending is not None and game.check(engine.state) == []
    broken = engine.state.copy()
    broken.data["points"][0] += 1
    assert any("points tally" in p for p in game.check(broken))
    broken = engine.state.copy()
    broken.data["frames"].clear()
    assert "a pending decision without a waiting effect, or the reverse" in game.check(broken)


def test_the_options_defaults_and_bounds() -> None:
    """Mutants: every whole number of params.py's options changed by one (the rulebook's hand of 4,
    display of 4, starting deck of 6 combat and 2 production cards, stock cost 1; our caps)."""
    assert_number_options(
        "risugeon",
        {
            "sets": (0, 0, 4),
            "hand_size": (4, 1, 10),
            "display_size": (4, 1, 10),
            "start_combat": (6, 0, 20),
            "start_production": (2, 0, 20),
            "stock_cost": (1, 1, 10),
            "max_rounds": (60, 1, 1000),
            "max_turn_actions": (120, 10, 10000),
        },
    )


def test_an_action_returned_to_its_supply_goes_to_the_stock_area() -> None:
    """Mutant: Table.pile_of's `return "stock_area"` made None (a card set whose return_to_pile takes
    `type: action` or `any`: an action's supply is the action deck, refilled from the stock area)."""
    engine = _engine({"hand:0": ["A03", "C1A"]})
    (card,) = _ids(engine, "hand:0", "A03")
    Host(engine.state, []).return_to_pile(0, card)
    assert _ids(engine, "stock_area", "A03") == [card] and _ids(engine, "hand:0", "C1A")


def test_the_game_is_for_its_players_and_says_so_by_its_title() -> None:
    """Mutants: the game's `title` dropped (the refusal would name no game), `min_seats`/`max_seats`
    changed by one (`min_seats = 2` -> 1 among them)."""
    assert_seats("risugeon", "Risugeon", 2, 4)


def _problems(edits: dict[str, dict[str, Any] | None], **params: Any) -> list[tuple[list[str | int], str]]:
    game = get_game("risugeon")
    resolved = game.resolve_params(params)
    return game.check_cardset(edited_set(load_named("risugeon"), edits), resolved)  # the YAML's one set


def test_the_card_checks_take_the_edges_of_every_range() -> None:
    """Mutants: cards.check's cost maximum 999, skill maximum 9 and points maximum 999 changed by one,
    its `kind == "combat" and ...` -> `or`, its type, skill and points problems dropped, its
    `return found` made None (both)."""
    edges = {"C1A": {"cost": 999}, "C2A": {"skill": 9}, "G1": {"points": -999}, "P1": {"points": 999}}
    assert _problems(edges) == []
    found = _problems(
        {
            "C1A": {"cost": 1000},
            "C2A": {"skill": 10},
            "P1": {"type": "gadget"},
            "G1": {"points": 1000},
            "G2": {"points": -1000},
        }
    )
    assert [(path[-1], message) for path, message in found] == [
        ("cost", "every card needs a cost: a whole number from 0 to 999 (0 for free)"),
        ("skill", "a combat card's skill is a whole number from 1 to 9"),
        ("type", "every card needs a type (combat, action, production, gem)"),
        ("points", "points are a whole number from -999 to 999"),
        ("points", "points are a whole number from -999 to 999"),
    ]


def test_a_set_needs_gems_and_the_starting_decks_cards() -> None:
    """Mutants: cards.check's `copies` starting at -1, its "at least one gem" problem dropped, its count
    of the lowest skill's cards `==` -> `!=`, its production problem dropped."""
    gems = [
        spec.code
        for spec in get_game("risugeon").load_cardset({"cardset": "risugeon"}).cards
        if spec.code.startswith("G")
    ]
    assert _problems(dict.fromkeys(gems)) == [(["cards"], "the game needs at least one gem card")]
    assert [m for _, m in _problems({}, start_combat=9, start_production=8)] == [
        "a starting deck takes 9 combat cards of the lowest skill (1; start_combat): the set has 8",
        "a starting deck takes 8 production cards (start_production): the set has 7",
    ]


def test_a_move_is_told_in_words_with_its_cards_names() -> None:
    """Mutants: narrate's `text = ...` (the cards' names) dropped; its ability label's `split('.')[0]`
    -> `[-1]` (a card's second ability, labelled "A14.2", told as "uses the ability of A14.2")."""
    engine = _engine({"hand:0": ["A03", "C1A"]})
    game = get_game("risugeon")
    (card,) = _ids(engine, "hand:0", "A03")
    by_code = engine.state.cardset.by_code()  # type: ignore[union-attr]
    name = by_code["A03"].name.get("en")
    assert game.narrate(engine.state, Action(0, "play", (card,))) == f"uses {name}"
    assert game.narrate(engine.state, Action(0, "end")) == "ends the turn"
    lake = by_code["A14"].name.get("en")
    for label in ("A14", "A14.2"):  # the labels test_two_abilities_one_card_grants_... gives
        said = game.narrate(engine.state, Action(0, "activate", target=label))
        assert said == f"uses the ability of {lake}", label


def test_the_games_own_check_flags_a_display_left_short_while_either_pile_could_refill_it() -> None:
    """The display is refilled from the action deck and, once that is empty, from the stock area: a
    display short of its size while either holds cards is a fault check() reports, and a short display
    with both empty is where the game's actions ran out. Mutant: check()'s `action_deck.cards or
    stock_area.cards` -> `and` (a display left short was reported only while both piles held cards)."""
    game = get_game("risugeon")
    state = _engine({}).state
    size = int(state.params["display_size"])
    short = f"the display holds {size - 1} cards with actions left to refill it"
    assert state.zones["action_deck"].cards and not state.zones["stock_area"].cards
    assert game.check(state) == []
    from_deck = state.copy()
    from_deck.zones["action_deck"].cards.append(from_deck.zones["display"].cards.pop())
    assert short in game.check(from_deck)
    from_stock = state.copy()
    zones = from_stock.zones
    zones["stock_area"].cards.extend(zones["action_deck"].cards)
    zones["action_deck"].cards.clear()
    zones["stock_area"].cards.append(zones["display"].cards.pop())
    assert short in game.check(from_stock)
    ran_out = from_stock.copy()
    ran_out.zones["box"].cards.extend(ran_out.zones["stock_area"].cards)
    ran_out.zones["stock_area"].cards.clear()
    assert not any("the display holds" in p for p in game.check(ran_out))


def test_a_free_card_costs_nothing_and_a_sets_rules_are_worked_out_once() -> None:
    """Mutants: table_of's `cost ... or 0` -> `or 1` or `or -1` (a card of cost 0 would cost 1), its
    cache test `hit[0] is cardset` -> `is not` (the table is built once per loaded set)."""
    engine = _engine({})
    table = table_of(engine.state.cardset)  # type: ignore[arg-type]
    assert table_of(engine.state.cardset) is table  # type: ignore[arg-type]
    free = [c for c in engine.state.zones["pile:skill1"].cards]
    assert free and all(table.card[c].cost == 0 for c in free)


def test_a_turn_announces_its_training_its_trains_and_each_end_step() -> None:
    """Mutants: _enter_training's `Announced("phase", ..., {"phase": TRAINING})` dropped, the end
    phase's `{"step": 5}` -> `4`, and a train's `Announced("train", ...)` dropped (the log's lines of
    each). A game from seed 0 where each seat trains when it can, else takes its last legal move."""
    engine = Engine.new(get_game("risugeon"), 2, 0)
    said: list[tuple[str, int | None, Any]] = []
    while ("train", 1) not in [(what, seat) for what, seat, _ in said]:
        assert len(engine.state.history) < 80 and not engine.is_over()
        pending = engine.state.pending
        seat = engine.state.active if engine.state.active is not None else pending.seats[0]  # type: ignore[union-attr]
        legal = engine.legal_actions(seat)
        move = next((a for a in legal if a.kind == "train"), legal[-1])
        said += [(e.what, e.seat, e.detail) for e in engine.apply(move) if isinstance(e, Announced)]
    assert [d["step"] for what, seat, d in said if what == "end_step" and seat == 0] == [1, 2, 3, 4, 5]
    assert ("phase", 1, "training") in [(what, seat, d.get("phase")) for what, seat, d in said]
    assert [seat for what, seat, _ in said if what == "train"] == [0, 1]


def test_while_a_night_watch_asks_at_end_of_turn_the_mimicry_counts_as_itself_again() -> None:
    """End phase step 1, imitation ends, comes before step 5's "at end of turn" effects: while a real
    Night Watch (A22) asks which card to discard at step 5, the Mimicry (A10) that imitated War Cry
    (A05) this turn counts as itself again. Mutant: _end_steps' `data["identity"] = {}` dropped (the
    imitation would last until the next turn began). A unit test and not a scenario: a scenario's
    `data: {imitating: {}}` checks a mapping key by key, so an empty one checks nothing."""
    engine = _engine(
        {
            "hand:0": ["A01", "A10", "A22", "C1A"],
            "deck:0": ["C2A", "C2B", "C2C", "C2D", "C2E", "C2F"],
            "display": ["A05", "A02", "A03", "A04"],
        }
    )
    for move in ("play A01", "play A10", "imitate A05", "play A22"):
        engine.apply_text(0, move)
    (mimicry,) = _ids(engine, "play:0", "A10")
    assert engine.view(0).data["imitating"] == {mimicry: "A05"}  # type: ignore[index]
    engine.apply_text(0, "end")
    assert engine.state.active == 0 and engine.state.pending is not None  # step 5: discard 1
    assert engine.view(0).data["imitating"] == {}  # type: ignore[index]
    assert engine.view(0).data["choice"]["effect"] == "discard"  # type: ignore[index]


def _limited_underground_lake(uses: int) -> Engine:
    """Underground Lake (A14) edited to grant, until the end of the training phase, `uses` times: draw 1
    card (no cost): a limited ability, as the card language's `uses` writes it."""
    base = load_named("risugeon")
    effects = [{"actions": 1}, {"ps": 2}, {"until_training_end": {"effects": [{"draw": 1}], "uses": uses}}]
    edited = physical(edited_set(base, {"A14": {"effects": effects}}))
    deal = {"hand:0": ["A14", "C1A", "C1B", "C1C"], "deck:0": ["C2A", "C2B", "C2C", "C2D", "C2E", "C2F"]}
    return stacked_session("risugeon", SEATS, deal, cardset=edited).engine


def test_an_ability_granted_once_is_used_once_and_then_refused() -> None:
    """An ability limited to a number of uses (until_training_end's `uses`) is spent by that many: one
    granted once draws a card when activated, and a second activation is refused, in the action phase
    and in the training phase alike. Mutant: apply's `ability["uses"] -= 1` -> `-= 0` (the ability
    would be used as often as one liked)."""
    engine = _limited_underground_lake(1)
    engine.apply_text(0, "play A14")
    assert [a["uses"] for a in engine.view(0).data["abilities"]] == [1]  # type: ignore[index]
    engine.apply_text(0, "activate A14")
    assert len(engine.state.zones["hand:0"].cards) == 4  # C1A C1B C1C and the card drawn
    assert [a["uses"] for a in engine.view(0).data["abilities"]] == [0]  # type: ignore[index]
    assert "activate" not in [a.kind for a in engine.legal_actions(0)]
    with pytest.raises(IllegalAction, match="the ability of A14 is used up"):  # not "cannot pay"
        engine.apply_text(0, "activate A14")
    assert len(engine.state.zones["hand:0"].cards) == 4


def test_a_set_too_small_for_the_starting_decks_is_refused_at_setup_not_dealt_short() -> None:
    """Setup deals each seat start_combat (6) cards of the lowest skill from its pile: a set of two
    skill-1 kinds (4 cards with two sets in play) is a ParamError naming the pile, not a first deck of 4
    and a second of 0. A set loaded for the game passes the card check first (load_for), so only a set
    handed to Engine.new (an edited set, as here and tests/stacked.py play them) reaches this guard.
    Mutant: setup's `raise ParamError(...)` dropped."""
    lowest = {f"C1{letter}": None for letter in "CDEFGH"}
    cardset = physical(edited_set(load_named("risugeon"), lowest))
    with pytest.raises(ParamError, match="pile:skill1 holds 4 cards, too few for the starting decks"):
        Engine.new(get_game("risugeon"), 2, 0, None, cardset)


def test_a_combat_card_of_skill_0_is_refused() -> None:
    """A combat card's skill is a whole number from 1 to 9: 0 is refused like 10. Mutant: cards.check's
    skill minimum `1` -> 0."""
    assert [(path[-1], message) for path, message in _problems({"C2A": {"skill": 0}})] == [
        ("skill", "a combat card's skill is a whole number from 1 to 9")
    ]


def test_an_abilitys_decisions_count_in_the_sets_decision_bound() -> None:
    """The decision bound of a set (what max_actions allows a play, an ability use or an imitation)
    counts an ability's own effects: Underground Lake (A14) edited to grant an ability of three
    look_top 4 (two decisions each: a pick and a stop) makes it 6, above every play of the set (4).
    Mutants: _decision_bound's `r.type == "action"` -> `!=` (no action counted: 0) and its
    until_training_end term dropped (the ability left out: 4)."""
    base = load_named("risugeon")
    assert table_of(physical(base)).decision_bound == 4
    ability = {"effects": [{"look_top": 4}] * 3, "uses": 1}
    effects = [{"actions": 1}, {"ps": 2}, {"until_training_end": ability}]
    assert table_of(physical(edited_set(base, {"A14": {"effects": effects}}))).decision_bound == 6


def _lesson_returning(kind: str, edits: dict[str, dict[str, Any]] | None = None) -> Engine:
    """Master's Lesson (A09) edited to return a card of `kind` and gain one 1 skill higher, in hand
    with a Cooking (P1, 1 point: production scores from the hand, deck and discard pile)."""
    base = load_named("risugeon")
    lesson = [{"return_to_pile": {"type": kind, "count": 1, "gain_higher": 1}}]
    edited = physical(edited_set(base, {"A09": {"effects": lesson}, **(edits or {})}))
    deal = {
        "hand:0": ["A09", "P1", "C1A", "C1B"],
        "deck:0": ["C2A", "C2B", "C2C", "C2D", "C2E"],
        "discard:0": [],
    }
    return stacked_session("risugeon", SEATS, deal, {"phase": "action"}, cardset=edited).engine


def test_a_card_with_points_returned_from_the_hand_to_its_pile_stops_scoring() -> None:
    """Mutant: host.move's `tally[before] -= points` dropped (a card leaving a seat's scoring zones
    for a supply pile would still count in that seat's score)."""
    engine = _lesson_returning("production")
    before = list(engine.state.scores)
    engine.apply_text(0, "play A09")
    engine.apply_text(0, "return P1")
    assert engine.state.scores == [before[0] - 1, before[1]]


def test_only_a_combat_card_returned_gains_one_higher() -> None:
    """Mutant: host.gain_higher's `type != "combat" or skill not in tiers` made `and` (a production
    card edited to carry a skill value of a combat tier would gain a combat card one tier up)."""
    engine = _lesson_returning("production", {"P1": {"skill": 1}})
    engine.apply_text(0, "play A09")
    engine.apply_text(0, "return P1")
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    assert [codes[c] for c in engine.state.zones["discard:0"].cards] == []

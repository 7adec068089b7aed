"""Lyabi written as data (cards/games/lyabi.yaml, id lyabi_data) and what it needed of the data-game
vocabulary: named Python hooks (only from a bundled game's own module), rounds with an alternating
first player, a simultaneous hidden commit, buys paid with cards, named piles and parameters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_datagame import _mistaken

from cardtable.bots.search import SearchBot
from cardtable.cardsets.yamlfile import LoadError
from cardtable.cli import _scenario_results
from cardtable.games import get_game
from cardtable.games.datagame.hooks import hooks_for
from cardtable.games.datagame.rules import DataGame
from cardtable.games.datagame.spec import load_game
from cardtable.resources import cards_dir
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.narration import Chronicle, narration_for
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState

LYABI = Path(str(cards_dir().joinpath("games", "lyabi.yaml")))
SCENARIOS = Path(__file__).parent / "scenarios" / "lyabi"

# The Python Lyabi's scenarios this file passes (played with `scenario --game`): all 87.
PASSING = {
    "acquire.yaml": 11,
    "battle.yaml": 20,
    "circles.yaml": 5,
    "double_charge_table.yaml": 18,
    "item_timings.yaml": 12,
    "items.yaml": 6,
    "round.yaml": 8,
    "setup.yaml": 7,
}


def test_the_bundled_lyabi_loads_with_its_own_hooks_and_a_copy_elsewhere_has_none(tmp_path: Path) -> None:
    spec = load_game(LYABI)
    assert set(hooks_for(spec["id"], LYABI)) >= {"initial_cards", "battle", "someone_holds_a_card"}
    mine = tmp_path / "lyabi.yaml"  # the same file shared by a user: its hooks are not code it may run
    mine.write_bytes(LYABI.read_bytes())
    assert hooks_for(spec["id"], mine) == {}
    with pytest.raises(LoadError) as caught:
        load_game(mine)
    said = str(caught.value)
    assert (
        re.search(r"setup\[\d+\]\.hook: no hook named 'initial_cards'", said)
        and "bundled game file only" in said
    )


def test_an_unknown_hook_in_a_users_game_is_named_at_its_key(tmp_path: Path) -> None:
    text = (cards_dir() / "games" / "sevenbridge.yaml").read_bytes()
    mine = tmp_path / "mybridge.yaml"
    mine.write_bytes(
        text.replace(b"id: sevenbridge", b"id: mybridge").replace(
            b"  - shuffle: stock\n", b"  - shuffle: stock\n  - hook: deal_twice\n"
        )
    )
    with pytest.raises(LoadError) as caught:
        load_game(mine)
    assert "setup[1].hook: no hook named 'deal_twice'" in str(caught.value)


def test_the_python_lyabis_scenarios_played_by_the_data_file() -> None:
    game = get_game(str(load_game(LYABI)["id"]))
    passed: dict[str, int] = {}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for result in _scenario_results(path, lambda name: game, True):
            passed[path.name] = passed.get(path.name, 0) + result.passed
    assert passed == PASSING


def test_a_commit_stays_hidden_until_every_seat_has_placed() -> None:
    game = get_game("lyabi_data")
    engine = Engine.new(game, 2, 3)
    for _ in range(200):  # play passes until the battle's commit is open
        state = engine.state
        if state.pending is not None:
            break
        seat = engine.deciding_seats()[0]
        engine.apply_text(seat, "pick to 1" if state.phase == "pick" else "pass")
    state = engine.state
    assert state.pending is not None and set(engine.deciding_seats()) == {0, 1}
    first = engine.deciding_seats()[0]
    charge = next((a for a in engine.legal_actions(first) if a.kind == "charge"), None)
    move = charge or next(a for a in engine.legal_actions(first) if a.kind == "dummy")
    hand = list(state.zones[f"hand:{first}"].cards)
    engine.apply(move)
    other = 1 - first
    assert engine.deciding_seats() == (other,)
    assert engine.view(other).my_commit is None
    assert state.zones[f"hand:{first}"].cards == hand  # nothing placed face up before both are in
    engine.apply(next(a for a in engine.legal_actions(other) if a.kind == "dummy"))
    assert "battle" in game.public_data(engine.state, None)


def _lyabi_mistaken(tmp_path: Path, old: str, new: str) -> str:
    """The loader's words for a copy of lyabi.yaml with `old` replaced by `new` once (outside the
    bundled folder its hooks are unknown too: those lines are beside the point here)."""
    return _mistaken(tmp_path, old, new, LYABI)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "a Lv{pile} circle costs",
            "a Lv{level} circle costs",
            "moves.circle.refuse.cost.en: no value {level} here (known: {cost}, {paid}, {pile})",
        ),
        (
            "{param: deck_out, equals: short}",
            "{param: deck_out, equals: shrt}",
            "when[0].equals: 'shrt' is not a value of deck_out (empty, short)",
        ),
        (
            'map: {"true": 0, "false": 1}',
            'map: {"true": 0}',
            "moves.change.take.at_least.map: the value false is not mapped",
        ),
        (
            "to: discard, random: true, tally: spent",
            "to: deck, random: true, tally: spent",
            "a tally counts only cards moved into a public zone (deck is not)",
        ),
        ("move: recolour,", "move: buy,", "choose_value.move: 'buy' is a move already"),
        ('pile: "0"', 'pile: "7"', "setup[6].blind_pick.pile: name one of its piles: 0, 5, 11"),
    ],
)
def test_the_new_words_mistakes_are_named_at_their_keys(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    assert said in _lyabi_mistaken(tmp_path, old, new)


def test_a_refusal_the_file_words_is_said_in_the_tables_language() -> None:
    game = get_game("lyabi_data")
    assert isinstance(game, DataGame)
    assert (
        game.refusal_in("an item costs 3: you pay only 2", "ja") == "アイテムのコストは3、支払いは2だけです"
    )
    assert game.refusal_in("no Lv5 circle is left", "ja") == "Lv5の魔法陣は残っていません"
    assert game.refusal_in("R5 costs 5: you pay only 4", "ja") is None  # the interpreter's own words


def test_the_blind_pick_names_places_never_cards_and_ends_in_the_first_round() -> None:
    game = get_game("lyabi_data")
    engine = Engine.new(game, 2, 11)
    state = engine.state
    assert state.phase == "pick" and engine.deciding_seats() == (0,)
    legal = engine.legal_actions(0)
    assert [a.target for a in legal] == ["1", "2", "3", "4", "5", "6"]
    assert all(a.kind == "pick" and a.cards == () for a in legal)  # no card is named
    assert "name a place from 1 (the top) to 6" in game.why_not(state, Action(0, "pick", (), "7"))
    assert game.why_not(state, Action(1, "pick", (), "1"))  # not P2's pick yet
    for _ in range(40):  # the same attribute puts both back: picks go on until they differ
        if state.phase != "pick":
            break
        seat = engine.deciding_seats()[0]
        engine.apply(engine.legal_actions(seat)[0])
    assert state.phase == "main" and "blind" not in state.data
    colours = [game.values(state, "attribute")[state.zones[f"circles:{s}"].cards[0]] for s in (0, 1)]
    assert colours[0] != colours[1]
    assert all(len(state.zones[f"hand:{s}"].cards) == 3 for s in (0, 1))  # the circle's initial HAND


def test_making_change_that_takes_nothing_has_words_of_its_own() -> None:
    """`label_none:` is said when a move names no target: making change for nothing ended "pay X for "."""
    game = get_game("lyabi_data")
    assert isinstance(game, DataGame)
    engine = Engine.new(game, 2, 11)
    assert engine.state.cardset is not None
    card = engine.state.cardset.physical().index(
        next(c for c in engine.state.cardset.physical() if c.code == "R3")
    )
    nothing = Action(0, "change", (card,), "")
    assert (
        game.words(engine.state.cardset, nothing, "en") == "Make change: pay Lv3 Red Lyabi and take nothing"
    )
    assert game.words(engine.state.cardset, nothing, "ja") == "両替：Lv3 赤のリャビを払って何も取得しない"
    some = Action(0, "change", (card,), "supply:G1")
    assert game.words(engine.state.cardset, some, "en").endswith("for pool Lv1 Green Lyabi")


def test_a_double_charge_of_two_alike_lyabi_names_each_in_a_list() -> None:
    """Two cards are listed with the language's separator: spaced only, a Double Charge of two Lv1
    Blue read as one name said twice ("Charge Lv1 Blue Lyabi Lv1 Blue Lyabi")."""
    game = get_game("lyabi_data")
    assert isinstance(game, DataGame)
    cardset = Engine.new(game, 2, 11).state.cardset
    assert cardset is not None
    blue = [i for i, c in enumerate(cardset.physical()) if c.code == "B1"][:2]
    double = Action(0, "charge", tuple(blue))
    assert game.words(cardset, double, "en") == "Charge Lv1 Blue Lyabi, Lv1 Blue Lyabi"
    assert game.words(cardset, double, "ja") == "Lv1 青のリャビ、Lv1 青のリャビをチャージ"


def test_the_log_tells_a_hidden_choice_then_both_choices_and_the_battle() -> None:
    """Each seat reads that the other chose face down, never what; once both are in, each choice in
    its words and the battle's result in the `log` hook's words (the log said only your own choice)."""
    game = get_game("lyabi_data")
    assert isinstance(game, DataGame)
    engine = Engine.new(game, 2, 3)
    chronicle = Chronicle(narration_for(type(game).__module__), 2)
    for move in range(200):  # passes until the battle's commit is open
        if engine.state.pending is not None:
            break
        seat = engine.deciding_seats()[0]
        action = engine.parse(seat, "pick to 1" if engine.state.phase == "pick" else "pass")
        chronicle.record(action, engine.apply(action), engine, move)
    first = engine.deciding_seats()[0]
    other = 1 - first
    charge = next(a for a in engine.legal_actions(first) if a.kind == "charge")
    assert engine.state.cardset is not None
    charge_words = game.words(engine.state.cardset, charge, "en")
    chronicle.record(charge, engine.apply(charge), engine, 900)
    said = {seat: [p for m, p in chronicle.lines(seat, 900)] for seat in (first, other)}
    assert [p.key for p in said[other]] == ["dg.committed"]  # only that it was chosen
    assert [p.key for p in said[first]] == ["dg.move"]  # your own choice, in its words
    dummy = next(a for a in engine.legal_actions(other) if a.kind == "dummy")
    chronicle.record(dummy, engine.apply(dummy), engine, 901)
    lines = [p for m, p in chronicle.lines(first, 901)]
    revealed = {p.values["who"].seat: p.values["what"].en for p in lines if p.key == "dg.revealed"}
    assert revealed == {other: "Place the Dummy"}  # its own choice the seat read when it chose
    theirs = [p for m, p in chronicle.lines(other, 901)]
    assert [p.values["what"].en for p in theirs if p.key == "dg.revealed"] == [charge_words]
    battle = [p for p in lines if p.key == "dg.move" and "battle" in p.values["what"].en]
    assert len(battle) == 1 and battle[0].values["who"].seat == first
    assert "over the Dummy" in battle[0].values["what"].en
    assert "ダミーに勝つ" in battle[0].values["what"].ja


def test_a_redeal_keeps_each_circle_in_its_pile_and_the_search_can_pick() -> None:
    """The setup splits the box by level (public: every card of a value), so a re-deal from a view keeps
    the Lv0 circles in the Lv0 pile and the items in the item pool; before, the split was a move no one
    saw, every card of the box could be in every pile, and a search bot picked an item as its circle
    (KeyError in the initial-cards hook)."""
    game = get_game("lyabi_data")
    engine = Engine.new(game, 2, 3)
    view = engine.view(0)
    assert view.phase == "pick" and engine.state.cardset is not None
    physical = engine.state.cardset.physical()
    piles = [z for z in engine.state.zones if z.startswith(("circles_pool:", "items_pool"))]

    def codes(state: GameState, zone: str) -> list[str]:
        return sorted(physical[c].code for c in state.zones[zone].cards)

    for k in range(6):
        dealt = game.determinize(view, Rng(k))
        assert {z: codes(dealt, z) for z in piles} == {z: codes(engine.state, z) for z in piles}
    bot = SearchBot(Rng(5), budget=150)
    for _ in range(4):  # both picks, then the first decisions after the setup's hook
        seat = engine.deciding_seats()[0]
        engine.apply(bot.choose(engine.view(seat)))
    assert engine.state.phase != "pick" or engine.deciding_seats()

"""The default move notation (rules/notation.py) and its three typed errors (rules/actions.py).

A toy game that declares no move words gets `kind CODE... [to TARGET]` for free; the real games'
own words are pinned by their scenario files (tests/scenarios/*/notation.yaml) and by the contract
test that every legal action's text parses back to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.cardsets.yamlfile import read_yaml
from cardtable.games import get_game
from cardtable.rules.actions import (
    Action,
    AmbiguousMoveError,
    IllegalAction,
    IllegalMoveError,
    InvalidMoveError,
    NotationError,
)
from cardtable.rules.cards import CardSet, CardSpec, Text
from cardtable.rules.engine import Engine
from cardtable.rules.events import Event
from cardtable.rules.game import Game
from cardtable.rules.notation import MoveForm, OneOf
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility
from cardtable.scenario import load_scenarios, run_scenario

TOY_CARDS = CardSet(
    "toy",
    Text(en="Toy"),
    "en",
    "plain",
    (CardSpec("A", Text(en="Ace"), count=2), CardSpec("B", Text(en="Bee")), CardSpec("C", Text(en="Cee"))),
)


class Toy(Game):
    """One seat holds cards A, A, B; it may give a hand card north or south, play B with C, or pass.
    It declares no move words: its notation is the default one."""

    id = "toy"
    min_seats = max_seats = 1

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return 10

    def setup(self, state: GameState) -> list[Event]:
        state.add_zone("hand:0", Visibility.OWNER, 0).cards.extend([0, 1, 2])
        state.add_zone("table", Visibility.PUBLIC).cards.append(3)
        state.active = 0
        state.phase = "play"
        return []

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        hand = state.zones["hand:0"].cards
        out = [Action(seat, "pass")]
        out += [Action(seat, "give", (c,), side) for c in (min(hand), 2) for side in ("north", "south")]
        return out + [Action(seat, "play", (2, 3))]

    def apply(self, state: GameState, action: Action) -> list[Event]:
        state.over = True
        return []


def toy_engine() -> Engine:
    return Engine.new(Toy(), 1, 0, cardset=TOY_CARDS)


def test_the_default_notation_writes_kind_codes_and_a_target_after_to() -> None:
    engine = toy_engine()
    texts = [engine.describe(a) for a in engine.legal_actions(0)]
    assert texts == [
        "pass",
        "give A to north",
        "give A to south",
        "give B to north",
        "give B to south",
        "play B C",
    ]


def test_every_legal_toy_move_parses_back_to_itself_in_any_letter_case_and_code_order() -> None:
    engine = toy_engine()
    for action in engine.legal_actions(0):
        assert engine.parse(0, engine.describe(action)) == action
    assert engine.parse(0, "GIVE a to north") == Action(0, "give", (0,), "north")
    assert engine.parse(0, "play c b") == Action(0, "play", (2, 3))


def test_a_missing_target_is_filled_in_when_one_legal_move_fits_and_ambiguous_when_several_do() -> None:
    engine = toy_engine()
    with pytest.raises(AmbiguousMoveError) as caught:
        engine.parse(0, "give B")
    assert caught.value.texts == ("give B to north", "give B to south")
    assert caught.value.candidates == (Action(0, "give", (2,), "north"), Action(0, "give", (2,), "south"))
    assert "give B to north, give B to south" in str(caught.value)


def test_a_code_names_the_copy_a_legal_move_uses() -> None:
    engine = toy_engine()
    engine.state.zones["hand:0"].cards.remove(0)  # the first Ace leaves the hand: the second one is given
    assert engine.parse(0, "give A to north") == Action(0, "give", (1,), "north")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("give Z to north", "'Z' is not a card code of toy"),
        ("give A to", "give takes any card codes and one word after 'to'"),
        ("give A B B to north", "B is written more times than the card set has copies"),
    ],
)
def test_texts_that_are_no_move_are_syntax_errors(text: str, reason: str) -> None:
    with pytest.raises(InvalidMoveError, match=reason):
        toy_engine().parse(0, text)


def test_a_move_that_parses_but_is_not_legal_is_an_illegal_move_with_the_rules_reason() -> None:
    engine = toy_engine()
    action = engine.parse(0, "shuffle A")  # any kind word is a move of the default notation
    assert action == Action(0, "shuffle", (0,))
    with pytest.raises(IllegalMoveError, match="shuffle is not allowed now") as caught:
        engine.apply_text(0, "shuffle A")
    assert caught.value.action == action


def test_the_three_errors_keep_the_names_everything_already_catches() -> None:
    assert issubclass(InvalidMoveError, NotationError) and issubclass(AmbiguousMoveError, NotationError)
    assert issubclass(NotationError, ValueError)
    assert issubclass(IllegalMoveError, IllegalAction)
    assert (InvalidMoveError.what, IllegalMoveError.what, AmbiguousMoveError.what) == (
        "syntax error",
        "illegal move",
        "ambiguous move",
    )


class Words(Toy):
    """The toy game with its own words: a fixed set of kinds, sides written bare after the card."""

    move_forms = {
        "pass": MoveForm(),
        "give": MoveForm(
            1, target=OneOf({"n": "north", "north": "north", "s": "south", "south": "south"}, "a side")
        ),
        "play": MoveForm(2, example="play B C"),
    }
    target_word = ""


def test_a_game_declares_its_words_as_data_and_keeps_the_round_trip() -> None:
    engine = Engine.new(Words(), 1, 0, cardset=TOY_CARDS)
    for action in engine.legal_actions(0):
        assert engine.parse(0, engine.describe(action)) == action
    assert engine.describe(Action(0, "give", (2,), "north")) == "give B north"
    assert engine.parse(0, "give B s") == Action(0, "give", (2,), "south")
    with pytest.raises(InvalidMoveError, match="unknown move 'shuffle' \\(moves: pass, give, play\\)"):
        engine.parse(0, "shuffle")
    with pytest.raises(InvalidMoveError, match="'east' is not a side \\(north, south\\)"):
        engine.parse(0, "give B east")
    with pytest.raises(InvalidMoveError, match="play takes 2 card codes, such as 'play B C'"):
        engine.parse(0, "play B")
    with pytest.raises(InvalidMoveError, match="pass takes nothing after it"):
        engine.parse(0, "pass B")


SCENARIO = """
game: runeworks
seats: 2
moves:
  - reject: {P1: release H3}
    error: syntax
  - P1: boost
"""


def test_the_scenario_runner_says_which_of_the_three_errors_a_move_hit(tmp_path: Path) -> None:
    path = tmp_path / "errors.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    spec, base = load_scenarios(path)[0]
    _, root = read_yaml(path)
    result = run_scenario(spec, str(path), root, base, get_game)
    assert len(result.failures) == 2
    assert "rejected as illegal move" in result.failures[0]
    assert "expected it rejected as syntax error" in result.failures[0]
    assert "boost: rejected (syntax error): boost takes one card code" in result.failures[1]

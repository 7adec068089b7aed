"""Risugeon gaps mutation testing found (issue 26, bench/mutate.py): the card language's defaults,
shorthands and limits (what a designer may leave out of cards/risugeon.yaml), and the decision bound of
an effect. Each test fails under the mutants its docstring names; rule gaps are scenarios instead
(tests/scenarios/risugeon/)."""

from __future__ import annotations

from cardtable.games.risugeon.effects import DECKBUILDER


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

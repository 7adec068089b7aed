"""YAML syntax errors read in a hand-editor's words (cardtable/cardsets/syntaxwords.py): the right
advice for an indentation slip, and no PyYAML parser wording anywhere a reader sees it."""

from __future__ import annotations

import os
import random

import pytest

from cardtable.cardsets import LoadError, parse_yaml
from tests.mutants import CARDS, _lines_mutant

# Words of PyYAML's parser and scanner that mean nothing to a card designer.
RAW = (
    "<block",
    "<scalar>",
    "<stream",
    "<document",
    "while parsing",
    "while scanning",
    "but found",
    "but got",
    "token",
    "simple key",
    "mapping values are not allowed",
    "expected the node",
)

CARD = "cardset: demo\ncards:\n  - code: A\n    name: x\n{line}\n"


def problem(text: str) -> str:
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def test_a_key_indented_one_space_too_far_is_told_so():
    message = problem(CARD.format(line="     cost: 4"))
    assert message == (
        "f.yaml:5:10: cost: is indented 1 space more than name: on line 4; keys of one mapping start in "
        "the same column: line it up with name:"
    )
    assert "quotes" not in message


def test_a_key_indented_too_little_is_told_so():
    message = problem(CARD.format(line="   cost: 4"))
    assert message == (
        "f.yaml:5:4: cost: is indented 3 spaces, a column no key above it is in: line it up with name: "
        "on line 4 (4 spaces), or with the key it belongs under"
    )
    # under a list of flow mappings the nearest key column is the mapping's own
    message = problem("sandbox:\n  piles:\n    - {name: deck}\n    - {name: play}\n   deal: 3\n")
    assert "line it up with piles: on line 2 (2 spaces)" in message


def test_a_colon_inside_a_value_still_gets_the_quotes_advice():
    assert problem("text: Draw 2: then discard\n").endswith("put the value in quotes")


@pytest.mark.parametrize(
    "text",
    [
        "a: [1, 2\nb: 3\n",
        'a: "abc\nb: 3\n',
        "a: {b: 1\n",
        "a:\n  - 1\n  b: 2\n",
        "- a\nb: 1\n",
        "a: @b\n",
        "a: ]\n",
        "a: *x\n",
        'a: "\\q"\n',
        "a: * b\n",
        "a: - 1\n",
        "a: 'x' y\n",
        "a: |x\n  b\n",
        "a: 1\n- b\n",
        "a: !<x\n",
        "%FOO\na: 1\n",
        "a: 1\n...\nb\n",
        "a: {b: c: d}\n",
        "a: &x 1\nb: &x 2\n",
        "a\nb: 1\n",
        "? [a]\n: 1\n",
        "a: &x 1\nb:\n  <<: *x\n",
    ],
)
def test_no_parser_words_in_any_syntax_error(text: str):
    message = problem(text)
    assert not any(raw in message for raw in RAW), message


def test_no_parser_words_in_mutated_card_sets():
    """A hundred broken copies of a bundled set: whatever the mistake, a reader's sentence (more with
    CARDTABLE_FUZZ=N, as the other fuzz tests)."""
    text = (CARDS / "sainome.yaml").read_bytes().decode("utf-8")
    rng = random.Random(25)
    seen = 0
    for _ in range(max(100, int(os.environ.get("CARDTABLE_FUZZ") or 0))):
        mutant = _lines_mutant(text, rng)
        try:
            parse_yaml(mutant, "f.yaml")
        except LoadError as exc:
            seen += 1
            for found in exc.problems:
                assert not any(raw in found.message for raw in RAW), found
    assert seen > 10  # the mutants do break the file

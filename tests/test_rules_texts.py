"""The rules a player reads (Esc → Rules, in both languages) speak to players: never of "the spec"
(a player has none: Lyabi's text spoke of "the spec's provisional choices"), of the spec's rule
numbers ("(R6)") or of the project's files."""

from __future__ import annotations

import re

import pytest

from cardtable.games import all_entries
from cardtable.ui.scenes.rules import rules_text

SPEC_TALK = re.compile(r"\bspec\b|spec's|仕様|\(R\d+|\bR\d+\)|\.yaml\b", re.IGNORECASE)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_rules_text_speaks_of_the_spec(language: str) -> None:
    read = 0
    for game_id in all_entries():
        text = rules_text(game_id, language)
        if text is None:
            continue
        read += 1
        found = [line for line in text.splitlines() if SPEC_TALK.search(line)]
        assert not found, f"{game_id} ({language}) rules speak of the spec: {found}"
    assert read >= 5, "the games' rules texts were read"

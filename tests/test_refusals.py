"""Every game's refusals said in Japanese: a refused move or drop shows the rules' reason in the table's
language (ui/scenes/table/log.py `refusal_text`), through the common patterns and the game's REASONS
(cardtable/rules/narration.py `reason_phrase`).

For each registered game: every reason met in seeded random playouts of its test variants, asked of
every move of a known shape a seat could name, has Japanese words (tests/reasons.py), and every sentence
its rules' modules write is said too: met in a playout, or read by a pattern whatever its values.
Land & Person's own test (tests/test_landperson.py) also builds the positions a playout does not reach.
"""

from __future__ import annotations

import pkgutil
import re
from importlib import import_module
from pathlib import Path

import pytest

from cardtable.games import all_entries, all_games
from cardtable.rules.game import Game
from tests.reasons import Template, pattern, playout_reasons, templates, unsaid, untranslated

# every registered game; the test-only War (tests/games/war) brings no Japanese of its own
GAMES = sorted(gid for gid in all_games() if gid != "war")
STEPS = 150  # moves per playout: every phase of every game comes round within it


def _written(game: Game) -> list[Template]:
    """The sentences the game's rules write: in every module of its package that holds its rules (a
    `why_not` or `_why_not_...`; a deck check for a parameter error is no refusal), the sentences with
    a space (a function that returns a zone name, `supply:R1`, is no refusal)."""
    package = import_module(type(game).__module__)
    if not hasattr(package, "__path__"):  # the rules in a module of the game's package
        package = import_module(package.__name__.rpartition(".")[0])
    paths = [Path(str(package.__file__))]
    paths += [
        Path(str(import_module(f"{package.__name__}.{m.name}").__file__))
        for m in pkgutil.iter_modules(package.__path__)
    ]
    rules = [path for path in paths if re.search(r"def _?why_not", path.read_bytes().decode("utf-8"))]
    return [t for path in rules for t in templates(path) if any(p and " " in p for p in t)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_a_game_gives_is_said_in_japanese(game_id: str) -> None:
    game = all_games()[game_id]
    met: set[str] = set()
    for index, params in enumerate(all_entries()[game_id].variants or ({},)):
        met |= set(playout_reasons(game, dict(params), index + 1, STEPS))
    problems = untranslated(game, met)
    assert not problems, f"{game_id}: " + "\n".join(problems)
    unmet = [t for t in _written(game) if not any(pattern(t).fullmatch(reason) for reason in met)]
    problems = unsaid(game, unmet)
    assert not problems, f"{game_id}: sentences its rules write without Japanese:\n" + "\n".join(problems)


def test_an_english_reason_without_japanese_is_caught() -> None:
    game = all_games()["landperson"]
    assert untranslated(game, ["the moon is not a card"]) == ["'the moon is not a card': no Japanese"]
    assert not untranslated(
        game, ["that person is not wandering", "P03: a move names the lowest-numbered copy of a card"]
    )
    assert unsaid(game, [("the moon costs ", None)]) == ["'the moon costs 2': no Japanese"]

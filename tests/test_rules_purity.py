"""The rules side (rules, games, bots, cardsets, persistence, simulate, cli) never imports pygame."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from child_process import python_env

import cardtable

PURE = ["rules", "games", "bots", "cardsets", "persistence"]
ROOT = Path(cardtable.__file__).parent
# Every import the test below refuses names `pygame`, or a module `ui...` after a dot or a space: a
# file whose text has neither cannot hold one, and is not parsed (parsing is most of this test's time).
MAY_IMPORT_UI = re.compile(rb"pygame|(?<![A-Za-z0-9_])ui")


def test_no_pure_module_mentions_pygame_in_an_import() -> None:
    offenders = []
    for package in PURE:
        for path in (ROOT / package).rglob("*.py"):
            source = path.read_bytes()
            if not MAY_IMPORT_UI.search(source):
                continue
            tree = ast.parse(source.decode("utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                    if node.level and node.module and node.module.startswith("ui"):
                        names.append("pygame")
                if any(n.split(".")[0] == "pygame" or ".ui" in n or n.startswith("ui") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


def test_importing_the_rules_side_loads_no_pygame(request: pytest.FixtureRequest) -> None:
    # one game of each, its own bot against the random one, so that imports made while playing count
    code = (
        "import sys\n"
        "import cardtable.rules.engine, cardtable.scenario, cardtable.rules.invariants\n"
        "import cardtable.games, cardtable.bots, cardtable.cardsets, cardtable.persistence\n"
        "import cardtable.simulate, cardtable.cli\n"
        "from cardtable.bots import bot_factories\n"
        "from cardtable.games import all_games\n"
        "from cardtable.simulate import simulate\n"
        "for gid, game in all_games().items():\n"
        "    seats = min(max(game.min_seats, 2), game.max_seats)  # two where it can: its bot and another\n"
        "    bots = [list(bot_factories(gid))[-1], 'random'][:seats]\n"
        "    simulate(gid, seats, 1, 0, bots=bots)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env=python_env(request),
    )
    assert result.returncode == 0, result.stderr

"""The rules side (rules, games, bots, cardsets, persistence, simulate, cli) never imports pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cardtable

PURE = ["rules", "games", "bots", "cardsets", "persistence"]
ROOT = Path(cardtable.__file__).parent


def test_no_pure_module_mentions_pygame_in_an_import() -> None:
    offenders = []
    for package in PURE:
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_bytes().decode("utf-8"))
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


def test_importing_the_rules_side_loads_no_pygame() -> None:
    code = (
        "import sys\n"
        "import cardtable.rules.engine, cardtable.scenario, cardtable.rules.invariants\n"
        "import cardtable.games, cardtable.bots, cardtable.cardsets, cardtable.persistence\n"
        "import cardtable.simulate, cardtable.cli\n"
        "from cardtable.games import all_games\n"
        "from cardtable.simulate import simulate\n"
        "for gid in all_games():\n"
        "    simulate(gid, all_games()[gid].min_seats, 2, 0)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr

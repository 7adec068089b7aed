"""The UI reads only views: nothing under cardtable/ui/ touches a game's state (`engine.state`,
`session.engine.state`, or any other `.state`). What a scene needs comes from `engine.view(seat)`
(zones, the pending decision, the game's public data) or from the engine's questions (legal_actions,
explain, describe, can_undo), so no scene can show what its viewer may not know."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable

UI = Path(cardtable.__file__).parent / "ui"


def test_no_ui_module_reads_a_state_attribute() -> None:
    offenders = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_bytes().decode("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                offenders.append(f"{path.relative_to(UI.parent)}:{node.lineno}: .{node.attr}")
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr":
                names = [a.value for a in node.args if isinstance(a, ast.Constant)]
                if "state" in names:
                    offenders.append(f"{path.relative_to(UI.parent)}:{node.lineno}: getattr(..., 'state')")
    assert not offenders, "the UI must read views, not the state:\n" + "\n".join(offenders)


def test_the_scan_finds_a_state_read() -> None:
    """The scan itself works: a line that reads the state is caught."""
    tree = ast.parse("pending = self.engine.state.pending\n")
    assert any(isinstance(n, ast.Attribute) and n.attr == "state" for n in ast.walk(tree))

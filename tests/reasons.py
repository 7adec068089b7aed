"""Shared by the games' tests: every reason a game's rules give for refusing a move, and whether the
table can say each one in Japanese (cardtable/rules/narration.py `reason_phrase`: the common patterns,
then the game's REASONS).

The reasons are met as players meet them: in seeded random playouts, at every decision, the rule of
every move a seat could name (each move kind with no card and with each card in sight, as
tests/test_legality.py names them) is asked why not. A game's test adds constructed positions for the
reasons a playout rarely reaches, and `templates` reads the reasons written in the rules' source, so a
test can show that none was missed.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.game import Game
from cardtable.rules.narration import narration_for, reason_phrase
from cardtable.rules.rng import Rng
from cardtable.ui.i18n import all_strings

ENGLISH = re.compile(r"[A-Za-z]{2,}")


def _sight(engine: Engine, seat: int) -> list[int]:
    """Cards `seat` could name now: those it sees in a small zone, and the top of each pile it sees."""
    out: set[int] = set()
    for zone in engine.state.zones.values():
        cards = zone.cards
        if len(cards) <= 12:
            out.update(c for i, c in enumerate(cards) if zone.sees_index(seat, i))
        elif zone.sees_index(seat, -1):
            out.add(cards[-1])
    return sorted(out)


def reasons_now(engine: Engine, kinds: Iterable[str]) -> dict[str, Action]:
    """Every reason the game's rules give now for a move some seat could name, with a move refused by it."""
    game, state = engine.game, engine.state
    found: dict[str, Action] = {}
    for seat in range(state.seats):
        cards = _sight(engine, seat) if seat in state.deciding_seats() else []
        for kind in kinds:
            for action in (Action(seat, kind), *(Action(seat, kind, (c,)) for c in cards)):
                reason = game.why_not(state, action)
                if reason:
                    found.setdefault(reason, action)
    return found


def playout_reasons(game: Game, params: dict[str, Any], seed: int, steps: int) -> dict[str, Action]:
    """The reasons met at every decision of a random playout (seeded, so a run repeats)."""
    engine = Engine.new(game, game.min_seats, seed, params)
    rng = Rng(seed + 1000)
    kinds = sorted(getattr(game, "RULES", ()))
    found: dict[str, Action] = {}
    for _ in range(steps):
        if engine.is_over():
            break
        kinds = sorted({*kinds, *(a.kind for s in engine.deciding_seats() for a in engine.legal_actions(s))})
        for reason, action in reasons_now(engine, [*kinds, "fly"]).items():  # fly: no game's move
            found.setdefault(reason, action)
        legal = engine.legal_actions(engine.deciding_seats()[0])
        engine.apply(legal[rng.below(len(legal))])
    return found


def untranslated(game: Game, reasons: Iterable[str]) -> list[str]:
    """The reasons the table cannot say in Japanese: no pattern reads them, the pattern misses a value its
    words need, or the Japanese words hold English ones (card codes in the values are named by the
    table, so only the words themselves are looked at)."""
    module: ModuleType | None = narration_for(type(game).__module__)
    texts = all_strings()
    problems: list[str] = []
    for reason in sorted(set(reasons)):
        found = reason_phrase(reason, module)
        if found is None:
            problems.append(f"{reason!r}: no Japanese")
            continue
        key, values = found
        words = texts.get(key, {}).get("ja")
        if words is None:
            problems.append(f"{reason!r}: read as {key}, which has no Japanese words")
            continue
        wanted = {name for _, name, _, _ in string.Formatter().parse(words) if name}
        if wanted - set(values):
            problems.append(f"{reason!r}: {key} needs {sorted(wanted - set(values))}, the pattern reads none")
        bare = "".join(text for text, _, _, _ in string.Formatter().parse(words))
        if ENGLISH.search(bare):
            problems.append(f"{reason!r}: {key}'s Japanese holds English: {words!r}")
    return problems


def _sentences(node: ast.expr) -> list[ast.expr]:
    """The strings an expression returned may be (`a or ("" if b else "why")`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return [node]  # "" is LEGAL
    if isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.IfExp):
        return _sentences(node.body) + _sentences(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in _sentences(value)]
    return []


def templates(path: Path, only: Iterable[str] = ()) -> list[re.Pattern[str]]:
    """The refusal sentences written in a rules module: the strings returned by its functions that
    return a `str` (its rules and their helpers; `only` these functions, when named), each as a pattern
    matching the reasons it makes (an f-string's values read as any text)."""
    named = set(only)
    tree = ast.parse(path.read_bytes().decode("utf-8"))
    out: list[re.Pattern[str]] = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef) or ast.unparse(function.returns or ast.Pass()) != "str":
            continue
        if named and function.name not in named:
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            for sentence in _sentences(node.value):
                if isinstance(sentence, ast.JoinedStr):
                    pieces = [
                        re.escape(p.value) if isinstance(p, ast.Constant) else ".+?" for p in sentence.values
                    ]
                    out.append(re.compile("".join(pieces)))
                else:
                    assert isinstance(sentence, ast.Constant)
                    out.append(re.compile(re.escape(sentence.value)))
    return out

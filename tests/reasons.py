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
from itertools import combinations, product
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.game import Game
from cardtable.rules.narration import narration_for, reason_phrase
from cardtable.rules.rng import Rng
from cardtable.ui.i18n import all_strings
from tests.test_legality import _cards_in_sight  # the cards a seat could name, as legality sees them

ENGLISH = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}(?![A-Za-z])")
# the Latin words a Japanese table may show, as tests/test_i18n.py allows them: printed on the cards
ALLOWED = {"MP", "PS", "HP", "Lv", "ATK", "QR"}


Shape = tuple[str, int, str]  # a move's kind, how many cards it names, its target


def reasons_now(engine: Engine, shapes: Iterable[Shape]) -> dict[str, Action]:
    """Every reason the game's rules give now for a move of a known shape some seat could name (naming
    each card in sight, or pairs of its hand cards), with a move refused by it."""
    game, state = engine.game, engine.state
    found: dict[str, Action] = {}
    for seat in range(state.seats):
        deciding = seat in state.deciding_seats()
        sight = _cards_in_sight(state, seat) if deciding else []
        hand = state.zones.get(f"hand:{seat}")
        held = sorted(hand.cards) if deciding and hand is not None else []
        pairs = list(combinations(held, 2))[:12]
        for kind, count, target in shapes:
            if count == 0:
                actions = [Action(seat, kind, (), target)]
            elif count == 1:  # each card in sight; with a target, each hand card and the first and
                # last in sight (what a move with a target pays comes from the hand)
                cards = sight if not target else sorted({*held, *sight[:1], *sight[-1:]})
                actions = [Action(seat, kind, (c,), target) for c in cards]
            else:
                actions = [Action(seat, kind, pair, target) for pair in pairs]
            for action in actions:
                reason = game.why_not(state, action)
                if reason:
                    found.setdefault(reason, action)
    return found


def playout_reasons(game: Game, params: dict[str, Any], seed: int, steps: int) -> dict[str, Action]:
    """The reasons met at every decision of a random playout (seeded, so a run repeats): for every move
    kind of the game with no card, one card, a wrong target and each target seen offered (`fly` is no
    game's move)."""
    engine = Engine.new(game, game.min_seats, seed, params)
    rng = Rng(seed + 1000)
    kinds = [*getattr(game, "RULES", ()), "fly"]
    shapes: set[Shape] = {
        (kind, count, target) for kind in kinds for count in (0, 1) for target in ("", "zz")
    }
    found: dict[str, Action] = {}
    for _ in range(steps):
        if engine.is_over():
            break
        for seat in engine.deciding_seats():
            shapes.update((a.kind, min(len(a.cards), 2), a.target) for a in engine.legal_actions(seat))
        for reason, action in reasons_now(engine, sorted(shapes)).items():
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
    own = getattr(game, "refusal_in", None)  # a data game's file words some refusals itself (`refuse:`)
    for reason in sorted(set(reasons)):
        said = own(reason, "ja") if own is not None else None
        if said is not None and said != reason:
            continue
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
        if set(ENGLISH.findall(bare)) - ALLOWED:
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


Template = tuple[str | None, ...]  # a sentence's words, None where an f-string puts a value


def templates(path: Path, only: Iterable[str] = ()) -> list[Template]:
    """The refusal sentences written in a rules module: the strings returned by its functions that
    return a `str` (its rules and their helpers; `only` these functions, when named)."""
    named = set(only)
    tree = ast.parse(path.read_bytes().decode("utf-8"))
    out: list[Template] = []
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
                    out.append(
                        tuple(str(p.value) if isinstance(p, ast.Constant) else None for p in sentence.values)
                    )
                else:
                    assert isinstance(sentence, ast.Constant)
                    out.append((str(sentence.value),))
    return out


def pattern(template: Template) -> re.Pattern[str]:
    """A template as a pattern matching the reasons it makes (a value read as any text)."""
    return re.compile("".join(".+?" if p is None else re.escape(p) for p in template))


FILLERS = ("2", "P01", "attack")  # what a value in a reason may be: a number, a card code, a word


def unsaid(game: Game, written: Iterable[Template]) -> list[str]:
    """The sentences written in a game's rules that the table cannot say in Japanese, whatever their
    values (each value tried as a number, a card code and a word)."""
    problems: list[str] = []
    for template in dict.fromkeys(written):
        holes = template.count(None)
        samples = []
        for values in product(FILLERS, repeat=holes):
            fill = iter(values)
            samples.append("".join(next(fill) if p is None else p for p in template))
        if all(untranslated(game, [sample]) for sample in samples):
            problems.append(untranslated(game, samples[:1])[0])
    return problems

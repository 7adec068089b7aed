"""Invariants every game state must satisfy, checked after every action in tests and `simulate --check`.

Card conservation (each physical card in exactly one zone), only deciding seats have actions and
every deciding seat has one, some seat decides until the game is over (no soft-lock), action texts unique and parsing back, the length bound, scores in
bounds, sane zone owners and pending decisions, plus each game's own checks.

`data_problems` holds a game's `state.data` to the TypedDict that documents it (each game's data.py):
exactly the declared keys, each value of its declared type. Games call it from their `check()`.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from .actions import NotationError
from .engine import Engine


def check_invariants(engine: Engine) -> list[str]:
    """Every violated invariant of the engine's current state, as sentences (empty = all good)."""
    game, state = engine.game, engine.state
    problems: list[str] = []
    seen: dict[int, str] = {}
    for name, zone in state.zones.items():
        if zone.owner is not None and not 0 <= zone.owner < state.seats:
            problems.append(f"zone {name} has owner {zone.owner}, not a seat")
        for card in zone.cards:
            if card in seen:
                problems.append(f"card {card} is in both {seen[card]} and {name}")
            seen[card] = name
    total = game.card_count(state)
    if sorted(seen) != list(range(total)):
        missing = sorted(set(range(total)) - set(seen))
        problems.append(
            f"card conservation broken: {len(seen)} cards in zones, expected {total}; missing {missing[:10]}"
        )
    deciding = set(state.deciding_seats())
    for seat in range(state.seats):
        legal = engine.legal_actions(seat)
        if seat in deciding and not legal:
            problems.append(f"seat {seat} must decide but has no legal action (phase {state.phase})")
        if seat not in deciding and legal:
            problems.append(f"seat {seat} has actions but is not deciding")
        texts = [engine.describe(a) for a in legal]
        if len(set(texts)) != len(texts):
            problems.append(f"seat {seat} has two actions with the same text: {sorted(texts)}")
        for action, text in zip(legal, texts, strict=True):
            try:
                back = engine.parse(seat, text)
            except NotationError as exc:
                problems.append(f"action text {text!r} does not parse: {exc}")
                continue
            if back != action:
                problems.append(f"action text {text!r} parses to {back}, not {action}")
    if state.pending is not None:
        for seat in state.pending.seats:
            if not 0 <= seat < state.seats:
                problems.append(f"pending names seat {seat}")
            if seat in state.pending.commits:
                problems.append(f"seat {seat} already committed but is still pending")
    if len(state.history) > engine.max_actions:
        problems.append(f"history of {len(state.history)} actions exceeds the bound {engine.max_actions}")
    low, high = game.score_bounds(state)
    for seat, score in enumerate(state.scores):
        if not low <= score <= high:
            problems.append(f"seat {seat} score {score} outside [{low}, {high}]")
    if state.over and deciding:
        problems.append("the game is over but seats are still deciding")
    if not state.over and not deciding:
        problems.append(f"the game is not over but no seat must decide (phase {state.phase})")
    problems.extend(game.check(state))
    return problems


Checker = Callable[[Any, str], list[str]]


def data_problems(value: Any, schema: Any, where: str = "data") -> list[str]:
    """Where `value` differs from the type `schema` declares: a TypedDict (exactly its keys, optional
    ones may be missing), list[X], dict[K, V], a union, Literal, Any, None, bool, int, str, float."""
    if _valid(schema)(value):
        return []  # the common case, answered without building a single key path
    return _checker(schema)(value, where)


Valid = Callable[[Any], bool]


@cache
def _valid(schema: Any) -> Valid:
    """Whether a value fits `schema`: the same rules as `_checker`, as a yes/no that builds no
    messages (the check runs after every action; the messages are only wanted when it fails)."""
    if schema is Any:
        return lambda value: True
    if is_typeddict(schema):
        hints = get_type_hints(schema)
        required: frozenset[str] = schema.__required_keys__
        checks = {key: _valid(hint) for key, hint in hints.items()}

        def typed(value: Any) -> bool:
            if not isinstance(value, dict) or not required <= value.keys():
                return False
            for key, item in value.items():
                check = checks.get(key)
                if check is None or not check(item):
                    return False
            return True

        return typed
    origin, args = get_origin(schema), get_args(schema)
    if origin in (Union, types.UnionType):
        arms = [_valid(arm) for arm in args]
        return lambda value: any(arm(value) for arm in arms)
    if origin is Literal:
        return lambda value: value in args
    if origin is list:
        item = _valid(args[0])
        return lambda value: isinstance(value, list) and all(item(v) for v in value)
    if origin is dict:
        key_valid, value_valid = _valid(args[0]), _valid(args[1])
        return lambda value: (
            isinstance(value, dict) and all(key_valid(k) and value_valid(v) for k, v in value.items())
        )
    if schema is None or schema is type(None):
        return lambda value: value is None
    if not isinstance(schema, type):
        raise TypeError(f"data_problems cannot check against {schema!r}")
    exact = frozenset({int, float}) if schema is float else frozenset({schema})
    return lambda value: type(value) in exact


@cache
def _checker(schema: Any) -> Checker:
    """The check of one declared type, built once per type (the check runs after every action)."""
    if schema is Any:
        return lambda value, where: []
    if is_typeddict(schema):
        return _typeddict_checker(schema)
    origin, args = get_origin(schema), get_args(schema)
    if origin in (Union, types.UnionType):
        arms = [_checker(arm) for arm in args]

        def union(value: Any, where: str) -> list[str]:
            found = []
            for arm in arms:
                problems = arm(value, where)
                if not problems:
                    return []
                found.append(problems)
            return min(found, key=len)

        return union
    if origin is Literal:
        return lambda value, where: [] if value in args else [f"{where} is {value!r}, not one of {args}"]
    if origin is list:
        item = _checker(args[0])

        def listed(value: Any, where: str) -> list[str]:
            if not isinstance(value, list):
                return [f"{where} is {type(value).__name__}, not a list"]
            return [p for i, v in enumerate(value) for p in item(v, f"{where}[{i}]")]

        return listed
    if origin is dict:
        key_check, value_check = _checker(args[0]), _checker(args[1])

        def mapped(value: Any, where: str) -> list[str]:
            if not isinstance(value, dict):
                return [f"{where} is {type(value).__name__}, not a dict"]
            problems = []
            for k, v in value.items():
                problems += key_check(k, f"{where} key {k!r}") + value_check(v, f"{where}[{k!r}]")
            return problems

        return mapped
    if schema is None or schema is type(None):
        return lambda value, where: [] if value is None else [f"{where} is {value!r}, not None"]
    if not isinstance(schema, type):
        raise TypeError(f"data_problems cannot check against {schema!r}")
    # Exact types: a bool is an int to Python, never to the rules; JSON data holds no subclasses.
    exact = frozenset({int, float}) if schema is float else frozenset({schema})

    def plain(value: Any, where: str) -> list[str]:
        if type(value) in exact:
            return []
        return [f"{where} is {value!r} ({type(value).__name__}), not {schema.__name__}"]

    return plain


def _typeddict_checker(schema: Any) -> Checker:
    hints = get_type_hints(schema)
    required: frozenset[str] = schema.__required_keys__
    checks = {key: _checker(hint) for key, hint in hints.items()}

    def typed(value: Any, where: str) -> list[str]:
        if not isinstance(value, dict):
            return [f"{where} is {type(value).__name__}, not a {schema.__name__}"]
        problems = [f"{where} lacks {key!r}" for key in sorted(required - value.keys())]
        problems += [f"{where} has undeclared key {key!r}" for key in sorted(set(value) - set(checks))]
        for key, item in value.items():
            check = checks.get(key)
            if check is not None:
                problems += check(item, f"{where}[{key!r}]")
        return problems

    return typed

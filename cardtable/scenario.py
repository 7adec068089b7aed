"""Scenario files: a stacked deal, moves in notation, and expectations, run against the engine.

Designers pin their rules with these and the project's own rule tests are mostly scenarios. The
format is documented in docs/scenarios.md. A malformed file raises ScenarioError naming file, line
and key; a scenario whose expectations fail returns its failures as readable diff lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from .cardsets.yamlfile import LoadError, format_key_path, locate, read_yaml
from .rules.actions import AmbiguousMoveError, IllegalAction, NotationError
from .rules.dice import RollError
from .rules.engine import Engine
from .rules.game import Game, ParamError
from .rules.notation import ids_for_codes, physical_codes
from .rules.state import GameState

_SEAT = re.compile(r"^P([1-9])$", re.IGNORECASE)
SCENARIO_KEYS = {
    "name",
    "game",
    "seats",
    "seed",
    "params",
    "deal",
    "setup",
    "rolls",
    "moves",
    "expect",
    "scenarios",
}
EXPECT_KEYS = {
    "zones",
    "order",
    "counts",
    "scores",
    "mp",
    "winners",
    "over",
    "next",
    "phase",
    "active",
    "legal",
    "data",
    "rolls_left",
}


# a `reject` entry's `error:` values, and what each means in the runner's reports
ERRORS = {"syntax": NotationError.what, "illegal": IllegalAction.what, "ambiguous": AmbiguousMoveError.what}


class ScenarioError(Exception):
    """A scenario file that cannot be run: the message is `file:line:col: key: what is wrong`."""


@dataclass
class ScenarioResult:
    """The outcome of one scenario: no failures means it passed."""

    name: str
    file: str
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether every expectation held."""
        return not self.failures


class _Refs:
    """Seat and card references of one scenario, with errors pointing into its file."""

    def __init__(
        self, file: str, root: Node | None, base: list[str | int], state: GameState | None, seats: int
    ) -> None:
        self.file, self.root, self.base, self.state, self.seats = file, root, base, state, seats

    def fail(self, where: str, message: str) -> ScenarioError:
        path: list[str | int] = list(self.base)
        for part in where.split("."):
            if part:
                path.extend(int(p) if p.isdigit() else p for p in re.split(r"\[(\d+)\]", part) if p)
        line, col = locate(self.root, path)
        return ScenarioError(f"{self.file}:{line}:{col}: {format_key_path(path)}: {message}")

    def seat(self, value: Any, where: str) -> int:
        match = _SEAT.match(str(value).strip())
        if not match or int(match.group(1)) > self.seats:
            raise self.fail(where, f"{value!r} is not a seat: write P1..P{self.seats}")
        return int(match.group(1)) - 1

    def cards(self, value: Any, where: str, exclude: set[int] | None = None) -> tuple[int, ...]:
        """Card ids for codes, the lowest-numbered copy first, skipping the ids in `exclude`."""
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list):
            raise self.fail(where, "expected a list of card codes")
        assert self.state is not None and self.state.cardset is not None
        codes = physical_codes(self.state.cardset)
        pool = range(len(codes)) if not exclude else [i for i in range(len(codes)) if i not in exclude]
        try:
            return _ordered_ids(
                ids_for_codes(self.state.cardset, [str(v) for v in value], pool),
                [str(v) for v in value],
                codes,
            )
        except NotationError as exc:
            if exclude and "not among" in str(exc):
                raise self.fail(
                    where, "a card is listed in two zones (and no other copy of it is left)"
                ) from None
            raise self.fail(where, str(exc)) from None

    def code_list(self, cards: Any) -> list[str]:
        assert self.state is not None and self.state.cardset is not None
        codes = physical_codes(self.state.cardset)
        return [codes[c] if c >= 0 else "?" for c in cards]


def _ordered_ids(ids: tuple[int, ...], tokens: list[str], codes: tuple[str, ...]) -> tuple[int, ...]:
    """`ids_for_codes` sorts; put the ids back in the order the file wrote them."""
    remaining = list(ids)
    out: list[int] = []
    for token in tokens:
        hit = next(i for i in remaining if codes[i].upper() == token.upper())
        remaining.remove(hit)
        out.append(hit)
    return tuple(out)


def load_scenarios(path: Path) -> list[tuple[dict[str, Any], list[str | int]]]:
    """The scenarios in a file (one, or a `scenarios:` list sharing the top-level keys) with their paths."""
    return load_file(path)[0]


def load_file(path: Path) -> tuple[list[tuple[dict[str, Any], list[str | int]]], Node | None]:
    """`load_scenarios` and the file's YAML node tree (for error positions), from one parse."""
    try:
        data, root = read_yaml(path)
    except LoadError as exc:
        raise ScenarioError(str(exc)) from None
    return _split(data, root, str(path)), root


def _split(data: Any, root: Node | None, file: str) -> list[tuple[dict[str, Any], list[str | int]]]:
    refs = _Refs(file, root, [], None, 9)
    if not isinstance(data, dict):
        raise refs.fail("", "a scenario file is a mapping with game, moves and expect")
    for key in data:
        if key not in SCENARIO_KEYS:
            raise refs.fail(str(key), f"unknown key (known: {', '.join(sorted(SCENARIO_KEYS))})")
    if "scenarios" not in data:
        return [(data, [])]
    items = data["scenarios"]
    if not isinstance(items, list) or not items:
        raise refs.fail("scenarios", "expected a non-empty list of scenarios")
    shared = {k: v for k, v in data.items() if k != "scenarios"}
    out: list[tuple[dict[str, Any], list[str | int]]] = []
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise refs.fail(f"scenarios[{index}]", "expected a mapping")
        for key in item:
            if key not in SCENARIO_KEYS - {"scenarios"}:
                raise refs.fail(f"scenarios[{index}].{key}", "unknown key")
        out.append(({**shared, **item}, ["scenarios", index]))
    return out


def run_file(path: Path, get_game: Callable[[str], Game]) -> list[ScenarioResult]:
    """Run every scenario in a file."""
    specs, root = load_file(path)
    return [run_scenario(spec, str(path), root, base, get_game) for spec, base in specs]


def run_scenario(
    spec: dict[str, Any], file: str, root: Node | None, base: list[str | int], get_game: Callable[[str], Game]
) -> ScenarioResult:
    """Set up, play and check one scenario."""
    name = str(spec.get("name", Path(file).stem))
    refs = _Refs(file, root, base, None, 9)
    try:
        game = get_game(str(spec.get("game", "")))
    except ParamError as exc:
        raise refs.fail("game", str(exc)) from None
    seats = spec.get("seats", game.min_seats)
    seed = spec.get("seed", 0)
    if not isinstance(seats, int) or not isinstance(seed, int):
        raise refs.fail("seats", "seats and seed are whole numbers")
    refs.seats = seats
    params = spec.get("params") or {}
    if not isinstance(params, dict):
        raise refs.fail("params", "expected a mapping of parameter: value")
    deal = spec.get("deal") or {}
    setup = spec.get("setup") or {}
    if not isinstance(setup, dict):
        raise refs.fail("setup", "expected a mapping of setup keys")
    rolls = _stated_rolls(spec.get("rolls"), refs)

    def arrange(state: GameState) -> None:
        refs.state = state
        _stack_deal(state, deal, refs, game.reserve_zone)
        # Stated rolls live in the state, set again on every replay (undo), so they stay deterministic.
        state.forced_rolls[:] = rolls
        try:
            game.arrange(state, setup, refs)
        except (ScenarioError, ParamError):
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, StopIteration) as exc:
            # A game's arrange reads the file's setup: keys; a value of a shape it did not expect is
            # the file's fault, reported at setup rather than as a traceback.
            raise refs.fail("setup", f"cannot set this up ({exc.__class__.__name__}: {exc})") from None

    try:
        engine = Engine.new(game, seats, seed, params, arrange=arrange)
    except ParamError as exc:
        raise refs.fail("params", str(exc)) from None
    result = ScenarioResult(name, file)
    moves = spec.get("moves") or []
    if not isinstance(moves, list):
        raise refs.fail("moves", "expected a list of moves like 'P1: draw'")
    for index, item in enumerate(moves):
        where = f"moves[{index}]"
        if isinstance(item, dict) and "expect" in item:
            result.failures += [
                f"after move {index}: {f}" for f in _check(engine, item["expect"], refs, f"{where}.expect")
            ]
            continue
        if isinstance(item, dict) and "reject" in item:
            seat, text = _move(item["reject"], refs, f"{where}.reject")
            reason = str(item.get("reason", ""))
            error = _expected_error(item.get("error"), refs, f"{where}.error")
            try:
                engine.apply_text(seat, text)
            except (IllegalAction, NotationError) as exc:
                if reason and reason.lower() not in str(exc).lower():
                    result.failures.append(
                        f"move {index} P{seat + 1}: {text}: rejected ({exc.what}) with {str(exc)!r}, "
                        f"expected a reason containing {reason!r}"
                    )
                if error and exc.what != ERRORS[error]:
                    result.failures.append(
                        f"move {index} P{seat + 1}: {text}: rejected as {exc.what} ({exc}), "
                        f"expected it rejected as {ERRORS[error]}"
                    )
                continue
            result.failures.append(f"move {index} P{seat + 1}: {text}: was accepted, expected it rejected")
            return result
        for seat, text in _moves(item, refs, where):
            try:
                engine.apply_text(seat, text)
            except RollError as exc:
                result.failures.append(f"move {index} P{seat + 1}: {text}: rolls: {exc}")
                return result
            except (IllegalAction, NotationError) as exc:
                deciding = ", ".join(f"P{s + 1}" for s in engine.deciding_seats()) or "nobody"
                result.failures.append(
                    f"move {index} P{seat + 1}: {text}: rejected ({exc.what}): {exc} (deciding: {deciding})"
                )
                return result
    if "expect" in spec:
        result.failures += _check(engine, spec["expect"], refs, "expect")
    return result


def _expected_error(value: Any, refs: _Refs, where: str) -> str:
    """A `reject` entry's `error:` key: which of the three errors the move must hit ("" = any)."""
    if value is None:
        return ""
    if not isinstance(value, str) or value not in ERRORS:
        raise refs.fail(where, f"expected one of {', '.join(ERRORS)}, got {value!r}")
    return str(value)


def _stated_rolls(value: Any, refs: _Refs) -> list[int]:
    """The `rolls:` list: dice results the game's next rolls take in order, instead of the seed's."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value
    ):
        raise refs.fail("rolls", "expected a list of dice results such as [3, 6, 6]")
    return list(value)


def _move(item: Any, refs: _Refs, where: str) -> tuple[int, str]:
    moves = _moves(item, refs, where)
    if len(moves) != 1:
        raise refs.fail(where, "expected one move like 'P1: draw'")
    return moves[0]


def _moves(item: Any, refs: _Refs, where: str) -> list[tuple[int, str]]:
    """'P1: draw', {P1: draw} or 'P2,P3: pass' (the same move for several seats, in order)."""
    if isinstance(item, dict) and len(item) == 1:
        who, text = next(iter(item.items()))
    elif isinstance(item, str) and ":" in item:
        who, text = item.split(":", 1)
    else:
        raise refs.fail(where, "expected a move like 'P1: draw'")
    return [(refs.seat(s.strip(), where), str(text).strip()) for s in str(who).split(",")]


def _stack_deal(state: GameState, deal: Any, refs: _Refs, reserve: str) -> None:
    """Put exactly the listed cards in each listed zone (piles top first); displaced cards go to the
    bottom of the reserve zone (the stock)."""
    if not isinstance(deal, dict):
        raise refs.fail("deal", "expected a mapping of zone: [cards]")
    wanted: dict[str, tuple[int, ...]] = {}
    taken: set[int] = set()
    for zone, cards in deal.items():
        if zone not in state.zones:
            raise refs.fail(f"deal.{zone}", f"no zone {zone!r} (zones: {', '.join(state.zones)})")
        ids = refs.cards(cards, f"deal.{zone}", exclude=taken)  # copies of a card: the next one not dealt
        taken |= set(ids)
        wanted[zone] = ids
    displaced: list[int] = []
    for name, zone in state.zones.items():
        keep = [c for c in zone.cards if c not in taken] if name not in wanted else []
        displaced += [c for c in zone.cards if c not in taken and name in wanted]
        zone.cards[:] = keep
    for name, ids in wanted.items():
        state.zones[name].cards[:] = list(reversed(ids))  # written top first; the top is the list's end
    state.zones[reserve].cards[0:0] = displaced


def _check(engine: Engine, expect: Any, refs: _Refs, where: str) -> list[str]:
    """Compare the position with an `expect:` mapping; each mismatch is one readable line."""
    if not isinstance(expect, dict):
        raise refs.fail(where, "expected a mapping of expectations")
    state = engine.state
    out: list[str] = []
    for key, value in expect.items():
        at = f"{where}.{key}"
        if key not in EXPECT_KEYS:
            raise refs.fail(at, f"unknown expectation (known: {', '.join(sorted(EXPECT_KEYS))})")
        if key in ("zones", "order", "counts"):
            if not isinstance(value, dict):
                raise refs.fail(at, "expected a mapping of zone: value")
            for zone, want in value.items():
                if zone not in state.zones:
                    out.append(f"{key}.{zone}: no such zone (zones: {', '.join(state.zones)})")
                    continue
                cards = state.zones[zone].cards
                if key == "counts":
                    if not _is_count(want):
                        raise refs.fail(f"{at}.{zone}", "expected how many cards, such as 3")
                    if len(cards) != want:
                        out.append(f"counts.{zone}: expected {want}, got {len(cards)}")
                    continue
                # compared by code: copies of a card share one code and are interchangeable here
                ids = refs.cards(want, f"{at}.{zone}")
                want_codes, got_codes = refs.code_list(ids), refs.code_list(cards)
                if key == "zones" and sorted(want_codes) != sorted(got_codes):
                    out.append(
                        f"zones.{zone}: expected {' '.join(refs.code_list(sorted(ids)))}, "
                        f"got {' '.join(refs.code_list(sorted(cards)))}"
                    )
                top = list(reversed(got_codes[-len(ids) :])) if ids else []
                if key == "order" and want_codes != top:
                    out.append(
                        f"order.{zone}: expected top first {' '.join(want_codes)}, "
                        f"got {' '.join(refs.code_list(reversed(cards)))}"
                    )
        elif key in ("scores", "mp"):
            if not isinstance(value, list) or not all(_is_int(v) for v in value):
                raise refs.fail(at, "expected every seat's score, such as [0, 12]")
            if list(value) != state.scores:
                out.append(f"{key}: expected {list(value)}, got {state.scores}")
        elif key in ("winners", "next"):
            if not isinstance(value, list | None):
                raise refs.fail(at, "expected a list of seats, such as [P1, P3]")
            want_seats = sorted(refs.seat(s, f"{at}") for s in (value or []))
            got = sorted(state.winners if key == "winners" else state.deciding_seats())
            if want_seats != got:
                out.append(f"{key}: expected {_seats(want_seats)}, got {_seats(got)}")
        elif key == "over":
            if not isinstance(value, bool):
                raise refs.fail(at, "expected true or false")
            if value != state.over:
                out.append(f"over: expected {bool(value)}, got {state.over}")
        elif key == "phase":
            if not isinstance(value, str):
                raise refs.fail(at, "expected a phase name, such as play")
            if str(value) != state.phase:
                out.append(f"phase: expected {value}, got {state.phase}")
        elif key == "active":
            want_seat = None if value is None else refs.seat(value, at)
            if want_seat != state.active:
                out.append(
                    f"active: expected {_seats([want_seat] if want_seat is not None else [])}, "
                    f"got {_seats([state.active] if state.active is not None else [])}"
                )
        elif key == "legal":
            out += _check_legal(engine, value, refs, at)
        elif key == "rolls_left":
            if not isinstance(value, int) or isinstance(value, bool):
                raise refs.fail(at, "expected how many stated rolls are still unused, such as 0")
            if len(state.forced_rolls) != value:
                out.append(
                    f"rolls_left: expected {value}, got {len(state.forced_rolls)} ({state.forced_rolls})"
                )
        elif key == "data":
            if not isinstance(value, dict | None):
                raise refs.fail(at, "expected a mapping of name: value")
            public = engine.game.public_data(state, None)
            for name, want in (value or {}).items():
                got = public.get(name, "<missing>")
                if not _matches(want, got):
                    out.append(f"data.{name}: expected {want!r}, got {got!r}")
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return _is_int(value) and value >= 0


def _matches(want: Any, got: Any, item: bool = False) -> bool:
    """Whether a `data:` value holds: a mapping is compared key by key (keys left out are not checked),
    a list item by item, anything else by equality. An empty mapping under a key wants an empty one
    (`imitating: {}`, "nothing imitated", matched anything); as a list's item it stands for an item
    not checked (`slots: [{top: ...}, {}]`)."""
    if isinstance(want, dict):
        if not want and not item:
            return isinstance(got, Mapping) and not got
        return isinstance(got, Mapping) and all(k in got and _matches(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return (
            isinstance(got, (list, tuple))
            and len(want) == len(got)
            and all(_matches(w, g, item=True) for w, g in zip(want, got, strict=True))
        )
    return bool(want == got)


def _check_legal(engine: Engine, value: Any, refs: _Refs, at: str) -> list[str]:
    out: list[str] = []
    if not isinstance(value, dict):
        raise refs.fail(at, "expected {P1: {has: [...], lacks: [...]}}")
    for who, rule in value.items():
        seat = refs.seat(who, at)
        rule = rule or {}
        if not isinstance(rule, dict) or not all(
            isinstance(rule.get(k) or [], list) and all(isinstance(t, str) for t in rule.get(k) or [])
            for k in ("has", "lacks")
        ):
            raise refs.fail(f"{at}.{who}", "expected {has: [moves], lacks: [moves]}")
        texts = {engine.describe(a) for a in engine.legal_actions(seat)}
        for text in rule.get("has") or []:
            if _norm(engine, seat, text) not in texts:
                out.append(f"legal.P{seat + 1}: expected {text!r} among {sorted(texts)}")
        for text in rule.get("lacks") or []:
            norm = _norm(engine, seat, text)
            hits = [t for t in texts if t == norm or t.split()[0] == norm]
            if hits:
                out.append(f"legal.P{seat + 1}: expected no {text!r}, found {sorted(hits)}")
    return out


def _norm(engine: Engine, seat: int, text: str) -> str:
    """A move text in the engine's canonical spelling ('set S5 S3 S4' -> 'set S3 S4 S5'); a bare kind stays."""
    try:
        return engine.describe(engine.parse(seat, text))
    except (NotationError, IllegalAction):  # not a move (or an empty pile's): compare the text as written
        return text.strip()


def _seats(seats: list[int]) -> str:
    return "[" + ", ".join(f"P{s + 1}" for s in seats) + "]"

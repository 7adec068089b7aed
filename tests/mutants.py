"""Seeded mutants of the files people hand cardtable (card sets, scenario files, saves) and the oracles
that judge what cardtable did with each.

Shared by tests/test_fuzz.py (a few hundred mutants per kind in the default run; more with
CARDTABLE_FUZZ=N) and bench/fuzz_files.py (a few thousand fresh ones, counted). Every mutant comes from a
`random.Random(seed)`, so a failure is reproduced from its seed alone.

An outcome is one of:
- "ok": the file was accepted and worked (a game played to its end, a scenario ran, a save resumed the
  same game);
- "refused": a clean refusal: the project's own error type with a `file:line:col`-style message;
- "traceback": any other exception (a bug: the issue wants none);
- "hang": the work did not finish within the time limit;
- "silent": the file was accepted but something changed without a word: a save that resumes a different
  game than the one written, a file that was modified or lost, a card set that validates and then cannot
  be played.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import random
import re
import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCENARIOS = ROOT / "tests" / "scenarios"

# Values a careless or hostile editor writes: wrong types, extremes, YAML's traps, tags, aliases.
HOSTILE_SCALARS = [
    "0",
    "-1",
    "1e9",
    "1e400",
    "-.inf",
    ".nan",
    "99999999999999999999999",
    "0x7fffffffffffffff",
    "2.5",
    "null",
    "~",
    '""',
    "''",
    "[]",
    "{}",
    "true",
    "no",
    "12:30",
    "!!set {a, b}",
    "!!binary aGVsbG8=",
    "!!timestamp 2024-05-01",
    "!!python/object:os.system x",
    "&a [*a]",
    "*nowhere",
    '"\\u0000"',
    '"P9"',
    '"P0"',
    '"hand:9"',
    "[P1, P2, P3, P4, P5, P6, P7]",
    "{P1: x}",
    "{P1: {has: x}}",
    "[[[[[[[[]]]]]]]]",
    '"' + "x" * 300 + '"',
    "{a: 1, a: 2}",
    "- a\n- b",
    "'P1: x'",
    "[1, 2, 3]",
    "{has: [x], lacks: 1}",
]

HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    10**9,
    10**30,
    -(10**18),
    2.5,
    float("inf"),
    float("nan"),
    "",
    "x",
    "P9",
    "P1",
    "true",
    "hand:0",
    "x" * 500,
    "\u0000",
    "ルーン",
    [],
    [1],
    ["x"],
    [[]],
    {},
    {"a": 1},
    {"P1": "x"},
    {"has": 1},
]


# ---------------------------------------------------------------------------------------------------
# Mutators


def _lines_mutant(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    if not lines:
        return text
    i = rng.randrange(len(lines))
    op = rng.randrange(9)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        lines[i] = " " * rng.randrange(1, 5) + lines[i]
    elif op == 4:
        lines[i] = lines[i].lstrip()
    elif op == 5:  # a scalar after a colon becomes something hostile
        match = re.search(r":\s+(\S.*)$", lines[i])
        if match:
            lines[i] = lines[i][: match.start(1)] + rng.choice(HOSTILE_SCALARS)
        else:
            lines[i] += " " + rng.choice(HOSTILE_SCALARS)
    elif op == 6:  # a number anywhere in the line becomes another
        numbers = list(re.finditer(r"-?\d+", lines[i]))
        if numbers:
            m = rng.choice(numbers)
            lines[i] = (
                lines[i][: m.start()]
                + rng.choice(["0", "-1", "1e9", "99999999999", "7", "2"])
                + lines[i][m.end() :]
            )
    elif op == 7:  # a word becomes another word of the file (a key or code in the wrong place)
        words = re.findall(r"[A-Za-z_][\w:]*", text)
        here = list(re.finditer(r"[A-Za-z_][\w:]*", lines[i]))
        if words and here:
            m = rng.choice(here)
            lines[i] = lines[i][: m.start()] + rng.choice(words) + lines[i][m.end() :]
    else:
        lines[i] = lines[i] + rng.choice([":", " #", "\t", " &x", " *x", " [", " {", "'", '"', " - x"])
    return "\n".join(lines)


def _bytes_mutant(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    op = rng.randrange(6)
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    if op == 0:  # a bit flip
        data[i] ^= 1 << rng.randrange(8)
    elif op == 1:  # truncated, as by a crash
        del data[i:]
    elif op == 2:  # a random byte
        data[i] = rng.randrange(256)
    elif op == 3:  # a chunk removed
        del data[i : i + rng.randrange(1, 64)]
    elif op == 4:  # a chunk repeated
        j = min(len(data), i + rng.randrange(1, 64))
        data[i:i] = data[i:j]
    else:  # junk inserted
        data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    return bytes(data)


def _paths(
    data: Any, path: tuple[Any, ...] = (), inside: frozenset[int] = frozenset()
) -> Iterator[tuple[Any, ...]]:
    yield path
    # A mutant may give an anchor an alias inside itself (`&x` ... `*x`): YAML then loads a list that
    # contains itself. Its nodes are walked once, not forever.
    if id(data) in inside:
        return
    inside = inside | {id(data)}
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key), inside)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index), inside)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def mutate_data(data: Any, rng: random.Random) -> Any:
    """A deep copy of JSON-like data with one node changed: replaced, removed, duplicated, retyped."""
    data = copy.deepcopy(data)
    paths = list(_paths(data))
    path = rng.choice(paths)
    if not path:
        return rng.choice(HOSTILE_VALUES)
    parent = _get(data, path[:-1])
    key = path[-1]
    value = parent[key]
    op = rng.randrange(7)
    if op == 0:
        del parent[key]
    elif op == 1 and isinstance(value, int | float) and not isinstance(value, bool):
        parent[key] = rng.choice([value + 1, value - 1, -value, value * 1000, 0, -1, 10**9, 2**63, 0.5])
    elif op == 2 and isinstance(value, str):
        parent[key] = rng.choice(
            [value + "x", value[:-1], value.upper(), value * 3, "", " " + value, value + ":"]
        )
    elif op == 3 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif op == 4 and isinstance(parent, dict):  # the value moves to another key
        other = rng.choice(list(_paths(data)))
        if other and isinstance(_get(data, other[:-1]), dict):
            parent[key] = copy.deepcopy(_get(data, other))
    else:
        parent[key] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    return data


# Values a card designer may write into a card's field: what a game reads as a number, a code or a
# list of codes, each of the wrong kind or out of range (value_mutant).
_VALUE_EDITS: list[Callable[[Any, list[str], random.Random], Any]] = [
    lambda v, codes, rng: -1,
    lambda v, codes, rng: 0,
    lambda v, codes, rng: -v if isinstance(v, int | float) and not isinstance(v, bool) else -1,
    lambda v, codes, rng: v + 1 if isinstance(v, int) and not isinstance(v, bool) else 1,
    lambda v, codes, rng: v * 100 if isinstance(v, int) and not isinstance(v, bool) else 100,
    lambda v, codes, rng: 10**6,
    lambda v, codes, rng: 2.5,
    lambda v, codes, rng: float("nan"),
    lambda v, codes, rng: float("-inf"),
    lambda v, codes, rng: "3",
    lambda v, codes, rng: None,
    lambda v, codes, rng: True,
    lambda v, codes, rng: [],
    lambda v, codes, rng: {},
    lambda v, codes, rng: [[]],
    lambda v, codes, rng: "NOPE",
    lambda v, codes, rng: rng.choice(codes) if codes else "x",
    lambda v, codes, rng: [*v, "NOPE"] if isinstance(v, list) else [v],
    lambda v, codes, rng: [[], *v[1:]] if isinstance(v, list) and v else [[]],
    lambda v, codes, rng: v[:1] if isinstance(v, list) else v,
    lambda v, codes, rng: v * 3 if isinstance(v, list) and len(v) < 20 else v,
]
_SET_KEYS = ("cardset", "title", "language", "template", "faces", "version", "game", "suits")


@functools.lru_cache(maxsize=8)
def _base_json(text: str) -> str:
    """A base set's data as the app reads it (YAML 1.2: `on:` is a key, not true), parsed once."""
    from cardtable.cardsets import parse_yaml

    return json.dumps(parse_yaml(text, "base")[0])


def value_mutant(text: str, rng: random.Random) -> bytes:
    """A bundled set with one to three card values changed as a designer might (a negative attack, a
    missing code in a list, a count of 0 or 50, a card removed or the set cut short): the file stays
    well formed and passes the schema more often than not, so the game's own checks and the rules
    meet the values. Faces are left out (they are another file's business)."""
    data = json.loads(_base_json(text))
    data.pop("faces", None)
    cards = data["cards"]
    codes = [c.get("code") for c in cards if isinstance(c, dict) and isinstance(c.get("code"), str)]
    for _ in range(rng.choice([1, 1, 2, 3])):
        op = rng.randrange(10)
        if op == 0 and len(cards) > 1:  # the set cut short (half of it, or a few cards less)
            keep = rng.choice([len(cards) // 2, len(cards) - 1, len(cards) - rng.randrange(1, 6)])
            del cards[max(1, keep) :]
        elif op == 1 and len(cards) > 1:
            del cards[rng.randrange(len(cards))]
        elif op == 2:
            card = rng.choice(cards)
            card["count"] = rng.choice([0, 1, 2, 3, 7, 50, -1])
        elif op == 3:  # a card's value at the top of the set (a set-wide setting) edited
            keys = [k for k in data if k not in _SET_KEYS and k != "cards"]
            if keys:
                key = rng.choice(keys)
                data[key] = mutate_data({"v": data[key]}, rng).get("v")
        else:  # one field of one card, nested lists and mappings included
            card = rng.choice(cards)
            paths = [p for p in _paths(card) if p and p[0] not in ("code", "name", "text", "provisional")]
            if not paths:
                continue
            path = rng.choice(paths)
            parent = _get(card, path[:-1])
            parent[path[-1]] = rng.choice(_VALUE_EDITS)(parent[path[-1]], codes, rng)
    out = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)
    return out.encode("utf-8")


# libyaml's parser and emitter when PyYAML has them (the Python ones otherwise): reading a base and
# writing its mutated data back were most of the time to make a mutant, and its own cost is not what
# a fuzz run is for. A str libyaml cannot encode (a byte mutant's lone surrogates) is a ValueError.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def yaml_mutant(text: str, rng: random.Random) -> bytes:
    """A mutated copy of a YAML file: one to three edits to its lines, data or bytes."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.randrange(10)
        if kind < 5:
            text = _lines_mutant(text, rng)
        elif kind < 8:
            try:
                data = yaml.load(text, Loader=_LOADER)  # a SafeLoader: plain types only
            except (yaml.YAMLError, ValueError):
                text = _lines_mutant(text, rng)
                continue
            text = yaml.dump(mutate_data(data, rng), Dumper=_DUMPER, allow_unicode=True, sort_keys=False)
        else:
            raw = _bytes_mutant(text.encode("utf-8", errors="surrogateescape"), rng)
            text = raw.decode("utf-8", errors="surrogateescape")
    return text.encode("utf-8", errors="surrogateescape")


def json_mutant(raw: bytes, rng: random.Random) -> bytes:
    """A mutated copy of a JSON file: its data changed and re-dumped, or its bytes damaged."""
    kind = rng.randrange(10)
    if kind < 6:
        try:
            data = json.loads(raw)
        except ValueError:
            return _bytes_mutant(raw, rng)
        return json.dumps(mutate_data(data, rng), ensure_ascii=False).encode("utf-8")
    if kind < 8:
        return _bytes_mutant(raw, rng)
    text = raw.decode("utf-8", errors="replace")
    return _lines_mutant(text, rng).encode("utf-8")


def trimmed_cardset(text: str, keep: int) -> str:
    """A bundled card set cut to its first `keep` cards (small mutants parse quickly)."""
    data = yaml.load(text, Loader=_LOADER)  # a SafeLoader: plain types only
    data["cards"] = data["cards"][:keep]
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)


# ---------------------------------------------------------------------------------------------------
# Oracles


@dataclass
class Outcome:
    """What cardtable did with one mutant."""

    kind: str  # ok | refused | traceback | hang | silent
    detail: str = ""


class Hang(BaseException):
    """Raised by the watchdog when a mutant's work runs past its time."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang in this thread after `seconds` (POSIX main thread; elsewhere no limit)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_PROBLEM_LINE = re.compile(r"^.+:\d+:\d+: \S")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"


def judge(work: Callable[[], Outcome], seconds: float) -> Outcome:
    """Run one mutant's work under a time limit; any exception that gets out is a traceback."""
    try:
        with time_limit(seconds):
            return work()
    except Hang:
        return Outcome("hang", f"still running after {seconds} s")
    except Exception:
        return Outcome("traceback", traceback.format_exc(limit=-6))


def play_to_end(engine: Any, seed: int, max_actions: int | None, check: bool = False) -> None:
    """Random legal moves until the game ends (or `max_actions` were made); with `check`, every
    invariant after the deal and after every move (as `simulate --check`): InvariantFailure at the
    first broken one, a seat that must decide with no legal move (a soft-lock) among them."""
    from cardtable.bots.random_bot import RandomBot
    from cardtable.rules.invariants import check_invariants
    from cardtable.rules.rng import Rng
    from cardtable.simulate import InvariantFailure

    bot = RandomBot(Rng(seed))
    made = 0
    while True:
        if check and (problems := check_invariants(engine)):
            raise InvariantFailure(f"after {made} moves: " + "; ".join(problems[:3]))
        if engine.is_over() or (max_actions is not None and made >= max_actions):
            return
        engine.apply(bot.choose(engine.view(engine.deciding_seats()[0])))
        made += 1


def cardset_outcome(
    path: Path, seed: int, max_actions: int | None = None, seconds: float = 20.0, check: bool = False
) -> Outcome:
    """Validate a card set file; when it is valid, deal it for every game it is made for (the games
    `cardtable validate` asked, at their most seats) and play a random game of each, under `check`
    when asked. A valid set a game then refuses, or that fails in play, is "silent": validate let
    through what the game cannot play."""

    def work() -> Outcome:
        from cardtable.cardsets import load_cached, validate_paths
        from cardtable.games import games_for_cardset
        from cardtable.rules.engine import Engine

        before = _digest(path)
        problems = validate_paths([path])
        if _digest(path) != before:
            return Outcome("silent", "validate changed the file")
        if problems:
            bad = [str(p) for p in problems if not _PROBLEM_LINE.match(str(p)) or "\n" in str(p)]
            return (
                Outcome("traceback", f"badly formed problem: {bad[0]!r}")
                if bad
                else Outcome("refused", str(problems[0]))
            )
        cardset = load_cached(path)  # valid: read once more, and the games' loads find it cached
        played = []
        for game in games_for_cardset(cardset.template, cardset.meta.get("game")):
            params = {"cardset": str(path)}
            try:
                Engine.new(game, game.max_seats, seed, params)  # the deal for the most seats
                seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
                engine = Engine.new(game, seats, seed, params)
                play_to_end(engine, seed, max_actions, check)
            except Exception:
                return Outcome(
                    "silent", f"validated, then {game.id} failed with it:\n" + traceback.format_exc(limit=-4)
                )
            played.append(game.id)
        return Outcome("ok", "played " + ", ".join(played))

    return judge(work, seconds)


def scenario_outcome(path: Path, seconds: float = 20.0) -> Outcome:
    """Run a scenario file through the command line: exit 0/1 with results, or 2 with a placed line."""

    def work() -> Outcome:
        import contextlib
        import io

        from cardtable.cli import main

        before = _digest(path)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["scenario", str(path)])
        if _digest(path) != before:
            return Outcome("silent", "running the scenario changed its file")
        if code == 2:
            lines = err.getvalue().strip().removeprefix("cardtable: ").splitlines()
            if not lines or not all(_PROBLEM_LINE.match(line) for line in lines):
                return Outcome("traceback", f"exit 2 without saying where: {err.getvalue()!r}")
            return Outcome("refused")
        if code in (0, 1):
            return Outcome("ok", f"exit {code}")
        return Outcome("traceback", f"exit {code}")

    return judge(work, seconds)


def cardset_bases(trim: int | None) -> list[tuple[str, str]]:
    """(name, text) of every bundled card set, cut to `trim` cards when given."""
    out = []
    for path in sorted(CARDS.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        out.append((path.stem, trimmed_cardset(text, trim) if trim else text))
    return out


def scenario_bases() -> list[tuple[str, str]]:
    """(name, text) of every scenario file of the test suite."""
    return [
        (str(p.relative_to(SCENARIOS)), p.read_text(encoding="utf-8"))
        for p in sorted(SCENARIOS.rglob("*.yaml"))
    ]


# ---------------------------------------------------------------------------------------------------
# Saves


@dataclass
class SaveBase:
    """A saved game to mutate: its two files and what loading them must give."""

    name: str
    main: bytes
    journal: bytes
    expected: tuple[Any, ...]


def _session_facts(session: Any) -> tuple[Any, ...]:
    return (
        session.engine.state.canonical(),
        [(s.name, s.human, s.bot) for s in session.seats],
        session.bot_rngs(),
        list(session.moves or []),
        list(session.log),
    )


def save_bases(folder: Path, moves: int = 40) -> list[SaveBase]:
    """One autosaved game per registered game (a person and a bot, or two bots), `moves` actions in,
    with a journal; made in `folder` (under CARDTABLE_HOME, so this installation's key signs them)."""
    from cardtable.bots import bot_factories
    from cardtable.games import all_games
    from cardtable.persistence.saves import journal_path
    from cardtable.session import SeatConfig, Session

    out = []
    for index, game_id in enumerate(all_games()):
        bot = "heuristic" if "heuristic" in bot_factories(game_id) else "random"
        seats = [SeatConfig("Ann", index % 2 == 0, "random"), SeatConfig("ボブ", False, bot)]
        session = Session.new(game_id, seats, 100 + index, {})
        session.path = folder / f"{game_id}.json"
        for step in range(moves):
            if session.engine.is_over():
                break
            seat = session.engine.deciding_seats()[0]
            session.apply(
                session.bot_action(seat)
                if session.is_bot(seat)
                else session.engine.legal_actions(seat)[step % len(session.engine.legal_actions(seat))]
            )
            if step == moves // 2:
                session.save(session.path)  # a full save mid-game: a .bak, and a journal after it
        session.close()
        journal = journal_path(session.path)
        out.append(
            SaveBase(
                game_id,
                session.path.read_bytes(),
                journal.read_bytes() if journal.exists() else b"",
                _session_facts(session),
            )
        )
    return out


def forged(main: bytes, rng: random.Random) -> bytes:
    """The main file edited as a tool or a person would: a field changed and the checksum made anew
    (without this installation's MAC, so it loads by replay). Every field's own check meets it."""
    import hashlib

    from cardtable.persistence.saves import _body

    doc = json.loads(main)
    doc.pop("mac", None)
    doc.pop("checksum", None)
    doc = mutate_data(doc, rng)
    if isinstance(doc, dict):
        try:
            doc["checksum"] = hashlib.sha256(_body(doc)).hexdigest()
        except (TypeError, ValueError):
            pass
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", errors="surrogateescape")


def save_mutant(base: SaveBase, rng: random.Random) -> tuple[bytes, bytes, bool]:
    """(main, journal, forged) with the main file, the journal or both damaged; or the main file forged
    (a field changed under a recomputed checksum)."""
    main, journal = base.main, base.journal
    if rng.random() < 0.3:
        return forged(main, rng), journal, True
    which = rng.randrange(5)
    if which in (0, 1, 4):
        main = json_mutant(main, rng)
    if which in (2, 3, 4) and journal:
        journal = (
            _bytes_mutant(journal, rng)
            if rng.random() < 0.5
            else _lines_mutant(journal.decode("utf-8", "replace"), rng).encode("utf-8")
        )
    return main, journal, False


def save_outcome(
    base: SaveBase, main: bytes, journal: bytes, folder: Path, forged: bool = False, seconds: float = 20.0
) -> Outcome:
    """Continue a damaged save: SaveError, or exactly the saved game (a torn journal tail: the game a
    move or so before); never another exception, another game, or a changed file. A forged save (its
    checksum made anew) may load as the game its edit describes, but never as anything else."""
    from cardtable.persistence.saves import SaveError, journal_path
    from cardtable.session import Session

    path = folder / "autosave.json"
    for stale in folder.glob("autosave.json*"):
        stale.unlink()
    path.write_bytes(main)
    if journal:
        journal_path(path).write_bytes(journal)
    files = {p: _digest(p) for p in folder.glob("autosave.json*")}

    def work() -> Outcome:
        try:
            session = Session.resume(path)
        except SaveError as exc:
            if "\n" in str(exc) or not str(exc).startswith(str(folder)):
                return Outcome("traceback", f"badly formed refusal: {str(exc)!r}")
            outcome = Outcome("refused")
        else:
            session.close()
            facts = _session_facts(session)
            if facts == base.expected:
                outcome = Outcome("ok")
            elif base.journal.startswith(journal) and facts[3] == base.expected[3][: len(facts[3])]:
                # A journal cut short holds the game as it was some moves earlier (each line is
                # fsynced before the next move, so a crash cuts only the last one).
                outcome = Outcome("ok", "a torn journal tail left out")
            elif forged:
                outcome = Outcome("ok", "a forged edit was accepted")
            else:
                return Outcome("silent", "the save loaded as a different game")
        if {p: _digest(p) for p in folder.glob("autosave.json*")} != files:
            return Outcome("silent", "loading changed or removed a file")
        return outcome

    return judge(work, seconds)


# ---------------------------------------------------------------------------------------------------
# Face templates, images and reload targets (issue 24: every file a set reads, read within limits)

# Numbers a template must refuse (or take, within its ranges): YAML's .nan and .inf, extremes, zero.
HOSTILE_NUMBERS = [float("nan"), float("inf"), float("-inf"), 1e12, -1e12, 1e-9, 0, -1, 1e7, 10**9, 0.5, 301]


def template_mutant(text: str, rng: random.Random) -> bytes:
    """A mutated face template: half the time one of its numbers made hostile (the defects of issue 24
    were all numbers), else the YAML mutants every file gets."""
    if rng.random() < 0.5:
        data = yaml.load(text, Loader=_LOADER)  # a SafeLoader: plain types only
        numbers = [
            p
            for p in _paths(data)
            if p and isinstance(_get(data, p), int | float) and not isinstance(_get(data, p), bool)
        ]
        for path in rng.sample(numbers, min(len(numbers), rng.choice([1, 1, 2, 3]))):
            value = _get(data, path)
            # hostile, or within reach of the ranges (the largest in-range values must draw too)
            mild = [value * 2, value / 2, value * 10, 0.1, 1, 50, 200, 300]
            if isinstance(value, int):
                mild = [int(v) for v in mild]
            _get(data, path[:-1])[path[-1]] = rng.choice(HOSTILE_NUMBERS if rng.random() < 0.5 else mild)
        return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False).encode("utf-8")
    return yaml_mutant(text, rng)


def template_outcome(look: Path, renderer: Any, watcher: Any, seconds: float = 20.0) -> Outcome:
    """A template file just replaced by a mutant, under a table's renderer and hot-reload watcher that
    were made with the good one: validate refuses it with placed lines or takes it; the watcher keeps
    the set when it is broken; the renderer draws every card either from it (taken) or from the fallback
    look with its problems shown (refused), never raising."""

    def work() -> Outcome:
        from cardtable.cardsets.faces import check_template_file

        kept = watcher.cardset
        problems = [str(p) for p in check_template_file(look)]
        bad = [p for p in problems if not _PROBLEM_LINE.match(p) or "\n" in p]
        if bad:
            return Outcome("traceback", f"badly formed problem: {bad[0]!r}")
        change = watcher.check()
        if change.kind == "broken" and watcher.cardset is not kept:
            return Outcome("silent", "a broken reload replaced the set in use")
        if change.kind != "broken" and problems:
            return Outcome("silent", "a template validate refuses was taken by the reload")
        renderer._checked = -1e9  # look at the template now (a table looks once a second)
        for spec in watcher.cardset.cards:
            renderer.face(spec, 48)
        renderer.back(48)
        taken = not renderer._template_problems
        if taken and problems:
            return Outcome("silent", "the table drew from a template validate refuses")
        return Outcome("refused" if problems else "ok")

    return judge(work, seconds)


def image_bases() -> list[tuple[str, bytes]]:
    """Small pictures in the five formats a set may draw (PIL writes them; it comes with reportlab)."""
    import io

    from PIL import Image

    out = []
    for fmt, options in (
        ("PNG", {}),
        ("JPEG", {}),
        ("JPEG", {"progressive": True}),
        ("WEBP", {}),
        ("WEBP", {"lossless": True}),
        ("GIF", {}),
        ("BMP", {}),
    ):
        buffer = io.BytesIO()
        Image.new("RGB", (16, 12), (200, 60, 30)).save(buffer, fmt, **options)
        out.append((fmt.lower(), buffer.getvalue()))
    return out


def image_mutant(raw: bytes, rng: random.Random) -> bytes:
    """A damaged picture, mostly in its header (where the size is): bytes overwritten with extremes,
    the file cut short, or bytes flipped anywhere."""
    data = bytearray(raw)
    for _ in range(rng.choice([1, 1, 2, 3])):
        kind = rng.randrange(10)
        if kind < 6 and data:  # the header: sizes, lengths, chunk names
            at = rng.randrange(min(len(data), 48))
            width = rng.choice([1, 2, 3, 4])
            value = rng.choice([0x00, 0xFF, 0x7F, 0x80, rng.randrange(256)])
            data[at : at + width] = bytes([value]) * len(data[at : at + width])
        elif kind < 8:
            data = data[: rng.randrange(len(data) + 1)]
        elif data:
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
    return bytes(data)


def image_outcome(path: Path, seconds: float = 5.0) -> Outcome:
    """A damaged picture drawn by the table's image store: a surface within the pixel limit, or None
    with a problem named after the file; never an exception (pygame's own errors included)."""

    def work() -> Outcome:
        from cardtable.cardsets.faces import ImageRef
        from cardtable.limits import MAX_IMAGE_PIXELS
        from cardtable.ui.render.images import ImageStore

        store = ImageStore()
        surface = store.get(ImageRef(path))
        if surface is None:
            problem = store.problems.get(path, "")
            if str(path) not in problem or "\n" in problem:
                return Outcome("traceback", f"badly formed problem: {problem!r}")
            return Outcome("refused")
        w, h = surface.get_size()
        if w * h > MAX_IMAGE_PIXELS:
            return Outcome("silent", f"decoded {w} x {h} pixels, past the limit")
        return Outcome("ok")

    return judge(work, seconds)

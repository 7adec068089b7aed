"""Mutation testing of the rules: how many small breakages of a module do its tests notice?

Each mutant changes one spot of one module: a comparison flipped (`<` -> `>=`, `==` -> `!=`, `in` ->
`not in`), a whole-number constant made one more or one less, `and` swapped for `or` (and back), a
statement dropped (a call, an assignment, a raise becomes `pass`), a `return X` made `return None`.
A mutant is *killed* when a test fails (or the run times out), *survived* when every test passes
("no test runs it" when no test calls its function), and *equivalent* when
bench/mutation_equivalents.yaml lists it with the reason no test can tell it apart.

Timeouts count as kills (as in mutmut: a mutant that makes a loop endless is caught), but the report
and the JSON show them apart (the "of them timed out" column, `<module>_timed_out_ratio`), flag a row
where they are over a third of its kills, and list each one under its module. The limit is on CPU
time, not wall time (RLIMIT_CPU in the child): a child's start (imports and collection, measured once
per run) plus 3x its tests' traced CPU time plus 5 s. The old wall-clock limit (5x the tests' CPU time
+ 10 s, at least 30 s) left out the child's start and counted the machine's load: at load 13-25 with
the children niced, a child's wall time was 6-12x its CPU time here (more at load 30-40), so a mutant
whose tests took a few seconds could run out of wall time whatever it did (55 of the 59 kills of
sainome/__init__ in an earlier run were timeouts; not re-measured yet). A wall deadline of 30x the CPU
limit (at least 10 min) stays, for a child that waits on something and burns no CPU.

How it runs fast (a mutant used to cost one pytest start plus its whole test files: 2-15 s idle):
1. One profiled run of the pool of tests (POOL below: the tests that play the rules without drawing
   a table; `--pool tests` for the whole suite) records which test calls which function of the
   modules asked for (cProfile, per test: a line tracer in Python was 3-5x slower), and how long each
   test takes. The rules' memos (a card set's table, a `functools` cache) are emptied before each
   traced test, so a function run once per set is recorded in every test that needs it (until
   2026-11-28 only in the first: its mutants ran that one test; a memo kept in a plain module
   variable still is). Each test file's part is kept in .mutate-cache/ until that file changes, or a source
   under cardtable/, cards/ or the tests' helpers (the scenario files, for a test file naming them):
   after a new gap test only its file is traced again.
2. This process imports pytest and the heavy libraries once and forks a child per mutant (--jobs at
   a time). The child forgets every module of the repository, loads the mutated module from the
   mutated source through an import loader (compiled, never written anywhere: the working tree is
   not touched) and runs in-process only the tests that call the mutated function, the fastest first
   (a unit test, a test written for a mutant: a game played through comes last), up to --budget CPU
   seconds of their clean run, stopping at the first failure. A mutant outside every function (it runs at
   import) takes the tests that call any function of the module, up to --budget, and the pool's other
   tests, fastest first, up to --budget more: a module-level value (an option's default or bounds) is
   read by tests that call none of the module's functions (until 2026-11-28 such a mutant took only the
   callers: risugeon/params.py's bounds survived the very test that checks them). So does a mutant in
   a function no traced test calls but the module's import does (a kind's `__init__` building a
   module-level vocabulary: the trace records calls per test, after the imports; until 2026-11-28
   10:00 UTC these were "no test runs it", untried). Which functions an import calls is profiled
   once per run (a child imports the modules asked for, ~2 s); the report marks such a survivor
   "its function runs at import only".
Tests that fail without any mutant are left out; a test's subprocesses are not traced.

Why a script of the project's own and not mutmut or cosmic-ray: mutmut 3 rewrites the whole package
into trampolines in a mutants/ folder and drives its own pytest session (it does not take a module ->
tests map, and the project's `-n auto` addopts and its subprocess tests get in its way); cosmic-ray
needs a session database and a config file per module and is not installed here. The operators the
issue asks for are a hundred lines of `ast`; the rest is choosing tests, forking and counting.

Run (from the repo root; heavy: nice it, it is not part of CI):
    nice -n 10 .venv/bin/python bench/mutate.py cardtable/games/lyabi/battle.py          # every mutant
    nice -n 10 .venv/bin/python bench/mutate.py cardtable/rules/engine.py --sample 60 --seed 26
    nice -n 10 .venv/bin/python bench/mutate.py --all --sample 60 --seed 26               # the issue's sweep
    nice -n 10 .venv/bin/python bench/mutate.py --all --sample 30 --seed 26               # ~30 min, idle
    .venv/bin/python bench/mutate.py cardtable/rules/engine.py --list                   # mutants only
    .venv/bin/python bench/mutate.py --stale             # rows taken on other code than the module's now
How long a sweep takes, from the children's CPU time (which the load does not change; on two idle
cores with --jobs 2 the wall time is about half of it). Measured 2026-11-27/28 on this 2-core
machine (bench/mutation_report.md, rows with a "CPU s"): a mutant costs its child 1-1.5 s of CPU when
a test kills it (most of it the child's start) and 10-15 s when it survives (its tests' budget); a
module whose survivors have tests averages 0.9-2.0 s a mutant (rules/ modules, newset, the
refusals), an options module (params.py: most mutants at import, running every fast test of the
pool) 4-7 s. The pool's trace is ~275 s of CPU (1,163 tests; 18 min of wall with one child at load
6-11, ~3 min on two idle cores), cached per test file afterwards. So on two idle cores:
    `--all --sample 60`: 3,037 mutants, ~5,500-6,900 s of CPU: 45-60 min of wall, plus the trace;
    `--all --sample 30`: 1,659 mutants, ~3,000-3,800 s of CPU: 25-32 min, plus the trace:
the sampled whole-rules run that fits in about 30 minutes is `--all --sample 30` (with the trace
cached; ~35 min from a cold cache). On the shared machine (load 6-25, the children niced, --jobs 1
as four other helpers share the cores) a module of 60 took 6-20 min of wall (2.5-4x its CPU), so a
whole `--sample 60` sweep is hours there: run it a few modules at a time (the report keeps each
module's last row).

Options: --report FILE (default bench/mutation_report.md: this run's rows replace those of the same
modules, the run joins the runs list; each row keeps its module's `code_digest`, and `--stale` lists
the modules, MODULES by default, whose code has changed since their row: re-run those), --timeout S of CPU per mutant (default above), --jobs N
(default 2), --budget S, --pool PATHS, --json. MUTATE_VERBOSE=1 shows each
child's pytest output.
"""

from __future__ import annotations

import argparse
import ast
import cProfile
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import math
import os
import random
import resource
import signal
import sys
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "bench" / "mutation_equivalents.yaml"
REPORT = ROOT / "bench" / "mutation_report.md"

# The modules `--all` mutates: the rules layer and every game's rules modules (not its words, layout
# or bot). Which tests a mutant runs is not listed here: the traced run finds them (line_map).
MODULES: list[str] = [
    "cardtable/rules/actions.py",
    "cardtable/rules/blind.py",
    "cardtable/rules/cards.py",
    "cardtable/rules/determinize.py",
    "cardtable/rules/dice.py",
    "cardtable/rules/engine.py",
    "cardtable/rules/events.py",
    "cardtable/rules/game.py",
    "cardtable/rules/invariants.py",
    "cardtable/rules/knowledge.py",
    "cardtable/rules/narration.py",
    "cardtable/rules/notation.py",
    "cardtable/rules/rng.py",
    "cardtable/rules/state.py",
    "cardtable/rules/view.py",
    "cardtable/rules/zones.py",
    "cardtable/rules/effects/__init__.py",
    "cardtable/rules/effects/bridge.py",
    "cardtable/rules/effects/common.py",
    "cardtable/rules/effects/resolver.py",
    "cardtable/rules/effects/timing.py",
    "cardtable/rules/effects/vocabulary.py",
    "cardtable/games/runeworks/__init__.py",
    "cardtable/games/runeworks/melds.py",
    "cardtable/games/runeworks/moves.py",
    "cardtable/games/runeworks/params.py",
    "cardtable/games/runeworks/refusals.py",
    "cardtable/games/runeworks/scoring.py",
    "cardtable/games/sandbox/__init__.py",
    "cardtable/games/sandbox/layout.py",
    "cardtable/games/sandbox/newset.py",
    "cardtable/games/lyabi/battle.py",
    "cardtable/games/lyabi/moves.py",
    "cardtable/games/lyabi/effects.py",
    "cardtable/games/risugeon/effects.py",
    "cardtable/games/risugeon/scoring.py",
    "cardtable/games/landperson/battle.py",
    "cardtable/games/landperson/effects.py",
    "cardtable/games/sainome/moves.py",
    "cardtable/games/sainome/effects.py",
    "cardtable/games/lyabi/__init__.py",
    "cardtable/games/lyabi/host.py",
    "cardtable/games/lyabi/cards.py",
    "cardtable/games/lyabi/params.py",
    "cardtable/games/risugeon/__init__.py",
    "cardtable/games/risugeon/host.py",
    "cardtable/games/risugeon/cards.py",
    "cardtable/games/risugeon/params.py",
    "cardtable/games/sainome/__init__.py",
    "cardtable/games/sainome/host.py",
    "cardtable/games/sainome/duel_host.py",
    "cardtable/games/sainome/cards.py",
    "cardtable/games/sainome/params.py",
    "cardtable/games/sainome/refusals.py",
    "cardtable/games/landperson/__init__.py",
    "cardtable/games/landperson/moves.py",
    "cardtable/games/landperson/dealing.py",
    "cardtable/games/landperson/ending.py",
    "cardtable/games/landperson/places.py",
    "cardtable/games/landperson/cards.py",
    "cardtable/games/landperson/params.py",
    "cardtable/games/landperson/refusals.py",
]

# The tests a mutant's tests are chosen from (--pool): those that play the rules without drawing a
# table (the UI walks take seconds each and check words and pictures, not the rules). `--pool tests`
# takes the whole suite.
POOL: list[str] = [
    "tests/test_rules_layer_gaps.py",
    "tests/test_rules_layer_gaps2.py",
    "tests/test_rules_gaps.py",
    "tests/test_scenarios.py",
    "tests/test_views.py",
    "tests/test_refusals.py",
    "tests/test_saves.py",
    "tests/test_notation.py",
    "tests/test_determinize.py",
    "tests/test_invariants_fire.py",
    "tests/test_legality.py",
    "tests/test_contract.py",
    "tests/test_state_data.py",
    "tests/test_card_values.py",
    "tests/test_golden.py",
    "tests/test_narration.py",
    "tests/test_rules_purity.py",
    "tests/test_runeworks_moves.py",
    "tests/test_runeworks_shot.py",
    "tests/test_lyabi.py",
    "tests/test_lyabi_moves.py",
    "tests/test_landperson.py",
    "tests/test_risugeon.py",
    "tests/test_sainome.py",
    "tests/test_sandbox.py",
    "tests/test_lyabi_gaps.py",
    "tests/test_risugeon_gaps.py",
    "tests/test_sainome_gaps.py",
    "tests/test_landperson_gaps.py",
    "tests/test_runeworks_gaps.py",
    "tests/test_sandbox_gaps.py",
    "tests/test_landperson_moves.py",
    "tests/test_risugeon_moves.py",
]

_FLIP: dict[type, type] = {
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_SYMBOL = {ast.Lt: "<", ast.GtE: ">=", ast.Gt: ">", ast.LtE: "<=", ast.Eq: "==", ast.NotEq: "!="}
_SYMBOL |= {ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


@dataclass(frozen=True)
class Mutant:
    """One change at one spot: `index` numbers the spots of the module in a fixed walk order."""

    index: int
    line: int
    op: str  # compare | const | boolop | drop | return
    what: str  # "< -> >=", "3 -> 4", "and -> or", "drop", "return None"
    source: str  # the module's line, stripped: with `what`, the mutant's name in the equivalents list
    function: int = 0  # the first line of the function it is in (its code's co_firstlineno); 0: none

    def key(self) -> str:
        return f"{self.source} :: {self.what}"


class _Sites(ast.NodeTransformer):
    """Walks a module, numbering every mutable spot; with `target` set, changes that spot only."""

    def __init__(self, lines: list[str], target: int | None = None) -> None:
        self.lines = lines
        self.target = target
        self.found: list[Mutant] = []
        self.docstrings: set[int] = set()
        self.functions: list[int] = []  # the first lines of the functions entered (innermost last)

    def _site(self, node: ast.AST, op: str, what: str) -> bool:
        line = getattr(node, "lineno", 0)
        source = self.lines[line - 1].strip()
        function = self.functions[-1] if self.functions else 0
        self.found.append(Mutant(len(self.found), line, op, what, source, function))
        return self.target == len(self.found) - 1

    def _skip(self, node: ast.AST) -> bool:
        # Docstrings, `assert`s (internal checks), type annotations and TYPE_CHECKING blocks are not
        # behaviour; mutating them only makes noise.
        return id(node) in self.docstrings

    def visit_Module(self, node: ast.Module) -> ast.AST:
        for sub in ast.walk(node):
            body = getattr(sub, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                    self.docstrings.add(id(body[0]))
        return self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        # a decorated function's code starts at its first decorator
        self.functions.append(min([node.lineno, *(d.lineno for d in node.decorator_list)]))
        node.body = [self.visit(s) for s in node.body]  # not the annotations or defaults
        self.functions.pop()
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        self.functions.append(node.lineno)
        node.body = self.visit(node.body)
        self.functions.pop()
        return node

    def visit_If(self, node: ast.If) -> ast.AST:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return node
        return self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            flipped = _FLIP.get(type(op))
            if flipped is not None and self._site(
                node, "compare", f"{_SYMBOL[type(op)]} -> {_SYMBOL[flipped]}"
            ):
                node.ops[i] = flipped()
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool):
            for delta in (1, -1):
                if self._site(node, "const", f"{value} -> {value + delta}"):
                    return ast.copy_location(ast.Constant(value + delta), node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        name = "and -> or" if isinstance(node.op, ast.And) else "or -> and"
        if self._site(node, "boolop", name):
            node.op = other()
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        if node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            if self._site(node, "return", "return None"):
                return ast.copy_location(ast.Return(ast.Constant(None)), node)
        return node

    def _drop(self, node: ast.stmt) -> ast.AST:
        if self._skip(node):
            return node
        self.generic_visit(node)
        if self._site(node, "drop", "drop"):
            return ast.copy_location(ast.Pass(), node)
        return node

    visit_Expr = _drop
    visit_Assign = _drop
    visit_AugAssign = _drop
    visit_Raise = _drop


def mutants_of(source: str) -> list[Mutant]:
    """Every mutant of a module's source, in a fixed order."""
    sites = _Sites(source.splitlines())
    sites.visit(ast.parse(source))
    return sites.found


def code_digest(source: str) -> str:
    """What a row was measured on: 12 hex digits of the sha256 of the module's code without its
    comments, docstrings or layout (`ast.unparse` of the tree, docstrings dropped). A comment or a
    docstring edited leaves it, and the row, as they were; any change to the code makes the row stale:
    its verdicts were taken on other code, and a changed module may draw other mutants for the seed
    (two rows found stale by hand on 2026-11-28 each hid real gaps: History i26-lpmut)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            first = body[0].value
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return hashlib.sha256(ast.unparse(tree).encode("utf-8")).hexdigest()[:12]


def mutated_source(source: str, index: int) -> str:
    """The module's source with mutant `index` applied."""
    tree = ast.parse(source)
    sites = _Sites(source.splitlines(), index)
    tree = ast.fix_missing_locations(sites.visit(tree))
    return ast.unparse(tree) + "\n"


def load_equivalents() -> dict[str, dict[str, str]]:
    """module -> {mutant key: reason} from bench/mutation_equivalents.yaml."""
    if not EQUIVALENTS.exists():
        return {}
    data = yaml.safe_load(EQUIVALENTS.read_bytes().decode("utf-8")) or {}
    out: dict[str, dict[str, str]] = {}
    for module, entries in data.items():
        out[module] = {str(e["mutant"]): str(e["why"]) for e in entries or []}
    return out


# ---------------------------------------------------------------------------------------------------
# Running the tests fast: one process imports pytest and the heavy libraries once, and forks a child
# per mutant. The child forgets every module of the repository (cardtable, the tests), loads the
# mutated module from the mutated source (compiled by an import loader: nothing is written anywhere)
# and runs, in-process, only the tests that execute the mutated lines, fastest first, stopping at the
# first failure. Which test executes which line comes from one traced run of the pool of tests (the
# whole suite by default), kept in .mutate-cache/ until a source under cardtable/ or tests/ changes.

CACHE = ROOT / ".mutate-cache"
_PRELOAD = ("pytest", "_pytest.python", "_pytest.fixtures", "yaml", "pygame", "platformdirs", "jsonschema")
_PYTEST = ["-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-o", "addopts=", "-W", "ignore"]


def _preload() -> None:
    """Import once, in the server, what every child needs and no mutant can change."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # As tests/conftest.py does: where bytecode may not be written beside the sources, it is kept in
    # the tests' own cache, so a child does not compile every module of the package again.
    if sys.dont_write_bytecode and sys.pycache_prefix is None:
        sys.pycache_prefix = str(ROOT / ".pytest_cache" / "d" / "child-pycache")
        sys.dont_write_bytecode = False
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))  # as `python -m pytest` has it: the tests import `tests.clock`
    for name in _PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass


def _forget_the_repository() -> None:
    """Drop every module loaded from the working tree, so the child imports them afresh."""
    # Not this script (__main__, under bench/): only the package, its cards and the tests.
    roots = tuple(str(ROOT / folder) + os.sep for folder in ("cardtable", "tests", "cards"))
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None) or ""
        if where.startswith(roots) or name == "conftest" or name.split(".")[0] in {"cardtable", "tests"}:
            del sys.modules[name]


class _MutatedLoader(importlib.machinery.SourceFileLoader):
    """Loads one module from the given source instead of its file (and never from bytecode)."""

    def __init__(self, fullname: str, path: str, source: str) -> None:
        super().__init__(fullname, path)
        self.source = source

    def get_code(self, fullname: str) -> types.CodeType:
        return self.source_to_code(self.source.encode("utf-8"), self.path)  # type: ignore[return-value]


class _MutatedFinder(importlib.abc.MetaPathFinder):
    def __init__(self, fullname: str, path: Path, source: str) -> None:
        self.fullname, self.path, self.source = fullname, path, source

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname != self.fullname:
            return None
        loader = _MutatedLoader(fullname, str(self.path), self.source)
        return importlib.util.spec_from_file_location(fullname, self.path, loader=loader)


def _module_name(module: str) -> str:
    parts = list(Path(module).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _quiet() -> None:
    """A child's pytest output goes nowhere (MUTATE_VERBOSE=1 keeps it, to see why a child failed)."""
    if os.environ.get("MUTATE_VERBOSE"):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _child(
    args: list[str], setup: Callable[[], None] | None = None, plugins: list[object] | None = None
) -> int:
    """In a forked child: forget the repository's modules, run pytest in-process, exit with its code."""
    code = 3
    try:
        _quiet()
        _forget_the_repository()
        if setup is not None:
            setup()
        code = int(pytest.main([*_PYTEST, *args], plugins=plugins or []))
    except BaseException:  # noqa: B036 - whatever happens, the child must not return into the server
        code = 3
    finally:
        os._exit(code)


class _Children:
    """At most `jobs` forked children at a time. Each has a CPU limit (RLIMIT_CPU: the kernel ends a
    child that has used it, however busy the machine) and a wall deadline far beyond it, for a child
    that waits on something and burns no CPU."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self.running: dict[int, tuple[object, float, float]] = {}  # pid -> (tag, started, deadline)
        self.done: list[tuple[object, str, float, float]] = []  # ended while waiting for a free slot

    def start(self, tag: object, cpu: float, wall: float, run: Callable[[], None]) -> None:
        while len(self.running) >= self.jobs:
            self.done.append(self.wait_one())
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            # The soft limit sends SIGXCPU (which ends Python), the hard one a SIGKILL a second later.
            seconds = max(1, math.ceil(cpu))
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core file from SIGXCPU
            run()
            os._exit(3)
        now = time.monotonic()
        self.running[pid] = (tag, now, now + wall)

    def wait_one(self) -> tuple[object, str, float, float]:
        """(tag, 'passed' | 'failed' | 'timeout', wall seconds, CPU seconds) of the next child to end."""
        while True:
            pid, status, usage = os.wait4(-1, os.WNOHANG)
            if pid:
                tag, started, _ = self.running.pop(pid)
                cpu = usage.ru_utime + usage.ru_stime
                code = os.waitstatus_to_exitcode(status)
                outcome = "passed" if code == 0 else "failed"
                if code == 5:  # pytest: no tests collected (none executes the line): nothing failed
                    outcome = "passed"
                if code in (-signal.SIGXCPU, -signal.SIGKILL):  # over its CPU limit
                    outcome = "timeout"
                return tag, outcome, time.monotonic() - started, cpu
            now = time.monotonic()
            for pid, (tag, started, deadline) in list(self.running.items()):
                if now > deadline:
                    os.kill(pid, signal.SIGKILL)
                    _, _, usage = os.wait4(pid, 0)
                    del self.running[pid]
                    return tag, "timeout", now - started, usage.ru_utime + usage.ru_stime
            time.sleep(0.005)

    def drain(self) -> list[tuple[object, str, float, float]]:
        out, self.done = self.done, []
        while self.running:
            out.append(self.wait_one())
        return out


def _forget_memos() -> None:
    """Empty the rules' memos before each traced test, so a function whose result is kept (a card
    set's table built once per set, a `functools.cache`) is recorded in every test that needs it, not
    only in the first one of its file: its mutants then run all of them (until 2026-11-28 sainome's
    `_rules`, run once per set, was traced in one test only). A memo is a `functools` cache or a
    module-level dict whose values are `(card set, ...)` pairs (the project's per-set idiom, keyed by
    the set's id); other module dicts (a view's held state, a registry) are left alone."""
    from cardtable.rules.cards import CardSet

    for name, module in list(sys.modules.items()):
        if not name.startswith(("cardtable.rules", "cardtable.games")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
            elif (
                isinstance(value, dict)
                and value
                and all(
                    isinstance(v, tuple) and v and isinstance(v[0], CardSet | None) for v in value.values()
                )
            ):
                value.clear()


class _CallRecorder:
    """A pytest plugin (in the child that maps the pool): which test calls which function of the
    targets. cProfile (in C) records the calls of each test; a Python tracer of every line was 3-5x
    slower on the rules' many small calls, and a mutant only needs its function's tests."""

    def __init__(self, files: set[str], out: Path) -> None:
        self.files = files
        self.out = out
        self.profile = cProfile.Profile()
        self.hits: dict[str, dict[int, set[str]]] = {f: {} for f in files}
        self.durations: dict[str, float] = {}
        self.failed: set[str] = set()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        _forget_memos()
        # CPU seconds, not wall: on a busy machine the wall time of a test says more about the
        # machine than about the test, and the order of a mutant's tests would follow the noise.
        started = time.process_time()
        self.profile.enable()
        try:
            yield
        finally:
            self.profile.disable()
        self.durations[item.nodeid] = time.process_time() - started
        for entry in self.profile.getstats():
            code = entry.code
            if not isinstance(code, str) and code.co_filename in self.files:
                self.hits[code.co_filename].setdefault(code.co_firstlineno, set()).add(item.nodeid)
        self.profile.clear()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed.add(report.nodeid)

    def pytest_sessionfinish(self) -> None:
        data = {
            "hits": {f: {str(n): sorted(t) for n, t in lines.items()} for f, lines in self.hits.items()},
            "durations": self.durations,
            "failed": sorted(self.failed),
        }
        self.out.write_bytes(json.dumps(data).encode("utf-8"))


def _units(pool: list[str]) -> list[str]:
    """The pool's entries, a folder expanded into its test files: the units the map is traced and
    cached by."""
    units: list[str] = []
    for entry in pool:
        path = ROOT / entry.split("::")[0]
        units += (
            sorted(str(p.relative_to(ROOT)) for p in path.rglob("test_*.py")) if path.is_dir() else [entry]
        )
    return units


_TRACE_VERSION = 2


def _fingerprints(units: list[str], files: list[str]) -> dict[str, str]:
    """unit -> a digest that changes when the unit's test file, the targets, or any other source
    under cardtable/, cards/ or tests/ changes (the scenario files only for a test file that names
    them): a new test in one file re-traces that file alone."""
    # the trace's version: a map traced by an older recorder (before the memos were emptied per test)
    # is traced again
    shared = hashlib.sha256(json.dumps([_TRACE_VERSION, *sorted(files)]).encode("utf-8"))
    scenarios = hashlib.sha256()
    for folder in ("cardtable", "tests", "cards"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".yaml", ".yml", ".json"} or "__pycache__" in path.parts:
                continue
            rel = path.relative_to(ROOT)
            if rel.parts[0] == "tests" and len(rel.parts) == 2 and rel.name.startswith("test_"):
                continue  # a test file counts for its own unit only
            digest = scenarios if rel.parts[:2] == ("tests", "scenarios") else shared
            digest.update(str(rel).encode("utf-8"))
            digest.update(path.read_bytes())
    out = {}
    for unit in units:
        text = (ROOT / unit.split("::")[0]).read_bytes()
        digest = hashlib.sha256(f"{shared.hexdigest()}|{unit}|".encode())
        digest.update(text)
        if b"scenarios" in text:
            digest.update(scenarios.hexdigest().encode("utf-8"))
        out[unit] = digest.hexdigest()[:16]
    return out


def _split(units: list[str], jobs: int) -> list[list[str]]:
    """The units in `jobs` groups of about equal size (the bytes of their sources)."""
    groups: list[list[str]] = [[] for _ in range(max(1, min(jobs, len(units))))]
    sizes = [0] * len(groups)
    for entry in sorted(units, key=lambda f: -(ROOT / f.split("::")[0]).stat().st_size):
        smallest = sizes.index(min(sizes))
        groups[smallest].append(entry)
        sizes[smallest] += (ROOT / entry.split("::")[0]).stat().st_size
    return [g for g in groups if g]


def _of_unit(data: dict[str, Any], unit: str) -> dict[str, Any]:
    """The part of a traced run's data that belongs to one unit's tests."""
    prefix = unit if "::" in unit else unit + "::"

    def mine(node: str) -> bool:
        return node == unit or node.startswith(prefix)

    hits = {
        f: {n: [t for t in tests if mine(t)] for n, tests in lines.items()}
        for f, lines in data["hits"].items()
    }
    return {
        "hits": {f: {n: t for n, t in lines.items() if t} for f, lines in hits.items()},
        "durations": {t: d for t, d in data["durations"].items() if mine(t)},
        "failed": [t for t in data["failed"] if mine(t)],
    }


@dataclass
class LineMap:
    """For each target file, line -> the tests (node ids) that execute it; and each test's seconds."""

    hits: dict[str, dict[int, list[str]]]
    durations: dict[str, float]
    failed: set[str]
    seconds: float  # the wall time of the traced run (0 when all read from the cache)
    # file -> the first lines of its functions called while the modules are imported (import_calls)
    at_import: dict[str, set[int]] = field(default_factory=dict)

    def tests_for(self, module: str, mutant: Mutant, budget: float) -> list[str]:
        """The tests a mutant runs, fastest first: those that call the function it is in, up to
        `budget` CPU seconds of their clean run. A mutant outside every function runs at import, and
        a module-level value (an option's default or bounds, a table) is read by tests that call no
        function of the module (a test of a game's options): it takes the tests that call any
        function of the module up to `budget`, and the pool's other tests up to `budget` more."""
        calls = self.hits.get(str(ROOT / module), {})
        if mutant.function and not self.import_only(module, mutant):
            return self._fastest(set(calls.get(mutant.function, [])), budget)
        callers = {t for tests in calls.values() for t in tests}
        chosen = self._fastest(callers, budget) + self._fastest(set(self.durations) - callers, budget)
        return sorted(chosen, key=self._order)

    def import_only(self, module: str, mutant: Mutant) -> bool:
        """Whether the mutant's function is called by no traced test but by the module's import."""
        file = str(ROOT / module)
        return (
            bool(mutant.function)
            and not self.hits.get(file, {}).get(mutant.function)
            and mutant.function in self.at_import.get(file, set())
        )

    def _order(self, test: str) -> tuple[float, str]:
        return (self.durations.get(test, 0.0), test)

    def _fastest(self, tests: set[str], budget: float) -> list[str]:
        """The fastest of `tests` (not those failing without a mutant) up to `budget` seconds."""
        total, kept = 0.0, []
        for test in sorted(tests - self.failed, key=self._order):
            if kept and total + self.durations.get(test, 0.0) > budget:
                break
            kept.append(test)
            total += self.durations.get(test, 0.0)
        return kept


def line_map(pool: list[str], modules: list[str], jobs: int) -> LineMap:
    """Trace the pool (in forked children, split by test file), or read the cached map: each test
    file's part is cached apart, so after a new test only its file is traced again. It always
    records the calls into every module of MODULES (and any other asked for), so a run of a few
    modules reuses the map of a sweep and the other way round."""
    files = [str(ROOT / m) for m in sorted(set(MODULES) | set(modules))]
    units = _units(pool)
    prints = _fingerprints(units, files)
    cached = {unit: CACHE / f"unit-{prints[unit]}.json" for unit in units}
    missing = [unit for unit in units if not cached[unit].exists()]
    started = time.monotonic()
    if missing:
        CACHE.mkdir(exist_ok=True)
        children = _Children(jobs)
        parts = []
        for i, group in enumerate(_split(missing, jobs)):
            part = CACHE / f"part-{os.getpid()}-{i}.json"
            parts.append((part, group))
            recorder = _CallRecorder(set(files), part)
            children.start(i, 7200, 7200, lambda g=group, r=recorder: _child(g, None, [r]))
        for _, outcome, _, _ in children.drain():
            if outcome == "timeout":
                raise SystemExit("the traced run of the pool did not end in two hours")
        for part, group in parts:
            data = json.loads(part.read_bytes().decode("utf-8"))
            part.unlink()
            for unit in group:
                cached[unit].write_bytes(json.dumps(_of_unit(data, unit)).encode("utf-8"))
    merged: dict[str, Any] = {"hits": {f: {} for f in files}, "durations": {}, "failed": []}
    for unit in units:
        data = json.loads(cached[unit].read_bytes().decode("utf-8"))
        for f, lines in data["hits"].items():
            for n, tests in lines.items():
                merged["hits"].setdefault(f, {}).setdefault(n, []).extend(tests)
        merged["durations"].update(data["durations"])
        merged["failed"] += data["failed"]
    hits = {f: {int(n): t for n, t in lines.items()} for f, lines in merged["hits"].items()}
    seconds = time.monotonic() - started if missing else 0.0
    return LineMap(hits, merged["durations"], set(merged["failed"]), seconds)


def import_calls(modules: list[str]) -> dict[str, set[int]]:
    """file -> the first lines of its functions that importing the modules calls (a kind's __init__
    run while a module builds its vocabulary): the traced run records calls per test, after the
    imports, so without this a mutant there would run no test."""
    files = {str(ROOT / m) for m in modules}
    out = Path(f"/tmp/mutate-imports-{os.getpid()}.json")

    def run() -> None:
        _quiet()
        _forget_the_repository()
        profile = cProfile.Profile()
        profile.enable()
        for module in modules:
            importlib.import_module(_module_name(module))
        profile.disable()
        found: dict[str, list[int]] = {}
        for entry in profile.getstats():
            code = entry.code
            if not isinstance(code, str) and code.co_filename in files:
                found.setdefault(code.co_filename, []).append(code.co_firstlineno)
        out.write_bytes(json.dumps(found).encode("utf-8"))
        os._exit(0)

    children = _Children(1)
    children.start("imports", 600, 3600, run)
    [(_, outcome, _, _)] = children.drain()
    if outcome != "passed" or not out.exists():
        raise SystemExit(f"importing the modules failed ({outcome})")
    found = json.loads(out.read_bytes().decode("utf-8"))
    out.unlink()
    return {f: set(lines) for f, lines in found.items()}


def start_cost(pool: list[str]) -> float:
    """CPU seconds a child spends before its first test: forgetting the repository, importing it
    again and collecting the pool's test files (all of them: a mutant's child collects fewer). The
    traced durations are the tests' alone, so a mutant's CPU limit adds this."""
    children = _Children(1)
    children.start("clean", 600, 3600, lambda: _child(["--collect-only", *pool]))
    [(_, outcome, _, cpu)] = children.drain()
    if outcome != "passed":
        raise SystemExit(f"collecting the pool failed ({outcome}): run it with pytest --collect-only")
    return cpu


def _run_mutant(module: str, source: str, tests: list[str]) -> None:
    """The child of one mutant: the mutated module in place of the file, then its tests."""
    finder = _MutatedFinder(_module_name(module), ROOT / module, source)
    _child(["-x", *tests], lambda: sys.meta_path.insert(0, finder))


def run_module(
    module: str,
    sample: int | None,
    seed: int,
    timeout: float | None,
    equivalents: dict[str, str],
    lines: LineMap,
    jobs: int,
    budget: float,
    overhead: float,
) -> dict[str, object]:
    """Mutate one module (all its mutants, or a seeded sample) against the tests executing each."""
    # Read once: an edit of the working tree during a run changes neither the mutants nor the copy.
    source = (ROOT / module).read_bytes().decode("utf-8")
    digest = code_digest(source)
    every = mutants_of(source)
    chosen = every
    if sample is not None and sample < len(every):
        chosen = sorted(random.Random(f"{seed}:{module}").sample(every, sample), key=lambda m: m.index)
    started = time.monotonic()
    children = _Children(jobs)
    finished: list[tuple[object, str, float, float]] = []
    picked: dict[int, list[str]] = {}
    for mutant in chosen:
        # The fastest tests first, up to `budget` seconds of their clean run (a line of the engine is
        # run by most of the suite; the first few hundred tests kill a mutant that any would).
        kept = lines.tests_for(module, mutant, budget)
        total = sum(lines.durations.get(test, 0.0) for test in kept)
        picked[mutant.index] = kept
        if not kept:
            finished.append((mutant.index, "uncovered", 0.0, 0.0))
            continue
        # A CPU limit, not a wall one: a mutant that makes a loop endless burns CPU and is a fair
        # kill, while a clean run that is slow only because the machine is busy (these children
        # are niced) uses no more CPU than on an idle machine. The traced CPU time of the tests
        # (taken under cProfile: already above their plain run) times three, plus the start.
        cpu = timeout or overhead + 3 * total + 5
        wall = max(600.0, 30 * cpu)  # for a child that waits on something: far beyond any load
        mutated = mutated_source(source, mutant.index)
        children.start(mutant.index, cpu, wall, lambda m=mutated, k=kept: _run_mutant(module, m, k))
    finished += children.drain()
    outcomes = {tag: (outcome, seconds, cpu) for tag, outcome, seconds, cpu in finished}
    results: list[dict[str, object]] = []
    for mutant in chosen:
        outcome, seconds, cpu = outcomes[mutant.index]
        verdict = {"failed": "killed", "timeout": "killed", "passed": "survived", "uncovered": "survived"}[
            outcome
        ]
        why = equivalents.get(mutant.key())
        if verdict == "survived" and why:
            verdict = "equivalent"
        results.append(
            {
                "line": mutant.line,
                "what": mutant.what,
                "source": mutant.source,
                "verdict": verdict,
                "why": why or "",
                "timeout": outcome == "timeout",
                "uncovered": outcome == "uncovered",
                "import_only": lines.import_only(module, mutant),
                "tests": len(picked[mutant.index]),
                "seconds": round(seconds, 1),
                "cpu_seconds": round(cpu, 1),
            }
        )
        print(
            f"  {module}:{mutant.line} {mutant.what}: {verdict}"
            f"{' (no test runs it)' if outcome == 'uncovered' else ''}"
            f"{' (its function runs at import only)' if lines.import_only(module, mutant) else ''}"
            f"{' (timed out)' if outcome == 'timeout' else ''} ({seconds:.1f} s, {cpu:.1f} s CPU)",
            file=sys.stderr,
        )
    killed = sum(1 for r in results if r["verdict"] == "killed")
    timed_out = sum(1 for r in results if r["timeout"])
    equivalent = sum(1 for r in results if r["verdict"] == "equivalent")
    tried = len(results)
    return {
        "module": module,
        "mutants": len(every),
        "tried": tried,
        "killed": killed,
        "timed_out": timed_out,
        "equivalent": equivalent,
        "survived": tried - killed - equivalent,
        "kill_ratio": round(killed / tried, 3) if tried else 1.0,
        "kill_ratio_non_equivalent": round(killed / (tried - equivalent), 3) if tried > equivalent else 1.0,
        "seconds": round(time.monotonic() - started, 1),
        # the children's CPU: what the module costs whatever the load (on two idle cores, about
        # half of it is the wall time with --jobs 2)
        "cpu_seconds": round(sum(float(r["cpu_seconds"]) for r in results), 1),
        "results": results,
        "code": digest,
    }


_HEADER = (
    "| module | mutants | tried | killed | of them timed out | survived | equivalent | kill rate "
    "| not counting equivalents | wall s | CPU s | code |"
)
_RULE = "|---|---|---|---|---|---|---|---|---|---|---|---|"
_SURVIVORS = "## Survivors and equivalents"


def _row(r: dict[str, Any]) -> str:
    timed_out = int(r["timed_out"])
    # Counted as killed (as mutmut does), but a row whose kills are mostly timeouts says more about
    # the limit or the machine than about the tests: flagged.
    note = " (over 1/3 of the kills)" if timed_out * 3 > int(r["killed"]) else ""
    return (
        f"| `{r['module']}` | {r['mutants']} | {r['tried']} | {r['killed']} | {timed_out}{note} | "
        f"{r['survived']} | {r['equivalent']} | {float(r['kill_ratio']):.0%} | "
        f"{float(r['kill_ratio_non_equivalent']):.0%} | {float(r['seconds']):.0f} | "
        f"{float(r['cpu_seconds']):.0f} | {r['code']} |"
    )


def write_report(rows: list[dict[str, Any]], argv: list[str], seconds: float, path: Path) -> None:
    """Merge this run into the Markdown report: one table row per module (this run's replace theirs,
    the other modules' stay), the run added to the runs list, and each module's survivors and
    equivalents under its own heading. Everything else in the report (prose) is kept as it is, so
    two branches that ran different modules merge with at most a conflict of neighbouring rows."""
    text = path.read_bytes().decode("utf-8") if path.exists() else ""
    lines = text.splitlines()
    head: list[str] = []
    table: dict[str, str] = {}
    middle: list[str] = []
    runs: list[str] = []
    tail: list[str] = []
    sections: dict[str, list[str]] = {}
    part, section = "head", ""
    for line in lines:
        if part == "head" and line.startswith("| module |"):
            part = "table"
            continue
        if part == "table":
            if line.startswith("| `"):
                table[line.split("`")[1]] = line
                continue
            if line.startswith("|---"):
                continue
            part = "middle"
        if part == "middle" and line.strip() == "Runs:":
            part = "runs"
            continue
        if part == "runs":
            if line.startswith("- "):
                runs.append(line)
                continue
            if not line.strip():
                continue
            part = "tail"
        if line.strip() == _SURVIVORS:
            part = "sections"
            continue
        if part == "sections":
            if line.startswith("#") and line.lstrip("#").strip().startswith("`"):
                section = line.split("`")[1]
                sections[section] = []
            elif section and line.strip():
                sections[section].append(line)
            continue
        {"head": head, "middle": middle, "tail": tail}[part].append(line)
    if not head:
        head = [
            "# Mutation report",
            "",
            "Runs of `bench/mutate.py` (how to run it and what the verdicts mean:",
        ]
        head += ["its docstring; equivalents: `bench/mutation_equivalents.yaml`).", ""]
    for r in rows:
        table[str(r["module"])] = _row(r)
        left = [x for x in r["results"] if x["verdict"] != "killed" or x["timeout"]]
        sections[str(r["module"])] = [
            f"- {'timed out (killed)' if x['timeout'] else x['verdict']}: line {x['line']} "
            f"`{x['source']}` :: {x['what']}"
            + (" (no test runs it)" if x.get("uncovered") else "")
            + (" (its function runs at import only)" if x.get("import_only") else "")
            + (f" (equivalent: {x['why']})" if x["verdict"] == "equivalent" else "")
            for x in left
        ]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    command = f"- `python bench/{' '.join(['mutate.py', *argv])}`"
    runs = [r for r in runs if not r.startswith(command + " (")]  # written after each module: once
    runs.append(f"{command} ({when}, {seconds / 60:.0f} min wall)")
    while head and not head[-1].strip():
        head.pop()
    out = [*head, "", _HEADER, _RULE, *(table[m] for m in sorted(table))]
    out += ["", *[m for m in middle if m.strip()], *([""] if any(m.strip() for m in middle) else [])]
    out += ["Runs:", "", *runs, ""]
    while tail and not tail[-1].strip():
        tail.pop()
    out += [*tail, *([""] if tail else []), _SURVIVORS]
    for module in sorted(sections):
        if sections[module]:
            out += ["", f"### `{module}`", "", *sections[module]]
    path.write_bytes(("\n".join(out) + "\n").encode("utf-8"))


def stale_rows(report: Path, modules: list[str]) -> dict[str, str]:
    """The modules whose row in the report does not stand for their code now, each with why: no row,
    a row without a code digest, or a digest other than the module's `code_digest` today. Re-run
    `--sample 60 --seed 26` on each (a few minutes a module) and give its survivors tests."""
    digests: dict[str, str] = {}
    for line in report.read_bytes().decode("utf-8").splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            digests[line.split("`")[1]] = cells[11] if len(cells) > 11 else ""
    stale: dict[str, str] = {}
    for module in modules:
        now = code_digest((ROOT / module).read_bytes().decode("utf-8"))
        if module not in digests:
            stale[module] = "no row"
        elif not digests[module]:
            stale[module] = "its row has no code digest"
        elif digests[module] != now:
            stale[module] = f"code changed since its row ({digests[module]} -> {now})"
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (paths from the repo root)")
    parser.add_argument("--all", action="store_true", help="every module in MODULES")
    parser.add_argument("--sample", type=int, help="mutants per module, drawn with --seed (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--timeout",
        type=float,
        help="CPU seconds per mutant (default: a child's start + 3x its tests' traced CPU + 5)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument(
        "--budget",
        type=float,
        default=30.0,
        help="CPU seconds of a mutant's tests (clean run), fastest first",
    )
    parser.add_argument(
        "--pool", nargs="+", default=POOL, help="test files the tests are chosen from (default: POOL)"
    )
    parser.add_argument("--report", type=Path, default=REPORT)
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object on stdout")
    parser.add_argument(
        "--stale",
        action="store_true",
        help="list the modules (default: MODULES) whose report row was taken on other code; exit 1 if any",
    )
    args = parser.parse_args(argv)
    if args.stale:
        stale = stale_rows(args.report, args.modules or list(MODULES))
        for module, why in stale.items():
            print(f"{module}: {why}")
        return 1 if stale else 0
    modules = list(MODULES) if args.all else args.modules
    unknown = [m for m in modules if not (ROOT / m).is_file() or not m.endswith(".py")]
    if not modules or unknown:
        parser.error(f"name modules by their path from the repo root (unknown: {unknown or 'none given'})")
    if args.list:
        for module in modules:
            for m in mutants_of((ROOT / module).read_bytes().decode("utf-8")):
                print(f"{module}:{m.line} [{m.index}] {m.what}: {m.source}")
        return 0
    equivalents = load_equivalents()
    start = time.monotonic()
    _preload()
    lines = line_map(args.pool, modules, args.jobs)
    lines.at_import = import_calls(modules)
    print(f"line map of {len(lines.durations)} tests: {lines.seconds:.0f} s", file=sys.stderr)
    overhead = start_cost(args.pool)
    print(f"a child's start (imports, collecting the pool): {overhead:.1f} s CPU", file=sys.stderr)
    rows = []
    for module in modules:
        row = run_module(
            module,
            args.sample,
            args.seed,
            args.timeout,
            equivalents.get(module, {}),
            lines,
            args.jobs,
            args.budget,
            overhead,
        )
        rows.append(row)
        # After every module, so a long sweep stopped part way still leaves its figures.
        write_report(rows, sys.argv[1:] if argv is None else argv, time.monotonic() - start, args.report)
    if args.json:
        figures: dict[str, float] = {}
        for r in rows:
            figures[f"{r['module']}_kill_ratio"] = float(r["kill_ratio_non_equivalent"])
            # the share of the kills that were timeouts (counted as kills, shown apart)
            killed = int(r["killed"])
            figures[f"{r['module']}_timed_out_ratio"] = (
                round(int(r["timed_out"]) / killed, 3) if killed else 0.0
            )
            figures[f"{r['module']}_wall_ms"] = round(float(r["seconds"]) * 1000)
            figures[f"{r['module']}_cpu_ms"] = round(float(r["cpu_seconds"]) * 1000)
        figures["start_cpu_ms"] = round(overhead * 1000)
        figures["line_map_ms"] = round(lines.seconds * 1000)
        figures["wall_ms"] = round((time.monotonic() - start) * 1000)
        tried = sum(int(r["tried"]) for r in rows)
        figures["mutants_per_s"] = round(tried / max(0.001, time.monotonic() - start - lines.seconds), 2)
        print(json.dumps(figures))
    else:
        for r in rows:
            print(
                f"{r['module']}: {r['killed']}/{r['tried']} killed ({r['timed_out']} timed out; "
                f"{r['mutants']} mutants), "
                f"{r['survived']} survived, {r['equivalent']} equivalent ({r['seconds']} s)"
            )
        print(f"report: {args.report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

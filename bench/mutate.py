"""Mutation testing of the rules: how many small breakages of a module do its tests notice?

Each mutant changes one spot of one module: a comparison flipped (`<` -> `>=`, `==` -> `!=`, `in` ->
`not in`), a whole-number constant made one more or one less, `and` swapped for `or` (and back), a
statement dropped (a call, an assignment, a raise becomes `pass`), a `return X` made `return None`. The
mutant is written into a copy of the package (a temporary folder: the working tree is never touched)
and the tests that exercise the module (MODULE_TESTS below) run against it with `-x` and a time limit.
A mutant is *killed* when a test fails (or the run times out), *survived* when every test passes, and
*equivalent* when bench/mutation_equivalents.yaml lists it with the reason no test can tell it apart.

Why a script of the project's own and not mutmut or cosmic-ray: mutmut 3 rewrites the whole package
into trampolines in a mutants/ folder and drives its own pytest session (it does not take a module ->
tests map, and the project's `-n auto` addopts and its subprocess tests get in its way); cosmic-ray
needs a session database and a config file per module and is not installed here. The operators the
issue asks for are a hundred lines of `ast`; the rest is copying, sampling and counting.

Run (from the repo root; heavy: nice it, it is not part of CI):
    nice -n 10 .venv/bin/python bench/mutate.py cardtable/games/lyabi/battle.py          # every mutant
    nice -n 10 .venv/bin/python bench/mutate.py cardtable/rules/engine.py --sample 40 --seed 1
    nice -n 10 .venv/bin/python bench/mutate.py --all --sample 20 --seed 1                # sampled sweep
    .venv/bin/python bench/mutate.py cardtable/rules/engine.py --list                   # mutants only
Options: --report FILE (default bench/mutation_report.md, rewritten with this run's modules),
--timeout S per mutant (default: 4x the module's clean test run, at least 60 s), --json.
`--all` takes every module in MODULE_TESTS; with --sample 20 on an idle 2-core machine it fits in
about 30 minutes (a mutant costs one pytest start plus its tests: 2-15 s idle).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "bench" / "mutation_equivalents.yaml"
REPORT = ROOT / "bench" / "mutation_report.md"

# The tests that exercise each module: chosen to run in seconds, not the whole suite. A survivor is
# worth re-running against the whole suite before a test is written for it.
_SCEN = "tests/test_scenarios.py"
MODULE_TESTS: dict[str, list[str]] = {
    "cardtable/rules/engine.py": [
        "tests/test_rules_gaps.py",
        "tests/test_views.py",
        "tests/test_refusals.py",
        "tests/test_privacy.py",
        "tests/test_saves.py::-k undo or snapshot",
    ],
    "cardtable/rules/zones.py": ["tests/test_rules_gaps.py", "tests/test_views.py", f"{_SCEN}::-k runeworks"],
    "cardtable/rules/dice.py": ["tests/test_sainome.py", f"{_SCEN}::-k sainome"],
    "cardtable/rules/notation.py": ["tests/test_notation.py", f"{_SCEN}::-k runeworks"],
    "cardtable/games/lyabi/battle.py": [
        "tests/test_rules_gaps.py",
        "tests/test_lyabi.py",
        f"{_SCEN}::-k lyabi",
    ],
    "cardtable/games/lyabi/moves.py": ["tests/test_lyabi.py", f"{_SCEN}::-k lyabi"],
    "cardtable/games/lyabi/effects.py": ["tests/test_lyabi.py", f"{_SCEN}::-k lyabi"],
    "cardtable/games/runeworks/melds.py": [
        "tests/test_rules_gaps.py",
        "tests/test_runeworks_shot.py",
        "tests/test_runeworks_moves.py",
        f"{_SCEN}::-k runeworks",
    ],
    "cardtable/games/runeworks/moves.py": ["tests/test_runeworks_play.py", f"{_SCEN}::-k runeworks"],
    "cardtable/games/runeworks/scoring.py": ["tests/test_runeworks_round_end.py", f"{_SCEN}::-k runeworks"],
    "cardtable/games/risugeon/effects.py": ["tests/test_risugeon.py", f"{_SCEN}::-k risugeon"],
    "cardtable/games/risugeon/scoring.py": ["tests/test_risugeon.py", f"{_SCEN}::-k risugeon"],
    "cardtable/games/landperson/battle.py": ["tests/test_landperson.py", f"{_SCEN}::-k landperson"],
    "cardtable/games/landperson/effects.py": ["tests/test_landperson.py", f"{_SCEN}::-k landperson"],
    "cardtable/games/sainome/moves.py": ["tests/test_sainome.py", f"{_SCEN}::-k sainome"],
    "cardtable/games/sainome/effects.py": ["tests/test_sainome.py", f"{_SCEN}::-k sainome"],
    "cardtable/games/sandbox/__init__.py": ["tests/test_sandbox.py"],
}

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

    def key(self) -> str:
        return f"{self.source} :: {self.what}"


class _Sites(ast.NodeTransformer):
    """Walks a module, numbering every mutable spot; with `target` set, changes that spot only."""

    def __init__(self, lines: list[str], target: int | None = None) -> None:
        self.lines = lines
        self.target = target
        self.found: list[Mutant] = []
        self.docstrings: set[int] = set()

    def _site(self, node: ast.AST, op: str, what: str) -> bool:
        line = getattr(node, "lineno", 0)
        self.found.append(Mutant(len(self.found), line, op, what, self.lines[line - 1].strip()))
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
        node.body = [self.visit(s) for s in node.body]  # not the annotations or defaults
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
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


def _copy_tree(into: Path) -> None:
    """The repo for mutants: the package copied (it is what gets mutated), the rest linked."""
    for entry in ROOT.iterdir():
        if entry.name in {".git", ".venv", "cardtable"} or entry.name.startswith(".mutate"):
            continue
        (into / entry.name).symlink_to(entry)
    shutil.copytree(ROOT / "cardtable", into / "cardtable", ignore=shutil.ignore_patterns("__pycache__"))


def _pytest_args(tests: list[str]) -> list[list[str]]:
    """One pytest command line per entry ("file::-k expr" runs only the file's tests matching expr)."""
    out = []
    for entry in tests:
        path, _, k = entry.partition("::-k ")
        out.append([path, *(["-k", k] if k else [])])
    return out


def run_tests(copy: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    """'passed', 'failed' or 'timeout', and the seconds it took."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    start = time.monotonic()
    for args in _pytest_args(tests):
        cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:xdist", "-p", "no:cacheprovider"]
        cmd += ["-o", "addopts=", *args]
        left = timeout - (time.monotonic() - start)
        try:
            done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, timeout=max(1.0, left))
        except subprocess.TimeoutExpired:
            return "timeout", time.monotonic() - start
        if done.returncode != 0:
            return "failed", time.monotonic() - start
    return "passed", time.monotonic() - start


def run_module(
    module: str, sample: int | None, seed: int, timeout: float | None, equivalents: dict[str, str]
) -> dict[str, object]:
    """Mutate one module (all its mutants, or a seeded sample) against its tests."""
    # Read once: an edit of the working tree during a run changes neither the mutants nor the copy.
    clean = (ROOT / module).read_bytes()
    source = clean.decode("utf-8")
    every = mutants_of(source)
    chosen = every
    if sample is not None and sample < len(every):
        chosen = sorted(random.Random(f"{seed}:{module}").sample(every, sample), key=lambda m: m.index)
    tests = MODULE_TESTS[module]
    results: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        copy = Path(tmp)
        _copy_tree(copy)
        target = copy / module
        target.write_bytes(clean)
        status, base_s = run_tests(copy, tests, 3600)
        if status != "passed":
            raise SystemExit(f"{module}: its tests fail without a mutant ({tests})")
        limit = timeout or max(60.0, 4 * base_s)
        for mutant in chosen:
            try:
                target.write_bytes(mutated_source(source, mutant.index).encode("utf-8"))
                outcome, seconds = run_tests(copy, tests, limit)
            finally:
                target.write_bytes(clean)
            verdict = {"failed": "killed", "timeout": "killed", "passed": "survived"}[outcome]
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
                    "seconds": round(seconds, 1),
                }
            )
            print(f"  {module}:{mutant.line} {mutant.what}: {verdict} ({seconds:.0f} s)", file=sys.stderr)
    killed = sum(1 for r in results if r["verdict"] == "killed")
    equivalent = sum(1 for r in results if r["verdict"] == "equivalent")
    tried = len(results)
    return {
        "module": module,
        "mutants": len(every),
        "tried": tried,
        "killed": killed,
        "equivalent": equivalent,
        "survived": tried - killed - equivalent,
        "kill_ratio": round(killed / tried, 3) if tried else 1.0,
        "kill_ratio_non_equivalent": round(killed / (tried - equivalent), 3) if tried > equivalent else 1.0,
        "clean_tests_s": round(base_s, 1),
        "tests": tests,
        "results": results,
    }


def write_report(rows: list[dict[str, object]], argv: list[str], seconds: float, path: Path) -> None:
    """A Markdown report: a table per module, then every survivor and equivalent by line."""
    out = [
        "# Mutation report",
        "",
        f"Made by `python bench/{' '.join(['mutate.py', *argv])}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{seconds / 60:.0f} min wall). How to run it and what the verdicts mean: bench/mutate.py.",
        "",
        "| module | mutants | tried | killed | survived | equivalent | kill rate | not counting equivalents |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| `{r['module']}` | {r['mutants']} | {r['tried']} | {r['killed']} | {r['survived']} | "
            f"{r['equivalent']} | {float(r['kill_ratio']):.0%} | {float(r['kill_ratio_non_equivalent']):.0%} |"  # type: ignore[arg-type]
        )
    for r in rows:
        left = [x for x in r["results"] if x["verdict"] != "killed"]  # type: ignore[attr-defined]
        if not left:
            continue
        out += ["", f"## `{r['module']}`", ""]
        for x in left:
            note = f" (equivalent: {x['why']})" if x["verdict"] == "equivalent" else ""
            out.append(f"- {x['verdict']}: line {x['line']} `{x['source']}` :: {x['what']}{note}")
    path.write_bytes(("\n".join(out) + "\n").encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (paths from the repo root)")
    parser.add_argument("--all", action="store_true", help="every module in MODULE_TESTS")
    parser.add_argument("--sample", type=int, help="mutants per module, drawn with --seed (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, help="seconds per mutant (default 4x the clean run, >= 60)")
    parser.add_argument("--report", type=Path, default=REPORT)
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object on stdout")
    args = parser.parse_args(argv)
    modules = list(MODULE_TESTS) if args.all else args.modules
    unknown = [m for m in modules if m not in MODULE_TESTS]
    if not modules or unknown:
        parser.error(
            f"name modules from MODULE_TESTS in bench/mutate.py (unknown: {unknown or 'none given'})"
        )
    if args.list:
        for module in modules:
            for m in mutants_of((ROOT / module).read_bytes().decode("utf-8")):
                print(f"{module}:{m.line} [{m.index}] {m.what}: {m.source}")
        return 0
    equivalents = load_equivalents()
    start = time.monotonic()
    rows = []
    for module in modules:
        rows.append(run_module(module, args.sample, args.seed, args.timeout, equivalents.get(module, {})))
        # After every module, so a long sweep stopped part way still leaves its figures.
        write_report(rows, sys.argv[1:] if argv is None else argv, time.monotonic() - start, args.report)
    if args.json:
        figures = {f"{r['module']}_kill_ratio": r["kill_ratio_non_equivalent"] for r in rows}
        figures["wall_ms"] = round((time.monotonic() - start) * 1000)
        print(json.dumps(figures))
    else:
        for r in rows:
            print(
                f"{r['module']}: {r['killed']}/{r['tried']} killed ({r['mutants']} mutants), "
                f"{r['survived']} survived, {r['equivalent']} equivalent"
            )
        print(f"report: {args.report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

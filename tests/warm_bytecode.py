"""The compiled test modules, made once before pytest-xdist starts its workers.

On a fresh checkout (CI's clean clone) nothing is compiled yet, and every xdist worker rewrote the
asserts of all ~110 test modules and compiled the project itself at collection: ~8 s of CPU in each
worker, the same work twice, before the first test ran. The controller makes that bytecode here first,
split over two processes, where the workers then find it (pytest's own cache of rewritten modules, and
Python's for the project; both in the folder tests/conftest.py names). A cache that is already there is
left alone, and one the workers find stale (its source changed) they make again as before: this only
spares them the work. If pytest's assertion rewriting is not what this module expects (its internals
move between versions), nothing is warmed and the workers compile as they always did.
"""

from __future__ import annotations

import importlib.util
import os
import py_compile
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rewritten(files: list[str]) -> None:
    """Rewrite and compile these test modules into pytest's cache, as its import hook would."""
    from _pytest.assertion import rewrite

    for name in files:
        path = Path(name)
        pyc = rewrite.get_cache_dir(path) / f"{path.stem}{rewrite.PYC_TAIL}"
        if pyc.exists():
            continue
        source_hash, code = rewrite._rewrite_test(path, None)  # type: ignore[arg-type]  # no ini: defaults
        pyc.parent.mkdir(parents=True, exist_ok=True)
        partial = pyc.with_name(f"{pyc.name}.{os.getpid()}")
        with open(partial, "wb") as handle:
            rewrite._write_pyc_fp(handle, source_hash, code)
        os.replace(partial, pyc)


def _compiled(files: list[str]) -> None:
    """Compile these project modules where Python will look for their bytecode."""
    for name in files:
        cached = importlib.util.cache_from_source(name)
        if not os.path.exists(cached):
            py_compile.compile(name, cfile=cached, doraise=False, quiet=2)


def _usable() -> bool:
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return False
    return all(hasattr(rewrite, a) for a in ("get_cache_dir", "PYC_TAIL", "_rewrite_test", "_write_pyc_fp"))


def warm() -> None:
    """Compile the test modules (asserts rewritten) and the project, in two processes, if not done."""
    if not _usable():
        return
    tests = sorted(str(p) for p in (ROOT / "tests").glob("test_*.py"))
    project = sorted(str(p) for p in (ROOT / "cardtable").rglob("*.py"))
    # two even shares, by size: a test module's rewriting costs about its length
    shares: tuple[list[str], list[str]] = ([], [])
    loads = [0, 0]
    for name in sorted(tests, key=lambda n: -os.path.getsize(n)):
        side = 0 if loads[0] <= loads[1] else 1
        shares[side].append(name)
        loads[side] += os.path.getsize(name)
    with ProcessPoolExecutor(2, mp_context=get_context("fork")) as pool:
        jobs = [pool.submit(_rewritten, shares[0]), pool.submit(_rewritten, shares[1])]
        jobs.append(pool.submit(_compiled, project))
        for job in jobs:
            job.result()

"""Start-up: from process start to the first menu frame drawn, median of --runs (default 10).

Cases, measured in the same run with their runs interleaved (floor, venv, bundle, floor, ...) so a busy
spell of the machine weighs on all of them:
  floor   `python -c "import pygame; pygame.init(); pygame.display.set_mode((1280, 720))"`: the least any
          pygame window costs with this interpreter
  venv    the installed `cardtable --first-frame` (the console script beside this Python)
  bundle  `dist/cardtable/cardtable --first-frame`, when that PyInstaller build exists (or --bundle)

`cardtable --first-frame` (hidden from --help) opens the menu exactly as a double-click does (logging,
settings, sound bank, window, menu scene), draws one frame, prints the wall-clock time of that frame
and exits. "To first frame" is that time minus the moment just before the process was spawned; the
floor prints its time right after set_mode. "To exit" is the spawn-to-exit wall time. Every process
is new (a cold start of the interpreter and the app); one untimed run of each case first warms the
operating system's file cache, so the figures are those of a second launch. Headless: SDL's dummy video
and audio drivers, a fresh CARDTABLE_HOME (default settings, a 1280x720 window).

    python bench/startup.py [--runs 10] [--bundle dist/cardtable] [--json]

JSON keys: `<case>_first_frame_ms`, `<case>_exit_ms` (medians), `<case>_first_frame_min_ms`, and the
ratios `venv_vs_floor_ratio`, `bundle_vs_floor_ratio`, `bundle_vs_venv_ratio` of the first-frame medians.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR_CODE = (
    "import pygame, time; pygame.init(); pygame.display.set_mode((1280, 720)); "
    "print(f'first frame drawn at {time.time():.6f}')"
)
STAMP = re.compile(r"first frame drawn at (\d+\.\d+)")


def venv_command() -> list[str]:
    """The installed console script beside this interpreter, else `python -m cardtable.cli`."""
    folder = Path(sys.executable).parent
    for name in ("cardtable", "cardtable.exe"):
        if (folder / name).is_file():
            return [str(folder / name), "--first-frame"]
    return [sys.executable, "-m", "cardtable.cli", "--first-frame"]


def bundle_command(bundle: Path) -> list[str] | None:
    """The bundle's executable with --first-frame, or None when it was not built."""
    for name in ("cardtable", "cardtable.exe"):
        if (bundle / name).is_file():
            return [str(bundle / name), "--first-frame"]
    return None


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(ms to the first frame, ms to exit) of one new process."""
    wall_start = time.time()
    start = time.perf_counter()
    result = subprocess.run(
        command, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir(), timeout=120
    )
    exit_ms = (time.perf_counter() - start) * 1000
    found = STAMP.search(result.stdout)
    if result.returncode != 0 or found is None:
        raise SystemExit(
            f"startup bench: {' '.join(command)} failed ({result.returncode}):\n"
            f"{result.stdout}{result.stderr}"
        )
    return (float(found.group(1)) - wall_start) * 1000, exit_ms


def measure(cases: dict[str, list[str]], runs: int) -> dict[str, dict[str, list[float]]]:
    """Interleaved runs of every case; one warm-up run each first."""
    home = tempfile.mkdtemp(prefix="cardtable-startup-")
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        CARDTABLE_HOME=home,
    )
    # An installed app keeps its compiled bytecode; a shell that forbids writing it would measure
    # recompiling every module on every start instead.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for command in cases.values():
        run_once(command, env)
    out: dict[str, dict[str, list[float]]] = {name: {"first": [], "exit": []} for name in cases}
    for _ in range(runs):
        for name, command in cases.items():
            first, exit_ms = run_once(command, env)
            out[name]["first"].append(first)
            out[name]["exit"].append(exit_ms)
    return out


def summarise(samples: dict[str, dict[str, list[float]]]) -> dict[str, float]:
    """Medians and minimums per case, and the ratios between cases."""
    results: dict[str, float] = {}
    for name, times in samples.items():
        results[f"{name}_first_frame_ms"] = statistics.median(times["first"])
        results[f"{name}_first_frame_min_ms"] = min(times["first"])
        results[f"{name}_exit_ms"] = statistics.median(times["exit"])
    for a, b in (("venv", "floor"), ("bundle", "floor"), ("bundle", "venv")):
        if f"{a}_first_frame_ms" in results and f"{b}_first_frame_ms" in results:
            results[f"{a}_vs_{b}_ratio"] = results[f"{a}_first_frame_ms"] / results[f"{b}_first_frame_ms"]
    return results


def main() -> int:
    """Measure and print a table (or --json)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=10, help="timed runs per case (default 10)")
    parser.add_argument(
        "--bundle",
        type=Path,
        default=ROOT / "dist" / "cardtable",
        help="the PyInstaller bundle folder (default dist/cardtable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    cases = {"floor": [sys.executable, "-c", FLOOR_CODE], "venv": venv_command()}
    bundled = bundle_command(args.bundle)
    if bundled is not None:
        cases["bundle"] = bundled
    results = summarise(measure(cases, args.runs))
    results["runs"] = float(args.runs)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"start-up to the first menu frame, {args.runs} runs per case, SDL dummy drivers, 1280x720")
    print(f"{'case':<8}{'first frame median ms':>23}{'min ms':>9}{'exit median ms':>16}   command")
    for name, command in cases.items():
        shown = " ".join(command if name != "floor" else [Path(command[0]).name, "-c", "<pygame floor>"])
        print(
            f"{name:<8}{results[name + '_first_frame_ms']:>23.0f}{results[name + '_first_frame_min_ms']:>9.0f}"
            f"{results[name + '_exit_ms']:>16.0f}   {shown}"
        )
    for key in ("venv_vs_floor_ratio", "bundle_vs_floor_ratio", "bundle_vs_venv_ratio"):
        if key in results:
            print(f"{key.removesuffix('_ratio').replace('_vs_', ' / ')}: {results[key]:.2f}x")
    if bundled is None:
        print(f"(no bundle at {args.bundle}: python packaging/build.py builds it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

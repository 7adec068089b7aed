"""The app's long work on the UI thread: what would freeze the window without a progress bar, and what
the bar costs (cardtable/ui/progress.py).

print      ms to print the set in play from the pause menu: export_pdf alone, then the pause menu's
           Print with its bar (one frame of the app's loop at most every 1/30 s), and the frames the
           bar drew a second
continue   ms for Continue to read and replay a saved sandbox session of N moves (Session.resume),
           the work the menu runs in a worker thread behind a bar once it passes 0.25 s

Wall time (a person waits for it), headless (SDL dummy drivers), 1280x720, each case once after a
warm-up print (fonts, faces cached).

  python bench/long_work.py [--json] [--sets standard52,risugeon] [--moves 1000,3000]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the output is the table or one JSON object
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from cardtable.printing import PrintOptions  # noqa: E402
from cardtable.printing.pdf import export_pdf  # noqa: E402
from cardtable.rules.rng import Rng  # noqa: E402
from cardtable.session import SeatConfig, Session  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.scenes.pause import PauseScene  # noqa: E402
from cardtable.ui.scenes.registry import table_scene_for  # noqa: E402

SEATS = [SeatConfig("A"), SeatConfig("B")]


def print_case(app: App, cardset: str, out: Path) -> dict[str, float]:
    """Print one set from the pause menu over a sandbox table, with and without the bar."""
    table = table_scene_for(app, Session.new("sandbox", SEATS, 5, {"cardset": cardset}, autosave=False))
    app.replace(table)
    app.frame([])
    pause = PauseScene(app, table)
    app.push(pause)
    app.frame([])
    options = PrintOptions(paper="a4")
    export_pdf(table.cardset, out, options)  # warm-up: faces and fonts cached as in the app
    start = time.perf_counter()
    export_pdf(table.cardset, out, options)
    bare = time.perf_counter() - start
    frames = app.frames_drawn
    start = time.perf_counter()
    pause.print_set()
    with_bar = time.perf_counter() - start
    return {
        f"{cardset}_print_ms": bare * 1000,
        f"{cardset}_print_with_bar_ms": with_bar * 1000,
        f"{cardset}_bar_frames_per_s": (app.frames_drawn - frames) / with_bar,
    }


def continue_case(moves: int) -> dict[str, float]:
    """Read and replay a sandbox session of `moves` random moves (no closing)."""
    session = Session.new("sandbox", SEATS, 5, {})
    engine, rng = session.engine, Rng(3)
    for _ in range(moves):
        legal = [a for a in engine.legal_actions(engine.deciding_seats()[0]) if a.kind != "close"]
        session.apply(legal[rng.below(len(legal))])
    session.save()
    start = time.perf_counter()
    Session.resume()
    return {f"continue_{moves}_moves_ms": (time.perf_counter() - start) * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sets", default="standard52,risugeon,lyabi")
    parser.add_argument("--moves", default="300,1000,3000")
    args = parser.parse_args()
    app = App(size=(1280, 720))
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in filter(None, args.sets.split(",")):
            results.update(print_case(app, name, Path(folder) / f"{name}.pdf"))
    for moves in filter(None, args.moves.split(",")):
        results.update(continue_case(int(moves)))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'set':<14}{'print ms':>10}{'with bar ms':>13}{'bar fps':>9}")
    for name in filter(None, args.sets.split(",")):
        print(
            f"{name:<14}{results[f'{name}_print_ms']:>10.0f}{results[f'{name}_print_with_bar_ms']:>13.0f}"
            f"{results[f'{name}_bar_frames_per_s']:>9.1f}"
        )
    print(f"\n{'continue':<14}{'ms':>10}")
    for moves in filter(None, args.moves.split(",")):
        print(f"{moves + ' moves':<14}{results[f'continue_{moves}_moves_ms']:>10.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

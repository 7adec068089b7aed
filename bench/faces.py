"""Card faces from data templates: what drawing and keeping them costs.

per face   ms to draw one face with nothing cached (fonts already open), with the shape patches
           other cards left behind (the usual case: a set drawn in turn), and a cache hit
whole set  ms for every face of each bundled set (each side of a two-sided card) at its table size
           on a 1920x1080 window, and at 300 dpi (744 px wide, a 63 mm card), from an empty cache
memory     the face cache of a 6-seat Rune Works! table at 1920x1080 after a whole bot game was
           played through it: faces kept, their pixels in MiB, the shared shape patches in MiB

  SDL_VIDEODRIVER=dummy python bench/faces.py [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", "/tmp/cardtable-bench-home")

import pygame  # noqa: E402

from cardtable.cardsets import load_bundled  # noqa: E402
from cardtable.rules.cards import CardSpec  # noqa: E402
from cardtable.ui.render import primitives  # noqa: E402
from cardtable.ui.render.cardface import CardRenderer  # noqa: E402

PRINT_WIDTH = 744  # 63 mm at 300 dpi
SIZE = (1920, 1080)
# The width each table gives its cards at 1920x1080 (card_size of its scene: least, share of height, of width).
TABLE_WIDTH = {"standard52": 108, "risugeon": 113, "sainome": 73}


def faces_of(renderer: CardRenderer) -> list[tuple[CardSpec, str | None]]:
    out: list[tuple[CardSpec, str | None]] = []
    for spec in renderer.cardset.cards:
        for side in renderer.template.sides if spec.get("sides") else (None,):
            out.append((spec, side))
    return out


def cold_renderer(name: str) -> CardRenderer:
    """A fresh renderer with the shared shape patches forgotten too."""
    primitives.patches().clear()
    return CardRenderer(load_bundled(name))


def whole_set_ms(name: str, width: int) -> float:
    renderer = cold_renderer(name)
    faces = faces_of(renderer)
    renderer.template  # noqa: B018  (read the template outside the timing)
    start = time.perf_counter()
    for spec, side in faces:
        renderer.face(spec, width, side)
    renderer.back(width)
    return (time.perf_counter() - start) * 1000


def per_face(name: str, width: int) -> dict[str, float]:
    """Median ms per face: cold (no patches), in turn (patches of earlier cards kept), and a cache hit."""
    faces = faces_of(cold_renderer(name))
    cold: list[float] = []
    for spec, side in faces[:: max(1, len(faces) // 12)]:
        renderer = cold_renderer(name)
        renderer.template  # noqa: B018
        start = time.perf_counter()
        renderer.face(spec, width, side)
        cold.append((time.perf_counter() - start) * 1000)
    renderer = cold_renderer(name)
    renderer.template  # noqa: B018
    in_turn: list[float] = []
    for spec, side in faces:
        start = time.perf_counter()
        renderer.face(spec, width, side)
        in_turn.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    hits = 0
    for _ in range(20):
        for spec, side in faces:
            renderer.face(spec, width, side)
            hits += 1
    hit_ms = (time.perf_counter() - start) * 1000 / hits
    return {
        "cold_median_ms": statistics.median(cold),
        "in_turn_median_ms": statistics.median(in_turn),
        "in_turn_max_ms": max(in_turn),
        "hit_ms": hit_ms,
    }


def runeworks_table_cache() -> dict[str, float]:
    """Play a 6-seat level-5 bot game through the Rune Works! table; what its renderer keeps."""
    from cardtable.persistence.settings import Settings
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.app import App
    from cardtable.ui.scenes.runeworks_table import RuneWorksTable

    primitives.patches().clear()
    settings = Settings(animation_speed=0.0, bot_delay_s=0.0, window_size=SIZE)
    app = App(settings, size=SIZE, fast=True)
    seats = [SeatConfig(f"Bot {i}", False, "heuristic") for i in range(6)]
    session = Session.new("runeworks", seats, 11, {"level": 5}, autosave=False)
    table = RuneWorksTable(app, session)
    app.replace(table)
    for _ in range(200000):
        if session.engine.is_over():
            break
        app.frame([])
    renderer = app.renderer(session.engine.state.cardset)
    sizes = sorted({key[2] for key in renderer._cache})
    return {
        "faces_cached": float(len(renderer._cache)),
        "face_widths": float(len(sizes)),
        "face_cache_mib": renderer.cache_bytes() / 2**20,
        "patch_cache_mib": primitives.patches().used / 2**20,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pygame.init()
    start = time.perf_counter()
    primitives.face_fonts().font(20)
    primitives.face_fonts().font(20, True)
    results: dict[str, float] = {"font_open_ms": (time.perf_counter() - start) * 1000}
    for name, width in TABLE_WIDTH.items():
        for key, value in per_face(name, width).items():
            results[f"{name}_table_{key}"] = value
        for key, value in per_face(name, PRINT_WIDTH).items():
            results[f"{name}_print_{key}"] = value
        count = len(faces_of(cold_renderer(name))) + 1
        results[f"{name}_faces"] = float(count)
        results[f"{name}_set_table_ms"] = whole_set_ms(name, width)
        results[f"{name}_set_print_ms"] = whole_set_ms(name, PRINT_WIDTH)
        results[f"{name}_set_print_faces_per_s"] = count / results[f"{name}_set_print_ms"] * 1000
    results.update({f"runeworks_6seat_{k}": v for k, v in runeworks_table_cache().items()})
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"fonts opened once: {results['font_open_ms']:.1f} ms")
    print()
    print(
        f"{'set':<12}{'width':>6}{'cold ms':>9}{'in turn':>9}{'max':>8}{'hit us':>8}{'faces':>7}{'whole set ms':>14}"
    )
    for name, width in TABLE_WIDTH.items():
        for where, w in (("table", width), ("print", PRINT_WIDTH)):
            p = f"{name}_{where}_"
            print(
                f"{name:<12}{w:>6}{results[p + 'cold_median_ms']:>9.2f}{results[p + 'in_turn_median_ms']:>9.2f}"
                f"{results[p + 'in_turn_max_ms']:>8.1f}{results[p + 'hit_ms'] * 1000:>8.2f}"
                f"{results[name + '_faces']:>7.0f}{results[f'{name}_set_{where}_ms']:>14.0f}"
            )
    print()
    r = "runeworks_6seat_"
    print(
        f"Rune Works! 6 seats, {SIZE[0]}x{SIZE[1]}, after a whole game: {results[r + 'faces_cached']:.0f} faces "
        f"at {results[r + 'face_widths']:.0f} widths, {results[r + 'face_cache_mib']:.1f} MiB of face pixels, "
        f"{results[r + 'patch_cache_mib']:.1f} MiB of shape patches"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

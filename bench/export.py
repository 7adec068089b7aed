"""Print and play: how long a card set takes to export as a PDF and as Tabletop Simulator sheets, and
how much memory a big print run needs.

pdf        seconds for the whole print PDF of each bundled set (faces at 300 dpi from a cold renderer,
           3 x 3 a page, a mirrored page of backs after each), its pages and its size in MiB;
           Sainome's set is 54 cards, the size of a usual prototype deck
per card   ms per printed card (the PDF's time over its cards)
tts        seconds for the Tabletop Simulator sheets of each set (500 px cells)
distinct   a generated set of N cards (300 by default), every face different (its own name, text,
           cost, points and element; past 1,000 kinds, the most a set has, each kind twice or more), exported in a child process each: the PDF at 300 dpi and the
           Tabletop Simulator sheets, with the time and the child's peak memory (ru_maxrss: all of
           Python, pygame, reportlab and the faces) in MiB

  python bench/export.py [--json] [--distinct N] [--skip-bundled] [--only pdf|tts]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from cardtable.cardsets import load_bundled, load_cardset  # noqa: E402
from cardtable.limits import MAX_CARD_KINDS  # noqa: E402
from cardtable.printing import PrintOptions  # noqa: E402
from cardtable.printing.pdf import export_pdf  # noqa: E402
from cardtable.printing.tts import export_png_sheets  # noqa: E402
from cardtable.resources import bundled_cardsets  # noqa: E402
from cardtable.ui.render import primitives  # noqa: E402

ELEMENTS = ("wind", "fire", "water", "earth")


def distinct_set(folder: Path, cards: int) -> Path:
    """A card set of `cards` cards, no two kinds alike (the generic template); past the limit of
    kinds (MAX_CARD_KINDS, 1,000) each kind has as many copies as it takes (2,000: 1,000 x 2)."""
    kinds = min(cards, MAX_CARD_KINDS)
    copies = max(1, cards // kinds)
    lines = [
        "cardset: distinct",
        "title: {ja: 別々, en: Distinct}",
        "language: ja",
        "template: generic",
        "cards:",
    ]
    for i in range(kinds):
        lines += [
            f"  - code: C{i:04d}",
            f"    name: {{ja: カード{i}, en: Card number {i}}}",
            f"    count: {copies}",
            f"    element: {ELEMENTS[i % 4]}",
            f"    cost: {i % 10}",
            f"    points: {i % 7}",
            f"    text: {{ja: カードを{i % 5 + 1}枚引く。{i}番, en: Draw {i % 5 + 1} cards. Number {i}.}}",
        ]
    path = folder / "distinct.yaml"
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8"))
    return path


def child(kind: str, set_path: Path, out: Path) -> None:
    """Run one export in this (child) process and print its seconds and peak memory as JSON."""
    cardset = load_cardset(set_path)
    start = time.perf_counter()
    if kind == "pdf":
        export_pdf(cardset, out, PrintOptions(paper="a4"))
    else:
        out.mkdir(parents=True, exist_ok=True)
        export_png_sheets(cardset, out)
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(json.dumps({"ms": seconds * 1000, "peak_mib": peak_kib / 1024}))


def measure_distinct(cards: int, folder: Path, kinds: tuple[str, ...] = ("pdf", "tts")) -> dict[str, float]:
    set_path = distinct_set(folder, cards)
    results: dict[str, float] = {}
    for kind, out in (("pdf", folder / "distinct.pdf"), ("tts", folder / "tts")):
        if kind not in kinds:
            continue
        done = subprocess.run(
            [sys.executable, __file__, "--child", kind, str(set_path), str(out)], capture_output=True
        )
        if done.returncode != 0:
            raise SystemExit(f"the {kind} export failed:\n{done.stderr.decode('utf-8', 'replace')[-2000:]}")
        figures = json.loads(done.stdout.decode("utf-8").strip().splitlines()[-1])
        results[f"distinct_{kind}_ms"] = figures["ms"]
        results[f"distinct_{kind}_per_card_ms"] = figures["ms"] / cards
        results[f"distinct_{kind}_peak_mib"] = figures["peak_mib"]
    results["distinct_cards"] = float(cards)
    if "pdf" in kinds:
        results["distinct_pdf_mib"] = (folder / "distinct.pdf").stat().st_size / 2**20
    return results


def measure_bundled(folder: str) -> dict[str, float]:
    results: dict[str, float] = {}
    for path in bundled_cardsets():
        name = path.stem
        cardset = load_bundled(name)
        primitives.patches().clear()  # cold: no shape patches left from the set before
        out = Path(folder) / f"{name}.pdf"
        report = export_pdf(cardset, out, PrintOptions(paper="a4"))
        results[f"{name}_cards"] = float(report.cards)
        results[f"{name}_pages"] = float(report.pages)
        results[f"{name}_pdf_ms"] = report.seconds * 1000
        results[f"{name}_pdf_per_card_ms"] = report.seconds * 1000 / report.cards
        results[f"{name}_pdf_mib"] = out.stat().st_size / 2**20
        primitives.patches().clear()
        start = time.perf_counter()
        export_png_sheets(cardset, Path(folder) / name)
        results[f"{name}_tts_ms"] = (time.perf_counter() - start) * 1000
    return results


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--distinct", type=int, default=300, help="cards in the generated set (0: skip)")
    parser.add_argument("--skip-bundled", action="store_true", help="only the generated set")
    parser.add_argument(
        "--only", choices=("pdf", "tts"), help="the generated set as a PDF only, or as sheets only"
    )
    parser.add_argument("--child", nargs=3, metavar=("KIND", "SET", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]), Path(args.child[2]))
        return 0
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        if not args.skip_bundled:
            results.update(measure_bundled(folder))
        if args.distinct > 0:
            kinds = (args.only,) if args.only else ("pdf", "tts")
            results.update(measure_distinct(args.distinct, Path(folder), kinds))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    if not args.skip_bundled:
        print(f"{'set':<12}{'cards':>6}{'pages':>6}{'pdf s':>8}{'ms/card':>9}{'MiB':>7}{'tts s':>8}")
        for path in bundled_cardsets():
            n = path.stem
            print(
                f"{n:<12}{results[n + '_cards']:>6.0f}{results[n + '_pages']:>6.0f}"
                f"{results[n + '_pdf_ms'] / 1000:>8.2f}{results[n + '_pdf_per_card_ms']:>9.1f}"
                f"{results[n + '_pdf_mib']:>7.1f}{results[n + '_tts_ms'] / 1000:>8.2f}"
            )
    if args.distinct > 0:
        size = f" ({results['distinct_pdf_mib']:.1f} MiB PDF)" if "distinct_pdf_mib" in results else ""
        print(f"{args.distinct} distinct faces{size}:")
        for kind in ("pdf", "tts") if not args.only else (args.only,):
            print(
                f"  {kind}: {results[f'distinct_{kind}_ms'] / 1000:.1f} s, "
                f"peak memory {results[f'distinct_{kind}_peak_mib']:.0f} MiB"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

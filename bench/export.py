"""Print and play: how long a card set takes to export as a PDF and as Tabletop Simulator sheets.

pdf        seconds for the whole print PDF of each bundled set (faces at 300 dpi from a cold renderer,
           3 x 3 a page, a mirrored page of backs after each), its pages and its size in MiB;
           Sainome's set is 54 cards, the size of a usual prototype deck
per card   ms per printed card (the PDF's time over its cards)
tts        seconds for the Tabletop Simulator sheets of each set (500 px cells)

  python bench/export.py [--json]
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
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from cardtable.cardsets import load_bundled  # noqa: E402
from cardtable.printing import PrintOptions  # noqa: E402
from cardtable.printing.pdf import export_pdf  # noqa: E402
from cardtable.printing.tts import export_png_sheets  # noqa: E402
from cardtable.resources import bundled_cardsets  # noqa: E402
from cardtable.ui.render import primitives  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
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
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'set':<12}{'cards':>6}{'pages':>6}{'pdf s':>8}{'ms/card':>9}{'MiB':>7}{'tts s':>8}")
    for path in bundled_cardsets():
        n = path.stem
        print(
            f"{n:<12}{results[n + '_cards']:>6.0f}{results[n + '_pages']:>6.0f}{results[n + '_pdf_ms'] / 1000:>8.2f}"
            f"{results[n + '_pdf_per_card_ms']:>9.1f}{results[n + '_pdf_mib']:>7.1f}{results[n + '_tts_ms'] / 1000:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

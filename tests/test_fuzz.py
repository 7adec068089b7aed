"""Fuzz: mutated card sets, scenario files and saves give clean errors (the project's own error types with a
placed message), never another exception, a hang, a silent change or a lost file.

The default run tries a few hundred seeded mutants of each kind on small bases (card sets cut to a few
cards, the smaller scenario files), so it takes seconds. `CARDTABLE_FUZZ=N` tries N of each on the full
bundled sets and every scenario file, with whole games played on every valid card set; bench/fuzz_files.py
counts fresh mutants outside the suite. A failing mutant is reproduced from the seed in its message.
"""

from __future__ import annotations

import functools
import os
import random
from pathlib import Path

import pytest
from mutants import (
    CARDS,
    Outcome,
    cardset_bases,
    cardset_outcome,
    image_bases,
    image_mutant,
    image_outcome,
    judge,
    save_bases,
    save_mutant,
    save_outcome,
    scenario_bases,
    scenario_outcome,
    template_mutant,
    template_outcome,
    value_mutant,
    yaml_mutant,
)

from cardtable import cli

HEAVY = int(os.environ.get("CARDTABLE_FUZZ", "0") or 0)
COUNT = HEAVY or 200
BAD = ("traceback", "hang", "silent")


def _report(kind: str, failures: list[str]) -> str:
    return f"{len(failures)} {kind} mutant(s) went wrong:\n" + "\n".join(failures[:5])


def test_mutated_card_sets_are_refused_cleanly_or_played(tmp_path: Path):
    bases = cardset_bases(None if HEAVY else 6)
    failures = []
    for seed in range(COUNT):
        rng = random.Random(seed)
        name, text = rng.choice(bases)
        path = tmp_path / f"{name}_{seed}.yaml"
        path.write_bytes(yaml_mutant(text, rng))
        outcome = cardset_outcome(path, seed, max_actions=None if HEAVY else 40)
        if outcome.kind in BAD:
            failures.append(f"seed {seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("card set", failures)


def test_mutated_card_values_are_refused_cleanly_or_played_under_check(tmp_path: Path):
    """Every bundled set with card values edited as a designer might (a negative attack, a code
    that is not in the set, a list where a code goes, a count of 50, half the cards): `cardtable
    validate` refuses it at file:line, or every game it is made for deals it for its most seats and
    plays a seeded random game under every invariant (no crash, no seat left without a legal move)."""
    bases = cardset_bases(None)
    failures = []
    kinds: dict[str, int] = {}
    for seed in range(HEAVY or 24):
        rng = random.Random(30_000 + seed)
        name, text = bases[seed % len(bases)]
        path = tmp_path / f"{name}_{seed}.yaml"
        path.write_bytes(value_mutant(text, rng))
        outcome = cardset_outcome(path, seed, max_actions=None if HEAVY else 12, check=True)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {30_000 + seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("card value", failures)
    assert kinds.get("ok", 0) and kinds.get("refused", 0), kinds  # both sides of the oracle were met


def test_mutated_scenarios_are_refused_cleanly_or_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Each mutant runs through `cardtable scenario` (its exit code and placed line are what is judged);
    # the command line's parser is built once for them all (main reads it, never changes it): building
    # it for each of the 200 was half of the test's CPU.
    monkeypatch.setattr(cli, "build_parser", functools.cache(cli.build_parser))
    bases = scenario_bases()
    if not HEAVY:  # the smaller files: most of a scenario's cost is reading its YAML
        bases = sorted(bases, key=lambda b: len(b[1]))[: max(8, len(bases) // 4)]
    failures = []
    for seed in range(COUNT):
        rng = random.Random(10_000 + seed)
        name, text = rng.choice(bases)
        path = tmp_path / f"scenario_{seed}.yaml"
        path.write_bytes(yaml_mutant(text, rng))
        outcome = scenario_outcome(path)
        if outcome.kind in BAD:
            failures.append(f"seed {10_000 + seed} ({name}): {outcome.kind}: {outcome.detail}")
        path.unlink(missing_ok=True)
    assert not failures, _report("scenario", failures)


def test_damaged_saves_are_refused_cleanly_or_resume_the_same_game(tmp_path: Path):
    (tmp_path / "bases").mkdir()
    (tmp_path / "work").mkdir()
    bases = save_bases(tmp_path / "bases", moves=40 if not HEAVY else 120)
    failures = []
    kinds: dict[str, int] = {}
    for seed in range(COUNT + 100):
        rng = random.Random(20_000 + seed)
        base = rng.choice(bases)
        main, journal, forged = save_mutant(base, rng)
        outcome = save_outcome(base, main, journal, tmp_path / "work", forged)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {20_000 + seed} ({base.name}): {outcome.kind}: {outcome.detail}")
    assert not failures, _report("save", failures)
    assert kinds.get("refused", 0) > COUNT // 2  # the mutants did damage something


@pytest.mark.parametrize("name", ["runeworks", "sainome"])
def test_the_fuzz_bases_themselves_are_fine(tmp_path: Path, name: str):
    """The unmutated card sets validate and play: a mutant's refusal is about its mutation."""
    text = dict(cardset_bases(None))[{"runeworks": "standard52", "sainome": "sainome"}[name]]
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    assert cardset_outcome(path, 1).kind == "ok"


# ---------------------------------------------------------------------------------------------------
# Face templates, images and reload targets (issue 24)


def _save_over(path: Path, raw: bytes, stamp: int) -> None:
    """Replace a file's bytes with a modification time no watcher or cache can miss."""
    path.write_bytes(raw)
    os.utime(path, ns=(stamp, stamp))


def _table_on_new_set(tmp_path: Path) -> tuple[Path, Path, object, object]:
    from cardtable.cardsets import load_cardset
    from cardtable.cardsets.watch import CardSetWatcher
    from cardtable.games.sandbox.newset import new_set
    from cardtable.ui.render.cardface import CardRenderer

    file = new_set("fuzz", tmp_path)
    cardset = load_cardset(file)
    return file, file.parent / "faces" / "fuzz.yaml", CardRenderer(cardset), CardSetWatcher(cardset)


def test_mutated_face_templates_are_refused_at_the_table_or_drawn(tmp_path: Path):
    _, look, renderer, watcher = _table_on_new_set(tmp_path)
    bases = sorted((CARDS / "faces").glob("*.yaml"))
    if not HEAVY:
        bases = [b for b in bases if b.stem in ("generic", "lyabi", "landperson")]  # the smallest
    texts = [(b.stem, b.read_bytes().decode("utf-8")) for b in bases]
    failures, kinds = [], {}
    stamp = look.stat().st_mtime_ns
    for seed in range(HEAVY or 40):
        rng = random.Random(30_000 + seed)
        name, text = rng.choice(texts)
        stamp += 2_000_000_000
        _save_over(look, template_mutant(text, rng), stamp)
        outcome = template_outcome(look, renderer, watcher)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {30_000 + seed} ({name}): {outcome.kind}: {outcome.detail}")
    assert not failures, _report("face template", failures)
    assert kinds.get("refused", 0) > 5 and kinds.get("ok", 0) >= 2, kinds  # both ways were taken


def test_damaged_images_in_five_formats_are_refused_or_drawn_within_limits(tmp_path: Path):
    bases = image_bases()
    failures, kinds = [], {}
    for seed in range(HEAVY or 150):
        rng = random.Random(40_000 + seed)
        fmt, raw = rng.choice(bases)
        path = tmp_path / f"art_{seed}.{fmt}"
        path.write_bytes(image_mutant(raw, rng))
        outcome = image_outcome(path)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in BAD:
            failures.append(f"seed {40_000 + seed} ({fmt}): {outcome.kind}: {outcome.detail}")
        path.unlink()
    assert not failures, _report("image", failures)
    assert kinds.get("refused", 0) > 20, kinds


def _swap_in(path: Path, target: str, tmp_path: Path) -> None:
    """Put something that is not a card set's file where one was, as an editor, a sync tool or someone
    hostile might."""
    path.unlink()
    if target == "fifo":
        os.mkfifo(path)
    elif target.startswith("/dev/"):
        path.symlink_to(target)
    elif target == "folder":
        path.mkdir()
    elif target == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    elif target == "link loop":
        path.symlink_to(path)
    elif target == "too large":
        path.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    elif target == "empty":
        path.write_bytes(b"")


RELOAD_TARGETS = [
    "fifo",
    "/dev/zero",
    "/dev/urandom",
    "/dev/null",
    "folder",
    "dangling link",
    "link loop",
    "too large",
    "empty",
]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="POSIX targets")
@pytest.mark.parametrize("which", ["set", "template", "image"])
def test_reload_targets_swapped_in_are_refused_and_the_set_kept(tmp_path: Path, which: str):
    from cardtable.cardsets.faces import ImageRef

    file, look, renderer, watcher = _table_on_new_set(tmp_path)
    path = {"set": file, "template": look, "image": file.parent / "art.png"}[which]
    good = path.read_bytes() if path.exists() else image_bases_png()
    path.write_bytes(good)
    kept = watcher.cardset
    failures = []
    for target in RELOAD_TARGETS:

        def work(target: str = target, kept: object = kept) -> Outcome:
            _swap_in(path, target, tmp_path)
            if which == "image":
                renderer.images._files.clear()
                if renderer.images.get(ImageRef(path)) is not None and target != "empty":
                    return Outcome("silent", "drawn from something that is not an image file")
                return Outcome("refused")
            change = watcher.check()
            if change.kind != "broken" or watcher.cardset is not kept:
                return Outcome("silent", f"{change.kind}: the set in use changed")
            renderer._checked = -1e9
            renderer.face(kept.cards[0], 48)  # type: ignore[attr-defined]
            return Outcome("refused")

        outcome = judge(work, 5.0)
        if outcome.kind in BAD:
            failures.append(f"{which} -> {target}: {outcome.kind}: {outcome.detail}")
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink(missing_ok=True)
        path.write_bytes(good)  # nothing lost: the good file saved again is taken again
        if which != "image":
            again = watcher.check()
            kept = watcher.cardset
            if again.kind != "in_place":
                failures.append(f"{which} after {target}: the good file was not taken again ({again.kind})")
    assert not failures, "\n".join(failures)


def image_bases_png() -> bytes:
    return dict(image_bases())["png"]


def test_a_set_file_growing_while_it_reloads_gives_one_consistent_read(tmp_path: Path):
    """An editor or sync tool still writing the file: each reload is either refused (too large) or
    takes exactly the bytes it read, which are the bytes kept beside a save."""
    import threading

    from cardtable.cardsets.loader import load_cardset_bytes

    file, _, _, watcher = _table_on_new_set(tmp_path)
    stop = threading.Event()

    def grow() -> None:
        with open(file, "ab") as handle:
            while not stop.is_set():
                handle.write(b"# " + b"x" * 8190 + b"\n")
                handle.flush()

    writer = threading.Thread(target=grow)
    writer.start()
    kinds: dict[str, int] = {}
    try:
        for _ in range(40):
            change = watcher.check()
            kinds[change.kind] = kinds.get(change.kind, 0) + 1
            if change.kind != "broken":
                assert load_cardset_bytes(change.raw, file).cards == change.cardset.cards
                assert watcher.raw == change.raw
            else:
                assert all("too large" in str(p) or ":" in str(p) for p in change.problems)
    finally:
        stop.set()
        writer.join()
    assert kinds.get("broken", 0) >= 1, kinds  # the file grew past the limit while it was read

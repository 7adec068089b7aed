"""Test setup: headless SDL before anything imports pygame, and a private user folder for every test."""

from __future__ import annotations

import copy
import os
import random
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Where the environment forbids bytecode beside the sources (PYTHONDONTWRITEBYTECODE, as on the shared
# test machine), each test process compiled every module and rewrote every test file anew: ~1.2 s of
# CPU per xdist worker, every run. The tests keep their bytecode in pytest's cache folder instead (git
# ignores it; nothing is written beside the sources), in the folder their child processes use too
# (tests/child_process.py).
if sys.dont_write_bytecode and sys.pycache_prefix is None:
    sys.pycache_prefix = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "d" / "child-pycache")
    sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as cardtable.ui does: no banner in the output
# Test-only games (tests/games/<id>/) register like any designer's game folder: nothing else lists them.
os.environ["CARDTABLE_GAME_DIRS"] = os.pathsep.join(
    filter(None, [str(Path(__file__).parent / "games"), os.environ.get("CARDTABLE_GAME_DIRS", "")])
)

import pygame  # noqa: E402
import pytest  # noqa: E402


class _FrameCapClock:
    """Stands in for `pygame.time.Clock` in every test: `tick(framerate)` says a frame lasted what it
    took or 1/framerate s, whichever is longer, as the real clock does on a fast machine, but never
    sleeps to make it so. The app caps its frames at 120 a second, and the real clock slept out the rest
    of each 8 ms: a table walk of 3000 frames slept 25 s of the suite's wall time, checking nothing.
    (A test that needs frames of a known length sets its own clock: tests/clock.py.)"""

    def __init__(self) -> None:
        self._last = time.perf_counter()
        self._ms = 0

    def tick(self, framerate: float = 0) -> int:
        now = time.perf_counter()
        spent = (now - self._last) * 1000.0
        self._last = now
        self._ms = int(max(spent, 1000.0 / framerate) if framerate else spent)
        return self._ms

    def get_time(self) -> int:
        return self._ms

    def get_fps(self) -> float:
        return 1000.0 / self._ms if self._ms else 0.0


pygame.time.Clock = _FrameCapClock  # type: ignore[misc,assignment]


def _fsync_checks_the_descriptor_only(fd: int) -> None:
    """Stands in for `os.fsync` in the test processes. Saves, journals, settings and decks are
    fsynced as they are written (cardtable/persistence): against a power cut, which no test makes
    (a crash is tested by damaged and cut files). Each fsync waited on the disk, ~2,000 of them in
    the save, fuzz and deck tests: seconds of the suite's wall with no CPU at work. The descriptor is
    still checked (a closed one raises OSError, as fsync would); the writes and renames are real."""
    os.fstat(fd)


os.fsync = _fsync_checks_the_descriptor_only


def _shared_face_renderers() -> None:
    """Every test's App draws a card set's faces with one renderer per test process, not one per App.
    The app keeps a renderer per card set (App.renderer) and load_cached hands every table of a bundled
    set the same CardSet while its file is unchanged; but each test made a new App, so each table walk,
    screenshot and table test painted the same faces of the same sets again (a tenth of a table walk's
    CPU). The renderer is the app's own (keyed as it keys: the set, the width, the side, the template's
    version, the language), so a face is drawn as a fresh one would draw it, and a changed file still
    gives a new CardSet or template version and so new faces. One renderer a set and language; the last
    few are kept (a test's own temporary sets come and go)."""
    from collections import OrderedDict

    from cardtable.ui.app import App
    from cardtable.ui.render.cardface import CardRenderer

    shared: OrderedDict[tuple[int, str | None], tuple[Any, CardRenderer]] = OrderedDict()

    def renderer(self: App, cardset: Any) -> CardRenderer:
        hit = self._renderers.get(id(cardset))
        if hit is not None and hit[0] is cardset:
            return hit[1]
        key = (id(cardset), self.t.language)
        hit = shared.get(key)
        # a renderer whose App changed its language since (App.apply_settings) is not this language's
        if hit is None or hit[0] is not cardset or hit[1].language != self.t.language:
            hit = (cardset, CardRenderer(cardset, language=self.t.language))
            shared[key] = hit
            while len(shared) > 6:
                shared.popitem(last=False)
        shared.move_to_end(key)
        self._renderers[id(cardset)] = hit
        return hit[1]

    App.renderer = renderer  # type: ignore[method-assign]


_shared_face_renderers()

_HOMES = iter(range(1_000_000_000))


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, settings and logs of a test go to a temporary folder, never the real user's. The folder
    is named, not made: the app makes the folders it writes to (as on a first start), and most tests
    write nothing, so two thousand empty folders are not made and then removed on every run."""
    home = tmp_path_factory.getbasetemp() / "homes" / str(next(_HOMES))
    monkeypatch.setenv("CARDTABLE_HOME", str(home))


@pytest.fixture(autouse=True)
def _reproducible_bots(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's bots draw their seeds from the operating system's entropy (cardtable/session.py);
    in a test they draw them from the test's name, so a table test that fails fails again the same
    way (a Japanese-table test once met an untranslated sentence in one run of fifteen)."""
    draws = random.Random(zlib.crc32(request.node.nodeid.encode("utf-8")))
    monkeypatch.setattr("cardtable.session.bot_seed", lambda: draws.getrandbits(64))


@pytest.fixture(autouse=True)
def _bots_answer_by_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's bots think in a worker thread (cardtable/ui/thinking.py), and a real window plays a
    bot's move in whichever frame its answer has come by. In a test, time passes by frames (a stepped
    clock, a fast app): the frame that plays a bot's move waits for its answer, so a table test walks
    the same game on a busy machine as on an idle one. tests/test_bot_thinking.py sets the real wait."""
    monkeypatch.setattr("cardtable.ui.thinking.ANSWER_WAIT_S", None)


@pytest.fixture(autouse=True)
def _no_window_left_open() -> Iterator[None]:
    """A test's window is closed after it, so the next test in the worker starts with none (a test of
    drawing before any window exists failed when an earlier one had left its App's window open)."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.display.quit()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist starts its workers (its own hook runs last)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, the controller compiles the tests and the project once for both workers
    (tests/warm_bytecode.py): on a fresh checkout each worker did it all itself."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not getattr(session.config.option, "numprocesses", None):
        return
    from warm_bytecode import warm

    warm()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "app(settings=None, *, fast=True): how the `app` fixture builds its App (table_helpers.make_app)",
    )


# The suite's longest tests, with their CPU seconds as measured (a parametrized test: its cases'
# mean, or a case of its own). pytest-xdist's worksteal hands each worker one half of the collection, in order, and a
# worker that runs dry steals from the END of the other's queue: a long test met late (the Dask cluster
# test comes near the end of the alphabet) ran alone for its whole length after every other test was
# done. These start first instead, shared out over the two halves longest first (each to the half
# holding less of them), so the tail of the run is short tests the workers can steal. A test missing
# from the table just keeps its place.
LONGEST: dict[str, float] = {
    # the rules side and the tools, as measured before (i26-suite3..5)
    "test_sweep_dask.py::test_on_a_real_cluster_the_same_rows_a_killed_worker_and_a_resume": 12.7,
    "test_yaml_words.py::test_no_parser_words_in_mutated_card_sets": 5.9,
    "test_sweep_report.py::test_report_of_a_real_two_field_sweep": 4.4,
    "test_cli_nonsense.py::test_bench_json_is_one_object": 4.0,
    "test_sweep.py::test_rows_do_not_depend_on_the_worker_count": 3.9,
    "test_lab_report.py::test_the_command_writes_the_report_folder": 2.9,
    "test_risugeon.py::test_the_heuristic_bot_beats_the_random_bot": 2.7,
    "test_engine_costs.py::test_parallel_simulation_starts_each_worker_once_and_tallies_as_one_process": 2.4,
    "test_rules_purity.py::test_importing_the_rules_side_loads_no_pygame": 2.3,
    # the tables and screens, measured by i26-suite9 (-n 0, each test's CPU, load ~10): a parametrized
    # test's cases by name where they differ (printing's base name had put its twelve cases first)
    "test_privacy.py::test_no_hidden_face_or_tooltip_of_another_seat_is_ever_drawn[sainome-2-0-params3]": 11.7,
    "test_privacy.py::test_no_hidden_face_or_tooltip_of_another_seat_is_ever_drawn[runeworks-3-1-params0]": 4.6,
    "test_privacy.py::test_no_hidden_face_or_tooltip_of_another_seat_is_ever_drawn": 1.7,
    "test_landperson_words.py::test_every_tooltip_label_and_panel_of_the_table_is_in_the_tables_language": 4.3,
    "test_fuzz.py::test_damaged_saves_are_refused_cleanly_or_resume_the_same_game": 4.0,
    "test_i18n.py::test_a_table_played_in_japanese_draws_no_english": 2.8,
    "test_i18n.py::test_a_table_played_in_japanese_draws_no_english[sandbox]": 3.6,
    "test_i18n.py::test_a_table_played_in_japanese_draws_no_english[lyabi_data]": 3.6,
    "test_i18n.py::test_a_table_played_in_japanese_draws_no_english[sevenbridge]": 1.3,
    "test_fuzz.py::test_mutated_card_sets_are_refused_cleanly_or_played": 3.1,
    "test_landperson_table.py::test_every_refused_drop_gives_the_reason_of_the_rule_that_refuses_it": 3.1,
    "test_progress.py::test_print_from_the_pause_menu_shows_a_bar_and_writes_the_pdf": 2.5,
    "test_fuzz.py::test_mutated_face_templates_are_refused_at_the_table_or_drawn": 2.4,
    "test_ui_reads_views.py::test_no_ui_module_reads_a_state_attribute": 2.3,
    "test_printing.py::test_each_bundled_set_prints_to_size_with_marks_and_duplex_backs[a4-False-300-sainome]": 2.1,
    "test_landperson_moments.py::test_every_status_line_fits_its_panel_whole": 1.8,
    "test_face_render.py::test_the_test_set_renders_as_its_template_says[1000]": 1.8,
    "test_fuzz.py::test_mutated_card_values_are_refused_cleanly_or_played_under_check": 1.7,
    "test_fuzz.py::test_mutated_scenarios_are_refused_cleanly_or_run": 1.5,
    "test_crash.py::test_cli_without_stdout_or_stderr_still_runs": 1.5,
}


@pytest.hookimpl(trylast=True)  # after pytest's own ordering (by fixture scope)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the longest tests (LONGEST) first in each worker's half of the run."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or len(items) < 2:
        return

    def weight(item: pytest.Item) -> float:
        name = item.nodeid.split("/")[-1]
        return LONGEST.get(name, LONGEST.get(name.split("[")[0], 0.0))

    longest = sorted((item for item in items if weight(item)), key=weight, reverse=True)
    if not longest:
        return
    halves: tuple[list[pytest.Item], list[pytest.Item]] = ([], [])
    loads = [0.0, 0.0]
    for item in longest:
        side = 0 if loads[0] <= loads[1] else 1
        halves[side].append(item)
        loads[side] += weight(item)
    chosen = set(longest)
    rest = [item for item in items if item not in chosen]
    first = max(0, len(items) // 2 - len(halves[0]))  # the first worker gets len // 2 of the run
    items[:] = halves[0] + rest[:first] + halves[1] + rest[first:]


@pytest.fixture()
def app(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The App a table or menu test drives: 1280x720, headless, fast (no animation, no bot delay)
    unless the module's `pytest.mark.app(...)` asks otherwise (tests/table_helpers.py)."""
    from table_helpers import make_app

    marker = request.node.get_closest_marker("app")
    # the marker's Settings are made once, when the module is read: each test gets its own copy, as
    # an App changes its settings (a language chosen, the window's size)
    args, kwargs = copy.deepcopy((marker.args, marker.kwargs)) if marker is not None else ((), {})
    application = make_app(*args, **kwargs)
    yield application
    if pygame.display.get_init():
        pygame.key.stop_text_input()  # a test that left a name being edited leaves no text input on


@pytest.fixture()
def blank_faces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card faces drawn as blank cards of their size, for the walks that read only the texts the
    table draws (widgets.text_surface): a face's own printing is pixels those checks never read, and
    painting each new face was a tenth of a walk's CPU. What a face wrote (CardRenderer.drawn, which
    Sainome's tooltips read) is still the real one, and the renderers the tests share keep only real
    faces (the blanks bypass their cache)."""
    from cardtable.ui.render.cardface import CardRenderer

    blanks: dict[tuple[int, int], pygame.Surface] = {}
    real_face = CardRenderer.face

    def face(
        self: CardRenderer, spec: Any, width: int, side: str | None = None, *, bleed: Any = False
    ) -> Any:
        if bleed:
            return real_face(self, spec, width, side, bleed=bleed)
        size = self.face_size(width)
        blank = blanks.get(size)
        if blank is None:
            blank = blanks[size] = pygame.Surface(size, pygame.SRCALPHA)
            blank.fill((236, 230, 214, 255))
        return blank

    monkeypatch.setattr(CardRenderer, "face", face)


@pytest.fixture()
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the UI draws through widgets.text_surface (labels, panels, tooltips, the log), in
    order: the language tests read what a table put on the screen."""
    from cardtable.ui import widgets

    texts: list[str] = []
    real = widgets.text_surface

    def capture(text: str, px: int, colour: tuple[int, int, int] = widgets.INK, bold: bool = False) -> Any:
        texts.append(text)
        return real(text, px, colour, bold)

    monkeypatch.setattr(widgets, "text_surface", capture)
    yield texts

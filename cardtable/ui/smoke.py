"""`cardtable --smoke-test`: open the window, click through the real scenes to a 4-bot Rune Works! game,
play it to the end through the event loop at full speed, and check after every frame that each card
sprite sits exactly where the engine's view says; then open the Balance lab from the menu and let it
play two games and draw its report (matplotlib). Exit 0 when all held. Works under SDL's dummy drivers.

First it checks that the bundled data is reachable through importlib.resources (card sets valid, the
rules texts, the Japanese font drawing Japanese, its licence, the window icon), so the same command run
from a PyInstaller bundle proves the bundle carries them.
"""

from __future__ import annotations

import sys
import time

import pygame

from .app import App

MAX_FRAMES = 200_000


def _click(app: App, pos: tuple[int, int]) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    )


def _control(scene: object, tag: str) -> pygame.Rect:
    for control in getattr(scene, "controls", []):
        if control.tag == tag:
            return control.rect
    raise RuntimeError(f"smoke test: no control {tag!r} on {type(scene).__name__}")


def check_bundled_resources(game_id: str | None = None) -> list[str]:
    """Problems finding or using the bundled data; empty when all of it is there and works."""
    from ..cardsets import validate_paths
    from ..resources import bundled_cardsets, sprites_dir
    from .fonts import get_font, license_text, missing_glyphs
    from .scenes.rules import rules_text

    game_id = game_id or _first_table_game()
    problems: list[str] = []
    sets = bundled_cardsets()
    if not sets:
        problems.append("no bundled card sets")
    problems += [str(p) for p in validate_paths(sets)]
    for language in ("en", "ja"):
        text = rules_text(game_id, language)
        if not text or (language == "ja" and not any("\u3040" <= ch <= "\u30ff" for ch in text)):
            problems.append(f"no {language} rules text for {game_id}")
    missing = missing_glyphs(get_font(20), "ルーンワークス！魔術師")
    if missing:
        problems.append(f"the bundled font lacks {''.join(missing)}")
    if "Adobe" not in license_text():
        problems.append("the font licence has no copyright line")
    if not sprites_dir().joinpath("icon.png").is_file():
        problems.append("no window icon")
    return problems


def _first_table_game() -> str:
    """The first game in menu order that has a table (the smoke test's default)."""
    from ..games import all_entries

    return next(gid for gid, entry in all_entries().items() if entry.table)


def run_smoke_test(game_id: str | None = None, seats: int = 4) -> int:
    """The smoke test; returns the process exit code."""
    game_id = game_id or _first_table_game()
    from .scenes.menu import MenuScene
    from .scenes.notice import NoticeScene
    from .scenes.results import ResultsScene
    from .scenes.setup import SetupScene
    from .scenes.table import TableScene

    started = time.perf_counter()
    app = App(fast=True)
    resource_problems = check_bundled_resources(game_id)
    if resource_problems:
        print("smoke test: bundled data:\n  " + "\n  ".join(resource_problems), file=sys.stderr)
        return 1
    app.push(MenuScene(app))
    app.frame([])
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)])
    setup = app.top
    if not isinstance(setup, SetupScene) or setup.game.id != game_id:
        print(f"smoke test: menu key 1 did not open the {game_id} setup", file=sys.stderr)
        return 1
    while setup.count < seats:
        _click(app, _control(setup, "count+").center)
    while setup.choices[0].kind == "human":  # every seat a bot
        _click(app, _control(setup, "kind:0").center)
    _click(app, _control(setup, "start").center)
    table = app.top
    if not isinstance(table, TableScene):
        print("smoke test: Start did not open the table", file=sys.stderr)
        return 1
    problems: list[str] = []
    frames = 0
    go_on = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    while not isinstance(app.top, ResultsScene) and frames < MAX_FRAMES:
        # a screen to be read (a round's or the game's end) waits for a person: Space, as one would
        app.frame([go_on] if isinstance(app.top, NoticeScene) else None)
        frames += 1
        if app.top is table and not table.animator.busy:
            for problem in table.check_sprites():
                problems.append(f"frame {frames}: {problem}")
    app.frame()
    engine = table.engine
    elapsed = time.perf_counter() - started
    if not engine.is_over():
        print(f"smoke test: the game did not end within {MAX_FRAMES} frames", file=sys.stderr)
        return 1
    if problems:
        print(
            "smoke test: sprites not where the view says:\n  " + "\n  ".join(problems[:20]), file=sys.stderr
        )
        return 1
    lab_problem = _balance_lab(app, game_id)
    if lab_problem:
        print(f"smoke test: balance lab: {lab_problem}", file=sys.stderr)
        return 1
    winners = ", ".join(table.session.name(s) for s in engine.view(None).winners) or "nobody"
    print(
        f"smoke test ok: bundled data found; {table.session.move_count} actions, {frames} frames, {app.frames_drawn} drawn, "
        f"won by {winners}; the balance lab drew its report; {elapsed:.1f} s"
    )
    pygame.quit()
    return 0


def _balance_lab(app: App, game_id: str) -> str:
    """Open the Balance lab from the menu, play two bot games and wait for its report: the plots drawn
    with matplotlib (so a bundle proves it carries matplotlib and its data) and shown. "" when all
    held, else what went wrong."""
    from .scenes.lab import LabScene
    from .scenes.menu import MenuScene

    app.replace(MenuScene(app))
    app.frame([])
    _click(app, _control(app.top, "lab").center)
    lab = app.top
    if not isinstance(lab, LabScene):
        return "the menu's Balance lab button did not open it"
    lab.game_index = [g.id for g in lab.games].index(game_id)
    lab.step_game(0)
    lab.start(games=2)
    deadline = time.perf_counter() + 300
    while lab.phase == "run" and time.perf_counter() < deadline:
        app.frame()
        time.sleep(0.01)
    if lab.phase != "results":
        return lab.error or "no report within 300 s"
    app.frame()
    if lab.plot_image() is None:
        return "the report's plot could not be shown"
    return ""

"""Hot reload at the table: a designer saves the card set (or its face template) and the running
table takes the edit within a second, says it cannot, or shows what is wrong with the file.

- An edit that keeps every card's code and count (texts, costs, effects, the look) is taken in
  place, unless it changes what the deciding seats may do right now (a rule-relevant field changed
  mid-turn): the engine swaps the set, the faces are drawn again from it.
- Anything else (a card added or removed, a count changed, the rules template changed, or the
  mid-turn case) is said on the table with a button to restart with the new set: the game in
  progress is saved first under its own name (saves/before-reload-TIME.json), with the set it was
  dealt from kept beside the set's file (NAME.before-TIME.yaml, so its relative paths still hold;
  a spreadsheet of its cards kept too, as CARDS.before-TIME.csv, which that copy names), so the old
  game still loads.
- A file with problems shows them (`file:line:col: key: message`, the file by its name; the full
  path is in the log and is what a click copies) over the table, and play goes on with the last good
  set; the next good save clears them.
- A good edit that still looks wrong (a field nothing reads, text that does not fit its box, a
  missing picture: cardtable/ui/render/facelint.py) is taken, and its warnings are listed the same
  way until dismissed or the next save.

The face template alone is re-read by the renderer itself (cardtable/ui/render/cardface.py).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ....cardsets.lint import LintWarning
from ....cardsets.loader import with_cards_file
from ....cardsets.watch import CardSetWatcher, Change, structural_changes
from ....cardsets.yamlfile import Problem
from ....persistence.files import atomic_write_bytes, user_folders
from ....resources import faces_dir
from ....rules.cards import CardSet
from ...widgets import GOLD, Button, draw_panel, draw_text

if TYPE_CHECKING:
    from .scene import TableScene

log = logging.getLogger(__name__)
MAX_PROBLEM_LINES = 8


class ReloadMixin:
    """Watches the table's card set; TableScene calls `poll_reload` every frame."""

    watcher: CardSetWatcher | None = None
    reload_found: list[Problem]  # the edited set's problems ("broken"), or its warnings
    reload_problems: list[str]  # what the panel shows of them: each file by its name
    reload_warns: bool = False  # reload_found are warnings of a set that was taken
    restart_offer: Change | None = None

    def start_watching(self: TableScene) -> None:
        self.watcher = CardSetWatcher(self.cardset, game=self.engine.game, params=self.session.params())
        self.in_use_raw = self.watcher.raw  # the bytes of the set the game is played with
        self.in_use_cards_raw = self.watcher.cards_raw  # and of its cards' spreadsheet (b"": none)
        self.reload_found = []
        self.reload_problems = []
        self.reload_warns = False
        self.restart_offer = None

    def show_found(self: TableScene, found: list[Problem], warnings: bool) -> None:
        """Problems or warnings on the panel, each file by its name (the log has the full path)."""
        self.reload_found = list(found)
        home = self.cardset.source.parent if self.cardset.source is not None else None
        self.reload_problems = [_shown(p, home) for p in found]
        self.reload_warns = warnings and bool(found)

    def poll_reload(self: TableScene) -> bool:
        """Look at the files (at most twice a second); True when the table must be drawn again."""
        if self.watcher is None:
            return False
        change = self.watcher.poll()
        if change is None:
            return False
        if change.kind == "broken":
            self.show_found(list(change.problems), warnings=False)
            log.warning("card set edit not taken: %s", "; ".join(str(p) for p in change.problems))
        else:
            warnings = _warnings(change.cardset)
            self.show_found(list(warnings), warnings=True)
            for warning in warnings:
                log.info("card set edit: %s", warning)
            # against the set in play (after "keep playing", the watcher has moved on without it)
            reasons = structural_changes(self.cardset, change.cardset) or self.changes_mid_turn(
                change.cardset
            )
            if reasons:
                self.restart_offer = Change("restart", change.cardset, (), tuple(reasons))
            else:
                self.take_cardset(change.cardset)
                self.in_use_raw, self.in_use_cards_raw = change.raw, change.cards_raw
                self.say(self.app.t("reload.taken"))
        self.refresh_background()
        return True

    def changes_mid_turn(self: TableScene, cardset: CardSet) -> list[str]:
        """Why the new texts cannot apply now: the deciding seats' choices would change under them."""
        seats, problems = self.session.edit_changes_decisions(cardset)
        if seats:
            return [self.app.t("reload.mid_turn", name=self.session.name(seats[0]))]
        return problems[:1]

    def take_cardset(self: TableScene, cardset: CardSet) -> None:
        """Go on with the edited set: the same position, the cards drawn from the new data."""
        self.session.swap_cardset(cardset)
        self.cardset = cardset
        self.board.cardset = cardset
        self.board.physical = cardset.physical()
        self.board.renderer = self.app.renderer(cardset)
        self._renderer = None  # the log's card names come from the set
        self._codes = None
        self.forget_view()
        self.animator.finish_all()
        self.relayout(animate=False)

    def restart_with_new_set(self: TableScene) -> None:
        """Keep the game in progress under its own name, then deal a new one with the new set."""
        from ....session import Session
        from ..registry import table_scene_for
        from ..setup import seed_from_clock

        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = user_folders().saves / f"before-reload-{stamp}.json"
        params = self.session.params()
        source = self.cardset.source
        try:
            dealt_from = None
            if source is not None and "cardset" in params and self.in_use_raw:
                dealt_from = source.with_name(f"{source.stem}.before-{stamp}{source.suffix}")
                if source.resolve().is_relative_to(faces_dir().parent.resolve()):
                    dealt_from = kept.with_suffix(".yaml")  # never write into the bundled sets' folder
                raw = self.in_use_raw
                sheet = self.cardset.cards_source
                if sheet is not None and self.in_use_cards_raw:
                    # its cards as they were dealt: the spreadsheet kept beside, and the kept set naming it
                    old_sheet = sheet.with_name(f"{sheet.stem}.before-{stamp}{sheet.suffix}")
                    atomic_write_bytes(old_sheet, self.in_use_cards_raw, keep_backup=False)
                    raw = with_cards_file(raw, str(dealt_from), os.path.relpath(old_sheet, dealt_from.parent))
                atomic_write_bytes(dealt_from, raw, keep_backup=False)
            self.session.keep_as(kept, dealt_from)
        except OSError as exc:
            self.say(self.app.t("table.autosave_failed", error=str(exc)))
            return
        try:
            session = Session.new(self.engine.game.id, self.session.seats, seed_from_clock(), params)
            scene = table_scene_for(self.app, session)
        except Exception as exc:  # the new set does not make a game (a deck of the wrong size): say so
            log.exception("could not restart with the edited set")
            self.say(self.app.t("setup.failed", error=str(exc)))
            return
        log.info("restarted with the edited card set; the old game is kept in %s", kept)
        self.app.replace(scene)
        scene.say(self.app.t("reload.restarted", file=kept.name))  # type: ignore[attr-defined]

    def keep_playing(self: TableScene) -> None:
        self.restart_offer = None
        self.refresh_background()

    def dismiss_warnings(self: TableScene) -> None:
        self.show_found([], warnings=False)
        self.refresh_background()

    def copy_problem(self: TableScene, problem: Problem) -> None:
        """A problem line clicked: its `file:line:col` (the full path) goes to the clipboard, for the
        editor's Go to."""
        where = f"{problem.file}:{problem.line}:{problem.col}"
        try:
            pygame.scrap.put_text(where)  # SDL's clipboard (pygame-ce 2.2+ needs no scrap.init)
        except pygame.error as exc:  # no clipboard (a headless display): the line is on screen anyway
            log.info("clipboard unavailable: %s", exc)
        self.say(self.app.t("reload.copied", where=where))

    def reload_buttons(self: TableScene) -> list[Button]:
        """Restart / keep playing while a restart is on offer; each problem line, clickable, while the
        file has problems."""
        area = self.reload_area()
        if self.restart_offer is None:
            shown = list(zip(self.reload_problems, self.reload_found, strict=False))[:MAX_PROBLEM_LINES]
            buttons = [
                Button(
                    _clip(line, 150),
                    pygame.Rect(area.x + 8, area.y + 34 + 20 * i, area.width - 16, 19),
                    lambda problem=problem: self.copy_problem(problem),
                )
                for i, (line, problem) in enumerate(shown)
            ]
            if self.reload_warns:
                ok = pygame.Rect(0, 0, 120, 26)
                ok.topright = (area.right - 10, area.y + 6)
                buttons.append(Button(self.app.t("reload.dismiss"), ok, self.dismiss_warnings))
            return buttons
        bw, bh = max(200, area.width // 3), 34
        y = area.bottom - bh - 10
        return [
            Button(
                self.app.t("reload.restart"), pygame.Rect(area.x + 12, y, bw, bh), self.restart_with_new_set
            ),
            Button(self.app.t("reload.keep"), pygame.Rect(area.x + 24 + bw, y, bw, bh), self.keep_playing),
        ]

    def reload_area(self: TableScene) -> pygame.Rect:
        width, _ = self.app.size
        lines = len(self.reload_problems[:MAX_PROBLEM_LINES]) + 1
        if self.restart_offer is not None:
            lines = len(self.restart_offer.reasons[:MAX_PROBLEM_LINES]) + 1
        height = 34 + 20 * lines + (50 if self.restart_offer is not None else 0)
        return pygame.Rect(12, 44, min(width - 24, max(480, width * 2 // 3)), height)

    def draw_reload(self: TableScene, surface: pygame.Surface) -> pygame.Rect | None:
        """The file's problems, or the restart offer, in a panel at the top of the table."""
        if self.restart_offer is None and not self.reload_problems:
            return None
        area = self.reload_area()
        draw_panel(surface, area)
        t = self.app.t
        if self.restart_offer is not None:
            title = t("reload.cannot_apply")
            lines = list(self.restart_offer.reasons)
        else:
            title = (
                t("reload.warnings", n=len(self.reload_found)) if self.reload_warns else t("reload.broken")
            )
            lines = self.reload_problems
        draw_text(surface, title, 17, (area.x + 12, area.y + 10), GOLD)
        for i, line in enumerate(lines[:MAX_PROBLEM_LINES] if self.restart_offer is not None else ()):
            draw_text(surface, _clip(line, 150), 14, (area.x + 12, area.y + 36 + 20 * i), (235, 235, 235))
        return area


def _shown(problem: Problem, home: Path | None) -> str:
    """A problem as the panel shows it: the file by its name, not its whole path (which would take the
    panel's width and cut the message); a file in a folder beside the set's with that folder
    (`faces/demo.yaml`: new-set names the template after the set)."""
    path = Path(problem.file)
    try:
        name = path.relative_to(home).as_posix() if home is not None else path.name
    except ValueError:
        name = path.name
    name = name or problem.file
    where = f"{name}:{problem.line}:{problem.col}"
    return (
        f"{where}: {problem.key_path}: {problem.message}"
        if problem.key_path
        else f"{where}: {problem.message}"
    )


def _warnings(cardset: CardSet) -> list[LintWarning]:
    """The lint warnings of a set just taken; a check that fails is logged and shows nothing."""
    from ...render.facelint import set_warnings

    try:
        return set_warnings(cardset)
    except Exception:  # a warning must never cost the table: the set itself is good
        log.exception("could not check the card set for warnings")
        return []


def _clip(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"

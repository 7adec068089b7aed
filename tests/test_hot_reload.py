"""Hot reload at the table: a card set copied to a user folder is edited while its table runs.

The table watches the set's file (cardtable/cardsets/watch.py, cardtable/ui/scenes/table/reload.py):
a text edit changes the face in place, a broken edit shows its error with the game going on, and a
count change offers a restart that keeps the old game's save.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
from table_helpers import click

from cardtable.cardsets import load_cardset
from cardtable.cardsets.watch import CardSetWatcher, structural_changes
from cardtable.persistence.files import user_folders
from cardtable.resources import cardset_path
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene


def _save(path: Path, text: str) -> None:
    """Write like an editor does, with a modification time the watcher cannot miss."""
    stamp = path.stat().st_mtime_ns + 2_000_000_000
    path.write_bytes(text.encode("utf-8"))
    os.utime(path, ns=(stamp, stamp))


def _running_table(app: App, tmp_path: Path) -> tuple[TableScene, Path]:
    copy = tmp_path / "my_sainome.yaml"  # a bundled set copied to a user folder: it keeps its look
    copy.write_bytes(cardset_path("sainome").read_bytes())
    seats = [SeatConfig("Ann"), SeatConfig("Bo")]
    session = Session.new("sainome", seats, 5, {"cardset": str(copy)}, autosave=False)
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    app.replace(table)
    app.frame([])
    assert table.watcher is not None
    table.watcher.every_s = 0.0  # look at every frame (the app looks twice a second)
    return table, copy


def _face(table: TableScene, code: str) -> bytes:
    spec = table.cardset.by_code()[code]
    return pygame.image.tobytes(table.board.renderer.face(spec, 180), "RGBA")


def _play_one_move(table: TableScene) -> None:
    seat = table.engine.deciding_seats()[0]
    moves = len(table.engine.state.history)
    table.session.apply(table.engine.legal_actions(seat)[0])
    assert len(table.engine.state.history) == moves + 1


def test_a_text_edit_changes_the_face_in_place(app: App, tmp_path: Path) -> None:
    table, copy = _running_table(app, tmp_path)
    before = _face(table, "SS")
    moves = len(table.engine.state.history)
    _save(copy, copy.read_bytes().decode("utf-8").replace("ja: ショートソード", "ja: ロングナイフ"))
    app.frame([])
    assert table.cardset.by_code()["SS"].name.ja == "ロングナイフ"
    assert table.engine.state.cardset is table.cardset  # the rules read the new set too
    assert _face(table, "SS") != before
    assert len(table.engine.state.history) == moves and table.restart_offer is None
    assert not table.reload_problems
    _play_one_move(table)


def test_a_broken_edit_shows_its_error_and_play_goes_on(app: App, tmp_path: Path) -> None:
    table, copy = _running_table(app, tmp_path)
    good = table.cardset
    lines = copy.read_bytes().decode("utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == "count: 2")
    lines[index] = lines[index].replace("count: 2", "count: two")
    _save(copy, "\n".join(lines) + "\n")
    app.frame([])
    assert table.reload_problems, "the error is on the table"
    # the file by its name (the whole path would take the panel's width), the full path in the log
    assert (
        table.reload_problems[0].startswith(f"{copy.name}:{index + 1}:")
        and "count" in table.reload_problems[0]
    )
    assert table.cardset is good and table.engine.state.cardset is good
    line = next(b for b in table.buttons if b.label.startswith(f"{copy.name}:{index + 1}:"))  # clickable
    click(app, line.rect.center)
    assert table.toast is not None and f"{copy}:{index + 1}:" in table.toast[0]  # the full path copied
    _play_one_move(table)
    app.frame([])
    # the panel is drawn over the table
    screen = app.screen.copy()
    assert screen.get_at((30, 60))[:3] != screen.get_at((30, 700))[:3] or table.reload_problems
    lines[index] = lines[index].replace("count: two", "count: 2")
    _save(copy, "\n".join(lines) + "\n")
    app.frame([])
    assert not table.reload_problems


def test_an_edit_the_game_cannot_play_is_shown_and_not_taken(app: App, tmp_path: Path) -> None:
    """A set that validates as YAML but that Sainome cannot play (its check_cardset: a time bomb with
    links) is a problem at its line, as `cardtable validate` says; play goes on with the last good set."""
    table, copy = _running_table(app, tmp_path)
    good = table.cardset
    text = copy.read_bytes().decode("utf-8")
    at = text.index("code: TB")
    links = text.index("links: []", at)
    _save(copy, text[:links] + "links: [3]" + text[links + len("links: []") :])
    app.frame([])
    line = text[:links].count("\n") + 1
    assert table.reload_problems and table.reload_problems[0].startswith(
        f"{copy.name}:{line}:"
    )  # the file by its name
    assert "time bomb" in table.reload_problems[0]
    assert table.cardset is good and table.engine.state.cardset is good and table.restart_offer is None
    _play_one_move(table)


def test_a_count_change_offers_a_restart_that_keeps_the_old_game(app: App, tmp_path: Path) -> None:
    table, copy = _running_table(app, tmp_path)
    _play_one_move(table)
    text = copy.read_bytes().decode("utf-8")
    head, _, tail = text.partition("  - code: SS\n")
    _save(copy, head + "  - code: SS\n" + tail.replace("count: 2", "count: 1", 1))
    app.frame([])
    offer = table.restart_offer
    assert offer is not None and offer.reasons == ("count of SS changed: 2 -> 1",)
    assert len(table.cardset.by_code()) == len(offer.cardset.by_code())
    assert table.cardset.by_code()["SS"].count == 2  # the game in progress still has its two
    restart = next(b for b in table.buttons if b.label == app.t("reload.restart"))
    click(app, restart.rect.center)
    new = app.scenes[0]
    assert isinstance(new, TableScene) and new is not table
    assert new.cardset.by_code()["SS"].count == 1
    kept = sorted(user_folders().saves.glob("before-reload-*.json"))
    assert kept, "the old game's save is kept"
    old = Session.resume(kept[-1], journal=False)
    assert len(old.engine.state.history) == 1


def test_what_needs_a_restart() -> None:
    old = load_cardset(cardset_path("sainome"))
    assert structural_changes(old, old) == []
    watcher = CardSetWatcher(old)
    assert watcher.poll() is None
    assert cardset_path("sainome") in watcher.files()


def test_a_template_saved_beside_a_copied_set_is_seen_though_no_watched_file_changed(tmp_path: Path) -> None:
    """A copied set naming `faces/sainome.yaml` is drawn from the bundled template until the designer
    saves one of that name beside it: the watcher keeps the files it listed between looks (listing
    them walked the set and its template at every look), so where the template is found is asked at
    every look too, and the new file is an edit."""
    copy = tmp_path / "my_sainome.yaml"
    copy.write_bytes(cardset_path("sainome").read_bytes())
    watcher = CardSetWatcher(load_cardset(copy), every_s=0.0)
    assert watcher.poll() is None
    bundled = next(p for p in watcher.files() if p.name == "sainome.yaml" and p.parent.name == "faces")
    beside = tmp_path / "faces" / "sainome.yaml"
    assert bundled != beside
    beside.parent.mkdir()
    beside.write_bytes(bundled.read_bytes())
    change = watcher.poll()
    assert change is not None and change.kind == "in_place"
    assert beside in watcher.files() and watcher.poll() is None

"""The menu's "Open a card set…" as a first-time user meets it (seen under X at 1280x720): its hint says
"type or paste the path and press Enter", and the screen must do just that. A path typed as the screen
opened went nowhere (the field had the focus ring but took keys only once clicked or entered), Ctrl+V
pasted nothing (SDL types no paste), and Esc while the field was being edited took two presses."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_helpers import click_tag, set_with_a_csv_list

from cardtable.games.sandbox.newset import new_set
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.open_set import OpenSetScene
from cardtable.ui.scenes.sandbox_table import SandboxTable


def _key(key: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text)


def _open_screen(app: App) -> OpenSetScene:
    app.push(MenuScene(app))
    app.frame([])
    app.frame([_key(pygame.K_o, text="o")])  # the menu's letter for Open a card set
    scene = app.top
    assert isinstance(scene, OpenSetScene)
    return scene


def test_a_path_typed_as_the_screen_opens_goes_into_the_field_and_enter_opens_it(
    app: App, tmp_path: Path
) -> None:
    file = new_set("proto", tmp_path)
    scene = _open_screen(app)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "nothing.yaml"))])
    assert scene.field is not None and scene.field.text == str(tmp_path / "nothing.yaml")
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert app.top is scene and "nothing.yaml" in (scene.error or "")  # said on the screen, kept
    assert scene.editing is scene.field  # still taking keys: what is typed now replaces the path
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(file))])
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert isinstance(app.scenes[0], SandboxTable)


def test_ctrl_v_pastes_the_clipboard_into_the_field(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = new_set("proto", tmp_path)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: f"{file}\n")  # as a file manager copies it
    scene = _open_screen(app)
    click_tag(app, scene, "path")  # a click into the field first, as one would (it is editing already)
    app.frame([_key(pygame.K_v, pygame.KMOD_LCTRL, "\x16")])
    assert scene.field is not None and scene.field.text == str(file)
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert isinstance(app.scenes[0], SandboxTable)


def test_esc_leaves_the_screen_at_once_and_opens_nothing(app: App, tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    scene = _open_screen(app)
    click_tag(app, scene, "path")
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(file))])
    app.frame([_key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_down_from_the_field_reaches_the_recent_files(app: App, tmp_path: Path) -> None:
    """The field takes the keys as the screen opens; Down (or Tab) still moves on to a recent file."""
    file = new_set("proto", tmp_path)
    app.settings.remember_set(str(file.resolve()))
    scene = _open_screen(app)
    app.frame([_key(pygame.K_DOWN)])
    focused = scene.focused_control()
    assert focused is not None and focused.tag == "recent:0" and scene.editing is None
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert isinstance(app.scenes[0], SandboxTable)


def test_a_typed_csv_card_list_opens_the_set_that_names_it(app: App, tmp_path: Path) -> None:
    """The hint says ".yaml or .csv": a card list's path typed in failed as YAML ("the top level must be
    a mapping") where the same file dropped onto the window opened the set that names it."""
    file, sheet, alone = set_with_a_csv_list(tmp_path)
    scene = _open_screen(app)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(alone))])
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert app.top is scene and scene.error == app.t("open.csv_alone", name="list.csv")
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(sheet))])
    app.frame([_key(pygame.K_RETURN, text="\r")])
    assert isinstance(app.scenes[0], SandboxTable)
    assert app.scenes[0].session.engine.state.params["cardset"] == str(file)

"""A windowed build has no console: logs go to the user log folder, a crash says where the log is in a
window, the CLI copes with `sys.stdout` and `sys.stderr` being None, and --version/--first-frame work."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from cardtable import __version__, cli
from cardtable.ui import app as app_module
from cardtable.ui import crash


def test_crash_message_names_the_log_and_has_two_buttons() -> None:
    pygame.display.init()
    screen = pygame.Surface(crash.SIZE)
    buttons = crash.draw_crash_message(screen, "/home/someone/.local/state/cardtable/log/cardtable.log")
    assert set(buttons) == {"open", "close"}
    assert buttons["open"].right < buttons["close"].left
    assert screen.get_rect().contains(buttons["open"]) and screen.get_rect().contains(buttons["close"])
    # The path's accent colour was drawn somewhere below the message.
    accent = [screen.get_at((x, y))[:3] == crash.ACCENT for x in range(20, 400) for y in range(60, 200)]
    assert any(accent)


def test_a_long_path_is_wrapped_inside_the_window() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 21)
    lines = crash._fit(font, "/very/long/" * 40 + "cardtable.log", 600)
    assert len(lines) > 1 and all(font.size(line)[0] <= 600 for line in lines)
    assert "".join(lines).endswith("cardtable.log")


def test_the_box_returns_at_once_under_the_dummy_driver() -> None:
    assert crash.show_crash_message("/tmp/cardtable.log") is True
    assert not pygame.display.get_init()


def _crashing_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.ui.scenes.menu as menu

    def boom(app: object) -> None:
        raise RuntimeError("deliberate crash for the test")

    monkeypatch.setattr(menu, "MenuScene", boom)


def test_a_crash_without_console_logs_and_shows_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    _crashing_menu(monkeypatch)
    shown: list[str] = []
    monkeypatch.setattr(crash, "show_crash_message", lambda path, timeout_s=None: shown.append(path) or True)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    code = app_module.run_app(argparse.Namespace())
    monkeypatch.undo()
    assert code == 1
    assert len(shown) == 1
    log = Path(shown[0]).read_bytes().decode("utf-8")
    assert "deliberate crash for the test" in log and "Traceback" in log


def test_a_crash_in_a_frozen_app_shows_the_box_and_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _crashing_menu(monkeypatch)
    shown: list[str] = []
    monkeypatch.setattr(crash, "show_crash_message", lambda path, timeout_s=None: shown.append(path) or True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert app_module.run_app(argparse.Namespace()) == 1
    assert shown and f"Details are in {shown[0]}" in capsys.readouterr().err


def test_a_crash_at_a_terminal_only_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _crashing_menu(monkeypatch)
    monkeypatch.setattr(crash, "show_crash_message", lambda *a, **k: pytest.fail("no box at a terminal"))
    assert app_module.run_app(argparse.Namespace()) == 1
    assert "cardtable stopped because of an error" in capsys.readouterr().err


def test_logs_fall_back_to_the_temp_folder_when_the_log_folder_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_bytes(b"")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocker))
    path = Path(app_module.setup_logging())
    assert path.name == "cardtable.log" and path.parent != blocker / "logs"


def test_cli_without_stdout_or_stderr_still_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert cli.main(["validate"]) == 0
    assert cli.main(["simulate", "runeworks", "--games", "2"]) == 0
    assert cli.main(["simulate", "nosuchgame"]) == 2
    with pytest.raises(SystemExit):
        cli.main(["--version"])


def test_version_names_libraries_folders_and_licences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        f"cardtable {__version__} (pygame-ce {pygame.version.ver}, SDL "
        f"{'.'.join(map(str, pygame.get_sdl_version()))}, Python {sys.version.split()[0]})"
    )
    for needle in (
        str(tmp_path / "saves"),
        str(tmp_path / "settings"),
        str(tmp_path / "logs"),
        "SIL Open Font License 1.1",
        "Adobe",
        "GNU LGPL",
        "PyYAML",
        "jsonschema",
    ):
        assert needle in result.stdout


def test_first_frame_draws_the_menu_once_and_exits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "--first-frame"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "first frame drawn at" in result.stdout and "frames drawn: 1" in result.stdout
    assert (
        "--first-frame"
        not in subprocess.run(
            [sys.executable, "-m", "cardtable.cli", "--help"], capture_output=True, text=True, timeout=60
        ).stdout
    )

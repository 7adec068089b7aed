"""Test setup: headless SDL before anything imports pygame, and a private user folder for every test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, settings and logs of a test go to a temporary folder, never the real user's."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("home")))

"""The menu's Continue names where the saved game stands, as the game says it ("Lyabi · Round 7 · Aki
to play"), after Save and quit from the pause menu: it read "Lyabi · 2 players · move 41", which told
a returning pair nothing. A save written some moves before its latest (only its journal is newer) falls
back to the move count rather than name a stale round."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import click_tag

from cardtable.bots.random_bot import RandomBot
from cardtable.persistence.settings import Settings
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig, Session, autosave_path
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene, save_summary
from cardtable.ui.scenes.registry import table_scene_for

# the table as a window plays it (a frame of 1/120 s at least), its animations at once
pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)


def _played(game: str, rounds: int, key: str) -> Session:
    session = Session.new(game, [SeatConfig("Aki"), SeatConfig("Ben")], 5, {})
    chooser = RandomBot(Rng(5))
    while int(session.engine.view(None).data.get(key) or 0) < rounds:
        session.apply(chooser.choose(session.engine.view(session.engine.deciding_seats()[0])))
    return session


@pytest.mark.parametrize(
    ("game", "key", "title"), [("lyabi", "round", "Lyabi"), ("landperson", "turn", None)]
)
def test_continue_names_the_round_and_who_is_to_play_after_save_and_quit(
    app: App, game: str, key: str, title: str | None
) -> None:
    session = _played(game, 3, key)
    view = session.engine.view(None)
    n = view.data[key]
    seat = view.active if view.active is not None else view.deciding[0]
    app.replace(table_scene_for(app, session))
    app.frame([])
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])  # hand-off
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    click_tag(app, app.top, "save_quit")
    menu = app.top
    assert isinstance(menu, MenuScene)
    hint = next(c for c in menu.controls if c.tag == "continue").hint
    word = "Round" if key == "round" else "Turn"
    name = ["Aki", "Ben"][seat]
    assert f"{word} {n} · {name} to play" in hint, hint
    assert "move" not in hint
    if title:
        assert hint.startswith(f"{title} · ")
    app.settings.language = "ja"
    app.apply_settings()
    assert f"{name}の番" in save_summary(app)


def test_a_save_older_than_its_journal_says_the_move_count(app: App) -> None:
    session = _played("lyabi", 2, "round")
    session.save()
    seat = session.engine.deciding_seats()[0]
    session.apply(RandomBot(Rng(1)).choose(session.engine.view(seat)))  # a journal line only
    assert autosave_path().exists()
    text = save_summary(app)
    assert f"move {session.move_count}" in text and "Round" not in text

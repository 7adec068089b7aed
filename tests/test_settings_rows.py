"""Settings opened from a table offers the rows of that game only: Rune Works!' claim window (its
length, or asking each in turn) from a Rune Works! table or the main menu, never from a game that
has no claims (players of Lyabi were offered a claim window they never met)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import click

from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.pause import PauseScene
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.settings import SettingsScene


def _settings_from_the_table(app: App, game: str) -> SettingsScene:
    session = Session.new(game, [SeatConfig("Ann"), SeatConfig("Bot", human=False)], 1, {})
    app.replace(table_scene_for(app, session))
    app.frame([])
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    pause = app.top
    assert isinstance(pause, PauseScene)
    button = next(c for c in pause.controls if c.tag == "settings")
    click(app, button.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    return settings


def _claim_rows(settings: SettingsScene) -> set[str]:
    tags = {c.tag.split(":")[0] for c in settings.controls}
    return tags & {"claim", "claims"}


@pytest.mark.parametrize("game", ["lyabi", "landperson", "sainome", "risugeon", "sandbox"])
def test_a_game_without_claims_offers_no_claim_window(app: App, game: str) -> None:
    settings = _settings_from_the_table(app, game)
    assert _claim_rows(settings) == set()
    assert "language" in {c.tag for c in settings.controls}, "the app's own rows stay"


def test_rune_works_and_the_main_menu_offer_the_claim_window(app: App) -> None:
    assert _claim_rows(_settings_from_the_table(app, "runeworks")) == {"claim", "claims"}
    menu_settings = SettingsScene(app)
    app.push(menu_settings)
    app.frame([])
    assert _claim_rows(menu_settings) == {"claim", "claims"}

"""Esc over a decision's chooser opens the pause menu. The chooser of a decision the person must answer
(a Rune Works! claim asked in turn, an effect's pending choice) opens again as soon as it is closed, so
Esc, which closed it, did nothing at all: the pause menu, with the rules and Save and quit, was out of
reach until the decision was made (seen under X). The action menu (A) still closes with Esc."""

from __future__ import annotations

import pygame
from stacked import stacked_session

from cardtable.session import SeatConfig
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.pause import PauseScene
from cardtable.ui.scenes.runeworks_table import RuneWorksTable

SPACE = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
ESC = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")


def _table(claim_ask_each: bool = False) -> tuple[App, RuneWorksTable]:
    """Ann and Ben at Rune Works (Level 3), Ann to play with a hand of eight, the table opened."""
    session = stacked_session(
        "runeworks",
        [SeatConfig("Ann"), SeatConfig("Ben")],
        deal={"hand:0": ["S2", "S6", "C10", "HA", "D8", "CJ", "H5", "DQ"]},
        setup={"first": "P1", "phase": "play"},
        params={"level": 3},
    )
    app = App(fast=True, size=(1280, 720))
    app.settings.claim_ask_each = claim_ask_each
    table = RuneWorksTable(app, session)
    app.push(table)
    return app, table


def _settle(app: App) -> None:
    for _ in range(6):
        app.frame([SPACE] if isinstance(app.top, HandOffScene) else [])


def test_esc_over_a_claim_asked_in_turn_pauses_and_the_claim_is_still_asked_after() -> None:
    app, table = _table(claim_ask_each=True)
    _settle(app)
    assert table.perform(next(a for a in table.my_legal() if a.kind == "release"))
    _settle(app)
    assert table.view().phase == "claim" and table.viewer == 1
    assert table.menu is not None and table.menu.must_answer, "Ben is asked about the card"
    app.frame([ESC])
    assert isinstance(app.top, PauseScene), "Esc opens the pause menu over the claim"
    app.frame([ESC])  # Resume
    app.frame([])
    assert app.top is table and table.menu is not None, "the claim is still asked"
    table.open_actions()
    assert table.menu is not None and not table.menu.must_answer
    app.frame([ESC])
    assert app.top is table, "Esc over the A menu closes it, no pause"
    assert table.menu is None or table.menu.title != app.t("table.actions"), "the A menu is closed"
    pygame.display.quit()


def test_esc_on_the_hand_off_opens_the_pause_menu_with_the_table_still_covered() -> None:
    """Seen under X: Esc on the hand-off screen did nothing, so a group stopping there had to show the
    next person's hand to reach Save and quit. The pause menu opens over the hand-off, not the table."""
    app, table = _table()
    app.frame([])
    assert isinstance(app.top, HandOffScene)
    app.frame([ESC])
    assert isinstance(app.top, PauseScene) and isinstance(app.scenes[-2], HandOffScene)
    assert table not in app._shown()  # what the frame draws: the hand-off, dimmed, and the menu
    app.frame([ESC])  # Resume: back to the hand-off, the hands still hidden
    assert isinstance(app.top, HandOffScene) and table.viewer is None
    app.frame([ESC])
    app.top.save_and_quit()  # type: ignore[union-attr]
    assert type(app.top).__name__ == "MenuScene"
    pygame.display.quit()

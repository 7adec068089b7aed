"""The Risugeon table driven by real pygame events: an action dragged into the play area is used, a
supply card dragged onto the discard pile is trained, and a card's full text shows on hover."""

from __future__ import annotations

import pygame
import pytest

from cardtable.bots.random_bot import RandomBot
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.risugeon_table import RisugeonTable


@pytest.fixture()
def app() -> App:
    application = App(fast=True, size=(1280, 720))
    yield application
    pygame.display.quit()


def _table_at(app: App, kind: str) -> RisugeonTable:
    """A 2-seat table (a person and a bot) advanced until the person may make a move of `kind`."""
    for seed in range(40):
        session = Session.new("risugeon", [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], seed, {},
                              autosave=False)
        engine = session.engine
        chooser = RandomBot(Rng(seed))  # plays the person's seat too until the wanted move comes up
        for _ in range(600):
            if engine.is_over():
                break
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            if seat == 0 and any(a.kind == kind for a in legal):
                table = RisugeonTable(app, session)
                app.replace(table)
                app.frame([])
                return table
            session.apply(chooser.choose(engine.view(seat)))
    raise AssertionError(f"no seed reached a {kind} move")


def _drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))])
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def test_dragging_an_action_into_the_play_area_uses_it(app: App) -> None:
    table = _table_at(app, "play")
    action = next(a for a in table.engine.legal_actions(0) if a.kind == "play")
    sprite = table.board.sprites[action.cards[0]]
    before = len(table.engine.state.history)
    _drag(app, sprite.card_rect().center, table.slots()["play"].center)
    assert table.engine.state.history[before] == action


def test_dragging_a_supply_card_onto_the_discard_pile_trains_it(app: App) -> None:
    table = _table_at(app, "train")
    action = next(a for a in table.engine.legal_actions(0) if a.kind == "train")
    sprite = table.board.sprites[action.cards[0]]
    before = len(table.engine.state.history)
    _drag(app, sprite.card_rect().center, table.slots()["discard"].center)
    assert table.engine.state.history[before] == action


def test_hovering_a_card_shows_its_full_text(app: App) -> None:
    table = _table_at(app, "play")
    card = next(a for a in table.engine.legal_actions(0) if a.kind == "play").cards[0]
    rect = table.board.sprites[card].card_rect()
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    assert table.hovered == card
    lines = table.tooltip(card)
    spec = table.engine.state.cardset.physical()[card]  # type: ignore[union-attr]
    assert spec.code in lines[0] and any(spec.get("text", {}).get("en", "") in line for line in lines)

"""Dice on the table: a roll the rules made is thrown, tumbles, and settles on exactly the rolled faces;
with animations off nothing is thrown and the game does not wait."""

from __future__ import annotations

import pygame

from cardtable.persistence.settings import Settings
from cardtable.rules.events import DiceRolled
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.dice import die_face
from cardtable.ui.scenes.runeworks_table import RuneWorksTable


def _table(speed: float) -> tuple[App, RuneWorksTable]:
    app = App(Settings(animation_speed=speed), size=(1280, 720))
    session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Bot", False)], 1, {}, autosave=False)
    table = RuneWorksTable(app, session)
    app.push(table)
    return app, table


def test_thrown_dice_settle_on_the_rolled_faces() -> None:
    app, table = _table(1.0)
    table.throw(DiceRolled(0, 6, (5, 2)))
    roll = table.rolls[0]
    seen_faces = set()
    for _ in range(200):
        for scene in app.scenes:
            scene.update(1 / 60)
        app._draw()
        seen_faces.add(id(roll.sprites[0].image))
        if roll.done:
            break
    assert roll.done
    assert [s.image for s in roll.sprites] == [die_face(5, roll.size), die_face(2, roll.size)]
    assert len(seen_faces) > 3, "the die tumbles through other faces on the way"
    assert all(s.key in table.board.sprites for s in roll.sprites)
    pygame.display.quit()


def test_no_dice_are_thrown_when_animations_are_off() -> None:
    app, table = _table(0.0)
    table.throw(DiceRolled(0, 6, (3,)))
    assert table.rolls == []
    pygame.display.quit()

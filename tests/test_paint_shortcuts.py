"""The render path's shortcuts keep the pixels: a table that says its background covers the window
(so it is not cleared to black first) paints every pixel of it, and the board's per-draw memory of the
faces it was given does not outlive the draw (a face the person at the screen may no longer see is a
back at the next draw)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.bots import make_bot
from cardtable.games import all_entries
from cardtable.persistence.settings import Settings
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.sprites import Board, CardSprite

TABLES = sorted(gid for gid, entry in all_entries().items() if entry.table and gid != "war")
MAGENTA = (255, 0, 255)


def _bare(surface: pygame.Surface) -> int:
    """How many pixels are still the magenta the surface was filled with."""
    return pygame.mask.from_threshold(surface, MAGENTA, (1, 1, 1, 255)).count()


@pytest.mark.parametrize("game_id", TABLES)
def test_a_table_that_says_its_background_covers_the_window_paints_every_pixel(game_id: str) -> None:
    app = App(Settings(bot_delay_s=0.0), size=(1280, 720), fast=True)
    seats = [SeatConfig("Ann", human=False, bot="random"), SeatConfig("Bot", human=False, bot="random")]
    session = Session.new(game_id, seats, 5, {}, autosave=False)
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    if not table.background_covers:
        pytest.skip(f"{game_id}'s table is cleared to black before its background is painted")
    bot = make_bot("random", game_id, 5)
    surface = pygame.Surface(app.size)
    for step in range(30):  # the opening, then a few moves in: the background changes with the view
        if step % 10 == 0:
            table.viewer = session.engine.deciding_seats()[0] if not session.engine.is_over() else 0
            table.forget_view()
            surface.fill(MAGENTA)
            table.draw_background(surface, table.view())
            assert _bare(surface) == 0, f"{game_id}: background_covers, yet pixels left bare at move {step}"
        if session.engine.is_over():
            break
        seat = session.engine.deciding_seats()[0]
        session.engine.apply(bot.choose(session.engine.view(seat)))


class _Renderer:
    """Faces in one colour per card, backs grey: what a blit drew can be read back."""

    def face(self, spec: object, width: int) -> pygame.Surface:
        surface = pygame.Surface((width, width * 88 // 63), pygame.SRCALPHA)
        surface.fill((200, 40, 40, 255))
        return surface

    def back(self, width: int) -> pygame.Surface:
        surface = pygame.Surface((width, width * 88 // 63), pygame.SRCALPHA)
        surface.fill((90, 90, 90, 255))
        return surface


class _OneCard:
    """A card set of one card, as far as the board reads one."""

    def physical(self) -> tuple[object, ...]:
        return (object(),)


def test_the_board_forgets_the_faces_it_was_given_when_a_draw_ends() -> None:
    board = Board(_OneCard(), _Renderer())  # type: ignore[arg-type]
    board.set_background(pygame.Surface((200, 200)))
    board.replace_sprites([CardSprite("a", 0, True, 20.0, 20.0, 63)])
    screen = pygame.Surface((200, 200))
    board.draw(screen)
    assert screen.get_at((50, 50))[:3] == (200, 40, 40)
    board.may_show = lambda card: False  # another person at the screen
    board.full = True
    board.draw(screen)
    assert screen.get_at((50, 50))[:3] == (90, 90, 90), "a face shown after the draw it was asked for"

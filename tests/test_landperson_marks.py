"""A card on the Land & Person table says when its printed ability does not count: the shared-deck
rules ignore special abilities (特殊能力), so there a Ronin's "Cannot be chosen as a defender" is drawn
dimmed above "Special: off in the shared deck" (the face template's `special_off` side), and its
tooltip says so too; in deck construction the card is drawn as printed."""

from __future__ import annotations

import pygame
import pytest

from cardtable.persistence.settings import Settings
from cardtable.rules.notation import physical_codes
from cardtable.session import SeatConfig
from cardtable.ui.app import App
from cardtable.ui.scenes.landperson_table import LandPersonTable
from tests.stacked import stacked_session

pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)
SEATS = [SeatConfig("Ann", human=True), SeatConfig("Ben", human=True)]


def _table(app: App, mode: str) -> tuple[LandPersonTable, int, int]:
    """A table with a Ronin (special) and a Knight (none) on Ann's field; their card ids."""
    session = stacked_session(
        "landperson", SEATS, {"field:0": ["P05", "P10"], "hand:0": []}, {"first": "P1"}, params={"mode": mode}
    )
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    codes = physical_codes(session.engine.state.cardset)  # type: ignore[arg-type]
    field = session.engine.view(0).zones["field:0"].cards
    ronin = next(c for c in field if codes[c] == "P05")
    knight = next(c for c in field if codes[c] == "P10")
    return table, ronin, knight


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and bytes(pygame.image.tobytes(a, "RGBA")) == bytes(
        pygame.image.tobytes(b, "RGBA")
    )


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Special: off in the shared deck"), ("ja", "山札共有では無効")]
)
def test_a_special_ability_is_marked_off_in_the_shared_deck(app: App, language: str, words: str) -> None:
    app.t.language = language
    table, ronin, knight = _table(app, "shared")
    printed = table.board.renderer.renderer.face(table.board.physical[ronin], 120)  # type: ignore[attr-defined]
    assert not _same(table.board.face(ronin, 120), printed)
    knight_printed = table.board.renderer.renderer.face(table.board.physical[knight], 120)  # type: ignore[attr-defined]
    assert _same(table.board.face(knight, 120), knight_printed)  # no special: as printed
    assert any(words in line for line in table.tooltip(ronin))
    assert not any(words in line for line in table.tooltip(knight))


def test_deck_construction_draws_the_card_as_printed(app: App) -> None:
    table, ronin, _ = _table(app, "deck")
    assert not hasattr(table.board.renderer, "renderer")  # the set's own renderer, unwrapped
    assert not any("shared deck" in line for line in table.tooltip(ronin))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_both_languages_of_an_ability_off_are_dimmed(app: App, language: str) -> None:
    """The dimmed ability text of the shared deck is dimmed in both its languages: the second (drawn
    under the first) was left in the printed text's grey, darker than the dimmed first line, so it
    read as if still in play. No pixel of the text box is darker than the dimmed colour."""
    app.t.language = language
    table, ronin, _ = _table(app, "shared")
    width = 240
    face = table.board.face(ronin, width)
    per_mm = face.get_width() / 63
    box = pygame.Rect(round(5.5 * per_mm), round(28.4 * per_mm), round(52 * per_mm), round(21 * per_mm))
    soft, paper = (0x5C, 0x5C, 0x64), (0xFC, 0xFA, 0xF3)
    dimmed = sum(round(s + (p - s) * 0.35) for s, p in zip(soft, paper, strict=True))
    darkest = min(
        sum(face.get_at((x, y))[:3]) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
    )
    assert darkest >= dimmed - 6, (
        f"a pixel of the ability text is darker ({darkest}) than its dimmed colour ({dimmed})"
    )

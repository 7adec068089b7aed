"""Screenshots of the Sainome and Risugeon tables at 1280x720 and 1920x1080, and the faces they show
measured: a Sainome hand, both characters (each side, as when choosing them), a Risugeon supply row.

For every card the table shows there, at the width the table draws it, every text of the face lies
inside its box (the rendered lines' rectangles, not a guess from the string), nothing is dropped for
want of room, and the name is drawn at a size a person reads without hovering. With
CARDTABLE_SHOTS=folder the table frames and a sheet of the measured faces are saved there as PNGs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from playthrough import session_at

from cardtable.persistence.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.render.cardface import Drawn
from cardtable.ui.scenes.registry import table_scene_for

SIZES = [(1280, 720), (1920, 1080)]
READABLE_PX = 10  # the smallest name size (pixels of font height) read at arm's length on a laptop
HAND = {"name", "text"}  # what a Sainome hand card must show unhovered (its icons and links are marks)
CHARACTER = {"character_name", "skills", "awaken", "reverts"}
SUPPLY = {"name", "action_name", "cost", "skill", "ps", "points"}
# read without hovering: a hand card's name, and every number on a card (a character's name is also
# written above it on the table; a supply card's name also stands large in its art window)
READABLE = {"cost", "skill", "ps", "points"}


def _readable_name(drawn: Drawn, label: str) -> None:
    name = next(p for p in drawn.texts if p.box == "name")
    assert name.px >= READABLE_PX, f"{label}: its name at {name.px} px is too small to read unhovered"


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def _check(label: str, drawn: Drawn, needed: set[str]) -> None:
    """Every text inside its box, or left off whole (never over the face); the `needed` ones drawn."""
    width, height = drawn.surface.get_size()
    for placed in drawn.texts:
        where = f"{label}: {placed.box} {placed.text[:30]!r} at {placed.px} px"
        if placed.left_off:
            assert placed.box not in needed, f"{where} is left off: it fits its box at no size"
            assert not placed.lines, f"{where} is left off but drawn"
            continue
        assert placed.fits, f"{where} does not fit its box"
        assert placed.lines, f"{where} drew nothing"
        for line in placed.lines:
            assert _inside(line, placed.area), f"{where}: a line {line} runs out of {placed.area}"
            assert _inside(line, (0, 0, width, height)), f"{where}: clipped by the card's edge"
        if placed.box in READABLE:
            assert placed.px >= READABLE_PX, f"{where}: too small to read unhovered"


def _table(game_id: str, wanted: str, size: tuple[int, int]) -> tuple[App, object]:
    app = App(Settings(language="en", animation_speed=0.0, bot_delay_s=0.0), size=size, fast=True)
    table = table_scene_for(app, session_at(game_id, wanted))
    app.replace(table)
    for _ in range(3):
        app.frame([])
    return app, table


def _sprites_in(table: object, zones: tuple[str, ...]) -> list[object]:
    """The face-up sprites of these zones, as the viewer's view places them."""
    view = table.view()  # type: ignore[attr-defined]
    cards = {c for z in zones for c in view.zones[z].cards if c >= 0}
    return [
        s
        for s in table.board.sprites.values()  # type: ignore[attr-defined]
        if s.face_up and s.card in cards
    ]


def _save(app: App, faces: list[tuple[str, Drawn, set[str]]], name: str) -> None:
    folder = os.environ.get("CARDTABLE_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    w, h = app.size
    pygame.image.save(app.screen, str(Path(folder) / f"{name}_{w}x{h}.png"))
    surfaces = [d.surface for _, d, _ in faces]
    sheet = pygame.Surface(
        (sum(s.get_width() + 6 for s in surfaces) + 6, max(s.get_height() for s in surfaces) + 12)
    )
    sheet.fill((38, 84, 58))
    x = 6
    for surface in surfaces:
        sheet.blit(surface, (x, 6))
        x += surface.get_width() + 6
    pygame.image.save(sheet, str(Path(folder) / f"{name}_faces_{w}x{h}.png"))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_sainome_hand_and_both_characters_fit_their_boxes(size: tuple[int, int]) -> None:
    app, table = _table("sainome", "attack", size)
    renderer = table.board.renderer.renderer  # type: ignore[attr-defined]
    hand = _sprites_in(table, ("hand:0",))
    assert hand, "the person's hand is shown"
    faces: list[tuple[str, Drawn, set[str]]] = []
    for sprite in hand:
        spec = table.board.physical[sprite.card]  # type: ignore[attr-defined]
        drawn = renderer.drawn(spec, sprite.width)
        _readable_name(drawn, f"hand {spec.code} at {sprite.width} px")
        faces.append((f"hand {spec.code} at {sprite.width} px", drawn, HAND))
    characters = _sprites_in(table, ("character:0", "character:1"))
    assert len(characters) == 2, "both characters are on the table"
    pick_width = table.pick_width()  # type: ignore[attr-defined]  # the width they are chosen at
    for sprite in characters:
        spec = table.board.physical[sprite.card]  # type: ignore[attr-defined]
        for side in renderer.template.sides:
            # on the table its name must show; while choosing, its skills and condition too
            faces.append(
                (
                    f"{spec.code}/{side} at {sprite.width} px",
                    renderer.drawn(spec, sprite.width, side),
                    {"character_name"},
                )
            )
            faces.append(
                (f"{spec.code}/{side} at {pick_width} px", renderer.drawn(spec, pick_width, side), CHARACTER)
            )
    _save(app, faces, "sainome_hand")
    for label, drawn, needed in faces:
        _check(label, drawn, needed)
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_risugeon_supply_row_fits_its_boxes(size: tuple[int, int]) -> None:
    app, table = _table("risugeon", "train", size)
    renderer = table.board.renderer  # type: ignore[attr-defined]
    view = table.view()  # type: ignore[attr-defined]
    supply = tuple(z for z in view.zones if z.startswith("pile:") or z == "display")
    row = _sprites_in(table, supply)
    assert len(row) >= 8, "the supply piles and the public actions are shown face up"
    faces: list[tuple[str, Drawn, set[str]]] = []
    for sprite in row:
        spec = table.board.physical[sprite.card]  # type: ignore[attr-defined]
        faces.append((f"supply {spec.code} at {sprite.width} px", renderer.drawn(spec, sprite.width), SUPPLY))
    _save(app, faces, "risugeon_supply")
    for label, drawn, needed in faces:
        _check(label, drawn, needed)
    pygame.display.quit()

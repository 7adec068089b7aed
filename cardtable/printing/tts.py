"""Tabletop Simulator deck sheets: a card set's faces as PNG grids its Custom Deck imports.

Tabletop Simulator reads a deck as one image cut into at most 10 x 7 equal cells, the last cell
being the face it shows for a card hidden from a player (here the set's back). So a sheet holds at
most 69 cards; a bigger set gets several sheets (sheet_01.png, sheet_02.png, ...), each with its own
hidden face, and `back.png` is the image for the deck's Back field. A template with a back per kind of
card (`back: {by, cases}`) gets `backs_01.png`... too, each card's back in its cell, for the dialog's
"Unique backs". The grid of each sheet is printed so the designer can type it into the import dialog
(Width, Height, Number).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from cardtable.cardsets.faces import back_choice
from cardtable.rules.cards import CardSet

from .output import output_folder, write_output
from .pdf import _renderer
from .pick import pick_cards

MAX_COLS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last cell is the hidden face
DEFAULT_CELL_WIDTH = 500  # px; 10 cells make a 5000 px sheet, within what the table loads


@dataclass(frozen=True)
class SheetFile:
    """One written sheet and what Tabletop Simulator's import dialog asks about it."""

    path: Path
    cols: int
    rows: int
    cards: int
    backs: Path | None = None  # a sheet of each card's own back (Unique backs), when kinds differ


def grid_for(cards: int) -> tuple[int, int]:
    """The smallest grid of at most 10 columns holding `cards` plus the hidden face."""
    cells = cards + 1
    cols = min(MAX_COLS, cells)
    return cols, math.ceil(cells / cols)


def export_png_sheets(
    cardset: CardSet,
    folder: Path,
    codes: tuple[str, ...] = (),
    copies: str = "as-in-set",
    cell_width: int = DEFAULT_CELL_WIDTH,
    progress: Callable[[int, int], None] | None = None,
) -> list[SheetFile]:
    """Write the sheets and back.png into `folder` (made if missing); ValueError for an unknown code or
    copies choice, or a `folder` that is not one (OutputRefused)."""
    output_folder(folder)
    renderer = _renderer(cardset)
    template = renderer.template  # type: ignore[attr-defined]
    printed = pick_cards(cardset, template.sides, codes, copies)
    if not printed:
        raise ValueError(f"{cardset.id}: no cards to export")
    cell_w, cell_h = renderer.face_size(cell_width)  # type: ignore[attr-defined]
    back = _flat(renderer.back(cell_w))  # type: ignore[attr-defined]
    # A template with a back per kind (`back: {by, cases}`) gets sheets of backs too, cell for cell:
    # Tabletop Simulator's "Unique backs" reads them.
    unique = (
        len({back_choice(template, cardset, card.spec) for card in printed if card.back_side is None}) > 1
    )
    written: list[SheetFile] = []
    done = 0
    chunks = [printed[i : i + PER_SHEET] for i in range(0, len(printed), PER_SHEET)]
    for number, chunk in enumerate(chunks, 1):
        cols, rows = grid_for(len(chunk))
        sheet = _grid(cols, rows, cell_w, cell_h)
        backs = _grid(cols, rows, cell_w, cell_h) if unique else None
        for index, card in enumerate(chunk):
            row, col = divmod(index, cols)
            at = (col * cell_w, row * cell_h)
            sheet.blit(_flat(renderer.face(card.spec, cell_w, card.side)), at)  # type: ignore[attr-defined]
            if backs is not None:
                backs.blit(_flat(renderer.back(cell_w, spec=card.spec)), at)  # type: ignore[attr-defined]
            done += 1
            if progress is not None:
                progress(done, len(printed))
        hidden = ((cols - 1) * cell_w, (rows - 1) * cell_h)
        sheet.blit(back, hidden)
        path = folder / f"sheet_{number:02d}.png"
        _save(sheet, path)
        back_path = None
        if backs is not None:
            backs.blit(back, hidden)
            back_path = folder / f"backs_{number:02d}.png"
            _save(backs, back_path)
        written.append(SheetFile(path, cols, rows, len(chunk), back_path))
    _save(back, folder / "back.png")
    return written


def _grid(cols: int, rows: int, cell_w: int, cell_h: int) -> pygame.Surface:
    sheet = pygame.Surface((cols * cell_w, rows * cell_h))
    sheet.fill((255, 255, 255))
    return sheet


def _flat(surface: pygame.Surface) -> pygame.Surface:
    """A face over white: the sheet has no transparency for a face's round corners to show through."""
    flat = pygame.Surface(surface.get_size())
    flat.fill((255, 255, 255))
    flat.blit(surface, (0, 0))
    return flat


def _save(surface: pygame.Surface, path: Path) -> None:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    write_output(path, buffer.getvalue())

"""Makes the test set's tiny images (committed beside this file): run it again only to change them.

Each image is a flat colour with a darker border, so a test can sample its middle and know which image
(or which sheet cell) a face shows. The WebP file needs ImageMagick's `convert` (pygame cannot write
WebP, though it reads it).

    python tests/faceset/make_art.py
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

HERE = Path(__file__).parent

# Colours the tests look for (tests/test_face_render.py repeats them).
KNIGHT = (200, 40, 40)
WITCH = (40, 160, 60)
DRAGON = (40, 60, 200)
FULL = (230, 180, 20)
STAR = (250, 200, 0)
CELLS = [
    (255, 0, 0),
    (0, 255, 0),
    (0, 0, 255),
    (255, 255, 0),
    (0, 255, 255),
    (255, 0, 255),
    (128, 128, 128),
    (20, 20, 20),
]
GRID = (4, 2)
CELL = (40, 56)


def flat(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(tuple(c // 2 for c in colour))
    surface.fill(colour, surface.get_rect().inflate(-4, -4))
    return surface


def main() -> None:
    pygame.image.save(flat((48, 64), KNIGHT), str(HERE / "art" / "knight.png"))
    pygame.image.save(flat((64, 48), WITCH), str(HERE / "art" / "witch.jpg"))
    pygame.image.save(flat((56, 40), DRAGON), str(HERE / "art" / "dragon.png"))
    subprocess.run(
        ["convert", str(HERE / "art" / "dragon.png"), str(HERE / "art" / "dragon.webp")], check=True
    )
    (HERE / "art" / "dragon.png").unlink()
    pygame.image.save(flat((112, 174), FULL), str(HERE / "art" / "full.png"))
    star = pygame.Surface((24, 24), pygame.SRCALPHA)
    pygame.draw.circle(star, STAR, (12, 12), 11)
    pygame.image.save(star, str(HERE / "icons" / "star.png"))
    sheet = pygame.Surface((CELL[0] * GRID[0], CELL[1] * GRID[1]))
    for index, colour in enumerate(CELLS):
        x, y = index % GRID[0] * CELL[0], index // GRID[0] * CELL[1]
        sheet.blit(flat(CELL, colour), (x, y))
    pygame.image.save(sheet, str(HERE / "art" / "deck.png"))


if __name__ == "__main__":
    main()

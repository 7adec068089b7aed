"""Images a designer brings: card art, icons and Tabletop Simulator sprite sheets, loaded when first drawn.

A file is decoded once (PNG, JPEG or WebP, through SDL_image) and kept while its modification time and
size stay the same; a sheet is cut into cells on demand (`layout.sheet_cell`). Scaling uses
smoothscale, so art stays clean when a card is drawn at any size.

A missing or broken image never raises: `get` returns None and records one readable problem per file
(`problems`), logged once, and the face draws a marked placeholder in its place (cardface.py).
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pygame

from cardtable.cardsets.faces import ImageRef, image_kind
from cardtable.limits import FileRefused, read_limited

from .layout import fit_image, sheet_cell

log = logging.getLogger(__name__)


MAX_IMAGE_BYTES = 32 * 1024 * 1024
MAX_IMAGE_PIXELS = 64 * 1024 * 1024  # 8192 x 8192: a whole sprite sheet at print resolution


def png_size(raw: bytes) -> tuple[int, int] | None:
    """A PNG's width and height from its IHDR chunk; None for other formats."""
    if raw[:8] != b"\x89PNG\r\n\x1a\n" or len(raw) < 24 or raw[12:16] != b"IHDR":
        return None
    return int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")


class ImageStore:
    """Decoded images by file, and the problems met loading them."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[tuple[int, int] | None, pygame.Surface | None]] = {}
        self.problems: dict[Path, str] = {}

    def _stamp(self, path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def _file(self, path: Path) -> pygame.Surface | None:
        stamp = self._stamp(path)
        hit = self._files.get(path)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        surface = self._decode(path, stamp)
        self._files[path] = (stamp, surface)
        return surface

    def _decode(self, path: Path, stamp: tuple[int, int] | None) -> pygame.Surface | None:
        if stamp is None:
            return self._fail(path, f"image {path} not found; drawn as a placeholder")
        try:
            # a regular file within the limit (a device or a FIFO named as art must not hang the table)
            raw = read_limited(path, MAX_IMAGE_BYTES)
        except FileRefused as exc:
            return self._fail(path, f"image {path}: {exc}; drawn without it")
        if image_kind(raw[:16]) is None:
            return self._fail(path, f"image {path} is not a PNG, JPEG or WebP file; drawn without it")
        size = png_size(raw)
        if size is not None and size[0] * size[1] > MAX_IMAGE_PIXELS:
            # a small file can declare a huge picture: refused before SDL allocates it
            return self._fail(
                path, f"image {path} is {size[0]}x{size[1]} pixels, too large; drawn without it"
            )
        try:
            surface = pygame.image.load(io.BytesIO(raw), path.name)
        except (pygame.error, OSError, ValueError) as exc:
            return self._fail(path, f"image {path} is broken ({exc}); drawn without it")
        self.problems.pop(path, None)
        # Keep alpha when the file has it; convert_alpha() needs a window, which may not exist yet.
        if surface.get_flags() & pygame.SRCALPHA:
            return surface
        out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        out.blit(surface, (0, 0))
        return out

    def _fail(self, path: Path, message: str) -> None:
        if self.problems.get(path) != message:
            log.warning("%s", message)
        self.problems[path] = message
        return None

    def get(self, ref: ImageRef) -> pygame.Surface | None:
        """The image (or sheet cell) a reference names, unscaled; None when it cannot be had."""
        surface = self._file(ref.path)
        if surface is None or ref.grid is None:
            return surface
        cols, rows = ref.grid
        index = ref.index if ref.index is not None else cols * rows - 1
        if not 0 <= index < cols * rows:
            return self._fail(ref.path, f"{ref.describe()}: no such cell; drawn without it")
        x, y, w, h = sheet_cell(surface.get_size(), ref.grid, index)
        if w <= 0 or h <= 0:
            return self._fail(ref.path, f"{ref.describe()}: the sheet is smaller than its grid")
        return surface.subsurface((x, y, w, h))

    def fitted(self, ref: ImageRef, size: tuple[int, int], mode: str = "cover") -> pygame.Surface | None:
        """The image scaled with smoothscale into `size` (cover, contain or stretch), on a clear surface."""
        image = self.get(ref)
        if image is None:
            return None
        (sx, sy, sw, sh), (dx, dy, dw, dh) = fit_image(image.get_size(), size, mode)
        part = image.subsurface((sx, sy, sw, sh)) if (sw, sh) != image.get_size() else image
        scaled = pygame.transform.smoothscale(part, (max(1, dw), max(1, dh)))
        if (dx, dy, dw, dh) == (0, 0, *size):
            return scaled
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.blit(scaled, (dx, dy))
        return out

    def changed(self) -> bool:
        """Whether any file seen has changed on disk (or appeared, or gone) since it was read."""
        return any(self._stamp(path) != stamp for path, (stamp, _) in self._files.items())

"""Images a designer brings: card art, icons and Tabletop Simulator sprite sheets, loaded when first drawn.

A file is read through `cardsets.setfiles.read_image` (a regular file within MAX_IMAGE_BYTES whose header
declares at most MAX_IMAGE_PIXELS: checked before anything is allocated), decoded once (PNG, JPEG, WebP,
GIF or BMP) and kept while its modification time and size stay the same. Decoding is Pillow's, not
SDL_image's: a designer's file comes from anywhere, and a damaged 64-byte GIF crashed SDL_image's own
GIF reader (a segmentation fault, which no `except` catches) where Pillow, fuzzed for years, raises; a sheet is cut into cells on demand (`layout.sheet_cell`). Scaling uses
smoothscale, so art stays clean when a card is drawn at any size.

A missing or broken image never raises: `get` returns None and records one readable problem per file
(`problems`), logged once, and the face draws a marked placeholder in its place (cardface.py).
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pygame

from cardtable.cardsets.faces import ImageRef
from cardtable.cardsets.setfiles import check_size, read_image
from cardtable.limits import FileRefused

from .layout import fit_image, sheet_cell

log = logging.getLogger(__name__)


def _decoded(raw: bytes) -> pygame.Surface:
    """An image's first frame as an RGBA surface (alpha kept when the file has it; convert_alpha()
    needs a window, which may not exist yet). Pillow is imported here, when a set first draws art."""
    from PIL import Image

    with Image.open(io.BytesIO(raw)) as image:
        # Pillow's own reading of the size (a GIF's frame, say) is held to the same limits
        check_size(image.width, image.height, image.format or "image")
        rgba = image.convert("RGBA")
    return pygame.image.frombytes(rgba.tobytes(), rgba.size, "RGBA")


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
            # a regular file within the limits, its declared size checked from the header: a device, a
            # FIFO or a 600-byte JPEG declaring 30000 x 30000 pixels must not hang or exhaust the table
            raw, _ = read_image(path)
        except FileRefused as exc:
            return self._fail(path, f"image {path}: {exc}; drawn without it")
        try:
            surface = _decoded(raw)
        except Exception as exc:  # a damaged file can raise anything a decoder has: it is the file's problem
            return self._fail(path, f"image {path} is broken ({exc or type(exc).__name__}); drawn without it")
        self.problems.pop(path, None)
        return surface

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

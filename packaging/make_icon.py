"""Draw the app icon with pygame: two fanned cards, the front one bearing a rune circle.

Writes, into packaging/icons/ (or --out):
  cardtable-<N>.png  for N in 16 24 32 48 64 128 256 512 1024 (Linux hicolor sizes, and the sources)
  cardtable.ico      Windows: 16-256 px, PNG entries (Windows Vista and later read them)
  cardtable.icns     macOS: 16-1024 px incl. @2x, PNG entries (OS X 10.7 and later read them)
and sprites/icon.png (64 px), which the running app sets as its window icon.

The .ico and .icns containers are written here in plain Python, so neither Pillow nor macOS's
iconutil is needed. Every size is drawn at four times its size and smoothed down; the smallest sizes
drop the fine rune marks so they stay legible.

    SDL_VIDEODRIVER=dummy python packaging/make_icon.py
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (OSType, pixel size) as macOS's iconutil writes them, PNG payloads throughout.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
WINDOW_ICON_SIZE = 64
SUPERSAMPLE = 4

BACK = (38, 44, 104)
BACK_PATTERN = (70, 80, 160)
GOLD = (222, 176, 74)
IVORY = (248, 242, 226)
INK = (52, 36, 44)
RUNE = (150, 34, 84)
VIOLET = (92, 52, 150)


def _card(width: int, height: int, face: bool, scale: float, detailed: bool) -> pygame.Surface:
    """One upright card, `scale` pixels per icon unit (1/100 of the icon's side)."""
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, round(9 * scale))
    rect = card.get_rect()
    edge = max(1, round(2.2 * scale))
    if not face:
        pygame.draw.rect(card, GOLD, rect, border_radius=radius)
        inner = rect.inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(card, BACK, inner, border_radius=max(1, radius - edge))
        if detailed:
            step = max(4, round(9 * scale))
            clip = inner.inflate(-2 * edge, -2 * edge)
            for x in range(clip.left - clip.height, clip.right, step):
                pygame.draw.line(
                    card, BACK_PATTERN, (x, clip.bottom), (x + clip.height, clip.top), max(1, edge // 2)
                )
            # Restore the border the lattice crossed, and a gold inner frame.
            pygame.draw.rect(card, GOLD, rect, width=edge, border_radius=radius)
            pygame.draw.rect(
                card, GOLD, clip, width=max(1, edge // 2), border_radius=max(1, radius - 2 * edge)
            )
        return card
    pygame.draw.rect(card, INK, rect, border_radius=radius)
    pygame.draw.rect(card, IVORY, rect.inflate(-edge, -edge), border_radius=max(1, radius - edge // 2))
    _rune_circle(card, rect.center, min(width, height) * 0.40, scale, detailed)
    return card


def _star_points(
    center: tuple[float, float], radius: float, points: int, turn: float
) -> list[tuple[float, float]]:
    cx, cy = center
    return [
        (
            cx + radius * math.sin(turn + 2 * math.pi * i / points),
            cy - radius * math.cos(turn + 2 * math.pi * i / points),
        )
        for i in range(points)
    ]


def _rune_circle(
    surface: pygame.Surface, center: tuple[int, int], radius: float, scale: float, detailed: bool
) -> None:
    """A magic circle: two rings, a hexagram, rune ticks between the rings and a gold heart."""
    line = max(1, round((2.0 if detailed else 3.4) * scale))
    pygame.draw.circle(surface, RUNE, center, round(radius), line)
    inner = radius * (0.80 if detailed else 0.74)
    if detailed:
        pygame.draw.circle(surface, RUNE, center, round(inner), max(1, line * 2 // 3))
        ring = (radius + inner) / 2
        for i in range(16):
            angle = 2 * math.pi * i / 16
            dx, dy = math.sin(angle), -math.cos(angle)
            x, y = center[0] + ring * dx, center[1] + ring * dy
            half = (radius - inner) * 0.32
            if i % 2:
                pygame.draw.circle(surface, VIOLET, (round(x), round(y)), max(1, round(half * 0.55)))
            else:
                pygame.draw.line(
                    surface,
                    VIOLET,
                    (x - half * dx, y - half * dy),
                    (x + half * dx, y + half * dy),
                    max(1, line * 2 // 3),
                )
    for turn in (0.0, math.pi / 3):
        pygame.draw.polygon(surface, RUNE, _star_points(center, inner, 3, turn), line)
    pygame.draw.circle(surface, GOLD, center, max(1, round(inner * 0.28)))
    if detailed:
        pygame.draw.circle(surface, INK, center, max(1, round(inner * 0.28)), max(1, line // 2))


def _blit_rotated(
    target: pygame.Surface, card: pygame.Surface, degrees: float, center: tuple[float, float]
) -> None:
    turned = pygame.transform.rotate(card, degrees)
    target.blit(turned, turned.get_rect(center=(round(center[0]), round(center[1]))))


def draw_icon(size: int) -> pygame.Surface:
    """The icon at `size` x `size` pixels, transparent around the cards."""
    big = size * SUPERSAMPLE
    scale = big / 100
    detailed = size >= 48
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    card_w, card_h = round(56 * scale), round(78 * scale)
    # Soft shadow under both cards.
    shadow = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(2, round(9 * scale)))
    _blit_rotated(canvas, shadow, 14, (40 * scale, 53 * scale))
    _blit_rotated(canvas, shadow, -9, (62 * scale, 54 * scale))
    _blit_rotated(canvas, _card(card_w, card_h, False, scale, detailed), 14, (38 * scale, 50 * scale))
    _blit_rotated(canvas, _card(card_w, card_h, True, scale, detailed), -9, (60 * scale, 51 * scale))
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as PNG file bytes."""
    import io

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNGs (ICONDIR, one ICONDIRENTRY each, then the images)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the given PNGs, with a table of contents first as iconutil writes it."""
    chunks = [(ostype, pngs[size]) for ostype, size in ICNS_TYPES if size in pngs]
    toc = b"".join(ostype + struct.pack(">I", len(data) + 8) for ostype, data in chunks)
    body = b"TOC " + struct.pack(">I", len(toc) + 8) + toc
    body += b"".join(ostype + struct.pack(">I", len(data) + 8) + data for ostype, data in chunks)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main(argv: list[str] | None = None) -> int:
    """Draw every size and write the PNGs, the .ico, the .icns and the window icon."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=HERE / "icons", help="folder for the icons")
    parser.add_argument(
        "--window-icon",
        type=Path,
        default=ROOT / "sprites" / "icon.png",
        help="where the app's own window icon goes",
    )
    args = parser.parse_args(argv)
    pygame.display.init()
    args.out.mkdir(parents=True, exist_ok=True)
    pngs: dict[int, bytes] = {}
    for size in PNG_SIZES:
        pngs[size] = png_bytes(draw_icon(size))
        (args.out / f"cardtable-{size}.png").write_bytes(pngs[size])
    (args.out / "cardtable.ico").write_bytes(ico_bytes(pngs))
    (args.out / "cardtable.icns").write_bytes(icns_bytes(pngs))
    args.window_icon.write_bytes(pngs[WINDOW_ICON_SIZE])
    print(
        f"wrote {len(PNG_SIZES)} PNGs, cardtable.ico and cardtable.icns to {args.out}; "
        f"window icon {args.window_icon}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

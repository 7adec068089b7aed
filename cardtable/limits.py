"""Limits on everything cardtable reads from a file, and the one careful way to read such a file.

Card sets, scenario files, saves and settings come from people: hand-edited, shared, damaged, or
written to hurt. Every limit below is checked *before* the work it would cost, so a hostile file is
refused in milliseconds with one line saying what is wrong, never by a MemoryError, a RecursionError or
a hang. The numbers are generous: the bundled card sets use a small fraction of each (the tests say
how much), and a designer who meets one has written something no game can play.

`read_limited` refuses what is not a regular file before reading it: `/dev/zero` (endless), a FIFO (a
read blocks until someone writes), a folder, a socket. Opening uses O_NONBLOCK where the platform has
it, so even a FIFO swapped in between the check and the open cannot block.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = [
    "MAX_ALIASES",
    "MAX_CARD_COUNT",
    "MAX_CARD_KINDS",
    "MAX_DECKS_BYTES",
    "MAX_DEPTH",
    "MAX_EXPANDED_NODES",
    "MAX_COLOUR_STEPS",
    "MAX_IMAGE_BYTES",
    "MAX_IMAGE_PIXELS",
    "MAX_IMAGE_SIDE",
    "MAX_INT",
    "MAX_MARKS",
    "MAX_NODES",
    "MAX_PHYSICAL_CARDS",
    "MAX_SAVE_BYTES",
    "MAX_SCALAR_CHARS",
    "MAX_SETTINGS_BYTES",
    "MAX_TEMPLATE_ENTRIES",
    "MAX_YAML_BYTES",
    "TEMPLATE_CARD_MM",
    "TEMPLATE_NUMBERS",
    "FileRefused",
    "read_limited",
    "size_text",
]

# Files. The bundled card sets are about 20 KB (1,500 values, nested 10 deep), a 10,000-move save about
# 300 KB. PyYAML's pure-Python reader (the strict loader needs it) takes about 4 us a byte here, so the
# largest YAML file allowed is read in about two seconds at worst.
MAX_YAML_BYTES = 512 * 1024
"""A card set, scenario file or bot plan."""
MAX_SAVE_BYTES = 32 * 1024 * 1024
"""A save file (its move journal included)."""
MAX_SETTINGS_BYTES = 64 * 1024
"""The settings file."""
MAX_DECKS_BYTES = 64 * 1024
"""Land & Person's saved decks (9 a half, each at most 2,000 characters: about 36 KiB at most)."""

# YAML structure. A billion-laughs bomb is a few aliases that expand to 10^9 nodes: counting the
# expansion (not the text) is what refuses it.
MAX_DEPTH = 64
"""Nesting of mappings and lists (the bundled sets nest at most 10 deep)."""
MAX_NODES = 50_000
"""Values (scalars, lists, mappings) written in one file."""
MAX_ALIASES = 10_000
"""`*alias` references in one file."""
MAX_EXPANDED_NODES = 100_000
"""Values in the document once every alias is expanded: what the schema and the games walk."""
MAX_SCALAR_CHARS = 20_000
"""Characters in one scalar (a card's text, a name, a move)."""
MAX_INT = 2**53
"""The largest whole number a file may hold (the same as JSON's safe integers)."""

# Card sets: what a table can hold.
MAX_CARD_COUNT = 100
"""Copies of one card kind (`count:`)."""
MAX_CARD_KINDS = 1_000
"""Card kinds in one set."""
MAX_PHYSICAL_CARDS = 2_000
"""Physical cards in one set: the sum of every kind's count."""

# Images a set draws (card art, icons, sprite sheets). A small file can declare a huge picture (a 600-byte
# JPEG may say 30000 x 30000): the size its header declares is checked before anything decodes it.
MAX_IMAGE_BYTES = 32 * 1024 * 1024
"""An image file (PNG, JPEG, WebP, GIF or BMP)."""
MAX_IMAGE_PIXELS = 64 * 1024 * 1024
"""Pixels in one image once decoded, 8192 x 8192 (256 MiB as RGBA): a whole sprite sheet at print resolution."""
MAX_IMAGE_SIDE = 16_384
"""Pixels on the longer side of one image."""

# Face templates: every number is finite and within its range (`.nan`, `.inf` and 1e12 are YAML numbers
# too), so drawing a face never meets a value it cannot turn into pixels, and a face costs milliseconds.
TEMPLATE_CARD_MM = (10.0, 300.0)
"""A card's width and height (`size_mm`), in mm: from a small tile to A4's long side."""
TEMPLATE_NUMBERS: dict[str, tuple[float, float]] = {
    "corner_mm": (0.0, 50.0),
    "bleed_mm": (0.0, 20.0),
    "rect": (-300.0, 300.0),  # each of x, y, width, height, in mm (width and height more than 0)
    "size_pt": (1.0, 200.0),
    "lines": (1, 100),
    "size_mm": (0.1, 300.0),  # of a mark; the card's own size_mm is TEMPLATE_CARD_MM
    "width_mm": (0.0, 50.0),
    "edge_mm": (0.0, 50.0),
    "radius_mm": (0.0, 150.0),
    "inset_mm": (-50.0, 50.0),
    "padding_mm": (0.0, 50.0),
    "gap_mm": (0.0, 50.0),
    "pattern_mm": (0.5, 100.0),  # a pattern's cell: the smaller, the more shapes drawn per face
    "count": (0, 100),
    "leading": (0.5, 3.0),
    "second_scale": (0.0, 1.0),
    "t": (0.0, 1.0),
}
"""The range of each numeric template key, in its unit (mm, points, lines, marks), ends included."""
MAX_TEMPLATE_ENTRIES = 256
"""Named colours, icons, sheets, and boxes (front and back each) in one template: checked before the
schema, which costs about a millisecond an entry."""
MAX_MARKS = 100
"""Marks one box draws, also when a card's field gives the count (`count: {field: pips}`)."""
MAX_COLOUR_STEPS = 256
"""Steps to work out one colour: `$name` references and `mix`/`by` cases, each reference counted every
time it is reached (a chain of mixes that each name the next one twice doubles at every step)."""


class FileRefused(Exception):
    """A file that is not read: not a regular file, too large, or unreadable. The message says why in
    a user's words (without the path; the caller puts it in front)."""


def size_text(size: int) -> str:
    """A byte count for people: 512 bytes, 64 KiB, 2.0 MiB."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size // 1024} KiB"
    return f"{size / (1024 * 1024):.1f} MiB"


def read_limited(path: str | Path, limit: int, head: int | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileRefused otherwise.

    `head`: only the first `head` bytes are read (a header), the file's size still checked against
    `limit`. FileNotFoundError is raised as FileRefused("no such file"), so callers need one except
    clause.
    """
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused("no such file") from None
    except IsADirectoryError:
        raise FileRefused("is a folder, not a file") from None
    except OSError as exc:
        raise FileRefused(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("is not a regular file (a device, a pipe or a socket); give a file")
        if info.st_size > limit:
            raise FileRefused(
                f"the file is too large ({size_text(info.st_size)}; at most {size_text(limit)} is read)"
            )
        if head is not None:
            limit = min(limit, head)
        chunks: list[bytes] = []
        total = 0
        while (
            True
        ):  # a file growing while it is read (or one whose size lies, as in /proc) stops at the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                if head is not None:
                    return b"".join(chunks)[:head]
                raise FileRefused(f"the file is too large (more than {size_text(limit)})")
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)

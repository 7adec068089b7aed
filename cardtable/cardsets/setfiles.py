"""The files a card set may read, and images read within limits: one reader for every picture drawn.

A card set is shared: whatever its file names is read on someone else's machine. So

- `inside(folder, name)` is the only way a name in a set or template (`faces:`, a card's `image:`, a
  box's `file:`, a sheet's `file:`, an icon's `image:`) becomes a path: relative, not starting with
  `~`, and still inside the set's folder once `..` and links are followed. Anything else raises `OutsideFolder`, whose
  message the caller places at the key and line that named it;
- `read_image(path)` reads a picture as `read_limited` reads any file (regular files only, at most
  MAX_IMAGE_BYTES) and refuses it unless its header is one of PNG, JPEG, WebP, GIF or BMP and declares
  at most MAX_IMAGE_SIDE pixels a side and MAX_IMAGE_PIXELS in all, before anything decodes it;
- `excerpt(value)` is how much of a value from someone else's file an error message quotes: a short,
  escaped excerpt.

Pure Python (no pygame): validate uses it, and so does the renderer in cardtable/ui/render/images.py.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

from cardtable.limits import (
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    FileRefused,
    read_limited,
)

__all__ = [
    "IMAGE_FORMATS",
    "ImageHeader",
    "OutsideFolder",
    "check_image",
    "check_image_file",
    "check_size",
    "excerpt",
    "image_header",
    "inside",
    "read_image",
]

IMAGE_FORMATS = "PNG, JPEG, WebP, GIF or BMP"
EXCERPT_CHARS = 40


class OutsideFolder(ValueError):
    """A name that would read a file outside the folder it must stay in (absolute, `~`, `..`, a link)."""


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """`value` quoted for an error message: escaped (no control characters reach a terminal) and cut
    to `limit` characters, so a message never repeats a file's contents."""
    text = value if isinstance(value, str) else str(value)
    shown = repr(text[:limit])
    return shown + ("..." if len(text) > limit else "")


def inside(folder: Path, name: str, root: Path | None = None) -> Path:
    """`folder / name` when `name` is a relative path that stays inside `root` (default: `folder`);
    OutsideFolder otherwise.

    `root` is the set's folder when `folder` is a template's inside it, so `faces/x.yaml` may name
    `../art/y.png`. Links are followed before the check, so a link inside the set pointing at
    `/dev/zero` or at the home folder is refused like the path itself would be.
    """
    if not isinstance(name, str) or not name.strip():
        raise OutsideFolder("an empty file name")
    if "\x00" in name:
        raise OutsideFolder(f"{excerpt(name)} is not a file name")
    if name.startswith("~"):
        raise OutsideFolder(
            f"{excerpt(name)} starts with ~: name a file inside the set's folder, relative to it"
        )
    posix = PurePosixPath(name.replace("\\", "/"))
    windows = PureWindowsPath(name)
    if posix.is_absolute() or windows.drive or windows.is_absolute():
        raise OutsideFolder(
            f"{excerpt(name)} is an absolute path: name a file inside the set's folder, relative to it"
        )
    path = folder / Path(*posix.parts)
    try:
        real, base = path.resolve(), (root or folder).resolve()
        plain = Path(os.path.normpath(path.absolute()))  # `..` taken away, links not followed
    except (OSError, RuntimeError):  # a loop of links
        raise OutsideFolder(f"{excerpt(name)} cannot be followed (a loop of links?)") from None
    if Path(os.path.normpath((root or folder).absolute())) not in (plain, *plain.parents):
        raise OutsideFolder(f"{excerpt(name)} leads out of the set's folder (..): keep the file inside it")
    if not real.is_relative_to(base):
        raise OutsideFolder(f"{excerpt(name)} is a link leading out of the set's folder")
    return path


@dataclass(frozen=True)
class ImageHeader:
    """What an image file's first bytes say: its format and the size it decodes to."""

    kind: str  # "PNG", "JPEG", "WebP", "GIF" or "BMP"
    width: int
    height: int


def image_header(raw: bytes) -> ImageHeader | None:
    """The format and declared size of an image from its bytes; None when it is none of the five
    formats, or its header is cut short or gives no size."""
    if raw[:8] == b"\x89PNG\r\n\x1a\n":
        if len(raw) < 24 or raw[12:16] != b"IHDR":
            return None
        return ImageHeader("PNG", int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big"))
    if raw[:3] == b"\xff\xd8\xff":
        return _jpeg(raw)
    if raw[:4] == b"RIFF" and raw[8:12] == b"WEBP":
        return _webp(raw)
    if raw[:6] in (b"GIF87a", b"GIF89a"):
        return _gif(raw)
    if raw[:2] == b"BM":
        return _bmp(raw)
    return None


# JPEG frame headers (SOFn) carry the size; C4 (Huffman tables), C8 and CC (arithmetic coding) do not.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(raw: bytes) -> ImageHeader | None:
    """The first frame header's size, walking the segments (each says its length) from the start."""
    at = 2
    while at + 4 <= len(raw):
        if raw[at] != 0xFF:
            return None
        marker = raw[at + 1]
        if marker == 0xFF:  # fill bytes before a marker
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # markers without a length
            at += 2
            continue
        if marker in (0xD9, 0xDA):  # the end, or the scan before any frame header
            return None
        length = int.from_bytes(raw[at + 2 : at + 4], "big")
        if length < 2:
            return None
        if marker in _SOF:
            if at + 9 > len(raw):
                return None
            height = int.from_bytes(raw[at + 5 : at + 7], "big")
            width = int.from_bytes(raw[at + 7 : at + 9], "big")
            return ImageHeader("JPEG", width, height)
        at += 2 + length
    return None


def _gif(raw: bytes) -> ImageHeader | None:
    """The larger of the screen the header declares and the first frame (a frame may be larger than
    its screen, and the decoder allocates the frame)."""
    if len(raw) < 13:
        return None
    width, height = int.from_bytes(raw[6:8], "little"), int.from_bytes(raw[8:10], "little")
    at = 13 + (3 << ((raw[10] & 7) + 1) if raw[10] & 0x80 else 0)  # past the global colour table
    while at < len(raw):
        block = raw[at]
        if block == 0x21:  # an extension: a label, then sub-blocks each saying its length, up to a 0
            at += 2
            while at < len(raw) and raw[at]:
                at += raw[at] + 1
            at += 1
        elif block == 0x2C:  # the first frame: left, top, width, height
            if at + 9 > len(raw):
                return None
            left, top, w, h = (int.from_bytes(raw[at + i : at + i + 2], "little") for i in (1, 3, 5, 7))
            return ImageHeader("GIF", max(width, left + w), max(height, top + h))
        else:
            return None
    return None


def _webp(raw: bytes) -> ImageHeader | None:
    chunk, data = raw[12:16], raw[20:]
    if chunk == b"VP8X" and len(data) >= 10:  # extended (alpha, animation): the canvas size, 24 bits each
        return ImageHeader(
            "WebP", int.from_bytes(data[4:7], "little") + 1, int.from_bytes(data[7:10], "little") + 1
        )
    if chunk == b"VP8 " and len(data) >= 10 and data[3:6] == b"\x9d\x01\x2a":  # lossy key frame
        return ImageHeader(
            "WebP",
            int.from_bytes(data[6:8], "little") & 0x3FFF,
            int.from_bytes(data[8:10], "little") & 0x3FFF,
        )
    if chunk == b"VP8L" and len(data) >= 5 and data[0] == 0x2F:  # lossless: 14 bits each, minus one
        bits = int.from_bytes(data[1:5], "little")
        return ImageHeader("WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    return None


def _bmp(raw: bytes) -> ImageHeader | None:
    if len(raw) < 26:
        return None
    header = int.from_bytes(raw[14:18], "little")
    if header == 12:  # OS/2 BITMAPCOREHEADER: 16-bit sizes
        return ImageHeader("BMP", int.from_bytes(raw[18:20], "little"), int.from_bytes(raw[20:22], "little"))
    width = int.from_bytes(raw[18:22], "little", signed=True)
    height = int.from_bytes(raw[22:26], "little", signed=True)  # negative: stored top-down
    return ImageHeader("BMP", abs(width), abs(height))


def check_image(raw: bytes) -> ImageHeader:
    """The header of an image that may be decoded; FileRefused saying why one may not."""
    header = image_header(raw)
    if header is None:
        if _looks_like_image(raw):
            raise FileRefused("the image's header is damaged or cut short (no size in it)")
        raise FileRefused(f"not a {IMAGE_FORMATS} image")
    check_size(header.width, header.height, header.kind)
    return header


def check_size(w: int, h: int, kind: str) -> None:
    """FileRefused unless a picture of w x h pixels is within MAX_IMAGE_SIDE and MAX_IMAGE_PIXELS."""
    if w <= 0 or h <= 0:
        raise FileRefused(f"the {kind} header declares {w} x {h} pixels (no picture)")
    if max(w, h) > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise FileRefused(
            f"the {kind} header declares {w} x {h} pixels; at most {MAX_IMAGE_SIDE} a side and "
            f"{MAX_IMAGE_PIXELS // (1024 * 1024)} megapixels are drawn"
        )


def _looks_like_image(raw: bytes) -> bool:
    return (
        raw[:8] == b"\x89PNG\r\n\x1a\n"
        or raw[:3] == b"\xff\xd8\xff"
        or (raw[:4] == b"RIFF" and raw[8:12] == b"WEBP")
        or raw[:6] in (b"GIF87a", b"GIF89a")
        or raw[:2] == b"BM"
    )


def read_image(path: str | Path) -> tuple[bytes, ImageHeader]:
    """An image file's bytes and header, read and checked before decoding; FileRefused otherwise."""
    raw = read_limited(path, MAX_IMAGE_BYTES)
    return raw, check_image(raw)


HEADER_BYTES = 256 * 1024
"""What check_image_file reads first: a JPEG's frame header may follow large metadata segments."""


def check_image_file(path: str | Path) -> ImageHeader:
    """The header of an image file, checked as read_image checks it but reading only its start (all of
    it only for a JPEG whose frame header comes later): what validate needs, at every reload, for
    every picture a set names."""
    raw = read_limited(path, MAX_IMAGE_BYTES, head=HEADER_BYTES)
    if len(raw) == HEADER_BYTES and raw[:3] == b"\xff\xd8\xff" and _jpeg(raw) is None:
        raw = read_limited(path, MAX_IMAGE_BYTES)
    return check_image(raw)

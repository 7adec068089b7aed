"""Where `cardtable export` may write: regular files only, written whole.

An export names its output on the command line, and whatever is there already is at stake: run as
root, `--pdf /dev/full` once turned the device node into a PDF, and `--png-sheets EXISTING_FILE`
ended in a traceback. So, before a face is drawn:

- an output file must be absent or an existing regular file (it is replaced atomically); a device, a
  FIFO, a socket, a folder or a link is refused;
- an output folder must be absent (it is made) or a folder (a link to one will do); each file written
  in it is checked as above;
- a path the system cannot take (too long, no permission, a file where a folder should be) is refused
  with the system's words.

Each refusal is an `OutputRefused`, a ValueError naming the path, which the command prints as one line.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cardtable.persistence.files import atomic_write_bytes

__all__ = ["OutputRefused", "output_file", "output_folder", "write_output"]


class OutputRefused(ValueError):
    """An output path export will not write to; the message names it and says why."""


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def output_file(path: Path) -> Path:
    """`path` when export may write a file there (nothing there yet, or a regular file it replaces);
    OutputRefused otherwise."""
    parent = path.parent
    if parent.exists() and not parent.is_dir():
        raise OutputRefused(f"{path}: {parent} is not a folder")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise OutputRefused(f"{path}: cannot write there ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(
            f"{path} is {_kind(info.st_mode)}, not a file export may replace; name a new file"
        )
    return path


def output_folder(path: Path) -> Path:
    """`path` made a folder if it is not there yet; OutputRefused when something else is there. A link
    to a folder is followed (each file written in it is checked on its own)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        try:
            path.mkdir(parents=True)
        except OSError as exc:
            raise OutputRefused(f"{path}: cannot make this folder ({exc.strerror or exc})") from None
        return path
    except OSError as exc:
        raise OutputRefused(f"{path}: cannot write there ({exc.strerror or exc})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise OutputRefused(
            f"{path} is {_kind(info.st_mode)}, not a folder; name a folder (it is made if missing)"
        )
    return path


def write_output(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically after checking it (output_file); OutputRefused on failure."""
    output_file(path)
    try:
        atomic_write_bytes(path, data, keep_backup=False)
    except OSError as exc:
        raise OutputRefused(f"{path}: cannot write it ({exc.strerror or exc})") from None

"""Where user files live (platformdirs) and how they are written (atomically, keeping one .bak).

`CARDTABLE_HOME` overrides every folder (tests and portable installs use it); otherwise saves go to
the user data folder, settings to the user config folder, logs to the user log folder, each under
its own name because on Windows and macOS data and config are the same folder.

A process killed in the middle of an atomic write leaves its temporary file behind (the write itself is
safe: the old file stays whole); `clean_stale_temporaries` removes those on the next start.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "cardtable"


@dataclass(frozen=True)
class UserFolders:
    """The folders the app writes to."""

    saves: Path
    settings: Path
    logs: Path
    cache: Path
    cardsets: Path  # the designer's own card sets (`cardtable new-set` writes here; the sandbox lists them)
    playtests: Path  # one small file per game finished at the table (`cardtable report --from-saves`)


def user_folders() -> UserFolders:
    """The user's folders for saves, settings, logs and caches (not created here)."""
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        base = Path(home)
        return UserFolders(
            base / "saves",
            base / "settings",
            base / "logs",
            base / "cache",
            base / "cardsets",
            base / "playtests",
        )
    import platformdirs

    return UserFolders(
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves",
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "settings",
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "cardsets",
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "playtests",
    )


def atomic_write_bytes(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Write `data` to `path` so a crash leaves either the old or the new file, never half of one.
    The previous file, if any, is kept as `path.bak`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.exists():
            backup_tmp = path.with_name(path.name + ".bak.tmp")
            shutil.copy2(path, backup_tmp)
            _replace(backup_tmp, path.with_name(path.name + ".bak"))
        _replace(Path(tmp), path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def keep_aside(path: Path) -> Path:
    """Move a damaged user file (or whatever stands at `path`: a pipe, a link) out of the way as
    `NAME.damaged` (`NAME.damaged.2`... when that is taken, so no earlier one is overwritten), kept for
    a look and never written over; its new path. OSError when it cannot be moved."""
    target = path.with_name(path.name + ".damaged")
    number = 1
    while target.exists() or target.is_symlink():
        number += 1
        target = path.with_name(f"{path.name}.damaged.{number}")
    os.replace(path, target)
    return target


STALE_AFTER_S = 120.0
"""A temporary file this old was left by a process that stopped mid-write (a write takes milliseconds)."""


def clean_stale_temporaries(folder: Path, older_than_s: float = STALE_AFTER_S) -> int:
    """Remove the `*.tmp` files an interrupted atomic write left in one of our folders; how many.

    Only files older than `older_than_s` go, so a write in progress in another window is left alone.
    Anything that cannot be listed or removed is skipped: cleaning up must never stop the app."""
    removed = 0
    now = time.time()
    try:
        candidates = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    except OSError:
        return 0
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than_s:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _replace(src: Path, dst: Path) -> None:
    # On Windows an indexer or antivirus can hold the target for a moment: retry briefly.
    for attempt in range(5):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

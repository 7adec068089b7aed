"""Where user files live (platformdirs) and how they are written (atomically, keeping one .bak).

`CARDTABLE_HOME` overrides every folder (tests and portable installs use it); otherwise saves go to
the user data folder, settings to the user config folder, logs to the user log folder, each under
its own name because on Windows and macOS data and config are the same folder.
"""

from __future__ import annotations

import os
import shutil
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


def user_folders() -> UserFolders:
    """The user's folders for saves, settings, logs and caches (not created here)."""
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        base = Path(home)
        return UserFolders(base / "saves", base / "settings", base / "logs", base / "cache")
    import platformdirs

    return UserFolders(
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves",
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "settings",
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
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

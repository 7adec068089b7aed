"""Put the built app into this Linux user's applications menu: `python packaging/install_linux.py`.

Copies dist/cardtable/ to $XDG_DATA_HOME/cardtable/app/ (default ~/.local/share), writes
$XDG_DATA_HOME/applications/cardtable.desktop pointing at it, and the icons to
$XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/cardtable.png. Nothing needs root. Saves, settings and logs
are elsewhere (see `cardtable --version`) and are never touched, not even by --uninstall.

    python packaging/install_linux.py               # after python packaging/build.py
    python packaging/install_linux.py --in-place    # point the menu at dist/cardtable instead of a copy
    python packaging/install_linux.py --uninstall
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DESKTOP_TEMPLATE = HERE / "linux" / "cardtable.desktop"
ICONS = HERE / "icons"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "cardtable"


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or not absolute (as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def desktop_quote(path: Path) -> str:
    """A path as an Exec= argument: quoted, with the characters the Desktop Entry spec reserves escaped."""
    text = str(path).replace("%", "%%")
    if not any(ch in text for ch in " \t\n\"'\\><~|&;$*?#()`"):
        return text
    escaped = "".join("\\" + ch if ch in '"`$\\' else ch for ch in text)
    return f'"{escaped}"'.replace("\\", "\\\\")


def desktop_entry(executable: Path) -> str:
    """The .desktop file's text with Exec and TryExec naming `executable`."""
    lines = []
    for line in DESKTOP_TEMPLATE.read_bytes().decode("utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={desktop_quote(executable)}"
        elif line.startswith("TryExec="):
            line = f"TryExec={executable}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _refresh_caches(base: Path) -> None:
    """Tell the desktop about the new entry and icons, where the tools exist (all optional)."""
    for command in (
        ["update-desktop-database", str(base / "applications")],
        ["gtk-update-icon-cache", "--force", "--ignore-theme-index", str(base / "icons" / "hicolor")],
    ):
        if shutil.which(command[0]):
            subprocess.run(command, check=False, capture_output=True)


def install(bundle: Path, in_place: bool = False, base: Path | None = None) -> Path:
    """Install the bundle folder, its menu entry and icons; returns the .desktop file written."""
    bundle = bundle.resolve()
    if not (bundle / APP_ID).is_file():
        raise SystemExit(f"install: {bundle / APP_ID} not found; run python packaging/build.py first")
    base = base or data_home()
    if in_place:
        executable = bundle / APP_ID
    else:
        target = base / APP_ID / "app"
        staging = target.with_name("app.new")
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(bundle, staging, symlinks=True)
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)
        executable = target / APP_ID
    for size in HICOLOR_SIZES:
        folder = base / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ICONS / f"cardtable-{size}.png", folder / f"{APP_ID}.png")
    applications = base / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    desktop = applications / f"{APP_ID}.desktop"
    desktop.write_bytes(desktop_entry(executable).encode("utf-8"))
    _refresh_caches(base)
    print(
        f"installed: {executable}\nmenu entry: {desktop}\nicons: {base / 'icons' / 'hicolor'}/*/apps/{APP_ID}.png"
    )
    return desktop


def uninstall(base: Path | None = None) -> None:
    """Remove the copied app, the menu entry and the icons (never saves, settings or logs)."""
    base = base or data_home()
    shutil.rmtree(base / APP_ID / "app", ignore_errors=True)
    (base / "applications" / f"{APP_ID}.desktop").unlink(missing_ok=True)
    for size in HICOLOR_SIZES:
        (base / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").unlink(missing_ok=True)
    _refresh_caches(base)
    print(f"removed cardtable's app copy, menu entry and icons from {base}")


def main(argv: list[str] | None = None) -> int:
    """Install or uninstall, per the command line."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--bundle",
        type=Path,
        default=ROOT / "dist" / APP_ID,
        help="the built bundle folder (default dist/cardtable)",
    )
    parser.add_argument(
        "--in-place", action="store_true", help="do not copy: the menu runs the bundle where it is"
    )
    parser.add_argument("--uninstall", action="store_true", help="remove the menu entry, icons and app copy")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("install_linux.py is for Linux; see packaging/README.md for Windows and macOS", file=sys.stderr)
        return 2
    if args.uninstall:
        uninstall()
    else:
        install(args.bundle, args.in_place)
    return 0


if __name__ == "__main__":
    sys.exit(main())

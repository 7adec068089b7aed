"""Build the double-click app for this machine's platform: `python packaging/build.py`.

Installs PyInstaller into the running Python if it is missing (and the project itself, if it is not
installed), then runs packaging/cardtable.spec. The result is dist/cardtable/ (a folder holding the
executable `cardtable`, `cardtable.exe` on Windows) and, on macOS, dist/cardtable.app. PyInstaller
does not cross-build: run this on each platform you ship (see packaging/README.md).

    python packaging/build.py                    # build dist/cardtable
    python packaging/build.py --install-desktop  # then add it to this Linux user's applications menu
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "cardtable.spec"
PYINSTALLER = "pyinstaller>=6.10,<7"


def ensure_pyinstaller() -> None:
    """pip-install PyInstaller into this Python when it is not there yet (a build-time tool only)."""
    if importlib.util.find_spec("PyInstaller") is None:
        print(f"build: installing {PYINSTALLER}", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", PYINSTALLER], check=True)


def ensure_project() -> None:
    """The spec imports the installed project (cards/ and sprites/ are mapped into it by pyproject)."""
    try:
        found = importlib.util.find_spec("cardtable._cards") is not None
    except ModuleNotFoundError:
        found = False
    if not found:
        print("build: installing the project (pip install -e .)", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "-e", str(ROOT)], check=True)


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the bundle folder."""
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(SPEC),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
        ],
        cwd=ROOT,
        check=True,
    )
    bundle = dist / "cardtable"
    size = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"build: {bundle} ({size / 2**20:.0f} MiB) in {time.perf_counter() - started:.0f} s", flush=True)
    return bundle


def main(argv: list[str] | None = None) -> int:
    """Build the bundle; optionally install the Linux menu entry."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "pyinstaller",
        help="PyInstaller's scratch folder (default build/pyinstaller/)",
    )
    parser.add_argument(
        "--install-desktop",
        action="store_true",
        help="Linux: afterwards copy the bundle, its .desktop file and icons into this "
        "user's applications menu (packaging/install_linux.py)",
    )
    args = parser.parse_args(argv)
    ensure_pyinstaller()
    ensure_project()
    bundle = build(args.dist.resolve(), args.work.resolve())
    if args.install_desktop:
        if not sys.platform.startswith("linux"):
            print("build: --install-desktop is for Linux; see packaging/README.md", file=sys.stderr)
            return 2
        sys.path.insert(0, str(HERE))
        from install_linux import install

        install(bundle)
    if shutil.which("du") and not sys.platform.startswith("win"):
        subprocess.run(["du", "-sh", str(bundle)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

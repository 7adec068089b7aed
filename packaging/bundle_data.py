"""What the PyInstaller bundle carries besides code, in one place for the spec and the tests.

The project's own data is read from pyproject.toml (`[tool.setuptools.package-data]` and the
`package-dir` mapping of the top-level cards/ and sprites/ folders), so the bundle always ships what
the wheel ships: card sets and their schema, sprites and the window icon, the rules texts and the font
licence. Third-party data comes from PyInstaller's `collect_data_files`: the Japanese font package and
jsonschema's metaschemas (jsonschema_specifications, which the card loader's Draft7Validator needs).

Sounds are synthesised at run time, so there is nothing to bundle for them.

This module needs no PyInstaller unless `third_party_datas()` is called, so tests can check the
project's own part without building.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = Path(__file__).resolve().parent / "icons"
APP_NAME = "cardtable"

# Packages whose data files the frozen app reads through importlib.resources.
THIRD_PARTY_DATA = ("noto_cjk_sans_jp_regular", "jsonschema", "jsonschema_specifications")
# Data packages mapped from top-level folders by pyproject's package-dir; the app opens them by name
# (importlib.resources.files), so the spec adds them to the bundle's modules itself.
MAPPED_PACKAGES = ("cardtable._cards", "cardtable._sprites")
# Installed beside the project on some machines but never used by the app (matplotlib and its numpy are
# used: the Balance lab's plots, cardtable/lab/plots.py). jsonschema imports
# requests only to fetch remote $refs, which card sets never have (it falls back to urllib).
# Pillow and charset_normalizer stay: reportlab (print-and-play PDFs) needs them.
EXCLUDES = (
    "tkinter",
    "IPython",
    "pytest",
    "rlcard",
    "torch",
    "setuptools",
    "requests",
    "urllib3",
    "certifi",
    "cryptography",
    "OpenSSL",
    # sweeps on a cluster (`cardtable sweep --scheduler`) are the `cluster` extra, not the desktop app's
    "dask",
    "distributed",
)
SKIP_SUFFIXES = (".py", ".pyc", ".pyo")


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_bytes().decode("utf-8"))


def package_folder(package: str, config: dict | None = None) -> Path:
    """The source folder of one of the project's packages, honouring pyproject's package-dir."""
    config = config or _pyproject()
    mapped = config["tool"]["setuptools"].get("package-dir", {})
    if package in mapped:
        return ROOT / mapped[package]
    return ROOT.joinpath(*package.split("."))


def own_datas() -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for every data file the project's packages ship."""
    config = _pyproject()
    out: dict[Path, str] = {}
    for package, patterns in config["tool"]["setuptools"]["package-data"].items():
        folder = package_folder(package, config)
        dest_root = Path(*package.split("."))
        for pattern in patterns:
            for path in sorted(folder.glob(pattern)):
                relative = path.relative_to(folder)
                if not path.is_file() or path.suffix in SKIP_SUFFIXES or "__pycache__" in relative.parts:
                    continue
                out[path] = (dest_root / relative.parent).as_posix()
    return [(str(src), dest) for src, dest in sorted(out.items())]


def third_party_datas() -> list[tuple[str, str]]:
    """Data files of the font package and of jsonschema and its metaschemas (needs PyInstaller)."""
    from PyInstaller.utils.hooks import collect_data_files

    out: list[tuple[str, str]] = []
    for package in THIRD_PARTY_DATA:
        found = collect_data_files(package)
        if not found:
            raise SystemExit(f"bundle: no data files found for {package}; is it installed?")
        out.extend(found)
    return out


def icon_for(platform: str) -> str | None:
    """The icon file PyInstaller embeds on this platform (none on Linux: the .desktop file names it)."""
    if platform.startswith("win"):
        return str(ICONS / "cardtable.ico")
    if platform == "darwin":
        return str(ICONS / "cardtable.icns")
    return None


def version() -> str:
    """The project's version, from pyproject.toml."""
    return str(_pyproject()["project"]["version"])

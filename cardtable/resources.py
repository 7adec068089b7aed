"""The one place that knows where bundled data lives: card sets, sprites, sounds, fonts.

Everything is found through importlib.resources, so it works from a source checkout, an installed
wheel and a PyInstaller bundle alike, and never depends on the current directory.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


def cards_dir() -> Traversable:
    """The folder of bundled YAML card sets and their JSON Schema (top-level `cards/`)."""
    return resources.files("cardtable._cards")


def sprites_dir() -> Traversable:
    """The folder of bundled images and sounds (top-level `sprites/`)."""
    return resources.files("cardtable._sprites")


def cardset_path(name: str) -> Path:
    """The file of a bundled card set by its name (`standard52` -> cards/standard52.yaml)."""
    return Path(str(cards_dir().joinpath(f"{name}.yaml")))


def bot_plan_path(name: str) -> Path:
    """A bot's data file by name (`risugeon_plan` -> cards/bots/risugeon_plan.yaml)."""
    return Path(str(cards_dir().joinpath("bots", f"{name}.yaml")))


def schema_path() -> Path:
    """The draft-07 JSON Schema every card set file is validated against."""
    return Path(str(cards_dir().joinpath("cardset.schema.json")))


def faces_dir() -> Path:
    """The folder of bundled card face templates (`cards/faces/`), one per game template."""
    return Path(str(cards_dir().joinpath("faces")))


def faces_schema_path() -> Path:
    """The draft-07 JSON Schema of card face templates (`cards/faces.schema.json`)."""
    return Path(str(cards_dir().joinpath("faces.schema.json")))


def bundled_cardsets() -> list[Path]:
    """Every bundled card set file, sorted by name."""
    folder = cards_dir()
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))


# The one font of the table and of the report's plots: Noto Sans CJK JP, from the PyPI package
# `noto-cjk-sans-jp-regular` (OFL-1.1; its licence beside cardtable/ui/fonts.py).
FONT_PACKAGE = "noto_cjk_sans_jp_regular"
FONT_FILE = "NotoSansCJKjp-Regular.otf"


def font_source() -> Path | bytes:
    """The bundled font as a file path, or as bytes when it sits inside a zip and has no path."""
    traversable = resources.files(FONT_PACKAGE).joinpath(FONT_FILE)
    path = Path(str(traversable))
    if path.is_file():
        return path
    return traversable.read_bytes()

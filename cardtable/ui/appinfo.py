"""What `cardtable --version` and the About screen tell: the version with the library versions, the
licences of what every build ships, and where the user's saves, settings and logs are kept.

pygame is imported only when a version is asked for, so the command line stays free of it otherwise.
"""

from __future__ import annotations

import platform
import sys

from .. import __version__
from ..persistence.files import user_folders
from .i18n import STRINGS

# (name, licence, i18n key of what it does here); all of these ship inside every build.
LIBRARIES: tuple[tuple[str, str, str], ...] = (
    ("pygame-ce", "GNU LGPL 2.1", "about.lib.pygame"),
    (
        "SDL 2, SDL_image, SDL_mixer, SDL_ttf, FreeType, HarfBuzz, media codecs",
        "zlib, FreeType, MIT, BSD, LGPL",
        "about.lib.sdl",
    ),
    ("PyYAML", "MIT", "about.lib.yaml"),
    ("platformdirs", "MIT", "about.lib.platformdirs"),
    ("jsonschema", "MIT", "about.lib.jsonschema"),
    ("jsonschema-specifications, referencing, rpds-py, attrs", "MIT", "about.lib.jsonschema_deps"),
    ("openpyxl, et-xmlfile", "MIT", "about.lib.openpyxl"),
    (
        "matplotlib, NumPy, contourpy, cycler, fonttools, kiwisolver, pyparsing, python-dateutil",
        "matplotlib licence (PSF-based), BSD, MIT, Apache 2.0",
        "about.lib.matplotlib",
    ),
    ("Python", "PSF License", "about.lib.python"),
)
FONT_LICENCE = "Noto Sans CJK JP: SIL Open Font License 1.1"


def font_copyright() -> str:
    """The font licence's copyright line ("Copyright (c) 2014-2021 Adobe ...")."""
    from .fonts import license_text

    for line in license_text().splitlines():
        if line.strip().lower().startswith("copyright"):
            return line.strip().rstrip(".")
    return ""


def library_versions() -> dict[str, str]:
    """pygame-ce, SDL and Python versions of the running app."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return {
        "pygame-ce": pygame.version.ver,
        "SDL": ".".join(str(n) for n in pygame.get_sdl_version()),
        "Python": platform.python_version(),
    }


def version_line() -> str:
    """`cardtable 0.1.0 (pygame-ce 2.5.8, SDL 2.32.10, Python 3.11.7)`."""
    versions = ", ".join(f"{name} {ver}" for name, ver in library_versions().items())
    return f"cardtable {__version__} ({versions})"


def version_report() -> str:
    """What `cardtable --version` prints: the version line, the user's folders and the licences."""
    folders = user_folders()
    frozen = " (built app)" if getattr(sys, "frozen", False) else ""
    lines = [
        version_line() + frozen,
        f"saves:    {folders.saves}",
        f"settings: {folders.settings}",
        f"logs:     {folders.logs}",
        f"card sets: {folders.cardsets}",
        "licences: cardtable MIT",
        f"          font {FONT_LICENCE}; {font_copyright()}",
    ]
    lines += [f"          {name}: {licence} ({STRINGS[key]['en']})" for name, licence, key in LIBRARIES]
    lines.append("The About screen in the app shows the font licence in full.")
    return "\n".join(lines)

"""User settings (language, sound, animation speed, window, the seats and names last set up) in the user
config folder, as JSON.

Unknown keys are dropped and bad values fall back to the default, so a hand-edited or older file
never stops the app from starting; a file that does not parse (or is not a file, or is too large) is
kept as settings.json.damaged.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..limits import MAX_SETTINGS_BYTES, FileRefused, read_limited
from .files import atomic_write_bytes, user_folders

LANGUAGES = ("en", "ja")
PAPERS = ("a4", "letter")  # the print sheets' paper sizes (cardtable/printing/sheet.py)
log = logging.getLogger("cardtable.settings")


@dataclass
class Settings:
    """Everything the Settings scene can change."""

    language: str = "en"
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0  # 0 = animations off; 2 = twice as fast
    # how long any seat may claim a Release (the same whoever holds what). 6 s, not 3: two new players
    # lost a winning Shot to the 3 s window (finding the discard, reading it and the seat key took them
    # longer); 6 s keeps the claim a race. A group that wants no race asks each in turn (claim_ask_each).
    claim_window_s: float = 6.0
    claim_ask_each: bool = False  # instead of the timed window, ask every person in turn, in private
    bot_delay_s: float = 0.5
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    paper: str = ""  # print-and-play paper, "a4" or "letter"; "" follows the locale
    names: list[str] = field(default_factory=list)  # the seats' names last typed at setup ("" = default)
    seat_kinds: list[str] = field(default_factory=list)  # who sat where last: "human" or a bot's name
    seat_count: int = 0  # how many seats the last game had (0: the setup's default)
    recent_sets: list[str] = field(default_factory=list)  # card set files opened lately, newest first
    # each game finished at the table is kept as a small playtest file for the balance report (opt-out)
    record_playtests: bool = True

    def clean(self) -> Settings:
        """Values clamped into their ranges."""
        self.language = self.language if self.language in LANGUAGES else "en"
        self.paper = self.paper if self.paper in PAPERS else ""
        self.volume = _clamp(self.volume, 0.0, 1.0, 0.7)
        self.animation_speed = _clamp(self.animation_speed, 0.0, 4.0, 1.0)
        self.claim_window_s = _clamp(self.claim_window_s, 1.0, 15.0, 6.0)
        self.bot_delay_s = _clamp(self.bot_delay_s, 0.0, 3.0, 0.5)
        w, h = self.window_size
        # an upper bound too: a hand-edited 10**9 would ask SDL for a window it cannot make
        self.window_size = (int(_clamp(w, 800, MAX_WINDOW, 1280)), int(_clamp(h, 500, MAX_WINDOW, 720)))
        self.names = [str(n)[:MAX_NAME] for n in self.names[:MAX_SEATS]]
        self.seat_kinds = [str(k)[:MAX_NAME] for k in self.seat_kinds[:MAX_SEATS]]
        self.seat_count = int(_clamp(self.seat_count, 0, MAX_SEATS, 0))
        self.recent_sets = [str(p) for p in self.recent_sets[:MAX_RECENT] if 0 < len(str(p)) <= MAX_PATH]
        return self

    def remember_set(self, path: str) -> None:
        """A card set file just opened goes first in the recent list (once; the oldest falls off)."""
        self.recent_sets = [path, *(p for p in self.recent_sets if p != path)][:MAX_RECENT]


MAX_WINDOW = 16384
MAX_SEATS = 6  # names kept for this many seats
MAX_NAME = 16  # characters of a kept name (the setup field's limit)
MAX_RECENT = 8  # recent card set files remembered
MAX_PATH = 4096  # characters of a remembered path


def _clamp(value: float, low: float, high: float, default: float) -> float:
    """`value` within [low, high]; NaN (which compares false with everything) becomes `default`."""
    value = float(value)
    if math.isnan(value):
        return default
    return min(high, max(low, value))


def settings_path() -> Path:
    """The settings file."""
    return user_folders().settings / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults; a damaged file is set aside, never deleted.

    Each value is taken only when it has the right type (a JSON number for a number, true/false for a
    switch: the text "false" is not taken as true) and is clamped into its range; anything else keeps
    its default. The file is read with the limits of cardtable/limits.py.
    """
    path = path or settings_path()
    try:
        raw: Any = json.loads(read_limited(path, MAX_SETTINGS_BYTES).decode("utf-8"))
    except FileRefused as exc:
        if str(exc) != "no such file":
            log.warning("settings not read: %s: %s", path, exc)
            _set_aside(path)
        return Settings()
    except (UnicodeDecodeError, ValueError, RecursionError):
        _set_aside(path)
        return Settings()
    settings = Settings()
    if isinstance(raw, dict):
        for field in fields(Settings):
            value = raw.get(field.name)
            default = getattr(settings, field.name)
            if field.name == "window_size":
                if isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value):
                    settings.window_size = (
                        _clamp(value[0], 0, MAX_WINDOW, 1280),
                        _clamp(value[1], 0, MAX_WINDOW, 720),
                    )
            elif field.name in ("names", "seat_kinds", "recent_sets"):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    setattr(settings, field.name, list(value))
            elif isinstance(default, int) and not isinstance(default, bool):
                if isinstance(value, int) and not isinstance(value, bool):
                    setattr(settings, field.name, value)
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(settings, field.name, value)
            elif isinstance(default, float):
                if _is_number(value):
                    setattr(settings, field.name, float(value))
            elif isinstance(default, str):
                if isinstance(value, str):
                    setattr(settings, field.name, value)
    return settings.clean()


def _is_number(value: Any) -> bool:
    """A JSON number that is finite as a float (10**400 is not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _set_aside(path: Path) -> None:
    """Keep a damaged settings file as settings.json.damaged for inspection (never delete it)."""
    try:
        path.replace(path.with_name(path.name + ".damaged"))
    except OSError as exc:
        log.warning("could not set %s aside: %s", path, exc)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    data = asdict(settings.clean())
    data["window_size"] = list(settings.window_size)
    atomic_write_bytes(path or settings_path(), json.dumps(data, indent=1).encode("utf-8"))

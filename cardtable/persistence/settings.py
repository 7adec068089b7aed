"""User settings (language, sound, animation speed, window) in the user config folder, as JSON.

Unknown keys are dropped and bad values fall back to the default, so a hand-edited or older file
never stops the app from starting; a file that does not parse is kept as settings.json.damaged.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .files import atomic_write_bytes, user_folders

LANGUAGES = ("en", "ja")


@dataclass
class Settings:
    """Everything the Settings scene can change."""

    language: str = "en"
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0  # 0 = animations off; 2 = twice as fast
    claim_window_s: float = 3.0  # how long any seat may claim a Release (the same whoever holds what)
    bot_delay_s: float = 0.5
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)

    def clean(self) -> Settings:
        """Values clamped into their ranges."""
        self.language = self.language if self.language in LANGUAGES else "en"
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.animation_speed = min(4.0, max(0.0, float(self.animation_speed)))
        self.claim_window_s = min(15.0, max(1.0, float(self.claim_window_s)))
        self.bot_delay_s = min(3.0, max(0.0, float(self.bot_delay_s)))
        w, h = self.window_size
        self.window_size = (max(800, int(w)), max(500, int(h)))
        return self


def settings_path() -> Path:
    """The settings file."""
    return user_folders().settings / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults; a damaged file is set aside, never deleted."""
    path = path or settings_path()
    try:
        raw: Any = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return Settings()
    except (UnicodeDecodeError, json.JSONDecodeError):
        path.replace(path.with_name(path.name + ".damaged"))
        return Settings()
    settings = Settings()
    if isinstance(raw, dict):
        for field in fields(Settings):
            if field.name in raw:
                value = raw[field.name]
                try:
                    if field.name == "window_size":
                        value = (int(value[0]), int(value[1]))
                    elif isinstance(getattr(settings, field.name), bool):
                        value = bool(value)
                    elif isinstance(getattr(settings, field.name), float):
                        value = float(value)
                    elif isinstance(getattr(settings, field.name), str):
                        value = str(value)
                except (TypeError, ValueError, IndexError):
                    continue
                setattr(settings, field.name, value)
    return settings.clean()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    data = asdict(settings.clean())
    data["window_size"] = list(settings.window_size)
    atomic_write_bytes(path or settings_path(), json.dumps(data, indent=1).encode("utf-8"))

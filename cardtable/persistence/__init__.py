"""Keeping work: saves (seed + moves + digest), settings and folders. Pure Python, no pygame."""

from .files import atomic_write_bytes, user_folders
from .saves import SaveError, load_game, save_game, save_to_dict

__all__ = ["SaveError", "atomic_write_bytes", "load_game", "save_game", "save_to_dict", "user_folders"]

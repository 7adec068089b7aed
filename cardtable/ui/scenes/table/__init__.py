"""The shared table: one scene every game's table builds on (scene.py), with its parts in modules of
their own: layout (piles), drag (gestures), moves (the gesture-to-move mapper), menu, dice, privacy,
log (words) and overlay (buttons and what is drawn over the cards); spec holds what a game declares
(drop areas, click areas, buttons)."""

from .layout import Pile, Placement
from .moves import canonical, find_moves, moves_with
from .scene import TableScene, event_key
from .spec import ButtonSpec, ClickArea, DropArea

__all__ = [
    "ButtonSpec",
    "ClickArea",
    "DropArea",
    "Pile",
    "Placement",
    "TableScene",
    "canonical",
    "event_key",
    "find_moves",
    "moves_with",
]

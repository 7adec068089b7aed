"""What a game's table declares, as data: the places cards can be dropped and the moves a drop there
means, the piles a click acts on, and the buttons with their keys. The shared table derives from them
the highlights while dragging, the move a gesture means (whichever copy was picked up), the refusal
reason when none fits, the chooser when several do, and which buttons show."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ....rules.actions import Action


@dataclass(frozen=True)
class DropArea:
    """A place held cards can be dropped on, and which moves a drop there means."""

    name: str
    rect: pygame.Rect
    kinds: tuple[str, ...]  # the move kinds a drop here may mean ("release", "equip"...)
    target: str | None = None  # the moves' target must be this (a slot, a meld); None = any
    refuse: str | None = None  # the kind whose refusal reason is shown when nothing fits (default: first)


@dataclass(frozen=True)
class ClickArea:
    """A pile or place that acts when clicked (the Mana Source draws)."""

    name: str
    rect: pygame.Rect
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class ButtonSpec:
    """A button, shown while one of its moves is legal. With `selection`, it acts on the selected
    cards (clicked ones); with nothing selected, or when its moves take no cards, it offers them all
    (one is made at once, several open the chooser)."""

    kinds: tuple[str, ...]
    label: str  # a text key (cardtable/ui/i18n.py, or the game's words)
    key: int | None = None  # its keyboard shortcut
    selection: bool = False
    target: str | None = None  # only its moves with this target (one button per choice of a move)

    def offers(self, action: Action) -> bool:
        """Whether this button makes `action`."""
        return action.kind in self.kinds and (self.target is None or action.target == self.target)

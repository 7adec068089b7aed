"""Animations: cards sliding, flipping, dealing out and riffling, played from the engine's events.

Rules code never animates: after each action the table computes where every sprite must end (from the
new view) and where it starts (its old place, or the pile the event says it came from), and these
tweens move it there. When the queue drains every sprite sits exactly where the view says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .sprites import CardSprite

SLIDE_S = 0.28
FLIP_S = 0.22
RIFFLE_S = 0.9


def ease_out(t: float) -> float:
    """Fast start, soft landing."""
    return 1 - (1 - t) ** 3


@dataclass
class Tween:
    """Move one sprite from a start to an end position after a delay, flipping it if its face changes."""

    sprite: CardSprite
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    flip_to: bool | None = None  # the face to show after the flip (None: no flip)
    arc: float = 0.0  # a lift in pixels at mid-flight (riffles and deals)
    via: tuple[float, float] | None = None  # a point passed on the way (a riffle's half-deck split)
    elapsed: float = 0.0

    def step(self, dt: float) -> bool:
        """Advance; True while still running."""
        self.elapsed += dt
        t = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
        if t <= 0:
            self.sprite.x, self.sprite.y = self.start
            return True
        t = min(1.0, t)
        if self.via is not None:  # out to the split point, then into the pile
            a, b, u = (self.start, self.via, t * 2) if t < 0.5 else (self.via, self.end, t * 2 - 1)
            e = ease_out(u)
            self.sprite.x = a[0] + (b[0] - a[0]) * e
            self.sprite.y = a[1] + (b[1] - a[1]) * e - self.arc * math.sin(math.pi * t)
        else:
            e = ease_out(t)
            self.sprite.x = self.start[0] + (self.end[0] - self.start[0]) * e
            self.sprite.y = (
                self.start[1] + (self.end[1] - self.start[1]) * e - self.arc * math.sin(math.pi * t)
            )
        if self.flip_to is not None:
            if t < 0.5:
                self.sprite.squash = max(0.05, 1 - 2 * t)
                self.sprite.face_up = not self.flip_to
            else:
                self.sprite.squash = min(1.0, 2 * t - 1)
                self.sprite.face_up = self.flip_to
        return t < 1.0

    def finish(self) -> None:
        """Jump to the end."""
        self.sprite.x, self.sprite.y = self.end
        self.sprite.squash = 1.0
        if self.flip_to is not None:
            self.sprite.face_up = self.flip_to


class Animator:
    """The running tweens; `speed` scales time (0 = animations off: everything lands at once)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.tweens: list[Tween] = []

    @property
    def busy(self) -> bool:
        """Whether anything is still moving."""
        return bool(self.tweens)

    def add(self, tween: Tween) -> None:
        """Start a tween (or land it at once when animations are off)."""
        if self.speed <= 0:
            tween.finish()
            return
        self.tweens = [t for t in self.tweens if t.sprite is not tween.sprite]
        self.tweens.append(tween)

    def update(self, dt: float) -> bool:
        """Advance every tween; True if anything moved."""
        if not self.tweens:
            return False
        scaled = dt * self.speed
        running = []
        for tween in self.tweens:
            if tween.step(scaled):
                running.append(tween)
            else:
                tween.finish()
        self.tweens = running
        return True

    def finish_all(self) -> None:
        """Land everything now (skip)."""
        for tween in self.tweens:
            tween.finish()
        self.tweens.clear()

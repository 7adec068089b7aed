"""Dice you can watch: a die thrown across the table tumbles, bounces and settles on the face the rules
already rolled (the DiceRolled event). The animation only shows the outcome; it never decides it.

Faces are drawn once per size (rounded square, pips) and cached; in flight the die shows passing faces
and a few cached tilts, so a roll costs a handful of blits per frame, like a sliding card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ..rules.rng import Rng
from .sprites import CardSprite

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
ROLL_S = 1.1
TILTS = (0, 18, 36, 54, 72)
_FACES: dict[tuple[int, int, int], pygame.Surface] = {}


def die_face(face: int, size: int, tilt: int = 0) -> pygame.Surface:
    """A die showing `face` (1-6; other numbers written as digits), `size` pixels, turned by `tilt` degrees."""
    key = (face, size, tilt)
    surface = _FACES.get(key)
    if surface is None:
        flat = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(flat, (250, 246, 236), flat.get_rect(), border_radius=size // 5)
        pygame.draw.rect(flat, (60, 60, 60), flat.get_rect(), max(1, size // 24), border_radius=size // 5)
        red = face == 1  # the one pip is red, as on Japanese dice
        for fx, fy in PIPS.get(face, []):
            radius = size // (5 if red else 10)
            pygame.draw.circle(
                flat, (200, 30, 40) if red else (30, 30, 30), (int(fx * size), int(fy * size)), radius
            )
        if face not in PIPS:
            from .fonts import get_font

            text = get_font(size // 2, True).render(str(face), True, (30, 30, 30))
            flat.blit(text, text.get_rect(center=(size // 2, size // 2)))
        surface = pygame.transform.rotate(flat, tilt) if tilt else flat
        _FACES[key] = surface
    return surface


@dataclass
class DiceRoll:
    """One throw of one or more dice from `start` to `end`, landing on `results`."""

    results: tuple[int, ...]
    start: tuple[float, float]
    end: tuple[float, float]
    size: int
    seed: int = 0
    elapsed: float = 0.0
    sprites: list[CardSprite] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wobble = Rng(self.seed)  # the tumbling's look only; the result is fixed already
        for index, _ in enumerate(self.results):
            self.sprites.append(
                CardSprite(
                    ("die", index),
                    -1,
                    True,
                    self.start[0],
                    self.start[1],
                    self.size,
                    z=900 + index,
                    image=die_face(1, self.size),
                )
            )

    @property
    def done(self) -> bool:
        """Whether every die has settled."""
        return self.elapsed >= ROLL_S

    def step(self, dt: float) -> None:
        """Advance the throw: travel with decaying bounces, passing faces, settling on the result."""
        self.elapsed = min(ROLL_S, self.elapsed + dt)
        t = self.elapsed / ROLL_S
        travel = 1 - (1 - t) ** 2
        bounce = abs(math.sin(t * math.pi * 3)) * (1 - t) ** 1.5 * self.size * 1.6
        for index, (sprite, result) in enumerate(zip(self.sprites, self.results, strict=True)):
            spread = (index - (len(self.results) - 1) / 2) * self.size * 1.3
            sprite.x = self.start[0] + (self.end[0] + spread - self.start[0]) * travel
            sprite.y = self.start[1] + (self.end[1] - self.start[1]) * travel - bounce
            if t >= 0.85:
                sprite.image = die_face(result, self.size)
            else:
                face = 1 + self.wobble.below(6)
                sprite.image = die_face(face, self.size, TILTS[self.wobble.below(len(TILTS))])

"""The seeded, saveable random generator every game draws from.

Versioned so that a save names the algorithm that made it. Shuffles and dice rolls are built on
`random()` alone, so the whole generator state is one integer that round-trips through JSON, and
Python's own `random` module (whose algorithms may change between versions) is never involved.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

RNG_VERSION = "splitmix64-v1"
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny state, good statistical quality for games, identical on every platform."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        # constants written out (the golden-ratio step, the 64-bit mask, 2**-53): every shuffled card
        # and every random choice asks
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * 1.1102230246251565e-16

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        return int(self.random() * n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        # `random()` written out, the state kept in a local: a call per card was half the shuffle's
        # time (every deal, every reshuffle). The same numbers in the same order as `random()`.
        z = state = self.state
        for i in range(len(items) - 1, 0, -1):
            z = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = int(((z ^ (z >> 31)) >> 11) * 1.1102230246251565e-16 * (i + 1))
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        # `random()` written out (every random bot's move asks): the same number as it gives
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return items[int(((z ^ (z >> 31)) >> 11) * 1.1102230246251565e-16 * len(items))]

    def roll(self, sides: int = 6) -> int:
        """One die: 1..sides."""
        return int(self.random() * sides) + 1

    def to_dict(self) -> dict[str, object]:
        """The saveable state, with the algorithm's version."""
        return {"version": RNG_VERSION, "state": self.state}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rng:
        """Restore a saved generator; refuses a different algorithm version."""
        if data.get("version") != RNG_VERSION:
            raise ValueError(f"saved rng version {data.get('version')!r} is not {RNG_VERSION!r}")
        rng = cls()
        rng.state = int(data["state"])  # type: ignore[arg-type]
        return rng

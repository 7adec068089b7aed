"""A stand-in for `pygame.time.Clock` in table tests: time passes by frames, never by the wall clock."""

from __future__ import annotations


class SteppedClock:
    """Stands in for `pygame.time.Clock` (the app's only source of time): every frame lasts `step_ms`
    and nothing sleeps, so a timed window runs out after a known number of frames, however slow or
    busy the machine is."""

    def __init__(self, step_ms: int = 20) -> None:
        self.step_ms = step_ms
        self.ticks = 0

    def tick(self, framerate: float = 0) -> int:
        """One frame: its length in milliseconds (the real clock would sleep to cap `framerate`)."""
        self.ticks += 1
        return self.step_ms

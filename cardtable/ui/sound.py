"""The table's sounds, synthesised by the project (no downloaded audio): slide, shuffle (a riffle),
claim, ignite, blast, dice, click.

Each sound is short PCM made with math and wrapped as a WAV in memory (pygame reads raw buffers in the
mixer's own format, so a WAV header is the reliable way in). With no audio device the app gets a
SilentBank with the same interface, so no caller ever checks whether sound works.
"""

from __future__ import annotations

import io
import logging
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
log = logging.getLogger("cardtable.sound")


def _envelope(t: float, attack: float, decay: float) -> float:
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def _render(seconds: float, sample: Callable[[float, int], float]) -> list[float]:
    return [sample(i / RATE, i) for i in range(int(seconds * RATE))]


def _noise_burst(seconds: float, decay: float, seed: int, tone: float = 0.0) -> list[float]:
    noise = random.Random(seed)
    low = 0.0
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        low += 0.25 * (noise.uniform(-1, 1) - low)  # a soft low-pass: paper, not hiss
        value = low * _envelope(t, 0.003, decay)
        if tone:
            value += 0.3 * math.sin(2 * math.pi * tone * t) * _envelope(t, 0.002, decay / 2)
        out.append(value)
    return out


def slide() -> list[float]:
    """A card sliding on felt."""
    return _noise_burst(0.16, 0.05, 1)


def shuffle() -> list[float]:
    """A riffle: many quick card flicks, faster towards the end."""
    out = [0.0] * int(0.75 * RATE)
    flick = _noise_burst(0.02, 0.004, 2, tone=2400)
    t = 0.0
    step = 0.03
    index = 0
    while t < 0.7:
        start = int(t * RATE)
        for i, v in enumerate(flick):
            if start + i < len(out):
                out[start + i] += v * (0.6 + 0.4 * (index % 2))
        t += step
        step = max(0.012, step * 0.95)
        index += 1
    return out


def claim() -> list[float]:
    """Two bright notes: a claim shouted at the table."""
    return _render(0.22, lambda t, i: 0.5 * math.sin(2 * math.pi * (660 if t < 0.09 else 880) * t)
                   * _envelope(t % 0.09 if t < 0.09 else t - 0.09, 0.004, 0.06))


def ignite() -> list[float]:
    """A rising chime for an Ignite."""
    return _render(0.6, lambda t, i: 0.45 * sum(math.sin(2 * math.pi * f * (1 + t * 0.3) * t) for f in (523, 659, 784))
                   / 3 * _envelope(t, 0.01, 0.25))


def blast() -> list[float]:
    """A low boom with a shimmer for a Blast."""
    noise = _noise_burst(0.9, 0.25, 3)
    return [0.6 * math.sin(2 * math.pi * (90 - 40 * t) * t) * _envelope(t, 0.005, 0.3) + 0.4 * n
            for t, n in ((i / RATE, n) for i, n in enumerate(noise))]


def dice() -> list[float]:
    """A die tumbling: clicks that come closer together and softer."""
    out = [0.0] * int(0.8 * RATE)
    click = _render(0.012, lambda t, i: math.sin(2 * math.pi * 1800 * t) * _envelope(t, 0.0005, 0.003))
    t, gap, loud = 0.0, 0.12, 0.9
    while t < 0.75 and loud > 0.05:
        start = int(t * RATE)
        for i, v in enumerate(click):
            if start + i < len(out):
                out[start + i] += v * loud
        t += gap
        gap *= 0.72
        loud *= 0.8
    return out


def click() -> list[float]:
    """A short UI click."""
    return _render(0.03, lambda t, i: 0.4 * math.sin(2 * math.pi * 1200 * t) * _envelope(t, 0.001, 0.008))


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "slide": slide, "shuffle": shuffle, "claim": claim, "ignite": ignite, "blast": blast, "dice": dice,
    "click": click,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit stereo 44.1 kHz WAV of the samples (clipped to [-1, 1])."""
    frames = bytearray()
    for value in samples:
        level = int(max(-1.0, min(1.0, value)) * 32000)
        frames += struct.pack("<hh", level, level)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return buffer.getvalue()


def write_wavs(folder: Path) -> list[Path]:
    """Every sound as a .wav file, for listening to them."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        path.write_bytes(wav_bytes(make()))
        paths.append(path)
    return paths


class SilentBank:
    """The sound bank when there is no audio device: every call does nothing."""

    volume = 0.0
    muted = True

    def play(self, name: str) -> None:
        """Play nothing."""

    def set_volume(self, volume: float) -> None:
        """Nothing to set."""

    def set_muted(self, muted: bool) -> None:
        """Nothing to mute."""


class SoundBank:
    """The synthesised sounds, made on first use, with one volume and a mute switch."""

    def __init__(self, volume: float, muted: bool) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, object] = {}

    def _get(self, name: str) -> object | None:
        import pygame

        if name not in SOUNDS:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            sound = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(SOUNDS[name]())))
            self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play a sound by name (unknown names and a muted bank are silent)."""
        if self.muted or self.volume <= 0:
            return
        sound = self._get(name)
        if sound is not None:
            sound.set_volume(self.volume)  # type: ignore[attr-defined]
            sound.play()  # type: ignore[attr-defined]

    def set_volume(self, volume: float) -> None:
        """0..1."""
        self.volume = max(0.0, min(1.0, volume))

    def set_muted(self, muted: bool) -> None:
        """Silence everything, keeping the volume."""
        self.muted = muted


def open_sound_bank(volume: float, muted: bool) -> SoundBank | SilentBank:
    """A working bank, or a SilentBank when the mixer cannot start (no audio device)."""
    import pygame

    try:
        pygame.mixer.pre_init(RATE, -16, 2, 512)
        pygame.mixer.init()
    except pygame.error as exc:
        log.info("no sound: %s", exc)
        return SilentBank()
    return SoundBank(volume, muted)

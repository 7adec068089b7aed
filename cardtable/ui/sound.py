"""The table's sounds, made by the project: synthesized in code, so nothing is downloaded or licensed.

Each sound is short mono PCM computed with `math` and seeded noise (the same bytes on every run), then
wrapped in a WAV container in memory before pygame reads it: `Sound(buffer=...)` would take the raw
bytes in the mixer's own format and play a 60 ms clip as 15 ms.

`open_sound_bank()` starts the mixer and returns a `SoundBank`; when there is no audio device it
returns a `SilentBank` with the same interface, so scenes call `sounds.play("slide")` and never check.
`write_wavs(folder)` writes every sound to disk for listening to them.
"""

from __future__ import annotations

import io
import logging
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

RATE = 44100
log = logging.getLogger("cardtable.sound")

# Every sound the table plays, with its length in seconds.
DURATIONS: dict[str, float] = {
    "slide": 0.20,
    "shuffle": 0.95,
    "claim": 0.42,
    "ignite": 0.60,
    "blast": 0.90,
    "dice": 0.75,
    "click": 0.035,
}
SOUND_NAMES: tuple[str, ...] = tuple(DURATIONS)


# --- building blocks -----------------------------------------------------------------------------


def _samples(name: str) -> int:
    return round(DURATIONS[name] * RATE)


def _noise(n: int, rng: random.Random) -> list[float]:
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def _lowpass(signal: list[float], cutoff_hz: float) -> list[float]:
    """A one-pole low-pass: the dull, papery part of a noise."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / RATE)
    y = 0.0
    out = []
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def _highpass(signal: list[float], cutoff_hz: float) -> list[float]:
    low = _lowpass(signal, cutoff_hz)
    return [x - lo for x, lo in zip(signal, low, strict=True)]


def _add(target: list[float], sound: list[float], start: int, gain: float = 1.0) -> None:
    """Mix `sound` into `target` from sample `start`, cutting what runs past the end."""
    end = min(len(target), start + len(sound))
    for i in range(max(0, start), end):
        target[i] += sound[i - start] * gain


def _tick(rng: random.Random, length_s: float, tone_hz: float, brightness: float) -> list[float]:
    """One short knock: a decaying tone with a burst of noise on the attack (card edge, die on wood)."""
    n = max(1, round(length_s * RATE))
    # Exponential decays advance by one multiplication per sample instead of an exp() each.
    fall = math.exp(-5.0 / n)
    fall_noise = fall**3
    phase = rng.uniform(0, math.tau)
    step = math.tau * tone_hz / RATE
    tone_gain = 1.0 - brightness
    r = rng.random
    sin = math.sin
    env = 1.0
    env_noise = brightness
    out = []
    for i in range(n):
        out.append(env * tone_gain * sin(phase + step * i) + env_noise * (2.0 * r() - 1.0))
        env *= fall
        env_noise *= fall_noise
    return out


def _fade(signal: list[float], fade_in_s: float = 0.002, fade_out_s: float = 0.01) -> list[float]:
    """Short fades at both ends, so no sound starts or stops with a click of its own."""
    n = len(signal)
    fi = max(1, min(n // 2, round(fade_in_s * RATE)))
    fo = max(1, min(n // 2, round(fade_out_s * RATE)))
    for i in range(fi):
        signal[i] *= i / fi
    for i in range(fo):
        signal[n - 1 - i] *= i / fo
    return signal


def _normalise(signal: list[float], peak: float) -> list[float]:
    top = max((abs(x) for x in signal), default=0.0) or 1.0
    return [x * peak / top for x in signal]


# --- the sounds ----------------------------------------------------------------------------------


def _slide(rng: random.Random) -> list[float]:
    """A card pushed across the felt: soft band-limited noise that swells and fades."""
    n = _samples("slide")
    body = _highpass(_lowpass(_noise(n, rng), 2600.0), 300.0)
    return [x * math.sin(math.pi * i / n) ** 1.5 for i, x in enumerate(body)]


def _shuffle(rng: random.Random) -> list[float]:
    """A riffle: dozens of card edges flicking, fast in the middle, and a soft bridge at the end."""
    n = _samples("shuffle")
    out = [0.0] * n
    riffle_end = 0.75
    t = 0.02
    while t < riffle_end:
        progress = t / riffle_end
        # The thumbs release cards slowly, then quickly, then slowly again.
        t += 0.007 + 0.016 * (2 * progress - 1) ** 2 + rng.uniform(0, 0.003)
        tick = _highpass(_tick(rng, 0.018, rng.uniform(2500, 4200), 0.85), 800.0)
        _add(out, tick, round(t * RATE), rng.uniform(0.5, 1.0))
    bed = _lowpass(_noise(n, rng), 1800.0)
    for i in range(n):
        s = i / RATE
        env = 0.25 * math.sin(math.pi * min(1.0, s / riffle_end)) if s < riffle_end else 0.0
        # The bridge: the cards cascade back together.
        if s >= riffle_end:
            env = 0.6 * math.exp(-(s - riffle_end) * 18)
        out[i] += bed[i] * env
    return out


def _claim(rng: random.Random) -> list[float]:
    """A bright two-note chime for taking a card or a trick."""
    n = _samples("claim")
    out = [0.0] * n
    for start_s, freq in ((0.0, 880.0), (0.09, 1318.5)):
        start = round(start_s * RATE)
        for i in range(start, n):
            t = (i - start) / RATE
            env = math.exp(-t * 9) * min(1.0, t / 0.004)
            out[i] += env * (
                math.sin(math.tau * freq * t)
                + 0.35 * math.sin(math.tau * 2 * freq * t)
                + 0.12 * math.sin(math.tau * 3.01 * freq * t)
            )
    return out


def _ignite(rng: random.Random) -> list[float]:
    """A spark catching: a rising whoosh of noise with crackles."""
    n = _samples("ignite")
    raw = _noise(n, rng)
    out = []
    y = 0.0
    for i, x in enumerate(raw):
        p = i / n
        # The filter opens as the flame takes, which is what makes it rise.
        a = 1.0 - math.exp(-2.0 * math.pi * (300 + 5000 * p**1.5) / RATE)
        y += a * (x - y)
        env = min(1.0, p / 0.55) * (1.0 if p < 0.7 else math.exp(-(p - 0.7) * 12))
        out.append(y * env)
    for _ in range(14):
        at = rng.uniform(0.1, 0.85)
        _add(out, _tick(rng, 0.006, rng.uniform(1500, 3500), 0.9), round(at * n), rng.uniform(0.3, 0.8))
    return out


def _blast(rng: random.Random) -> list[float]:
    """An explosion: a sharp crack, a falling low thump and a long rumble."""
    n = _samples("blast")
    rumble = _lowpass(_lowpass(_noise(n, rng), 700.0), 500.0)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        freq = 40 + 90 * math.exp(-t * 12)
        phase += math.tau * freq / RATE
        thump = math.sin(phase) * math.exp(-t * 6)
        out.append(thump * 0.8 + rumble[i] * 6.0 * math.exp(-t * 4.5) * min(1.0, t / 0.003))
    _add(out, _highpass(_tick(rng, 0.04, 300.0, 1.0), 1200.0), 0, 0.9)
    return out


def _dice(rng: random.Random) -> list[float]:
    """Dice tumbling from the hand and bouncing to rest: knocks closer and softer each time."""
    n = _samples("dice")
    out = [0.0] * n
    for die in range(2):
        t = 0.01 + die * 0.025
        gap = 0.11 + rng.uniform(0, 0.02)
        gain = 1.0
        while t < DURATIONS["dice"] - 0.05 and gain > 0.05:
            knock = _tick(rng, 0.03, rng.uniform(1400, 2600), 0.45)
            _add(out, knock, round(t * RATE), gain)
            t += gap
            # Each bounce is lower, so the next one comes sooner and lands softer.
            gap *= 0.78
            gain *= 0.8
    return _highpass(out, 200.0)


def _click(rng: random.Random) -> list[float]:
    """A button press."""
    n = _samples("click")
    out = []
    for i in range(n):
        t = i / RATE
        out.append(math.exp(-t * 220) * (math.sin(math.tau * 1900 * t) * 0.8 + rng.uniform(-0.2, 0.2)))
    return out


_MAKERS: dict[str, Callable[[random.Random], list[float]]] = {
    "slide": _slide,
    "shuffle": _shuffle,
    "claim": _claim,
    "ignite": _ignite,
    "blast": _blast,
    "dice": _dice,
    "click": _click,
}

# Loudness of each sound relative to full scale, so none jumps out over the others.
_PEAKS = {
    "slide": 0.45,
    "shuffle": 0.55,
    "claim": 0.45,
    "ignite": 0.6,
    "blast": 0.85,
    "dice": 0.6,
    "click": 0.35,
}


def synthesize(name: str) -> array:
    """The named sound as signed 16-bit mono samples at `RATE`."""
    maker = _MAKERS[name]
    # Seeded by name, so a sound is the same on every run and machine.
    signal = maker(random.Random(f"cardtable-sound-{name}"))
    signal = _fade(_normalise(signal, _PEAKS[name]))
    # After _normalise every sample is within +-1, so no clipping is needed.
    return array("h", [int(x * 32767.0) for x in signal])


@cache
def wav_bytes(name: str) -> bytes:
    """The named sound as a complete WAV file in memory."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        samples = synthesize(name)
        # WAV is little-endian; array writes in the machine's own order.
        if sys.byteorder == "big":
            samples.byteswap()
        wav.writeframes(samples.tobytes())
    return buffer.getvalue()


def write_wavs(folder: str | Path) -> list[Path]:
    """Write every sound as `<name>.wav` into `folder` (created if needed); returns the files."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUND_NAMES:
        path = target / f"{name}.wav"
        path.write_bytes(wav_bytes(name))
        written.append(path)
    return written


# --- playing them --------------------------------------------------------------------------------


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))


class _Controls:
    """Volume and mute, shared by SoundBank and SilentBank so both answer the same calls."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self.muted = bool(muted)
        self._unknown: set[str] = set()

    @property
    def volume(self) -> float:
        """Loudness from 0 (silent) to 1 (full)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.set_volume(value)

    def set_volume(self, volume: float) -> None:
        """Set the loudness, clamped to 0..1."""
        self._volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        """Silence everything, keeping the volume for when sound comes back."""
        self.muted = bool(muted)

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns whether the bank is now muted."""
        self.set_muted(not self.muted)
        return self.muted

    def _known(self, name: str) -> bool:
        # A scene asking for a sound we do not have must not stop the game: say so once, then hush.
        if name in DURATIONS:
            return True
        if name not in self._unknown:
            self._unknown.add(name)
            log.warning("no sound named %r (known: %s)", name, ", ".join(SOUND_NAMES))
        return False


class SoundBank(_Controls):
    """The table's sounds in the mixer, with one volume and a mute switch.

    Each sound is synthesized the first time it is played (or by `preload()`), so opening the bank
    costs nothing at start-up; `sounds` lets a caller hand in ready ones.
    """

    def __init__(
        self, volume: float = 0.8, muted: bool = False, sounds: dict[str, pygame.mixer.Sound] | None = None
    ) -> None:
        super().__init__(volume, muted)
        self._sounds: dict[str, pygame.mixer.Sound] = dict(sounds or {})

    def _get(self, name: str) -> pygame.mixer.Sound:
        sound = self._sounds.get(name)
        if sound is None:
            sound = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))
            self._sounds[name] = sound
        return sound

    def preload(self) -> None:
        """Make every sound now (about 0.15 s), e.g. once the first frame is on screen."""
        for name in SOUND_NAMES:
            self._get(name)

    def play(self, name: str) -> None:
        """Play a sound by name; muted, silent or unknown names play nothing."""
        if not self._known(name) or self.muted or self._volume <= 0:
            return
        sound = self._get(name)
        sound.set_volume(self._volume)
        sound.play()


class SilentBank(_Controls):
    """Stands in for SoundBank when there is no audio device: same calls, no sound."""

    def preload(self) -> None:
        """Nothing to load."""

    def play(self, name: str) -> None:
        """Play nothing (unknown names are still reported, as SoundBank does)."""
        self._known(name)


def open_sound_bank(volume: float = 0.8, muted: bool = False) -> SoundBank | SilentBank:
    """Start the mixer and return the bank; a SilentBank when there is no working audio."""
    try:
        if not pygame.mixer.get_init():
            # Small buffer: a card's slide should sound when it moves, not a tenth of a second later.
            pygame.mixer.pre_init(RATE, -16, 2, 512)
            pygame.mixer.init()
    except pygame.error as exc:
        log.info("no sound: %s", exc)
        return SilentBank(volume, muted)
    return SoundBank(volume, muted)

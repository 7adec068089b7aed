"""Resolving effects: the queue of frames a game keeps in its state, prompts, and the context an effect sees.

A game keeps a queue of *frames* (an effect plus who resolves it: seat, source card and the card it
counts as) in its state and runs it with a `Resolver`. Most effects finish at once through a *host*,
the game's object that knows zones and counters. An effect that needs a decision returns a `Prompt`;
`bridge.py` turns it into the game's pending decision and its legal actions, and an answer back into
`Resolver.answer`, one pick at a time. Shared machinery a game may use: a Prompt can name the seat that
decides (`Prompt.seat`), frames carry extra keys (`Resolver.push(..., extra=)`), an `_after` frame
finishes with a card once its effects are done, and `Resolver.cancel` lets a card fizzle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .vocabulary import EffectData, copy_data

if TYPE_CHECKING:
    from .vocabulary import Vocabulary


@dataclass(frozen=True)
class Prompt:
    """A decision an effect waits for.

    `kind` is the action kind that answers it (`pick`, `return`, `discard`, `imitate`); each answer is
    one option (a card id, or a card code when `by_code`). `done` is allowed once `picked >= low`; the
    effect ends by itself when `picked == high` or no option is left. `seat` names who decides when it
    is not the seat resolving the effect (the defender of a damage event chooses its counter card).
    """

    kind: str
    low: int
    high: int
    picked: int = 0
    by_code: bool = False
    text: str = ""
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (a game keeps it in its pending decision)."""
        out = {
            "kind": self.kind,
            "low": self.low,
            "high": self.high,
            "picked": self.picked,
            "by_code": self.by_code,
            "text": self.text,
        }
        if self.seat is not None:
            out["seat"] = self.seat
        return out


class Context:
    """What a running effect sees: its frame (the effect, seat, source, progress), the host, the resolver."""

    __slots__ = ("frame", "host", "resolver")

    def __init__(self, frame: dict[str, Any], host: Any, resolver: Resolver) -> None:
        self.frame, self.host, self.resolver = frame, host, resolver

    @property
    def seat(self) -> int:
        """The seat resolving the effect."""
        return int(self.frame["seat"])

    @property
    def source(self) -> int:
        """The card the effect comes from (-1 for none)."""
        return int(self.frame.get("source", -1))

    @property
    def as_code(self) -> str:
        """The card code the source counts as while this effect resolves."""
        return str(self.frame.get("as", ""))


AFTER = "_after"
"""The op of a frame a game queues behind a card's effects, to finish with the card once they have all
resolved (a card used is discarded, a card that stays goes back). No YAML effect can be named so."""


class Resolver:
    """Runs a game's queue of effect frames (plain dicts the game keeps in its state), front first.

    A frame is an effect's data plus `seat`, `source` (card id) and `as` (the card code the source
    counts as). `run` resolves frames until one waits for a decision (its Prompt is returned, the frame
    stays at the front) or the queue is empty (None). A frame may carry extra keys a game adds when it
    queues it (`_bonus`: damage added by a Charge); an `_after` frame calls the host's `after(frame)`.
    """

    def __init__(self, vocab: Vocabulary, host: Any, frames: list[dict[str, Any]]) -> None:
        self.vocab, self.host, self.frames = vocab, host, frames

    @staticmethod
    def _frames(
        effects: Iterable[EffectData],
        seat: int,
        source: int,
        as_code: str,
        extra: Mapping[str, Any] | None,
        after: Mapping[str, Any] | None,
    ) -> list[dict[str, Any]]:
        more = dict(extra or {})
        out = [{**copy_data(e), **more, "seat": seat, "source": source, "as": as_code} for e in effects]
        if after is not None:
            out.append({**copy_data(dict(after)), "op": AFTER, "seat": seat, "source": source, "as": as_code})
        return out

    def push(
        self,
        effects: Iterable[EffectData],
        seat: int,
        source: int,
        as_code: str,
        extra: Mapping[str, Any] | None = None,
        after: Mapping[str, Any] | None = None,
    ) -> None:
        """Queue effects in front of everything else, in their written order (each with the `extra`
        keys; then an `_after` frame carrying `after`, when given)."""
        self.frames[0:0] = self._frames(effects, seat, source, as_code, extra, after)

    def append(
        self,
        effects: Iterable[EffectData],
        seat: int,
        source: int,
        as_code: str,
        extra: Mapping[str, Any] | None = None,
        after: Mapping[str, Any] | None = None,
    ) -> None:
        """Queue effects after everything already queued."""
        self.frames.extend(self._frames(effects, seat, source, as_code, extra, after))

    def cancel(self, source: int) -> int:
        """A card fizzles: drop its effects still queued at the front (up to its `_after` frame, which
        stays so the card is finished with as usual); how many were dropped."""
        dropped = 0
        while self.frames and self.frames[0].get("source") == source and self.frames[0]["op"] != AFTER:
            self.frames.pop(0)
            dropped += 1
        return dropped

    def run(self) -> Prompt | None:
        """Resolve until a decision is needed (its Prompt) or nothing is left (None)."""
        while self.frames:
            frame = self.frames.pop(0)
            if frame["op"] == AFTER:
                self.host.after(frame)
                continue
            prompt = self.vocab[frame["op"]].start(Context(frame, self.host, self))
            if prompt is not None:
                self.frames.insert(0, frame)
                return prompt
        return None

    def waiting(self) -> dict[str, Any] | None:
        """The frame waiting for a decision, if any."""
        return self.frames[0] if self.frames else None

    def options(self) -> list[Any]:
        """The options of the waiting decision."""
        frame = self.waiting()
        if frame is None:
            return []
        return self.vocab[frame["op"]].options(Context(frame, self.host, self))

    def answer(self, option: Any) -> Prompt | None:
        """Answer the waiting decision (None = done), then go on resolving."""
        frame = self.frames.pop(0)
        prompt = self.vocab[frame["op"]].answer(Context(frame, self.host, self), option)
        if prompt is not None:
            self.frames.insert(0, frame)
            return prompt
        return self.run()

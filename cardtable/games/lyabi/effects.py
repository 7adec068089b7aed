"""Lyabi's item effects: its effect kinds on the shared layer (cardtable/rules/effects), the host
protocol they act through, and the vocabulary `cards/lyabi.yaml` writes item text in.

    gain: {level: 3}     take a lyabi of that level, of an attribute of your choice, from the pool
    peek                 look at the opponent's hand
    recolour             your battle lyabi count as the attribute of your choice for this battle
    bonus: 3             +N to the damage you deal this battle
    prevent              no damage to you this battle
    extra_main           one more main-phase action now
    draw: 1              draw (the shared kind; the reshuffle rule applies)
    discard_random: 1    the opponent discards N cards at random from their hand

When an item acts is its `on:` timing (cards.TIMINGS, the shared rules/effects/timing.py).
"""

from __future__ import annotations

from typing import Any, Protocol

from ...rules.effects import Arg, Context, Draw, EffectKind, Prompt, Vocabulary


class LyabiHost(Protocol):
    """What Lyabi's effects act through (host.py)."""

    def gain_options(self, level: int) -> list[str]: ...
    def gain(self, seat: int, code: str) -> None: ...
    def peek(self, seat: int) -> None: ...
    def recolour(self, seat: int, attribute: str) -> None: ...
    def bonus(self, seat: int, amount: int) -> None: ...
    def prevent(self, seat: int) -> None: ...
    def extra_main(self, seat: int) -> None: ...
    def draw(self, seat: int, count: int) -> None: ...
    def discard_random(self, seat: int, count: int) -> None: ...


class Gain(EffectKind):
    """`gain: {level: 3}`: a lyabi of that level, of the attribute you choose, into your discard pile."""

    name = "gain"
    doc = "take a lyabi of this level from the pool"
    args = (Arg("level", "int", minimum=0, help="the level of the lyabi taken"),)
    shorthand = "level"

    def choice_bound(self, data: dict[str, Any], vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None  # the pool has none left (R12)
        return Prompt("gain", 1, 1, by_code=True, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.gain_options(int(ctx.frame["level"])))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        ctx.host.gain(ctx.seat, str(option))
        return None


class Peek(EffectKind):
    """`peek`: look at the opponent's hand."""

    name = "peek"
    doc = "look at the opponent's hand"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.peek(ctx.seat)
        return None


class Recolour(EffectKind):
    """`recolour`: your battle lyabi count as the attribute you choose, for this battle."""

    name = "recolour"
    doc = "choose the attribute your battle lyabi count as"

    def choice_bound(self, data: dict[str, Any], vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        return Prompt("recolour", 1, 1, by_code=True, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return ["blue", "green", "red"]

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        ctx.host.recolour(ctx.seat, str(option))
        return None


class Bonus(EffectKind):
    """`bonus: N`: +N to the damage you deal this battle."""

    name = "bonus"
    doc = "more damage this battle"
    args = (Arg("amount", "int", minimum=1),)
    shorthand = "amount"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.bonus(ctx.seat, int(ctx.frame["amount"]))
        return None


class Prevent(EffectKind):
    """`prevent`: no damage to you this battle."""

    name = "prevent"
    doc = "prevent the damage of this battle"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.prevent(ctx.seat)
        return None


class ExtraMain(EffectKind):
    """`extra_main`: take one more main-phase action now."""

    name = "extra_main"
    doc = "one more main-phase action"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.extra_main(ctx.seat)
        return None


class DiscardRandom(EffectKind):
    """`discard_random: N`: the opponent discards N cards at random from their hand."""

    name = "discard_random"
    doc = "the opponent discards cards at random"
    args = (Arg("count", "int", minimum=1),)
    shorthand = "count"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.discard_random(1 - ctx.seat, int(ctx.frame["count"]))
        return None


VOCAB = Vocabulary(
    "lyabi",
    (Gain(), Peek(), Recolour(), Bonus(), Prevent(), ExtraMain(), Draw(), DiscardRandom()),
    (),
)

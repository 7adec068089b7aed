"""Effect kinds every game may put in its vocabulary: counters, draw, discard, picking, a choice of branches.

They act only through the host methods they name: `add(seat, counter, amount)` for a Counter,
`draw(seat, count)`, `hand_cards(seat, card_type)` and `discard_from_hand(seat, card)` for Discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .resolver import Context, Prompt
from .vocabulary import Arg, EffectData, EffectKind, Vocabulary, Where


class Counter(EffectKind):
    """+N to one of the turn's counters: `actions: 2`, `skill: 3`..."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.doc = doc
        self.args = (Arg("amount", "int", minimum=1, help="how much to add"),)
        self.shorthand = "amount"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.add(ctx.seat, self.name, int(ctx.frame["amount"]))
        return None


class Draw(EffectKind):
    """`draw: N`: draw N cards (an empty deck is rebuilt from the discard pile, as the game says)."""

    name = "draw"
    doc = "draw N cards from your deck"
    args = (Arg("count", "int", minimum=1),)
    shorthand = "count"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.draw(ctx.seat, int(ctx.frame["count"]))
        return None


class Picking(EffectKind):
    """An effect that asks for up to `count` picks, one action each (`optional`: fewer may be made)."""

    prompt_kind = ""
    by_code = False

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["count"]) + 1  # each pick, and the decision to stop

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = int(ctx.frame["count"])
        return self._prompt(ctx)

    def _limits(self, ctx: Context) -> tuple[int, int]:
        """(picks needed before done, picks allowed) in all."""
        frame = ctx.frame
        high = int(frame["_high"])
        return (0 if frame.get("optional") else high), high

    def _prompt(self, ctx: Context) -> Prompt | None:
        options = self.options(ctx)
        low, high = self._limits(ctx)
        picked = int(ctx.frame.get("_picked", 0))
        if not options or picked >= high:
            return self.finish(ctx)
        low = min(low, picked + len(options))
        return Prompt(self.prompt_kind, low, high, picked, self.by_code, self.doc)

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        if option is None:
            return self.finish(ctx)
        self.take(ctx, option)
        ctx.frame["_picked"] = int(ctx.frame.get("_picked", 0)) + 1
        return self._prompt(ctx)

    def take(self, ctx: Context, option: Any) -> None:
        """Carry out one pick."""
        raise NotImplementedError

    def finish(self, ctx: Context) -> None:
        """What happens when the picking is over (nothing, by default)."""
        return None


class Discard(Picking):
    """`discard: N`: discard N cards of your choice from your hand."""

    name = "discard"
    doc = "discard cards from your hand"
    args = (
        Arg("count", "int", minimum=1, help="how many"),
        Arg("optional", "bool", False, help="whether fewer may be discarded"),
    )
    shorthand = "count"
    prompt_kind = "discard"

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, "any"))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.discard_from_hand(ctx.seat, int(option))


class Choose(EffectKind):
    """`choose: {attack: [attack], refill: [refill]}`: choose one of the labelled branches (二者択一)."""

    name = "choose"
    doc = "choose one"
    args = (Arg("options", "branches", help="label: effects, for each choice"),)
    shorthand = "options"

    def compile(
        self, value: Any, path: Where, vocab: Vocabulary
    ) -> tuple[EffectData, list[tuple[Where, str]]]:
        # the branches are the mapping itself: `choose: {attack: [...], refill: [...]}`
        if isinstance(value, Mapping) and set(value) != {"options"}:
            data, problems = super().compile({"options": value}, path, vocab)
            return data, [
                ([*path, *p[len(path) + 1 :]] if p[: len(path) + 1] == [*path, "options"] else p, m)
                for p, m in problems
            ]
        return super().compile(value, path, vocab)

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + max((vocab.bound(b, imitated) for b in data["options"].values()), default=0)

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None
        return Prompt("choose", 1, 1, by_code=True, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        vocab = ctx.resolver.vocab
        return [
            label
            for label, branch in ctx.frame["options"].items()
            if vocab.usable(branch, ctx.host, ctx.seat, ctx.source)
        ]

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        branch = ctx.frame["options"][str(option)]
        extra = {"_bonus": ctx.frame["_bonus"]} if "_bonus" in ctx.frame else None
        ctx.resolver.push(branch, ctx.seat, ctx.source, ctx.as_code, extra=extra)
        return None

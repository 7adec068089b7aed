"""Risugeon's effect kinds and the host they act through, and its vocabulary (card set template `deckbuilder`).

The deck-builder vocabulary has the primitives of Risugeon's cards: `actions`, `trainings`, `skill`,
`ps` (counters), `draw`, `look_top`, `return_to_pile`, `discard`, `imitate`, `stays_in_play`,
`end_of_turn` and `until_training_end`. The shared kinds (counters, draw, discard) come from
cardtable/rules/effects; the rest are Risugeon's and act through its `Host` (host.py), which this
module describes as `DeckbuilderHost`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...rules.effects import (
    Arg,
    Context,
    Counter,
    Discard,
    Draw,
    EffectData,
    EffectKind,
    Picking,
    Prompt,
    Vocabulary,
    Where,
    copy_data,
)

_WHERE_TO = ("hand", "discard", "deck")


class DeckbuilderHost(Protocol):
    """What a deck-builder game lends the effects: zones, counters and turn-long registrations.

    `seat` is who resolves the effect, `source` the card it comes from, `as_code` the card code the
    source counts as while the effect resolves (differs from its own code under imitation).
    """

    def add(self, seat: int, counter: str, amount: int) -> None:
        """+N to a counter of this turn (actions, trainings, skill, ps...)."""
        ...

    def draw(self, seat: int, count: int) -> int:
        """Draw from the seat's deck (reshuffling as the game says); how many were drawn."""
        ...

    def look(self, seat: int, count: int) -> int:
        """Take the top `count` cards of the deck aside where only the seat sees them; how many."""
        ...

    def looked(self, seat: int) -> list[int]:
        """The cards set aside by `look`, still undecided."""
        ...

    def put_looked(self, seat: int, card: int, where: str) -> None:
        """A looked-at card goes to hand, discard, or back on top of the deck."""
        ...

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        """Cards in the seat's hand of a type ("any" for all)."""
        ...

    def discard_from_hand(self, seat: int, card: int) -> None:
        """A hand card goes to the discard pile."""
        ...

    def return_to_pile(self, seat: int, card: int) -> None:
        """A hand card goes back to the supply pile it came from (it leaves the seat's cards)."""
        ...

    def gain_higher(self, seat: int, card: int, by: int) -> None:
        """Gain a card of the same kind `by` levels higher than `card` (capped) into the discard pile."""
        ...

    def imitation_targets(self, seat: int, source: int, where: str) -> list[str]:
        """Card codes the source may imitate from `where` (display, play)."""
        ...

    def imitate(self, seat: int, source: int, code: str) -> list[EffectData]:
        """The source now counts as `code`; the on-use effects of that card, to resolve now."""
        ...

    def stay(self, seat: int, source: int, as_code: str, turns: int, next_turn: list[EffectData]) -> None:
        """The source stays in play for `turns` more turns, doing `next_turn` at the start of each."""
        ...

    def at_end_of_turn(self, seat: int, source: int, as_code: str, effects: list[EffectData]) -> None:
        """Do `effects` at the end of this turn (if the source still counts as `as_code` then)."""
        ...

    def grant_ability(
        self,
        seat: int,
        source: int,
        as_code: str,
        cost: dict[str, int],
        effects: list[EffectData],
        uses: int | None,
    ) -> None:
        """An ability usable until the end of the training phase: pay `cost`, do `effects`."""
        ...


class LookTop(Picking):
    """`look_top`: look at the top N cards of your deck; take some to `to`, the rest go to `rest`."""

    name = "look_top"
    doc = "look at the top cards of your deck and choose"
    args = (
        Arg("count", "int", minimum=1, help="how many cards to look at"),
        Arg("take", "int", 1, minimum=0, help="how many of them to choose"),
        Arg("optional", "bool", False, help="whether fewer may be chosen"),
        Arg("to", "choice", "hand", choices=_WHERE_TO, help="where the chosen cards go"),
        Arg("rest", "choice", "discard", choices=_WHERE_TO, help="where the others go"),
    )
    shorthand = "count"
    prompt_kind = "pick"

    def check(self, data: EffectData, path: Where) -> list[tuple[Where, str]]:
        if data["take"] > data["count"]:
            return [
                (
                    [*path, "take"],
                    f"look_top: take ({data['take']}) cannot be more than count ({data['count']})",
                )
            ]
        return []

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["take"]) + 1

    def start(self, ctx: Context) -> Prompt | None:
        seen = ctx.host.look(ctx.seat, int(ctx.frame["count"]))
        ctx.frame["_high"] = min(int(ctx.frame["take"]), seen)
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.looked(ctx.seat))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.put_looked(ctx.seat, int(option), str(ctx.frame["to"]))

    def finish(self, ctx: Context) -> None:
        # the last card looked at goes first, so cards put back on the deck keep their order
        for card in reversed(ctx.host.looked(ctx.seat)):
            ctx.host.put_looked(ctx.seat, card, str(ctx.frame["rest"]))
        return None


class ReturnToPile(Picking):
    """`return_to_pile`: return cards of a type from your hand to their supply piles, optionally gaining
    a card `gain_higher` levels higher for each (Master's Lesson)."""

    name = "return_to_pile"
    doc = "return cards from your hand to their piles"
    args = (
        Arg(
            "type",
            "choice",
            "combat",
            choices=("combat", "production", "action", "gem", "any"),
            help="which cards may be returned",
        ),
        Arg("count", "int", 1, minimum=1, help="how many"),
        Arg("optional", "bool", False, help="whether fewer may be returned"),
        Arg(
            "gain_higher",
            "int",
            0,
            minimum=0,
            help="for each returned card, gain one this many levels higher",
        ),
    )
    shorthand = "count"
    prompt_kind = "return"

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, str(ctx.frame["type"])))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.return_to_pile(ctx.seat, int(option))
        if int(ctx.frame["gain_higher"]):
            ctx.host.gain_higher(ctx.seat, int(option), int(ctx.frame["gain_higher"]))


class Imitate(Picking):
    """`imitate`: the card counts as another action (a public one, or one in your play area) and does
    that card's on-use effects now. Imitation cannot copy another imitation, so it never loops."""

    name = "imitate"
    doc = "imitate another action"
    args = (
        Arg(
            "from",
            "choice",
            "display",
            choices=("display", "play"),
            help="display: one of the public actions; play: another action you used this turn",
        ),
    )
    shorthand = "from"
    prompt_kind = "imitate"
    by_code = True
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + imitated

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = 1
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.imitation_targets(ctx.seat, ctx.source, str(ctx.frame["from"])))

    def take(self, ctx: Context, option: Any) -> None:
        code = str(option)
        effects = ctx.host.imitate(ctx.seat, ctx.source, code)
        ctx.resolver.push(effects, ctx.seat, ctx.source, code)


class StaysInPlay(EffectKind):
    """`stays_in_play`: the card is not discarded at the end of this turn; it stays `turns` more of your
    turns, doing `next_turn` at the start of each (萌えろ)."""

    name = "stays_in_play"
    doc = "stays in play"
    args = (
        Arg("turns", "int", 1, minimum=1, maximum=20, help="how many more of your turns it stays"),
        Arg("next_turn", "effects", [], help="what it does at the start of each of those turns"),
    )
    shorthand = "turns"
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["turns"]) * vocab.bound(data["next_turn"], imitated)

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.stay(
            ctx.seat, ctx.source, ctx.as_code, int(ctx.frame["turns"]), copy_data(ctx.frame["next_turn"])
        )
        return None


class EndOfTurn(EffectKind):
    """`end_of_turn`: effects done "at end of turn", after the end phase's draw (サモン・ビーフ)."""

    name = "end_of_turn"
    doc = "at end of turn"
    args = (Arg("effects", "effects"),)
    shorthand = "effects"
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return vocab.bound(data["effects"], imitated)

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.at_end_of_turn(ctx.seat, ctx.source, ctx.as_code, copy_data(ctx.frame["effects"]))
        return None


class UntilTrainingEnd(EffectKind):
    """`until_training_end`: an ability usable any number of times (or `uses` times) until the end of
    the training phase, paying `cost` each time (地底湖一番街: pay 2 PS, draw 1)."""

    name = "until_training_end"
    doc = "until the end of the training phase"
    args = (
        Arg("cost", "cost", {}, help="counters paid per use, e.g. {ps: 2}"),
        Arg("effects", "effects", help="what one use does"),
        Arg("uses", "uses", None, minimum=1, help="how many uses (null: as often as it is paid)"),
    )
    top_level_only = True

    def check(self, data: EffectData, path: Where) -> list[tuple[Where, str]]:
        if not data["cost"] and data["uses"] is None:
            return [
                (path, "until_training_end: give a cost or a number of uses, or it could be used for ever")
            ]
        return []

    def start(self, ctx: Context) -> Prompt | None:
        frame = ctx.frame
        ctx.host.grant_ability(
            ctx.seat, ctx.source, ctx.as_code, dict(frame["cost"]), copy_data(frame["effects"]), frame["uses"]
        )
        return None


DECKBUILDER = Vocabulary(
    "deckbuilder",
    [
        Counter("actions", "+N actions this turn (追加行動)"),
        Counter("trainings", "+N trainings this turn (追加訓練)"),
        Counter("skill", "+N skill this turn"),
        Counter("ps", "+N PS (production skill) this turn"),
        Draw(),
        LookTop(),
        ReturnToPile(),
        Discard(),
        Imitate(),
        StaysInPlay(),
        EndOfTurn(),
        UntilTrainingEnd(),
    ],
    ("actions", "trainings", "skill", "ps"),
)

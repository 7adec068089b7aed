"""The effect vocabulary that card text in YAML compiles to, and the resolver that carries it out.

A card's `effects:` list is written in YAML as a list of one-key mappings (or bare names):

    effects:
      - actions: 2                      # +2 actions this turn
      - draw: 1
      - look_top: {count: 2, take: 1, to: hand, rest: discard}
      - until_training_end: {cost: {ps: 2}, effects: [{draw: 1}]}
      - stays_in_play                   # a bare name takes every argument's default

A `Vocabulary` compiles that into plain data, one dict per effect: `{"op": "draw", "count": 1}`;
nested effect lists (what an end-of-turn rider does...) are lists of the same dicts. Plain data is
what the game state can hold, so a half-resolved card survives a save, a copy and an undo. An unknown
effect name or a bad argument is a `cardsets.Problem` at the YAML node's `file:line:col`
(`Vocabulary.problems`, called by the card set loader for every template that has a vocabulary), so
`cardtable validate` reports it and a game never meets it at play time.

Resolution: a game keeps a queue of *frames* (an effect plus who resolves it: seat, source card and the
card it counts as) in its state and runs it with a `Resolver`. Most effects finish at once through a
*host*, the game's object that knows zones and counters (`DeckbuilderHost`). An effect that needs a
decision (which looked-at card to keep, which card to return, what to imitate) returns a `Prompt`; the
game shows it as a pending decision and answers it with `Resolver.answer`, one pick at a time.

The deck-builder vocabulary (`DECKBUILDER`, template `deckbuilder`) has the primitives of Risugeon's
cards: `actions`, `trainings`, `skill`, `ps` (counters), `draw`, `look_top`, `return_to_pile`,
`discard`, `imitate`, `stays_in_play`, `end_of_turn` and `until_training_end`. The duel vocabulary
(`DUEL`, template `sainome`, host `DuelHost`) has two seats hurting each other: `damage` (with the
defender's counter window, asked on every damage event), the counter cards' `reduce` and `nullify`,
`heal`, `catalyst`, `charge`, `time_bomb`, `steal`, `refill`, `draw`, `discard`, `equip`, `unequip`,
`discard_hand`, `discard_equipped`, `attack` (the dice roll and the cards it fires), `choose`, `flip`
and `stays_equipped`. A later game extends one (`DUEL.extend(...)` with its own `EffectKind`s) and
registers its template in `VOCABULARIES`. Shared machinery a game may use: a Prompt can name the seat
that decides (`Prompt.seat`), frames carry extra keys (`Resolver.push(..., extra=)`), an `_after` frame
finishes with a card once its effects are done, `Resolver.cancel` lets a card fizzle, and
`EffectKind.usable` says whether a card may be used now. Pure Python: no game, no UI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

EffectData = dict[str, Any]
"""One compiled effect: {"op": name, **arguments}; nested effect lists hold the same dicts."""

Where = list[str | int]
"""A key path into card data (mapping keys and list indices), outermost first."""

_REQUIRED = object()
_WHERE_TO = ("hand", "discard", "deck")
_LABEL = re.compile(r"[a-z0-9_]+")


class EffectError(ValueError):
    """Card text that does not compile; `problems` holds (key path under the effects list, message)."""

    def __init__(self, problems: Sequence[tuple[Where, str]]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{_path_text(p)}: {m}" for p, m in self.problems))


def _path_text(path: Where) -> str:
    out = "effects"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out


# ---------------------------------------------------------------------------------------------------
# Arguments


@dataclass(frozen=True)
class Arg:
    """One argument of an effect: its kind (int, bool, choice, effects, cost, uses), default and range."""

    name: str
    kind: str
    default: Any = _REQUIRED
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""

    @property
    def required(self) -> bool:
        """Whether the argument must be written."""
        return self.default is _REQUIRED


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f'the text "{value}"'
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"the number {value!r}"


# ---------------------------------------------------------------------------------------------------
# Prompts and the host


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


# ---------------------------------------------------------------------------------------------------
# Effect kinds


class EffectKind:
    """One effect name of the vocabulary: its arguments, how YAML writes it, and how it resolves."""

    name = ""
    doc = ""
    args: tuple[Arg, ...] = ()
    shorthand: str | None = None  # the argument a plain value fills: `draw: 2` is draw count 2
    top_level_only = False  # riders and imitation: only directly in a card's effects list
    modifies_damage = False  # a counter card's modifier of the damage event it answers (reduce, nullify)

    # -- compiling --------------------------------------------------------------------------
    def compile(
        self, value: Any, path: Where, vocab: Vocabulary
    ) -> tuple[EffectData, list[tuple[Where, str]]]:
        """The effect's plain data from its YAML value, and problems (paths relative to `path`)."""
        problems: list[tuple[Where, str]] = []
        given: dict[str, Any]
        paths: dict[str, Where] = {}
        known = {a.name: a for a in self.args}
        if value is None:
            given = {}
        elif isinstance(value, Mapping):
            given = {}
            for key, item in value.items():
                if key not in known:
                    names = ", ".join(known) or "none"
                    problems.append(
                        (
                            [*path, str(key)],
                            f"{self.name}: unknown argument {str(key)!r} (arguments: {names})",
                        )
                    )
                    continue
                given[key] = item
                paths[key] = [*path, key]
        elif self.shorthand is not None:
            given = {self.shorthand: value}
            paths[self.shorthand] = list(path)
        else:
            problems.append(
                (
                    path,
                    f"{self.name} takes a mapping of arguments "
                    f"({', '.join(known) or 'none'}), not {_show(value)}",
                )
            )
            given = {}
        out: EffectData = {"op": self.name}
        for arg in self.args:
            where = paths.get(arg.name, list(path))
            if arg.name not in given:
                if arg.required:
                    problems.append((where, f"{self.name}: argument {arg.name!r} is required"))
                else:
                    out[arg.name] = _copy(arg.default)
                continue
            converted, message = self._convert(arg, given[arg.name], where, vocab, problems)
            if message:
                problems.append((where, f"{self.name}: {arg.name} {message}"))
            else:
                out[arg.name] = converted
        if not problems:
            problems.extend((p if p else list(path), m) for p, m in self.check(out, path))
        return out, problems

    def _convert(
        self, arg: Arg, value: Any, where: Where, vocab: Vocabulary, problems: list[tuple[Where, str]]
    ) -> tuple[Any, str]:
        """(value, "") when valid, else (None, what is wrong)."""
        if arg.kind == "int" or (arg.kind == "uses" and value is not None):
            if not _is_int(value):
                return None, f"must be a whole number, not {_show(value)}"
            if arg.minimum is not None and value < arg.minimum:
                return None, f"must be at least {arg.minimum}, not {value}"
            if arg.maximum is not None and value > arg.maximum:
                return None, f"must be at most {arg.maximum}, not {value}"
            return value, ""
        if arg.kind == "uses":
            return None, ""
        if arg.kind == "bool":
            if not isinstance(value, bool):
                return None, f"must be true or false, not {_show(value)}"
            return value, ""
        if arg.kind == "choice":
            if value not in arg.choices:
                return None, f"must be one of {', '.join(arg.choices)}, not {_show(value)}"
            return value, ""
        if arg.kind == "effects":
            effects, inner = vocab.compile_list(value, where, nested=True)
            problems.extend(inner)
            return effects, ""
        if arg.kind == "branches":
            if not isinstance(value, Mapping) or not value:
                return None, (
                    "must be a mapping of label: [effects], such as "
                    f"{{attack: [attack], refill: [refill]}}, not {_show(value)}"
                )
            branches: dict[str, list[EffectData]] = {}
            for key, effects in value.items():
                if not isinstance(key, str) or not _LABEL.fullmatch(key):
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: a label is lower-case letters, digits and _, not {_show(key)}",
                        )
                    )
                    continue
                compiled, inner = vocab.compile_list(effects, [*where, key], nested=True)
                problems.extend(inner)
                branches[key] = compiled
            return branches, ""
        if arg.kind == "cost":
            if not isinstance(value, Mapping):
                return None, f"must be a mapping of counter: amount, such as {{ps: 2}}, not {_show(value)}"
            cost: dict[str, int] = {}
            for key, amount in value.items():
                if key not in vocab.counters:
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: {key!r} is not a counter (counters: {', '.join(vocab.counters)})",
                        )
                    )
                elif not _is_int(amount) or amount < 1:
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: a cost must be a whole number of at least 1, not {_show(amount)}",
                        )
                    )
                else:
                    cost[str(key)] = amount
            return cost, ""
        raise AssertionError(arg.kind)

    def check(self, data: EffectData, path: Where) -> list[tuple[Where, str]]:
        """Checks across arguments, after each argument was valid on its own."""
        return []

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        """At most how many decisions resolving this effect can ask (`imitated`: the most a nested
        resolution asks: an imitated card in a deck-builder, a damage event's counter window in a duel).
        Games add these up for their hard bound on a game's length."""
        return 0

    def usable(self, data: EffectData, host: Any, seat: int, source: int) -> bool:
        """Whether a card with this effect may be used now (a Time Bomb needs an empty slot to go on)."""
        return True

    def modify(self, data: EffectData, amount: int) -> int:
        """A damage modifier's result (only kinds with `modifies_damage`)."""
        return amount

    # -- resolving ---------------------------------------------------------------------------
    def start(self, ctx: Context) -> Prompt | None:
        """Resolve the effect; a Prompt when it waits for a decision (its progress stays in the frame)."""
        raise NotImplementedError

    def options(self, ctx: Context) -> list[Any]:
        """The options of the decision this effect waits for (card ids, or codes when by_code)."""
        return []

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        """One answer (None = done); the next Prompt, or None when the effect has finished."""
        return None


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


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


class _Picking(EffectKind):
    """An effect that asks for up to `count` picks, one action each."""

    prompt_kind = ""
    by_code = False

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


class LookTop(_Picking):
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


class ReturnToPile(_Picking):
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

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["count"]) + 1

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = int(ctx.frame["count"])
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, str(ctx.frame["type"])))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.return_to_pile(ctx.seat, int(option))
        if int(ctx.frame["gain_higher"]):
            ctx.host.gain_higher(ctx.seat, int(option), int(ctx.frame["gain_higher"]))


class Discard(_Picking):
    """`discard: N`: discard N cards of your choice from your hand."""

    name = "discard"
    doc = "discard cards from your hand"
    args = (
        Arg("count", "int", minimum=1, help="how many"),
        Arg("optional", "bool", False, help="whether fewer may be discarded"),
    )
    shorthand = "count"
    prompt_kind = "discard"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["count"]) + 1

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = int(ctx.frame["count"])
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, "any"))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.discard_from_hand(ctx.seat, int(option))


class Imitate(_Picking):
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
            ctx.seat, ctx.source, ctx.as_code, int(ctx.frame["turns"]), _copy(ctx.frame["next_turn"])
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
        ctx.host.at_end_of_turn(ctx.seat, ctx.source, ctx.as_code, _copy(ctx.frame["effects"]))
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
            ctx.seat, ctx.source, ctx.as_code, dict(frame["cost"]), _copy(frame["effects"]), frame["uses"]
        )
        return None


# ---------------------------------------------------------------------------------------------------
# Duel effects: two seats, damage drawn from an HP deck, equipment fired by dice (Sainome)

CATEGORIES = ("weapon", "magic", "item", "skill", "any")
SIDES = ("normal", "awakened", "other")


class DuelHost(Protocol):
    """What a duel game lends the effects: the opponent, damage and its counter window, healing, the
    hand, equipment slots, dice and the cards fired by them.

    Cards in slots are named by `[card, slot]` pairs (slot: the side of the character, "top"...); a
    card fired from the hand by `[card, "hand"]`.
    """

    def opponent(self, seat: int) -> int:
        """The other seat."""
        ...

    def damage_bonus(self, seat: int, source: int, as_code: str) -> int:
        """What the dealer's skills add to damage from `source` (Swordsmanship: weapons +1)."""
        ...

    def heal_bonus(self, seat: int, source: int, as_code: str) -> int:
        """What the healer's skills add to healing from `source` (Dowry: items +1)."""
        ...

    def establish(self, seat: int, target: int, amount: int, source: int) -> None:
        """Damage is established (before counter cards): announce it."""
        ...

    def counter_cards(self, seat: int) -> list[int]:
        """The counter cards `seat` may answer a damage event with (from its hand)."""
        ...

    def use_counter(self, seat: int, card: int) -> list[EffectData]:
        """A counter card is used: it leaves the hand for the resolving area; its effects."""
        ...

    def take_damage(self, target: int, amount: int, by: int, source: int) -> None:
        """Final damage: `target` draws it from its HP deck into its hand, then what follows (a lost
        game, awakening, skills that answer damage taken)."""
        ...

    def code(self, card: int) -> str:
        """A card's code."""
        ...

    def heal(self, seat: int, card: int) -> None:
        """A hand card goes to the bottom of the seat's HP deck."""
        ...

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        """Cards in the seat's hand of a category ("any" for all)."""
        ...

    def discard_from_hand(self, seat: int, card: int) -> None:
        """A hand card goes to the discard pile."""
        ...

    def draw(self, seat: int, count: int) -> int:
        """Draw from the common deck (rebuilt from the discard pile when it runs out); how many."""
        ...

    def catalyst_optional(self, seat: int) -> bool:
        """Whether the game lets a player holding a catalyst decline it anyway (a game option)."""
        ...

    def refill(self, seat: int, limit: int) -> int:
        """Draw up to the hand limit (`limit`, or the game's when 0); how many were drawn."""
        ...

    def steal(self, seat: int, victim: int, count: int) -> int:
        """Take random cards from the victim's hand into the seat's; how many."""
        ...

    def slot_count(self, seat: int) -> int:
        """How many equipment slots the seat's character has."""
        ...

    def equip_options(self, seat: int) -> list[list[Any]]:
        """`[card, slot]` for every hand card that may be set in an empty slot (its links match)."""
        ...

    def equip(self, seat: int, card: int, slot: str) -> None:
        """Set a hand card in a slot."""
        ...

    def equipped(self, seat: int) -> None:
        """Setting equipment is over (what follows an equipment change: awakening...)."""
        ...

    def unequip(self, seat: int, to: str) -> None:
        """Every card on the seat's character goes to its hand (or the discard pile); hazards attached to
        it by the opponent (a Time Bomb) are removed as the game says."""
        ...

    def discard_hand(self, seat: int) -> None:
        """The seat's whole hand goes to the discard pile."""
        ...

    def equipment(self, seat: int) -> list[list[Any]]:
        """`[card, slot]` for every card the seat has equipped (not hazards attached to it)."""
        ...

    def discard_equipment(self, seat: int, card: int) -> None:
        """An equipped card goes to the discard pile."""
        ...

    def roll(self, seat: int) -> int:
        """Roll the attack die (a DiceRolled event); the face."""
        ...

    def six_cards(self, seat: int) -> list[list[Any]]:
        """`[card, where]` for the cards with the 6 icon the seat may use on a 6 (hand or equipment)."""
        ...

    def triggered(self, seat: int, face: int) -> list[list[Any]]:
        """`[card, slot]` for the cards in the slots showing `face`, in slot order."""
        ...

    def still_there(self, seat: int, card: int, slot: str) -> bool:
        """Whether a triggered card is still in its slot (it may have been fired or removed since)."""
        ...

    def fire_order(self) -> str:
        """How several triggered cards are ordered: "choose" (the roller picks) or "slot"."""
        ...

    def fire(self, seat: int, card: int, where: str, bonus: int, bonus_to: str) -> None:
        """Resolve a card as rolled: queue its effects (with `bonus` damage: to "each" damage effect or
        the "first") in front, then finish with it (discard, or back to its slot when it stays)."""
        ...

    def miss(self, seat: int, face: int) -> None:
        """The rolled face has nothing on it."""
        ...

    def fizzle(self, seat: int, source: int) -> None:
        """A card's effect fails (no catalyst): announce it."""
        ...

    def empty_slots(self, seat: int) -> list[str]:
        """The seat's empty slots."""
        ...

    def attach(self, seat: int, card: int, victim: int, slot: str, effects: list[EffectData]) -> None:
        """Attach a hazard (Time Bomb) to the victim's empty slot; `effects` happen when it is rolled."""
        ...

    def flip(self, seat: int, side: str) -> None:
        """Turn the seat's character to a side ("other" = the side not showing)."""
        ...

    def after(self, frame: dict[str, Any]) -> None:
        """A card's queued effects are all resolved: finish with it."""
        ...


class Damage(EffectKind):
    """`damage: N`: a damage event. The dealer's skills and a Charge add to it, it is established, the
    defender answers in a counter window (a counter card, or pass; asked every time, so the question
    itself tells nothing), then the final damage is drawn from the defender's HP deck."""

    name = "damage"
    doc = "deal damage"
    args = (
        Arg("amount", "int", minimum=0, help="the damage before skills and counter cards"),
        Arg("target", "choice", "opponent", choices=("opponent", "self"), help="who takes it"),
    )
    shorthand = "amount"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + imitated

    def start(self, ctx: Context) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        target = host.opponent(ctx.seat) if frame["target"] == "opponent" else ctx.seat
        amount = (
            int(frame["amount"])
            + int(frame.get("_bonus", 0))
            + host.damage_bonus(ctx.seat, ctx.source, ctx.as_code)
        )
        frame["_target"], frame["_amount"] = target, max(0, amount)
        host.establish(ctx.seat, target, frame["_amount"], ctx.source)
        return Prompt("counter", 0, 1, text=self.doc, seat=target)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.counter_cards(int(ctx.frame["_target"])))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        target, amount = int(frame["_target"]), int(frame["_amount"])
        if option is not None:
            card = int(option)
            rest: list[EffectData] = []
            for effect in host.use_counter(target, card):
                kind = ctx.resolver.vocab[effect["op"]]
                if kind.modifies_damage:
                    amount = max(0, kind.modify(effect, amount))
                else:
                    rest.append(effect)
            # what the counter card does besides (discard equipment, strike back) follows this event
            ctx.resolver.push(rest, target, card, host.code(card), after={})
        host.take_damage(target, amount, ctx.seat, ctx.source)
        return None


class Reduce(EffectKind):
    """`reduce: N` on a counter card: the damage event it answers is N less (not below 0)."""

    name = "reduce"
    doc = "reduce the damage"
    args = (Arg("amount", "int", minimum=1),)
    shorthand = "amount"
    modifies_damage = True

    def modify(self, data: EffectData, amount: int) -> int:
        return amount - int(data["amount"])

    def start(self, ctx: Context) -> Prompt | None:
        return None  # only a counter window reads it


class Nullify(EffectKind):
    """`nullify` on a counter card: the damage event it answers becomes 0."""

    name = "nullify"
    doc = "the damage becomes 0"
    modifies_damage = True

    def modify(self, data: EffectData, amount: int) -> int:
        return 0

    def start(self, ctx: Context) -> Prompt | None:
        return None


class Heal(_Picking):
    """`heal: N`: put up to N cards from your hand on the bottom of your HP deck (your skills may add)."""

    name = "heal"
    doc = "heal: hand cards to the bottom of your HP deck"
    args = (
        Arg("amount", "int", minimum=1, help="how many cards at most"),
        Arg("optional", "bool", True, help="whether fewer may be put back"),
    )
    shorthand = "amount"
    prompt_kind = "heal"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["amount"]) + imitated + 1  # imitated: the most a skill adds

    def start(self, ctx: Context) -> Prompt | None:
        bonus = ctx.host.heal_bonus(ctx.seat, ctx.source, ctx.as_code)
        ctx.frame["_high"] = int(ctx.frame["amount"]) + bonus
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, "any"))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.heal(ctx.seat, int(option))


class Catalyst(EffectKind):
    """`catalyst: item`: discard a card of that category from your hand to power this card; with none
    (or declined, when optional) the card fizzles: its remaining effects do not happen."""

    name = "catalyst"
    doc = "pay a catalyst"
    args = (
        Arg("category", "choice", "item", choices=CATEGORIES, help="what counts as a catalyst"),
        Arg("optional", "bool", False, help="whether the player may decline and let it fizzle"),
    )
    shorthand = "category"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return self._fizzle(ctx)
        optional = ctx.frame["optional"] or ctx.host.catalyst_optional(ctx.seat)
        return Prompt("catalyst", 0 if optional else 1, 1, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, str(ctx.frame["category"])))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        if option is None:
            return self._fizzle(ctx)
        ctx.host.discard_from_hand(ctx.seat, int(option))
        return None

    @staticmethod
    def _fizzle(ctx: Context) -> None:
        ctx.host.fizzle(ctx.seat, ctx.source)
        ctx.resolver.cancel(ctx.source)
        return None


class Charge(EffectKind):
    """`charge: 4`: choose another card equipped on your character and resolve it as if rolled, with +N
    damage. A Charge charged by a Charge passes its bonus on (+4 +4). With nothing to charge, nothing
    happens. `to: first` gives the bonus to the target's first damage effect only."""

    name = "charge"
    doc = "charge another equipped card"
    args = (
        Arg("amount", "int", 4, minimum=0, help="damage added to the charged card"),
        Arg("to", "choice", "each", choices=("each", "first"), help="which damage effects of the target"),
    )
    shorthand = "amount"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None
        return Prompt("target", 1, 1, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equipment(ctx.seat))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        card, slot = option
        bonus = int(ctx.frame.get("_bonus", 0)) + int(ctx.frame["amount"])
        ctx.host.fire(ctx.seat, int(card), str(slot), bonus, str(ctx.frame["to"]))
        return None


class TimeBomb(EffectKind):
    """`time_bomb: [{damage: 3}]`: attach this card to an empty slot of the opponent's character. When
    the opponent's attack roll shows that slot's face, it goes off: `explode` happens (dealt by you)
    and the bomb is discarded. Usable only while the opponent has an empty slot."""

    name = "time_bomb"
    doc = "attach a time bomb"
    args = (Arg("explode", "effects", help="what happens when it goes off, such as [{damage: 3}]"),)
    shorthand = "explode"
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + vocab.bound(data["explode"], imitated)

    def usable(self, data: EffectData, host: Any, seat: int, source: int) -> bool:
        return bool(host.empty_slots(host.opponent(seat)))

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None
        return Prompt("bomb", 1, 1, by_code=True, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.empty_slots(ctx.host.opponent(ctx.seat)))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        host = ctx.host
        host.attach(ctx.seat, ctx.source, host.opponent(ctx.seat), str(option), _copy(ctx.frame["explode"]))
        return None


class Steal(EffectKind):
    """`steal: 1`: take N random cards from the opponent's hand into yours (強奪)."""

    name = "steal"
    doc = "take random cards from the opponent's hand"
    args = (Arg("count", "int", 1, minimum=1),)
    shorthand = "count"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.steal(ctx.seat, ctx.host.opponent(ctx.seat), int(ctx.frame["count"]))
        return None


class Refill(EffectKind):
    """`refill`: draw until your hand holds the hand limit (`limit`, 0 = the game's)."""

    name = "refill"
    doc = "refill your hand"
    args = (Arg("limit", "int", 0, minimum=0),)
    shorthand = "limit"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.refill(ctx.seat, int(ctx.frame["limit"]))
        return None


class Equip(_Picking):
    """`equip`: set cards from your hand on your character's empty slots whose face is among their
    links, one at a time, until you are done (装備)."""

    name = "equip"
    doc = "set equipment"
    prompt_kind = "equip"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return imitated + 1  # imitated: the number of slots

    def _limits(self, ctx: Context) -> tuple[int, int]:
        return 0, int(ctx.frame["_high"])

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = ctx.host.slot_count(ctx.seat)
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equip_options(ctx.seat))

    def take(self, ctx: Context, option: Any) -> None:
        card, slot = option
        ctx.host.equip(ctx.seat, int(card), str(slot))

    def finish(self, ctx: Context) -> None:
        ctx.host.equipped(ctx.seat)
        return None


class Unequip(EffectKind):
    """`unequip: hand`: every card on your character goes to your hand (or the discard pile); a hazard
    the opponent attached (a Time Bomb) is removed too."""

    name = "unequip"
    doc = "take off all equipment"
    args = (Arg("to", "choice", "hand", choices=("hand", "discard")),)
    shorthand = "to"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.unequip(ctx.seat, str(ctx.frame["to"]))
        return None


class DiscardHand(EffectKind):
    """`discard_hand`: discard your whole hand."""

    name = "discard_hand"
    doc = "discard your hand"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.discard_hand(ctx.seat)
        return None


class DiscardEquipped(_Picking):
    """`discard_equipped: 1`: discard N cards equipped on your character, of your choice, if any."""

    name = "discard_equipped"
    doc = "discard equipped cards"
    args = (Arg("count", "int", 1, minimum=1), Arg("optional", "bool", False))
    shorthand = "count"
    prompt_kind = "discard"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["count"]) + 1

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = int(ctx.frame["count"])
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equipment(ctx.seat))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.discard_equipment(ctx.seat, int(option[0]))


class Attack(EffectKind):
    """`attack`: roll the attack die and resolve what the face fires: the cards in the slots showing it,
    one at a time (every one of them), or on a 6 one card with the 6 icon from hand or equipment (or
    none). An empty face is a miss. `optional: true` asks first (Quick Change: "then you may attack")."""

    name = "attack"
    doc = "attack: roll the die"
    args = (
        Arg("optional", "bool", False, help="whether the player may decline"),
        Arg("sides", "int", 6, minimum=2, maximum=20, help="the die's sides; the highest face is the 6 rule"),
    )

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + imitated  # imitated: what the fired cards ask

    def start(self, ctx: Context) -> Prompt | None:
        frame = ctx.frame
        if frame.get("_left") is not None:  # a continuation: the next triggered card
            return self._next(ctx)
        if frame["optional"] and not frame.get("_go"):
            return Prompt("attack", 0, 1, by_code=True, text=self.doc)
        return self._roll(ctx)

    def options(self, ctx: Context) -> list[Any]:
        frame, host = ctx.frame, ctx.host
        if frame.get("_six"):
            return list(host.six_cards(ctx.seat))
        if frame.get("_left") is not None:
            return [pair for pair in frame["_left"] if host.still_there(ctx.seat, int(pair[0]), str(pair[1]))]
        return ["attack"]

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        frame = ctx.frame
        if frame.get("_six"):
            if option is not None:
                card, where = option
                ctx.host.fire(ctx.seat, int(card), str(where), 0, "each")
            return None
        if frame.get("_left") is not None:
            return self._fire(ctx, option)
        if option is None:
            return None
        frame["_go"] = True
        return self._roll(ctx)

    def _roll(self, ctx: Context) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        face = host.roll(ctx.seat)
        frame["_face"] = face
        if face == int(frame["sides"]):
            frame["_six"] = True
            if not self.options(ctx):
                return None  # nothing with the 6 icon: nothing happens
            return Prompt("fire", 0, 1, text="use a card with the 6 icon, or pass")
        frame["_left"] = [list(p) for p in host.triggered(ctx.seat, face)]
        if not frame["_left"]:
            host.miss(ctx.seat, face)
            return None
        return self._next(ctx)

    def _next(self, ctx: Context) -> Prompt | None:
        left = self.options(ctx)
        if not left:
            return None
        if len(left) > 1 and ctx.host.fire_order() == "choose":
            return Prompt("fire", 1, 1, text="which triggered card resolves next")
        return self._fire(ctx, left[0])

    def _fire(self, ctx: Context, option: Any) -> Prompt | None:
        frame = ctx.frame
        card, slot = int(option[0]), str(option[1])
        rest = [p for p in frame["_left"] if not (int(p[0]) == card and str(p[1]) == slot)]
        if rest:  # come back for the others once this card has resolved
            ctx.resolver.push(
                [
                    {
                        "op": self.name,
                        "optional": False,
                        "sides": frame["sides"],
                        "_left": rest,
                        "_face": frame["_face"],
                    }
                ],
                ctx.seat,
                ctx.source,
                ctx.as_code,
            )
        ctx.host.fire(ctx.seat, card, slot, 0, "each")
        return None


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


class Flip(EffectKind):
    """`flip: normal`: turn your character to a side (awakened, normal, or the other one)."""

    name = "flip"
    doc = "turn your character over"
    args = (Arg("to", "choice", "other", choices=SIDES),)
    shorthand = "to"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.flip(ctx.seat, str(ctx.frame["to"]))
        return None


class StaysEquipped(EffectKind):
    """`stays_equipped`: after it is fired the card goes back to its slot instead of the discard pile."""

    name = "stays_equipped"
    doc = "stays equipped"
    top_level_only = True

    def start(self, ctx: Context) -> Prompt | None:
        return None  # the game reads it when it finishes with the card


# ---------------------------------------------------------------------------------------------------
# Vocabularies


class Vocabulary:
    """A set of effect kinds and the counters they may name; compiles and checks card text.

    `effect_paths` say where a card's effect lists are, as key paths into the card's YAML mapping (`*`
    is every key of a mapping or every item of a list): by default only `effects`; a duel's characters
    also keep skill effects at `sides.*.skills.*.effects`. `cardtable validate` compiles each of them.
    """

    def __init__(
        self,
        name: str,
        kinds: Iterable[EffectKind],
        counters: Iterable[str],
        effect_paths: Iterable[tuple[str, ...]] = (("effects",),),
    ) -> None:
        self.name = name
        self.kinds: dict[str, EffectKind] = {k.name: k for k in kinds}
        self.counters: tuple[str, ...] = tuple(counters)
        self.effect_paths: tuple[tuple[str, ...], ...] = tuple(tuple(p) for p in effect_paths)

    def extend(
        self,
        name: str,
        kinds: Iterable[EffectKind] = (),
        counters: Iterable[str] = (),
        effect_paths: Iterable[tuple[str, ...]] = (),
    ) -> Vocabulary:
        """A new vocabulary with more kinds (a kind of the same name replaces the old one), counters and
        places where cards keep effects."""
        merged = dict(self.kinds)
        for kind in kinds:
            merged[kind.name] = kind
        paths = (*self.effect_paths, *[tuple(p) for p in effect_paths if tuple(p) not in self.effect_paths])
        return Vocabulary(
            name, merged.values(), (*self.counters, *[c for c in counters if c not in self.counters]), paths
        )

    def __getitem__(self, op: str) -> EffectKind:
        return self.kinds[op]

    # -- compiling --------------------------------------------------------------------------
    def compile_list(
        self, value: Any, path: Where | None = None, nested: bool = False
    ) -> tuple[list[EffectData], list[tuple[Where, str]]]:
        """Compile an effects list; problems carry key paths from where `path` starts."""
        base: Where = list(path or [])
        if value is None:
            return [], []
        if not isinstance(value, list):
            return [], [(base, f"effects must be a list, such as [{{draw: 1}}], not {_show(value)}")]
        out: list[EffectData] = []
        problems: list[tuple[Where, str]] = []
        for index, item in enumerate(value):
            where = [*base, index]
            if isinstance(item, str):
                name, arg_value, arg_path = item, None, where
            elif isinstance(item, Mapping) and len(item) == 1:
                name, arg_value = next(iter(item.items()))
                arg_path = [*where, str(name)]
            else:
                problems.append(
                    (
                        where,
                        f"an effect is a name or a one-key mapping such as {{draw: 1}}, not {_show(item)}",
                    )
                )
                continue
            kind = self.kinds.get(str(name))
            if kind is None:
                known = ", ".join(sorted(self.kinds))
                problems.append((where, f"unknown effect {str(name)!r} (effects: {known})"))
                continue
            if nested and kind.top_level_only:
                problems.append(
                    (
                        where,
                        f"{kind.name} can only be used directly in a card's effects, "
                        "not inside another effect",
                    )
                )
                continue
            data, inner = kind.compile(arg_value, arg_path, self)
            problems.extend(inner)
            if not inner:
                out.append(data)
        return out, problems

    def compile(self, value: Any) -> list[EffectData]:
        """Compile an effects list or raise EffectError (games call this on already validated sets)."""
        effects, problems = self.compile_list(value)
        if problems:
            raise EffectError(problems)
        return effects

    def problems(self, data: Any, root: Any, file: str, field: str = "effects") -> list[Any]:
        """Every problem in the effect lists of every card of a card set's data (`effect_paths`, or the
        one `field`), as cardsets Problems."""
        from ..cardsets.yamlfile import Problem, format_key_path, locate

        out: list[Any] = []
        if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
            return out
        paths = self.effect_paths if field == "effects" else ((field,),)
        for index, card in enumerate(data["cards"]):
            if not isinstance(card, Mapping):
                continue
            for pattern in paths:
                for value, where in _walk(card, pattern, ["cards", index]):
                    _, problems = self.compile_list(value, where)
                    for path, message in problems:
                        line, col = locate(root, path)
                        out.append(Problem(file, line, col, format_key_path(path), message))
        return out

    # -- bounds ------------------------------------------------------------------------------
    def bound(self, effects: Iterable[EffectData], imitated: int = 0) -> int:
        """At most how many decisions resolving `effects` can ask."""
        return sum(self.kinds[e["op"]].choice_bound(e, self, imitated) for e in effects)

    def uses(self, effects: Iterable[EffectData], op: str) -> bool:
        """Whether an effect named `op` appears in `effects` (top level)."""
        return any(e["op"] == op for e in effects)

    def usable(self, effects: Iterable[EffectData], host: Any, seat: int, source: int) -> bool:
        """Whether a card with these effects may be used now (every effect's own condition)."""
        return all(self.kinds[e["op"]].usable(e, host, seat, source) for e in effects)


def _walk(node: Any, pattern: tuple[str, ...], path: Where) -> Iterator[tuple[Any, Where]]:
    """The values at a key path with `*` wildcards inside a card's YAML data, with their full paths."""
    if not pattern:
        yield node, path
        return
    step, rest = pattern[0], pattern[1:]
    if step == "*":
        if isinstance(node, Mapping):
            for key, value in node.items():
                yield from _walk(value, rest, [*path, str(key)])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from _walk(value, rest, [*path, index])
    elif isinstance(node, Mapping) and step in node:
        yield from _walk(node[step], rest, [*path, step])


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

DUEL = Vocabulary(
    "duel",
    [
        Damage(),
        Reduce(),
        Nullify(),
        Heal(),
        Catalyst(),
        Charge(),
        TimeBomb(),
        Steal(),
        Refill(),
        Draw(),
        Discard(),
        Equip(),
        Unequip(),
        DiscardHand(),
        DiscardEquipped(),
        Attack(),
        Choose(),
        Flip(),
        StaysEquipped(),
    ],
    (),
    effect_paths=(("effects",), ("sides", "*", "skills", "*", "effects")),
)
"""The duel vocabulary (template `sainome`): damage with a counter window, healing onto the HP deck,
catalysts, Charge, Time Bomb, stealing, hand refill, equipping, the attack roll, a choice of branches
and turning a character over; a character's skills keep effect lists too (`sides.*.skills.*.effects`)."""

VOCABULARIES: dict[str, Vocabulary] = {"deckbuilder": DECKBUILDER, "sainome": DUEL}
"""Card set template -> the vocabulary its `effects` are written in (the loader checks them)."""


def vocabulary_for(template: str) -> Vocabulary | None:
    """The effect vocabulary of a card set template, or None when the template has no effects."""
    return VOCABULARIES.get(template)


# ---------------------------------------------------------------------------------------------------
# Resolving


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
        out = [{**_copy(e), **more, "seat": seat, "source": source, "as": as_code} for e in effects]
        if after is not None:
            out.append({**_copy(dict(after)), "op": AFTER, "seat": seat, "source": source, "as": as_code})
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

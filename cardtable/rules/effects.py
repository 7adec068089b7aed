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
`discard`, `imitate`, `stays_in_play`, `end_of_turn` and `until_training_end`. Later games extend it
(`DECKBUILDER.extend(...)` with their own `EffectKind`s: damage, heal...) and register their template
in `VOCABULARIES`. Pure Python: no game, no UI.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

EffectData = dict[str, Any]
"""One compiled effect: {"op": name, **arguments}; nested effect lists hold the same dicts."""

Where = list[str | int]
"""A key path into card data (mapping keys and list indices), outermost first."""

_REQUIRED = object()
_WHERE_TO = ("hand", "discard", "deck")


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
    effect ends by itself when `picked == high` or no option is left.
    """

    kind: str
    low: int
    high: int
    picked: int = 0
    by_code: bool = False
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form (a game keeps it in its pending decision)."""
        return {"kind": self.kind, "low": self.low, "high": self.high, "picked": self.picked,
                "by_code": self.by_code, "text": self.text}


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

    def grant_ability(self, seat: int, source: int, as_code: str, cost: dict[str, int],
                      effects: list[EffectData], uses: int | None) -> None:
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

    # -- compiling --------------------------------------------------------------------------
    def compile(self, value: Any, path: Where, vocab: Vocabulary) -> tuple[EffectData, list[tuple[Where, str]]]:
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
                    problems.append(([*path, str(key)], f"{self.name}: unknown argument {str(key)!r} "
                                                         f"(arguments: {names})"))
                    continue
                given[key] = item
                paths[key] = [*path, key]
        elif self.shorthand is not None:
            given = {self.shorthand: value}
            paths[self.shorthand] = list(path)
        else:
            problems.append((path, f"{self.name} takes a mapping of arguments "
                                   f"({', '.join(known) or 'none'}), not {_show(value)}"))
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

    def _convert(self, arg: Arg, value: Any, where: Where, vocab: Vocabulary,
                 problems: list[tuple[Where, str]]) -> tuple[Any, str]:
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
        if arg.kind == "cost":
            if not isinstance(value, Mapping):
                return None, f"must be a mapping of counter: amount, such as {{ps: 2}}, not {_show(value)}"
            cost: dict[str, int] = {}
            for key, amount in value.items():
                if key not in vocab.counters:
                    problems.append(([*where, str(key)], f"{self.name}: {key!r} is not a counter "
                                                           f"(counters: {', '.join(vocab.counters)})"))
                elif not _is_int(amount) or amount < 1:
                    problems.append(([*where, str(key)], f"{self.name}: a cost must be a whole number of "
                                                           f"at least 1, not {_show(amount)}"))
                else:
                    cost[str(key)] = amount
            return cost, ""
        raise AssertionError(arg.kind)

    def check(self, data: EffectData, path: Where) -> list[tuple[Where, str]]:
        """Checks across arguments, after each argument was valid on its own."""
        return []

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        """At most how many decisions resolving this effect can ask (`imitated`: the most any
        imitable card asks). Games add these up for their hard bound on a game's length."""
        return 0

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
            return [([*path, "take"], f"look_top: take ({data['take']}) cannot be more than count "
                                      f"({data['count']})")]
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
        Arg("type", "choice", "combat", choices=("combat", "production", "action", "gem", "any"),
            help="which cards may be returned"),
        Arg("count", "int", 1, minimum=1, help="how many"),
        Arg("optional", "bool", False, help="whether fewer may be returned"),
        Arg("gain_higher", "int", 0, minimum=0, help="for each returned card, gain one this many levels higher"),
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
    args = (Arg("from", "choice", "display", choices=("display", "play"),
                help="display: one of the public actions; play: another action you used this turn"),)
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
    args = (Arg("turns", "int", 1, minimum=1, maximum=20, help="how many more of your turns it stays"),
            Arg("next_turn", "effects", [], help="what it does at the start of each of those turns"))
    shorthand = "turns"
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["turns"]) * vocab.bound(data["next_turn"], imitated)

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.stay(ctx.seat, ctx.source, ctx.as_code, int(ctx.frame["turns"]),
                      _copy(ctx.frame["next_turn"]))
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
    args = (Arg("cost", "cost", {}, help="counters paid per use, e.g. {ps: 2}"),
            Arg("effects", "effects", help="what one use does"),
            Arg("uses", "uses", None, minimum=1, help="how many uses (null: as often as it is paid)"))
    top_level_only = True

    def check(self, data: EffectData, path: Where) -> list[tuple[Where, str]]:
        if not data["cost"] and data["uses"] is None:
            return [(path, "until_training_end: give a cost or a number of uses, or it could be used "
                           "for ever")]
        return []

    def start(self, ctx: Context) -> Prompt | None:
        frame = ctx.frame
        ctx.host.grant_ability(ctx.seat, ctx.source, ctx.as_code, dict(frame["cost"]),
                               _copy(frame["effects"]), frame["uses"])
        return None


# ---------------------------------------------------------------------------------------------------
# Vocabularies


class Vocabulary:
    """A set of effect kinds and the counters they may name; compiles and checks card text."""

    def __init__(self, name: str, kinds: Iterable[EffectKind], counters: Iterable[str]) -> None:
        self.name = name
        self.kinds: dict[str, EffectKind] = {k.name: k for k in kinds}
        self.counters: tuple[str, ...] = tuple(counters)

    def extend(self, name: str, kinds: Iterable[EffectKind] = (), counters: Iterable[str] = ()) -> Vocabulary:
        """A new vocabulary with more kinds (a kind of the same name replaces the old one) and counters."""
        merged = dict(self.kinds)
        for kind in kinds:
            merged[kind.name] = kind
        return Vocabulary(name, merged.values(), (*self.counters, *[c for c in counters if c not in self.counters]))

    def __getitem__(self, op: str) -> EffectKind:
        return self.kinds[op]

    # -- compiling --------------------------------------------------------------------------
    def compile_list(self, value: Any, path: Where | None = None,
                     nested: bool = False) -> tuple[list[EffectData], list[tuple[Where, str]]]:
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
                problems.append((where, "an effect is a name or a one-key mapping such as {draw: 1}, "
                                        f"not {_show(item)}"))
                continue
            kind = self.kinds.get(str(name))
            if kind is None:
                known = ", ".join(sorted(self.kinds))
                problems.append((where, f"unknown effect {str(name)!r} (effects: {known})"))
                continue
            if nested and kind.top_level_only:
                problems.append((where, f"{kind.name} can only be used directly in a card's effects, "
                                        "not inside another effect"))
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
        """Every problem in the `effects` of every card of a card set's data, as cardsets Problems."""
        from ..cardsets.yamlfile import Problem, format_key_path, locate

        out: list[Any] = []
        if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
            return out
        for index, card in enumerate(data["cards"]):
            if not isinstance(card, Mapping) or field not in card:
                continue
            _, problems = self.compile_list(card[field], ["cards", index, field])
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


DECKBUILDER = Vocabulary(
    "deckbuilder",
    [
        Counter("actions", "+N actions this turn (追加行動)"),
        Counter("trainings", "+N trainings this turn (追加訓練)"),
        Counter("skill", "+N skill this turn"),
        Counter("ps", "+N PS (production skill) this turn"),
        Draw(), LookTop(), ReturnToPile(), Discard(), Imitate(), StaysInPlay(), EndOfTurn(), UntilTrainingEnd(),
    ],
    ("actions", "trainings", "skill", "ps"),
)

VOCABULARIES: dict[str, Vocabulary] = {"deckbuilder": DECKBUILDER}
"""Card set template -> the vocabulary its `effects` are written in (the loader checks them)."""


def vocabulary_for(template: str) -> Vocabulary | None:
    """The effect vocabulary of a card set template, or None when the template has no effects."""
    return VOCABULARIES.get(template)


# ---------------------------------------------------------------------------------------------------
# Resolving


class Resolver:
    """Runs a game's queue of effect frames (plain dicts the game keeps in its state), front first.

    A frame is an effect's data plus `seat`, `source` (card id) and `as` (the card code the source
    counts as). `run` resolves frames until one waits for a decision (its Prompt is returned, the frame
    stays at the front) or the queue is empty (None).
    """

    def __init__(self, vocab: Vocabulary, host: Any, frames: list[dict[str, Any]]) -> None:
        self.vocab, self.host, self.frames = vocab, host, frames

    def push(self, effects: Iterable[EffectData], seat: int, source: int, as_code: str) -> None:
        """Queue effects in front of everything else, in their written order."""
        self.frames[0:0] = [{**_copy(e), "seat": seat, "source": source, "as": as_code} for e in effects]

    def append(self, effects: Iterable[EffectData], seat: int, source: int, as_code: str) -> None:
        """Queue effects after everything already queued."""
        self.frames.extend({**_copy(e), "seat": seat, "source": source, "as": as_code} for e in effects)

    def run(self) -> Prompt | None:
        """Resolve until a decision is needed (its Prompt) or nothing is left (None)."""
        while self.frames:
            frame = self.frames.pop(0)
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

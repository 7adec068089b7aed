"""Effect vocabularies: the effect kinds card text may name, their arguments, and compiling YAML to data.

A card's `effects:` list is written in YAML as a list of one-key mappings (or bare names):

    effects:
      - draw: 1
      - discard: {count: 2, optional: true}
      - choose: {attack: [attack], refill: [refill]}

A `Vocabulary` compiles that into plain data, one dict per effect: `{"op": "draw", "count": 1}`;
nested effect lists are lists of the same dicts. Plain data is what the game state can hold, so a
half-resolved card survives a save, a copy and an undo. Problems are (key path, message) pairs; the
card set loader (cardtable/cardsets) turns them into `file:line:col` lines, so `cardtable validate`
reports them and a game never meets them at play time. A game builds its own vocabulary from the
shared kinds (`common.py`) and kinds of its own, in its own package.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .resolver import Context, Prompt

EffectData = dict[str, Any]
"""One compiled effect: {"op": name, **arguments}; nested effect lists hold the same dicts."""

Where = list[str | int]
"""A key path into card data (mapping keys and list indices), outermost first."""

_REQUIRED = object()
EFFECT_INT_MAX = 99
"""The largest whole-number argument an effect takes when its kind states no maximum of its own."""
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


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def show_value(value: Any) -> str:
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
                    f"({', '.join(known) or 'none'}), not {show_value(value)}",
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
                    out[arg.name] = copy_data(arg.default)
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
            if not is_int(value):
                return None, f"must be a whole number, not {show_value(value)}"
            if arg.minimum is not None and value < arg.minimum:
                return None, f"must be at least {arg.minimum}, not {value}"
            # Unless a kind says otherwise, no amount in card text exceeds EFFECT_INT_MAX: a huge
            # `draw:` or `damage:` would only make a game's length bound (and its loops) explode.
            maximum = EFFECT_INT_MAX if arg.maximum is None else arg.maximum
            if value > maximum:
                return None, f"must be at most {maximum}, not {value}"
            return value, ""
        if arg.kind == "uses":
            return None, ""
        if arg.kind == "bool":
            if not isinstance(value, bool):
                return None, f"must be true or false, not {show_value(value)}"
            return value, ""
        if arg.kind == "choice":
            if value not in arg.choices:
                return None, f"must be one of {', '.join(arg.choices)}, not {show_value(value)}"
            return value, ""
        if arg.kind == "effects":
            effects, inner = vocab.compile_list(value, where, nested=True)
            problems.extend(inner)
            return effects, ""
        if arg.kind == "branches":
            if not isinstance(value, Mapping) or not value:
                return None, (
                    "must be a mapping of label: [effects], such as "
                    f"{{attack: [attack], refill: [refill]}}, not {show_value(value)}"
                )
            branches: dict[str, list[EffectData]] = {}
            for key, effects in value.items():
                if not isinstance(key, str) or not _LABEL.fullmatch(key):
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: a label is lower-case letters, digits and _, not {show_value(key)}",
                        )
                    )
                    continue
                compiled, inner = vocab.compile_list(effects, [*where, key], nested=True)
                problems.extend(inner)
                branches[key] = compiled
            return branches, ""
        if arg.kind == "cost":
            if not isinstance(value, Mapping):
                return (
                    None,
                    f"must be a mapping of counter: amount, such as {{ps: 2}}, not {show_value(value)}",
                )
            cost: dict[str, int] = {}
            for key, amount in value.items():
                if key not in vocab.counters:
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: {key!r} is not a counter (counters: {', '.join(vocab.counters)})",
                        )
                    )
                elif not is_int(amount) or amount < 1:
                    problems.append(
                        (
                            [*where, str(key)],
                            f"{self.name}: a cost must be a whole number of at least 1, not {show_value(amount)}",
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


def copy_data(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    return value


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
            return [], [(base, f"effects must be a list, such as [{{draw: 1}}], not {show_value(value)}")]
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
                        f"an effect is a name or a one-key mapping such as {{draw: 1}}, not {show_value(item)}",
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

    def card_problems(self, data: Any, field: str = "effects") -> list[tuple[Where, str]]:
        """Every problem in the effect lists of every card of a card set's data (`effect_paths`, or the
        one `field`), as (key path from the file's top, message); cardsets places them at file:line:col."""
        out: list[tuple[Where, str]] = []
        if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
            return out
        paths = self.effect_paths if field == "effects" else ((field,),)
        for index, card in enumerate(data["cards"]):
            if not isinstance(card, Mapping):
                continue
            for pattern in paths:
                for value, where in _walk(card, pattern, ["cards", index]):
                    out.extend(self.compile_list(value, where)[1])
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

"""Land & Person card text: the effect kinds persons' abilities are written in, as a `Vocabulary` on the
shared effect layer (cardtable/rules/effects), and what the rules ask of a compiled ability.

A person's `specialty` (得意能力, both modes) and `special` (特殊能力, deck construction only) are effect
lists in cards/landperson.yaml. `cardtable validate` compiles them at file:line:col. Two shapes:

- standing modifiers and restrictions (`bonus`, `no_attack`, `no_defend`, `extra_capture`) that the
  rules read when they add up a total or choose who may fight;
- activated specialties (`look_top`, `take_discard`, `draw`), each used by making the person acted in
  the domestic phase (the `use` move); their decisions are this game's own moves (moves.py), since
  each asks at most one pick.
"""

from __future__ import annotations

from typing import Any

from ...rules.cards import CardSet, CardSpec
from ...rules.effects import Arg, Draw, EffectData, EffectKind, Vocabulary

TASKS = ("commerce", "hunt", "repair", "attack", "defend")


class Bonus(EffectKind):
    """`bonus: {stat: int|atk, task: commerce|hunt|repair|attack|defend, amount: N}`: the person counts
    N more of the stat when it takes part in the task."""

    name = "bonus"
    doc = "counts more intelligence or attack for one kind of task"
    args = (
        Arg("stat", "choice", choices=("int", "atk")),
        Arg("task", "choice", choices=TASKS),
        Arg("amount", "int", minimum=1, maximum=9),
    )


class Flag(EffectKind):
    """A restriction with no argument (`no_attack`, `no_defend`)."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.doc = doc


class Amount(EffectKind):
    """An ability with one number (`look_top: 2`, `extra_capture: 1`)."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.doc = doc
        self.args = (Arg("count", "int", minimum=1, maximum=9),)
        self.shorthand = "count"


VOCAB = Vocabulary(
    "landperson",
    (
        Bonus(),
        Flag("no_attack", "cannot attack"),
        Flag("no_defend", "cannot be chosen as a defender"),
        Amount("extra_capture", "when its side wins an intercept, capture N more losing persons"),
        Amount(
            "look_top", "make this acted: look at the top N cards of the deck, put them back in any order"
        ),
        Flag("take_discard", "make this acted: take a person from the discard pile into your hand"),
        Draw(),
    ),
    counters=(),
    effect_paths=(("specialty",), ("special",)),
)

ACTIVATED = ("look_top", "take_discard", "draw")  # specialties used with the `use` move


class _Abilities:
    """One card's abilities that count with or without its specials, read as the rules and bots ask:
    the effects, the kinds present (`has`) and the bonus per (stat, task)."""

    __slots__ = ("effects", "ops", "bonuses", "powers")

    def __init__(self, effects: tuple[EffectData, ...]) -> None:
        self.effects = effects
        # what the card brings to each task (power()), worked out the first time it is asked:
        # the rules ask it for every person of a field at every decision
        self.powers: dict[str, int] = {}
        self.ops = frozenset(e["op"] for e in effects)
        self.bonuses: dict[tuple[str, str], int] = {}
        for e in effects:
            if e["op"] == "bonus":
                key = (e["stat"], e["task"])
                self.bonuses[key] = self.bonuses.get(key, 0) + int(e["amount"])


# per physical card: (specialties only, specialties and specials)
Table = tuple[tuple[_Abilities, _Abilities], ...]
_CACHE: dict[int, tuple[CardSet, Table]] = {}
_last: tuple[CardSet | None, Table] = (None, ())


def _table(cardset: CardSet) -> Table:
    """Every physical card's abilities, compiled once per card set (kept by the set's identity, as
    rules/notation.py keeps codes: a card set is not hashable). The rules and the bot ask millions of
    times per thousand games, nearly always of the same set: the last one answers first."""
    global _last
    if _last[0] is cardset:
        return _last[1]
    hit = _CACHE.get(id(cardset))
    if hit is None or hit[0] is not cardset:
        out = []
        by_kind: dict[str, tuple[_Abilities, _Abilities]] = {}
        for spec in cardset.physical():
            if spec.code not in by_kind:
                specialty, special = _compile(spec, "specialty"), _compile(spec, "special")
                by_kind[spec.code] = (_Abilities(specialty), _Abilities(specialty + special))
            out.append(by_kind[spec.code])
        hit = (cardset, tuple(out))
        _CACHE[id(cardset)] = hit
    _last = hit
    return hit[1]


def _compile(spec: CardSpec, key: str) -> tuple[EffectData, ...]:
    effects, problems = VOCAB.compile_list(spec.get(key), [key])
    if problems:  # the loader checks the bundled set; a set given by path meets this first
        raise ValueError(f"{spec.code}: {problems[0][1]}")
    return tuple(effects)


def abilities(cardset: CardSet, card: int, specials: bool) -> tuple[EffectData, ...]:
    """A card's abilities that count now: its specialties, and its specials unless they are ignored."""
    return _table(cardset)[card][1 if specials else 0].effects


def has(cardset: CardSet, card: int, op: str, specials: bool) -> bool:
    """Whether a card has an ability of this kind now."""
    return op in _table(cardset)[card][1 if specials else 0].ops


def bonus(cardset: CardSet, card: int, stat: str, task: str, specials: bool) -> int:
    """What a card adds to `stat` when it takes part in `task`."""
    return _table(cardset)[card][1 if specials else 0].bonuses.get((stat, task), 0)


def power(cardset: CardSet, card: int, task: str, specials: bool) -> int:
    """What a person brings to a task: intelligence for commerce, repair and paying, attack for
    hunting, attacking and defending, with its ability bonuses for that task."""
    found = _table(cardset)[card][1 if specials else 0]
    value = found.powers.get(task)
    if value is None:
        kind = "int" if task in ("commerce", "repair", "pay") else "atk"
        task_word = "defend" if task in ("intercept", "siege") else task
        value = found.powers[task] = stat(cardset.physical()[card], kind) + found.bonuses.get(
            (kind, task_word), 0
        )
    return value


def amount(cardset: CardSet, card: int, op: str, specials: bool) -> int:
    """The number of a counted ability (`extra_capture: 1`), 0 when the card has none."""
    return sum(int(e.get("count", 1)) for e in abilities(cardset, card, specials) if e["op"] == op)


def activated(cardset: CardSet, card: int) -> EffectData | None:
    """The specialty a card is used for with `use` (look_top, take_discard, draw), if any."""
    for effect in abilities(cardset, card, False):
        if effect["op"] in ACTIVATED:
            return effect
    return None


def stat(spec: CardSpec, name: str) -> int:
    """A person's intelligence (`int`), attack (`atk`) or cost, or a land's number."""
    value: Any = spec.get(name, 0)
    return int(value)

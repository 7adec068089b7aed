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


Compiled = tuple[tuple[tuple[EffectData, ...], tuple[EffectData, ...]], ...]
_CACHE: dict[int, tuple[CardSet, Compiled]] = {}


def _compiled(cardset: CardSet) -> Compiled:
    """Every physical card's (specialty, special) effects, compiled once per card set (kept by the
    set's identity, as rules/notation.py keeps codes: a card set is not hashable)."""
    hit = _CACHE.get(id(cardset))
    if hit is not None and hit[0] is cardset:
        return hit[1]
    out = []
    by_kind: dict[str, tuple[tuple[EffectData, ...], tuple[EffectData, ...]]] = {}
    for spec in cardset.physical():
        if spec.code not in by_kind:
            by_kind[spec.code] = (_compile(spec, "specialty"), _compile(spec, "special"))
        out.append(by_kind[spec.code])
    compiled = tuple(out)
    _CACHE[id(cardset)] = (cardset, compiled)
    return compiled


def _compile(spec: CardSpec, key: str) -> tuple[EffectData, ...]:
    effects, problems = VOCAB.compile_list(spec.get(key), [key])
    if problems:  # the loader checks the bundled set; a set given by path meets this first
        raise ValueError(f"{spec.code}: {problems[0][1]}")
    return tuple(effects)


def abilities(cardset: CardSet, card: int, specials: bool) -> tuple[EffectData, ...]:
    """A card's abilities that count now: its specialties, and its specials unless they are ignored."""
    specialty, special = _compiled(cardset)[card]
    return specialty + special if specials else specialty


def has(cardset: CardSet, card: int, op: str, specials: bool) -> bool:
    """Whether a card has an ability of this kind now."""
    return any(e["op"] == op for e in abilities(cardset, card, specials))


def bonus(cardset: CardSet, card: int, stat: str, task: str, specials: bool) -> int:
    """What a card adds to `stat` when it takes part in `task`."""
    return sum(
        int(e["amount"])
        for e in abilities(cardset, card, specials)
        if e["op"] == "bonus" and e["stat"] == stat and e["task"] == task
    )


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

"""Risugeon's game data by name: every key of `state.data`, its type and what it means.

Why a TypedDict and not typed fields: `state.data` is saved, copied, digested and compared as plain
JSON (GameState.to_dict, saves, golden transcripts, scenario `expect: data`), and the effect
vocabulary shared by the games keeps its queue of frames in it. A TypedDict names and types every key
for the reader and the type checker while the data stays the same dict, so saves, digests and
transcripts stay byte-identical. What a TypedDict cannot do by itself, hold at run time, the game's
`check()` does with `rules.invariants.data_problems`: the data has exactly these keys, each value of
its declared type, after every action of the random-playout contract tests and `simulate --check`.

Read it through `game_data(state)`, which gives `state.data` with this type.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypedDict

from ...rules.state import GameState

Frame = dict[str, Any]  # one queued effect of the effect vocabulary (rules/effects.py owns its keys)
EffectList = list[dict[str, Any]]  # compiled card text: effects as the vocabulary's plain dicts

Ability = TypedDict(
    "Ability",
    {
        "seat": int,  # who was granted it
        "card": int,  # the card that granted it
        "as": str,  # the code that card counted as then
        "label": str,  # how `activate` names it: the code, then CODE.2 for a card's second one
        "cost": dict[str, int],  # counter name (actions, trainings, skill, ps) -> amount paid per use
        "effects": EffectList,  # what a use does
        "uses": int | None,  # uses left this turn, None = unlimited
    },
)
"""An ability "until the end of the training phase" (A14...)."""

Rider = TypedDict(
    "Rider",
    {
        "seat": int,  # whose turn it ends with
        "card": int,  # the card that registered it
        "as": str,  # the code it registered as (it fires only if the card still counts as that)
        "effects": EffectList,  # what happens at step 5 of the end phase
    },
)
"""An "at end of turn" effect waiting for the end phase."""

Staying = TypedDict(
    "Staying",
    {
        "seat": int,  # whose play area the card stays in
        "card": int,  # the card that stays in play (萌えろ)
        "as": str,  # the code it stays as
        "turns": int,  # start-of-turn bonuses still to come
        "next_turn": EffectList,  # the bonus at the start of each of those action phases
        "new": bool,  # True during the turn it was played
    },
)
"""A card that stays in play over the end phase (R9)."""


class RisugeonData(TypedDict):
    """Every key of a Risugeon `state.data`."""

    sets: int  # card sets in use (2-4 players: by set_count)
    start: int  # the seat that took the first turn (rounds begin with it; ties go to the later player)
    turn: int  # turns begun so far, all seats together
    round: int  # the current round, from 1
    actions_left: int  # actions the active seat may still use this turn
    trainings_left: int  # trainings the active seat may still make this turn
    skill: int  # skill gathered this turn
    ps: int  # PS gathered this turn
    voluntary: int  # plays, discards, trainings, sends and ability uses this turn (max_turn_actions)
    played: list[int]  # the action cards used this turn, in order
    identity: dict[str, str]  # card id (as text) -> the code it imitates until end step 1
    abilities: list[Ability]  # abilities usable until the end of the training phase
    riders: list[Rider]  # "at end of turn" effects of this turn
    staying: list[Staying]  # cards staying in play, every seat's
    frames: list[Frame]  # the effect queue; a pending decision waits on its first frame
    end_step: int  # the end phase step reached (0 before it, 5 when its effects are queued)
    points: list[int]  # per seat: points of the cards in its deck, hand, discard pile and look zone
    owned: list[dict[str, int]]  # per seat: code -> how many of its cards (those zones and play area)
    gems: list[list[int]]  # per seat: the gems it took, in order
    action_rebuilds: int  # times the action deck was rebuilt from the stock area
    last_gem: bool  # the last gem was taken; the game ends with this turn (last_gem_ends turn)
    end_reason: str  # why the game ended: "gems", "rounds", or "" while it runs


# `state.data` of a game, read by name. An attrgetter rather than a function returning
# `cast(...)`: the rules read the data on every move, and this costs them nothing measurable.
game_data: Callable[[GameState], RisugeonData] = attrgetter("data")

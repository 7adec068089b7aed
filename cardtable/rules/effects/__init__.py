"""Card effects as data: the shared machinery every game with card text uses. It names no game.

- `vocabulary.py`: effect kinds, their arguments, and a `Vocabulary` that compiles a card's YAML
  `effects:` list to plain data (problems as key paths; cardsets places them at file:line:col).
- `common.py`: kinds any game may put in its vocabulary (counters, draw, discard, picking, choose).
- `resolver.py`: the queue of effect frames a game keeps in its state, `Prompt`s, and `Resolver`.
- `bridge.py`: `EffectDecisions`, the one way a prompt becomes a pending decision with legal actions
  and an answer goes back.

A game writes its own effect kinds and its host (the object they act through) in its own package
(e.g. cardtable/games/<id>/effects.py), builds its `Vocabulary` from shared and own kinds, and
names the card set template it belongs to in its registration.
"""

from .bridge import EffectDecisions
from .common import Choose, Counter, Discard, Draw, Picking
from .resolver import AFTER, Context, Prompt, Resolver
from .vocabulary import (
    Arg,
    EffectData,
    EffectError,
    EffectKind,
    Vocabulary,
    Where,
    copy_data,
    is_int,
    show_value,
)

__all__ = [
    "AFTER",
    "Arg",
    "Choose",
    "Context",
    "Counter",
    "Discard",
    "Draw",
    "EffectData",
    "EffectDecisions",
    "EffectError",
    "EffectKind",
    "Picking",
    "Prompt",
    "Resolver",
    "Vocabulary",
    "Where",
    "copy_data",
    "is_int",
    "show_value",
]

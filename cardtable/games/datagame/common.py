"""The names every part of the data-game interpreter shares (rules.py and its parts): the moves and
questions it adds to a file's own, the keys of a data game's `state.data`, and the plain
substitution of `{name}` parts in a file's words. Nothing here runs a file's text as code.
"""

from __future__ import annotations

import re
from typing import Any, TypedDict

MULTI_VERBS = ("meld", "place")  # verbs whose move names several cards
COMMIT = "commit"  # the pending decision of a `commit:` effect: every seat at once, face down
REVEALED = "revealed"  # announced for each seat's choice once every choice of a commit is in
WINDOW, USE, DECLINE = "window", "use", "pass"  # a `window:` effect's question to one seat: use or pass
WINDOW_WORDS = {  # a window's two answers (a file's own `pass` move keeps its words)
    USE: {"en": "Use your card now", "ja": "カードを今使う"},
    DECLINE: {"en": "Do not use it now", "ja": "今は使わない"},
}
PICK, STOP = "pick", "stop"  # the moves of an effect's choice (`choose:`): a card, or no more
FIELD = re.compile(r"\{(\w+)\}")  # a card field named in `card_name: {format:}`


class _Core(TypedDict):
    counters: dict[str, list[int]]  # each counter's value: one per seat (`each: true`) or one
    step: int  # the index of the turn's current step in the file's `turn:`
    made: dict[str, int]  # how often each move was made in the current step
    turns: int  # turns ended so far
    refills: int  # refills made so far (`refill:`)


class DataGameData(_Core, total=False):
    """Every key of a data game's `state.data` (a total=False subclass: NotRequired is not seen
    through postponed annotations on Python 3.11)."""

    end_reason: str  # the end rule's English reason, once the game is over
    choice: dict[str, Any]  # an effect's open choice (`choose:`): who, from, to, how many left, the rest
    hooked: dict[str, Any]  # what a game's Python hooks keep between moves (public; JSON-like)
    round: int  # the round under way (1 the first), in a game with `rounds:`
    again: str  # a step the turn takes again once its end's effects are run (`again:`)
    extra: bool  # the turn is in a step taken again: that step's end ends the turn
    first: int  # the seat that moves first in this round (`rounds: {first: alternate}` moves it on)
    tallies: dict[str, list[dict[str, int]]]  # per `tallies:` name, per seat: card code -> how many
    values_chosen: dict[
        str, list[Any]
    ]  # public as `chosen`: per `choose_value: {keep}` name, per seat: the value chosen (or None)
    picking: dict[str, int]  # an open blind pick of the setup: its setup step, whose pick, which try


def fill_words(template: str, values: dict[str, Any]) -> str:
    """`{name}` parts of a file's words replaced by values (a plain substitution: nothing evaluated)."""
    return FIELD.sub(lambda found: str(values.get(found.group(1), found.group(0))), template)


def words_pattern(template: str) -> re.Pattern[str]:
    """A file's words as a pattern that reads its `{name}` parts back."""
    parts = re.split(r"(\{\w+\})", template)
    seen: set[str] = set()
    out = []
    for part in parts:
        name = part[1:-1] if FIELD.fullmatch(part) else None
        if name is not None and name not in seen:
            seen.add(name)
            out.append(f"(?P<{name}>.+?)")
        elif name is not None:
            out.append(f"(?P={name})")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))

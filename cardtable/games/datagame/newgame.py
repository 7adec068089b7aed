"""`cardtable new-game NAME`: a small working game file to start a design from, in the user folder's
`games/` (where the registry finds it). The starter is a three-of-a-kind game on the standard deck:
draw, lay down sets of one rank, discard; the first to empty their hand wins.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.persistence.files import atomic_write_bytes, user_folders

NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")

STARTER = """\
# yaml-language-server: $schema={schema}
# {name}: a starter game. Draw a card, lay down sets of three or four of a rank, discard one.
# The first player to empty their hand wins. Change anything; `cardtable validate` checks it.
id: {name}
title: {{en: {name}, ja: {name}}}
players: {{min: 2, max: 4}}
cardset: standard52
deck: stock
max_actions: 600
zones:
  stock: {{owner: table, visibility: hidden, layout: stack, name: {{en: stock, ja: 山札}}}}
  discard: {{owner: table, visibility: top, layout: stack, name: {{en: discard pile, ja: 捨て札}}}}
  hand: {{owner: each, visibility: owner, layout: row, name: {{en: hand, ja: 手札}}}}
  sets: {{owner: table, visibility: public, layout: row, groups: 13, name: {{en: sets, ja: 組}}}}
setup:
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: 7}}
patterns:
  kind: {{same: rank, at_least: 3, at_most: 4}}
moves:
  draw: {{verb: draw, from: stock, to: hand, label: {{en: Draw a card, ja: 1枚引く}}}}
  lay: {{verb: meld, from: hand, to: sets, pattern: [kind], label: {{en: "Lay down {{cards}}", ja: "{{cards}}を出す"}}}}
  discard: {{verb: discard, from: hand, to: discard, ends: turn, label: {{en: "Discard {{cards}}", ja: "{{cards}}を捨てる"}}}}
turn:
  - step: draw
    moves: [draw]
  - step: play
    repeat: any
    moves: [lay, discard]
refill: {{zone: stock, from: discard, keep_top: 0, times: 1}}
end:
  - when: [{{empty: hand}}]
    reason: {{en: went out, ja: 上がり}}
  - when: [{{empty: stock}}]
    reason: {{en: the stock ran out, ja: 山札切れ}}
score:
  - {{sum: rank, zone: hand, times: -1}}
wins: most
"""


class NewGameError(ValueError):
    """A name that cannot be a game id, or a file that exists already."""


def games_folder() -> Path:
    """The designer's own game files (the registry reads them at start)."""
    return user_folders().cardsets.parent / "games"


def new_game(name: str, folder: Path | None = None) -> Path:
    """Write the starter game as `folder/NAME.yaml` (default: the user's games folder); its path."""
    if not NAME.fullmatch(name):
        raise NewGameError(
            f"{name!r}: a game id is 2-31 lowercase letters, digits and _, starting with a letter"
        )
    folder = folder or games_folder()
    path = folder / f"{name}.yaml"
    if path.exists():
        raise NewGameError(f"{path} exists already; choose another name")
    from .spec import schema_file

    text = STARTER.format(name=name, schema=schema_file().as_uri())
    atomic_write_bytes(path, text.encode("utf-8"), keep_backup=False)
    return path

"""`cardtable new-set NAME`: a new card set a designer can open and print at once.

It writes NAME/NAME.yaml (the schema line for editor completion, three example cards with the fields
the generic look draws, and a `sandbox:` layout) and NAME/faces/NAME.yaml (a copy of the generic face
template to make the set's own), with copies of the two schemas the first lines name, so the folder is
whole: it names no path of this machine (not where cardtable is installed, not the user's home) and can
be shared as it is. The set opens in the sandbox from the menu and prints with `cardtable export`.

Only files it creates are written: NAME/ must not exist (it is made, not reused), and a folder the
system refuses (a file named as the folder, a path too long) is a NewSetError, not a traceback.
Pure: files only, through importlib.resources for the bundled parts.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cardtable.persistence.files import atomic_write_bytes
from cardtable.resources import faces_dir, faces_schema_path, schema_path

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")

CARDS = """\
# yaml-language-server: $schema=cardset.schema.json
#
# {name}: a new card set. Edit a card and save: a table that uses the set shows the change at once.
# Check it:   cardtable validate {file}
# Print it:   cardtable export {file} --pdf {name}.pdf
# Play it:    the menu's Sandbox, card set "{name}" (or cardtable play, Sandbox)
#
# Each card: code (short, unique: moves and logs use it), name (ja and en), count (copies), and any
# fields the look draws (faces/{name}.yaml: cost and points badges, element colours, text).

cardset: {name}
title: {{ja: {name}, en: {name}}}
language: ja
template: generic
faces: faces/{name}.yaml

# The sandbox table (no rules): where the piles lie and where the cards start.
sandbox:
  piles:
    - {{name: deck, at: [0.05, 0.35], face: down, start: true}}
    - {{name: discard, at: [0.2, 0.35], face: up}}
    - {{name: market, at: [0.35, 0.0], face: spread}}
    - {{name: play, at: [0.35, 1.0], face: spread}}
  deal: 3
  counters: [points, coins]
  dice: 1

cards:
  - code: SEED
    name: {{ja: 種, en: Seed}}
    count: 6
    element: wind
    cost: 1
    points: 1
    text: {{ja: カードを1枚引く。, en: Draw a card.}}
  - code: FIRE
    name: {{ja: 火の鳥, en: Firebird}}
    count: 4
    element: fire
    cost: 3
    points: 2
    text: {{ja: 好きなプレイヤー1人は手札を1枚捨てる。, en: A player of your choice discards a card.}}
  - code: WAVE
    name: {{ja: 大波, en: Great Wave}}
    count: 2
    element: water
    cost: 5
    points: 4
    text: {{ja: 場のカードを1枚手札に戻す。, en: Return a card in play to its owner's hand.}}
"""


class NewSetError(ValueError):
    """A name that cannot be a set, or a folder that is there already."""


def new_set(name: str, folder: Path) -> Path:
    """Write the set NAME into folder/NAME/ and return its file; NewSetError if it cannot."""
    if not NAME.fullmatch(name):
        raise NewSetError(f"{name!r}: a set's name is lowercase letters, digits, _ and - (like my_game)")
    home = folder / name
    file = home / f"{name}.yaml"
    if os.path.lexists(home):
        raise NewSetError(f"{home} exists already: choose another name or folder")
    template = (faces_dir() / "generic.yaml").read_bytes().decode("utf-8")
    cards = CARDS.format(name=name, file=f"{name}/{name}.yaml")
    try:
        if folder.exists() and not folder.is_dir():
            raise NewSetError(f"{folder} is not a folder: give --dir a folder (it is made if missing)")
        folder.mkdir(parents=True, exist_ok=True)
        (home / "faces").mkdir(parents=True, exist_ok=False)  # fails if NAME/ appeared meanwhile
        for path, data in (
            (home / "cardset.schema.json", schema_path().read_bytes()),
            (home / "faces.schema.json", faces_schema_path().read_bytes()),
            (home / "faces" / f"{name}.yaml", template.encode("utf-8")),
            (file, cards.encode("utf-8")),
        ):
            atomic_write_bytes(path, data, keep_backup=False)
    except OSError as exc:
        raise NewSetError(f"cannot make {home}: {exc.strerror or exc}") from None
    return file

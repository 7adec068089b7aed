"""`cardtable new-set NAME`: a new card set a designer can open and print at once.

It writes NAME/NAME.yaml (the schema line for editor completion, three example cards with the fields
the generic look draws, and a `sandbox:` layout) and NAME/faces/NAME.yaml (a copy of the generic face
template to make the set's own). The set opens in the sandbox from the menu and prints with
`cardtable export`. Pure: files only, through importlib.resources for the bundled parts.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.persistence.files import atomic_write_bytes
from cardtable.resources import faces_dir, faces_schema_path, schema_path

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")

CARDS = """\
# yaml-language-server: $schema={schema}
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
    if home.exists():
        raise NewSetError(f"{home} exists already: choose another name or folder")
    template = (faces_dir() / "generic.yaml").read_bytes().decode("utf-8")
    template = template.replace(
        "# yaml-language-server: $schema=../faces.schema.json",
        f"# yaml-language-server: $schema={faces_schema_path().as_uri()}",
        1,
    )
    text = CARDS.format(name=name, schema=schema_path().as_uri(), file=file)
    atomic_write_bytes(home / "faces" / f"{name}.yaml", template.encode("utf-8"), keep_backup=False)
    atomic_write_bytes(file, text.encode("utf-8"), keep_backup=False)
    return file

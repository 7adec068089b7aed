"""Card face templates as data: loading, checking at `file:line:col`, and resolving one card's face.

A card set says how its cards look with `faces:`, either the path of a template file (relative to the
set's file, e.g. `faces: faces/my_template.yaml`) or the template itself inline. A set without `faces:`
gets the bundled template named after its `template:` (cards/faces/<template>.yaml), else
cards/faces/generic.yaml, so a new set is playable before it has a look of its own.

The template format is described, for editors and for the run-time check, by cards/faces.schema.json
(draft-07). In short: the card's size in mm, its paper and frame, named colours, words for printed
field values, a named icon set, sprite sheets, and a list of boxes (panel, text, badge, icon, image,
marks), each with a rect in mm, bound to a card field or a literal, shown when its `when` holds, and
changed per card by `overrides`.

Pure Python (no pygame), in three modules: this one finds and loads a set's template (and is the one
the rest of the app imports); facecheck.py checks templates and sets' faces, the schema's problems
and what a schema cannot say (an unknown named colour, an icon a card names that the icon set lacks, a
property that does nothing on its kind of box; a missing image is lint.py's warning), so `cardtable
validate` reports them together; faceresolve.py turns (template, card, side) into a `Face`, a list of boxes whose values
are already read from the card, coloured and worded. The drawing is in cardtable/ui/render/.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.resources import faces_dir
from cardtable.rules.cards import CardSet

from .facecheck import (
    DEFAULT_CORNER_MM,
    DEFAULT_SIZE_MM,
    _read_template,
    _stamp,
    _template_problems,
    check_set_faces,
    check_template_file,
    default_template_path,
    is_template_data,
    parse_colour,
    template_file,
)
from .faceresolve import Box, Face, FaceTemplate, ImageRef, back_choice, resolve_back, resolve_face
from .setfiles import OutsideFolder
from .yamlfile import LoadError, Problem

__all__ = [
    "DEFAULT_CORNER_MM",
    "DEFAULT_SIZE_MM",
    "Box",
    "Face",
    "FaceTemplate",
    "ImageRef",
    "back_choice",
    "check_set_faces",
    "check_template_file",
    "default_template_path",
    "face_template",
    "is_template_data",
    "parse_colour",
    "resolve_back",
    "resolve_face",
    "template_file",
    "template_source",
]


def _version(data: Any, source: Path | None) -> str:
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False) + str(source)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def template_source(cardset: CardSet) -> Path | Mapping[str, Any]:
    """Where a set's template is: a file path, or the inline mapping under `faces:`."""
    faces = cardset.meta.get("faces")
    if isinstance(faces, Mapping):
        return faces
    if isinstance(faces, str) and faces:
        base = cardset.source.parent if cardset.source is not None else Path.cwd()
        try:
            return template_file(base, faces)
        except OutsideFolder:
            pass  # loading refuses such a set; a set made in code falls back to its bundled look
    return default_template_path(cardset.template)


_loaded: dict[Path, tuple[tuple[int, int], FaceTemplate]] = {}


def face_template(cardset: CardSet) -> tuple[FaceTemplate, list[Problem]]:
    """The template a set's faces are drawn from, and the problems that made it fall back.

    A template file edited into something invalid after the set was loaded must not crash the table:
    the generic template is used instead and the problems are returned for the caller to show.
    Template files are re-read as soon as their modification time or size changes.
    """
    cards_dir = cardset.source.parent if cardset.source is not None else Path.cwd()
    source = template_source(cardset)
    if isinstance(source, Mapping):
        base = cardset.source.parent if cardset.source is not None else Path.cwd()
        file = str(cardset.source or cardset.id)
        problems = _template_problems(source, None, file, base, ["faces"], files=False)
        if not problems:
            return FaceTemplate(source, None, base, cards_dir, _version(source, cardset.source)), []
    else:
        try:
            template = _load_file(source)
        except LoadError as exc:
            problems = exc.problems
        else:
            return _with_cards_dir(template, cards_dir), []
    fallback = _load_file(faces_dir() / "generic.yaml")
    return _with_cards_dir(fallback, cards_dir), list(problems)


def _with_cards_dir(template: FaceTemplate, cards_dir: Path) -> FaceTemplate:
    if template.cards_dir == cards_dir:
        return template
    return FaceTemplate(template.data, template.source, template.base_dir, cards_dir, template.version)


def _load_file(path: Path) -> FaceTemplate:
    """A template file, checked; cached until the file changes. LoadError lists its problems."""
    try:
        resolved = path.resolve()
        stamp = _stamp(resolved)
    except OSError:
        raise LoadError([Problem(str(path), 1, 1, "", "no such face template file")]) from None
    hit = _loaded.get(resolved)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    data, root, schema = _read_template(path)
    problems = _template_problems(data, root, str(path), path.parent, [], files=False, schema=schema)
    if problems:
        raise LoadError(problems)
    template = FaceTemplate(data, resolved, path.parent, path.parent, _version(data, resolved))
    _loaded[resolved] = (stamp, template)
    return template

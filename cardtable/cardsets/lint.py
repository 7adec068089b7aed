"""Warnings about a card set that is valid but probably not what its designer meant, at file:line.

A set can load and play and still print wrong: `cots: 4` is a field no box shows (the cost badge stays
empty), a template box with `field: pionts` shows nothing on any card, an art file is missing or of a
shape the box will crop. None of these stops a game, so they are warnings, not problems: `cardtable
validate` prints them and exits 0 (`--strict` makes them errors), the table's reload banner lists them,
and a proof sheet marks the cards they concern (`LintWarning.cards`).

What this module finds (pure Python, no pygame):

- a card field that no face box, no rule (the game's `card_fields`, an effect vocabulary) and no field
  the card set schema names reads, with "did you mean" by edit distance; once per field name, at the
  first card that has it;
- a field a face box reads that no card of the set has, when it is not an image (an art window is
  meant to be filled later); with "did you mean" among the fields the cards do have;
- an image a card or the template names that is missing or not a PNG, JPEG or WebP (the card is drawn
  without it), and one whose shape differs from where it is drawn (the whole card, or its image box)
  by more than RATIO_TOLERANCE: it will be cropped or letterboxed.

Text that does not fit its box needs the font, so the renderer checks it
(cardtable/ui/render/facelint.py, which also gathers these warnings with its own).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from cardtable.resources import schema_path
from cardtable.rules.cards import CardSet

from .facecheck import (
    DEFAULT_SIZE_MM,
    _read_template,
    default_template_path,
    template_file,
)
from .setfiles import image_header
from .suggest import did_you_mean
from .yamlfile import LoadError, Problem, format_key_path, locate_in

__all__ = ["RATIO_TOLERANCE", "LintWarning", "by_card", "cardset_warnings", "lint_data", "read_source"]

RATIO_TOLERANCE = 0.05  # 5% off the shape it fills: a visible crop or band
_BUILTIN = {"code", "name", "count", "set", "side"}  # what every card has, or the template may name
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")
_HEAD_BYTES = 64 * 1024  # enough to find a JPEG's size marker behind its metadata

KeyPath = list[str | int]


@dataclass(frozen=True, order=True)
class LintWarning(Problem):
    """A Problem that does not stop the set (`warning` true): `cards` are the codes of the cards it
    concerns (empty: it concerns the set or its template as a whole)."""

    warning: bool = True
    cards: tuple[str, ...] = ()


def _warn(
    file: str, root: Node | None, path: KeyPath, message: str, cards: tuple[str, ...] = ()
) -> LintWarning:
    where, line, col = locate_in(file, root, path)
    return LintWarning(where, line, col, format_key_path(path), message, cards=cards)


# ---------------------------------------------------------------------------------------------------
# Entry points


def read_source(cardset: CardSet) -> tuple[Any, Node | None] | None:
    """A loaded set's data and node tree read again from its files (for the warnings' lines), or None
    when it has no file or the file no longer reads (its problems are the reload's to report)."""
    if cardset.source is None:
        return None
    from .loader import read_cardset

    try:
        return read_cardset(cardset.source)
    except LoadError:
        return None


def cardset_warnings(cardset: CardSet) -> list[LintWarning]:
    """The warnings about a loaded set that need no font (fields, images)."""
    read = read_source(cardset)
    return lint_data(read[0], read[1], str(cardset.source)) if read is not None else []


def by_card(warnings: list[LintWarning]) -> dict[str, list[LintWarning]]:
    """Warnings by the code of each card they concern (what a proof sheet marks per card)."""
    out: dict[str, list[LintWarning]] = {}
    for warning in warnings:
        for code in warning.cards:
            out.setdefault(code, []).append(warning)
    return out


def lint_data(data: Any, root: Node | None, file: str) -> list[LintWarning]:
    """Every warning about a card set's data already read (and checked) from `file`."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        return []
    look = _template_of(data, root, file)
    if look is None:
        return []
    found = [*_field_warnings(data, root, file, look), *_image_warnings(data, root, file, look)]
    return sorted(set(found))


@dataclass(frozen=True)
class _Look:
    """A set's face template as the warnings need it: its data, node tree and file, the key path of
    the template inside that file ([] for a file of its own, ["faces"] inline), and the folder its
    relative paths start from."""

    data: Mapping[str, Any]
    root: Node | None
    file: str
    prefix: KeyPath
    base: Path


def _template_of(data: Mapping[str, Any], root: Node | None, file: str) -> _Look | None:
    faces = data.get("faces")
    set_dir = Path(file).parent
    if isinstance(faces, Mapping):
        return _Look(faces, root, file, ["faces"], set_dir)
    if isinstance(faces, str):
        path = template_file(set_dir, faces)
    else:
        name = data.get("template")
        path = default_template_path(name if isinstance(name, str) else None)
    try:
        tdata, troot, _ = _read_template(path)
    except (LoadError, OSError):
        return None
    return _Look(tdata, troot, str(path), [], path.parent) if isinstance(tdata, Mapping) else None


# ---------------------------------------------------------------------------------------------------
# Fields


def _references(node: Any, path: KeyPath, out: list[tuple[str, KeyPath]]) -> None:
    """Every card field a piece of template reads: (the field's first name, where it is named)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            here = [*path, key]
            if key in ("field", "by") and isinstance(value, str):
                for name in [value, *_PLACEHOLDER.findall(value)]:
                    out.append((name.split(".")[0].split("{")[0], here))
            elif key == "format":
                texts = (
                    [value]
                    if isinstance(value, str)
                    else list(value.values())
                    if isinstance(value, Mapping)
                    else []
                )
                for text in texts:
                    if isinstance(text, str):
                        out.extend((name.split(".")[0], here) for name in _PLACEHOLDER.findall(text))
            if key in ("each", "words", "map", "cases"):
                continue  # an item's own fields, printed words, value maps: not the card's fields
            _references(value, here, out)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            _references(item, [*path, index], out)


@functools.cache
def _schema_card_fields() -> dict[str, frozenset[str]]:
    """Card fields cards/cardset.schema.json names: for every set ("card") and per template."""
    schema = json.loads(schema_path().read_bytes().decode("utf-8"))
    definitions = schema.get("definitions", {})
    out = {"card": frozenset(definitions.get("card", {}).get("properties", {}))}
    for rule in schema.get("allOf", []):
        template = rule.get("if", {}).get("properties", {}).get("template", {}).get("const")
        ref = rule.get("then", {}).get("properties", {}).get("cards", {}).get("items", {}).get("$ref", "")
        name = ref.rsplit("/", 1)[-1]
        if template and name in definitions:
            out[template] = frozenset(definitions[name].get("properties", {}))
    return out


def _rule_fields(template: str) -> set[str]:
    # Late: the games registry imports card sets.
    from cardtable.games import card_fields_for, vocabulary_for

    fields = set(card_fields_for(template))
    vocab = vocabulary_for(template)
    if vocab is not None:
        fields.update(str(p[0]) for p in vocab.effect_paths if p)
    return fields


def _image_field_names(template: Mapping[str, Any]) -> set[str]:
    names = {template["image_field"]} if isinstance(template.get("image_field"), str) else set()
    for box in template.get("boxes") or []:
        if isinstance(box, Mapping) and box.get("kind") == "image" and isinstance(box.get("field"), str):
            names.add(box["field"].split(".")[0])
    return names


def _field_warnings(
    data: Mapping[str, Any], root: Node | None, file: str, look: _Look
) -> Iterator[LintWarning]:
    template, troot, tfile, tprefix = look.data, look.root, look.file, look.prefix
    refs: list[tuple[str, KeyPath]] = []
    _references({k: v for k, v in template.items() if k != "back"}, [], refs)
    drawn = {name for name, _ in refs} | _image_field_names(template)
    template_name = data.get("template") if isinstance(data.get("template"), str) else ""
    schema = _schema_card_fields()
    known = drawn | _BUILTIN | {"provisional"} | schema["card"] | schema.get(template_name, frozenset())
    known |= _rule_fields(template_name)
    template_label = Path(tfile).name if tfile != file else "faces"

    # Card fields nothing reads: once per name, at the first card that has it.
    holders: dict[str, list[tuple[int, str]]] = {}
    have: set[str] = set()
    for index, card in enumerate(data["cards"]):
        if not isinstance(card, Mapping):
            continue
        code = str(card.get("code", ""))
        for key in card:
            if isinstance(key, str):
                have.add(key)
                if key not in known:
                    holders.setdefault(key, []).append((index, code))
    for key, where in holders.items():
        first = where[0][0]
        others = f" ({len(where)} cards have it)" if len(where) > 1 else ""
        yield _warn(
            file,
            root,
            ["cards", first, key],
            f"no box of the face template ({template_label}) and no rule reads {key}{others}"
            f"{did_you_mean(key, drawn | (known - _BUILTIN))}",
            tuple(code for _, code in where),
        )

    # Fields the template's boxes read that no card has (image fields excepted: art comes later).
    images = _image_field_names(template)
    box_refs: list[tuple[str, KeyPath]] = []
    _references(template.get("boxes") or [], ["boxes"], box_refs)
    said: set[str] = set()
    for name, path in box_refs:
        if name in have or name in _BUILTIN or name in images or name in said or not name:
            continue
        said.add(name)
        yield _warn(
            tfile,
            troot,
            [*tprefix, *path],
            f"no card of this set has the field {name}, so this shows nothing{did_you_mean(name, have)}",
        )


# ---------------------------------------------------------------------------------------------------
# Images


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) an image's first bytes declare (PNG, JPEG, WebP, GIF, BMP); None when they do not say."""
    header = image_header(head)
    if header is None or not header.width or not header.height:
        return None
    return header.width, header.height


def _read_head(path: Path) -> bytes | str:
    """The first bytes of an image file, or why it cannot be used."""
    try:
        if not path.is_file():
            return "missing"
        with path.open("rb") as handle:
            return handle.read(_HEAD_BYTES)
    except OSError as exc:
        return f"unreadable: {exc.strerror or exc}"


def _check_image(
    base: Path, name: str, shape: tuple[float, float] | None, what: str, grid: tuple[int, int] | None = None
) -> str | None:
    """What is wrong with an image drawn into `shape` (width, height in mm), or None."""
    target = (base / name).expanduser()
    head = _read_head(target)
    if isinstance(head, str) or image_header(head) is None:
        return None  # missing, unreadable or no image: the set's check warns (facecheck.FileWarning)
    size = image_size(head)
    if size is None or shape is None:
        return None
    width, height = size
    if grid is not None:
        width, height = width / grid[0], height / grid[1]
    have, want = width / height, shape[0] / shape[1]
    if abs(have / want - 1) > RATIO_TOLERANCE:
        cell = " a cell" if grid is not None else ""
        return (
            f"{name!r}{cell} is {round(width)} x {round(height)} px ({have:.2f}:1) but {what} is "
            f"{shape[0]:g} x {shape[1]:g} mm ({want:.2f}:1): it will be cropped"
        )
    return None


def _image_warnings(
    data: Mapping[str, Any], root: Node | None, file: str, look: _Look
) -> Iterator[LintWarning]:
    template, troot, tfile, tprefix, tbase = look.data, look.root, look.file, look.prefix, look.base
    size = template.get("size_mm") or DEFAULT_SIZE_MM
    try:
        card_shape: tuple[float, float] | None = (float(size[0]), float(size[1]))
    except (TypeError, ValueError, IndexError):
        card_shape = None
    sheets = template.get("sheets") if isinstance(template.get("sheets"), Mapping) else {}
    boxes = [b for b in template.get("boxes") or [] if isinstance(b, Mapping)]

    def rect_shape(box: Mapping[str, Any]) -> tuple[float, float] | None:
        rect = box.get("rect")
        if isinstance(rect, list) and len(rect) == 4 and all(isinstance(v, int | float) for v in rect):
            if rect[2] > 0 and rect[3] > 0:
                return float(rect[2]), float(rect[3])
        return None

    # The template's own files: icons (any shape: drawn inside their mark), sheets, box files, the back.
    for name, icon in (
        (template.get("icons") or {}).items() if isinstance(template.get("icons"), Mapping) else ()
    ):
        if isinstance(icon, Mapping) and isinstance(icon.get("image"), str):
            message = _check_image(tbase, icon["image"], None, "")
            if message:
                yield _warn(tfile, troot, [*tprefix, "icons", name, "image"], message)
    for name, sheet in sheets.items():
        if isinstance(sheet, Mapping) and isinstance(sheet.get("file"), str):
            message = _check_image(tbase, sheet["file"], None, "")
            if message:
                yield _warn(tfile, troot, [*tprefix, "sheets", name, "file"], message)
    back = template.get("back") if isinstance(template.get("back"), Mapping) else {}
    if isinstance(back.get("image"), str):
        message = _check_image(tbase, back["image"], card_shape, "the card")
        if message:
            yield _warn(tfile, troot, [*tprefix, "back", "image"], message)
    for index, box in enumerate(template.get("boxes") or []):
        if isinstance(box, Mapping) and box.get("kind") == "image" and isinstance(box.get("file"), str):
            fit = box.get("fit", "cover")
            message = _check_image(
                tbase, box["file"], rect_shape(box) if fit != "stretch" else None, "its box"
            )
            if message:
                yield _warn(tfile, troot, [*tprefix, "boxes", index, "file"], message)

    # The cards' own images: the whole face (image_field) or an image box's field.
    targets: dict[str, tuple[float, float] | None] = {}
    if isinstance(template.get("image_field"), str):
        targets[template["image_field"]] = card_shape
    for box in boxes:
        if box.get("kind") == "image" and isinstance(box.get("field"), str) and "." not in box["field"]:
            targets.setdefault(
                box["field"], rect_shape(box) if box.get("fit", "cover") != "stretch" else None
            )
    set_dir = Path(file).parent
    for index, card in enumerate(data["cards"]):
        if not isinstance(card, Mapping):
            continue
        code = (str(card.get("code", "")),)
        for name, shape in targets.items():
            value = card.get(name)
            what = "the card" if shape == card_shape and name == template.get("image_field") else "its box"
            message = None
            if isinstance(value, str) and value:
                message = _check_image(set_dir, value, shape, what)
            elif isinstance(value, Mapping) and isinstance(value.get("sheet"), str):
                sheet = sheets.get(value["sheet"])
                grid = sheet.get("grid") if isinstance(sheet, Mapping) else None
                if (
                    isinstance(sheet, Mapping)
                    and isinstance(sheet.get("file"), str)
                    and isinstance(grid, list)
                ):
                    message = _check_image(tbase, sheet["file"], shape, what, (int(grid[0]), int(grid[1])))
            if message:
                yield _warn(file, root, ["cards", index, name], message, code)

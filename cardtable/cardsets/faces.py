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

This module is pure Python (no pygame): it turns (template, card, side) into a `Face`, a list of boxes
whose values are already read from the card, coloured and worded. The drawing is in
cardtable/ui/render/. Checks that a schema cannot make (an unknown named colour, an icon a card names
that the icon set lacks, a missing image file, a property that does nothing on its kind of box) are
here too, so `cardtable validate` reports them with the schema's problems.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaml.nodes import Node

from cardtable.resources import cards_dir, faces_dir, faces_schema_path
from cardtable.rules.cards import CardSet, CardSpec, Text

from .yamlfile import LoadError, Problem, format_key_path, locate, read_yaml

if TYPE_CHECKING:
    from jsonschema import Draft7Validator

__all__ = [
    "DEFAULT_CORNER_MM",
    "DEFAULT_SIZE_MM",
    "Box",
    "Face",
    "FaceTemplate",
    "ImageRef",
    "check_set_faces",
    "check_template_file",
    "default_template_path",
    "face_template",
    "is_template_data",
    "parse_colour",
    "resolve_back",
    "resolve_face",
]

RGBA = tuple[int, int, int, int]
KeyPath = list[str | int]

DEFAULT_SIZE_MM: tuple[float, float] = (63.0, 88.0)
DEFAULT_CORNER_MM = 3.0
MAX_SHEET_GRID = (10, 7)  # Tabletop Simulator reads at most 10 x 7 cells from one deck sheet

# What each kind of box reads; a key outside its kind's set does nothing there and is reported.
_COMMON = {"id", "kind", "rect", "when", "rotate"}
_SHAPE = {"shape", "fill", "edge", "edge_mm", "radius_mm", "points"}
_TEXT_SOURCE = {"field", "text", "format", "parts", "each", "join", "map"}
_TEXT_STYLE = {"size_pt", "colour", "bold", "tight"}
_KIND_KEYS: dict[str, set[str]] = {
    "panel": _COMMON | _SHAPE | {"pattern", "pattern_colour", "pattern_mm"},
    "text": _COMMON
    | _TEXT_SOURCE
    | _TEXT_STYLE
    | {"lines", "align", "valign", "languages", "second_scale", "second_colour", "leading", "padding_mm"},
    "badge": _COMMON | _SHAPE | _TEXT_STYLE | {"field", "text", "format", "map", "always", "languages"},
    "icon": _COMMON | {"icon", "field", "gap_mm", "align", "map"},
    "image": _COMMON | {"field", "file", "sheet", "index", "fit", "radius_mm"},
    "marks": _COMMON
    | {"layout", "mark", "field", "count", "suit", "size_mm", "order", "inset_mm", "turn_lower", "gap_mm"}
    | {"fill", "edge", "edge_mm", "colour", "points", "map"},
}
_KIND_NEEDS: dict[str, tuple[str, ...]] = {
    "text": ("field", "text", "format", "parts"),
    "badge": ("field", "text", "format"),
    "icon": ("icon", "field"),
    "image": ("field", "file", "sheet"),
}
_SOURCES = {"field", "text", "format", "parts", "each", "icon", "file", "sheet", "index"}
_COLOUR_KEYS = ("fill", "edge", "colour", "second_colour", "pattern_colour")
_MARK_SHAPES = {"circle", "star", "diamond", "hexagon", "shield", "rect", "rounded", "ellipse"}
_EDGES = ("top", "right", "bottom", "left")
_IMAGE_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
)
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")
_HEX = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")


# ---------------------------------------------------------------------------------------------------
# The template and what a card resolves to


@dataclass(frozen=True)
class ImageRef:
    """An image to draw: a file, or one cell of a sprite sheet in that file (grid = columns, rows)."""

    path: Path
    grid: tuple[int, int] | None = None
    index: int | None = None

    def describe(self) -> str:
        if self.grid is None:
            return str(self.path)
        return f"{self.path} cell {self.index} of {self.grid[0]}x{self.grid[1]}"


@dataclass(frozen=True)
class Box:
    """One box of a resolved face: its kind, rect in mm, turn, and its values read from the card."""

    id: str
    kind: str
    rect: tuple[float, float, float, float]
    rotate: int = 0
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Face:
    """Everything one side of one card shows, ready to draw at any size."""

    size_mm: tuple[float, float]
    corner_mm: float
    bleed_mm: float
    background: RGBA | None
    frame: Mapping[str, Any] | None
    boxes: tuple[Box, ...]
    image: ImageRef | None = None  # the designer's own art for the whole face, when the card names one


@dataclass(frozen=True)
class FaceTemplate:
    """A checked template and where its relative paths start.

    `base_dir` resolves the template's own files (icons, sheets, images); `cards_dir` resolves image
    paths written in the card set's cards. `version` changes whenever the template's data does, so
    faces cached under an older version are never shown again.
    """

    data: Mapping[str, Any]
    source: Path | None
    base_dir: Path
    cards_dir: Path
    version: str

    @property
    def size_mm(self) -> tuple[float, float]:
        w, h = self.data.get("size_mm") or DEFAULT_SIZE_MM
        return float(w), float(h)

    @property
    def aspect(self) -> float:
        """Height over width."""
        w, h = self.size_mm
        return h / w

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.data.get("sides") or ())


def _version(data: Any, source: Path | None) -> str:
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False) + str(source)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


# ---------------------------------------------------------------------------------------------------
# Finding and loading a set's template


def default_template_path(game_template: str | None) -> Path:
    """The bundled template for a set without `faces:`: faces/<its template>.yaml, else generic."""
    folder = faces_dir()
    if game_template and re.fullmatch(r"[a-z0-9][a-z0-9_-]*", game_template):
        path = folder / f"{game_template}.yaml"
        if path.is_file():
            return path
    return folder / "generic.yaml"


def template_file(set_dir: Path, value: str) -> Path:
    """The template file a set's `faces: value` names: beside the set, else among the bundled ones.

    The fallback keeps a designer's copy of a bundled set (saved anywhere) looking like the original
    until they give it a template of their own.
    """
    path = (set_dir / value).expanduser()
    if path.is_file():
        return path
    bundled = Path(str(cards_dir())) / value
    return bundled if not Path(value).is_absolute() and bundled.is_file() else path


def template_source(cardset: CardSet) -> Path | Mapping[str, Any]:
    """Where a set's template is: a file path, or the inline mapping under `faces:`."""
    faces = cardset.meta.get("faces")
    if isinstance(faces, Mapping):
        return faces
    if isinstance(faces, str) and faces:
        base = cardset.source.parent if cardset.source is not None else Path.cwd()
        return template_file(base, faces)
    return default_template_path(cardset.template)


_loaded: dict[Path, tuple[tuple[int, int], FaceTemplate]] = {}


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


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


# Template files read and checked against the schema, by resolved path: (stamp, file name, data, root,
# schema problems). Every card set naming a template checks it again on each load; reading and
# validating the template was over half of loading a set (and of a designer's every hot reload of
# it). Only what depends on nothing but the file's text is kept: the checks of the image files it
# names run on every load, since those files change on their own.
_read: dict[Path, tuple[tuple[int, int], str, Any, Node | None, list[Problem]]] = {}


def _read_template(path: Path) -> tuple[Any, Node | None, list[Problem]]:
    """(data, root, schema problems) of a template file, remembered until its mtime or size changes;
    LoadError when it cannot be read as YAML. The data is shared: callers only read it."""
    try:
        resolved = path.resolve()
        stamp = _stamp(resolved)
    except OSError:
        resolved, stamp = path, None
    hit = _read.get(resolved)
    if stamp is not None and hit is not None and hit[0] == stamp and hit[1] == str(path):
        return hit[2], hit[3], hit[4]
    data, root = read_yaml(path)
    schema = _schema_problems(data, root, str(path), [])
    if stamp is not None:
        _read[resolved] = (stamp, str(path), data, root, schema)
    return data, root, schema


def is_template_data(data: Any) -> bool:
    """Whether YAML data is a face template rather than a card set (it has boxes and no cards)."""
    return isinstance(data, Mapping) and "boxes" in data and "cards" not in data


# ---------------------------------------------------------------------------------------------------
# Checking


@functools.cache
def _validator() -> Draft7Validator:
    from jsonschema import Draft7Validator

    from .schemacheck import remembering_validator

    schema = json.loads(faces_schema_path().read_bytes().decode("utf-8"))
    Draft7Validator.check_schema(schema)
    return remembering_validator(schema)


def _schema_problems(data: Any, root: Node | None, file: str, prefix: KeyPath) -> list[Problem]:
    # The card-set loader's explanations: the same words and placing for every YAML file we read.
    from .loader import _explain

    problems: list[Problem] = []
    for error in _validator().iter_errors(data):
        error.path.extendleft(reversed(prefix))
        problems.extend(_explain(error, root, file))  # type: ignore[arg-type]
    return problems


def check_template_file(path: str | Path) -> list[Problem]:
    """Every problem in a face template file (what `cardtable validate faces/x.yaml` prints)."""
    path = Path(path)
    try:
        data, root, schema = _read_template(path)
    except LoadError as exc:
        return list(exc.problems)
    if root is None:
        return [Problem(str(path), 1, 1, "", "the file is empty; a face template needs boxes")]
    return _template_problems(data, root, str(path), path.parent, [], schema=schema)


def check_set_faces(data: Any, root: Node | None, file: str) -> list[Problem]:
    """Problems with a card set's `faces:` and with what its cards ask of the template.

    The template file's own problems are placed in that file; a card naming an icon the icon set
    lacks, or an image that is not there, is placed at that card's field in the set's file. Schema
    errors of an inline template come from the card set's schema (it refers to faces.schema.json).
    """
    if not isinstance(data, Mapping):
        return []
    faces = data.get("faces")
    set_dir = Path(file).parent
    template: Mapping[str, Any] | None = None
    base = set_dir
    problems: list[Problem] = []
    if isinstance(faces, str):
        path = template_file(set_dir, faces)
        if not path.is_file():
            return [_at(file, root, ["faces"], f"no face template file {faces!r} (looked for {path})")]
        try:
            loaded, troot, schema = _read_template(path)
        except LoadError as exc:
            return list(exc.problems)
        if troot is None:
            return [Problem(str(path), 1, 1, "", "the file is empty; a face template needs boxes")]
        problems.extend(_template_problems(loaded, troot, str(path), path.parent, [], schema=schema))
        if not isinstance(loaded, Mapping):
            return problems
        template, base = loaded, path.parent
    elif isinstance(faces, Mapping):
        template = faces
        problems.extend(_semantic_problems(faces, root, file, set_dir, ["faces"]))
    elif faces is None:
        template_name = data.get("template")
        path = default_template_path(template_name if isinstance(template_name, str) else None)
        try:
            template, _, _ = _read_template(path)
        except LoadError:
            return []
        base = path.parent
    if isinstance(template, Mapping):
        problems.extend(_card_problems(template, base, data, root, file))
    return problems


def _template_problems(
    data: Any,
    root: Node | None,
    file: str,
    base: Path,
    prefix: KeyPath,
    files: bool = True,
    schema: list[Problem] | None = None,
) -> list[Problem]:
    """Schema and semantic problems; `files=False` leaves image files unchecked (the renderer falls
    back per image, so a broken picture must not cost the whole template at run time). `schema`: the
    schema's problems when they are known already (_read_template)."""
    if schema is not None:
        problems = list(schema)
    else:
        problems = _schema_problems(data, root, file, prefix) if root is not None or not prefix else []
    if isinstance(data, Mapping):
        problems.extend(_semantic_problems(data, root, file, base if files else None, prefix))
    return sorted(set(problems))


def _at(file: str, root: Node | None, path: KeyPath, message: str) -> Problem:
    line, col = locate(root, path)
    return Problem(file, line, col, format_key_path(path), message)


def _semantic_problems(
    data: Mapping[str, Any], root: Node | None, file: str, base: Path | None, prefix: KeyPath
) -> list[Problem]:
    """What the schema cannot say about a template, each at its value."""
    found: list[tuple[KeyPath, str]] = []
    palette = data.get("colours") if isinstance(data.get("colours"), Mapping) else {}
    icons = data.get("icons") if isinstance(data.get("icons"), Mapping) else {}
    sheets = data.get("sheets") if isinstance(data.get("sheets"), Mapping) else {}
    sides = [s for s in data.get("sides") or [] if isinstance(s, str)]

    # Named colours: every $name must be defined, and none may lead back to itself.
    for path, value in _colour_values(data):
        for name in _colour_refs(value):
            if name not in palette:
                known = ", ".join(sorted(palette)) or "none defined under colours"
                found.append((path, f"no colour named ${name} (named colours: {known})"))
    for name in palette:
        if _palette_cycle(palette, name):
            found.append((["colours", name], f"the colour ${name} is defined through itself"))

    for name, icon in icons.items():
        if isinstance(icon, Mapping):
            if isinstance(icon.get("image"), str):
                found.extend(_file_problems(base, icon["image"], ["icons", name, "image"]))
            if not any(k in icon for k in ("shape", "glyph", "die", "suit", "image")):
                found.append((["icons", name], "an icon needs a shape, glyph, die, suit or image"))
    for name, sheet in sheets.items():
        if isinstance(sheet, Mapping) and isinstance(sheet.get("file"), str):
            found.extend(_file_problems(base, sheet["file"], ["sheets", name, "file"]))

    back = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    if "image" in back:
        found.extend(_image_source_problems(back["image"], base, sheets, ["back", "image"]))

    ids: dict[str, int] = {}
    for section, boxes in (("boxes", data.get("boxes")), ("back", back.get("boxes"))):
        if not isinstance(boxes, list):
            continue
        for index, box in enumerate(boxes):
            path: KeyPath = [section, index] if section == "boxes" else ["back", "boxes", index]
            if not isinstance(box, Mapping):
                continue
            if section == "boxes" and isinstance(box.get("id"), str):
                if box["id"] in ids:
                    found.append(
                        ([*path, "id"], f"box id {box['id']!r} is already used by boxes[{ids[box['id']]}]")
                    )
                else:
                    ids[box["id"]] = index
            found.extend(_box_problems(box, path, base, icons, sheets, sides))

    overrides = data.get("overrides") if isinstance(data.get("overrides"), Mapping) else {}
    for code, per_box in overrides.items():
        if not isinstance(per_box, Mapping):
            continue
        for box_id, props in per_box.items():
            if box_id not in ids:
                known = ", ".join(ids) or "no box has an id"
                found.append((["overrides", code, box_id], f"no box with id {box_id!r} (ids: {known})"))
                continue
            original = data["boxes"][ids[box_id]]
            if isinstance(props, Mapping):
                merged = {**original, **{k: v for k, v in props.items() if k != "hide"}}
                kind = merged.get("kind")
                allowed = _KIND_KEYS.get(kind, set()) | {"hide"}
                for key in props:
                    if key not in allowed:
                        found.append(
                            (["overrides", code, box_id, key], f"{key!r} does nothing on a {kind} box")
                        )
    return [_at(file, root, [*prefix, *path], message) for path, message in found]


def _box_problems(
    box: Mapping[str, Any],
    path: KeyPath,
    base: Path | None,
    icons: Mapping[str, Any],
    sheets: Mapping[str, Any],
    sides: Sequence[str],
) -> Iterator[tuple[KeyPath, str]]:
    kind = box.get("kind")
    if kind not in _KIND_KEYS:
        return
    for key in box:
        if key not in _KIND_KEYS[kind]:
            yield [*path, key], f"{key!r} does nothing on a {kind} box"
    needs = _KIND_NEEDS.get(kind)
    if needs and not any(k in box for k in needs):
        yield path, f"a {kind} box needs one of: {', '.join(needs)}"
    rect = box.get("rect")
    if isinstance(rect, list) and len(rect) == 4 and all(isinstance(v, int | float) for v in rect):
        if rect[2] <= 0 or rect[3] <= 0:
            yield [*path, "rect"], "the width and height of a rect must be more than 0"
    size = box.get("size_pt")
    if isinstance(size, list) and len(size) == 2 and size[0] > size[1]:
        yield [*path, "size_pt"], "write the smallest size first: [smallest, largest]"
    if "each" in box and "field" not in box:
        yield [*path, "each"], "each needs a field naming a list"
    icon = box.get("icon")
    if isinstance(icon, str) and icon not in icons:
        yield [*path, "icon"], _unknown_icon(icon, icons)
    if kind == "marks":
        mark = box.get("mark")
        if isinstance(mark, str) and mark not in ("die", "suit") and mark not in _MARK_SHAPES:
            if mark not in icons:
                yield (
                    [*path, "mark"],
                    _unknown_icon(mark, icons, "die, suit, " + ", ".join(sorted(_MARK_SHAPES))),
                )
        layout = box.get("layout")
        if layout in ("pips", "row", "column") and "count" not in box:
            yield path, f"marks laid out as {layout} need a count"
        if layout == "edges" and "field" not in box:
            yield path, "marks on the edges need a field listing one value per edge"
        if mark == "suit" and "suit" not in box:
            yield path, "suit marks need a suit (S, C, H, D or {field: suit})"
    if isinstance(box.get("file"), str):
        yield from _file_problems(base, box["file"], [*path, "file"])
    sheet = box.get("sheet")
    if isinstance(sheet, str):
        if sheet not in sheets:
            yield [*path, "sheet"], f"no sheet named {sheet!r} (sheets: {', '.join(sheets) or 'none'})"
        elif isinstance(box.get("index"), int):
            yield from _index_problems(box["index"], sheets[sheet], [*path, "index"])
    yield from _side_problems(box.get("when"), [*path, "when"], sides)


def _side_problems(cond: Any, path: KeyPath, sides: Sequence[str]) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(cond, list):
        for i, inner in enumerate(cond):
            yield from _side_problems(inner, [*path, i], sides)
    elif isinstance(cond, Mapping):
        if isinstance(cond.get("side"), str) and cond["side"] not in sides:
            yield [*path, "side"], f"no side named {cond['side']!r} (sides: {', '.join(sides) or 'none'})"
        if isinstance(cond.get("any"), list):
            for i, inner in enumerate(cond["any"]):
                yield from _side_problems(inner, [*path, "any", i], sides)
        if "not" in cond:
            yield from _side_problems(cond["not"], [*path, "not"], sides)


def _unknown_icon(name: str, icons: Mapping[str, Any], builtin: str = "") -> str:
    known = ", ".join(sorted(icons)) or "none defined under icons"
    if builtin:
        known = f"{builtin}; icons: {known}"
    return f"no icon named {name!r} (known: {known})"


def _index_problems(index: int, sheet: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    grid = sheet.get("grid") if isinstance(sheet, Mapping) else None
    if isinstance(grid, list) and len(grid) == 2 and all(isinstance(v, int) for v in grid):
        cells = grid[0] * grid[1]
        if not 0 <= index < cells:
            yield path, f"cell {index} is outside the {grid[0]}x{grid[1]} sheet (cells 0-{cells - 1})"


def _file_problems(base: Path | None, name: str, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    """A referenced image must exist and look like PNG, JPEG or WebP (decoding is the renderer's).

    `base` None: files are not being checked.
    """
    if base is None:
        return
    target = (base / name).expanduser()
    if not target.is_file():
        yield path, f"no image file {name!r} (looked for {target})"
        return
    try:
        with target.open("rb") as handle:
            head = handle.read(16)
    except OSError as exc:
        yield path, f"cannot read the image {name!r}: {exc.strerror or exc}"
        return
    if image_kind(head) is None:
        yield path, f"{name!r} is not a PNG, JPEG or WebP image"


def image_kind(head: bytes) -> str | None:
    """PNG, JPEG or WebP from a file's first bytes; None for anything else."""
    for magic, kind in _IMAGE_MAGIC:
        if head.startswith(magic):
            return kind
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    return None


def _image_source_problems(
    value: Any, base: Path | None, sheets: Mapping[str, Any], path: KeyPath
) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(value, str):
        yield from _file_problems(base, value, path)
    elif isinstance(value, Mapping) and isinstance(value.get("sheet"), str):
        if value["sheet"] not in sheets:
            yield (
                [*path, "sheet"],
                f"no sheet named {value['sheet']!r} (sheets: {', '.join(sheets) or 'none'})",
            )
        elif isinstance(value.get("index"), int):
            yield from _index_problems(value["index"], sheets[value["sheet"]], [*path, "index"])


def _card_problems(
    template: Mapping[str, Any], base: Path, data: Mapping[str, Any], root: Node | None, file: str
) -> list[Problem]:
    """What the cards ask of the template: icons it must have, images that must exist, codes overridden."""
    cards = data.get("cards")
    if not isinstance(cards, list):
        return []
    set_dir = Path(file).parent
    icons = template.get("icons") if isinstance(template.get("icons"), Mapping) else {}
    sheets = template.get("sheets") if isinstance(template.get("sheets"), Mapping) else {}
    icon_fields = {
        box["field"]: box.get("map") if isinstance(box.get("map"), Mapping) else None
        for box in template.get("boxes") or []
        if isinstance(box, Mapping) and box.get("kind") == "icon" and isinstance(box.get("field"), str)
    }
    image_fields = {
        box["field"]
        for box in template.get("boxes") or []
        if isinstance(box, Mapping) and box.get("kind") == "image" and isinstance(box.get("field"), str)
    }
    if isinstance(template.get("image_field"), str):
        image_fields.add(template["image_field"])
    found: list[tuple[KeyPath, str]] = []
    codes = set()
    for index, card in enumerate(cards):
        if not isinstance(card, Mapping):
            continue
        if isinstance(card.get("code"), str):  # a code of another type is the schema's to report
            codes.add(card["code"])
        for name, mapping in icon_fields.items():
            if "." in name or name not in card:
                continue
            values = card[name] if isinstance(card[name], list) else [card[name]]
            for position, value in enumerate(values):
                # A box's map may send a value elsewhere, or to "" (not shown by that box).
                if isinstance(value, str) and value not in icons and _mapped(value, mapping) == value:
                    where: KeyPath = ["cards", index, name] + (
                        [position] if isinstance(card[name], list) else []
                    )
                    found.append((where, _unknown_icon(value, icons)))
        for name in image_fields:
            if "." not in name and name in card:
                # Cards' image paths start at the card set's folder, sheets are the template's.
                value = card[name]
                if isinstance(value, str):
                    found.extend(_file_problems(set_dir, value, ["cards", index, name]))
                else:
                    found.extend(_image_source_problems(value, base, sheets, ["cards", index, name]))
    overrides = template.get("overrides") if isinstance(template.get("overrides"), Mapping) else {}
    for code in overrides:
        if code not in codes:
            # Placed in the set's file at its faces: line, as the template may be shared by sets.
            found.append(
                (["faces"], f"the face template overrides card {code!r}, which this set does not have")
            )
    return [_at(file, root, path, message) for path, message in found]


def _colour_values(data: Mapping[str, Any]) -> Iterator[tuple[KeyPath, Any]]:
    """Every place a template gives a colour, with its key path."""
    if "background" in data:
        yield ["background"], data["background"]
    for section in ("frame",):
        if isinstance(data.get(section), Mapping):
            for key in ("colour", "fill"):
                if key in data[section]:
                    yield [section, key], data[section][key]
    for name, value in (
        (data.get("colours") or {}).items() if isinstance(data.get("colours"), Mapping) else ()
    ):
        yield ["colours", name], value
    for name, icon in (data.get("icons") or {}).items() if isinstance(data.get("icons"), Mapping) else ():
        if isinstance(icon, Mapping):
            for key in ("fill", "edge", "colour"):
                if key in icon:
                    yield ["icons", name, key], icon[key]
    back = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    if "background" in back:
        yield ["back", "background"], back["background"]
    if isinstance(back.get("frame"), Mapping):
        for key in ("colour", "fill"):
            if key in back["frame"]:
                yield ["back", "frame", key], back["frame"][key]
    for section, boxes in ((["boxes"], data.get("boxes")), (["back", "boxes"], back.get("boxes"))):
        for index, box in enumerate(boxes if isinstance(boxes, list) else []):
            if isinstance(box, Mapping):
                for key in _COLOUR_KEYS:
                    if key in box:
                        yield [*section, index, key], box[key]
    overrides = data.get("overrides") if isinstance(data.get("overrides"), Mapping) else {}
    for code, per_box in overrides.items():
        for box_id, props in per_box.items() if isinstance(per_box, Mapping) else ():
            for key in _COLOUR_KEYS:
                if isinstance(props, Mapping) and key in props:
                    yield ["overrides", code, box_id, key], props[key]


def _colour_refs(value: Any) -> Iterator[str]:
    if isinstance(value, str) and value.startswith("$"):
        yield value[1:]
    elif isinstance(value, Mapping):
        for key in ("default",):
            if key in value:
                yield from _colour_refs(value[key])
        if isinstance(value.get("cases"), Mapping):
            for inner in value["cases"].values():
                yield from _colour_refs(inner)
        if isinstance(value.get("mix"), list):
            for inner in value["mix"]:
                yield from _colour_refs(inner)


def _palette_cycle(palette: Mapping[str, Any], start: str) -> bool:
    seen: set[str] = set()
    todo = list(_colour_refs(palette.get(start)))
    while todo:
        name = todo.pop()
        if name == start:
            return True
        if name in seen or name not in palette:
            continue
        seen.add(name)
        todo.extend(_colour_refs(palette[name]))
    return False


# ---------------------------------------------------------------------------------------------------
# Resolving one card's face


def parse_colour(text: str) -> RGBA | None:
    """ "#rrggbb" / "#rrggbbaa" as RGBA; None for "none" (nothing drawn) or anything unreadable."""
    match = _HEX.fullmatch(text.strip())
    if not match:
        return None
    digits = match.group(1)
    r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    a = int(digits[6:8], 16) if len(digits) == 8 else 255
    return r, g, b, a


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGBA:
    """`a` moved a fraction `t` of the way towards `b` (alpha too)."""
    aa = a[3] if len(a) > 3 else 255
    ba = b[3] if len(b) > 3 else 255
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
        round(aa + (ba - aa) * t),
    )


def _present(value: Any) -> bool:
    """Whether a field counts as given: not missing, not empty, not false (0 is a value)."""
    if value is None or value is False:
        return False
    if isinstance(value, str | list | tuple | Mapping | Text):
        return bool(value) if not isinstance(value, Text) else bool(value.ja or value.en)
    return True


class _Card:
    """A card's fields as the template reads them: dotted paths, {side} in paths, words for values."""

    def __init__(self, template: FaceTemplate, cardset: CardSet, spec: CardSpec | None, side: str | None):
        self.template = template
        self.language = cardset.language or "ja"
        self.side = side
        self.root: dict[str, Any] = {}
        if spec is not None:
            self.root = {"code": spec.code, "name": spec.name, "count": spec.count, **spec.fields}
        if side is not None:
            self.root.setdefault("side", side)
        self.root.setdefault("set", {"id": cardset.id, "title": cardset.title, **cardset.meta})
        self.words: Mapping[str, Any] = template.data.get("words") or {}
        self.palette: Mapping[str, Any] = template.data.get("colours") or {}

    def get(self, path: str, scope: Any = None) -> Any:
        """The value at a dotted path (list positions as numbers), looked up in `scope` first.

        `{name}` inside the path is replaced by the value of the field `name` ({side}: the side drawn),
        so `set.suits.{suit}.colour` reads the colour the set gives the card's suit.
        """
        if "{" in path:
            path = _PLACEHOLDER.sub(lambda m: str(self.get(m.group(1), scope)), path)
        for start in (scope, self.root) if scope is not None else (self.root,):
            value: Any = start
            found = True
            for step in path.split("."):
                if isinstance(value, Mapping) and step in value:
                    value = value[step]
                elif isinstance(value, Text) and step in ("ja", "en"):
                    value = getattr(value, step)
                elif isinstance(value, list | tuple) and step.isdigit() and int(step) < len(value):
                    value = value[int(step)]
                else:
                    found = False
                    break
            if found:
                return value
        return None

    # -- values --------------------------------------------------------------------------------

    def value(self, spec: Any, mapping: Mapping[Any, Any] | None = None, scope: Any = None) -> Any:
        """A `value` from the template: a literal, or {field, map, default} read from the card."""
        if isinstance(spec, Mapping) and "field" in spec:
            raw = self.get(spec["field"], scope)
            if raw is None:
                return spec.get("default")
            return _mapped(raw, spec.get("map") or mapping)
        return spec

    def text(self, value: Any) -> Text:
        """Any field value as printable text in both languages; enum values through `words`."""
        if isinstance(value, Text):
            return value
        if isinstance(value, Mapping):
            if set(value) <= {"ja", "en"}:
                return Text(ja=str(value.get("ja") or ""), en=str(value.get("en") or ""))
            return Text()
        if isinstance(value, list | tuple):
            parts = [self.text(v) for v in value]
            return Text(ja="、".join(p.get("ja") for p in parts), en=", ".join(p.get("en") for p in parts))
        if value is None or isinstance(value, bool):
            return Text()
        if isinstance(value, str) and value in self.words:
            return self.text(self.words[value])
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return Text(ja=str(value), en=str(value))

    def format(self, template_text: Any, scope: Any = None) -> Text:
        """A `format` text with its {path} places filled, in each language from that language's words."""
        source = self.text(template_text) if not isinstance(template_text, str) else None
        out = {}
        for language in ("ja", "en"):
            pattern = template_text if isinstance(template_text, str) else source.get(language)  # type: ignore[union-attr]

            def fill(match: re.Match[str], language: str = language) -> str:
                return self.text(self.get(match.group(1), scope)).get(language)

            out[language] = _PLACEHOLDER.sub(fill, pattern)
        return Text(ja=out["ja"], en=out["en"])

    def colour(self, value: Any, depth: int = 0) -> RGBA | None:
        """A colour from the template (hex, $name, {by, cases, default}, {mix, t}); None = nothing."""
        if depth > 20:
            return None
        if isinstance(value, str):
            if value.startswith("$"):
                return self.colour(self.palette.get(value[1:]), depth + 1)
            return parse_colour(value)
        if isinstance(value, Mapping):
            if "by" in value:
                raw = self.get(str(value["by"]))
                cases = value.get("cases") or {}
                chosen = _mapped(raw, cases, missing=_MISSING)
                if chosen is _MISSING:
                    chosen = value.get("default")
                return self.colour(chosen, depth + 1)
            if "field" in value:
                found = self.colour(self.get(str(value["field"])), depth + 1)
                return found if found is not None else self.colour(value.get("default"), depth + 1)
            if "mix" in value:
                a, b = (self.colour(v, depth + 1) for v in value["mix"][:2])
                if a is None or b is None:
                    return a or b
                return mix(a, b, float(value.get("t", 0.5)))
        return None

    # -- conditions ----------------------------------------------------------------------------

    def holds(self, cond: Any) -> bool:
        """Whether a `when` condition holds for this card and side."""
        if cond is None:
            return True
        if isinstance(cond, list):
            return all(self.holds(c) for c in cond)
        if not isinstance(cond, Mapping):
            return bool(cond)
        if "any" in cond:
            return any(self.holds(c) for c in cond["any"])
        if "not" in cond:
            return not self.holds(cond["not"])
        if "side" in cond:
            return self.side == cond["side"]
        value = self.get(str(cond.get("field", "")))
        if "present" in cond and _present(value) != bool(cond["present"]):
            return False
        if "equals" in cond and not _same(value, cond["equals"]):
            return False
        if "in" in cond and not any(_same(value, v) for v in cond["in"]):
            return False
        if "not_in" in cond and any(_same(value, v) for v in cond["not_in"]):
            return False
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
        if "min" in cond and (number is None or number < cond["min"]):
            return False
        if "max" in cond and (number is None or number > cond["max"]):
            return False
        return True


_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    """Equal, where YAML's 3 and "3" match (a map key or a case may be either), but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b or (a is not None and str(a) == str(b))


def _mapped(raw: Any, mapping: Mapping[Any, Any] | None, missing: Any = None) -> Any:
    """`raw` through a map whose YAML keys may be numbers or text; `raw` itself when not mapped."""
    if not mapping:
        return raw if missing is None else missing
    try:
        if raw in mapping:
            return mapping[raw]
    except TypeError:
        pass
    key = str(raw)
    for k, v in mapping.items():
        if str(k) == key:
            return v
    return raw if missing is None else missing


def _texts(card: _Card, text: Text, languages: str) -> tuple[str, str]:
    """(first line text, text beneath) for a box's `languages` setting."""
    if languages in ("ja", "en"):
        return text.get(languages), ""
    first = text.get(card.language)
    if languages != "both":
        return first, ""
    other = "en" if card.language != "en" else "ja"
    second = getattr(text, other)
    return first, ("" if second == first else second)


def _box_text(card: _Card, box: Mapping[str, Any]) -> Text:
    """The text a text box or badge prints, from field / text / format / parts / each."""
    mapping = box.get("map")
    if "parts" in box:
        ja, en = [], []
        for part in box["parts"]:
            if not isinstance(part, Mapping) or not card.holds(part.get("when")):
                continue
            piece = _box_text(card, part)
            ja.append(piece.ja or piece.en)
            en.append(piece.en or piece.ja)
        return Text(ja="".join(ja), en="".join(en))
    if "field" in box:
        raw = card.get(box["field"])
        if "each" in box and isinstance(raw, list):
            join = box.get("join", "\n")
            items = [card.format(box["each"], scope=item) for item in raw]
            return Text(ja=join.join(t.get("ja") for t in items), en=join.join(t.get("en") for t in items))
        return card.text(_mapped(raw, mapping) if raw is not None else None)
    if "format" in box:
        return card.format(box["format"])
    if "text" in box:
        return card.text(box["text"])
    return Text()


def _size_pt(value: Any, default: tuple[float, float]) -> tuple[float, float]:
    if isinstance(value, int | float):
        return float(value), float(value)
    if isinstance(value, list) and len(value) == 2:
        return float(value[0]), float(value[1])
    return default


def _icon(card: _Card, name: Any, template: FaceTemplate) -> dict[str, Any] | None:
    icons = template.data.get("icons") or {}
    icon = icons.get(name) if isinstance(name, str) else None
    if not isinstance(icon, Mapping):
        return None
    out: dict[str, Any] = {
        "name": name,
        "shape": icon.get("shape"),
        "fill": card.colour(icon.get("fill")),
        "edge": card.colour(icon.get("edge")),
        "glyph": icon.get("glyph", ""),
        "colour": card.colour(icon.get("colour", "#222228")),
        "die": icon.get("die"),
        "suit": icon.get("suit"),
        "image": ImageRef((template.base_dir / icon["image"]).expanduser()) if icon.get("image") else None,
    }
    return out


def _image_ref(
    template: FaceTemplate, value: Any, relative_to: Path, default_last: bool = False
) -> ImageRef | None:
    """A file path (relative to `relative_to`) or {sheet, index} as an ImageRef; None when unusable."""
    if isinstance(value, str) and value:
        return ImageRef((relative_to / value).expanduser())
    if isinstance(value, Mapping) and isinstance(value.get("sheet"), str):
        sheet = (template.data.get("sheets") or {}).get(value["sheet"])
        if not isinstance(sheet, Mapping):
            return None
        cols, rows = (int(v) for v in sheet["grid"])
        index = value.get("index")
        if not isinstance(index, int):
            index = cols * rows - 1 if default_last or index is None else None
        if index is None:
            return None
        return ImageRef((template.base_dir / sheet["file"]).expanduser(), (cols, rows), index)
    return None


def _resolve_box(card: _Card, template: FaceTemplate, box: Mapping[str, Any], index: int) -> Box | None:
    """One box for this card, or None when it does not show."""
    if not card.holds(box.get("when")):
        return None
    kind = box["kind"]
    x, y, w, h = (float(v) for v in box["rect"])
    props: dict[str, Any] = {}
    if kind == "panel":
        props = {
            "shape": box.get("shape", "rect"),
            "fill": card.colour(box.get("fill")),
            "edge": card.colour(box.get("edge")),
            "edge_mm": float(box.get("edge_mm", 0.3 if "edge" in box else 0)),
            "radius_mm": float(box.get("radius_mm", 0)),
            "points": int(box.get("points", 5)),
            "pattern": box.get("pattern"),
            "pattern_colour": card.colour(box.get("pattern_colour", "#ffffff40")),
            "pattern_mm": float(box.get("pattern_mm", 8)),
        }
    elif kind in ("text", "badge"):
        text = _box_text(card, box)
        languages = box.get("languages", "both" if kind == "text" else "primary")
        first, second = _texts(card, text, languages)
        if kind == "badge" and not first and not box.get("always"):
            return None
        if kind == "text" and not first and not second:
            return None
        props = {
            "text": first,
            "second": second,
            "size_pt": _size_pt(box.get("size_pt"), (5.0, 10.0) if kind == "text" else (6.0, 16.0)),
            "colour": card.colour(box.get("colour", "#222228" if kind == "text" else "#ffffff")),
            "bold": bool(box.get("bold", kind == "badge")),
            "tight": bool(box.get("tight", kind == "badge")),
        }
        if kind == "text":
            props.update(
                lines=box.get("lines"),
                align=box.get("align", "center"),
                valign=box.get("valign", "middle"),
                second_scale=float(box.get("second_scale", 0.7)),
                second_colour=card.colour(box.get("second_colour", "#5c5c64")),
                leading=float(box.get("leading", 1.0)),
                padding_mm=float(box.get("padding_mm", 0)),
            )
        else:
            props.update(
                shape=box.get("shape", "circle"),
                fill=card.colour(box.get("fill", "#3c3c46")),
                edge=card.colour(box.get("edge")),
                edge_mm=float(box.get("edge_mm", 0.3 if "edge" in box else 0)),
                radius_mm=float(box.get("radius_mm", 1)),
                points=int(box.get("points", 5)),
            )
    elif kind == "icon":
        names = card.value(box["icon"], box.get("map")) if "icon" in box else card.get(box["field"])
        if "field" in box and "icon" not in box and box.get("map"):
            names = (
                [_mapped(n, box["map"]) for n in names]
                if isinstance(names, list)
                else _mapped(names, box["map"])
            )
        names = names if isinstance(names, list) else ([names] if names not in (None, "") else [])
        icons = [i for i in (_icon(card, n, template) for n in names) if i is not None]
        if not icons:
            return None
        props = {"icons": icons, "gap_mm": float(box.get("gap_mm", 0.8)), "align": box.get("align", "left")}
    elif kind == "image":
        ref: ImageRef | None
        if "file" in box:
            ref = _image_ref(template, box["file"], template.base_dir)
        elif "sheet" in box:
            index = card.value(box.get("index"))
            ref = _image_ref(template, {"sheet": box["sheet"], "index": index}, template.base_dir)
        else:
            value = card.get(box["field"])
            ref = _image_ref(template, value, template.cards_dir)
        if ref is None:
            return None
        props = {"image": ref, "fit": box.get("fit", "cover"), "radius_mm": float(box.get("radius_mm", 0))}
    elif kind == "marks":
        layout = box["layout"]
        mark = box["mark"]
        if layout == "edges":
            raw = card.get(box["field"])
            values = list(raw) if isinstance(raw, list | tuple) else ([] if raw is None else [raw])
            if box.get("map"):
                values = [_mapped(v, box["map"]) for v in values]
            order = list(box.get("order") or _EDGES)
            placed = [(edge, v) for edge, v in zip(order, values, strict=False) if v is not None]
            if not placed:
                return None
            props = {"edges": placed}
        else:
            count = card.value(box.get("count", 4 if layout == "corners" else 1), box.get("map"))
            try:
                count = int(count)
            except (TypeError, ValueError):
                return None
            if count <= 0:
                return None
            props = {"count": count}
        suit = card.value(box.get("suit")) if "suit" in box else None
        props.update(
            layout=layout,
            mark=mark,
            suit=str(suit) if suit is not None else None,
            icon=_icon(card, mark, template)
            if mark not in ("die", "suit") and mark not in _MARK_SHAPES
            else None,
            size_mm=float(box.get("size_mm", min(w, h) if layout == "edges" else min(w, h) / 4)),
            inset_mm=float(box.get("inset_mm", 0)),
            gap_mm=float(box.get("gap_mm", 0.5)),
            turn_lower=bool(box.get("turn_lower", layout in ("pips", "corners"))),
            fill=card.colour(box.get("fill", "#fcfaf3")),
            edge=card.colour(box.get("edge", "#222228")),
            edge_mm=float(box.get("edge_mm", 0.3)),
            colour=card.colour(box.get("colour", "#222228")),
            points=int(box.get("points", 5)),
        )
    return Box(str(box.get("id") or f"{kind}{index}"), kind, (x, y, w, h), int(box.get("rotate", 0)), props)


def _frame(card: _Card, frame: Any) -> dict[str, Any] | None:
    if not isinstance(frame, Mapping):
        return None
    return {
        "colour": card.colour(frame.get("colour", "#3a3a42")),
        "width_mm": float(frame.get("width_mm", 0.5)),
        "inset_mm": float(frame.get("inset_mm", 0)),
        "radius_mm": frame.get("radius_mm"),
        "fill": card.colour(frame.get("fill")) if "fill" in frame else None,
    }


def _boxes(card: _Card, template: FaceTemplate, boxes: Any, code: str | None) -> tuple[Box, ...]:
    overrides = (template.data.get("overrides") or {}).get(code) if code is not None else None
    out: list[Box] = []
    for index, box in enumerate(boxes or []):
        if overrides and box.get("id") in overrides:
            change = overrides[box["id"]] or {}
            if change.get("hide"):
                continue
            if _SOURCES & set(change):
                # A card's own text or field replaces the box's source instead of sitting beside it.
                box = {k: v for k, v in box.items() if k not in _SOURCES}
            box = {**box, **{k: v for k, v in change.items() if k != "hide"}}
        resolved = _resolve_box(card, template, box, index)
        if resolved is not None:
            out.append(resolved)
    return tuple(out)


def resolve_face(template: FaceTemplate, cardset: CardSet, spec: CardSpec, side: str | None = None) -> Face:
    """What one card's face shows: every box whose condition holds, its values read from the card.

    `side` names the side of a two-sided card (the template's `sides`, first by default).
    """
    data = template.data
    if side is None and template.sides:
        side = template.sides[0]
    card = _Card(template, cardset, spec, side)
    image = None
    if isinstance(data.get("image_field"), str):
        image = _image_ref(template, spec.get(data["image_field"]), template.cards_dir)
    return Face(
        size_mm=template.size_mm,
        corner_mm=float(data.get("corner_mm", DEFAULT_CORNER_MM)),
        bleed_mm=float(data.get("bleed_mm", 0)),
        background=card.colour(data.get("background", "#fcfaf3")),
        frame=_frame(card, data.get("frame")),
        boxes=_boxes(card, template, data.get("boxes"), spec.code),
        image=image,
    )


def resolve_back(template: FaceTemplate, cardset: CardSet) -> Face:
    """The set's back: its own background, frame and boxes of literals, or an image."""
    data = template.data
    back = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    card = _Card(template, cardset, None, None)
    image = _image_ref(template, back.get("image"), template.base_dir, default_last=True)
    return Face(
        size_mm=template.size_mm,
        corner_mm=float(data.get("corner_mm", DEFAULT_CORNER_MM)),
        bleed_mm=float(data.get("bleed_mm", 0)),
        background=card.colour(back.get("background", "#24305e")),
        frame=_frame(card, back.get("frame")),
        boxes=_boxes(card, template, back.get("boxes"), None),
        image=image,
    )

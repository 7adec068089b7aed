"""Checking face templates and a card set's `faces:` at `file:line:col`: the schema
(cards/faces.schema.json, draft-07) and what a schema cannot say (an unknown named colour, an icon a card
names that the icon set lacks, a missing image file, a property that does nothing on its kind of box), so
`cardtable validate` reports them all. Also where a set's template file is found, how a template file is
read (once until it changes), and the small readers of template values both the checks and the faces
use (colours, maps). cardtable/cardsets/faces.py is the module the rest of the app imports.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaml.nodes import Node

from cardtable.limits import (
    MAX_COLOUR_STEPS,
    MAX_TEMPLATE_ENTRIES,
    TEMPLATE_CARD_MM,
    TEMPLATE_NUMBERS,
    FileRefused,
)
from cardtable.resources import cards_dir, faces_dir, faces_schema_path
from cardtable.rules.cards import Text

from .setfiles import OutsideFolder, check_image_file, excerpt, inside
from .suggest import closest
from .yamlfile import LoadError, Problem, format_key_path, locate_in, read_yaml

if TYPE_CHECKING:
    from jsonschema import Draft7Validator

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
_ANY_BOX_KEY = set().union(*_KIND_KEYS.values())
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
# Values under these keys are the designer's own words and numbers (a map's cases, a condition's
# bounds): any finite number will do there.
_FREE_NUMBERS = {"map", "cases", "words", "when"}
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.]+)\}")
_HEX = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")


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
    until they give it a template of their own. OutsideFolder when `value` would leave the set's folder
    (an absolute path, `~`, `..`, a link leading out): a shared set reads nothing else on the disk.
    """
    path = inside(set_dir, value)
    if path.is_file():
        return path
    try:
        bundled = inside(Path(str(cards_dir())), value)
    except OutsideFolder:
        return path
    return bundled if bundled.is_file() else path


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


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
    # a template past the entry limits is refused before the schema walks its thousands of entries
    schema = _entry_problems(data, root, str(path)) or _schema_problems(data, root, str(path), [])
    if stamp is not None:
        _read[resolved] = (stamp, str(path), data, root, schema)
    return data, root, schema


def _entry_problems(data: Any, root: Node | None, file: str, prefix: KeyPath | None = None) -> list[Problem]:
    """Sections of a template holding more than MAX_TEMPLATE_ENTRIES entries, each at its key."""
    if not isinstance(data, Mapping):
        return []
    back = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    sections: list[tuple[KeyPath, Any]] = [
        (["colours"], data.get("colours")),
        (["icons"], data.get("icons")),
        (["sheets"], data.get("sheets")),
        (["boxes"], data.get("boxes")),
        (["back", "boxes"], back.get("boxes")),
    ]
    return [
        _at(
            file,
            root,
            [*(prefix or []), *path],
            f"{len(value)} entries; a template holds at most {MAX_TEMPLATE_ENTRIES}",
        )
        for path, value in sections
        if isinstance(value, Mapping | list) and len(value) > MAX_TEMPLATE_ENTRIES
    ]


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
    return _read_and_check(Path(path))[1]


def _read_and_check(path: Path, files_root: Path | None = None) -> tuple[Any, list[Problem]]:
    """A face template file read and checked: its data (None when it did not read or is empty) and
    its problems, placed in that file."""
    try:
        data, root, schema = _read_template(path)
    except LoadError as exc:
        return None, list(exc.problems)
    if root is None:
        return None, [Problem(str(path), 1, 1, "", "the file is empty; a face template needs boxes")]
    return data, _template_problems(
        data, root, str(path), path.parent, [], schema=schema, files_root=files_root
    )


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
        try:
            path = template_file(set_dir, faces)
        except OutsideFolder as exc:
            return [_at(file, root, ["faces"], str(exc))]
        if not path.is_file():
            return [_at(file, root, ["faces"], f"no face template file {excerpt(faces)} (looked for {path})")]
        # the template's files may lie anywhere in the set's folder (faces/x.yaml naming ../art/y.png)
        loaded, found = _read_and_check(path, set_dir if path.is_relative_to(set_dir) else None)
        problems.extend(found)
        if not isinstance(loaded, Mapping):  # unread, empty or not a mapping: its problems say why
            return problems
        template, base = loaded, path.parent
    elif isinstance(faces, Mapping):
        entries = _entry_problems(faces, root, file, ["faces"])
        if entries:
            return entries
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
    files_root: Path | None = None,
) -> list[Problem]:
    """Schema and semantic problems; `files=False` leaves image files unchecked (the renderer falls
    back per image, so a broken picture must not cost the whole template at run time). `schema`: the
    schema's problems when they are known already (_read_template)."""
    if schema is not None:
        problems = list(schema)
    else:
        problems = _schema_problems(data, root, file, prefix) if root is not None or not prefix else []
    if isinstance(data, Mapping):
        problems.extend(_semantic_problems(data, root, file, base if files else None, prefix, files_root))
    # A number the ranges of cardtable/limits.py refuse is said once, in those words, not again in the
    # schema's looser ones ("too small (minimum 0)") at the same key.
    ranged = {p.key_path for p in problems if p.message.endswith(_RANGE_WORDS)}
    return sorted({p for p in problems if p.key_path not in ranged or p.message.endswith(_RANGE_WORDS)})


class FileWarning(str):
    """What is wrong with a file a face draws (an image, a font): a warning, not an error (the renderer
    draws a marked placeholder, or the bundled font, in its place, so a work-in-progress set still
    plays and prints)."""


def back_faces(data: Mapping[str, Any]) -> list[tuple[KeyPath, Mapping[str, Any]]]:
    """A template's backs with their key paths: its one back, or, chosen by a field (`back: {by, cases,
    default}`), each case's back and the default."""
    back = data.get("back")
    if not isinstance(back, Mapping):
        return []
    if not {"by", "cases", "default"} & set(back):
        return [(["back"], back)]
    out: list[tuple[KeyPath, Mapping[str, Any]]] = []
    cases = back.get("cases")
    for value, face in cases.items() if isinstance(cases, Mapping) else ():
        if isinstance(face, Mapping):
            out.append((["back", "cases", value], face))
    if isinstance(back.get("default"), Mapping):
        out.append((["back", "default"], back["default"]))
    return out


_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


def _font_problems(
    base: Path | None, name: str, path: KeyPath, root: Path | None = None
) -> Iterator[tuple[KeyPath, str]]:
    """A template's `font:` must be a TrueType or OpenType file (warnings: the bundled font stands in)."""
    if base is None:
        return
    try:
        target = inside(base, name, root)
    except OutsideFolder as exc:  # never read (the renderer checks it too): the bundled font draws
        yield path, FileWarning(f"{exc}; the bundled font is used")
        return
    if not target.is_file():
        yield (
            path,
            FileWarning(f"no font file {excerpt(name)} (looked for {target}); the bundled font is used"),
        )
        return
    try:
        with target.open("rb") as handle:
            head = handle.read(4)
    except OSError as exc:
        yield path, FileWarning(f"cannot read the font {name!r}: {exc.strerror or exc}")
        return
    if head not in _FONT_MAGIC:
        yield path, FileWarning(f"{name!r} is not a TrueType or OpenType font; the bundled font is used")


def _at(file: str, root: Node | None, path: KeyPath, message: str) -> Problem:
    where, line, col = locate_in(file, root, path)
    return Problem(where, line, col, format_key_path(path), str(message), isinstance(message, FileWarning))


def _semantic_problems(
    data: Mapping[str, Any],
    root: Node | None,
    file: str,
    base: Path | None,
    prefix: KeyPath,
    files_root: Path | None = None,
) -> list[Problem]:
    """What the schema cannot say about a template, each at its value."""
    found: list[tuple[KeyPath, str]] = []
    palette = data.get("colours") if isinstance(data.get("colours"), Mapping) else {}
    icons = data.get("icons") if isinstance(data.get("icons"), Mapping) else {}
    sheets = data.get("sheets") if isinstance(data.get("sheets"), Mapping) else {}
    sides = [s for s in data.get("sides") or [] if isinstance(s, str)]

    found.extend(_number_problems(data))

    # Named colours: every $name must be defined, none may lead back to itself, and working one out
    # must take a bounded number of steps (a chain of mixes is refused here, not drawn for seconds).
    steps, cyclic = _colour_steps(palette)
    for name in cyclic:
        found.append((["colours", name], f"the colour ${name} is defined through itself"))
    for path, value in _colour_values(data):
        refs = list(_colour_refs(value))
        for name in refs:
            if name not in palette:
                known = ", ".join(sorted(palette)) or "none defined under colours"
                found.append((path, f"no colour named ${name} (named colours: {known})"))
        # Reported where the count first passes the bound, not again at every colour built on it.
        before = [steps.get(name, 0) for name in refs]
        if 1 + sum(before) > MAX_COLOUR_STEPS and max(before, default=0) <= MAX_COLOUR_STEPS:
            found.append((path, f"working this colour out takes more than {MAX_COLOUR_STEPS} steps"))

    for name, icon in icons.items():
        if isinstance(icon, Mapping):
            if isinstance(icon.get("image"), str):
                found.extend(_file_problems(base, icon["image"], ["icons", name, "image"], files_root))
            if not any(k in icon for k in ("shape", "glyph", "die", "suit", "image")):
                found.append((["icons", name], "an icon needs a shape, glyph, die, suit or image"))
    for name, sheet in sheets.items():
        if isinstance(sheet, Mapping) and isinstance(sheet.get("file"), str):
            found.extend(_file_problems(base, sheet["file"], ["sheets", name, "file"], files_root))

    backs = back_faces(data)
    for where, back in backs:
        if "image" in back:
            found.extend(_image_source_problems(back["image"], base, sheets, [*where, "image"], files_root))
    if isinstance(data.get("font"), str):
        found.extend(_font_problems(base, data["font"], ["font"], files_root))
    whole = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    if "by" in whole and {"background", "frame", "image", "boxes"} & set(whole):
        found.append(
            (["back", "by"], "a back chosen by a field has its looks under cases and default, not beside by")
        )

    ids: dict[str, int] = {}
    sections: list[tuple[KeyPath, Any]] = [(["boxes"], data.get("boxes"))]
    sections += [([*where, "boxes"], back.get("boxes")) for where, back in backs]
    for section, boxes in sections:
        if not isinstance(boxes, list):
            continue
        for index, box in enumerate(boxes):
            path: KeyPath = [*section, index]
            if not isinstance(box, Mapping):
                continue
            if section == ["boxes"] and isinstance(box.get("id"), str):
                if box["id"] in ids:
                    found.append(
                        (
                            [*path, "id"],
                            f"box id {excerpt(box['id'])} is already used by boxes[{ids[box['id']]}]",
                        )
                    )
                else:
                    ids[box["id"]] = index
            found.extend(_box_problems(box, path, base, icons, sheets, sides, files_root))

    overrides = data.get("overrides") if isinstance(data.get("overrides"), Mapping) else {}
    for code, per_box in overrides.items():
        if not isinstance(per_box, Mapping):
            continue
        for box_id, props in per_box.items():
            if box_id not in ids:
                known = ", ".join(ids) or "no box has an id"
                found.append(
                    (["overrides", code, box_id], f"no box with id {excerpt(box_id)} (ids: {known})")
                )
                continue
            original = data["boxes"][ids[box_id]]
            if isinstance(props, Mapping):
                merged = {**original, **{k: v for k, v in props.items() if k != "hide"}}
                kind = merged.get("kind")
                allowed = (_KIND_KEYS.get(kind, set()) if isinstance(kind, str) else set()) | {"hide"}
                for key in props:
                    if key not in allowed:
                        found.append(
                            (["overrides", code, box_id, key], f"{excerpt(key)} does nothing on a {kind} box")
                        )
    return [_at(file, root, [*prefix, *path], message) for path, message in found]


def _box_problems(
    box: Mapping[str, Any],
    path: KeyPath,
    base: Path | None,
    icons: Mapping[str, Any],
    sheets: Mapping[str, Any],
    sides: Sequence[str],
    files_root: Path | None = None,
) -> Iterator[tuple[KeyPath, str]]:
    kind = box.get("kind")
    if not isinstance(kind, str) or kind not in _KIND_KEYS:  # a wrong kind is the schema's to report
        return
    meant: set[str] = set()  # what the box's unknown keys are typos of
    for key in box:
        if key in _ANY_BOX_KEY:
            if key not in _KIND_KEYS[kind]:
                yield [*path, key], f"{excerpt(key)} does nothing on a {kind} box"
        elif isinstance(key, str):
            # Unknown to every kind: the schema's "unexpected key" says so, with its "did you mean".
            meant.add(closest(key, _KIND_KEYS[kind]) or "")
    needs = _KIND_NEEDS.get(kind)
    if needs and not any(k in box for k in needs) and not meant & set(needs):
        yield path, f"a {kind} box needs one of: {', '.join(needs)}"
    rect = box.get("rect")
    if isinstance(rect, list) and len(rect) == 4 and all(isinstance(v, int | float) for v in rect):
        if rect[2] <= 0 or rect[3] <= 0:
            yield [*path, "rect"], "the width and height of a rect must be more than 0"
    size = box.get("size_pt")
    if (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in size)
        and size[0] > size[1]
    ):
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
        yield from _file_problems(base, box["file"], [*path, "file"], files_root)
    sheet = box.get("sheet")
    if isinstance(sheet, str):
        if sheet not in sheets:
            yield [*path, "sheet"], f"no sheet named {excerpt(sheet)} (sheets: {', '.join(sheets) or 'none'})"
        elif isinstance(box.get("index"), int):
            yield from _index_problems(box["index"], sheets[sheet], [*path, "index"])
    yield from _side_problems(box.get("when"), [*path, "when"], sides)


def _side_problems(cond: Any, path: KeyPath, sides: Sequence[str]) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(cond, list):
        for i, inner in enumerate(cond):
            yield from _side_problems(inner, [*path, i], sides)
    elif isinstance(cond, Mapping):
        if isinstance(cond.get("side"), str) and cond["side"] not in sides:
            yield (
                [*path, "side"],
                f"no side named {excerpt(cond['side'])} (sides: {', '.join(sides) or 'none'})",
            )
        if isinstance(cond.get("any"), list):
            for i, inner in enumerate(cond["any"]):
                yield from _side_problems(inner, [*path, "any", i], sides)
        if "not" in cond:
            yield from _side_problems(cond["not"], [*path, "not"], sides)


def _unknown_icon(name: str, icons: Mapping[str, Any], builtin: str = "") -> str:
    known = ", ".join(sorted(icons)) or "none defined under icons"
    if builtin:
        known = f"{builtin}; icons: {known}"
    return f"no icon named {excerpt(name)} (known: {known})"


def _index_problems(index: int, sheet: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    grid = sheet.get("grid") if isinstance(sheet, Mapping) else None
    if isinstance(grid, list) and len(grid) == 2 and all(isinstance(v, int) for v in grid):
        cells = grid[0] * grid[1]
        if not 0 <= index < cells:
            yield path, f"cell {index} is outside the {grid[0]}x{grid[1]} sheet (cells 0-{cells - 1})"


def _file_problems(
    base: Path | None, name: str, path: KeyPath, root: Path | None = None
) -> Iterator[tuple[KeyPath, str]]:
    """A referenced image must be inside `base` (an error: a set reads nothing outside its folder),
    exist, and be a PNG, JPEG, WebP, GIF or BMP file whose header declares a size the renderer may
    decode: warnings (FileWarning) otherwise, as the card is drawn with a placeholder.

    `base` None: files are not being checked.
    """
    if base is None:
        return
    try:
        target = inside(base, name, root)
    except OutsideFolder as exc:
        yield path, str(exc)
        return
    if not target.exists():
        yield (
            path,
            FileWarning(f"no image file {excerpt(name)} (looked for {target}); drawn as a placeholder"),
        )
        return
    try:
        check_image_file(target)  # its header only: this runs for every picture at every reload
    except FileRefused as exc:
        yield path, FileWarning(f"{excerpt(name)}: {exc}")


def _image_source_problems(
    value: Any, base: Path | None, sheets: Mapping[str, Any], path: KeyPath, files_root: Path | None = None
) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(value, str):
        yield from _file_problems(base, value, path, files_root)
    elif isinstance(value, Mapping) and isinstance(value.get("sheet"), str):
        if value["sheet"] not in sheets:
            yield (
                [*path, "sheet"],
                f"no sheet named {excerpt(value['sheet'])} (sheets: {', '.join(sheets) or 'none'})",
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
                (["faces"], f"the face template overrides card {excerpt(code)}, which this set does not have")
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
    backs = back_faces(data)
    for where, back in backs:
        if "background" in back:
            yield [*where, "background"], back["background"]
        if isinstance(back.get("frame"), Mapping):
            for key in ("colour", "fill"):
                if key in back["frame"]:
                    yield [*where, "frame", key], back["frame"][key]
    sections: list[tuple[KeyPath, Any]] = [(["boxes"], data.get("boxes"))]
    sections += [([*where, "boxes"], back.get("boxes")) for where, back in backs]
    for section, boxes in sections:
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


def _colour_steps(palette: Mapping[str, Any]) -> tuple[dict[str, int], list[str]]:
    """How many steps working out each named colour takes (every `$name` reached counts, as often as it
    is reached), and the names defined through themselves. One pass over the palette, without
    recursion: a chain of thousands of names is measured in milliseconds."""
    steps: dict[str, int] = {}
    cyclic: list[str] = []
    state: dict[str, int] = {}  # 1: being worked out, 2: done
    for start in palette:
        if start in state:
            continue
        stack: list[tuple[str, bool]] = [(start, False)]
        while stack:
            name, leaving = stack.pop()
            refs = [r for r in _colour_refs(palette.get(name)) if r in palette]
            if leaving:
                state[name] = 2
                # a colour in a cycle, or past the bound, costs more than the bound: capped so the
                # sums stay small numbers however deep the chain goes
                total = 1 + sum(steps.get(r, MAX_COLOUR_STEPS + 1) for r in refs)
                steps[name] = min(total, MAX_COLOUR_STEPS + 1)
                continue
            if state.get(name) == 2:
                continue
            if state.get(name) == 1:
                continue
            state[name] = 1
            stack.append((name, True))
            for ref in refs:
                if state.get(ref) == 1:
                    if ref not in cyclic:
                        cyclic.append(ref)
                elif state.get(ref) != 2:
                    stack.append((ref, False))
    return steps, cyclic


_RANGE_WORDS = ("(cardtable/limits.py)", "give a finite number")


def _number_problems(data: Mapping[str, Any]) -> Iterator[tuple[KeyPath, str]]:
    """Every number in a template finite, and each one with a range in cardtable/limits.py inside it:
    `.nan`, `.inf` and 1e12 are YAML numbers too, and a face drawn from them cannot become pixels."""
    stack: list[tuple[KeyPath, Any]] = [([], data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend(([*path, key], inner) for key, inner in value.items() if isinstance(key, str | int))
        elif isinstance(value, list):
            stack.extend(([*path, index], inner) for index, inner in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            shown = ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
            yield path, f"{shown} is not a number a card can be drawn with; give a finite number"
        elif isinstance(value, int | float) and not isinstance(value, bool):
            keys = [step for step in path if isinstance(step, str)]
            if not keys or any(key in _FREE_NUMBERS for key in keys[:-1]):
                continue
            if keys[0] == "size_mm" and len(path) <= 2:
                low, high = TEMPLATE_CARD_MM  # the card's own size, not a mark's
            elif keys[-1] in TEMPLATE_NUMBERS:
                low, high = TEMPLATE_NUMBERS[keys[-1]]
            else:
                continue
            if not low <= value <= high:
                yield path, f"{value:g} is outside {low:g}..{high:g} (cardtable/limits.py)"


# ---------------------------------------------------------------------------------------------------
# Reading template values (the checks and the faces both)


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

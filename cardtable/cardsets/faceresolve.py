"""What a card resolves to: (template, card, side) -> `Face`, a list of boxes whose values are already
read from the card, coloured and worded, ready to draw at any size (the drawing is in
cardtable/ui/render/). Pure Python, no pygame. cardtable/cardsets/faces.py is the module the rest of the
app imports.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.limits import MAX_COLOUR_STEPS, MAX_MARKS
from cardtable.rules.cards import CardSet, CardSpec, Text

from .facecheck import (
    _EDGES,
    _MARK_SHAPES,
    _PLACEHOLDER,
    _SOURCES,
    DEFAULT_CORNER_MM,
    DEFAULT_SIZE_MM,
    RGBA,
    _mapped,
    _present,
    mix,
    parse_colour,
)
from .setfiles import OutsideFolder, inside

if TYPE_CHECKING:
    pass


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


# ---------------------------------------------------------------------------------------------------
# Resolving one card's face


class _Card:
    """A card's fields as the template reads them: dotted paths, {side} in paths, words for values."""

    def __init__(
        self,
        template: FaceTemplate,
        cardset: CardSet,
        spec: CardSpec | None,
        side: str | None,
        language: str | None = None,
    ):
        self.template = template
        self.language = language or cardset.language or "ja"
        self.side = side
        self.root: dict[str, Any] = {}
        if spec is not None:
            self.root = {"code": spec.code, "name": spec.name, "count": spec.count, **spec.fields}
        if side is not None:
            self.root.setdefault("side", side)
        self.root.setdefault("set", {"id": cardset.id, "title": cardset.title, **cardset.meta})
        self.words: Mapping[str, Any] = template.data.get("words") or {}
        self.icons: Mapping[str, Any] = template.data.get("icons") or {}
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
                value = self.get(match.group(1), scope)
                if value is None and match.group(1) in self.icons:
                    return match.group(0)  # an icon token, drawn inline by the painter
                return self.text(value).get(language)

            out[language] = _PLACEHOLDER.sub(fill, pattern)
        return Text(ja=out["ja"], en=out["en"])

    def colour(self, value: Any, depth: int = 0, budget: list[int] | None = None) -> RGBA | None:
        """A colour from the template (hex, $name, {by, cases, default}, {mix, t}); None = nothing.

        At most MAX_COLOUR_STEPS steps are taken for one colour (validate refuses a template needing
        more); a colour past them is drawn as nothing rather than worked out for seconds."""
        budget = budget if budget is not None else [MAX_COLOUR_STEPS]
        budget[0] -= 1
        if depth > 20 or budget[0] < 0:
            return None
        if isinstance(value, str):
            if value.startswith("$"):
                return self.colour(self.palette.get(value[1:]), depth + 1, budget)
            return parse_colour(value)
        if isinstance(value, Mapping):
            if "by" in value:
                raw = self.get(str(value["by"]))
                cases = value.get("cases") or {}
                chosen = _mapped(raw, cases, missing=_MISSING)
                if chosen is _MISSING:
                    chosen = value.get("default")
                return self.colour(chosen, depth + 1, budget)
            if "field" in value:
                found = self.colour(self.get(str(value["field"])), depth + 1, budget)
                return found if found is not None else self.colour(value.get("default"), depth + 1, budget)
            if "mix" in value:
                a, b = (self.colour(v, depth + 1, budget) for v in value["mix"][:2])
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
_ICON_TOKEN = re.compile(r"\{([A-Za-z0-9_]+)\}")


def _same(a: Any, b: Any) -> bool:
    """Equal, where YAML's 3 and "3" match (a map key or a case may be either), but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b or (a is not None and str(a) == str(b))


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
        "image": _file_ref(template.base_dir, icon.get("image"), _root(template)),
    }
    return out


def _image_ref(
    template: FaceTemplate, value: Any, relative_to: Path, default_last: bool = False
) -> ImageRef | None:
    """A file path (relative to `relative_to`) or {sheet, index} as an ImageRef; None when unusable."""
    if isinstance(value, str) and value:
        return _file_ref(
            relative_to, value, relative_to if relative_to == template.cards_dir else _root(template)
        )
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
        ref = _file_ref(template.base_dir, sheet.get("file"), _root(template))
        return ImageRef(ref.path, (cols, rows), index) if ref is not None else None
    return None


def _root(template: FaceTemplate) -> Path:
    """Where a template's files may lie: the set's folder when the template is inside it (a
    template in faces/ naming ../art/x.png), else the template's own folder (a bundled template)."""
    if template.base_dir.resolve().is_relative_to(template.cards_dir.resolve()):
        return template.cards_dir
    return template.base_dir


def _file_ref(folder: Path, name: Any, root: Path | None = None) -> ImageRef | None:
    """An image inside `folder` (a set reads no file outside its folder; validate says where one
    was named); None for anything else, drawn without the picture."""
    if not isinstance(name, str) or not name:
        return None
    try:
        return ImageRef(inside(folder, name, root))
    except OutsideFolder:
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
            # `{six}` in a text draws the template's icon `six` inline, the size of a letter
            tokens = {m.group(1) for m in _ICON_TOKEN.finditer(first + "\n" + second)}
            inline = {name: _icon(card, name, template) for name in sorted(tokens) if name in card.icons}
            props.update(
                inline_icons={name: icon for name, icon in inline.items() if icon is not None},
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
            except (TypeError, ValueError, OverflowError):
                return None
            if count <= 0:
                return None
            props = {"count": min(count, MAX_MARKS)}  # a card's field may say a billion
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


def resolve_face(
    template: FaceTemplate,
    cardset: CardSet,
    spec: CardSpec,
    side: str | None = None,
    language: str | None = None,
) -> Face:
    """What one card's face shows: every box whose condition holds, its values read from the card.

    `side` names the side of a two-sided card (the template's `sides`, first by default). `language`
    is the one printed first where a box prints its set's language (the table's, "en" or "ja"; the
    set's own by default), the other beneath where the box prints both.
    """
    data = template.data
    if side is None and template.sides:
        side = template.sides[0]
    card = _Card(template, cardset, spec, side, language)
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


def back_choice(template: FaceTemplate, cardset: CardSet, spec: CardSpec | None) -> str:
    """Which back a card has: "" for the template's one back (and for any card when it has one, or
    when `spec` is None: a hidden card), else the case of `back: {by, cases}` its field chooses
    ("" again for the default)."""
    back = template.data.get("back")
    if spec is None or not isinstance(back, Mapping) or "by" not in back:
        return ""
    cases = back.get("cases") if isinstance(back.get("cases"), Mapping) else {}
    raw = _Card(template, cardset, spec, None).get(str(back["by"]))
    if raw is None:
        return ""
    for key in cases:
        if _same(raw, key):
            return str(key)
    return ""


def _back_data(template: FaceTemplate, choice: str) -> Mapping[str, Any]:
    back = template.data.get("back")
    if not isinstance(back, Mapping):
        return {}
    if "by" not in back:
        return back
    if choice:
        cases = back.get("cases") if isinstance(back.get("cases"), Mapping) else {}
        for key, face in cases.items():
            if str(key) == choice and isinstance(face, Mapping):
                return face
    default = back.get("default")
    return default if isinstance(default, Mapping) else {}


def resolve_back(template: FaceTemplate, cardset: CardSet, spec: CardSpec | None = None) -> Face:
    """A back: the set's one back, or the one `spec`'s field chooses (`back: {by, cases, default}`);
    the default for a hidden card (spec None). Its own background, frame and boxes of literals, or an
    image: a back reads no card field, so it shows no more of a card than which kind it is."""
    data = template.data
    back = _back_data(template, back_choice(template, cardset, spec))
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

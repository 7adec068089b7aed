"""Every warning about a card set, the ones that need the font included: what `cardtable validate`
prints, the table's reload banner lists and a proof sheet marks on each card.

    warnings = set_warnings(cardset)           # LintWarning (a Problem at file:line:col), sorted
    per_card = card_warnings(cardset)          # {code: [LintWarning, ...]}: a proof sheet's red corners

The field and image warnings are pure (cardtable/cardsets/lint.py). This module adds text that does not
fit its box: a text box shrinks its text down to the smallest size its template allows (`size_pt:
[smallest, largest]`); when even there the card's own language with the other beneath does not fit, the
renderer leaves the language beneath off and then shrinks further, so the printed card loses its
English without a word. It is measured at print size (300 dpi, the size the faces are printed at) with
the font the faces are drawn with, and reported with the card, the box and by how much it is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cardsets.faces import FaceTemplate, face_template, resolve_face
from cardtable.cardsets.lint import LintWarning, by_card, lint_data, read_source
from cardtable.cardsets.yamlfile import format_key_path, locate_in
from cardtable.rules.cards import CardSet, CardSpec

from .layout import Scale, fit_at, inner_rect
from .primitives import face_fonts

__all__ = ["PRINT_DPI", "card_warnings", "overflow_warnings", "set_warnings"]

PRINT_DPI = 300


def set_warnings(cardset: CardSet) -> list[LintWarning]:
    """Every warning about a loaded set (fields, images, text that does not fit), sorted by place."""
    read = read_source(cardset)
    if read is None:
        return []
    data, root = read
    found = lint_data(data, root, str(cardset.source))
    found.extend(overflow_warnings(cardset, root))
    return sorted(set(found))


def card_warnings(cardset: CardSet) -> dict[str, list[LintWarning]]:
    """The set's warnings by the code of each card they concern (a warning about the template as a
    whole, such as a box no card fills, concerns no one card and is not in here)."""
    return by_card(set_warnings(cardset))


def overflow_warnings(cardset: CardSet, root: Any = None) -> list[LintWarning]:
    """Text boxes whose text does not fit at their smallest size, on every card and side."""
    template, problems = face_template(cardset)
    if problems:
        return []  # the template's own problems are errors, reported as such
    fonts = face_fonts()
    scale = Scale(PRINT_DPI / 25.4)
    boxes = {b["id"]: b for b in template.data.get("boxes") or [] if isinstance(b, Mapping) and "id" in b}
    file = str(cardset.source or cardset.id)
    out: list[LintWarning] = []
    sides: tuple[str | None, ...] = template.sides or (None,)
    for index, spec in enumerate(cardset.cards):
        said: set[str] = set()
        for side in sides:
            for warning in _card_overflows(template, cardset, spec, side, scale, fonts):
                box_id, message = warning
                if box_id in said:
                    continue
                said.add(box_id)
                path: list[str | int] = ["cards", index]
                field = boxes.get(box_id, {}).get("field")
                if isinstance(field, str) and field.split(".")[0] in spec.fields:
                    path.append(field.split(".")[0])
                elif isinstance(field, str) and field.split(".")[0] == "name":
                    path.append("name")
                where, line, col = locate_in(file, root, path)
                out.append(LintWarning(where, line, col, format_key_path(path), message, cards=(spec.code,)))
    return out


# What each card's text boxes measured, by the template's version and the card as written: a
# designer's save changes a card or two, and the table checks the set again on every save.
_measured: dict[tuple[str, str, str | None, str], list[tuple[str, str]]] = {}
_MEASURED_MAX = 4_000


def _card_overflows(
    template: FaceTemplate,
    cardset: CardSet,
    spec: CardSpec,
    side: str | None,
    scale: Scale,
    fonts: Any,
) -> list[tuple[str, str]]:
    key = (template.version, spec.code, side, repr((spec.name, spec.count, spec.fields, cardset.meta)))
    hit = _measured.get(key)
    if hit is None:
        if len(_measured) >= _MEASURED_MAX:
            _measured.clear()
        hit = _measured[key] = _measure(template, cardset, spec, side, scale, fonts)
    return hit


def _measure(
    template: FaceTemplate,
    cardset: CardSet,
    spec: CardSpec,
    side: str | None,
    scale: Scale,
    fonts: Any,
) -> list[tuple[str, str]]:
    face = resolve_face(template, cardset, spec, side)
    found: list[tuple[str, str]] = []
    for box in face.boxes:
        props = box.props
        if box.kind != "text" or props.get("tight") or not (props.get("text") or props.get("second")):
            continue
        x, y, w, h = scale.rect(box.rect)
        area = inner_rect((x, y, w, h), scale.length(props["padding_mm"]))
        if box.rotate % 180 != 0:  # a turned box lays its text out upright, across its height
            area = (area[0], area[1], area[3], area[2])
        smallest = props["size_pt"][0]
        px = scale.pt(smallest)
        measure = fonts.measure(props["bold"])

        both = _fit(measure, props, area, px, props["second"])
        if both.fits:
            continue
        alone = _fit(measure, props, area, px, "") if props["second"] else both
        over = _how_much(both, area, props["lines"], scale)
        where = f"card {spec.code}" + (f" ({side})" if side else "") + f", box {box.id}"
        if props["second"] and alone.fits:
            tail = "; printed, the line beneath would be left off"
        elif props["second"]:
            tail = "; it does not fit even without the line beneath"
        else:
            tail = ""
        found.append(
            (box.id, f"{where}: the text does not fit at its smallest size ({smallest:g} pt): {over}{tail}")
        )
    return found


def _fit(
    measure: Any, props: Mapping[str, Any], area: tuple[float, float, float, float], px: float, second: str
) -> Any:
    """A text box's text (with `second` beneath, "" for none) laid out at `px` in `area`."""
    return fit_at(
        measure,
        props["text"],
        second,
        (area[2], area[3]),
        px,
        second_scale=props["second_scale"],
        leading=props["leading"],
        max_lines=props["lines"],
    )


def _how_much(fit: Any, area: tuple[float, float, float, float], max_lines: int | None, scale: Scale) -> str:
    """By how much a laid-out text is over its box, in mm (and lines)."""
    parts = []
    if fit.height > area[3]:
        need = fit.height / scale.px_per_mm
        have = area[3] / scale.px_per_mm
        parts.append(f"{need - have:.1f} mm too tall ({need:.1f} mm in a box {have:.1f} mm high)")
    if fit.width > area[2]:
        parts.append(f"a word {(fit.width - area[2]) / scale.px_per_mm:.1f} mm too wide")
    if max_lines is not None:
        lines = max(len(fit.first.lines), len(fit.second.lines) if fit.second else 0)
        if lines > max_lines:
            parts.append(f"{lines} lines where the box allows {max_lines}")
    return ", ".join(parts) or "over its box"

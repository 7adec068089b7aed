"""A card set's cards from a spreadsheet beside it: `cards: cards.csv` (or `cards.xlsx`).

Designers keep card lists in a spreadsheet. The first row names the fields (`code`, `name`, `count`,
then any field the face template or the game reads); every further row is one kind of card. A header
with a dot nests: `name.ja` and `name.en` make `name: {ja: ..., en: ...}`. A cell is read as YAML
would read a plain value: `3` is a number, `1.5` too, `true` / `false` a boolean, anything else text
(`no`, `12:30` and `2024-05-01` stay text, as in a card set file); a cell that starts
with `[` or `{` is a YAML list or mapping (`[star, six]`), read by the strict loader. An empty cell
leaves the field out (an empty `count` is 1).

The rows become the set's `cards` list, and each value a YAML node whose mark names the spreadsheet,
its row and its column, so every check of the set (the schema, the game's, the lint) reports a
mistake in a cell as `cards.csv:5:3: cards[3].cost: ...` (row 5, column 3, counted from 1).

CSV files are UTF-8 (a BOM is dropped; Shift_JIS is refused with that said), read within the limits
of every file (cardtable/limits.py). XLSX workbooks are read with openpyxl (imported only then), the
first sheet, formulas as their last computed values; the zip is measured before it is opened, so a
small file that unpacks to gigabytes is refused.
"""

from __future__ import annotations

import csv
import io
import math
import re
import zipfile
from collections.abc import Iterator
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..limits import MAX_CARD_KINDS, MAX_INT, MAX_SCALAR_CHARS, MAX_YAML_BYTES, FileRefused, read_limited
from .strictyaml import BOOL_TAG, FLOAT_TAG, INT_TAG
from .yamlfile import LoadError, Problem, decode_utf8, parse_yaml

__all__ = ["SPREADSHEET_SUFFIXES", "MAX_COLUMNS", "read_cards"]

SPREADSHEET_SUFFIXES = (".csv", ".xlsx")
MAX_COLUMNS = 100  # fields of one card: the bundled sets use at most 15
MAX_XLSX_BYTES = 4 * 1024 * 1024  # an .xlsx of 1,000 cards is about 100 KB
MAX_XLSX_UNPACKED = 32 * 1024 * 1024  # what its zip may unpack to
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_STR_TAG = "tag:yaml.org,2002:str"
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+)")
_HEADER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def read_cards(path: Path) -> tuple[list[dict[str, Any]], SequenceNode]:
    """The cards in a CSV or XLSX file and their nodes (marked with the file, row and column);
    LoadError listing every problem found."""
    file = str(path)
    if path.suffix.lower() == ".xlsx":
        rows = _xlsx_rows(path, file)
    elif path.suffix.lower() == ".csv":
        rows = _csv_rows(path, file)
    else:
        raise LoadError([Problem(file, 1, 1, "", "a card list must be a .csv or .xlsx file")])
    return _cards(rows, file)


# ---------------------------------------------------------------------------------------------------
# Reading the cells


def _csv_rows(path: Path, file: str) -> list[list[Any]]:
    try:
        raw = read_limited(path, MAX_YAML_BYTES)
    except FileRefused as exc:
        raise LoadError([Problem(file, 1, 1, "", str(exc))]) from None
    text = decode_utf8(raw, file)
    # The separator is the one the header row uses most: a comma, or the semicolon of Excel in
    # locales whose decimal mark is a comma, or a tab (a sheet pasted as text).
    header = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=lambda d: (header.count(d), d == ","))
    rows: list[list[Any]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            rows.append(row)
            _check_shape(rows, file)
    except csv.Error as exc:
        raise LoadError([Problem(file, len(rows) + 1, 1, "", f"not a readable CSV line ({exc})")]) from None
    return rows


def _xlsx_rows(path: Path, file: str) -> list[list[Any]]:
    try:
        raw = read_limited(path, MAX_XLSX_BYTES)
    except FileRefused as exc:
        raise LoadError([Problem(file, 1, 1, "", str(exc))]) from None
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise LoadError([Problem(file, 1, 1, "", "not an .xlsx workbook (save it as Excel .xlsx)")]) from None
    if unpacked > MAX_XLSX_UNPACKED:
        message = f"the workbook unpacks to {unpacked} bytes (at most {MAX_XLSX_UNPACKED})"
        raise LoadError([Problem(file, 1, 1, "", message)])
    import openpyxl  # late: only a set that names a workbook pays for it

    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a damaged workbook
        message = f"not a readable .xlsx workbook ({type(exc).__name__}); save it again as Excel .xlsx"
        raise LoadError([Problem(file, 1, 1, "", message)]) from None
    rows: list[list[Any]] = []
    try:
        sheet = book.worksheets[0]
        for row in sheet.iter_rows(values_only=True):
            rows.append(list(row))
            _check_shape(rows, file)
    finally:
        book.close()
    return rows


def _check_shape(rows: list[list[Any]], file: str) -> None:
    """Refuse a sheet past the limits as soon as a row shows it, before reading on."""
    if len(rows) > MAX_CARD_KINDS + 1:
        message = f"more than {MAX_CARD_KINDS} rows of cards (a set holds at most {MAX_CARD_KINDS} kinds)"
        raise LoadError([Problem(file, len(rows), 1, "", message)])
    row = rows[-1]
    while row and row[-1] in (None, ""):
        row.pop()  # trailing empty cells (a spreadsheet's formatting) count for nothing
    if len(row) > MAX_COLUMNS:
        raise LoadError([Problem(file, len(rows), MAX_COLUMNS + 1, "", f"more than {MAX_COLUMNS} columns")])


# ---------------------------------------------------------------------------------------------------
# Cells to fields


def _mark(file: str, row: int, col: int) -> Mark:
    return Mark(file, 0, row, col, None, None)


def _cards(rows: list[list[Any]], file: str) -> tuple[list[dict[str, Any]], SequenceNode]:
    problems: list[Problem] = []
    header_row = 0  # the header is the first row with something in it (0-based)
    while header_row < len(rows) and not any(v not in (None, "") for v in rows[header_row]):
        header_row += 1
    if header_row == len(rows):
        raise LoadError([Problem(file, 1, 1, "", "the card list is empty; its first row names the fields")])
    rows = rows[header_row:]
    header = [("" if v is None else str(v)).strip() for v in rows[0]]
    fields: list[tuple[int, list[str]]] = []
    seen: dict[str, int] = {}
    for col, name in enumerate(header):
        if not name:
            continue
        if not _HEADER.fullmatch(name):
            problems.append(
                Problem(
                    file,
                    header_row + 1,
                    col + 1,
                    "",
                    f"{name!r} is not a field name (letters, digits, _; a dot nests)",
                )
            )
            continue
        if name in seen:
            problems.append(
                Problem(
                    file,
                    header_row + 1,
                    col + 1,
                    "",
                    f"the column {name} is named twice (first in column {seen[name] + 1})",
                )
            )
            continue
        seen[name] = col
        fields.append((col, name.split(".")))
    for need in ("code", "name"):
        if need not in seen and not any(parts[0] == need for _, parts in fields):
            problems.append(
                Problem(file, header_row + 1, 1, "", f"no {need} column: the first row names the fields")
            )
    cards: list[dict[str, Any]] = []
    items: list[Node] = []
    for offset, row in enumerate(rows[1:], start=1):
        if not any(v not in (None, "") for v in row):
            continue  # a blank row between groups of cards
        card: dict[str, Any] = {}
        pairs: list[tuple[ScalarNode, Node]] = []
        nested: dict[str, tuple[dict[str, Any], list[tuple[ScalarNode, Node]]]] = {}
        for col, parts in fields:
            cell = row[col] if col < len(row) else None
            if cell is None or (isinstance(cell, str) and not cell.strip()):
                continue
            where = _mark(file, header_row + offset, col)
            try:
                value, node = _cell(cell, file, where)
            except LoadError as exc:
                problems.extend(exc.problems)
                continue
            key = ScalarNode(_STR_TAG, parts[-1], _mark(file, header_row, col), _mark(file, header_row, col))
            target, target_pairs = card, pairs
            clash = False
            for depth, part in enumerate(parts[:-1]):
                label = ".".join(parts[: depth + 1])
                if label not in nested:
                    if part in target:  # `name` and `name.ja` both given
                        clash = True
                        break
                    inner: dict[str, Any] = {}
                    inner_pairs: list[tuple[ScalarNode, Node]] = []
                    target[part] = inner
                    start = _mark(file, header_row + offset, col)
                    mapping = MappingNode(_MAP_TAG, inner_pairs, start, start)
                    target_pairs.append((ScalarNode(_STR_TAG, part, start, start), mapping))
                    nested[label] = (inner, inner_pairs)
                target, target_pairs = nested[label]
            if clash or parts[-1] in target:
                message = f"{'.'.join(parts)} is given twice (as a column and inside another)"
                problems.append(Problem(file, header_row + offset + 1, col + 1, "", message))
                continue
            target[parts[-1]] = value
            target_pairs.append((key, node))
        start = _mark(file, header_row + offset, 0)
        cards.append(card)
        items.append(MappingNode(_MAP_TAG, pairs, start, start))
    if problems:
        raise LoadError(sorted(problems))
    if not cards:
        raise LoadError([Problem(file, 2, 1, "", "no cards: every row after the first is one kind of card")])
    origin = _mark(file, 0, 0)
    return cards, SequenceNode(_SEQ_TAG, items, origin, origin)


def _cell(cell: Any, file: str, where: Mark) -> tuple[Any, Node]:
    """A cell's value and its node, marked at the cell."""
    if isinstance(cell, bool):
        return cell, ScalarNode(BOOL_TAG, str(cell).lower(), where, where)
    if isinstance(cell, int):
        if abs(cell) > MAX_INT:
            raise LoadError([_at(file, where, f"the number {cell} is too large (at most 2**53)")])
        return cell, ScalarNode(INT_TAG, str(cell), where, where)
    if isinstance(cell, float):
        if not math.isfinite(cell):
            raise LoadError([_at(file, where, "not a number")])
        if cell.is_integer() and abs(cell) <= MAX_INT:
            return int(cell), ScalarNode(INT_TAG, str(int(cell)), where, where)
        return cell, ScalarNode(FLOAT_TAG, repr(cell), where, where)
    if isinstance(cell, datetime | date | time):
        text = cell.isoformat()
        return text, ScalarNode(_STR_TAG, text, where, where, style="|")
    text = str(cell)
    if len(text) > MAX_SCALAR_CHARS:
        raise LoadError(
            [_at(file, where, f"a value of {len(text)} characters is too long (at most {MAX_SCALAR_CHARS})")]
        )
    stripped = text.strip()
    if _INT.fullmatch(stripped):
        number = int(stripped)
        if abs(number) > MAX_INT:
            raise LoadError([_at(file, where, f"the number {_clip(stripped)} is too large (at most 2**53)")])
        return number, ScalarNode(INT_TAG, stripped, where, where)
    if _FLOAT.fullmatch(stripped):
        return float(stripped), ScalarNode(FLOAT_TAG, stripped, where, where)
    if stripped.lower() in ("true", "false"):
        return stripped.lower() == "true", ScalarNode(BOOL_TAG, stripped, where, where)
    if stripped.startswith(("[", "{")):
        try:
            value, node = parse_yaml(stripped, file)
        except LoadError as exc:
            first = exc.problems[0]
            raise LoadError([_at(file, where, f"{first.message} (in this cell's list or mapping)")]) from None
        for inner in _walk(node):
            inner.start_mark = inner.end_mark = where
        assert node is not None
        return value, node
    return text, ScalarNode(_STR_TAG, text, where, where, style="|")


def _walk(node: Node | None) -> Iterator[Node]:
    if node is None:
        return
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, MappingNode):
            stack.extend(n for pair in current.value for n in pair)
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)


def _at(file: str, where: Mark, message: str) -> Problem:
    return Problem(file, where.line + 1, where.column + 1, "", message)


def _clip(text: str, size: int = 40) -> str:
    return text if len(text) <= size else text[: size - 3] + "..."

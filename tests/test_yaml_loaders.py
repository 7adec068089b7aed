"""The libyaml-backed strict loader reads every file exactly as the pure-Python one does.

`FastStrictLoader` (cardtable/cardsets/strictyaml.py) takes its events from PyYAML's C parser and
composes them with the Python composer, so every limit and problem stays the same; these tests hold it
to that: the same data and the same node tree (tags, values, styles, line and column of every node) for
every YAML file in the repository and for seeded mutants of them, and the same refusal for a broken one.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from yaml.nodes import MappingNode, Node, ScalarNode

from cardtable.cardsets import strictyaml, yamlfile
from cardtable.cardsets.strictyaml import FastStrictLoader, StrictLoader
from cardtable.cardsets.yamlfile import LoadError, parse_yaml
from tests.mutants import yaml_mutant

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    p for folder in ("cards", "tests") for p in (ROOT / folder).rglob("*.yaml") if ".venv" not in p.parts
)

pytestmark = pytest.mark.skipif(not strictyaml.HAVE_LIBYAML, reason="PyYAML was built without libyaml")


def shape(node: Node | None) -> Any:
    """A node tree as plain data: kind, tag, style, position and children (or the scalar's value)."""
    if node is None:
        return None
    where = (type(node).__name__, node.tag, node.start_mark.line, node.start_mark.column)
    if isinstance(node, ScalarNode):
        return (*where, node.style, node.value)
    if isinstance(node, MappingNode):
        return (*where, [(shape(k), shape(v)) for k, v in node.value])
    return (*where, [shape(child) for child in node.value])


def read_with(loader_class: type[StrictLoader], text: str) -> tuple[str, Any, Any]:
    """("ok", data, node shape) or ("refused", problems, None), read through parse_yaml's own steps."""
    try:
        loader = None if loader_class is StrictLoader else loader_class(text)
        data, root = yamlfile._load(loader, text, "f.yaml")
    except LoadError as exc:
        return "refused", [str(p) for p in exc.problems], None
    return "ok", repr(data), shape(root)  # repr: nan == nan, and a list keeps its order


def test_the_repository_has_yaml_files_to_compare():
    assert len(FILES) > 50


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_reads_the_same_with_libyaml(path: Path):
    text = path.read_bytes().decode("utf-8-sig")
    fast = read_with(FastStrictLoader, text)
    assert fast == read_with(StrictLoader, text)
    assert fast[0] == "ok"


def test_mutants_read_the_same_or_fall_back_to_the_python_parser():
    """Whatever libyaml accepts reads as the Python loader reads it (same data and nodes), and
    parse_yaml's answer is otherwise the Python loader's: libyaml is stricter in places (a ':' inside a
    flow list) and words its errors differently, so anything it refuses is read again in Python. The
    one difference allowed: a tab after a value, which YAML allows and only the Python scanner refuses."""
    rng = random.Random(20261122)
    accepted = refused = 0
    # 15 files of the bundle by default (8 s of the suite at 30), every file with CARDTABLE_FUZZ=N
    for path in rng.sample(FILES, len(FILES) if os.environ.get("CARDTABLE_FUZZ") else min(15, len(FILES))):
        base = path.read_bytes().decode("utf-8-sig")
        for _ in range(4):
            try:
                text = yaml_mutant(base, rng).decode("utf-8-sig")
            except UnicodeDecodeError:
                continue
            python = read_with(StrictLoader, text)
            try:
                fast = read_with(FastStrictLoader, text)
            except Exception:  # noqa: BLE001 - parse_yaml falls back on any YAML error from libyaml
                fast = ("refused by libyaml", None, None)
            if fast[0] == "ok" and python[0] == "refused":
                # the one place libyaml is more lenient, and right: YAML allows a tab after a value
                # ("deal:<TAB>"), PyYAML's Python scanner refuses it (yaml/pyyaml#80)
                assert all("a tab" in problem for problem in python[1]), (path, python)
                continue
            if fast[0] == "ok":
                assert fast == python, path
            try:
                data, root = parse_yaml(text, "f.yaml")
            except LoadError as exc:
                assert ("refused", [str(p) for p in exc.problems], None) == python, path
                refused += 1
            else:
                assert ("ok", repr(data), shape(root)) == python, path
                accepted += 1
    assert accepted > 15 and refused > 15, (accepted, refused)


@pytest.mark.parametrize(
    ("limit", "text"),
    [
        ("MAX_NODES", "x: [" + "1, " * 60 + "]\n"),
        ("MAX_NODES", "a: 1\nb:\n" + "  - {c: 2}\n" * 30),
        ("MAX_ALIASES", "a: &x 1\nb: [" + "*x, " * 60 + "]\n"),
    ],
)
def test_a_count_limit_refuses_as_the_python_parser_would(
    monkeypatch: pytest.MonkeyPatch, limit: str, text: str
):
    """parse_yaml does not read a file past the count limits again in Python (a 50,000-value file took
    seconds): the refusal is the one the Python loader gives. Shown with the limits lowered to 50."""
    monkeypatch.setattr(strictyaml, limit, 50)
    python = read_with(StrictLoader, text)
    assert python[0] == "refused" and "more than 50" in python[1][0]
    assert read_with(FastStrictLoader, text) == python
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "f.yaml")
    assert ("refused", [str(p) for p in caught.value.problems], None) == python

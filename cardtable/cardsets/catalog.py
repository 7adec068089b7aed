"""Which card sets a game can be played with: what the Setup screen offers for a `cardset` parameter.

A set says which game it is for by its `template:` (the field the loader already reads to pick a
game's effect vocabulary and face look): a game plays the sets whose template is the template of its
own bundled set. The offer is that bundled set first, then the other bundled sets with the same
template, then the designer's own files in the user card sets folder (`cardtable new-set`, or a copy of
a bundled set) with the same template, by path.

A broken file is still offered when its `template:` line can be read (even when the YAML around it
does not parse), so choosing it shows its problems rather than hiding the set its designer is
working on. Nothing here validates a set: loading does that.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.limits import MAX_YAML_BYTES, FileRefused, read_limited
from cardtable.resources import bundled_cardsets, cardset_path

from .yamlfile import LoadError, decode_utf8, parse_yaml

# `template: name` starting a line: a top-level key in block style
_TEMPLATE_LINE = re.compile(r"""^template:[ \t]*["']?([A-Za-z0-9_-]+)["']?[ \t]*(?:#.*)?$""", re.MULTILINE)

# Setup asks every user set's template each time it lists the sets (a file with no `template:` line
# is parsed to be sure): the answer is kept per file as it is on disk (path, mtime, size), so an edit
# is a new key.
_read: dict[tuple[str, int, int], str | None] = {}
_READ_KEPT = 256


def user_cardsets() -> list[Path]:
    """The designer's own set files: `*.yaml` in the user card sets folder and one folder down (where
    `cardtable new-set` puts them), sorted; a set kept beside a save before a reload
    (`NAME.before-TIME.yaml`) is not one to start from, nor a face template in a `faces/` folder
    beside the sets (where a copy of a bundled set keeps its look): it names no `template:`, so
    Setup read every such file whole each time it listed the sets, to find nothing."""
    from cardtable.persistence.files import user_folders

    own = user_folders().cardsets
    if not own.is_dir():
        return []
    found = sorted(own.glob("*.yaml")) + sorted(p for p in own.glob("*/*.yaml") if p.parent.name != "faces")
    return [p for p in found if ".before-" not in p.name]


def set_template(path: Path) -> str | None:
    """The `template:` a set file declares, read without validating it; None when it names none or
    the file cannot be read at all. A top-level key in block style starts a line (anything nested or
    in a block scalar is indented), so the line is found without parsing the YAML, which costs tens
    of milliseconds a set; a file that writes its top level in flow style is parsed. The answer is
    kept per file as it is on disk, so listing the sets again reads no file that has not changed."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _read:
        if len(_read) >= _READ_KEPT:
            _read.clear()
        _read[key] = _read_template(path)
    return _read[key]


def _read_template(path: Path) -> str | None:
    try:
        text = decode_utf8(read_limited(path, MAX_YAML_BYTES), str(path))
    except (FileRefused, LoadError):
        return None
    match = _TEMPLATE_LINE.search(text)
    if match:
        return match.group(1)
    try:
        data, _ = parse_yaml(text, str(path))
    except LoadError:
        return None
    template = data.get("template") if isinstance(data, dict) else None
    return template if isinstance(template, str) else None


def named_path(value: str) -> Path:
    """The file a `cardset` parameter value names: a bundled set's name or a path."""
    if value.endswith((".yaml", ".yml")) or "/" in value or "\\" in value:
        return Path(value).expanduser()
    return cardset_path(value)


def cardsets_for(default: str) -> tuple[str, ...]:
    """The `cardset` values a game whose own set is `default` can be offered: `default` first, then
    bundled sets with its template (by name), then the user's sets with it (by path)."""
    template = set_template(named_path(default))
    if template is None:
        return (default,)
    bundled = [p.stem for p in bundled_cardsets() if p.stem != default and set_template(p) == template]
    own = [str(p) for p in user_cardsets() if set_template(p) == template]
    return (default, *bundled, *own)

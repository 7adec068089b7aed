"""Hot reload: watch the files a card set is drawn and played from, and say what an edit means.

    watcher = CardSetWatcher(cardset, game=game, params=params)
    change = watcher.poll()          # None, or a Change once a file was saved
    change.kind                      # "in_place" | "restart" | "broken"

The table calls `poll` from its frame loop; it looks at the files' modification time and size at
most every `every_s` seconds (a few `stat` calls: no thread, no busy loop). When a file changed:

- the set is read again; a file with problems is "broken" (its `problems`, `file:line:col: key:
  message`), and the watcher keeps the last good set, so the game goes on with it; so is a set the
  game at the table cannot be played with (its `check_cardset`, as `cardtable validate` says);
- an edit that keeps every card's code and count in the same order (names, texts, costs, effects,
  the look) is "in_place": physical card ids stay the same, so the running game takes the new set;
- a card added, removed, reordered or counted differently, or the set's rules template changed, is
  "restart": card ids would no longer match the cards dealt. `reasons` says what changed.

Every file the set is read or drawn from is watched (`files_read`): the set, the spreadsheet its
cards come from, its face template, every image the template or a card names (art, icons, sprite
sheets, the back) and any font file either names. An edit of a spreadsheet is an edit of the set; a
replaced picture or font reads the set again as an "in_place" change, so the table draws every face
anew. A broken template is reported here the same way as a broken set, with the set kept. Every read
goes through the same limited reader as loading (`read_limited`: a regular file within its cap), so a
FIFO or a `/dev/zero` link saved over the set is a problem on the table, not a frozen or exhausted one,
and the set taken is the one built from the bytes kept beside its save.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.limits import MAX_YAML_BYTES, FileRefused, read_limited
from cardtable.rules.cards import CardSet

from .facecheck import _read_template
from .faces import check_template_file, template_source
from .loader import game_problems, load_cardset_bytes
from .setfiles import OutsideFolder, inside
from .spreadsheet import MAX_XLSX_BYTES
from .yamlfile import LoadError, Problem

if TYPE_CHECKING:
    from cardtable.rules.game import Game

POLL_EVERY_S = 0.5  # an edit shows within a second; two stat calls twice a second cost nothing


@dataclass(frozen=True)
class Change:
    """What a saved edit means for a game played with the set."""

    kind: str  # "in_place", "restart" or "broken"
    cardset: CardSet  # the new set ("broken": the last good one, still in use)
    problems: tuple[Problem, ...] = ()
    reasons: tuple[str, ...] = field(default=())
    raw: bytes = b""  # the set file's bytes as read ("broken": empty), to keep a game's set beside its save
    cards_raw: bytes = b""  # the bytes of the spreadsheet its cards came from (b"": none), likewise


def structural_changes(old: CardSet, new: CardSet) -> list[str]:
    """Why a game dealt from `old` cannot go on with `new` (empty: it can): card ids are positions in
    `physical()`, so every code and count must stay in the same order."""
    reasons: list[str] = []
    if old.template != new.template:
        reasons.append(f"template changed: {old.template} -> {new.template}")
    before = {spec.code: spec.count for spec in old.cards}
    after = {spec.code: spec.count for spec in new.cards}
    for code in before:
        if code not in after:
            reasons.append(f"card {code} removed")
        elif after[code] != before[code]:
            reasons.append(f"count of {code} changed: {before[code]} -> {after[code]}")
    reasons.extend(f"card {code} added" for code in after if code not in before)
    if not reasons and [s.code for s in old.cards] != [s.code for s in new.cards]:
        reasons.append("cards reordered")
    return reasons


_FONT_SUFFIXES = (".ttf", ".otf", ".ttc")


def files_read(cardset: CardSet) -> list[Path]:
    """Every file a set is read or drawn from: its file, its cards' spreadsheet, its face template
    file (not an inline one), the images the template and the cards name, and font files either
    names; each once, in that order. Files that do not exist are listed too (one that appears is an
    edit)."""
    out: list[Path] = []
    set_dir = cardset.source.parent if cardset.source is not None else Path.cwd()
    if cardset.source is not None:
        out.append(cardset.source)
    if cardset.cards_source is not None:
        out.append(cardset.cards_source)
    source = template_source(cardset)
    template: Mapping[str, Any] | None = source if isinstance(source, Mapping) else None
    base = set_dir
    if not isinstance(source, Mapping):
        out.append(source)
        base = source.parent
        try:
            data = _read_template(source)[0]
        except (LoadError, OSError):
            data = None
        template = data if isinstance(data, Mapping) else None
    if template is not None:
        out.extend(base / name for name in _template_files(template))
        images = {template["image_field"]} if isinstance(template.get("image_field"), str) else set()
        for box in template.get("boxes") or []:
            if isinstance(box, Mapping) and box.get("kind") == "image" and isinstance(box.get("field"), str):
                images.add(box["field"])
        for spec in cardset.cards:
            for name in images:
                value = spec.fields.get(name)
                if isinstance(value, str) and value:
                    out.append(set_dir / value)
    out.extend(set_dir / name for name in _strings(cardset.meta) if name.lower().endswith(_FONT_SUFFIXES))
    seen: set[Path] = set()
    unique = []
    for path in out:
        path = path.expanduser()
        if path not in seen:
            seen.add(path)
            unique.append(path)
    return unique


def _template_files(template: Mapping[str, Any]) -> list[str]:
    """The files a template names, relative to its folder: icon images, sprite sheets, the back's
    image, image boxes' files, fonts."""
    names: list[str] = []
    icons = template.get("icons") if isinstance(template.get("icons"), Mapping) else {}
    names.extend(
        i["image"] for i in icons.values() if isinstance(i, Mapping) and isinstance(i.get("image"), str)
    )
    sheets = template.get("sheets") if isinstance(template.get("sheets"), Mapping) else {}
    names.extend(
        s["file"] for s in sheets.values() if isinstance(s, Mapping) and isinstance(s.get("file"), str)
    )
    back = template.get("back") if isinstance(template.get("back"), Mapping) else {}
    if isinstance(back.get("image"), str):
        names.append(back["image"])
    for section in (template.get("boxes"), back.get("boxes")):
        for box in section if isinstance(section, list) else []:
            if isinstance(box, Mapping) and isinstance(box.get("file"), str):
                names.append(box["file"])
    names.extend(n for n in _strings(template) if n.lower().endswith(_FONT_SUFFIXES))
    return names


def _strings(data: Any) -> list[str]:
    """Every text value inside nested mappings and lists."""
    out: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


class CardSetWatcher:
    """Polls a card set's file and its face template file for changes."""

    def __init__(
        self,
        cardset: CardSet,
        every_s: float = POLL_EVERY_S,
        game: Game | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.cardset = cardset
        self.game = game  # whose check_cardset an edit must pass too (the game at the table)
        self.params = dict(params or {})  # under the parameters it is played with
        self.every_s = every_s
        self._last = time.monotonic()
        self._stamps = self._read_stamps()
        self.raw = self._read_raw(self.cardset.source)  # the bytes the set in use was read from
        self.cards_raw = self._read_raw(self.cardset.cards_source, MAX_XLSX_BYTES)  # and its spreadsheet's

    @staticmethod
    def _read_raw(path: Path | None, limit: int = MAX_YAML_BYTES) -> bytes:
        try:
            return read_limited(path, limit) if path is not None else b""
        except (FileRefused, OSError):
            return b""

    def files(self) -> list[Path]:
        """The files watched: every file the set is read or drawn from (files_read)."""
        return files_read(self.cardset)

    def _read_stamps(self) -> dict[Path, tuple[int, int] | None]:
        self._files = self.files()  # listed again after each reload: a new image, template or sheet
        # Besides the files listed, where a template saved later would take over (looked at for its
        # appearance, never read) and, for a set made in code, the folder it is read in: the list of
        # files depends on nothing else than the set in use and these (see poll).
        self._appear = [p for p in self._template_beside() if p not in self._files]
        self._cwd = Path.cwd() if self.cardset.source is None else None
        return self._stat(self._files + self._appear)

    def _template_beside(self) -> list[Path]:
        """The template file beside the set that `faces: name` names, where the bundled template of
        that name is used until a designer saves one there (facecheck.template_file)."""
        faces = self.cardset.meta.get("faces")
        if not isinstance(faces, str) or not faces or self.cardset.source is None:
            return []
        try:
            return [inside(self.cardset.source.parent, faces)]
        except OutsideFolder:
            return []

    @staticmethod
    def _stat(files: list[Path]) -> dict[Path, tuple[int, int] | None]:
        stamps: dict[Path, tuple[int, int] | None] = {}
        for path in files:
            try:
                stat = path.stat()
                stamps[path] = (stat.st_mtime_ns, stat.st_size)
            except OSError:
                stamps[path] = None  # a file being saved (removed and written again) is looked at next time
        return stamps

    def poll(self, now: float | None = None) -> Change | None:
        """A Change when a watched file changed since the last look, else None."""
        now = time.monotonic() if now is None else now
        if now - self._last < self.every_s:
            return None
        self._last = now
        # The files listed last time are looked at first: which files a set is drawn from depends only
        # on the set in use, the files it names (its template file among them, watched too) and where
        # its template is found (_read_stamps), so while none of them changed the list is the same.
        # Listing them walked the set and its template at every look (twice a second of a table).
        if self._stat(self._files + self._appear) == self._stamps and (
            self._cwd is None or self._cwd == Path.cwd()
        ):
            return None
        stamps = self._read_stamps()
        if stamps == self._stamps:
            return None
        self._stamps = stamps
        return self.check()

    def check(self) -> Change:
        """Read the set and its template again and say what the difference means."""
        old = self.cardset
        if old.source is None:
            return Change("in_place", old)
        try:
            # the same limited read as loading (a FIFO or a /dev/zero link saved over the set must
            # neither block the table nor fill its memory): refused as a problem, the set kept
            raw = read_limited(old.source, MAX_YAML_BYTES)
            new = load_cardset_bytes(raw, old.source)
            cards_raw = self._read_raw(new.cards_source, MAX_XLSX_BYTES)
        except FileRefused as exc:
            return Change("broken", old, (Problem(str(old.source), 1, 1, "", str(exc)),))
        except LoadError as exc:
            return Change("broken", old, tuple(exc.problems))
        if self.game is not None:  # an edit the game cannot be played with is not taken
            game_found = game_problems(self.game, new, self.params)
            if game_found:
                return Change("broken", old, tuple(game_found))
        source = template_source(new)
        if not isinstance(source, Mapping):
            template_problems = check_template_file(source)
            if template_problems:
                return Change("broken", old, tuple(template_problems))
        reasons = structural_changes(old, new)
        self.cardset, self.raw, self.cards_raw = new, raw, cards_raw
        self._stamps = self._read_stamps()  # the template may be another file now
        return Change("restart" if reasons else "in_place", new, (), tuple(reasons), raw, cards_raw)

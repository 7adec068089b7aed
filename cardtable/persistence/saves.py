"""Saves: who sits where, the seed, the parameters, the card set's identity, the moves in notation, the
bots' random states and a snapshot of the position, under one checksum; then a journal of the moves since.

A save is two files. `autosave.json` (written atomically, the previous one kept as `.bak`) holds the
whole game up to some move, and `autosave.json.journal` holds every move after it, one JSON line each,
appended, flushed and fsynced as it is made: an autosave costs the same at move 10 and move 10,000. The
session rewrites the main file now and then (every COMPACT_EVERY moves), which empties the journal.

What makes a save trustworthy:

- `checksum` is the SHA-256 of the canonical JSON of every other field: players, names, bots, their
  random states, parameters, card set identity, moves, log, snapshot. One changed byte anywhere (a bit
  flip, `"human": "false"`) makes the save damaged, never different. Each journal line carries a hash
  chained to the line before and, through the first, to the main file's checksum.
- Every field is checked for type and range before use, and the file is read within the limits of
  cardtable/limits.py (size, regular file), so a damaged or hostile save gives SaveError and nothing else.
- The moves always replay: a save from elsewhere is loaded by replaying its moves from the seed through
  the rules and comparing the position's digest, so it can never put a game where the rules would not.
  A save this installation wrote also carries `mac`, an HMAC with a key kept beside the saves
  (`save.key`): then the snapshot is used instead of replaying (Continue of a 10,000-move game in
  milliseconds), after checking that it is the same position (digest, card conservation).
- The table's log is kept too, as phrases (`said`: the latest SAID_KEPT moves in the main file, each
  journal line its own move's), so Continue shows it without narrating the game again; the moves before
  are narrated from the seed only when the log is read that far back. Saves without it still load.
- The card set is named and fingerprinted: a set edited since the game began is reported, not replayed
  into a different game.

Saves written before this format (version 1: seed + moves + digest, seats in `meta`) still load, by
replay; so does a save from before a game's data gained a key (a public record begun later): the
replay fills it in and is the saved position but for it (`_same_but_newer`). A damaged save raises SaveError naming the file and the problem; its files are never changed
here. SaveError.fallback names what can be loaded instead (the main file with every journal line before
the damage, or the `.bak`), so the menu can offer "Continue from the previous save?".
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cardsets.yamlfile import LoadError
from ..games import get_game
from ..limits import MAX_INT, MAX_SAVE_BYTES, FileRefused, read_limited
from ..rules.actions import IllegalAction, NotationError
from ..rules.cards import CardSet
from ..rules.engine import Engine
from ..rules.game import Game, ParamError
from ..rules.rng import RNG_VERSION
from ..rules.state import GameState
from .files import atomic_write_bytes

log = logging.getLogger("cardtable.saves")

SAVE_FORMAT = "cardtable-save"
SAVE_VERSION = 2
JOURNAL_SUFFIX = ".journal"
COMPACT_EVERY = 128
"""Journal lines before the session rewrites the main file: Continue replays at most this many moves."""
SAID_KEPT = 2 * COMPACT_EVERY
"""Moves whose phrases (the table's log: rules/narration.py) a main file keeps, the latest ones; each
journal line keeps its own move's. Continue shows the log from these without narrating the game again."""

MAX_NAME_CHARS = 40
MAX_MOVE_CHARS = 200
MAX_LOG_LINES = 500
MAX_LOG_CHARS = 400
_HEX64 = frozenset("0123456789abcdef")


class SaveError(Exception):
    """A save that cannot be loaded: unreadable, not a save, damaged, or its moves do not replay.

    `fallback` is what may be loaded instead, as (path, with its journal), or None.
    """

    def __init__(self, message: str, fallback: tuple[Path, bool] | None = None) -> None:
        super().__init__(message)
        self.fallback = fallback


@dataclass(frozen=True)
class Player:
    """Who plays a seat: a name, and whether a person or which bot."""

    name: str
    human: bool = True
    bot: str = "heuristic"


@dataclass
class LoadedGame:
    """A save, read, checked and brought back to its last position."""

    engine: Engine
    players: list[Player] | None  # None: a version-1 save that did not say who sits where
    bot_rngs: dict[int, int]  # seat -> the bot's generator state (empty in version-1 saves)
    moves: list[str]  # every move, `P1: notation`
    log: list[str]
    meta: dict[str, Any] = field(default_factory=dict)
    checksum: str = ""  # of the main file; the journal chains from it
    journal_lines: int = 0  # moves read from the journal
    chain: str = ""  # the last journal hash (the main file's checksum when the journal is empty)
    replaces: str | None = None  # the checksum of the main file this one replaced
    dropped: str = ""  # read up to a damaged journal line: what was wrong with it ("" when none)
    # The latest moves' phrases as saved (Chronicle.to_json; None for a move saved without them), when
    # this installation wrote the save (its MAC holds); empty otherwise: the log is narrated again.
    said: list[Any] = field(default_factory=list)
    trusted: bool = False  # the position came from the snapshot of a save this installation wrote


# ---------------------------------------------------------------------------------------------------
# Canonical forms, checksums, the installation's key


def canonical(value: Any) -> bytes:
    """Sorted-key compact JSON as UTF-8: what checksums and MACs are taken over."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def _body(doc: Mapping[str, Any]) -> bytes:
    return canonical({k: v for k, v in doc.items() if k not in ("checksum", "mac")})


def _same(expected: str, given: Any) -> bool:
    """Whether a hash read from a file is the one expected, compared in constant time (a value that is
    not ASCII text is simply not it: compare_digest raises TypeError on non-ASCII strings)."""
    return isinstance(given, str) and given.isascii() and hmac.compare_digest(expected, given)


def _chain(previous: str, record: Mapping[str, Any]) -> str:
    """A journal line's hash: its content chained to the line before (or the main file's checksum)."""
    body = canonical({k: v for k, v in record.items() if k != "h"})
    return hashlib.sha256(previous.encode("ascii") + b"\n" + body).hexdigest()[:32]


def _key_path() -> Path:
    from .files import user_folders

    return user_folders().saves / "save.key"


def save_key(create: bool = True) -> bytes | None:
    """This installation's key for save MACs (32 random bytes, made on first use); None when it cannot
    be read or made (saves then load by replay, which is always correct, only slower)."""
    path = _key_path()
    try:
        key = read_limited(path, 64)
        if len(key) == 32:
            return key
        if not create:
            return None
    except FileRefused:
        if not create:
            return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        key = secrets.token_bytes(32)
        atomic_write_bytes(path, key, keep_backup=False)
        return key
    except OSError as exc:
        log.warning("no save key: %s", exc)
        return None


def _mac(body: bytes, key: bytes | None) -> str | None:
    return None if key is None else hmac.new(key, body, hashlib.sha256).hexdigest()


_FINGERPRINTS: dict[int, tuple[CardSet, str]] = {}


def cardset_identity(cardset: CardSet | None) -> dict[str, str] | None:
    """The card set's id and a SHA-256 of its content (cards, fields, texts; not where the file is)."""
    if cardset is None:
        return None
    hit = _FINGERPRINTS.get(id(cardset))
    if hit is None or hit[0] is not cardset:
        content = [
            cardset.id,
            [cardset.title.ja, cardset.title.en],
            cardset.language,
            cardset.template,
            [[c.code, c.name.ja, c.name.en, c.count, dict(c.fields)] for c in cardset.cards],
            dict(cardset.meta),
        ]
        digest = hashlib.sha256(json.dumps(content, sort_keys=True, default=repr).encode("utf-8")).hexdigest()
        hit = _FINGERPRINTS[id(cardset)] = (cardset, digest)
    return {"id": cardset.id, "sha256": hit[1]}


# ---------------------------------------------------------------------------------------------------
# Writing


def move_texts(engine: Engine) -> list[str]:
    """Every move of the game as `P1: notation`, written by replaying it from the seed."""
    state = engine.state
    fresh = Engine.new(engine.game, state.seats, state.seed, state.params, state.cardset)
    moves = []
    for action in state.history:
        moves.append(f"P{action.seat + 1}: {fresh.describe(action)}")
        fresh.apply(action)
    return moves


def save_bytes(
    engine: Engine,
    players: list[Player] | None = None,
    bot_rngs: Mapping[int, int] | None = None,
    moves: list[str] | None = None,
    log_lines: list[str] | None = None,
    meta: Mapping[str, Any] | None = None,
    replaces: str | None = None,
    said: list[Any] | None = None,
) -> tuple[bytes, str]:
    """The main file of a save as bytes, with its checksum: the whole game so far, checksummed and (with
    this installation's key) MACed. `moves` saves replaying the game to write them, when the caller kept
    them as it went. `replaces` is the checksum of the main file this one replaces: a journal still
    naming that file was absorbed into this one (the writer stopped before removing it), and only such a
    journal is ignored. `said` is the latest moves' phrases (Chronicle.to_json), kept for Continue.

    The file is the canonical JSON of its fields (sorted keys, no spaces), so the bytes the checksum is
    taken over are the file itself minus its last fields; the snapshot, by far the largest field, is
    turned into text once and serves for its digest, the checksum and the file alike."""
    state = engine.state
    if moves is None or len(moves) != len(state.history):
        moves = move_texts(engine)
    state_text = canonical(state.to_dict())
    fields: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": state.game,
        "seats": state.seats,
        "seed": state.seed,
        "params": dict(state.params),
        "cardset": cardset_identity(state.cardset),
        "players": [
            {"name": p.name, "human": p.human, "bot": p.bot}
            for p in (players or [Player(f"Player {i + 1}") for i in range(state.seats)])
        ],
        "bots": {
            str(seat): {"version": RNG_VERSION, "state": value}
            for seat, value in sorted((bot_rngs or {}).items())
        },
        "moves": list(moves),
        "digest": hashlib.sha256(state_text).hexdigest(),
        "log": [str(line)[:MAX_LOG_CHARS] for line in (log_lines or [])][-MAX_LOG_LINES:],
        "meta": dict(meta or {}),
        "replaces": replaces,
    }
    if said:
        fields["said"] = said[-SAID_KEPT:]
    texts = {key: canonical(value) for key, value in fields.items()}
    texts["state"] = state_text
    body = _assemble(texts)
    checksum = hashlib.sha256(body).hexdigest()
    texts["checksum"] = canonical(checksum)
    mac = _mac(body, save_key())
    if mac is not None:
        texts["mac"] = canonical(mac)
    return _assemble(texts), checksum


def _assemble(texts: Mapping[str, bytes]) -> bytes:
    """A JSON object from the canonical text of each value: what `canonical` of the whole would give."""
    return b"{" + b",".join(canonical(key) + b":" + texts[key] for key in sorted(texts)) + b"}"


def build_save(
    engine: Engine,
    players: list[Player] | None = None,
    bot_rngs: Mapping[int, int] | None = None,
    moves: list[str] | None = None,
    log_lines: list[str] | None = None,
    meta: Mapping[str, Any] | None = None,
    replaces: str | None = None,
) -> dict[str, Any]:
    """The main file of a save as a dict (see save_bytes)."""
    result: dict[str, Any] = json.loads(
        save_bytes(engine, players, bot_rngs, moves, log_lines, meta, replaces)[0]
    )
    return result


def save_to_dict(
    engine: Engine, meta: dict[str, Any] | None = None, moves: list[str] | None = None
) -> dict[str, Any]:
    """The main file of a save of a bare engine (no seats, no bots), as a dict."""
    return build_save(engine, moves=moves, meta=meta)


def encode(doc: Mapping[str, Any]) -> bytes:
    """A save's bytes: its canonical JSON."""
    return canonical(doc)


def journal_path(path: Path) -> Path:
    """The journal beside a save's main file."""
    return path.with_name(path.name + JOURNAL_SUFFIX)


def save_game(
    path: Path, engine: Engine, meta: dict[str, Any] | None = None, moves: list[str] | None = None
) -> None:
    """Write a bare engine's game atomically (the previous save is kept as .bak)."""
    SaveWriter(path).write_full(save_to_dict(engine, meta, moves))


class SaveWriter:
    """Writes one save: the main file atomically, then each move appended to the journal."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.checksum: str | None = None  # the main file this writer wrote (None: none yet)
        self.chain = ""
        self.lines = 0
        self._handle: Any = None

    def write_full(self, doc: Mapping[str, Any] | tuple[bytes, str]) -> None:
        """Replace the main file (atomically, keeping .bak) and start an empty journal. `doc` is the save
        as a dict, or as (bytes, checksum) from save_bytes."""
        self.close()
        raw, checksum = doc if isinstance(doc, tuple) else (encode(doc), str(doc["checksum"]))
        atomic_write_bytes(self.path, raw)
        self.checksum = self.chain = checksum
        self.lines = 0
        # The journal belonged to the old main file; a crash before this line leaves a journal whose
        # header names the old checksum, which the loader recognises and ignores.
        journal_path(self.path).unlink(missing_ok=True)

    def resume(self, loaded: LoadedGame) -> None:
        """Carry on appending to the journal of a loaded save."""
        self.close()
        self.checksum = loaded.checksum
        self.chain = loaded.chain
        self.lines = loaded.journal_lines

    def append(self, record: dict[str, Any]) -> None:
        """Append one journal record (flushed and fsynced). OSError passes through."""
        assert self.checksum is not None, "write_full first"
        if self._handle is None:
            target = journal_path(self.path)
            fresh = not target.exists() or target.stat().st_size == 0
            self._handle = open(target, "ab")  # kept open between moves: one append each
            if fresh:
                header = {"journal": 1, "base": self.checksum}
                self._handle.write(canonical(header) + b"\n")
        record = dict(record)
        record["h"] = _chain(self.chain, record)
        self._handle.write(canonical(record) + b"\n")
        self._handle.flush()
        try:
            os.fsync(self._handle.fileno())
        except OSError:  # some file systems refuse fsync; the flush stands
            pass
        self.chain = record["h"]
        self.lines += 1

    def close(self) -> None:
        """Close the journal (the session does at the end of a game)."""
        if self._handle is not None:
            try:
                self._handle.close()
            finally:
                self._handle = None


# ---------------------------------------------------------------------------------------------------
# Reading


def _fail(where: str, message: str) -> SaveError:
    return SaveError(f"{where}: {message}")


def _is_int(value: Any, low: int = -MAX_INT, high: int = MAX_INT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _read_json(path: Path, limit: int = MAX_SAVE_BYTES) -> Any:
    try:
        raw = read_limited(path, limit)
    except FileRefused as exc:
        raise _fail(str(path), "no such save" if str(exc) == "no such file" else str(exc)) from None
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = "not valid JSON" if not isinstance(exc, UnicodeDecodeError) else "not valid UTF-8"
        raise _fail(str(path), f"damaged save ({reason})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def load_game(path: Path, journal: bool = True) -> tuple[Engine, dict[str, Any]]:
    """A save's engine and its meta (with "seats" and "log", as version-1 saves kept them)."""
    loaded = read_save(path, journal)
    meta = dict(loaded.meta)
    if loaded.players is not None:
        meta["seats"] = [{"name": p.name, "human": p.human, "bot": p.bot} for p in loaded.players]
    meta["log"] = list(loaded.log)
    return loaded.engine, meta


def read_save(path: Path, journal: bool = True, up_to_damage: bool = False) -> LoadedGame:
    """Read, check and replay a save (its journal too, unless `journal` is False); SaveError when it is
    damaged, with `fallback` set to what could be loaded instead: for a damaged journal, the same save
    with every journal line before the damage, `(path, True)`, read again with `up_to_damage`.

    With `up_to_damage` a damaged journal line ends the journal there: every whole line before it is
    kept (one flipped byte in the last line of a 200-move game loses one move, not the 72 since the
    main file was written), and `dropped` on the result says where and why it stopped."""
    try:
        loaded = _load_main(_read_json(path), str(path))
    except SaveError as exc:
        exc.fallback = _backup_fallback(path)
        raise
    if journal:
        try:
            _apply_journal(loaded, journal_path(path), up_to_damage)
        except SaveError as exc:
            exc.fallback = (path, True)
            raise
    return loaded


def _backup_fallback(path: Path) -> tuple[Path, bool] | None:
    backup = path.with_name(path.name + ".bak")
    return (backup, False) if backup.is_file() else None


def engine_from_save(
    data: Any, where: str = "<save>", snapshot: bool = True
) -> tuple[Engine, dict[str, Any]]:
    """A save's main-file data (a dict already parsed) as an engine and its meta; SaveError when wrong.
    With `snapshot` False a version-2 save is replayed from its seed even when its MAC would allow the
    snapshot."""
    loaded = _load_main(data, where, snapshot)
    meta = dict(loaded.meta)
    if loaded.players is not None:
        meta["seats"] = [{"name": p.name, "human": p.human, "bot": p.bot} for p in loaded.players]
    meta["log"] = list(loaded.log)
    return loaded.engine, meta


def _load_main(data: Any, where: str, snapshot: bool = True) -> LoadedGame:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _fail(where, "not a cardtable save")
    version = data.get("version")
    if version == 1:
        return _load_v1(data, where)
    if version != SAVE_VERSION:
        raise _fail(where, f"save version {version!r} is not supported")
    return _load_v2(data, where, snapshot)


def _game_and_params(data: dict[str, Any], where: str) -> tuple[Game, int, int, dict[str, Any], int]:
    """The game, seats, seed, resolved parameters and the game's bound of actions, each checked (the
    bound loads the card set the parameters name: a missing or broken set is a SaveError too)."""
    game_id, seats, seed, params = data.get("game"), data.get("seats"), data.get("seed"), data.get("params")
    if not _text(game_id, 40):
        raise _fail(where, "damaged save (game)")
    try:
        game = get_game(game_id)
    except ParamError as exc:
        raise _fail(where, f"damaged save ({exc})") from None
    if not _is_int(seats, game.min_seats, game.max_seats):
        raise _fail(
            where, f"damaged save (seats: {game.title} is for {game.min_seats}-{game.max_seats} players)"
        )
    if not _is_int(seed, -(2**63), 2**64 - 1):
        raise _fail(where, "damaged save (seed)")
    if not isinstance(params, dict) or not all(isinstance(k, str) for k in params):
        raise _fail(where, "damaged save (params)")
    for value in params.values():
        if not (value is None or isinstance(value, bool | str) and len(str(value)) <= 500 or _is_int(value)):
            raise _fail(where, "damaged save (params)")
    try:
        resolved = game.resolve_params(params)
        bound = game.max_actions(resolved, seats)
    except (ParamError, LoadError, ValueError) as exc:  # ValueError: a game's own check of its set
        first = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        raise _fail(where, f"cannot load this game ({first})") from None
    return game, seats, seed, resolved, bound


_MOVE_LINE = re.compile(r"P([1-9]):[ \t]*(\S.{0,200})", re.DOTALL)  # 200: MAX_MOVE_CHARS


def _check_moves(moves: Any, seats: int, where: str, limit: int) -> list[tuple[int, str]]:
    """`P1: notation` lines as (seat, text), each checked; at most `limit` of them."""
    if not isinstance(moves, list):
        raise _fail(where, "damaged save (moves)")
    if len(moves) > limit:
        raise _fail(where, f"damaged save ({len(moves)} moves; a game of this kind has at most {limit})")
    match = _MOVE_LINE.fullmatch
    found = [match(line) if type(line) is str else None for line in moves]
    out = [(int(m.group(1)) - 1, m.group(2).strip()) for m in found if m is not None]
    if len(out) != len(moves) or any(seat >= seats for seat, _ in out):
        bad = next(i for i, m in enumerate(found) if m is None or int(m.group(1)) > seats)
        raise _fail(where, f"damaged save (move {bad + 1})")
    return out


def _move_line(line: Any, seats: int) -> tuple[int, str] | None:
    found = _MOVE_LINE.fullmatch(line) if type(line) is str else None
    if found is None or int(found.group(1)) > seats:
        return None
    return int(found.group(1)) - 1, found.group(2).strip()


def _replay(
    game: Game, seats: int, seed: int, params: dict[str, Any], moves: list[tuple[int, str]], where: str
) -> Engine:
    """The game rebuilt from its seed by applying each move through the rules."""
    try:
        engine = Engine.new(game, seats, seed, params)
    except (ParamError, LoadError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        raise _fail(where, f"cannot load this game ({first})") from None
    _apply_moves(engine, moves, where, 0)
    return engine


def _apply_moves(engine: Engine, moves: list[tuple[int, str]], where: str, done: int) -> None:
    for index, (seat, text) in enumerate(moves):
        try:
            engine.apply_text(seat, text)
        except (IllegalAction, NotationError) as exc:
            raise _fail(where, f"move {done + index + 1} does not replay ({exc.what}): {exc}") from None
        except RuntimeError as exc:  # past the game's bound of actions
            raise _fail(where, f"move {done + index + 1} does not replay: {exc}") from None


def _check_players(raw: Any, seats: int, where: str) -> list[Player]:
    if not isinstance(raw, list) or len(raw) != seats:
        raise _fail(where, "the save does not say who sits where")
    players = []
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"name", "human", "bot"}:
            raise _fail(where, "damaged save (players)")
        name, human, bot = item["name"], item["human"], item["bot"]
        if not _text(name, MAX_NAME_CHARS) or not isinstance(human, bool) or not _text(bot, 40):
            raise _fail(where, "damaged save (players)")
        players.append(Player(name, human, bot))
    return players


def _check_log(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list) or len(raw) > MAX_LOG_LINES or not all(_text(x, MAX_LOG_CHARS) for x in raw):
        raise _fail(where, "damaged save (log)")
    return list(raw)


def _check_bot_rngs(raw: Any, players: list[Player], where: str) -> dict[int, int]:
    if not isinstance(raw, dict):
        raise _fail(where, "damaged save (bots)")
    out: dict[int, int] = {}
    for key, value in raw.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) <= 2 else -1
        if not 0 <= seat < len(players) or players[seat].human:
            raise _fail(where, "damaged save (bots)")
        if (
            not isinstance(value, dict)
            or value.get("version") != RNG_VERSION
            or set(value) != {"version", "state"}
            or not _is_int(value["state"], 0, 2**64 - 1)
        ):
            raise _fail(where, "damaged save (bots)")
        out[seat] = value["state"]
    return out


def _load_v2(data: dict[str, Any], where: str, use_snapshot: bool) -> LoadedGame:
    body = _body(data)
    checksum = data.get("checksum")
    if not _same(hashlib.sha256(body).hexdigest(), checksum):
        raise _fail(where, "damaged save (its checksum does not match its content)")
    expected = {
        "format",
        "version",
        "game",
        "seats",
        "seed",
        "params",
        "cardset",
        "players",
        "bots",
        "moves",
        "digest",
        "state",
        "log",
        "meta",
        "replaces",
        "checksum",
    }
    if not expected <= set(data) <= expected | {"mac", "said"}:
        raise _fail(where, "damaged save (unexpected fields)")
    game, seats, seed, params, bound = _game_and_params(data, where)
    players = _check_players(data["players"], seats, where)
    from ..bots import BotError, bot_factories  # late: the bots import the games registry

    for player in players:
        if not player.human:
            try:
                known = bot_factories(game.id)
            except BotError as exc:
                raise _fail(where, f"damaged save ({exc})") from None
            if player.bot not in known:
                raise _fail(where, f"no bot {player.bot!r} for {game.id} (bots: {', '.join(known)})")
    bot_rngs = _check_bot_rngs(data["bots"], players, where)
    raw_moves = data["moves"]
    if not isinstance(raw_moves, list) or len(raw_moves) > bound:
        raise _fail(where, "damaged save (moves)")
    log_lines = _check_log(data["log"], where)
    digest = data["digest"]
    if not (isinstance(digest, str) and len(digest) == 64 and set(digest) <= _HEX64):
        raise _fail(where, "damaged save (digest)")
    meta = data["meta"]
    if not isinstance(meta, dict):
        raise _fail(where, "damaged save (meta)")
    replaces = data["replaces"]
    if replaces is not None and not (
        isinstance(replaces, str) and len(replaces) == 64 and set(replaces) <= _HEX64
    ):
        raise _fail(where, "damaged save (replaces)")
    identity = data["cardset"]
    if identity is not None and not (
        isinstance(identity, dict)
        and set(identity) == {"id", "sha256"}
        and _text(identity["id"], 100)
        and _text(identity["sha256"], 64)
    ):
        raise _fail(where, "damaged save (cardset)")

    said = data.get("said", [])
    if not isinstance(said, list):
        raise _fail(where, "damaged save (said)")
    mac = data.get("mac")
    engine = None
    if use_snapshot and isinstance(mac, str) and all(type(m) is str for m in raw_moves):
        expected_mac = _mac(body, save_key(create=False))
        if expected_mac is not None and _same(expected_mac, mac):
            # This installation wrote every byte (the MAC says so): the position is taken from the
            # snapshot, and the move texts are kept as written, to be written again.
            engine = _from_snapshot(game, seats, seed, params, data["state"], digest, len(raw_moves), where)
    snapshot_used = engine is not None
    if engine is None:
        moves = _check_moves(raw_moves, seats, where, bound)
        engine = _replay(game, seats, seed, params, moves, where)
        raw_moves = [f"P{seat + 1}: {text}" for seat, text in moves]
        if engine.state.digest() != digest and not _same_but_newer(engine.state, data["state"], digest):
            raise _fail(where, "the moves replay to a different position than was saved (digest mismatch)")
    if cardset_identity(engine.state.cardset) != identity:
        name = identity["id"] if isinstance(identity, dict) else "(none)"
        raise _fail(
            where, f"the card set {name!r} has changed since this game was saved; it cannot be replayed"
        )
    loaded = LoadedGame(
        engine,
        players,
        bot_rngs,
        list(raw_moves),
        log_lines,
        dict(meta),
        checksum,
        0,
        checksum,
        replaces,
    )
    if snapshot_used:
        loaded.trusted = True
        # Written by this installation (the MAC held): its phrases are this app's own, and each is
        # still read back with care (Chronicle.restore) in case the words changed since.
        loaded.said = said[-SAID_KEPT:]
    return loaded


def _same_but_newer(state: GameState, saved: Any, digest: str) -> bool:
    """Whether the replayed position is the saved one as an earlier version of the game's rules kept
    it: the same but for keys the rules' data has gained since (a public record begun later), which
    the replay filled in. Left out of the replay's position, those keys give the saved digest."""
    if not isinstance(saved, dict) or not isinstance(saved.get("data"), dict):
        return False
    position = state.to_dict()
    newer = set(position["data"]) - set(saved["data"])
    if not newer:
        return False
    position["data"] = {key: value for key, value in position["data"].items() if key not in newer}
    return _same(hashlib.sha256(canonical(position)).hexdigest(), digest)


def _from_snapshot(
    game: Game, seats: int, seed: int, params: dict[str, Any], raw: Any, digest: str, moves: int, where: str
) -> Engine | None:
    """The saved position itself (a save this installation wrote and MACed), checked to be the position
    its digest names and to keep every card; None to fall back on replaying."""
    from ..rules.invariants import check_invariants

    try:
        cardset = game.load_cardset(params) if game.cardset_name else None
        state = GameState.from_dict(raw, cardset)
        engine = Engine(game, state)
        if (
            state.game != game.id
            or state.seats != seats
            or state.seed != seed
            or state.params != params
            or len(state.history) != moves
            or state.digest() != digest
            or check_invariants(engine)
        ):
            return None
    except SaveError:
        raise
    except Exception as exc:  # the snapshot is only a shortcut: when it does not read, replay
        if isinstance(exc, ParamError):
            raise _fail(where, f"damaged save ({exc})") from None
        log.warning("%s: snapshot not used (%s: %s); replaying", where, exc.__class__.__name__, exc)
        return None
    return engine


def _load_v1(data: dict[str, Any], where: str) -> LoadedGame:
    """A version-1 save: seed + moves + digest; seats and log in `meta`. Replayed and checked."""
    game, seats, seed, params, bound = _game_and_params(data, where)
    moves = _check_moves(data.get("moves"), seats, where, bound)
    meta = data.get("meta") or {}
    if not isinstance(meta, dict):
        raise _fail(where, "damaged save (meta)")
    players = None
    if "seats" in meta:
        raw = meta["seats"]
        if isinstance(raw, list):
            raw = [
                {k: v for k, v in item.items() if k in ("name", "human", "bot")}
                if isinstance(item, dict)
                else item
                for item in raw
            ]
            for item in raw:
                if isinstance(item, dict):
                    item.setdefault("human", True)
                    item.setdefault("bot", "heuristic")
        players = _check_players(raw, seats, where)
    log_lines = _check_log(meta.get("log", []), where) if isinstance(meta.get("log", []), list) else []
    engine = _replay(game, seats, seed, params, moves, where)
    if engine.state.digest() != data.get("digest"):
        raise _fail(where, "the moves replay to a different position than was saved (digest mismatch)")
    rest = {k: v for k, v in meta.items() if k not in ("seats", "log")}
    return LoadedGame(engine, players, {}, [f"P{s + 1}: {t}" for s, t in moves], log_lines, rest)


def _apply_journal(loaded: LoadedGame, path: Path, up_to_damage: bool = False) -> None:
    """Bring a loaded main file forward by its journal: each line checked, chained and replayed. With
    `up_to_damage` the first damaged line ends it instead of failing the load: a line is checked whole
    (its hash, its fields) before it changes anything, so the game stands at the line before."""
    if not up_to_damage:
        _read_journal(loaded, path)
        return
    try:
        _read_journal(loaded, path)
    except SaveError as exc:
        loaded.dropped = str(exc)
        log.warning("%s; the game goes on from journal line %d", exc, loaded.journal_lines + 1)


def _read_journal(loaded: LoadedGame, path: Path) -> None:
    where = str(path)
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except FileRefused as exc:
        if str(exc) == "no such file":
            return
        raise _fail(where, str(exc)) from None
    if not raw:
        return
    lines = raw.split(b"\n")
    torn = lines.pop()  # b"" when the last line was written whole
    if not loaded.checksum:
        raise _fail(where, "a journal beside a save of the old format")
    header = _json_line(lines[0] if lines else torn, where, 1)
    if not isinstance(header, dict) or set(header) != {"journal", "base"} or header["journal"] != 1:
        raise _fail(where, "damaged save journal (line 1)")
    if header["base"] != loaded.checksum:
        if loaded.replaces is not None and header["base"] == loaded.replaces:
            # The journal of the main file this one replaced: the session rewrote the main file (with
            # every move) and was stopped before it removed the journal. Nothing in it is newer.
            return
        raise _fail(where, "damaged save journal (it belongs to no save here)")
    engine = loaded.engine
    seats = engine.state.seats
    chain = loaded.checksum
    bots = dict(loaded.bot_rngs)
    for number, line in enumerate(lines[1:], start=2):
        record = _json_line(line, where, number)
        if not isinstance(record, dict) or not isinstance(record.get("h"), str):
            raise _fail(where, f"damaged save journal (line {number})")
        if not _same(_chain(chain, record), record["h"]):
            raise _fail(where, f"damaged save journal (line {number}: its hash does not match)")
        _journal_record(loaded, record, seats, bots, where, number)
        chain = loaded.chain = record["h"]
        loaded.bot_rngs = dict(bots)
        loaded.journal_lines += 1
    if torn:
        if _holds_a_whole_record(torn):
            # Not a write cut short (that is a strict prefix of one record): a damaged newline, or a
            # whole last record without its newline. Either way, not something to drop in silence.
            raise _fail(where, f"damaged save journal (line {len(lines) + 1} does not end)")
        # The process stopped while appending this line: the move it held was never saved whole. The
        # game continues from the move before, as an atomic write would have left it.
        log.warning("%s: an unfinished last line (%d bytes) is left out", where, len(torn))
    loaded.chain = chain
    loaded.bot_rngs = bots


def _holds_a_whole_record(tail: bytes) -> bool:
    """Whether the bytes after the last newline begin with a complete JSON value."""
    try:
        json.JSONDecoder().raw_decode(tail.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return False
    return True


def _json_line(line: bytes, where: str, number: int) -> Any:
    try:
        return json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _fail(where, f"damaged save journal (line {number})") from None


def _journal_record(
    loaded: LoadedGame, record: dict[str, Any], seats: int, bots: dict[int, int], where: str, number: int
) -> None:
    """One journal line: a move (or an undo), the bots' generator states after it, new log lines."""
    engine = loaded.engine
    keys = set(record) - {"h", "said"}
    if keys not in ({"n", "move", "bots", "log"}, {"n", "undo", "bots", "log"}) or (
        "said" in record and "move" not in record
    ):
        raise _fail(where, f"damaged save journal (line {number})")
    if not _is_int(record["n"], 0, MAX_INT) or record["n"] != len(engine.state.history):
        raise _fail(where, f"damaged save journal (line {number}: out of order)")
    players = loaded.players or []
    new_bots = _check_bot_rngs(record["bots"], players, where) if players else {}
    new_log = _check_log(record["log"], where)
    if "move" in record:
        parsed = _move_line(record["move"], seats)
        if parsed is None:
            raise _fail(where, f"damaged save journal (line {number})")
        try:
            engine.apply_text(*parsed)
        except (IllegalAction, NotationError, RuntimeError) as exc:
            what = getattr(exc, "what", "past the game's bound")
            raise _fail(where, f"journal line {number} does not replay ({what}): {exc}") from None
        loaded.moves.append(f"P{parsed[0] + 1}: {parsed[1]}")
        if loaded.trusted:
            loaded.said.append(record.get("said"))  # the move's phrases (None: saved without them)
    else:
        seat = record["undo"]
        if not _is_int(seat, 0, seats - 1) or not engine.can_undo(seat):
            raise _fail(where, f"damaged save journal (line {number}: an undo that cannot be)")
        engine.undo(seat)
        if loaded.moves:
            loaded.moves.pop()
        if loaded.said:
            loaded.said.pop()
    bots.clear()
    bots.update(new_bots)
    loaded.log = (loaded.log + new_log)[-MAX_LOG_LINES:]


def summary(path: Path) -> tuple[str, int, int, dict[str, Any], dict[str, Any]] | None:
    """(game id, seats, moves, params, about) of a save for a menu line, read without replaying it; None
    when the file does not read as a save (Continue then says what is wrong). `about` has the players'
    "names" and, when the main file was written at the latest move (Save and quit writes it), "where"
    the game stands as the session kept it (Session.where)."""
    try:
        data = _read_json(path)
    except SaveError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
        return None
    game, seats, params = data.get("game"), data.get("seats"), data.get("params")
    if not _text(game, 40) or not _is_int(seats, 1, 99) or not isinstance(params, dict):
        return None
    moves = len(data["moves"])
    try:
        raw = read_limited(journal_path(path), MAX_SAVE_BYTES)
        moves += max(0, raw.count(b"\n") - 1)  # its lines after the header (an undo counts as one)
    except FileRefused:
        pass
    about: dict[str, Any] = {}
    players = data.get("players")
    if isinstance(players, list) and all(isinstance(p, dict) and _text(p.get("name"), 99) for p in players):
        about["names"] = [p["name"] for p in players]
    meta = data.get("meta")
    where = meta.get("where") if isinstance(meta, dict) else None
    if isinstance(where, dict) and where.get("at") == moves:  # not a position some moves ago
        about["where"] = where
    return game, seats, moves, params, about

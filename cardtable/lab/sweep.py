"""Sweeps: a grid of card and rule variants, each played over many seeded games, locally or on Dask.

    cardtable sweep risugeon --vary cards.A05.cost=2..5 --vary params.hand_size=4,5 --games 1500 \\
        --bots heuristic --players 2,3 --out runs/a05 [--jobs 4 | --scheduler tcp://HOST:8786] [--resume]

`plan_sweep` builds every configuration (the grid of `--vary` values times `--players`), each checked
as `cardtable validate` checks a set (and by the game at the configuration's parameters) before any game
is played, and names each by the hash of its full content (game, seats, parameters, card set data).
`run_sweep` cuts each configuration's seeds into blocks of a few seconds' games, hands them to local
processes or a Dask cluster (the same `sweep_worker.run_block` either way, so the same rows), and writes
one JSONL file per finished block under RUN_DIR/blocks/, atomically. RUN_DIR/manifest.json records the
plan, the code version and each card set's hash; `--resume` plays only the blocks not yet written and
refuses a plan or code that changed. Ctrl+C stops cleanly: every finished block stays.
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import itertools
import json
import math
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .sweep_worker import ROW_VERSION, Block, code_version, record_game, run_block

FORMAT = "cardtable-sweep/1"
MANIFEST = "manifest.json"
BLOCKS = "blocks"
BLOCK_SECONDS = 3.0  # what --block auto aims a block at: well past Dask's ~1 ms a task, short to lose
MAX_VALUES = 1000  # values one --vary may give (a range 1..100000 is a typo, not a sweep)


class SweepError(Exception):
    """Bad input for a sweep, or a run folder that does not match: one line (or a list) for the user."""


@dataclass(frozen=True)
class Vary:
    """One `--vary FIELD=VALUES`: `cards.CODE.FIELD` (a card's field) or `params.NAME` (a rule)."""

    field: str
    values: tuple[Any, ...]

    @property
    def kind(self) -> str:
        return self.field.split(".", 1)[0]


def parse_vary(text: str) -> Vary:
    """`cards.A05.cost=2..5` (whole numbers, both ends in) or `params.hand_size=4,5` (a list: numbers,
    true/false, or words); SweepError saying what is wrong."""
    name, sep, values = text.partition("=")
    name = name.strip()
    parts = name.split(".")
    if not sep or not values.strip():
        raise SweepError(
            f"--vary {text!r}: expected FIELD=VALUES, e.g. params.hand_size=4,5 or cards.A05.cost=2..5"
        )
    if not (parts[0] == "cards" and len(parts) == 3 or parts[0] == "params" and len(parts) == 2) or not all(
        parts
    ):
        raise SweepError(f"--vary {text!r}: the field is cards.CODE.FIELD or params.NAME, not {name!r}")
    found: list[Any]
    if ".." in values:
        low, _, high = values.partition("..")
        try:
            start, stop = int(low), int(high)
        except ValueError:
            raise SweepError(f"--vary {text!r}: a range is two whole numbers, LOW..HIGH") from None
        if stop < start or stop - start >= MAX_VALUES:
            raise SweepError(f"--vary {text!r}: a range runs up, with at most {MAX_VALUES} values")
        found = list(range(start, stop + 1))
    else:
        found = [_scalar(v.strip()) for v in values.split(",")]
        if any(v == "" for v in found):
            raise SweepError(f"--vary {text!r}: a value is empty")
        if len(found) > MAX_VALUES:
            raise SweepError(f"--vary {text!r}: at most {MAX_VALUES} values")
    if len(set(map(repr, found))) != len(found):
        raise SweepError(f"--vary {text!r}: a value is given twice")
    return Vary(name, tuple(found))


def _scalar(text: str) -> Any:
    """A command-line value as YAML would read it: a whole number, a number, true/false, else text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        if isinstance(value, float) and not math.isfinite(value):
            break
        return value
    return text


@dataclass(frozen=True)
class Config:
    """One configuration: the grid's values, seats, the resolved parameters and the card set's data."""

    hash: str
    values: dict[str, Any]  # --vary field -> value, in --vary order
    players: int
    params: dict[str, Any]  # resolved, without the card set's name
    bots: tuple[str, ...]  # one per seat
    cardset: dict[str, Any] | None  # {"name", "source", "hash", "data", "held"}

    def task_cardset(self) -> dict[str, Any] | None:
        """The card set a block carries to its worker: the data and the file it was read from, when
        the game takes its set from its `cardset` parameter (a game that has none plays its own)."""
        if self.cardset is None or not self.cardset["held"]:
            return None
        return {"data": self.cardset["data"], "source": self.cardset["source"]}


@dataclass
class Plan:
    """Everything a sweep will play, decided and checked before the first game."""

    game: str
    games: int
    seed: int
    block: int  # seeds per block; 0 = choose from a timed probe game (run_sweep)
    bots: tuple[str, ...]
    bot_budget: int | None
    rotate: bool
    players: tuple[int, ...]
    vary: tuple[Vary, ...]
    fixed: dict[str, str]  # --set
    configs: list[Config]
    code: str = field(default_factory=code_version)
    until_ci: float | None = None  # stop a configuration once every seat's 95% half-width is this small

    def manifest(self) -> dict[str, Any]:
        """What RUN_DIR/manifest.json records; --resume requires all of it unchanged."""
        return {
            "format": FORMAT,
            "code_version": self.code,
            "row_version": ROW_VERSION,
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "block": self.block,
            "bots": list(self.bots),
            "bot_budget": self.bot_budget,
            "rotate": self.rotate,
            "players": list(self.players),
            "grid": {v.field: list(v.values) for v in self.vary},
            "fixed": dict(sorted(self.fixed.items())),
            "until_ci": self.until_ci,
            "cardsets": {
                c.cardset["hash"]: {"name": c.cardset["name"], "source": c.cardset["source"]}
                for c in self.configs
                if c.cardset is not None
            },
            "configs": [
                {
                    "hash": c.hash,
                    "values": c.values,
                    "players": c.players,
                    "bots": list(c.bots),
                    "params": c.params,
                    "cardset": c.cardset["hash"] if c.cardset else None,
                }
                for c in self.configs
            ],
        }

    def blocks(self) -> list[Block]:
        """Every block, interleaved (block 0 of each configuration, then block 1...) so a sweep stopped
        early has covered every configuration alike."""
        assert self.block > 0
        count = math.ceil(self.games / self.block)
        out = []
        for index in range(count):
            first = self.seed + index * self.block
            seeds = min(self.block, self.seed + self.games - first)
            for config in self.configs:
                out.append(
                    Block(
                        self.code,
                        config.hash,
                        index,
                        self.game,
                        config.players,
                        config.params,
                        config.task_cardset(),
                        config.bots,
                        self.bot_budget,
                        self.rotate,
                        first,
                        seeds,
                    )
                )
        return out


def _canonical(value: Any) -> bytes:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError) as exc:  # a YAML value JSON has no form for
        raise SweepError(f"a configuration holds a value JSON cannot write: {exc}") from None


def _digest(value: Any) -> str:
    return hashlib.sha256(_canonical(value)).hexdigest()[:16]


def plan_sweep(
    game_id: str,
    vary: Sequence[Vary],
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    players: Sequence[int] = (2,),
    fixed: dict[str, str] | None = None,
    rotate: bool = False,
    bot_budget: int | None = None,
    block: int = 0,
    until_ci: float | None = None,
) -> Plan:
    """Every configuration of the grid, built and checked; SweepError listing every problem of every
    configuration (a card set's at file:line:col) before anything is played."""
    from ..bots import make_bot
    from ..cardsets import game_problems, load_named
    from ..cardsets.loader import data_problems, read_cardset
    from ..games import get_game
    from ..rules.game import ParamError

    game = get_game(game_id)
    fixed = dict(fixed or {})
    if games < 1 or block < 0:
        raise SweepError("--games must be at least 1 and --block at least 1")
    if until_ci is not None and not 0.0 < until_ci < 0.5:
        raise SweepError(
            f"--until-ci {until_ci}: a half-width of an interval on a rate, above 0 and below 0.5"
        )
    if bot_budget is not None and "budget" not in inspect.signature(make_bot).parameters:
        # a budget no bot takes would be dropped silently (record_game passes it where it is taken)
        raise SweepError("--bot-budget: no bot of this version takes a budget (the search bots do)")
    fields = [v.field for v in vary]
    if len(set(fields)) != len(fields):
        raise SweepError("--vary names the same field twice")
    names = {p.name for p in game.params}
    for v in vary:
        if v.kind == "params" and v.field.split(".")[1] not in names:
            raise SweepError(
                f"--vary {v.field}: {game_id} has no parameter {v.field.split('.')[1]!r} (see `cardtable params {game_id}`)"
            )
        if v.kind == "params" and v.field == "params.cardset":
            raise SweepError("--vary params.cardset: vary a card's fields (cards.CODE.FIELD) instead")
        if v.kind == "params" and v.field.split(".")[1] in fixed:
            raise SweepError(f"--vary {v.field} and --set {v.field.split('.')[1]}: give one of them")
    for seats in players:
        game.check_seats(seats)
        if len(bots) > seats:
            raise SweepError(f"--bots: {len(bots)} bots for {seats} players")
    for name in set(bots):
        make_bot(name, game_id, 0)  # an unknown bot name fails before any game is played

    base: tuple[Any, Any, Path, str] | None = None
    set_name = str(fixed.get("cardset", game.cardset_name))
    takes_set = any(p.name == "cardset" for p in game.params)
    if "cardset" in fixed and not takes_set:
        raise SweepError(
            f"--set cardset: {game_id} plays only its own card set (it has no cardset parameter)"
        )
    if any(v.kind == "cards" for v in vary) and not takes_set:
        raise SweepError(
            f"--vary cards.*: {game_id} plays only its own card set (it has no cardset parameter)"
        )
    if set_name:
        source = load_named(set_name).source  # a missing or broken set fails here, at its file
        assert source is not None
        data, root = read_cardset(source)
        base = (data, root, source, set_name)
    elif any(v.kind == "cards" for v in vary):
        raise SweepError(f"--vary cards.*: {game_id} plays no card set")

    configs: list[Config] = []
    problems: list[str] = []
    combos = list(itertools.product(*(v.values for v in vary))) if vary else [()]
    for combo in combos:
        values = dict(zip(fields, combo, strict=True))
        overrides: dict[str, Any] = {k: v for k, v in fixed.items() if k != "cardset"}
        overrides.update({f.split(".", 1)[1]: v for f, v in values.items() if f.startswith("params.")})
        label = ", ".join(f"{k}={v}" for k, v in values.items()) or "the configuration"
        try:
            resolved = game.resolve_params(overrides)
        except ParamError as exc:
            problems.append(f"{label}: {exc}")
            continue
        resolved.pop("cardset", None)
        cardset = None
        if base is not None:
            data, root, source, set_name = base
            data = copy.deepcopy(data)
            for name, value in values.items():
                if name.startswith("cards."):
                    _edit_card(data, name, value)
            found, built = data_problems(source, data, root)
            errors = [str(p) for p in found if not p.warning]
            if built is not None:
                errors += [
                    str(p)
                    for p in game_problems(
                        game, built, {**resolved, "cardset": set_name} if takes_set else resolved, root
                    )
                ]
            if errors:
                problems += [f"{label}: {e}" for e in errors]
                continue
            cardset = {
                "name": set_name,
                "source": str(source),
                "hash": _digest(data),
                "data": data,
                "held": takes_set,
            }
        for seats in players:
            seat_bots = tuple(list(bots) + [bots[-1]] * (seats - len(bots)))
            content = {
                "game": game_id,
                "players": seats,
                "bots": seat_bots,
                "params": resolved,
                "cardset": cardset["data"] if cardset else None,
            }
            configs.append(Config(_digest(content), values, seats, resolved, seat_bots, cardset))
    if problems:
        raise SweepError("\n".join(["configurations that cannot be played:", *problems]))
    return Plan(
        game_id,
        games,
        seed,
        block,
        tuple(bots),
        bot_budget,
        rotate,
        tuple(players),
        tuple(vary),
        fixed,
        configs,
        until_ci=until_ci,
    )


def _edit_card(data: dict[str, Any], name: str, value: Any) -> None:
    """Set `cards.CODE.FIELD` in a set's data; SweepError when the card or the field is not there."""
    from ..cardsets.suggest import did_you_mean

    _, code, key = name.split(".")
    cards = [c for c in data.get("cards", ()) if isinstance(c, dict)]
    card = next((c for c in cards if c.get("code") == code), None)
    if card is None:
        codes = [str(c.get("code")) for c in cards]
        raise SweepError(f"--vary {name}: no card {code!r} in the set{did_you_mean(code, codes)}")
    if key not in card and key != "count" or key == "code":  # count: 1 when a card does not say
        fields = [k for k in card if k != "code"]
        note = did_you_mean(key, fields) or f" (its fields: {', '.join(fields)})"
        raise SweepError(f"--vary {name}: card {code} has no field {key!r}{note}")
    if isinstance(card.get(key), (dict, list)):
        raise SweepError(f"--vary {name}: {key} of {code} is a list or mapping; vary a single value")
    card[key] = value


def probe_block(plan: Plan, seconds: float = BLOCK_SECONDS) -> int:
    """Seeds per block so a block takes about `seconds` here: one game played to warm up (the game's
    import, its first deal), a second one timed."""
    config = plan.configs[0]
    block = Block(
        plan.code,
        config.hash,
        -1,
        plan.game,
        config.players,
        config.params,
        None,
        config.bots,
        plan.bot_budget,
        False,
        plan.seed,
        1,
    )
    block = replace(block, cardset=config.task_cardset())
    from .sweep_worker import _configuration

    params = _configuration(block)
    record_game(plan.game, plan.seed, config.bots, config.players, params, None, plan.bot_budget)
    started = time.perf_counter()
    record_game(plan.game, plan.seed + 1, config.bots, config.players, params, None, plan.bot_budget)
    per_seed = (time.perf_counter() - started) * (config.players if plan.rotate else 1)
    return max(1, min(plan.games, 10_000, int(seconds / max(per_seed, 1e-4))))


# -------------------------------------------------------------------------------------------------
# The run folder


def block_path(out: Path, block: Block) -> Path:
    """Where a finished block's rows live: RUN_DIR/blocks/CONFIG/NNNNNN.jsonl."""
    return out / BLOCKS / block.config / f"{block.index:06d}.jsonl"


def read_rows(out: Path) -> list[dict[str, Any]]:
    """Every row of a run folder's finished blocks, in configuration, seed and rotation order."""
    rows = [row for file in sorted((out / BLOCKS).glob("*/*.jsonl")) for row in _block_rows(file)]
    return sorted(rows, key=lambda r: (r["config"], r["seed"], r["rotation"]))


def _prepare(plan: Plan, out: Path, resume: bool) -> None:
    """Check the run folder against the plan (--resume) or start it; write the manifest."""
    from ..persistence.files import atomic_write_bytes, clean_stale_temporaries

    file = out / MANIFEST
    wanted = plan.manifest()
    if file.exists():
        if not resume:
            raise SweepError(f"{out} holds a sweep already: add --resume to finish it, or give another --out")
        try:
            held = json.loads(file.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SweepError(f"{file}: not a readable sweep manifest ({exc})") from None
        _same_plan(file, held, wanted)
        for folder in (out / BLOCKS).glob("*"):
            clean_stale_temporaries(folder, older_than_s=0.0)  # blocks a stopped run was writing
        return
    if resume:
        raise SweepError(f"{out}: nothing to resume (no {MANIFEST}); run without --resume to start")
    if out.exists() and any(out.iterdir()):
        raise SweepError(f"{out} is not empty and holds no sweep: give an empty or new folder as --out")
    out.mkdir(parents=True, exist_ok=True)
    for config in plan.configs:  # each configuration's card set, as played, for a look or a replay
        if config.cardset is not None:
            path = out / "cardsets" / f"{config.cardset['hash']}.json"
            if not path.exists():
                atomic_write_bytes(path, _canonical(config.cardset["data"]), keep_backup=False)
    atomic_write_bytes(
        file, json.dumps(wanted, indent=1, ensure_ascii=False).encode("utf-8"), keep_backup=False
    )


def _same_plan(file: Path, held: dict[str, Any], wanted: dict[str, Any]) -> None:
    """SweepError naming what differs between a run folder's manifest and this sweep, if anything."""
    if held.get("code_version") != wanted["code_version"]:
        raise SweepError(
            f"{file}: the run was started with cardtable {held.get('code_version')}, this is "
            f"{wanted['code_version']}: its rows would mix two versions of the rules. Resume it with that "
            "version, or start a new --out"
        )
    changed = [key for key in wanted if key != "configs" and held.get(key) != wanted[key]]
    if not changed and held.get("configs") != wanted["configs"]:
        changed = ["configs (a card set's file changed since the run started)"]
    if changed:
        said = "; ".join(
            f"{key}: {json.dumps(held.get(key))} in the run, {json.dumps(wanted[key])} now"
            for key in changed
            if key in wanted and key != "configs"
        )
        raise SweepError(
            f"{file}: this sweep differs from the run it would resume ({', '.join(changed)}"
            + (f"; {said}" if said else "")
            + "): give the same options, or start a new --out"
        )


# -------------------------------------------------------------------------------------------------
# Running blocks: local processes or a Dask cluster, one interface


class _Inline:
    """--jobs 1: each block run in this process when it is waited for."""

    class Handle:
        def __init__(self, block: Block) -> None:
            self.block = block
            self.rows: list[dict[str, Any]] = []
            self.error: Exception | None = None

    def capacity(self) -> int:
        return 1

    def submit(self, block: Block) -> Any:
        return self.Handle(block)

    def wait_any(self, handles: Iterable[Any]) -> list[Any]:
        handle = next(iter(handles))
        try:
            handle.rows = run_block(handle.block)
        except Exception as exc:  # raised by result(), as a future would
            handle.error = exc
        return [handle]

    def result(self, handle: Any) -> list[dict[str, Any]]:
        if handle.error is not None:
            raise handle.error
        return handle.rows

    def close(self, cancel: bool) -> None:
        pass


def _ignore_interrupt() -> None:
    """A local worker ignores Ctrl+C: the terminal sends it to the whole group, and the sweep itself
    decides what stops (the workers end with it)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Processes:
    """--jobs K: a pool of K spawned processes (each keeps its worker cache for the whole sweep)."""

    def __init__(self, jobs: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.jobs = jobs
        self.pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("spawn"), _ignore_interrupt)

    def capacity(self) -> int:
        return self.jobs

    def submit(self, block: Block) -> Any:
        return self.pool.submit(run_block, block)

    def wait_any(self, handles: Iterable[Any]) -> list[Any]:
        from concurrent.futures import FIRST_COMPLETED, wait

        return list(wait(list(handles), return_when=FIRST_COMPLETED).done)

    def result(self, handle: Any) -> list[dict[str, Any]]:
        return handle.result()

    def close(self, cancel: bool) -> None:
        if cancel:
            # Ctrl+C or a dead worker: stop the running blocks now rather than wait seconds for each
            # (the pool has no public way; its processes are ours, spawned for this sweep)
            for process in list((getattr(self.pool, "_processes", None) or {}).values()):
                process.terminate()
        self.pool.shutdown(wait=not cancel, cancel_futures=cancel)


class _Dask:
    """--scheduler ADDRESS: blocks as tasks on a running Dask cluster. A block on a worker that dies is
    run again elsewhere by the scheduler; its result comes back once."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise SweepError(
                "--scheduler needs Dask: pip install 'cardtable[cluster]' (or run locally with --jobs)"
            ) from None
        try:
            self.client = Client(address, timeout="15s")
        except (OSError, TimeoutError) as exc:
            raise SweepError(f"--scheduler {address}: no Dask scheduler answers there ({exc})") from None
        try:
            self.client.wait_for_workers(1, timeout=60)
        except TimeoutError:
            self.client.close()
            raise SweepError(f"--scheduler {address}: no worker joined the scheduler within 60 s") from None
        from .sweep_dask import NANNY_PLUGIN_NAME, PLUGIN_NAME, QuietNanny, QuietWorker, quiet_scheduler

        self.client.register_plugin(QuietWorker(), name=PLUGIN_NAME)
        self.client.register_plugin(QuietNanny(), name=NANNY_PLUGIN_NAME)
        self.client.run_on_scheduler(quiet_scheduler)

    def capacity(self) -> int:
        workers = self.client.scheduler_info(n_workers=-1).get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))

    def submit(self, block: Block) -> Any:
        # pure=False: two blocks are never the same task, whatever their arguments
        return self.client.submit(run_block, block, pure=False)

    def wait_any(self, handles: Iterable[Any]) -> list[Any]:
        from distributed import wait

        return list(wait(list(handles), return_when="FIRST_COMPLETED").done)

    def result(self, handle: Any) -> list[dict[str, Any]]:
        return handle.result()

    def close(self, cancel: bool) -> None:
        from .sweep_dask import NANNY_PLUGIN_NAME, PLUGIN_NAME, wake_scheduler

        # the profiler and loop watches back on: the cluster may serve other work after this sweep
        for restore in (
            lambda: self.client.unregister_worker_plugin(PLUGIN_NAME),
            lambda: self.client.unregister_worker_plugin(NANNY_PLUGIN_NAME, nanny=True),
            lambda: self.client.run_on_scheduler(wake_scheduler),
        ):
            try:
                restore()
            except (OSError, ValueError, TimeoutError):
                pass  # a worker already gone or a scheduler stopped: nothing left to restore
        self.client.close()


class EarlyStop:
    """--until-ci: a configuration is decided at the first block k where the rows of its blocks 0..k
    give every seat's win rate a 95% (Wilson) interval no wider than ±target; its blocks after k are
    not played, or not kept. Only whole prefixes count, so the rows kept are the same whatever order
    the blocks finish in, and whatever runs them."""

    def __init__(self, target: float) -> None:
        self.target = target
        self.tallies: dict[tuple[str, int], tuple[int, list[float]]] = {}  # (config, block) -> games, wins
        self.decided: dict[str, int] = {}  # config -> its last block

    def add(self, block: Block, rows: list[dict[str, Any]]) -> bool:
        """Count a finished block's rows; True when this decides its configuration."""
        from ..simulate import wilson

        wins = [0.0] * block.players
        for row in rows:
            for seat in row["winners"]:  # seats from 1 in a row
                wins[seat - 1] += 1.0 / len(row["winners"])
        self.tallies[(block.config, block.index)] = (len(rows), wins)
        if block.config in self.decided:
            return False
        games, total = 0, [0.0] * block.players
        index = 0
        while (block.config, index) in self.tallies:
            more, won = self.tallies[(block.config, index)]
            games += more
            total = [a + b for a, b in zip(total, won, strict=True)]
            if all((high - low) / 2 <= self.target for low, high in (wilson(w, games) for w in total)):
                self.decided[block.config] = index
                return True
            index += 1
        return False

    def needless(self, block: Block) -> bool:
        """A block past its configuration's decision: not played, not kept."""
        last = self.decided.get(block.config)
        return last is not None and block.index > last


@dataclass
class Progress:
    """What a progress callback is told after each finished block."""

    blocks_done: int
    blocks: int
    games_done: int  # in this run (not the blocks found finished)
    games: int  # still to play when this run started
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games_done / self.seconds if self.seconds > 0 else 0.0

    @property
    def seconds_left(self) -> float | None:
        rate = self.games_per_s
        return (self.games - self.games_done) / rate if rate > 0 else None


@dataclass
class SweepResult:
    """How a run went."""

    out: Path
    blocks: int
    written: int  # blocks written by this run
    kept: int  # blocks found finished (--resume)
    games: int  # games played by this run
    seconds: float
    stopped: bool  # Ctrl+C: the blocks written so far are kept
    restarts: int = 0  # local worker pools started again after a worker died


def run_sweep(
    plan: Plan,
    out: Path,
    resume: bool = False,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[Progress], None] | None = None,
) -> SweepResult:
    """Play every block of `plan` not yet in `out` and write each as it finishes. Ctrl+C (or a
    KeyboardInterrupt from `progress`) stops: what was written stays and --resume goes on from it."""
    from ..persistence.files import atomic_write_bytes

    out = Path(out)
    if plan.block == 0:
        held = _held_block(out) if resume else None
        plan.block = held or probe_block(plan)
    _prepare(plan, out, resume)
    blocks = plan.blocks()
    todo = deque(b for b in blocks if not block_path(out, b).exists())
    early = EarlyStop(plan.until_ci) if plan.until_ci is not None else None
    if early is not None:  # what the blocks found finished decided already (--resume)
        for block in blocks:
            if block_path(out, block).exists():
                early.add(block, _block_rows(block_path(out, block)))
        _drop_needless(early, blocks, todo, out)
    kept = sum(block_path(out, b).exists() for b in blocks)
    planned = len(blocks) - (sum(early.needless(b) for b in blocks) if early is not None else 0)
    total_games = sum(b.games() for b in todo)
    pool: Any = _Dask(scheduler) if scheduler else _Processes(jobs) if jobs > 1 else _Inline()
    started = time.perf_counter()
    written = games = restarts = 0
    stopped = False
    running: dict[Any, Block] = {}
    order = {(b.config, b.index): n for n, b in enumerate(blocks)}
    try:
        while todo or running:
            block = None
            try:
                while todo and len(running) < 2 * pool.capacity():  # one queued behind each running
                    block = todo[0]
                    running[pool.submit(block)] = block
                    todo.popleft()
                for handle in pool.wait_any(running):
                    block = running[handle]
                    rows = pool.result(handle)
                    del running[handle]
                    if early is not None and early.needless(block):
                        continue  # its configuration was decided before it: not kept
                    body = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows)
                    atomic_write_bytes(block_path(out, block), body.encode("utf-8"), keep_backup=False)
                    written += 1
                    games += len(rows)
                    if early is not None and early.add(block, rows):
                        _drop_needless(early, blocks, todo, out)
                        for other, queued in list(running.items()):
                            if early.needless(queued):  # not waited for again: its rows would go
                                del running[other]
                                getattr(other, "cancel", lambda: None)()
                        total_games = games + sum(b.games() for b in (*todo, *running.values()))
                        planned = len(blocks) - sum(early.needless(b) for b in blocks)
                    if progress is not None:
                        elapsed = time.perf_counter() - started
                        progress(Progress(kept + written, planned, games, total_games, elapsed))
            except Exception as exc:
                if type(exc).__name__ != "BrokenProcessPool" or restarts >= 3 or block is None:
                    where = (
                        f"block {block.index} of configuration {block.config} (seeds {block.first_seed}.."
                        f"{block.first_seed + block.seeds - 1})"
                        if block is not None
                        else "the sweep"
                    )
                    raise SweepError(f"{where} failed: {type(exc).__name__}: {exc}") from exc
                # a local worker died (killed, out of memory): the pool is broken, so start it again
                # and play its blocks again; nothing of theirs was written, nothing is lost
                restarts += 1
                todo.extendleft(
                    sorted(running.values(), key=lambda b: order[(b.config, b.index)], reverse=True)
                )
                running.clear()
                pool.close(cancel=True)
                pool = _Processes(jobs)
    except KeyboardInterrupt:
        stopped = True
    finally:
        pool.close(cancel=True)
    # a block written by this run and then dropped by a decision (--until-ci) is not counted as kept
    written = sum(block_path(out, b).exists() for b in blocks) - kept
    return SweepResult(out, planned, written, kept, games, time.perf_counter() - started, stopped, restarts)


def _block_rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().decode("utf-8").splitlines() if line.strip()]


def _drop_needless(early: EarlyStop, blocks: list[Block], todo: deque[Block], out: Path) -> None:
    """Blocks past their configuration's decision: taken off the queue, their files removed (a block
    that finished before the blocks ahead of it had decided)."""
    for block in blocks:
        if early.needless(block):
            block_path(out, block).unlink(missing_ok=True)
    kept = [b for b in todo if not early.needless(b)]
    todo.clear()
    todo.extend(kept)


def _held_block(out: Path) -> int | None:
    """The block size a run folder's manifest recorded (so --resume cuts the seeds as before)."""
    try:
        block = json.loads((out / MANIFEST).read_bytes().decode("utf-8")).get("block")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError):
        return None
    return block if isinstance(block, int) and block > 0 else None

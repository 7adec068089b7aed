"""A game being played at the table: the engine, who sits where (human or which bot), the log,
autosave after every action, undo through the engine, and Continue. Pure Python: the UI drives it.

The log is public (everyone at a hotseat table can read it), so a hidden commitment is logged only as
"has chosen"; what was chosen appears when the engine reveals it.

Autosave appends each action to the save's journal (cardtable/persistence/saves.py) and rewrites the
whole save every COMPACT_EVERY actions, so saving costs the same at move 10 and move 10,000. The engine
keeps a snapshot every SNAPSHOT_EVERY actions, so undo replays only a few actions.

Bots: each bot's generator is seeded from the operating system's entropy, never from the game's seed
(a bot that knew how its seed was made could solve for the deal), and its state is saved with every
action, so after Continue the bots play exactly as they would have without the interruption.

A table asks its bots off the UI thread (`ask_bot` / `take_answer`, and cardtable/ui/thinking.py):
the worker gets the seat's view, sealed so that nothing in it leads back to the live state, and a
copy of the bot with its own generator. The session's bots stay as they were until the answer is
taken, so a save made while a bot thinks holds the generator from before the decision, and Continue
asks the same question again with the same generator. An answer for a position the game has left
(a move taken back, an edited card set, another game) is dropped with its copy of the bot.
"""

from __future__ import annotations

import copy
import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bots import Bot, bot_factories, make_bot
from .games import get_game
from .persistence.files import clean_stale_temporaries, keep_aside, user_folders
from .persistence.saves import (
    COMPACT_EVERY,
    MAX_LOG_CHARS,
    MAX_LOG_LINES,
    MAX_NAME_CHARS,
    SAID_KEPT,
    LoadedGame,
    Player,
    SaveError,
    SaveWriter,
    journal_path,
    move_texts,
    read_save,
    save_bytes,
)
from .rules.actions import Action
from .rules.cards import CardSet
from .rules.engine import Engine
from .rules.events import Announced, Committed, Event, GameEnded, Revealed, Scored
from .rules.narration import Chronicle, entry_json, headline, narration_for, replay_chronicle
from .rules.rng import RNG_VERSION, Rng
from .rules.view import FrozenData, PlayerView

log = logging.getLogger("cardtable.session")
AUTOSAVE = "autosave.json"
SNAPSHOT_EVERY = 64


@dataclass
class SeatConfig:
    """Who plays a seat."""

    name: str
    human: bool = True
    bot: str = "heuristic"


@dataclass(frozen=True)
class BotTurn:
    """One question to a bot, to be answered in a worker thread: the seat, the session's count of
    changes when it was asked (a later count means the answer is stale), the seat's view sealed from
    the live state, and the copy of the bot that answers (its generator its own)."""

    seat: int
    change: int
    view: PlayerView
    bot: Bot

    def think(self) -> Action:
        """The bot's choice (runs in the worker: reads only this turn's view and bot, never pygame)."""
        return self.bot.choose(self.view)


# The strong level at the table (Setup: Bot, Strong) is the search bot at a budget of engine actions
# that decides within a second on one core (bench/frame_time.py's `thinking` case times it at the
# table), with a cap of a second of the thinking thread's CPU time on top (CPU time, so that a busy
# machine does not cut it short). The budget, not the cap, is meant to end every search: a search
# ended by the cap has looked at less on a slower machine, so its move,
# and its generator after it, depend on the machine, and a game continued from a save may then go
# otherwise than it would have gone. With the budget deciding, Continue replays the bot exactly.
STRONG_BOT = "search"
STRONG_BUDGET = 1000
STRONG_TIME_CAP_S = 1.0


def table_bot(name: str, game_id: str, seed: int) -> Bot:
    """A table seat's bot by name; the search bot at the table's budget and cap (STRONG_BUDGET)."""
    factories = bot_factories(game_id)
    if name == STRONG_BOT and name in factories:
        strong: Any = factories[name]  # the search bot's class, which takes a budget and a cap
        return strong(Rng(seed), budget=STRONG_BUDGET, time_cap_s=STRONG_TIME_CAP_S)
    return make_bot(name, game_id, seed)


def autosave_path() -> Path:
    """Where the running game is saved after every action (Continue reads it)."""
    return user_folders().saves / AUTOSAVE


def bot_seed() -> int:
    """A bot's seed: 64 bits of the operating system's entropy, unrelated to any game's seed."""
    return secrets.randbits(64)


class Session:
    """One game at the table."""

    def __init__(
        self,
        engine: Engine,
        seats: list[SeatConfig],
        autosave: bool = True,
        bot_rngs: dict[int, int] | None = None,
        moves: list[str] | None = None,
        path: Path | None = None,
    ) -> None:
        if len(seats) != engine.state.seats:
            raise ValueError("one seat configuration per seat")
        self.engine = engine
        self.seats = [SeatConfig(s.name[:MAX_NAME_CHARS], s.human, s.bot) for s in seats]
        self.autosave = autosave
        self.bots: dict[int, Bot] = {}
        for i, s in enumerate(self.seats):
            if not s.human:
                bot = table_bot(s.bot, engine.game.id, bot_seed())
                if bot_rngs and i in bot_rngs:
                    bot.rng.state = bot_rngs[i]  # resumed: the bot's own generator, as saved
                self.bots[i] = bot
        self.log: list[str] = []
        # What happened, move by move, in each seat's words (the table's log and summaries).
        self.chronicle = Chronicle(narration_for(type(engine.game).__module__), engine.state.seats)
        # `P1: notation` per action, kept so autosave need not replay the game to write them
        self.moves: list[str] | None = moves
        self.save_error: str | None = None
        self.path = path
        self._writer: SaveWriter | None = None
        self._log_saved = 0  # log lines already in the save
        self.changes = 0  # moves, undos and card set swaps so far: a bot's answer is for one count
        engine.keep_snapshots(SNAPSHOT_EVERY)

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatConfig],
        seed: int,
        params: dict[str, Any] | None = None,
        autosave: bool = True,
    ) -> Session:
        """Deal a new game."""
        engine = Engine.new(get_game(game_id), len(seats), seed, params)
        session = cls(engine, seats, autosave, moves=[])
        return session

    @classmethod
    def resume(cls, path: Path | None = None, journal: bool = True) -> Session:
        """Continue a saved game exactly (SaveError when the save is damaged; its files are kept)."""
        path = path or autosave_path()
        clean_stale_temporaries(path.parent)
        loaded = read_save(path, journal)
        return cls.from_loaded(loaded, path)

    @classmethod
    def from_loaded(cls, loaded: LoadedGame, path: Path) -> Session:
        """A session around a save already read; it goes on saving to `path`."""
        if loaded.players is None:
            raise SaveError(f"{path}: the save does not say who sits where")
        seats = [SeatConfig(p.name, p.human, p.bot) for p in loaded.players]
        session = cls(loaded.engine, seats, bot_rngs=loaded.bot_rngs, moves=list(loaded.moves), path=path)
        session.log = list(loaded.log)
        session._log_saved = len(session.log)
        # The log's latest moves come from the save; the moves before them are narrated (by replaying
        # them from the seed) only when something reads that far back: Continue costs the same at move
        # 1,000 and 10,000.
        chronicle, engine = session.chronicle, session.engine
        cardset = engine.state.cardset
        chronicle.restore(loaded.said, len(engine.state.history), len(cardset.physical()) if cardset else 0)
        chronicle.rebuild = lambda moves: replay_chronicle(engine, chronicle.module, moves).entries
        if loaded.checksum:  # a save of the current format: append to its journal
            session._writer = SaveWriter(path)
            session._writer.resume(loaded)
        return session

    @classmethod
    def resume_previous(cls, path: Path | None = None) -> Session:
        """Continue from what a damaged save falls back on (the save with every journal line before the
        damage, or the `.bak`). The damaged files are kept beside it as `*.damaged`, and the game is
        saved whole again."""
        path = path or autosave_path()
        try:
            read_save(path)
        except SaveError as exc:
            fallback = exc.fallback
        else:
            return cls.resume(path)
        if fallback is None:
            raise SaveError(f"{path}: there is no previous save to continue from")
        source, with_journal = fallback
        loaded = read_save(source, with_journal, up_to_damage=True)
        for damaged in (journal_path(path),) if source == path else (path, journal_path(path)):
            if damaged.exists():
                keep_aside(damaged)
        session = cls.from_loaded(loaded, path)
        session._writer = None  # write the whole game again before appending anything
        session._autosave()
        return session

    # -- questions ---------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def name(self, seat: int) -> str:
        """A seat's display name."""
        return self.seats[seat].name

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays this seat."""
        return seat in self.bots

    def bot_rngs(self) -> dict[int, int]:
        """Every bot's generator state now."""
        return {seat: bot.rng.state for seat, bot in self.bots.items()}

    @property
    def game_id(self) -> str:
        """The game's id (the table and results read this, never the state)."""
        return self.engine.game.id

    @property
    def seed(self) -> int:
        """The seed the game was dealt from (shown on the results; a rematch takes the next one)."""
        return self.engine.state.seed

    @property
    def move_count(self) -> int:
        """How many actions have been applied so far."""
        return len(self.engine.state.history)

    # -- changes -----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply through the engine (IllegalAction passes through), log it, autosave."""
        text = self.engine.describe(action)
        words = self.engine.game.narrate(self.engine.state, action)
        if self.moves is None or len(self.moves) != len(self.engine.state.history):
            self.moves = move_texts(self.engine)
        events = self.engine.apply(action)
        self.changes += 1
        entry = self.chronicle.record(action, events, self.engine, len(self.engine.state.history) - 1)
        self.moves.append(f"P{action.seat + 1}: {text}")
        self._log(action, f"{words} [{text}]" if words != text else text, events)
        change: dict[str, Any] = {"move": self.moves[-1]}
        if self.autosave:
            said = entry_json(entry)  # the move's phrases, so Continue need not narrate the game again
            if said is not None:
                change["said"] = said
        self._autosave(change)
        if self.engine.is_over():
            self._retire_finished()
            self._keep_playtest()
        return events

    def _keep_playtest(self) -> None:
        """A game finished at the table is kept for the balance report (`cardtable report --from-saves`)
        unless Settings turned it off. Only a table's game (one that autosaves) counts; a failure to
        write it is logged and the game goes on."""
        if not self.autosave:
            return
        from .persistence.settings import load_settings

        if not load_settings().record_playtests:
            return
        from .lab.playtests import HUMAN, keep_playtest

        try:
            keep_playtest(self.engine, [HUMAN if s.human else s.bot for s in self.seats])
        except Exception as exc:  # a record is a bonus: never cost the players their finished game
            log.warning("could not keep the finished game as a playtest: %s", exc)

    def _retire_finished(self) -> None:
        """A finished game is no game to Continue: its autosave (and journal) are renamed
        `*.finished`, kept for a look but no longer offered by the menu."""
        if not self.autosave or (self.path is not None and self.path != autosave_path()):
            return
        if self._writer is not None:
            self._writer.close()
        path = autosave_path()
        for done in (path, journal_path(path)):
            try:
                if done.exists():
                    done.replace(done.with_name(done.name + ".finished"))
            except OSError as exc:  # the game itself is unharmed; the menu would offer it again
                log.warning("could not retire the finished save %s: %s", done, exc)

    def bot_action(self, seat: int) -> Action:
        """The bot's choice for its seat, from that seat's view only."""
        return self.bots[seat].choose(self.engine.view(seat))

    def ask_bot(self, seat: int) -> BotTurn:
        """The question for `seat`'s bot, to be answered off the UI thread (module docstring): its view
        sealed (every value frozen now, so no later change of the state shows through and the worker
        reads nothing of the engine's), and a copy of the bot with a generator of its own."""
        view = self.engine.view(seat)
        if isinstance(view.data, FrozenData):
            view.data.seal()
        bot = copy.copy(self.bots[seat])
        bot.rng = Rng(0)
        bot.rng.state = self.bots[seat].rng.state
        return BotTurn(seat, self.changes, view, bot)

    def is_current(self, turn: BotTurn) -> bool:
        """Whether the game still stands where `turn` was asked (its answer may be played)."""
        return (
            turn.change == self.changes
            and not self.engine.is_over()
            and turn.seat in self.engine.deciding_seats()
            and self.bots.get(turn.seat) is not None
        )

    def take_answer(self, turn: BotTurn) -> bool:
        """The answering copy becomes the seat's bot (its generator as advanced by the decision), if
        the answer is still current; the caller then plays the move through `apply`. False: stale."""
        if not self.is_current(turn):
            return False
        self.bots[turn.seat] = turn.bot
        return True

    def last_action(self) -> Action | None:
        """The most recent action of the game (None before the first)."""
        history = self.engine.state.history
        return history[-1] if history else None

    def undo(self, seat: int) -> Action | None:
        """Take back `seat`'s last action if the engine allows it."""
        if not self.engine.can_undo(seat):
            return None
        taken = self.engine.undo(seat)
        self.changes += 1
        self.chronicle.undo()
        if self.moves:
            self.moves.pop()
        self.log.append(f"{self.name(seat)} took back a move")
        self._autosave({"undo": seat})
        return taken

    def replayed_events(self) -> Iterator[list[Event]]:
        """Each move's events so far, as everyone saw them (redacted for the spectator), by replaying
        the game from its seed on an engine of its own: for a table opened on a game under way
        (Continue), which saw none of the moves before. Costs a replay of the whole game."""
        engine = self.engine
        state = engine.state
        again = Engine.new(engine.game, state.seats, state.seed, state.params, state.cardset, engine.arrange)
        for action in state.history:
            yield [event.redact(None) for event in again.apply(action)]

    def _log(self, action: Action, text: str, events: list[Event]) -> None:
        who = self.name(action.seat)
        if any(isinstance(e, Committed) for e in events):
            self.log.append(f"{who}: chose in secret")
        else:
            self.log.append(f"{who}: {text}")
        for event in events:
            if isinstance(event, Announced) and event.what not in ("leady",):
                subject = self.name(event.seat) if event.seat is not None else "Table"
                self.log.append(f"{subject}: {event.what.replace('_', ' ')}")
            elif isinstance(event, Revealed) and event.why == "leady":
                self.log.append(f"{self.name(event.seat)} shows {self._codes(event.cards)}")
            elif isinstance(event, Scored):
                self.log.append(f"{self.name(event.seat)}: {event.delta:+d} -> {event.total}")
            elif isinstance(event, GameEnded):
                names = ", ".join(self.name(s) for s in event.winners) or "nobody"
                self.log.append(f"Game over: {names} won")

    def _codes(self, cards: tuple[int, ...]) -> str:
        from .rules.notation import codes_text

        assert self.engine.state.cardset is not None
        return " ".join(codes_text(self.engine.state.cardset, cards))

    # -- a designer's edit of the card set (cardtable/ui/scenes/table/reload.py) --------------
    def params(self) -> dict[str, Any]:
        """The game's parameters (a copy)."""
        return dict(self.engine.state.params)

    def swap_cardset(self, cardset: CardSet) -> None:
        """Go on with an edited card set (Engine.swap_cardset); a bot's answer asked before is stale."""
        self.engine.swap_cardset(cardset)
        self.changes += 1

    def edit_changes_decisions(self, cardset: CardSet) -> tuple[list[int], list[str]]:
        """The deciding seats whose choices would differ if the game went on with `cardset` now (a
        rule-relevant field edited mid-turn), and the game's own checks that the edit breaks."""
        engine, game = self.engine, self.engine.game
        trial = engine.state.copy()
        trial.cardset = cardset
        seats = [
            seat
            for seat in engine.deciding_seats()
            if [game.describe(engine.state, a) for a in engine.legal_actions(seat)]
            != [game.describe(trial, a) for a in game.legal_actions(trial, seat)]
        ]
        return seats, game.check(trial)

    def keep_as(self, path: Path, dealt_from: Path | None = None) -> None:
        """Save the game to `path` before it is left for a new one; `dealt_from`: the copy of the card
        set it was dealt from (the set's file has been edited since), which the kept save names."""
        if dealt_from is not None:
            self.engine.state.params["cardset"] = str(dealt_from)
        self.save(path)

    # -- saving ------------------------------------------------------------------------------
    def save_document(self, replaces: str | None = None) -> tuple[bytes, str]:
        """The whole save as one checksummed document (seats, bots and their generators, moves, log), as
        (bytes, checksum); `replaces` names the main file it replaces (see saves.save_bytes)."""
        if self.moves is None or len(self.moves) != len(self.engine.state.history):
            self.moves = move_texts(self.engine)
        players = [Player(s.name, s.human, s.bot) for s in self.seats]
        return save_bytes(
            self.engine,
            players,
            self.bot_rngs(),
            self.moves,
            self.log[-MAX_LOG_LINES:],
            meta={"where": self.where()},
            replaces=replaces,
            said=self.chronicle.to_json(SAID_KEPT),
        )

    def where(self) -> dict[str, Any]:
        """Where the game stands, for the menu's Continue ("Round 7 · Aki to play") without replaying:
        after how many moves, the game's headline (a phrase of plain values) and whose move it is."""
        view = self.engine.view(None)
        said = headline(self.chronicle.module, view)
        seat = view.active if view.active is not None else (view.deciding[0] if view.deciding else None)
        return {
            "at": len(self.engine.state.history),
            "headline": {"key": said.key, "values": dict(said.values)} if said is not None else None,
            "seat": seat,
        }

    def save(self, path: Path | None = None) -> None:
        """Save the whole game (atomic; the previous save is kept as .bak) and empty its journal."""
        target = path or self.path or autosave_path()
        writer = (
            self._writer if self._writer is not None and self._writer.path == target else SaveWriter(target)
        )
        writer.write_full(self.save_document(replaces=writer.checksum))
        self._log_saved = len(self.log)
        if target == (self.path or autosave_path()):
            self._writer = writer

    def close(self) -> None:
        """Close the save's journal (the game is left)."""
        if self._writer is not None:
            self._writer.close()

    def _autosave(self, change: dict[str, Any] | None = None) -> None:
        """Save after a change: one journal line ({"move": text} or {"undo": seat}), or the whole game
        when there is no journal yet, it is COMPACT_EVERY lines long, or `change` is None."""
        if not self.autosave:
            return
        try:
            writer = self._writer
            if change is None or writer is None or writer.checksum is None or writer.lines >= COMPACT_EVERY:
                if writer is None:
                    clean_stale_temporaries((self.path or autosave_path()).parent)
                self.save()
            else:
                # `n` is the number of actions before the change: the loader checks it, so a line
                # applied out of order is damage, never a different game.
                after = len(self.engine.state.history)
                record = {
                    "n": after - 1 if "move" in change else after + 1,
                    **change,
                    "bots": {
                        str(seat): {"version": RNG_VERSION, "state": state}
                        for seat, state in sorted(self.bot_rngs().items())
                    },
                    "log": [line[:MAX_LOG_CHARS] for line in self.log[self._log_saved :]][-MAX_LOG_LINES:],
                }
                writer.append(record)
                self._log_saved = len(self.log)
            self.save_error = None
        except OSError as exc:  # a full disk must not end the game: say so and carry on
            self.save_error = f"autosave failed: {exc}"
            log.warning(self.save_error)
            self._writer = None  # the journal may be torn: the next save writes the whole game

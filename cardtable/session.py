"""A game being played at the table: the engine, who sits where (human or which bot), the log,
autosave after every action, undo through the engine, and Continue. Pure Python: the UI drives it.

The log is public (everyone at a hotseat table can read it), so a hidden commitment is logged only as
"has chosen"; what was chosen appears when the engine reveals it.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .bots import Bot, make_bot
from .games import get_game
from .persistence.files import user_folders
from .persistence.saves import SaveError, load_game, save_game
from .rules.actions import Action
from .rules.engine import Engine
from .rules.events import Announced, Committed, Event, GameEnded, Revealed, Scored

log = logging.getLogger("cardtable.session")
AUTOSAVE = "autosave.json"


@dataclass
class SeatConfig:
    """Who plays a seat."""

    name: str
    human: bool = True
    bot: str = "heuristic"


def autosave_path() -> Path:
    """Where the running game is saved after every action (Continue reads it)."""
    return user_folders().saves / AUTOSAVE


class Session:
    """One game at the table."""

    def __init__(self, engine: Engine, seats: list[SeatConfig], autosave: bool = True) -> None:
        if len(seats) != engine.state.seats:
            raise ValueError("one seat configuration per seat")
        self.engine = engine
        self.seats = seats
        self.autosave = autosave
        self.bots: dict[int, Bot] = {
            i: make_bot(s.bot, engine.game.id, engine.state.seed * 31 + i)
            for i, s in enumerate(seats)
            if not s.human
        }
        self.log: list[str] = []
        self.moves: list[str] | None = None  # `P1: notation` per action, kept so autosave need not replay
        self.save_error: str | None = None

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
        return cls(engine, seats, autosave)

    @classmethod
    def resume(cls, path: Path | None = None) -> Session:
        """Continue the autosaved game exactly (SaveError when the save is damaged; the file is kept)."""
        engine, meta = load_game(path or autosave_path())
        raw = meta.get("seats")
        if not isinstance(raw, list) or len(raw) != engine.state.seats:
            raise SaveError("the save does not say who sits where")
        seats = [SeatConfig(**{k: v for k, v in s.items() if k in ("name", "human", "bot")}) for s in raw]
        session = cls(engine, seats)
        session.log = [str(x) for x in meta.get("log", [])][-500:]
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

    # -- changes -----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply through the engine (IllegalAction passes through), log it, autosave."""
        text = self.engine.describe(action)
        words = self.engine.game.narrate(self.engine.state, action)
        if self.moves is None:
            from .persistence.saves import move_texts

            self.moves = move_texts(self.engine)
        events = self.engine.apply(action)
        self.moves.append(f"P{action.seat + 1}: {text}")
        self._log(action, f"{words} [{text}]" if words != text else text, events)
        self._autosave()
        return events

    def bot_action(self, seat: int) -> Action:
        """The bot's choice for its seat, from that seat's view only."""
        return self.bots[seat].choose(self.engine.view(seat))

    def undo(self, seat: int) -> Action | None:
        """Take back `seat`'s last action if the engine allows it."""
        if not self.engine.can_undo(seat):
            return None
        taken = self.engine.undo(seat)
        if self.moves:
            self.moves.pop()
        self.log.append(f"{self.name(seat)} took back a move")
        self._autosave()
        return taken

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

    def save(self, path: Path | None = None) -> None:
        """Save the game with its seats and log (atomic; the previous save is kept as .bak)."""
        meta = {"seats": [asdict(s) for s in self.seats], "log": self.log[-500:]}
        save_game(path or autosave_path(), self.engine, meta, self.moves)

    def _autosave(self) -> None:
        if not self.autosave:
            return
        try:
            self.save()
            self.save_error = None
        except OSError as exc:  # a full disk must not end the game: say so and carry on
            self.save_error = f"autosave failed: {exc}"
            log.warning(self.save_error)

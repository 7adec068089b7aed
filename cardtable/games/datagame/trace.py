"""A designer's trace of one data game: every turn, step and move as it resolves, with what each move
did (cards moved, shown, shuffled, a refill, the end and its reason). It is the designer's view of a
whole table, hidden cards named: a tool for checking rules, never a player's view.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.rules.engine import Engine
from cardtable.rules.events import CardsMoved, Event, GameEnded, Revealed, Shuffled
from cardtable.rules.rng import Rng

from .rules import DataGame


def trace(game: DataGame, seats: int, seed: int, say: Callable[[str], None], language: str = "en") -> Engine:
    """Play one game with random moves (seeded), saying each step and move with its effects; the engine."""
    engine = Engine.new(game, seats, seed)
    state = engine.state
    rng = Rng(seed)
    say(f"{game.title}: {seats} players, seed {seed}")
    where = None
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        here = (state.data["turns"], state.phase)
        if here != where:
            say(f"turn {state.data['turns'] + 1}, Player {seat + 1}, step {state.phase}")
            where = here
        legal = engine.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        label = game.label(state, action, language)
        say(f"  P{seat + 1} {label}   ({len(legal)} legal)")
        for event in engine.apply(action):
            line = _effect(game, engine, event)
            if line:
                say(f"    {line}")
    say(
        f"end: {state.data.get('end_reason', 'end')}; scores {state.scores}; winners "
        + ", ".join(f"P{s + 1}" for s in state.winners)
    )
    return engine


def _effect(game: DataGame, engine: Engine, event: Event) -> str:
    state = engine.state
    assert state.cardset is not None
    physical = state.cardset.physical()

    def codes(cards: tuple[int, ...]) -> str:
        return " ".join(physical[c].code for c in cards)

    if isinstance(event, CardsMoved):
        return f"{event.why}: {codes(event.cards)} {event.src} -> {event.dst}"
    if isinstance(event, Revealed):
        return f"shown to all: {codes(event.cards)} on {event.zone}"
    if isinstance(event, Shuffled):
        return f"shuffled {event.zone} ({event.count} cards)"
    if isinstance(event, GameEnded):
        return "the game ends"
    return ""

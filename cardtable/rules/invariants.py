"""Invariants every game state must satisfy, checked after every action in tests and `simulate --check`.

Card conservation (each physical card in exactly one zone), only deciding seats have actions and
every deciding seat has one, action texts unique and parsing back, the length bound, scores in
bounds, sane zone owners and pending decisions, plus each game's own checks.
"""

from __future__ import annotations

from .actions import NotationError
from .engine import Engine


def check_invariants(engine: Engine) -> list[str]:
    """Every violated invariant of the engine's current state, as sentences (empty = all good)."""
    game, state = engine.game, engine.state
    problems: list[str] = []
    seen: dict[int, str] = {}
    for name, zone in state.zones.items():
        if zone.owner is not None and not 0 <= zone.owner < state.seats:
            problems.append(f"zone {name} has owner {zone.owner}, not a seat")
        for card in zone.cards:
            if card in seen:
                problems.append(f"card {card} is in both {seen[card]} and {name}")
            seen[card] = name
    total = game.card_count(state)
    if sorted(seen) != list(range(total)):
        missing = sorted(set(range(total)) - set(seen))
        problems.append(
            f"card conservation broken: {len(seen)} cards in zones, expected {total}; missing {missing[:10]}"
        )
    deciding = set(state.deciding_seats())
    for seat in range(state.seats):
        legal = engine.legal_actions(seat)
        if seat in deciding and not legal:
            problems.append(f"seat {seat} must decide but has no legal action (phase {state.phase})")
        if seat not in deciding and legal:
            problems.append(f"seat {seat} has actions but is not deciding")
        texts = [engine.describe(a) for a in legal]
        if len(set(texts)) != len(texts):
            problems.append(f"seat {seat} has two actions with the same text: {sorted(texts)}")
        for action, text in zip(legal, texts, strict=True):
            try:
                back = engine.parse(seat, text)
            except NotationError as exc:
                problems.append(f"action text {text!r} does not parse: {exc}")
                continue
            if back != action:
                problems.append(f"action text {text!r} parses to {back}, not {action}")
    if state.pending is not None:
        for seat in state.pending.seats:
            if not 0 <= seat < state.seats:
                problems.append(f"pending names seat {seat}")
            if seat in state.pending.commits:
                problems.append(f"seat {seat} already committed but is still pending")
    if len(state.history) > engine.max_actions:
        problems.append(f"history of {len(state.history)} actions exceeds the bound {engine.max_actions}")
    low, high = game.score_bounds(state)
    for seat, score in enumerate(state.scores):
        if not low <= score <= high:
            problems.append(f"seat {seat} score {score} outside [{low}, {high}]")
    if state.over and deciding:
        problems.append("the game is over but seats are still deciding")
    problems.extend(game.check(state))
    return problems

"""One bot game played and described for the balance report and the sweep: the one way to do it.

`record_game` plays a seeded game with the given bots and returns one JSON-ready row: who sat where,
who won with what score, how long it took (turns, actions), how it ended (an end condition of the
rules by name, or "cap": a cap of ours or the action bound was hit, or "no_move": a seat had to decide
and had no legal move; both are rules holes a designer should replay from the seed), what each seat
did with each card it could choose, the evaluation and score of each seat at the end of every turn,
and the game's Ludii-style figures (lead changes, drama, decisiveness, real decisions). The report
(report.py) and the sweep aggregate rows; nothing else plays a game for them.

What is game-specific comes from the game's own hooks (cardtable.rules.game.Game): `card_choice` (which
move takes or plays which card code), `turn_number`, `ending` and `cap_endings`, and `evaluate` (each
seat's chance of winning in [0, 1]) where the game has one. Without `evaluate` the row falls back to
each seat's share of the scores (said in the row's `evaluation` key).

Same seed, bots and parameters: the same row (no clock in it), so a sweep can be resumed and checked.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..games import get_game
from ..rules.actions import Action
from ..rules.cards import CardSet
from ..rules.engine import Engine
from ..rules.game import Game
from ..rules.state import GameState
from ..simulate import bot_seed

# The version of the row's shape: a reader refuses rows of a version it does not know.
ROW_VERSION = 1

DECISIVE = 0.8  # the winner's evaluation above which the game counts as decided (CardStock's threshold)
CAP = "cap"
NO_MOVE = "no_move"


def seat_bots(bots: Sequence[str], players: int, index: int = 0, rotate: bool = False) -> list[str]:
    """The bot of each seat in game number `index`: the names given, the last repeated for the seats
    left; with `rotate` shifted one seat a game, so over `players` games each bot sits in every seat
    (paired games: seat advantage cancels)."""
    names = list(bots) or ["random"]
    names += [names[-1]] * (players - len(names))
    names = names[:players]
    if rotate:
        shift = index % players
        names = names[-shift:] + names[:-shift] if shift else names
    return names


def make_agents(game_id: str, names: Sequence[str], seed: int, bot_budget: int | None = None) -> list[Bot]:
    """The bots of one game, seeded from its seed and seat as `simulate` seeds them. A budget goes to
    the bots that take one (a search bot's `budget`)."""
    agents = []
    takes_budget = "budget" in inspect.signature(make_bot).parameters
    for seat, name in enumerate(names):
        if bot_budget is not None and takes_budget:
            agents.append(make_bot(name, game_id, bot_seed(seed, seat), budget=bot_budget))  # type: ignore[call-arg]
        else:
            agents.append(make_bot(name, game_id, bot_seed(seed, seat)))
    return agents


def evaluator(game: Game) -> tuple[str, Callable[[GameState], list[float]]]:
    """The game's own evaluation ("game") if it has one, else the share of scores ("scores"). Every
    game inherits Game.evaluate (the search bot's default, read from the scores); only an override
    is the game's own."""
    if type(game).evaluate is not Game.evaluate:
        return "game", game.evaluate
    return "scores", score_share


def score_share(state: GameState) -> list[float]:
    """Each seat's share of the scores above the lowest (equal scores: an equal share): a rough
    chance of winning where the game gives none. At the end the winners share 1."""
    seats = state.seats
    if state.over:
        if not state.winners:
            return [1.0 / seats] * seats
        return [1.0 / len(state.winners) if s in state.winners else 0.0 for s in range(seats)]
    low = min(state.scores)
    above = [s - low for s in state.scores]
    total = sum(above)
    if total <= 0:
        return [1.0 / seats] * seats
    return [a / total for a in above]


def _evaluate(evaluate: Callable[[GameState], list[float]], state: GameState) -> list[float]:
    values = [float(v) for v in evaluate(state)]
    if len(values) != state.seats or any(not 0.0 <= v <= 1.0 or math.isnan(v) for v in values):
        raise ValueError(f"{state.game}: evaluate gave {values}, not one value in [0, 1] per seat")
    return values


def record_game(
    game_id: str,
    seed: int,
    bots: Sequence[str],
    players: int,
    params: dict[str, Any] | None = None,
    cardset: CardSet | None = None,
    bot_budget: int | None = None,
) -> dict[str, Any]:
    """Play one game and describe it (the module docstring): a JSON-ready row of ROW_VERSION. Seats
    are numbered from 1 in the row, as players say them."""
    names = seat_bots(bots, players)
    engine = Engine.new(get_game(game_id), players, seed, params, cardset)
    agents = make_agents(game_id, names, seed, bot_budget)
    return describe(engine, names, lambda seat: agents[seat].choose(engine.view(seat)))


def record_replay(
    game_id: str,
    seed: int,
    players: int,
    params: dict[str, Any] | None,
    actions: Sequence[Action],
    seats: Sequence[str],
    cardset: CardSet | None = None,
) -> dict[str, Any]:
    """The row of a game already played (a playtest at the table): its actions replayed from its seed;
    `seats` says who sat where ("human" or a bot's name)."""
    engine = Engine.new(get_game(game_id), players, seed, params, cardset)
    moves = iter(actions)
    return describe(engine, list(seats), lambda seat: next(moves))


def describe(engine: Engine, names: list[str], choose: Callable[[int], Action]) -> dict[str, Any]:
    """Play `engine`'s game to its end, each decision's action from `choose(seat)`, and describe it."""
    game = engine.game
    state = engine.state
    players = state.seats
    how, evaluate = evaluator(game)
    cards: list[dict[str, dict[str, int]]] = [{} for _ in range(players)]
    decisions = real = 0
    evals = [_evaluate(evaluate, state)]  # after the deal and after every action
    curve: list[dict[str, Any]] = []
    turn = _turn(game, state, None, 0)
    last_active = state.active
    ending = ""
    while not state.over:
        if len(state.history) >= engine.max_actions:
            ending = CAP
            break
        deciding = state.deciding_seats()
        if not all(engine.legal_actions(seat) for seat in deciding):  # a seat to decide, no move
            ending = NO_MOVE
            break
        try:
            # the first deciding seat, as `simulate` asks; a replay's action says its own seat
            action = choose(deciding[0])
        except StopIteration:  # a replay whose actions ran out before the end
            ending = "unfinished"
            break
        seat = action.seat
        legal = engine.legal_actions(seat)
        decisions += 1
        real += len(legal) > 1
        mine = cards[seat]
        available: set[str] = set()
        for option in legal:
            choice = game.card_choice(state, option)
            if choice is not None:
                available.update(choice[1])
        for code in available:
            _counter(mine, code)["available"] += 1
        chosen = game.card_choice(state, action)
        if chosen is not None:
            which, codes = chosen
            for code in codes:
                _counter(mine, code)[which] += 1
        engine.apply(action)
        evals.append(_evaluate(evaluate, state))
        turn_now = _turn(game, state, last_active, turn)
        if state.active is not None:
            last_active = state.active
        if turn_now != turn or state.over:
            curve.append({"turn": turn, "eval": _rounded(evals[-1]), "score": list(state.scores)})
            turn = turn_now

    if state.over:
        condition = game.ending(state)
        ending = CAP if condition in game.cap_endings else condition
    else:  # stopped: the action bound hit, a seat left with no legal move, a replay cut short
        condition = "actions" if ending == CAP else ending
    winners = list(state.winners) if state.over else []
    scores = list(state.scores)
    return {
        "row_version": ROW_VERSION,
        "game": game.id,
        "seed": state.seed,
        "players": players,
        "params": dict(state.params),
        "cardset": None if state.cardset is None else state.cardset.id,
        "seats": [{"seat": s + 1, "bot": name} for s, name in enumerate(names)],
        "winners": [w + 1 for w in winners],
        "scores": scores,
        "turns": turn,
        "actions": len(state.history),
        "ending": ending,
        "end_condition": condition,
        "margin": _margin(scores, winners),
        "decisions": {"total": decisions, "real": real},
        "evaluation": how,
        "lead_changes": lead_changes(evals),
        "drama": drama(evals, winners),
        "decisiveness": decisiveness(evals, winners),
        "curve": curve,
        "cards": [
            {code: dict(counts) for code, counts in sorted(seat_cards.items())} for seat_cards in cards
        ],
    }


def _counter(cards: dict[str, dict[str, int]], code: str) -> dict[str, int]:
    counts = cards.get(code)
    if counts is None:
        counts = cards[code] = {"available": 0, "picked": 0, "played": 0}
    return counts


def _turn(game: Game, state: GameState, last_active: int | None, counted: int) -> int:
    """The turn number now: the game's own, else one more each time a seat other than the last one to
    act in turn (`last_active`; None before the first) becomes the active seat."""
    own = game.turn_number(state)
    if own is not None:
        return own
    if last_active is None:
        return max(counted, 1)
    return counted + (state.active is not None and state.active != last_active)


def _rounded(values: list[float]) -> list[float]:
    return [round(v, 4) for v in values]


def _margin(scores: list[int], winners: list[int]) -> float | None:
    """The lowest winner's score less the best loser's (None without a winner or a loser)."""
    losers = [s for seat, s in enumerate(scores) if seat not in winners]
    if not winners or not losers:
        return None
    return float(min(scores[w] for w in winners) - max(losers))


def _leaders(values: list[float]) -> frozenset[int]:
    best = max(values)
    return frozenset(s for s, v in enumerate(values) if v == best)


def lead_changes(evals: list[list[float]]) -> dict[str, float]:
    """Ludii's LeadChange: the moves after which the set of leading seats (by evaluation) differs from
    the one before, counted and as a share of the moves."""
    changes = sum(_leaders(a) != _leaders(b) for a, b in zip(evals, evals[1:], strict=False))
    moves = len(evals) - 1
    return {"count": changes, "rate": changes / moves if moves else 0.0}


def drama(evals: list[list[float]], winners: list[int]) -> dict[str, float] | None:
    """Ludii's Drama: per position, how far the eventual winner's evaluation is below the best one,
    averaged over the game (`ludii`); and CardStock's: the mean of sqrt(0.5 - p) over the positions
    where the winner's estimate p is below 0.5 (`cardstock`, 0 when it never was). None without a
    winner."""
    if not winners:
        return None
    gaps = []
    behind = []
    for values in evals:
        mine = max(values[w] for w in winners)
        gaps.append(max(values) - mine)
        if mine < 0.5:
            behind.append(math.sqrt(0.5 - mine))
    return {
        "ludii": sum(gaps) / len(gaps),
        "cardstock": sum(behind) / len(behind) if behind else 0.0,
    }


def decisiveness(evals: list[list[float]], winners: list[int], threshold: float = DECISIVE) -> float | None:
    """Ludii's DecisivenessMoves: the share of the game played before the eventual winner's evaluation
    first passes `threshold` (1.0 when only the end decided it). None without a winner."""
    if not winners:
        return None
    moves = len(evals) - 1
    if moves <= 0:
        return 1.0
    for index, values in enumerate(evals):
        if max(values[w] for w in winners) > threshold:
            return index / moves
    return 1.0

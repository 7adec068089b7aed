"""Rules throughput: random-bot games/s and actions/s per game and seat count, against a peer library.

What it measures. For every case (a game at one seat count) it plays whole games back to back for
`--seconds` of wall time, each from a new seed, and reports games per second and actions (decisions)
per second. Game creation (deal, card set lookup) is inside the timed loop, as it is for the peer.

- cardtable games go through the real engine and bot path, exactly as the app drives a bot:
  `seat = engine.deciding_seats()[0]`, `action = bot.choose(engine.view(seat))` with a
  `RandomBot(Rng(seed))` per seat, then `engine.apply(action)`, until `engine.is_over()`.
  So every action pays for legal_actions, the PlayerView, the legality check and apply.
- The peer is RLCard's gin rummy (`rlcard.make("gin-rummy")`, two `RandomAgent`s) in a manual step
  loop: `agent.step(state)` then `env.step(action)`; each `env.step` is one action. This is the loop
  `env.run()` performs, minus its trajectory bookkeeping. RLCard is only a bench dependency
  (`pip install rlcard`, or `pip install -e .[bench]`); without it the peer rows are skipped with a
  note and the bench still exits 0.

- Each game's heuristic bot (where it registers one) plays whole games against itself at the game's
  first seat count, in the same loop; those rows (`<key>_heuristic`) also give its think time per move,
  the CPU time of each `choose` (so another program on the machine does not inflate it): mean and worst.

The headline comparison is Rune Works 4-seat actions/s divided by gin rummy actions/s in the same
run (the budget in the issues asks for >= 2). Each case's time is split into `--rounds` interleaved
slices (ours, the peer, ours, ...) so that a busy spell of the machine weighs on both sides of a ratio.

Run (from the repo root):
    python bench/rules_throughput.py                      # table, 3 s per case, Rune Works Level 3
    python bench/rules_throughput.py --level 5 --seconds 5 --rounds 5
    python bench/rules_throughput.py --json               # one JSON object on stdout
    python bench/rules_throughput.py --profile runeworks_4p   # cProfile one case, top functions
    python bench/rules_throughput.py --cases landperson_deck_2p,landperson_deck_2p_heuristic

JSON keys follow the bench convention: rates end in `_per_s`, times in `_ms`, comparisons contain
`ratio`. Per case: `<key>_games_per_s`, `<key>_actions_per_s`, `<key>_game_mean_ms`, plus
`<key>_vs_<peer>_actions_ratio` for every random-bot case against every peer; heuristic rows add
`<key>_think_mean_ms` and `<key>_think_worst_ms`.

Adding a game: append a `GameSpec` in `cardtable_specs()` (id, params, seat counts); peers are
`Case`s built in `peer_cases()`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import mean
from typing import Any


@dataclass(frozen=True)
class Case:
    """One row of the table: a game at a seat count, and how to play one whole game from a seed."""

    key: str  # JSON key prefix, e.g. "runeworks_4p"
    game: str  # table label, e.g. "runeworks L3"
    seats: int
    play: Callable[[int], int]  # plays one game from this seed; returns the number of actions
    peer: bool = False  # a peer library, compared against
    think: list[float] | None = None  # a heuristic bot's seconds per choice, filled as it plays


@dataclass(frozen=True)
class GameSpec:
    """A cardtable game to bench: its registry id, parameters and seat counts."""

    game_id: str
    params: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] = (2, 4, 6)
    label: str = ""
    key: str = ""  # JSON key prefix when one game is benched in several variants (default: its id)


@dataclass
class Result:
    """What one case measured."""

    case: Case
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def game_mean_ms(self) -> float:
        return 1000.0 * self.seconds / self.games


# -- cases ----------------------------------------------------------------------------------------
def cardtable_specs(args: argparse.Namespace) -> list[GameSpec]:
    """The cardtable games this bench covers (add lyabi, landperson... here as they land)."""
    return [
        GameSpec("runeworks", {"level": args.level}, (2, 4, 6), f"runeworks L{args.level}"),
        # random Risugeon players almost never gather a gem's skill: their games run to the round cap
        GameSpec("risugeon", {}, (2, 4), "risugeon"),
        # a 2-player duel of dice: each attack rolls, each damage event asks the defender
        GameSpec("sainome", {}, (2,), "sainome"),
        # a 2-player deck-building duel: each battle is a simultaneous hidden commit of both players
        GameSpec("lyabi", {}, (2,), "lyabi"),
        # a 2-player duel in two modes: each player's own decks, or one shared deck
        GameSpec("landperson", {"mode": "deck"}, (2,), "landperson deck", "landperson_deck"),
        GameSpec("landperson", {"mode": "shared"}, (2,), "landperson shared", "landperson_shared"),
        # a game written in data (cards/games/sevenbridge.yaml), run by the data-game interpreter: its
        # hand-written peer of the same size is Rune Works (a rummy of draw, melds, lay-offs, discard)
        GameSpec("sevenbridge", {}, (2, 4), "sevenbridge (data)"),
        # a deck-builder written in data (cards/games/littlekingdom.yaml): its hand-written peer is
        # Risugeon (a Dominion-style deck-builder: actions, training from a supply, clean-up)
        GameSpec("littlekingdom", {}, (2, 4), "littlekingdom (data)"),
        # Lyabi written as data (cards/games/lyabi.yaml, with its hooks): its peer is the Python Lyabi
        # (the data file has no items yet: fewer decisions a game, compare actions/s)
        GameSpec("lyabi_data", {}, (2,), "lyabi (data)"),
    ]


def cardtable_play(
    game_id: str, seats: int, params: dict[str, Any], bot: str = "random", think: list[float] | None = None
) -> Callable[[int], int]:
    """A function playing one game of `game_id` through the engine and bot path, every seat played by
    `bot`; with `think`, the time of each choice is appended to it."""
    from cardtable.bots import bot_factories
    from cardtable.games import get_game
    from cardtable.rules.engine import Engine
    from cardtable.rules.rng import Rng

    game = get_game(game_id)
    factory = bot_factories(game_id)[bot]
    clock = time.process_time  # think time is CPU time: a busy machine does not make a bot look slow

    def play(seed: int) -> int:
        engine = Engine.new(game, seats, seed, params)
        bots = [factory(Rng(seed * 1_000_003 + seat)) for seat in range(seats)]
        actions = 0
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            view = engine.view(seat)
            if think is None:
                action = bots[seat].choose(view)
            else:
                start = clock()
                action = bots[seat].choose(view)
                think.append(clock() - start)
            engine.apply(action)
            actions += 1
        return actions

    return play


def cardtable_cases(specs: list[GameSpec]) -> list[Case]:
    """One case per game and seat count with random bots, and one with the game's heuristic bot (at
    its first seat count) when it has one."""
    from cardtable.bots import bot_factories

    cases = []
    for spec in specs:
        key = spec.key or spec.game_id
        for seats in spec.seats:
            cases.append(
                Case(
                    f"{key}_{seats}p",
                    spec.label or spec.game_id,
                    seats,
                    cardtable_play(spec.game_id, seats, spec.params),
                )
            )
    for spec in specs:
        if "heuristic" in bot_factories(spec.game_id):
            seats, think = spec.seats[0], []
            cases.append(
                Case(
                    f"{spec.key or spec.game_id}_{seats}p_heuristic",
                    f"{spec.label or spec.game_id} heuristic",
                    seats,
                    cardtable_play(spec.game_id, seats, spec.params, "heuristic", think),
                    think=think,
                )
            )
    return cases


def rlcard_gin_rummy() -> Case:
    """RLCard's gin rummy with its random agents; ImportError when rlcard (or numpy) is missing."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("gin-rummy", config={"seed": 0})
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]

    def play(seed: int) -> int:
        env.seed(seed)
        np.random.seed(seed)  # RandomAgent draws from numpy's global generator
        state, player = env.reset()
        actions = 0
        while not env.is_over():
            state, player = env.step(agents[player].step(state))
            actions += 1
        return actions

    return Case("gin_rummy", f"gin-rummy (rlcard {rlcard.__version__})", env.num_players, play, peer=True)


def peer_cases(notes: list[str]) -> list[Case]:
    """The peer libraries available here; a missing one adds a note instead of failing."""
    cases = []
    try:
        cases.append(rlcard_gin_rummy())
    except ImportError as exc:
        notes.append(
            f"peer skipped: RLCard gin rummy ({exc}); install it with `pip install rlcard` "
            "or `pip install -e .[bench]`"
        )
    return cases


# -- measuring ------------------------------------------------------------------------------------
def measure(case: Case, seconds: float, seed: int) -> Result:
    """Play whole games of `case` for about `seconds` (at least one game), from seed `seed` on."""
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        actions += case.play(seed + games)
        games += 1
        elapsed = clock() - start
    return Result(case, games, actions, elapsed)


def measure_all(cases: list[Case], seconds: float, seed: int, rounds: int) -> list[Result]:
    """Measure every case for `seconds` in all, interleaved in `rounds` slices so that a slow spell of
    the machine hits ours and the peer alike; one untimed warm-up game per case first."""
    for case in cases:
        case.play(seed - 1)
        if case.think is not None:
            case.think.clear()  # the warm-up's first choices pay for imports and caches
    totals = {case.key: Result(case, 0, 0, 0.0) for case in cases}
    for _ in range(max(1, rounds)):
        for case in cases:
            total = totals[case.key]
            part = measure(case, seconds / max(1, rounds), seed + total.games)
            total.games += part.games
            total.actions += part.actions
            total.seconds += part.seconds
    return list(totals.values())


def ratio_key(ours: Case, peer: Case) -> str:
    return f"{ours.key}_vs_{peer.key}_actions_ratio"


def report_json(results: list[Result], notes: list[str], args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bench": "rules_throughput",
        "level": args.level,
        "seconds_per_case": args.seconds,
        "rounds": args.rounds,
        "python": sys.version.split()[0],
    }
    for r in results:
        out[f"{r.case.key}_games_per_s"] = round(r.games_per_s, 2)
        out[f"{r.case.key}_actions_per_s"] = round(r.actions_per_s, 1)
        out[f"{r.case.key}_game_mean_ms"] = round(r.game_mean_ms, 3)
        out[f"{r.case.key}_actions_per_game"] = round(r.actions / r.games, 1)
        if r.case.think:
            out[f"{r.case.key}_think_mean_ms"] = round(1000.0 * mean(r.case.think), 4)
            out[f"{r.case.key}_think_worst_ms"] = round(1000.0 * max(r.case.think), 3)
    peers = [r for r in results if r.case.peer]
    for r in results:
        if not r.case.peer and r.case.think is None:
            for p in peers:
                out[ratio_key(r.case, p.case)] = round(r.actions_per_s / p.actions_per_s, 3)
    # the data-game interpreter against a hand-written rummy at the same seat count, in one run
    by_key = {r.case.key: r for r in results}
    for seats in (2, 4):
        for data_game, peer in (
            ("sevenbridge", "runeworks"),
            ("littlekingdom", "risugeon"),
            ("lyabi_data", "lyabi"),
        ):
            data, hand = by_key.get(f"{data_game}_{seats}p"), by_key.get(f"{peer}_{seats}p")
            if data and hand:
                out[f"{data_game}_vs_{peer}_{seats}p_actions_ratio"] = round(
                    data.actions_per_s / hand.actions_per_s, 3
                )
    if notes:
        out["notes"] = notes
    return out


def report_table(results: list[Result], notes: list[str]) -> str:
    peers = [r for r in results if r.case.peer]
    peer = peers[0] if peers else None
    ratio_head = f"x {peer.case.key} act/s" if peer else "ratio"
    head = f"{'game':<28} {'seats':>5} {'games/s':>9} {'actions/s':>10} {'act/game':>9} {'ms/game':>9} {ratio_head:>18}"
    lines = [head, "-" * len(head)]
    for r in results:
        ratio = ""
        if peer and not r.case.peer and r.case.think is None:
            ratio = f"{r.actions_per_s / peer.actions_per_s:.2f}"
        lines.append(
            f"{r.case.game:<28} {r.case.seats:>5} {r.games_per_s:>9.1f} {r.actions_per_s:>10.0f} "
            f"{r.actions / r.games:>9.1f} {r.game_mean_ms:>9.2f} {ratio:>18}"
        )
    thinkers = [r for r in results if r.case.think]
    if thinkers:
        lines.append("")
        lines.append(f"{'heuristic bot think time':<32} {'moves':>8} {'mean ms':>9} {'worst ms':>9}")
        for r in thinkers:
            assert r.case.think is not None
            lines.append(
                f"{r.case.game:<32} {len(r.case.think):>8} {1000 * mean(r.case.think):>9.3f} "
                f"{1000 * max(r.case.think):>9.2f}"
            )
    headline = next((r for r in results if r.case.key == "runeworks_4p"), None)
    if headline and peer:
        lines.append("")
        lines.append(
            f"ratio Rune Works 4-seat actions/s / {peer.case.game} actions/s: "
            f"{headline.actions_per_s / peer.actions_per_s:.2f} (target >= 2)"
        )
    lines.extend(notes)
    return "\n".join(lines)


def profile_case(case: Case, seconds: float, seed: int, top: int) -> str:
    """cProfile of one case's loop: the functions with the most own time."""
    case.play(seed - 1)  # warm-up: imports and the card set load stay out of the profile
    if case.think is not None:
        case.think.clear()
    profiler = cProfile.Profile()
    profiler.enable()
    result = measure(case, seconds, seed)
    profiler.disable()
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return f"{case.key}: {result.games} games, {result.actions} actions under the profiler\n" + buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=3, help="Rune Works Magician Level 1-5 (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per case (default 3)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="interleaved slices each case's time is split into (default 3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument(
        "--profile",
        metavar="CASE",
        help="cProfile one case (e.g. runeworks_4p) and print its top functions instead of the table",
    )
    parser.add_argument(
        "--cases",
        metavar="KEY,...",
        help="measure only these cases (e.g. runeworks_4p,landperson_deck_2p_heuristic); default: all",
    )
    parser.add_argument("--top", type=int, default=30, help="functions listed by --profile (default 30)")
    args = parser.parse_args(argv)

    notes: list[str] = []
    cases = cardtable_cases(cardtable_specs(args)) + peer_cases(notes)
    if args.cases:
        wanted = [k.strip() for k in args.cases.split(",") if k.strip()]
        unknown = [k for k in wanted if k not in {c.key for c in cases}]
        if unknown or not wanted:
            parser.error(
                f"unknown case {', '.join(unknown) or '(none given)'} (cases: {', '.join(c.key for c in cases)})"
            )
        cases = [c for c in cases if c.key in wanted]
    if args.profile:
        chosen = [c for c in cases if c.key == args.profile]
        if not chosen:
            parser.error(f"unknown case {args.profile!r} (cases: {', '.join(c.key for c in cases)})")
        print(profile_case(chosen[0], args.seconds, args.seed, args.top))
        return 0

    results = measure_all(cases, args.seconds, args.seed, args.rounds)
    if args.json:
        for note in notes:
            print(note, file=sys.stderr)
        print(json.dumps(report_json(results, notes, args)))
    else:
        print(report_table(results, notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

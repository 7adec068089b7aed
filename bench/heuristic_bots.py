"""A game's heuristic bot against an earlier version of itself, on rotated paired seeds.

The earlier bot is not kept in the package: this script takes the game's heuristic bot module as it was
at a git commit (`git show COMMIT:cardtable/games/GAME/bot.py`, the module the game registers as its
"heuristic"), writes it as a module of its own in a scratch directory (its relative imports made
absolute) and seats it as the bot "old" beside the package's "heuristic", then plays
`cardtable.simulate` with `rotate` (every seed once per seat order, so the seat advantage cancels), for
Land & Person in each mode. Also the heuristic against random, the same way, and the old one too.

Sainome's heuristic bots always pick the Princess or the Swordman, so a change to how they play
another character never shows in their games: `--pick NEW:OTHER,...` seats them as those characters
(whoever picks first), each pair played paired: the new bot as NEW against the old one as OTHER, and
the old bot as NEW against the same, on the same seeds and seat orders (`simulate.play_one`), so the
two differ only where the bots play NEW differently. A row gives both win rates, the games only one
of them won, and the sign test's z of those (about 2 or more: not luck); `picks` sums the pairs.

Run (from the repo root; a few seconds a hundred games):
    python bench/heuristic_bots.py --old main --games 200                      # Land & Person, a table
    python bench/heuristic_bots.py --old 015ad7f --games 200 --json            # <mode>_new_vs_old_win_rate ...
    python bench/heuristic_bots.py --game lyabi --old main --games 300         # Lyabi (no modes)
    python bench/heuristic_bots.py --game sainome --old main --games 300 --pick MAG:PRI,MAG:SWM,MAG:SIS

Land & Person, measured 28 Nov 2026, 07:01-07:30 UTC (branch i28-lp against main at 015ad7f, `--old
015ad7f --games 150`: 150 seeds x 2 seat orders a match, nice -n 10 on a loaded 2-core machine; a draw
counts half; the script was bench/landperson_bots.py then):

    mode     new vs old               new vs random      old vs random
    deck     74.3% [69.1-79.0] 300    100% [98.7-100]    100% [98.7-100]
    shared   74.3% [69.1-79.0] 300    99.7% [98.1-99.9]  99.0% [97.1-99.7]

Lyabi, measured 28 Nov 2026, 14:50-14:58 UTC (branch i28-lyaheur, its heuristic of 8d02e43, against
main, `--game lyabi --old main --games 1000`: 1000 seeds x 2 seat orders a match, nice -n 10, load
5-10 on 2 cores, 79 s of CPU for the three matches). The circle the heuristic removes at the limit follows its deck's
colours (issue 28); it plays as strong as before:

    new vs old                   new vs random       old vs random
    50.2% [48.1-52.4] 2000       100% [99.8-100]     100% [99.8-100]

Sainome, measured 28 Nov 2026, 15:38-15:48 UTC (branch i28-saiheur, its heuristic of acf471d, against
main at 5d06809, whose Sainome bot main still has; nice -n 10, load 4-8 on 2 cores). The awakened
Magician refills when the cards are worth more than the awakening a later change cannot win back, and
a change that awakens counts the awakening (issue 28). `--game sainome --old main --games 1000 --pick
MAG:PRI,MAG:SWM,MAG:SIS` (261 s of CPU, with 4000 games against random that the branch's first
`--pick` also played):

    pair       Magician's win rate, new / old     games    won by new only / old only    z
    MAG:PRI    59.2% / 58.1%                      2000     115 / 93                      +1.53
    MAG:SWM    55.0% / 53.0%                      2000     117 / 77                      +2.87
    MAG:SIS    34.9% / 32.6%                      2000     143 / 95                      +3.11
    picks      49.7% / 47.9%                      6000     375 / 265                     +4.35

With their own picks (the Princess and the Swordman: the change that fills the Princess's 4 slots
now counts her awakening), `--game sainome --old main --games 500` (50 s of CPU):

    new vs old                   new vs random       old vs random
    49.8% [46.7-52.9] 1000       95.7% [94.3-96.8]   95.7% [94.3-96.8]
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from cardtable import bots as bots_module
from cardtable.rules.actions import Action
from cardtable.rules.view import PlayerView
from cardtable.simulate import play_one, rotation, simulate

MODES = {"landperson": "deck,shared"}  # the games whose modes are matched one by one (else: "")


def heuristic_reference(game: str) -> tuple[str, str]:
    """The module and class name of the bot a game registers as "heuristic"."""
    from cardtable.games import entry_for

    module, name = entry_for(game).bots["heuristic"].split(":")
    return module, name


def absolute_imports(source: str, package: str) -> str:
    """A module's relative imports (`from .x`, `from ...y`) written from `package`, the package it
    lived in, so the module can stand on its own."""
    parts = package.split(".")

    def absolute(match: re.Match[str]) -> str:
        dots, rest = len(match.group(1)), match.group(2)
        base = ".".join(parts[: len(parts) - dots + 1])
        return f"from {base}.{rest}" if rest else f"from {base}"

    return re.sub(r"^from (\.+)(\w[\w.]*)?", absolute, source, flags=re.MULTILINE)


def load_old(game: str, commit: str, scratch: Path) -> type:
    """The game's heuristic bot class as it was at `commit`."""
    module, name = heuristic_reference(game)
    path = module.replace(".", "/") + ".py"
    source = subprocess.run(
        ["git", "show", f"{commit}:{path}"], check=True, capture_output=True
    ).stdout.decode("utf-8")
    source = absolute_imports(source, module.rsplit(".", 1)[0])
    label = f"{game}_bot_{commit.replace('/', '_').replace('-', '_')}"
    (scratch / f"{label}.py").write_bytes(source.encode("utf-8"))
    sys.path.insert(0, str(scratch))
    return getattr(importlib.import_module(label), name)


def seat_old(game: str, old: type, more: dict[str, type] | None = None) -> None:
    """Make "old" (and the names in `more`) bots of this game in this process (simulate asks
    bots.make_bot)."""
    factories = bots_module.bot_factories

    def with_old(game_id: str) -> dict[str, Any]:
        out = factories(game_id)
        if game_id == game:
            out["old"] = old
            out.update(more or {})
        return out

    bots_module.bot_factories = with_old  # type: ignore[assignment]


def match(game: str, first: str, second: str, games: int, seed: int, mode: str) -> dict[str, Any]:
    params = {"mode": mode} if mode else {}
    report = simulate(game, 2, games, seed, params, bots=[first, second], rotate=True).to_dict()
    row = report["bots"][first]
    return {
        "win_rate": round(row["win_rate"], 4),
        "ci95": [round(x, 4) for x in row["ci95"]],
        "seat_games": row["seat_games"],
        "mean_actions": round(report["mean_actions"], 1),
    }


def picking(bot: type, code: str) -> type:
    """`bot` that picks the character `code` when it may (Sainome's `pick` moves), else plays as it does."""

    class Picking(bot):  # type: ignore[misc, valid-type]
        def choose(self, view: PlayerView) -> Action:
            assert view.cardset is not None
            for action in view.legal:
                if action.kind == "pick" and view.cardset.physical()[action.cards[0]].code == code:
                    return action
            return super().choose(view)  # type: ignore[no-any-return]

    return Picking


def paired(game: str, bots: tuple[str, str, str], games: int, seed: int) -> dict[str, Any]:
    """`new` against `them`, and `old` against `them`, on the same seeds and seat orders (`bots` is
    new, old, them): the wins of each (a draw counts half), the games, and the games only one of them
    won (a game the two bots play alike is the same game)."""
    new, old, them = bots
    out = {"new": 0.0, "old": 0.0, "games": 0, "new_only": 0, "old_only": 0}
    for game_seed in range(seed, seed + games):
        for shift in range(2):
            shares = []
            for mine in (new, old):
                seated = rotation([mine, them], shift)
                state = play_one(game, 2, game_seed, {}, seated).state
                won = [w for w in state.winners if seated[w] == mine]
                shares.append(len(won) / len(state.winners) if state.winners else 0.0)
            out["new"] += shares[0]
            out["old"] += shares[1]
            out["games"] += 1
            out["new_only"] += shares[0] > shares[1]
            out["old_only"] += shares[1] > shares[0]
    return out


def report(out: dict[str, Any], label: str, row: dict[str, Any], quiet: bool) -> None:
    """A paired row into `out`, printed unless `quiet`: each bot's win rate, and the sign test's z of
    the games only one of them won."""
    games, differ = row["games"], row["new_only"] + row["old_only"]
    z = (row["new_only"] - row["old_only"]) / math.sqrt(differ) if differ else 0.0
    out[f"{label}_new_win_rate"] = round(row["new"] / games, 4)
    out[f"{label}_old_win_rate"] = round(row["old"] / games, 4)
    out[f"{label}_games"] = games
    out[f"{label}_new_only"], out[f"{label}_old_only"] = row["new_only"], row["old_only"]
    out[f"{label}_sign_z"] = round(z, 2)
    if not quiet:
        print(
            f"{label:10} new {row['new'] / games:.1%}  old {row['old'] / games:.1%}  {games} games;"
            f" won by new only {row['new_only']}, by old only {row['old_only']} (z {z:+.2f})",
            flush=True,
        )


def picks_main(args: argparse.Namespace, old: type) -> dict[str, Any]:
    """`--pick`: each pair played paired, and all pairs together."""
    new = bots_module.bot_factories(args.game)["heuristic"]
    pairs = [tuple(p.split(":")) for p in args.pick.split(",") if p]
    more: dict[str, type] = {}
    for a, b in pairs:
        more.update({f"new-{a}": picking(new, a), f"old-{a}": picking(old, a), f"old-{b}": picking(old, b)})
    seat_old(args.game, old, more)
    out: dict[str, Any] = {"game": args.game, "old": args.old, "seeds": args.games}
    together = {"new": 0.0, "old": 0.0, "games": 0, "new_only": 0, "old_only": 0}
    for a, b in pairs:
        row = paired(args.game, (f"new-{a}", f"old-{a}", f"old-{b}"), args.games, args.seed)
        for key in together:
            together[key] += row[key]
        report(out, f"{a}:{b}", row, args.json)
    report(out, "picks", together, args.json)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="landperson", help="the game (default landperson)")
    parser.add_argument("--old", default="main", help="the git commit (or branch) of the earlier bot")
    parser.add_argument(
        "--games", type=int, default=100, help="seeds a match (each played in both seat orders)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument(
        "--modes", default=None, help="the modes, comma separated (Land & Person's: deck,shared)"
    )
    parser.add_argument(
        "--pick",
        default="",
        help="Sainome: NEW:OTHER character pairs, such as MAG:PRI,MAG:SWM (played paired)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    modes = MODES.get(args.game, "") if args.modes is None else args.modes
    with tempfile.TemporaryDirectory() as scratch:
        if args.pick:
            out = picks_main(args, load_old(args.game, args.old, Path(scratch)))
            if args.json:
                print(json.dumps(out, indent=2))
            return 0
        seat_old(args.game, load_old(args.game, args.old, Path(scratch)))
        out: dict[str, Any] = {"game": args.game, "old": args.old, "seeds": args.games}
        for mode in modes.split(","):
            for first, second in (("heuristic", "old"), ("heuristic", "random"), ("old", "random")):
                row = match(args.game, first, second, args.games, args.seed, mode)
                who = (
                    f"{'new' if first == 'heuristic' else 'old'}_vs_{second if second == 'random' else 'old'}"
                )
                label = f"{mode}_{who}" if mode else who
                out[f"{label}_win_rate"] = row["win_rate"]
                out[f"{label}_ci95"] = row["ci95"]
                out[f"{label}_mean_actions"] = row["mean_actions"]
                if not args.json:
                    print(
                        f"{mode or args.game:10} {label:28} {row['win_rate']:.1%} [{row['ci95'][0]:.1%}-{row['ci95'][1]:.1%}]"
                        f"  {row['seat_games']} games  {row['mean_actions']} actions a game",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

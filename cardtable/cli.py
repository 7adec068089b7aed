"""The `cardtable` command: play (the default), simulate, report, sweep, validate, scenario, export, new-set,
new-game.

Bad input anywhere (an unknown game, a bad parameter, a malformed scenario or card set) prints one
line naming what and where, and exits 2 without a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """Bad input from the command line or a file: reported as one line, exit 2."""


def _count(low: int, high: int, what: str) -> Any:
    """An argparse type: a whole number in [low, high] (`--games -5` and `--jobs 0` are refused)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number of {what}, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be {low}..{high}, not {value}")
        return value

    return parse


def _bleed(text: str) -> float:
    """`--bleed MM`: a finite number of millimetres within the range a template's bleed_mm may take
    (cardtable/limits.py); `--bleed -5` or `--bleed nan` is refused."""
    from .limits import TEMPLATE_NUMBERS

    low, high = TEMPLATE_NUMBERS["bleed_mm"]
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres, not {text!r}") from None
    if not low <= value <= high:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(f"a bleed is {low:g} to {high:g} mm, not {text}")
    return value


def _bot_names(text: str, players: int) -> list[str]:
    """`--bots a,b`: one name per seat (the last one repeats for the seats left); more names than seats,
    or an empty name, is a UsageError rather than something silently dropped."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise UsageError(f"--bots {text!r}: a bot name is empty")
    if len(names) > players:
        raise UsageError(f"--bots {text!r}: {len(names)} bots for {players} players")
    return names


def _parse_sets(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--set {pair!r}: expected key=value")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _progress_bar(stream: Any, unit: str = "games") -> Any:
    """A progress callback drawing a bar on a terminal, or None when output is not a terminal (or there is
    no output at all, as in a windowed build on Windows)."""
    if stream is None or not stream.isatty():
        return None

    def show(done: int, total: int, note: str = "") -> None:
        width = 30
        filled = width * done // total if total else width
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}{note}"
        stream.write(line.ljust(len(line) + 8))  # a shorter line covers the end of the last one
        if done == total:
            stream.write("\r" + " " * (len(line) + 8) + "\r")
        stream.flush()

    return show


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run bot games and print win rates, lengths and speed."""
    from .games.datagame import game_argument
    from .simulate import simulate

    bots = _bot_names(args.bots, args.players) if args.bots else None
    report = simulate(
        game_argument(args.game),
        args.players,
        args.games,
        args.seed,
        _parse_sets(args.set),
        bots,
        check=args.check,
        progress=_progress_bar(sys.stderr),
        jobs=args.jobs,
        rotate=args.rotate,
        budget=args.bot_budget,
    )
    data = report.to_dict()
    if args.json:
        print(json.dumps(data, indent=2))
        return EXIT_OK
    params = ", ".join(f"{k}={v}" for k, v in sorted(data["params"].items()))
    print(
        f"{data['game']}: {data['games']} games, {data['players']} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}" + (", each once per seat rotation" if args.rotate else "")
    )
    print(f"params: {params}")
    print(f"{'seat':<6}{'bot':<12}{'wins':>9}{'win rate':>10}   95% interval")
    for row in data["seats"]:
        low, high = row["ci95"]
        print(
            f"P{row['seat']:<5}{row['bot']:<12}{row['wins']:>9.1f}{row['win_rate']:>10.1%}   "
            f"{low:.1%} - {high:.1%}"
        )
    if len(data["bots"]) > 1:
        for name, row in data["bots"].items():
            low, high = row["ci95"]
            print(
                f"bot {name:<10} wins {row['wins']:.1f} of {row['seat_games']} seat-games "
                f"({row['win_rate']:.1%}, {low:.1%} - {high:.1%})"
            )
    for name, row in data["decision_ms"].items():
        print(
            f"bot {name:<10} decides in {row['mean_ms']:.1f} ms on average, {row['p95_ms']:.1f} ms at the "
            f"95th percentile (CPU time, {row['decisions']} decisions)"
        )
    print(f"void games (no winner): {data['void_games']}")
    print(
        f"mean actions per game: {data['mean_actions']:.1f}; mean rounds per game: {data['mean_rounds']:.2f}"
    )
    print(
        f"speed: {data['games_per_s']:.1f} games/s, {data['actions_per_s']:.0f} actions/s"
        + ("; every invariant checked after every action" if args.check else "")
    )
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    """Write a balance report (cardtable/lab): from bot games, saved rows, a comparison or playtests."""
    from .lab.page import write_comparison_folder, write_report_folder
    from .lab.report import RowError, findings, read_rows

    out = Path(args.out)
    target = args.target
    progress = _progress_bar(sys.stderr)
    if args.from_saves:
        from .lab.playtests import playtests_folder, read_playtests

        rows, problems = read_playtests(target or None)
        for problem in problems:
            print(f"cardtable: skipped {problem}", file=sys.stderr)
        if not rows:
            raise UsageError(f"no finished games{' of ' + target if target else ''} in {playtests_folder()}")
        games = {row["game"] for row in rows}
        if len(games) > 1:
            raise UsageError(f"playtests of {', '.join(sorted(games))}: name one game")
        seats = {row["players"] for row in rows}
        if len(seats) > 1:  # one report per table size: seat figures mix nothing
            players = max(seats, key=lambda n: sum(row["players"] == n for row in rows))
            print(f"cardtable: reporting the {players}-player games only", file=sys.stderr)
            rows = [row for row in rows if row["players"] == players]
    elif not target:
        raise UsageError("report needs a game id, a folder of rows, or --from-saves")
    elif Path(target).exists() and not target.endswith((".yaml", ".yml")):  # a game file is a game
        from .lab.sweep_report import is_sweep, read_manifest, summary_lines

        try:
            manifest = read_manifest(Path(target))
            rows = read_rows(Path(target))
        except OSError as exc:
            raise UsageError(f"{target}: {exc.strerror or exc}") from None
        if is_sweep(rows, manifest):  # the configurations side by side, each with its own report
            from .lab.page import write_sweep_folder

            try:
                sweep = write_sweep_folder(rows, manifest, out, args.language)
            except RowError as exc:
                raise UsageError(str(exc)) from None
            for line in summary_lines(sweep):
                print(line)
            print(
                f"wrote {out / 'report.json'} and {out / 'report.html'} (the configurations side by side), "
                f"{len(sweep['figures'])} plots against the varied fields in {out} (FIGURE.png), and each "
                f"configuration's own report in {out}/HASH/"
            )
            return EXIT_OK
    else:
        from .games.datagame import game_argument
        from .lab.run import run_games

        target = game_argument(target)
        bots = _bot_names(args.bots, args.players) if args.bots else []
        params = _parse_sets(args.set)

        def play(extra: dict[str, str]) -> list[dict[str, Any]]:
            return run_games(
                target,
                args.players,
                args.games,
                args.seed,
                {**params, **extra},
                bots,
                rotate=args.rotate,
                bot_budget=args.bot_budget,
                jobs=args.jobs,
                progress=progress,
            )

        if args.compare:
            from .lab.compare import cardset_changes, describe_changes, side

            (label_a, extra_a), (label_b, extra_b) = side(args.compare[0]), side(args.compare[1])
            changes = None
            if "cardset" in extra_a and "cardset" in extra_b:
                from .cardsets import load_named

                changes = cardset_changes(load_named(extra_a["cardset"]), load_named(extra_b["cardset"]))
            rows_a, rows_b = play(extra_a), play(extra_b)
            comparison = write_comparison_folder(
                rows_a, rows_b, out, (label_a, label_b), changes, args.language
            )
            for line in describe_changes(comparison["changes"]):
                print(f"changed: {line}")
            for code in comparison["changed_cards_shown"]:
                card = comparison["cards"][code]
                for key in ("pick_rate", "pick_rate_decisions", "win_rate_with"):
                    fig = card[key]
                    diff = fig["difference"]
                    if diff["value"] is None:
                        continue
                    print(
                        f"{code} {key}: {_rate(fig['a'])} -> {_rate(fig['b'])}, difference "
                        f"{diff['value']:+.1%} ({diff['ci95'][0]:+.1%} .. {diff['ci95'][1]:+.1%})"
                    )
            print(f"wrote {out / 'report.html'}, {out / 'comparison.json'}, {out}/A and {out}/B")
            return EXIT_OK
        rows = play({})
    try:
        report = write_report_folder(rows, out, args.language)
    except RowError as exc:
        raise UsageError(str(exc)) from None
    for line in findings(report, args.language):
        print(line)
    print(f"wrote {out / 'report.json'}, {out / 'report.html'} and the plots in {out}")
    return EXIT_OK


def _rate(figure: dict[str, Any]) -> str:
    """A rate and its interval, `61.0% (55.2% - 66.5%)`."""
    if figure["rate"] is None:
        return "-"
    low, high = figure["ci95"]
    return f"{figure['rate']:.1%} ({low:.1%} - {high:.1%})"


def cmd_sweep(args: argparse.Namespace) -> int:
    """Play a grid of card and rule variants over seeded games into a run folder (cardtable/lab/sweep.py)."""
    from .lab.sweep import Progress, SweepError, parse_vary, plan_sweep, run_sweep

    if args.jobs > 1 and args.scheduler:
        raise UsageError("sweep: --jobs runs local processes, --scheduler a Dask cluster: give one of them")
    try:
        players = [int(p) for p in args.players.split(",")]
    except ValueError:
        raise UsageError(f"--players {args.players!r}: seat counts separated by commas, e.g. 2,3") from None
    if not players or len(set(players)) != len(players):
        raise UsageError(f"--players {args.players!r}: each seat count once")
    try:
        plan = plan_sweep(
            args.game,
            [parse_vary(text) for text in args.vary],
            args.games,
            args.seed,
            _bot_names(args.bots, max(players)),
            players,
            _parse_sets(args.set),
            args.rotate,
            args.bot_budget,
            args.block,
            args.until_ci,
        )
    except SweepError as exc:
        raise UsageError(str(exc)) from None
    bar = _progress_bar(sys.stderr, "blocks")

    def show(step: Progress) -> None:
        if bar is not None:
            left = step.seconds_left
            eta = f", {left / 60:.1f} min left" if left is not None else ""
            bar(step.blocks_done, step.blocks, f", {step.games_per_s:.1f} games/s{eta}")

    try:
        result = run_sweep(plan, Path(args.out), args.resume, args.jobs, args.scheduler, show)
    except SweepError as exc:
        raise UsageError(str(exc)) from None
    where = args.scheduler or (f"{args.jobs} local processes" if args.jobs > 1 else "this process")
    print(
        f"{result.out}: {len(plan.configs)} configuration(s), {result.written + result.kept} of "
        f"{result.blocks} blocks of {plan.block} seed(s) finished ({result.kept} from before); "
        f"{result.games} games played on {where} in {result.seconds:.1f} s"
        + (f" ({result.games / result.seconds:.1f} games/s)" if result.games and result.seconds > 0 else "")
    )
    full = len(plan.blocks())
    if plan.until_ci is not None and result.blocks < full:
        print(
            f"--until-ci {plan.until_ci}: {full - result.blocks} of {full} blocks not needed (intervals decided)"
        )
    if result.restarts:
        print(f"local workers died and were started again {result.restarts} time(s); no block was lost")
    if result.stopped:
        print("stopped: the finished blocks are kept; the same command with --resume finishes the run")
        return 130
    _print_sweep_table(Path(args.out))
    return EXIT_OK


def _print_sweep_table(out: Path) -> None:
    """Per configuration: games, the first seat's win rate with its 95% interval, its advantage and
    the mean turns: the table `cardtable report RUN_DIR` prints (lab/sweep_report.py)."""
    from .lab.sweep import read_rows
    from .lab.sweep_report import build_sweep_report, read_manifest, summary_lines

    rows = read_rows(out)
    if rows:
        for line in summary_lines(build_sweep_report(rows, read_manifest(out))):
            print(line)
    print(f"rows: {out / 'blocks'}/*/*.jsonl (one JSON object a game)")


def cmd_params(args: argparse.Namespace) -> int:
    """List a game's parameters: name, default, range, meaning, and whether it is PROVISIONAL."""
    from .games import all_games, get_game

    games = [get_game(args.game)] if args.game else list(all_games().values())
    for game in games:
        print(f"{game.id}: {game.title} ({game.min_seats}-{game.max_seats} players)")
        for param in game.params:
            span = ""
            if param.choices:
                span = f" one of {', '.join(map(str, param.choices))}"
            elif param.minimum is not None or param.maximum is not None:
                span = f" {param.minimum}..{param.maximum}"
            mark = " PROVISIONAL" if param.provisional else ""
            print(f"  --set {param.name}={param.default!s:<12}{span}{mark}")
            print(f"      {param.help}")
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    """Validate card set files (default: every bundled set); warn about what is valid but likely wrong."""
    from .cardsets import validate_paths
    from .games.datagame.spec import game_files, game_problems, split_game_files
    from .resources import bundled_cardsets

    paths = [Path(p) for p in args.paths] or bundled_cardsets() + game_files()
    game_paths, paths = split_game_files(paths)
    found = validate_paths(paths) + game_problems(game_paths)
    problems = [p for p in found if not p.warning]
    # the loader's warnings (a missing image or font) and the lint's (fields, text, image shapes)
    warnings = [p for p in found if p.warning]
    warnings += _lint_paths(paths, {p.file for p in problems})
    for problem in problems:
        print(problem)
    for warning in warnings:
        print(warning)
    said = f", {len(warnings)} warning(s)" if warnings else ""
    if problems:
        print(f"{len(problems)} problem(s){said}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if warnings and args.strict:
        print(f"{len(warnings)} warning(s), errors under --strict", file=sys.stderr)
        return EXIT_BAD_INPUT
    checked = len(paths) + len(game_paths)
    if not args.paths:
        for path in [*paths, *game_paths]:
            print(f"ok: {path}")
    print(
        f"ok: {checked} file(s) valid{said}"
        if args.paths
        else f"ok: {checked} bundled card set and game file(s) valid{said}"
    )
    return EXIT_OK


def _lint_paths(paths: list[Path], broken: set[str]) -> list[Any]:
    """The lint warnings of every card set file among `paths` that has no problems (a folder: the
    *.yaml directly inside it); face template files on their own have none (they need cards)."""
    from .cardsets import CardSetError, load_cardset
    from .cardsets.facecheck import is_template_data
    from .cardsets.yamlfile import LoadError, read_yaml
    from .ui.render.facelint import set_warnings

    files = [f for p in paths for f in (sorted(p.glob("*.yaml")) if p.is_dir() else [p])]
    warnings: list[Any] = []
    for file in files:
        if str(file) in broken or not file.is_file():
            continue
        try:
            if is_template_data(read_yaml(file)[0]):
                continue
            warnings.extend(set_warnings(load_cardset(file)))
        except (CardSetError, LoadError):
            continue  # its problems are printed (a spreadsheet's carry the spreadsheet's name)
    return warnings


def cmd_export(args: argparse.Namespace) -> int:
    """Print-and-play PDF sheets and Tabletop Simulator deck sheets of a card set."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # faces are drawn off screen: no window
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the output is the files' list
    from .cardsets import load_named
    from .printing import PrintOptions, default_paper

    if not args.pdf and not args.png_sheets:
        raise UsageError("export: say what to write: --pdf FILE and/or --png-sheets FOLDER")
    cardset = load_named(args.set)
    codes = tuple(code.strip() for code in args.cards.split(",") if code.strip()) if args.cards else ()
    if args.pdf:
        from .printing.pdf import export_pdf

        paper = args.paper or _settings_paper() or default_paper()
        options = PrintOptions(
            paper=paper,
            bleed=args.bleed is not None,
            bleed_mm=args.bleed if args.bleed else None,
            copies=args.copies,
            cards=codes,
            backs=not args.no_backs,
            proof=args.proof,
        )
        try:
            report = export_pdf(cardset, Path(args.pdf), options, _progress_bar(sys.stderr, "cards"))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        bleed = f", bleed {report.bleed_mm:g} mm" if report.bleed_mm else ""
        proof = "a proof of " if args.proof else ""
        print(
            f"{report.path}: {proof}{report.cards} cards on {report.pages} pages ({report.paper}{bleed}) "
            f"in {report.seconds:.1f} s"
        )
        for warning in report.warnings:
            print(f"warning: {warning}", file=sys.stderr)
    if args.png_sheets:
        from .printing.tts import export_png_sheets

        try:
            sheets = export_png_sheets(
                cardset,
                Path(args.png_sheets),
                codes,
                args.copies,
                progress=_progress_bar(sys.stderr, "cards"),
            )
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        for sheet in sheets:
            print(
                f"{sheet.path}: Tabletop Simulator deck, width {sheet.cols}, height {sheet.rows}, "
                f"number {sheet.cards} (the last cell is the hidden face)"
            )
            if sheet.backs is not None:
                print(f"{sheet.backs}: its cards' own backs (tick Unique backs and give this as the Back)")
        print(f"{Path(args.png_sheets) / 'back.png'}: the deck's back")
    return EXIT_OK


def cmd_new_set(args: argparse.Namespace) -> int:
    """A new card set with a template, three example cards and a sandbox layout."""
    from .cardsets import load_cardset
    from .games.sandbox.newset import NewSetError, new_set
    from .persistence.files import user_folders

    folder = Path(args.dir).expanduser() if args.dir else user_folders().cardsets
    try:
        file = new_set(args.name, folder)
    except NewSetError as exc:  # a bad name, a folder taken, or one the system refuses (too long...)
        raise UsageError(str(exc)) from None
    load_cardset(file)  # it must open as it is
    print(f"{file}: a new card set (3 example cards, its own face template in faces/, a sandbox layout)")
    print(f"  play it:  cardtable, then Sandbox, card set {args.name}")
    print(f"  print it: cardtable export {file} --pdf {args.name}.pdf")
    return EXIT_OK


def cmd_new_game(args: argparse.Namespace) -> int:
    """A small working game file to start a design from (cardtable/games/datagame/newgame.py)."""
    from .games.datagame.newgame import NewGameError, new_game
    from .games.datagame.spec import load_game

    try:
        file = new_game(args.name, Path(args.dir).expanduser() if args.dir else None)
    except NewGameError as exc:
        raise UsageError(str(exc)) from None
    load_game(file)  # it must load as it is
    print(f"{file}: a new game (draw, lay down sets of a rank, discard; first out wins)")
    print(f"  check it: cardtable validate {file}")
    print(f"  try it:   cardtable simulate {file} --games 100 --check")
    return EXIT_OK


def cmd_trace(args: argparse.Namespace) -> int:
    """One random game of a data game, every step and move with what it did (a designer's view)."""
    from .games import get_game
    from .games.datagame import game_argument
    from .games.datagame.rules import DataGame
    from .games.datagame.trace import trace

    game = get_game(game_argument(args.game))
    if not isinstance(game, DataGame):
        raise UsageError(f"{args.game}: trace follows games written in data (docs/data-games.md)")
    game.check_seats(args.players)
    trace(game, args.players, args.seed, print, args.language)
    return EXIT_OK


def _settings_paper() -> str:
    """The paper chosen in Settings, or "" to follow the locale."""
    from .persistence.settings import load_settings

    return load_settings().paper


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run scenario files; print failures as readable diffs."""
    from .games import get_game
    from .games.datagame import game_argument

    # --game: every scenario's `game:` is replaced by this game (a data game's file checked against
    # another game's scenarios: its rules written as data)
    replaced = get_game(game_argument(args.game)) if args.game else None

    def lookup(name: str) -> Any:
        return replaced if replaced is not None else get_game(name)

    failed = passed = 0
    for name in args.files:
        path = Path(name)
        if not path.exists():
            raise UsageError(f"{name}:1:1: no such file or folder")
        files = sorted(p for p in path.rglob("*.yaml") if p.is_file()) if path.is_dir() else [path]
        if not files:  # an empty folder must not pass as "0 failed"
            raise UsageError(f"{name}:1:1: no scenario files (*.yaml) in this folder")
        for file in files:
            for result in _scenario_results(file, lookup, replaced is not None):
                if result.passed:
                    passed += 1
                    if args.verbose:
                        print(f"ok    {file}: {result.name}")
                else:
                    failed += 1
                    print(f"FAIL  {file}: {result.name}")
                    for line in result.failures:
                        print(f"      - {line}")
    print(f"{passed} passed, {failed} failed")
    return EXIT_FAILED if failed else EXIT_OK


def _scenario_results(path: Path, lookup: Any, replaced: bool) -> list[Any]:
    """A file's scenario results. With the game replaced (--game), a scenario the game cannot set up
    (a `setup:` key or parameter of the game the file names) is that scenario's failure, and the
    rest of the file still runs; otherwise a malformed file stops the command (exit 2)."""
    from .scenario import ScenarioError, ScenarioResult, load_file, run_file, run_scenario

    if not replaced:
        return run_file(path, lookup)
    specs, root = load_file(path)
    results = []
    for spec, base in specs:
        try:
            results.append(run_scenario(spec, str(path), root, base, lookup))
        except ScenarioError as exc:
            failed = ScenarioResult(str(spec.get("name", path.stem)), str(path))
            failed.failures.append(f"cannot be set up: {exc}")
            results.append(failed)
    return results


def cmd_play(args: argparse.Namespace) -> int:
    """Open the table; with --terminal (or no display) play a bot game in the terminal instead."""
    if not args.terminal:
        try:
            from .ui.app import run_app  # type: ignore[import-not-found]
        except ImportError:
            run_app = None
        if run_app is not None:
            return int(run_app(args))
    return _terminal_game(args)


def _terminal_game(args: argparse.Namespace) -> int:
    from .games import all_games
    from .simulate import play_one

    players = args.players or 4
    bots = _bot_names(args.bots or "random", players)
    game_id = args.game or next(iter(all_games()))
    bots += [bots[-1]] * (players - len(bots))
    # each move is printed as it is made (a long game shows its progress at once, not at the end)
    engine = play_one(
        game_id,
        players,
        1 if args.seed is None else args.seed,
        _parse_sets(args.set),
        bots,
        on_move=lambda line: print(line, flush=True),
    )
    state = engine.state
    winners = ", ".join(f"Player {w + 1}" for w in state.winners) or "nobody"
    print(f"game over after {len(state.history)} actions: won by {winners}; scores {state.scores}")
    return EXIT_OK


class _VersionAction(argparse.Action):
    """--version: the version with pygame-ce, SDL and Python versions, the user's folders, the licences."""

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str = argparse.SUPPRESS,
        default: Any = argparse.SUPPRESS,
        help: str | None = None,
    ) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        from .ui.appinfo import version_report

        print(version_report())
        parser.exit()


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """The options of a batch of bot games, the same for `simulate` and `report`."""
    parser.add_argument("--players", type=_count(1, 99, "players"), default=2, help="seats (default 2)")
    parser.add_argument(
        "--games", type=_count(1, 10_000_000, "games"), default=100, help="how many games (default 100)"
    )
    parser.add_argument(
        "--seed", type=_count(0, 2**63 - 1, "seed"), default=0, help="seed of the first game (default 0)"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game parameter, e.g. --set level=5 (repeatable)",
    )
    parser.add_argument(
        "--bots",
        default="",
        help="bot per seat, comma separated (last one repeats): random, heuristic, search; default random",
    )
    parser.add_argument(
        "--jobs",
        type=_count(1, 256, "worker processes"),
        default=1,
        help="worker processes (default 1); results are the same",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also documents every command in --help)."""
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="A desktop card table: rules-enforced card games for 2-6 players on one screen.",
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        help=f"print the version (cardtable {__version__}) with those of pygame-ce, SDL and "
        "Python, where saves, settings and logs live, and the licences, then exit",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the window, play a 4-bot game through the real scenes at full speed, "
        "check every sprite lands where the rules say, and exit (0 = all good)",
    )
    # Hidden from --help, documented in README.md (Benchmarks) and bench/startup.py.
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the table (the default command)")
    play.add_argument("--terminal", action="store_true", help="play a bot game in the terminal instead")
    play.add_argument(
        "--game",
        default=None,
        help="game id for --terminal (default: the first in the menu); without --terminal, "
        "--game sandbox opens the Sandbox's table directly (with --set cardset=PATH: any card set file)",
    )
    play.add_argument(
        "--players",
        type=_count(1, 99, "players"),
        default=None,
        help="players for --terminal (default 4); people at a table opened directly (default 2)",
    )
    play.add_argument(
        "--seed", type=_count(0, 2**63 - 1, "seed"), default=None, help="seed (default 1 for --terminal)"
    )
    play.add_argument("--bots", default="heuristic", help="bots for --terminal, comma separated")
    play.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a game parameter")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play bot games and print win rates, lengths and speed")
    sim.add_argument("game", help="game id, e.g. runeworks")
    _add_run_options(sim)
    sim.add_argument(
        "--rotate",
        action="store_true",
        help="play every seed once per seat rotation of the bots: --games seeds x players games "
        "(paired seeds: seat advantage cancels)",
    )
    sim.add_argument(
        "--bot-budget",
        type=_count(1, 10_000_000, "bot budget"),
        default=None,
        help="the search bot's engine actions a decision (default 2000)",
    )
    sim.add_argument("--check", action="store_true", help="check every invariant after every action")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=cmd_simulate)

    rep = sub.add_parser(
        "report",
        help="the balance report: play bot games (or read saved results) and write report.json, plots "
        "and report.html",
        description="Play bot games of GAME (options as simulate's) or read RUN_DIR (JSONL rows of "
        "`report`, a sweep or a saved run), and write report.json, PNG plots and a self-contained "
        "report.html to --out. --compare A B plays the same seeds under two card set files (or two "
        "parameter settings, k=v[,k=v]) and writes each report, the differences with their 95% "
        "intervals and a card-by-card diff. --from-saves reports on the games finished at the table. "
        "A sweep's RUN_DIR gives its configurations side by side: a table and a plot a figure against the "
        "varied fields, and each configuration's own report in --out/HASH/.",
    )
    rep.add_argument("target", nargs="?", default="", help="a game id, or a folder or file of JSONL rows")
    _add_run_options(rep)
    rep.add_argument(
        "--bot-budget",
        type=_count(1, 10_000_000, "budget"),
        default=None,
        help="the thinking budget of bots that take one (a search bot's iterations a move)",
    )
    rep.add_argument(
        "--rotate", action="store_true", help="shift the bots one seat each game, so each sits in every seat"
    )
    rep.add_argument("--out", default="report", help="the folder to write to (default ./report)")
    rep.add_argument(
        "--compare", nargs=2, metavar=("A", "B"), default=None, help="two card set files or k=v settings"
    )
    rep.add_argument(
        "--from-saves", action="store_true", help="report on the games finished at the table (playtests)"
    )
    rep.add_argument("--language", choices=("en", "ja"), default="en", help="of the plots and the page")
    rep.set_defaults(func=cmd_report)

    swp = sub.add_parser(
        "sweep",
        help="play a grid of card or rule variants over many seeded games, locally or on a Dask cluster",
        description="Play every configuration of a grid (each --vary's values, times --players) over the "
        "same seeds, and write one JSON row a game under RUN_DIR/blocks/, a file per finished block. "
        "Every configuration is checked as `cardtable validate` checks a set before any game is played. "
        "RUN_DIR/manifest.json records the grid, the code version and each card set's hash. The rows are "
        "the same whatever --jobs or --scheduler runs them. Ctrl+C stops and keeps every finished block; "
        "--resume plays the rest.",
    )
    swp.add_argument("game", help="game id, e.g. risugeon")
    swp.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="FIELD=VALUES",
        help="cards.CODE.FIELD=2..5 (a card's field; LOW..HIGH or a list) or params.NAME=4,5 (a rule "
        "parameter); several make a grid",
    )
    swp.add_argument(
        "--games",
        type=_count(1, 10_000_000, "games"),
        default=100,
        help="seeds per configuration (default 100)",
    )
    swp.add_argument(
        "--seed", type=_count(0, 2**63 - 1, "seed"), default=0, help="seed of the first game (default 0)"
    )
    swp.add_argument(
        "--bots", default="random", help="bot per seat, comma separated (last one repeats); default random"
    )
    swp.add_argument(
        "--bot-budget",
        type=_count(1, 10_000_000, "engine actions"),
        default=None,
        help="search budget per decision, in engine actions (for bots that search)",
    )
    swp.add_argument("--players", default="2", help="seat counts, comma separated, e.g. 2,3 (default 2)")
    swp.add_argument(
        "--rotate",
        action="store_true",
        help="play each seed once per seat rotation of the bots (paired games)",
    )
    swp.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a parameter fixed for every configuration",
    )
    swp.add_argument(
        "--out", required=True, metavar="RUN_DIR", help="the run folder (new, or one to --resume)"
    )
    swp.add_argument(
        "--jobs",
        type=_count(1, 256, "worker processes"),
        default=1,
        help="local worker processes (default 1); the rows are the same",
    )
    swp.add_argument(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help="run the blocks on a running Dask cluster instead (pip install 'cardtable[cluster]')",
    )
    swp.add_argument(
        "--block",
        type=_count(1, 10_000_000, "seeds"),
        default=0,
        help="seeds per block (default: what takes about 3 s, timed on one game)",
    )
    swp.add_argument(
        "--until-ci",
        type=float,
        default=None,
        metavar="HALF_WIDTH",
        help="stop a configuration once every seat's win rate is known within ±HALF_WIDTH (95%%), "
        "e.g. 0.025; judged on whole runs of blocks from the first, so the rows kept do not depend on timing",
    )
    swp.add_argument(
        "--resume",
        action="store_true",
        help="finish RUN_DIR: play only the blocks not yet written; refuses changed options or code",
    )
    swp.set_defaults(func=cmd_sweep)

    par = sub.add_parser("params", help="list a game's parameters (variants and PROVISIONAL choices)")
    par.add_argument("game", nargs="?", default="", help="game id (default: every game)")
    par.set_defaults(func=cmd_params)

    val = sub.add_parser(
        "validate",
        help="check card set YAML files (default: the bundled sets)",
        description="Check card set files (and face templates): the schema, card effects, and whether "
        "each game the set is made for (its game: key, else its template; and the sandbox) can be "
        "played with it. Problems read file:line:col: key: message; exit 2 when there are any.",
    )
    val.add_argument("paths", nargs="*", help="files or folders")
    val.add_argument(
        "--strict",
        action="store_true",
        help="treat warnings (a field nothing reads, text that does not fit, a missing image) as errors",
    )
    val.set_defaults(func=cmd_validate)

    scen = sub.add_parser("scenario", help="run scenario files (see docs/scenarios.md)")
    scen.add_argument("files", nargs="+", help="scenario files or folders")
    scen.add_argument("-v", "--verbose", action="store_true", help="list passing scenarios too")
    scen.add_argument(
        "--game",
        default=None,
        metavar="GAME",
        help="play every scenario with this game instead of the one its file names (a game id or a "
        "data game's file: cards/games/NAME.yaml)",
    )
    scen.set_defaults(func=cmd_scenario)

    exp = sub.add_parser(
        "export",
        help="print-and-play PDF (3x3 a page, crop marks, duplex backs) or Tabletop Simulator sheets of a set",
    )
    exp.add_argument("set", help="a bundled set's name (standard52) or a card set file")
    exp.add_argument(
        "--pdf", metavar="FILE", help="write print sheets: faces at 300 dpi, a page of backs after each"
    )
    exp.add_argument(
        "--png-sheets",
        metavar="FOLDER",
        help="write Tabletop Simulator deck sheets (up to 10x7 cells, the hidden face last) and back.png",
    )
    exp.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default=None,
        help="paper (default: Settings, else from the locale)",
    )
    exp.add_argument(
        "--bleed",
        nargs="?",
        const=0.0,
        type=_bleed,
        default=None,
        metavar="MM",
        help="print each card's bleed (the template's bleed_mm, or MM from 0 to 20, or 3 mm when neither says)",
    )
    exp.add_argument("--cards", default="", metavar="CODES", help="only these card codes, comma separated")
    exp.add_argument(
        "--copies",
        choices=("as-in-set", "one"),
        default="as-in-set",
        help="each card as many times as the set counts it (default), or one of each",
    )
    exp.add_argument("--no-backs", action="store_true", help="faces only (no pages of backs for duplex)")
    exp.add_argument(
        "--proof",
        action="store_true",
        help="a labelled proof sheet: one of each card with its code, count and warnings beneath "
        "(a red corner on cards with warnings); no bleed, backs or crop marks",
    )
    exp.set_defaults(func=cmd_export)

    new = sub.add_parser(
        "new-set", help="start a card set: a template, three example cards and a sandbox layout"
    )
    new.add_argument("name", help="the set's name: lowercase letters, digits, _ and -")
    new.add_argument(
        "--dir", default="", help="where to make NAME/ (default: your card sets folder, which the menu lists)"
    )
    new.set_defaults(func=cmd_new_set)

    newgame = sub.add_parser("new-game", help="start a game written in data: a small working game file")
    newgame.add_argument("name", help="the game's id: lowercase letters, digits and _")
    newgame.add_argument("--dir", default="", help="where to write NAME.yaml (default: your games folder)")
    newgame.set_defaults(func=cmd_new_game)

    tr = sub.add_parser(
        "trace", help="play one random game of a data game, printing each step and move as it resolves"
    )
    tr.add_argument("game", help="a data game's id or file")
    tr.add_argument("--players", type=int, default=2, help="seats (default 2)")
    tr.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    tr.add_argument("--language", choices=("en", "ja"), default="en", help="the moves' words (default en)")
    tr.set_defaults(func=cmd_trace)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `cardtable` command."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv) or ["play"])
    if args.smoke_test:
        from .ui.smoke import run_smoke_test

        return run_smoke_test()
    if args.first_frame:  # open the menu, draw one frame and exit; for measuring start-up
        from .ui.app import run_app

        return int(run_app(args))
    if args.command is None:
        args = parser.parse_args(["play", *(argv or sys.argv[1:])])
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed early
        return EXIT_OK
    except Exception as exc:
        if not _is_bad_input(exc):
            raise
        print(f"cardtable: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _is_bad_input(exc: Exception) -> bool:
    """Whether an error is the user's input (one line, exit 2) rather than a bug (a traceback).
    The error types are imported here, not at start-up, so opening the window stays quick."""
    from .bots import BotError
    from .cardsets import LoadError
    from .lab.report import RowError
    from .rules.actions import NotationError
    from .rules.game import ParamError, UnplayableCardSet
    from .scenario import ScenarioError

    return isinstance(
        exc,
        (
            UsageError,
            ParamError,
            ScenarioError,
            LoadError,
            UnplayableCardSet,
            NotationError,
            BotError,
            RowError,
        ),
    )


if __name__ == "__main__":
    sys.exit(main())

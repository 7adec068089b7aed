"""Frame time of the Rune Works! table at 1920x1080 with six seats mid-game, software rendering.

Cases, each over --frames frames (default 600), timing the work of one frame (input, update, draw,
display update) without the frame-rate cap:
  drag    one card dragged around in circles (real MOUSEMOTION events through the scene)
  deal    a full deal animation: every card sliding from the stock to its place, restarted when done
  dice    two dice thrown across the table, tumbling and settling, thrown again when settled
  relayout  the sprites laid out again from the view and the frame redrawn in full (what every move,
          hand-off and undo costs before any card slides), same position each time
  hover   the pointer moved between cards: the tooltip changes, so the frame is redrawn in full
  idle    nothing changes: frames drawn must be zero; CPU use of the real loop over --idle-seconds
  moves   whole moves through the table (--moves of them, bots and the person alike): the move, the
          relayout, and every frame until its cards have landed; milliseconds per move
  thinking  a strong bot thinks (--decisions of its decisions, off the UI thread) while the table
          runs its loop at its 120 Hz cap: each frame's work, and the time between frames as a
          person sees it; and how long a decision takes at the table against the same bot thinking
          alone (the ratio is what the UI thread costs the search under the GIL). The bot is the
          search bot at the table's budget (session.STRONG_BUDGET) when it is registered, else a
          stand-in that keeps the CPU busy in pure Python for --think-s seconds per decision
and, in the same run, the naive way: the same table with every sprite blitted every frame.
Also the peak memory (max RSS) after a whole 6-seat game was played through the table.

With --game GAME only the thinking case runs, at that game's table: two seats (a person, played by a
random bot, and the strong bot) some moves into the game; it adds the frame work's p95 to the figures.

    SDL_VIDEODRIVER=dummy python bench/frame_time.py [--json] [--game GAME]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner on stdout would spoil --json
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", "/tmp/cardtable-bench-home")

import pygame  # noqa: E402

from cardtable.persistence.settings import Settings  # noqa: E402
from cardtable.session import SeatConfig, Session  # noqa: E402
from cardtable.ui.animation import Tween  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.scenes.runeworks_table import RuneWorksTable  # noqa: E402

SIZE = (1920, 1080)
# What the timed cases read: the wall clock, or with --cpu this process's CPU time (on a machine shared
# with other work, the wall clock also counts the time other processes had the core).
clock = time.perf_counter


def make_table(mid_game_actions: int = 120) -> tuple[App, RuneWorksTable]:
    """A 6-seat level-5 table (seat 1 human, the rest bots) some way into the game."""
    settings = Settings(animation_speed=1.0, bot_delay_s=10.0, window_size=SIZE)
    app = App(settings, size=SIZE)
    seats = [SeatConfig("You")] + [SeatConfig(f"Bot {i}", False, "random") for i in range(1, 6)]
    session = Session.new("runeworks", seats, 7, {"level": 5}, autosave=False)
    count = 0
    engine = session.engine
    while not engine.is_over():
        if count >= mid_game_actions and engine.state.phase == "play" and engine.state.active == 0:
            break  # mid-game, and the human at the bottom is to Set or Release: cards can be dragged
        seat = engine.deciding_seats()[0]
        if seat == 0:
            legal = session.engine.legal_actions(0)
            action = next((a for a in legal if a.kind in ("draw", "pass", "noreveal")), legal[-1])
        else:
            action = session.bot_action(seat)
        session.apply(action)
        count += 1
    table = RuneWorksTable(app, session)
    app.push(table)
    for _ in range(3):
        app.frame([])
    return app, table


def make_game_table(game_id: str, mid_game_actions: int = 6) -> tuple[App, object]:
    """A 2-seat table of `game_id` (seat 1 a person, seat 2 the strong bot) a few moves into the game
    and the person to move (both seats moved by the random bot to get there), as the thinking case
    wants it: its baseline frames run with nobody thinking."""
    from cardtable.bots import make_bot
    from cardtable.ui.scenes.registry import table_scene_for

    settings = Settings(animation_speed=1.0, bot_delay_s=10.0, window_size=SIZE)
    app = App(settings, size=SIZE)
    seats = [SeatConfig("You"), SeatConfig("Strong", False, "search")]
    session = Session.new(game_id, seats, 7, autosave=False)
    chooser = make_bot("random", game_id, 3)
    engine = session.engine
    count = 0
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        if count >= mid_game_actions and seat == 0:
            break
        count += 1
        session.apply(chooser.choose(engine.view(seat)))
    table = table_scene_for(app, session)
    app.push(table)
    for _ in range(3):
        app.frame([])
    return app, table


def timed_frames(app: App, frames: int, events_for: object) -> list[float]:
    """Milliseconds of work per frame: dispatch, update with a fixed 60 Hz step, draw if needed."""
    out = []
    for index in range(frames):
        events = events_for(index)  # type: ignore[operator]
        start = clock()
        for event in events:
            app._dispatch(event)
        changed = False
        for scene in app.scenes:
            changed = scene.update(1 / 60) or changed
        if changed or app._needs_draw():
            app._draw()
        out.append((clock() - start) * 1000)
    return out


def drag_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    """One card picked up from the hand and moved in circles."""
    hand = table.engine.state.zones["hand:0"].cards
    sprite = next(s for s in table.board.sprites.values() if s.card in hand)
    start = sprite.card_rect().center
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    cx, cy = SIZE[0] // 2, SIZE[1] // 2

    def events(i: int) -> list[pygame.event.Event]:
        angle = i * 0.05
        pos = (int(cx + 300 * math.cos(angle)), int(cy + 200 * math.sin(angle)))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))]

    times = timed_frames(app, frames, events)
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    table.animator.finish_all()
    for _ in range(3):
        app.frame([])
    return times


def start_deal(table: RuneWorksTable) -> None:
    """Every card flies from the stock to its place, staggered like a real deal."""
    stock, _ = table.pile_rects()
    for index, sprite in enumerate(table.board.ordered()):
        end = (sprite.x, sprite.y)
        table.animator.add(Tween(sprite, (stock.x, stock.y), end, 0.35, min(index, 52) * 0.015, arc=20))


def deal_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    def events(i: int) -> list[pygame.event.Event]:
        if not table.animator.busy:
            start_deal(table)
        return []

    times = timed_frames(app, frames, events)
    table.animator.finish_all()
    app.frame([])
    return times


def dice_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    """Two dice thrown across the table, tumbling and settling, thrown again when they have settled."""
    from cardtable.rules.events import DiceRolled

    throws = [0]

    def events(i: int) -> list[pygame.event.Event]:
        if not any(not roll.done for roll in table.rolls):
            table.rolls.clear()
            table.throw(DiceRolled(0, 6, (1 + throws[0] % 6, 6 - throws[0] % 6)))
            throws[0] += 1
        return []

    times = timed_frames(app, frames, events)
    table.rolls.clear()
    table.relayout(animate=False)
    app.frame([])
    return times


def relayout_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    """The view laid out again and the whole frame redrawn (the position stays the same)."""
    out = []
    for _ in range(frames):
        start = clock()
        table.relayout(animate=False)
        app._draw()
        out.append((clock() - start) * 1000)
    return out


def hover_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    """The pointer moved from card to card (a tooltip each time): a full redraw per frame."""
    sprites = [s for s in table.board.ordered() if s.face_up]
    centres = [s.card_rect().center for s in sprites] + [(5, SIZE[1] // 2)]

    def events(i: int) -> list[pygame.event.Event]:
        pos = centres[i % len(centres)]
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]

    times = timed_frames(app, frames, events)
    app._dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame([])
    return times


def moves_case(app: App, table: RuneWorksTable, moves: int) -> list[float]:
    """The table plays on by itself for `moves` moves (the person's chosen by a random bot, the bots'
    without their pause), frame by frame at 60 Hz: milliseconds of work per move, its slides included."""
    from cardtable.bots import make_bot

    app.settings.bot_delay_s = 0.0
    chooser = make_bot("random", "runeworks", 5)
    session, engine = table.session, table.engine
    first = session.move_count
    frames = 0
    start = clock()
    while session.move_count - first < moves and not engine.is_over() and frames < moves * 400:
        frames += 1
        events: list[pygame.event.Event] = []
        if app.top is not table:  # a hand-off screen or a round's end: passed at once
            events = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)]
        elif table.viewer is not None and table.my_legal() and not table.animator.busy:
            table.perform(chooser.choose(engine.view(table.viewer)))
        for event in events:
            app._dispatch(event)
        changed = False
        for scene in list(app.scenes):
            changed = scene.update(1 / 60) or changed
        if changed or app._needs_draw():
            app._draw()
    made = max(1, session.move_count - first)
    return [(clock() - start) * 1000 / made] * made


class BusyBot:
    """Stands in for the search bot where it is not registered: a fixed amount of pure Python work (so
    it holds the GIL as a search does, and takes longer when it gets less of it), about `seconds` on
    this machine alone, then a random legal move."""

    name = "busy"

    def __init__(self, rng: object, seconds: float) -> None:
        self.rng = rng
        begun = time.perf_counter()
        self._work(300_000)
        self.rounds = max(1, int(300_000 * seconds / max(1e-6, time.perf_counter() - begun)))

    @staticmethod
    def _work(rounds: int) -> int:
        spin = 0
        for i in range(rounds):
            spin = (spin * 31 + i) % 1000003
        return spin

    def choose(self, view: object) -> object:
        self._work(self.rounds)
        legal = view.legal  # type: ignore[attr-defined]
        return legal[int(self.rng.random() * len(legal))]  # type: ignore[attr-defined]


def strong_bot(think_s: float, game_id: str = "runeworks") -> tuple[str, object]:
    """The table's strong bot for the game (or the stand-in), and what it is."""
    from cardtable.bots import bot_factories
    from cardtable.rules.rng import Rng
    from cardtable.session import STRONG_BOT, STRONG_BUDGET, table_bot

    if STRONG_BOT in bot_factories(game_id):
        return f"search bot, budget {STRONG_BUDGET}", table_bot(STRONG_BOT, game_id, 17)
    return f"stand-in busy {think_s:.1f} s", BusyBot(Rng(17), think_s)


def thinking_case(
    app: App,
    table: RuneWorksTable,
    decisions: int,
    think_s: float,
    game_id: str = "runeworks",
    p95: bool = False,
) -> dict[str, float]:
    """Frames while a strong bot thinks off the UI thread, as the real loop runs them (module doc)."""
    from cardtable.bots import make_bot

    what, bot = strong_bot(think_s, game_id)
    app.settings.bot_delay_s = 0.0
    app.settings.animation_speed = 1.0
    app.fast = False
    session, engine = table.session, table.engine
    for seat in list(session.bots):
        session.bots[seat] = bot  # type: ignore[assignment]
    chooser = make_bot("random", game_id, 5)
    work: list[float] = []
    gaps: list[float] = []
    at_table: list[float] = []
    alone: list[float] = []
    asked = 0
    idle_gaps: list[float] = []
    last = clock()
    for _ in range(120):  # the same loop with nobody thinking (the person to move): the baseline
        start = clock()
        for scene in list(app.scenes):
            scene.update(1 / 120)
        idle_gaps.append((start - last) * 1000)
        last = start
        app.clock.tick(120)
    last_turn = None
    stuck = 0
    while asked < decisions and not engine.is_over():
        if app.top is not table:  # a hand-off screen or a round's end: passed at once
            app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
        elif table.viewer is not None and table.my_legal() and not table.animator.busy:
            table.perform(chooser.choose(engine.view(table.viewer)))
        elif p95 and not table.animator.busy and (table.thought is None or table.thought[1].done()):
            # nothing thinks and nothing moves: a table that waits for the person's click or Space
            # with no move to make (Lyabi's revealed battle) gets Space after a quarter second, as
            # a person would press it
            stuck += 1
            if stuck >= 30:
                stuck = 0
                app._dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        thinking = table.thought is not None and not table.thought[1].done()
        start = clock()
        changed = False
        for scene in list(app.scenes):
            changed = scene.update(1 / 120) or changed
        if changed or app._needs_draw():
            app._draw()
        end = clock()
        if table.thought is not None and table.thought[0] is not last_turn:  # a question asked this frame
            asked += 1
            turn, future = table.thought
            last_turn = turn
            question = (turn.view, session.bots[turn.seat].rng.state)  # the generator before it
            begun = table.thought_since
            future.add_done_callback(lambda _f, b=begun: at_table.append(time.perf_counter() - b))
            alone.append(question)  # type: ignore[arg-type]
        if thinking:
            work.append((end - start) * 1000)
            gaps.append((start - last) * 1000)
        last = start
        app.clock.tick(120)
    while table.thought is not None and not table.thought[1].done():
        time.sleep(0.01)
    solo = []
    for view, state in alone:  # type: ignore[misc]
        bot.rng.state = state  # type: ignore[attr-defined]
        begun = time.perf_counter()
        bot.choose(view)  # type: ignore[attr-defined]
        solo.append(time.perf_counter() - begun)
    app.fast = True
    ordered = sorted(work) or [0.0]
    spaced = sorted(gaps) or [0.0]
    table_s = statistics.mean(at_table) if at_table else 0.0
    solo_s = statistics.mean(solo) if solo else 0.0
    print(f"thinking: {what}, {len(at_table)} decisions", file=sys.stderr)
    extra = {}
    if p95:  # --game's figures (the default output stays as it was)
        extra = {
            "thinking_p95_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))],
            "thinking_gap_p95_ms": spaced[min(len(spaced) - 1, int(len(spaced) * 0.95))],
        }
    return extra | {
        "thinking_frames": float(len(work)),
        "thinking_median_ms": statistics.median(ordered),
        "thinking_p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "thinking_max_ms": ordered[-1],
        "thinking_gap_median_ms": statistics.median(spaced),
        "thinking_gap_p99_ms": spaced[min(len(spaced) - 1, int(len(spaced) * 0.99))],
        "thinking_gap_max_ms": spaced[-1],
        "idle_gap_median_ms": statistics.median(idle_gaps[1:]),
        "thinking_vs_idle_gap_median_ratio": statistics.median(spaced) / statistics.median(idle_gaps[1:]),
        "decision_at_table_ms": table_s * 1000,
        "decision_alone_ms": solo_s * 1000,
        "decision_table_vs_alone_ratio": table_s / solo_s if solo_s else 0.0,
    }


def naive_case(app: App, table: RuneWorksTable, frames: int) -> list[float]:
    """The baseline: background and every sprite blitted every frame, then a full flip."""
    screen = app.screen
    board = table.board
    out = []
    for _ in range(frames):
        start = clock()
        screen.blit(board.background, (0, 0))  # type: ignore[arg-type]
        for sprite in board.ordered():
            screen.blit(board.image(sprite), (int(sprite.x), int(sprite.y)))
        pygame.display.flip()
        out.append((clock() - start) * 1000)
    return out


def idle_case(app: App, seconds: float) -> dict[str, float]:
    """The real main loop with nothing happening: how many frames it draws and how much CPU it uses."""
    app.fast = False
    for scene in app.scenes:  # the drag case's drop left a message on screen: clear it first
        if hasattr(scene, "toast"):
            scene.toast = None
    app.frame([])  # settle: whatever the previous case left to draw is drawn now, before measuring
    drawn_before = app.frames_drawn
    cpu_before = time.process_time()
    wall_before = time.perf_counter()
    while time.perf_counter() - wall_before < seconds:
        app.frame()
    wall = time.perf_counter() - wall_before
    return {
        "idle_frames_drawn": float(app.frames_drawn - drawn_before),
        "idle_cpu_percent": 100 * (time.process_time() - cpu_before) / wall,
    }


def whole_game_peak_rss(app: App) -> float:
    """Play one 6-seat level-5 bot game through the table (faces cached as shown); max RSS in MB."""
    seats = [SeatConfig(f"Bot {i}", False, "heuristic") for i in range(6)]
    session = Session.new("runeworks", seats, 11, {"level": 5}, autosave=False)
    app.settings.bot_delay_s = 0.0
    app.settings.animation_speed = 0.0
    app.fast = True
    table = RuneWorksTable(app, session)
    app.replace(table)
    for _ in range(200000):
        if session.engine.is_over():
            break
        app.frame([])
    factor = 1024 if sys.platform != "darwin" else 1024 * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / factor


def summary(times: list[float]) -> dict[str, float]:
    """Median and p99 in milliseconds."""
    ordered = sorted(times)
    return {
        "median_ms": statistics.median(ordered),
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--decisions", type=int, default=4, help="strong bot decisions in the thinking case")
    parser.add_argument("--think-s", type=float, default=0.8, help="the stand-in bot's seconds a decision")
    parser.add_argument("--only-thinking", action="store_true", help="run only the thinking case")
    parser.add_argument(
        "--game", help="run only the thinking case, at this game's 2-seat table (person and strong bot)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="time the cases in CPU time, not wall time")
    parser.add_argument(
        "--whole-game",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also play a whole 6-seat game through the table for peak memory (~10 s)",
    )
    args = parser.parse_args()
    if args.cpu:
        global clock
        clock = time.process_time
    if args.game:
        app, game_table = make_game_table(args.game)
        results = thinking_case(app, game_table, args.decisions, args.think_s, args.game, p95=True)  # type: ignore[arg-type]
        print_thinking(results, args.json)
        if not args.json:
            print(
                f"{args.game}: p95 while it thinks: work {results['thinking_p95_ms']:.2f} ms, "
                f"between frames {results['thinking_gap_p95_ms']:.1f} ms"
            )
        return 0
    app, table = make_table()
    sprites = len(table.board.sprites)
    results: dict[str, float] = {"sprites": float(sprites)}
    if args.only_thinking:
        results.update(thinking_case(app, table, args.decisions, args.think_s))
        print_thinking(results, args.json)
        return 0
    cases = (
        ("naive", naive_case),
        ("drag", drag_case),
        ("deal", deal_case),
        ("dice", dice_case),
        ("relayout", relayout_case),
        ("hover", hover_case),
    )
    for name, case in cases:
        frames = args.frames if name != "relayout" else max(1, args.frames // 4)
        for key, value in summary(case(app, table, frames)).items():
            results[f"{name}_{key}"] = value
    results["drag_vs_naive_p99_ratio"] = results["naive_p99_ms"] / results["drag_p99_ms"]
    results["drag_vs_naive_median_ratio"] = results["naive_median_ms"] / results["drag_median_ms"]
    results.update(idle_case(app, args.idle_seconds))
    app.fast = False
    results["move_mean_ms"] = statistics.mean(moves_case(app, table, args.moves))
    results.update(thinking_case(app, table, args.decisions, args.think_s))
    if args.whole_game:
        results["peak_rss_mb"] = whole_game_peak_rss(app)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(
        f"({'CPU' if args.cpu else 'wall'} time) "
        f"Rune Works! table, 6 seats mid-game, {SIZE[0]}x{SIZE[1]}, {sprites} card sprites, {args.frames} frames"
    )
    print(f"{'case':<10}{'median ms':>12}{'p99 ms':>10}")
    for name, _ in cases:
        print(f"{name:<10}{results[name + '_median_ms']:>12.3f}{results[name + '_p99_ms']:>10.3f}")
    print(
        f"drag vs naive: {results['drag_vs_naive_p99_ratio']:.1f}x better at p99, "
        f"{results['drag_vs_naive_median_ratio']:.1f}x at the median"
    )
    print(
        f"idle: {results['idle_frames_drawn']:.0f} frames drawn in {args.idle_seconds:.0f} s, "
        f"CPU {results['idle_cpu_percent']:.1f}%"
    )
    print(f"moves: {results['move_mean_ms']:.1f} ms of work per move, its frames until landed included")
    print_thinking(results, False)
    if args.whole_game:
        print(f"peak memory after a whole 6-seat game through the table: {results['peak_rss_mb']:.0f} MB")
    return 0


def print_thinking(results: dict[str, float], as_json: bool) -> None:
    """The thinking case's figures (all of them as JSON with --json --only-thinking)."""
    if as_json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"while a bot thinks: {results['thinking_frames']:.0f} frames, work median "
        f"{results['thinking_median_ms']:.2f} ms, p99 {results['thinking_p99_ms']:.2f} ms, max "
        f"{results['thinking_max_ms']:.2f} ms; between frames median {results['thinking_gap_median_ms']:.1f} ms, "
        f"p99 {results['thinking_gap_p99_ms']:.1f} ms, max {results['thinking_gap_max_ms']:.1f} ms"
    )
    print(
        f"between frames with nobody thinking: median {results['idle_gap_median_ms']:.1f} ms "
        f"({results['thinking_vs_idle_gap_median_ratio']:.2f}x while a bot thinks)"
    )
    print(
        f"a decision: {results['decision_at_table_ms']:.0f} ms at the table, "
        f"{results['decision_alone_ms']:.0f} ms alone ({results['decision_table_vs_alone_ratio']:.2f}x)"
    )


if __name__ == "__main__":
    sys.exit(main())

"""The application: window, clock, scene stack and the main loop.

The loop redraws only when a scene reports a change and waits on the event queue when nothing moves,
so an idle table costs no CPU. Settings, the sound bank, the translator and the card renderers live
here and are shared by every scene.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ..persistence.files import clean_stale_temporaries, user_folders
from ..persistence.settings import Settings, load_settings, save_settings
from ..rules.cards import CardSet
from . import thinking
from .i18n import Translator
from .scene import Scene

WM_CLASS = "cardtable"
# Keys whose held repeat means something (moving through a list, deleting text); any other key acts
# once per press, however long it is held.
REPEATING_KEYS = frozenset(
    (
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
    )
)
log = logging.getLogger("cardtable")


class App:
    """One window and its stack of scenes."""

    def __init__(
        self, settings: Settings | None = None, size: tuple[int, int] | None = None, fast: bool = False
    ) -> None:
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WM_CLASS)
        os.environ.setdefault("SDL_IME_SHOW_UI", "1")
        self.settings = settings or load_settings()
        # temporary files left by a write the last run did not finish (a crash, a kill)
        folders = user_folders()
        for folder in (folders.saves, folders.settings):
            clean_stale_temporaries(folder)
        self.fast = fast  # smoke tests: no animation, no bot delay, no idle waiting
        if fast:
            self.settings.animation_speed = 0.0
            self.settings.bot_delay_s = 0.0
        # How long the frame that asks a bot waits for its answer (cardtable/ui/thinking.py): a quick
        # bot moves in that frame, a slow one thinks while the frames go on. None (a fast run: smoke
        # tests, a table driven frame by frame) waits for every answer, so its bots move in the frame
        # they are due, whatever else the machine is doing.
        self.think_wait_s: float | None = None if fast else thinking.ANSWER_WAIT_S
        pygame.display.init()
        pygame.font.init()
        from .sound import open_sound_bank

        self.sounds = open_sound_bank(self.settings.volume, self.settings.muted)
        self.windowed_size = size or self.settings.window_size
        self.size_changed = False  # the window was resized since start (its size is saved on quit)
        self.screen = self._open_window(self.settings.fullscreen and not fast)
        pygame.display.set_caption("cardtable")
        pygame.key.set_repeat(350, 40)
        pygame.key.stop_text_input()  # on only while a name is edited: an IME must not eat the claim keys
        self.t = Translator(self.settings.language)
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames_drawn = 0
        self._keys_down: set[int] = set()  # keys seen going down and still held, for _stray_repeat
        self._renderers: dict[int, tuple[CardSet, Any]] = {}
        self.after_frame: list[Callable[[], None]] = []

    # -- window ------------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """F11: switch between a window and the whole screen."""
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.settings.fullscreen:
            self.screen = self._open_window(False)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = self._open_window(True)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface()
        if not self.settings.fullscreen and tuple(self.screen.get_size()) != tuple(self.settings.window_size):
            self.settings.window_size = self.screen.get_size()  # remembered: written when the app ends
            self.size_changed = True
        for scene in self.scenes:
            scene.resize(self.screen.get_size())

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    # -- shared services ---------------------------------------------------------------------
    def renderer(self, cardset: CardSet) -> Any:
        """The card face renderer of a card set (faces cached per size)."""
        hit = self._renderers.get(id(cardset))
        if hit is None or hit[0] is not cardset:
            from .render.cardface import CardRenderer

            hit = (cardset, CardRenderer(cardset, language=self.t.language))
            self._renderers[id(cardset)] = hit
        return hit[1]

    def apply_settings(self) -> None:
        """Settings changed: language, sound; written to disk."""
        self.t.language = self.settings.language
        for _, renderer in self._renderers.values():
            renderer.language = self.t.language  # faces print the table's language first
        self.sounds.set_volume(self.settings.volume)
        self.sounds.set_muted(self.settings.muted)
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("settings not saved: %s", exc)
        for scene in self.scenes:
            scene.needs_full_redraw = True

    def play(self, sound: str) -> None:
        """Play a named sound (silent when there is no audio device or the sound is muted)."""
        self.sounds.play(sound)

    # -- scene stack -------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Put a scene (or overlay) on top."""
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def pop(self) -> Scene:
        """Remove the top scene; the one below is shown again."""
        scene = self.scenes.pop()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Replace the whole stack with one scene."""
        self.scenes.clear()
        self.push(scene)

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def quit(self) -> None:
        """Leave the main loop."""
        self.running = False

    # -- loop --------------------------------------------------------------------------------
    def busy(self) -> bool:
        """Whether any scene has something moving or a timer running."""
        return any(getattr(s, "busy", lambda: False)() for s in self.scenes)

    def frame(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle input, advance time and draw if needed; returns whether anything was drawn."""
        dt = self.clock.tick(0 if self.fast else 120) / 1000.0
        if events is None:
            events = pygame.event.get()
            if not events and not self.busy() and not self.fast and not self._needs_draw():
                first = pygame.event.wait(500)  # idle: sleep until something happens
                events = [first] if first.type != pygame.NOEVENT else []
                events += pygame.event.get()
        for event in events:
            self._dispatch(event)
            if not self.running:
                return False
        changed = False
        scenes = list(self.scenes)
        paused_below = max((i for i, s in enumerate(scenes) if s.pauses_below), default=0)
        for scene in scenes[paused_below:]:
            changed = scene.update(min(dt, 0.1)) or changed
        drawn = False
        if changed or self._needs_draw():
            self._draw()
            drawn = True
        for callback in self.after_frame:
            callback()
        return drawn

    def _shown(self) -> list[Scene]:
        """The scenes a frame draws: the top one and, under translucent overlays, those they show."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].translucent:
            first -= 1
        return self.scenes[max(0, first) :]

    def _needs_draw(self) -> bool:
        # Only a scene that is drawn asks for a frame: one hidden under an opaque screen is not drawn,
        # so its wish was never met and every frame was drawn for it (the menu, whose button had just
        # opened Settings over it, kept a core a third busy). It is drawn anew when it shows again.
        return any(s.needs_full_redraw for s in self._shown())

    def _stray_repeat(self, event: pygame.event.Event) -> bool:
        """Whether a key-down is the repeat of a key that acts once per press. pygame makes repeats on a
        timer thread from the moment it read the key going down, so when a frame ran long (a save, a
        bot's answer, a busy machine) a quick tap got a repeat before its key-up was read: Save and
        quit's digit also opened a game in the menu that followed, one Pass passed two phases
        (playtest 2026-11-28). A key counts as held only while the keyboard says so when its key-down
        is read: a posted event (a test's) never is, so it always acts."""
        if event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # its key-ups go to another window
        elif event.type == pygame.KEYDOWN:
            if event.key in self._keys_down:
                return event.key not in REPEATING_KEYS
            if pygame.key.get_pressed()[event.key]:
                self._keys_down.add(event.key)
        return False

    def _dispatch(self, event: pygame.event.Event) -> None:
        if self._stray_repeat(event):
            return
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self._resized()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.DROPFILE:  # a card set dropped onto the window opens in the Sandbox
            from .scenes.open_set import open_dropped

            open_dropped(self, event.file)
        elif self.top is not None:
            self.top.handle(event)

    def _draw(self) -> None:
        shown = self._shown()
        layered = len(shown) > 1
        rects: list[pygame.Rect] | None = []
        for scene in shown:
            if layered:
                scene.needs_full_redraw = True
            got = scene.draw(self.screen)
            if got is None or rects is None:
                rects = None
            else:
                rects.extend(got)
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self.frames_drawn += 1

    def closing(self) -> None:
        """The app is about to end: what is remembered for next time (the window's size) is written, and
        a game in play is saved whole (its journal already holds every move; the whole save also keeps
        where the game stands, which the menu's Continue names)."""
        if self.size_changed:
            self.apply_settings()
        for scene in self.scenes:
            session = getattr(scene, "session", None)
            if session is None or not getattr(session, "autosave", False) or session.engine.is_over():
                continue
            try:
                session.save()
            except OSError as exc:  # the journal keeps the game: Continue still has every move
                logging.getLogger("cardtable.app").warning("save on closing failed: %s", exc)

    def run(self) -> int:
        """The main loop, until Quit."""
        while self.running and self.scenes:
            self.frame()
        self.closing()
        pygame.quit()
        return 0


def setup_logging() -> str:
    """Log to the user log folder (a windowed build has no console); returns the log file's path.

    When that folder cannot be written, the log goes to the system's temporary folder instead.
    """
    import tempfile

    folder = user_folders().logs
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(folder / "cardtable.log", encoding="utf-8")
    except OSError:
        folder = Path(tempfile.gettempdir())
        handler = logging.FileHandler(folder / "cardtable.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("cardtable")
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    return str(folder / "cardtable.log")


def _set_window_icon() -> None:
    """The window's icon (sprites/icon.png, drawn by packaging/make_icon.py); none if it is missing."""
    from ..resources import sprites_dir

    try:
        with sprites_dir().joinpath("icon.png").open("rb") as handle:
            pygame.display.set_icon(pygame.image.load(handle, "icon.png"))
    except (OSError, pygame.error):
        log.info("no window icon")


def _direct_table(app: App, args: Any) -> int | None:
    """`cardtable play --game sandbox --set cardset=PATH`: the table itself, not the menu (two people
    unless --players says otherwise). None when the command names no game to open; 2 (a usage error)
    with the reason on stderr when the set does not load."""
    game = getattr(args, "game", None)
    if game is None:
        return None
    if game != "sandbox":
        print(
            f"cardtable play: only the sandbox opens directly (--game sandbox); got {game!r}", file=sys.stderr
        )
        return 2
    from .scenes.open_set import sandbox_scene

    params: dict[str, Any] = {}
    for pair in getattr(args, "set", None) or ():
        key, _, value = str(pair).partition("=")
        params[key.strip()] = value.strip()
    cardset = str(params.pop("cardset", "standard52"))
    players = getattr(args, "players", None) or 2
    try:
        app.replace(sandbox_scene(app, cardset, players, getattr(args, "seed", None), params))
        if Path(cardset).expanduser().is_file():
            from .scenes.open_set import remember

            remember(app, cardset)
    except Exception as exc:  # the set's problem in its words (file, line, key)
        print(f"cardtable play: {exc}", file=sys.stderr)
        return 2
    return None


def run_app(args: Any) -> int:
    """Open the window on the menu (the `cardtable` command). A crash is logged, and its log's path is
    shown on stderr, and in a message window when the app is frozen or has no console.

    With `args.first_frame` (`cardtable --first-frame`) it draws the menu once, prints when, and exits:
    bench/startup.py measures start-up with it.
    """
    log_path = setup_logging()
    started = time.perf_counter()
    try:
        from .appinfo import version_line
        from .scenes.menu import MenuScene

        log.info("%s%s", version_line(), " (built app)" if getattr(sys, "frozen", False) else "")
        app = App()
        _set_window_icon()
        app.push(MenuScene(app))
        direct = _direct_table(app, args)
        if direct is not None:
            return direct
        log.info("first scene after %.3f s", time.perf_counter() - started)
        if getattr(args, "first_frame", False):
            app.frame([])
            print(
                f"first frame drawn at {time.time():.6f} (unix time); frames drawn: {app.frames_drawn}",
                flush=True,
            )
            pygame.quit()
            return 0 if app.frames_drawn else 1
        return app.run()
    except Exception:
        log.exception("crash")
        from .crash import report_crash

        report_crash(log_path)
        return 1

"""Opening a card set file in the Sandbox from anywhere: a YAML (or CSV) file dropped onto the window
(pygame's DROPFILE, handled by the app whatever scene is on top) and `cardtable play --game sandbox
--set cardset=PATH`, which opens the table directly. Two people sit at it (Player 1 and Player 2);
a set that does not load says why on the screen and nothing else changes.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...limits import FileRefused, read_limited
from ...persistence.settings import MAX_PATH
from ...session import SeatConfig, Session
from ..widgets import DIM, GOLD, INK
from .common import FormScene, TextField, UiButton, blit_text, draw_error, px
from .notice import NoticeLine, NoticeScene
from .registry import table_scene_for

if TYPE_CHECKING:
    from ..app import App
    from ..scene import Scene

log = logging.getLogger(__name__)
MAX_SET_BYTES = 4 * 1024 * 1024  # a set file read only to see whether it names a dropped card list
OPENS = (".yaml", ".yml", ".csv")  # the files a drop opens (a CSV card list once the loader reads one)
# the keys that end editing the path field on the Open screen: Esc leaves, Enter opens, the rest move on
LEAVE_FIELD = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
)


def sandbox_scene(
    app: App, cardset: str, players: int = 2, seed: int | None = None, params: dict[str, Any] | None = None
) -> Scene:
    """The Sandbox's table for `cardset` (a path or a bundled name) with `players` people at it;
    raises what loading the set raises (its message names the file, line and key)."""
    from .setup import seed_from_clock

    seats = [SeatConfig(app.t("seat.name", n=n + 1)) for n in range(players)]
    values = {**(params or {}), "cardset": cardset}
    session = Session.new("sandbox", seats, seed_from_clock() if seed is None else seed, values)
    return table_scene_for(app, session)


def open_dropped(app: App, file: str) -> None:
    """A file dropped onto the window: a card set opens in the Sandbox (the table before it was
    autosaved with its last move); anything else, or a set that does not load, is said and kept out."""
    path = Path(file)
    if path.suffix.lower() not in OPENS:
        app.push(
            NoticeScene(app, app.t("open.title"), [NoticeLine((app.t("open.not_a_set", name=path.name),))])
        )
        return
    if path.suffix.lower() == ".csv":  # a spreadsheet card list: the set file beside it that names it
        owner = set_of_card_list(path)
        if owner is None:
            line = app.t("open.csv_alone", name=path.name)
            app.push(NoticeScene(app, app.t("open.title"), [NoticeLine((line,))]))
            return
        path = owner
    try:
        scene = sandbox_scene(app, str(path))
    except Exception as exc:  # the set's problem in its words: fixed, the file is dropped again
        log.warning("could not open %s: %s", path, exc)
        app.push(NoticeScene(app, app.t("open.title"), [NoticeLine((app.t("open.failed", error=str(exc)),))]))
        return
    log.info("opened %s in the Sandbox", path)
    remember(app, str(path))
    while len(app.scenes) > 1:
        app.pop()
    app.replace(scene)


def set_of_card_list(csv: Path) -> Path | None:
    """The card set file beside a CSV card list that takes its cards from it (`cards: NAME.csv`)."""
    wanted = re.compile(rf"^cards:\s*[\"']?{re.escape(csv.name)}[\"']?\s*(#.*)?$", re.M)
    for candidate in sorted(csv.parent.glob("*.y*ml")):
        try:
            text = read_limited(candidate, MAX_SET_BYTES).decode("utf-8", "replace")
        except (FileRefused, OSError):
            continue
        if wanted.search(text):
            return candidate
    return None


def remember(app: App, path: str) -> None:
    """Keep a set file that opened in the recent list of the settings (saved at once)."""
    app.settings.remember_set(str(Path(path).expanduser().resolve()))
    app.apply_settings()


class OpenSetScene(FormScene):
    """ "Open a card set…": a path typed (or pasted) into one field, or one of the recent files, opens
    in the Sandbox. No file dialog: a small own entry that works the same on every platform.

    The field takes the keyboard as the screen opens, as its hint promises ("type or paste the path
    and press Enter"): a path typed at once used to go nowhere until the field was clicked. Esc leaves
    the screen even then (one press, not one to stop editing and another to go back), Up, Down and Tab
    move on to the recent files and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.error: str | None = None
        self.field: TextField | None = None

    def enter(self) -> None:
        super().enter()
        if self.field is not None:
            self.start_editing(self.field)

    def handle(self, event: pygame.event.Event) -> None:
        editing = self.editing
        key = event.key if event.type == pygame.KEYDOWN else None
        if editing is None or editing.composition or key not in LEAVE_FIELD:
            super().handle(event)  # an IME's composition takes its own Esc and Enter
            return
        editing.end(keep=key != pygame.K_ESCAPE)
        self.editing = None
        self.needs_full_redraw = True
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typed()
            if self.app.top is self and self.field is not None:
                self.start_editing(self.field)  # nothing opened (an empty or a wrong path): type again
        else:  # Up, Down, Tab: on to the recent files and Back, as from any field
            super().handle(event)

    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        left, top = int(width * 0.08), int(height * 0.24)
        w, h = int(width * 0.84), px(size, 48)
        text = self.field.text if self.field is not None else ""
        self.field = TextField(
            "",
            pygame.Rect(left, top, w, h),
            lambda: None,
            tag="path",
            text=text,
            placeholder=t("open.placeholder"),
            max_len=MAX_PATH,
        )
        self.controls = [self.field]
        y = top + h + px(size, 56)
        for index, path in enumerate(self.app.settings.recent_sets):
            rect = pygame.Rect(left, y, w, px(size, 40))
            self.controls.append(
                UiButton(path, rect, lambda p=path: self.open(p), tag=f"recent:{index}", align="left")
            )
            y += rect.height + px(size, 8)
        back = pygame.Rect(left, min(height - px(size, 70), y + px(size, 16)), px(size, 180), px(size, 44))
        self.controls.append(UiButton(t("open.back"), back, self.back, tag="back"))

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        width, height = size
        t = self.app.t
        left = int(width * 0.08)
        blit_text(screen, t("open.title"), px(size, 40), (left, int(height * 0.08)), GOLD, bold=True)
        blit_text(
            screen, t("open.hint"), px(size, 18), (left, int(height * 0.17)), INK, max_width=int(width * 0.84)
        )
        if self.app.settings.recent_sets and self.field is not None:
            blit_text(
                screen, t("open.recent"), px(size, 18), (left, self.field.rect.bottom + px(size, 18)), DIM
            )
        if self.error:
            rect = pygame.Rect(left, height - px(size, 150), int(width * 0.84), 0)
            draw_error(screen, self.error, rect, px(size, 17))

    def typed(self) -> None:
        """Enter in the path field: open what it names."""
        if self.field is not None and self.field.text.strip():
            self.open(self.field.text.strip())

    def open(self, path: str) -> None:
        """Open `path` in the Sandbox, or say why not and stay."""
        file = Path(path).expanduser()
        if not file.is_file():
            self.error = self.app.t("open.missing", name=str(file))
            self.needs_full_redraw = True
            return
        if file.suffix.lower() == ".csv":  # a card list opens the set that names it, as a dropped one does
            owner = set_of_card_list(file)
            if owner is None:
                self.error = self.app.t("open.csv_alone", name=file.name)
                self.needs_full_redraw = True
                return
            file = owner
        try:
            scene = sandbox_scene(self.app, str(file))
        except Exception as exc:  # the set's problem in its words: fix the file and open it again
            self.error = self.app.t("open.failed", error=str(exc))
            self.needs_full_redraw = True
            return
        remember(self.app, str(file))
        while len(self.app.scenes) > 1:
            self.app.pop()
        self.app.replace(scene)

    def back(self) -> None:
        self.app.pop()

"""The table scene every game shares: the flow of a game (bots, hand-offs, results), acting through the
session, undo, sounds and keys. Its parts live beside it: layout (piles and sprites placed from the
view), drag (gestures to moves), moves (the gesture-to-move mapper), menu (the action menu and
chooser), dice, privacy (who may see what), log (the game's words), overlay (buttons, tooltip,
message, drawing over the cards), preview (a card drawn large while a button or key is held) and
thinking (bots asked off the UI thread, and the mark on a thinking bot's seat). A
game's table subclasses it with its layout and its declarations (drop areas, buttons, sounds).

What is drawn comes only from `engine.view(viewer)`; state changes only through the session (and so
the engine). `viewer` is the person looking at the screen, kept by the privacy rule (privacy.py).
"""

from __future__ import annotations

import re

import pygame

from ....rules.actions import Action, IllegalAction
from ....rules.events import Announced, CardsMoved, DiceRolled, Event, Shuffled
from ....rules.narration import Renderer
from ....rules.view import PlayerView
from ....session import Session
from ...animation import Animator
from ...app import App
from ...dice import DiceRoll
from ...scene import Scene
from ...sprites import Board
from ...widgets import GOLD, Button, draw_text, set_mark_colours
from .dice import DiceMixin
from .drag import Drag, GestureMixin
from .layout import LayoutMixin
from .log import LogMixin
from .menu import OPEN_GRACE_S, ActionMenu
from .moves import CardIndex
from .overlay import OverlayMixin
from .preview import PreviewMixin
from .privacy import PrivacyMixin, visible_cards
from .reload import ReloadMixin
from .thinking import ThinkingMixin

TOAST_S = 3.0


def event_key(event: Event) -> str:
    """The name an event goes by in a game's sound and word tables ("moved", "announced:blast")."""
    if isinstance(event, Announced):
        return f"announced:{event.what}"
    if isinstance(event, CardsMoved):
        return "moved"
    if isinstance(event, Shuffled):
        return "shuffled"
    if isinstance(event, DiceRolled):
        return "rolled"
    return type(event).__name__.lower()


class TableScene(
    LayoutMixin,
    DiceMixin,
    PrivacyMixin,
    GestureMixin,
    LogMixin,
    OverlayMixin,
    PreviewMixin,
    ReloadMixin,
    ThinkingMixin,
    Scene,
):
    """Shared table behaviour; a game's table gives its layout and declarations."""

    # Sounds per event (event_key -> sound name): a game adds its own announcements.
    sounds: dict[str, str] = {"shuffled": "shuffle"}
    # Pending decisions answered on the table itself (by a drag, a click), not in the chooser.
    table_decisions: tuple[str, ...] = ()
    # The settings rows only some games use, by their SettingsScene group name ("claims"): Settings
    # opened from this table offers those and the app-wide rows, none of another game's.
    game_settings: frozenset[str] = frozenset()
    # Whether draw_background starts by painting every pixel (a fill, a whole-window felt): the last
    # frame's background is then painted over as it is, not cleared to black first.
    background_covers = False

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.engine = session.engine
        self._view: PlayerView | None = None
        self.background_stale = True  # painted at the next draw (refresh_background)
        self.viewer: int | None = None
        self.confirmed: int | None = None  # the person who came to the screen through a hand-off
        self.shown_cards: frozenset[int] = frozenset()
        self.revealed: frozenset[int] = frozenset()
        cardset = self.engine.view(None).cardset
        assert cardset is not None
        self.cardset = cardset
        self.board = Board(cardset, app.renderer(cardset))
        self.board.overlay_draw = self.draw_overlay
        self.board.may_show = self.may_show
        self.animator = Animator(app.settings.animation_speed)
        self.bot_timer = 0.0
        self.toast: tuple[str, float] | None = None
        self.drag = Drag()
        self.menu: ActionMenu | None = None
        self.buttons: list[Button] = []
        # the buttons were built while cards moved (so there are none): rebuild them once nothing
        # moves, however the moving ended (a tween landing, or Space / undo / a reload landing all)
        self.buttons_stale = False
        self.pause_after = 0.0  # a beat after reveals so people can see them
        self.finished = False
        self.moved = False  # a dragged card moved: draw this frame
        self.rolls: list[DiceRoll] = []
        self.after_roll: tuple[Action, list[Event]] | None = None
        self.roll_linger: dict[int, float] = {}
        self.hovered: int | None = None
        self.cursor: int | None = None  # the hand card the arrow keys are on
        self.hover_pos = (0, 0)
        self._renderer: Renderer | None = None
        self._codes: tuple[re.Pattern[str], dict[str, int]] | None = None
        self.last_seen: dict[int, int] = {}  # per person: the move count when they last saw the table
        self.summary: list[str] | None = None  # what the others did, shown after a hand-off
        self.hurrying = False  # Space while bots think: they move without their pauses
        self.actor: int | None = None  # the person at the screen when the last move was made
        # pressed while the table moved: the seat at the screen, the key, the table's seconds since
        self.held_keys: list[tuple[int, pygame.event.Event, float]] = []
        self.start_watching()  # the card set's files: a designer's edit shows at once (reload.py)
        self.guard_privacy()

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> PlayerView:
        """The viewer's view (cached until the position or the viewer changes)."""
        if self._view is None:
            self._view = self.engine.view(self.viewer)
        return self._view

    def forget_view(self) -> None:
        self._view = None

    def my_legal(self) -> list[Action]:
        """The viewer's legal actions (none when it is not their decision, or while things move)."""
        if self.viewer is None or self.animator.busy or self.after_roll is not None:
            return []
        return list(self.view().legal)

    # -- to be filled in by each game --------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        """Felt, zone outlines, scores and labels (everything that is not a card sprite)."""
        surface.fill((24, 74, 52))

    def tooltip(self, card: int) -> list[str]:
        """Lines describing a face-up card on hover (a game's full card text); none by default."""
        return []

    def drive(self) -> bool:
        """Game-specific steps before the generic ones (claim windows, reveals); True if it acted."""
        return False

    def after_action(self, action: Action, events: list[Event]) -> None:
        """Game-specific reaction to an applied action (a pause to show a reveal...)."""

    def timer_running(self) -> bool:
        """Whether a game timer (a claim window) is counting down."""
        return False

    # -- the background and the buttons ------------------------------------------------------
    def refresh_background(self) -> None:
        """The static parts changed (an action, a resize, a setting): the buttons are rebuilt now, and
        the background is painted when the next frame is drawn (paint_background), once however often
        it was asked for in between (a move, a hand-off and a landing in one frame painted it thrice)."""
        self.note_seen()
        self.background_stale = True
        self.buttons = self.game_buttons() if not self.animator.busy else []
        self.buttons_stale = self.animator.busy
        width, height = self.app.size
        menu = pygame.Rect(0, 0, max(110, width // 12), max(28, height // 26))
        menu.topright = (width - 12, 6)
        self.buttons.append(Button(self.app.t("table.menu"), menu, self.open_pause))
        self.buttons.extend(self.reload_buttons())
        self.needs_full_redraw = True

    def paint_background(self) -> None:
        """Paint the static parts for the view as it is now: felt, labels, the log, what just happened."""
        # The last background's surface is painted over when the window kept its size: a new one per
        # move (a few MB made and touched page by page) was a tenth of painting it. Cleared to black
        # first, as a new surface starts, so a game's background that leaves parts bare draws the same;
        # not when the game's own background covers every pixel first (a second fill of the whole
        # window was a tenth of a repaint).
        surface = self.board.background
        if surface is None or surface.get_size() != self.app.size:
            surface = pygame.Surface(self.app.size)
        elif not self.background_covers:
            surface.fill((0, 0, 0))
        self.draw_background(surface, self.view())
        self.draw_log(surface)
        self.draw_happened(surface)
        if self.session.save_error:  # a full disk must not pass unnoticed
            error = self.session.save_error.split(": ", 1)[-1]
            draw_text(
                surface,
                self.app.t("table.autosave_failed", error=error),
                14,
                (12, self.app.size[1] - 8),
                GOLD,
                "bottomleft",
            )
        self.board.set_background(surface)
        self.background_stale = False

    def open_pause(self) -> None:
        """The pause menu (Esc): resume, rules, settings, save and quit."""
        from ..pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    # -- scene plumbing ----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        # the game's attribute marks (Lyabi's ▲●■) in colour wherever the table draws text
        set_mark_colours(getattr(self.session.chronicle.module, "MARK_COLOURS", {}))
        self.animator.speed = self.app.settings.animation_speed
        self.relayout(animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app.scenes and self in self.app.scenes:
            self.animator.finish_all()
            self.forget_fans()
            self.relayout(animate=False)

    def busy(self) -> bool:
        return (
            self.animator.busy
            or self.toast is not None
            or self.pause_after > 0
            or bool(self.rolls)
            or (self.menu is not None and self.menu.timing())
            or (
                not self.engine.is_over()
                and any(self.session.is_bot(s) for s in self.engine.deciding_seats())
            )
            or self.timer_running()
        )

    def update(self, dt: float) -> bool:
        was_animating = self.animator.busy
        changed = self.step_rolls(dt)
        changed = self.animator.update(dt) or self.moved or changed
        changed = self.poll_reload() or changed
        self.moved = False
        if self.menu is not None:
            typed = self.menu.tick(dt)
            if typed is not None:
                self.perform(typed)
                changed = True
        if self.animator.busy or self.dice_rolling():
            self.think_ahead()  # the next bot thinks while the cards slide (thinking.py)
            return self.thinking_tick() or changed
        if self.after_roll is not None:
            self.land_roll()
            return True
        if was_animating or self.buttons_stale:  # landed: buttons and labels for the new position
            self.refresh_background()
        if self.toast is not None:
            text, left = self.toast
            left -= dt
            self.toast = (text, left) if left > 0 else None
            if self.toast is None:
                self.needs_full_redraw = True
        if self.pause_after > 0:
            self.pause_after = max(0.0, self.pause_after - dt)
            return changed
        if self.app.top is not self:
            return changed
        return self.step(dt) or changed

    def step(self, dt: float) -> bool:
        """Move the game on: results, game-specific windows, bots, or a hand-off to the next person."""
        self.age_held_keys(dt)
        if self.engine.is_over():
            if not self.finished:
                self.finished = True
                self.on_game_over()
            return False
        if self.drive():
            return True
        deciding = self.engine.deciding_seats()
        bots = [s for s in deciding if self.session.is_bot(s)]
        if bots:
            # The bot is asked at once, off this thread (thinking.py); its move is played once it has
            # answered and its pause is over, whichever comes last.
            self.bot_timer += dt
            due = self.bot_timer >= self.app.settings.bot_delay_s or self.hurrying
            if self.bot_move(bots[0], now=due):
                self.bot_timer = 0.0
                return True
            return self.thinking_tick()
        humans = [s for s in deciding if not self.session.is_bot(s)]
        self.hurrying = False  # a person decides: the bots' hurry is over
        if humans and self.viewer not in humans:
            self.held_keys = []  # pressed before the hand-off: not the next person's
            self.hand_off(humans[0])
            return True
        if self.held_keys and self.replay_keys():
            return True
        self.offer_pending_choice()
        return False

    def offer_pending_choice(self) -> None:
        """An effect's decision for the person at the screen opens the chooser (unless the game
        answers that kind on the table itself)."""
        pending = self.view().pending
        if pending is None or self.viewer not in pending.seats or self.menu is not None:
            return
        if self.summary:  # "While you were away" is read (any key) before the chooser opens over it
            return
        if pending.kind in self.table_decisions:
            return
        options = self.my_legal()
        if options:
            title = self.pending_title(pending.kind, pending.prompt)
            self.open_menu(title, options, must_answer=True, by_itself=True)

    def hand_off(self, seat: int) -> None:
        """Cover the table until only `seat`'s player looks; then show their view. When that view
        shows nothing the spectator's does not (Sainome's setup, before any card is dealt), there is
        nothing to hide and the table turns to them at once."""
        if len(self.session.humans) <= 1 or not self.keeps_secrets(seat):
            self.set_viewer(seat)
            return
        from ..handoff import HandOffScene

        def ready() -> None:
            since = self.last_seen.get(seat)
            self.set_viewer(seat, confirmed=True)
            self.welcome_back(seat, since)

        self.set_viewer(None)
        self.app.push(HandOffScene(self.app, self.session.name(seat), ready, on_escape=self.open_pause))

    def keeps_secrets(self, seat: int) -> bool:
        """Whether `seat`'s view shows a card the table's spectator may not see."""
        return bool(visible_cards(self.engine.view(seat)) - visible_cards(self.engine.view(None)))

    def on_game_over(self) -> None:
        """The results scene."""
        from ..results import ResultsScene

        self.app.push(ResultsScene(self.app, self.session))

    # -- acting ------------------------------------------------------------------------------
    def perform(self, action: Action, held: list[int] | None = None) -> bool:
        """Apply an action through the session; on refusal show the reason. True if applied. `held`
        are the cards the person moved (a copy of a card the action names slides in its place)."""
        pairs = []
        if held:
            from .moves import copy_pairs

            pairs = copy_pairs(self.view(), held, action)
        self.actor = self.viewer  # after the move the table may already have turned away from them
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(self.refusal_text(exc.reason))
            return False
        self.swap_sprites(pairs)
        self.menu = None
        self.hovered = None  # the card under the pointer has likely moved: its text would be stale
        self.play_sounds(events)
        self.note_reveals(events)
        self.guard_privacy()  # the next person may already be looking
        if self.hold_for_roll(action, events):
            return True
        self.relayout(animate=True, events=events)
        self.after_action(action, events)
        return True

    def play_sounds(self, events: list[Event]) -> None:
        """Sounds for what happened, from the game's table of sounds; a slide for moved cards."""
        played = set()
        for event in events:
            sound = self.sounds.get(event_key(event))
            if sound is not None and sound not in played:
                played.add(sound)
                self.app.play(sound)
        if any(isinstance(e, CardsMoved) for e in events):
            self.app.play("slide")

    def say(self, text: str) -> None:
        """Show a short message (the reason a move was refused...)."""
        self.toast = (text, TOAST_S)
        self.needs_full_redraw = True

    def undo(self) -> None:
        """Take back the viewer's last action if the rules allow it; else say why not."""
        if self.viewer is None:
            return
        last = self.session.last_action()
        why, seat = self.engine.undo_refusal(self.viewer)
        if why or self.session.undo(self.viewer) is None:
            if why == "revealed" and last is not None:
                # the move itself showed a card to everyone (a card set or spent to a public pile): the
                # rules take back only moves that revealed nothing, so say which and why
                self.say(self.app.t("table.no_undo_revealed", move=self.words(last)))
            elif why in ("over", "none", "not_yours"):
                name = self.session.name(seat) if seat is not None else ""
                self.say(self.app.t(f"table.no_undo.{why}", name=name))
            else:
                self.say(self.app.t("table.no_undo"))
            return
        self.animator.finish_all()
        self.menu = None
        self.guard_privacy()
        self.relayout(animate=False)

    # -- menus -------------------------------------------------------------------------------
    def open_menu(
        self, title: str, actions: list[Action], must_answer: bool = False, by_itself: bool = False
    ) -> None:
        """A list of moves to pick from by click, number or arrows (also the 'several moves' chooser);
        `must_answer`: a decision's chooser, which the table opens again whenever it is closed;
        `by_itself`: opened by the table, not by a key or a click: a letter typed as it shows was meant
        for the table, so it takes none for OPEN_GRACE_S."""
        t = self.app.t
        keys = t("table.menu_keys_long" if len(actions) >= 10 else "table.menu_keys")  # 19 said only past 9
        self.menu = ActionMenu(title, list(actions), self.words, keys, t("table.menu_no_match"))
        self.menu.must_answer = must_answer
        self.menu.grace_left = OPEN_GRACE_S if by_itself else 0.0
        self.menu.place(self.app.size)
        self.needs_full_redraw = True

    def open_actions(self) -> None:
        """Every legal move (A); with hand cards selected, only the moves that use them (a long list
        shrinks to what the person is pointing at), unless none does."""
        legal = self.my_legal()
        if not legal:
            return
        selected = self.selected_cards()
        if selected:
            index = CardIndex(self.view())
            chosen = {index.key(card) for card in selected}
            using = [a for a in legal if chosen & {index.key(card) for card in a.cards}]
            if using:
                self.open_menu(self.app.t("table.actions_selected", n=len(selected)), using)
                return
        self.open_menu(self.app.t("table.actions"), legal)

    def close_menu(self) -> None:
        """Hide the action menu."""
        if self.menu is not None:
            self.menu = None
            self.needs_full_redraw = True

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        menu = self.menu
        self.handle_event(event)
        if event.type == pygame.KEYDOWN and self.menu is not None and self.menu is not menu:
            # the key that opened a menu, held a moment (or repeated while a slow frame drew it), is no
            # letter typed into it: "a" repeated after A listed nothing ("aaaa" matched no entry)
            self.menu.held.add(event.key)

    def handle_event(self, event: pygame.event.Event) -> None:
        """One event: the preview, the summary, Esc and undo, the menu, the buttons, keys and the mouse."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
            if event.type == pygame.MOUSEMOTION:
                self.release_fans()
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.land_closing()
        if self.preview_event(event):  # right button or Shift held: the card large (preview.py)
            return
        if self.summary and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.summary = None  # read: any click or key puts the summary away
            self.needs_full_redraw = True
            # A decision's menu open under it already says what its keys do (1 to counter): such a key
            # also answers it, so it is not eaten. Other keys and clicks only put the summary away.
            if not (self.menu is not None and event.type == pygame.KEYDOWN and self.menu.takes(event)):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.menu is not None and self.menu.filter:  # the typed letters go first
                    self.menu.set_filter("")
                    self.needs_full_redraw = True
                elif self.menu is not None and not self.menu.must_answer:
                    self.close_menu()
                else:
                    self.open_pause()
                return
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
                return
            if event.key == pygame.K_SPACE and self.table_is_moving():
                self.hurry()
                return
            if self.viewer is not None and self.menu is None and self.waits(event) and self.table_is_moving():
                self.hold_key(event)
                return
        if self.scroll_log(event):  # the wheel over the log, even while a menu is open elsewhere (log.py)
            return
        if self.menu is not None:
            chosen = self.menu.handle(event)
            self.needs_full_redraw = True
            if chosen is not None:
                self.perform(chosen)
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                return  # the menu has the keys and the mouse while it is open
        for button in list(self.buttons):
            if button.handle(event):
                self.needs_full_redraw = True
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a:
                self.open_actions()
                return
            if self.hand_key(event):  # arrows and Space: choose hand cards without the mouse
                return
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag.active:
            self.move_drag(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)

    # -- keys pressed while the table moves ---------------------------------------------------
    # A key pressed while cards slide, a die rolls or a bot thinks used to be dropped (buttons and
    # moves are offered only once the table is still), so a player who pressed E or A a moment early
    # saw nothing happen. Space hurries the table on (animations finish, the bot moves now); other
    # keys wait and are handled once the table is still, for the same person only. A hand-off screen
    # still wants its own press: a key pressed before it showed may be the last player's.
    QUEUE_KEYS = 4
    # A key waits this long at most (seconds of the table running, not paused): one pressed a moment
    # early is taken, one pressed during a long think or a claim window was for then: an A held through
    # a bot's turn, a pause and a 6 s window opened the actions menu 10 s later (playtest 2026-11-28).
    HOLD_KEY_S = 2.5

    def bots_to_move(self) -> bool:
        """Whether only bots decide now (a claim window with people in it is not a bot's thinking)."""
        deciding = [] if self.engine.is_over() else self.engine.deciding_seats()
        return bool(deciding) and all(self.session.is_bot(s) for s in deciding)

    def table_is_moving(self) -> bool:
        """Whether cards slide, a die rolls or a bot is to move: the person's moves wait."""
        moving = self.animator.busy or self.dice_rolling() or self.after_roll is not None
        return moving or self.bots_to_move()

    def hurry(self) -> None:
        """Space while the table moves: the animations finish and thinking bots move now."""
        self.animator.finish_all()
        if self.bots_to_move():
            # the bots play on without their pauses until a person decides (their moves still slide,
            # and the summary after the hand-off tells what they did)
            self.hurrying = True

    def waits(self, event: pygame.event.Event) -> bool:
        """Whether a key is one the table drops while it moves: A and the buttons' shortcuts (a game's
        own keys, such as Rune Works' claim digits, are taken at once as before)."""
        return event.key == pygame.K_a or any(spec.key == event.key for spec in self.buttons_spec)

    def hold_key(self, event: pygame.event.Event) -> None:
        """A key pressed while the table moves waits until it is still (a few at most)."""
        if self.viewer is not None and len(self.held_keys) < self.QUEUE_KEYS:
            self.held_keys.append((self.viewer, event, 0.0))

    def age_held_keys(self, dt: float) -> None:
        """The waiting keys a frame older; those past HOLD_KEY_S are dropped."""
        if self.held_keys:
            aged = [(seat, event, age + dt) for seat, event, age in self.held_keys]
            self.held_keys = [key for key in aged if key[2] <= self.HOLD_KEY_S]

    def replay_keys(self) -> bool:
        """The table is still: the keys its person pressed while it moved, in order. True if any."""
        keys, self.held_keys = self.held_keys, []
        for seat, event, _age in keys:
            if seat == self.viewer:
                self.handle(event)
            if self.menu is not None:
                break  # a key opened a menu: the rest were meant for the table, not typed into the menu
        return bool(keys)

    def key(self, event: pygame.event.Event) -> None:
        """Game keyboard shortcuts beyond the buttons'."""

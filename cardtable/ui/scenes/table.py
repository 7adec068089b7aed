"""The table scene every game shares: seats and hot-seat privacy, bots, drag and drop, animation,
undo, autosave, the log and the action menu. Each game subclasses it with its layout and targets.

What is drawn comes only from `engine.view(viewer)`; state changes only through the session (and so
the engine). `viewer` is the person looking at the screen: it changes only after a hand-off screen,
so no hand is ever shown face up to the wrong seat. With no human at all the table is a spectator's.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from ...rules.actions import Action, IllegalAction
from ...rules.events import DiceRolled, Event, Shuffled
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from ...session import Session
from ..animation import FLIP_S, RIFFLE_S, SLIDE_S, Animator, Tween
from ..app import App
from ..dice import DiceRoll
from ..scene import Scene
from ..sprites import Board, CardSprite
from ..widgets import GOLD, INK, Button, draw_panel, draw_text

TOAST_S = 3.0
ROLL_LINGER_S = 1.2


@dataclass(frozen=True)
class Placement:
    """Where the view says one card is: its sprite key, face, position, size and layer."""

    key: Hashable
    card: int
    face_up: bool
    x: float
    y: float
    width: int
    z: int
    zone: str


@dataclass
class _Origins:
    """Where arriving cards start: known cards by id, face-down ones by the zone they go to."""

    cards: dict[int, tuple[tuple[float, float], bool]]
    zones: dict[str, tuple[float, float]]


@dataclass
class DropTarget:
    """A place a dragged card can go, and the legal actions a drop there means."""

    rect: pygame.Rect
    name: str
    actions: list[Action]


class TableScene(Scene):
    """Shared table behaviour; subclasses implement layout, targets, background and clicks."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.engine = session.engine
        cardset = self.engine.view(None).cardset
        assert cardset is not None
        self.cardset = cardset
        self.board = Board(cardset, app.renderer(cardset))
        self.board.overlay_draw = self.draw_overlay
        self.animator = Animator(app.settings.animation_speed)
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.bot_timer = 0.0
        self.toast: tuple[str, float] | None = None
        self.drag: list[CardSprite] = []
        self.drag_offsets: list[tuple[float, float]] = []
        self.drag_origin: list[tuple[float, float]] = []
        self.drag_start: tuple[int, int] | None = None
        self.targets: list[DropTarget] = []
        self.menu: list[Button] = []
        self.menu_title = ""
        self.buttons: list[Button] = []
        self.focus = 0
        self.pause_after = 0.0  # a beat after reveals so people can see them
        self.finished = False
        self.mismatches: list[str] = []
        self.moved = False  # a dragged card moved: draw this frame
        self.rolls: list[DiceRoll] = []
        self.after_roll: tuple[Action, list[Event]] | None = None
        self.roll_linger: dict[int, float] = {}
        self.hovered: int | None = None
        self.hover_pos = (0, 0)
        self._view: PlayerView | None = None

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> PlayerView:
        """The viewer's view (cached until the next action)."""
        if self._view is None:
            self._view = self.engine.view(self.viewer)
        return self._view

    def set_viewer(self, seat: int | None) -> None:
        """A new person looks at the screen (only ever after a hand-off)."""
        self.viewer = seat
        self.relayout(animate=False)

    # -- geometry shared by the games ---------------------------------------------------------
    card_size = (40, 0.1, 0.065)  # smallest width, and the share of the window's height / width

    def card_width(self) -> int:
        """The table's card width for this window: sharp because faces are drawn at this size."""
        width, height = self.app.size
        least, of_height, of_width = self.card_size
        return max(least, min(int(height * of_height), int(width * of_width)))

    def bottom_seat(self) -> int:
        """The seat drawn nearest the screen's bottom edge: the viewer, else whoever is to move."""
        if self.viewer is not None:
            return self.viewer
        active = self.view().active
        return active if active is not None else 0

    # -- to be filled in by each game --------------------------------------------------------
    def layout(self, view: PlayerView, size: tuple[int, int]) -> list[Placement]:
        """Every card's place according to the view."""
        raise NotImplementedError

    def zone_anchor(self, zone: str, view: PlayerView, size: tuple[int, int]) -> tuple[float, float]:
        """Where a card coming from (or going to) a zone with no placement appears."""
        raise NotImplementedError

    def drop_targets(self, cards: list[int]) -> list[DropTarget]:
        """The places the dragged cards could go, each with its legal actions."""
        return []

    def attempted(self, cards: list[int], target: str) -> Action | None:
        """The action a drop would have meant, to ask the engine why it is not legal."""
        return None

    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        """Felt, zone outlines, scores and labels (everything that is not a card sprite)."""
        surface.fill((24, 74, 52))

    def words(self, action: Action) -> str:
        """An action in plain words for menus."""
        return self.engine.describe(action)

    def extra_buttons(self, view: PlayerView) -> list[Button]:
        """Game buttons (Draw, Release...) for the current decision."""
        return []

    def drive(self) -> bool:
        """Game-specific steps before the generic ones (claim windows, reveals); True if it acted."""
        return False

    # -- placing sprites ---------------------------------------------------------------------
    def relayout(self, animate: bool = True, events: list[Event] | None = None) -> None:
        """Make the sprites match the view; with `animate`, slide them there from where they were
        (or from the pile an event says they came from)."""
        self._view = None
        view = self.view()
        size = self.app.size
        placements = self.layout(view, size)
        old = self.board.sprites
        origins = self._origins(events or [], view, size) if animate else _Origins({}, {})
        sprites: list[CardSprite] = []
        shuffled = any(isinstance(e, Shuffled) for e in events or [])
        for index, place in enumerate(placements):
            sprite = CardSprite(place.key, place.card, place.face_up, place.x, place.y, place.width, place.z)
            previous = old.get(place.key)
            if animate and self.animator.speed > 0:
                if previous is not None:
                    start = (previous.x, previous.y)
                    was_up = previous.face_up
                elif place.card in origins.cards:
                    start, was_up = origins.cards[place.card]
                elif place.zone in origins.zones:  # a face-down card arriving: from its source pile
                    start, was_up = origins.zones[place.zone], False
                else:
                    start, was_up = (place.x, place.y), place.face_up
                moved = abs(start[0] - place.x) > 0.5 or abs(start[1] - place.y) > 0.5
                if moved or was_up != place.face_up:
                    sprite.x, sprite.y = start
                    delay = min(index, 40) * 0.02 if previous is None else 0.0
                    self.animator.add(
                        Tween(
                            sprite,
                            start,
                            (place.x, place.y),
                            SLIDE_S + (FLIP_S if was_up != place.face_up else 0),
                            delay,
                            place.face_up if was_up != place.face_up else None,
                        )
                    )
            sprites.append(sprite)
        self.board.replace_sprites(sprites)
        for roll in self.rolls:  # dice still on the table stay there
            for die in roll.sprites:
                self.board.sprites[die.key] = die
        if animate:
            for event in events or []:
                if isinstance(event, DiceRolled):
                    self.throw(event)
        if shuffled and animate:
            self.riffle([e.zone for e in events or [] if isinstance(e, Shuffled)])
        self.refresh_background()

    def dice_path(self, event: DiceRolled) -> tuple[tuple[float, float], tuple[float, float], int]:
        """Where a roll is thrown from and lands, and the die size: from the roller toward the middle."""
        width, height = self.app.size
        size = max(24, height // 14)
        start = (width * 0.2 if event.seat == self.viewer else width * 0.7, height * 0.8)
        return start, (width * 0.42, height * 0.45), size

    def throw(self, event: DiceRolled) -> None:
        """Animate a roll the rules already made (nothing when animations are off)."""
        if self.animator.speed <= 0:
            return
        start, end, size = self.dice_path(event)
        roll = DiceRoll(event.results, start, end, size, seed=self.session.move_count)
        self.rolls.append(roll)
        self.roll_linger[id(roll)] = ROLL_LINGER_S
        for die in roll.sprites:
            self.board.sprites[die.key] = die
        self.app.play("dice")

    def step_rolls(self, dt: float) -> bool:
        """Move the dice; a settled die stays a moment so everyone sees the face, then leaves."""
        if not self.rolls:
            return False
        for roll in list(self.rolls):
            if not roll.done:
                roll.step(dt * self.animator.speed)
                continue
            self.roll_linger[id(roll)] -= dt
            if self.roll_linger[id(roll)] <= 0:
                self.rolls.remove(roll)
                del self.roll_linger[id(roll)]
                for die in roll.sprites:
                    self.board.sprites.pop(die.key, None)
        return True

    def riffle(self, zones: list[str]) -> None:
        """A shuffled pile splits in two halves that fan out to either side and interleave back."""
        for zone in zones:
            pile = [s for s in self.board.sprites.values() if isinstance(s.key, tuple) and s.key[0] == zone]
            for index, sprite in enumerate(pile):
                side = -1 if index % 2 else 1
                end = (sprite.x, sprite.y)
                via = (end[0] + side * sprite.width * 0.75, end[1] - sprite.width * 0.1)
                self.animator.add(Tween(sprite, end, end, RIFFLE_S, index * 0.012, via=via, arc=6))

    def _origins(self, events: list[Event], view: PlayerView, size: tuple[int, int]) -> _Origins:
        """Starting points of cards that arrive in this step, from the events' source zones."""
        from ...rules.events import CardsMoved

        origins = _Origins({}, {})
        for event in events:
            if isinstance(event, CardsMoved):
                redacted = event.redact(self.viewer)
                assert isinstance(redacted, CardsMoved)
                anchor = self._sprite_anchor(event.src) or self.zone_anchor(event.src, view, size)
                for card in redacted.cards:
                    if card >= 0:
                        origins.cards[card] = (anchor, self._zone_visible(event.src))
                origins.zones[event.dst] = anchor
        return origins

    def _zone_visible(self, zone: str) -> bool:
        seen = self.view().zones.get(zone)
        if seen is None:
            return False
        return seen.visibility is Visibility.PUBLIC or (
            seen.visibility is Visibility.OWNER and self.viewer is not None and seen.owner == self.viewer
        )

    def _sprite_anchor(self, zone: str) -> tuple[float, float] | None:
        for sprite in self.board.sprites.values():
            if isinstance(sprite.key, tuple) and sprite.key[0] == zone:
                return (sprite.x, sprite.y)
        return None

    def refresh_background(self) -> None:
        """Redraw the static parts (after an action, a resize or a setting change)."""
        surface = pygame.Surface(self.app.size)
        self.draw_background(surface, self.view())
        self.board.set_background(surface)
        self.buttons = self.extra_buttons(self.view()) if not self.animator.busy else []
        width, height = self.app.size
        menu = pygame.Rect(0, 0, max(110, width // 12), max(28, height // 26))
        menu.topright = (width - 12, 6)
        self.buttons.append(Button(self.app.t("table.menu"), menu, self.open_pause))
        self.needs_full_redraw = True

    def open_pause(self) -> None:
        """The pause menu (Esc): resume, rules, settings, save and quit."""
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def check_sprites(self) -> list[str]:
        """Every sprite where the view says (used by the smoke test once animations drain)."""
        wanted = {p.key: p for p in self.layout(self.view(), self.app.size)}
        problems = []
        cards = {k for k in self.board.sprites if not (isinstance(k, tuple) and k[0] == "die")}
        if set(wanted) != cards:
            problems.append(f"sprites {len(self.board.sprites)} vs placements {len(wanted)}")
        for key, place in wanted.items():
            sprite = self.board.sprites.get(key)
            if sprite is None:
                continue
            if (round(sprite.x), round(sprite.y), sprite.face_up, sprite.card) != (
                round(place.x),
                round(place.y),
                place.face_up,
                place.card,
            ):
                problems.append(
                    f"{key}: at {sprite.x:.0f},{sprite.y:.0f} up={sprite.face_up}, "
                    f"view says {place.x:.0f},{place.y:.0f} up={place.face_up}"
                )
        return problems

    # -- scene plumbing ----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.animator.speed = self.app.settings.animation_speed
        self.relayout(animate=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app.scenes and self in self.app.scenes:
            self.animator.finish_all()
            self.relayout(animate=False)

    def busy(self) -> bool:
        return (
            self.animator.busy
            or self.toast is not None
            or self.pause_after > 0
            or bool(self.rolls)
            or (
                not self.engine.is_over()
                and any(self.session.is_bot(s) for s in self.engine.deciding_seats())
            )
            or self.timer_running()
        )

    def timer_running(self) -> bool:
        """Whether a game timer (a claim window) is counting down."""
        return False

    def update(self, dt: float) -> bool:
        was_animating = self.animator.busy
        changed = self.step_rolls(dt)
        changed = self.animator.update(dt) or self.moved or changed
        self.moved = False
        if self.animator.busy or any(not roll.done for roll in self.rolls):
            return changed
        if self.after_roll is not None:
            self.land_roll()
            return True
        if was_animating:  # the last tween just landed: buttons and labels for the new position
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
        if self.engine.is_over():
            if not self.finished:
                self.finished = True
                self.on_game_over()
            return False
        deciding = self.engine.deciding_seats()
        if self.viewer is not None and self.viewer not in deciding and len(self.session.humans) > 1:
            # The person who just moved is done: hide their hand before bots play on or a claim
            # window opens, since the next person may already be watching the screen.
            self.set_viewer(None)
            return True
        if self.drive():
            return True
        bots = [s for s in deciding if self.session.is_bot(s)]
        if bots:
            self.bot_timer += dt
            if self.bot_timer >= self.app.settings.bot_delay_s:
                self.bot_timer = 0.0
                seat = bots[0]
                self.perform(self.session.bot_action(seat))
                return True
            return False
        humans = [s for s in deciding if not self.session.is_bot(s)]
        if humans and self.viewer not in humans:
            self.hand_off(humans[0])
            return True
        return False

    def hand_off(self, seat: int) -> None:
        """Cover the table until only `seat`'s player looks; then show their view."""
        if len(self.session.humans) <= 1:
            self.set_viewer(seat)
            return
        from .handoff import HandOffScene

        self.viewer = None
        self.relayout(animate=False)
        self.app.push(HandOffScene(self.app, self.session.name(seat), lambda: self.set_viewer(seat)))

    def on_game_over(self) -> None:
        """The results scene."""
        from .results import ResultsScene

        self.app.push(ResultsScene(self.app, self.session))

    # -- acting ------------------------------------------------------------------------------
    def perform(self, action: Action) -> bool:
        """Apply an action through the session; on refusal show the reason. True if applied."""
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(exc.reason)
            return False
        self.close_menu()
        self.play_sounds(events)
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if rolls and self.animator.speed > 0:
            # The die is thrown first; the cards it makes move wait until it has settled.
            for event in rolls:
                self.throw(event)
            self.after_roll = (action, events)
            self.needs_full_redraw = True
            return True
        self.relayout(animate=True, events=events)
        self.after_action(action, events)
        return True

    def land_roll(self) -> None:
        """The dice have settled: now the cards move to where the rules put them."""
        if self.after_roll is None:
            return
        action, events = self.after_roll
        self.after_roll = None
        self.relayout(animate=True, events=[e for e in events if not isinstance(e, DiceRolled)])
        self.after_action(action, events)

    def after_action(self, action: Action, events: list[Event]) -> None:
        """Game-specific reaction to an applied action (a pause to show a reveal...)."""

    def play_sounds(self, events: list[Event]) -> None:
        """Sounds for what happened."""
        from ...rules.events import Announced, CardsMoved

        for event in events:
            if isinstance(event, Shuffled):
                self.app.play("shuffle")
            elif isinstance(event, Announced) and event.what in ("blast", "blast_shot"):
                self.app.play("blast")
            elif isinstance(event, Announced) and event.what in ("ignite", "ignite_shot"):
                self.app.play("ignite")
            elif isinstance(event, Announced) and event.what in ("call", "seek", "call_skips"):
                self.app.play("claim")
        if any(isinstance(e, CardsMoved) for e in events):
            self.app.play("slide")

    def say(self, text: str) -> None:
        """Show a short message (the reason a move was refused...)."""
        self.toast = (text, TOAST_S)
        self.needs_full_redraw = True

    def undo(self) -> None:
        """Take back the viewer's last action if the rules allow it."""
        if self.viewer is None or self.session.undo(self.viewer) is None:
            self.say("Nothing to take back: something was revealed since your last move")
            return
        self.animator.finish_all()
        self.relayout(animate=False)

    def my_legal(self) -> list[Action]:
        """The viewer's legal actions (none when it is not their decision)."""
        if self.viewer is None or self.animator.busy or self.after_roll is not None:
            return []
        return list(self.view().legal)

    # -- menus -------------------------------------------------------------------------------
    def open_menu(self, title: str, actions: list[Action]) -> None:
        """A list of actions to pick from by click or number key (also the 'several actions' chooser)."""
        width, height = self.app.size
        row = max(30, height // 22)
        box_w = min(width - 40, max(420, width // 3))
        top = max(20, height // 2 - (len(actions) + 1) * row // 2)
        self.menu_title = title
        self.menu = []
        for index, action in enumerate(actions[:30]):
            rect = pygame.Rect(0, 0, box_w - 20, row - 4)
            rect.midtop = (width // 2, top + (index + 1) * row)
            label = f"{index + 1}. {self.words(action)}" if index < 9 else self.words(action)
            self.menu.append(
                Button(
                    label,
                    rect,
                    lambda a=action: self.perform(a),
                    key=(pygame.K_1 + index) if index < 9 else None,
                )
            )
        self.needs_full_redraw = True

    def close_menu(self) -> None:
        """Hide the action menu."""
        if self.menu:
            self.menu = []
            self.needs_full_redraw = True

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.menu:
                    self.close_menu()
                else:
                    self.open_pause()
                return
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
                return
            if event.key == pygame.K_SPACE and self.animator.busy:
                self.animator.finish_all()
                return
        for button in list(self.menu):
            if button.handle(event):
                return
        if self.menu and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return  # a click outside the menu does not reach the table
        for button in list(self.buttons):
            if button.handle(event):
                self.needs_full_redraw = True
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and self.my_legal():
                self.open_menu(self.app.t("table.actions"), self.my_legal())
                return
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag:
            self.move_drag(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)

    def key(self, event: pygame.event.Event) -> None:
        """Game keyboard shortcuts."""

    def own_sprite(self, sprite: CardSprite) -> bool:
        """Whether a sprite is a card in the viewer's hand."""
        return (
            self.viewer is not None
            and sprite.card >= 0
            and sprite.face_up
            and sprite.card in self.view().zones.get(f"hand:{self.viewer}", _EMPTY).cards
        )

    def draggable(self, sprite: CardSprite) -> bool:
        """Whether a card may be picked up (one's own hand; a game may add piles it can take from)."""
        return self.own_sprite(sprite)

    def tooltip(self, card: int) -> list[str]:
        """Lines describing a face-up card on hover (a game's full card text); none by default."""
        return []

    def hover(self, pos: tuple[int, int]) -> None:
        """Mouse over a face-up card: show its tooltip after the move."""
        sprite = self.board.sprite_at(pos, lambda s: s.face_up and s.card >= 0)
        card = sprite.card if sprite is not None else None
        if card != self.hovered:
            self.hovered = card
            self.hover_pos = pos
            self.needs_full_redraw = True

    def press(self, pos: tuple[int, int]) -> None:
        """Mouse down: pick up a card of one's own hand (with the other selected cards)."""
        if not self.my_legal():
            self.click(pos)
            return
        sprite = self.board.sprite_at(pos, self.draggable)
        if sprite is None:
            self.click(pos)
            return
        group = [s for s in self.board.sprites.values() if s.selected and self.own_sprite(s)]
        if sprite not in group:
            group = [sprite]
        self.drag = group
        self.drag_start = pos
        self.drag_origin = [(s.x, s.y) for s in group]
        self.drag_offsets = [(s.x - pos[0] + i * 18, s.y - pos[1]) for i, s in enumerate(group)]
        self.targets = [t for t in self.drop_targets([s.card for s in group]) if t.actions]
        self.board.highlights = [t.rect for t in self.targets]
        for s in group:
            s.lifted = True
        self.board.full = True

    def move_drag(self, pos: tuple[int, int]) -> None:
        """Mouse motion while dragging: the cards follow."""
        for sprite, (dx, dy) in zip(self.drag, self.drag_offsets, strict=True):
            sprite.x, sprite.y = pos[0] + dx, pos[1] + dy
        self.moved = True

    def release(self, pos: tuple[int, int]) -> None:
        """Mouse up: a short click selects; a drop onto a target acts; anything else slides back."""
        if not self.drag:
            return
        group, origin = self.drag, self.drag_origin
        start = self.drag_start or pos
        self.drag = []
        for s in group:
            s.lifted = False
        self.board.highlights = []
        self.board.full = True
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 6:
            for sprite, (x, y) in zip(group, origin, strict=True):
                sprite.x, sprite.y = x, y
            if len(group) == 1 and not self.card_clicked(group[0].card):
                group[0].selected = not group[0].selected
            return
        cards = [s.card for s in group]
        hit = next((t for t in self.targets if t.rect.collidepoint(pos)), None)
        if hit is not None and len(hit.actions) == 1:
            if self.perform(hit.actions[0]):
                return
        elif hit is not None:
            self.open_menu(self.app.t("table.choose"), hit.actions)
        else:
            self.explain_drop(cards, pos)
        for sprite, end in zip(group, origin, strict=True):
            self.animator.add(Tween(sprite, (sprite.x, sprite.y), end, SLIDE_S))

    def explain_drop(self, cards: list[int], pos: tuple[int, int]) -> None:
        """Say why a drop did nothing: the engine's reason when the drop meant a move."""
        for name, rect in self.all_drop_areas():
            if rect.collidepoint(pos):
                attempt = self.attempted(cards, name)
                if attempt is not None:
                    self.say(self.engine.explain(attempt))
                    return
        self.say("Drop the card on a highlighted place")

    def all_drop_areas(self) -> list[tuple[str, pygame.Rect]]:
        """Every place a card could be dropped, legal now or not (for the reason)."""
        return []

    def click(self, pos: tuple[int, int]) -> None:
        """A click on something that is not one's own card (the stock, a meld...)."""

    def card_clicked(self, card: int) -> bool:
        """A click on one of one's own cards; True if it made a move (else it toggles selection)."""
        return False

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        if self.needs_full_redraw:
            self.board.full = True
            self.needs_full_redraw = False
        return self.board.draw(screen)

    def _draw_tooltip(self, screen: pygame.Surface, lines: list[str]) -> pygame.Rect:
        width, height = screen.get_size()
        px = max(14, height // 46)
        box_w = max(260, width // 5)
        wrapped = _wrap_lines(lines, px, box_w - 20)
        box = pygame.Rect(0, 0, box_w, (len(wrapped) + 1) * (px + 6))
        box.topleft = (self.hover_pos[0] + 18, self.hover_pos[1] + 18)
        box = box.clamp(screen.get_rect())
        draw_panel(screen, box, (10, 16, 14, 235))
        for index, line in enumerate(wrapped):
            draw_text(
                screen, line, px, (box.x + 10, box.y + 8 + index * (px + 6)), GOLD if index == 0 else INK
            )
        return box

    def draw_overlay(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Buttons, the toast and the menu, drawn over the cards."""
        rects = []
        if self.board.full or not self.drag:
            for button in self.buttons:
                button.draw(screen)
                rects.append(button.rect)
        width, height = screen.get_size()
        if self.toast is not None:
            rect = pygame.Rect(0, 0, min(width - 40, 900), max(40, height // 16))
            rect.midbottom = (width // 2, height - height // 4)
            draw_panel(screen, rect)
            draw_text(screen, self.toast[0], max(16, height // 40), rect.center, GOLD, "center")
            rects.append(rect)
        if self.hovered is not None and not self.drag:
            lines = self.tooltip(self.hovered)
            if lines:
                rects.append(self._draw_tooltip(screen, lines))
        if self.menu:
            top = self.menu[0].rect.top - self.menu[0].rect.height - 10
            bottom = self.menu[-1].rect.bottom + 10
            box = pygame.Rect(0, top, self.menu[0].rect.width + 20, bottom - top)
            box.centerx = width // 2
            draw_panel(screen, box)
            draw_text(screen, self.menu_title, max(16, height // 40), (box.centerx, top + 8), INK, "midtop")
            for button in self.menu:
                button.draw(screen)
            rects.append(box)
        return rects


def _wrap_lines(lines: list[str], px: int, width: int) -> list[str]:
    from ..fonts import get_font, wrap_text

    font = get_font(px)
    out: list[str] = []
    for line in lines:
        out.extend(wrap_text(font, line, width) or [""])
    return out


class _Empty:
    cards: tuple[int, ...] = ()


_EMPTY = _Empty()

"""The Land & Person table: each side's field with its persons as on a real table (a ready person
upright, a preparing one tilted, an acted one turned sideways), its wandering row and spoils, its land
deck with the current land face up and its costs written beside it, destroyed (deck construction) or
occupied (shared deck) lands, the decks and discard piles, and the hands (the opponent's face down).

Moves are gestures: a hand card dragged onto the field is recruited, a wanderer dragged there returns;
a person dragged onto the opponent's land or field declares the attack and joins it (more may follow,
then Done); a hand card dragged onto the discard pile pays or is discarded. Commerce, Hunting, the
defender's Intercept or Siege are buttons, after which a click on a person sends it. The defender's
choice comes behind the hand-off when the defender is another person. The first person and the cards
put back at the start of the shared deck are clicked in the hand. What the table writes (the land's
numbers, the counts, the status panel, the tooltips) is in landperson_texts.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ...games.landperson.moves import kinds_now, source_zone
from ...games.landperson.narration import battle_aftermath, battle_result, result_notes
from ...games.landperson.params import specials_apply
from ...rules.actions import Action
from ...rules.cards import CardSpec
from ...rules.narration import Phrase, Seat, phrase
from ...rules.view import PlayerView
from ..fonts import text_width
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width
from .landperson_texts import LandPersonTexts
from .table import ButtonSpec, DropArea, Pile, Placement, TableScene
from .table.moves import canonical, find_moves

TURN = {"ready": 0, "preparing": 35, "acted": 90}  # degrees a person is turned on the table
BATTLE_NOTE_S = 6.0  # how long a battle's result stays on the table (counted while a person looks)
BATTLE_PAUSE_S = 2.0  # the table holds this long after a fight before a bot moves or the screen turns
SPECIAL_OFF = "special_off"  # the face template's side for a person whose special ability does not count
FIELD_STEP = 1.45  # card widths from one person to the next: room for an acted one lying turned


class _SpecialsOff:
    """The set's card renderer, drawing a person whose special ability (特殊能力) does not count, as in
    the shared-deck mode, as the face template's `special_off` side: its text dimmed above "Special
    ability: off in the shared deck", so the card on the table says what the rules do."""

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer

    def face(self, spec: CardSpec, width: int) -> pygame.Surface:
        return self.renderer.face(spec, width, SPECIAL_OFF if spec.get("special") else None)

    def back(self, width: int) -> pygame.Surface:
        return self.renderer.back(width)


class LandPersonTable(LandPersonTexts, TableScene):
    """Land & Person on the shared table."""

    background_covers = True  # draw_background fills the window first

    card_size = (34, 0.1, 0.056)
    joining: list[int] = []  # persons dropped on their land, to join the work it opens (work_land)
    # a battle's result on the table for a moment: its lines and the seconds it has left
    battle_note: list[Phrase] = []
    battle_left = 0.0
    _attackers: tuple[int, ...] = ()  # the persons of the attack under way, as they were before a move

    # -- geometry ------------------------------------------------------------------------------------
    def _cw(self) -> int:
        return self.card_width()

    def _ch(self) -> int:
        return self.card_width() * 88 // 63

    def _field_y(self, seat: int) -> int:
        height = self.app.size[1]
        return int(height * (0.545 if seat == self.bottom_seat() else 0.105))

    def _row_y(self, seat: int) -> int:
        """The wandering row and spoils: between the field and the middle of the table."""
        height = self.app.size[1]
        return int(height * (0.43 if seat == self.bottom_seat() else 0.3))

    def field_rect(self, seat: int) -> pygame.Rect:
        width = self.app.size[0]
        return pygame.Rect(int(width * 0.03), self._field_y(seat), int(width * 0.5), self._ch() * 5 // 4)

    def _column(self, index: int) -> int:
        """The x of the right-hand columns: lands, decks, discard piles."""
        width = self.app.size[0]
        return int(width * 0.56) + index * (self._cw() + 12)

    def land_rect(self, seat: int) -> pygame.Rect:
        """A seat's land deck (deck construction), or its occupied lands (shared deck)."""
        return pygame.Rect(self._column(0), self._field_y(seat), self._cw(), self._ch())

    def deck_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self._column(1), self._field_y(seat), self._cw(), self._ch())

    def discard_rect(self, seat: int) -> pygame.Rect:
        small = int(self._cw() * 0.6)
        return pygame.Rect(self._column(2), self._field_y(seat) + 16, small, small * 88 // 63)

    def shared_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The shared land deck and person deck (shared-deck mode), in the middle of the table."""
        y = (self._field_y(1 - self.bottom_seat()) + self._field_y(self.bottom_seat())) // 2
        return (
            pygame.Rect(self._column(0), y, self._cw(), self._ch()),
            pygame.Rect(self._column(1), y, self._cw(), self._ch()),
        )

    def happened_at(self) -> tuple[tuple[int, int], str, int] | None:
        return None  # the status panel shows it

    # -- layout -------------------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        width, height = self.app.size
        cw = self._cw()
        if not specials_apply(view.params) and not isinstance(self.board.renderer, _SpecialsOff):
            self.board.renderer = _SpecialsOff(self.board.renderer)
        small = int(cw * 0.6)
        status: dict[str, str] = dict(view.data.get("status") or {})
        # a person sent to the task under way is turned at once, as a player turns the card they commit
        # (upright until Done, first-time players could not tell who was already in)
        sent = set((view.data.get("task") or {}).get("persons") or [])

        def turn(card: int) -> int:
            if card in sent:
                return TURN["acted"]
            return TURN.get(status.get(str(card), "ready"), 0)

        shared = view.params.get("mode") == "shared"
        out: list[Pile] = []
        if shared:
            lands, deck = self.shared_rects()
            out += [Pile("lands", lands, cw, "top", 10), Pile("deck", deck, cw, "stack", 0, 0.4, 8)]
        for seat in range(view.seats):
            bottom = seat == self.bottom_seat()
            field = self.field_rect(seat)
            # a turned person's box is wider than the card: leave it room at the row's right end
            row = pygame.Rect(field.x, field.y, field.width - cw * 3 // 4, field.height)
            out.append(Pile(f"field:{seat}", row, cw, "row", 100, 1.45, 12, turn=turn))
            row_y = self._row_y(seat)
            out.append(
                Pile(
                    f"wander:{seat}",
                    pygame.Rect(int(width * 0.03), row_y, int(width * 0.24), 1),
                    small,
                    "row",
                    200,
                    1.05,
                )
            )
            out.append(
                Pile(
                    f"spoils:{seat}",
                    pygame.Rect(int(width * 0.3), row_y, int(width * 0.22), 1),
                    small,
                    "row",
                    200,
                    0.35,
                )
            )
            out.append(Pile(f"discard:{seat}", self.discard_rect(seat), small, "top", 20))
            if not shared:
                out.append(Pile(f"lands:{seat}", self.land_rect(seat), cw, "stack", 10, 0.5, 6))
                out.append(Pile(f"deck:{seat}", self.deck_rect(seat), cw, "stack", 0, 0.4, 8))
                ruins = pygame.Rect(self._column(0), row_y, int(width * 0.2), 1)
                out.append(Pile(f"ruins:{seat}", ruins, small, "row", 40, 0.5))
            else:
                out.append(Pile(f"occupied:{seat}", self.land_rect(seat), small, "row", 40, 0.4))
                # the first person lies on its owner's field, where it will serve (at the deck's place
                # it sat under the discard pile's label, and the opponent's face-down one read as a pile)
                first = pygame.Rect(field.x + 8, field.y + (field.height - self._ch()) // 2, cw, self._ch())
                out.append(Pile(f"first:{seat}", first, cw, "top", 30))
            hand_cw = int(cw * 1.15) if bottom else small
            y = height - hand_cw * 88 // 63 - 8 if bottom else 4
            out.append(
                Pile(
                    f"hand:{seat}",
                    pygame.Rect(int(width * 0.05), y, int(width * 0.5), 1),
                    hand_cw,
                    "fan",
                    300,
                    0.8,
                )
            )
            out.append(
                Pile(
                    f"peek:{seat}",
                    pygame.Rect(int(width * 0.3), int(height * 0.33), width, 1),
                    cw,
                    "row",
                    400,
                    1.1,
                )
            )
        return out

    def layout(self, view: PlayerView, size: tuple[int, int]) -> list[Any]:
        out = super().layout(view, size)
        for seat in range(view.seats):
            zone = f"field:{seat}"
            placed = iter(self.field_places(view, seat, [p for p in out if p.zone == zone]))
            out = [next(placed) if p.zone == zone else p for p in out]
        if view.params.get("mode") != "shared":
            # the land deck's top card is the current land, face up (the pile is drawn as a stack)
            fixed = []
            for place in out:
                if place.zone.startswith("lands:") and place.key == (place.zone, 0):
                    top = view.zones[place.zone].top
                    if top is not None and top >= 0:
                        place = type(place)(
                            top, top, True, place.x, place.y, place.width, place.z + 20, place.zone
                        )
                fixed.append(place)
            out = fixed
        return out

    def field_places(self, view: PlayerView, seat: int, places: list[Placement]) -> list[Placement]:
        """A seat's persons side by side in its field, as wide as lets each show whole: smaller as the
        field fills, in two lines past ten (ten persons overlapped, an acted one hiding the numbers of
        the next), squeezed only past twenty or so. Each keeps a box wide enough to lie turned."""
        field = self.field_rect(seat)
        room = self._field_room(view, seat)
        count = max(1, len(places))
        tall = int(field.height / (2 * 88 / 63))  # two lines of upright cards fill the field's height
        width, lines = min(self._cw(), int(room / (count * FIELD_STEP))), 1
        if width < tall and count > 1:
            lines = 2
            width = min(tall, int(room / (-(-count // 2) * FIELD_STEP)))
        width = max(self.card_size[0], width)
        per_line = -(-count // lines)
        step = min(width * FIELD_STEP, (room - width * FIELD_STEP) / max(1, per_line - 1))
        return [
            replace(
                place,
                x=field.x + (index % per_line) * step,
                y=field.y + (index // per_line) * field.height // 2,
                width=width,
            )
            for index, place in enumerate(places)
        ]

    def _field_room(self, view: PlayerView, seat: int) -> int:
        """The width persons may take: the field, short of the land's numbers written at its end."""
        field = self.field_rect(seat)
        right = field.right
        if view.params.get("mode") != "shared":
            lines = self._land_lines(view, f"lands:{seat}")
            widest = max((text_width(line, self._px() - 1) for line in lines), default=0)
            right = min(right, self.land_rect(seat).x - 6 - widest - 6)
        return right - field.x

    def _px(self) -> int:
        """The table's label size."""
        return max(12, self.app.size[1] // 52)

    # -- the background ------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        width, height = surface.get_size()
        surface.fill((38, 52, 40))
        px = self._px()
        t = self.app.t
        shared = view.params.get("mode") == "shared"
        for seat in range(view.seats):
            field = self.field_rect(seat)
            colour = (52, 72, 54) if seat in view.deciding else (46, 62, 48)
            pygame.draw.rect(surface, colour, field.inflate(12, 12), border_radius=10)
            name = t("table.seat_label", n=seat + 1, name=self.session.name(seat))
            y_label = field.bottom + 2 if seat == self.bottom_seat() else field.top - px - 6
            draw_text(surface, fit_width(name, px, field.width), px, (field.x, y_label), GOLD, bold=True)
            row_y = self._row_y(seat)
            draw_text(surface, t("lp.label.wander"), px - 2, (int(width * 0.03), row_y - px - 2), DIM)
            labels = self.count_labels(view, seat)
            draw_text(surface, labels["spoils"], px - 2, (int(width * 0.3), row_y - px - 2), DIM)
            if shared:
                occupied = self.land_rect(seat)
                draw_text(surface, labels["occupied"], px - 2, (occupied.x, occupied.y - px - 2), DIM)
            else:
                draw_text(surface, t("lp.label.ruins"), px - 2, (self._column(0), row_y - px - 2), DIM)
            discard = self.discard_rect(seat)
            draw_text(surface, labels["discard"], px - 2, (discard.x, discard.y - px - 2), DIM)
            if not shared:
                self._land_text(surface, view, f"lands:{seat}", self.land_rect(seat), px)
                deck = self.deck_rect(seat)
                draw_text(
                    surface,
                    t("lp.label.deck", n=view.zones[f"deck:{seat}"].count),
                    px - 2,
                    (deck.centerx, deck.bottom + 4),
                    DIM,
                    "midtop",
                )
        if shared:
            lands, deck = self.shared_rects()
            self._land_text(surface, view, "lands", lands, px)
            draw_text(
                surface,
                t("lp.label.deck", n=view.zones["deck"].count),
                px - 2,
                (deck.centerx, deck.bottom + 4),
                DIM,
                "midtop",
            )
        self._status(surface, view, px)

    def _land_text(
        self, surface: pygame.Surface, view: PlayerView, zone: str, rect: pygame.Rect, px: int
    ) -> None:
        """The current land's numbers, readable beside it; and how many lands are left."""
        x = rect.x - 6
        for index, line in enumerate(self._land_lines(view, zone)):
            draw_text(surface, line, px - 1, (x, rect.y + index * (px + 2)), INK, "topright")

    def on_game_over(self) -> None:
        """The results, each player's line saying how the game ended for them."""
        from .results import ResultsScene

        view = self.engine.view(None)
        shared = view.params.get("mode") == "shared"
        notes = result_notes(str(view.data.get("ended") or ""), view.winners, shared)
        rendered = {seat: self.renderer()(note) for seat, note in notes.items()}
        self.app.push(ResultsScene(self.app, self.session, rendered))

    # -- moves ----------------------------------------------------------------------------------------------
    # the defender clicks its persons on the table, then Done; the first person and the cards put back
    # are clicked in the hand, which stays in sight with each card's text on hover (the chooser hid it)
    table_decisions = ("muster", "first")
    click_kinds = (
        "add",
        "capture",
        "use",
        "top",
        "take",
        "recall",
        "release",
        "pay",
        "discard",
        "first",
        "putback",
        "repair",
        "recruit",
    )
    buttons_spec = (
        ButtonSpec(("commerce",), "lp.button.commerce", pygame.K_c),
        ButtonSpec(("hunt",), "lp.button.hunt", pygame.K_h),
        ButtonSpec(("battle",), "lp.button.battle", pygame.K_b),
        ButtonSpec(("attack",), "lp.button.attack", pygame.K_t),
        ButtonSpec(("noattack",), "lp.button.noattack", pygame.K_n),
        ButtonSpec(("intercept",), "lp.button.intercept", pygame.K_i),
        ButtonSpec(("siege",), "lp.button.siege", pygame.K_s),
        ButtonSpec(("done",), "lp.button.done", pygame.K_d),
        ButtonSpec(("norecall", "norelease"), "lp.button.skip", pygame.K_k),
        ButtonSpec(("nofirst",), "lp.button.nofirst", pygame.K_f),
    )
    sounds = {
        "shuffled": "shuffle",
        "announced:fight": "claim",
        "announced:intercept_won": "ignite",
        "announced:siege_holds": "claim",
    }

    def handle(self, event: pygame.event.Event) -> None:
        """A button's key answers the decision's chooser directly: the defender's I intercepts and S
        holds a siege (the keys the buttons name; with the chooser open, I only reached the menu)."""
        if event.type == pygame.KEYDOWN and self.menu is not None and self.menu.must_answer:
            for spec in self.buttons_spec:
                moves = [a for a in self.menu.actions if spec.key == event.key and spec.offers(a)]
                if len(moves) == 1:
                    self.perform(moves[0])
                    return
        super().handle(event)

    def hold_on(self) -> None:
        """The table holds a moment (no bot moves, no hand-off) so the person sees what happened; not
        in a fast run (smoke tests), and Space hurries on as it does past any animation."""
        if not self.app.fast:
            self.pause_after = max(self.pause_after, BATTLE_PAUSE_S)

    def hurry(self) -> None:
        super().hurry()
        self.pause_after = 0.0

    def busy(self) -> bool:
        """The battle note's clock runs in real time (an idle table updates only twice a second)."""
        return super().busy() or bool(self.battle_note)

    def update(self, dt: float) -> bool:
        """The battle note's time runs while a person looks at the table (not behind a hand-off or
        under the welcome-back summary), so each of two people sees it."""
        changed = super().update(dt)
        if self.battle_note and self.app.top is self and self.summary is None and self.viewer is not None:
            self.battle_left -= dt
            if self.battle_left <= 0:
                self.battle_note = []
                self.needs_full_redraw = True
                changed = True
        return changed

    def draw_overlay(self, screen: pygame.Surface) -> list[pygame.Rect]:
        rects = super().draw_overlay(screen)
        box = self.draw_battle_note(screen)
        if box is not None:
            rects.append(box)
        return rects

    def battle_note_lines(self) -> list[str]:
        """The battle note as the person at the screen reads it: a title, then its lines wrapped."""
        if not self.battle_note:
            return []
        return [self.app.t("lp.note.title")] + [self.say_phrase(p) for p in self.battle_note]

    def battle_note_rect(self, lines: list[str], px: int) -> tuple[pygame.Rect, list[str]]:
        """The note's box, over the middle of the table between the two fields, and its wrapped lines."""
        width, height = self.app.size
        box_w = int(width * 0.46)
        wrapped = [part for line in lines for part in (self._wrap(line, px, box_w - 24) or [""])]
        box = pygame.Rect(0, 0, box_w, (px + 6) * len(wrapped) + 18)
        top, bottom = self.field_rect(1 - self.bottom_seat()), self.field_rect(self.bottom_seat())
        box.center = (top.centerx, (top.bottom + bottom.top) // 2)
        return box.clamp(pygame.Rect(0, 0, width, height)), wrapped

    def draw_battle_note(self, screen: pygame.Surface) -> pygame.Rect | None:
        lines = self.battle_note_lines()
        if not lines or self.drag.active or self.summary:  # the welcome-back panel first; then the note
            return None
        px = max(14, self.app.size[1] // 44)
        box, wrapped = self.battle_note_rect(lines, px)
        draw_panel(screen, box, (12, 20, 14, 235))
        pygame.draw.rect(screen, GOLD, box, 2, border_radius=8)
        y = box.y + 9
        for index, line in enumerate(wrapped):
            draw_text(screen, line, px, (box.x + 12, y), GOLD if index == 0 else INK, bold=index == 0)
            y += px + 6
        return box

    def hold_fan(self, pile: Pile, placed: list[Placement]) -> list[Placement]:
        """While cards are put back at the start of the shared deck, the hand closes up at once (the
        table's usual holes under the pointer read as cards gone missing); the rest of the game keeps
        the hand in place under the pointer as every table does."""
        if self.view().phase == "first":
            if self._fans is not None:
                self._fans[pile.zone] = {p.key: p.x for p in placed}
                if self._held_fans is not None:
                    self._held_fans.pop(pile.zone, None)
            return placed
        return super().hold_fan(pile, placed)

    def enemy_rect(self) -> pygame.Rect:
        """Where a person is dropped to attack: the opponent's field and land (in the shared deck the
        current land in the middle is the one the opponent defends too)."""
        foe = 1 - self.bottom_seat()
        rect = self.field_rect(foe).union(self.land_rect(foe))
        if self.view().params.get("mode") == "shared":
            rect = rect.union(self.shared_rects()[0])
        return rect

    def drop_areas(self) -> list[DropArea]:
        seat = self.bottom_seat()
        enemy = self.enemy_rect()
        mine = self.field_rect(seat)
        return [
            DropArea("field", mine.inflate(12, 12), ("recruit", "recall", "add"), refuse="recruit"),
            DropArea("land", self.land_rect(seat).inflate(20, 20), ("add",)),
            DropArea("enemy", enemy.inflate(12, 12), ("add",)),
            DropArea("discard", self.discard_rect(seat).inflate(30, 30), ("discard", "pay", "release")),
        ]

    def refusal(self, area: DropArea, held: list[int]) -> Action | None:
        """The move a refused drop meant, whose rule says why not: of the place's moves, one that takes
        the held card from where it lies, the current phase's first. A wanderer dropped on the discard
        pile in the return phase means its release (discarded to draw in the income phase), not a
        payment (it was refused as "nothing is being paid with cards"); a hand card dropped there
        outside a payment means a discard (done in the end phase)."""
        if self.viewer is None:
            return None
        view = self.view()
        lying = {name for name, zone in view.zones.items() if any(c in zone.cards for c in held)}
        taking = [k for k in area.kinds if source_zone(k, self.viewer) in lying]
        if not taking:
            return super().refusal(area, held)
        now = kinds_now(view.phase, (view.data.get("task") or {}).get("kind"))
        kind = next((k for k in taking if k in now), taking[0])
        return Action(self.viewer, kind, canonical(view, held), area.target or "")

    def drop(self, held: list[int], pos: tuple[int, int]) -> bool:
        """A person dropped on the opponent's land or field in the battle phase declares the attack
        first (then joins it, as any person dropped there while the attack gathers). Dropped there in
        the domestic phase, it goes to battle first: first-time players dragged a person onto the
        enemy's land before pressing "To battle" and nothing happened."""
        seat = self.bottom_seat()
        enemy = self.enemy_rect().inflate(12, 12)
        view = self.view()
        mine = view.zones.get(f"field:{seat}")
        attack = Action(seat, "attack")
        battle = Action(seat, "battle")
        if (
            enemy.collidepoint(pos)
            and mine is not None
            and all(card in mine.cards for card in held)
            and attack not in self.my_legal()
            and battle in self.my_legal()
            and self.perform(battle)
        ):
            # the table animates the phase change, so the attack is asked of the view from here on
            if attack not in self.view().legal:
                return True
        if (
            enemy.collidepoint(pos)
            and mine is not None
            and all(card in mine.cards for card in held)
            and attack in self.view().legal
            and self.perform(attack)
        ):
            # the attack is declared; the person joins it at once (the table is still animating the
            # declaration, so the moves are asked of the view rather than of my_legal)
            moves = find_moves(self.view(), held, self.view().legal, ("add",))
            if moves:
                return self.gesture(moves, held)
        worked = self.work_land(held, pos)
        return worked if worked is not None else super().drop(held, pos)

    def work_land(self, held: list[int], pos: tuple[int, int]) -> bool | None:
        """Ready persons dropped on their own land in the domestic phase work it: Commerce or Hunting
        opens (a chooser when both may) and they join it. First-time players dragged a person onto
        their land and read only "no task is gathering persons". None: not such a drop. (In the
        shared deck the land in the middle is the opponent's to defend too: a drop there attacks.)"""
        seat = self.bottom_seat()
        view = self.view()
        mine = view.zones.get(f"field:{seat}")
        if (
            view.params.get("mode") == "shared"
            or not self.land_rect(seat).inflate(20, 20).collidepoint(pos)
            or mine is None
            or not all(card in mine.cards for card in held)
            or view.data.get("task")
        ):
            return None
        works = [a for a in self.my_legal() if a.kind in ("commerce", "hunt")]
        if not works:
            # why the land cannot be worked now (its costs against the persons' numbers): the drop's
            # own refusal said only "no task is gathering persons"
            reasons = [self.engine.explain(Action(seat, kind)) for kind in ("commerce", "hunt")]
            said = [self.refusal_text(r) for r in reasons if r]
            if not said or view.phase != "domestic":
                return None
            self.say(" · ".join(dict.fromkeys(said)))
            return False
        self.joining = list(held)
        if len(works) == 1:
            return self.perform(works[0])
        self.open_menu(self.app.t("lp.work.title"), works)
        return False

    def perform(self, action: Action, held: list[int] | None = None) -> bool:
        """Also notes who was attacking before the move (the fight's result names them; the move that
        resolves the fight clears them from the view)."""
        fight = self.view().data.get("fight") or {}
        self._attackers = tuple(int(c) for c in fight.get("attackers") or ())
        return super().perform(action, held)

    def after_action(self, action: Action, events: list[Any]) -> None:
        """A fight's result goes on the table for a moment; a battle phase the rules skip (nobody can
        attack) is said; the persons dropped on the land join the work it opened."""
        super().after_action(action, events)
        view = self.view()
        result = battle_result(events, view, self._attackers)
        if any(p.key.startswith("lp.note.") for p in result):
            self.battle_note, self.battle_left = result, BATTLE_NOTE_S
            self.hold_on()
            self.needs_full_redraw = True
        elif action.kind == "capture" and self.battle_note:  # the spoils chosen after the fight
            self.battle_note = self.battle_note + battle_aftermath(events, view)
            self.battle_left = BATTLE_NOTE_S
            self.needs_full_redraw = True
        elif self.battle_note:  # the game has moved on: the last fight's result would read as news
            self.battle_note = []
            self.needs_full_redraw = True
        if action.kind == "battle" and view.phase != "battle" and not self.session.is_bot(action.seat):
            # B with nobody able to attack: the rules go on to the end phase; the person is told, and
            # the table holds a moment before the screen turns to the next player
            self.say(self.say_phrase(phrase("lp.battle_none", who=Seat(action.seat))))
            self.hold_on()
        joining, self.joining = self.joining, []
        if action.kind in ("commerce", "hunt") and joining:
            # the table is still animating the opening, so the moves are asked of the view
            moves = find_moves(self.view(), joining, self.view().legal, ("add",))
            if moves:
                self.gesture(moves, joining)

    def close_menu(self) -> None:
        """A chooser closed without a choice: the persons held join nothing later."""
        self.joining = []
        super().close_menu()

    def draggable(self, sprite: Any) -> bool:
        """Also a ready person of one's own field while an attack may be declared (or the battle phase
        begun): dragging it onto the opponent's side declares the attack."""
        if super().draggable(sprite):
            return True
        seat = self.viewer
        legal = self.my_legal()
        if seat is None or sprite.card < 0:
            return False
        if Action(seat, "attack") not in legal and Action(seat, "battle") not in legal:
            return False
        status = (self.view().data.get("status") or {}).get(str(sprite.card))
        return sprite.card in self.view().zones[f"field:{seat}"].cards and status == "ready"

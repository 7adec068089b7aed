"""The Sainome table: both characters with their four slots (each labelled with its die face) and the
equipped cards, HP decks as stacks whose height shows the HP left, the hands (the opponent's face
down), the common deck and discard pile, and the die thrown across the table on every roll.

Equipping is a drag from the hand onto a slot; a slot lights only when the card's links match its face.
An attack throws the die from the attacker's side; it tumbles, bounces and settles on the rolled face,
and the slot showing that face lights while its card resolves. The defender's counter decision comes on
every damage event (behind the hand-off screen when the defender is a person), counter card or not.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...games.sainome.narration import caption, hint, slot_face
from ...rules.actions import Action
from ...rules.events import DiceRolled, Event
from ...rules.narration import Seat, Word, phrase
from ...rules.view import PlayerView
from ..fonts import get_font, wrap_text
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width
from .table import ButtonSpec, DropArea, Pile, TableScene

SLOTS = ("top", "right", "bottom", "left")
HOLD_S = 1.6  # how long a caption holds the hand-off back
PICK_STEP = 1.12  # card widths between the characters to choose (each one's awakened side lies beneath)
ACTION_KEYS = {
    "refill": pygame.K_f,
    "change": pygame.K_c,
    "attack": pygame.K_t,
    "end": pygame.K_e,
    "roll": pygame.K_r,
    "done": pygame.K_d,
    "pass": pygame.K_p,
}


class _SideFaces:
    """The set's card renderer, asked for the side of each character card that shows: an awakened
    character is printed on the card's other side (the face template's `sides`)."""

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer
        self.sides: dict[str, str] = {}

    def face(self, spec: Any, width: int) -> pygame.Surface:
        return self.renderer.face(spec, width, self.sides.get(spec.code))

    def back(self, width: int) -> pygame.Surface:
        return self.renderer.back(width)


class SainomeTable(TableScene):
    """Sainome on the shared table."""

    background_covers = True  # draw_background fills the window first

    # -- geometry ----------------------------------------------------------------------------
    # The two characters sit side by side (yours on the left), each with its slots around it, so the
    # cards can be large enough at 1280x720 to read a hand card's name, numbers and icons unhovered.
    card_size = (32, 0.112, 0.068)

    def character_centre(self, seat: int) -> tuple[int, int]:
        width, height = self.app.size
        cw = self.card_width()
        ch = cw * 88 // 63
        top = int(ch * 0.62) + 24 + self.label_px() + 12  # the opponent's hand, then the seat labels
        cy = top + int(ch * 1.54)
        left = int(width * 0.02) + int(cw * 1.75)
        bottom = seat == self.bottom_seat()
        return (left if bottom else left + int(cw * 4.4)), cy

    def label_px(self) -> int:
        return max(13, self.app.size[1] // 48)

    def slot_rects(self, seat: int) -> dict[str, pygame.Rect]:
        """The four slots around a character (the opponent's turned to face across the table)."""
        cx, cy = self.character_centre(seat)
        cw = self.card_width()
        ch = cw * 88 // 63
        flip = seat != self.bottom_seat()
        offsets = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
        out = {}
        for slot, (dx, dy) in offsets.items():
            if flip:
                dx, dy = -dx, -dy
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (cx + dx * int(cw * 1.25), cy + dy * int(ch * 1.04))  # the faces show
            out[slot] = rect
        return out

    def hp_rect(self, seat: int) -> pygame.Rect:
        """The HP deck, in the free corner above the right-hand slot, a little smaller than a card."""
        cx, cy = self.character_centre(seat)
        cw = self.card_width()
        ch = cw * 88 // 63
        small = self.hp_width()
        # the tower rises from here (a card and a half pixels a card); its "HP n" label goes beneath,
        # a line and a margin clear of the slot below, whose lit frame (a drop target) reaches 5 px out
        top = cy - ch // 2 - self.label_px() * 2 - 10 - small * 88 // 63
        return pygame.Rect(cx + int(cw * 1.25) - small // 2, top, small, small * 88 // 63)

    def hp_width(self) -> int:
        return int(self.card_width() * 0.62)

    def pile_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The common deck and the discard pile, at the side of the table under the log."""
        width, height = self.app.size
        cw = self.card_width()
        ch = cw * 88 // 63
        x = int(width * 0.62)
        y = min(int(height * 0.62), height - ch - 40)
        return pygame.Rect(x, y, cw, ch), pygame.Rect(x + cw + 24, y, cw, ch)

    def resolving_rect(self) -> pygame.Rect:
        """The row of cards being resolved, right of the discard pile (their label under its start)."""
        _, discard = self.pile_rects()
        return pygame.Rect(
            discard.right + 24, discard.y, max(discard.width, self.app.size[0] - discard.right - 30), 1
        )

    # -- layout ------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        width, height = self.app.size
        cw = self.card_width()
        ch = cw * 88 // 63
        if not isinstance(self.board.renderer, _SideFaces):
            self.board.renderer = _SideFaces(self.board.renderer)
        for info in view.data.get("characters") or []:
            if info:
                self.board.renderer.sides[info["code"]] = info["side"]
        common, discard = self.pile_rects()
        pick_y = min(r.top for r in self.slot_rects(0).values())
        out = [
            Pile("common", common, cw, "stack", 0, 0.5, shown=10),
            Pile("discard", discard, cw, "top", 20),
            Pile(
                "resolving",
                self.resolving_rect(),
                cw,
                "row",
                400,
                0.4,
                20,
            ),
        ]
        if self.choosing(view):
            # the characters still to choose, large, each above its awakened side (drawn beneath it)
            out.append(
                Pile(
                    "characters",
                    pygame.Rect(int(width * 0.02), pick_y, int(width * 0.6), 1),
                    self.pick_width(),
                    "row",
                    500,
                    PICK_STEP,
                    4,
                )
            )
        else:  # the ones nobody chose, set aside small at the top
            small = int(cw * 0.45)
            out.append(
                Pile(
                    "characters",
                    pygame.Rect(int(width * 0.5), 8, int(width * 0.1), 1),
                    small,
                    "row",
                    500,
                    0.5,
                    4,
                )
            )
        for seat in range(view.seats):
            cx, cy = self.character_centre(seat)
            out.append(
                Pile(f"character:{seat}", pygame.Rect(cx - cw // 2, cy - ch // 2, cw, 1), cw, "top", 50)
            )
            out += [
                Pile(f"slot:{seat}:{slot}", rect, cw, "top", 60)
                for slot, rect in self.slot_rects(seat).items()
            ]
            out.append(Pile(f"hp:{seat}", self.hp_rect(seat), self.hp_width(), "tower", 70, 1.5))
            bottom = seat == self.bottom_seat()
            hand_cw = int(cw * 1.5) if bottom else int(cw * 0.62)
            y = height - hand_cw * 88 // 63 - 8 if bottom else 8
            out.append(
                Pile(
                    f"hand:{seat}",
                    pygame.Rect(int(width * 0.02), y, int(width * 0.56), 1),
                    hand_cw,
                    "fan",
                    300,
                    0.86 if bottom else 0.6,
                )
            )
        return out

    def thinking_place(self, seat: int) -> tuple[tuple[int, int], str]:
        """A thinking bot's mark left of its hand's cards, level with them: below the hand are the
        seats' headers, which the mark hid (playtest 2026-11-28). A long hand pushes it to the
        window's edge, over the hand's backs."""
        view = self.view()
        if seat == self.bottom_seat():
            return super().thinking_place(seat)
        for pile in self.piles(view):
            zone = view.zones.get(pile.zone)
            if pile.zone == f"hand:{seat}" and zone is not None:
                placed = pile.place(zone.cards)
                left = min((round(p.x) for p in placed), default=pile.rect.centerx)
                return (left - 10, pile.rect.y + pile.width * 88 // 63 // 2), "midright"
        return super().thinking_place(seat)

    _hold = 0.0  # seconds the table stays with the person who just moved, so they read the caption

    def update(self, dt: float) -> bool:
        self._hold = max(0.0, self._hold - dt)
        return super().update(dt)

    def hand_off(self, seat: int) -> None:
        """The hand-off waits a moment after a caption (what a roll fired, that a setup ended), so the
        person who caused it reads it before the table turns to the other."""
        if self._hold > 0 and self.animator.speed > 0:
            return  # asked again next frame
        super().hand_off(seat)

    def pick_width(self) -> int:
        """The characters' width while they are chosen: as large as a hand card, both sides in a column."""
        height = self.app.size[1]
        top = min(r.top for r in self.slot_rects(0).values())
        room = (height - top - 8 - 12) // 2  # two cards tall: the normal side over the awakened
        return min(int(self.card_width() * 1.5), room * 63 // 88)

    def choosing(self, view: PlayerView) -> bool:
        """Whether the characters are still being chosen (they are shown large, both sides)."""
        return view.phase in ("roll", "right", "character")

    def dice_path(self, event: DiceRolled) -> tuple[tuple[float, float], tuple[float, float], int]:
        width, height = self.app.size
        size = max(28, height // 12)
        cx, cy = self.character_centre(event.seat)
        other = self.character_centre(1 - event.seat) if self.view().seats == 2 else (width // 2, height // 2)
        return (
            (cx - size * 2.0, float(cy)),
            ((cx + other[0]) / 2 + size * 2.5, (cy + other[1]) / 2 - size / 2),
            size,
        )

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        return pygame.Rect(int(width * 0.73), int(height * 0.27), int(width * 0.255), int(height * 0.33))

    # -- background --------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        width, height = surface.get_size()
        surface.fill((58, 34, 40))
        px = max(13, height // 48)
        data = view.data
        roll = data.get("last_roll") or {}
        rolled = roll.get("results") or roll.get("faces") or []
        characters = data.get("characters") or []
        slots = data.get("slots") or []
        if self.choosing(view):
            top = min(r.top for r in self.slot_rects(0).values())
            if any(characters):  # a seat that has chosen is named on this line (below): one line up
                top -= px + 12
            heading = self.app.t("sn.label.choose")
            draw_text(surface, heading, px + 1, (int(width * 0.02), top - 8), INK, "bottomleft", bold=True)
        for seat in range(view.seats):
            info = characters[seat] if seat < len(characters) else None
            seat_slots = slots[seat] if seat < len(slots) else {}
            for slot, rect in self.slot_rects(seat).items():
                if self.choosing(view):
                    break  # the characters to choose lie where the slots will be
                entry = seat_slots.get(slot, {})
                face = entry.get("face")
                # the rolled face stays lit while its roller's turn lasts, not into the next one
                lit = (
                    face is not None
                    and face in rolled
                    and roll.get("why") == "attack"  # a setup roll fires nothing
                    and roll.get("seat") == seat == view.active
                )
                pygame.draw.rect(
                    surface, (90, 150, 110) if lit else (44, 26, 30), rect.inflate(10, 10), border_radius=8
                )
                if lit:
                    pygame.draw.rect(surface, GOLD, rect.inflate(16, 16), 4, border_radius=10)
                if face is not None:
                    draw_text(
                        surface,
                        str(face),
                        px + 4,
                        (rect.centerx, rect.centery),
                        (120, 90, 96),
                        "center",
                        bold=True,
                    )
            cx, cy = self.character_centre(seat)
            t = self.app.t
            if self.choosing(view) and not info:
                # nobody's name over the characters still to choose: "P1 Ann" above the Princess read
                # as if Ann played her; the pool gets its own heading instead (below)
                continue
            label = t("table.seat_label", n=seat + 1, name=self.session.name(seat))
            if info:
                character = info.get("name_ja") if t.language == "ja" else info.get("name")
                side = t("sn.side.awakened" if info.get("awakened") else "sn.side.normal")
                label = t("sn.character_label", who=label, character=character or "", side=side)
            rects = self.slot_rects(seat).values()
            colour = GOLD if seat in view.deciding else INK
            span = max(r.right for r in rects) - min(r.left for r in rects)
            label = fit_width(label, px + 1, span)
            top = min(r.top for r in rects)
            draw_text(surface, label, px + 1, (cx, top - 8), colour, "midbottom", bold=True)
            if self.choosing(view):
                continue  # no HP decks yet: the characters to choose lie here
            hp = self.hp_rect(seat)
            draw_text(
                surface,
                f"HP {view.zones[f'hp:{seat}'].count}",
                px + 2,
                (hp.centerx, hp.bottom + 6),
                GOLD,
                "midtop",
                bold=True,
            )
        if self.choosing(view):
            self._awakened_sides(surface, view)
        common, discard = self.pile_rects()
        draw_text(
            surface,
            self.app.t("sn.label.common", n=view.zones["common"].count),
            px,
            (common.centerx, common.bottom + 6),
            DIM,
            "midtop",
        )
        draw_text(
            surface,
            self.app.t("sn.label.discard", n=view.zones["discard"].count),
            px,
            (discard.centerx, discard.bottom + 6),
            DIM,
            "midtop",
        )
        if view.zones["resolving"].count:  # beside an empty discard pile they read as its cards
            draw_text(
                surface,
                self.app.t("sn.label.resolving"),
                px,
                (self.resolving_rect().x + discard.width // 2, discard.bottom + 6),
                DIM,
                "midtop",
            )
        self._status(surface, view, px)

    def _awakened_sides(self, surface: pygame.Surface, view: PlayerView) -> None:
        """While the characters are chosen, each one's awakened side beneath it, so a pick is not blind."""
        renderer = self.board.renderer
        faces = getattr(renderer, "renderer", renderer)
        for sprite in self.board.sprites.values():
            if sprite.card < 0 or sprite.card not in view.zones["characters"].cards:
                continue
            spec = self.board.physical[sprite.card]
            image = faces.face(spec, sprite.width, "awakened")
            surface.blit(image, (int(sprite.x), int(sprite.y) + sprite.height + 10))

    def status_lines(self, view: PlayerView) -> list[str]:
        """The status panel's lines above the hint: the phase, the rolls, what just happened. The rights
        roll is said once: the rolls line names both, so the log's "rolls a 5 for the rights" is left
        out of what just happened (the panel said each roll twice)."""
        data = view.data
        t = self.app.t
        lines = []
        if view.active is not None:
            phase = t(f"sn.phase.{view.phase}") if t.has(f"sn.phase.{view.phase}") else view.phase
            line = t("sn.status.phase", name=self.session.name(view.active), phase=phase)
            if view.phase == "action":
                line += t("sn.status.actions_left", n=data.get("actions_left"))
            lines.append(line)
        rolls = data.get("setup_rolls") or []
        if view.phase in ("roll", "right", "character") and any(rolls):
            # both setup rolls side by side (the latest pair; a tie is rolled again)
            pair = next(r for r in reversed(rolls) if r)
            shown = " · ".join(f"{self.session.name(i)}: {face}" for i, face in enumerate(pair))
            lines.append(self.say_phrase(phrase("sn.setup_rolls", rolls=shown)))
            said = [p for p in self.session.chronicle.last(self.viewer) if p.key != "sn.roll_setup"]
            happened = " · ".join(self.renderer()(p) for p in said)
        else:
            happened = self.just_happened()
            roll = data.get("last_roll")
            if roll:
                faces = ", ".join(str(r) for r in roll.get("results", []))
                lines.append(t("sn.status.roll", faces=faces, name=self.session.name(roll["seat"])))
        if happened:
            lines.append(happened)
        counter = data.get("counter")
        if counter:
            lines.append(
                t("sn.status.counter", name=self.session.name(counter["defender"]), n=counter["amount"])
            )
        return lines

    def _status(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        width, height = surface.get_size()
        lines = self.status_lines(view)
        todo = hint(view, self.viewer) if self.viewer is not None else None
        box = pygame.Rect(int(width * 0.62), 40, int(width * 0.36), 0)
        # every line wrapped to the box, never cut (the draw and what followed ran past it)
        lines = [part for line in lines for part in wrap_text(get_font(px), line, box.width - 16) or [""]]
        first_hint = len(lines)
        if todo is not None:
            # what to do now, in plain words, wrapped to the box (it is the line a newcomer reads)
            lines += wrap_text(get_font(px), self.say_phrase(todo), box.width - 16)
        box.height = (px + 8) * (len(lines) + 1)
        draw_panel(surface, box, (30, 16, 20, 200))
        for index, line in enumerate(lines):
            draw_text(
                surface,
                line,
                px,
                (box.x + 8, box.y + 8 + index * (px + 8)),
                GOLD if index >= first_hint else INK,
            )

    # -- moves -------------------------------------------------------------------------------

    def words(self, action: Action) -> str:
        if action.kind != "bomb":
            return super().words(action)
        # the slot as it shows here (the opponent's character is turned to face across the table)
        victim = 1 - action.seat
        rect = self.slot_rects(victim).get(action.target)
        if rect is None:
            return super().words(action)
        cx, cy = self.character_centre(victim)
        dx, dy = rect.centerx - cx, rect.centery - cy
        where = ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else ("below" if dy > 0 else "above")
        face = slot_face(self.view(), victim, action.target)
        said = phrase("sn.option.bomb_seen", where=Word(f"sn.seen.{where}"), victim=Seat(victim), face=face)
        return self.say_phrase(said)

    def tooltip(self, card: int) -> list[str]:
        spec = self.board.physical[card]
        t = self.app.t
        lines = [self.card_title(spec)]
        category = str(spec.get("category") or spec.get("type") or "")
        facts = [t(f"sn.category.{category}") if t.has(f"sn.category.{category}") else category]
        if spec.get("links"):
            facts.append(t("sn.fact.links", links=", ".join(map(str, spec.get("links")))))
        if spec.get("damage") is not None:
            facts.append(t("sn.fact.damage", n=spec.get("damage")))
        icons = [t(f"sn.icon.{i}") if t.has(f"sn.icon.{i}") else str(i) for i in spec.get("icons") or []]
        if icons:
            facts.append(" ".join(icons))
        lines.append(" · ".join(f for f in facts if f))
        text = spec.get("text")
        if isinstance(text, dict):
            lines += [t for t in (text.get("ja"), text.get("en")) if t]
        elif text:
            lines.append(str(text))
        if spec.get("sides"):
            lines += self._character_lines(spec)
        provisional = self.provisional_line(spec, "sn")
        if provisional:
            lines.append(provisional)
        return lines

    def _character_lines(self, spec: Any) -> list[str]:
        """A character's two sides as its card prints them: faces, skills, when it awakens or turns
        back (the texts the face template wrote, so the tooltip and the card say the same)."""
        t = self.app.t
        renderer = self.board.renderer
        faces = getattr(renderer, "renderer", renderer)
        out = []
        for side in ("normal", "awakened"):
            shown = spec.get("sides")[side]
            out.append(t(f"sn.side.{side}").upper() + "  " + " ".join(str(f) for f in shown.get("faces", [])))
            drawn = faces.drawn(spec, 240, side)
            for placed in drawn.texts:
                if placed.box in ("skills", "awaken", "reverts"):
                    out += [line for line in placed.text.split("\n") if line]
        return out

    table_decisions = ("equip",)  # equipping is a drag onto a lit slot (or the action menu)
    # a click on a card makes its move: use a 手 card, trash one, answer a decision about it; an
    # equip click offers the slots it links to
    click_kinds = (
        "use",
        "trash",
        "equip",
        "counter",
        "catalyst",
        "heal",
        "fire",
        "target",
        "discard",
        "pick",
        "draft",
    )
    buttons_spec = (
        ButtonSpec(("roll",), "sn.button.roll", pygame.K_r),
        ButtonSpec(("take",), "sn.button.take_character", pygame.K_1, target="character"),
        ButtonSpec(("take",), "sn.button.take_first", pygame.K_2, target="first"),
        ButtonSpec(("refill",), "sn.button.refill", pygame.K_f),
        ButtonSpec(("change",), "sn.button.change", pygame.K_c),
        ButtonSpec(("attack",), "sn.button.attack", pygame.K_t),
        ButtonSpec(("end",), "sn.button.end", pygame.K_e),
        ButtonSpec(("done",), "sn.button.done", pygame.K_d),
        ButtonSpec(("pass",), "sn.button.pass", pygame.K_p),
    )
    sounds = {
        "shuffled": "shuffle",
        "announced:awaken": "ignite",
        "announced:revert": "ignite",
        "announced:explode": "blast",
        "announced:counter": "claim",
    }

    def drop_areas(self) -> list[DropArea]:
        seat = self.bottom_seat()
        _, discard = self.pile_rects()
        slots = [DropArea(s, r.inflate(16, 16), ("equip",), s) for s, r in self.slot_rects(seat).items()]
        return slots + [DropArea("discard", discard.inflate(20, 20), ("trash", "use"))]

    def after_action(self, action: Action, events: list[Event]) -> None:
        """A character's side change flips its card."""
        from ..animation import FLIP_S, Tween

        view = self.view()
        said = [self.say_phrase(p) for p in caption(events, view)]
        if action.kind == "equip" and action.seat == self.actor and action.seat not in view.deciding:
            # the setting ended by itself: nothing left in the hand links to an empty slot
            said.append(self.say_phrase(phrase("sn.equip_over")))
        if said:
            self.say(" · ".join(said))  # the rolled face and what it set off, a counter card used
            self._hold = HOLD_S
        for event in events:
            what = getattr(event, "what", "")
            if what in ("awaken", "revert") and getattr(event, "seat", None) is not None:
                card = self.view().zones[f"character:{event.seat}"].cards  # type: ignore[attr-defined]
                sprite = self.board.sprites.get(card[-1]) if card else None
                if sprite is not None and self.animator.speed > 0:
                    self.animator.add(
                        Tween(sprite, (sprite.x, sprite.y), (sprite.x, sprite.y), FLIP_S * 2, flip_to=True)
                    )

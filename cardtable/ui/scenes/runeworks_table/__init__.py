"""The Rune Works! table: the viewer's hand fanned at the bottom, the other magicians around the table
with their card counts and melds, the Mana Source (stock) and Mana Pool in the middle, MP, round and
level on show; Leady work, the claim window after each Release, and the drops that make moves.

The claim window is in claims.py, the round-end screen and the results' notes in rounds.py, the
finished round's table held under it in held.py, the nameplates and the status line in labels.py.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame

from ....games.runeworks.melds import SUITS
from ....games.runeworks.narration import leady_outcome
from ....rules.actions import Action
from ....rules.events import Announced, CardsMoved, Event
from ....rules.view import PlayerView
from ....session import Session
from ...app import App
from ...fonts import text_width
from ...sprites import CardSprite
from ...widgets import DIM, GOLD, INK, Button, draw_text
from ..table import ButtonSpec, ClickArea, DropArea, Pile, Placement, TableScene, canonical
from .claims import ClaimWindowMixin
from .held import FinishedRound, HeldRoundMixin, placed_this_turn
from .labels import LabelsMixin
from .rounds import RoundEndMixin

SUIT_NAMES = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
LEADY_SHOW_S = 2.0
MELD_MIN_W = 50  # px: the smallest meld card (a larger index is drawn over it, and hover enlarges it)
DRAWN_LABEL_PX = 14  # the gold "drawn" over the card just drawn
DRAWN_LABEL_ROOM = 30  # px between the hand's pile and the viewer's meld row: the label (~21) and air
MELD_INDEX_PX = 14  # px: the rank drawn over a small meld card's corner, readable across the table
RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}


class RuneWorksTable(ClaimWindowMixin, RoundEndMixin, LabelsMixin, HeldRoundMixin, TableScene):
    """Rune Works! on the shared table."""

    background_covers = True  # draw_background fills the window first

    game_settings = frozenset({"claims"})  # the claim window's length, or asking each in turn

    def __init__(self, app: App, session: Session) -> None:
        self.claim_left = 0.0  # seconds left on the window's clock
        self.claim_for: tuple[int, ...] | None = None  # the Release the window is for
        self.claim_closed = False  # the clock has run out (or the window is asked seat by seat)
        self.claim_shown_for: tuple[int, ...] | None = None  # the Release whose window was drawn
        self.claimants: list[int] = []  # humans who claimed, in the order they pressed
        self.leady_left = 0.0
        self.leady_shown: dict[str, int] = {}
        self.round_end: dict[str, Any] | None = None  # a round just scored, shown once cards land
        self.rounds_seen = len(session.engine.view(None).data.get("round_log", []))
        self.labels: list[pygame.Rect] = []  # where the background's texts went, last drawn
        self.measuring = False  # drawing the background only to find where its texts go
        self._scratch: pygame.Surface | None = None  # what label_rects draws on
        self.just_drawn: int | None = None  # the card the viewer drew this turn, marked in the hand
        self.before: PlayerView | None = None  # everyone's view before the move being made (held.py)
        self.held: FinishedRound | None = None  # Levels 4-5: the finished round's table, on show
        self.placed_now: list[int] = []  # the cards put down this turn (a Shot's, once shot)
        self.winning: frozenset[int] = frozenset()  # the held round's winning play, marked
        super().__init__(app, session)
        self.placed_now = self._placed_so_far()

    # -- geometry ----------------------------------------------------------------------------
    card_size = (40, 0.1, 0.065)

    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """The centre of a seat's place around the table (the viewer at the bottom, play going left)."""
        width, height = self.app.size
        seats = self.view().seats
        rel = (seat - self.bottom_seat()) % seats
        angle = math.pi / 2 + rel * 2 * math.pi / seats
        cx, cy = width * 0.42, height * 0.47
        return cx + width * 0.33 * math.cos(angle), cy + height * 0.36 * math.sin(angle)

    def thinking_place(self, seat: int) -> tuple[tuple[int, int], str]:
        """A thinking bot's mark just above its small fan (its name is below the fan)."""
        ax, ay = self.seat_anchor(seat)
        return (int(ax), int(ay - self.card_width() * 0.5 * 0.7) - 6), "midbottom"

    def centre(self) -> tuple[float, float]:
        width, height = self.app.size
        return width * 0.42, height * 0.42

    def pile_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The Mana Source (stock) and Mana Pool areas."""
        cw = self.card_width()
        ch = cw * 88 // 63
        cx, cy = self.centre()
        stock = pygame.Rect(int(cx - cw * 1.6), int(cy - ch / 2), cw, ch)
        pool = pygame.Rect(int(cx - cw * 0.2), int(cy - ch / 2), int(cw * 2.2), ch)
        return stock, pool

    def meld_row(self, seat: int) -> tuple[float, float, float]:
        """Where a seat's melds start (x, y) and the small card width used for melds."""
        width, height = self.app.size
        mw = int(self.card_width() * 0.62)
        mh = mw * 88 // 63
        if seat == self.bottom_seat():  # above the hand, leaving room for the "drawn" label between
            return width * 0.42, height - self.card_width() * 88 / 63 - mh - 12 - DRAWN_LABEL_ROOM, mw
        ax, ay = self.seat_anchor(seat)
        cx, cy = self.centre()
        x = ax + (cx - ax) * 0.45  # the centre of the seat's meld row, between the seat and the piles
        y = ay + (cy - ay) * 0.45 - mh / 2
        return x, y, mw

    def own_meld_area(self) -> pygame.Rect:
        x, y, mw = self.meld_row(self.bottom_seat())
        width, _ = self.app.size
        return pygame.Rect(int(width * 0.08), int(y) - 10, int(width * 0.68), int(mw * 88 / 63) + 20)

    # -- layout ------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        width, height = self.app.size
        cw = self.card_width()
        stock, pool = self.pile_rects()
        bottom = self.bottom_seat()
        own = pygame.Rect(int(width * 0.11), height - cw * 88 // 63 - 12, int(width * 0.62), 1)
        out = [
            Pile("stock", stock, cw, "stack", 0, 0.25, shown=52),
            Pile("pool", pool, cw, "row", 100, 0.28, shown=5),
            Pile(f"hand:{bottom}", own, cw, "fan", 300, 0.8, sort=self._sort_key),
        ]
        small = int(cw * 0.5)
        for seat in range(view.seats):
            if seat != bottom:  # the other magicians' hands: small fans at their places
                ax, ay = self.seat_anchor(seat)
                rect = pygame.Rect(0, int(ay - small * 0.7), small * 20, 1)
                rect.centerx = int(ax)
                out.append(Pile(f"hand:{seat}", rect, small, "fan", 200, 0.3))
        return out

    def layout(self, view: PlayerView, size: tuple[int, int]) -> list[Placement]:
        """The piles, then each seat's melds in a row between its place and the piles, moved along
        that line until it covers no label, pile, hand or other row (see _fit_row)."""
        out = super().layout(view, size)
        melds = view.data.get("melds", [])
        mw = self.meld_width()
        mh = mw * 88 // 63
        step, gap = mw * 0.3, mw * 1.15
        blocked = self.label_rects(view) + [r.inflate(12, 12) for r in self.pile_rects()]
        blocked += [pygame.Rect(int(p.x), int(p.y), p.width, p.width * 88 // 63) for p in out]
        bottom = self.bottom_seat()
        for owner in sorted(range(view.seats), key=lambda s: s != bottom):
            groups = [
                (e["zone"], sorted(view.zones[e["zone"]].cards, key=self._sort_key))
                for e in melds
                if e["owner"] == owner
            ]
            shown = view.zones.get(f"shot:{owner}")
            if shown is not None and shown.cards:  # a later shooter's hand, laid beside their melds
                groups.append((f"shot:{owner}", list(shown.cards)))
            if not groups:
                continue
            total = sum((len(cards) - 1) * step + gap for _zone, cards in groups) - (gap - mw)
            row = self._fit_row(owner, int(total), mh, blocked)
            blocked.append(row)
            x = float(row.x)
            for slot, (zone, cards) in enumerate(groups):
                for i, card in enumerate(cards):
                    out.append(
                        Placement(card, card, True, x + i * step, row.y, mw, 150 + slot * 10 + i, zone)
                    )
                x += (len(cards) - 1) * step + gap
        if view.phase == "claim" and view.zones["pool"].cards and self._window_open():
            top = view.zones["pool"].cards[-1]  # the released card, raised while it may be claimed
            lift = self.card_width() * 0.3
            out = [p if p.card != top else replace(p, y=p.y - lift, z=p.z + 50) for p in out]
        return out

    def meld_width(self) -> int:
        """Table melds' card width: small, but never below the size whose corner index reads."""
        return max(MELD_MIN_W, int(self.card_width() * 0.62))

    def table_area(self) -> pygame.Rect:
        """Where melds may lie: the window left of the log and the buttons."""
        width, height = self.app.size
        return pygame.Rect(4, 4, int(width * 0.82) - 8, height - 8)

    def _fit_row(self, seat: int, width: int, height: int, blocked: list[pygame.Rect]) -> pygame.Rect:
        """A seat's meld row: the first place on the line from the seat towards the piles (for the
        viewer: up from their hand) that lies on the table and covers nothing in `blocked`, else the
        place that covers least."""
        area = self.table_area()
        candidates: list[tuple[float, float]] = []
        if seat == self.bottom_seat():
            x, y, _ = self.meld_row(seat)
            candidates = [(x, y - k * 6) for k in range(30)]
        else:
            ax, ay = self.seat_anchor(seat)
            cx, cy = self.centre()
            for t in (0.45, 0.35, 0.55, 0.25, 0.65, 0.15, 0.75):
                for dy in (0.0, -0.6, 0.6, -1.2, 1.2):
                    candidates.append((ax + (cx - ax) * t, ay + (cy - ay) * t - height / 2 + dy * height))
        best, least = None, None
        for x, y in candidates:
            rect = pygame.Rect(int(x - width / 2), int(y), width, height).clamp(area)
            cover = sum(_overlap(rect.inflate(6, 6), other) for other in blocked)
            if cover == 0:
                return rect
            if least is None or cover < least:
                best, least = rect, cover
        assert best is not None
        return best

    def label_rects(self, view: PlayerView) -> list[pygame.Rect]:
        """Every text the background writes, as drawn for this view (on a scratch surface, the felt
        left out: only where the texts go matters, and every layout asks)."""
        if self._scratch is None or self._scratch.get_size() != self.app.size:
            self._scratch = pygame.Surface(self.app.size)
        self.measuring = True
        try:
            self.draw_background(self._scratch, view)
        finally:
            self.measuring = False
        return list(self.labels)

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        px: int,
        pos: tuple[int, int],
        colour: tuple[int, int, int] = INK,
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        """draw_text, remembering where the label went (melds keep clear of labels)."""
        rect = draw_text(surface, text, px, pos, colour, anchor, bold)
        self.labels.append(rect)
        return rect

    def draw_overlay(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Over the cards: the card just drawn is marked in the hand (a gold corner and "new")."""
        rects = []
        sprite = self.drawn_mark()
        if sprite is not None:
            rect = sprite.card_rect()
            pygame.draw.rect(screen, GOLD, rect, 3, border_radius=6)
            rects.append(rect.inflate(4, 4))
            rects.append(
                draw_text(screen, self.app.t("rw.just_drawn"), DRAWN_LABEL_PX, rect.midtop, GOLD, "midbottom")
            )
        if not self.drag.active:
            rects += self._meld_indices(screen)
        rects += self._winning_marks(screen)
        return rects + super().draw_overlay(screen)

    def drawn_mark(self) -> CardSprite | None:
        """The card just drawn, marked while it is still in the viewer's hand (a drawn 7 set at once
        kept its gold "drawn" frame on the table, seen under X)."""
        if self.just_drawn is None or self.viewer is None:
            return None
        hand = self.view().zones.get(f"hand:{self.viewer}")
        if hand is None or self.just_drawn not in hand.cards:
            return None
        sprite = self.board.sprites.get(self.just_drawn)
        if sprite is None or not sprite.face_up or not self.may_show(sprite.card) or sprite.lifted:
            return None
        return sprite

    def meld_index_tags(self) -> list[tuple[int, pygame.Rect, int]]:
        """Where each small table meld card's readable index goes: (card, tag, font px). At 720p the
        meld cards are ~50 px wide and their printed index ~9 px tall, too small to read across the
        table; the tag repeats the rank and suit larger in the strip each card shows."""
        mw = self.meld_width()
        if mw >= self.card_width() * 0.9:  # melds drawn near hand size: the printed index reads
            return []
        strip = int(mw * 0.3) - 2  # the part of a meld card its neighbour leaves uncovered
        px = max(MELD_INDEX_PX, mw * 2 // 7)
        out = []
        for name, zone in self.view().zones.items():
            if not name.startswith(("meld:", "shot:")):
                continue
            for card in zone.cards:
                sprite = self.board.sprites.get(card)
                if sprite is None or not sprite.face_up:
                    continue
                rect = sprite.card_rect()
                out.append((card, pygame.Rect(rect.x + 2, rect.y + 2, strip, px * 2 + 2), px))
        return out

    def _meld_indices(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Draw the tags of meld_index_tags: the rank (bold, narrowed for 10) over the suit in its
        colour, on the card's own paper."""
        suits = self.cardset.meta.get("suits", {})
        drawn = []
        for card, tag, px in self.meld_index_tags():
            spec = self.board.physical[card]
            rank = RANK_LETTERS.get(int(spec.get("rank")), str(spec.get("rank")))
            suit = str(spec.get("suit"))
            paper = self.board.face(card, self.meld_width()).get_at((tag.width, 3))
            pygame.draw.rect(screen, paper, tag, border_radius=3)
            size = px
            while size > 9 and text_width(rank, size, True) > tag.width:
                size -= 1  # "10" in the same strip as "7"
            colour = pygame.Color(str(suits.get(suit, {}).get("colour", "#202020")))
            shown = draw_text(screen, rank, size, (tag.centerx, tag.y), (28, 28, 28), "midtop", bold=True)
            under = draw_text(
                screen, SUIT_NAMES.get(suit, suit), px, (tag.centerx, tag.y + px), colour, "midtop"
            )
            drawn.append(tag.unionall([shown, under]))  # the suit's letters reach below the strip
        return drawn

    def draw_tooltip(self, screen: pygame.Surface, card: int) -> pygame.Rect | None:
        """A small meld card, hovered, shown at the hand's size so its index reads."""
        small = any(
            card in view_zone.cards
            for name, view_zone in self.view().zones.items()
            if name.startswith(("meld:", "shot:"))
        )
        if not small or not self.may_show(card):
            return super().draw_tooltip(screen, card)
        width = int(self.card_width() * 1.3)
        face = self.board.face(card, width)
        box = face.get_rect(bottomleft=(self.hover_pos[0] + 16, self.hover_pos[1] - 8))
        box = box.clamp(screen.get_rect())
        screen.blit(face, box)
        return box

    def _sort_key(self, card: int) -> tuple[int, int]:
        spec = self.board.physical[card]
        return (SUITS.index(spec.get("suit")), int(spec.get("rank")))

    # -- background --------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        self.labels = []
        width, height = surface.get_size()
        if not self.measuring:
            surface.blit(_felt((width, height), self.centre()), (0, 0))
        px = max(14, height // 44)
        stock, pool = self.pile_rects()
        pygame.draw.rect(surface, (18, 56, 40), stock.inflate(10, 10), border_radius=10)
        pygame.draw.rect(surface, (18, 56, 40), pool.inflate(10, 10), border_radius=10)
        t = self.app.t
        self.text(
            surface,
            f"{t('table.stock')} ({view.zones['stock'].count})",
            px,
            (stock.centerx, stock.bottom + 8),
            DIM,
            "midtop",
        )
        label = self.text(surface, t("table.pool"), px, (pool.centerx, pool.bottom + 8), DIM, "midtop")
        releaser = self.released_by(view)
        if releaser is not None:  # who let the top card go: the log said it once, the table keeps it
            self.text(surface, t("rw.released_by", who=releaser), px - 2, label.midbottom, DIM, "midtop")
        data = view.data
        level = data.get("level", 3)
        header = t("table.level", n=level)
        if level >= 4:
            header += "   " + t("table.round", n=data.get("round", 1), of=data.get("round_limit", 1))
            if data.get("overtime"):
                header += f" (+{data['overtime']})"
        self.text(surface, header, px + 4, (16, 10), GOLD, bold=True)
        for seat in range(view.seats):
            self._nameplate(surface, view, seat, px)
        self._draw_status(surface, view, px)
        if self.leady_left > 0:
            self._draw_leady(surface)

    def released_by(self, view: PlayerView) -> str | None:
        """The name of the magician who released the card on top of the Mana Pool (the round's public
        record of releases), or None when no release lies on top (the card turned up at the deal, or
        the released card was claimed or sought since). Not while its claim window is open: the window
        names the card and its clock runs where the line would be."""
        if view.phase == "claim":
            return None
        pool = view.zones["pool"].cards
        releases = view.data.get("releases") or ()
        if not pool or not releases or releases[-1]["card"] != pool[-1]:
            return None
        return self.session.name(releases[-1]["seat"])

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        return pygame.Rect(int(width * 0.83), 40, int(width * 0.165), int(height * 0.5))

    def happened_at(self) -> tuple[tuple[int, int], str, int]:
        # below the piles, above the own melds: the top-left is the status line's, and with two
        # magicians the other one sits at the top centre
        width, height = self.app.size
        return (int(width * 0.42), int(height * 0.615)), "center", int(width * 0.5)

    def leady_spot(self, seat: int) -> pygame.Rect:
        """Where the card a seat showed in Leady work lies: beside its hand (right of it), inside the
        window. The bottom hand is drawn full size, so its card goes right of its cards, bottoms level
        (laid above them, it lay under the hand, its name plate hidden: seen under X); the others'
        small fans are estimated from their card count."""
        sw = int(self.card_width() * 0.8)
        sh = sw * 88 // 63
        area = self.table_area()
        if seat == self.bottom_seat():
            # the hand's sprites as last laid (keyed by place: a hand the view hides has no card ids)
            laid = (self._fans or {}).get(f"hand:{seat}", {})
            cards = [self.board.sprites[key].card_rect() for key in laid if key in self.board.sprites]
            if cards:
                fan = cards[0].unionall(cards[1:])
                spot = pygame.Rect(fan.right + 8, fan.bottom - sh, sw, sh).clamp(area)
                if spot.colliderect(fan):  # no room at the right: above the hand instead
                    spot.bottom = fan.top - 6
                return spot
        ax, ay = self.seat_anchor(seat)
        fan_w = len(self.view().zones[f"hand:{seat}"].cards) * self.card_width() * 0.15
        return pygame.Rect(int(ax + fan_w + sw * 0.6), int(ay - sw * 0.9), sw, sh).clamp(area)

    def _draw_leady(self, surface: pygame.Surface) -> None:
        sw = int(self.card_width() * 0.8)
        for seat_text, card in self.leady_shown.items():
            spot = self.leady_spot(int(seat_text))
            if card >= 0:
                surface.blit(self.board.face(card, sw), spot)
            else:
                self.text(surface, "0", sw // 2, spot.center, GOLD, "center", bold=True)

    def _card_words(self, card: int) -> str:
        """A card as players say it (7♥)."""
        return self.renderer().card_name(card)

    # -- moves -------------------------------------------------------------------------------
    # Leady work as everywhere else: a click selects a card, and "Show selected" (Enter) shows it,
    # so one careless click no longer commits a card
    click_kinds: tuple[str, ...] = ()
    table_decisions = ("leady", "claim")  # a card is clicked to show; claims have their own window
    buttons_spec = (
        ButtonSpec(("draw",), "rw.button.draw", pygame.K_d),
        ButtonSpec(("seek",), "rw.button.seek", pygame.K_s, selection=True),
        ButtonSpec(("set",), "rw.button.set", pygame.K_RETURN, selection=True),
        ButtonSpec(("boost",), "rw.button.boost", pygame.K_b, selection=True),
        ButtonSpec(("release",), "rw.button.release", pygame.K_r, selection=True),
        ButtonSpec(("reveal",), "rw.button.reveal", pygame.K_RETURN, selection=True),
        ButtonSpec(("noreveal",), "rw.button.noreveal", pygame.K_n),
        ButtonSpec(("call", "shot"), "rw.button.claim"),
    )
    sounds = {
        "shuffled": "shuffle",
        "announced:blast": "blast",
        "announced:blast_shot": "blast",
        "announced:ignite": "ignite",
        "announced:ignite_shot": "ignite",
        "announced:call": "claim",
        "announced:seek": "claim",
        "announced:call_skips": "claim",
    }

    def drop_areas(self) -> list[DropArea]:
        stock, pool = self.pile_rects()
        melds = [DropArea(f"m{i}", rect, ("boost",), f"m{i}") for i, rect in self.meld_rects()]
        return melds + [
            DropArea("pool", pool.inflate(20, 20), ("release", "seek", "call")),
            DropArea("table", self.own_meld_area(), ("set",)),
        ]

    def click_areas(self) -> list[ClickArea]:
        stock, pool = self.pile_rects()
        return [ClickArea("stock", stock, ("draw",)), ClickArea("pool", pool, ("seek",))]

    def meld_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each meld's screen area, by meld number."""
        out = []
        view = self.view()
        for index, entry in enumerate(view.data.get("melds", [])):
            cards = view.zones[entry["zone"]].cards
            rects = [s.card_rect() for s in self.board.sprites.values() if s.card in cards]
            if rects:
                out.append((index, rects[0].unionall(rects[1:]).inflate(10, 10)))
        return out

    def refusal(self, area: DropArea, held: list[int]) -> Action | None:
        """The pool means Seek before drawing, Call in a claim window, else Release."""
        if self.viewer is None:
            return None
        chosen = canonical(self.view(), held)
        phase = self.view().phase
        if area.name == "pool":
            if phase == "start" and len(chosen) > 1:
                return Action(self.viewer, "seek", chosen)
            if phase == "claim":
                return Action(self.viewer, "call", chosen)
            return Action(self.viewer, "release", chosen)
        return super().refusal(area, held)

    def game_buttons(self) -> list[Button]:
        return super().game_buttons() + self._claim_buttons()

    def after_action(self, action: Action, events: list[Event]) -> None:
        if action.kind == "draw":
            drawn = [e for e in events if isinstance(e, CardsMoved) and e.why == "draw"]
            self.just_drawn = drawn[-1].cards[-1] if drawn and drawn[-1].cards else None
        elif action.kind in ("release", "seek", "reveal", "noreveal", "pass", "call", "shot"):
            self.just_drawn = None
        self.placed_now = placed_this_turn(self.placed_now, events)
        log = self.engine.view(None).data.get("round_log", [])
        if len(log) > self.rounds_seen and self.view().data.get("level", 3) >= 4:
            self.round_end = dict(log[-1])  # Levels 4-5: the round's MP, read before play goes on
        self.rounds_seen = len(log)
        for event in events:
            if isinstance(event, Announced) and event.what in ("leady", "leady_random"):
                self.say(self.renderer()(leady_outcome(event)))  # who won Leady work, said plainly
            if isinstance(event, Announced) and event.what == "leady":
                self.leady_shown = dict(event.detail.get("shown", {}))
                self.leady_left = LEADY_SHOW_S if self.app.settings.animation_speed > 0 else 0.0
                self.refresh_background()

    def _placed_so_far(self) -> list[int]:
        """The cards the turn under way has put down when the table opens on it (Continue in the middle
        of a turn), from the game's moves replayed (Session.replayed_events). A game continued after a
        magician had set melds and then went out framed the last Release alone (seen under X)."""
        if not self.session.move_count or self.engine.is_over():
            return []
        placed: list[int] = []
        for events in self.session.replayed_events():
            placed = placed_this_turn(placed, events)
        return placed

    def update(self, dt: float) -> bool:
        changed = False
        if self.leady_left > 0 and not self.animator.busy:
            self.leady_left = max(0.0, self.leady_left - dt)
            if self.leady_left == 0:
                self.refresh_background()
                changed = True
        changed = self.claim_tick(dt) or changed
        return super().update(dt) or changed

    def step(self, dt: float) -> bool:
        if self.round_end is not None:
            self._show_round_end(self.round_end)
            self.round_end = None
            return True
        waiting = self._waiting() if self.view().phase == "claim" else []
        if waiting and self.viewer == waiting[0] and self.menu is not None:
            return False  # nothing moves (no bot either) while a claimant chooses
        return super().step(dt)

    def drive(self) -> bool:
        """Leady reveals pause the table; then the claim window (claims.py)."""
        if self.leady_left > 0:
            return True
        return self.claim_drive()


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], centre: tuple[float, float]) -> pygame.Surface:
    """The felt and its lighter oval round the piles (an ellipse this size costs a millisecond; the
    background is drawn after every move)."""
    width, height = size
    cx, cy = centre
    felt = pygame.Surface(size)
    felt.fill((22, 70, 50))
    pygame.draw.ellipse(
        felt,
        (28, 84, 60),
        pygame.Rect(0, 0, width * 0.8, height * 0.78).move(cx - width * 0.4, cy - height * 0.39),
    )
    return felt


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rectangles share."""
    clip = a.clip(b)
    return clip.width * clip.height

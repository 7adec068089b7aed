"""The sandbox table: any card set's piles where its `sandbox:` section puts them, each seat's private
hand behind the shared hand-off screen, dice, counters and the log.

Everything is a move of the sandbox game (cardtable/games/sandbox/), made through the shared table:
drag a card you can see onto a pile or a hand (each pile and hand is a drop area for every zone a card
can come from), click a pile for what can be done with it (take its top card, flip, turn, shuffle,
deal, search), and the buttons roll, count, pass and end a search. A turned (tapped) pile's cards
are drawn on their side (turn it back to pick them up again; the action menu still moves them).
"""

from __future__ import annotations

import pygame

from ...games.sandbox.layout import layout_of
from ...games.sandbox.narration import WORDS, pile_key
from ...rules.events import Event
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width
from .table import ButtonSpec, DropArea, Pile, Placement, TableScene

STYLE = {Visibility.HIDDEN: "stack", Visibility.TOP_PUBLIC: "top", Visibility.PUBLIC: "row"}


class SandboxTable(TableScene):
    """Cards on a table, no rules."""

    card_size = (40, 0.15, 0.07)
    buttons_spec = (
        ButtonSpec(("done",), "sb.button.done", pygame.K_d),
        ButtonSpec(("roll",), "sb.button.roll", pygame.K_r),
        ButtonSpec(("count",), "sb.button.count", pygame.K_c),
        ButtonSpec(("pass",), "sb.button.pass", pygame.K_p),
    )
    sounds = {"shuffled": "shuffle", "announced:flip": "slide"}

    # -- geometry ------------------------------------------------------------------------------
    def card_h(self) -> int:
        return self.card_width() * 88 // 63

    def pile_title(self, name: str) -> str:
        """A pile's name as shown: the default layout's piles in the language, a designer's as named."""
        key = pile_key(name)
        return self.app.t(key) if key else name

    def pile_names(self) -> list[str]:
        return [p.name for p in layout_of(self.cardset).piles]

    def pile_rect(self, name: str, view: PlayerView) -> pygame.Rect:
        """Where a pile lies: its share of the table (above the hand), a spread pile to the log's edge."""
        width, height = self.app.size
        spec = layout_of(self.cardset).pile(name)
        x, y = spec.at if spec is not None else (0.1, 0.1)
        cw, ch = self.card_width(), self.card_h()
        left = int(x * width)
        strip = self.other_hand_rect(0, view).bottom + 44  # below the other seats' hands and labels
        top = strip + int(y * (height - strip - ch - self.hand_height() - 30))
        if view.zones[name].visibility is Visibility.PUBLIC:
            right = self.log_rect().left - 16
            return pygame.Rect(left, top, max(cw, right - left), ch)
        return pygame.Rect(left, top, cw, ch)

    def hand_height(self) -> int:
        return int(self.card_width() * 1.15) * 88 // 63 + 20

    def hand_rect(self) -> pygame.Rect:
        width, height = self.app.size
        return pygame.Rect(
            int(width * 0.1), height - self.hand_height(), int(width * 0.62), self.hand_height()
        )

    def other_hand_rect(self, seat: int, view: PlayerView) -> pygame.Rect:
        """The other seats' hands, small, along the top edge."""
        others = [s for s in range(view.seats) if s != self.bottom_seat()]
        index = others.index(seat) if seat in others else 0
        width, _ = self.app.size
        cw = max(30, self.card_width() // 2)
        slot = (self.log_rect().left - 40) // max(1, len(others))
        return pygame.Rect(24 + index * slot, 10, cw, cw * 88 // 63)

    def search_rect(self) -> pygame.Rect:
        width, height = self.app.size
        hand = self.hand_rect()
        ch = self.card_h()
        return pygame.Rect(int(width * 0.08), hand.top - ch - 28, self.log_rect().left - int(width * 0.1), ch)

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        return pygame.Rect(int(width * 0.75), int(height * 0.1), int(width * 0.24), int(height * 0.42))

    def happened_at(self) -> tuple[tuple[int, int], str, int] | None:
        width, height = self.app.size
        return (int(width * 0.75), int(height * 0.54)), "topleft", int(width * 0.24)

    # -- layout --------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        cw = self.card_width()
        out: list[Pile] = []
        for name in self.pile_names():
            style = STYLE[view.zones[name].visibility]
            out.append(
                Pile(name, self.pile_rect(name, view), cw, style, 10, 0.4 if style == "stack" else 0.6)
            )
        me = self.bottom_seat()
        out.append(Pile(f"hand:{me}", self.hand_rect(), int(cw * 1.15), "fan", 300, 0.8))
        out.append(Pile(f"search:{me}", self.search_rect(), cw, "row", 400, 0.7))
        for seat in range(view.seats):
            if seat != me:
                rect = self.other_hand_rect(seat, view)
                out.append(Pile(f"hand:{seat}", rect, rect.width, "stack", 200, 0.5, 8))
                out.append(
                    Pile(f"search:{seat}", rect.move(rect.width + 8, 0), rect.width, "stack", 200, 0.5, 8)
                )
        return out

    def layout(self, view: PlayerView, size: tuple[int, int]) -> list[Placement]:
        placements = super().layout(view, size)
        turned = set(view.data.get("turned") or ())
        self.turned_keys = {p.key for p in placements if p.zone in turned}
        return placements

    def relayout(self, animate: bool = True, events: list[Event] | None = None) -> None:
        """The shared placing, then the cards of a turned (tapped) pile drawn on their side. Each is
        drawn as the board would draw it (a back where the person at the screen may not see the face)."""
        super().relayout(animate, events)
        for key in getattr(self, "turned_keys", ()):
            sprite = self.board.sprites.get(key)
            if sprite is not None:
                upright = (
                    self.board.face(sprite.card, sprite.width)
                    if sprite.face_up
                    else self.board.face(-1, sprite.width)
                )
                sprite.image = pygame.transform.rotate(upright, -90)

    def drop_areas(self) -> list[DropArea]:
        """Every pile and hand takes a card from any zone (a move's target says both ends)."""
        view = self.view()
        zones = list(view.zones)
        places = [(name, self.pile_rect(name, view)) for name in self.pile_names()]
        me = self.bottom_seat()
        places.append((f"hand:{me}", self.hand_rect()))
        places += [
            (f"hand:{s}", self.other_hand_rect(s, view).inflate(30, 30)) for s in range(view.seats) if s != me
        ]
        return [
            DropArea(f"{src}>{dst}", rect.inflate(16, 16), ("move",), f"{src}>{dst}")
            for dst, rect in places
            for src in zones
            if src != dst
        ]

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a pile: what can be done with that pile (take, flip, turn, shuffle, deal, search)."""
        view = self.view()
        for name in self.pile_names():
            if self.pile_rect(name, view).inflate(12, 12).collidepoint(pos):
                moves = [
                    a
                    for a in self.my_legal()
                    if a.kind != "move"
                    and (a.target == name or a.target.startswith((f"{name}>", f"{name}*")))
                ]
                if moves:
                    self.gesture(moves, [], name)
                return

    def waits(self, event: pygame.event.Event) -> bool:
        """T waits for the table to stand still like the buttons' keys: a designer drawing three cards
        presses it three times without waiting for each to land (the second was lost)."""
        return event.key == pygame.K_t or super().waits(event)

    def key(self, event: pygame.event.Event) -> None:
        """T takes the top card of the first face-down pile into your hand (a draw)."""
        if event.key == pygame.K_t and self.viewer is not None:
            draws = [
                a for a in self.my_legal() if a.kind == "take" and a.target.endswith(f">hand:{self.viewer}")
            ]
            if draws:
                self.perform(draws[0])

    # -- the table -----------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        width, height = surface.get_size()
        surface.fill((30, 62, 70))
        px = max(13, height // 50)
        t = self.app.t
        turned = set(view.data.get("turned") or ())
        for name in self.pile_names():
            rect = self.pile_rect(name, view)
            pygame.draw.rect(surface, (22, 46, 52), rect.inflate(10, 10), border_radius=8)
            label = t("sb.label.pile", name=self.pile_title(name), n=view.zones[name].count)
            if name in turned:
                label += " " + t("sb.label.turned")
            draw_text(surface, fit_width(label, px, max(rect.width, 160)), px, (rect.x, rect.bottom + 8), DIM)
        me = self.bottom_seat()
        for seat in range(view.seats):
            colour = GOLD if seat in view.deciding else INK
            counters = view.data.get("counters") or {}
            names = [n for n in layout_of(self.cardset).counters if n in counters]  # the set's order
            shown = {k: self.app.t(f"sb.counter.{k}") if f"sb.counter.{k}" in WORDS else k for k in names}
            extra = "  ".join(f"{shown[k]} {counters[k][seat]}" for k in names)
            name = t("table.seat_label", n=seat + 1, name=self.session.name(seat))
            if seat == me:
                hand = self.hand_rect()
                draw_text(
                    surface, f"{name}  {extra}", px + 2, (hand.x, hand.y - 6), colour, "bottomleft", bold=True
                )
            else:
                rect = self.other_hand_rect(seat, view)
                count = t("sb.label.hand", n=view.zones[f"hand:{seat}"].count)
                draw_text(surface, f"{name}  {count}  {extra}", px, (rect.x, rect.bottom + 6), colour)
        searching = (view.data.get("searching") or {}).get(str(me))
        if searching is not None:
            box = self.search_rect().inflate(16, 30)
            draw_panel(surface, box, (10, 30, 34, 220))
            draw_text(
                surface,
                t("sb.label.searching", pile=self.pile_title(searching)),
                px,
                (box.x + 8, box.y + 2),
                GOLD,
            )
        dice = view.data.get("dice") or []
        status = []
        if view.active is not None:
            status.append(t("sb.status.turn", name=self.session.name(view.active)))
        if dice:
            status.append(t("sb.status.dice", faces=" ".join(map(str, dice)), total=sum(dice)))
        draw_text(surface, "   ".join(status), px + 1, (int(width * 0.75), int(height * 0.05)), INK)

    def tooltip(self, card: int) -> list[str]:
        spec = self.board.physical[card]
        lines = [self.card_title(spec)]
        text = spec.get("text")
        if isinstance(text, dict):
            lines += [str(v) for v in (text.get("ja"), text.get("en")) if v]
        elif text:
            lines.append(str(text))
        return lines

"""The sandbox table: any card set's piles where its `sandbox:` section puts them, each seat's private
hand behind the shared hand-off screen, dice, counters and the log.

Everything is a move of the sandbox game (cardtable/games/sandbox/), made through the shared table:
drag a card you can see onto a pile or a hand (each pile and hand is a drop area for every zone a card
can come from), or onto a mat, where it lies where it was let go (the spot is part of the move, so it
is saved and undone like any move); click a pile for what can be done with it (take its top card,
flip, spread or stack, shuffle, deal, search), and the buttons roll, count, pass and end a search.
A right click (or a long press) on a card or a pile opens the menu of what can be done with it: flip
or turn (tap) that one card on a mat, take a face-down one, move it, zoom on it (the shared preview,
also Shift). A turned card is drawn on its side where it lies.
"""

from __future__ import annotations

import pygame

from ...games.sandbox import DOWN, SPOT_MAX
from ...games.sandbox.layout import layout_of
from ...games.sandbox.narration import WORDS, pile_key
from ...rules.actions import Action
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width
from .table import ButtonSpec, DropArea, Pile, Placement, TableScene
from .table.drag import CLICK_PX, Drag
from .table.moves import canonical, moves_with

STYLE = {Visibility.HIDDEN: "stack", Visibility.TOP_PUBLIC: "top", Visibility.PUBLIC: "row"}
LONG_PRESS_S = (
    0.6  # a press held this long without moving opens the card's menu (a touch screen's right click)
)
ZOOM = "zoom"  # the card menu's zoom entry: no move, the shared preview until the next click or key


class SandboxTable(TableScene):
    """Cards on a table, no rules."""

    background_covers = True  # draw_background fills the window first

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
        spread = view.data.get("spread") or ()
        left = int(x * width)
        strip = self.other_hand_rect(0, view).bottom + 44  # below the other seats' hands and labels
        top = strip + int(y * (height - strip - ch - self.hand_height() - 30))
        if name + DOWN in view.zones or (name in spread and view.zones[name].count > 1):
            right = self.log_rect().left - 16
            if name + DOWN not in view.zones:  # a spread pile stops short of the next pile on its right
                for other in self.pile_names():
                    spec2 = layout_of(self.cardset).pile(other)
                    if spec2 is not None and other != name and int(spec2.at[0] * width) > left:
                        other_top = strip + int(spec2.at[1] * (height - strip - ch - self.hand_height() - 30))
                        if abs(other_top - top) < ch:
                            right = min(right, int(spec2.at[0] * width) - 16)
            rect = pygame.Rect(left, top, max(cw, right - left), ch)
            if name + DOWN in view.zones:  # a mat: down to the next pile below it, or the hand
                bottom = self.hand_rect().top - 34
                for other in self.pile_names():
                    spec2 = layout_of(self.cardset).pile(other)
                    other_left = int(spec2.at[0] * width) if spec2 is not None else 0
                    if other != name and spec2 is not None and rect.left - cw < other_left < rect.right:
                        other_top = strip + int(spec2.at[1] * (height - strip - ch - self.hand_height() - 30))
                        if other_top > top + 4:
                            bottom = min(bottom, other_top - 34)
                rect.height = max(ch, bottom - top)
            return rect
        return pygame.Rect(left, top, cw, ch)

    def is_mat(self, name: str) -> bool:
        return name + DOWN in self.view().zones

    def spot_xy(self, mat: pygame.Rect, spot: tuple[int, int] | list[int]) -> tuple[float, float]:
        """Where a spot of a mat is on the screen (a card's top-left corner)."""
        room_w, room_h = max(0, mat.width - self.card_width()), max(0, mat.height - self.card_h())
        return mat.x + spot[0] * room_w / SPOT_MAX, mat.y + spot[1] * room_h / SPOT_MAX

    def spot_at(self, mat: pygame.Rect, x: float, y: float) -> tuple[int, int]:
        """The spot of a mat a card whose top-left corner is at x, y lies on (kept on the mat)."""
        room_w, room_h = max(1, mat.width - self.card_width()), max(1, mat.height - self.card_h())
        sx = round((x - mat.x) * SPOT_MAX / room_w)
        sy = round((y - mat.y) * SPOT_MAX / room_h)
        return max(0, min(SPOT_MAX, sx)), max(0, min(SPOT_MAX, sy))

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
        spread = view.data.get("spread") or ()
        for name in self.pile_names():
            if self.is_mat(name):
                continue  # a mat's cards lie at their spots (layout)
            style = "row" if name in spread else STYLE[view.zones[name].visibility]
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
        """The piles and hands as declared, and each mat's cards at their spots (turned ones on their
        side; the latest laid on top). A face-down card's sprite is known by its spot's stamp, so it
        keeps its sprite while other cards come and go."""
        placements = super().layout(view, size)
        spots = view.data.get("spots") or {}
        cw = self.card_width()
        for name in self.pile_names():
            if not self.is_mat(name):
                continue
            rect = self.pile_rect(name, view)
            for zone in (name, name + DOWN):
                for index, card in enumerate(view.zones[zone].cards):
                    x, y, turned, stamp = spots[zone][index]
                    px, py = self.spot_xy(rect, (x, y))
                    key = card if card >= 0 else (zone, stamp)
                    angle = -90 if turned else 0
                    placements.append(Placement(key, card, card >= 0, px, py, cw, 20 + stamp, zone, angle))
        return placements

    def zone_anchor(self, zone: str, view: PlayerView, size: tuple[int, int]) -> tuple[float, float]:
        mat = zone.removesuffix(DOWN)
        if mat in self.pile_names() and self.is_mat(mat):
            rect = self.pile_rect(mat, view)
            return float(rect.x), float(rect.y)
        return super().zone_anchor(zone, view, size)

    # -- a card on a mat ---------------------------------------------------------------------------
    def slot_of(self, key: object, card: int) -> str | None:
        """`mat@i` / `mat:down@i`: where a sprite's card lies on a mat, in the moves' words."""
        view = self.view()
        for name in self.pile_names():
            if not self.is_mat(name):
                continue
            if card >= 0 and card in view.zones[name].cards:
                return f"{name}@{view.zones[name].cards.index(card)}"
            if isinstance(key, tuple) and key[0] == name + DOWN:
                stamps = [s[3] for s in (view.data.get("spots") or {}).get(name + DOWN, ())]
                if key[1] in stamps:
                    return f"{name}{DOWN}@{stamps.index(key[1])}"
        return None

    def draggable(self, sprite: object) -> bool:
        """The shared rule, and a face-down card lying on a mat (it moves as it is, face down)."""
        if super().draggable(sprite):  # type: ignore[arg-type]
            return True
        key = getattr(sprite, "key", None)
        slot = self.slot_of(key, -1) if isinstance(key, tuple) else None
        return slot is not None and any(a.target.startswith(slot + ">") for a in self.my_legal())

    def release(self, pos: tuple[int, int]) -> None:
        """A card let go on a mat lies where it was let go (its own mat or another); anything else is
        the shared drop."""
        drag = self.drag
        if drag.active and len(drag.sprites) == 1 and self.viewer is not None:
            moved = abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) >= CLICK_PX
            sprite = drag.sprites[0]
            mat = self.mat_at(pos) if moved else None
            if mat is not None:
                action = self.placing(sprite.key, sprite.card, mat, sprite.x, sprite.y)
                if action is not None:
                    self.drag = Drag()
                    sprite.lifted = False
                    self.board.highlights = []
                    self.board.full = True
                    if not self.perform(action, [sprite.card] if sprite.card >= 0 else None):
                        sprite.x, sprite.y = drag.origin[0]
                        self.relayout(animate=False)
                    return
            if sprite.card < 0 and moved:  # a face-down mat card onto a pile or a hand
                slot = self.slot_of(sprite.key, -1)
                target = next((a for a in self.drop_targets(pos)), None)
                if slot is not None and target is not None:
                    self.drag = Drag()
                    self.board.highlights = []
                    self.board.full = True
                    if not self.perform(Action(self.viewer, "take", (), f"{slot}>{target}")):
                        self.relayout(animate=False)
                    return
        super().release(pos)

    def mat_at(self, pos: tuple[int, int]) -> str | None:
        view = self.view()
        for name in self.pile_names():
            if self.is_mat(name) and self.pile_rect(name, view).inflate(16, 16).collidepoint(pos):
                return name
        return None

    def drop_targets(self, pos: tuple[int, int]) -> list[str]:
        """The piles and hands under `pos` (a face-down mat card goes there)."""
        return [a.target.split(">")[1] for a in self.drop_areas() if a.rect.collidepoint(pos) and a.target]

    def placing(self, key: object, card: int, mat: str, x: float, y: float) -> Action | None:
        """The move that puts the held card on `mat` at the spot where its corner is."""
        assert self.viewer is not None
        view = self.view()
        spot = self.spot_at(self.pile_rect(mat, view), x, y)
        at = f"{mat}@{spot[0]},{spot[1]}"
        if card < 0:
            slot = self.slot_of(key, card)
            return Action(self.viewer, "take", (), f"{slot}>{at}") if slot is not None else None
        src = next((z for z, zone in view.zones.items() if card in zone.cards), None)
        if src is None:
            return None
        # a card on a mat is itself; from elsewhere the move names the lowest copy (perform swaps them)
        named = card if self.is_mat(src) else canonical(view, [card])[0]
        return Action(self.viewer, "move", (named,), f"{src}>{at}")

    # -- the card menu (right click, long press) -----------------------------------------------------
    long_press: list[object] | None = None  # [pos, seconds held] while the left button is down and still
    zooming = False  # the preview was opened from the menu: it stays until the next click or key

    def card_menu(self, pos: tuple[int, int]) -> bool:
        """What can be done with the card or pile under `pos`, as a menu (with Zoom for a face one may
        see). True if one opened."""
        sprite = self.board.sprite_at(pos)
        legal = self.my_legal()
        moves: list[Action] = []
        title = ""
        if sprite is not None and sprite.image is None:
            slot = self.slot_of(sprite.key, sprite.card)
            if slot is not None:
                moves += [a for a in legal if a.target == slot or a.target.startswith(slot + ">")]
            if sprite.card >= 0:
                moves += [a for a in moves_with(self.view(), sprite.card, legal) if a not in moves]
                title = (
                    self.card_title(self.board.physical[sprite.card]) if self.may_show(sprite.card) else ""
                )
                if self.viewer is not None and self.may_show(sprite.card):
                    moves.append(Action(self.viewer, ZOOM, (sprite.card,)))
        if sprite is None or not moves:
            for name in self.pile_names():
                if self.pile_rect(name, self.view()).inflate(12, 12).collidepoint(pos):
                    moves = self.pile_moves(name)
                    title = self.pile_title(name)
                    break
        if not moves:
            return False
        self.open_menu(title or self.app.t("table.choose"), moves)
        return True

    def pile_moves(self, name: str) -> list[Action]:
        return [
            a
            for a in self.my_legal()
            if a.kind != "move" and (a.target == name or a.target.startswith((f"{name}>", f"{name}*")))
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        """A right click opens the card menu here (zoom is on it, and on Shift as at every table); a
        long press does the same; a zoom opened from the menu ends at the next click or key."""
        if self.zooming and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.zooming = False
            self.previewing = None
            self.needs_full_redraw = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.menu is None:
            self.pointer = event.pos
            if self.summary:
                self.summary = None
                self.needs_full_redraw = True
            if self.card_menu(event.pos):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.previewing is None:
            return  # the right click opened the menu: its release is no choice in it
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.menu is None:
            self.long_press = [event.pos, 0.0]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.long_press is not None and self.long_press[1] == -1.0:
                self.long_press = None
                return  # the press opened the menu: letting go chooses nothing
            self.long_press = None
        elif event.type == pygame.MOUSEMOTION and self.long_press is not None:
            start = self.long_press[0]
            assert isinstance(start, tuple)
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= CLICK_PX:
                self.long_press = None
        super().handle_event(event)

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        press = self.long_press
        if press is not None and isinstance(press[1], float) and press[1] >= 0:
            press[1] += dt
            if press[1] >= LONG_PRESS_S:
                pos = press[0]
                assert isinstance(pos, tuple)
                press[1] = -1.0  # spent: its release is swallowed
                if self.drag.active:
                    self.drag.cancel()
                    self.board.highlights = []
                    self.board.full = True
                if not self.card_menu(pos):
                    self.long_press = None
                changed = True
        return changed

    def perform(self, action: Action, held: list[int] | None = None) -> bool:
        """Zoom, from the card menu, is no move: the card large until the next click or key."""
        if action.kind == ZOOM:
            self.menu = None
            self.previewing = action.cards[0] if self.may_show(action.cards[0]) else None
            self.zooming = self.previewing is not None
            self.needs_full_redraw = True
            return False
        return super().perform(action, held)

    def words(self, action: Action) -> str:
        if action.kind == ZOOM:
            return self.app.t("sb.option.zoom")
        return super().words(action)

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
                moves = self.pile_moves(name)
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
        for name in self.pile_names():
            rect = self.pile_rect(name, view)
            pygame.draw.rect(surface, (22, 46, 52), rect.inflate(10, 10), border_radius=8)
            count = view.zones[name].count
            if self.is_mat(name):
                count += view.zones[name + DOWN].count
            label = t("sb.label.pile", name=self.pile_title(name), n=count)
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

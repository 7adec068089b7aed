"""The Lyabi table: the pool of lyabi by attribute (rows) and level (columns), the face-down circle piles
by level and the item pile, each side's circles, item slot (face down to the other), Dummy, deck and
discard pile with their counts, HP, the two battle slots in the middle, and the exclusion. Faces are
drawn in the table's language (the other beneath), pool and battle cards large enough to read.

Battles are simultaneous hidden commits: each person places behind the hand-off screen, and the placed
cards lie face down in their slot (how many is public) until both have placed; the placer may take them
back until then. Both are revealed together and the table holds the moment (the cards face up, the
damage worked out beside them: the attributes, each matching circle's ATK x times, the items) until a
click or Space, with nobody's hand up; then the end phase clears the slots. Every attribute carries a
shape and a letter (▲B blue, ●R red, ■G green) besides its colour, and the marks in the table's words
are drawn in it. The public panel (V) shows each side's acquired and paid lyabi by attribute and level:
everything the rulebook lets a player read of the opponent's deck. With two circles out, a new one asks
which it replaces: one's circles light, a click on one (or C's short list) chooses.
"""

from __future__ import annotations

import pygame

from ...games.lyabi.cards import table_of
from ...games.lyabi.narration import card_name
from ...games.lyabi.params import ATTRIBUTES
from ...rules.actions import Action
from ...rules.events import UNKNOWN, CardsMoved, Event
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from ..fonts import get_font, wrap_text
from ..widgets import DIM, GOLD, INK, Button, draw_panel, draw_text
from .table import ButtonSpec, ClickArea, DropArea, Pile, TableScene
from .table.moves import CardIndex
from .table.privacy import visible_cards

COLOUR = {"blue": (70, 130, 210), "red": (215, 90, 60), "green": (80, 170, 100)}
LETTER = {"blue": "B", "red": "R", "green": "G"}
LEVELS = (1, 3, 5, 11)
CIRCLE_LEVELS = (0, 5, 11)
REVEAL_S = 2.5  # with only bots at the table, a revealed battle stays this long (people click on)
# The chooser's entry "replace this circle": the table's own step of a circle placement, never sent to
# the engine (the move it leads to names the circle removed among its cards).
REPLACE = "replace"


def draw_mark(surface: pygame.Surface, attribute: str, centre: tuple[int, int], size: int) -> None:
    """An attribute's mark: a shape (triangle, circle, square) with its letter, in its colour."""
    colour = COLOUR.get(attribute)
    if colour is None:
        return
    x, y = centre
    r = size // 2
    if attribute == "blue":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif attribute == "red":
        pygame.draw.circle(surface, colour, centre, r)
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    draw_text(
        surface,
        LETTER[attribute],
        max(10, size * 2 // 3),
        (x, y + (r // 4 if attribute == "blue" else 0)),
        (255, 255, 255),
        "center",
        bold=True,
    )


class LyabiTable(TableScene):
    """Lyabi on the shared table."""

    background_covers = True  # draw_background fills the window first

    card_size = (34, 0.085, 0.048)
    show_public = False

    # -- geometry ----------------------------------------------------------------------------
    def small(self) -> int:
        return int(self.card_width() * 0.8)

    def band_y(self, seat: int) -> int:
        """The top of a side's band of cards (the viewer at the bottom)."""
        height = self.app.size[1]
        if seat == self.bottom_seat():
            return height - self.card_width() * 88 // 63 - 14
        return 28

    def hand_width(self, seat: int) -> int:
        """Cards in hand: large for the person at the screen, small across the table."""
        return int(self.card_width() * 1.6) if seat == self.bottom_seat() else int(self.small() * 0.9)

    def side_rects(self, seat: int) -> dict[str, pygame.Rect]:
        """A side's places: two circles, item, Dummy (left); deck and discard (right of the hand)."""
        width, _ = self.app.size
        cw = self.card_width() if seat == self.bottom_seat() else self.small()
        ch = cw * 88 // 63
        y = self.band_y(seat)
        bottom = seat == self.bottom_seat()
        gap = cw + 8
        out = {
            "circles": pygame.Rect(10, y, 2 * gap, ch),
            "item": pygame.Rect(14 + 2 * gap, y, cw, ch),
            "dummy": pygame.Rect(18 + 3 * gap, y, cw, ch),
            "hand": pygame.Rect(
                int(width * 0.27),
                self.app.size[1] - self.hand_width(seat) * 88 // 63 - 8 if bottom else y,
                int(width * 0.27),
                ch,
            ),
            "deck": pygame.Rect(int(width * 0.59), y, cw, ch),
            "discard": pygame.Rect(int(width * 0.59) + gap + 6, y, cw, ch),
        }
        return out

    def pool_top(self) -> int:
        """The top of the pool's first row (the level labels stand above it)."""
        return int(self.app.size[1] * 0.17)

    def pool_width(self) -> int:
        """The pool's and the battle's cards: as large as three rows between the two sides allow, so
        a face reads at 1280x720 (the piles and the far side stay small)."""
        width, height = self.app.size
        hand_top = height - self.hand_width(self.bottom_seat()) * 88 // 63 - 8
        by_height = ((hand_top - 24 - self.pool_top()) // 3 - 14) * 63 // 88
        by_width = (int(width * 0.55) - int(width * 0.27)) // 4 - self.pool_gap()
        return max(self.small(), min(by_height, by_width))

    def pool_gap(self) -> int:
        """The room between two pool columns: each pile's count stands in it."""
        return max(12, self.app.size[1] // 52 + 8)

    def supply_rect(self, code_attr: str, level: int) -> pygame.Rect:
        width, _ = self.app.size
        cw = self.pool_width()
        ch = cw * 88 // 63
        row = ATTRIBUTES.index(code_attr)
        col = LEVELS.index(level)
        x = int(width * 0.27) + col * (cw + self.pool_gap())
        return pygame.Rect(x, self.pool_top() + row * (ch + 14), cw, ch)

    def pool_rects(self) -> dict[str, pygame.Rect]:
        """The face-down circle piles by level, and the item pile."""
        width, _ = self.app.size
        cw = self.small()
        ch = cw * 88 // 63
        top = self.pool_top() + 22  # below the far side's deck and discard counts
        x = int(width * 0.56)
        step = cw + 2 * max(12, self.app.size[1] // 52)  # room for each pile's label ("Lv11 circle")
        out = {
            f"circles_pool:{lv}": pygame.Rect(x + i * step, top, cw, ch) for i, lv in enumerate(CIRCLE_LEVELS)
        }
        out["items_pool"] = pygame.Rect(x, top + ch + 2 * max(12, self.app.size[1] // 52) + 20, cw, ch)
        return out

    def battle_rects(self) -> dict[int, pygame.Rect]:
        """The two battle slots, the far side's above: two cards each, as large as the pool's."""
        width, height = self.app.size
        cw = self.pool_width()
        ch = cw * 88 // 63
        me = self.bottom_seat()
        x = int(width * 0.02)
        top = self.pool_top()
        return {
            1 - me: pygame.Rect(x, top, int(cw * 2.12), ch),
            me: pygame.Rect(x, top + ch + 26, int(cw * 2.12), ch),
        }

    def out_rects(self) -> dict[str, pygame.Rect]:
        cw = self.small()
        ch = cw * 88 // 63
        items = self.pool_rects()["items_pool"]
        x = items.right + 14
        return {
            name: pygame.Rect(x + i * int(cw * 1.15), items.y, cw // 2, ch // 2)
            for i, name in enumerate(("out_lyabi", "out_circles", "out_items"))
        }

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        return pygame.Rect(int(width * 0.735), int(height * 0.08), int(width * 0.255), int(height * 0.3))

    # -- layout ------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        assert view.cardset is not None
        table = table_of(view.cardset)
        small = self.small()
        pool = self.pool_width()
        out: list[Pile] = []
        for code in table.lyabi_codes:
            rules = table.rules_of_code(code)
            out.append(
                Pile(f"supply:{code}", self.supply_rect(rules.attribute, rules.level), pool, "top", 10)
            )
        for name, rect in self.pool_rects().items():
            out.append(Pile(name, rect, small, "stack", 0, 0.6, shown=6))
        for name, rect in self.out_rects().items():
            out.append(Pile(name, rect, small // 2, "top", 5))
        for seat, rect in self.battle_rects().items():
            out.append(Pile(f"battle:{seat}", rect, pool, "row", 200, 1.05, 2))
        for seat in range(view.seats):
            rects = self.side_rects(seat)
            cw = self.card_width() if seat == self.bottom_seat() else small
            out += [
                Pile(f"circles:{seat}", rects["circles"], cw, "row", 20, 1.12, 3),
                Pile(f"item:{seat}", rects["item"], cw, "top", 20),
                Pile(f"dummy:{seat}", rects["dummy"], cw, "top", 20),
                Pile(f"deck:{seat}", rects["deck"], cw, "stack", 0, 0.5, shown=8),
                Pile(f"discard:{seat}", rects["discard"], cw, "top", 20),
                Pile(f"hand:{seat}", rects["hand"], self.hand_width(seat), "fan", 300, 0.8),
            ]
        return out

    # -- the background ----------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        width, height = surface.get_size()
        surface.fill((30, 44, 64))
        px = max(12, height // 52)
        t = self.app.t
        assert view.cardset is not None
        table = table_of(view.cardset)
        # the pool: a mark at the head of each attribute's row, the level above each column
        for attribute in ATTRIBUTES:
            rect = self.supply_rect(attribute, 1)
            draw_mark(surface, attribute, (rect.x - 16, rect.centery), max(14, px + 4))
        for level in LEVELS:
            rect = self.supply_rect("blue", level)
            draw_text(surface, f"Lv{level}", px, (rect.centerx, rect.y - 4), DIM, "midbottom")
        for code in table.lyabi_codes:
            rules = table.rules_of_code(code)
            rect = self.supply_rect(rules.attribute, rules.level)
            pygame.draw.rect(surface, (22, 32, 48), rect.inflate(6, 6), border_radius=6)
            draw_text(
                surface,
                str(view.zones[f"supply:{code}"].count),
                px - 1,
                (rect.right + 2, rect.bottom),
                INK,
                "bottomleft",
            )
        for name, rect in self.pool_rects().items():
            head = (
                t("ly.label.items")
                if name == "items_pool"
                else t("ly.label.circles", level=name.split(":")[1])
            )
            draw_text(surface, head, px - 1, (rect.centerx, rect.y - 4), DIM, "midbottom")
            draw_text(
                surface, str(view.zones[name].count), px - 1, (rect.centerx, rect.bottom + 3), INK, "midtop"
            )
        outs = self.out_rects()
        first = outs["out_lyabi"]
        draw_text(surface, t("ly.label.out"), px - 2, (first.x, first.y - 4), DIM, "bottomleft")
        for name, rect in outs.items():
            count = t(f"ly.label.{name}", n=view.zones[name].count)
            draw_text(surface, count, px - 3, (rect.centerx, rect.bottom + 3), DIM, "midtop")
        for seat, rect in self.battle_rects().items():
            pygame.draw.rect(surface, (44, 60, 84), rect.inflate(10, 10), border_radius=8)
            draw_text(
                surface,
                t("ly.label.battle", name=self.session.name(seat)),
                px - 1,
                (rect.x, rect.y - 4),
                DIM,
                "bottomleft",
            )
        for seat in range(view.seats):
            self._side_labels(surface, view, seat, px)
        self._status(surface, view, px)
        self._battle_panel(surface, view, px)

    def _side_labels(self, surface: pygame.Surface, view: PlayerView, seat: int, px: int) -> None:
        t = self.app.t
        rects = self.side_rects(seat)
        bottom = seat == self.bottom_seat()
        hp = view.data["hp"][seat]
        name = t("table.seat_label", n=seat + 1, name=self.session.name(seat))
        colour = GOLD if seat in view.deciding else INK
        label = t("ly.label.side", who=name, hp=hp)
        if view.data["priority"] == seat and view.data["round"]:
            label += t("ly.label.priority")
        y = rects["circles"].y - 4 if bottom else 4
        draw_text(surface, label, px + 2, (10, y), colour, "bottomleft" if bottom else "topleft", bold=True)
        for key in ("deck", "discard"):
            rect = rects[key]
            text = t(f"ly.label.{key}", n=view.zones[f"{key}:{seat}"].count)
            draw_text(
                surface,
                text,
                px - 2,
                (rect.centerx, rect.y - 2 if bottom else rect.bottom + 2),
                DIM,
                "midbottom" if bottom else "midtop",
            )
        for key in ("item", "dummy"):
            rect = rects[key]
            pygame.draw.rect(surface, (50, 60, 80), rect, 1, border_radius=6)
            draw_text(surface, t(f"ly.label.{key}"), px - 3, rect.center, DIM, "center")

    def _status(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        """Round, whose decision and what it asks (an item's name and effect), the table's own step,
        and what just happened; each line wrapped to the panel, never cut."""
        t = self.app.t
        lines: list[tuple[str, tuple[int, int, int]]] = [
            (t("ly.status.round", n=view.data["round"]) if view.data["round"] else t("ly.status.setup"), INK)
        ]
        pending = view.pending
        if view.active is not None:
            phase = t(f"ly.phase.{view.phase}") if t.has(f"ly.phase.{view.phase}") else view.phase
            lines.append((t("ly.status.phase", name=self.session.name(view.active), phase=phase), INK))
        elif pending is not None and pending.kind == "window":
            lines += self._window_lines(view)
        elif pending is not None and pending.kind == "battle" and self.viewer in pending.seats:
            lines.append((t("ly.prompt.battle"), GOLD))
            lines.append((t("ly.status.battle_how"), DIM))
        elif pending is not None:
            names = ", ".join(self.session.name(s) for s in pending.seats)
            lines.append((t("ly.status.waiting", names=names), INK))
        if self.replacing is not None:
            lines.append((t("ly.replace.ask"), GOLD))
        if self.placed_note is not None:
            lines.append((self.placed_note, GOLD))
        if self.staged is not None:
            lines.append((t("ly.status.revealed"), GOLD))
        log = self.log_rect()
        font = get_font(px)
        rows: list[tuple[str, tuple[int, int, int]]] = []
        for line, colour in lines:
            rows += [(row, colour) for row in wrap_text(font, line, log.width - 12) or [""]]
        happened = self.just_happened()
        if happened:  # the latest move (wrapped like the rest: never cut)
            rows += [(row, DIM) for row in wrap_text(font, happened, log.width - 12)]
        box = pygame.Rect(log.x, log.bottom + 8, log.width, (px + 6) * len(rows) + 8)
        draw_panel(surface, box, (14, 20, 32, 210))
        for index, (row, colour) in enumerate(rows):
            draw_text(surface, row, px, (box.x + 6, box.y + 4 + index * (px + 6)), colour)

    def _window_lines(self, view: PlayerView) -> list[tuple[str, tuple[int, int, int]]]:
        """An item's window: its holder reads which item and what it does; the other, who decides."""
        t = self.app.t
        assert view.pending is not None
        seat = view.pending.seats[0]
        held = view.zones[f"item:{seat}"].cards
        if seat != self.viewer or not held or held[0] < 0:
            return [(t("ly.status.window_other", name=self.session.name(seat)), INK)]
        spec = self.cardset.physical()[held[0]]
        text = spec.get("text")
        effect = str(text.get(t.language) or "") if isinstance(text, dict) else ""
        out = [(t("ly.status.window", name=self.session.name(seat), item=self.card_label(held[0])), GOLD)]
        if effect:
            out.append((effect, INK))
        out.append((t("ly.status.window_keys"), DIM))
        return out

    def _battle_panel(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        """The last battle worked out: both attributes, who wins, each circle's ATK x times, the items."""
        battle = view.data.get("battle")
        if not battle or not any(battle["cards"]):
            return
        if battle["stage"] == "done" and self.staged is None:
            return  # the end phase cleared the slots: last round's battle is in the log
        t = self.app.t
        width, height = surface.get_size()
        mine = self.battle_rects()[self.bottom_seat()]
        x, y = mine.x, mine.bottom + 14
        lines: list[tuple[str, str]] = []
        colours = battle["attribute"]
        for seat in (1 - self.bottom_seat(), self.bottom_seat()):
            what = t(f"ly.attr.{colours[seat]}") if colours[seat] else t("ly.attr.none")
            lines.append((colours[seat], t("ly.panel.placed", name=self.session.name(seat), what=what)))
        winner = battle["winner"]
        if battle["stage"] in ("resolved", "done"):
            if winner is None:
                lines.append(("", t("ly.panel.draw")))
            else:
                lines.append((colours[winner], t("ly.panel.wins", name=self.session.name(winner))))
                assert view.cardset is not None
                for circle, atk, times, dmg in battle["parts"]:
                    name = view.cardset.physical()[circle].name.get(t.language)
                    lines.append(("", t("ly.panel.part", circle=name, atk=atk, times=times, n=dmg)))
                if not battle["parts"]:
                    lines.append(("", t("ly.panel.no_circle")))
                if battle["bonus"]:
                    lines.append(("", t("ly.panel.bonus", n=battle["bonus"])))
                if battle["prevented"]:
                    lines.append(("", t("ly.panel.prevented")))
                lines.append(
                    (
                        "",
                        t(
                            "ly.panel.total",
                            n=battle["dealt"] if battle["stage"] == "done" else battle["damage"],
                        ),
                    )
                )
        # under the slots, as wide as the room before the pool; a long line wraps (never cut)
        box_w = int(width * 0.27) - x - 30
        font = get_font(px - 1)
        rows: list[tuple[str, str, tuple[int, int, int]]] = []
        for index, (attribute, line) in enumerate(lines):
            colour = GOLD if index == 2 else INK
            for k, row in enumerate(wrap_text(font, line, box_w - 30) or [""]):
                rows.append((attribute if k == 0 else "", row, colour))
        box = pygame.Rect(x, y, box_w, (px + 6) * len(rows) + 12)
        draw_panel(surface, box, (14, 20, 32, 220))
        for index, (attribute, row, colour) in enumerate(rows):
            ly = box.y + 6 + index * (px + 6)
            if attribute:
                draw_mark(surface, attribute, (box.x + 12, ly + px // 2 + 1), px)
            draw_text(surface, row, px - 1, (box.x + 24, ly), colour)

    def draw_overlay(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The public panel, when open, over the cards and under the buttons and menus."""
        rects = []
        if self.show_public:
            rects.append(self._public_panel(screen, self.view(), max(12, screen.get_height() // 52)))
        return rects + super().draw_overlay(screen)

    def _public_panel(self, surface: pygame.Surface, view: PlayerView, px: int) -> pygame.Rect:
        """Each side's acquired and paid lyabi by attribute and level (public information only)."""
        t = self.app.t
        width, height = surface.get_size()
        box = pygame.Rect(int(width * 0.27) - 8, int(height * 0.17), int(width * 0.46), int(height * 0.52))
        draw_panel(surface, box, (10, 14, 24, 245))
        draw_text(surface, t("ly.public.title"), px + 2, (box.x + 10, box.y + 6), GOLD, bold=True)
        col = (box.width - 20) // 2
        for i, seat in enumerate((1 - self.bottom_seat(), self.bottom_seat())):
            x0 = box.x + 10 + i * col
            y0 = box.y + px + 18
            draw_text(surface, self.session.name(seat), px, (x0, y0), INK, bold=True)
            for k, key in enumerate(("acquired", "spent")):
                y = y0 + (px + 6) * (1 + k * 5)
                draw_text(surface, t(f"ly.public.{key}"), px - 1, (x0, y), DIM)
                for level_i, level in enumerate(LEVELS):
                    draw_text(surface, f"Lv{level}", px - 2, (x0 + 40 + level_i * 44, y + px + 4), DIM)
                counts = view.data[key][seat]
                for row, attribute in enumerate(ATTRIBUTES):
                    ry = y + (px + 6) * (row + 2)
                    draw_mark(surface, attribute, (x0 + 12, ry + px // 2), px)
                    for level_i, level in enumerate(LEVELS):
                        n = counts.get(f"{LETTER[attribute]}{level}", 0)
                        draw_text(surface, str(n), px - 1, (x0 + 48 + level_i * 44, ry), INK if n else DIM)
        draw_text(surface, t("ly.public.hint"), px - 2, (box.x + 10, box.bottom - px - 6), DIM)
        return box

    # -- interaction -------------------------------------------------------------------------
    def tooltip(self, card: int) -> list[str]:
        """The card's name (the table's `card_title`), its numbers in the table's words and an item's
        effect in both languages, and the values the rulebook does not print; never its code (the rules'
        notation, not a player's word)."""
        spec = self.board.physical[card]
        t = self.app.t
        other = "en" if t.language == "ja" else "ja"
        lines = [self.card_title(spec)]
        facts = []
        for key in ("cost", "times", "atk"):
            if spec.get(key) is not None:
                facts.append(t(f"ly.tip.{key}", n=spec.get(key)))
        if facts:
            lines.append(" · ".join(facts))
        text = spec.get("text")
        if isinstance(text, dict) and spec.get("kind") == "item":
            lines += [v for v in (text.get(t.language), text.get(other)) if v]
        provisional = self.provisional_line(spec, "ly")
        if provisional:
            lines.append(provisional)
        return lines

    def drop_areas(self) -> list[DropArea]:
        view = self.view()
        assert view.cardset is not None
        table = table_of(view.cardset)
        out = [DropArea("battle", self.battle_rects()[self.bottom_seat()].inflate(30, 30), ("charge",))]
        for code in table.lyabi_codes:
            rules = table.rules_of_code(code)
            out.append(
                DropArea(
                    code,
                    self.supply_rect(rules.attribute, rules.level).inflate(8, 8),
                    ("buy", "change"),
                    code,
                )
            )
        for name, rect in self.pool_rects().items():
            if name == "items_pool":
                out.append(DropArea(name, rect.inflate(10, 10), ("item",)))
            else:
                out.append(DropArea(name, rect.inflate(10, 10), ("circle",), name.split(":")[1]))
        return out

    def click_areas(self) -> list[ClickArea]:
        return [ClickArea("circles_pool:0", self.pool_rects()["circles_pool:0"].inflate(10, 10), ("pick",))]

    click_kinds = ()
    # The battle commit and an item's window are answered with the buttons (or a drag onto the battle
    # slot), so the person can still open the public panel or the pause menu while deciding.
    table_decisions = ("battle", "window")
    buttons_spec = (
        ButtonSpec(("buy", "change"), "ly.button.acquire", pygame.K_b, selection=True),
        ButtonSpec(("circle",), "ly.button.circle", pygame.K_c, selection=True),
        ButtonSpec(("item",), "ly.button.item", pygame.K_i, selection=True),
        ButtonSpec(("charge",), "ly.button.charge", pygame.K_h, selection=True),
        ButtonSpec(("dummy",), "ly.button.dummy", pygame.K_d),
        ButtonSpec(("use",), "ly.button.use", pygame.K_u),
        ButtonSpec(("pass",), "ly.button.pass", pygame.K_p),
    )
    sounds = {
        "shuffled": "shuffle",
        "committed": "claim",
        "announced:battle": "ignite",
        "announced:damage": "blast",
    }

    def refresh_background(self) -> None:
        if self.replacing is not None and not self._replaceable():  # the choice has lapsed
            self.replacing = None
            self.board.highlights = []
        super().refresh_background()
        width, height = self.app.size
        rect = pygame.Rect(0, 0, max(110, width // 9), max(28, height // 26))
        rect.topright = (width - 12, 10 + max(28, height // 26))
        label = self.app.t("ly.button.public_close" if self.show_public else "ly.button.public")
        self.buttons.append(Button(label, rect, self.toggle_public, key=pygame.K_v))

    def toggle_public(self) -> None:
        """Open or close the public panel of acquisitions and payments."""
        self.show_public = not self.show_public
        self.refresh_background()

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_v:
            self.toggle_public()

    # -- placing a circle when both places are taken: which circle it replaces ------------------
    # With the most circles placed, a circle move names the circle it removes among its cards, so no
    # drag or click of the paid cards alone matches it. The table asks for the circle instead: a drop
    # of the paid lyabi on a circle pile, the Circle button (C) or a click on one's own circle starts
    # the choice; one's circles light, and a click on one (or the short chooser C opens) picks it.
    replacing: tuple[tuple[int, ...], str | None] | None = None  # (paid cards, level or None)

    def _own_circles(self) -> tuple[int, ...]:
        if self.viewer is None:
            return ()
        return self.view().zones[f"circles:{self.viewer}"].cards

    def _circles_full(self) -> bool:
        return len(self._own_circles()) >= int(self.view().params["max_circles"])

    def _circle_moves(
        self, paid: tuple[int, ...], level: str | None, circle: int | None = None
    ) -> list[Action]:
        """The legal circle placements that remove a circle, paid with `paid` (up to copies; any
        payment when none), at `level` (any when None), removing `circle` (or a copy; any when None)."""
        view = self.view()
        mine = set(self._own_circles())
        index = CardIndex(view)
        wanted = index.keys(paid)
        out = []
        for action in self.my_legal():
            if action.kind != "circle" or (level is not None and action.target != level):
                continue
            dropped = [c for c in action.cards if c in mine]
            if len(dropped) != 1:
                continue
            if circle is not None and not index.same(dropped[0], circle):
                continue
            if paid and index.keys(c for c in action.cards if c not in mine) != wanted:
                continue
            out.append(action)
        return out

    def _replaceable(self) -> list[int]:
        """One's circles some pending placement may remove (one per kind of circle)."""
        if self.replacing is None:
            return []
        paid, level = self.replacing
        mine = set(self._own_circles())
        out: list[int] = []
        for action in self._circle_moves(paid, level):
            dropped = next(c for c in action.cards if c in mine)
            if dropped not in out:
                out.append(dropped)
        return out

    def start_replacing(self, paid: tuple[int, ...], level: str | None) -> bool:
        """Begin a placement that must name the circle it replaces: light one's circles. False when no
        legal placement fits (the caller then says why)."""
        if not self._circles_full() or not self._circle_moves(paid, level):
            return False
        self.replacing = (paid, level)
        for card in paid:  # the paid cards stay marked while the circle is chosen
            sprite = self.board.sprites.get(card)
            if sprite is not None:
                sprite.selected = True
        self._light_circles()
        self.refresh_background()
        return True

    def _light_circles(self) -> None:
        rects = []
        for card in self._own_circles():
            sprite = self.board.sprites.get(card)
            if sprite is not None and any(CardIndex(self.view()).same(card, c) for c in self._replaceable()):
                rects.append(sprite.card_rect().inflate(12, 12))
        self.board.highlights = rects
        self.board.full = True

    def stop_replacing(self) -> None:
        if self.replacing is not None:
            self.replacing = None
            self.board.highlights = []
            self.board.full = True
            self.refresh_background()

    def open_replace_chooser(self) -> None:
        """C while placing a circle: "replace X / replace Y", one line per circle that may go."""
        seat = self.viewer
        if seat is None:
            return
        choices = [Action(seat, REPLACE, (card,)) for card in self._replaceable()]
        self.open_menu(self.app.t("ly.replace.title"), choices)

    def replace_circle(self, circle: int) -> None:
        """The circle to replace is chosen: the one move it leaves is made, several open the chooser
        (the level and the payment)."""
        paid, level = self.replacing or ((), None)
        moves = self._circle_moves(paid, level, circle)
        self.stop_replacing()
        if not moves:
            self.say(self.app.t("table.not_now"))
            return
        name = self.card_label(circle)
        self.gesture(moves, list(paid), self.app.t("ly.replace.then", circle=name))

    def card_label(self, card: int) -> str:
        """A card's name as the log writes it: its mark and its name in the table's language."""
        return card_name(self.cardset.physical()[card], self.app.t.language)

    def words(self, action: Action) -> str:
        if action.kind == REPLACE:
            return self.app.t("ly.option.replace", circle=self.card_label(action.cards[0]))
        return super().words(action)

    def press_button(self, spec: ButtonSpec) -> None:
        if "charge" in spec.kinds and not self.selected_cards():
            # "Charge…" asks which lyabi even when only one could go: placing is not undone by a
            # stray key once the other side has placed
            offers = [a for a in self.my_legal() if spec.offers(a)]
            if offers:
                self.open_menu(self.app.t(spec.label), offers)
            return
        if "circle" in spec.kinds and self._circles_full() and self.viewer is not None:
            paid = tuple(self.selected_cards())
            if self.replacing is not None or self.start_replacing(paid, None):
                self.open_replace_chooser()
                return
        super().press_button(spec)

    def drop(self, held: list[int], pos: tuple[int, int]) -> bool:
        if self._circles_full():
            for name, rect in self.pool_rects().items():
                if name.startswith("circles_pool:") and rect.inflate(10, 10).collidepoint(pos):
                    if self.start_replacing(tuple(held), name.split(":")[1]):
                        return False  # the cards go back to the hand, marked, until a circle is chosen
        return super().drop(held, pos)

    def click(self, pos: tuple[int, int]) -> None:
        mine = set(self._own_circles())
        sprite = self.board.sprite_at(pos, lambda s: s.card in mine)
        if sprite is not None and self._circles_full():
            if self.replacing is None:
                self.start_replacing(tuple(self.selected_cards()), None)
            if self.replacing is not None:
                self.replace_circle(sprite.card)
                return
        super().click(pos)

    def handle(self, event: pygame.event.Event) -> None:
        confirm = event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        if self.staged is not None and self.menu is None and self.app.top is self:
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if confirm or clicked:  # the revealed battle was seen: on to the end phase
                self.release_reveal()
                return
        if self.placed_note is not None and confirm:
            self.placed_done()
            return
        if (
            self.placed_note is not None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.take_back()
            return
        if (
            self.replacing is not None
            and self.menu is None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
        ):
            self.stop_replacing()
            return
        super().handle(event)

    def forget_person(self) -> None:
        super().forget_person()
        self.replacing = None

    # -- the battle: cards placed face down, the placer's note, the reveal held -----------------
    # The rules keep placed cards in the hand until both have placed (a commit is hidden); the table
    # shows them where they lie, face down in the placer's slot, as many as were placed (public).
    staged: PlayerView | None = None  # the revealed battle, held until a click (nothing private in it)
    staged_bottom = 0
    staged_left = 0.0  # with no person at the table: the seconds the reveal still stays
    after_reveal: list[Event] = []  # the end phase's events, animated once the hold is released
    before: PlayerView | None = None  # the spectator's view before the move being made
    placed_note: str | None = None  # "You placed ... face down": the placer may still take it back

    def view(self) -> PlayerView:
        return self.staged if self.staged is not None else super().view()

    def bottom_seat(self) -> int:
        if self.staged is not None:
            return self.staged_bottom
        if self.placed_note is not None and self.placed_by is not None:
            return self.placed_by  # the placer still looks at the table from their side
        return super().bottom_seat()

    def layout(self, view: PlayerView, size: tuple[int, int]) -> list:  # type: ignore[type-arg]
        return super().layout(self.with_placed(view), size)

    def with_placed(self, view: PlayerView) -> PlayerView:
        """The view as the table lies: each seat's placed cards out of its hand, face down in its
        battle slot (the placer's own too: they lie face down until the reveal)."""
        placed = view.data.get("placed") if view.pending is not None else None
        if not placed or not any(placed):
            return view
        zones = dict(view.zones)
        for seat, count in enumerate(placed):
            if not count:
                continue
            hand = list(zones[f"hand:{seat}"].cards)
            mine = view.my_commit if seat == view.seat else None
            if mine is not None:
                assert view.cardset is not None
                physical = view.cardset.physical()
                out = list(mine.cards) or [c for c in hand if physical[c].get("kind") == "dummy"][:1]
                hand = [c for c in hand if c not in out]
            else:
                for _ in range(count):
                    if UNKNOWN in hand:
                        hand.remove(UNKNOWN)
            zones[f"hand:{seat}"] = zones[f"hand:{seat}"]._replace(cards=tuple(hand))
            battle = zones[f"battle:{seat}"]
            zones[f"battle:{seat}"] = battle._replace(cards=(UNKNOWN,) * count)
        return view._replace(zones=zones)

    def perform(self, action: Action, held: list[int] | None = None) -> bool:
        if action.kind == REPLACE:  # the chooser's "replace X": the table's step, not a move
            self.menu = None
            self.needs_full_redraw = True
            self.replace_circle(action.cards[0])
            return False
        self.replacing = None
        self.placed_note = None
        battle = self.engine.view(None).data.get("battle")
        self.before = self.engine.view(None) if battle and battle["stage"] != "done" else None
        self.staged_bottom = self.bottom_seat()
        done = super().perform(action, held)
        self.before = None
        if done and action.kind in ("charge", "dummy") and action.seat == self.actor:
            pending = self.engine.view(None).pending
            if (
                pending is not None
                and pending.kind == "battle"
                and action.seat not in self.engine.deciding_seats()
            ):
                self.note_placed(action)
        return done

    def note_placed(self, action: Action) -> None:
        """The placer's confirmation: how many cards lie face down (public; which ones is not said,
        since the screen has already turned from the placer's hand), and that they may be taken back
        until the other side places (the reveal). The table turns to the other person on "Done"."""
        count = len(action.cards) or 1
        key = "ly.placed.note_two" if count == 2 else "ly.placed.note"
        self.placed_note = self.app.t(key, who=self.session.name(action.seat))
        self.placed_by = action.seat
        self.relayout(animate=True)

    def placed_done(self) -> None:
        self.placed_note = None
        self.refresh_background()

    placed_by: int | None = None

    def take_back(self) -> None:
        """The placer takes the placed cards back (the rules allow it until the other places): the
        table turns back to them, through the hand-off when others are at the screen."""
        seat, self.placed_note = self.placed_by, None
        if seat is None or self.session.undo(seat) is None:
            self.say(self.app.t("table.no_undo"))
            self.refresh_background()
            return
        self.animator.finish_all()
        self.menu = None
        self.guard_privacy()
        self.relayout(animate=False)
        if self.viewer != seat:  # back to the placer (not to whoever sits first at the table)
            self.hand_off(seat)

    def relayout(self, animate: bool = True, events: list[Event] | None = None) -> None:
        before = self.before
        if before is not None and events and self.staged is None and self.holds_reveals():
            staged = self.stage_reveal(before, events)
            if staged is not None:
                self.before = None
                self.staged = staged
                if len(self.session.humans) > 1:  # both people look at the reveal: nobody's hand is up
                    self.viewer = self.confirmed = None
                    self.forget_person()
                self.shown_cards = visible_cards(staged)  # only public cards while both look
                self.staged_left = REVEAL_S if not self.session.humans else 0.0
                self.rekey_placed(staged)
        super().relayout(animate, events)

    def holds_reveals(self) -> bool:
        """Whether a revealed battle waits on the table (not in the fast smoke runs)."""
        return not self.app.fast

    def stage_reveal(self, before: PlayerView, events: list[Event]) -> PlayerView | None:
        """The table at the moment of the reveal, when `events` finish a battle: the spectator's
        `before` with the battle's moves made (the placed cards face up in the slots) and the damage
        worked out, but not the end phase (battle cards out, hands to the discard pile, the next deal),
        whose events are kept for when the hold is released. None when no battle finished."""
        after = self.engine.view(None)
        battle = after.data.get("battle")
        if not battle or not any(battle["cards"]):
            return None
        if battle["stage"] != "done" and not after.over:
            return None  # an item's window still waits: the battle is on the table as it is
        zones = {name: list(zone.cards) for name, zone in before.zones.items()}
        rest: list[Event] = []
        for index, event in enumerate(events):
            if isinstance(event, CardsMoved) and event.src.startswith("battle:"):
                rest = events[index:]
                break
            if isinstance(event, CardsMoved):
                moved = event.redact(None)
                assert isinstance(moved, CardsMoved)
                src, dst = zones.get(moved.src), zones.get(moved.dst)
                if src is None or dst is None:
                    continue
                for card in moved.cards:
                    if card in src:
                        src.remove(card)
                    elif UNKNOWN in src:
                        src.remove(UNKNOWN)
                    public = before.zones[moved.dst].visibility is Visibility.PUBLIC
                    shown = card if public or card == UNKNOWN else UNKNOWN
                    if moved.to_bottom:
                        dst.insert(0, shown)
                    else:
                        dst.append(shown)
        if not rest and not after.over:
            return None
        self.after_reveal = rest
        frozen = {name: before.zones[name]._replace(cards=tuple(cards)) for name, cards in zones.items()}
        # the battle's round and priority: the next round has not begun on the table yet
        data = {**after.data, "round": before.data["round"], "priority": before.data["priority"]}
        return before._replace(
            zones=frozen,
            data=data,
            scores=after.scores,
            legal=(),
            active=None,
            deciding=(),
            committed=(),
            my_commit=None,
            pending=None,
        )

    def rekey_placed(self, staged: PlayerView) -> None:
        """The face-down cards in the slots become the revealed cards, so each flips where it lies."""
        sprites = self.board.sprites
        for seat in range(staged.seats):
            cards = staged.zones[f"battle:{seat}"].cards
            for index, card in enumerate(cards):
                sprite = sprites.pop((f"battle:{seat}", index), None)
                if sprite is None:
                    sprite = sprites.pop(card, None)
                if sprite is not None and card >= 0:
                    sprite.key, sprite.card, sprite.face_up = card, card, False
                    sprites[card] = sprite

    def release_reveal(self) -> None:
        """A click or Space: the end phase goes on (the battle's cards leave, the next round)."""
        if self.staged is None:
            return
        self.staged = None
        rest, self.after_reveal = self.after_reveal, []
        self.guard_privacy()
        self.relayout(animate=True, events=rest)

    def drive(self) -> bool:
        """While a reveal is held nobody moves (bots wait too); after one person placed, the table
        turns to the other person only once the placer is done (a bot places when it is ready)."""
        if self.staged is not None:
            return True
        others = [s for s in self.engine.deciding_seats() if not self.session.is_bot(s)]
        return self.placed_note is not None and bool(others)

    def step(self, dt: float) -> bool:
        if self.staged is not None:  # the results, too, wait until the battle has been seen
            if self.staged_left > 0:
                self.staged_left = max(0.0, self.staged_left - dt)
                if self.staged_left == 0:
                    self.release_reveal()
                    return True
            return False
        return super().step(dt)

    def thinking_seat(self) -> int | None:
        """No thinking mark while a revealed battle waits for the person's click: the bot's next
        question may be out already (asked while the battle's cards slid), but it is the person the
        table waits for, and "Bot is thinking…" beside "click or Space to go on" sent a first-time
        player waiting for the bot (playtest 2026-11-28). The mark shows once the battle is let go."""
        if self.staged is not None:
            return None
        return super().thinking_seat()

    def timer_running(self) -> bool:
        return self.staged is not None and self.staged_left > 0

    def game_buttons(self) -> list[Button]:
        t = self.app.t
        if self.staged is not None:
            return self.button_column([(t("ly.button.continue"), self.release_reveal, pygame.K_SPACE)])
        if self.placed_note is not None:
            specs: list[tuple[str, object, int | None]] = []
            if self.placed_by is not None and self.engine.can_undo(self.placed_by):
                specs.append((t("ly.button.take_back"), self.take_back, None))
            specs.append((t("ly.button.placed_done"), self.placed_done, pygame.K_SPACE))
            return self.button_column(specs)
        return super().game_buttons()

    # -- the log while a reveal is held: up to the battle's damage, nothing of the next deal -------
    def log_lines(self, last: int | None = None) -> list[str]:
        if self.staged is None:
            return super().log_lines(last)
        chronicle = self.session.chronicle
        lines = chronicle.tail(self.viewer, (last or 200) + 40)
        if lines:
            move = lines[-1][0]
            cut = next((i for i, (m, p) in enumerate(lines) if m == move and p.key == "ly.round"), len(lines))
            lines = lines[:cut]
        render = self.renderer()
        out = [render(p) for _, p in lines]
        return out if last is None else out[-last:]

    def just_happened(self) -> str:
        return "" if self.staged is not None else super().just_happened()

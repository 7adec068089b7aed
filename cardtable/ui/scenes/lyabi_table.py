"""The Lyabi table: the pool of lyabi by attribute (rows) and level (columns), the face-down circle piles
by level and the item pile, each side's circles, item slot (face down to the other), Dummy, deck and
discard pile with their counts, HP, the two battle slots in the middle, and the exclusion.

Battles are simultaneous hidden commits: each person places behind the hand-off screen, then both
cards are revealed together and the damage is worked out on screen (the attributes, each matching
circle's ATK x times, the items). Every attribute carries a shape and a letter (▲B blue, ●R red, ■G
green) besides its colour. The public panel (I) shows each side's acquired and paid lyabi by attribute
and level: everything the rulebook lets a player read of the opponent's deck.
"""

from __future__ import annotations

import pygame

from ...games.lyabi.cards import table_of
from ...games.lyabi.params import ATTRIBUTES
from ...rules.actions import Action
from ...rules.events import Event, Revealed
from ...rules.view import PlayerView
from ..fonts import get_font, wrap_text
from ..widgets import DIM, GOLD, INK, Button, draw_panel, draw_text
from .table import ButtonSpec, ClickArea, DropArea, Pile, TableScene

COLOUR = {"blue": (70, 130, 210), "red": (215, 90, 60), "green": (80, 170, 100)}
LETTER = {"blue": "B", "red": "R", "green": "G"}
LEVELS = (1, 3, 5, 11)
CIRCLE_LEVELS = (0, 5, 11)
REVEAL_S = 2.5  # the table holds still this long after a battle's reveal, so both people can read it


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

    card_size = (34, 0.085, 0.048)
    show_public = False
    reveal_left = 0.0

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

    def supply_rect(self, code_attr: str, level: int) -> pygame.Rect:
        width, height = self.app.size
        cw = self.small()
        ch = cw * 88 // 63
        row = ATTRIBUTES.index(code_attr)
        col = LEVELS.index(level)
        top = int(height * 0.2)
        return pygame.Rect(int(width * 0.3) + col * (cw + 14), top + row * (ch + 16), cw, ch)

    def pool_rects(self) -> dict[str, pygame.Rect]:
        """The face-down circle piles by level, and the item pile."""
        width, height = self.app.size
        cw = self.small()
        ch = cw * 88 // 63
        top = int(height * 0.2)
        x = int(width * 0.3) + 4 * (cw + 14) + 20
        out = {
            f"circles_pool:{lv}": pygame.Rect(x + i * (cw + 14), top, cw, ch)
            for i, lv in enumerate(CIRCLE_LEVELS)
        }
        out["items_pool"] = pygame.Rect(x, top + ch + 44, cw, ch)
        return out

    def battle_rects(self) -> dict[int, pygame.Rect]:
        width, height = self.app.size
        cw = self.small()
        ch = cw * 88 // 63
        me = self.bottom_seat()
        x = int(width * 0.03)
        return {
            1 - me: pygame.Rect(x, int(height * 0.2), int(cw * 2.2), ch),
            me: pygame.Rect(x, int(height * 0.2) + ch + 30, int(cw * 2.2), ch),
        }

    def out_rects(self) -> dict[str, pygame.Rect]:
        width, height = self.app.size
        cw = self.small()
        ch = cw * 88 // 63
        x = int(width * 0.3) + 4 * (cw + 14) + 20 + cw + 14
        y = int(height * 0.2) + ch + 44
        return {
            name: pygame.Rect(x + i * int(cw * 1.15), y, cw // 2, ch // 2)
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
        out: list[Pile] = []
        for code in table.lyabi_codes:
            rules = table.rules_of_code(code)
            out.append(
                Pile(f"supply:{code}", self.supply_rect(rules.attribute, rules.level), small, "top", 10)
            )
        for name, rect in self.pool_rects().items():
            out.append(Pile(name, rect, small, "stack", 0, 0.6, shown=6))
        for name, rect in self.out_rects().items():
            out.append(Pile(name, rect, small // 2, "top", 5))
        for seat, rect in self.battle_rects().items():
            out.append(Pile(f"battle:{seat}", rect, small, "row", 200, 1.05, 2))
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
        battle = view.data.get("battle")
        for seat, rect in self.battle_rects().items():
            pygame.draw.rect(surface, (44, 60, 84), rect.inflate(10, 10), border_radius=8)
            if battle and battle["stage"] == "done" and not view.zones[f"battle:{seat}"].cards:
                # the last battle's cards stay in sight (they left the game) until the next battle
                for index, card in enumerate(battle["cards"][seat]):
                    face = self.board.face(card, self.small())
                    surface.blit(face, (rect.x + index * int(self.small() * 1.05), rect.y))
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
        width, height = surface.get_size()
        t = self.app.t
        lines = [t("ly.status.round", n=view.data["round"]) if view.data["round"] else t("ly.status.setup")]
        if view.active is not None:
            phase = t(f"ly.phase.{view.phase}") if t.has(f"ly.phase.{view.phase}") else view.phase
            lines.append(t("ly.status.phase", name=self.session.name(view.active), phase=phase))
        elif view.pending is not None:
            names = ", ".join(self.session.name(s) for s in view.pending.seats)
            lines.append(t("ly.status.waiting", names=names))
        happened = self.just_happened()
        if happened:
            lines.append(happened)
        log = self.log_rect()
        lines = [part for line in lines for part in wrap_text(get_font(px), line, log.width - 12) or [""]]
        box = pygame.Rect(log.x, log.bottom + 8, log.width, (px + 6) * len(lines) + 8)
        draw_panel(surface, box, (14, 20, 32, 210))
        for index, line in enumerate(lines):
            draw_text(surface, line, px, (box.x + 6, box.y + 4 + index * (px + 6)), INK)

    def _battle_panel(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        """The last battle worked out: both attributes, who wins, each circle's ATK x times, the items."""
        battle = view.data.get("battle")
        if not battle or not any(battle["cards"]):
            return
        t = self.app.t
        width, height = surface.get_size()
        rects = self.battle_rects()
        x = rects[self.bottom_seat()].right + 16
        y = rects[1 - self.bottom_seat()].y
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
        box_w = int(width * 0.3) - x - 34
        font = get_font(px - 1)  # each line wrapped to the panel, never cut (its key line lost its end)
        rows = [
            (a if n == 0 else "", part, i)
            for i, (a, line) in enumerate(lines)
            for n, part in enumerate(wrap_text(font, line, box_w - 30) or [""])
        ]
        box = pygame.Rect(x, y - 6, box_w, (px + 6) * len(rows) + 12)
        draw_panel(surface, box, (14, 20, 32, 220))
        for index, (attribute, line, source) in enumerate(rows):
            ly = box.y + 6 + index * (px + 6)
            if attribute:
                draw_mark(surface, attribute, (box.x + 12, ly + px // 2 + 1), px)
            draw_text(surface, line, px - 1, (box.x + 24, ly), GOLD if source == 2 else INK)

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
        spec = self.board.physical[card]
        lines = [self.card_title(spec)]
        facts = []
        for key, label in (("cost", "cost"), ("times", "times"), ("atk", "ATK")):
            if spec.get(key) is not None:
                facts.append(f"{label} {spec.get(key)}")
        if facts:
            lines.append(" · ".join(facts))
        text = spec.get("text")
        if isinstance(text, dict) and spec.get("kind") == "item":
            lines += [v for v in (text.get("ja"), text.get("en")) if v]
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
        super().refresh_background()
        width, height = self.app.size
        rect = pygame.Rect(0, 0, max(110, width // 9), max(28, height // 26))
        rect.topright = (width - 12, 10 + max(28, height // 26))
        label = self.app.t("ly.button.public_close" if self.show_public else "ly.button.public")
        self.buttons.append(Button(label, rect, self.toggle_public, key=pygame.K_v))

    def after_action(self, action: Action, events: list[Event]) -> None:
        """Both battle cards revealed: hold the table still a moment with the damage worked out."""
        if any(isinstance(e, Revealed) and e.why == "battle" for e in events):
            still = self.app.settings.animation_speed > 0 and not self.app.fast
            self.reveal_left = REVEAL_S if still else 0.0
            self.refresh_background()

    def update(self, dt: float) -> bool:
        changed = False
        if self.reveal_left > 0 and not self.animator.busy:
            self.reveal_left = max(0.0, self.reveal_left - dt)
            if self.reveal_left == 0:
                self.refresh_background()
                changed = True
        return super().update(dt) or changed

    def drive(self) -> bool:
        """While a reveal is held, nobody moves (bots wait too)."""
        return self.reveal_left > 0

    def timer_running(self) -> bool:
        return self.reveal_left > 0

    def toggle_public(self) -> None:
        """Open or close the public panel of acquisitions and payments."""
        self.show_public = not self.show_public
        self.refresh_background()

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_v:
            self.toggle_public()
        elif event.key == pygame.K_SPACE and self.reveal_left > 0:
            self.reveal_left = 0.0
            self.refresh_background()

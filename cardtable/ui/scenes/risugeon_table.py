"""The Risugeon table: supply piles, gems and the four public actions across the top, the viewer's hand,
play area, deck and discard pile at the bottom, skill/PS and action counters, and the other seats as
compact panels (counts and points only: their hands are never drawn).

Moves by drag and drop: an action from the hand into the play area uses it; a combat or production
card onto the skill/PS well spends it; a supply card, public action or gem onto your discard pile trains
it (piles you can afford glow); a public action onto the stock area pays PS to move it. Every move is
also in the action menu (A), with End turn (E) and Pass (P) buttons; hover a card for its full text.
"""

from __future__ import annotations

import pygame

from ...rules.actions import Action
from ...rules.events import Event, Shuffled
from ...rules.narration import Seat, phrase
from ...rules.view import PlayerView
from ..fonts import get_font, text_width, wrap_text
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text, fit_width
from .table import ButtonSpec, DropArea, Pile, TableScene

SUPPLY = ("skill1", "skill2", "skill3", "production")
PILE_LABEL_MIN_PX = 9  # the smallest a pile's label is set before it is cut (its count must show)
ALWAYS = "always"  # the target of the menu's "end the turn, and don't ask again" (never sent to the rules)


class RisugeonTable(TableScene):
    """Risugeon on the shared table."""

    background_covers = True  # draw_background fills the window first

    # -- geometry ----------------------------------------------------------------------------
    card_size = (40, 0.105, 0.062)

    def slots(self) -> dict[str, pygame.Rect]:
        """Named card-sized places: supply piles, gems, display, action deck, stock area, own piles."""
        width, height = self.app.size
        cw = self.card_width()
        ch = cw * 88 // 63
        gap = cw // 5
        out: dict[str, pygame.Rect] = {}
        x = 16
        for name in (*SUPPLY, "gems"):
            out[name] = pygame.Rect(x, 34, cw, ch)
            x += cw + gap
        x += gap * 2
        for index in range(4):
            out[f"display{index}"] = pygame.Rect(x, 34, cw, ch)
            x += cw + gap
        x += gap
        out["action_deck"] = pygame.Rect(x, 34, cw, ch)
        out["stock_area"] = pygame.Rect(x + cw + gap, 34, cw, ch)
        bottom = height - ch - 14
        out["deck"] = pygame.Rect(16, bottom, cw, ch)
        out["discard"] = pygame.Rect(int(width * 0.68), bottom, cw, ch)
        out["play"] = pygame.Rect(int(width * 0.2), 34 + ch + 58, int(width * 0.5), int(ch * 1.1))
        out["well"] = pygame.Rect(16, 34 + ch + 58, int(width * 0.16), int(ch * 1.1))
        return out

    # -- layout ------------------------------------------------------------------------------
    def piles(self, view: PlayerView) -> list[Pile]:
        slots = self.slots()
        cw = self.card_width()
        gap = cw // 5
        seat = self.bottom_seat()
        width, height = self.app.size
        first = slots["display0"]
        hand_cw = int(cw * 1.5)
        hand = pygame.Rect(int(width * 0.22), height - hand_cw * 88 // 63 - 14, int(width * 0.4), 1)
        play = slots["play"].move(8, 6)
        return [
            *(Pile(f"pile:{name}", slots[name], cw, "top", 10) for name in SUPPLY),
            Pile("pile:gems", slots["gems"], cw, "top", 10),
            Pile("display", pygame.Rect(first.x, first.y, 4 * (cw + gap), 1), cw, "row", 10, (cw + gap) / cw),
            Pile("action_deck", slots["action_deck"], cw, "stack", 5, shown=1),
            Pile("stock_area", slots["stock_area"], cw, "top", 10),
            Pile(f"deck:{seat}", slots["deck"], cw, "stack", 0, 0.6),
            Pile(f"discard:{seat}", slots["discard"], cw, "top", 20),
            Pile(f"play:{seat}", play.inflate(-16, 0), cw, "row", 40, 0.9),
            Pile(f"hand:{seat}", hand, hand_cw, "fan", 300),
        ]

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        left = self.slots()["stock_area"].right + 16
        return pygame.Rect(left, 40, width - 12 - left, int(height * 0.36) - 50)

    def happened_at(self) -> tuple[tuple[int, int], str, int]:
        width, height = self.app.size
        px = max(13, height // 48)
        return (int(width * 0.42), int(height * 0.55) + px * 2), "center", int(width * 0.5)

    # -- background --------------------------------------------------------------------------
    def pile_labels(self, view: PlayerView) -> list[tuple[str, int, pygame.Rect]]:
        """Each table pile's label over it: (text, font px, the pile's slot). A label too wide for its
        pile is set smaller (down to PILE_LABEL_MIN_PX) before it is cut, so the count stays on show
        (the Japanese "アクション（12）" and "在庫置き場（3）" lost their counts to "…" at 720p)."""
        slots = self.slots()
        px = max(13, self.app.size[1] // 48)
        data = view.data
        t = self.app.t
        labels = {
            "skill1": t("rg.label.skill", n=1),
            "skill2": t("rg.label.skill", n=2),
            "skill3": t("rg.label.skill", n=3),
            "production": t("rg.label.production"),
            "gems": t("rg.label.gems", n=data.get("gems_left", 0)),
            "action_deck": t("rg.label.action_deck", n=data.get("action_deck", 0)),
            "stock_area": t("rg.label.stock_area", n=data.get("stock_area", 0)),
        }
        supply = data.get("supply", {})
        out = []
        for name, rect in slots.items():
            text = labels.get(name, "")
            if name in supply:
                text += f" ({supply[name]['count']})"
            if not text:
                continue
            size = max(11, px - 2)
            while size > PILE_LABEL_MIN_PX and text_width(text, size) > rect.width + 8:
                size -= 1
            out.append((fit_width(text, size, rect.width + 8), size, rect))
        return out

    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        width, height = surface.get_size()
        surface.fill((30, 52, 66))
        slots = self.slots()
        px = max(13, height // 48)
        t = self.app.t
        for name, rect in slots.items():
            if name not in ("play", "well"):
                pygame.draw.rect(surface, (22, 40, 52), rect.inflate(8, 8), border_radius=8)
        for text, size, rect in self.pile_labels(view):
            draw_text(surface, text, size, (rect.centerx, rect.y - 4), DIM, "midbottom")
        for card in self._trainable_cards():
            rect = self._rect_of(card)
            if rect is not None:
                pygame.draw.rect(surface, GOLD, rect.inflate(12, 12), 4, border_radius=10)
        pygame.draw.rect(surface, (36, 64, 80), slots["play"], border_radius=12)
        draw_text(
            surface, t("rg.label.play"), px, (slots["play"].x + 8, slots["play"].y - 4), DIM, "bottomleft"
        )
        well = slots["well"]
        pygame.draw.ellipse(surface, (60, 70, 40), well)
        draw_text(surface, t("rg.label.well"), px, well.center, INK, "center")
        seat = self.bottom_seat()
        draw_text(
            surface,
            t("rg.label.deck", n=view.zones[f"deck:{seat}"].count),
            px,
            (slots["deck"].centerx, slots["deck"].y - 4),
            DIM,
            "midbottom",
        )
        draw_text(
            surface,
            t("rg.label.discard", n=view.zones[f"discard:{seat}"].count),
            px,
            (slots["discard"].centerx, slots["discard"].y - 4),
            DIM,
            "midbottom",
        )
        self._counters(surface, view, px)
        self._panels(surface, view, px)
        self._status(surface, view, px)

    def _counters(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        data = view.data
        well = self.slots()["well"]
        t = self.app.t
        rows = [
            # whose counters these are: during the other seat's turn they read as one's own (playtest)
            t("rg.counter_row.whose", name=self.session.name(view.active)) if view.active is not None else "",
            t("rg.counter_row.actions", n=data.get("actions_left", 0)),
            t("rg.counter_row.trainings", n=data.get("trainings_left", 0)),
            t("rg.counter_row.skill", n=data.get("skill", 0)),
            t("rg.counter_row.ps", n=data.get("ps", 0)),
        ]
        for index, text in enumerate(rows):
            if text:
                draw_text(
                    surface, text, px + 3, (well.x, well.bottom + 10 + index * (px + 8)), GOLD, bold=True
                )

    def panel_box(self, seat: int, px: int) -> pygame.Rect:
        """A seat's panel (its name, counts and points) at the right, the seats top to bottom."""
        width, height = self.app.size
        box_w = int(width * 0.2)
        box_h = px * 3 + 24  # its three lines: four seats' panels end above the buttons (End turn hid P4's)
        return pygame.Rect(width - box_w - 12, int(height * 0.36) + seat * (box_h + 8), box_w, box_h)

    def thinking_place(self, seat: int) -> tuple[tuple[int, int], str]:
        """A thinking bot's mark left of its panel (the others' hands are never drawn)."""
        box = self.panel_box(seat, max(13, self.app.size[1] // 48))
        return (box.x - 8, box.centery), "midright"

    def _panels(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        data = view.data
        for seat in range(view.seats):
            box = self.panel_box(seat, px)
            box_w = box.width
            colour = (40, 70, 60, 230) if seat == view.active else (16, 28, 34, 215)
            draw_panel(surface, box, colour)
            t = self.app.t
            name = fit_width(
                t("table.seat_label", n=seat + 1, name=self.session.name(seat)), px + 1, box_w - 20
            )
            draw_text(
                surface,
                name,
                px + 1,
                (box.x + 10, box.y + 4),
                GOLD if seat in view.deciding else INK,
                bold=True,
            )
            points = data.get("points", [0] * view.seats)[seat]
            gems = len(data.get("gems", [[]] * view.seats)[seat])
            zones = view.zones
            counts = t(
                "rg.panel.counts",
                hand=zones[f"hand:{seat}"].count,
                deck=zones[f"deck:{seat}"].count,
                discard=zones[f"discard:{seat}"].count,
            )
            draw_text(surface, counts, px, (box.x + 10, box.y + px + 10), INK)
            draw_text(
                surface,
                t("rg.panel.scores", points=points, gems=gems, played=zones[f"play:{seat}"].count),
                px,
                (box.x + 10, box.y + 2 * px + 16),
                INK,
            )

    def _status(self, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        width, height = surface.get_size()
        t = self.app.t
        if view.over:
            text = t("table.game_over")
        elif view.active is not None:
            key = f"rg.phase.{view.phase}" if t.has(f"rg.phase.{view.phase}") else "rg.phase.end"
            text = t(key, name=self.session.name(view.active))
            if view.active == self.viewer:
                text += t("table.your_turn_mark")
        else:
            text = ""
        choice = view.data.get("choice")
        if choice:
            asked = self.pending_title(str(choice["kind"]), "")
            text += t(
                "rg.status.choice",
                what=asked,
                picked=choice["picked"],
                low=choice["low"],
                high=choice["high"],
            )
        draw_text(surface, text, px + 2, (int(width * 0.42), int(height * 0.55)), INK, "center")
        hint = self.hint_text(view)
        if hint:
            # a first-time player reads what to do now, wrapped under the status line
            font = get_font(px)
            (_, happened_y), _, _ = self.happened_at()
            y = happened_y + px + 6  # below the "what just happened" line, clear of its panel
            for line in wrap_text(font, hint, int(width * 0.56)):
                draw_text(surface, line, px, (int(width * 0.42), y), GOLD, "midtop")
                y += font.get_linesize()

    def hint_text(self, view: PlayerView) -> str:
        """What the person whose turn it is may do now, in plain words (nothing while a card asks)."""
        if view.over or view.active is None or view.active != self.viewer or view.data.get("choice"):
            return ""
        legal = self.my_legal()
        if view.pending is not None or not legal:
            return ""
        key = f"rg.hint.{view.phase}"
        if {a.kind for a in legal} <= {"end"}:
            key = "rg.hint.end"  # nothing left to spend or train: say only how to finish
        return self.app.t(key) if self.app.t.has(key) else ""

    # -- helpers ------------------------------------------------------------------------------
    def _trainable_cards(self) -> set[int]:
        return {a.cards[0] for a in self.my_legal() if a.kind == "train" and a.cards}

    def _rect_of(self, card: int) -> pygame.Rect | None:
        """Where a supply card shows: its own sprite, or the slot of the pile it tops."""
        sprite = self.board.sprites.get(card)
        if sprite is not None:
            return sprite.card_rect()
        return None

    def tooltip(self, card: int) -> list[str]:
        spec = self.board.physical[card]
        t = self.app.t
        lines = [self.card_title(spec)]
        kind = str(spec.get("type"))
        facts = [t(f"rg.type.{kind}") if t.has(f"rg.type.{kind}") else kind]
        for key in ("skill", "cost", "points"):
            if spec.get(key) is not None:
                facts.append(t(f"rg.fact.{key}", n=spec.get(key)))
        lines.append(" · ".join(facts))
        text = spec.get("text")
        if isinstance(text, dict):
            lines += [t for t in (text.get("ja"), text.get("en")) if t]
        elif text:
            lines.append(str(text))
        provisional = self.provisional_line(spec, "rg")
        if provisional:
            lines.append(provisional)
        return lines

    # -- moves ---------------------------------------------------------------------------------
    click_kinds = ("play", "discard", "pick", "return", "train", "stock")
    buttons_spec = (
        ButtonSpec(("pass",), "rg.button.pass", pygame.K_p),
        ButtonSpec(("end",), "rg.button.end", pygame.K_e),
        ButtonSpec(("done",), "rg.button.done", pygame.K_d),
    )
    sounds = {"shuffled": "shuffle", "announced:gem": "ignite"}

    def drop_areas(self) -> list[DropArea]:
        slots = self.slots()
        return [
            DropArea("play", slots["play"], ("play",)),
            DropArea("well", slots["well"], ("discard",)),
            DropArea("discard", slots["discard"].inflate(30, 30), ("train",)),
            DropArea("stock", slots["stock_area"].inflate(20, 20), ("stock",)),
        ]

    # -- ending a turn with something left, and the reshuffles ---------------------------------
    _asked_turn: object = None  # the turn End already asked in (it asks once a turn)

    @property
    def not_asking(self) -> set[int]:
        """The seats whose player said "don't ask again" (for the rest of this game)."""
        if not hasattr(self, "_not_asking"):
            self._not_asking: set[int] = set()
        return self._not_asking

    def perform(self, action: Action, held: list[int] | None = None) -> bool:
        """End turn asks once a turn when a training is still affordable or cards could still be
        spent (the person may not have seen them); "don't ask again" stops asking that player this game."""
        if action.kind == "end" and action.target == ALWAYS:
            self.not_asking.add(action.seat)
            return super().perform(Action(action.seat, "end"), held)
        view = self.view()
        turn = view.data.get("turn")
        if action.kind == "end" and action.seat not in self.not_asking and self._asked_turn != turn:
            unspent = self.unspent(view)
            if unspent:
                self._asked_turn = turn
                self.open_menu(unspent, [action, Action(action.seat, "end", (), ALWAYS)])
                return False
        return super().perform(action, held)

    def unspent(self, view: PlayerView) -> str:
        """What the person is leaving unused by ending the turn now, as the question to ask ("" if
        nothing): a training they can afford, or cards that would still give skill or PS."""
        legal = self.my_legal()
        if any(a.kind == "train" for a in legal):
            return self.say_phrase(phrase("rg.confirm_end.train"))
        spendable = {c for a in legal if a.kind in ("discard", "play") for c in a.cards}
        if spendable and int(view.data.get("trainings_left", 0)) > 0:
            return self.say_phrase(phrase("rg.confirm_end.cards", n=len(spendable)))
        return ""

    def words(self, action: Action) -> str:
        if action.kind == "end" and action.target == ALWAYS:
            return self.say_phrase(phrase("rg.option.end_always"))
        return super().words(action)

    def after_action(self, action: Action, events: list[Event]) -> None:
        """A reshuffle is captioned: it is over in half a second and easy to miss."""
        super().after_action(action, events)
        for event in events:
            if isinstance(event, Shuffled) and event.zone.startswith("deck:"):
                seat = int(event.zone.partition(":")[2])
                self.say(self.say_phrase(phrase("rg.reshuffle", who=Seat(seat))))
            elif isinstance(event, Shuffled) and event.zone == "action_deck":
                self.say(self.say_phrase(phrase("rg.action_rebuild")))

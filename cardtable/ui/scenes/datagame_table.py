"""The table of every game written in data (cardtable/games/datagame): one scene for any game file,
with no code per game. Its layout comes from the file's zones: the other seats across the top (a
panel each, with their names, card counts and counters: their hands are never drawn), the table's
piles in the middle (a hidden pile face down with its count, a pile whose top card everyone sees
with that card, a public row spread), a zone of groups (melds) below them, one group per cell, and
at the bottom the player at the screen's own piles and their hand, fanned. The file's optional
`table:` hints name the hand, its sort order and the order of the middle's piles.

Moves come from the file's move templates: a move with cards and a destination is made by dragging
the cards there (a hand card onto the discard pile, selected cards onto the melds, one card onto a
meld to lay it off; a claim of the discard takes the pile's top card with the selected ones, dragged
either way); a draw is a click on its pile; a move with no card (draw, pass) is a button too; and
every legal move is in the action menu (A), in the file's own words. Hand-offs between people,
the log, undo, Esc and saving are the shared table's (cardtable/ui/scenes/table/).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

import pygame

from ...games import get_game
from ...games.datagame.rules import PICK, STOP, DataGame
from ...rules.actions import Action
from ...rules.narration import Seat, Text, phrase, reason_phrase
from ...rules.view import PlayerView
from ...session import Session
from ..app import App
from ..fonts import get_font, text_width, wrap_text
from ..sprites import CardSprite
from ..widgets import DIM, GOLD, INK, draw_panel, draw_text
from .table import ButtonSpec, ClickArea, DropArea, Pile, TableScene, canonical, find_moves, moves_with
from .table.log import HAPPENED_LINES

GAP = 10  # px between piles
MIN_LABEL_PX = 9  # a label too wide for its place is set smaller down to this before it is cut
CARDLESS = ("draw", "pass")  # verbs whose moves name no card: a button and the action menu
GROUP_STEP = 0.42  # a group's cards overlap to this share of a card's width
_Cells = list[tuple[str, str, pygame.Rect]]  # each group's zone, state name and cell (group_cells)
_T = TypeVar("_T")


class DataGameTable(TableScene):
    """Any data game on the shared table."""

    background_covers = True  # draw_background fills the window first

    card_size = (40, 0.12, 0.065)
    # `slots` and `group_cells` as last worked out, with the view, window size and bottom seat they are for
    # per name: (the view, (window size, bottom seat), what was worked out for them): `_per_view`
    _memos: dict[str, tuple[PlayerView, tuple[tuple[int, int], int], Any]]

    def __init__(self, app: App, session: Session) -> None:
        game = get_game(session.engine.view(None).game)
        assert isinstance(game, DataGame)
        self.game = game  # the file's definition (static rules data: never the state)
        self._memos = {}
        super().__init__(app, session)

    # -- the file's zones, sorted into where the table shows them --------------------------------
    def hand_zone(self) -> str:
        """The file's zone fanned at the bottom: the `table: {hand:}` hint, else the first zone of
        each player's that its owner sees (a row first)."""
        hint = self.game.spec.get("table", {}).get("hand")
        if hint:
            return str(hint)
        own = [
            n for n, z in self.game.zone_specs.items() if z["owner"] == "each" and z["visibility"] == "owner"
        ]
        rows = [n for n in own if self.game.zone_specs[n].get("layout", "row") != "stack"]
        return (rows or own or [""])[0]

    def table_zones(self) -> list[str]:
        """The table's own zones without groups, in the hint's order, then the file's; a zone only
        the setup names (a bank the supply is dealt from) is not drawn: it is empty for the whole game
        and a player took it for a pile they could use."""
        order = list(self.game.spec.get("table", {}).get("order", []))
        names = order + [n for n in self.game.zone_specs if n not in order]
        specs = self.game.zone_specs
        named = self._named_in_play
        return [
            n
            for n in names
            if specs[n]["owner"] == "table" and not specs[n].get("groups") and (n in named or n in order)
        ]

    @functools.cached_property
    def _named_in_play(self) -> frozenset[str]:
        """Every word of the file outside its setup, zones, table hints and the zone its cards start in
        (`deck`): the zones its moves, effects, refills and endings may touch are among them."""
        words: set[str] = set()
        stack: list[Any] = [
            v for k, v in self.game.spec.items() if k not in ("setup", "zones", "table", "deck")
        ]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                words.update(item.replace(".", " ").replace(":", " ").split())
            elif isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        return frozenset(words)

    def group_zones(self, seat: int) -> list[str]:
        """The zones of groups the middle shows (the table's, and `seat`'s own of each player's)."""
        return [name for name, z in self.game.zone_specs.items() if z.get("groups")]

    def own_zones(self) -> list[str]:
        """Each player's zones other than the hand and groups: piles at the bottom left, rows above
        the hand."""
        hand = self.hand_zone()
        return [
            n
            for n, z in self.game.zone_specs.items()
            if z["owner"] == "each" and n != hand and not z.get("groups")
        ]

    def zone_state(self, zone: str, seat: int) -> str:
        return self.game.zone_name(zone, seat)

    def style(self, zone: str) -> str:
        """How a zone's cards are drawn: face down in a stack, its top card, or spread in a row."""
        z = self.game.zone_specs[zone]
        if z["visibility"] == "hidden":
            return "stack"
        if z["visibility"] == "top" or z.get("layout", "stack") == "stack":
            return "top"
        return "row"

    # -- geometry --------------------------------------------------------------------------------
    def px(self) -> int:
        return max(13, self.app.size[1] // 48)

    def card_h(self, width: int) -> int:
        return width * 88 // 63

    def right_edge(self) -> int:
        """Where the table's cards end: the log, the words and the buttons are right of it."""
        return int(self.app.size[0] * 0.74)

    def panel_rect(self, seat: int, view: PlayerView) -> pygame.Rect:
        """The seat's panel across the top (the seats after the bottom one, in turn order)."""
        others = [(self.bottom_seat() + i) % view.seats for i in range(1, view.seats)]
        index = others.index(seat) if seat in others else 0
        room = self.right_edge() - 16
        w = min(360, room // max(1, len(others)) - 8)
        rows = 3 if any(c.get("each") for c in self.game.counters.values()) else 2
        return pygame.Rect(16 + index * (w + 8), 8, w, self.px() * rows + 8 * rows + 2)

    def slots(self, view: PlayerView) -> dict[str, pygame.Rect]:
        """Every place the table draws a zone (by its state name), and `@groups` (the area of the
        zones of groups) and `@hand`. Shared, read only: worked out once per view, window size and
        bottom seat (the layout, the background, the drop and click areas each asked for them, and
        the groups' cells were flowed again each time)."""
        return self._per_view("slots", view, self._slots)

    def _slots(self, view: PlayerView) -> dict[str, pygame.Rect]:
        width, height = self.app.size
        px = self.px()
        seat = self.bottom_seat()
        cw = self.card_width()
        left, right = 16, self.right_edge() - 12
        out: dict[str, pygame.Rect] = {}
        # the bottom: the hand fanned, the own piles left of it, the own rows above it
        top = self.panel_rect(seat, view).bottom + px + 14
        hand_w = cw
        hand_y = height - self.card_h(hand_w) - 12
        own = self.own_zones()
        x = left
        for zone in own:
            if self.style(zone) != "row":
                out[self.zone_state(zone, seat)] = pygame.Rect(x, hand_y, cw, self.card_h(cw))
                x += cw + GAP
        x += 3 * GAP if x > left else 0  # the hand's label clear of the piles' labels
        out["@hand"] = pygame.Rect(x, hand_y, right - x, self.card_h(hand_w))
        if self.hand_zone():
            out[self.zone_state(self.hand_zone(), seat)] = out["@hand"]
        bottom = hand_y - px - 10
        # the middle: the table's piles in a row (wrapping), then its rows, then the groups
        piles = [z for z in self.table_zones() if self.style(z) != "row"]
        per = max(1, min(len(piles), (right - left + GAP) // (min(cw, 60) + GAP)))
        pile_w = min(cw, (right - left + GAP) // max(1, per) - GAP) if piles else cw
        y = top
        for index, zone in enumerate(piles):
            column = index % per
            if index and column == 0:
                y += self.card_h(pile_w) + px + 12
            out[zone] = pygame.Rect(left + column * (pile_w + GAP), y, pile_w, self.card_h(pile_w))
        if piles:
            y += self.card_h(pile_w) + px + 12
        # the rows: the table's under its piles, each player's own above the hand, each as wide as
        # the table while they fit; else side by side and lower, so the groups keep their room (a game
        # of eleven zones drew its rows over one another and its supply over the hand)
        table_rows = [z for z in self.table_zones() if self.style(z) == "row"]
        own_rows = [self.zone_state(z, seat) for z in own if self.style(z) == "row"]
        groups_min = self.card_h(36) + 18 + self.tag_h() + px if self.group_zones(seat) else 0
        row_h, columns = self.row_grid(len(table_rows), len(own_rows), bottom - y - groups_min)
        row_w = (right - left - (columns - 1) * 3 * GAP) // columns
        for index, name in enumerate(table_rows):
            line, column = divmod(index, columns)
            x = left + column * (row_w + 3 * GAP)
            out[name] = pygame.Rect(x, y + line * (row_h + px + 12), row_w, row_h)
        y += -(-len(table_rows) // columns) * (row_h + px + 12)
        for index, name in enumerate(reversed(own_rows)):
            line, column = divmod(index, columns)
            x = left + column * (row_w + 3 * GAP)
            out[name] = pygame.Rect(x, bottom - (line + 1) * (row_h + px + 10) + px + 10, row_w, row_h)
        bottom -= -(-len(own_rows) // columns) * (row_h + px + 10)
        out["@groups"] = pygame.Rect(left, y - 4, right - left, max(0, bottom - y))
        return out

    def row_grid(self, table_rows: int, own_rows: int, room: int) -> tuple[int, int]:
        """The rows' height and how many go side by side: full width and a card 0.8 of the hand's
        while they fit in `room`, else two or three abreast, lower if need be (down to a card 28
        wide: still a card one can tell)."""
        px = self.px()
        tallest = self.card_h(int(self.card_width() * 0.8))
        lowest = self.card_h(28)
        for columns in (1, 2, 3):
            lines = -(-table_rows // columns) + -(-own_rows // columns)
            if not lines:
                return tallest, 1
            fits = room // lines - px - 12
            if fits >= tallest or (columns == 3 or fits >= self.card_h(48)):
                return max(lowest, min(tallest, fits)), columns
        return lowest, 3

    def group_width(self) -> int:
        return max(36, int(self.card_width() * 0.7))

    def group_cells(self, view: PlayerView) -> _Cells:
        """Each group that holds cards, and every pile of a supply (an emptied pile keeps its place
        with its 0: the piles did shift left under the pointer, and an end on empty piles is counted
        from them): (the zone's file name, the group's state name, its cell), flowed left to right and
        wrapped in the groups' area, smaller cards when they would not fit. Shared, read only, as
        `slots`."""
        return self._per_view("cells", view, self._group_cells)

    def _per_view(self, name: str, view: PlayerView, work: Callable[[PlayerView], _T]) -> _T:
        """`work(view)` once per view, window size and bottom seat (kept under `name`)."""
        key = (self.app.size, self.bottom_seat())
        memo = self._memos.get(name)
        if memo is not None and memo[0] is view and memo[1] == key:
            return cast(_T, memo[2])
        out = work(view)
        self._memos[name] = (view, key, out)
        return out

    def _group_cells(self, view: PlayerView) -> _Cells:
        area = self.slots(view)["@groups"]
        seat = self.bottom_seat()
        groups = [
            (zone, group)
            for zone in self.group_zones(seat)
            for group in self.game.groups(zone, seat)
            if view.zones.get(group) is not None and (view.zones[group].count or self.stacked(zone))
        ]
        width = self.group_width() if not all(self.stacked(z) for z, _ in groups) else self.card_width()
        while True:
            cells: list[tuple[str, str, pygame.Rect]] = []
            x, y = area.x + 6, area.y + 6
            # room over every cell for its tag: a pile's count, a meld's number (a lay-off's words
            # name the meld by it, and it lay under the meld's first card)
            height = self.card_h(width) + 12 + self.tag_h()
            for zone, group in groups:
                n = 1 if self.stacked(zone) else view.zones[group].count
                w = int(width + (n - 1) * width * GROUP_STEP) + 12
                if x + w > area.right and x > area.x + 6:
                    x, y = area.x + 6, y + height + 6
                cells.append((zone, group, pygame.Rect(x, y, w, height)))
                x += w + 8
            if width <= 30 or not cells or cells[-1][2].bottom <= area.bottom - self.px():  # the title's line
                return cells
            width -= 4

    def tag_h(self) -> int:
        """The room over a pile of a supply for its count."""
        return max(10, self.px() - 4) + 2

    def stacked(self, zone: str) -> bool:
        """A zone of groups drawn as piles, each its top card (a supply): `layout: stack`."""
        return self.game.zone_specs[zone].get("layout") == "stack"

    def piles(self, view: PlayerView) -> list[Pile]:
        slots = self.slots(view)
        seat = self.bottom_seat()
        out: list[Pile] = []
        for zone in self.table_zones():
            out.append(self._pile(zone, slots[zone], self.style(zone), 10))
        for zone in self.own_zones():
            name = self.zone_state(zone, seat)
            out.append(self._pile(name, slots[name], self.style(zone), 10))
        hand = self.hand_zone()
        if hand:
            name = self.zone_state(hand, seat)
            out.append(Pile(name, slots[name], self.card_width(), "fan", 300, 0.85, sort=self.hand_sort()))
        tag = self.tag_h()
        for zone, group, cell in self.group_cells(view):
            gw = (cell.height - 12 - tag) * 63 // 88
            room = cell.inflate(-12, -12 - tag).move(0, tag // 2)  # under the cell's tag
            if self.stacked(zone):
                out.append(Pile(group, room, gw, "top", 100))
            else:
                # in the hand's order: a claimed 2 went before the A and 3 of its run
                sort = self.hand_sort()
                out.append(Pile(group, room, gw, "row", 100, GROUP_STEP, shown=60, sort=sort))
        return out

    def _pile(self, name: str, rect: pygame.Rect, style: str, z: int) -> Pile:
        if style == "row":
            width = min(int(self.card_width() * 0.8), rect.height * 63 // 88)  # a lower row: smaller cards
            return Pile(name, rect, width, "row", z, 0.9, shown=40)
        return Pile(name, rect, rect.width, style, z, 0.6, shown=8)

    def hand_sort(self) -> Any:
        """The hand's order: the `table: {sort:}` fields, else by card id."""
        fields = self.game.spec.get("table", {}).get("sort", [])
        if not fields:
            return None
        physical = self.cardset.physical()

        def key(card: int) -> tuple[str, ...]:
            return tuple(f"{physical[card].get(f, ''):>4}" for f in fields)  # numbers and text alike

        return key

    def log_rect(self) -> pygame.Rect:
        width, height = self.app.size
        x = self.right_edge()
        return pygame.Rect(x, 48, width - x - 12, int(height * 0.36))

    def status_at(self) -> tuple[int, int, int]:
        """Where the status, the counters and the hints go: under the "what just happened" line."""
        box = self.log_rect()
        said = get_font(max(13, self.app.size[1] // 46)).get_linesize() * HAPPENED_LINES
        return box.x, box.bottom + 8 + said + 16, box.width

    def happened_at(self) -> tuple[tuple[int, int], str, int]:
        box = self.log_rect()
        return (box.centerx, box.bottom + 12), "midtop", box.width - 16

    def thinking_place(self, seat: int) -> tuple[tuple[int, int], str]:
        """A thinking bot's mark under its panel."""
        rect = self.panel_rect(seat, self.view())
        return (rect.centerx, rect.bottom + 4), "midtop"

    # -- words -----------------------------------------------------------------------------------
    def language(self) -> str:
        return self.app.t.language

    def zone_label(self, zone: str) -> str:
        return self.game.zone_title(zone, self.language())

    def counter_words(self, view: PlayerView, seat: int | None) -> list[str]:
        """The counters a seat (None: the table's) has, in the file's words."""
        out = []
        for name, spec in self.game.counters.items():
            if bool(spec.get("each")) != (seat is not None):
                continue
            values = view.data.get("counters", {}).get(name, [])
            value = values[seat if seat is not None else 0] if values else 0
            title = spec.get("name", {})
            said = str(title.get(self.language()) or title.get("en") or name)
            out.append(self.say_phrase(phrase("dg.counter", name=Text(said, said), n=value)))
        return out

    def status_text(self, view: PlayerView) -> str:
        t = self.app.t
        if view.over:
            return t("table.game_over")
        pending = view.pending
        if pending is not None:
            # a decision out of the turn's steps (the battle's hidden choice, an item's window): its
            # question, not the step the turn stopped at ("Player 1's turn: main phase" stood over
            # Player 2's hidden choice)
            text = self.pending_title(pending.kind, pending.prompt)
            return text + (t("table.your_turn_mark") if self.viewer in view.deciding else "")
        if view.active is None:
            return ""
        step = self.game.steps[int(view.data.get("step", 0))].get("name")
        who = Seat(view.active)
        if self.game.blind is not None and view.phase == self.game.blind.get("step", PICK):
            # the setup's blind pick: no step of a turn yet ("main phase" stood over the pick)
            text = self.say_phrase(phrase("dg.turn_setup", who=who))
        elif step:
            words = Text(step["en"], step.get("ja", ""))
            text = self.say_phrase(phrase("dg.turn_step", who=who, step=words))
        else:
            text = self.say_phrase(phrase("dg.turn", who=who))
        if view.active == self.viewer:
            text += t("table.your_turn_mark")
        return text

    def fitted(self, text: str, px: int, width: int) -> int:
        """The font size a label fits `width` at: smaller down to MIN_LABEL_PX."""
        while px > MIN_LABEL_PX and text_width(text, px) > width:
            px -= 1
        return px

    def label(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Any = DIM) -> None:
        """A zone's label over it, set smaller until it fits its width and the gap to the next pile
        (the Japanese 廃棄置き場（0） ran into the next pile's label)."""
        px = self.fitted(text, self.px() - 1, max(rect.width, self.card_width()) + GAP - 2)
        draw_text(surface, text, px, (rect.x, rect.y - 3), colour, "bottomleft")

    # -- background ------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface, view: PlayerView) -> None:
        surface.fill((28, 70, 56))
        px = self.px()
        slots = self.slots(view)
        seat = self.bottom_seat()
        for zone in self.table_zones():
            rect = slots[zone]
            pygame.draw.rect(surface, (20, 54, 42), rect.inflate(8, 8), border_radius=8)
            count = view.zones[zone].count
            self.label(surface, self.say_phrase(phrase("dg.zone", zone=self._text(zone), n=count)), rect)
        for zone in self.own_zones():
            rect = slots[self.zone_state(zone, seat)]
            pygame.draw.rect(surface, (20, 54, 42), rect.inflate(8, 8), border_radius=8)
            count = view.zones[self.zone_state(zone, seat)].count
            self.label(surface, self.say_phrase(phrase("dg.zone", zone=self._text(zone), n=count)), rect)
        hand = self.hand_zone()
        if hand:
            name = self.zone_state(hand, seat)
            owner = self.session.name(seat)
            said = self.say_phrase(phrase("dg.zone", zone=self._text(hand), n=view.zones[name].count))
            self.label(surface, f"{owner} · {said}", slots[name], GOLD if seat in view.deciding else DIM)
        area = slots["@groups"]
        if self.group_zones(seat) and area.height > 20:
            pygame.draw.rect(surface, (24, 62, 49), area, border_radius=12)
            title = " · ".join(self.zone_label(z) for z in self.group_zones(seat))
            draw_text(surface, title, px - 2, (area.x + 8, area.bottom - 4), DIM, "bottomleft")
            for zone, group, cell in self.group_cells(view):
                pygame.draw.rect(surface, (32, 84, 64), cell, border_radius=6)
                # a pile says how many cards it holds; a meld its number (a lay-off's words name it)
                tag = f"{view.zones[group].count}" if self.stacked(zone) else group.rpartition(".")[2]
                draw_text(surface, tag, max(10, px - 4), (cell.right - 4, cell.y + 2), DIM, "topright")
        for other in range(view.seats):
            if other != seat:
                self._panel(surface, view, other)
        self._status(surface, view)

    def _text(self, zone: str) -> Text:
        name = self.game.zone_specs[zone].get("name", {})
        return Text(str(name.get("en") or zone), str(name.get("ja") or name.get("en") or zone))

    def _panel(self, surface: pygame.Surface, view: PlayerView, seat: int) -> None:
        """A seat's name, its cards' counts (never their faces) and its counters."""
        box = self.panel_rect(seat, view)
        px = self.px()
        draw_panel(surface, box, (40, 80, 62, 230) if seat == view.active else (14, 30, 24, 215))
        name = self.app.t("table.seat_label", n=seat + 1, name=self.session.name(seat))
        colour = GOLD if seat in view.deciding else INK
        draw_text(
            surface, name, self.fitted(name, px, box.width - 16), (box.x + 8, box.y + 4), colour, bold=True
        )
        parts = []
        for zone, z in self.game.zone_specs.items():
            if z["owner"] == "each" and not z.get("groups"):
                count = view.zones[self.zone_state(zone, seat)].count
                parts.append(self.say_phrase(phrase("dg.counts", zone=self._text(zone), n=count)))
        for row, words in enumerate((parts, self.counter_words(view, seat))):
            line = " · ".join(words)
            if line:
                at = (box.x + 8, box.y + (row + 1) * (px + 4) + 6)
                draw_text(
                    surface, line, self.fitted(line, px - 1, box.width - 16), at, INK if row == 0 else GOLD
                )

    def _status(self, surface: pygame.Surface, view: PlayerView) -> None:
        x, y, width = self.status_at()
        px = self.px()
        lines = [self.status_text(view)]
        mine = self.counter_words(view, self.bottom_seat()) + self.counter_words(view, None)
        if mine:
            lines.append(" · ".join(mine))
        choosing = self.choosing_text(view)
        if choosing:
            lines.append(choosing)
        if view.active is not None and view.active == self.viewer and self.my_legal():
            lines.append(self.say_phrase(phrase("dg.hint.drag")))
            if any(self.game.moves.get(a.kind, {}).get("verb") == "meld" for a in self.my_legal()):
                lines.append(self.say_phrase(phrase("dg.hint.select")))
        for index, line in enumerate(lines):
            colour = INK if index == 0 else (GOLD if index == 1 and mine else DIM)
            font = get_font(px, bold=index == 0)
            for row in wrap_text(font, line, width) or [""]:
                draw_text(surface, row, px, (x, y), colour, bold=index == 0)
                y += font.get_linesize()

    def choosing_text(self, view: PlayerView) -> str:
        """What an open choice of the viewer's asks (a Chapel's "up to 4 cards of your hand"): the
        status said only "actions" while the table waited for picks or the stop button."""
        choice = view.data.get("choice")
        if not choice or choice.get("seat") != self.viewer or choice.get("word"):
            return ""  # a choice of a pile or a value: its moves, in the file's words, are the menu's
        code = str(choice["card"])
        said = self.game.choose_effect(code) or {}
        stop = Action(int(choice["seat"]), STOP, (), code)
        return self.app.t(
            "table.dg_choosing",
            card=self.name_codes(code),
            n=int(choice.get("left", 0)),
            zone=self.zone_label(str(said.get("from", ""))),
            stop=self.game.words(self.cardset, stop, self.language()),
        )

    def refusal_text(self, reason: str) -> str:
        """The shared words for a refusal, with the file's names (a zone, a pattern) in the
        table's language in place of the English ones the rules' sentence holds. In English too:
        the rules' sentence names a move by its id in the file ("claim is not a move of this step").
        A refusal the file words itself (a move's `refuse:`) is said in the file's words."""
        own = self.game.refusal_in(reason, self.language())
        if own is not None:
            return own
        found = reason_phrase(reason, self.session.chronicle.module)
        if found is None:
            return super().refusal_text(reason)
        key, values = found
        terms = {k: self.name_codes(self.game.term(v, self.language())) for k, v in values.items()}
        return self.app.t(key, **terms)

    def tooltip(self, card: int) -> list[str]:
        """The card as this game names it, and the card set's own name for it."""
        spec = self.cardset.physical()[card]
        name, title = self.game.card_name(spec, self.language()), self.card_title(spec)
        return [name] if name == title else [name, title]  # 村 once, not 村 over 村

    # -- moves -----------------------------------------------------------------------------------
    @property
    def buttons_spec(self) -> tuple[ButtonSpec, ...]:  # type: ignore[override]
        """A button for each move with no card (draw, pass), labelled in the file's words (a label
        that is no key of the texts is shown as it is)."""
        seat = self.viewer if self.viewer is not None else 0
        out = []
        for name, move in self.game.moves.items():
            if move["verb"] in CARDLESS:
                words = self.game.words(self.cardset, Action(seat, name), self.language())
                out.append(ButtonSpec((name,), words))
        choice = self.view().data.get("choice")
        if choice:  # an effect's choice: stop picking
            stop = Action(seat, STOP, (), str(choice["card"]))
            out.append(ButtonSpec((STOP,), self.game.words(self.cardset, stop, self.language())))
        return tuple(out)

    @property
    def click_kinds(self) -> tuple[str, ...]:  # type: ignore[override]
        """A click on a card plays it, buys it or picks it for a choice (a meld's cards are selected)."""
        return (*self.kinds(("play", "buy")), PICK)

    def choice_zone(self) -> str:
        """The zone an open choice moves its cards to (a trash), or ""."""
        choice = self.view().data.get("choice")
        said = self.game.choose_effect(str(choice["card"])) if choice else None
        return str(said["to"]) if said else ""

    def kinds(self, verbs: tuple[str, ...], **keys: str) -> tuple[str, ...]:
        """The file's moves of these verbs whose zones are `keys` (to=, from=, with_top=)."""
        return tuple(
            n
            for n, m in self.game.moves.items()
            if m["verb"] in verbs and all(m.get(k) == v for k, v in keys.items())
        )

    def step_first(self, kinds: tuple[str, ...]) -> str | None:
        """Of the moves a place means, the one whose refusal is explained: a move of the step being
        played (a hand card dropped on the melds after the draw was refused as "claim is not a move
        of this step" when it was not a meld)."""
        step = self.game.steps[int(self.view().data.get("step", 0))]
        now = [k for k in kinds if k in step.get("moves", [])]
        return (now or list(kinds) or [None])[0]

    def selects(self) -> bool:
        """Whether a click on a hand card selects it: some move takes several cards (a meld)."""
        return any(m["verb"] == "meld" for m in self.game.moves.values())

    def refused_click(self, card: int) -> Action | None:
        """The move a click on a card no legal move takes would have meant, to ask the engine why
        not: the top card of a pile a `buy` takes from, or (in a game where a click does not select)
        a card of the zone a `play` or `discard` takes from, the step's own move first. A click
        there did nothing, so "why can't I buy this?" went unanswered."""
        if self.viewer is None or not self.my_legal():
            return None
        view, seat = self.view(), self.viewer
        kinds = self.kinds(("buy", "play", "discard"))
        first = self.step_first(kinds)
        for name in sorted(kinds, key=lambda n: n != first):
            m = self.game.moves[name]
            if m["verb"] == "buy":
                if self.paid_with_cards(name):
                    continue  # its cards are the payment, not the pile's (see explain_click)
                for group in self.game.groups(m["from"], seat):
                    pile = view.zones.get(group)
                    if pile is not None and pile.cards and pile.cards[-1] == card:
                        return Action(seat, name, canonical(view, [card]), group)
            elif not self.selects():
                zone = view.zones.get(self.zone_state(m["from"], seat))
                if zone is not None and card in zone.cards:
                    return Action(seat, name, canonical(view, [card]))
        return None

    def paid_with_cards(self, move: str) -> bool:
        """Whether the file's move is a buy paid with cards of one's own (not from a counter)."""
        return "cards" in self.game.moves[move].get("price", {})

    def paid_pile(self, card: int) -> Action | None:
        """The buy, with no card paid yet, of the pile whose top `card` is when the viewer buys it
        only by paying cards (None otherwise)."""
        if self.viewer is None or not self.my_legal():
            return None
        view = self.view()
        for name in sorted(self.kinds(("buy",)), key=lambda n: n != self.step_first(self.kinds(("buy",)))):
            source = self.game.moves[name]["from"]
            if self.paid_with_cards(name) and self.game.zone_specs[source].get("groups"):
                for group in self.game.groups(source, self.viewer):
                    pile = view.zones.get(group)
                    if pile is not None and pile.cards and pile.cards[-1] == card:
                        return Action(self.viewer, name, (), group)
        return None

    def explain_click(self, card: int) -> bool:
        """The engine's reason a click on `card` makes no move, said (True), if it means one."""
        paid = self.paid_pile(card)
        if paid is not None:  # the pile's own card is no payment: "that card is not in your hand" was said
            if any(a.kind == paid.kind for a in self.my_legal()):
                self.say(self.app.t("table.dg_pay_by_drag"))
            else:
                self.say(self.refusal_text(self.engine.explain(paid)) or self.app.t("table.not_now"))
            return True
        attempt = self.refused_click(card)
        if attempt is None:
            return False
        self.say(self.refusal_text(self.engine.explain(attempt)) or self.app.t("table.not_now"))
        return True

    def drop_areas(self) -> list[DropArea]:
        view = self.view()
        slots = self.slots(view)
        seat = self.bottom_seat()
        out: list[DropArea] = []
        for zone in self.game.zone_specs:
            state = self.zone_state(zone, seat)
            rect = slots.get(state)
            kinds = self.kinds(("discard", "play", "take", "buy", "gain"), to=zone)
            if rect is not None and kinds:
                out.append(DropArea(zone, rect.inflate(24, 24), kinds, refuse=self.step_first(kinds)))
        target = self.choice_zone()
        rect = slots.get(self.zone_state(target, seat)) if target else None
        if rect is not None:
            out.append(DropArea(target, rect.inflate(24, 24), (PICK,)))
        for zone, group, cell in self.group_cells(view):
            kinds = self.kinds(("lay_off",), to=zone)
            if kinds:
                out.append(
                    DropArea(group, cell.inflate(6, 6), kinds, target=group, refuse=self.step_first(kinds))
                )
        for zone, group, cell in self.group_cells(view):
            # a pile bought with cards (Lyabi's): the cards paid are dropped on the pile they buy
            # (they were taken only on the discard pile, then a list asked which pile)
            kinds = tuple(n for n in self.kinds(("buy",), **{"from": zone}) if self.paid_with_cards(n))
            if kinds:
                out.append(
                    DropArea(group, cell.inflate(6, 6), kinds, target=group, refuse=self.step_first(kinds))
                )
        for zone in self.group_zones(seat):
            kinds = self.kinds(("meld",), to=zone)
            if kinds:
                out.append(DropArea(zone, slots["@groups"], kinds, refuse=self.step_first(kinds)))
        return out

    def click_areas(self) -> list[ClickArea]:
        view = self.view()
        slots = self.slots(view)
        seat = self.bottom_seat()
        out = []
        for zone in self.game.zone_specs:
            rect = slots.get(self.zone_state(zone, seat))
            kinds = self.kinds(("draw",), **{"from": zone}) + self.kinds(("meld",), with_top=zone)
            if rect is not None and kinds:
                out.append(ClickArea(zone, rect.inflate(8, 8), kinds))
        return out

    def own_sprite(self, sprite: CardSprite) -> bool:
        """A card in the viewer's hand (the file's hand zone, whatever its name)."""
        if self.viewer is None or sprite.card < 0 or not sprite.face_up or not self.hand_zone():
            return False
        hand = self.view().zones.get(self.zone_state(self.hand_zone(), self.viewer))
        return hand is not None and sprite.card in hand.cards

    def claimed_tops(self) -> list[int]:
        """The top cards of the piles a legal move takes with others (a claim of the discard)."""
        if self.viewer is None:
            return []
        out = []
        for name in {a.kind for a in self.my_legal()}:
            pile = self.game.moves.get(name, {}).get("with_top")
            if pile:
                cards = self.view().zones[self.zone_state(pile, self.viewer)].cards
                if cards and cards[-1] >= 0 and cards[-1] not in out:
                    out.append(cards[-1])
        return out

    def draggable(self, sprite: CardSprite) -> bool:
        return super().draggable(sprite) or sprite.card in self.claimed_tops()

    def with_claims(self, held: list[int]) -> list[list[int]]:
        """The cards a gesture may mean: those held; with the selected hand cards (the top of the
        discard dragged onto the melds); with the claimable top card (hand cards dragged)."""
        selected = [c for c in self.selected_cards() if c not in held]
        out = [list(held), list(held) + selected]
        for top in self.claimed_tops():
            for cards in list(out):
                if top not in cards:
                    out.append([*cards, top])
        unique: list[list[int]] = []
        for cards in out:
            if sorted(cards) not in [sorted(u) for u in unique]:
                unique.append(cards)
        return unique

    def drop(self, held: list[int], pos: tuple[int, int]) -> bool:
        """Held cards let go: the move they mean (with the selected cards, or the top card a claim
        takes), else the shared table's refusal."""
        view, legal = self.view(), self.my_legal()
        for area in self.drop_areas():
            if area.rect.collidepoint(pos):
                for cards in self.with_claims(held):
                    moves = find_moves(view, cards, legal, area.kinds, area.target)
                    if moves:
                        return self.gesture(moves, held)
        return super().drop(held, pos)

    def click_card(self, sprite: CardSprite) -> None:
        """A click on a card no move takes alone: the pile's move under it (a claim), if any."""
        if sprite.card in self.claimed_tops():
            self.click(sprite.card_rect().center)
            return
        view, legal = self.view(), self.my_legal()
        if not moves_with(view, sprite.card, legal, self.click_kinds) and self.explain_click(sprite.card):
            return
        super().click_card(sprite)

    def explain_claim(self, kinds: tuple[str, ...], selected: list[int]) -> bool:
        """A click on a pile a claim of this step takes from, with no claim there to make: the
        rules' reason for the selected cards with the pile's top card (True when said). The click
        did nothing, and "why can't I take the discard?" went unanswered."""
        if self.viewer is None or not self.my_legal():
            return False
        step = self.game.steps[int(self.view().data.get("step", 0))]
        claims = [k for k in kinds if self.game.moves[k].get("with_top") and k in step.get("moves", [])]
        if not claims:
            return False
        view = self.view()
        pile = view.zones.get(self.zone_state(str(self.game.moves[claims[0]]["with_top"]), self.viewer))
        top = [pile.cards[-1]] if pile is not None and pile.cards and pile.cards[-1] >= 0 else []
        attempt = Action(self.viewer, claims[0], canonical(view, [*selected, *top]))
        self.say(self.refusal_text(self.engine.explain(attempt)) or self.app.t("table.not_now"))
        return True

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a pile: its moves, narrowed to those with every selected card when some are (a
        claim with none of them is not offered: its reason is said instead)."""
        selected = self.selected_cards()
        for area in self.click_areas():
            if area.rect.collidepoint(pos):
                moves = [a for a in self.my_legal() if a.kind in area.kinds]
                if selected:
                    # a claim must use the selected cards: with 2♥ selected, a click on the discard
                    # pile made the only claim there was, three Kings the person had not selected
                    moves = [a for a in moves if not a.cards or set(selected) <= set(a.cards)]
                if moves:
                    self.gesture(moves, [])
                    return
                if self.explain_claim(area.kinds, selected):
                    return
        # a card no move takes is not picked up: a click on it lands here (a pile one cannot afford)
        sprite = self.board.sprite_at(pos, lambda s: s.face_up and s.card >= 0)
        if sprite is not None:
            self.explain_click(sprite.card)

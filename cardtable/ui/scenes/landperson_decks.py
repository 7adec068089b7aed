"""The Land & Person deck-building screen (deck construction mode), opened from Setup before play.

Each person at the table builds their deck in turn from their half of the cards (cards.half): lands
worth ★10 (toggled on and off) and 40 persons (+/- per kind, filtered by recruitment cost). The
recommended mix (about 20 of cost 0, 14 of cost 1-2, 6 of cost 3-4) is shown against the deck as it
stands; "Fill the rest" completes it as the deck-building bot would around what was chosen; decks can be
saved and loaded again (a JSON file in the user's saves folder, read within cardtable/limits.py and
written atomically with a .bak; a damaged one is kept aside as *.damaged and said, never overwritten).
Bots' seats take the recommended build. The decks become the game's `deck_1` / `deck_2` parameters, so a game is still
its seed, its parameters and its moves.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...games.landperson.cards import (
    MAX_DECK_CHARS,
    RECOMMENDED_MIX,
    best_lands,
    deck_problem,
    deck_text,
    half,
    is_land,
    mix_band,
    parse_deck,
    recommended,
)
from ...games.landperson.narration import card_name
from ...limits import MAX_DECKS_BYTES, FileRefused, read_limited
from ...persistence.files import atomic_write_bytes, keep_aside, user_folders
from ...rules.game import Game, ParamError
from ...session import SeatConfig
from ..fonts import get_font, wrap_text
from ..widgets import DIM, GOLD, INK, draw_panel
from .common import FormScene, UiButton, blit_text, px

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)
FILTERS = ("all", "0", "1-2", "3-4")
MAX_SAVED = 9


def saved_path() -> Path:
    """Where saved decks live: the user's saves folder (CARDTABLE_HOME or platformdirs)."""
    return user_folders().saves / "landperson_decks.json"


def _read_saved(path: Path) -> tuple[dict[str, list[str]], str]:
    """The decks a file holds and "" (no file: none), or {} and what is wrong with it. Read within the
    limits (a regular file of at most MAX_DECKS_BYTES: a pipe cannot hang it) and checked whole."""
    try:
        raw = read_limited(path, MAX_DECKS_BYTES)
    except FileRefused as exc:
        return {}, "" if str(exc) == "no such file" else str(exc)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: `[` nested 60,000 deep
        return {}, "not a decks file (not valid JSON)"
    if not isinstance(data, dict) or not set(data) <= {"1", "2"}:
        return {}, "not a decks file (it should name halves 1 and 2)"
    for half_no, decks in data.items():
        if (
            not isinstance(decks, list)
            or len(decks) > MAX_SAVED
            or not all(isinstance(t, str) and len(t) <= MAX_DECK_CHARS for t in decks)
        ):
            return {}, f"half {half_no}: not a list of at most {MAX_SAVED} deck texts"
    return data, ""


def load_saved() -> tuple[dict[str, list[str]], str]:
    """Saved decks per half ("1", "2"): deck texts, newest last; and what went wrong ("" when nothing).

    A damaged file is never taken for "no decks" (the next Save would write over it, and the one after
    over its .bak): it is moved aside as `*.damaged`, kept, and its `.bak` read instead and put in its
    place; the problem says all of it."""
    path = saved_path()
    decks, problem = _read_saved(path)
    if not problem:
        return decks, ""
    try:
        kept = f"kept as {keep_aside(path).name}"
    except OSError as exc:
        kept = f"it could not be moved aside: {exc.strerror or exc}"
    decks, trouble = _read_saved(path.with_name(path.name + ".bak"))
    earlier = ""
    if decks and not trouble:
        earlier = "; its previous copy was read"
        try:  # the previous copy takes the damaged file's place, so the next Save starts from it
            atomic_write_bytes(path, _encode(decks), keep_backup=False)
        except OSError as exc:
            earlier += f" but could not be put back: {exc.strerror or exc}"
    message = f"{problem}; {kept}{earlier}"  # one line on the deck screen
    log.warning("saved decks %s: %s", path, message)
    return decks, message


def save_deck(half_no: int, text: str) -> str:
    """Add a deck to the saved ones of its half (the oldest goes beyond MAX_SAVED), written atomically
    with the previous file kept as .bak; what was wrong with the file it found ("" when nothing).
    OSError when it cannot be written."""
    saved, problem = load_saved()
    decks = [t for t in saved.get(str(half_no), []) if t != text] + [text]
    saved[str(half_no)] = decks[-MAX_SAVED:]
    atomic_write_bytes(saved_path(), _encode(saved))
    return problem


def _encode(decks: dict[str, list[str]]) -> bytes:
    return json.dumps(decks, ensure_ascii=False, indent=1).encode("utf-8")


class DeckBuildScene(FormScene):
    """Build each human player's deck for deck construction, then start the game."""

    @classmethod
    def needed(cls, game: Game, params: dict[str, Any], seats: list[SeatConfig]) -> bool:
        """Deck construction with a person at the table who has no deck given yet."""
        return params.get("mode", "deck") == "deck" and any(
            s.human and not str(params.get(f"deck_{i + 1}", "")).strip() for i, s in enumerate(seats)
        )

    def __init__(
        self,
        app: App,
        game: Game,
        seats: list[SeatConfig],
        params: dict[str, Any],
        start: Callable[[dict[str, Any]], None],
    ) -> None:
        super().__init__(app)
        self.game = game
        self.seats = seats
        self.params = dict(params)
        self.start = start
        self.cardset = game.load_cardset(game.resolve_params(params))
        self.physical = self.cardset.physical()
        self.size = int(self.params.get("deck_size", 40))
        self.stars = int(self.params.get("land_stars", 10))
        self.todo = [
            i for i, s in enumerate(seats) if s.human and not str(params.get(f"deck_{i + 1}", "")).strip()
        ]
        self.filter = "all"
        self.message = ""
        self.saved_index = -1
        self.hover: int | None = None  # a card of the row or land under the mouse, its text shown
        # two people build: the first takes the screen behind a hand-off too, as the second does (the
        # second builder saw the first one's deck in the making when the screen came up at once)
        self.handed_off = len(self.todo) < 2
        self._begin(self.todo[0])

    def enter(self) -> None:
        super().enter()
        if not self.handed_off:
            self.handed_off = True
            self._hand_off()

    def _hand_off(self) -> None:
        """Cover the screen until the builder now due has it to themselves."""
        from .handoff import HandOffScene  # here: the hand-off module imports the app

        self.app.push(HandOffScene(self.app, self.seats[self.seat].name, lambda: None))

    # -- the deck being built ----------------------------------------------------------------
    def _begin(self, seat: int) -> None:
        """Start on a seat's half, with the recommended build to change (the quickest start)."""
        self.seat = seat
        self.land_pool, self.person_pool = half(self.cardset, seat)
        self.by_code: dict[str, list[int]] = {}
        for card in self.person_pool:
            self.by_code.setdefault(self.physical[card].code, []).append(card)
        self.lands: set[int] = set()
        self.counts: Counter[str] = Counter()
        self.saved_index = -1
        self.hover = None
        self.set_from(
            best_lands(self.cardset, self.land_pool, self.stars)
            + recommended(self.cardset, self.person_pool, self.size)
        )

    def chosen(self) -> list[int]:
        """The deck as card ids: the lands toggled on, and the first copies of each kind counted."""
        out = sorted(self.lands)
        for code, n in self.counts.items():
            out += self.by_code[code][:n]
        return sorted(out)

    def persons(self) -> list[int]:
        return [c for c in self.chosen() if not is_land(self.physical[c])]

    def problem(self) -> str:
        return deck_problem(self.cardset, self.chosen(), self.size, self.stars)

    def shortfall(self, people: int, stars: int) -> str:
        """What the deck still lacks, in the player's language ("" when it may be played)."""
        t = self.app.t
        if people != self.size:
            return t("lpd.need_persons", n=people, of=self.size)
        if stars != self.stars:
            return t("lpd.need_stars", n=stars, of=self.stars)
        return ""

    def set_from(self, cards: list[int]) -> None:
        self.lands = {c for c in cards if is_land(self.physical[c])}
        self.counts = Counter(self.physical[c].code for c in cards if not is_land(self.physical[c]))

    # -- actions ----------------------------------------------------------------------------------
    def change(self, code: str, step: int) -> None:
        have = len(self.by_code[code])
        self.counts[code] = max(0, min(have, self.counts[code] + step))
        self.message = ""
        self.rebuild()

    def toggle_land(self, card: int) -> None:
        self.lands ^= {card}
        self.message = ""
        self.rebuild()

    def fill(self) -> None:
        """Fill the rest as recommended, keeping what was chosen (and lands, if they are not ★10 yet)."""
        people = recommended(self.cardset, self.person_pool, self.size, self.persons())
        lands = sorted(self.lands)
        if sum(int(self.physical[c].get("stars", 0)) for c in lands) != self.stars:
            lands = best_lands(self.cardset, self.land_pool, self.stars, lands)
        self.set_from(lands + people[: max(self.size, len(self.persons()))])
        self.rebuild()

    def clear(self) -> None:
        self.counts = Counter()
        self.lands = set()
        self.rebuild()

    def save(self) -> None:
        try:
            problem = save_deck(self.seat + 1, deck_text(self.cardset, self.chosen()))
            self.message = self.app.t("lpd.saved")
            if problem:
                self.message += " · " + self.app.t("lpd.decks_damaged", error=problem)
        except OSError as exc:
            self.message = self.app.t("lpd.save_failed", error=str(exc))
        self.rebuild()

    def load(self) -> None:
        """The next saved deck of this half (they cycle, newest first)."""
        saved, problem = load_saved()
        decks = saved.get(str(self.seat + 1), [])
        if not decks:
            self.message = (
                self.app.t("lpd.decks_damaged", error=problem) if problem else self.app.t("lpd.none_saved")
            )
            self.rebuild()
            return
        self.saved_index = (self.saved_index + 1) % len(decks)
        text = decks[-1 - self.saved_index]
        try:
            self.set_from(parse_deck(self.cardset, text, self.land_pool + self.person_pool))
            self.message = self.app.t("lpd.loaded", n=self.saved_index + 1, of=len(decks))
        except ParamError as exc:
            # the rules' reason is English and names codes: the player reads which deck failed, the
            # log keeps why (a card set edited since the deck was saved)
            log.warning(
                "saved deck %d of half %d does not load: %s", self.saved_index + 1, self.seat + 1, exc
            )
            self.message = self.app.t("lpd.load_failed", n=self.saved_index + 1, of=len(decks))
        if problem:  # the damaged file was kept aside and its previous copy read: say so first
            self.message = self.app.t("lpd.decks_damaged", error=problem) + " · " + self.message
        self.rebuild()

    def done(self) -> None:
        if self.problem():
            return
        self.params[f"deck_{self.seat + 1}"] = deck_text(self.cardset, self.chosen())
        self.todo.pop(0)
        if self.todo:
            self._begin(self.todo[0])
            self.rebuild()
            self._hand_off()  # a deck is hidden from the opponent: the next builder behind a hand-off
            return
        self.start(self.params)

    def back(self) -> None:
        self.app.pop()

    # -- layout -------------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        t = self.app.t
        self.controls = []
        row = px(size, 29)
        gap = px(size, 4)
        left = int(width * 0.04)
        top = int(height * 0.15)
        self.left_panel = pygame.Rect(left - 8, top - 8, int(width * 0.6), int(height * 0.8))
        x = left
        for index, name in enumerate(FILTERS):
            rect = pygame.Rect(x, top, px(size, 120), row)
            button = UiButton(t(f"lpd.filter.{name}"), rect, lambda n=name: self._filter(n), tag=f"f:{name}")
            button.selected = self.filter == name
            button.key = pygame.K_1 + index
            self.controls.append(button)
            x = rect.right + gap * 2
        y = top + row + gap * 3
        self.rows: list[tuple[str, int]] = []
        self.row_h = row + gap
        for code in self.by_code:
            spec = self.physical[self.by_code[code][0]]
            cost = int(spec.get("cost", 0))
            if self.filter != "all" and FILTERS[mix_band(cost) + 1] != self.filter:
                continue
            self.rows.append((code, y))
            right = left + int(width * 0.57)
            minus = pygame.Rect(right - row * 2 - gap, y, row, row)
            plus = pygame.Rect(right - row, y, row, row)
            self.controls.append(UiButton("−", minus, lambda c=code: self.change(c, -1), tag=f"-{code}"))
            self.controls.append(UiButton("+", plus, lambda c=code: self.change(c, 1), tag=f"+{code}"))
            y += row + gap
        # right side: lands, the mix, the buttons
        rx = int(width * 0.67)
        self.right_panel = pygame.Rect(rx - 8, top - 8, int(width * 0.3), int(height * 0.8))
        y = top + px(size, 24)
        land_w = int(width * 0.135)
        for index, card in enumerate(sorted(self.land_pool)):
            spec = self.physical[card]
            rect = pygame.Rect(
                rx + (index % 2) * (land_w + gap * 2), y + (index // 2) * (row + gap), land_w, row
            )
            label = f"{spec.name.get(t.language)} ★{spec.get('stars')}"
            button = UiButton(label, rect, lambda c=card: self.toggle_land(c), tag=f"land{card}")
            button.selected = card in self.lands
            self.controls.append(button)
        self.mix_y = y + 4 * (row + gap) + gap * 2
        by = self.mix_y + px(size, 22) * 5 + gap
        wide = int(width * 0.28)
        buttons = [
            ("lpd.fill", self.fill, pygame.K_f, True),
            ("lpd.clear", self.clear, pygame.K_x, True),
            ("lpd.save", self.save, pygame.K_s, True),
            ("lpd.load", self.load, pygame.K_l, True),
            ("lpd.done", self.done, pygame.K_d, not self.problem()),
        ]
        half_w = (wide - gap * 2) // 2
        for index, (key, action, shortcut, enabled) in enumerate(buttons):
            rect = pygame.Rect(
                rx + (index % 2) * (half_w + gap * 2), by + (index // 2) * (row + gap * 2), half_w, row
            )
            button = UiButton(t(key), rect, action, enabled=enabled, key=shortcut, tag=key)
            self.controls.append(button)
        self.details_y = by + 3 * (row + gap * 2) + gap
        # under the panel, clear of its edge (it sat on the panel's bottom border)
        back = pygame.Rect(rx, min(height - row - 2, self.right_panel.bottom + gap * 2), half_w, row)
        self.controls.append(UiButton(t("lpd.back"), back, self.back, key=pygame.K_ESCAPE, tag="back"))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card (one physical copy) of the person row or land button at a point, if any."""
        for control in self.controls:
            if control.tag.startswith("land") and control.rect.collidepoint(pos):
                return int(control.tag[4:])
        for code, y in self.rows:
            if self.left_panel.left <= pos[0] <= self.left_panel.right and y <= pos[1] < y + self.row_h:
                return self.by_code[code][0]
        return None

    def details(self, card: int) -> list[str]:
        """What a first-time player needs to choose a card: a land's costs, a person's numbers and text."""
        spec = self.physical[card]
        t = self.app.t
        lines = [card_name(spec, t.language)]
        if is_land(spec):
            lines.append(f"★{spec.get('stars')}")
            for key, field in (
                ("lp.cost.commerce", "commerce"),
                ("lp.cost.hunting", "hunting"),
                ("lp.cost.repair", "repair"),
                ("lp.cost.siege", "siege"),
            ):
                lines.append(t(key, n=spec.get(field)))
            return lines
        lines.append(t("lp.fact.person", cost=spec.get("cost"), int=spec.get("int"), atk=spec.get("atk")))
        text = spec.get("text")
        if isinstance(text, dict) and text.get(t.language):
            lines.append(str(text[t.language]))
        return lines

    def mouse_motion(self, event: pygame.event.Event) -> None:
        card = self.card_at(event.pos)
        if card != self.hover:
            self.hover = card
            self.needs_full_redraw = True

    def _filter(self, name: str) -> None:
        self.filter = name
        self.rebuild()

    def draw_content(self, screen: pygame.Surface) -> None:
        size = screen.get_size()
        width, height = size
        t = self.app.t
        screen.fill((24, 60, 44))
        name = self.seats[self.seat].name
        blit_text(
            screen,
            t("lpd.title", name=name, n=self.seat + 1),
            px(size, 30),
            (int(width * 0.04), int(height * 0.04)),
            GOLD,
            bold=True,
        )
        for panel in (self.left_panel, self.right_panel):
            draw_panel(screen, panel, (10, 30, 22, 150), radius=px(size, 12))
        body = px(size, 16)
        left = int(width * 0.04)
        for code, y in self.rows:
            spec = self.physical[self.by_code[code][0]]
            have = len(self.by_code[code])
            n = self.counts[code]
            colour = GOLD if n else INK
            label = spec.name.get(t.language)
            blit_text(screen, label, body, (left, y + 4), colour, max_width=int(width * 0.16))
            facts = t("lpd.row", cost=spec.get("cost"), int=spec.get("int"), atk=spec.get("atk"))
            if spec.get("specialty") or spec.get("special"):
                facts += " ★" if spec.get("specialty") else " ◆"
            blit_text(screen, facts, body, (left + int(width * 0.17), y + 4), DIM)
            blit_text(screen, f"{n} / {have}", body, (left + int(width * 0.43), y + 4), colour)
        rx = int(width * 0.67)
        top = int(height * 0.15)
        stars = sum(int(self.physical[c].get("stars", 0)) for c in self.lands)
        blit_text(
            screen,
            t("lpd.lands", n=stars, of=self.stars),
            body,
            (rx, top),
            GOLD if stars == self.stars else INK,
        )
        people = self.persons()
        bands = Counter(mix_band(int(self.physical[c].get("cost", 0))) for c in people)
        y = self.mix_y
        blit_text(screen, t("lpd.mix"), body, (rx, y), GOLD)
        scale = self.size / sum(n for _lo, _hi, n in RECOMMENDED_MIX)
        for index, (low, high, count) in enumerate(RECOMMENDED_MIX):
            y += px(size, 22)
            band = f"{low}" if low == high else f"{low}-{high}"
            text = t("lpd.band", band=band, n=bands[index], want=round(count * scale))
            blit_text(screen, text, body, (rx, y), INK)
        y += px(size, 22)
        blit_text(
            screen,
            t("lpd.persons", n=len(people), of=self.size),
            body,
            (rx, y),
            GOLD if len(people) == self.size else INK,
        )
        legend_y = self.left_panel.bottom - px(size, 28)
        blit_text(
            screen, t("lpd.legend"), px(size, 14), (left, legend_y), DIM, max_width=self.left_panel.width - 16
        )
        if self.hover is not None:
            # the hovered card's costs and ability text, in the panel's free space under the buttons
            y = self.details_y
            text_px = px(size, 15)
            for line in self.details(self.hover):
                for part in wrap_text(get_font(text_px), line, self.right_panel.right - rx - 8):
                    y = blit_text(screen, part, text_px, (rx, y), INK).bottom + 2
        note = self.message or self.shortfall(len(people), stars)
        if note:
            blit_text(
                screen,
                note,
                px(size, 14),
                (int(width * 0.04), height - px(size, 24)),
                DIM,
                max_width=int(width * 0.6),
            )

"""What the Land & Person table writes (mixed into LandPersonTable): the current land's numbers, the
counts that win and how far each has to go, the status panel (the phase, the task under way and how to
go on, the gesture the phase asks for) and a card's tooltip, in the table's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...games.landperson.effects import bonus
from ...games.landperson.params import specials_apply
from ...rules.view import PlayerView
from ..fonts import get_font, wrap_text
from ..widgets import INK, draw_panel, draw_text

if TYPE_CHECKING:
    from .landperson_table import LandPersonTable

STATUS_SHARE = 0.55  # the status panel reaches down to this share of the window's height at most


class LandPersonTexts:
    """The table's words and panels."""

    def _land_lines(self: LandPersonTable, view: PlayerView, zone: str) -> list[str]:
        """The current land's ★ and costs, and how many lands are left (none when no land shows)."""
        t = self.app.t
        seen = view.zones[zone]
        top = seen.top
        if top is None or top < 0:
            return []
        spec = self.board.physical[top]
        return [
            f"★{spec.get('stars')}",
            t("lp.cost.commerce", n=spec.get("commerce")),
            t("lp.cost.hunting", n=spec.get("hunting")),
            t("lp.cost.repair", n=spec.get("repair")),
            t("lp.cost.siege", n=spec.get("siege")),
            t("lp.label.lands", n=seen.count),
        ]

    def _status(self: LandPersonTable, surface: pygame.Surface, view: PlayerView, px: int) -> None:
        box, parts = self.status_layout(view, px)
        if not parts:
            return  # nothing to say (both laying a first person): no empty panel
        draw_panel(surface, box, (20, 30, 22, 210))
        y = box.y + 8
        for part in parts:
            draw_text(surface, part, px, (box.x + 8, y), INK)
            y += px + 4

    def status_layout(self: LandPersonTable, view: PlayerView, px: int) -> tuple[pygame.Rect, list[str]]:
        """The status panel's box and its lines, wrapped at word boundaries (kinsoku in Japanese) to the
        box's width, every line whole: the panel grows down (the log starts under it) to at most
        STATUS_SHARE of the window. Past that, what just happened (also in the log) ends at a word with
        "…"; the phase, the task and how to go on are never shortened. (Each line was cut after three
        wrapped parts and the panel clipped at the log: "…To the wandering area: Ronin, Ronin · To the".)"""
        box = self.status_rect()
        room = box.width - 16
        lines = self.status_lines(view)
        happened = self.just_happened()
        kept = [part for line in lines if line != happened for part in self._wrap(line, px, room)]
        told = self._wrap(happened, px, room) if happened and happened in lines else []
        step = px + 4
        most = max(1, (int(self.app.size[1] * STATUS_SHARE) - box.y - 16) // step)
        if len(kept) + len(told) > most:
            told = self._shorten(told[: max(0, most - len(kept))], px, room)
        parts = kept + told
        box.height = step * len(parts) + 16 if parts else 0
        return box, parts

    def _shorten(self: LandPersonTable, parts: list[str], px: int, room: int) -> list[str]:
        """Wrapped lines whose last one ends in "…" after a whole word (a Japanese line, which has no
        spaces, ends after a whole character)."""
        if not parts:
            return []
        font = get_font(px)
        last = parts[-1]
        while last and font.size(last + "…")[0] > room:
            cut = last.rstrip().rfind(" ")
            last = last[:cut] if cut > 0 else last[:-1]
        return parts[:-1] + [last.rstrip(" ·、") + "…"]

    def log_rect(self: LandPersonTable) -> pygame.Rect:
        """The log: under the status panel (as tall as its lines), down to the same bottom as ever."""
        width, height = self.app.size
        top, bottom = int(height * 0.3), int(height * 0.72)
        box, parts = self.status_layout(self.view(), self._px())
        if parts:
            top = max(top, box.bottom + 8)
        return pygame.Rect(int(width * 0.78), top, int(width * 0.21), max(bottom - top, height // 8))

    def count_labels(self: LandPersonTable, view: PlayerView, seat: int) -> dict[str, str]:
        """A seat's spoils, occupied ★ and discards, each with the number that wins where one does
        (first-time players did not know their opponent's discards in the shared deck were their own
        way to win, nor how far each count had to go)."""
        t = self.app.t
        params = view.params
        spoils = view.zones[f"spoils:{seat}"].count
        out = {"spoils": t("lp.label.spoils_of", n=spoils, of=params.get("spoils_to_win", 10))}
        discards = view.zones[f"discard:{seat}"].count
        if params.get("mode") == "shared":
            held = view.zones[f"occupied:{seat}"].cards
            stars = sum(int(self.board.physical[c].get("stars", 0)) for c in held)
            out["occupied"] = t("lp.label.occupied_of", n=stars, of=params.get("occupied_stars_to_win", 10))
            out["discard"] = t("lp.label.discard_of", n=discards, of=params.get("discards_to_win", 20))
        else:
            out["discard"] = t("lp.label.discard", n=discards)
        return out

    def status_rect(self: LandPersonTable) -> pygame.Rect:
        """The status panel's place: under the Menu button (which hid its first line), above the log."""
        width, height = self.app.size
        top = 6 + max(28, height // 26) + 6  # the table's Menu button: 6 px from the top, this tall
        return pygame.Rect(int(width * 0.78), top, int(width * 0.21), 0)

    def status_lines(self: LandPersonTable, view: PlayerView) -> list[str]:
        """The status panel's lines: the phase, the task under way and how to go on, the attack."""
        t = self.app.t
        data = view.data
        lines = []
        if view.active is not None and not view.over:
            key = f"lp.phase.{view.phase}"
            phase = t(key, n=view.params.get("hand_limit", 5)) if t.has(key) else view.phase
            # a defence, or spoils the defender takes, is the other player's answer: named for them
            # ("Player 1: the defender answers" read as if the attacker defended)
            who = view.deciding[0] if len(view.deciding) == 1 else view.active
            lines.append(t("lp.status.phase", name=self.session.name(who), phase=phase))
        task = data.get("task")
        mine = view.seat is not None and view.seat in view.deciding
        if task:
            total = self._task_total(view, task)
            lines.append(t(f"lp.status.task.{task['kind']}", n=total, need=self._task_need(view, task)))
            # how to go on: the status alone ("2 still to pay") left first-time players guessing
            hint = f"lp.hint.task.{task['kind']}"
            if view.seat is not None and view.seat == task.get("seat", view.active) and t.has(hint):
                lines.append(t(hint))
        elif mine and not view.over:
            # the gesture the phase asks for: "domestic phase" over an empty field left a first-time
            # player looking for a button to recruit with (the first person laid, cards are put back)
            step = view.phase
            if step == "first" and not any(a.kind == "first" for a in view.legal):
                step = "putback"
            if step == "domestic" and view.params.get("mode") == "shared":
                step = "domestic_shared"  # the land in the middle is the opponent's too: no work by drop
            hint = f"lp.hint.phase.{step}"
            if t.has(hint):
                params = view.params
                lines.append(
                    t(hint, n=params.get("start_hand", 5), cost=params.get("first_person_max_cost", 2))
                )
        fight = data.get("fight")
        if fight:
            lines.append(t("lp.status.attack", n=fight.get("attack", 0)))
        happened = self.just_happened()
        if happened:
            lines.append(happened)
        return lines

    def _wrap(self: LandPersonTable, text: str, px: int, room: int) -> list[str]:
        return wrap_text(get_font(px), text, room)

    def _task_total(self: LandPersonTable, view: PlayerView, task: dict[str, Any]) -> int:
        kind = task["kind"]
        total = 0
        stat = "int" if kind in ("commerce", "repair", "pay") else "atk"
        # with the abilities' bonuses, as the rules count them (a Merchant is intelligence 2 in commerce)
        word = "defend" if kind in ("intercept", "siege") else kind
        specials = specials_apply(view.params)
        for card in task.get("persons") or []:
            spec = self.board.physical[card]
            total += int(spec.get(stat, 0)) + bonus(self.cardset, card, stat, word, specials)
        return total

    def _task_need(self: LandPersonTable, view: PlayerView, task: dict[str, Any]) -> int:
        kind = task["kind"]
        if kind == "pay":
            return int(task.get("owed", 0))
        if kind == "repair" and task.get("card") is not None:
            return int(self.board.physical[task["card"]].get("repair", 0))
        if kind in ("commerce", "hunt") and view.seat is not None:
            zone = view.zones.get(f"lands:{view.seat}") or view.zones.get("lands")
            top = zone.top if zone is not None else None
            if top is not None and top >= 0:
                return int(self.board.physical[top].get("commerce" if kind == "commerce" else "hunting", 0))
        if kind == "siege":
            # the defender's current land (the shared one in the shared deck) adds its siege value
            seat = task.get("seat", view.seat)
            zone = view.zones.get(f"lands:{seat}") or view.zones.get("lands")
            top = zone.top if zone is not None else None
            if top is not None and top >= 0:
                return int(self.board.physical[top].get("siege", 0))
        return 0

    def tooltip(self: LandPersonTable, card: int) -> list[str]:
        """The card's name, numbers and ability in the table's language: a Japanese table shows Japanese
        only (it showed 「農地 / Farmland」); an English one shows the printed Japanese beside the
        English, as the other games do."""
        spec = self.board.physical[card]
        t = self.app.t
        japanese = t.language == "ja"
        lines = [self.card_title(spec)]
        if spec.get("kind") == "land":
            lines.append(
                " · ".join(
                    [
                        f"★{spec.get('stars')}",
                        t("lp.cost.commerce", n=spec.get("commerce")),
                        t("lp.cost.hunting", n=spec.get("hunting")),
                        t("lp.cost.repair", n=spec.get("repair")),
                        t("lp.cost.siege", n=spec.get("siege")),
                    ]
                )
            )
        else:
            lines.append(t("lp.fact.person", cost=spec.get("cost"), int=spec.get("int"), atk=spec.get("atk")))
            text = spec.get("text")
            if isinstance(text, dict):
                lines += [x for x in (text.get("ja"), None if japanese else text.get("en")) if x]
            if spec.get("special") and not specials_apply(self.view().params):  # the face says it too
                lines.append(t("lp.tip.special_off"))
        provisional = self.provisional_line(spec, "lp")
        if provisional:
            lines.append(provisional)
        return lines

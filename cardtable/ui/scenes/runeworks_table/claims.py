"""The Rune Works! claim window, a part of the table (see __init__.py).

Claim window: after a Release at Level 3+, every other seat may claim. It looks and lasts the same
whoever holds what (its length is a setting, never a function of the hands). Timed (the default): for
`claim_window_s` seconds, counted down on screen with the released card raised, any human presses their
seat number or clicks their Claim button; presses count from the moment the card leaves the hand, also
while it slides. A claim is acknowledged at once and pauses the clock while that claimant chooses
Shot, Call or pass behind the hand-off screen; then the window runs on for the others. Humans who did
not claim pass; bots decide for themselves at the end. With `claim_ask_each` (Settings) there is no
clock: every human, in turn from the discarder's left, is asked in private after each Release.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....rules.actions import Action
from ...widgets import GOLD, Button

if TYPE_CHECKING:
    from . import RuneWorksTable


class ClaimWindowMixin:
    """Claims after a Release: keys, buttons, the clock, the claimants' choices."""

    def _claim_rects(self: RuneWorksTable) -> list[tuple[int, pygame.Rect]]:
        """Each human's Claim button while the window takes claims (every human other than the
        discarder, whatever they hold)."""
        if not self._window_open():
            return []
        out = []
        width, height = self.app.size
        laid = self._laid_cards()
        for seat in self._claim_seats():
            if self.session.is_bot(seat):
                continue
            ax, ay = self.seat_anchor(seat)
            rect = pygame.Rect(0, 0, max(130, width // 10), max(28, height // 24))
            rect.center = (int(ax), int(ay - self.card_width() * 1.2))
            clash = [card for card in laid if card.colliderect(rect)]
            if clash:  # the bottom magician's meld row lies just above the hand: the button goes above it
                rect.bottom = min(card.top for card in clash) - 6
            out.append((seat, rect.clamp(pygame.Rect(0, 0, width, height))))
        return out

    def _laid_cards(self: RuneWorksTable) -> list[pygame.Rect]:
        """Where the cards laid on the table (melds, a shooter's hand) lie: a Claim button over the
        bottom magician's meld row hid the top of its cards, their rank tags (seen under X)."""
        laid = {
            card
            for name, zone in self.view().zones.items()
            if name.startswith(("meld:", "shot:"))
            for card in zone.cards
        }
        return [s.card_rect() for s in self.board.sprites.values() if s.card in laid]

    def _claim_buttons(self: RuneWorksTable) -> list[Button]:
        out = []
        for seat, rect in self._claim_rects():
            label = self.app.t("table.claim", key=seat + 1)
            if seat in self.claimants:
                label = self.app.t("rw.claimed", name=self.session.name(seat))
            button = Button(label, rect, lambda s=seat: self._claim(s))
            button.selected = seat in self.claimants
            out.append(button)
        return out

    def key(self: RuneWorksTable, event: pygame.event.Event) -> None:
        if pygame.K_1 <= event.key <= pygame.K_6:  # accepted during the Release's slide too
            self._claim(event.key - pygame.K_1)

    def handle(self: RuneWorksTable, event: pygame.event.Event) -> None:
        # A Claim button is taken on the press, not the release, and also while cards slide (when the
        # shared table shows no buttons): a click must never turn into a pass.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.menu is None:
            for seat, rect in self._claim_rects():
                if rect.collidepoint(event.pos):
                    self._claim(seat)
                    return
        super().handle(event)  # type: ignore[misc]

    # -- Leady work and the claim window -------------------------------------------------------
    def timer_running(self: RuneWorksTable) -> bool:
        return self._window_open() or self.leady_left > 0

    def public_moment(self: RuneWorksTable) -> bool:
        """The claim window: everyone at the table watches the discard, so no hand is face up (but
        a claimant choosing sees their own hand)."""
        return self._window_open() and not self._waiting()

    def _claim_seats(self: RuneWorksTable) -> list[int]:
        pending = self.view().pending
        return list(pending.seats) if pending is not None else []

    def _sync_window(self: RuneWorksTable) -> None:
        """Open the window for a new Release: the same length whoever holds what."""
        window = self._release_number()
        if window is None or self.claim_for == window:
            return
        self.claim_for = window
        self.claimants = []
        people = [s for s in self._claim_seats() if not self.session.is_bot(s)]
        settings = self.app.settings
        if settings.claim_ask_each:
            self.claimants = people  # everyone is asked, in private, in order: nobody can be missed
            self.claim_left, self.claim_closed = 0.0, True
        else:
            timed = bool(people) and not self.app.fast
            self.claim_left = settings.claim_window_s if timed else 0.0
            self.claim_closed = not timed

    def _release_number(self: RuneWorksTable) -> tuple[int, ...] | None:
        """Which Release the open claim window is for, from public facts only (the round, the stock
        rebuilds, the Mana Pool's size and the card): the same for every viewer, and unchanged by
        the claims committed since (a spectator's view does not count them)."""
        view = self.view()
        if view.phase != "claim" or view.pending is None:
            return None
        data = view.data
        card = (data.get("claim") or {}).get("card", -1)
        return (data.get("round", 0), data.get("rebuilds", 0), view.zones["pool"].count, card)

    def _window_open(self: RuneWorksTable) -> bool:
        """Whether claims are taken now: from the moment the card leaves the hand until the clock ends."""
        if self.view().phase != "claim":
            return False
        self._sync_window()
        return not self.claim_closed

    def _waiting(self: RuneWorksTable) -> list[int]:
        """Claimants who have yet to choose (the clock stands still while they do)."""
        pending = self._claim_seats()
        return [s for s in self.claimants if s in pending]

    def _claim(self: RuneWorksTable, seat: int) -> None:
        if not self._window_open() or self.session.is_bot(seat) or seat in self.claimants:
            return
        if seat not in self._claim_seats():
            return
        self.claimants.append(seat)
        self.app.play("claim")
        self.say(self.app.t("rw.claimed", name=self.session.name(seat)))  # acknowledged at once
        self.refresh_background()

    def claim_tick(self: RuneWorksTable, dt: float) -> bool:
        """The window's clock, while no card moves and no claimant chooses; True if the screen changed."""
        if not self._window_open() or self.animator.busy or self._waiting():
            return False
        if self.claim_shown_for != self._release_number() or self.leady_left > 0:
            return False  # the clock starts once everyone can see the window
        before = math.ceil(self.claim_left)
        self.claim_left = max(0.0, self.claim_left - dt)
        if self.claim_left == 0:
            self.claim_closed = True
            self.relayout(animate=True)  # the released card settles back onto the pool
        if self.claim_left == 0 or math.ceil(self.claim_left) != before:
            self.refresh_background()
            return True
        return False

    def _draw_countdown(self: RuneWorksTable, surface: pygame.Surface, px: int) -> None:
        """The claim window's clock for everyone: seconds left and a shrinking bar under the pool, a
        gold frame round the raised card (the claimants so far are named in the status line:
        claimed_words)."""
        _, pool = self.pile_rects()
        total = max(0.1, self.app.settings.claim_window_s)
        bar = pygame.Rect(pool.x, pool.bottom + px * 2 + 8, pool.width, max(6, px // 2))
        pygame.draw.rect(surface, (14, 40, 30), bar, border_radius=3)
        filled = bar.copy()
        filled.width = int(bar.width * min(1.0, self.claim_left / total))
        pygame.draw.rect(surface, GOLD, filled, border_radius=3)
        secs = str(math.ceil(self.claim_left)) if not self._waiting() else "‖"
        self.text(surface, secs, px * 2, (bar.right + 8, bar.centery), GOLD, "midleft", bold=True)

    def claimed_words(self: RuneWorksTable) -> str:
        """Who has claimed in the open window ("Ann claims!"), for the status line; "" before anyone
        has. Written under the clock, the names ran into the "what just happened" line (seen under X)."""
        if not self.claimants:
            return ""
        return self.app.t("rw.claimed", name=", ".join(self.session.name(s) for s in self.claimants))

    def claim_drive(self: RuneWorksTable) -> bool:
        """The claim window runs its clock (standing still while a claimant chooses), then passes for
        the humans who did not claim, then the bots decide. True if it acted or holds the table."""
        if self.view().phase != "claim":
            self.claim_for = self.claim_shown_for = None
            return False
        if self.claim_shown_for != self._release_number():  # the window's first frame, for all to see
            self.claim_shown_for = self._release_number()
            self._sync_window()
            if self.guard_privacy():  # everyone watches the window: no hand is up
                self.relayout(animate=False)
            self.refresh_background()
            return True
        waiting = self._waiting()
        if waiting:
            if self.viewer != waiting[0]:
                self.hand_off(waiting[0])
                return True
            if self.menu is None and not self.summary:  # the summary first: never one over the other
                options = list(self.engine.legal_actions(waiting[0]))
                only_pass = len(options) == 1
                title = self.app.t("table.cannot_claim") if only_pass else self.app.t("rw.claim_title")
                self.open_menu(title, options, must_answer=True)
            return True
        if not self.claim_closed:
            if self.guard_privacy():  # back to the public window after a claimant chose
                self.relayout(animate=False)
            return True
        for seat in self._claim_seats():
            if not self.session.is_bot(seat):
                self.perform(Action(seat, "pass"))
                return True
        for seat in self._claim_seats():
            if self.session.is_bot(seat):
                if not self.bot_move(seat):  # asked off the UI thread; the window holds until it answers
                    self.thinking_tick()
                return True
        return False

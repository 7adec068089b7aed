"""Privacy by construction: who is at the screen, and so which cards may be face up.

One rule decides, after every change of the position (a move, an undo, Continue, a rematch): with one
person at the table (the rest bots) it is always that person; with no person, nobody; with several,
the person whose decision it is and who came to the screen through a hand-off, and nobody in between
(after their move, while bots play, during a public moment such as the claim window). With nothing to
hide yet (a setup roll before any card is dealt) the table turns to the next person without a hand-off
screen, and asks for one as soon as their view holds a secret. Every face the
board draws and every tooltip is checked against the cards that person's view shows, frame by frame,
so an animation or a stale hover cannot show another seat's hidden card; when the person changes,
hover, tooltip, selection, drag, menu and message are cleared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....rules.events import Event, Revealed
from ....rules.view import PlayerView

if TYPE_CHECKING:
    from .scene import TableScene


def who_may_look(
    humans: Sequence[int], deciding: Sequence[int], current: int | None, public_moment: bool
) -> int | None:
    """The seat whose hidden cards may be face up now (None: only public cards).

    `current` is the person the table believes is at the screen (the last hand-off); they stay only
    while the decision is still theirs, since the next person may already be looking."""
    if len(humans) == 1:
        return humans[0]  # alone with bots: nobody else looks at this screen
    if not humans or public_moment:
        return None
    if current is not None and current in humans and current in deciding:
        return current
    return None


def visible_cards(view: PlayerView) -> frozenset[int]:
    """Every card whose face the view shows (its own hidden cards, and everything public)."""
    return frozenset(c for zone in view.zones.values() for c in zone.cards if c >= 0)


class PrivacyMixin:
    """The table's viewer, kept to the rule above; the board asks `may_show` before drawing a face."""

    def public_moment(self: TableScene) -> bool:
        """A moment every person at the table watches together (a game's claim window): no hand is up."""
        return False

    def may_show(self: TableScene, card: int) -> bool:
        """Whether this card's face may be drawn for the person at the screen now: their view shows
        it, or the last move showed it to everyone (a Revealed event: Leady work, a scored hand)."""
        return card in self.shown_cards or card in self.revealed

    def note_reveals(self: TableScene, events: list[Event]) -> None:
        """Cards the last move showed to everyone (they stay in hidden zones, but everyone saw them)."""
        self.revealed = frozenset(c for e in events if isinstance(e, Revealed) for c in e.cards if c >= 0)

    def guard_privacy(self: TableScene) -> bool:
        """After any change of the position: the viewer the rule allows (clearing what the last one
        saw, if it changed) and the faces it may see. True if the viewer changed."""
        humans = self.session.humans
        allowed = who_may_look(humans, self.engine.deciding_seats(), self.viewer, self.public_moment())
        if (
            allowed is not None
            and len(humans) > 1
            and allowed != self.confirmed
            and self.keeps_secrets(allowed)
        ):
            allowed = None  # they came to the screen with nothing to hide; now there is: a hand-off first
        if allowed is None:
            self.confirmed = None
        changed = allowed != self.viewer
        if changed:
            self.viewer = allowed
            self.forget_person()
        self.forget_view()
        self.shown_cards = visible_cards(self.view())
        return changed

    def set_viewer(self: TableScene, seat: int | None, confirmed: bool = False) -> None:
        """A new person looks at the screen (after a hand-off when `confirmed`, or nobody): show only
        their view."""
        self.confirmed = seat if confirmed or len(self.session.humans) <= 1 else None
        if seat != self.viewer:
            self.viewer = seat
            self.forget_person()
        self.forget_view()
        self.shown_cards = visible_cards(self.view())
        self.relayout(animate=False)

    def forget_person(self: TableScene) -> None:
        """What one person was doing is not the next one's: hover, tooltip, preview, selection, drag,
        chooser and message go."""
        self.hovered = None
        self.previewing = None
        self.cursor = None
        self.forget_fans()
        self.held_keys = []
        self.drag.cancel()
        for sprite in self.board.sprites.values():
            sprite.selected = False
            sprite.lifted = False
        self.board.highlights = []
        self.menu = None
        self.toast = None
        self.summary = None
        self.needs_full_redraw = True

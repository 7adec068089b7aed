"""A sandbox bot: it sits in a seat the way a patient friend does when there are no rules to follow:
on its turn it takes the top card of the first face-down pile into its hand, lays a card from its
hand face up on the table, and passes. Once there is nothing left to draw and nothing in its hand to
lay (or, alone at the table, nobody to pass to and nothing to do) it closes the table: a table of
bots ends in a few hundred moves, not at the session's bound. It reads only its view."""

from __future__ import annotations

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.view import PlayerView

MOVES_A_TURN = 2


class SandboxBot(Bot):
    """Draws one, plays one, passes."""

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        seat = view.seat
        done = [a for a in legal if a.kind == "done"]
        if done:  # never left searching
            return done[0]
        # alone, the turn never passes: it draws and lays on, and closes the table when it is done
        alone = not any(a.kind == "pass" for a in legal)
        passing = next(a for a in legal if a.kind == ("close" if alone else "pass"))
        if view.data.get("moves", 0) >= MOVES_A_TURN and not alone:
            return passing
        hand = f"hand:{seat}"
        if view.data.get("moves", 0) % MOVES_A_TURN == 0:
            takes = [a for a in legal if a.kind == "take" and a.target.endswith(f">{hand}")]
            if takes:
                return takes[0]
        spread = [
            a
            for a in legal
            if a.kind == "move"
            and a.target.startswith(f"{hand}>")
            and view.zones.get(a.target.split(">")[1]) is not None
            and view.zones[a.target.split(">")[1]].visibility.value == "public"
        ]
        if spread:
            return self.rng.choice(spread)
        takes = [a for a in legal if a.kind == "take" and a.target.endswith(f">{hand}")]
        if not takes and not view.hand(seat):
            return next(a for a in legal if a.kind == "close")  # nothing left to draw or lay
        return passing

"""The data games' own bot (the Setup screen's "Bot"): one greedy rule for any game file, reading only
its seat's view and the file's move templates. It lays out as many cards as it can (melds, lay-offs),
plays its cards, buys the dearest card that scores no points against it, draws rather than passes,
picks the cheapest cards of a choice (a Chapel trashes Curses and Coppers), and discards the card
that would cost it most at the end; among equal moves it picks at random. Pure: no pygame.
"""

from __future__ import annotations

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.view import PlayerView
from .rules import PICK, STOP, USE, WINDOW, DataGame


class DataGameBot(Bot):
    """Greedy by move kind, for any game written in data."""

    name = "heuristic"

    def choose(self, view: PlayerView) -> Action:
        from ...games import get_game

        game = get_game(view.game)
        assert isinstance(game, DataGame) and view.cardset is not None
        physical = view.cardset.physical()
        fields = {str(t["sum"]) for t in game.spec.get("score", []) if "sum" in t}

        def worth(card: int, field: str) -> float:
            value = physical[card].get(field) if 0 <= card < len(physical) else None
            return float(value) if isinstance(value, (int, float)) else 0.0

        def points(card: int) -> float:
            return sum(worth(card, f) for f in fields)

        def score(action: Action) -> float:
            if action.kind == STOP:
                return 1.0
            if action.kind == PICK and not action.cards:  # a blind pick: every place alike
                return 1.0
            if action.kind == PICK:  # a choice takes the card worth least (a Curse, a Copper)
                return 2.0 - points(action.cards[0]) - 0.1 * worth(action.cards[0], "cost")
            if action.kind in game.pile_choices:  # the pile whose top is dearest (as this seat sees it)
                return 1.0 + (worth(top(action.target), "cost") if top(action.target) >= 0 else 0.0)
            if action.kind in game.value_choices:  # a value named: any alike
                return 1.0
            if view.pending is not None and view.pending.kind == WINDOW:
                return 1.0 if action.kind == USE else 0.0  # a card kept for its timing is used there
            move = game.moves[action.kind]
            verb = move["verb"]
            price = move.get("price", {})
            if verb == "exchange" or (verb == "buy" and "cards" in price):
                # the dearest cards taken for the least paid (a pile's top, when this seat sees it)
                field = str(price["field"])
                piles = [p for p in action.target.split("+") if p] if action.target else [""]
                value = sum(worth(top(p), field) if top(p) >= 0 else amount(price, p) for p in piles)
                paid = sum(worth(c, field) for c in action.cards)
                return 4.0 + value - 0.2 * paid if value else -1.0
            if verb == "place":
                return 8.0 + len(action.cards)
            if verb == "meld":
                return 20.0 + len(action.cards)
            if verb == "lay_off":
                return 18.0
            if verb == "play":
                return 15.0 if move.get("pay") else 14.0  # actions before treasures
            if verb == "buy":
                price = worth(action.cards[0], str(move["price"]["field"]))
                return 5.0 + price if points(action.cards[0]) >= 0 and price > 0 else -1.0
            if verb == "draw":
                return 10.0
            if verb == "discard":  # the card that would count most at the end goes
                return 3.0 + abs(points(action.cards[0])) / 100
            return 2.0 if move.get("ends") == "step" else 0.0  # a pass: last, a turn's end the very last

        def amount(price: dict[str, object], pile: str) -> float:
            """A face-down pile's price as the file gives it (`amount: N` or the pile's name)."""
            given = price.get("amount", 0)
            if given == "pile":
                name = pile.rpartition(":")[2]
                return float(name) if name.isdigit() else 0.0
            return float(given) if isinstance(given, int) else 0.0

        def top(zone: str) -> int:
            """The top card of a pile as this seat sees it (-1: face down or empty)."""
            pile = view.zones.get(zone)
            return pile.cards[-1] if pile is not None and pile.cards else -1

        best = max(score(a) for a in view.legal)
        chosen = [a for a in view.legal if score(a) == best]
        return chosen[int(self.rng.random() * len(chosen))]

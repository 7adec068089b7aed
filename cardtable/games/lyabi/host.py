"""The object Lyabi's rules and item effects act through: zones by name, drawing with the reshuffle
rule, taking from the pool, and the battle's item modifiers. Every card move goes through
`state.move`, and the events it returns are collected for the table.

Zones (per seat N): deck:N (hidden), hand:N (owner), discard:N (public: the rulebook has it spread for
the opponent to read), circles:N (public), item:N (owner: face-down, only the owner may look), dummy:N
(public), battle:N (public: filled at the reveal). Shared: supply:CODE per lyabi pile (public), the
face-down circle piles circles_pool:LV and the item pool items_pool (hidden), and the exclusion, kept
apart for lyabi, circles and items: out_lyabi, out_circles, out_items (public).
"""

from __future__ import annotations

from ...rules.effects import Resolver
from ...rules.events import Event, Revealed, Shuffled
from ...rules.state import GameState
from .cards import Table, supply, table_of
from .data import LyabiData, game_data
from .effects import VOCAB

__all__ = ["CIRCLES", "DECK", "DISCARD", "HAND", "Host", "supply"]

# Each seat's zones by seat number (2 players): the hot paths index these instead of formatting a name.
HAND = ("hand:0", "hand:1")
DECK = ("deck:0", "deck:1")
DISCARD = ("discard:0", "discard:1")
CIRCLES = ("circles:0", "circles:1")


class Host:
    """Lyabi's state seen as the game's own things; events of what it does go to `events`."""

    def __init__(self, state: GameState, events: list[Event]) -> None:
        self.state = state
        self.events = events
        assert state.cardset is not None
        self.table: Table = table_of(state.cardset)

    @property
    def data(self) -> LyabiData:
        return game_data(self.state)

    def zone(self, name: str) -> list[int]:
        return self.state.zones[name].cards

    def move(self, cards: list[int] | tuple[int, ...], src: str, dst: str, why: str) -> None:
        if cards:
            self.events.append(self.state.move(list(cards), src, dst, why))

    def resolver(self) -> Resolver:
        return Resolver(VOCAB, self, self.data["frames"])

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, seat: int, count: int) -> None:
        """Draw `count` cards; when the deck runs short, draw what it has, shuffle the discard pile
        into a new deck and draw the rest (ドローフェイズ: デッキの残り枚数が2枚以下であるなら…)."""
        deck_name, hand_name = DECK[seat], HAND[seat]
        deck = self.zone(deck_name)
        first = min(count, len(deck))
        self.move(deck[len(deck) - first :], deck_name, hand_name, "draw")
        left = count - first
        if left and self.zone(DISCARD[seat]):
            self.reshuffle(seat)
            deck = self.zone(deck_name)
            take = min(left, len(deck))
            self.move(deck[len(deck) - take :], deck_name, hand_name, "draw")

    def reshuffle(self, seat: int) -> None:
        """The discard pile becomes the new deck, shuffled."""
        self.move(list(self.zone(f"discard:{seat}")), f"discard:{seat}", f"deck:{seat}", "reshuffle")
        deck = self.zone(f"deck:{seat}")
        self.state.rng.shuffle(deck)
        self.events.append(Shuffled(f"deck:{seat}", len(deck)))

    # -- the pool ------------------------------------------------------------------------------
    def take(self, seat: int, code: str, why: str) -> None:
        """The top lyabi of a pool pile into the seat's discard pile (an acquisition: public)."""
        pile = self.zone(supply(code))
        self.move([pile[-1]], supply(code), DISCARD[seat], why)
        acquired = self.data["acquired"][seat]
        acquired[code] = acquired.get(code, 0) + 1

    def pay(self, seat: int, cards: list[int] | tuple[int, ...], why: str) -> None:
        """Lyabi from the hand into the discard pile (a payment: public)."""
        self.move(cards, HAND[seat], DISCARD[seat], why)
        spent = self.data["spent"][seat]
        for card in cards:
            code = self.table.of(card).code
            spent[code] = spent.get(code, 0) + 1

    # -- the item effects' host (effects.LyabiHost) -------------------------------------------
    def gain_options(self, level: int) -> list[str]:
        return [
            code
            for code in self.table.lyabi_codes
            if self.zone(supply(code)) and self.table.of(self.zone(supply(code))[-1]).level == level
        ]

    def gain(self, seat: int, code: str) -> None:
        self.take(seat, code, "gain")

    def peek(self, seat: int) -> None:
        other = 1 - seat
        hand = sorted(self.zone(f"hand:{other}"))
        self.data["seen"][str(seat)] = hand
        self.events.append(Revealed(other, tuple(hand), f"hand:{other}", "peek", frozenset((seat,))))

    def recolour(self, seat: int, attribute: str) -> None:
        battle = self.data["battle"]
        assert battle is not None
        battle["attribute"][seat] = attribute

    def bonus(self, seat: int, amount: int) -> None:
        battle = self.data["battle"]
        assert battle is not None
        battle["bonus"] += amount

    def prevent(self, seat: int) -> None:
        battle = self.data["battle"]
        assert battle is not None
        battle["prevented"] = True

    def extra_main(self, seat: int) -> None:
        self.data["todo"].insert(0, f"main:{seat}")

    def discard_random(self, seat: int, count: int) -> None:
        hand = self.zone(f"hand:{seat}")
        for _ in range(min(count, len(hand))):
            card = hand[self.state.rng.below(len(hand))]
            self.pay(seat, [card], "discard")

"""The Python hooks of Lyabi written as data (cards/games/lyabi.yaml, id `lyabi_data`): the three
things its vocabulary cannot say. Everything else (the pool, the rounds with an alternating priority
player, the draw with its reshuffle, acquiring lyabi and circles by paying cards, the simultaneous
hidden charge, the exclusions, HP and the two ways to lose) is the file's data. The card values are
the card set's (cards/lyabi.yaml); the Python Lyabi (cardtable/games/lyabi/) stays the reference.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from cardtable.rules.events import Announced, Event, Shuffled
from cardtable.rules.game import LEGAL
from cardtable.rules.state import GameState

BEATS = {"blue": "red", "red": "green", "green": "blue"}  # blue beats red beats green beats blue
PICKS = 20  # setup picks again at most this often on the same attribute (then both are kept)


def pick_circles(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """Setup 5-7: each player takes a Lv0 circle blind (the top of the shuffled Lv0 pile); the same
    attribute twice puts both back, reshuffled, to pick again; whose circle beats the other's is the
    round-1 priority player; each takes the initial HAND and Deck printed on the circle (R3) from the
    pool."""
    attribute = game.values(state, "attribute")
    pile = "circles_pool:0"
    for _ in range(PICKS):
        for who in range(state.seats):
            events.append(state.move([state.zones[pile].cards[-1]], pile, f"circles:{who}", "pick"))
        mine, theirs = (attribute[state.zones[f"circles:{who}"].cards[0]] for who in (0, 1))
        if mine != theirs:
            break
        for who in range(state.seats):
            events.append(state.move(list(state.zones[f"circles:{who}"].cards), f"circles:{who}", pile, "again"))
        state.rng.shuffle(state.zones[pile].cards)
        events.append(Shuffled(pile, len(state.zones[pile].cards)))
    state.data["first"] = 1 if BEATS[theirs] == mine else 0
    assert state.cardset is not None
    physical = state.cardset.physical()
    for who in range(state.seats):
        circle = physical[state.zones[f"circles:{who}"].cards[0]]
        for zone in ("hand", "deck"):
            for code in circle.get(zone) or []:
                supply = state.zones[f"supply:{code}"].cards
                if supply:
                    events.append(state.move([supply[-1]], f"supply:{code}", f"{zone}:{who}", "initial"))


def battle(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """3_1 and 3_2 once both charges are face up (battle:N, empty for the Dummy): the attribute
    triangle decides (a lyabi against the Dummy wins unopposed, R5; the same attribute is a draw);
    the winner deals, per own circle of the charge's attribute, ATK x the product of the charged
    lyabi's times, rounded down per circle (R11), and the loser's HP falls by it (floored at 0)."""
    attribute, times, atk = (game.values(state, f) for f in ("attribute", "times", "atk"))
    colours: list[str] = []
    factor: list[Fraction] = []
    for who in range(state.seats):
        cards = state.zones[f"battle:{who}"].cards
        colours.append(str(attribute[cards[0]]) if cards else "")
        product = Fraction(1)
        for card in cards:
            product *= Fraction(str(times[card]))
        factor.append(product)
    winner: int | None = None
    if colours[0] and colours[1]:
        winner = 0 if BEATS[colours[0]] == colours[1] else 1 if BEATS[colours[1]] == colours[0] else None
    elif colours[0] or colours[1]:
        winner = 0 if colours[0] else 1
    damage = dealt = 0
    if winner is not None:
        for circle in state.zones[f"circles:{winner}"].cards:
            if attribute[circle] == colours[winner]:
                damage += floor(Fraction(str(atk[circle])) * factor[winner])
        hp = state.data["counters"]["hp"]
        dealt = min(damage, hp[1 - winner])
        hp[1 - winner] -= dealt
    record = {"winner": winner, "damage": damage, "dealt": dealt, "attribute": colours}
    state.data.setdefault("hooked", {})["battle"] = record
    events.append(Announced("battle", winner, dict(record)))


def someone_holds_a_card(game: Any, state: GameState, seat: int | None) -> str:
    """Battle eligibility: the phase is played when any player holds a card (R10: one with an empty
    hand still places the Dummy), and skipped when nobody does."""
    if any(state.zones[f"hand:{who}"].cards for who in range(state.seats)):
        return LEGAL
    return "nobody holds a card"


HOOKS = {"pick_circles": pick_circles, "battle": battle, "someone_holds_a_card": someone_holds_a_card}

"""Lyabi's battle phase after the commit: both placed cards revealed together (2_1), the winner by the
attribute triangle (3_1, with the spec's R5 for the missing win/loss chart), the damage worked out per
matching circle (3_2, rounded down, R11), and the HP it takes. Items that act at these timings are the
game module's windows; what they change (a recolour, a bonus, a prevention) is in `data["battle"]`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import floor
from typing import Any

from ...rules.actions import Action
from ...rules.events import Announced, Event, GameEnded, Revealed
from ...rules.state import GameState
from .cards import Table, table_of
from .data import game_data
from .host import HAND, Host
from .params import BEATS


def reveal(state: GameState, commits: dict[int, Action], events: list[Event]) -> None:
    """2_1: both placed cards are shown together and moved to the battle slots."""
    battle = game_data(state)["battle"]
    assert battle is not None
    host = Host(state, events)
    for seat in range(2):
        action = commits[seat]
        if action.kind == "dummy":
            cards = [c for c in host.zone(HAND[seat]) if host.table.of(c).kind == "dummy"]
        else:
            cards = list(action.cards)
        events.append(Revealed(seat, tuple(cards), HAND[seat], "battle"))
        host.move(cards, HAND[seat], f"battle:{seat}", "battle")
        battle["cards"][seat] = sorted(cards)
        kinds = {host.table.of(c).attribute for c in cards if host.table.of(c).kind == "lyabi"}
        battle["attribute"][seat] = kinds.pop() if kinds else ""
    battle["stage"] = "revealed"


def resolve(state: GameState, events: list[Event]) -> None:
    """3_1: the attributes decide the winner; 3_2: the damage, worked out per matching circle."""
    battle = game_data(state)["battle"]
    assert battle is not None and state.cardset is not None
    table = table_of(state.cardset)
    colours = battle["attribute"]
    times = [_times(table, battle["cards"][seat]) for seat in range(2)]
    winner: int | None = None
    if colours[0] and colours[1]:
        if BEATS[colours[0]] == colours[1]:
            winner = 0
        elif BEATS[colours[1]] == colours[0]:
            winner = 1
        elif state.params["same_attribute"] == "times" and times[0] != times[1]:
            winner = 0 if times[0] > times[1] else 1
    elif (colours[0] or colours[1]) and state.params["dummy_concedes"]:
        winner = 0 if colours[0] else 1  # R5: the Dummy "chose not to fight" and is hit
    battle["winner"] = winner
    if winner is not None:
        parts: list[list[Any]] = []
        raws: list[Fraction] = []
        for circle in state.zones[f"circles:{winner}"].cards:
            rules = table.of(circle)
            if rules.attribute != colours[winner]:
                continue  # a circle fires only with lyabi of its own attribute
            raw, text, whole = _damage(table, rules.atk, times[winner])
            parts.append([circle, rules.atk, text, whole])
            raws.append(raw)
        battle["parts"] = parts
        if state.params["round_per_circle"]:
            battle["damage"] = sum(int(p[3]) for p in parts)
        else:
            # the exact sum, rounded down once (R11); one circle firing (most battles) adds nothing
            battle["damage"] = floor(sum(raws[1:], raws[0])) if raws else 0
    battle["stage"] = "resolved"
    events.append(Announced("battle", winner, {"attributes": list(colours), "damage": battle["damage"]}))


def deal_damage(state: GameState, events: list[Event]) -> bool:
    """Deal the damage (items added or prevented); True when the loser's HP reached 0 (R14)."""
    data = game_data(state)
    battle = data["battle"]
    assert battle is not None
    winner = battle["winner"]
    if winner is None or battle["damage"] <= 0:
        return False
    dealt = 0 if battle["prevented"] else battle["damage"] + battle["bonus"]
    battle["dealt"] = dealt
    loser = 1 - winner
    data["hp"][loser] = max(0, data["hp"][loser] - dealt)
    state.scores = list(data["hp"])
    events.append(Announced("damage", loser, {"amount": dealt, "hp": data["hp"][loser]}))
    return data["hp"][loser] == 0


def finish(state: GameState, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
    """The game is over: `winners` won (none: a draw) because of `reason` (hp, deck, rounds)."""
    state.over = True
    state.pending = None
    state.active = None
    state.winners = winners
    state.scores = list(game_data(state)["hp"])
    game_data(state)["end_reason"] = reason
    events.append(GameEnded(winners, tuple(state.scores)))


def _times(table: Table, cards: list[int]) -> Fraction:
    """The product of the times of the battle lyabi among `cards` (`product`), remembered per table by
    the codes placed: every battle asks it of one or two cards, and Fraction arithmetic is slow."""
    card = table.card
    codes = tuple([card[c].code for c in cards])
    seen = table.times_by_codes
    hit = seen.get(codes)
    if hit is None:
        hit = seen[codes] = product(card[c].times for c in cards if card[c].kind == "lyabi")
    return hit


def _damage(table: Table, atk: int, times: Fraction) -> tuple[Fraction, str, int]:
    """One circle's damage: ATK x times exactly, the times as players write them, and the damage
    rounded down (R11); remembered per table by ATK and times."""
    seen = table.damage_by_atk
    hit = seen.get((atk, times))
    if hit is None:
        raw = atk * times
        hit = seen[(atk, times)] = (raw, times_text(times), floor(raw))
    return hit


def product(values: Iterable[Fraction]) -> Fraction:
    """The times of the battle lyabi multiplied (a Double Charge: times x times)."""
    out = Fraction(1)
    for value in values:
        out *= value
    return out


def times_text(value: Fraction) -> str:
    """A product of times as players write it: 1, 1.5, 2.25."""
    return str(int(value)) if value.denominator == 1 else format(float(value), "g")

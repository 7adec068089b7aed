"""The battle phase of Land & Person: the spec's PROVISIONAL design (shared/rules/land-person.md R1),
in a module of its own so a designer can replace it when the rulebook's separate sheet (別紙) turns up.

The rulebook says only 戦闘フェイズ: 別紙参照. The design uses its vocabulary: the active player attacks
with ready persons (they become acted, A = their attack); the defender answers out of turn with an
intercept (迎撃: ready persons, D = their attack) or a siege (籠城: D = the current land's siege value plus
any ready persons' attack). An intercept won takes a losing person as spoils (戦果) and sends the other
losers to wander (放浪); a tie sends everyone to wander. A siege broken destroys the land (deck
construction) or hands it to the attacker as occupied (shared deck); a siege held sends the attackers to
wander. What the game module calls: `resolve` once the defence is declared, `capture` for each pick.
"""

from __future__ import annotations

from ...rules.events import Announced, Event
from ...rules.state import GameState, Pending
from .data import Fight, game_data
from .effects import amount
from .ending import decided
from .places import (
    current_land,
    deck_mode,
    field,
    land_value,
    lands,
    other,
    set_status,
    specials,
    total,
)

CAPTURE = "capture"


def resolve(state: GameState, defender: int, mode: str, defenders: list[int], events: list[Event]) -> bool:
    """Compare the attack with the defence and carry out the result. True when spoils are still to be
    chosen (a `capture` decision is open), False when the fight is over."""
    data = game_data(state)
    fight = data["fight"]
    assert fight is not None
    attacker = other(defender)
    attack = fight["attack"]
    defence = total(state, defenders, mode)
    land = current_land(state, defender)
    if mode == "siege":
        assert land is not None
        defence += land_value(state, land, "siege")
    events.append(
        Announced(
            "fight",
            attacker,
            {"mode": mode, "attack": attack, "defence": defence, "defenders": list(defenders)},
        )
    )
    if mode == "siege":
        if attack > defence:
            _fall(state, attacker, defender, events)
            _wander(state, defender, defenders, events)
        else:
            events.append(Announced("siege_holds", defender, {"land": land}))
            _wander(state, attacker, fight["attackers"], events)
        return False
    if attack == defence:
        events.append(Announced("tie", None, {}))
        _wander(state, attacker, fight["attackers"], events)
        _wander(state, defender, defenders, events)
        return False
    winner, loser = (attacker, defender) if attack > defence else (defender, attacker)
    winners = fight["attackers"] if winner == attacker else defenders
    losers = defenders if winner == attacker else fight["attackers"]
    take = state.params["capture_per_win"] + _extra(state, winner, winners)
    events.append(Announced("intercept_won", winner, {"captures": min(take, len(losers))}))
    data["capture"] = {"seat": winner, "loser": loser, "left": take, "candidates": list(losers)}
    return _capture_or_finish(state, events)


def _extra(state: GameState, winner: int, winners: list[int]) -> int:
    """Extra captures from special abilities (the Warlord's), among the winning persons or, if the
    Warlord need not fight (a parameter), on the winner's whole field."""
    if not specials(state):
        return 0
    assert state.cardset is not None
    pool = winners if state.params["warlord_must_fight"] else field(state, winner)
    return sum(amount(state.cardset, c, "extra_capture", True) for c in pool)


def capture(state: GameState, card: int, events: list[Event]) -> bool:
    """Take one losing person as spoils; True while more are to be chosen."""
    data = game_data(state)
    cap = data["capture"]
    assert cap is not None
    _to_spoils(state, cap["seat"], cap["loser"], card, events)
    cap["candidates"].remove(card)
    cap["left"] -= 1
    return _capture_or_finish(state, events)


def _capture_or_finish(state: GameState, events: list[Event]) -> bool:
    """Take the spoils that need no choice; open a decision when one is needed; else send the other
    losers to wander and close the fight."""
    data = game_data(state)
    cap = data["capture"]
    assert cap is not None
    if cap["left"] > 0 and len(cap["candidates"]) <= cap["left"]:
        for card in list(cap["candidates"]):
            _to_spoils(state, cap["seat"], cap["loser"], card, events)
        cap["candidates"] = []
        cap["left"] = 0
    if cap["left"] > 0 and cap["candidates"]:
        state.pending = Pending(CAPTURE, (cap["seat"],))
        return True
    _wander(state, cap["loser"], cap["candidates"], events)
    data["capture"] = None
    return False


def _to_spoils(state: GameState, seat: int, loser: int, card: int, events: list[Event]) -> None:
    del game_data(state)["status"][str(card)]
    events.append(state.move([card], f"field:{loser}", f"spoils:{seat}", "capture"))
    state.scores = decided(state.zones, state.cardset, "", not deck_mode(state))[1]  # the spoils


def _wander(state: GameState, seat: int, cards: list[int], events: list[Event]) -> None:
    """Persons who lost (or tied) leave the field for the wandering area."""
    if not cards:
        return
    status = game_data(state)["status"]
    for card in cards:
        del status[str(card)]
    events.append(state.move(list(cards), f"field:{seat}", f"wander:{seat}", "wander"))


def _fall(state: GameState, attacker: int, defender: int, events: list[Event]) -> None:
    """A broken siege: the land is destroyed (deck construction: the defender's next land shows) or
    occupied by the attacker (shared deck: the next land of the deck shows)."""
    zone = lands(state, defender)
    land = state.zones[zone].cards[-1]
    if deck_mode(state):
        events.append(state.move([land], zone, f"ruins:{defender}", "destroyed"))
    else:
        events.append(state.move([land], zone, f"occupied:{attacker}", "occupied"))


def attack_total(state: GameState, attackers: list[int]) -> Fight:
    """The declared attack: who attacks and A."""
    for card in attackers:
        set_status(state, card, "acted")
    return {"attackers": sorted(attackers), "attack": total(state, attackers, "attack")}

"""Rune Works! starting positions for scenario files (the `setup:` keys), applied after the stacked deal.

first: P2              skip Leady work: P2's turn starts (phase start: Draw or Seek)
phase: play            the first player has already drawn (Set, Boost, Release now)
melds: [{owner: P1, cards: [H7]}, ...]   melds already on the table (cards taken from any zone)
discard: {card: H8, by: P1}               H8 on top of the Mana Pool as P1's last discard
mp: [100, 96, ...]     MP so far; round: 3 / rounds_played: 2 / overtime: 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.game import ScenarioRefs
from ...rules.state import GameState
from ...rules.zones import Visibility
from .data import game_data
from .melds import classify, deck_of

if TYPE_CHECKING:
    from . import RuneWorks

KEYS = {"first", "phase", "melds", "discard", "mp", "round", "rounds_played", "overtime"}


def arrange(game: RuneWorks, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
    """Apply a scenario's `setup:` mapping to a freshly dealt Rune Works state."""
    for key in setup:
        if key not in KEYS:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(KEYS))})")
    data = game_data(state)
    deck = deck_of(state.cardset)  # type: ignore[arg-type]
    for index, entry in enumerate(setup.get("melds") or []):
        where = f"setup.melds[{index}]"
        if not isinstance(entry, dict) or "owner" not in entry or "cards" not in entry:
            raise refs.fail(where, "expected {owner: P1, cards: [...]}")
        owner = refs.seat(entry["owner"], f"{where}.owner")
        cards = tuple(sorted(refs.cards(entry["cards"], f"{where}.cards")))
        meld = classify(cards, deck, state.params["ace_high_sequences"])
        if meld is None:
            raise refs.fail(f"{where}.cards", "these cards are not a meld")
        name = f"meld:{len(data['melds'])}"
        state.add_zone(name, Visibility.PUBLIC, owner)
        for card in cards:
            source = next(z for z in state.zones.values() if card in z.cards)
            source.cards.remove(card)
        state.zones[name].cards.extend(cards)
        data["melds"].append({"zone": name, "owner": owner, "meld": meld.to_dict()})
        data["own_melds"][owner] += 1
        if meld.kind == "EL":
            data["own_elementals"][owner] += 1
        data["placed"][owner] += len(cards)
    if state.params["first_card_face_up"]:  # the stacked deal may have changed the turned-up card
        pool = state.zones["pool"].cards
        data["last_discard"] = pool[-1] if pool else None
    if "discard" in setup:
        entry = setup["discard"]
        if not isinstance(entry, dict) or "card" not in entry:
            raise refs.fail("setup.discard", "expected {card: H8, by: P1}")
        card = refs.cards([entry["card"]], "setup.discard.card")[0]
        source = next(z for z in state.zones.values() if card in z.cards)
        source.cards.remove(card)
        state.zones["pool"].cards.append(card)
        data["last_discard"] = card
        data["discarder"] = refs.seat(entry.get("by", "P1"), "setup.discard.by")
        data["releases"].append({"seat": data["discarder"], "card": card, "passed": [], "drew": None})
    if "mp" in setup:
        mp = setup["mp"]
        if not isinstance(mp, list) or len(mp) != state.seats or not all(isinstance(v, int) for v in mp):
            raise refs.fail("setup.mp", f"expected {state.seats} whole numbers")
        state.scores = list(mp)
    for key in ("round", "rounds_played", "overtime"):
        if key in setup:
            if not isinstance(setup[key], int):
                raise refs.fail(f"setup.{key}", "expected a whole number")
            data[key] = setup[key]
    if "first" in setup:
        seat = refs.seat(setup["first"], "setup.first")
        events: list[Any] = []
        game._begin_round_turns(state, seat, events)
        if setup.get("phase", "start") == "play":
            state.phase = "play"
        elif setup.get("phase", "start") != "start":
            raise refs.fail("setup.phase", "expected start or play")
    elif "phase" in setup:
        raise refs.fail("setup.phase", "phase needs first: the seat whose turn it is")

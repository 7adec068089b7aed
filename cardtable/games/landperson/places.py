"""Where Land & Person cards lie: the zone of each pile by mode, a person's state on the field, the
current land, and the totals persons bring to a task (their stats plus their abilities).

Zones (per seat s; in the shared-deck mode the person deck and the land deck are one for both):
  hand:s (owner)   deck:s / deck (hidden)   discard:s (public)   field:s (public: persons, with a
  state each in data.status)   wander:s (public)   spoils:s (public)   lands:s / lands (the top card,
  the current land, is public)   ruins:s (destroyed lands, deck construction)   occupied:s (shared)
  first:s (a first person laid face down, owner only)   peek:s (a Scout's look, owner only)   box (the
  cards left out of the decks, hidden)
"""

from __future__ import annotations

from ...rules.state import GameState
from .data import game_data
from .effects import has
from .effects import power as card_power
from .effects import stat as card_stat
from .params import DECK, specials_apply

READY, ACTED, PREPARING = "ready", "acted", "preparing"


def deck_mode(state: GameState) -> bool:
    """Whether this is the deck-construction mode (else the shared deck)."""
    return state.params["mode"] == DECK


def other(seat: int) -> int:
    """The opponent."""
    return 1 - seat


def deck(state: GameState, seat: int) -> str:
    """The person deck a seat draws from."""
    return f"deck:{seat}" if deck_mode(state) else "deck"


def lands(state: GameState, seat: int) -> str:
    """The land deck whose top card is the seat's current land."""
    return f"lands:{seat}" if deck_mode(state) else "lands"


def pile(state: GameState, seat: int) -> str:
    """The discard pile a seat's discards go to and its abilities take from: its own in deck
    construction, the opponent's in the shared deck (ルール諸注意)."""
    return f"discard:{seat}" if deck_mode(state) else f"discard:{other(seat)}"


def current_land(state: GameState, seat: int) -> int | None:
    """The seat's current land (the face-up top of its land deck), None when there is none."""
    cards = state.zones[lands(state, seat)].cards
    return cards[-1] if cards else None


def land_value(state: GameState, land: int, name: str) -> int:
    """A land's ★, commerce, hunting, repair or siege value."""
    assert state.cardset is not None
    return card_stat(state.cardset.physical()[land], name)


def field(state: GameState, seat: int) -> list[int]:
    """The persons on a seat's field."""
    return state.zones[f"field:{seat}"].cards


def status(state: GameState, card: int) -> str:
    """A field person's state: ready, acted or preparing."""
    return game_data(state)["status"][str(card)]


def set_status(state: GameState, card: int, value: str) -> None:
    """Turn a field person to ready, acted or preparing (placed diagonally)."""
    game_data(state)["status"][str(card)] = value


def stat(state: GameState, card: int, name: str) -> int:
    """A card's printed number (int, atk, cost, stars...)."""
    assert state.cardset is not None
    return card_stat(state.cardset.physical()[card], name)


def specials(state: GameState) -> bool:
    """Whether special abilities count in this game."""
    return specials_apply(state.params)


def can_join(state: GameState, seat: int, card: int, task: str) -> bool:
    """Whether a person on the seat's field may take part in a task now. Preparing persons never act
    nor pay a cost (行動準備中); repair may also send acted persons (R5); specials forbid some."""
    return card in state.zones[f"field:{seat}"].cards and _may_act(state, card, task)


def joinable(state: GameState, seat: int, task: str) -> list[int]:
    """Every person of the seat's field that may take part in the task."""
    return [c for c in state.zones[f"field:{seat}"].cards if _may_act(state, c, task)]


def _may_act(state: GameState, card: int, task: str) -> bool:
    """can_join for a person known to be on the seat's field (asked for every person of a field for
    every candidate move, so it reads the status and abilities directly)."""
    state_now = game_data(state)["status"][str(card)]
    if state_now == PREPARING:
        return False
    if state_now == ACTED and not (task == "repair" and state.params["repair_with_acted"]):
        return False
    if task == "attack":
        assert state.cardset is not None
        return not has(state.cardset, card, "no_attack", specials(state))
    if task == "intercept" or task == "siege":
        assert state.cardset is not None
        return not has(state.cardset, card, "no_defend", specials(state))
    return True


def total(state: GameState, cards: list[int], task: str) -> int:
    """What these persons bring to a task together."""
    assert state.cardset is not None
    cardset, counts = state.cardset, specials(state)
    return sum([card_power(cardset, c, task, counts) for c in cards])


def stars(state: GameState, zone: str) -> int:
    """The ★ of the lands in a zone."""
    return sum(land_value(state, c, "stars") for c in state.zones[zone].cards)

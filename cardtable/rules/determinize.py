"""Re-dealing from a view: a full game state consistent with everything one seat knows.

A bot that looks ahead in a game with hidden cards cannot search the true state (it would be
cheating), so it searches states dealt from its view instead (OpenSpiel's ResampleFromInfostate,
TAG's copy(playerId)). `redeal`, the default of `Game.determinize`, builds one from the view alone:

- every zone with its owner, visibility and count; every card the view shows, in its place;
- the cards the view does not show, dealt at random into the places it shows as UNKNOWN, each only
  into a zone the seat knows it could be in (the view's KNOWN places, rules/knowledge.py): a card the
  seat saw go into an opponent's hand goes back into that hand, a level-1 circle into the level-1 pile;
- the game's data as the seat knows it (`Game.known_data`), the phase, the turn, the scores, the
  pending decision with the seat's own commitment, and for every other seat that committed a hidden
  choice, a choice drawn at random from that seat's legal moves in the dealt state;
- as many moves as were made (the seat does not know them all: they stand as UNSEEN_MOVE, and undo
  stops there), and a new rng drawn from `rng`, so the future is as unknown as the deal.

Then the game puts right what it hid in its data (`Game.redealt`). Where cards have nested possible
places (known to be in one zone, or anywhere unseen) the deal is uniform; where the possible places
overlap otherwise, the most constrained cards are placed first, which reaches every consistent deal
but not with exactly equal odds. The order of cards inside a hidden zone is dealt afresh: what a seat
knows of it (after looking at the top of its own deck) is not kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import Action
from .events import UNKNOWN
from .knowledge import Knowledge
from .rng import Rng
from .state import GameState, Pending
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .view import PlayerView

UNSEEN_MOVE = Action(-1, "unseen")  # a move made before a re-dealt position, which its seat does not know
_TRIES = 5  # quick deals tried before the careful one, which checks that every placing leaves a way out


def thaw(value: Any) -> Any:
    """Read-only view data (MappingProxyType, tuples) as the plain dicts and lists a state holds."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list | tuple) and not isinstance(value, Action):
        return [thaw(item) for item in value]
    return value


def redeal(game: Game, view: PlayerView, rng: Rng) -> GameState:
    """A state consistent with `view`, its hidden cards dealt with `rng` (module docstring)."""
    from .game import KNOWN

    known = view.data[KNOWN]
    seed = (int(rng.random() * (1 << 53)) << 11) ^ int(rng.random() * (1 << 11))
    state = GameState(view.game, view.seats, thaw(view.params), seed, view.cardset)
    state.phase = view.phase
    state.active = view.active
    state.scores = list(view.scores)
    state.over = view.over
    state.winners = tuple(view.winners)
    state.data = thaw(known["data"])
    moves = int(known["moves"])
    state.history = [UNSEEN_MOVE] * moves
    state.undo_floor = moves
    for name, shown in view.zones.items():
        state.zones[name] = Zone(name, shown.visibility, shown.owner, list(shown.cards))
    _deal(game, state, known["places"], rng)
    pending = view.pending
    if pending is not None:
        commits: dict[int, Action] = {}
        if view.my_commit is not None and view.seat is not None:
            commits[view.seat] = view.my_commit
        state.pending = Pending(pending.kind, tuple(pending.seats), commits, thaw(pending.data))
        for seat in view.committed:
            if seat != view.seat:
                commits[seat] = _hidden_choice(game, state, seat, rng)
    game.redealt(state, view, rng)
    if known["places"] is not None:
        observer = view.seats if view.seat is None else view.seat
        state.knowledge = Knowledge.assumed(state.zones, view.seats, observer, known["places"])
    return state


def _deal(game: Game, state: GameState, places: Any, rng: Rng) -> None:
    """Fill every UNKNOWN place of `state`'s zones with the cards not shown anywhere."""
    holes: dict[str, list[int]] = {}
    shown: set[int] = set()
    for name, zone in state.zones.items():
        for index, card in enumerate(zone.cards):
            if card == UNKNOWN:
                holes.setdefault(name, []).append(index)
            else:
                shown.add(card)
    unseen = [card for card in range(game.card_count(state)) if card not in shown]
    count = sum(len(spots) for spots in holes.values())
    if count != len(unseen):
        raise ValueError(f"{state.game}: the view hides {count} places but {len(unseen)} cards are unseen")
    if places is None:  # nobody followed the game: any unseen card may be in any hidden place
        possible = {card: tuple(holes) for card in unseen}
    else:
        possible = {}
        for zones, cards in places:
            where = tuple(z for z in zones if z in holes)
            for card in cards:
                if card not in shown:
                    possible[card] = where
        missing = [card for card in unseen if card not in possible]
        if missing:
            raise ValueError(f"{state.game}: the view says nothing of where cards {missing[:5]} could be")
    for attempt in range(_TRIES + 1):
        dealt = _try_deal(possible, holes, rng, careful=attempt == _TRIES)
        if dealt is not None:
            for (name, index), card in dealt.items():
                state.zones[name].cards[index] = card
            return
    raise ValueError(f"{state.game}: no deal of the unseen cards fits what the view knows")


def _try_deal(
    possible: dict[int, tuple[str, ...]], holes: dict[str, list[int]], rng: Rng, careful: bool
) -> dict[tuple[str, int], int] | None:
    """One random deal: cards with the fewest possible places first, each into a random free place of
    its zones; None at a dead end. A `careful` deal places a card only in a zone that leaves room for
    all the cards after it (`fits`), so it never reaches a dead end when a deal exists."""
    free = {name: list(spots) for name, spots in holes.items()}
    cards = list(possible)
    rng.shuffle(cards)  # ties in the order below fall at random
    width = {zones: sum(len(holes[z]) for z in zones) for zones in set(possible.values())}
    cards.sort(key=lambda card: width[possible[card]])
    waiting: dict[tuple[str, ...], int] = {}
    for card in cards:
        waiting[possible[card]] = waiting.get(possible[card], 0) + 1
    dealt: dict[tuple[str, int], int] = {}
    for card in cards:
        zones = [z for z in possible[card] if free[z]]
        if careful:
            waiting[possible[card]] -= 1
            room = {name: len(spots) for name, spots in free.items()}
            zones = [z for z in zones if _fits_after(waiting, room, z)]
        total = sum(len(free[z]) for z in zones)
        if not total:
            return None
        pick = rng.below(total)
        for zone in zones:
            spots = free[zone]
            if pick < len(spots):
                dealt[(zone, spots.pop(pick))] = card
                break
            pick -= len(spots)
    return dealt


def _fits_after(waiting: dict[tuple[str, ...], int], room: dict[str, int], zone: str) -> bool:
    room[zone] -= 1
    try:
        return fits(waiting, room)
    finally:
        room[zone] += 1


def fits(groups: dict[tuple[str, ...], int], room: dict[str, int]) -> bool:
    """Whether the cards of `groups` (their possible zones -> how many cards) fit the free places
    `room` (zone -> how many), every card in one of its zones: a maximum flow, by augmenting paths."""
    flow: dict[tuple[tuple[str, ...], str], int] = {}
    left = dict(room)

    def push(group: tuple[str, ...], seen: set[str]) -> bool:
        for zone in group:
            if zone in seen:
                continue
            seen.add(zone)
            if left[zone] > 0:
                left[zone] -= 1
                flow[(group, zone)] = flow.get((group, zone), 0) + 1
                return True
            # take a place of `zone` from another group that can go elsewhere
            for (other, there), count in list(flow.items()):
                if there == zone and count and push(other, seen):
                    flow[(other, zone)] -= 1
                    flow[(group, zone)] = flow.get((group, zone), 0) + 1
                    return True
        return False

    return all(push(group, set()) for group, count in groups.items() for _ in range(count))


def _hidden_choice(game: Game, state: GameState, seat: int, rng: Rng) -> Action:
    """A choice for `seat`, which committed one the view does not show: one of its legal moves, at
    random, as if it were still to choose."""
    assert state.pending is not None
    asked = state.pending.seats
    state.pending.seats = (seat,)
    try:
        legal = game.legal_actions(state, seat)
    finally:
        state.pending.seats = asked
    if not legal:
        raise ValueError(f"{state.game}: seat {seat} committed a choice but would have none in the deal")
    return rng.choice(legal)

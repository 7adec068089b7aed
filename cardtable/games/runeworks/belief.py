"""What a Rune Works! re-deal should believe of the other hands: kept cards, not a random handful.

A re-deal from a seat's view (`Game.determinize`) deals the unseen cards at random between the
stock and the other hands. But a magician's hand is not a random 7: every turn it drew a card and
released the one it needed least, so after a few turns it is mostly melds and the makings of melds.
Dealt at random, the other hand of a two-seat game looked 2-3.5 cards further from going out than it
was (its cost to go out, `evaluate.hand_cost`, at the start of turn 6: 3.7 true, 6.4 re-dealt at
random, 3.5 re-dealt here; bench/ladder_results.md has the table and what it did to the search's results).

`sharpen` puts that back, from the view alone: for each other hand it replays as many turns as that
seat has had this round (at most `TURNS`), each one a random card from the stock added and the card
that leaves the hand's cost (loose cards dearest, melds free) lowest given back to the stock in its
place. Only cards the view allows in both places move (a card a seat showed at Leady work stays in
its hand; a hand whose claim the re-deal drew from it stays as dealt), so the deal stays consistent
with the view, and it reads nothing the seat cannot see: the true hidden cards never enter it.

The kept hand also answers to what the seat did in public this round (the view's `releases`: who
released each card, who passed its claim window, who drew instead of Seeking it), as a person at the
table reads an opponent's discards. A magician releases the card it needs least, so its hand seldom
holds a partner of a card it just released; it Calls with two of the discarded rank and Seeks with
two cards that run with the discard, so after a pass or a Draw it seldom holds them. In 60 two-seat
heuristic games (912 releases, 803 passes, 779 Draws past a discard) the hand kept after a Release
held 0.13 cards of the released rank (0.57 for any other card of that hand), 0.09 of its suit one
step away (0.35) and 0.16 two steps away (0.27); 0.4% of passes held a Call, 0.3% of Draws a Seek.
Each such card or pair in a re-dealt hand costs it `evidence` in the replay (the weights below, in
the cards of `hand_cost`), less the more turns the seat took since: each brought one new card.
And while a seat's last Release still tops the Mana Pool, the hand it holds is the one it released
that card from: the replay is tried again (up to `TRIES` times) until the heuristic bot, holding that
hand and the card, would have released that very card (`would_release`; it agrees with 139 of 144
true hands of heuristic games). A share of the hands (`MISREAD`) is kept without reading the record:
the seat may not play as the heuristic does, and every hand the view allows still turns up
(tests/test_determinize.py). bench/runeworks_belief.py measures each step against the true hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...rules.rng import Rng
from ...rules.state import GameState
from .evaluate import hand_cost
from .melds import SPIRIT_RANK, Deck, deck_of

TURNS = 6  # turns replayed at most a hand (0: the uniform deal); each costs a hand's size of hand_cost
RECORD = 1.0  # how much the public record counts in a kept hand (0: not read; the weights below scale by it)
SAME_RANK = 1.5  # a card of the rank the seat released
NEAR = 1.5  # a card of its suit one step away
GAP = 0.5  # a card of its suit two steps away
TRIES = 4  # replays a hand may take to be one its seat would have released its last card from (1: no check)
CLAIM = 4.0  # two cards the seat would have Called (a pass) or Sought (a Draw) the discard with
MISREAD = 0.2  # the share of re-dealt hands that do not read the record: the seat may not play as the
# heuristic does (a person, a random bot), and a belief sure of it would never deal some hands it could hold


def turns_taken(state: GameState) -> int:
    """About how many turns each seat has had this round: cards drawn from the stock since the deal,
    shared among the seats (after a rebuilt stock, as many as `sharpen` replays)."""
    data = state.data
    if data.get("rebuilds"):
        return TURNS
    dealt = state.seats * int(state.params["hand_size"]) + int(bool(state.params.get("first_card_face_up")))
    drawn = len(state.cardset.cards if state.cardset else ()) - dealt - len(state.zones["stock"].cards)
    return max(0, drawn) // state.seats


Evidence = tuple[list[float], list[tuple[int, int, float]]]
Public = Callable[[GameState, int], dict[str, Any]]  # the game's public_data


def evidence(state: GameState, seat: int, deck: Deck) -> Evidence:
    """What `seat`'s public choices this round (the data's `releases`) say against the cards it may
    hold now: a cost per card (a partner of a card it released) and per pair of cards (two it would
    have Called or Sought with), each scaled by the chance that a card it holds now was already in its
    hand then (one card of the hand is new for every turn it took since). Module docstring."""
    single, pairs = evidence_none(deck)
    if RECORD <= 0:
        return single, pairs
    size = int(state.params["hand_size"])
    near, calls, seeks = _relations(deck)
    later = 0  # the seat's own Releases after the entry: each ended a turn that brought it a card
    for entry in reversed(state.data.get("releases") or ()):
        old = 1.0 - later / size
        if old <= 0:
            break
        card = entry["card"]
        if entry["seat"] == seat:
            later += 1
            for other, weight in near[card]:
                single[other] += RECORD * weight * old
            continue
        weight = RECORD * CLAIM * old * old  # both cards of the pair held then
        if seat in entry["passed"]:
            pairs += [(a, b, weight) for a, b in calls[card]]
        if entry["drew"] == seat:
            pairs += [(a, b, weight) for a, b in seeks[card]]
    return single, pairs


def evidence_none(deck: Deck) -> Evidence:
    """Nothing held against any hand: the record unread."""
    return [0.0] * len(deck.rank), []


Relations = tuple[list[list[tuple[int, float]]], list[list[tuple[int, int]]], list[list[tuple[int, int]]]]
_RELATIONS: dict[int, tuple[Deck, Relations]] = {}


def _relations(deck: Deck) -> Relations:
    """Per card of `deck`: its partners with their weights (SAME_RANK, NEAR, GAP), the pairs that Call
    it (two more of its rank) and the pairs that Seek it (two of its suit that run with it; none for a
    7, which may be Sought alone). Worked out once a deck: every re-deal reads them."""
    kept = _RELATIONS.get(id(deck))
    if kept is not None and kept[0] is deck:
        return kept[1]
    cards = range(len(deck.rank))
    rank, suit = deck.rank, deck.suit
    at = {(suit[card], rank[card]): card for card in cards}
    near: list[list[tuple[int, float]]] = []
    calls: list[list[tuple[int, int]]] = []
    seeks: list[list[tuple[int, int]]] = []
    for card in cards:
        partners = []
        for other in cards:
            if other == card:
                continue
            if rank[other] == rank[card]:
                partners.append((other, SAME_RANK))
            elif suit[other] == suit[card] and abs(rank[other] - rank[card]) <= 2:
                partners.append((other, NEAR if abs(rank[other] - rank[card]) == 1 else GAP))
        near.append(partners)
        same = [other for other in cards if other != card and rank[other] == rank[card]]
        calls.append([(a, b) for i, a in enumerate(same) for b in same[i + 1 :]])
        runs = []
        if rank[card] != SPIRIT_RANK:
            value = rank[card]
            for low, high in ((value - 2, value - 1), (value - 1, value + 1), (value + 1, value + 2)):
                a, b = at.get((suit[card], low)), at.get((suit[card], high))
                if a is not None and b is not None:
                    runs.append((a, b))
        seeks.append(runs)
    _RELATIONS[id(deck)] = (deck, (near, calls, seeks))
    return near, calls, seeks


def against(hand: list[int], seen: Evidence) -> float:
    """What the evidence holds against `hand` (0 when the seat's choices fit it)."""
    single, pairs = seen
    cost = sum(single[card] for card in hand)
    if pairs:
        held = set(hand)
        cost += sum(weight for a, b, weight in pairs if a in held and b in held)
    return cost


def would_release(state: GameState, seat: int, card: int, rng: Rng, public: Public) -> bool:
    """Whether the heuristic bot (bot.py), holding `seat`'s hand in `state` and `card`, the top of the
    Mana Pool that `seat` released last, would have released that card rather than another or going
    out: the seat's last choice read the way a player at the table reads it."""
    from ...rules.actions import Action
    from ...rules.view import make_view
    from .bot import RuneWorksBot
    from .words import PLAY

    then = state.fork()
    then.zones["pool"].cards.pop()
    hand = then.zones[f"hand:{seat}"].cards
    hand.append(card)
    then.phase, then.active, then.pending = PLAY, seat, None
    legal = [Action(seat, "release", (c,)) for c in hand]
    return RuneWorksBot(rng).released(make_view(then, seat, legal, public(then, seat))) == card


def kept_cost(hand: list[int], deck: Deck, seen: Evidence) -> float:
    """What a re-deal weighs a hand by: its cost to go out and what the seat's choices hold against it."""
    return hand_cost(hand, deck) + against(hand, seen)


def sharpen(state: GameState, seat: int, places: Any, rng: Rng, public: Public | None = None) -> None:
    """Each other seat's dealt hand in `state` turned into one a player keeping its best cards could
    hold (module docstring); `places` the view's KNOWN places (None: every unseen card anywhere);
    `public` the game's public_data, to read a seat's last Release by (`would_release`)."""
    turns = min(TURNS, turns_taken(state))
    if turns <= 0 or state.cardset is None:
        return
    deck = deck_of(state.cardset)
    stock = state.zones["stock"].cards
    free: dict[int, tuple[str, ...]] | None = None
    if places is not None:
        free = {}
        for zones, cards in places:
            for card in cards:
                free[card] = tuple(zones)
    releases = state.data.get("releases") or ()
    pool = state.zones["pool"].cards
    for other in range(state.seats):
        name = f"hand:{other}"
        if other == seat or name not in state.zones:
            continue
        hand = state.zones[name].cards
        if not hand or not stock:
            continue
        if state.pending is not None and other in state.pending.commits:
            continue  # its claim was drawn from the hand as dealt (a Call's cards, a Shot it allows)
        reads = rng.random() >= MISREAD
        seen = evidence(state, other, deck) if reads else evidence_none(deck)
        # its last Release still tops the pool and it has not drawn since: the hand is the one it
        # released that card from
        last = releases[-1]["card"] if releases and releases[-1]["seat"] == other else None
        check = reads and public is not None and last is not None and bool(pool) and pool[-1] == last
        dealt = (list(hand), list(stock))
        for attempt in range(TRIES if check else 1):
            if attempt:
                hand[:], stock[:] = dealt
            _keep(hand, stock, name, turns, deck, seen, free, rng)
            if not check or would_release(state, other, last, rng, public):  # type: ignore[arg-type]
                break


def _keep(
    hand: list[int],
    stock: list[int],
    name: str,
    turns: int,
    deck: Deck,
    seen: Evidence,
    free: dict[int, tuple[str, ...]] | None,
    rng: Rng,
) -> None:
    """`turns` turns of a hand kept by `kept_cost`: a card drawn at random from the stock, the card
    whose loss costs least given back, only between places the view allows (`free`)."""

    def may(card: int, zone: str) -> bool:
        return free is None or zone in free.get(card, (zone,))

    for _ in range(turns):
        spots = [i for i, card in enumerate(stock) if may(card, name)]
        if not spots:
            break
        spot = spots[rng.below(len(spots))]
        drawn = stock[spot]
        held = [*hand, drawn]
        choices = [i for i, card in enumerate(held) if i == len(hand) or may(card, "stock")]
        rng.shuffle(choices)  # ties fall at random
        best = min(choices, key=lambda i: kept_cost(held[:i] + held[i + 1 :], deck, seen))
        if best == len(hand):
            continue  # the drawn card was the one to give back: it stays in the stock
        stock[spot], hand[best] = hand[best], drawn

"""The sandbox: any card set on a table with no rules, for a game not yet written as rules.

People take turns at the screen (the seat whose turn it is does anything, then passes), and do what
they would with cards on a real table: move a card they can see from pile to pile or hand to hand,
take the top card of a face-down pile, flip a pile over, spread a pile out or stack it again, shuffle,
deal N to every hand, search a face-down pile in private, roll dice, count points or tokens, close the
table. A `spread` pile of the layout is a mat: each card on it lies where it was put (its spot, in
thousandths of the mat, kept in the state so saves, undo and replays hold it) and is flipped and
turned (tapped) on its own; a face-down card on a mat lies in the mat's hidden companion zone
`NAME:down`, so nobody's view names it. Every
one of those is a move of the engine, so saves, undo (until something is revealed), replays from the
seed, each seat's view (a hand is its owner's; a face-down pile is nobody's) and the hand-off screen
work exactly as in every game. The piles and where they lie come from the set's `sandbox:` section
(layout.py), or a default for any set.

Moves (the default notation, with bare targets; zones are `hand:N`, `search:N` and the piles' names):
`move H7 hand:0>table`, `take deck>hand:1`, `flip deck`, `shuffle deck`, `spread discard`,
`stack discard`, `deal deck*5`, `search deck`, `done` (end a search: the rest goes back, a face-down
pile is shuffled); on a mat, a card by its place in the zone: `flip table@2`, `turn table:down@0`,
`take table:down@0>hand:0`, and a card put at a spot `move H7 hand:0>table@500,250` (x,y from 0 to
1000; the legal list offers each such move once, without a spot, and accepts it at any spot),
`roll`, `count points+` / `count points-`, `pass` (the next seat's turn; none at a table of one),
`close` (end the session). One to six seats: a designer often tries a set alone first.
The session also ends after `limit` moves (a parameter: the bound every game has).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

from cardtable.cardsets import load_for
from cardtable.games import GameEntry, register
from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet
from cardtable.rules.dice import roll
from cardtable.rules.events import Announced, Event, GameEnded, Revealed, Shuffled, TurnStarted
from cardtable.rules.game import (
    LEGAL,
    CardProblem,
    Game,
    Param,
    copy_reason,
    keep_legal,
    seat_has_no_decision,
)
from cardtable.rules.invariants import data_problems
from cardtable.rules.notation import AnyWord, MoveForm, lowest_per_code
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility

from .data import SandboxData, game_data
from .layout import FACES, Layout, LayoutError, layout_of

MAX_DEAL = 13
SPOT_MAX = 1000  # a spot on a mat is x, y in thousandths of the room the mat gives a card
DOWN = ":down"  # a mat's face-down cards lie in the zone NAME:down
SPOT = re.compile(r"(\d{1,4}),(\d{1,4})")


class Moves(list[Action]):
    """A seat's legal moves. A card put on a mat may go to any of a million spots: the list offers
    each such move once without a spot (the mat chooses one) and contains it at every legal spot, so
    the engine, which accepts only what the list contains, accepts a card dropped where it was let go."""

    def __init__(self, actions: list[Action], check: Callable[[Action], str]) -> None:
        super().__init__(actions)
        self._check = check

    def __contains__(self, action: object) -> bool:
        if list.__contains__(self, action):
            return True
        return (
            isinstance(action, Action)
            and action.kind in ("move", "take")
            and "@" in action.target.partition(">")[2]
            and not self._check(action)
        )


def card_sets() -> tuple[str, ...]:
    """Every card set the Setup screen offers: the bundled ones by name, then the designer's own (in
    the user's card sets folder, where `cardtable new-set` puts them) by path. The sandbox has no
    rules, so every set fits it, whatever its template."""
    from cardtable.cardsets.catalog import user_cardsets
    from cardtable.resources import bundled_cardsets

    return tuple(p.stem for p in bundled_cardsets()) + tuple(str(p) for p in user_cardsets())


PARAMS = (
    Param(
        "cardset",
        "standard52",
        "the card set: a bundled name (cards/NAME.yaml) or a path to a YAML file",
        suggest=card_sets,
    ),
    Param(
        "limit",
        100_000,
        "the session closes by itself after this many moves (the bound every game has)",
        minimum=10,
        maximum=1_000_000,
    ),
)


def _split(target: str, mark: str) -> tuple[str, str]:
    left, _, right = target.partition(mark)
    return left, right


# The piles follow from the zone names alone, and why_not asks for them once per candidate move (a
# hundred per position): worked out once per set of names.
@lru_cache(maxsize=256)
def _piles(zone_names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n in zone_names if ":" not in n)


@lru_cache(maxsize=1024)
def _destinations(zone_names: tuple[str, ...], seats: int, src: str) -> tuple[str, ...]:
    hands = [f"hand:{s}" for s in range(seats)]
    return tuple(z for z in (*_piles(zone_names), *hands) if z != src)


class Sandbox(Game):
    """Cards on a table and no rules: every physical thing people do with cards is a move."""

    id = "sandbox"
    title, title_ja = "Sandbox", "サンドボックス"
    description = "Any card set on a table with no rules: move, flip, shuffle, deal, search, roll, count."
    # One seat: a designer tries a set alone first. Nothing here needs a second person (no hand-off
    # with one person, the bots are only for other seats); only Pass has nobody to go to (_why_pass).
    min_seats = 1
    max_seats = 6
    params = PARAMS
    plays_any_set = True
    cardset_name = "standard52"
    target_word = ""
    move_forms: ClassVar[dict[str, MoveForm]] = {
        "move": MoveForm(1, target=AnyWord(), example="move H7 hand:0>table"),
        "take": MoveForm(0, target=AnyWord(), example="take deck>hand:0"),
        "flip": MoveForm(0, target=AnyWord(), example="flip deck"),
        "turn": MoveForm(0, target=AnyWord(), example="turn table@0"),
        "spread": MoveForm(0, target=AnyWord(), example="spread discard"),
        "stack": MoveForm(0, target=AnyWord(), example="stack discard"),
        "shuffle": MoveForm(0, target=AnyWord(), example="shuffle deck"),
        "deal": MoveForm(0, target=AnyWord(), example="deal deck*5"),
        "search": MoveForm(0, target=AnyWord(), example="search deck"),
        "done": MoveForm(0, example="done"),
        "roll": MoveForm(0, example="roll"),
        "count": MoveForm(0, target=AnyWord(), example="count points+"),
        "pass": MoveForm(0, example="pass"),
        "close": MoveForm(0, example="close"),
    }

    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        # The rules read nothing of the cards; only the table's layout must make sense.
        try:
            layout_of(cardset)
        except LayoutError as exc:
            return [(exc.path, exc.reason)]
        return []

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return int(params["limit"])

    def layout(self, state: GameState) -> Layout:
        return layout_of(state.cardset)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        layout = self.layout(state)
        spots: dict[str, list[list[int]]] = {}
        for pile in layout.piles:
            state.add_zone(pile.name, FACES[pile.face])
            if pile.face == "spread":  # a mat, with its face-down cards beside it
                state.add_zone(pile.name + DOWN, Visibility.HIDDEN)
                spots[pile.name] = []
                spots[pile.name + DOWN] = []
        for seat in range(state.seats):
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
            state.add_zone(f"search:{seat}", Visibility.OWNER, seat)
        start = layout.start_pile
        cards = state.zones[start].cards
        cards.extend(range(len(state.cardset.physical())))
        state.rng.shuffle(cards)
        state.data.update(
            SandboxData(
                spots=spots,
                spread=[],
                stamp=0,
                counters={name: [0] * state.seats for name in layout.counters},
                dice=[],
                searching={},
                moves=0,
            )
        )
        events: list[Event] = [Shuffled(start, len(cards))]
        if layout.deal:
            events += self._deal(state, start, min(layout.deal, len(cards) // state.seats), 0)
        state.active = 0
        state.phase = "play"
        events.append(TurnStarted(0))
        return events

    # -- mats: cards where they were put ------------------------------------------------------
    def mats(self, state: GameState) -> tuple[str, ...]:
        """The piles that are mats (each has its face-down companion zone)."""
        return tuple(p for p in self.piles(state) if p + DOWN in state.zones)

    def _auto_spot(self, state: GameState, mat: str) -> tuple[int, int]:
        """Where a card put on a mat without a spot lies: the next place of a grid, row by row."""
        count = len(state.zones[mat].cards) + len(state.zones[mat + DOWN].cards)
        return (count % 11) * 90, (count // 11) * 250 % SPOT_MAX

    def _place(
        self, state: GameState, card: int, src: str, dst: str, why: str, spot: tuple[int, int] | None
    ) -> Event:
        """Move one card, keeping the mats' spots beside their cards: it leaves its spot on a mat it
        comes from, and lies at `spot` (or the mat's next place) on a mat it goes to, on top."""
        data = game_data(state)
        spots = data["spots"]
        turned = 0
        if src in spots:
            turned = spots[src].pop(state.zones[src].cards.index(card))[2]
        if dst in spots and spot is None:
            spot = self._auto_spot(state, dst.removesuffix(DOWN))
        event = state.move([card], src, dst, why)
        if dst in spots:
            assert spot is not None
            data["stamp"] += 1
            keep = turned if why == "flip" or src.removesuffix(DOWN) == dst.removesuffix(DOWN) else 0
            spots[dst].append([spot[0], spot[1], keep, data["stamp"]])
        return event

    def _deal(self, state: GameState, pile: str, count: int, first: int) -> list[Event]:
        """`count` cards to each hand from the top of `pile`, one at a time round the table."""
        events: list[Event] = []
        cards = state.zones[pile].cards
        for _ in range(count):
            for step in range(state.seats):
                seat = (first + step) % state.seats
                events.append(state.move([cards[-1]], pile, f"hand:{seat}", "deal"))
        return events

    # -- what each seat may do ---------------------------------------------------------------
    def piles(self, state: GameState) -> tuple[str, ...]:
        """The table's piles (every zone but the seats' hands and search zones and the mats'
        face-down companions)."""
        return _piles(tuple(state.zones))

    def seen_cards(self, state: GameState, seat: int, zone: str) -> list[int]:
        """The cards of `zone` that `seat` sees, which it may move by name."""
        pile = state.zones[zone]
        if pile.sees_all(seat):
            return list(pile.cards)
        if pile.visibility is Visibility.TOP_PUBLIC and pile.cards:
            return [pile.cards[-1]]
        return []

    def _slot(self, state: GameState, target: str) -> tuple[str, int] | None:
        """`mat@i` or `mat:down@i`: the zone and the card's index in it, if there is such a card."""
        zone, mark, index = target.partition("@")
        if not mark or zone not in game_data(state)["spots"] or not index.isdigit():
            return None
        if int(index) >= len(state.zones[zone].cards) or index != str(int(index)):
            return None
        return zone, int(index)

    def _dest(self, state: GameState, src: str, dst: str) -> tuple[str, tuple[int, int] | None] | None:
        """Where a card goes: a pile or a hand, or a mat (`mat` or `mat@x,y`); None if nowhere."""
        where, mark, at = dst.partition("@")
        spot = None
        if mark:
            match = SPOT.fullmatch(at)
            if match is None or where not in self.mats(state):
                return None
            spot = (int(match[1]), int(match[2]))
            if max(spot) > SPOT_MAX or at != f"{spot[0]},{spot[1]}":
                return None
        elif where == src:
            return None
        home = src.removesuffix(DOWN)
        if where != home and where not in self.destinations(state, home):
            return None
        if where in self.mats(state) and src.endswith(DOWN):
            where += DOWN  # a face-down card stays face down on the mat it goes to
        return where, spot

    def sources(self, state: GameState, seat: int) -> list[str]:
        searching = game_data(state)["searching"].get(str(seat))
        if searching is not None:
            return [f"search:{seat}"]  # a search is finished before anything else
        return [*self.piles(state), f"hand:{seat}"]

    def destinations(self, state: GameState, src: str) -> tuple[str, ...]:
        return _destinations(tuple(state.zones), state.seats, src)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every move the rules below pass: card moves as generated, the rest from a generous list of
        candidates, each kept when its rule passes it."""
        if seat_has_no_decision(state, seat):
            return []
        # The card moves are a fast generator whose filter is _why_move's own predicate (a card the
        # seat sees, the lowest copy of its code, from a source to one of its destinations): a
        # hundred and more per position, each of which asking the rule again would only re-derive.
        # tests/test_legality.py holds every one to the rule.
        moves = self._card_moves(state, seat) + keep_legal(self.why_not, state, self._candidates(state, seat))
        return Moves(moves, lambda action: self.why_not(state, action))

    def _card_moves(self, state: GameState, seat: int) -> list[Action]:
        assert state.cardset is not None
        out: list[Action] = []
        for src in self.sources(state, seat):
            for card in lowest_per_code(state.cardset, self.seen_cards(state, seat, src)):
                out += [
                    Action(seat, "move", (card,), f"{src}>{dst}") for dst in self.destinations(state, src)
                ]
        return out

    def _candidates(self, state: GameState, seat: int) -> list[Action]:
        """Every move but the card moves, in the order they are offered."""
        data = game_data(state)
        out: list[Action] = []
        out.append(Action(seat, "done"))
        mats = self.mats(state)
        for mat in mats:
            for zone in (mat, mat + DOWN):
                for i in range(len(state.zones[zone].cards)):
                    out += [Action(seat, kind, (), f"{zone}@{i}") for kind in ("flip", "turn")]
                    if zone != mat:
                        out += [
                            Action(seat, "take", (), f"{zone}@{i}>{dst}")
                            for dst in self.destinations(state, mat)
                        ]
        for pile in self.piles(state):
            if pile in mats:
                continue
            cards = state.zones[pile].cards
            out += [Action(seat, "take", (), f"{pile}>{dst}") for dst in self.destinations(state, pile)]
            out += [Action(seat, kind, (), pile) for kind in ("flip", "spread", "stack", "shuffle")]
            top = min(MAX_DEAL, len(cards) // state.seats)
            out += [Action(seat, "deal", (), f"{pile}*{n}") for n in range(1, top + 1)]
            out.append(Action(seat, "search", (), pile))
        out.append(Action(seat, "roll"))
        for name in data["counters"]:
            out += [Action(seat, "count", (), f"{name}+"), Action(seat, "count", (), f"{name}-")]
        out += [Action(seat, "pass"), Action(seat, "close")]
        return out

    # -- one rule per move ---------------------------------------------------------------------
    def why_not(self, state: GameState, action: Action) -> str:
        if state.over:
            return "the game is over"
        if seat_has_no_decision(state, action.seat):
            return f"it is Player {(state.active or 0) + 1}'s turn"
        rule = self.RULES.get(action.kind)
        if rule is None:
            return f"{action.kind} is not allowed now"
        if action.kind != "move" and action.cards:
            return f"{action.kind} names no card"
        searching = str(action.seat) in game_data(state)["searching"]
        if searching and action.kind not in ("move", "done"):
            return "finish the search first (done)"
        return rule(self, state, action)

    def _why_move(self, state: GameState, action: Action) -> str:
        """A card you can see, to another pile or a hand."""
        src, dst = _split(action.target, ">")
        if len(action.cards) != 1 or src not in self.sources(state, action.seat):
            return "you can only move a card you can see, to another pile or hand"
        if self._dest(state, src, dst) is None:
            return "you can only move a card you can see, to another pile or hand"
        seen = self.seen_cards(state, action.seat, src)
        if action.cards[0] not in seen:
            return "you can only move a card you can see, to another pile or hand"
        if src in self.mats(state) and "@" in dst:
            return LEGAL  # moved on its mat (or to another) to a spot: that very card, where it lies
        return copy_reason(state, action.cards[0], seen)

    def _why_take(self, state: GameState, action: Action) -> str:
        """The top card of a pile whose top nobody sees."""
        src, dst = _split(action.target, ">")
        if "@" in src:  # a face-down card lying on a mat
            slot = self._slot(state, src)
            if slot is None or not slot[0].endswith(DOWN) or self._dest(state, slot[0], dst) is None:
                return "take from a pile to another pile or a hand"
            return LEGAL
        if src not in self.piles(state) or src in self.mats(state) or "@" in dst:
            return "take from a pile to another pile or a hand"
        if dst not in self.destinations(state, src):
            return "take from a pile to another pile or a hand"
        if not state.zones[src].cards:
            return "that pile is empty"
        if self.seen_cards(state, action.seat, src):
            return "its top card shows: move that card instead"
        return LEGAL

    def _why_card(self, state: GameState, action: Action) -> str:
        """Flip or turn (tap) one card lying on a mat."""
        if self._slot(state, action.target) is None:
            return "flip or turn a card on a mat, or flip a pile"
        return LEGAL

    def _why_pile(self, state: GameState, action: Action) -> str:
        """Flip, shuffle, spread, stack or search a pile (a mat's cards are flipped one by one)."""
        if "@" in action.target and action.kind in ("flip", "turn"):
            return self._why_card(state, action)
        if action.kind == "turn":
            return "flip or turn a card on a mat, or flip a pile"
        if action.target not in self.piles(state):
            return f"{action.target!r} is not a pile"
        if action.target in self.mats(state):
            return "a card on a mat lies where it was put: flip or turn it on its own"
        spread = action.target in game_data(state)["spread"]
        if action.kind == "spread" and spread:
            return "that pile is spread out already"
        if action.kind == "stack" and not spread:
            return "that pile is stacked already"
        cards = state.zones[action.target].cards
        if action.kind in ("flip", "search") and not cards:
            return "that pile is empty"
        if action.kind == "shuffle" and len(cards) < 2:
            return "there is nothing to shuffle"
        if action.kind == "search" and state.zones[action.target].visibility is Visibility.PUBLIC:
            return "every card of that pile shows already"
        return LEGAL

    def _why_deal(self, state: GameState, action: Action) -> str:
        """N cards from a pile to every hand."""
        pile, count = _split(action.target, "*")
        if pile not in self.piles(state) or pile in self.mats(state):
            return f"deal from a pile, 1 to {MAX_DEAL} cards to each hand"
        if not count.isdigit() or not 1 <= int(count) <= MAX_DEAL:
            return f"deal from a pile, 1 to {MAX_DEAL} cards to each hand"
        if int(count) * state.seats > len(state.zones[pile].cards):
            return "not enough cards in that pile"
        return LEGAL

    def _why_done(self, state: GameState, action: Action) -> str:
        """End a search."""
        return LEGAL if str(action.seat) in game_data(state)["searching"] else "you are not searching"

    def _why_count(self, state: GameState, action: Action) -> str:
        """One up or down on one of your counters."""
        name, sign = action.target[:-1], action.target[-1:]
        if name not in game_data(state)["counters"] or sign not in ("+", "-"):
            return "no such counter"
        return LEGAL

    def _why_free(self, state: GameState, action: Action) -> str:
        """Roll, close: always possible on your turn."""
        return LEGAL if not action.target else f"{action.kind} takes no target"

    def _why_pass(self, state: GameState, action: Action) -> str:
        """The turn to the next seat, when there is one (a table of one keeps its turn)."""
        if state.seats == 1:
            return "there is nobody to pass to"
        return self._why_free(state, action)

    RULES: ClassVar[dict[str, Callable[[Sandbox, GameState, Action], str]]] = {
        "move": _why_move,
        "take": _why_take,
        "flip": _why_pile,
        "turn": _why_pile,
        "spread": _why_pile,
        "stack": _why_pile,
        "shuffle": _why_pile,
        "search": _why_pile,
        "deal": _why_deal,
        "done": _why_done,
        "count": _why_count,
        "roll": _why_free,
        "pass": _why_pass,
        "close": _why_free,
    }

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        src, _ = _split(target, ">")
        src = src.partition("@")[0]
        return self.seen_cards(state, seat, src) if src in state.zones else []

    # -- doing it ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        data = game_data(state)
        seat, kind = action.seat, action.kind
        events: list[Event] = []
        data["moves"] += 1
        if kind in ("move", "take"):
            src, dst = _split(action.target, ">")
            slot = self._slot(state, src)
            where = self._dest(state, slot[0] if slot else src, dst)
            assert where is not None  # why_not passed it
            if slot is not None:
                src, card = slot[0], state.zones[slot[0]].cards[slot[1]]
            else:
                card = action.cards[0] if kind == "move" else state.zones[src].cards[-1]
            events.append(self._place(state, card, src, where[0], kind, where[1]))
        elif kind == "flip" and "@" in action.target:
            events += self._flip_card(state, seat, action.target)
        elif kind == "flip":
            events += self._flip(state, seat, action.target)
        elif kind == "turn":
            zone, index = self._slot(state, action.target) or ("", 0)
            spot = data["spots"][zone][index]
            spot[2] = 1 - spot[2]
            mat = zone.removesuffix(DOWN)
            events.append(Announced("turn", seat, {"pile": mat, "turned": bool(spot[2]), "at": index}))
        elif kind in ("spread", "stack"):
            events += self._spread(state, seat, action.target, kind == "spread")
        elif kind == "shuffle":
            cards = state.zones[action.target].cards
            state.rng.shuffle(cards)
            events.append(Shuffled(action.target, len(cards)))
        elif kind == "deal":
            pile, count = _split(action.target, "*")
            events += self._deal(state, pile, int(count), seat)
        elif kind == "search":
            data["searching"][str(seat)] = action.target
            cards = list(state.zones[action.target].cards)
            events.append(state.move(cards, action.target, f"search:{seat}", "search"))
        elif kind == "done":
            pile = data["searching"].pop(str(seat))
            rest = list(state.zones[f"search:{seat}"].cards)
            if rest:
                events.append(state.move(rest, f"search:{seat}", pile, "search"))
            if state.zones[pile].visibility is Visibility.HIDDEN and len(state.zones[pile].cards) > 1:
                state.rng.shuffle(state.zones[pile].cards)
                events.append(Shuffled(pile, len(state.zones[pile].cards)))
        elif kind == "roll":
            results, event = roll(state, seat, self.layout(state).dice, 6, "sandbox")
            data["dice"] = list(results)
            events.append(event)
        elif kind == "count":
            name, sign = action.target[:-1], action.target[-1]
            data["counters"][name][seat] += 1 if sign == "+" else -1
            events.append(Announced("count", seat, {"counter": name, "value": data["counters"][name][seat]}))
        elif kind == "pass":
            state.active = (seat + 1) % state.seats
            data["moves"] = 0
            events.append(TurnStarted(state.active))
        elif kind == "close":
            self._close(state, events)
        points = data["counters"].get("points")
        state.scores = list(points) if points is not None else [0] * state.seats
        if not state.over and len(state.history) + 1 >= int(state.params["limit"]):
            self._close(state, events)  # the bound: the session closes with this move
        return events

    def _flip_card(self, state: GameState, seat: int, target: str) -> list[Event]:
        """Turn one card on a mat over where it lies: face down it goes to the mat's hidden zone."""
        zone, index = self._slot(state, target) or ("", 0)
        card = state.zones[zone].cards[index]
        mat = zone.removesuffix(DOWN)
        up = zone != mat
        spot = game_data(state)["spots"][zone][index]
        moved = self._place(state, card, zone, mat if up else mat + DOWN, "flip", (spot[0], spot[1]))
        return [moved, Announced("flip", seat, {"pile": mat, "up": up, "card": True})]

    def _spread(self, state: GameState, seat: int, pile: str, out: bool) -> list[Event]:
        """Lay a pile out side by side (a face-up pile then shows every card) or gather it again."""
        spread = game_data(state)["spread"]
        zone = state.zones[pile]
        events: list[Event] = []
        if out:
            spread.append(pile)
            spread.sort()
            if zone.visibility is Visibility.TOP_PUBLIC:
                zone.visibility = Visibility.PUBLIC
                events.append(Revealed(seat, tuple(zone.cards), pile, "spread"))
        else:
            spread.remove(pile)
            if zone.visibility is Visibility.PUBLIC:
                zone.visibility = Visibility.TOP_PUBLIC
        return [*events, Announced("spread", seat, {"pile": pile, "spread": out})]

    def _flip(self, state: GameState, seat: int, pile: str) -> list[Event]:
        """Turn a whole pile over: its order reverses and a face-down pile shows (or hides) its faces."""
        zone = state.zones[pile]
        spec = self.layout(state).pile(pile)
        zone.cards.reverse()
        if zone.visibility is Visibility.HIDDEN:
            spread = pile in game_data(state)["spread"]
            zone.visibility = FACES["spread" if spread else spec.up_face if spec is not None else "up"]
            shown = tuple(zone.cards if zone.visibility is Visibility.PUBLIC else zone.cards[-1:])
            return [Announced("flip", seat, {"pile": pile, "up": True}), Revealed(seat, shown, pile, "flip")]
        zone.visibility = Visibility.HIDDEN
        return [Announced("flip", seat, {"pile": pile, "up": False})]

    def _close(self, state: GameState, events: list[Event]) -> None:
        state.over = True
        state.undo_floor = len(state.history) + 1  # a closed table is not reopened by undo
        state.active = None
        points = game_data(state)["counters"].get("points")
        scores = list(points) if points is not None else [0] * state.seats
        state.scores = scores
        best = max(scores)
        state.winners = (
            tuple(s for s in range(state.seats) if scores[s] == best) if points is not None else ()
        )
        events.append(GameEnded(state.winners, tuple(scores)))

    # -- what a view shows -------------------------------------------------------------------
    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        data = game_data(state)
        return {
            "spots": {k: [list(s) for s in v] for k, v in data["spots"].items()},
            "spread": list(data["spread"]),
            "counters": {k: list(v) for k, v in data["counters"].items()},
            "dice": list(data["dice"]),
            "searching": dict(data["searching"]),
            "moves": data["moves"],
        }

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        limit = int(state.params["limit"])
        return (-limit, limit)

    def scored_by_points(self, params: dict[str, Any]) -> bool:
        return True

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, SandboxData)
        data = game_data(state)
        for seat in range(state.seats):
            if str(seat) not in data["searching"] and state.zones[f"search:{seat}"].cards:
                problems.append(f"search:{seat} holds cards with no search open")
        for zone, spots in data["spots"].items():
            if zone not in state.zones or len(spots) != len(state.zones[zone].cards):
                problems.append(f"{zone}: {len(spots)} spots for its cards")
            elif any(not (0 <= x <= SPOT_MAX and 0 <= y <= SPOT_MAX and t in (0, 1)) for x, y, t, _ in spots):
                problems.append(f"{zone}: a spot off the mat")
        return problems


register(
    GameEntry(
        rules=Sandbox(),
        bots={"heuristic": "cardtable.games.sandbox.bot:SandboxBot"},
        table="cardtable.ui.scenes.sandbox_table:SandboxTable",
        variants=({"limit": 60}, {"limit": 40, "cardset": "sainome"}),
        setup_options=("cardset",),
        menu_order=90,
    )
)

"""Lyabi's moves, one rule each: what `legal_actions` offers and why a move is refused.

Each `_why_not_<kind>` answers LEGAL ("") or the reason in a player's words; `legal_actions` builds
the candidates and keeps those the rule passes (rules/game.py `keep_legal`), so the moves offered and
the reasons given come from one rule. Copies of a card: a move names the lowest-numbered copies of
each code in the hand (so every text parses back to the same move).

The paying moves (buy, change, circle, item, charge) are the hot path of a bot's search, so their
generators are fast ones (rules/game.py): a rule is the phase, then `_paid` (the cards paid), then
the move's own terms (`_<kind>_terms`: the pile, the cost), and each checker runs them in that
order. A generator asks the phase once, pays only with `payments()` (hand lyabi, the lowest copies of
each code: what `_paid` passes, by construction) and keeps the targets the move's own terms pass,
asked once per sum paid, since the terms read only the sum and the target.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product
from typing import ClassVar

from ...rules import blind
from ...rules.actions import Action
from ...rules.effects import EffectDecisions
from ...rules.effects.timing import USE, window_actions
from ...rules.game import LEGAL, keep_legal, seat_has_no_decision
from ...rules.state import GameState
from ...rules.zones import Zone
from .cards import Table, table_of
from .host import CIRCLES, HAND, Host, supply
from .params import CIRCLE_LEVELS
from .words import pool_text

PICK, MAIN, ITEM, BATTLE, WINDOW = "pick", "main", "item", "battle", "window"
DECISIONS = EffectDecisions({"card": "source"})  # an item effect's choice (gain, recolour)


def _table(state: GameState) -> Table:
    assert state.cardset is not None
    return table_of(state.cardset)


def hand_lyabi(state: GameState, seat: int) -> list[int]:
    """The lyabi in a seat's hand (the Dummy is not paid or charged)."""
    table = _table(state)
    return [c for c in state.zones[f"hand:{seat}"].cards if table.of(c).kind == "lyabi"]


def payments(state: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty set of hand lyabi, copies named by their lowest ids, smallest first."""
    return paid_sets(state, seat)[0]


def paid_sets(state: GameState, seat: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """`payments`, and the sum of the costs each one pays."""
    table = _table(state)
    # A hand is asked about again and again (the main, item and battle phases of one round, a
    # search's many playouts): the answer, which reads only the hand's lyabi and the table, is
    # remembered with the table (so with its card set), by the hand's lyabi in id order (not the
    # Dummy: it joins the hand before the battle, whose charges then pay as the item phase did).
    lyabi = table.lyabi_ids
    held = tuple(sorted([c for c in state.zones[HAND[seat]].cards if c in lyabi]))
    seen = table.paid_by_hand
    hit = seen.get(held)
    if hit is not None:
        return hit
    rules = table.card
    hand = list(held)  # hand_lyabi, in id order
    # A new hand of a shape met before (the same codes in the same id order: most hands of a game
    # are new, few shapes are) pays as that shape did, naming the cards at the same places of the
    # hand: places map to ids in order, so the payments keep their order, and every copy of a code
    # costs the same (codes are unique in a set).
    shape = tuple([rules[c].code for c in hand])
    shapes = table.paid_by_shape
    places = shapes.get(shape)
    if places is None:
        places = shapes[shape] = _payment_places(shape, table)
    if len(seen) >= _PAYMENTS_KEPT:
        seen.clear()
        shapes.clear()
    at = hand.__getitem__
    hit = seen[held] = (tuple([tuple(map(at, each)) for each in places[0]]), places[1])
    return hit


def _payment_places(
    shape: tuple[str, ...], table: Table
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The payments of a hand of lyabi with these codes in id order, as places in the hand: every
    non-empty choice of the first copies of each code, smallest first, then in order; and the sum
    each pays."""
    by_code: dict[str, list[int]] = {}
    for place, code in enumerate(shape):
        by_code.setdefault(code, []).append(place)
    groups = list(by_code.values())
    out = []
    for counts in product(*[range(len(g) + 1) for g in groups]):
        places = tuple(sorted(p for g, n in zip(groups, counts, strict=True) for p in g[:n]))
        if places:
            out.append(places)
    out.sort()
    out.sort(key=len)  # a stable sort: by size, then as sorted before (by the places)
    cost = [table.rules_of_code(code).cost for code in shape]
    return tuple(out), tuple([sum([cost[p] for p in places]) for places in out])


# An Action built from its four fields at C speed (a NamedTuple's own constructor is a Python
# function): the main phase builds some thirty per decision, every field given (as rules/view.py
# builds its views).
_action: Callable[[type[Action], tuple[int, str, tuple[int, ...], str]], Action] = tuple.__new__  # type: ignore[assignment]
_PAYMENTS_KEPT = 4096  # hands remembered per table before the memory starts over
_TERMS_KEPT = 4096  # answers of the main phase's terms remembered per table (Table.terms_by_pool)
_CIRCLE_POOLS = tuple(f"circles_pool:{level}" for level in CIRCLE_LEVELS)  # what _circle_pile reads


def _circle_costs(table: Table) -> dict[int, int]:
    """Each circle level's cost, worked out once per card table."""
    costs = table.circle_costs
    if not costs:
        costs.update({level: table.circle_cost(level) for level in CIRCLE_LEVELS})
    return costs


def _lowest_copies(table: Table, hand: list[int], cards: tuple[int, ...]) -> bool:
    """Whether `cards` (distinct, all in the hand) are, for each code, the lowest-numbered copies of it
    in the hand (what `payments` offers), so every move text parses back to the same move."""
    wanted: dict[str, int] = {}
    for card in cards:
        code = table.of(card).code
        wanted[code] = wanted.get(code, 0) + 1
    # One pass over the hand in id order: a copy of a wanted code below one of the cards named
    # must itself be named.
    named = set(cards)
    for card in sorted(hand):
        code = table.of(card).code
        left = wanted.get(code, 0)
        if left:
            if card not in named:
                return False
            wanted[code] = left - 1
    return True


class LyabiMoves:
    """The rules of each move (mixed into the Lyabi rules)."""

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        pending = state.pending
        if pending is not None:
            if pending.kind == BATTLE:
                return self._commit_options(state, seat)
            if pending.kind == WINDOW:
                return window_actions(seat)
            return DECISIONS.actions(state, seat, Host(state, []).resolver())
        if state.phase == PICK:
            pile = state.zones["circles_pool:0"].cards
            return keep_legal(
                self._why_not_pick, state, [Action(seat, "pick", (), p) for p in blind.places(pile)]
            )
        if state.phase == MAIN:
            return [*self._main_options(state, seat), Action(seat, "pass")]
        if state.phase == ITEM:
            return [*self._item_options(state, seat), Action(seat, "pass")]
        return []

    # Fast generators (module docstring): the phase once, payments() for `_paid`, then each move's
    # own terms, the very functions its checker ends with. What the terms answer for a sum paid reads
    # only the piles (the costs of their top cards, or which are empty) and the parameters: it is
    # remembered with the table under those (`Table.terms_by_pool`), so a pool asked about again (the
    # next main phase of a round, a search's playouts) costs a lookup per sum, not the terms of every code.
    def _main_options(self, state: GameState, seat: int) -> list[Action]:
        if self._phase(state, MAIN, "acquiring lyabi"):
            return []
        table = _table(state)
        pays, paid = paid_sets(state, seat)
        zones = state.zones
        terms = table.terms_by_pool
        if len(terms) >= _TERMS_KEPT:
            terms.clear()
        # The pool as the buy and change terms read it: the cost of each pile's top card (-1 empty,
        # None missing): a pile's top card is read for its cost alone, so pools whose piles differ
        # only in which copy is on top share their answers.
        costs = table.costs
        piles = [zones.get(name) for _, name in table.supply_zones]
        tops = tuple([None if z is None else costs[z.cards[-1]] if z.cards else -1 for z in piles])
        # The answers for this pool, by sum paid (the pool's key is hashed once per call, not per sum).
        bought_by = terms.get(("buy", tops))
        if bought_by is None:
            bought_by = terms[("buy", tops)] = {}
        priced: list[tuple[str, tuple[str, int]]] | None = None  # each pile's part of buying, if asked
        out: list[Action] = []
        add = out.append  # a loop of appends, not a list built per payment (most add one or none)
        for cards, value in zip(pays, paid, strict=True):
            bought = bought_by.get(value)
            if bought is None:
                if priced is None:  # each pile's part of the terms is asked once
                    priced = [
                        (code, price)
                        for (code, _), pile in zip(table.supply_zones, piles, strict=True)
                        if not (price := self._buy_pile(table, code, pile))[0]
                    ]
                bought = bought_by[value] = [
                    code for code, price in priced if not self._buy_price(price, code, value)
                ]
            for code in bought:
                add(_action(Action, (seat, "buy", cards, code)))
        # Change: the candidates are narrowed by cost (piles left, cheaper than the card paid, pairs of
        # different costs), then each kept when the terms of change pass it.
        take_none = state.params["change_may_take_none"]
        picked_by = terms.get(("change", tops, take_none))
        if picked_by is None:
            picked_by = terms[("change", tops, take_none)] = {}
        for cards, value in zip(pays, paid, strict=True):
            if len(cards) != 1:
                break  # the payments come smallest first: no other pays exactly 1 lyabi
            picked = picked_by.get(value)
            if picked is None:
                codes = table.lyabi_codes
                cost = {c: table.rules_of_code(c).cost for c in codes if zones[supply(c)].cards}
                below = [c for c in cost if cost[c] < value]
                pairs = [list(p) for p in combinations(below, 2) if cost[p[0]] != cost[p[1]]]
                texts = [pool_text(p, codes) for p in [[], *[[c] for c in below], *pairs]]
                picked = picked_by[value] = [
                    t for t in texts if not self._change_terms(state, table, value, t)
                ]
            for text in picked:
                add(_action(Action, (seat, "change", cards, text)))
        mine = zones[CIRCLES[seat]].cards
        limit = int(state.params["max_circles"])
        # The circles a move may remove, remembered per table by the circles placed and the limit.
        key = (tuple(mine), limit)
        kept = table.drops_by_circles
        drops = kept.get(key)
        if drops is None:
            if len(kept) >= _TERMS_KEPT:
                kept.clear()
            # At the limit, one circle of each code is named (its lowest copy); else none is.
            full = len(mine) >= limit
            lowest = sorted({table.of(c).code: c for c in sorted(mine, reverse=True)}.values())
            drops = kept[key] = [
                d
                for d in ([(c,) for c in lowest] if full else [()])
                if not self._circle_drop(state, table, mine, d)
            ]
        if not drops:
            return out
        # The circle piles as their terms read them: which are left (None missing, False empty).
        pools = tuple([None if (z := zones.get(name)) is None else bool(z.cards) for name in _CIRCLE_POOLS])
        placed_by = terms.get(("circle", pools))
        if placed_by is None:
            placed_by = terms[("circle", pools)] = {}
        for cards, value in zip(pays, paid, strict=True):
            placed = placed_by.get(value)
            if placed is None:
                levels = [(str(lv), self._circle_pile(state, table, str(lv))) for lv in CIRCLE_LEVELS]
                placed = placed_by[value] = [
                    lv for lv, pile in levels if not self._circle_price(pile, lv, value)
                ]
            if not placed:
                continue
            for drop in drops:  # a payment is sorted already; a circle removed is sorted in
                named = tuple(sorted(cards + drop)) if drop else cards
                for level in placed:
                    add(_action(Action, (seat, "circle", named, level)))
        return out

    def _item_options(self, state: GameState, seat: int) -> list[Action]:
        if self._phase(state, ITEM, "acquiring an item"):
            return []
        table = _table(state)
        pays, paid = paid_sets(state, seat)
        terms: dict[int, bool] = {}  # sum paid -> whether the item's terms pass it (asked once per sum)
        out = []
        for cards, value in zip(pays, paid, strict=True):
            ok = terms.get(value)
            if ok is None:
                ok = terms[value] = not self._item_terms(state, table, value)
            if ok:
                out.append(Action(seat, "item", cards))
        return out

    def _commit_options(self, state: GameState, seat: int) -> list[Action]:
        # The battle phase is what legal_actions found pending; a charge names 1 or 2 cards and no
        # target, as the generator builds it: the payments come smallest first, so it stops at 3.
        table = _table(state)
        out = []
        for cards in payments(state, seat):
            if len(cards) > 2:
                break
            if not self._charge_terms(table, cards):
                out.append(Action(seat, "charge", cards))
        out.append(Action(seat, "dummy"))
        return out

    def why_not(self, state: GameState, action: Action) -> str:
        if seat_has_no_decision(state, action.seat):
            return f"Player {action.seat + 1} has nothing to decide now"
        pending = state.pending
        if pending is not None and pending.kind not in (BATTLE, WINDOW):
            if action in self.legal_actions(state, action.seat):
                return LEGAL
            return f"first answer the {pending.kind} decision"
        rule = self.RULES.get(action.kind)
        return rule(self, state, action) if rule is not None else f"{action.kind} is not a move of Lyabi"

    # -- the rules --------------------------------------------------------------------------
    def _paid(self, state: GameState, action: Action, cards: tuple[int, ...]) -> str:
        """The part of every payment's rule: lyabi from your hand, the lowest-numbered copies."""
        table = _table(state)
        hand = state.zones[f"hand:{action.seat}"].cards
        for card in cards:
            if card not in hand:
                return f"{table.of(card).code} is not in your hand"
            if table.of(card).kind != "lyabi":
                return f"{table.of(card).code} is not a lyabi: only lyabi are paid or charged"
        if len(set(cards)) != len(cards) or not _lowest_copies(table, hand, cards):
            return "a move names the lowest-numbered copies of a card"
        return LEGAL

    def _phase(self, state: GameState, phase: str, what: str) -> str:
        if state.pending is not None or state.phase != phase:
            return f"{what} is done in the {phase} phase"
        return LEGAL

    def _why_not_pick(self, state: GameState, action: Action) -> str:
        """Setup: take one Lv0 circle from the face-down pile without looking (by its place)."""
        if bad := self._phase(state, PICK, "picking a Lv0 circle"):
            return bad
        if action.cards:
            return "a blind pick names a place in the pile, not a card"
        return blind.place_reason(state.zones["circles_pool:0"].cards, action.target)

    def _why_not_buy(self, state: GameState, action: Action) -> str:
        """Method (a): 1 or more lyabi from hand; one lyabi whose cost is at most their sum."""
        if bad := self._phase(state, MAIN, "acquiring lyabi"):
            return bad
        if not action.cards:
            return "pay with 1 or more lyabi from your hand"
        if bad := self._paid(state, action, action.cards):
            return bad
        table = _table(state)
        paid = sum(table.of(c).cost for c in action.cards)
        return self._buy_terms(table, action.target, state.zones.get(supply(action.target)), paid)

    def _buy_terms(self, table: Table, code: str, pile: Zone | None, paid: int) -> str:
        """The rest of buying, once the cards paid are good: `code`'s pile of the pool (`pile`) with
        one left costing at most the sum paid."""
        return self._buy_price(self._buy_pile(table, code, pile), code, paid)

    def _buy_pile(self, table: Table, code: str, pile: Zone | None) -> tuple[str, int]:
        """The pile's part of buying: why not ("" when one is left), and the cost of the one on top."""
        if pile is None:
            return f"{code} is not a lyabi of the pool", 0
        if not pile.cards:
            return f"no {code} is left in the pool", 0
        return LEGAL, table.of(pile.cards[-1]).cost

    def _buy_price(self, pile: tuple[str, int], code: str, paid: int) -> str:
        """The rest of buying: the pile's answer, then a cost of at most the sum paid."""
        bad, cost = pile
        if bad:
            return bad
        if cost > paid:
            return f"{code} costs {cost}: you pay only {paid}"
        return LEGAL

    def _why_not_change(self, state: GameState, action: Action) -> str:
        """Method (b): exactly 1 lyabi from hand; up to 2 lyabi each cheaper than it, of different costs."""
        if bad := self._phase(state, MAIN, "making change"):
            return bad
        if len(action.cards) != 1:
            return "making change pays exactly 1 lyabi"
        if bad := self._paid(state, action, action.cards):
            return bad
        table = _table(state)
        return self._change_terms(state, table, table.of(action.cards[0]).cost, action.target)

    def _change_terms(self, state: GameState, table: Table, paid: int, target: str) -> str:
        """The rest of making change, once the card paid is good: what it takes for `paid`."""
        codes = [c for c in target.split("+") if c]
        if not codes and not state.params["change_may_take_none"]:
            return "making change takes at least 1 lyabi"
        if len(codes) > 2:
            return "making change takes at most 2 lyabi"
        costs = []
        for code in codes:
            pile = state.zones.get(supply(code))
            if pile is None:
                return f"{code} is not a lyabi of the pool"
            if not pile.cards:
                return f"no {code} is left in the pool"
            cost = table.of(pile.cards[-1]).cost
            if cost >= paid:
                return f"{code} costs {cost}: making change takes only lyabi cheaper than the {paid} paid"
            costs.append(cost)
        if len(costs) == 2 and costs[0] == costs[1]:
            return "making change cannot take 2 lyabi of the same cost"
        if target != pool_text(codes, table.lyabi_codes):
            return f"write the lyabi taken in the pool's order: {pool_text(codes, table.lyabi_codes)}"
        return LEGAL

    def _why_not_circle(self, state: GameState, action: Action) -> str:
        """Place a circle: 1 or more lyabi from hand; the top circle of a level costing at most their
        sum. At the limit of circles, name one of yours: it is removed from the game first (R7)."""
        if bad := self._phase(state, MAIN, "placing a circle"):
            return bad
        table = _table(state)
        mine = state.zones[f"circles:{action.seat}"].cards
        dropped = tuple(c for c in action.cards if c in mine)
        paid_cards = tuple(c for c in action.cards if c not in mine)
        if not paid_cards:
            return "pay with 1 or more lyabi from your hand"
        if bad := self._paid(state, action, paid_cards):
            return bad
        if bad := self._circle_drop(state, table, mine, dropped):
            return bad
        return self._circle_terms(state, table, action.target, sum(table.of(c).cost for c in paid_cards))

    def _circle_drop(self, state: GameState, table: Table, mine: list[int], dropped: tuple[int, ...]) -> str:
        """The circle removed (R7): one of yours, its lowest copy, exactly when you are at the limit."""
        full = len(mine) >= int(state.params["max_circles"])
        if full and len(dropped) != 1:
            return f"you have {len(mine)} circles: name the one you remove from the game"
        if not full and dropped:
            return "you remove a circle only when you have the most you may place"
        if dropped and dropped[0] != min(c for c in mine if table.of(c).code == table.of(dropped[0]).code):
            return "a move names the lowest-numbered copy of a circle"
        return LEGAL

    def _circle_terms(self, state: GameState, table: Table, level: str, paid: int) -> str:
        """The rest of placing a circle, once the payment and the circle removed are good: a level with
        a circle left costing at most the sum paid."""
        return self._circle_price(self._circle_pile(state, table, level), level, paid)

    def _circle_pile(self, state: GameState, table: Table, level: str) -> tuple[str, int]:
        """The level's part of placing a circle: why not ("" when one is left), and its cost."""
        pile = state.zones.get(f"circles_pool:{level}")
        if pile is None:
            return f"{level} is not a circle level", 0
        if not pile.cards:
            return f"no Lv{level} circle is left", 0
        return LEGAL, _circle_costs(table)[int(level)]

    def _circle_price(self, pile: tuple[str, int], level: str, paid: int) -> str:
        """The rest of placing a circle: the level's answer, then a cost of at most the sum paid."""
        bad, cost = pile
        if bad:
            return bad
        if cost > paid:
            return f"a Lv{level} circle costs {cost}: you pay only {paid}"
        return LEGAL

    def _why_not_item(self, state: GameState, action: Action) -> str:
        """Item phase: lyabi from hand costing at least the item cost; take the top item face down."""
        if bad := self._phase(state, ITEM, "acquiring an item"):
            return bad
        if not action.cards:
            return "pay with 1 or more lyabi from your hand"
        if bad := self._paid(state, action, action.cards):
            return bad
        table = _table(state)
        return self._item_terms(state, table, sum(table.of(c).cost for c in action.cards))

    def _item_terms(self, state: GameState, table: Table, paid: int) -> str:
        """The rest of acquiring an item, once the cards paid are good: one left, paid enough."""
        if not state.zones["items_pool"].cards:
            return "no item is left"
        need = table.item_cost
        if paid < need:
            return f"an item costs {need}: you pay only {paid}"
        return LEGAL

    def _why_not_pass(self, state: GameState, action: Action) -> str:
        """Main or item phase: do nothing; an item's window: do not use it."""
        if action.cards or action.target:
            return "pass takes nothing after it"
        pending = state.pending
        if pending is not None and pending.kind == WINDOW:
            return LEGAL
        if pending is None and state.phase in (MAIN, ITEM):
            return LEGAL
        return "pass is not a move now"

    def _why_not_use(self, state: GameState, action: Action) -> str:
        """An item's window: use the held item now."""
        pending = state.pending
        if pending is None or pending.kind != WINDOW:
            return "an item is used when its timing comes"
        if action.cards or action.target:
            return f"{USE} takes nothing after it"
        return LEGAL

    def _why_not_charge(self, state: GameState, action: Action) -> str:
        """Battle: place 1 lyabi face down, or 2 of the same attribute (a Double Charge)."""
        pending = state.pending
        if pending is None or pending.kind != BATTLE:
            return "lyabi are charged in the battle phase"
        if not 1 <= len(action.cards) <= 2 or action.target:
            return "charge 1 lyabi, or 2 of the same attribute (a Double Charge)"
        if bad := self._paid(state, action, action.cards):
            return bad
        return self._charge_terms(_table(state), action.cards)

    def _charge_terms(self, table: Table, cards: tuple[int, ...]) -> str:
        """The rest of charging, once the cards are good: one attribute."""
        if len({table.of(c).attribute for c in cards}) != 1:
            return "a Double Charge is 2 lyabi of the same attribute"
        return LEGAL

    def _why_not_dummy(self, state: GameState, action: Action) -> str:
        """Battle: place the Dummy/QR card face down (decline to battle)."""
        pending = state.pending
        if pending is None or pending.kind != BATTLE:
            return "the Dummy is placed in the battle phase"
        if action.cards or action.target:
            return "dummy takes nothing after it"
        return LEGAL

    RULES: ClassVar[dict[str, Callable[..., str]]] = {
        "pick": _why_not_pick,
        "buy": _why_not_buy,
        "change": _why_not_change,
        "circle": _why_not_circle,
        "item": _why_not_item,
        "pass": _why_not_pass,
        "use": _why_not_use,
        "charge": _why_not_charge,
        "dummy": _why_not_dummy,
    }

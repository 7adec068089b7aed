"""A data game's legality: one rule per move template (`_why_not_move`), the candidates each template
could make, the conditions (`when:`, `if:`, end rules), patterns and prices, and the refusals in the
file's own words (`refuse:`). The moves offered are the candidates the same rule passes. A part of
DataGame (rules.py).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from cardtable.rules import blind
from cardtable.rules.actions import Action
from cardtable.rules.game import LEGAL, seat_has_no_decision
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility

from .common import (
    COMMIT,
    DECLINE,
    PICK,
    STOP,
    USE,
    WINDOW,
    fill_words,
    words_pattern,
)


class LegalityPart:
    """The legality part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def _step_moves(self, state: GameState, seat: int | None, first: bool = False) -> list[Action]:
        """The legal moves of the current step (`first`: only the first one found, to learn whether
        the step has any)."""
        if seat is None or state.over:
            return []
        if "picking" in state.data:
            return self._blind_moves(state, seat)
        if "choice" in state.data:
            return self._choice_moves(state, seat)
        pending = state.pending
        if pending is not None and pending.kind == WINDOW:
            return [Action(seat, USE), Action(seat, DECLINE)] if seat in pending.seats else []
        out: list[Action] = []
        for name in self._open_moves(state):
            m = self.moves.get(name)
            if m is not None and name not in self._not_templates:
                # The rule of a template's move, with no choice, pick or window open (all answered
                # above): its template's part (`_why_not_template`) is the same for every candidate,
                # so it is asked once, and the candidates are judged by their cards' part only; the
                # candidates of a template refused as a whole are not made (legal moves are the same
                # as the whole rule's: test_datagame's guard holds them equal).
                if self._why_not_template(state, seat, name, m):
                    continue
                cards_rule = self._why_not_cards
                judged = (a for a in self._candidates(state, seat, name) if not cards_rule(state, a, m))
            else:
                rule = self.RULES[name]
                judged = (a for a in self._candidates(state, seat, name) if not rule(self, state, a))
            if first:  # the first legal one is enough: the rest are not judged
                found = next(judged, None)
                if found is not None:
                    return [found]
                continue
            out.extend(judged)
        return out

    def _open_moves(self, state: GameState) -> list[str]:
        """The templates that may be moved now: an open commit's, else the current step's."""
        pending = state.pending
        if pending is not None and pending.kind == COMMIT:
            return list(pending.data["moves"])
        step = int(state.data["step"])
        return list(self.steps[step]["moves"]) if 0 <= step < len(self.steps) else []  # check() says why

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        """Where a move's cards come from (a text names the lowest copy there, as the moves offered
        do): the zone it pays from or takes from, the zone a buy may replace a card of, a pile."""
        m = self.moves.get(kind)
        if m is None:
            choice = state.data.get("choice")
            if not choice or "from" not in choice:
                return []
            return list(state.zones[self.zone_name(choice["from"], seat)].cards)
        zones = [m.get("price", {}).get("cards") or m.get("from")]
        if "replace" in m:
            zones.append(m["to"])
        if m.get("with_top"):
            zones.append(m["with_top"])
        out: list[int] = []
        for zone in filter(None, zones):
            if self.zone_specs[zone].get("groups"):
                out += state.zones[target].cards if target in state.zones else []
            else:
                out += state.zones[self.zone_name(zone, seat)].cards
        return out

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        if seat_has_no_decision(state, seat):
            return []
        return self._step_moves(state, seat)

    def why_not(self, state: GameState, action: Action) -> str:
        if seat_has_no_decision(state, action.seat):
            return f"Player {action.seat + 1} has nothing to decide now"
        rule = self.RULES.get(action.kind)
        if rule is None:
            return f"{action.kind} is not a move of this game"
        return rule(self, state, action)

    def _pile_options(self, state: GameState, c: dict[str, Any]) -> list[str]:
        """The piles a `choose_pile:` may take from: those whose top card's `field` is `equals`."""
        field = self.values(state, str(c["field"])) if "field" in c else None
        return [
            p
            for p in self._piles(state, str(c["from"]))
            if state.zones[p].cards and (field is None or field[state.zones[p].cards[-1]] == c["equals"])
        ]

    def _choice_moves(self, state: GameState, seat: int) -> list[Action]:
        """An open choice's moves: a card of its zone (the lowest copy of each), or no more; or,
        for a choice of a pile, each pile it may take from."""
        choice = state.data["choice"]
        if seat != choice["seat"]:
            return []
        word = str(choice.get("word", ""))
        if word in self.value_choices:
            return [Action(seat, word, (), str(v)) for v in self.value_choices[word]["values"]]
        if word:
            options = self._pile_options(state, self.pile_choices[word])
            return [Action(seat, word, (), p) for p in options]
        card = str(choice["card"])
        pile = state.zones[self.zone_name(choice["from"], seat)].cards
        return [Action(seat, PICK, (c,), card) for c in self._lowest(state, pile)] + [
            Action(seat, STOP, (), card)
        ]

    def _candidates(self, state: GameState, seat: int, name: str) -> list[Action]:
        """Every move the template could make now, before its rule filters them."""
        m = self.moves[name]
        verb = m["verb"]
        if verb in ("draw", "pass"):
            return [Action(seat, name)]
        if verb == "exchange":  # one card paid for up to `take.up_to` piles, each cheaper than it
            return self._exchanges(state, seat, name, m)
        if verb == "buy" and "cards" in m["price"]:  # cards paid (each set of codes once) for a pile
            # only the payments that reach the pile's price are offered up for the rule to judge
            field = self.values(state, m["price"]["field"])
            # a zone of one pile: the move names no pile
            grouped = bool(self.zone_specs[m["from"]].get("groups"))
            piles = [
                (p if grouped else "", self._cost(state, m, p))
                for p in self._piles(state, m["from"])
                if state.zones[p].cards
            ]
            out = []
            extra: list[tuple[int, ...]] = [()]
            if "replace" in m:  # at the limit, each card of the zone it may replace
                held = state.zones[self.zone_name(m["to"], seat)].cards
                if len(held) >= self._limit(state, m):
                    extra = [(c,) for c in self._lowest(state, held)]
            for paid in self._payments(state, m, seat):
                total = sum(int(field[c] or 0) for c in paid)
                out.extend(
                    Action(seat, name, paid + e, p) for p, cost in piles if total >= cost for e in extra
                )
            return out
        if verb == "buy":  # a pile's top card, named as its lowest-numbered copy in the pile
            return [
                Action(seat, name, (self._top_copy(state, p),), p)
                for p in self._piles(state, m["from"])
                if state.zones[p].cards
            ]
        hand = self._lowest(state, state.zones[self.zone_name(m["from"], seat)].cards)
        if verb in ("discard", "play"):
            return [Action(seat, name, (c,)) for c in hand]
        if verb == "lay_off":
            groups = [g for g in self.groups(m["to"], seat) if state.zones[g].cards]
            return [Action(seat, name, (c,), g) for c in hand for g in groups]
        # meld: the subsets the template's patterns could match, found per pattern
        extra = ()
        if verb == "place":
            hand = sorted(state.zones[self.zone_name(m["from"], seat)].cards)
        if m.get("with_top"):
            pile = state.zones[self.zone_name(m["with_top"], seat)].cards
            if not pile:
                return []
            extra = (pile[-1],)
        found: set[tuple[int, ...]] = set()
        for pattern in m["pattern"]:
            for subset in self._pattern_subsets(state, self.patterns[pattern], hand, extra):
                found.add(tuple(sorted(subset)))
        if verb == "place":  # copies of a code are the same move: one of each set of codes
            assert state.cardset is not None
            physical = state.cardset.physical()
            seen: dict[tuple[str, ...], tuple[int, ...]] = {}
            for cards in sorted(found):
                seen.setdefault(tuple(sorted(physical[c].code for c in cards)), cards)
            found = set(seen.values())
        return [Action(seat, name, cards) for cards in sorted(found)]

    def _exchanges(self, state: GameState, seat: int, name: str, m: dict[str, Any]) -> list[Action]:
        field = self.values(state, m["price"]["field"])
        take = m.get("take", {})
        piles = [(p, self._cost(state, m, p)) for p in self._piles(state, m["from"]) if state.zones[p].cards]
        out: list[Action] = []
        hand = self._lowest(state, state.zones[self.zone_name(m["price"]["cards"], seat)].cards)
        for card in hand:
            paid = int(field[card] or 0)
            cheaper = [(p, c) for p, c in piles if c < paid]
            for size in range(self._take_least(state, take), int(take.get("up_to", 1)) + 1):
                for combo in combinations(cheaper, size):
                    if len({c for _, c in combo}) == size or not take.get("distinct"):
                        out.append(Action(seat, name, (card,), "+".join(p for p, _ in combo)))
        return out

    def _why_not_exchange(self, state: GameState, action: Action, m: dict[str, Any]) -> str:
        """One card of your own paid; each pile taken holds a card cheaper than it, at most `up_to`
        piles (at least `at_least`), with `distinct: true` no two of the same price."""
        price, take = m["price"], m.get("take", {})
        own = state.zones[self.zone_name(price["cards"], action.seat)].cards
        if len(action.cards) != 1:
            return f"pay exactly 1 card from your {self.zone_title(price['cards'], 'en')}"
        if action.cards[0] not in own:
            return f"those cards are not in your {self.zone_title(price['cards'], 'en')}"
        if not self._first_copies(state, action.cards, own):
            return "those cards are not yours to play"
        piles = [p for p in action.target.split("+") if p] if action.target else []
        known = self._piles(state, m["from"])
        if any(p not in known for p in piles):
            return "buy from a pile"
        low, high = self._take_least(state, take), int(take.get("up_to", 1))
        if not low <= len(piles) <= high:
            return self.refusal(m, "take", f"take {low} to {high} cards", low=low, high=high)
        field = self.values(state, price["field"])
        paid = int(field[action.cards[0]] or 0)
        for p in piles:
            if not state.zones[p].cards:
                name = p.rpartition(":")[2]
                default = f"no {name} is left in the {self.zone_title(m['from'], 'en')}"
                return self.refusal(m, "empty", default, pile=name)
        costs = [self._cost(state, m, p) for p in piles]
        if any(c >= paid for c in costs):
            return self.refusal(m, "cheaper", f"take only cards cheaper than the {paid} paid", paid=paid)
        if take.get("distinct") and len(set(costs)) < len(costs):
            return self.refusal(m, "same_cost", "cannot take 2 cards of the same cost")
        return LEGAL

    def _payments(self, state: GameState, m: dict[str, Any], seat: int) -> list[tuple[int, ...]]:
        """Every set of cards a `price: {cards: ZONE}` buy may pay with (one per set of codes)."""
        assert state.cardset is not None
        physical = state.cardset.physical()
        hand = sorted(state.zones[self.zone_name(m["price"]["cards"], seat)].cards)[:12]
        seen: dict[tuple[str, ...], tuple[int, ...]] = {}
        for size in range(1, len(hand) + 1):
            for combo in combinations(hand, size):
                seen.setdefault(tuple(sorted(physical[c].code for c in combo)), combo)
        return list(seen.values())

    def _lowest(self, state: GameState, cards: list[int]) -> list[int]:
        """The lowest-numbered copy of each code among `cards` (a move names that copy); the last few
        answers are kept, since every candidate of a move asks it of the same pile or two (a buy's
        pile and the hand it pays from: one kept answer was asked in turn of both, and missed)."""
        key = tuple(cards)
        kept = self._last_lowest
        if self._lowest_of is not state.cardset or len(kept) >= 16:  # answers of one card set only
            kept.clear()
            self._lowest_of = state.cardset
        hit = kept.get(key)
        if hit is not None:
            return hit
        assert state.cardset is not None
        physical = state.cardset.physical()
        seen: dict[str, int] = {}
        for card in cards:
            code = physical[card].code
            if code not in seen or card < seen[code]:
                seen[code] = card
        found = kept[key] = sorted(seen.values())
        return found

    def _pattern_subsets(
        self, state: GameState, pattern: dict[str, Any], hand: list[int], extra: tuple[int, ...]
    ) -> list[tuple[int, ...]]:
        """Subsets of `hand` that, with every card of `extra`, may match `pattern`: the cards are
        split by the pattern's `same` field and runs are cut from consecutive values, so a long hand
        is not tried subset by subset. The rule (`pattern_problem`) still judges every one."""
        low = int(pattern.get("exactly", pattern.get("at_least", 1)))
        high = int(pattern.get("exactly", pattern.get("at_most", 99)))
        pool = [c for c in hand if c not in extra] + list(extra)
        if "field" in pattern:
            wanted = self.values(state, pattern["field"])
            pool = [c for c in pool if wanted[c] == pattern["equals"]]
        same = self.values(state, pattern["same"]) if "same" in pattern else None
        parts: dict[Any, list[int]] = {}
        for card in pool:
            parts.setdefault(same[card] if same is not None else None, []).append(card)
        out: list[tuple[int, ...]] = []
        for part in parts.values():
            if not all(e in part for e in extra):
                continue
            if "consecutive" in pattern:
                field = pattern["consecutive"]
                by = self.values(state, field)
                ordered = sorted(part, key=lambda c: int(by[c]))
                for i in range(len(ordered)):
                    for j in range(i + low, min(i + high, len(ordered)) + 1):
                        window = tuple(ordered[i:j])
                        if all(e in window for e in extra):
                            out.append(window)
                continue
            free = [c for c in part if c not in extra]
            for size in range(max(low - len(extra), 0), min(high - len(extra), len(free)) + 1):
                out.extend(combo + extra for combo in combinations(free, size) if combo or extra)
        return [cards for cards in out if not self.pattern_problem(state, pattern, cards)]

    def pattern_problem(self, state: GameState, pattern: dict[str, Any], cards: tuple[int, ...]) -> str:
        """LEGAL when `cards` match the pattern, else what is wrong, in words."""
        low = int(pattern.get("exactly", pattern.get("at_least", 1)))
        high = int(pattern.get("exactly", pattern.get("at_most", 10**6)))
        if not low <= len(cards) <= high:
            return f"that needs {low} to {high} cards" if low != high else f"that needs exactly {low} cards"
        if "field" in pattern:
            field = self.values(state, pattern["field"])
            if any(field[c] != pattern["equals"] for c in cards):
                return f"every card needs {pattern['field']} {pattern['equals']}"
        if "same" in pattern:
            same = self.values(state, pattern["same"])
            if len({same[c] for c in cards}) > 1:
                return f"the cards need the same {pattern['same']}"
        if "consecutive" in pattern:
            field = self.values(state, pattern["consecutive"])
            values = sorted(int(field[c]) for c in cards)
            if any(b != a + 1 for a, b in zip(values, values[1:], strict=False)):
                return f"the cards need consecutive {pattern['consecutive']}"
        return LEGAL

    def _why_not_move(self, state: GameState, action: Action) -> str:
        """The one rule of every move template: the step, the cards, the pattern, the predicates,
        the counters it pays; and of an effect's choice, the card picked from its zone."""
        seat = action.seat
        choice = state.data.get("choice")
        if action.kind in self.choice_words:
            if choice is None or choice.get("word") != action.kind or choice["seat"] != seat:
                return "there is no choice to make now"
            if action.kind in self.value_choices:
                values = [str(v) for v in self.value_choices[action.kind]["values"]]
                if action.cards or action.target not in values:
                    return f"{action.kind} names one of {', '.join(values)}"
                return LEGAL
            if action.cards:
                return f"{action.kind} names a pile, not a card"
            c = self.pile_choices[action.kind]
            if action.target not in self._pile_options(state, c):
                what = f" whose top card's {c['field']} is {c['equals']}" if "field" in c else ""
                return f"take the top card of a pile of the {self.zone_title(str(c['from']), 'en')}{what}"
            return LEGAL
        if choice is not None and "word" in choice:
            return f"first answer the {choice['word']} decision"
        if "picking" in state.data:
            if action.kind != PICK:
                return self.refusal(
                    self.moves.get(action.kind, {}), "step", f"{action.kind} is not a move of the setup"
                )
            if seat != state.data["picking"]["seat"]:
                return "another player picks now"
            if action.cards:
                return "a blind pick names a place in the pile, not a card"
            return blind.place_reason(state.zones[self._blind_pile()].cards, action.target)
        if action.kind in (PICK, STOP):
            if choice is None or choice["seat"] != seat:
                return "there is no choice to make now"
            if action.target != choice["card"]:
                return "that choice is another card's"
            if action.kind == STOP:
                return "name no card to stop choosing" if action.cards else LEGAL
            pile = state.zones[self.zone_name(choice["from"], seat)].cards
            if len(action.cards) != 1 or action.cards[0] not in self._lowest(state, pile):
                return "choose one card of that pile"
            return LEGAL
        if choice is not None:
            return "finish the choice first"
        pending = state.pending
        if pending is not None and pending.kind == WINDOW:
            if seat not in pending.seats:
                return "another player answers first"
            if action.kind not in (USE, DECLINE):
                return f"first answer whether to use your card now ({pending.data['timing']}): use or pass"
            return f"{action.kind} names nothing" if action.cards or action.target else LEGAL
        if action.kind == USE or action.kind not in self.moves:
            return "there is nothing to use now"
        m = self.moves[action.kind]
        return self._why_not_template(state, seat, action.kind, m) or self._why_not_cards(state, action, m)

    def _why_not_template(self, state: GameState, seat: int, kind: str, m: dict[str, Any]) -> str:
        """The part of a template's rule that reads no card of the move: the step or open commit, the
        template's `when:` predicates and the counters it pays (with no choice, pick or window open:
        `_why_not_move` answers those first)."""
        pending = state.pending
        if pending is not None and pending.kind == COMMIT:
            if seat in pending.commits:
                return "you have placed yours already"
            if kind not in pending.data["moves"]:
                default = f"{kind} is not a move now: {' or '.join(pending.data['moves'])}"
                return self.refusal(m, "step", default)
        elif kind not in self.steps[state.data["step"]]["moves"]:
            return self.refusal(m, "step", f"{kind} is not a move of this step")
        problem = self._predicates(state, m.get("when", []), seat)
        if problem:
            return problem
        for counter, n in m.get("pay", {}).items():
            if self._counter(state, counter, seat) < int(n):
                return f"{self.term(counter, 'en')} is below {n}"
        return LEGAL

    def _why_not_cards(self, state: GameState, action: Action, m: dict[str, Any]) -> str:
        """The part of a template's rule that reads the move's cards and target (its template's part,
        `_why_not_template`, passed)."""
        seat = action.seat
        verb = m["verb"]
        if verb == "buy" and "cards" in m["price"]:
            return self._why_not_paid(state, action, m)
        if verb == "exchange":
            return self._why_not_exchange(state, action, m)
        if verb == "place":
            own = state.zones[self.zone_name(m["from"], seat)].cards
            if not action.cards or len(set(action.cards)) != len(action.cards):
                return f"{action.kind} names its cards, each once"
            if any(c not in own for c in action.cards):
                return f"those cards are not in your {self.zone_title(m['from'], 'en')}"
            if not self._first_copies(state, action.cards, own):
                return "those cards are not yours to play"
            if action.target:
                return f"{action.kind} names no target"
            return self._first_fit(state, m["pattern"], action.cards, m)
        if verb == "buy":
            if len(action.cards) != 1 or action.target not in self._piles(state, m["from"]):
                return "buy the top card of a pile"
            if not state.zones[action.target].cards or action.cards[0] != self._top_copy(
                state, action.target
            ):
                return "buy the top card of a pile"
            price = m["price"]
            cost = int(self.values(state, price["field"])[action.cards[0]] or 0)
            have = self._counter(state, price["counter"], seat)
            if have < cost:
                return f"that costs {cost} and you have {have}"
            return LEGAL
        if verb in ("draw", "pass"):
            if action.cards or action.target:
                return f"{action.kind} names no card"
            if verb == "draw" and not state.zones[self.zone_name(m["from"], seat)].cards:
                return "that pile is empty"
            return LEGAL
        source = state.zones[self.zone_name(m["from"], seat)].cards
        allowed = set(self._lowest(state, source))
        cards = list(action.cards)
        if list(action.cards) != sorted(set(action.cards)):
            return "name each card once"
        if m.get("with_top"):
            pile = state.zones[self.zone_name(m["with_top"], seat)].cards
            if not pile or pile[-1] not in cards:
                return "that move takes the top card of the pile"
            cards.remove(pile[-1])
        if not cards and verb != "meld":
            return f"{action.kind} names one card"
        if any(c not in allowed for c in cards):
            return "those cards are not yours to play"
        if verb in ("discard", "play"):
            if len(action.cards) != 1 or action.target:
                return f"{action.kind} names one card"
            if m.get("pattern"):
                return self._first_fit(state, m["pattern"], action.cards)
            return LEGAL
        if verb == "lay_off":
            if len(action.cards) != 1 or action.target not in self.groups(m["to"], seat):
                return "lay off one card on a meld"
            group = tuple(state.zones[action.target].cards)
            if not group:
                return "lay off on a meld on the table"
            return self._first_fit(state, m["pattern"], group + action.cards)
        if action.target:
            return "a meld names no target"
        if not any(not state.zones[g].cards for g in self.groups(m["to"], seat)):
            return "there is no room for another meld"
        return self._first_fit(state, m["pattern"], action.cards)

    def _why_not_paid(self, state: GameState, action: Action, m: dict[str, Any]) -> str:
        """A buy paid with cards: the top card of a pile, for cards of your own whose `field` adds up
        to its `field` at least."""
        price = m["price"]
        piles = self._piles(state, m["from"])
        grouped = bool(self.zone_specs[m["from"]].get("groups"))
        pile = action.target if grouped else ("" if action.target else piles[0])  # one pile: not named
        if pile not in piles:
            return "buy from a pile"
        name = pile.rpartition(":")[2]
        if not state.zones[pile].cards:
            if len(piles) == 1:
                default = f"no card is left in the {self.zone_title(m['from'], 'en')}"
            else:
                default = f"no {name} is left in the {self.zone_title(m['from'], 'en')}"
            return self.refusal(m, "empty", default, pile=name)
        named, paying = self._replaced(state, action, m)
        if not paying:
            default = f"pay with 1 or more cards from your {self.zone_title(price['cards'], 'en')}"
            return self.refusal(m, "pay", default)
        own = state.zones[self.zone_name(price["cards"], action.seat)].cards
        if len(set(action.cards)) != len(action.cards) or any(c not in own for c in paying):
            return f"those cards are not in your {self.zone_title(price['cards'], 'en')}"
        held = state.zones[self.zone_name(m["to"], action.seat)].cards
        if not self._first_copies(state, paying, own) or not self._first_copies(state, named, held):
            return "those cards are not yours to play"
        if "replace" in m:
            full = len(state.zones[self.zone_name(m["to"], action.seat)].cards) >= self._limit(state, m)
            where, out = self.zone_title(m["to"], "en"), self.zone_title(m["replace"]["to"], "en")
            if full and len(named) != 1:
                default = f"your {where} are full: name 1 of them to go to the {out}"
                return self.refusal(m, "full", default, held=self._limit(state, m))
            if named and not full:
                return self.refusal(m, "not_full", f"name 1 of your {where} only when they are full")
        field = self.values(state, price["field"])
        top = state.zones[pile].cards[-1]
        cost = self._cost(state, m, pile)
        paid = sum(int(field[c] or 0) for c in paying)
        if paid < cost:
            assert state.cardset is not None
            if state.zones[pile].visibility in (Visibility.HIDDEN, Visibility.OWNER):
                # a face-down pile's top card is named by its pile, never by what it is
                where = self.zone_title(m["from"], "en")
                if len(piles) > 1:
                    default = f"a card of the {where} {name} costs {cost}: you pay only {paid}"
                else:
                    default = f"a card of the {where} costs {cost}: you pay only {paid}"
            else:
                default = f"{state.cardset.physical()[top].code} costs {cost}: you pay only {paid}"
            return self.refusal(m, "cost", default, pile=name, cost=cost, paid=paid)
        return LEGAL

    def _first_copies(self, state: GameState, cards: Any, zone: list[int]) -> bool:
        """Whether `cards` name, of each code, its lowest-numbered copies in `zone` (a move names
        those; copies of a code are the same move)."""
        assert state.cardset is not None
        physical = state.cardset.physical()
        wanted: dict[str, int] = {}
        for card in cards:
            wanted[physical[card].code] = wanted.get(physical[card].code, 0) + 1
        for code, n in wanted.items():
            copies = sorted(c for c in zone if physical[c].code == code)[:n]
            if sorted(c for c in cards if physical[c].code == code) != copies:
                return False
        return True

    def _cost(self, state: GameState, m: dict[str, Any], pile: str) -> int:
        """A pile's price: `amount: N` for every card, `amount: pile` the pile's name (a face-down
        pile's price is on its back: never read from the hidden top card), else its top card's field."""
        amount = m["price"].get("amount")
        if isinstance(amount, int):
            return amount
        if amount == "pile":
            return int(pile.rpartition(":")[2])
        return int(self.values(state, m["price"]["field"])[state.zones[pile].cards[-1]] or 0)

    def _limit(self, state: GameState, m: dict[str, Any]) -> int:
        """How many cards a buy's `to` holds at most (`replace: {at}`, a number or a parameter)."""
        at = m["replace"]["at"]
        return int(state.params[at]) if isinstance(at, str) else int(at)

    def _replaced(self, state: GameState, action: Action, m: dict[str, Any]) -> tuple[list[int], list[int]]:
        """A buy's cards split: those of its `to` zone it names to replace (`replace:`), the paid."""
        if "replace" not in m:
            return [], list(action.cards)
        held = state.zones[self.zone_name(m["to"], action.seat)].cards
        named = [c for c in action.cards if c in held]
        return named, [c for c in action.cards if c not in named]

    def _first_fit(
        self, state: GameState, names: list[str], cards: tuple[int, ...], m: dict[str, Any] | None = None
    ) -> str:
        problems = [self.pattern_problem(state, self.patterns[n], cards) for n in names]
        if not all(problems):
            return LEGAL
        default = "those cards make no " + " or ".join(self.pattern_title(n, "en") for n in names)
        if m is None or not m.get("refuse"):
            return default
        # the file's words for what is wrong: no pattern takes that many cards, else the first
        # failing term of the first pattern that takes that many (a card's field, the same field...)
        sized = [self.patterns[n] for n in names if not self._count_problem(self.patterns[n], cards)]
        if not sized:
            return self.refusal(m, "count", default)
        return self.refusal(m, self._failing_term(state, sized[0], cards), default)

    @staticmethod
    def _count_problem(pattern: dict[str, Any], cards: tuple[int, ...]) -> bool:
        low = int(pattern.get("exactly", pattern.get("at_least", 1)))
        high = int(pattern.get("exactly", pattern.get("at_most", 10**6)))
        return not low <= len(cards) <= high

    def _failing_term(self, state: GameState, pattern: dict[str, Any], cards: tuple[int, ...]) -> str:
        """Which term of a pattern (`field`, `same`, `consecutive`) the cards fail, its count aside."""
        for term in ("field", "same", "consecutive"):
            if term not in pattern:
                continue
            part = {term: pattern[term], "at_least": 0}
            if term == "field":
                part["equals"] = pattern["equals"]
            if self.pattern_problem(state, part, cards):
                return term
        return "count"

    def _take_least(self, state: GameState, take: dict[str, Any]) -> int:
        """An exchange's fewest piles: a number, or by a parameter's value (`{param, map}`)."""
        return self.number(state, take.get("at_least", 0))

    @staticmethod
    def number(state: GameState, value: Any) -> int:
        """A number of the file: written out, a parameter's name, or `{param: NAME, map: {VALUE: N}}`
        (the number a parameter's value stands for: `{param: change_may_take_none, map: {true: 0,
        false: 1}}`)."""
        if isinstance(value, dict):
            chosen = state.params[value["param"]]
            key = str(chosen).lower() if isinstance(chosen, bool) else str(chosen)
            mapping = value["map"]
            return int(mapping[chosen] if chosen in mapping else mapping[key])
        return int(state.params[value]) if isinstance(value, str) else int(value)

    def refusal(self, m: dict[str, Any], key: str, default: str, **values: Any) -> str:
        """A move's refusal in its file's words (`refuse: {KEY: {en, ja}}`, `{name}` filled from
        `values`), else the interpreter's own `default` sentence."""
        said = m.get("refuse", {}).get(key)
        if not said:
            return default
        return fill_words(str(said["en"]), values)

    def refusal_in(self, reason: str, language: str) -> str | None:
        """A refusal the file words (`refuse:`), in `language`: its English sentence is read back
        against each template (its `{name}` parts are the values) and said in the other words. None
        when the sentence is not the file's."""
        for m in self.moves.values():
            for said in m.get("refuse", {}).values():
                found = words_pattern(str(said["en"])).fullmatch(reason)
                if found is not None:
                    return fill_words(str(said.get(language) or said["en"]), found.groupdict())
        return None

    def _predicates(self, state: GameState, predicates: list[dict[str, Any]], seat: int | None) -> str:
        """LEGAL when every predicate holds for `seat`, else the first one that fails, in words."""
        for p in predicates:
            problem = self._predicate(state, p, seat)
            if problem:
                return problem
        return LEGAL

    def _predicate(self, state: GameState, p: dict[str, Any], seat: int | None) -> str:
        if "empty" in p:
            return (
                LEGAL
                if not state.zones[self.zone_name(p["empty"], seat)].cards
                else f"the {self.zone_title(p['empty'], 'en')} is not empty"
            )
        if "not_empty" in p:
            return (
                LEGAL
                if state.zones[self.zone_name(p["not_empty"], seat)].cards
                else f"the {self.zone_title(p['not_empty'], 'en')} is empty"
            )
        if "hook" in p:
            return str(self.hooks[p["hook"]](self, state, seat))
        if "param" in p:
            value = state.params[p["param"]]
            return LEGAL if value == p["equals"] else f"{p['param']} is {value}, not {p['equals']}"
        if "active" in p:
            mine = state.active == seat
            return (
                LEGAL
                if mine == bool(p["active"])
                else ("it is not your turn" if p["active"] else "it is your turn")
            )
        if "rounds" in p:
            now = int(state.data.get("round", 1))
            return LEGAL if now >= int(p["rounds"]) else f"this is round {now}, before round {p['rounds']}"
        if "rounds_played" in p:
            n = p["rounds_played"]
            n = int(state.params[n]) if isinstance(n, str) else int(n)
            over = int(state.data.get("round", 1)) - 1
            return LEGAL if over >= n else f"only {over} rounds are over"
        if "turns" in p:
            played = int(state.data["turns"])
            return LEGAL if played >= int(p["turns"]) else f"only {played} turns have been played"
        if "empty_groups" in p:
            n = sum(1 for g in self._piles(state, p["empty_groups"]) if not state.zones[g].cards)
            if n < int(p.get("at_least", 1)):
                return f"fewer than {p.get('at_least', 1)} piles of the {p['empty_groups']} are empty"
            return LEGAL
        if "count" in p:
            zones = p["count"] if isinstance(p["count"], list) else [p["count"]]  # several: added up
            n = sum(self._count(state, zone, seat, p.get("code")) for zone in zones)
            where = " and ".join(self.zone_title(zone, "en") for zone in zones)
            if n < int(p.get("at_least", 0)):
                return f"the {where} needs at least {p['at_least']} cards"
            if "at_most" in p and n > int(p["at_most"]):
                return f"the {where} holds more than {p['at_most']} cards"
            return LEGAL
        if "counter" in p:
            v = self._counter(state, p["counter"], seat)
            if v < int(p.get("at_least", -(10**9))):
                return f"{p['counter']} is below {p['at_least']}"
            if "at_most" in p and v > int(p["at_most"]):
                return f"{p['counter']} is above {p['at_most']}"
            return LEGAL
        if "made" in p:
            n = int(state.data["made"].get(p["made"], 0))
            if "at_most" in p and n >= int(p["at_most"]):
                return f"{p['made']} was made {n} times this step already"
            return LEGAL
        raise AssertionError(f"unknown predicate {p}")  # spec.load_game refuses it first

    def _count(self, state: GameState, zone: str, seat: int | None, code: str | None) -> int:
        """How many cards a zone holds (all its groups for a zone of groups), of `code` if given."""
        assert state.cardset is not None
        names = (
            self.groups(zone, seat) if self.zone_specs[zone].get("groups") else [self.zone_name(zone, seat)]
        )
        if code is None:
            return sum(len(state.zones[n].cards) for n in names)
        physical = state.cardset.physical()
        return sum(1 for n in names for c in state.zones[n].cards if physical[c].code == code)

"""The Lyabi heuristic bot: it plays the attribute triangle against what the opponent has shown.

It reads only its seat's PlayerView: its own hand and item, the public zones (both discard piles and
circles, the pool, the exclusion), the public data (HP, each side's acquisitions and payments, the
battle), and the card set's values through the game's card table. As the spec's notes on bots suggest
(shared/rules/lyabi.md section 5), each decision is a small rule:

* the opponent's likely battle attribute: their circle's initial set and every lyabi they acquired,
  weighted towards the attributes of their circles (only those deal them damage), less what they
  paid or lost in battle, which they no longer hold this round;
* battle: for each charge (1 lyabi, a Double Charge, or the Dummy) the expected damage dealt minus the
  expected damage taken over that guess, less a little for the lyabi it removes from the deck; the best
  one is placed. The opponent's commit is never read (a test swaps it and sees the same choice);
* main phase: the card it will battle with is kept back; with the rest it places a stronger circle
  when one is affordable (Lv11, else Lv5 over a Lv0), at the limit removing the circle whose damage
  its deck misses least (ATK times the share of its lyabi of that attribute: the new circle's colour
  is blind), else acquires the lyabi worth most (cost, times, its circles' attributes and the
  attribute that beats the opponent's);
* item phase: an item when none is held and the battle card can be kept; items are used at their
  timing when they help (the Brush turns a loss into a win, the Mirror always stops damage...).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.view import PlayerView
from .cards import Table, table_of
from .params import ATTRIBUTES, BEATS

BEATEN_BY = {loser: winner for winner, loser in BEATS.items()}
DUMMY_GUESS = 0.15  # how often it expects the opponent to decline a battle
SPEND = 0.12  # what removing a lyabi of cost 1 from its own deck is worth, in damage


class LyabiBot(Bot):
    """A rule-of-thumb Lyabi player."""

    name = "heuristic"

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        assert legal, "asked to move with no legal action"
        kinds = {a.kind for a in legal}
        table = self._table(view)
        if "pick" in kinds:
            return legal[self.rng.below(len(legal))]  # blind: any place is as good
        if "charge" in kinds or "dummy" in kinds:
            return self._battle(view, table, legal)
        if "use" in kinds:
            return self._window(view, table, legal)
        if "gain" in kinds:
            outlook = self._outlook(view, table)
            return max(legal, key=lambda a: self._worth(table, a.target, outlook) if a.target else -1)
        if "recolour" in kinds:
            return self._recolour(view, legal)
        if "item" in kinds or view.phase == "item":
            return self._item(view, table, legal)
        return self._main(view, table, legal)

    # -- reading the view --------------------------------------------------------------------
    @staticmethod
    def _table(view: PlayerView) -> Table:
        assert view.cardset is not None
        return table_of(view.cardset)

    @staticmethod
    def _me(view: PlayerView) -> int:
        assert view.seat is not None
        return view.seat

    def _circles(self, view: PlayerView, table: Table, seat: int) -> list[tuple[str, int]]:
        return [(table.of(c).attribute, table.of(c).atk) for c in view.zones[f"circles:{seat}"].cards]

    def _guess(self, view: PlayerView, table: Table) -> dict[str, float]:
        """How likely the opponent charges each attribute (the rest: the Dummy)."""
        other = 1 - self._me(view)
        weight = {a: 0.5 for a in ATTRIBUTES}
        circles = self._circles(view, table, other)
        for code, count in _owned(view, table, other).items():
            weight[table.rules_of_code(code).attribute] += count
        for attribute, _ in circles:
            weight[attribute] *= 2.0  # only lyabi of their circles' attributes deal damage
        total = sum(weight.values())
        return {a: (1 - DUMMY_GUESS) * w / total for a, w in weight.items()}

    def _damage(self, circles: list[tuple[str, int]], attribute: str, times: Fraction) -> int:
        # int(atk * times) in whole numbers (ATK >= 0, times > 0: the floor): a Fraction product a
        # circle cost most of this bot's time in the search bot's playouts
        up, down = times.numerator, times.denominator
        return sum(atk * up // down for colour, atk in circles if colour == attribute)

    # -- battle ------------------------------------------------------------------------------
    def _battle(self, view: PlayerView, table: Table, legal: list[Action]) -> Action:
        me, other = self._me(view), 1 - self._me(view)
        guess = self._guess(view, table)
        mine, theirs = self._circles(view, table, me), self._circles(view, table, other)
        threat = {a: self._damage(theirs, a, Fraction(5, 4)) for a in ATTRIBUTES}
        concede = view.params["dummy_concedes"]

        def value(action: Action) -> float:
            if action.kind == "dummy":
                return -sum(p * threat[a] for a, p in guess.items()) if concede else 0.0
            attribute = table.of(action.cards[0]).attribute
            times = Fraction(1)
            for card in action.cards:
                times *= table.of(card).times
            hit = self._damage(mine, attribute, times)
            out = (DUMMY_GUESS * hit) if concede else 0.0
            for a, p in guess.items():
                if BEATS[attribute] == a:
                    out += p * hit
                elif BEATS[a] == attribute:
                    out -= p * threat[a]
            return out - SPEND * sum(table.of(c).cost for c in action.cards)

        return max(legal, key=value)

    def _keep(self, view: PlayerView, table: Table) -> int | None:
        """The lyabi it means to battle with this round (kept out of payments)."""
        me = self._me(view)
        mine = self._circles(view, table, me)
        guess = self._guess(view, table)
        best, best_value = None, 0.0
        for card in view.zones[f"hand:{me}"].cards:
            rules = table.of(card)
            if rules.kind != "lyabi":
                continue
            hit = self._damage(mine, rules.attribute, rules.times)
            win = guess.get(BEATS[rules.attribute], 0.0) + DUMMY_GUESS
            worth = win * hit - SPEND * rules.cost
            if worth > best_value:
                best, best_value = card, worth
        return best

    # -- main and item phases ----------------------------------------------------------------
    def _outlook(self, view: PlayerView, table: Table) -> tuple[set[str], str]:
        """What `_worth` weighs a lyabi against: its circles' attributes and the attribute it guesses
        the opponent charges most. Worked out once a decision, not once a lyabi of every offer (the
        search bot's playouts ask this bot thousands of times a decision)."""
        mine = {a for a, _ in self._circles(view, table, self._me(view))}
        guess = self._guess(view, table)
        return mine, max(guess, key=lambda a: guess[a])

    def _worth(self, table: Table, code: str, outlook: tuple[set[str], str]) -> float:
        """What acquiring one lyabi is worth to it (`outlook`: `_outlook`'s answer)."""
        rules = table.rules_of_code(code)
        mine, favourite = outlook
        worth = rules.cost + 2 * float(rules.times)
        if rules.attribute in mine:
            worth += 2
        if BEATS[rules.attribute] == favourite:
            worth += 1.5
        return worth

    def _main(self, view: PlayerView, table: Table, legal: list[Action]) -> Action:
        keep = self._keep(view, table)
        usable = [a for a in legal if keep not in a.cards]
        mine = view.zones[f"circles:{self._me(view)}"].cards
        levels = sorted(table.of(c).level for c in mine)
        for level in ("11", "5"):
            if level == "5" and levels and min(levels) >= 5 and len(levels) >= 2:
                continue
            if level == "11" and levels.count(11) >= 2:
                continue
            options = [
                a
                for a in usable
                if a.kind == "circle"
                and a.target == level
                and all(table.of(c).level < int(level) for c in a.cards if c in mine)
            ]
            if options:
                # pay as little as possible; at the limit remove the circle whose damage its deck
                # misses least (the new one's colour is blind: the deck's colours are what it has)
                share = _shares(view, table, self._me(view))
                return min(
                    options,
                    key=lambda a: (
                        self._paid(table, a, mine),
                        self._dropped_damage(table, a, mine, share),
                        self._dropped_atk(table, a, mine),
                    ),
                )
        best: Action | None = None
        best_value = 0.0
        outlook: tuple[set[str], str] | None = None
        for action in usable:
            if action.kind not in ("buy", "change"):
                continue
            if outlook is None:
                outlook = self._outlook(view, table)
            codes = [c for c in action.target.split("+") if c]
            gained = sum(self._worth(table, c, outlook) for c in codes)
            value = gained - 0.3 * self._paid(table, action, mine)
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else _pass(legal)

    @staticmethod
    def _paid(table: Table, action: Action, mine: Any) -> int:
        return sum(table.of(c).cost for c in action.cards if c not in mine)

    @staticmethod
    def _dropped_atk(table: Table, action: Action, mine: Any) -> int:
        return sum(table.of(c).atk for c in action.cards if c in mine)

    @staticmethod
    def _dropped_damage(table: Table, action: Action, mine: Any, share: dict[str, float]) -> float:
        """The damage a battle lyabi drawn from its deck loses with the circle removed: ATK times
        the share of the deck of the circle's attribute."""
        return sum(table.of(c).atk * share[table.of(c).attribute] for c in action.cards if c in mine)

    def _item(self, view: PlayerView, table: Table, legal: list[Action]) -> Action:
        if view.zones[f"item:{self._me(view)}"].cards:
            return _pass(legal)
        keep = self._keep(view, table)
        options = [a for a in legal if a.kind == "item" and keep not in a.cards]
        if not options:
            return _pass(legal)
        return min(options, key=lambda a: (sum(table.of(c).cost for c in a.cards), len(a.cards)))

    # -- items -------------------------------------------------------------------------------
    def _window(self, view: PlayerView, table: Table, legal: list[Action]) -> Action:
        use = next(a for a in legal if a.kind == "use")
        if view.data["timing"] == "reveal":
            battle = view.data["battle"]
            me = self._me(view)
            if battle is None or not battle["attribute"][me]:
                return _pass(legal)
            theirs = battle["attribute"][1 - me]
            if theirs and BEATS[battle["attribute"][me]] == theirs:
                return _pass(legal)  # winning already
        return use

    def _recolour(self, view: PlayerView, legal: list[Action]) -> Action:
        battle = view.data["battle"]
        me = self._me(view)
        table = self._table(view)
        mine = {a for a, _ in self._circles(view, table, me)}
        theirs = battle["attribute"][1 - me] if battle else ""
        want = BEATEN_BY.get(theirs, "") if theirs else ""
        order = [want] + sorted(mine)
        for attribute in order:
            for action in legal:
                if action.target == attribute:
                    return action
        return legal[0]


def _pass(legal: list[Action]) -> Action:
    return next(a for a in legal if a.kind == "pass")


def _owned(view: PlayerView, table: Table, seat: int) -> dict[str, int]:
    """The lyabi a seat has built its deck of, as far as the view tells: the initial HAND and Deck of
    its Lv0 circle (while it has it) and every lyabi it acquired, by code."""
    owned = dict(view.data["acquired"][seat])
    if view.zones[f"circles:{seat}"].cards:
        first = table.rules_of_code(circles_code(view, table, seat))
        for code in (*first.hand, *first.deck):
            owned[code] = owned.get(code, 0) + 1
    return owned


def _shares(view: PlayerView, table: Table, seat: int) -> dict[str, float]:
    """How much of a seat's deck (`_owned`, by times) is of each attribute: what a circle of that
    attribute deals damage with (equal shares when the view tells nothing)."""
    times = {a: 0.0 for a in ATTRIBUTES}
    for code, count in _owned(view, table, seat).items():
        rules = table.rules_of_code(code)
        times[rules.attribute] += count * float(rules.times)
    total = sum(times.values())
    return {a: t / total if total else 1 / len(ATTRIBUTES) for a, t in times.items()}


def circles_code(view: PlayerView, table: Table, seat: int) -> str:
    """The code of a seat's first circle (the Lv0 it picked, while it has it)."""
    cards = view.zones[f"circles:{seat}"].cards
    lv0 = [c for c in cards if table.of(c).level == 0]
    return table.of((lv0 or list(cards))[0]).code

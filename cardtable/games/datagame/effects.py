"""A data game's effects: what a move does to the cards and counters (by its verb), the closed set of
effects a card, a turn or a round runs (draw, gain, move, add, set, each_player, each_opponent,
if/then/else, choose, choose_pile, choose_value, trigger, look_at, again, hook, commit, window), the
refill, the tallies and an effect's open choice. A part of DataGame (rules.py).
"""

from __future__ import annotations

from typing import Any

from cardtable.rules.actions import Action
from cardtable.rules.events import Announced, Event, Revealed, Shuffled
from cardtable.rules.state import GameState, Pending
from cardtable.rules.zones import Visibility

from .common import (
    COMMIT,
    PICK,
)


class EffectsPart:
    """The effects part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def _move(
        self,
        state: GameState,
        cards: Any,
        src: str,
        dst: str,
        why: str,
        seat: int | None,
        events: list[Event],
    ) -> None:
        """Move cards; a seat's move onto a pile whose top card everyone sees shows that card to
        everyone (a reveal: the move cannot be taken back)."""
        events.append(state.move(cards, src, dst, why))
        zone = state.zones[dst]
        if seat is not None and zone.visibility is Visibility.TOP_PUBLIC and zone.cards:
            events.append(Revealed(seat, (zone.cards[-1],), dst, why))

    def _refill(
        self, state: GameState, refill: dict[str, Any], events: list[Event], seat: int | None
    ) -> None:
        """The empty zone (`seat`'s, of an `each` zone) takes the cards of another, but its top
        `keep_top`, shuffled; at most `times` times a game when the file bounds it."""
        if "times" in refill and state.data["refills"] >= int(refill["times"]):
            return
        src, dst = self.zone_name(refill["from"], seat), self.zone_name(refill["zone"], seat)
        source = state.zones[src].cards
        take = source[: max(len(source) - int(refill.get("keep_top", 0)), 0)]
        if not take:
            return
        state.data["refills"] += 1
        events.append(state.move(list(take), src, dst, "refill"))
        state.rng.shuffle(state.zones[dst].cards)
        events.append(Shuffled(dst, len(take)))

    def _carry_out(self, state: GameState, action: Action, events: list[Event]) -> None:
        """What a move does to the cards and counters (its template's verb)."""
        seat = action.seat
        m = self.moves[action.kind]
        verb = m["verb"]
        for counter, n in m.get("pay", {}).items():
            self._add(state, counter, seat, -int(n))
        if verb == "draw":
            self._move_top(state, m["from"], m["to"], int(m.get("count", 1)), seat, "draw", events)
        elif verb in ("discard", "play"):
            self._move(
                state,
                action.cards,
                self.zone_name(m["from"], seat),
                self.zone_name(m["to"], seat),
                verb,
                seat,
                events,
            )
        elif verb == "lay_off":
            events.append(state.move(action.cards, self.zone_name(m["from"], seat), action.target, "lay off"))
        elif verb == "meld":
            group = next(g for g in self.groups(m["to"], seat) if not state.zones[g].cards)
            cards = list(action.cards)
            if m.get("with_top"):
                top = state.zones[self.zone_name(m["with_top"], seat)].cards[-1]
                cards.remove(top)
                events.append(state.move([top], self.zone_name(m["with_top"], seat), group, "claim"))
            events.append(state.move(cards, self.zone_name(m["from"], seat), group, "meld"))
        elif verb == "place":
            self._move(
                state,
                action.cards,
                self.zone_name(m["from"], seat),
                self.zone_name(m["to"], seat),
                "place",
                seat,
                events,
            )
        elif verb == "exchange":
            price = m["price"]
            self._move(
                state,
                action.cards,
                self.zone_name(price["cards"], seat),
                self.zone_name(price.get("to", m["to"]), seat),
                "pay",
                seat,
                events,
            )
            self._tally(state, m.get("tally", {}).get("paid"), seat, action.cards)
            for pile in filter(None, action.target.split("+")):
                top = state.zones[pile].cards[-1]
                self._move(state, [top], pile, self.zone_name(m["to"], seat), "exchange", seat, events)
                self._tally(state, m.get("tally", {}).get("taken"), seat, [top])
        elif verb == "buy" and "cards" in m["price"]:
            price = m["price"]
            named, paying = self._replaced(state, action, m)
            if named:
                out = self.zone_name(m["replace"]["to"], seat)
                self._move(state, named, self.zone_name(m["to"], seat), out, "replace", seat, events)
            paid_to = self.zone_name(price.get("to", m["to"]), seat)
            self._move(state, paying, self.zone_name(price["cards"], seat), paid_to, "pay", seat, events)
            self._tally(state, m.get("tally", {}).get("paid"), seat, paying)
            pile = action.target or self._piles(state, m["from"])[0]
            top = state.zones[pile].cards[-1]
            self._move(state, [top], pile, self.zone_name(m["to"], seat), "buy", seat, events)
            self._tally(state, m.get("tally", {}).get("taken"), seat, [top])
        elif verb == "buy":
            price = m["price"]
            cost = int(self.values(state, price["field"])[action.cards[0]] or 0)
            self._add(state, price["counter"], seat, -cost)
            self._move(state, action.cards, action.target, self.zone_name(m["to"], seat), "buy", seat, events)
        elif verb == "pass":
            events.append(Announced("pass", seat))

    def _tally(self, state: GameState, name: str | None, seat: int, cards: Any) -> None:
        """Count the cards a seat moved under a `tallies:` name, by code (public: the file tallies
        only moves into a zone everyone sees)."""
        if not name:
            return
        assert state.cardset is not None
        physical = state.cardset.physical()
        counts = state.data["tallies"][name][seat]
        for card in cards:
            code = physical[card].code
            counts[code] = counts.get(code, 0) + 1

    def _add(self, state: GameState, counter: str, seat: int | None, n: int) -> None:
        values = state.data["counters"][counter]
        values[seat if self.counters[counter].get("each") and seat is not None else 0] += n

    def _run(
        self,
        state: GameState,
        seat: int,
        queue: list[dict[str, Any]],
        events: list[Event],
        move: str = "",
        card: str = "",
    ) -> None:
        """Carry out effects in order for `seat` (the closed set: draw, gain, move, add, set,
        each_opponent, if/then/else, choose). A `choose` stops here: its player's choice is open
        (state.data["choice"]) with the effects after it, which run once the choice is made."""
        while queue and not state.over:
            effect = queue.pop(0)
            if "if" in effect:
                holds = not self._predicates(state, effect["if"], seat)
                queue[:0] = list(effect.get("then" if holds else "else", []))
            elif "each_opponent" in effect:
                for step in range(1, state.seats):
                    self._run(state, (seat + step) % state.seats, list(effect["each_opponent"]), events)
            elif "each_player" in effect:
                for who in self._round_order(state):
                    self._run(state, who, list(effect["each_player"]), events)
            elif "hook" in effect:
                self.hooks[effect["hook"]](self, state, seat, events)
            elif "again" in effect:
                state.data["again"] = str(effect["again"])
            elif "look_at" in effect:  # this player sees the others' cards of a zone, nobody else
                for other in range(state.seats):
                    zone = self.zone_name(str(effect["look_at"]), other)
                    if other != seat and state.zones[zone].cards:
                        cards = tuple(state.zones[zone].cards)
                        events.append(Revealed(other, cards, zone, "look", frozenset({seat})))
            elif "commit" in effect:
                # every seat chooses at once, face down: the effects after it wait in the pending
                c = effect["commit"]
                state.pending = Pending(
                    COMMIT,
                    tuple(self._round_order(state)),
                    {},
                    {"moves": list(c["moves"]), "seat": seat, "then": queue},
                )
                state.phase = str(c.get("step", COMMIT))
                return
            elif "window" in effect:
                # the players holding a card for one of its timings are asked in turn, use or pass;
                # the effects after it wait in the pending question
                data = {"window": effect["window"], "seat": seat, "then": queue}
                if self._ask(state, data, self._round_order(state)):
                    return
            elif "trigger" in effect:
                # the player's cards of a zone whose timing field names this moment act at once:
                # each goes to `to` and its effects run now, before the rest (a choice may stop them)
                t = effect["trigger"]
                field = self.values(state, t.get("field", "on"))
                zone = self.zone_name(t["zone"], seat)
                fired = [c for c in state.zones[zone].cards if str(field[c]) == str(t["timing"])]
                if fired:
                    assert state.cardset is not None
                    self._move(state, fired, zone, self.zone_name(t["to"], seat), "trigger", seat, events)
                    physical = state.cardset.physical()
                    for c in reversed(fired):
                        queue[:0] = [{"as_card": physical[c].code}, *self.effects.get(physical[c].code, [])]
            elif "as_card" in effect:  # the effects that follow are this card's (a trigger's)
                card = str(effect["as_card"])
            elif "choose_value" in effect:
                c = effect["choose_value"]
                state.data["choice"] = {
                    "seat": seat,
                    "word": str(c["move"]),
                    "left": 1,
                    "card": card,
                    "move": move,
                    "then": queue,
                    "active": state.active,  # whose turn it was: a choice in a window is out of turn
                }
                state.active = seat
                return
            elif "choose_pile" in effect:
                c = effect["choose_pile"]
                if self._pile_options(state, c):
                    state.data["choice"] = {
                        "seat": seat,
                        "word": str(c["move"]),
                        "from": c["from"],
                        "to": c["to"],
                        "left": 1,
                        "card": card,
                        "move": move,
                        "then": queue,
                    }
                    return
            elif "choose" in effect:
                c = effect["choose"]
                if state.zones[self.zone_name(c["from"], seat)].cards:
                    state.data["choice"] = {
                        "seat": seat,
                        "from": c["from"],
                        "to": c["to"],
                        "left": int(c["up_to"]),
                        "card": card,
                        "move": move,
                        "then": queue,
                    }
                    return
            else:
                self._effect(state, seat, effect, events)

    def _effect(self, state: GameState, seat: int, effect: dict[str, Any], events: list[Event]) -> None:
        if "draw" in effect:
            d = self.spec["draw"]
            self._move_top(state, d["from"], d["to"], int(effect["draw"]), seat, "draw", events)
        elif "add" in effect or "set" in effect:
            for counter, n in effect.get("add", effect.get("set", {})).items():
                if "set" in effect:
                    self._add(state, counter, seat, int(n) - self._counter(state, counter, seat))
                else:
                    self._add(state, counter, seat, int(n))
        elif "gain" in effect:
            g = effect["gain"]
            pile = next(
                (
                    p
                    for p in self._piles(state, g.get("from", self._supply()))
                    if self._top_code(state, p) == g["code"]
                ),
                None,
            )
            if pile is not None:
                top = state.zones[pile].cards[-1]
                self._move(state, [top], pile, self.zone_name(g["to"], seat), "gain", seat, events)
                self._tally(state, g.get("tally"), seat, [top])
        elif "move" in effect:
            d = effect["move"]
            src = self.zone_name(d["from"], seat)
            if d.get("tally"):  # the cards it moves, counted: those new in `to` once it is done
                before = set(state.zones[self.zone_name(d["to"], seat)].cards)
                self._effect(state, seat, {"move": {k: v for k, v in d.items() if k != "tally"}}, events)
                after = state.zones[self.zone_name(d["to"], seat)].cards
                self._tally(state, d["tally"], seat, [c for c in after if c not in before])
                return
            if "code" in d:
                self._move_code(
                    state, d["from"], d["to"], str(d["code"]), int(d.get("count", 1)), seat, events
                )
            elif d.get("random"):
                cards = state.zones[src].cards
                if cards:
                    card = state.rng.choice(sorted(cards))
                    self._move(state, [card], src, self.zone_name(d["to"], seat), "random", seat, events)
            elif d.get("all"):
                if state.zones[src].cards:
                    self._move(
                        state,
                        list(state.zones[src].cards),
                        src,
                        self.zone_name(d["to"], seat),
                        "move",
                        seat,
                        events,
                    )
            else:
                self._move_top(state, d["from"], d["to"], int(d.get("count", 1)), seat, "move", events)

    def _supply(self) -> str:
        """The zone `buy` moves buy from (where `gain` takes from unless it names a zone)."""
        return next((str(m["from"]) for m in self.moves.values() if m["verb"] == "buy"), "")

    def _piles(self, state: GameState, zone: str) -> list[str]:
        """A zone's piles: its groups, or the zone itself."""
        if not zone:
            return []
        if self.zone_specs[zone].get("groups"):
            return self.groups(zone, None)
        return [self.zone_name(zone, None)]

    def _top_copy(self, state: GameState, pile: str) -> int:
        """The card a move names for a pile's top card: the lowest-numbered copy of its code there."""
        assert state.cardset is not None
        cards = state.zones[pile].cards
        code = state.cardset.physical()[cards[-1]].code
        return next(c for c in self._lowest(state, cards) if state.cardset.physical()[c].code == code)

    def _top_code(self, state: GameState, pile: str) -> str:
        assert state.cardset is not None
        cards = state.zones[pile].cards
        return state.cardset.physical()[cards[-1]].code if cards else ""

    def _choose(self, state: GameState, action: Action, events: list[Event]) -> None:
        """A pick (one card moves, one fewer left) or the end of an effect's choice; once it is over
        the effects after it run, then the move that played the card finishes."""
        choice = state.data["choice"]
        seat = int(choice["seat"])
        if choice.get("word") in self.value_choices:  # a value chosen: kept for the player
            keep = str(self.value_choices[action.kind]["keep"])
            state.data["values_chosen"][keep][seat] = action.target
            events.append(Announced(action.kind, seat, {"value": action.target}))
            state.active = choice.get("active", state.active)
        elif "word" in choice:  # a pile chosen: its top card
            top = state.zones[action.target].cards[-1]
            self._move(
                state, [top], action.target, self.zone_name(choice["to"], seat), action.kind, seat, events
            )
            self._tally(state, self.pile_choices[action.kind].get("tally"), seat, [top])
        elif action.kind == PICK:
            self._move(
                state,
                action.cards,
                self.zone_name(choice["from"], seat),
                self.zone_name(choice["to"], seat),
                "choose",
                seat,
                events,
            )
            choice["left"] = int(choice["left"]) - 1
            if choice["left"] > 0 and state.zones[self.zone_name(choice["from"], seat)].cards:
                return
        del state.data["choice"]
        self._run(state, seat, list(choice["then"]), events, choice["move"], choice["card"])
        if "choice" in state.data or state.over:
            return
        if "window" in choice:  # a choice made in a window: the window goes on (the next seat asked)
            data = choice["window"]
            if not self._ask(state, data, list(data["asked"])):
                self._continue(state, data, events)
        else:
            self._after_move(state, seat, str(choice["move"]), events)

"""A data game's setup (docs/data-games.md, `setup:`): its steps in order (shuffle, deal, move, split,
each_player, hook) and a blind pick, the one setup step that waits for the players (`pick to N`:
a place in a face-down pile), then the first turn or round. A part of DataGame (rules.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.rules import blind
from cardtable.rules.actions import Action
from cardtable.rules.events import Event, Shuffled
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility

from .common import (
    PICK,
)


class SetupPart:
    """The setup part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        for name, z in self.zone_specs.items():
            vis = Visibility(z["visibility"])
            owners: list[int | None] = list(range(state.seats)) if z["owner"] == "each" else [None]
            for owner in owners:
                if z.get("groups"):
                    for group in self.groups(name, owner):
                        state.add_zone(group, vis, owner)
                else:
                    state.add_zone(self.zone_name(name, owner), vis, owner)
        state.add_zone("box", Visibility.HIDDEN)
        state.zones[self.spec["deck"]].cards.extend(range(len(state.cardset.physical())))
        state.data = {
            "counters": {
                name: [self._start(state, c)] * (state.seats if c.get("each") else 1)
                for name, c in self.counters.items()
            },
            "step": 0,
            "made": {},
            "turns": 0,
            "refills": 0,
        }
        if self.rounds:
            state.data.update({"round": 1, "first": 0})
        if self.value_choices:
            state.data["values_chosen"] = {
                str(c["keep"]): [None] * state.seats for c in self.value_choices.values()
            }
        if self.spec.get("tallies"):
            state.data["tallies"] = {name: [{} for _ in range(state.seats)] for name in self.spec["tallies"]}
        events: list[Event] = []
        if self._setup_from(state, 0, events):
            self._start_play(state, events)
        return events

    def _setup_from(self, state: GameState, index: int, events: list[Event]) -> bool:
        """The setup's steps from `index` on; False when a blind pick stops them for its players."""
        steps = self.spec.get("setup", [])
        for at in range(index, len(steps)):
            if "blind_pick" in steps[at]:
                state.data["picking"] = {"step": at, "seat": 0, "tries": 1}
                state.phase = str(steps[at]["blind_pick"].get("step", PICK))
                state.active = 0
                return False
            self._setup_step(state, steps[at], events)
        return True

    def _start_play(self, state: GameState, events: list[Event]) -> None:
        """The setup is over: the first turn (or the first round's start)."""
        first = int(state.data.get("first", 0))  # a setup hook may name who starts
        state.active = first
        if self.rounds:
            self._start_round(state, first, events)
            return
        self._begin_turn(state, first, events)

    def _blind_pile(self) -> str:
        """The face-down pile a blind pick takes from: a pile of a zone of piles, or the zone."""
        assert self.blind is not None
        zone = str(self.blind["from"])
        return f"{zone}:{self.blind['pile']}" if "pile" in self.blind else zone

    def _blind_pick(self, state: GameState, action: Action, events: list[Event]) -> None:
        """One player's blind pick: the card at that place into their zone; then the next player's,
        or, once all have picked, again (every card back, shuffled) while `redo: {same: FIELD}` finds
        them all alike and `at_most` tries allow it, else the rest of the setup."""
        assert self.blind is not None
        b, pile = state.data["picking"], self._blind_pile()
        seat = action.seat
        card = blind.card_at(state.zones[pile].cards, action.target)
        self._move(state, [card], pile, self.zone_name(str(self.blind["to"]), seat), "pick", seat, events)
        if seat + 1 < state.seats:
            b["seat"] = state.active = seat + 1
            return
        redo = self.blind.get("redo")
        picked = [state.zones[self.zone_name(str(self.blind["to"]), s)].cards[-1] for s in range(state.seats)]
        if redo is not None and b["tries"] < self.number(state, redo.get("at_most", 100)):
            field = self.values(state, str(redo["same"]))
            if len({field[c] for c in picked}) == 1:
                for s, c in enumerate(picked):
                    events.append(state.move([c], self.zone_name(str(self.blind["to"]), s), pile, "again"))
                state.rng.shuffle(state.zones[pile].cards)
                events.append(Shuffled(pile, len(state.zones[pile].cards)))
                b.update(seat=0, tries=b["tries"] + 1)
                state.active = 0
                return
        self.close_blind_pick(state, events, run_rest=True)

    def close_blind_pick(self, state: GameState, events: list[Event], run_rest: bool) -> None:
        """The blind pick is over: the setup's steps after it (`run_rest`; a scenario that states
        its own position skips them), then the first turn."""
        b = state.data.pop("picking")
        if not run_rest or self._setup_from(state, int(b["step"]) + 1, events):
            self._start_play(state, events)

    def _blind_moves(self, state: GameState, seat: int) -> list[Action]:
        if seat != state.data["picking"]["seat"]:
            return []
        return [
            Action(seat, PICK, (), place) for place in blind.places(state.zones[self._blind_pile()].cards)
        ]

    def _start(self, state: GameState, counter: dict[str, Any]) -> int:
        """A counter's start: a number, or the name of one of the file's `params:`."""
        start = counter.get("start", 0)
        return int(state.params[start]) if isinstance(start, str) else int(start)

    def _owners(self, state: GameState, zone: str) -> list[int | None]:
        return list(range(state.seats)) if self.zone_specs[zone]["owner"] == "each" else [None]

    def _setup_step(self, state: GameState, step: dict[str, Any], events: list[Event]) -> None:
        if "shuffle" in step:
            zone = step["shuffle"]
            for owner in self._owners(state, zone):
                names = (
                    self.groups(zone, owner)
                    if self.zone_specs[zone].get("groups")
                    else [self.zone_name(zone, owner)]
                )
                for name in names:  # a zone of piles: each pile shuffled on its own
                    pile = state.zones[name].cards
                    state.rng.shuffle(pile)
                    events.append(Shuffled(name, len(pile)))
        elif "hook" in step:
            self.hooks[step["hook"]](self, state, None, events)
        elif "each_player" in step:
            for seat in range(state.seats):
                self._run(state, seat, list(step["each_player"]), events)
        elif "deal" in step or "move" in step:
            d = step.get("deal") or step["move"]
            seats: list[int | None] = list(range(state.seats)) if "deal" in step else [None]
            for seat in seats:
                if "field" in d:  # the cards whose field equals a value (the last ones first)
                    assert state.cardset is not None
                    physical = state.cardset.physical()
                    source = self.zone_name(d["from"], seat)
                    cards = [
                        c
                        for c in reversed(state.zones[source].cards)
                        if physical[c].get(d["field"]) == d["equals"]
                    ]
                    if cards[: int(d["count"])]:
                        at = len(events)
                        self._move(
                            state,
                            cards[: int(d["count"])],
                            source,
                            self.zone_name(d["to"], seat),
                            "deal",
                            seat,
                            events,
                        )
                        if len(cards) <= int(d["count"]):  # every card of the value: public, as a split
                            events[at] = replace(events[at], viewers=None)
                elif "code" in d:
                    self._move_code(state, d["from"], d["to"], str(d["code"]), int(d["count"]), seat, events)
                else:
                    self._move_top(state, d["from"], d["to"], int(d["count"]), seat, "deal", events)
        elif "split" in step:
            self._split(state, step["split"], events)

    def _split(self, state: GameState, d: dict[str, Any], events: list[Event]) -> None:
        """The cards of `from` (those whose `field` `equals` a value, when given), one code (or one
        value of the field `by`) to a group of `to`: the group of that name for named groups, else
        in the order the card set lists them."""
        assert state.cardset is not None
        physical = state.cardset.physical()
        source = state.zones[d["from"]].cards
        codes: dict[str, list[int]] = {}
        for card in sorted(source):
            spec = physical[card]
            if "field" in d and spec.get(d["field"]) != d["equals"]:
                continue
            key = str(spec.get(d["by"])) if "by" in d else spec.code
            codes.setdefault(key, []).append(card)
        groups = self.groups(d["to"], None)
        if isinstance(self.zone_specs[d["to"]]["groups"], list):
            base = self.zone_name(d["to"], None)
            pairs = [(f"{base}:{key}", cards) for key, cards in codes.items()]
            pairs = [(g, cards) for g, cards in pairs if g in groups]
        else:
            pairs = list(zip(groups, codes.values(), strict=False))
        for group, cards in pairs:
            # Which cards a split moves is public (every card of the value, whatever the order), so
            # every seat knows each card's pile, though not its place once shuffled: a re-deal from a
            # view keeps the Lv0 circles in the Lv0 pile (seen by no one, the move spread every card
            # of the box over every pile, and a search picked an item as its circle).
            events.append(replace(state.move(cards, d["from"], group, "setup"), viewers=None))

    def _move_code(
        self,
        state: GameState,
        src: str,
        dst: str,
        code: str,
        count: int,
        seat: int | None,
        events: list[Event],
    ) -> None:
        """Up to `count` cards with this code from `src` (the last ones first) into `dst`."""
        assert state.cardset is not None
        physical = state.cardset.physical()
        source = self.zone_name(src, seat)
        cards = [c for c in reversed(state.zones[source].cards) if physical[c].code == code][:count]
        if cards:
            self._move(state, cards, source, self.zone_name(dst, seat), "move", seat, events)

    def _move_top(
        self,
        state: GameState,
        src: str,
        dst: str,
        count: int,
        seat: int | None,
        why: str,
        events: list[Event],
    ) -> None:
        source = self.zone_name(src, seat)
        pile = state.zones[source].cards
        refill = self.spec.get("refill")
        if (
            len(pile) < count
            and refill
            and refill["zone"] == src
            and seat is not None
            and self.zone_specs[src]["owner"] == "each"
        ):
            # a player's pile that runs short (a deck-builder's deck): what it holds, then the
            # refill's cards shuffled in, then the rest from those
            first = len(pile)
            if first:
                self._move(state, list(pile), source, self.zone_name(dst, seat), why, seat, events)
            self._refill(state, refill, events, seat)
            count -= first
            pile = state.zones[source].cards
        take = pile[len(pile) - min(count, len(pile)) :]
        if take:
            self._move(
                state, list(take), self.zone_name(src, seat), self.zone_name(dst, seat), why, seat, events
            )

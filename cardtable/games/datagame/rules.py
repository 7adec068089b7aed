"""The interpreter of games written in data: one `Game` subclass, built from a checked game file.

A game file (cards/game.schema.json; docs/data-games.md) names zones, setup steps, card patterns,
move templates, the steps of a turn, the end and the scoring. Nothing in it runs as code: every
predicate and every effect is one of a closed set, interpreted here.

One legality per move: each move template's rule is `_why_not_move`, which reads the template's
verb, zones, pattern and `when:` predicates and answers LEGAL or a reason in words; `legal_actions`
generates candidates from the same template and keeps those the rule passes.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from typing import Any, ClassVar, TypedDict

from cardtable.rules import blind
from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet, CardSpec
from cardtable.rules.events import Announced, Committed, Event, GameEnded, Revealed, Shuffled
from cardtable.rules.game import LEGAL, CardProblem, Game, Param, seat_has_no_decision
from cardtable.rules.invariants import data_problems
from cardtable.rules.notation import MoveForm, OneOf, TargetWords
from cardtable.rules.state import GameState, Pending
from cardtable.rules.zones import Visibility

MULTI_VERBS = ("meld", "place")  # verbs whose move names several cards
COMMIT = "commit"  # the pending decision of a `commit:` effect: every seat at once, face down
WINDOW, USE, DECLINE = "window", "use", "pass"  # a `window:` effect's question to one seat: use or pass
WINDOW_WORDS = {  # a window's two answers (a file's own `pass` move keeps its words)
    USE: {"en": "Use your card now", "ja": "カードを今使う"},
    DECLINE: {"en": "Do not use it now", "ja": "今は使わない"},
}
PICK, STOP = "pick", "stop"  # the moves of an effect's choice (`choose:`): a card, or no more
FIELD = re.compile(r"\{(\w+)\}")  # a card field named in `card_name: {format:}`


class _Core(TypedDict):
    counters: dict[str, list[int]]  # each counter's value: one per seat (`each: true`) or one
    step: int  # the index of the turn's current step in the file's `turn:`
    made: dict[str, int]  # how often each move was made in the current step
    turns: int  # turns ended so far
    refills: int  # refills made so far (`refill:`)


class DataGameData(_Core, total=False):
    """Every key of a data game's `state.data` (a total=False subclass: NotRequired is not seen
    through postponed annotations on Python 3.11)."""

    end_reason: str  # the end rule's English reason, once the game is over
    choice: dict[str, Any]  # an effect's open choice (`choose:`): who, from, to, how many left, the rest
    hooked: dict[str, Any]  # what a game's Python hooks keep between moves (public; JSON-like)
    round: int  # the round under way (1 the first), in a game with `rounds:`
    again: str  # a step the turn takes again once its end's effects are run (`again:`)
    extra: bool  # the turn is in a step taken again: that step's end ends the turn
    first: int  # the seat that moves first in this round (`rounds: {first: alternate}` moves it on)
    tallies: dict[str, list[dict[str, int]]]  # per `tallies:` name, per seat: card code -> how many
    chosen: dict[str, list[Any]]  # per `choose_value: {keep}` name, per seat: the value chosen (or None)
    blind: dict[str, int]  # an open blind pick of the setup: its setup step, whose pick, which try


def game_class(spec: dict[str, Any], source: str) -> type[DataGame]:
    """A `DataGame` subclass for one file: its class holds the file, so it is built without arguments
    like any other game (tests build `type(game)()`)."""
    return type(
        f"DataGame_{spec['id']}", (DataGame,), {"spec": spec, "source": source, "__module__": __name__}
    )


class DataGame(Game):
    """A game whose rules are a data file (`spec`, already checked by spec.load_game); see game_class."""

    public_data_shares_nothing = True
    # Every data game has a hidden `box` of cards out of play, where a scenario's stacked deal puts
    # the cards it displaces (so a scenario can state a short stock).
    reserve_zone = "box"
    spec: ClassVar[dict[str, Any]] = {}
    source: ClassVar[str] = ""

    def __init__(self) -> None:
        spec = self.spec
        self.id = spec["id"]
        title = spec.get("title", {})
        self.title = str(title.get("en", self.id))
        self.title_ja = str(title.get("ja", self.title))
        self.description = str(spec.get("description", {}).get("en", ""))
        self.min_seats = int(spec["players"]["min"])
        self.max_seats = int(spec["players"]["max"])
        self.cardset_name = str(spec["cardset"])
        self.params = (
            Param(
                "cardset", self.cardset_name, "the card set: a bundled name (cards/NAME.yaml) or a YAML file"
            ),
            *(
                Param(
                    name,
                    p["default"],
                    str(p.get("text", name)),
                    p.get("min"),
                    p.get("max"),
                    tuple(p["choices"]) if "choices" in p else None,
                )
                for name, p in spec.get("params", {}).items()
            ),
        )
        self.zone_specs: dict[str, dict[str, Any]] = spec["zones"]
        self.moves: dict[str, dict[str, Any]] = spec["moves"]
        self.steps: list[dict[str, Any]] = spec["turn"]
        self.patterns: dict[str, dict[str, Any]] = spec.get("patterns", {})
        self.counters: dict[str, dict[str, Any]] = spec.get("counters", {})
        from .hooks import hooks_for

        self.hooks = hooks_for(self.id, self.source)
        self.rounds: dict[str, Any] | None = spec.get("rounds")
        self.move_forms = {name: _form(m, self._group_words(m)) for name, m in self.moves.items()}
        self.play_kinds = frozenset(
            n for n, m in self.moves.items() if m["verb"] in ("meld", "lay_off", "play")
        )
        self.pick_kinds = frozenset(n for n, m in self.moves.items() if m["verb"] in ("take", "buy"))
        self.effects: dict[str, list[dict[str, Any]]] = spec.get("effects", {})
        # a setup's blind pick (`pick to 3`: a place in a face-down pile) or a card's choice (`pick
        # CODE to CARD`): a file has one or the other (`cardtable validate` says so)
        self.blind = next((s["blind_pick"] for s in spec.get("setup", []) if "blind_pick" in s), None)
        self.move_forms[PICK] = (
            MoveForm(0, target=blind.PLACE) if self.blind else MoveForm(1, target=_any_word())
        )
        self.move_forms[STOP] = MoveForm(0, target=_any_word())
        # a card's choice of a pile (`choose_pile: {move: gain}`): its move word, its effect
        # and a card's choice of a value (`choose_value: {move: recolour, values: [red, blue]}`)
        self.pile_choices: dict[str, dict[str, Any]] = {}
        self.value_choices: dict[str, dict[str, Any]] = {}
        queue: list[Any] = list(self.effects.values())
        while queue:
            item = queue.pop()
            if isinstance(item, dict):
                if isinstance(item.get("choose_pile"), dict):
                    self.pile_choices[str(item["choose_pile"]["move"])] = item["choose_pile"]
                if isinstance(item.get("choose_value"), dict):
                    self.value_choices[str(item["choose_value"]["move"])] = item["choose_value"]
                queue += list(item.values())
            elif isinstance(item, list):
                queue += item
        for word, c in self.pile_choices.items():
            self.move_forms[word] = MoveForm(0, target=self._group_words({"verb": "buy", "from": c["from"]}))
        for word, c in self.value_choices.items():
            self.move_forms[word] = MoveForm(0, target=OneOf({str(v).lower(): str(v) for v in c["values"]}))
        self.choice_words = frozenset([*self.pile_choices, *self.value_choices])
        self.has_windows = '"window"' in repr(spec).replace("'", '"')
        if self.has_windows:
            self.move_forms[USE] = MoveForm(0)
            self.move_forms.setdefault(DECLINE, MoveForm(0))
        self.RULES = {
            name: _rule_for(name)
            for name in dict.fromkeys([*self.moves, PICK, STOP, USE, DECLINE, *self.choice_words])
        }
        self._groups: dict[tuple[str, int | None], list[str]] = {}
        self._values: dict[str, tuple[CardSet, list[Any]]] = {}
        self._last_lowest: tuple[tuple[int, ...], list[int]] = ((), [])

    # -- the contract ----------------------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        from cardtable.cardsets import load_for

        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        """A set this file can be played with: every card code the file names is in it, and it has
        the cards the setup deals at the most players."""
        codes: dict[str, int] = {}
        for spec in cardset.physical():
            codes[spec.code] = codes.get(spec.code, 0) + 1
        out: list[CardProblem] = []
        named = self.named_codes()
        for code in sorted(named - set(codes)):
            out.append((["cards"], f"{self.title}: no card {code!r} in the set (the game file names it)"))
        need = 0
        for step in self.spec.get("setup", []):
            d = step.get("deal") or step.get("move")
            if d is None:
                continue
            count = int(d["count"]) * (self.max_seats if "deal" in step else 1)
            if "code" in d and codes.get(str(d["code"]), 0) < count and str(d["code"]) in codes:
                out.append((["cards"], f"{self.title}: {self.max_seats} players need {count} {d['code']}"))
            if "code" not in d and self.zone_specs[d["from"]]["owner"] == "table":
                need += count
        if need > len(cardset.physical()):
            out.append(
                (
                    ["cards"],
                    f"{self.title}: the deal for {self.max_seats} players needs {need} cards, the set has {len(cardset.physical())}",
                )
            )
        return out

    def named_codes(self) -> set[str]:
        """Every card code the file names: its effects', its setup's, its conditions' and gains'."""
        found = set(self.effects)
        queue: list[Any] = [self.spec.get("setup", []), self.spec.get("end", []), list(self.effects.values())]
        queue += [self.spec.get("start_of_turn", []), self.spec.get("end_of_turn", [])]
        queue += [m.get("when", []) for m in self.moves.values()]
        while queue:
            item = queue.pop()
            if isinstance(item, dict):
                if isinstance(item.get("code"), str):
                    found.add(item["code"])
                queue += list(item.values())
            elif isinstance(item, list):
                queue += item
        return found

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return int(self.spec["max_actions"])

    def zone_name(self, zone: str, seat: int | None) -> str:
        """The state's zone for a file's zone name: `hand` -> `hand:2` for an `each` zone."""
        if self.zone_specs[zone]["owner"] == "each":
            return f"{zone}:{seat}"
        return zone

    def groups(self, zone: str, seat: int | None) -> list[str]:
        """The group zones of a grouped zone (`melds.1`..., or `supply:B1`... for named groups), in
        order (worked out once per seat)."""
        key = (zone, seat)
        found = self._groups.get(key)
        if found is None:
            base = self.zone_name(zone, seat)
            spec = self.zone_specs[zone]["groups"]
            if isinstance(spec, list):
                found = self._groups[key] = [f"{base}:{name}" for name in spec]
            else:
                found = self._groups[key] = [f"{base}.{i}" for i in range(1, int(spec) + 1)]
        return found

    def _group_words(self, m: dict[str, Any]) -> TargetWords:
        """The words a template's target is written in: a named group by its name or zone."""
        from cardtable.rules.notation import AnyWord

        zone = m.get("from") if m["verb"] in ("buy", "exchange") else m.get("to")
        spec = self.zone_specs.get(str(zone), {}).get("groups")
        if not isinstance(spec, list) or self.zone_specs[str(zone)]["owner"] != "table":
            return AnyWord()
        zones = {f"{zone}:{name}": f"{zone}:{name}" for name in spec}
        zones.update({str(name): f"{zone}:{name}" for name in spec})
        zones.update({str(name).upper(): f"{zone}:{name}" for name in spec})
        return GroupWord(zones)

    def values(self, state: GameState, field: str) -> list[Any]:
        """Every physical card's value of `field`, by card id: read once per card set, since the
        patterns ask it of every candidate move."""
        cardset = state.cardset
        assert cardset is not None
        held = self._values.get(field)
        if held is None or held[0] is not cardset:
            held = self._values[field] = (cardset, [spec.get(field) for spec in cardset.physical()])
        return held[1]

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
            state.data["chosen"] = {str(c["keep"]): [None] * state.seats for c in self.value_choices.values()}
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
                state.data["blind"] = {"step": at, "seat": 0, "tries": 1}
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
        b, pile = state.data["blind"], self._blind_pile()
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
        b = state.data.pop("blind")
        if not run_rest or self._setup_from(state, int(b["step"]) + 1, events):
            self._start_play(state, events)

    def _blind_moves(self, state: GameState, seat: int) -> list[Action]:
        if seat != state.data["blind"]["seat"]:
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
                        self._move(
                            state,
                            cards[: int(d["count"])],
                            source,
                            self.zone_name(d["to"], seat),
                            "deal",
                            seat,
                            events,
                        )
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
            events.append(state.move(cards, d["from"], group, "setup"))

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

    # -- flow ------------------------------------------------------------------------------------
    def _begin_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        state.active = seat
        state.data["step"] = 0
        state.data["made"] = {}
        if self._run_then(state, seat, list(self.spec.get("start_of_turn", [])), events, "turn_start"):
            self._settle_step(state, events)

    def _end_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        """The turn's `end_of_turn` effects (a deck-builder's clean-up), then the next seat's turn."""
        # the last step stays current while the turn's end may wait for a window
        state.data["step"] = min(int(state.data["step"]), len(self.steps) - 1)
        if self._run_then(state, seat, list(self.spec.get("end_of_turn", [])), events, "turn_end"):
            self._finish_turn(state, seat, events)

    def _finish_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        again = state.data.pop("again", None)
        if again is not None:  # one more of a step now (an extra action), then the turn ends
            names = [str(s["step"]) for s in self.steps]
            state.data["step"] = names.index(str(again))
            state.data["made"] = {}
            state.data["extra"] = True
            self._settle_step(state, events)
            if state.phase == again and self._step_moves(state, seat, first=True):
                return
            state.data.pop("extra", None)
        self._finish_turn_now(state, seat, events)

    def _finish_turn_now(self, state: GameState, seat: int, events: list[Event]) -> None:
        state.data["turns"] += 1
        state.data["step"] = 0  # a round's end (a commit) may wait between this turn and the next
        state.data["made"] = {}
        if self.rounds and (seat + 1) % state.seats == state.data["first"]:
            self._end_round(state, seat, events)
            return
        self._begin_turn(state, (seat + 1) % state.seats, events)

    def _end_round(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Every seat has had its turn: the round's `end:` effects (a `commit:` among them waits for
        every seat's hidden choice, and the round goes on once all are in), then the next round."""
        assert self.rounds is not None
        first = int(state.data["first"])
        if self._run_then(state, first, list(self.rounds.get("end", [])), events, "round_end"):
            self._resume(state, first, "round_end", events)

    def _run_then(
        self,
        state: GameState,
        seat: int,
        queue: list[dict[str, Any]],
        events: list[Event],
        after: str,
        move: str = "",
    ) -> bool:
        """Run effects; False when they stopped at a question (a commit, a window: what comes after
        them, `after`, waits in the pending decision) or ended the game. `move`: the move whose
        effects they are (a choice among them finishes that move once it is made)."""
        self._run(state, seat, queue, events, move)
        if state.over:
            return False
        if state.pending is not None:
            state.pending.data.setdefault("after", after)
            return False
        return True

    def _resume(self, state: GameState, seat: int, after: str, events: list[Event]) -> None:
        """Go on from where effects stopped for a question, once they are all run: the rest of a
        turn's end, of a round's end or start, or of a move."""
        if after == "turn_start":
            self._settle_step(state, events)
        elif after == "turn_end":
            self._finish_turn(state, seat, events)
        elif after == "round_end":
            if not self._check_end(state, seat, events):
                self._next_round(state, events)
        elif after == "round_start":
            if not self._check_end(state, seat, events):
                self._begin_turn(state, int(state.data["first"]), events)
        else:
            self._after_move(state, seat, after.partition(":")[2], events)

    def _continue(self, state: GameState, data: dict[str, Any], events: list[Event]) -> None:
        """A question answered: the effects that waited for it, then what comes after them."""
        seat, after = int(data["seat"]), str(data.get("after", "round_end"))
        if self._run_then(state, seat, list(data["then"]), events, after):
            self._resume(state, seat, after, events)

    def _next_round(self, state: GameState, events: list[Event]) -> None:
        """The next round: its first seat (moved on one with `first: alternate`), its `start:`
        effects, the end rules for every seat, then the first seat's turn."""
        assert self.rounds is not None
        state.data["round"] += 1
        mode = str(self.rounds.get("first", "fixed"))
        if mode not in ("fixed", "alternate"):  # a parameter names it
            mode = str(state.params[mode])
        if mode == "alternate":
            state.data["first"] = (int(state.data["first"]) + 1) % state.seats
        first = int(state.data["first"])
        state.active = first
        self._start_round(state, first, events)

    def _start_round(self, state: GameState, first: int, events: list[Event]) -> None:
        """A round begins: the end rules checked when a round begins (`at: round_start`: before its
        start effects, a draw), those effects, then the first seat's turn."""
        assert self.rounds is not None
        if self._check_end(state, first, events, "round_start"):
            return
        if self._run_then(state, first, list(self.rounds.get("start", [])), events, "round_start"):
            self._resume(state, first, "round_start", events)

    def _end_turn_for_arrange(self, state: GameState, seat: int, events: list[Event]) -> None:
        """A scenario that begins at the round's end (every turn of it played)."""
        state.data["step"] = 0
        state.data["made"] = {}
        self._end_round(state, seat, events)

    def arrange(self, state: GameState, setup: dict[str, Any], refs: Any) -> None:
        """A scenario's `setup:` keys: the game's `arrange` hook reads them (a data game has none
        of its own)."""
        hook = self.hooks.get("arrange")
        if hook is None:
            super().arrange(state, setup, refs)
        elif setup:
            hook(self, state, setup, refs)

    def _round_order(self, state: GameState) -> list[int]:
        first = int(state.data.get("first", state.active or 0))
        return [(first + i) % state.seats for i in range(state.seats)]

    def _check_end(self, state: GameState, seat: int, events: list[Event], moment: str = "") -> bool:
        """The end rules: a rule with `loses: true` is checked for every seat (those it holds for
        lose; all of them: nobody wins), another for `seat` (the player who moved); a rule with
        `at: round_start` only when a round has begun (`moment`: after its start effects, a draw)."""
        for rule in self.spec.get("end", []):
            if rule.get("at", moment) != moment:
                continue
            reason = str(rule.get("reason", {}).get("en", "end"))
            if rule.get("loses"):
                losers = [s for s in range(state.seats) if not self._predicates(state, rule["when"], s)]
                if losers:
                    self._end_game(state, reason, events, losers)
                    return True
            elif not self._predicates(state, rule["when"], seat):
                self._end_game(state, reason, events)
                return True
        return False

    def _settle_step(self, state: GameState, events: list[Event]) -> None:
        """Skip steps with no legal move; a turn with none at all ends the game (blocked)."""
        for _ in range(len(self.steps) * (state.seats + 1)):
            if state.over or self._step_moves(state, state.active, first=True):
                state.phase = self.steps[state.data["step"]]["step"]
                return
            if state.data["step"] + 1 < len(self.steps):
                state.data["step"] += 1
            else:
                self._end_game(state, "blocked", events)
                return

    def _after_move(self, state: GameState, seat: int, kind: str, events: list[Event]) -> None:
        """Refill, the end rules, then the step's or the turn's end (`kind`: the move's template;
        after an effect's choice, the move that played the card, whose `ends:` applies then)."""
        template = self.moves[kind]
        refill = self.spec.get("refill")
        if (
            refill
            and self.zone_specs[refill["zone"]]["owner"] == "table"
            and not state.zones[refill["zone"]].cards
        ):
            self._refill(state, refill, events, None)
        if self._check_end(state, seat, events):
            return
        if "choice" in state.data:
            return  # an effect waits for its player's choice; the turn goes on once it is made
        step = self.steps[state.data["step"]]
        ends = template.get("ends", "")
        if ends == "turn" or (
            state.data.get("extra") and (ends == "step" or step.get("repeat", "once") == "once")
        ):
            state.data.pop("extra", None)  # a step taken again ends the turn with it
            self._end_turn(state, seat, events)
        elif ends == "step" or step.get("repeat", "once") == "once":
            state.data["step"] += 1
            state.data["made"] = {}
            if state.data["step"] >= len(self.steps):
                self._end_turn(state, seat, events)
            else:
                self._settle_step(state, events)
        else:
            self._settle_step(state, events)

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

    def _end_game(
        self, state: GameState, reason: str, events: list[Event], losers: list[int] | None = None
    ) -> None:
        state.scores = [self._score(state, seat) for seat in range(state.seats)]
        best = max(state.scores) if self.spec.get("wins", "most") == "most" else min(state.scores)
        state.winners = tuple(s for s in range(state.seats) if state.scores[s] == best)
        if losers is not None:  # an end rule that names who loses: the others win
            state.winners = tuple(s for s in range(state.seats) if s not in losers)
        state.over = True
        state.active = None
        state.pending = None
        state.data["end_reason"] = reason
        state.data.pop("choice", None)  # an effect's choice ends with the game
        events.append(GameEnded(state.winners, tuple(state.scores)))

    def _score(self, state: GameState, seat: int) -> int:
        assert state.cardset is not None
        physical = state.cardset.physical()
        total = 0
        for term in self.spec.get("score", []):
            if "counter" in term:
                value = self._counter(state, term["counter"], seat)
            else:
                mapping = {int(k): int(v) for k, v in term.get("map", {}).items()}
                value = 0
                for card in state.zones[self.zone_name(term["zone"], seat)].cards:
                    raw = int(physical[card].get(term["sum"]) or 0)
                    value += mapping.get(raw, raw)
            total += value * int(term.get("times", 1))
        return total

    def _counter(self, state: GameState, name: str, seat: int | None) -> int:
        values = state.data["counters"][name]
        return int(values[seat if self.counters[name].get("each") else 0])

    # -- moves -----------------------------------------------------------------------------------
    def _step_moves(self, state: GameState, seat: int | None, first: bool = False) -> list[Action]:
        """The legal moves of the current step (`first`: only the first one found, to learn whether
        the step has any)."""
        if seat is None or state.over:
            return []
        if "blind" in state.data:
            return self._blind_moves(state, seat)
        if "choice" in state.data:
            return self._choice_moves(state, seat)
        pending = state.pending
        if pending is not None and pending.kind == WINDOW:
            return [Action(seat, USE), Action(seat, DECLINE)] if seat in pending.seats else []
        out: list[Action] = []
        for name in self._open_moves(state):
            rule = self.RULES[name]
            if first:  # the first legal one is enough: the rest are not judged
                found = next(
                    (a for a in self._candidates(state, seat, name) if not rule(self, state, a)), None
                )
                if found is not None:
                    return [found]
                continue
            out.extend(a for a in self._candidates(state, seat, name) if not rule(self, state, a))
        return out

    def _open_moves(self, state: GameState) -> list[str]:
        """The templates that may be moved now: an open commit's, else the current step's."""
        pending = state.pending
        if pending is not None and pending.kind == COMMIT:
            return list(pending.data["moves"])
        return list(self.steps[state.data["step"]]["moves"])

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
        """The lowest-numbered copy of each code among `cards` (a move names that copy); the last
        answer is kept, since every candidate of a move asks it of the same pile."""
        key = tuple(cards)
        if self._last_lowest[0] == key and key:
            return self._last_lowest[1]
        assert state.cardset is not None
        physical = state.cardset.physical()
        seen: dict[str, int] = {}
        for card in cards:
            code = physical[card].code
            if code not in seen or card < seen[code]:
                seen[code] = card
        found = sorted(seen.values())
        self._last_lowest = (key, found)
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
        if "blind" in state.data:
            if action.kind != PICK:
                return self.refusal(
                    self.moves.get(action.kind, {}), "step", f"{action.kind} is not a move of the setup"
                )
            if seat != state.data["blind"]["seat"]:
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
        if pending is not None and pending.kind == COMMIT:
            if seat in pending.commits:
                return "you have placed yours already"
            if action.kind not in pending.data["moves"]:
                default = f"{action.kind} is not a move now: {' or '.join(pending.data['moves'])}"
                return self.refusal(m, "step", default)
        elif action.kind not in self.steps[state.data["step"]]["moves"]:
            return self.refusal(m, "step", f"{action.kind} is not a move of this step")
        problem = self._predicates(state, m.get("when", []), seat)
        if problem:
            return problem
        for counter, n in m.get("pay", {}).items():
            if self._counter(state, counter, seat) < int(n):
                return f"{self.term(counter, 'en')} is below {n}"
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
        return _fill(str(said["en"]), values)

    def refusal_in(self, reason: str, language: str) -> str | None:
        """A refusal the file words (`refuse:`), in `language`: its English sentence is read back
        against each template (its `{name}` parts are the values) and said in the other words. None
        when the sentence is not the file's."""
        for m in self.moves.values():
            for said in m.get("refuse", {}).values():
                found = _template_re(str(said["en"])).fullmatch(reason)
                if found is not None:
                    return _fill(str(said.get(language) or said["en"]), found.groupdict())
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

    def apply(self, state: GameState, action: Action) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if "blind" in state.data:
            self._blind_pick(state, action, events)
            return events
        if action.kind in (PICK, STOP, *self.choice_words):
            self._choose(state, action, events)
            return events
        pending = state.pending
        if pending is not None and pending.kind == COMMIT:
            self._commit(state, pending, action, events)
            return events
        if pending is not None and pending.kind == WINDOW:
            self._answer(state, pending, action, events)
            return events
        m = self.moves[action.kind]
        self._run(state, seat, list(m.get("before", [])), events)
        self._carry_out(state, action, events)
        verb = m["verb"]
        made = state.data["made"]
        made[action.kind] = int(made.get(action.kind, 0)) + 1
        if verb == "play" and action.cards:
            assert state.cardset is not None
            code = state.cardset.physical()[action.cards[0]].code
            self._run(state, seat, list(self.effects.get(code, [])), events, action.kind, code)
        if not self._run_then(
            state, seat, list(m.get("effects", [])), events, f"move:{action.kind}", action.kind
        ):
            return events
        self._after_move(state, seat, action.kind, events)
        return events

    def _window_card(self, state: GameState, w: dict[str, Any], seat: int) -> tuple[int, str] | None:
        """The card of `seat` a window asks about: the first of its zone whose timing field names one
        of the window's timings whose conditions hold for `seat`."""
        field = self.values(state, w.get("field", "on"))
        for card in state.zones[self.zone_name(w["zone"], seat)].cards:
            timing = str(field[card])
            if timing in w["timings"] and not self._predicates(state, w["timings"][timing] or [], seat):
                return card, timing
        return None

    def _ask(self, state: GameState, data: dict[str, Any], seats: list[int]) -> bool:
        """Ask the first of `seats` (in the round's order: the priority player first) that holds a
        card for the window; False when nobody does."""
        for at, seat in enumerate(seats):
            held = self._window_card(state, data["window"], seat)
            if held is not None:
                data.update({"asked": seats[at + 1 :], "timing": held[1]})
                state.pending = Pending(WINDOW, (seat,), {}, data)
                return True
        return False

    def _answer(self, state: GameState, pending: Pending, action: Action, events: list[Event]) -> None:
        """A window's answer: `use` plays the card (out to the window's `to`, its effects for its
        holder), `pass` keeps it; then the next seat holding a card for it, or what waited."""
        data = dict(pending.data)
        state.pending = None
        seat = action.seat
        if action.kind == USE:
            w = data["window"]
            held = self._window_card(state, w, seat)
            assert held is not None and state.cardset is not None
            card, timing = held
            self._move(
                state,
                [card],
                self.zone_name(w["zone"], seat),
                self.zone_name(w["to"], seat),
                "use",
                None,
                events,
            )
            code = state.cardset.physical()[card].code
            events.append(Announced("use", seat, {"card": card, "timing": timing}))
            self._run(state, seat, list(self.effects.get(code, [])), events, "", code)
            if state.over:
                return
            if "choice" in state.data:  # the card asks its holder: the window waits for the answer
                state.data["choice"]["window"] = data
                return
        if not self._ask(state, data, list(data["asked"])):
            self._continue(state, data, events)

    def _commit(self, state: GameState, pending: Pending, action: Action, events: list[Event]) -> None:
        """One seat's hidden choice of an open `commit:`; once every seat's is in, all are carried
        out together (the cards face up at once), then the effects after the commit, then the round
        goes on."""
        seat = action.seat
        pending.commits[seat] = action
        pending.seats = tuple(s for s in pending.seats if s != seat)
        events.append(Committed(seat, action))
        if pending.seats:
            return
        state.pending = None
        for who in self._round_order(state):
            if who in pending.commits:
                self._carry_out(state, pending.commits[who], events)
        self._continue(state, dict(pending.data), events)

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

    # -- effects ---------------------------------------------------------------------------------
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
            state.data["chosen"][keep][seat] = action.target
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

    # -- words: the game's own, from its file ---------------------------------------------------
    def label(self, state: GameState, action: Action, language: str = "en") -> str:
        """The move in the file's words for it (`label:`), in `language` (English when the file has no
        Japanese): `{cards}` are the card codes, `{target}` the group in the zone's own name."""
        assert state.cardset is not None
        return self.words(state.cardset, action, language)

    def words(self, cardset: CardSet, action: Action, language: str) -> str:
        """`label` from the card set alone (what a view holds): the cards named as the file's
        `card_name:` says (the card set's own names without it); a card a seat cannot see is `?`."""
        if action.kind == PICK and self.blind is not None:  # a place in a face-down pile
            words = self.blind.get("label") or {"en": "Take the card at place {target}"}
            return str(words.get(language) or words["en"]).replace("{target}", action.target)
        if action.kind in self.value_choices:
            words = self.value_choices[action.kind].get("label") or {"en": f"{action.kind} {{target}}"}
            return str(words.get(language) or words["en"]).replace("{target}", action.target)
        if action.kind in self.pile_choices:
            words = self.pile_choices[action.kind].get("label") or {"en": f"{action.kind} {{target}}"}
            template = str(words.get(language) or words["en"])
        elif action.kind in (PICK, STOP):
            said = self.choose_effect(action.target)
            words = said.get("label" if action.kind == PICK else "stop", {}) if said else {}
            words = words or {"en": "Choose {cards}" if action.kind == PICK else "Choose no more"}
            template = str(words.get(language) or words["en"])
            action = Action(action.seat, action.kind, action.cards)  # its target is the card, not a zone
        else:
            words = (
                self.moves[action.kind]["label"] if action.kind in self.moves else WINDOW_WORDS[action.kind]
            )
            template = str(words.get(language) or words["en"])
        physical = cardset.physical()
        cards = " ".join(
            self.card_name(physical[c], language) if 0 <= c < len(physical) else "?" for c in action.cards
        )
        target = action.target
        if target:
            named = []
            for part in target.split("+"):
                base, dot, number = part.rpartition(".")
                if not dot:  # a named pile, `supply:B3`: the zone's name and the pile's
                    base, _, number = part.rpartition(":")
                    card = next((c for c in physical if c.code == number), None)
                    if card is not None:  # a pile named by a card code: the card's name
                        number = self.card_name(card, language)
                named.append(f"{self.zone_title(base.partition(':')[0], language)} {number}")
            target = " + ".join(named)
        return template.replace("{cards}", cards).replace("{target}", target)

    def choose_effect(self, code: str) -> dict[str, Any] | None:
        """The `choose:` of a card's effects (a card has one at most: `cardtable validate` says so)."""
        queue = list(self.effects.get(code, []))
        while queue:
            effect = queue.pop(0)
            if "choose" in effect:
                return dict(effect["choose"])
            queue += list(effect.get("then", [])) + list(effect.get("else", []))
        return None

    def card_name(self, spec: CardSpec, language: str) -> str:
        """A card as this game's players name it: the file's `card_name: {format: "{rank}{suit}",
        rank: {1: A}}` fills each `{field}` with the card's value, mapped when the file maps it (a
        plain substitution, nothing evaluated); the card set's own name without it."""
        naming = self.spec.get("card_name")
        if not naming:
            return spec.name.get(language)

        def value(match: re.Match[str]) -> str:
            field = match.group(1)
            raw = spec.get(field)
            mapped = naming.get(field, {})
            return str(mapped.get(raw, mapped.get(str(raw), raw if raw is not None else "?")))

        return FIELD.sub(value, str(naming["format"]))

    def pattern_title(self, pattern: str, language: str) -> str:
        """A pattern's name in `language` (the file's `name:`; its id, spaced, without one)."""
        name = self.patterns.get(pattern, {}).get("name", {})
        return str(name.get(language) or name.get("en") or pattern.replace("_", " "))

    def term(self, words: str, language: str) -> str:
        """A name a refusal's English words hold (a zone's, a pattern's, a counter's; several joined
        by " or ") in `language`, from the file's names; words it does not know stay as they are."""
        names: dict[str, str] = {}
        for zone in self.zone_specs:
            names[zone] = names[self.zone_title(zone, "en")] = self.zone_title(zone, language)
        for pattern in self.patterns:
            names[self.pattern_title(pattern, "en")] = self.pattern_title(pattern, language)
        for counter, spec in self.counters.items():
            name = spec.get("name", {})
            # a refusal's English words name a counter by its English name ("Actions"), not its id
            names[counter] = str(name.get(language) or name.get("en") or counter)
            if name.get("en"):
                names[str(name["en"])] = names[counter]
        joined = " or " if language == "en" else "・"
        return joined.join(names.get(part, part) for part in words.split(" or "))

    def zone_title(self, zone: str, language: str) -> str:
        """A zone's name in `language` (the file's `name:`; its id without one)."""
        name = self.zone_specs.get(zone, {}).get("name", {})
        return str(name.get(language) or name.get("en") or zone)

    def end_words(self, reason: str) -> dict[str, str]:
        """The end rule's reason in both languages, from its English words (as state.data keeps it)."""
        for rule in self.spec.get("end", []):
            words = rule.get("reason", {})
            if words.get("en") == reason:
                return {"en": str(words["en"]), "ja": str(words.get("ja") or words["en"])}
        return {"en": reason, "ja": reason}

    def narrate(self, state: GameState, action: Action) -> str:
        return self.label(state, action)

    # -- what the report and the search read -----------------------------------------------------
    def turn_number(self, state: GameState) -> int | None:
        return int(state.data.get("turns", 0))

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        data = state.data
        out: dict[str, Any] = {
            "counters": {k: list(v) for k, v in data["counters"].items()},
            "step": data["step"],
            "turns": data["turns"],
        }
        if self.rounds:  # the round's first player: the priority player
            out["round"], out["priority"] = data["round"], data["first"]
        if self.has_windows:
            pending = state.pending
            out["timing"] = pending.data["timing"] if pending is not None and pending.kind == WINDOW else ""
        # what a game's hooks keep is public by their contract; a copy, sharing nothing with the state
        out.update(json.loads(json.dumps(data.get("hooked", {}))))
        for name, seats in data.get("tallies", {}).items():  # public: only public moves are tallied
            out[name] = [dict(counts) for counts in seats]
        if "end_reason" in data:
            out["end_reason"] = data["end_reason"]
        if "chosen" in data:  # the values players chose (a colour named aloud)
            out["chosen"] = {k: list(v) for k, v in data["chosen"].items()}
        if "choice" in data:  # who chooses, for which card, how many more at most (public: the cards are not)
            choice = data["choice"]
            out["choice"] = {"seat": choice["seat"], "card": choice["card"], "left": choice["left"]}
            if "word" in choice:  # a choice of a pile or a value: its move's word
                out["choice"]["word"] = choice["word"]
        return out

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, DataGameData)
        if problems:
            return problems
        if not 0 <= state.data.get("step", 0) < len(self.steps):
            problems.append("the step index is outside the turn")
        if not state.over and state.active is None:
            problems.append("a game in play has no seat to act")
        # a split's pile holds one code (or one value of its `by` field)
        split = {
            step["split"]["to"]: step["split"].get("by")
            for step in self.spec.get("setup", [])
            if "split" in step
        }
        assert state.cardset is not None
        physical = state.cardset.physical()
        for name, z in self.zone_specs.items():
            if z.get("groups"):
                owners = range(state.seats) if z["owner"] == "each" else [None]
                patterns = self._group_patterns(name)
                for owner in owners:
                    for group in self.groups(name, owner):
                        cards = tuple(state.zones[group].cards)
                        if not cards:
                            continue
                        if patterns and not any(
                            not self.pattern_problem(state, self.patterns[p], cards) for p in patterns
                        ):
                            problems.append(f"{group} holds cards that match no pattern")
                        by = split.get(name)
                        kinds = {physical[c].get(by) if by else physical[c].code for c in cards}
                        # a face-down pile's kind is on its back, which a seat's re-deal cannot
                        # read: only a pile everyone sees is checked
                        hidden = state.zones[group].visibility is Visibility.HIDDEN
                        if name in split and len(kinds) > 1 and not hidden:
                            problems.append(f"{group} (a pile of one card) holds several kinds")
        if "choice" in state.data and state.data["choice"]["seat"] != state.active:
            problems.append("a choice is open for a player whose turn it is not")
        return problems

    def _group_patterns(self, zone: str) -> list[str]:
        """Every pattern a move that puts cards into `zone` checks them against."""
        return [p for m in self.moves.values() if m.get("to") == zone for p in m.get("pattern", [])]


def _fill(template: str, values: dict[str, Any]) -> str:
    """`{name}` parts of a file's words replaced by values (a plain substitution: nothing evaluated)."""
    return FIELD.sub(lambda found: str(values.get(found.group(1), found.group(0))), template)


def _template_re(template: str) -> re.Pattern[str]:
    """A file's words as a pattern that reads its `{name}` parts back."""
    parts = re.split(r"(\{\w+\})", template)
    seen: set[str] = set()
    out = []
    for part in parts:
        name = part[1:-1] if FIELD.fullmatch(part) else None
        if name is not None and name not in seen:
            seen.add(name)
            out.append(f"(?P<{name}>.+?)")
        elif name is not None:
            out.append(f"(?P={name})")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))


def _any_word() -> Any:
    from cardtable.rules.notation import AnyWord

    return AnyWord()


def _form(m: dict[str, Any], words: TargetWords) -> MoveForm:
    """How a template's moves are written: `meld`/`place` name cards, `buy`/`lay_off` a pile, a buy
    paid with cards (`price: {cards: ZONE}`) the cards paid and the pile."""
    if m["verb"] in ("draw", "pass"):
        return MoveForm(0)
    if m["verb"] == "buy" and "cards" in m.get("price", {}):
        return MoveForm(1, more=True, target=words)
    if m["verb"] == "exchange":
        return MoveForm(1, target=PilesWord(words, int(m.get("take", {}).get("up_to", 1))))
    if m["verb"] in ("lay_off", "buy"):
        return MoveForm(1, target=words)
    if m["verb"] in MULTI_VERBS:
        return MoveForm(1, more=True)
    return MoveForm(1)


class PilesWord(TargetWords):
    """Several piles joined by `+` (`to R3+G1`), each as its GroupWord reads it."""

    def __init__(self, one: TargetWords, most: int) -> None:
        self.one = one
        self.most = most  # more piles than a move takes is no move at all (a misspelling)
        self.noun = f"up to {most} piles joined by +"

    def read(self, state: GameState, word: str) -> str | None:
        piles = [self.one.read(state, part) for part in word.split("+")]
        if len(piles) > self.most or any(p is None for p in piles):
            return None
        # in the order of the zone's piles, as the moves offered name them
        order = list(dict.fromkeys(getattr(self.one, "zones", {}).values()))
        return "+".join(
            sorted((str(p) for p in piles), key=lambda p: (order.index(p) if p in order else len(order), p))
        )


class GroupWord(TargetWords):
    """A pile of a zone of named groups (`groups: [A, B]`), written by its name (`to B`) or its zone
    (`to supply:B`); the move's target is the zone."""

    noun = "a pile"

    def __init__(self, zones: dict[str, str]) -> None:
        self.zones = zones

    def read(self, state: GameState, word: str) -> str | None:
        return self.zones.get(word) or self.zones.get(word.upper())

    def refusal(self, word: str) -> str:
        return f"{word!r} is not a pile ({', '.join(sorted(set(self.zones.values())))})"


def _rule_for(name: str) -> Any:
    def rule(game: DataGame, state: GameState, action: Action) -> str:
        return game._why_not_move(state, action)

    rule.__name__ = f"why_not_{name}"
    return rule

"""The interpreter of games written in data: one `Game` subclass, built from a checked game file.

A game file (cards/game.schema.json; docs/data-games.md) names zones, setup steps, card patterns,
move templates, the steps of a turn, the end and the scoring. Nothing in it runs as code: every
predicate and every effect is one of a closed set, interpreted here.

One legality per move: each move template's rule is `_why_not_move`, which reads the template's
verb, zones, pattern and `when:` predicates and answers LEGAL or a reason in words; `legal_actions`
generates candidates from the same template and keeps those the rule passes.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any, ClassVar, TypedDict

from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet, CardSpec
from cardtable.rules.events import Announced, Event, GameEnded, Revealed, Shuffled
from cardtable.rules.game import LEGAL, Game, seat_has_no_decision
from cardtable.rules.invariants import data_problems
from cardtable.rules.notation import MoveForm
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility

MULTI_VERBS = ("meld",)  # verbs whose move names several cards
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
        self.zone_specs: dict[str, dict[str, Any]] = spec["zones"]
        self.moves: dict[str, dict[str, Any]] = spec["moves"]
        self.steps: list[dict[str, Any]] = spec["turn"]
        self.patterns: dict[str, dict[str, Any]] = spec.get("patterns", {})
        self.counters: dict[str, dict[str, Any]] = spec.get("counters", {})
        self.move_forms = {
            name: MoveForm(1, more=True) if m["verb"] in MULTI_VERBS else _form(m)
            for name, m in self.moves.items()
        }
        self.play_kinds = frozenset(
            n for n, m in self.moves.items() if m["verb"] in ("meld", "lay_off", "play")
        )
        self.pick_kinds = frozenset(n for n, m in self.moves.items() if m["verb"] in ("take", "buy"))
        self.RULES = {name: _rule_for(name) for name in self.moves}
        self._groups: dict[tuple[str, int | None], list[str]] = {}
        self._values: dict[str, tuple[CardSet, list[Any]]] = {}
        self._last_lowest: tuple[tuple[int, ...], list[int]] = ((), [])

    # -- the contract ----------------------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        from cardtable.cardsets import load_for

        return load_for(self, params)

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return int(self.spec["max_actions"])

    def zone_name(self, zone: str, seat: int | None) -> str:
        """The state's zone for a file's zone name: `hand` -> `hand:2` for an `each` zone."""
        if self.zone_specs[zone]["owner"] == "each":
            return f"{zone}:{seat}"
        return zone

    def groups(self, zone: str, seat: int | None) -> list[str]:
        """The group zones of a grouped zone (`melds.1`...), in order (worked out once per seat)."""
        key = (zone, seat)
        found = self._groups.get(key)
        if found is None:
            base = self.zone_name(zone, seat)
            found = self._groups[key] = [
                f"{base}.{i}" for i in range(1, int(self.zone_specs[zone]["groups"]) + 1)
            ]
        return found

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
                name: [int(c.get("start", 0))] * (state.seats if c.get("each") else 1)
                for name, c in self.counters.items()
            },
            "step": 0,
            "made": {},
            "turns": 0,
            "refills": 0,
        }
        events: list[Event] = []
        for step in self.spec.get("setup", []):
            self._setup_step(state, step, events)
        state.active = 0
        self._begin_turn(state, 0, events)
        return events

    def _setup_step(self, state: GameState, step: dict[str, Any], events: list[Event]) -> None:
        if "shuffle" in step:
            pile = state.zones[step["shuffle"]].cards
            state.rng.shuffle(pile)
            events.append(Shuffled(step["shuffle"], len(pile)))
        elif "deal" in step:
            d = step["deal"]
            for seat in range(state.seats):
                self._move_top(state, d["from"], d["to"], int(d["count"]), seat, "deal", events)
        elif "move" in step:
            d = step["move"]
            self._move_top(state, d["from"], d["to"], int(d["count"]), None, "setup", events)

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
        pile = state.zones[self.zone_name(src, seat)].cards
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
        self._settle_step(state, events)

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

    def _after_move(self, state: GameState, action: Action, events: list[Event]) -> None:
        template = self.moves[action.kind]
        refill = self.spec.get("refill")
        if refill and not state.zones[refill["zone"]].cards and state.data["refills"] < int(refill["times"]):
            self._refill(state, refill, events)
        for rule in self.spec.get("end", []):
            if not self._predicates(state, rule["when"], action.seat):
                self._end_game(state, str(rule.get("reason", {}).get("en", "end")), events)
                return
        step = self.steps[state.data["step"]]
        ends = template.get("ends", "")
        if ends == "turn":
            state.data["turns"] += 1
            self._begin_turn(state, (action.seat + 1) % state.seats, events)
        elif ends == "step" or step.get("repeat", "once") == "once":
            state.data["step"] += 1
            state.data["made"] = {}
            if state.data["step"] >= len(self.steps):
                state.data["turns"] += 1
                self._begin_turn(state, (action.seat + 1) % state.seats, events)
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

    def _refill(self, state: GameState, refill: dict[str, Any], events: list[Event]) -> None:
        """The empty zone takes the cards of another, but its top `keep_top`, shuffled."""
        source = state.zones[refill["from"]].cards
        take = source[: max(len(source) - int(refill.get("keep_top", 0)), 0)]
        if not take:
            return
        state.data["refills"] += 1
        events.append(state.move(list(take), refill["from"], refill["zone"], "refill"))
        state.rng.shuffle(state.zones[refill["zone"]].cards)
        events.append(Shuffled(refill["zone"], len(take)))

    def _end_game(self, state: GameState, reason: str, events: list[Event]) -> None:
        state.scores = [self._score(state, seat) for seat in range(state.seats)]
        best = max(state.scores) if self.spec.get("wins", "most") == "most" else min(state.scores)
        state.winners = tuple(s for s in range(state.seats) if state.scores[s] == best)
        state.over = True
        state.active = None
        state.pending = None
        state.data["end_reason"] = reason
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
        out: list[Action] = []
        for name in self.steps[state.data["step"]]["moves"]:
            rule = self.RULES[name]
            out.extend(a for a in self._candidates(state, seat, name) if not rule(self, state, a))
            if first and out:
                return out[:1]
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

    def _candidates(self, state: GameState, seat: int, name: str) -> list[Action]:
        """Every move the template could make now, before its rule filters them."""
        m = self.moves[name]
        verb = m["verb"]
        if verb in ("draw", "pass"):
            return [Action(seat, name)]
        hand = self._lowest(state, state.zones[self.zone_name(m["from"], seat)].cards)
        if verb in ("discard", "play"):
            return [Action(seat, name, (c,)) for c in hand]
        if verb == "lay_off":
            groups = [g for g in self.groups(m["to"], seat) if state.zones[g].cards]
            return [Action(seat, name, (c,), g) for c in hand for g in groups]
        # meld: the subsets the template's patterns could match, found per pattern
        extra = ()
        if m.get("with_top"):
            pile = state.zones[self.zone_name(m["with_top"], seat)].cards
            if not pile:
                return []
            extra = (pile[-1],)
        found: set[tuple[int, ...]] = set()
        for pattern in m["pattern"]:
            for subset in self._pattern_subsets(state, self.patterns[pattern], hand, extra):
                found.add(tuple(sorted(subset)))
        return [Action(seat, name, cards) for cards in sorted(found)]

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
        """The one rule of every move template: the step, the cards, the pattern, the predicates."""
        m = self.moves[action.kind]
        seat = action.seat
        if action.kind not in self.steps[state.data["step"]]["moves"]:
            return f"{action.kind} is not a move of this step"
        problem = self._predicates(state, m.get("when", []), seat)
        if problem:
            return problem
        verb = m["verb"]
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

    def _first_fit(self, state: GameState, names: list[str], cards: tuple[int, ...]) -> str:
        problems = [self.pattern_problem(state, self.patterns[n], cards) for n in names]
        if all(problems):
            return "those cards make no " + " or ".join(self.pattern_title(n, "en") for n in names)
        return LEGAL

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
        if "count" in p:
            n = len(state.zones[self.zone_name(p["count"], seat)].cards)
            if n < int(p.get("at_least", 0)):
                return f"the {self.zone_title(p['count'], 'en')} needs at least {p['at_least']} cards"
            if "at_most" in p and n > int(p["at_most"]):
                return f"the {self.zone_title(p['count'], 'en')} holds more than {p['at_most']} cards"
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

    def apply(self, state: GameState, action: Action) -> list[Event]:
        m = self.moves[action.kind]
        seat = action.seat
        verb = m["verb"]
        events: list[Event] = []
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
        elif verb == "pass":
            events.append(Announced("pass", seat))
        made = state.data["made"]
        made[action.kind] = int(made.get(action.kind, 0)) + 1
        self._after_move(state, action, events)
        return events

    # -- words: the game's own, from its file ---------------------------------------------------
    def label(self, state: GameState, action: Action, language: str = "en") -> str:
        """The move in the file's words for it (`label:`), in `language` (English when the file has no
        Japanese): `{cards}` are the card codes, `{target}` the group in the zone's own name."""
        assert state.cardset is not None
        return self.words(state.cardset, action, language)

    def words(self, cardset: CardSet, action: Action, language: str) -> str:
        """`label` from the card set alone (what a view holds): the cards named as the file's
        `card_name:` says (the card set's own names without it); a card a seat cannot see is `?`."""
        words = self.moves[action.kind]["label"]
        template = str(words.get(language) or words["en"])
        physical = cardset.physical()
        cards = " ".join(
            self.card_name(physical[c], language) if 0 <= c < len(physical) else "?" for c in action.cards
        )
        target = action.target
        if target:
            base, _, number = target.rpartition(".")
            target = f"{self.zone_title(base.partition(':')[0], language)} {number}"
        return template.replace("{cards}", cards).replace("{target}", target)

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
            names[counter] = str(name.get(language) or name.get("en") or counter)
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
        if "end_reason" in data:
            out["end_reason"] = data["end_reason"]
        return out

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, DataGameData)
        if problems:
            return problems
        if not 0 <= state.data.get("step", 0) < len(self.steps):
            problems.append("the step index is outside the turn")
        if not state.over and state.active is None:
            problems.append("a game in play has no seat to act")
        for name, z in self.zone_specs.items():
            if z.get("groups"):
                owners = range(state.seats) if z["owner"] == "each" else [None]
                for owner in owners:
                    for group in self.groups(name, owner):
                        cards = tuple(state.zones[group].cards)
                        if cards and not any(
                            not self.pattern_problem(state, self.patterns[p], cards)
                            for p in self._group_patterns(name)
                        ):
                            problems.append(f"{group} holds cards that match no pattern")
        return problems

    def _group_patterns(self, zone: str) -> list[str]:
        """Every pattern a move that puts cards into `zone` checks them against."""
        return [p for m in self.moves.values() if m.get("to") == zone for p in m.get("pattern", [])]


def _form(m: dict[str, Any]) -> MoveForm:
    from cardtable.rules.notation import AnyWord

    if m["verb"] in ("draw", "pass"):
        return MoveForm(0)
    if m["verb"] == "lay_off":
        return MoveForm(1, target=AnyWord())
    return MoveForm(1)


def _rule_for(name: str) -> Any:
    def rule(game: DataGame, state: GameState, action: Action) -> str:
        return game._why_not_move(state, action)

    rule.__name__ = f"why_not_{name}"
    return rule

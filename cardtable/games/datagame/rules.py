"""The interpreter of games written in data: one `Game` subclass, built from a checked game file.

A game file (cards/game.schema.json; docs/data-games.md) names zones, setup steps, card patterns,
move templates, the steps of a turn, the end and the scoring. Nothing in it runs as code: every
predicate and every effect is one of a closed set, interpreted here.

One legality per move: each move template's rule is `_why_not_move` (legality.py), which reads the template's
verb, zones, pattern and `when:` predicates and answers LEGAL or a reason in words; `legal_actions`
generates candidates from the same template and keeps those the rule passes.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from cardtable.rules import blind
from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet
from cardtable.rules.game import CardProblem, Game, Param
from cardtable.rules.invariants import data_problems
from cardtable.rules.notation import MoveForm, OneOf, TargetWords
from cardtable.rules.state import GameState
from cardtable.rules.zones import Visibility

from .common import (
    DECLINE,
    MULTI_VERBS,
    PICK,
    STOP,
    USE,
    WINDOW,
    DataGameData,
)
from .effects import EffectsPart
from .ending import EndingPart
from .flow import FlowPart
from .legality import LegalityPart
from .setup import SetupPart
from .wording import WordingPart

__all__ = [  # the names other modules import from here (the shared ones are common.py's)
    "DECLINE",
    "PICK",
    "STOP",
    "USE",
    "WINDOW",
    "DataGame",
    "DataGameData",
    "game_class",
]


def game_class(spec: dict[str, Any], source: str) -> type[DataGame]:
    """A `DataGame` subclass for one file: its class holds the file, so it is built without arguments
    like any other game (tests build `type(game)()`)."""
    return type(
        f"DataGame_{spec['id']}", (DataGame,), {"spec": spec, "source": source, "__module__": __name__}
    )


class DataGame(SetupPart, FlowPart, LegalityPart, EffectsPart, EndingPart, WordingPart, Game):
    """A game whose rules are a data file (`spec`, already checked by spec.load_game); see game_class.
    Its parts, one module each: setup.py, flow.py (turns, rounds, questions), legality.py (moves and
    their rule), effects.py, ending.py, wording.py; this module holds the file's reading and what
    views, invariants and the contract read."""

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
        # the move words `_why_not_move` judges before (or instead of) a template's rule: a template
        # named so is judged by the whole rule, never by its template's and cards' parts alone
        self._not_templates = frozenset([PICK, STOP, USE, *self.choice_words])
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
        # legality._lowest's last answers, and the card set they are of
        self._last_lowest: dict[tuple[int, ...], list[int]] = {}
        self._lowest_of: CardSet | None = None
        self._term_names: dict[str, dict[str, str]] = {}  # wording.term's names, per language

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

    def arrange(self, state: GameState, setup: dict[str, Any], refs: Any) -> None:
        """A scenario's `setup:` keys: the game's `arrange` hook reads them (a data game has none
        of its own)."""
        hook = self.hooks.get("arrange")
        if hook is None:
            super().arrange(state, setup, refs)
        elif setup:
            hook(self, state, setup, refs)

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
        if "values_chosen" in data:  # the values players chose (a colour named aloud)
            out["chosen"] = {k: list(v) for k, v in data["values_chosen"].items()}
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

"""The contract every game implements, and the typed parameters (variants, PROVISIONAL choices) it takes.

A game is a stateless object: all position data lives in GameState. The engine checks legality
before calling `apply`, so `apply` may assume the action is one `legal_actions` returned.

One legality per move. A game answers "is this move legal now, and if not, why not?" once, in
`why_not(state, action)`: the empty string (LEGAL) when it is legal, otherwise the reason in a
player's words. A game writes it as one checker per move kind (a `Check`), and `legal_actions`
generates candidate moves and keeps those their checker passes (`keep_legal`), so the moves offered
and the reasons given for refusals come from the same rule and cannot drift apart. Where trying
every candidate would be slow, a game keeps a fast generator whose filter is the checker's own
predicate (said at the generator). `explain` is `why_not` with a fallback, so it never comes back
empty. tests/test_legality.py holds every registered game to this in random playouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .actions import Action
from .cards import CardSet
from .events import Event
from .notation import Notation, lowest_per_code, physical_codes
from .rng import Rng
from .state import GameState
from .view import PendingView, PlayerView, freeze

_new_tuple = tuple.__new__

KNOWN = "known"  # the key of a view's data under which the engine puts what a re-deal reads (determinize)
LEGAL = ""  # what a checker answers for a legal move; anything else is the reason it is refused

Check = Callable[[GameState, Action], str]
"""One rule of a game: LEGAL ("") when the action is legal now, else why not, in a player's words."""

CardProblem = tuple[list[str | int], str]
"""What a game finds wrong with a card set: the key path in the set's file (`["cards", 3, "atk"]`) and
what is wrong there, in a designer's words. The card-set loader places it at file:line:col."""


def whole_number(value: Any, low: int, high: int) -> bool:
    """Whether a card value is a whole number from `low` to `high` (true and false are not numbers):
    the range check a game's `check_cardset` makes of a cost, an attack, a count."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def keep_legal(check: Check, state: GameState, candidates: Iterable[Action]) -> list[Action]:
    """The candidates `check` finds legal, in their order: how legal_actions uses a game's one rule."""
    return [a for a in candidates if not check(state, a)]


def copy_reason(state: GameState, card: int, among: Iterable[int]) -> str:
    """LEGAL when `card` is the copy of its code that a move names: the lowest-numbered one among
    `among` (so every move text parses back to the same move), else why not. Generators offer
    `lowest_per_code(among)`, this same rule for all the cards at once."""
    assert state.cardset is not None
    if card in _lowest_copies(state.cardset, tuple(among)):
        return LEGAL
    return f"{physical_codes(state.cardset)[card]}: a move names the lowest-numbered copy of a card"


# legal_actions asks copy_reason once per candidate, each time about the same pile: remembering the
# last answer keeps a big public pile linear instead of quadratic. One (key, value) tuple, replaced
# whole, so a bot thinking in another thread reads a consistent pair.
_LAST_LOWEST: tuple[CardSet, tuple[int, ...], frozenset[int]] | None = None


def _lowest_copies(cardset: CardSet, among: tuple[int, ...]) -> frozenset[int]:
    global _LAST_LOWEST
    last = _LAST_LOWEST
    if last is not None and last[0] is cardset and last[1] == among:
        return last[2]
    lowest = frozenset(lowest_per_code(cardset, among))
    _LAST_LOWEST = (cardset, among, lowest)
    return lowest


def one_card(action: Action) -> str:
    """LEGAL when the move names exactly one card and nothing else, else why not."""
    if len(action.cards) != 1 or action.target:
        return f"{action.kind} names one card"
    return LEGAL


class ScenarioRefs(Protocol):
    """How game code reads seat and card references written in a scenario file."""

    def seat(self, value: Any, where: str) -> int:
        """'P1'..'P6' -> 0..5."""
        ...

    def cards(self, value: Any, where: str, exclude: set[int] | None = None) -> tuple[int, ...]:
        """A list of card codes -> card ids (in the order written): for copies sharing a code, the
        lowest-numbered copy not in `exclude`."""
        ...

    def fail(self, where: str, message: str) -> Exception:
        """An error naming the file, line and key of `where` (a dotted key path)."""
        ...


class ParamError(ValueError):
    """An unknown parameter or a value outside what the game allows."""


class UnplayableCardSet(ValueError):
    """A card set this game cannot be played with (it lacks cards or values its rules read): the
    player's choice of set, reported as bad input (the command's one line, exit 2), never a crash.
    A game raises its own subclass, saying what its rules need."""


@dataclass(frozen=True)
class Param:
    """One game option: its default, type and allowed values, and what it means."""

    name: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    provisional: bool = False  # a gap in the rulebook that the spec resolved, not the designer's word
    # Values the Setup screen offers in turn when any value of the type is accepted (`choices` would
    # refuse the rest): asked when the screen opens, so it can list files that appear later.
    suggest: Callable[[], tuple[Any, ...]] | None = None

    def coerce(self, value: Any) -> Any:
        """`value` (possibly a command-line string) as this parameter's type, or ParamError."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text in ("true", "1", "yes", "on"):
                    value = True
                elif text in ("false", "0", "no", "off"):
                    value = False
                else:
                    raise ParamError(f"{self.name}: expected true or false, got {value!r}")
            else:
                try:
                    value = kind(text)
                except ValueError:
                    raise ParamError(f"{self.name}: expected {kind.__name__}, got {value!r}") from None
        if kind is bool and not isinstance(value, bool):
            raise ParamError(f"{self.name}: expected true or false, got {value!r}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ParamError(f"{self.name}: expected a whole number, got {value!r}")
        if kind is str and not isinstance(value, str):
            raise ParamError(f"{self.name}: expected text, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ParamError(f"{self.name}: {value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ParamError(f"{self.name}: {value} is above the maximum {self.maximum}")
        if self.choices is not None and value not in self.choices:
            raise ParamError(f"{self.name}: {value!r} is not one of {', '.join(map(str, self.choices))}")
        return value


class Game(Notation):
    """Base class of every game's rules. Subclasses fill in the class attributes and the methods.

    `describe` and `parse` come from the default notation (rules/notation.py); a game declares its
    own move words there (`move_forms`, `target_word`, `move_cards`) rather than writing a parser."""

    id: str = ""
    title: str = ""
    title_ja: str = ""
    description: str = ""
    min_seats: int = 2
    max_seats: int = 2
    params: tuple[Param, ...] = ()
    cardset_name: str = ""
    # True for a game that plays any card set whatever its template (a rules-free table): `cardtable validate`
    # asks it about every set. Other games are asked about the sets made for them (`check_cardset`).
    plays_any_set = False
    # The moves the game's own rules answer for, each with its one rule (called with the game, the
    # state and the action); why_not dispatches to them. A decision an effect asks for is answered
    # from the effect's options instead. tests/test_legality.py tries every move named here.
    RULES: ClassVar[Mapping[str, Callable[..., str]]] = {}
    # True when `public_data` builds every list and dict it returns anew on each call, so nothing in
    # its answer is an object of the state's: a view that read it and is held across a move then
    # keeps that answer as it is, where otherwise the engine works it out again from the position
    # kept for the view (engine._Kept). tests/test_views.py holds a game that says so to it
    # in random games.
    public_data_shares_nothing: ClassVar[bool] = False

    # -- parameters --------------------------------------------------------------------------
    def resolve_params(self, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults merged with `overrides`, each checked; unknown names are a ParamError."""
        known = {p.name: p for p in self.params}
        out = {p.name: p.default for p in self.params}
        for name, value in (overrides or {}).items():
            if name not in known:
                raise ParamError(f"{self.id} has no parameter {name!r} (known: {', '.join(sorted(known))})")
            out[name] = known[name].coerce(value)
        return out

    def check_seats(self, seats: int) -> None:
        """ParamError unless this game can be played by `seats` seats."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ParamError(f"{self.title} is for {self.min_seats}-{self.max_seats} players, not {seats}")

    # -- the contract ------------------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        """The card set this game is played with. The rules layer reads no files: a game with a card
        set says how it loads it (usually `cardtable.cardsets.load_for(self, ...)` of its `cardset` parameter,
        which asks `check_cardset`)."""
        raise NotImplementedError(f"{self.id} names a card set but does not say how to load it")

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        """Every reason this game cannot be played with `cardset` under `params` (resolved: every
        parameter present) at any seat count it allows, as (key path, message) pairs; empty when it
        can. The schema and the effect vocabulary have checked the file already; this says what the
        game's rules read beyond them: value ranges (no negative cost or attack), references between
        cards (codes that must exist), the types its rules read, and the whole set (enough cards to
        deal for `max_seats`, codes it needs; a message about a parameter names it). Whatever passes
        here plays under `simulate --check` without a crash, a seat left with no legal move, or a
        broken invariant.

        `cardtable validate` asks it, at the defaults, of every set made for the game (its `game:`
        key, else a set with the template of the game's own set), and every load of a set for the
        game (simulate, play, the Setup screen, a hot reload), at the game's parameters, refuses a set
        with problems: `cardtable.cardsets.load_for` places each at the set's file:line:col. Pure: it
        reads the loaded set, never a file. This default, for a game that reads nothing of its
        cards, finds nothing."""
        return []

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        """A hard bound on the length of any game: a playout beyond it is a bug."""
        raise NotImplementedError

    def setup(self, state: GameState) -> list[Event]:
        """Deal and prepare the first decision."""
        raise NotImplementedError

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every action `seat` may take now, in a deterministic order; empty if it has no decision."""
        raise NotImplementedError

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened."""
        raise NotImplementedError

    def why_not(self, state: GameState, action: Action) -> str:
        """LEGAL ("") when `action` is legal now, else why not, in a player's words: the one legality
        of every move (module docstring). This default, for a game without checkers of its own, asks
        legal_actions."""
        if seat_has_no_decision(state, action.seat):
            return f"Player {action.seat + 1} has nothing to decide now"
        if action in self.legal_actions(state, action.seat):
            return LEGAL
        return f"{action.kind} is not allowed now"

    def explain(self, state: GameState, action: Action) -> str:
        """Why `action` is not legal now, in a player's words (never empty)."""
        return self.why_not(state, action) or f"{action.kind} is not allowed now"

    def narrate(self, state: GameState, action: Action) -> str:
        """The action in plain words for logs and menus ("Release 3 of hearts")."""
        return self.describe(state, action)

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """Game data `seat` may know beyond the zones (scores, melds, level...). Never hidden cards.
        It may depend on `seat` (what that seat placed face down or looked at): the engine asks it for
        each seat apart and never hands one seat's answer to another."""
        return {}

    def known_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The game's `state.data` as `seat` may know it: what a re-deal from its view (`determinize`)
        rebuilds the data from, carried in the view under KNOWN. This default, for a game whose data
        holds nothing hidden, is all of it; a game that keeps something hidden there (a card only one
        seat looked at) overrides this and `redealt`."""
        return state.data

    def determinize(self, view: PlayerView, rng: Rng) -> GameState:
        """A full state consistent with everything `view`'s seat knows (its own hand, the public
        zones, every count, the cards it saw go where it cannot see, the data, the pending decision,
        how many moves were made), with everything else dealt at random (`rng`, a rules.rng.Rng) from
        the cards it has not seen: OpenSpiel's ResampleFromInfostate, TAG's copy(playerId). It reads
        the view and the game's public definition only, never the true state (rules/determinize.py)."""
        from .determinize import redeal

        return redeal(self, view, rng)

    def redealt(self, state: GameState, view: PlayerView, rng: Rng) -> None:
        """Put right what a re-deal (`determinize`) could not know from the zones alone, after the
        hidden cards are dealt into `state`: a game whose `known_data` hides something fills it in here
        from the cards dealt. This default has nothing to do."""

    def pending_view(self, state: GameState) -> PendingView | None:
        """The pending decision as every seat may know it: its kind, the seats that must answer, the
        prompt (the decision's `text`, else its kind) and its data. A game that keeps anything hidden
        in `Pending.data` overrides this; what seats committed is never in it."""
        pending = state.pending
        if pending is None:
            return None
        prompt = str(pending.data.get("text") or pending.kind)
        # built as a plain tuple, as make_view builds views: a NamedTuple's __new__ is a Python call
        return _new_tuple(PendingView, (pending.kind, tuple(pending.seats), prompt, freeze(pending.data)))

    # How many random moves a search bot plays after its tree before `evaluate` scores the position
    # (bots/search.py): short, because the evaluation, not the playout, carries the judgement.
    search_depth = 10

    def search_depth_for(self, params: Mapping[str, Any]) -> int:
        """The search bot's playout length in a game of these parameters (its view's `params`): the
        game's `search_depth`, which a game whose modes play differently overrides per mode."""
        return self.search_depth

    def evaluate(self, state: GameState) -> list[float]:
        """How well each seat stands, a number in [0, 1] per seat (a search bot's judgement of a
        position it stops looking ahead at; the state is a re-deal or a playout, never read by the UI).
        An ended game gives each winner its share of the win and the others 0. This default, for a
        game that says nothing of its own, reads the scores: each seat's lead over the best other seat,
        squashed to (0, 1) on the scale of the scores so far; a game overrides it with its heuristic
        bot's judgement as a number (games/<id>/evaluate.py)."""
        if state.over:
            return win_shares(state)
        scores = state.scores
        return standing(scores, max(1.0, 0.25 * max(abs(s) for s in scores)))

    def scored_by_points(self, params: dict[str, Any]) -> bool:
        """Whether the final scores rank the seats (False: the game is won outright and its scores
        mean nothing to a player, as at Rune Works' lower levels)."""
        return True

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        """The lowest and highest score a seat can have in this game."""
        return (-(10**9), 10**9)

    def check(self, state: GameState) -> list[str]:
        """Game-specific invariants; each string is one violation."""
        return []

    # -- what the balance report reads (cardtable/lab/record.py): rules-free defaults ---------
    # The move kinds by which a seat takes a card for itself (buy, train, acquire, recruit, keep) and
    # those by which it plays one, each naming its cards in `action.cards`. A game whose move names
    # the card it takes elsewhere (a target) overrides `card_choice` instead.
    pick_kinds: ClassVar[frozenset[str]] = frozenset()
    play_kinds: ClassVar[frozenset[str]] = frozenset()
    # The endings (as `ending` names them) that are a cap of ours rather than the rulebook's end: the
    # report counts them with the action bound as cap hits, the rules holes a designer should look at.
    cap_endings: ClassVar[frozenset[str]] = frozenset()

    def card_choice(self, state: GameState, action: Action) -> tuple[str, tuple[str, ...]] | None:
        """What `action` (legal now, not yet applied) does with cards a player chooses: ("picked",
        codes) when it takes them for the seat, ("played", codes) when it plays them, None otherwise.
        This default reads `pick_kinds` and `play_kinds` and the codes of the action's cards."""
        if action.kind in self.pick_kinds:
            which = "picked"
        elif action.kind in self.play_kinds:
            which = "played"
        else:
            return None
        if state.cardset is None or not action.cards:
            return None
        physical = state.cardset.physical()
        return which, tuple(physical[card].code for card in action.cards)

    def turn_number(self, state: GameState) -> int | None:
        """The game's own count of turns so far (or rounds, where a round is its unit of play); None
        (this default) lets the report count a turn each time the seat to act changes."""
        return None

    def ending(self, state: GameState) -> str:
        """Why a finished game ended, as one word (an end condition of the rules, or one of
        `cap_endings`). This default reads the `end_reason` a game keeps in its data, else "end"."""
        return str(state.data.get("end_reason") or "end")

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        """Put a freshly dealt state into a scenario file's starting position (its `setup:` keys)."""
        if setup:
            raise ParamError(f"{self.id} scenarios take no setup keys, got {', '.join(map(str, setup))}")

    reserve_zone = "stock"  # where a stacked deal puts the cards it displaces

    def card_count(self, state: GameState) -> int:
        """How many physical cards the game uses (for card conservation)."""
        assert state.cardset is not None
        return len(state.cardset.physical())


def win_shares(state: GameState) -> list[float]:
    """An ended game as values per seat: each winner an equal share of 1, everyone else 0."""
    winners = state.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.seats)]


def standing(strength: list[float], scale: float) -> list[float]:
    """Each seat's strength (any number, higher is better) as a value in (0, 1): its lead over the
    best other seat, in units of `scale`, squashed; level seats stand at 0.5. How a game's `evaluate`
    turns its judgement into values."""
    out = []
    for seat, mine in enumerate(strength):
        best_other = max((s for other, s in enumerate(strength) if other != seat), default=mine)
        out.append(squash((mine - best_other) / scale))
    return out


def squash(lead: float) -> float:
    """A lead (0 = level) as a value in (0, 1): the logistic curve, 0.5 when level."""
    if lead < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-lead))


def seat_has_no_decision(state: GameState, seat: int) -> bool:
    """True when `seat` is not among the seats that must decide now."""
    return seat not in state.deciding_seats()

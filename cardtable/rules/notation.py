"""The default move notation every game gets, and the helpers for card codes.

A move is written `kind CODE... [to TARGET]`: the move kind word, the card-set codes of the cards it
involves, and optionally its target ("release H3", "set S3 S4 S5", "boost H8 to m2"). `Notation` (a
base class of `Game`) describes and parses that for any game. A game puts its own words on top as
data, in the style of python-chess's variants: `move_forms` says which kinds exist, how many codes
each takes and which target words it allows (`MoveForm`); `target_word` says how a target is
introduced ("to", or "" for a bare word after the codes: "equip LS top"); `move_cards` says where a
move's cards come from when copies share a code.

Parsing is checked against the legal moves, as python-chess's `parse_san` is:

* a text that is not a move of the game raises `InvalidMoveError` (unknown kind, wrong number of
  codes, unknown code, a target the move does not take);
* a text that fits several legal moves raises `AmbiguousMoveError` naming them. A target may be left
  out ("fire LS", "boost H8"): when exactly one legal move fits it is that move, when several fit
  the text is ambiguous;
* otherwise the text names one action. It may be illegal now: the engine's `apply` then raises
  `IllegalMoveError` with the rules' reason. Only a word that names nothing at all now (an empty
  pile: "train skill1") raises `IllegalMoveError` while parsing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .actions import Action, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, NotationError
from .cards import CardSet
from .state import GameState

_CODES: dict[int, tuple[CardSet, tuple[str, ...]]] = {}
_SPELLING: dict[int, tuple[CardSet, dict[str, str]]] = {}


def physical_codes(cardset: CardSet) -> tuple[str, ...]:
    """The notation code of every physical card, indexed by CardId."""
    hit = _CODES.get(id(cardset))
    if hit is None or hit[0] is not cardset:
        hit = (cardset, tuple(spec.code for spec in cardset.physical()))
        _CODES[id(cardset)] = hit
    return hit[1]


def code_spelling(cardset: CardSet | None) -> dict[str, str]:
    """Upper-cased code -> the card set's spelling (players may write `h3` for `H3`)."""
    if cardset is None:
        return {}
    hit = _SPELLING.get(id(cardset))
    if hit is None or hit[0] is not cardset:
        hit = (cardset, {code.upper(): code for code in physical_codes(cardset)})
        _SPELLING[id(cardset)] = hit
    return hit[1]


def codes_text(cardset: CardSet, cards: Iterable[int]) -> list[str]:
    """The codes of `cards`, in the order given."""
    codes = physical_codes(cardset)
    return [codes[c] for c in cards]


def ids_for_codes(cardset: CardSet, tokens: Sequence[str], candidates: Iterable[int]) -> tuple[int, ...]:
    """The card ids named by `tokens`, each taken from `candidates` (lowest id first for copies)."""
    codes = physical_codes(cardset)
    pool: dict[str, list[int]] = {}
    for card in sorted(candidates):
        pool.setdefault(codes[card].upper(), []).append(card)
    known = {c.upper() for c in codes}
    out: list[int] = []
    for token in tokens:
        key = token.upper()
        if key not in known:
            raise InvalidMoveError(f"{token!r} is not a card code of {cardset.id}")
        ids = pool.get(key)
        if not ids:
            raise NotationError(f"{token} is not among the cards this move can use")
        out.append(ids.pop(0))
    return tuple(sorted(out))


def lowest_per_code(cardset: CardSet, cards: Iterable[int]) -> list[int]:
    """One card per code (the lowest id, the one parsing picks), in code order: copies of a card offer
    one move, so every move text parses back to the same move."""
    codes = physical_codes(cardset)
    # highest id first, so the lowest copy of each code is the one written last
    best = {codes[card]: card for card in sorted(cards, reverse=True)}
    return [best[c] for c in sorted(best)]


# -- target words ------------------------------------------------------------------------------
class TargetWords:
    """The words a move's target may be: `read` gives a word's canonical spelling, or None."""

    noun: str = "a word"  # what the target is, for error messages ("a slot", "one card code")

    def read(self, state: GameState, word: str) -> str | None:
        """`word` as the target it names, or None when it is not one of these words."""
        raise NotImplementedError

    def refusal(self, word: str) -> str:
        """Why `word` is not a target here."""
        return f"{word!r} is not {self.noun}"


@dataclass(frozen=True)
class AnyWord(TargetWords):
    """Any single word; the rules judge it (a bare word such as `take first`, the default notation's targets)."""

    noun: str = "one word"
    lower: bool = False  # True: the word is read in lower case (players may write `Take First`)

    def read(self, state: GameState, word: str) -> str | None:
        return word.lower() if self.lower else word


@dataclass(frozen=True)
class OneOf(TargetWords):
    """A fixed vocabulary: each accepted word and the target it stands for (`t` -> `top`)."""

    words: Mapping[str, str]
    noun: str = "one of the words"

    def read(self, state: GameState, word: str) -> str | None:
        return self.words.get(word.lower())

    def refusal(self, word: str) -> str:
        choices = ", ".join(dict.fromkeys(self.words.values()))
        return f"{word!r} is not {self.noun} ({choices})"


@dataclass(frozen=True)
class Matching(TargetWords):
    """Words of one shape, read in lower case (Rune Works!' meld names m0, m1...)."""

    pattern: str
    noun: str = "a word"

    def read(self, state: GameState, word: str) -> str | None:
        return word.lower() if re.fullmatch(self.pattern, word.lower()) else None


@dataclass(frozen=True)
class CardCodeWord(TargetWords):
    """A card code as a target, in the card set's spelling, optionally numbered (`A14.2`: a card's
    second ability)."""

    noun: str = "one card code"
    numbered: bool = True

    def read(self, state: GameState, word: str) -> str | None:
        base, dot, number = word.partition(".")
        code = code_spelling(state.cardset).get(base.upper())
        if code is None or (dot and not (self.numbered and number.isdigit())):
            return None
        return code + (f".{number}" if dot else "")

    def refusal(self, word: str) -> str:
        return f"{word!r} is not a card code"


# -- move forms --------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveForm:
    """How one kind of move is written after its kind word: how many card codes, which target."""

    cards: int = 0  # how many card codes follow the kind word (the fewest, when `more`)
    more: bool = False  # True: `cards` or more codes ("set S3 S4 S5")
    target: TargetWords | None = None  # the words its target may be; None: it takes no target
    example: str = ""  # a whole move text, quoted when a text gets the form wrong
    piles: Mapping[str, str] = field(default_factory=dict)  # word -> zone: its top card ("train gem")

    def fits(self, count: int) -> bool:
        """Whether `count` card codes are what this move takes."""
        return count == self.cards or (self.more and count > self.cards)


DEFAULT_FORM = MoveForm(more=True, target=AnyWord())  # any codes, any target: `kind CODE... [to TARGET]`


@dataclass(frozen=True)
class _Read:
    """A move text read against the card set, before the legal moves are asked."""

    kind: str
    codes: tuple[str, ...]  # the card-set spelling of each code written, in the order written
    fixed: tuple[int | None, ...]  # per code: the card a pile word named, else None
    target: str | None  # None: left out


class Notation:
    """The default notation (`kind CODE... [to TARGET]`) and the hooks a game overrides for its words."""

    move_forms: ClassVar[Mapping[str, MoveForm]] = {}  # empty: any kind word, in DEFAULT_FORM
    target_word: ClassVar[str] = "to"  # the word before a target; "" writes the target bare after the codes

    _legal_index: tuple[Sequence[Action], dict[tuple[str, tuple[str, ...]], list[Action]]] | None = None

    # -- hooks -------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Every action `seat` may take now (each game's own; parsing matches texts against them)."""
        raise NotImplementedError

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> Iterable[int]:
        """Where a move of this kind takes its cards from (the hand, a slot...): for copies sharing a
        code, parsing names the lowest-numbered one here, else the lowest-numbered of all (so the
        rules can say why not). By default any card."""
        return ()

    # -- describe ----------------------------------------------------------------------------
    def describe(self, state: GameState, action: Action) -> str:
        """The action in the game's move notation."""
        words = [action.kind]
        if action.cards:
            assert state.cardset is not None
            words += codes_text(state.cardset, action.cards)
        if action.target:
            words += [self.target_word, action.target] if self.target_word else [action.target]
        return " ".join(words)

    # -- parse -------------------------------------------------------------------------------
    def parse(self, state: GameState, seat: int, text: str, legal: Sequence[Action] | None = None) -> Action:
        """A move text back into an action, matched against `legal` (by default asked of the game).

        InvalidMoveError if it is no move of this game, AmbiguousMoveError if several legal moves
        fit it; an illegal move parses (the engine's apply says why not)."""
        read = self._read(state, text)
        built = self._build(state, seat, read)
        if legal is None:
            legal = self.legal_actions(state, seat) if seat in state.deciding_seats() else []
        fits = [
            a
            for a in self._index(state, legal).get((read.kind, tuple(sorted(read.codes))), ())
            if read.target is None or a.target == read.target
        ]
        if built in fits or not fits:
            return built  # the text spells this move (legal or not: the engine judges)
        if len(fits) > 1:
            raise AmbiguousMoveError(text.strip(), fits, [self.describe(state, a) for a in fits])
        return fits[0]

    def _read(self, state: GameState, text: str) -> _Read:
        """The kind, codes and target a text writes (InvalidMoveError when it is no move of this game)."""
        words = text.split()
        if not words:
            raise InvalidMoveError("empty move", text)
        kind, rest = words[0].lower(), words[1:]
        form = self.move_forms.get(kind) if self.move_forms else DEFAULT_FORM
        if form is None:
            raise InvalidMoveError(f"unknown move {kind!r} (moves: {', '.join(self.move_forms)})", text)
        tokens, tail = self._split_target(form, rest)
        if (tail is not None and (form.target is None or len(tail) != 1)) or not form.fits(len(tokens)):
            raise InvalidMoveError(self._usage(kind, form), text)
        spelling = code_spelling(state.cardset)
        codes: list[str] = []
        fixed: list[int | None] = []
        for token in tokens:
            zone = form.piles.get(token.lower())
            if zone is not None:
                pile = state.zones.get(zone)
                if pile is None or not pile.cards:
                    raise IllegalMoveError(f"the {token} pile is empty")
                assert state.cardset is not None
                codes.append(physical_codes(state.cardset)[pile.cards[-1]])
                fixed.append(pile.cards[-1])
                continue
            code = spelling.get(token.upper())
            if code is None:
                where = state.cardset.id if state.cardset is not None else "this game (it has no cards)"
                raise InvalidMoveError(f"{token!r} is not a card code of {where}", text)
            codes.append(code)
            fixed.append(None)
        target = None
        if tail:
            assert form.target is not None
            target = form.target.read(state, tail[0])
            if target is None:
                raise InvalidMoveError(form.target.refusal(tail[0]), text)
        return _Read(kind, tuple(codes), tuple(fixed), target)

    def _split_target(self, form: MoveForm, rest: list[str]) -> tuple[list[str], list[str] | None]:
        """The code words and the target words of a text (None: no target written)."""
        if self.target_word:
            lowered = [w.lower() for w in rest]
            if self.target_word in lowered:
                at = lowered.index(self.target_word)
                return rest[:at], rest[at + 1 :]
            return rest, None
        # a bare target is the one word after the codes a move takes
        if form.target is not None and not form.more and len(rest) == form.cards + 1:
            return rest[:-1], rest[-1:]
        return rest, None

    def _usage(self, kind: str, form: MoveForm) -> str:
        """What a move of this kind takes, in words ("play takes one card code, such as 'play A05'")."""
        count = {0: "", 1: "one card code"}.get(form.cards, f"{form.cards} card codes")
        if form.more:
            count = {0: "any card codes", 1: "one or more card codes"}.get(
                form.cards, f"{form.cards} or more card codes"
            )
        parts = [count] if count else []
        if form.target is not None:
            after = f" after '{self.target_word}'" if self.target_word else ""
            parts.append(form.target.noun + after)
        wants = " and ".join(parts) or "nothing after it"
        return f"{kind} takes {wants}" + (f", such as {form.example!r}" if form.example else "")

    def _build(self, state: GameState, seat: int, read: _Read) -> Action:
        """The action the text spells, its cards chosen among copies by `move_cards`."""
        target = read.target or ""
        if not read.codes:
            return Action(seat, read.kind, (), target)
        assert state.cardset is not None
        codes = physical_codes(state.cardset)
        preferred = sorted(self.move_cards(state, seat, read.kind, target))
        chosen: list[int] = []
        for code, fixed in zip(read.codes, read.fixed, strict=True):
            if fixed is not None:
                chosen.append(fixed)
                continue
            card = next((c for c in preferred if codes[c] == code and c not in chosen), None)
            if card is None:
                card = next((c for c in range(len(codes)) if codes[c] == code and c not in chosen), None)
            if card is None:
                raise InvalidMoveError(f"{code} is written more times than the card set has copies")
            chosen.append(card)
        return Action(seat, read.kind, tuple(sorted(chosen)), target)

    def _index(
        self, state: GameState, legal: Sequence[Action]
    ) -> dict[tuple[str, tuple[str, ...]], list[Action]]:
        """The legal moves by kind and codes. Parsing asks it once per legal move (the invariant
        checks parse every legal text after every action), so the last one is kept."""
        cached = self._legal_index
        if cached is not None and cached[0] is legal:
            return cached[1]
        codes = physical_codes(state.cardset) if state.cardset is not None else ()
        index: dict[tuple[str, tuple[str, ...]], list[Action]] = {}
        for action in legal:
            key = (action.kind, tuple(sorted(codes[c] for c in action.cards)))
            index.setdefault(key, []).append(action)
        self._legal_index = (legal, index)
        return index

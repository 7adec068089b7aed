"""What happened, in a player's words and in either language: the log and the "what just happened" line.

A game's narration module (cardtable/games/<id>/narration.py) turns one applied move, as one seat may
know it, into phrases: a key of its word table plus values (seats, cards, counts, other words). The
words are kept per language ({"en": ..., "ja": ...}); a phrase is rendered only when shown, so the log
follows a change of language. Cards are named as players name them (7♥, 剣&槍), never by code or id;
a card the seat may not know is counted ("a card", "カード2枚").

The chronicle keeps, for every applied move, the phrases of each seat and of a spectator, built from the
events redacted for that seat, so a hotseat table shows each person only what they may know. It is
built as moves are applied; a save keeps the latest moves' phrases, and a continued game narrates the
moves before those (by replaying them from the seed) only when something reads that far back.
"""

from __future__ import annotations

import importlib
import re
import string
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from .actions import Action
from .cards import CardSpec
from .events import UNKNOWN, Committed, Event, GameEnded
from .view import PlayerView

if TYPE_CHECKING:
    from .engine import Engine

Words = Mapping[str, Mapping[str, str]]  # key -> {"en": ..., "ja": ...}
LANGUAGES = ("en", "ja")


@dataclass(frozen=True)
class Seat:
    """A seat in a phrase: rendered as the player's name."""

    seat: int | None


@dataclass(frozen=True)
class Cards:
    """Cards in a phrase: named when known, counted when not (UNKNOWN ids)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Word:
    """Another key of the word tables inside a phrase (a slot's name, a meld's kind...)."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Text:
    """Words that come with the game's data in both languages (a character's skill name)."""

    en: str
    ja: str = ""


@dataclass(frozen=True)
class Phrase:
    """One line: a key of a word table and the values its text names in {braces}."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


def phrase(key: str, **values: Any) -> Phrase:
    """A phrase with its values."""
    return Phrase(key, values)


# Words every game's log shares.
COMMON: dict[str, dict[str, str]] = {
    "common.moved": {"en": "{who} made a move", "ja": "{who}が手を指しました"},
    "common.took_back": {"en": "{who} took back a move", "ja": "{who}が一手取り消しました"},
    "common.winner": {"en": "{who} wins!", "ja": "{who}の勝ち！"},
    "common.winners": {"en": "{who} share the win!", "ja": "{who}が勝利を分け合いました！"},
    "common.no_winner": {"en": "The game is over: nobody wins", "ja": "ゲーム終了：勝者なし"},
    "common.and": {"en": " and ", "ja": "と"},
    "common.list": {"en": ", ", "ja": "、"},
    "common.a_card": {"en": "a card", "ja": "カード1枚"},
    "common.n_cards": {"en": "{n} cards", "ja": "カード{n}枚"},
    "common.nobody": {"en": "nobody", "ja": "なし"},
    # where a game stands, for the menu's Continue (a narration module's `headline`)
    "common.round": {"en": "Round {n}", "ja": "第{n}ラウンド"},
    "common.turn": {"en": "Turn {n}", "ja": "第{n}ターン"},
    "common.reason.turn": {"en": "it is Player {n}'s turn", "ja": "プレイヤー{n}の手番です"},
    "common.reason.nothing": {
        "en": "Player {n} has nothing to decide now",
        "ja": "プレイヤー{n}は今は選ぶことがありません",
    },
    "common.reason.not_now": {"en": "that move is not allowed now", "ja": "今はその手は指せません"},
    "common.reason.over": {"en": "the game is over", "ja": "ゲームは終わっています"},
    "common.reason.no_such_move": {"en": "that is not a move of this game", "ja": "このゲームにはない手です"},
    "common.reason.one_card": {"en": "that move names one card", "ja": "その手ではカードを1枚だけ選びます"},
    "common.reason.no_card": {"en": "that move names no card", "ja": "その手ではカードを選びません"},
    "common.reason.copy": {
        "en": "a move names the lowest-numbered copy of a card",
        "ja": "同じカードが複数あるときは、番号のいちばん小さい1枚を選びます",
    },
    "common.reason.no_decision": {"en": "there is no such decision now", "ja": "今はその選択はありません"},
    "common.reason.not_a_choice": {"en": "that is not among the choices", "ja": "それは選択肢にありません"},
    "common.reason.place": {
        "en": "the pile holds {n} cards: name a place from 1 (the top) to {n}",
        "ja": "その山は{n}枚です：1（一番上）から{n}までの位置を選んでください",
    },
}

# The engine's refusal reasons (English, from the rules) matched to keys with their Japanese; a game's
# narration module adds its own REASONS. The named groups are the keys' values.
COMMON_REASONS: tuple[tuple[str, str], ...] = (
    (r"^it is Player (?P<n>\d+)'s turn$", "common.reason.turn"),
    (r"^Player (?P<n>\d+) has nothing to decide now$", "common.reason.nothing"),
    (r"^\w+ is not allowed now", "common.reason.not_now"),
    (r"^the game is over$", "common.reason.over"),
    # not "of this step": a move of the game made in another step of the turn (a game's own words)
    (r"^\w+ is not a move (of (?!this step$)|now)", "common.reason.no_such_move"),
    # the shared checks of a move's shape (rules/game.py, rules/blind.py) and the games' like them
    (r"^\w+ names one card$", "common.reason.one_card"),
    (r"^\w+ (names no card|names nothing|takes nothing after it)$", "common.reason.no_card"),
    (r"a move names the lowest-numbered cop(y|ies) of a card$", "common.reason.copy"),
    (r"^there is no \w+ decision now$", "common.reason.no_decision"),
    (r"^\S+( \S+)* is not among the choices$", "common.reason.not_a_choice"),
    (r"^the pile holds (?P<n>\d+) cards: name a place from 1 \(the top\) to \d+$", "common.reason.place"),
)


Refusal = tuple[str, str, str, str]  # (pattern, key, English words, Japanese words)


def refusal_words(
    refusals: Sequence[Refusal],
) -> tuple[dict[str, dict[str, str]], tuple[tuple[str, str], ...]]:
    """A game's refusal table (one row per reason the rules can give: the pattern that reads it, its
    key and its words in both languages) as the WORDS entries and the REASONS its narration module
    exports: each reason written once, its pattern beside its Japanese."""
    words = {key: {"en": en, "ja": ja} for _, key, en, ja in refusals}
    return words, tuple((pattern, key) for pattern, key, _, _ in refusals)


def reason_phrase(reason: str, module: ModuleType | None) -> tuple[str, dict[str, str]] | None:
    """The key of the words for a rules' refusal reason and the values its pattern read from it (card
    codes among them, for the table to name), or None when neither the common patterns nor the game's
    narration module (its REASONS) know the sentence. The first pattern found wins."""
    for pattern, key in (*COMMON_REASONS, *getattr(module, "REASONS", ())):
        found = re.search(pattern, reason)
        if found is not None:
            return key, {k: v for k, v in found.groupdict().items() if v is not None}
    return None


class GameNarration(Protocol):
    """What a game's narration module provides."""

    WORDS: Words

    def card_name(self, spec: CardSpec, language: str) -> str:
        """A card as players of this game name it."""
        ...

    def narrate(self, action: Action | None, events: Sequence[Event], view: PlayerView) -> list[Phrase]:
        """One move (None when the seat may not know it) and its events, as `view`'s seat knows them."""
        ...


def headline(module: ModuleType | None, view: PlayerView) -> Phrase | None:
    """Where the game stands in a few words ("Round 7"), from the module's optional `headline(view)`:
    the menu's Continue names it. Its values are plain numbers and text (it is kept in the save)."""
    said = getattr(module, "headline", None)
    return said(view) if callable(said) else None


def narration_for(game_module: str) -> ModuleType | None:
    """The narration module beside a game's rules (`<package>.narration`), or None."""
    package = (
        game_module if hasattr(sys.modules.get(game_module), "__path__") else game_module.rpartition(".")[0]
    )
    try:
        return importlib.import_module(f"{package}.narration")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.narration":
            raise
        return None


def default_card_name(spec: CardSpec, language: str) -> str:
    """A card's name in the language (the card set's own name when it has no translation)."""
    return spec.name.get(language)


# -- rendering ---------------------------------------------------------------------------------------
class Renderer:
    """Phrases into text in one language, with the players' names and the game's card names."""

    def __init__(
        self,
        words: Words,
        language: str,
        seat_name: Callable[[int], str],
        card_name: Callable[[int], str],
    ) -> None:
        self.words = words
        self.language = language
        self.seat_name = seat_name
        self.card_name = card_name

    def text(self, key: str, values: Mapping[str, Any]) -> str:
        entry = self.words.get(key) or COMMON.get(key)
        if entry is None:
            raise KeyError(f"no words for {key!r}")
        template = entry.get(self.language) or entry["en"]
        return template.format(**{k: self.value(v) for k, v in values.items()})

    def __call__(self, item: Phrase) -> str:
        return self.text(item.key, item.values)

    def value(self, value: Any) -> str:
        if isinstance(value, Seat):
            return self.seat_name(value.seat) if value.seat is not None else self.text("common.nobody", {})
        if isinstance(value, Cards):
            known = [self.card_name(c) for c in value.cards if c != UNKNOWN]
            hidden = sum(1 for c in value.cards if c == UNKNOWN)
            if hidden:
                known.append(self.text("common.a_card" if hidden == 1 else "common.n_cards", {"n": hidden}))
            return self.text("common.list", {}).join(known)
        if isinstance(value, Word):
            return self.text(value.key, value.values)
        if isinstance(value, Text):
            return (value.ja or value.en) if self.language == "ja" else (value.en or value.ja)
        if isinstance(value, (list, tuple)) and not isinstance(value, Action):
            parts = [self.value(v) for v in value]
            if len(parts) > 1:
                return self.text("common.list", {}).join(parts[:-1]) + self.text("common.and", {}) + parts[-1]
            return parts[0] if parts else ""
        return str(value)


# -- the chronicle -----------------------------------------------------------------------------------
@dataclass
class Entry:
    """One applied move: who made it, and the phrases each seat (and a spectator) may read."""

    move: int
    actor: int
    lines: dict[int | None, list[Phrase]]
    # its JSON form (entry_json), worked out once: a save writes the latest moves' again and again
    said: Any = field(default=False, compare=False, repr=False)


def known_cards(events: Sequence[Event]) -> set[int]:
    """The cards a redacted list of events names (the ones its seat may know)."""
    out: set[int] = set()
    for event in events:
        cards = getattr(event, "cards", ())
        out.update(c for c in cards if c != UNKNOWN)
    return out


def redact_action(action: Action, events: Sequence[Event], seat: int | None) -> Action | None:
    """The move as `seat` may know it: a hidden choice is unknown to the others (None); a card the
    seat may not know (one picked into a hand) becomes UNKNOWN."""
    if seat == action.seat:
        return action
    if any(isinstance(e, Committed) for e in events):
        return None
    shown = known_cards([e.redact(seat) for e in events])
    return Action(
        action.seat, action.kind, tuple(c if c in shown else UNKNOWN for c in action.cards), action.target
    )


def common_lines(events: Sequence[Event]) -> list[Phrase]:
    """What every game says the same way: the end of the game."""
    out = []
    for event in events:
        if isinstance(event, GameEnded):
            winners = [Seat(s) for s in event.winners]
            if not winners:
                out.append(phrase("common.no_winner"))
            else:
                out.append(phrase("common.winner" if len(winners) == 1 else "common.winners", who=winners))
    return out


class Chronicle:
    """Every applied move's phrases for every seat, in order.

    A continued game need not narrate its whole past before it is shown (that was a replay of every
    move, seconds at 10,000 moves): the save keeps the phrases of its latest moves (`to_json`), the
    chronicle holds those, and the moves before them (`earlier`) are narrated only when something
    reads that far back (`rebuild`, which replays them from the seed). The log panel's tail, the "what
    just happened" line and a summary of the last few moves never do."""

    def __init__(self, module: ModuleType | None, seats: int) -> None:
        self.module = module
        self.seats = seats
        self._held: list[Entry] = []
        self.earlier = 0  # moves before the first held entry, not narrated yet
        self.rebuild: Callable[[int], list[Entry]] | None = None  # narrates the first n moves

    @property
    def words(self) -> Words:
        return getattr(self.module, "WORDS", {})

    @property
    def entries(self) -> list[Entry]:
        """Every move's entry (the earlier moves of a continued game narrated now, once)."""
        self._complete()
        return self._held

    def _complete(self) -> None:
        if self.earlier and self.rebuild is not None:
            self._held = self.rebuild(self.earlier) + self._held
            self.earlier = 0

    def entries_from(self, move: int) -> list[Entry]:
        """The entries of every move from `move` on (the earlier ones narrated only if needed)."""
        if move < self.earlier:
            self._complete()
        return [e for e in self._held if e.move >= move]

    def record(self, action: Action, events: Sequence[Event], engine: Engine, move: int) -> Entry:
        """Narrate a move just applied, once for each seat and once for a spectator."""
        lines: dict[int | None, list[Phrase]] = {}
        for seat in [*range(self.seats), None]:
            redacted = [e.redact(seat) for e in events]
            known = redact_action(action, events, seat)
            lines[seat] = self.narrate(known, redacted, engine.view(seat), action.seat)
        entry = Entry(move, action.seat, lines)
        self._held.append(entry)
        return entry

    def narrate(
        self, action: Action | None, events: list[Event], view: PlayerView, actor: int
    ) -> list[Phrase]:
        # A hidden choice says nothing to the others (the table shows who has chosen); what it led
        # to is told when the engine reveals it.
        if self.module is None:
            out = [phrase("common.moved", who=Seat(actor))] if action is not None else []
        else:
            out = list(self.module.narrate(action, events, view))
        return out + common_lines(events)

    def undo(self) -> None:
        """The last move was taken back."""
        if self._held:
            self._held.pop()
        elif self.earlier:
            self.earlier -= 1

    def lines(self, seat: int | None, since: int = 0) -> list[tuple[int, Phrase]]:
        """(move number, phrase) of every move from `since` on, as `seat` may read them."""
        return [(e.move, p) for e in self.entries_from(since) for p in e.lines.get(seat, [])]

    def tail(self, seat: int | None, count: int) -> list[tuple[int, Phrase]]:
        """The last `count` of `lines(seat)`, found from the end (the log panel shows only these)."""
        out: list[tuple[int, Phrase]] = []
        for entry in reversed(self._held):
            for item in reversed(entry.lines.get(seat, [])):
                if len(out) >= count:
                    return out[::-1]
                out.append((entry.move, item))
        if self.earlier and self.rebuild is not None:
            self._complete()
            return self.tail(seat, count)
        return out[::-1]

    def last(self, seat: int | None) -> list[Phrase]:
        """The latest move's phrases for `seat` (the "what just happened" line)."""
        for entry in reversed(self._held):
            if entry.lines.get(seat):
                return entry.lines[seat]
        if self.earlier and self.rebuild is not None:
            self._complete()
            return self.last(seat)
        return []

    # -- in a save -------------------------------------------------------------------------------
    def to_json(self, last: int) -> list[Any]:
        """The entries of the latest `last` moves held, as JSON-able data (a save keeps these); an
        entry a game narrated with a value of its own making (not a seat, cards, a word, a text, a
        number or a string) ends the list there: what is before it is narrated again if needed."""
        out: list[Any] = []
        for entry in reversed(self._held[-last:] if last else []):
            said = entry_json(entry)
            if said is None:
                break
            out.append(said)
        return out[::-1]

    def restore(self, saved: Sequence[Any], moves: int, card_count: int) -> None:
        """Hold the saved entries (`to_json`, oldest first) of a game of `moves` moves: the longest run
        of them that ends at the last move and reads back whole (its seats, cards and word keys known
        to this game); every move before that run is left to `rebuild`."""
        words = {**COMMON, **self.words}
        held: list[Entry] = []
        expected = moves - 1
        for raw in reversed(saved):
            entry = entry_from_json(raw, words, self.seats, card_count)
            if entry is None or entry.move != expected:
                break
            held.append(entry)
            expected -= 1
        self._held = held[::-1]
        self.earlier = moves - len(held)


# A phrase's values in a save: each kind of value under a tag of its own.
def _value_json(value: Any) -> Any:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float:
        if value != value or value in (float("inf"), float("-inf")):
            raise TypeError("not a finite number")
        return value
    if kind is Seat:
        return {"seat": value.seat}
    if kind is Cards:
        return {"cards": [int(c) for c in value.cards]}
    if kind is Word:
        return {"word": value.key, "v": {str(k): _value_json(v) for k, v in value.values.items()}}
    if kind is Text:
        return {"text": [value.en, value.ja]}
    if kind is list or kind is tuple:
        return {"list" if kind is list else "tuple": [_value_json(v) for v in value]}
    raise TypeError(f"a {kind.__name__} in a phrase")


def _phrase_json(item: Phrase) -> Any:
    return [item.key, {str(k): _value_json(v) for k, v in item.values.items()}]


def entry_json(entry: Entry) -> Any:
    """One entry as JSON-able data (seats that read the same phrases share them), or None when a value
    in it has no JSON form."""
    if entry.said is False:
        entry.said = _entry_json(entry)
    return entry.said


def _entry_json(entry: Entry) -> Any:
    try:
        groups: dict[str, tuple[list[int | None], Any]] = {}
        for seat, phrases in entry.lines.items():
            said = [_phrase_json(p) for p in phrases]
            key = repr(said)
            groups.setdefault(key, ([], said))[0].append(seat)
    except TypeError:
        return None
    return {"m": entry.move, "a": entry.actor, "l": [[seats, said] for seats, said in groups.values()]}


class _Unread(Exception):
    """A saved phrase that does not read back."""


def _fills(key: str, values: Mapping[str, Any], words: Words) -> bool:
    """Whether `values` fill every `{name}` of the key's words in each language: a save from a version
    whose words took fewer values (a slot's die face added later) would fail as it is shown."""
    return all(
        not name or re.split(r"[.\[]", name)[0] in values
        for template in words[key].values()
        for _, name, _, _ in string.Formatter().parse(template)
    )


def _value_from(raw: Any, words: Words, seats: int, cards: int, depth: int = 0) -> Any:
    if raw is None or type(raw) in (str, int, bool, float):
        return raw
    if depth > 8 or type(raw) is not dict or len(raw) not in (1, 2):
        raise _Unread
    if "seat" in raw:
        seat = raw["seat"]
        if not (seat is None or type(seat) is int and 0 <= seat < seats):
            raise _Unread
        return Seat(seat)
    if "cards" in raw:
        ids = raw["cards"]
        if type(ids) is not list or not all(type(c) is int and (c == UNKNOWN or 0 <= c < cards) for c in ids):
            raise _Unread
        return Cards(tuple(ids))
    if "word" in raw:
        key, values = raw["word"], raw.get("v")
        if key not in words or type(values) is not dict:
            raise _Unread
        if not _fills(key, values, words):
            raise _Unread
        return Word(key, {k: _value_from(v, words, seats, cards, depth + 1) for k, v in values.items()})
    if "text" in raw:
        text = raw["text"]
        if type(text) is not list or len(text) != 2 or not all(type(t) is str for t in text):
            raise _Unread
        return Text(text[0], text[1])
    for tag, kind in (("list", list), ("tuple", tuple)):
        if tag in raw and type(raw[tag]) is list:
            return kind(_value_from(v, words, seats, cards, depth + 1) for v in raw[tag])
    raise _Unread


def entry_from_json(raw: Any, words: Words, seats: int, cards: int) -> Entry | None:
    """An entry saved by `entry_json`, or None when it does not read back whole (a key this version's
    words do not have or whose words take a value it lacks, a seat or card out of range, a shape not
    written here)."""
    try:
        if type(raw) is not dict or set(raw) != {"m", "a", "l"} or type(raw["l"]) is not list:
            raise _Unread
        move, actor = raw["m"], raw["a"]
        if type(move) is not int or move < 0 or type(actor) is not int or not 0 <= actor < seats:
            raise _Unread
        lines: dict[int | None, list[Phrase]] = {}
        for group in raw["l"]:
            if type(group) is not list or len(group) != 2 or type(group[0]) is not list:
                raise _Unread
            said = group[1]
            if type(said) is not list:
                raise _Unread
            phrases = []
            for item in said:
                if (
                    type(item) is not list
                    or len(item) != 2
                    or item[0] not in words
                    or type(item[1]) is not dict
                    or not _fills(item[0], item[1], words)
                ):
                    raise _Unread
                phrases.append(
                    Phrase(item[0], {k: _value_from(v, words, seats, cards) for k, v in item[1].items()})
                )
            for seat in group[0]:
                if not (seat is None or type(seat) is int and 0 <= seat < seats) or seat in lines:
                    raise _Unread
                lines[seat] = phrases
        if set(lines) != {*range(seats), None}:
            raise _Unread
    except (_Unread, TypeError, ValueError):
        return None
    return Entry(move, actor, lines)


def replay_chronicle(engine: Engine, module: ModuleType | None, moves: int | None = None) -> Chronicle:
    """The chronicle of a game's first `moves` moves (all of them by default), rebuilt by replaying
    them from the seed (the earlier moves of a continued game, when something reads them)."""
    from .engine import Engine as EngineClass

    state = engine.state
    chronicle = Chronicle(module, state.seats)
    again = EngineClass.new(engine.game, state.seats, state.seed, state.params, state.cardset, engine.arrange)
    for index, action in enumerate(state.history[:moves]):
        events = again.apply(action)
        chronicle.record(action, events, again, index)
    return chronicle

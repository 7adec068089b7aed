"""What happened, in a player's words and in either language: the log and the "what just happened" line.

A game's narration module (cardtable/games/<id>/narration.py) turns one applied move, as one seat may
know it, into phrases: a key of its word table plus values (seats, cards, counts, other words). The
words are kept per language ({"en": ..., "ja": ...}); a phrase is rendered only when shown, so the log
follows a change of language. Cards are named as players name them (7♥, 剣&槍), never by code or id;
a card the seat may not know is counted ("a card", "カード2枚").

The chronicle keeps, for every applied move, the phrases of each seat and of a spectator, built from the
events redacted for that seat, so a hotseat table shows each person only what they may know. It is
built as moves are applied; a continued game rebuilds it by replaying the moves from the seed.
"""

from __future__ import annotations

import importlib
import re
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
    (r"^\w+ is not a move (of|now)", "common.reason.no_such_move"),
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
        if isinstance(value, (list, tuple)):
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
    """Every applied move's phrases for every seat, in order."""

    def __init__(self, module: ModuleType | None, seats: int) -> None:
        self.module = module
        self.seats = seats
        self.entries: list[Entry] = []

    @property
    def words(self) -> Words:
        return getattr(self.module, "WORDS", {})

    def record(self, action: Action, events: Sequence[Event], engine: Engine, move: int) -> Entry:
        """Narrate a move just applied, once for each seat and once for a spectator."""
        lines: dict[int | None, list[Phrase]] = {}
        for seat in [*range(self.seats), None]:
            redacted = [e.redact(seat) for e in events]
            known = redact_action(action, events, seat)
            lines[seat] = self.narrate(known, redacted, engine.view(seat), action.seat)
        entry = Entry(move, action.seat, lines)
        self.entries.append(entry)
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
        if self.entries:
            self.entries.pop()

    def lines(self, seat: int | None, since: int = 0) -> list[tuple[int, Phrase]]:
        """(move number, phrase) of every move from `since` on, as `seat` may read them."""
        return [(e.move, p) for e in self.entries if e.move >= since for p in e.lines.get(seat, [])]

    def tail(self, seat: int | None, count: int) -> list[tuple[int, Phrase]]:
        """The last `count` of `lines(seat)`, found from the end (the log panel shows only these)."""
        out: list[tuple[int, Phrase]] = []
        for entry in reversed(self.entries):
            for item in reversed(entry.lines.get(seat, [])):
                if len(out) >= count:
                    return out[::-1]
                out.append((entry.move, item))
        return out[::-1]

    def last(self, seat: int | None) -> list[Phrase]:
        """The latest move's phrases for `seat` (the "what just happened" line)."""
        for entry in reversed(self.entries):
            if entry.lines.get(seat):
                return entry.lines[seat]
        return []


def replay_chronicle(engine: Engine, module: ModuleType | None) -> Chronicle:
    """The chronicle of a game so far, rebuilt by replaying its moves from the seed (Continue)."""
    from .engine import Engine as EngineClass

    state = engine.state
    chronicle = Chronicle(module, state.seats)
    again = EngineClass.new(engine.game, state.seats, state.seed, state.params, state.cardset, engine.arrange)
    for index, action in enumerate(state.history):
        events = again.apply(action)
        chronicle.record(action, events, again, index)
    return chronicle

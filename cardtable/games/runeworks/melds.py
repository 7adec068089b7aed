"""Rune Works! melds (magic circles): what a set of cards forms, what a card may boost, and the
Ignite Shot test. Pure functions over card ids and the deck's rank/suit tables.

Melds (rulebook, Level 1): a Call Set (CS) is 3+ cards of one rank; an Elemental Sequence (ES) is
3+ consecutive ranks of one suit; an Elemental (EL) is a lone 7. An Elemental is boosted as an ES
(spec R5); 7s may form a CS ("Call: Spirits"). Sequences run A..K; with `ace_high` an ace may also
follow a king (Q-K-A), never wrap (K-A-2) (spec R4).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...rules.cards import CardSet
from ...rules.game import CardProblem, UnplayableCardSet, whole_number

SUITS = ("S", "C", "H", "D")
ELEMENT_OF_SUIT = {"S": "wind", "C": "fire", "H": "water", "D": "earth"}
SPIRIT_RANK = 7


class DeckError(UnplayableCardSet):
    """The card set is not a 52-card deck this game can use."""


@dataclass(frozen=True)
class Deck:
    """Rank (1..13) and suit index (0..3) of every physical card, by CardId."""

    rank: tuple[int, ...]
    suit: tuple[int, ...]


_DECKS: dict[int, tuple[CardSet, Deck]] = {}


def deck_problems(cardset: CardSet) -> list[CardProblem]:
    """Why `cardset` is not one standard 52-card deck (each rank 1-13 of each suit S/C/H/D exactly
    once), at the keys of its file: Rune Works! reads nothing else of its cards."""
    found: list[CardProblem] = []
    first: dict[tuple[int, str], str] = {}
    for index, spec in enumerate(cardset.cards):
        rank, suit = spec.get("rank"), spec.get("suit")
        if not whole_number(rank, 1, 13):
            found.append((["cards", index, "rank"], f"card {spec.code} needs a rank from 1 to 13"))
            continue
        if suit not in SUITS:
            found.append(
                (["cards", index, "suit"], f"card {spec.code} needs a suit: one of {', '.join(SUITS)}")
            )
            continue
        if spec.count != 1:
            found.append(
                (["cards", index, "count"], f"a standard deck has one {spec.code}, not {spec.count}")
            )
        if (rank, suit) in first:
            found.append(
                (["cards", index], f"{spec.code} repeats rank {rank} of suit {suit} ({first[rank, suit]})")
            )
        first.setdefault((rank, suit), spec.code)
    missing = [f"{suit}{rank}" for suit in SUITS for rank in range(1, 14) if (rank, suit) not in first]
    if missing and not found:
        shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        found.append(
            (
                ["cards"],
                f"the game needs the 52 cards of a standard deck; {len(missing)} missing ({shown})",
            )
        )
    return found


def deck_of(cardset: CardSet) -> Deck:
    """The rank/suit tables of a card set, checked to be one standard 52-card deck."""
    hit = _DECKS.get(id(cardset))
    if hit is not None and hit[0] is cardset:
        return hit[1]
    ranks: list[int] = []
    suits: list[int] = []
    seen: set[tuple[int, int]] = set()
    for spec in cardset.physical():
        rank, suit = spec.get("rank"), spec.get("suit")
        if not isinstance(rank, int) or not 1 <= rank <= 13 or suit not in SUITS:
            raise DeckError(f"{cardset.id}: card {spec.code} needs rank 1-13 and suit S/C/H/D")
        key = (rank, SUITS.index(suit))
        if key in seen:
            raise DeckError(f"{cardset.id}: card {spec.code} repeats rank {rank} of suit {suit}")
        seen.add(key)
        ranks.append(rank)
        suits.append(key[1])
    if len(seen) != 52:
        raise DeckError(f"{cardset.id}: Rune Works! needs the 52 cards of a standard deck, found {len(seen)}")
    deck = Deck(tuple(ranks), tuple(suits))
    _DECKS[id(cardset)] = (cardset, deck)
    return deck


@dataclass(frozen=True)
class Meld:
    """A meld's shape: kind CS/ES/EL, its rank (CS), its suit and value span (ES/EL)."""

    kind: str
    rank: int = 0
    suit: int = -1
    lo: int = 0
    hi: int = 0

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {"kind": self.kind, "rank": self.rank, "suit": self.suit, "lo": self.lo, "hi": self.hi}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Meld:
        """Inverse of to_dict. The legal moves read every table meld at every decision, so each shape is
        built once and looked up after (a deck has a few thousand shapes at most)."""
        key = (data["kind"], data["rank"], data["suit"], data["lo"], data["hi"])
        meld = _SHAPES.get(key)
        if meld is None:
            meld = cls(
                str(data["kind"]), int(data["rank"]), int(data["suit"]), int(data["lo"]), int(data["hi"])
            )  # type: ignore[arg-type]
            if len(_SHAPES) < _MAX_SHAPES:  # a bound, should someone feed it more than decks make
                _SHAPES[key] = meld
        return meld


_SHAPES: dict[tuple[object, ...], Meld] = {}
_MAX_SHAPES = 20_000


def _values(rank: int, ace_high: bool) -> tuple[int, ...]:
    return (1, 14) if ace_high and rank == 1 else (rank,)


def classify(cards: tuple[int, ...], deck: Deck, ace_high: bool = False) -> Meld | None:
    """The meld these cards form when set together as a new meld, or None."""
    n = len(cards)
    if n == 1:
        card = cards[0]
        if deck.rank[card] == SPIRIT_RANK:
            return Meld("EL", SPIRIT_RANK, deck.suit[card], SPIRIT_RANK, SPIRIT_RANK)
        return None
    if n < 3:
        return None
    ranks = [deck.rank[c] for c in cards]
    if all(r == ranks[0] for r in ranks):
        return Meld("CS", ranks[0])
    suit = deck.suit[cards[0]]
    if any(deck.suit[c] != suit for c in cards):
        return None
    for high_ace in (False, True) if ace_high and 1 in ranks else (False,):
        vals = sorted(14 if (r == 1 and high_ace) else r for r in ranks)
        if vals[-1] - vals[0] == n - 1 and len(set(vals)) == n:
            return Meld("ES", 0, suit, vals[0], vals[-1])
    return None


def is_sequence_span(cards: tuple[int, ...], meld: Meld, deck: Deck, ace_high: bool = False) -> bool:
    """Whether table cards make up the ES/EL `meld`: one suit, each value lo..hi once, and either 3+
    cards or grown from a lone 7 (an Elemental boosted as an ES may hold just two)."""
    if any(deck.suit[c] != meld.suit for c in cards) or len(cards) != meld.hi - meld.lo + 1:
        return False
    wanted = set(range(meld.lo, meld.hi + 1))
    got = {
        14 if (ace_high and deck.rank[c] == 1 and meld.hi == 14 and meld.lo > 1) else deck.rank[c]
        for c in cards
    }
    return got == wanted and (len(cards) >= 3 or meld.lo <= SPIRIT_RANK <= meld.hi)


def boost_value(meld: Meld, card: int, deck: Deck, ace_high: bool = False) -> int | None:
    """The value `card` takes when boosted onto `meld` (extending its span), or None if it does not fit."""
    if meld.kind == "CS":
        return deck.rank[card] if deck.rank[card] == meld.rank else None
    if deck.suit[card] != meld.suit:
        return None
    for value in _values(deck.rank[card], ace_high):
        if value == meld.hi + 1 or value == meld.lo - 1:
            return value
    return None


def boost_fits(meld: Meld, cards: list[int], deck: Deck, ace_high: bool = False) -> list[int]:
    """The cards of `cards` that boost_value accepts for `meld`, in order: the same test for many cards
    at once, looking closely only at cards of the meld's rank (a Call Set) or suit (a sequence)."""
    rank = deck.rank
    if meld.kind == "CS":
        return [c for c in cards if rank[c] == meld.rank]
    # boost_value's test written out: a value just below or above the span, an ace's 14 too
    ends = (meld.lo - 1, meld.hi + 1)
    ace = ace_high and 14 in ends
    suit, wanted = deck.suit, meld.suit
    return [c for c in cards if suit[c] == wanted and (rank[c] in ends or (ace and rank[c] == 1))]


def boosted(meld: Meld, value: int) -> Meld:
    """The meld after a card of `value` was added."""
    if meld.kind == "CS":
        return meld
    return Meld("ES", 0, meld.suit, min(meld.lo, value), max(meld.hi, value))


def new_melds(hand: list[int], deck: Deck, ace_high: bool = False) -> list[tuple[int, ...]]:
    """Every group of hand cards that can be set as one new meld (sorted card tuples, sorted list)."""
    out: list[tuple[int, ...]] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, dict[int, int]] = {}
    rank, suit = deck.rank, deck.suit
    for card in hand:
        value = rank[card]
        by_rank.setdefault(value, []).append(card)
        values = by_suit.setdefault(suit[card], {})
        values[value] = card  # _values written out: every Set decision asks of every hand card
        if ace_high and value == 1:
            values[14] = card
        if value == SPIRIT_RANK:
            out.append((card,))
    for cards in by_rank.values():
        if len(cards) >= 3:
            for size in range(3, len(cards) + 1):
                out.extend(tuple(sorted(c)) for c in combinations(sorted(cards), size))
    for values in by_suit.values():
        if len(values) >= 3:  # a run needs three values (and three cards)
            out.extend(_runs(values))
    return sorted(set(out))


def _runs(values: dict[int, int], must: int | None = None) -> list[tuple[int, ...]]:
    """All windows of 3+ consecutive values (one card each, no card twice), optionally containing `must`."""
    out: list[tuple[int, ...]] = []
    for start in sorted(values):
        window: list[int] = []
        value = start
        while value in values:
            card = values[value]
            if card in window:
                break
            window.append(card)
            if len(window) >= 3 and (must is None or must in window):
                out.append(tuple(sorted(window)))
            value += 1
    return out


def seek_options(hand: list[int], discard: int, deck: Deck, ace_high: bool = False) -> list[tuple[int, ...]]:
    """Hand cards that form a new ES with the discard (Seek): each option excludes the discard."""
    suit = deck.suit[discard]
    values: dict[int, int] = {}
    for card in hand:
        if deck.suit[card] == suit:
            for value in _values(deck.rank[card], ace_high):
                values[value] = card
    for value in _values(deck.rank[discard], ace_high):
        values[value] = discard
    out = {tuple(c for c in run if c != discard) for run in _runs(values, discard)}
    return sorted(out)


def call_options(hand: list[int], discard: int, deck: Deck) -> list[tuple[int, ...]]:
    """Hand cards that form a new CS with the discard (Call): two or more of its rank."""
    same = sorted(c for c in hand if deck.rank[c] == deck.rank[discard])
    out: list[tuple[int, ...]] = []
    for size in range(2, len(same) + 1):
        out.extend(combinations(same, size))
    return out


# -- the Ignite Shot test ------------------------------------------------------------------------
Step = tuple[str, tuple[int, ...], int]  # ("set", cards, -1) or ("boost", (card,), meld index)


@dataclass(frozen=True)
class ShotRules:
    """The parameters the Ignite Shot search obeys: an ace above a king (R4), Call Sets of 7s (R5),
    and whether a claimed 7 set alone counts as the new Elemental Sequence a claim needs."""

    ace_high: bool = False
    sevens_cs: bool = True
    lone_seven: bool = True


CLOSED_MELD = Meld("CS", 0)  # a stand-in for a table meld no card may join (no card has rank 0)


def shot_rules(params: dict[str, Any]) -> ShotRules:
    """The Shot search's rules from a game's parameters (one object per combination: every claim window
    asks)."""
    key = (
        bool(params["ace_high_sequences"]),
        bool(params["sevens_call_set"]),
        bool(params["lone_seven_claims"]),
    )
    rules = _SHOT_RULES.get(key)
    if rules is None:
        rules = _SHOT_RULES[key] = ShotRules(*key)
    return rules


_SHOT_RULES: dict[tuple[bool, bool, bool], ShotRules] = {}


def shot_plan(
    hand: list[int],
    discard: int,
    table: list[Meld],
    deck: Deck,
    rules: ShotRules = ShotRules(),
) -> tuple[list[Step], int] | None:
    """How `hand` + `discard` can all be set except one card to Release, with the discard in a new
    CS or ES (spec R7/R8; a lone 7 counts as an ES with `rules.lone_seven`), or None. Returns
    (steps, released card); deterministic. Without `rules.sevens_cs` no Call Set of 7s may be
    formed (spec R5). Pass an empty `table` to find a plan using only the shooter's own new melds
    (a Blast that counts no boost onto another's meld)."""
    if not discard_can_meld(hand, discard, deck, rules):
        return None
    releases = sorted(hand, key=lambda c: (-_hand_value(deck.rank[c]), c))
    stranded = [c for c in _stranded([*hand, discard], table, deck, rules) if c != discard]
    if stranded:
        # every card but the released one must be placed: two cards that nothing can place mean no
        # plan, one means only its release can work (the order of the tries, and so the plan, stays)
        if len(stranded) > 1:
            return None
        releases = stranded
    for release in releases:
        rest = [c for c in hand if c != release] + [discard]
        items = sorted((deck.suit[c], deck.rank[c], c) for c in rest)
        steps = _cover(tuple(items), tuple(table), discard, deck, rules)
        if steps is not None:
            return steps, release
    return None


def _hand_value(rank: int) -> int:
    return 30 if rank == SPIRIT_RANK else rank


def _stranded(cards: list[int], table: list[Meld], deck: Deck, rules: ShotRules) -> list[int]:
    """The cards among `cards` that no Shot plan placing exactly these cards can place: not a 7 (it
    may stand alone), no table Call Set of its rank nor table sequence of its suit (a sequence may
    grow to reach it), fewer than two other cards of its rank (a new Call Set) and no card of its
    suit next to it in value (every sequence, new or grown down from a lone 7 or from a table meld,
    reaches it through a neighbour). Those are all the ways `_cover` places a card, so this is a
    necessary test only, and a card stranded among more cards is stranded among fewer."""
    rank, suit = deck.rank, deck.suit
    ace_high = rules.ace_high
    counts: dict[int, int] = {}
    values: dict[int, set[int]] = {}
    for card in cards:
        r = rank[card]
        counts[r] = counts.get(r, 0) + 1
        values.setdefault(suit[card], set()).update(_values(r, ace_high))
    table_ranks = {m.rank for m in table if m.kind == "CS"}
    table_suits = {m.suit for m in table if m.kind != "CS"}
    out: list[int] = []
    for card in cards:
        r, s = rank[card], suit[card]
        if r == SPIRIT_RANK or counts[r] >= 3 or r in table_ranks or s in table_suits:
            continue
        held = values[s]  # an ace's two values are 13 apart: never its own neighbour
        if any(v - 1 in held or v + 1 in held for v in _values(r, ace_high)):
            continue
        out.append(card)
    return out


def discard_can_meld(hand: list[int], discard: int, deck: Deck, rules: ShotRules) -> bool:
    """Cheap necessary test for a Shot: the discard starts a new CS (two of its rank in hand), a new
    ES (two same-suit neighbours around or beside it), or is a 7 that may stand alone."""
    rank, suit = deck.rank, deck.suit
    wanted, colour = rank[discard], suit[discard]
    if wanted == SPIRIT_RANK and rules.lone_seven:
        return True
    same = 0
    values: set[int] = set()
    counts = rules.sevens_cs or wanted != SPIRIT_RANK
    ace_high = rules.ace_high
    for card in hand:
        value = rank[card]
        if value == wanted and counts:
            same += 1
            if same >= 2:
                return True
        if suit[card] == colour:
            values.add(value)  # _values, written out: every seat of every claim window asks
            if ace_high and value == 1:
                values.add(14)
    for v in _values(wanted, rules.ace_high):
        if (v - 1 in values and (v - 2 in values or v + 1 in values)) or (
            v + 1 in values and v + 2 in values
        ):
            return True
    return False


Item = tuple[int, int, int]  # (suit, value, card), sorted so the lowest card comes first


def _cover(
    items: tuple[Item, ...], table: tuple[Meld, ...], must: int | None, deck: Deck, rules: ShotRules
) -> list[Step] | None:
    """Steps that place every item, or None. The lowest item decides: it joins a table meld, starts a
    new meld, waits below a lone 7 of its suit that is set first, or (an ace with ace_high) waits to
    be a 14 at the top of a run. Cards are tried lowest first, so a card that can only join a meld a
    higher card forms must be placed with that meld here (the 6 below a 7 set alone)."""
    if not items:
        return [] if must is None else None
    suit, value, card = items[0]
    rest = items[1:]
    is_must = card == must
    if not is_must:
        for index, meld in enumerate(table):
            if meld.kind == "CS":
                if meld.rank == deck.rank[card]:
                    got = _cover(rest, table, must, deck, rules)
                    if got is not None:
                        return [("boost", (card,), index), *got]
                continue
            if meld.suit != suit:
                continue
            if value == meld.hi + 1:
                new_table = table[:index] + (boosted(meld, value),) + table[index + 1 :]
                got = _cover(rest, new_table, must, deck, rules)
                if got is not None:
                    return [("boost", (card,), index), *got]
            elif value < meld.lo:
                chain = _chain(rest, suit, value + 1, meld.lo - 1)
                if chain is not None and must not in [i[2] for i in chain]:
                    remaining = tuple(i for i in rest if i not in chain)
                    new_table = table[:index] + (boosted(meld, value),) + table[index + 1 :]
                    got = _cover(remaining, new_table, must, deck, rules)
                    if got is not None:
                        ordered = sorted([*chain, items[0]], key=lambda i: -i[1])
                        return [*(("boost", (i[2],), index) for i in ordered), *got]
    # a new Call Set with other cards of this rank
    rank = deck.rank[card]
    same = [i for i in rest if deck.rank[i[2]] == rank] if rules.sevens_cs or rank != SPIRIT_RANK else []
    for size in range(len(same), 1, -1):
        for group in combinations(same, size):
            remaining = tuple(i for i in rest if i not in group)
            meld_cards = tuple(sorted([card, *(i[2] for i in group)]))
            got = _cover(
                remaining, table + (Meld("CS", rank),), None if must in meld_cards else must, deck, rules
            )
            if got is not None:
                return [("set", meld_cards, -1), *got]
    # a new Elemental Sequence starting with this card
    run = [items[0]]
    next_value = value + 1
    while True:
        nxt = next((i for i in rest if i[0] == suit and i[1] == next_value and i not in run), None)
        if nxt is None:
            break
        run.append(nxt)
        next_value += 1
        if len(run) >= 3:
            remaining = tuple(i for i in rest if i not in run)
            meld_cards = tuple(sorted(i[2] for i in run))
            new_meld = Meld("ES", 0, suit, value, next_value - 1)
            got = _cover(remaining, table + (new_meld,), None if must in meld_cards else must, deck, rules)
            if got is not None:
                return [("set", meld_cards, -1), *got]
    if value < SPIRIT_RANK and not is_must:
        got = _below_lone_seven(items[0], rest, table, must, deck, rules)
        if got is not None:
            return got
    # a lone 7 as an Elemental; the claimed card itself only where a lone 7 counts as an ES
    if rank == SPIRIT_RANK and (not is_must or rules.lone_seven):
        elemental = Meld("EL", SPIRIT_RANK, suit, SPIRIT_RANK, SPIRIT_RANK)
        got = _cover(rest, table + (elemental,), None if is_must else must, deck, rules)
        if got is not None:
            return [("set", (card,), -1), *got]
    # an ace may instead stand above a king
    if rules.ace_high and value == 1:
        lifted = tuple(sorted((*rest, (suit, 14, card))))
        return _cover(lifted, table, must, deck, rules)
    return None


def _below_lone_seven(
    item: Item,
    rest: tuple[Item, ...],
    table: tuple[Meld, ...],
    must: int | None,
    deck: Deck,
    rules: ShotRules,
) -> list[Step] | None:
    """Place `item` (below 7) by setting its suit's 7 alone and boosting down to it: value+1..6 of
    the suit boosted first, then `item`. Only these runs are missed by a run set from the lowest
    card: with three or more cards from `item` up to the 7 that run is an ES of its own."""
    suit, value, _card = item
    chain = _chain(rest, suit, value + 1, SPIRIT_RANK)
    if chain is None or must in [i[2] for i in chain[:-1]]:
        return None  # no such 7, or the claimed card would only be boosted
    seven = chain[-1]
    if seven[2] == must and not rules.lone_seven:
        return None
    remaining = tuple(i for i in rest if i not in chain)
    grown = Meld("ES", 0, suit, value, SPIRIT_RANK)
    got = _cover(remaining, table + (grown,), None if seven[2] == must else must, deck, rules)
    if got is None:
        return None
    index = len(table)
    downward = [("boost", (i[2],), index) for i in sorted([*chain[:-1], item], key=lambda i: -i[1])]
    return [("set", (seven[2],), -1), *downward, *got]


def _chain(items: tuple[Item, ...], suit: int, low: int, high: int) -> list[Item] | None:
    """The items of `suit` with every value low..high, or None if one is missing."""
    chain: list[Item] = []
    for value in range(low, high + 1):
        hit = next((i for i in items if i[0] == suit and i[1] == value), None)
        if hit is None:
            return None
        chain.append(hit)
    return chain

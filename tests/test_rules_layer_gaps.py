"""Gaps of the shared rules layer (cardtable/rules/) that mutation testing found (issue 26,
bench/mutate.py): each test names the mutants it kills. They test what the layer promises its games and
the UI (who sees which card, what a save keeps), not how it is computed, so a rewrite for speed keeps them.
Gaps of a game's rules are that game's scenarios (tests/scenarios/<game>/)."""

from __future__ import annotations

import gc
import hashlib
from types import MappingProxyType

import pytest

from cardtable.games import get_game
from cardtable.rules import dice
from cardtable.rules import view as view_module
from cardtable.rules.actions import (
    Action,
    AmbiguousMoveError,
    IllegalAction,
    IllegalMoveError,
    InvalidMoveError,
)
from cardtable.rules.blind import card_at, place_reason, places
from cardtable.rules.cards import CardSet, CardSpec, Text, read_only
from cardtable.rules.engine import Engine
from cardtable.rules.events import (
    UNKNOWN,
    Announced,
    CardsMoved,
    Committed,
    DiceRolled,
    Revealed,
    Scored,
    Shuffled,
    TurnStarted,
)
from cardtable.rules.game import LEGAL
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState, Pending
from cardtable.rules.view import FrozenData, freeze, make_view
from cardtable.rules.zones import Visibility, Zone


def test_a_face_up_pile_shows_its_top_card_to_everyone_and_nothing_below() -> None:
    """Mutants: zones.py sees_index `index in (-1, len - 1)` -> `not in`, its `and self.cards` -> `or`,
    `return index in ...` -> None, the `return False`s -> None; sees_all's OWNER test."""
    pile = Zone("discard", Visibility.TOP_PUBLIC, None, [4, 9, 2])
    for seat in (None, 0, 1):
        assert pile.sees_index(seat, -1) and pile.sees_index(seat, 2)
        assert not pile.sees_index(seat, 0) and not pile.sees_index(seat, 1) and not pile.sees_index(seat, -2)
        assert not pile.sees_all(seat)
    assert not Zone("discard", Visibility.TOP_PUBLIC).sees_index(0, -1)  # an empty pile shows nothing
    hand = Zone("hand:1", Visibility.OWNER, 1, [3, 5])
    assert hand.sees_all(1) and hand.sees_index(1, 0)
    assert not hand.sees_all(0) and not hand.sees_all(None) and not hand.sees_index(0, -1)
    assert not Zone("hand:?", Visibility.OWNER, None, [3]).sees_all(None)  # no owner: nobody, not a spectator
    stock = Zone("stock", Visibility.HIDDEN, None, [1, 2])
    assert not any(stock.sees_index(s, -1) for s in (None, 0, 1))
    # both answer a bool, as typed, not a falsy stand-in
    assert stock.sees_all(0) is False and stock.sees_index(0, -1) is False and pile.sees_index(0, 0) is False
    assert Zone("pool", Visibility.PUBLIC, None, [1]).sees_index(None, 0)


def test_who_sees_a_whole_zone() -> None:
    """Mutants: zones.py viewers' returns made None, its `and self.owner is not None` -> `or`."""
    assert Zone("pool", Visibility.PUBLIC).viewers(3) == frozenset({0, 1, 2})
    assert Zone("hand:2", Visibility.OWNER, 2).viewers(3) == frozenset({2})
    assert Zone("hand:?", Visibility.OWNER, None).viewers(3) == frozenset()
    assert Zone("stock", Visibility.HIDDEN).viewers(3) == frozenset()
    assert Zone("discard", Visibility.TOP_PUBLIC, None, [1]).viewers(3) == frozenset()


def test_a_zone_survives_its_json_form() -> None:
    """Mutants: zones.py to_dict / from_dict's returns made None, the owner's `is None` flipped."""
    for zone in (Zone("hand:1", Visibility.OWNER, 1, [7, 3]), Zone("stock", Visibility.HIDDEN, None, [])):
        data = zone.to_dict()
        assert data == {"vis": zone.visibility.value, "owner": zone.owner, "cards": list(zone.cards)}
        assert data["cards"] is not zone.cards  # a copy: a later move does not change the saved form
        assert Zone.from_dict(zone.name, data) == zone


def test_each_event_hides_from_a_seat_only_what_that_seat_may_not_see() -> None:
    """Mutants: events.py redact's `seat is not None and seat in viewers` -> `or` / `not in`, their
    returns made None, the UNKNOWN stand-in; `reveals` of a move, a shuffle, a roll, a reveal (a bool);
    Announced's hash."""
    moved = CardsMoved((5, 8), "stock", "hand:1", viewers=frozenset({1}), newly_seen=True)
    assert moved.redact(1) is moved
    for seat in (0, None):
        hidden = moved.redact(seat)
        assert isinstance(hidden, CardsMoved) and hidden.cards == (UNKNOWN, UNKNOWN) == (-1, -1)
        assert hidden.viewers == frozenset() and (hidden.src, hidden.dst) == ("stock", "hand:1")
    public = CardsMoved((5,), "hand:0", "pool")
    assert public.redact(None) is public and public.redact(1) is public and not public.reveals
    assert moved.reveals
    peek = Revealed(0, (3, 4), "hand:1", viewers=frozenset({0}))
    assert peek.redact(0) is peek
    assert [e.cards for e in (peek.redact(1), peek.redact(None))] == [(UNKNOWN, UNKNOWN)] * 2
    shown = Revealed(0, (3,), "hand:0")
    assert shown.redact(None) is shown and shown.reveals
    choice = Action(1, "play", (7,))
    committed = Committed(1, choice)
    assert committed.redact(1) is committed
    assert [e.choice for e in (committed.redact(0), committed.redact(None))] == [None, None]
    assert Shuffled("stock", 30).reveals and DiceRolled(0, 6, (4,)).reveals
    assert TurnStarted(0).reveals is False and Scored(0, 1, 1).reveals is False
    # an announcement with its details (a dict) is still an event a log can put in a set
    said = {Announced("call", 0, {"cards": [1, 2]}), Announced("call", 0, {"cards": [1, 2]})}
    assert len(said) == 1 and hash(Announced("blast", None)) == hash(Announced("blast", None, {}))
    assert TurnStarted(0).redact(1) == TurnStarted(0)


def test_an_action_survives_its_list_form_and_a_refusal_keeps_its_reason() -> None:
    """Mutants: actions.py to_list / from_list returns made None; IllegalAction's reason and action
    dropped; AmbiguousMoveError's candidates and texts dropped."""
    action = Action(2, "call", (3, 9), "meld:1")
    assert action.to_list() == [2, "call", [3, 9], "meld:1"]
    assert Action.from_list(action.to_list()) == action
    refused = IllegalMoveError("not your turn", action)
    assert isinstance(refused, IllegalAction) and refused.reason == "not your turn"
    assert refused.action == action and str(refused) == "not your turn"
    invalid = InvalidMoveError("no such card", "call ZZ")
    assert (invalid.reason, invalid.text, str(invalid)) == ("no such card", "call ZZ", "no such card")
    both = AmbiguousMoveError("call", [action, Action(2, "call", (3,))], ["call 3 9", "call 3"])
    assert both.candidates == (action, Action(2, "call", (3,))) and both.texts == ("call 3 9", "call 3")
    assert both.text == "call"
    assert str(both) == "'call' fits 2 moves: call 3 9, call 3; write the one you mean"


def test_the_generator_is_splitmix64_on_every_platform() -> None:
    """Mutants: rng.py's constants one more or less, its shifts, below/shuffle/choice/roll's arithmetic.
    The reference outputs of SplitMix64 from seed 0 (its published test vector), top 53 bits: a save or
    a replay made elsewhere draws the same cards."""
    rng = Rng(0)
    for expected in (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F):
        assert int(rng.random() * 2**53) == expected >> 11
    rng = Rng(26)
    assert [rng.below(10) for _ in range(8)] == [7, 4, 2, 3, 9, 1, 0, 0]
    cards, shuffler = list(range(8)), Rng(26)
    shuffler.shuffle(cards)
    assert cards == [4, 2, 0, 7, 5, 1, 3, 6]
    assert int(shuffler.random() * 2**53) == 671627136757888  # a shuffle of 8 draws 7 times, not 8
    assert Rng(26).choice("abcdef") == "e"
    assert [Rng(seed).roll(6) for seed in range(12)] == [6, 4, 4, 1, 3, 3, 5, 3, 4, 5, 1, 2]
    assert Rng(1).below(1) == 0
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(0)
    faces = {Rng(seed).roll(3) for seed in range(60)}
    assert faces == {1, 2, 3}  # every face, none past the last
    saved = rng.to_dict()
    again = Rng.from_dict(saved)
    assert again.state == rng.state and again.random() == rng.random()
    with pytest.raises(ValueError, match="rng version"):
        Rng.from_dict({**saved, "version": "other"})


class _Swapped(Exception):
    """Raised by _Probe at a shuffle's first swap, with the index drawn."""


class _Probe:
    """A sequence of 2**53 items that stops a shuffle at its first swap: its first draw, j = the
    53-bit number times 2**53 / 2**53, names the item swapped in whole."""

    def __len__(self) -> int:
        return 2**53

    def __getitem__(self, index: int) -> int:
        return index

    def __setitem__(self, index: int, value: int) -> None:
        raise _Swapped(value)


def test_shuffle_and_choice_draw_the_53_bits_random_draws_and_a_seed_is_kept_in_64() -> None:
    """Mutants: rng.shuffle's and rng.choice's written-out `random()` with the last shift `>> 31` made
    30 or 32 (a change in the low bits of the draw: a 52-card deal notices about once in a million
    seeds, a save made elsewhere would then replay differently), and `_MASK`'s `(1 << 64) - 1` made
    `(0 << 64) - 1` or `(1 << 65) - 1` (a seed past 64 bits kept whole in the saved state)."""
    for seed in (0, 26, 2**63 + 7):
        first = int(Rng(seed).random() * 2**53)
        assert Rng(seed).choice(range(2**53)) == first
        with pytest.raises(_Swapped) as swapped:
            Rng(seed).shuffle(_Probe())  # type: ignore[arg-type]
        assert swapped.value.args == (first,)
    assert Rng(2**64 + 5).state == 5 and Rng(-1).state == 2**64 - 1


def test_a_roll_needs_a_die_and_a_stated_roll_is_a_face_of_it() -> None:
    """Mutants: dice.py roll's `count < 1 or sides < 2` (-> and, the bounds one off), force's
    `value < 1` (1 -> 2 refuses a stated 1), its `isinstance(value, bool)` test."""
    state = GameState("x", 2, {}, 7)
    for count, sides in ((0, 6), (1, 1), (-1, 6)):
        with pytest.raises(ValueError, match="cannot roll"):
            dice.roll(state, 0, count, sides)
    assert len(dice.roll(state, 0, 1, 2)[0]) == 1  # one coin: the smallest roll there is
    dice.force(state, [1, 2])
    assert dice.roll(state, 1, 2, 2)[0] == (1, 2)
    for bad in (0, True, "3", 2.0):
        with pytest.raises(dice.RollError, match="whole number from 1"):
            dice.force(state, [bad])  # type: ignore[list-item]
    assert not state.forced_rolls
    # a stated roll the die cannot show (a scenario's 7 for a six-sided die, a damaged save's 0)
    for bad in (7, 0):
        stated = GameState.from_dict({**GameState("x", 2, {}, 7).to_dict(), "rolls": [bad]})
        with pytest.raises(dice.RollError, match=f"a stated roll of {bad} is not a face of a 6-sided die"):
            dice.roll(stated, 0, 1, 6)
    stated = GameState.from_dict({**GameState("x", 2, {}, 7).to_dict(), "rolls": [6]})
    assert dice.roll(stated, 0, 1, 6)[0] == (6,)  # the last face is a face


def _table() -> GameState:
    """Two seats: a hand each, a face-up discard pile, a hidden stock, a public pool."""
    state = GameState("x", 2, {"level": 1}, 3)
    state.add_zone("hand:0", Visibility.OWNER, 0).cards[:] = [1, 2]
    state.add_zone("hand:1", Visibility.OWNER, 1).cards[:] = [3]
    state.add_zone("discard", Visibility.TOP_PUBLIC).cards[:] = [4, 5, 6]
    state.add_zone("stock", Visibility.HIDDEN).cards[:] = [7, 8]
    state.add_zone("pool", Visibility.PUBLIC).cards[:] = [9]
    return state


def test_a_view_shows_each_seat_its_own_hand_the_top_of_a_face_up_pile_and_counts_of_the_rest() -> None:
    """Mutants: view.py make_view's `vis is _OWNER and seat is not None and seat == zone.owner` (-> or),
    the face-up pile's `(len - 1)` one off, ZoneView.count / top; PlayerView.hand's seat."""
    state = _table()
    state.active = 1
    seen = {seat: make_view(state, seat, [], {}) for seat in (0, 1, None)}
    assert seen[0].zones["hand:0"].cards == (1, 2) and seen[0].zones["hand:1"].cards == (UNKNOWN,)
    assert seen[1].zones["hand:0"].cards == (UNKNOWN, UNKNOWN) and seen[1].hand() == (3,)
    assert seen[None].zones["hand:1"].cards == (UNKNOWN,) and seen[0].hand(1) == (UNKNOWN,)
    for view in seen.values():
        assert view.zones["discard"].cards == (UNKNOWN, UNKNOWN, 6) and view.zones["discard"].top == 6
        assert view.zones["stock"].cards == (UNKNOWN, UNKNOWN) and view.zones["stock"].count == 2
        assert view.zones["pool"].cards == (9,) and view.deciding == (1,) and view.active == 1
    state.zones["discard"].cards.clear()
    empty = make_view(state, 0, [], {}).zones["discard"]
    assert empty.cards == () and empty.top is None and empty.count == 0
    assert make_view(state, 0, [], {}).params == {"level": 1}


def test_a_views_zones_name_every_zone_take_no_attribute_and_are_forgotten_with_the_view() -> None:
    """Mutants: view.Zones._names' `at is None` (-> is not) and `held[0]` (-> [1]): the zones of a view
    made from a state alone, listed; Zones' `__slots__` dropped (a bot could hang its own attributes
    on the zones it was shown); `__del__`'s `_ZONES.pop` dropped (every view ever made would stay
    held: a long game or a bot's thousands of views grow the table without end)."""
    state = _table()
    zones = make_view(state, 0, [], {}).zones
    assert list(zones) == list(state.zones) and len(zones) == len(state.zones)
    with pytest.raises(AttributeError):
        zones.note = "mine"  # type: ignore[attr-defined]
    # this view's own entry, not a count of the table: in the whole suite other views (a bot thread's)
    # come and go meanwhile
    held = view_module._ZONES[id(zones)]
    del zones
    gc.collect()
    assert all(entry is not held for entry in view_module._ZONES.values())


def test_a_views_data_is_a_read_only_copy_of_the_position_it_was_made_at() -> None:
    """Mutants: view.py freeze's branches (a dict, a list, a tuple, a mapping, a set) and FrozenData's
    reads before and after `seal`."""
    raw = {"melds": [[1, 2], [3]], "task": {"kind": "pay", "left": [4]}, "n": 2, "tags": {5}}
    frozen = freeze(raw)
    assert frozen == {"melds": ((1, 2), (3,)), "task": {"kind": "pay", "left": (4,)}, "n": 2, "tags": (5,)}
    with pytest.raises(TypeError):
        frozen["task"]["kind"] = "other"  # type: ignore[index]
    assert freeze(MappingProxyType({"a": [1]})) == {"a": (1,)} and freeze((1, [2])) == (1, (2,))
    data = FrozenData(raw)
    assert data["melds"] == ((1, 2), (3,)) and len(data) == 4 and "task" in data and "x" not in data
    assert sorted(data) == ["melds", "n", "tags", "task"]
    data.seal()
    raw["melds"][0].append(99)  # the game's data changes after the view was made
    raw["n"] = 7
    assert data["melds"] == ((1, 2), (3,)) and data["n"] == 2 and data["task"]["left"] == (4,)
    with pytest.raises(KeyError):
        data["missing"]
    data.seal()  # a second seal keeps what the first froze
    assert dict(data) == {
        "melds": ((1, 2), (3,)),
        "task": {"kind": "pay", "left": (4,)},
        "n": 2,
        "tags": (5,),
    }


def test_a_move_says_who_may_see_the_cards_and_whether_someone_sees_them_first() -> None:
    """Mutants: state.py move's viewers (`None if len(seen) == seats`), its newly_seen
    `bool(after - before)`, `to_bottom`; add_zone's refusal of a second zone of one name."""
    state = _table()
    drawn = state.move([8], "stock", "hand:1", "draw")
    assert drawn == CardsMoved((8,), "stock", "hand:1", "draw", frozenset({1}), True)
    assert state.zones["hand:1"].cards == [3, 8] and state.zones["stock"].cards == [7]
    played = state.move([1], "hand:0", "pool")
    assert played.viewers is None and played.newly_seen  # everyone sees it now, seat 1 for the first time
    passed = state.move([2], "hand:0", "hand:1")
    assert passed.viewers is None and passed.newly_seen  # both owners: all of a two-seat table
    state.move([3], "hand:1", "stock")
    state.move([9], "pool", "stock", to_bottom=True)
    assert state.zones["stock"].cards == [9, 7, 3]  # under the whole pile, not under its top card
    state.move([9, 7], "stock", "pool")
    taken = state.move([1], "pool", "hand:0")  # played there before
    assert taken.viewers is None and not taken.newly_seen  # everyone saw it in the pool
    with pytest.raises(ValueError, match="exists already"):
        state.add_zone("stock", Visibility.HIDDEN)
    state.over = True
    assert state.deciding_seats() == ()


def test_a_blind_pick_names_a_place_from_the_top_and_refuses_one_past_the_pile() -> None:
    """Mutants: blind.py place_reason's bounds (`1 <= place <= len`, one off either way, or -> and),
    card_at's `-int(place)`, places' range."""
    pile = [10, 11, 12]  # 12 is the top
    assert places(pile) == ["1", "2", "3"] and places([]) == []
    assert [card_at(pile, p) for p in places(pile)] == [12, 11, 10]
    assert all(place_reason(pile, p) == LEGAL for p in ("1", "3"))
    for bad in ("0", "4", "x", "-1", ""):
        assert place_reason(pile, bad) == "the pile holds 3 cards: name a place from 1 (the top) to 3"


def test_card_data_is_read_only_and_a_set_deals_each_kind_count_times() -> None:
    """Mutants: cards.py read_only's branches, Text.get's fallbacks, CardSet.physical's copies."""
    data = read_only({"effects": [{"kind": "draw", "n": [1, 2]}], "rank": 3})
    with pytest.raises(TypeError, match="read-only"):
        data["effects"][0]["n"].append(3)
    with pytest.raises(TypeError):
        data["rank"] = 4
    assert data == {"effects": [{"kind": "draw", "n": [1, 2]}], "rank": 3}
    assert isinstance(data["effects"], list) and isinstance(data["effects"][0], dict)
    assert Text("火", "Fire").get("en") == "Fire" and Text("火", "Fire").get("ja") == "火"
    assert Text("火", "").get("en") == "火" and Text("", "Fire").get("ja") == "Fire"
    a, b = CardSpec("A", Text(en="Ace"), 2, {"rank": 1}), CardSpec("K", Text(en="King"), 1)
    deck = CardSet("t", Text(en="T"), "en", "standard", (a, b))
    assert deck.physical() == (a, a, b) and deck.by_code() == {"A": a, "K": b}
    assert a.get("rank") == 1 and b.get("rank", 13) == 13


def _busy_table() -> GameState:
    """A position with something in every part: a pending claim with a commit, data, history, rolls."""
    state = _table()
    state.phase, state.active, state.scores, state.undo_floor = "play", 1, [3, 5], 1
    state.pending = Pending("claim", (0, 1), {1: Action(1, "call", (4,))}, {"card": [6, (7, 8)]})
    state.data = {"melds": [[1, 2]], "turn": (2, {"left": [3]}), "tags": "x"}
    state.history = [Action(0, "draw"), Action(1, "discard", (5,))]
    state.rng.random()
    dice.force(state, [4])
    return state


def test_a_position_survives_its_saved_form_and_a_copy_or_fork_is_its_own() -> None:
    """Mutants: state.py to_dict / from_dict / Pending's JSON form (a field dropped, `rolls` written
    only when stated), copy's history and fork's copies (a shared list: a move in one reaches the
    other), deciding_seats with a pending decision."""
    state = _busy_table()
    before = state.canonical()
    saved = state.to_dict()
    assert saved["rolls"] == [4] and saved["pending"]["commits"] == {"1": [1, "call", [4], ""]}
    assert saved["data"] == {"melds": [[1, 2]], "turn": [2, {"left": [3]}], "tags": "x"}  # tuples as lists
    assert state.to_dict(history=False)["history"] == [] and len(saved["history"]) == 2
    back = GameState.from_dict(saved)
    assert back.canonical() == state.canonical() and back.digest() == state.digest()
    assert state.digest() == hashlib.sha256(state.canonical().encode("utf-8")).hexdigest()
    assert GameState("x", 2, {}, 1).to_dict()["undo_floor"] == 0  # a new game can be undone to its start
    assert back.pending == Pending("claim", (0, 1), {1: Action(1, "call", (4,))}, {"card": [6, [7, 8]]})
    assert back.deciding_seats() == (0, 1) and back.rng.random() == state.copy().rng.random()
    assert (back.phase, back.active, back.scores, back.undo_floor, back.forced_rolls) == (
        "play",
        1,
        [3, 5],
        1,
        [4],
    )
    assert "rolls" not in _table().to_dict()
    for other in (state.copy(), state.fork()):
        assert other.canonical() == state.canonical()
        other.move([8], "stock", "hand:0")
        other.data["melds"][0].append(9)
        other.data["turn"][1]["left"].append(9)
        other.pending.commits[0] = Action(0, "pass")  # type: ignore[union-attr]
        other.pending.data["card"].append(9)  # type: ignore[union-attr]
        other.scores[0] = 99
        other.history.append(Action(0, "pass"))
        other.forced_rolls.append(6)
        other.rng.random()
        assert other.canonical() != state.canonical()
    assert state.canonical() == before  # the original did not move
    assert state.fork().data["turn"] == (2, {"left": [3]})  # a fork keeps a tuple a tuple


def test_a_fork_copies_what_each_seat_knows_only_when_asked() -> None:
    """Mutants: state.py fork's `knowledge and self.knowledge is not None` (flipped, dropped)."""
    state = Engine.new(get_game("runeworks"), 2, 5).state
    assert state.knowledge is not None
    assert state.fork().knowledge is None
    known = state.fork(knowledge=True).knowledge
    assert known is not None and known is not state.knowledge
    assert GameState.from_dict(state.to_dict()).fork(knowledge=True).knowledge is None  # nobody followed it


def test_shuffle_and_choice_draw_exactly_the_numbers_random_gives() -> None:
    """Rng.shuffle and Rng.choice write `random()` out for speed: they must stay its Fisher-Yates and
    its pick, number for number, and leave the generator where `random()` would (saves replay by it)."""
    for seed in (0, 1, 2**63 + 5):
        fast, slow = Rng(seed), Rng(seed)
        for size in (0, 1, 2, 7, 52):
            items, expected = list(range(size)), list(range(size))
            fast.shuffle(items)
            for i in range(size - 1, 0, -1):
                j = int(slow.random() * (i + 1))
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected and fast.state == slow.state
            pool = "abcdefghij"[: max(1, size % 10)]
            assert fast.choice(pool) == pool[int(slow.random() * len(pool))]
            assert fast.state == slow.state

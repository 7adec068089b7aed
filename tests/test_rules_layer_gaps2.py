"""More gaps of the shared rules layer (cardtable/rules/) that mutation testing found (issue 26,
bench/mutate.py, second sweep: engine, knowledge, determinize, notation, narration, game, invariants,
cards, effects/). Each test names the mutants it kills. Like tests/test_rules_layer_gaps.py they test
what the layer promises its games (a default of the Game contract, what an effect compiles to, what a
seat knows), not how it is computed, so a rewrite for speed keeps them.

Several of these functions run only when a game module is imported (a vocabulary's counters, a game's
effect decisions): the sweep's line map sees no test call them, so these tests build their own."""

from __future__ import annotations

import pickle
from typing import Any, Literal, TypedDict

import pytest

from cardtable.games import get_game
from cardtable.rules import determinize as determinize_module
from cardtable.rules import narration
from cardtable.rules import notation as notation_module
from cardtable.rules import view as view_module
from cardtable.rules.actions import Action, InvalidMoveError, NotationError
from cardtable.rules.cards import CardSet, CardSpec, Text, read_only
from cardtable.rules.determinize import fits, thaw
from cardtable.rules.effects import (
    Arg,
    Choose,
    Counter,
    Discard,
    Draw,
    EffectDecisions,
    EffectKind,
    Picking,
    Prompt,
    Resolver,
    Vocabulary,
)
from cardtable.rules.effects.resolver import Context
from cardtable.rules.effects.timing import Timings, window_actions
from cardtable.rules.engine import Engine, ViewData
from cardtable.rules.events import UNKNOWN, CardsMoved, GameEnded, Revealed
from cardtable.rules.game import KNOWN, LEGAL, Game, Param, ParamError, copy_reason, one_card
from cardtable.rules.invariants import check_invariants, data_problems
from cardtable.rules.knowledge import Knowledge
from cardtable.rules.narration import (
    COMMON,
    Cards,
    Chronicle,
    Entry,
    Renderer,
    Seat,
    Word,
    common_lines,
    default_card_name,
    entry_from_json,
    entry_json,
    phrase,
)
from cardtable.rules.notation import Notation, TargetWords, code_spelling, ids_for_codes, physical_codes
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState, Pending
from cardtable.rules.view import FrozenData
from cardtable.rules.zones import Visibility, Zone

RUNEWORKS = get_game("runeworks")


def _stacked(state: GameState) -> None:
    """A scenario's stacked deal: the biggest zone turned over (cards moved unseen)."""
    max(state.zones.values(), key=lambda zone: (len(zone.cards), zone.name)).cards.reverse()


def test_an_undo_goes_back_to_the_stacked_position_and_to_what_each_seat_knew_there() -> None:
    """Engine: `self.arrange = arrange` dropped (an undo would deal afresh, not the scenario's stacked
    deal); `_snapshot_every = 0` -> -1. And a bug this found: an undo from a snapshot (the table keeps
    them) forgot what every seat knew, so a search bot's re-deal took the cards it saw go into a
    hand for unseen ones (the view's KNOWN places None, where a replay of the same moves has them)."""
    for every, arrange in ((0, _stacked), (0, None), (3, None), (3, _stacked)):
        engine = Engine.new(RUNEWORKS, 2, 5, arrange=arrange)
        if every:
            engine.keep_snapshots(every)
        rng = Rng(5)
        undone, just_undone = 0, False
        while undone < 3:
            seat = engine.deciding_seats()[0]
            if engine.can_undo(seat) and len(engine.state.history) > 4 and not just_undone:
                engine.undo(seat)
                undone, just_undone = undone + 1, True
                again = Engine.replay(RUNEWORKS, 2, 5, None, engine.state.history, arrange=arrange)
                assert engine.state.canonical() == again.state.canonical()
                for who in (0, 1, None):
                    knew = thaw(engine.view(who).data[KNOWN])
                    # a stacked deal is followed by nobody (Engine.new): a re-deal knows only the zones
                    assert (knew["places"] is None) == (arrange is not None)
                    assert knew == thaw(again.view(who).data[KNOWN])
            else:
                engine.apply(rng.choice(engine.legal_actions(seat)))
                just_undone = False
            if every:  # the position after every `every`-th move is kept (apply's snapshot dropped)
                assert max(engine._snapshots) == len(engine.state.history) // every * every


def test_a_views_data_counts_its_keys_and_what_a_seat_knows_leaves_out_what_it_sees() -> None:
    """Engine: `_Public.__len__`'s `+ 1` (the KNOWN entry) made 0 or 2; `name in zones` -> `not in`
    in _known_later (the cards of a zone the seat sees whole listed again in its KNOWN places)."""
    engine = Engine.new(RUNEWORKS, 2, 5)
    data = engine.view(0).data
    assert len(data) == len(list(data)) == len(dict(data.items())) and KNOWN in list(data)
    places = dict(data[KNOWN]["places"])
    hand = engine.view(0).zones["hand:0"].cards
    assert len(hand) == 7 and not any(set(hand) & set(cards) for cards in places.values())
    assert ("hand:0",) not in places and ("hand:1", "stock") in places  # its own hand: the view shows it


class _SharingWar(type(get_game("war"))):  # type: ignore[misc]
    """War whose public data hands out the live state's own lists (public_data_shares_nothing is
    False), counting how often it is asked."""

    calls = 0

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        _SharingWar.calls += 1
        zones = state.zones
        return {"seat": seat, "table": (zones["won:0"].cards, zones["won:1"].cards, zones["pot"].cards)}


class _Half(ViewData):
    """A view's data that says how to work out the game's data but not the KNOWN entry."""

    def _data(self) -> dict[str, Any]:
        return {"a": 1}


def test_a_view_held_across_a_battle_reads_the_position_it_was_made_at_worked_out_once() -> None:
    """Engine mutants (i26-mut12r): a second view of a position no longer sharing the first's data
    (`_handed[seat] = ...` dropped) or zones (`if zones is None` -> `is not`: a held view's zones
    read the live state); `ViewData.__slots__` dropped; `__contains__`'s `== KNOWN` -> `!=`;
    ViewData's `_known_entry` not raising; _Public._data's `engine is None` -> `is not` (data read
    live, then a key first read after the move came from the live lists) and its `and` -> `or` (the
    game's data worked out again on every read); _Position.position's `self.built = built` dropped
    (the position rebuilt on every read); _Public.detach's `is not None` -> `is` or `self._at = own`
    dropped (a view sealed for a bot's thread went on reading the engine's live state); apply's
    snapshot dropped (also in the undo test below, which the tool's budget may not reach)."""
    engine = Engine.new(_SharingWar(), 2, 7)
    engine.keep_snapshots(2)
    view, again = engine.view(0), engine.view(0)
    assert again.data is view.data and again.zones is view.zones  # one per position and seat
    raw = view_module._HELD[id(view.data)][0]
    with pytest.raises(AttributeError):
        raw.note = 1
    assert "table" in view.data and KNOWN in view.data and "nope" not in view.data
    with pytest.raises(NotImplementedError):
        _Half()[KNOWN]
    assert view.data["seat"] == 0  # read while the position lasts: the live lists
    at = engine._position()
    for seat in (0, 1):
        engine.apply(engine.legal_actions(seat)[0])
    zones = engine.state.zones
    assert zones["won:0"].cards or zones["won:1"].cards or zones["pot"].cards  # the battle took cards
    calls = _SharingWar.calls
    assert view.data["table"] == ((), (), ())  # as it was when the view was made
    assert view.zones["pot"].cards == view.zones["won:0"].cards == ()
    assert len(view.data) == 3 and _SharingWar.calls == calls + 1  # worked out once
    # a view held across the next battle: its position is rebuilt from the one kept at the deal by
    # replaying the two moves since, once
    later, table = engine.view(0), tuple(tuple(zones[name].cards) for name in ("won:0", "won:1", "pot"))
    at = engine._position()
    for seat in (0, 1):
        engine.apply(engine.legal_actions(seat)[0])
    assert later.data["table"] == table and at.position() is at.position()
    assert sorted(engine._snapshots) == [0, 2, 4]  # the position after every second move (for undo)
    sealed = engine.view(1)
    sealed.data.seal()  # as Session.ask_bot does before a worker thread reads the view
    assert dict(sealed.data)["seat"] == 1 and not engine._public  # read from a position of its own


class _Bare(Game):
    """A game that fills in nothing of the contract: what the base class does on its own."""

    id = "bare"
    title = "Bare"


def test_a_game_that_leaves_out_a_rule_fails_loudly_and_the_defaults_say_what_they_promise() -> None:
    """Mutants of game.py: the NotImplementedError of load_cardset, max_actions, setup, legal_actions
    and apply dropped; evaluate's returns and its `scores =` dropped; scored_by_points, score_bounds
    (each of its constants) and check answering None or another bound. notation.py: the base
    legal_actions' and TargetWords.read's raise dropped."""
    game = _Bare()
    state = GameState("bare", 2, {}, 1)
    with pytest.raises(NotImplementedError, match="bare names a card set"):
        game.load_cardset({})
    for call in (
        lambda: game.max_actions({}, 2),
        lambda: game.setup(state),
        lambda: game.legal_actions(state, 0),
        lambda: game.apply(state, Action(0, "x")),
        lambda: Notation().legal_actions(state, 0),
        lambda: TargetWords().read(state, "top"),
    ):
        with pytest.raises(NotImplementedError):
            call()
    # the default judgement reads the scores: level seats stand at one half, a lead above it
    assert game.evaluate(state) == [0.5, 0.5]
    state.scores = [6, 2]
    ahead, behind = game.evaluate(state)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)
    state.over, state.winners = True, (1,)
    assert game.evaluate(state) == [0.0, 1.0]  # an ended game: the winner takes the whole win
    assert game.scored_by_points({}) is True
    assert game.score_bounds(state) == (-1_000_000_000, 1_000_000_000)
    assert game.check(state) == []
    # the default prompt of a pending decision: its text, else its kind (`or` -> `and`)
    state.over, state.pending = False, Pending("pick", (0,), data={"text": "pick a card"})
    assert game.pending_view(state).prompt == "pick a card"  # type: ignore[union-attr]
    state.pending = Pending("pick", (0,))
    assert game.pending_view(state).prompt == "pick"  # type: ignore[union-attr]


def test_the_shared_checkers_answer_legal_as_the_empty_reason_and_name_each_sets_lowest_copy() -> None:
    """Mutants of game.py (i26-mut12r): one_card's `return LEGAL` made None (a Check answers a
    string); _lowest_copies' memo `last[0] is cardset` -> `is not` (the lowest copies of the same
    card ids in the set asked before answered for another set)."""
    assert one_card(Action(0, "play", (3,))) == LEGAL
    assert (
        one_card(Action(0, "play", (3, 4))) == one_card(Action(0, "play", (3,), "x")) == "play names one card"
    )
    twins = CardSet("t", Text(en="T"), "en", "standard", (CardSpec("A", Text(en="a"), count=2),))
    pair = CardSet(
        "p", Text(en="P"), "en", "standard", (CardSpec("A", Text(en="a")), CardSpec("B", Text(en="b")))
    )
    for cardset, legal in ((twins, False), (pair, True), (twins, False)):  # the same ids (0, 1) each time
        state = GameState("t", 2, {}, 1, cardset)
        assert copy_reason(state, 0, (0, 1)) == LEGAL
        assert (copy_reason(state, 1, (0, 1)) == LEGAL) is legal
    assert (
        copy_reason(GameState("t", 2, {}, 1, twins), 1, (0, 1))
        == "A: a move names the lowest-numbered copy of a card"
    )


def test_a_card_sets_codes_are_worked_out_once_per_set_and_a_code_it_lacks_is_named() -> None:
    """Mutants of notation.py (i26-mut12r): the memos of physical_codes (`hit[0]` -> `hit[1]`) and
    code_spelling (`hit[0]` -> `[1]` or `[-1]`, `is not cardset` -> `is`: a set asked after another
    set under its reused id got that set's spelling) and the parser's legal-move index (`cached[0]`
    -> `[1]`, `_legal_index = ...` dropped) worked out again on every call; ids_for_codes' "not a
    card code" dropped (an unknown code told as a card this move cannot use: a scenario's unknown
    code as "listed in two zones")."""
    twins = CardSet("t", Text(en="T"), "en", "standard", (CardSpec("Ab", Text(en="a"), count=2),))
    pair = CardSet("p", Text(en="P"), "en", "standard", (CardSpec("Cd", Text(en="c")), CardSpec("E", Text())))
    assert physical_codes(twins) is physical_codes(twins) and physical_codes(twins) == ("Ab", "Ab")
    assert code_spelling(twins) is code_spelling(twins) and code_spelling(twins) == {"AB": "Ab"}
    # a set freed and its id given to another: the memo keeps the set beside, so it is never taken for it
    notation_module._CODES[id(pair)] = (twins, ("Ab", "Ab"))
    notation_module._SPELLING[id(pair)] = (twins, {"AB": "Ab"})
    assert physical_codes(pair) == ("Cd", "E") and code_spelling(pair) == {"CD": "Cd", "E": "E"}
    assert ids_for_codes(twins, ["ab", "AB"], [1, 0]) == (0, 1)
    with pytest.raises(InvalidMoveError, match="'Zz' is not a card code of t"):
        ids_for_codes(twins, ["Zz"], [0, 1])
    with pytest.raises(NotationError, match="Ab is not among the cards this move can use"):
        ids_for_codes(twins, ["Ab"], [])
    state = GameState("t", 2, {}, 1, twins)
    legal = [Action(0, "play", (0,)), Action(0, "play", (1,))]
    game = _Bare()
    assert game._index(state, legal) is game._index(state, legal) == {("play", ("Ab",)): legal}


class _Host:
    """What the shared effect kinds ask of a game (common.py's docstring), recording every call."""

    def __init__(self, hand: list[int]) -> None:
        self.hand = hand
        self.calls: list[tuple[Any, ...]] = []

    def add(self, seat: int, counter: str, amount: int) -> None:
        self.calls.append(("add", seat, counter, amount))

    def draw(self, seat: int, count: int) -> None:
        self.calls.append(("draw", seat, count))

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        return list(self.hand)

    def discard_from_hand(self, seat: int, card: int) -> None:
        self.hand.remove(card)
        self.calls.append(("discard", seat, card))


def test_a_counter_effect_compiles_from_its_name_and_adds_its_amount() -> None:
    """Mutants of common.py Counter.__init__: its name, doc, args (the minimum 1 made 0 or 2) or
    shorthand dropped."""
    counter = Counter("ps", "+N PS this turn")
    assert (counter.name, counter.doc) == ("ps", "+N PS this turn")
    vocab = Vocabulary("test", [counter, Draw()], ["ps"])
    assert vocab.compile([{"ps": 1}]) == [{"op": "ps", "amount": 1}]  # the shorthand: a plain number
    assert vocab.compile([{"ps": {"amount": 2}}]) == [{"op": "ps", "amount": 2}]
    problems = vocab.compile_list([{"ps": 0}])[1]
    assert problems == [([0, "ps"], "ps: amount must be at least 1, not 0")]
    host = _Host([])
    frames: list[dict[str, Any]] = []
    Resolver(vocab, host, frames).push(vocab.compile([{"ps": 3}, {"draw": 2}]), 1, 7, "A07")
    assert Resolver(vocab, host, frames).run() is None
    assert host.calls == [("add", 1, "ps", 3), ("draw", 1, 2)]


def test_a_choice_counts_one_decision_plus_its_longest_branch() -> None:
    """Mutants of common.py Choose.choice_bound: its `1 +` made 0 or 2, its answer None."""
    vocab = Vocabulary("test", [Choose(), Discard(), Draw()], [])
    effects = vocab.compile([{"choose": {"attack": [{"discard": 2}], "refill": [{"draw": 1}]}}])
    # choosing, then up to two discards and the decision to stop
    assert vocab.bound(effects) == 1 + 3
    assert vocab.bound(vocab.compile([{"choose": {"refill": [{"draw": 1}]}}])) == 1


def test_a_picking_kind_must_say_how_it_takes_a_pick_and_the_base_kind_resolves_nothing() -> None:
    """Mutants: common.py Picking.take's raise dropped; vocabulary.py EffectKind.start's raise
    dropped, its options answering None, its modify not the amount."""

    class Forgetful(Picking):
        name = "forgetful"
        args = ()

        def options(self, ctx: Context) -> list[Any]:
            return [4]

    vocab = Vocabulary("test", [Forgetful()], [])
    frame = {"op": "forgetful", "count": 1, "seat": 0, "source": -1, "as": ""}
    resolver = Resolver(vocab, _Host([]), [frame])
    with pytest.raises(NotImplementedError):
        resolver.vocab["forgetful"].answer(Context(frame, resolver.host, resolver), 4)
    kind = EffectKind()
    ctx = Context({"op": "", "seat": 0}, _Host([]), resolver)
    with pytest.raises(NotImplementedError):
        kind.start(ctx)
    assert kind.options(ctx) == []
    assert kind.modify({}, 5) == 5


def test_an_effects_decision_becomes_the_named_seats_pending_choice_with_the_games_words() -> None:
    """Mutants of bridge.py EffectDecisions.__init__: its frame keys, decline words or answer order
    dropped, `decline or {}` and `target_order or ...` turned to `and`."""
    vocab = Vocabulary("test", [Discard()], [])
    state = GameState("test", 2, {}, 1, None)
    host = _Host([5, 3])
    frames: list[dict[str, Any]] = []
    resolver = Resolver(vocab, host, frames)
    resolver.push(vocab.compile([{"discard": {"count": 1, "optional": True}}]), 1, 9, "B2")
    prompt = resolver.run()
    assert prompt is not None
    plain = EffectDecisions({"card": "source"})
    plain.ask(state, resolver, prompt)
    assert state.pending is not None and state.pending.seats == (1,)
    assert state.pending.data["card"] == 9 and state.pending.data["op"] == "discard"
    assert plain.decline_word("discard") == "done"
    assert plain.target_order("anything") == 0
    worded = EffectDecisions({"card": "source", "as": "as"}, {"discard": "keep"}, lambda t: -len(t))
    worded.ask(state, resolver, prompt)
    assert state.pending.data["as"] == "B2"
    assert worded.decline_word("discard") == "keep" and worded.decline_word("pick") == "done"
    assert worded.target_order("abc") == -3
    assert worded.option(state.pending, Action(1, "keep")) is None  # its own word declines
    assert worded.option(state.pending, Action(1, "done")) == "done"  # the default word does not


def test_what_a_seat_knows_is_worked_out_from_the_moves_when_it_is_read() -> None:
    """Mutants of knowledge.py's `groups` property: its `_flush()` dropped (the groups read before
    the logged moves are worked in), its answer None."""
    known = Knowledge.at_setup(2, {"deck": [0, 1, 2], "hand:0": []}, [])
    assert known.groups[0] == {frozenset({"deck"}): {0, 1, 2}}
    known.observe([CardsMoved((2,), "deck", "hand:0", "draw", frozenset({0}), True)])
    # seat 0 saw which card it drew; seat 1 knows only that one of the deck's went into that hand
    assert known.groups[0] == {frozenset({"deck"}): {0, 1}, frozenset({"hand:0"}): {2}}
    assert known.groups[1] == {frozenset({"deck", "hand:0"}): {0, 1, 2}}


def test_card_data_survives_a_pickle_still_read_only_and_a_card_is_named_in_the_language_asked() -> None:
    """Mutants: cards.py ReadOnlyList/ReadOnlyDict.__reduce__ answering None, ReadOnlyList's refusal
    of item assignment, deletion, += and *= dropped, CardSpec's default
    count 1 made 2 or 0; narration.py default_card_name answering None."""
    data = read_only({"effects": [{"draw": 1}], "cost": 2})
    back = pickle.loads(pickle.dumps(data))
    assert back == {"effects": [{"draw": 1}], "cost": 2}
    with pytest.raises(TypeError, match="read-only"):
        back["effects"].append(3)
    with pytest.raises(TypeError, match="read-only"):
        back["cost"] = 3
    effects = back["effects"]
    for change in (
        lambda: effects.__setitem__(0, {}),
        lambda: effects.__delitem__(0),
        lambda: effects.__iadd__([1]),
        lambda: effects.__imul__(2),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert back["effects"] == [{"draw": 1}]
    spec = CardSpec("D1", Text(ja="犬", en="dog"))
    assert CardSet("t", Text(en="T"), "en", "standard", (spec,)).physical() == (spec,)  # one copy unless told
    assert default_card_name(spec, "en") == "dog" and default_card_name(spec, "ja") == "犬"
    assert default_card_name(CardSpec("D2", Text(ja="猫")), "en") == "猫"


def test_a_literal_field_holds_only_its_named_values() -> None:
    """Mutants of invariants.py: the `in args` of the Literal check turned to `not in`, both in the
    quick yes/no and in the one that words the problem."""
    assert data_problems("end", Literal["play", "end"]) == []
    assert data_problems({"phase": "play"}, dict[str, Literal["play", "end"]]) == []
    assert data_problems("draw", Literal["play", "end"], "data.phase") == [
        "data.phase is 'draw', not one of ('play', 'end')"
    ]


def test_a_seat_shown_cards_knows_where_they_are_and_a_re_deal_knows_a_face_up_top_card() -> None:
    """Mutants of knowledge.py: `_pin` of a Revealed event dropped (a peek taught nothing);
    Knowledge.assumed's `sees_index(seat, -1)` -> `-2` (a face-up pile's top card taken for unseen).
    i26-mut12r: an observer too many (`seats + 1` -> `+ 2`), assumed's `where[card] = key` dropped,
    copy's `_zoned = 0` -> -1 (single_zones of a copy read only the last move since)."""
    known = Knowledge.at_setup(2, {"deck": [0, 1], "hand:0": [2, 3]}, [])
    known.observe([CardsMoved((0,), "deck", "hand:0", "draw", frozenset({0}), True)])
    known.observe([Revealed(0, (0, 2), "hand:0", "peek", frozenset({1}))])  # seat 1 is shown two of them
    assert known.places(1) == ((("deck", "hand:0"), (1,)), (("hand:0",), (0, 2, 3)))
    assert known.places(2) == ((("deck", "hand:0"), (0, 1)), (("hand:0",), (2, 3)))
    zones = {
        "discard": Zone("discard", Visibility.TOP_PUBLIC, None, [4, 5, 6]),
        "hand:0": Zone("hand:0", Visibility.OWNER, 0, [1, 2]),
        "deck": Zone("deck", Visibility.HIDDEN, None, [3]),
    }
    assumed = Knowledge.assumed(zones, 2, 0, [])
    hidden = ("deck", "discard", "hand:0")
    assert assumed.places(1) == ((hidden, (1, 2, 3, 4, 5)), (("discard",), (6,)))
    assert assumed.places(0) == (
        (("deck", "discard"), (3, 4, 5)),
        (("discard",), (6,)),
        (("hand:0",), (1, 2)),
    )
    # one table per observer, each seat's and the spectator's (`seats + 1` -> `+ 2` in __init__ or
    # at_setup); what a re-deal was told is where its cards are (assumed's `where[card] = key`
    # dropped: the next move seen of them could not find their group)
    assert len(known.where) == len(known.groups) == len(assumed.where) == 3
    told = Knowledge.assumed(zones, 2, 0, [(("deck", "discard"), (3, 4))])
    assert told.where[0][3] == told.where[0][4] == frozenset({"deck", "discard"})
    copied = known.copy()  # its log starts empty: every move observed after is asked about
    copied.observe([CardsMoved((1,), "deck", "hand:1", "draw", frozenset({1}), True)])
    copied.observe([CardsMoved((2,), "hand:0", "discard", "discard", None, False)])
    assert copied.single_zones(0) == {"deck", "hand:0", "hand:1", "discard"}
    told.observe([CardsMoved((3,), "deck", "hand:0", "draw", frozenset({0}), True)])
    assert told.places(0) == (
        (("deck", "discard"), (4, 5)),
        (("discard",), (6,)),
        (("hand:0",), (1, 2, 3)),
    )


def test_a_view_kept_unread_across_moves_knows_what_its_seat_knew_when_it_was_made() -> None:
    """Mutant of knowledge.py Held.places: its `where = ...` dropped (a held view read after the
    knowledge moved on, with moves not yet worked in when it was made)."""
    engine = Engine.new(RUNEWORKS, 2, 5)
    rng = Rng(3)
    for _ in range(4):
        engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
    held = {who: engine.view(who) for who in (0, 1, None)}  # made with moves logged, not yet worked in
    moves = list(engine.state.history)
    for _ in range(6):
        engine.apply(rng.choice(engine.legal_actions(engine.deciding_seats()[0])))
    then = Engine.replay(RUNEWORKS, 2, 5, None, moves)
    for who, view in held.items():
        assert thaw(view.data[KNOWN]) == thaw(then.view(who).data[KNOWN])


def _view_knowing(engine: Engine, seat: int, places: Any) -> Any:
    """The seat's view with its KNOWN places replaced (what a re-deal is told)."""
    view = engine.view(seat)
    known = {**thaw(view.data[KNOWN]), "places": places}
    return view._replace(data={**dict(view.data), KNOWN: known})


def test_a_re_deal_follows_what_the_view_knows_and_says_when_it_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mutants of determinize.py: the deal of a game nobody followed (`possible = ...` dropped); the
    error for cards the view says nothing of (dropped, or naming 4 or 6 of them); the error when no
    deal fits (dropped); `fits`' `flow.get(..., 0) + 1` with -1 (a place taken back through two
    groups miscounted, so a deal that fits is refused). i26-mut12r: the re-dealt seed's `1 << 53` or
    `1 << 11` made `0 << ...` (its high or its low bits always 0); `careful=attempt == _TRIES` made
    `!=` (the careful deal, a flow per card, tried first where a quick one fits)."""
    stacked = Engine.new(RUNEWORKS, 2, 5, arrange=_stacked)  # nobody followed a stacked deal
    view = stacked.view(0)
    assert view.data[KNOWN]["places"] is None
    dealt = RUNEWORKS.determinize(view, Rng(1))
    assert sorted(dealt.zones["hand:1"].cards + dealt.zones["stock"].cards) == sorted(
        stacked.state.zones["hand:1"].cards + stacked.state.zones["stock"].cards
    )
    assert dealt.zones["hand:0"].cards == stacked.state.zones["hand:0"].cards
    flows: list[int] = []
    real_fits = determinize_module.fits
    monkeypatch.setattr(determinize_module, "fits", lambda *args: flows.append(1) or real_fits(*args))
    seeds = [RUNEWORKS.determinize(stacked.view(0), Rng(n)).seed for n in range(3)]
    assert all(seed >> 11 for seed in seeds) and any(seed & 0x7FF for seed in seeds)  # 64 bits drawn
    assert not flows  # a quick deal fits a hand and the stock at once: the careful one is never asked
    engine = Engine.new(RUNEWORKS, 2, 5)
    ((zones, cards),) = engine.view(0).data[KNOWN]["places"]
    assert zones == ("hand:1", "stock") and len(cards) == 45
    told = _view_knowing(engine, 0, [(zones, cards[7:])])
    with pytest.raises(
        ValueError, match=rf"nothing of where cards \[{', '.join(map(str, cards[:5]))}\] could"
    ):
        RUNEWORKS.determinize(told, Rng(1))
    crammed = _view_knowing(engine, 0, [(("hand:1",), cards)])  # 45 cards for the 7 places of a hand
    with pytest.raises(ValueError, match="no deal of the unseen cards fits"):
        RUNEWORKS.determinize(crammed, Rng(1))
    assert fits({("a", "b", "c"): 1, ("a", "c"): 2, ("b", "c"): 2, ("a",): 1}, {"a": 1, "b": 3, "c": 3})


def test_a_parameter_takes_its_type_from_text_and_refuses_what_it_does_not_allow() -> None:
    """Mutants of game.py Param.coerce and Game.resolve_params/check_seats: each refusal dropped or
    turned, the words read as true, the bounds' comparisons, the answer None."""
    flag = Param("open", False, "")
    assert flag.coerce(" Yes ") is True and flag.coerce("off") is False and flag.coerce(True) is True
    level = Param("level", 3, "", minimum=1, maximum=5)
    assert [level.coerce(v) for v in ("1", 5, " 4 ")] == [1, 5, 4]
    deck = Param("deck", "basic", "", choices=("basic", "full"))
    assert deck.coerce("full") == "full"
    for param, value, said in (
        (flag, "maybe", "open: expected true or false, got 'maybe'"),
        (flag, 1, "open: expected true or false, got 1"),
        (level, "x", "level: expected int, got 'x'"),
        (level, True, "level: expected a whole number, got True"),
        (level, 2.5, "level: expected a whole number, got 2.5"),
        (level, 0, "level: 0 is below the minimum 1"),
        (level, "6", "level: 6 is above the maximum 5"),
        (deck, 3, "deck: expected text, got 3"),
        (deck, "half", "deck: 'half' is not one of basic, full"),
    ):
        with pytest.raises(ParamError) as caught:
            param.coerce(value)
        assert str(caught.value) == said
    game = _Bare()
    game.params = (flag, level)
    assert game.resolve_params(None) == {"open": False, "level": 3}
    assert game.resolve_params({"level": "2"}) == {"open": False, "level": 2}
    with pytest.raises(ParamError, match=r"bare has no parameter 'speed' \(known: level, open\)"):
        game.resolve_params({"speed": 1})
    game.check_seats(2)
    for seats in (1, 3):
        with pytest.raises(ParamError, match=f"Bare is for 2-2 players, not {seats}"):
            game.check_seats(seats)


class _Listed(_Bare):
    """A game without checkers of its own: its legality is its list of moves."""

    pick_kinds = frozenset({"buy"})
    play_kinds = frozenset({"play"})

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return (
            [Action(seat, "play", (0,)), Action(seat, "buy", (2,))] if seat in state.deciding_seats() else []
        )


def test_the_default_rules_answer_from_the_games_moves_and_name_the_cards_chosen() -> None:
    """Mutants of game.py: the default why_not's LEGAL and its reason answering None; card_choice's
    `which = "played"` dropped, its answer None and its `or` -> `and` (a pick naming no card, on a game
    with a card set, would answer ("picked", ())); arrange's refusal of setup keys dropped."""
    game = _Listed()
    a, b = CardSpec("A", Text(en="Ace"), 2), CardSpec("K", Text(en="King"))
    state = GameState("bare", 2, {}, 1, CardSet("t", Text(en="T"), "en", "standard", (a, b)))
    state.active = 0
    assert game.why_not(state, Action(0, "play", (0,))) == ""
    assert game.why_not(state, Action(0, "play", (1,))) == "play is not allowed now"
    assert game.why_not(state, Action(1, "play", (0,))) == "Player 2 has nothing to decide now"
    assert game.card_choice(state, Action(0, "play", (0,))) == ("played", ("A",))
    assert game.card_choice(state, Action(0, "buy", (2,))) == ("picked", ("K",))
    assert game.card_choice(state, Action(0, "pass")) is None
    assert game.card_choice(state, Action(0, "buy")) is None  # a pick naming no card, on a set
    game.arrange(state, {}, None)  # type: ignore[arg-type]
    with pytest.raises(ParamError, match="bare scenarios take no setup keys, got hand, deck"):
        game.arrange(state, {"hand": [], "deck": []}, None)  # type: ignore[arg-type]


class _Finishing(_Host):
    def after(self, frame: dict[str, Any]) -> None:
        self.calls.append(("after", frame["source"], frame.get("card")))


def test_effects_resolve_front_first_wait_for_picks_and_a_fizzled_card_keeps_its_after_frame() -> None:
    """Mutants of resolver.py: push's `frames[0:0]` made `[1:0]`/`[-1:0]`, append dropped, `extra or {}`
    and the `_after` frame; run's and answer's `pop(0)`/`insert(0, ...)` at another end, the
    `_after` test turned, `host.after` dropped; waiting's `frames[0]`; options' empty answer; cancel's
    count and its stop at the `_after` frame; Prompt's default `picked` and `to_dict`'s seat;
    Context.source's default -1."""
    vocab = Vocabulary("test", [Counter("ps", "+N PS"), Draw(), Discard()], ["ps"])
    host = _Finishing([5, 3])
    frames: list[dict[str, Any]] = []
    resolver = Resolver(vocab, host, frames)
    resolver.append(vocab.compile([{"draw": 1}]), 0, 7, "A7", after={"card": 7})
    resolver.push(vocab.compile([{"discard": 1}, {"ps": 2}]), 1, 9, "B9", extra={"_bonus": 1})
    assert [f["op"] for f in frames] == ["discard", "ps", "draw", "_after"]
    assert frames[0]["_bonus"] == frames[1]["_bonus"] == 1 and "_bonus" not in frames[2]
    assert (frames[0]["seat"], frames[0]["source"], frames[0]["as"]) == (1, 9, "B9")
    assert frames[3] == {"card": 7, "op": "_after", "seat": 0, "source": 7, "as": "A7"}
    prompt = resolver.run()
    assert prompt is not None and prompt.to_dict() == {
        "kind": "discard",
        "low": 1,
        "high": 1,
        "picked": 0,
        "by_code": False,
        "text": "discard cards from your hand",
    }
    assert resolver.waiting() is frames[0] and frames[0]["op"] == "discard" and len(frames) == 4
    assert resolver.options() == [5, 3]
    assert resolver.answer(3) is None  # the pick ends the discard; the rest resolves by itself
    assert host.calls == [("discard", 1, 3), ("add", 1, "ps", 2), ("draw", 0, 1), ("after", 7, 7)]
    assert frames == [] and resolver.waiting() is None and resolver.options() == []
    resolver.push(vocab.compile([{"draw": 1}, {"ps": 1}]), 0, 4, "C4", after={})
    resolver.push(vocab.compile([{"draw": 2}]), 1, 5, "D5")
    assert resolver.cancel(4) == 0  # not at the front
    assert resolver.cancel(5) == 1
    assert resolver.cancel(4) == 2 and [f["op"] for f in frames] == ["_after"]
    assert Prompt("pick", 0, 2, seat=1).to_dict()["seat"] == 1 and Prompt("pick", 0, 2).picked == 0
    bare = Context({"op": "draw", "seat": 0}, host, resolver)
    assert (bare.source, bare.as_code) == (-1, "")


class _Mixed(Picking):
    """A pick whose options take every form the bridge knows: [card, text], a text, the kind, a card."""

    name = "mixed"
    args = ()
    prompt_kind = "pick"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = 2
        return self._prompt(ctx)

    def _limits(self, ctx: Context) -> tuple[int, int]:
        return 1, 2

    def options(self, ctx: Context) -> list[Any]:
        return [[1, "top"], [0, "top"], "x", "pick", 2]

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.calls.append(("took", option))


def test_an_effects_options_become_one_action_each_in_order_and_declining_once_enough_are_picked() -> None:
    """Mutants of bridge.py actions/answer/option/_action: copies of a card offered once (the lowest),
    the order by code then target, the decline word only once `picked >= low`, and each option's
    action read back as that option."""
    a, b = CardSpec("A", Text(en="Ace"), 2), CardSpec("B", Text(en="Bee"))
    state = GameState("test", 2, {}, 1, CardSet("t", Text(en="T"), "en", "standard", (a, b)))
    vocab = Vocabulary("test", [_Mixed()], [])
    host = _Host([])
    resolver = Resolver(vocab, host, [])
    resolver.push([{"op": "mixed"}], 0, 2, "B")
    prompt = resolver.run()
    assert prompt is not None
    decisions = EffectDecisions({"card": "source"}, target_order=lambda target: {"top": 0}.get(target, 1))
    decisions.ask(state, resolver, prompt)
    assert state.pending is not None and state.pending.data["picked"] == 0
    offered = decisions.actions(state, 0, resolver)
    assert offered == [
        Action(0, "pick"),
        Action(0, "pick", (), "x"),
        Action(0, "pick", (0,), "top"),
        Action(0, "pick", (2,)),
    ]  # no `done` before the one pick needed
    assert [decisions.option(state.pending, action) for action in offered] == ["pick", "x", [0, "top"], 2]
    again = decisions.answer(state, resolver, Action(0, "pick", (2,)))
    assert again is not None and again.picked == 1 and host.calls == [("took", 2)]
    decisions.ask(state, resolver, again)
    assert decisions.actions(state, 0, resolver)[-1] == Action(0, "done")
    assert decisions.answer(state, resolver, Action(0, "done")) is None and resolver.frames == []


class _Seat(TypedDict):
    seat: int


class _Table(TypedDict, total=False):
    scores: dict[int, float]
    seats: list[_Seat]
    rest: Any
    gone: None


def test_a_games_data_is_held_to_its_declared_types_with_each_problem_placed() -> None:
    """Mutants of invariants.py `_valid` and `_checker`: the TypedDict, list, dict, union, None,
    float (an int is a float) and Any cases, the not-a-list / not-a-dict / not-a-mapping words, a
    union's fewest problems, and the TypeError for a type it cannot check."""
    good = {"scores": {0: 1.5, 1: 2}, "seats": [{"seat": 0}], "rest": object(), "gone": None}
    assert data_problems(good, _Table) == [] and data_problems({}, _Table) == []
    assert data_problems(
        {"scores": {"0": 1.0, 1: "2"}, "seats": {"seat": 0}, "gone": 0, "extra": 1}, _Table, "d"
    ) == [
        "d has undeclared key 'extra'",
        "d['scores'] key '0' is '0' (str), not int",
        "d['scores'][1] is '2' (str), not float",
        "d['seats'] is dict, not a list",
        "d['gone'] is 0, not None",
    ]
    assert data_problems({"scores": [1.0], "seats": [3]}, _Table) == [
        "data['scores'] is list, not a dict",
        "data['seats'][0] is int, not a _Seat",
    ]
    assert data_problems({"seats": [{}]}, _Table) == ["data['seats'][0] lacks 'seat'"]
    assert data_problems([1, "x", None], list[int | None]) == ["data[1] is 'x' (str), not int"]
    assert data_problems(["a", 2], list[int | list[str]]) == ["data[0] is 'a' (str), not int"]
    assert data_problems(True, int | str) == ["data is True (bool), not int"]
    with pytest.raises(TypeError, match="cannot check against set"):
        data_problems([{1}], list[int | set[int]])
    with pytest.raises(TypeError, match="cannot check against 'int'"):
        data_problems({"a": 1}, dict[str, "int"])


class _Rich(EffectKind):
    """A kind with an argument of every kind the compiler knows."""

    name = "rich"
    args = (
        Arg("n", "int", 1, minimum=0, maximum=5),
        Arg("big", "int", 1),
        Arg("uses", "uses", None),
        Arg("flag", "bool", False),
        Arg("mode", "choice", "a", choices=("a", "b")),
        Arg("then", "effects", []),
        Arg("cost", "cost", {}),
    )
    shorthand = None


class _Rider(EffectKind):
    name = "rider"
    top_level_only = True


def test_card_text_compiles_to_plain_data_or_says_where_each_problem_is() -> None:
    """Mutants of vocabulary.py compile/_convert/compile_list/card_problems/extend/uses: each check
    of an argument (whole number, its minimum and EFFECT_INT_MAX, uses, bool, choice, nested effects,
    branches' labels, costs' counters and amounts), each message and the key path it names."""
    vocab = Vocabulary("test", [_Rich(), _Rider(), Draw(), Choose()], ["ps"])
    assert vocab.compile([{"rich": {"n": 0, "uses": 2, "flag": True, "mode": "b", "cost": {"ps": 1}}}]) == [
        {"op": "rich", "n": 0, "big": 1, "uses": 2, "flag": True, "mode": "b", "then": [], "cost": {"ps": 1}}
    ]
    assert vocab.compile(["rider", {"rich": {"uses": None, "then": [{"draw": 2}]}}])[1]["then"] == [
        {"op": "draw", "count": 2}
    ]
    assert vocab.compile_list(None) == ([], [])
    problems = vocab.compile_list(
        [
            {"rich": {"n": 6, "big": 100, "uses": "x", "flag": 1, "mode": "c", "cost": {"gold": 1, "ps": 0}}},
            {"rich": {"n": -1, "odd": 1, "then": [{"rider": None}], "cost": [1]}},
            {"rich": 3},
            {"draw": {}},
            {"choose": {"Bad Label": [], "ok": "draw"}},
            {"choose": []},
            {"fly": 1},
            {"draw": 1, "rich": 1},
            7,
        ],
        ["cards", 0, "effects"],
    )[1]
    at = ["cards", 0, "effects"]
    assert problems == [
        ([*at, 0, "rich", "n"], "rich: n must be at most 5, not 6"),
        ([*at, 0, "rich", "big"], "rich: big must be at most 99, not 100"),
        ([*at, 0, "rich", "uses"], 'rich: uses must be a whole number, not the text "x"'),
        ([*at, 0, "rich", "flag"], "rich: flag must be true or false, not the number 1"),
        ([*at, 0, "rich", "mode"], 'rich: mode must be one of a, b, not the text "c"'),
        ([*at, 0, "rich", "cost", "gold"], "rich: 'gold' is not a counter (counters: ps)"),
        (
            [*at, 0, "rich", "cost", "ps"],
            "rich: a cost must be a whole number of at least 1, not the number 0",
        ),
        (
            [*at, 1, "rich", "odd"],
            "rich: unknown argument 'odd' (arguments: n, big, uses, flag, mode, then, cost)",
        ),
        ([*at, 1, "rich", "n"], "rich: n must be at least 0, not -1"),
        (
            [*at, 1, "rich", "then", 0],
            "rider can only be used directly in a card's effects, not inside another effect",
        ),
        (
            [*at, 1, "rich", "cost"],
            "rich: cost must be a mapping of counter: amount, such as {ps: 2}, not a list",
        ),
        (
            [*at, 2, "rich"],
            "rich takes a mapping of arguments (n, big, uses, flag, mode, then, cost), not the number 3",
        ),
        ([*at, 3, "draw"], "draw: argument 'count' is required"),
        (
            [*at, 4, "choose", "Bad Label"],
            'choose: a label is lower-case letters, digits and _, not the text "Bad Label"',
        ),
        ([*at, 4, "choose", "ok"], 'effects must be a list, such as [{draw: 1}], not the text "draw"'),
        (
            [*at, 5, "choose"],
            "choose: options must be a mapping of label: [effects], such as {attack: [attack], refill: [refill]}, not a list",
        ),
        ([*at, 6], "unknown effect 'fly' (effects: choose, draw, rich, rider)"),
        ([*at, 7], "an effect is a name or a one-key mapping such as {draw: 1}, not a mapping"),
        ([*at, 8], "an effect is a name or a one-key mapping such as {draw: 1}, not the number 7"),
    ]
    data = {"cards": [{"effects": [{"fly": 1}]}, "x", {"sides": {"a": {"skills": [{"effects": ["draw"]}]}}}]}
    assert vocab.card_problems(data) == [
        (["cards", 0, "effects", 0], "unknown effect 'fly' (effects: choose, draw, rich, rider)")
    ]
    wider = vocab.extend("wider", [Discard()], ["ps", "gems"], [("sides", "*", "skills", "*", "effects")])
    assert wider.counters == ("ps", "gems") and set(wider.kinds) == {
        "choose",
        "draw",
        "rich",
        "rider",
        "discard",
    }
    assert wider.effect_paths == (("effects",), ("sides", "*", "skills", "*", "effects"))
    assert wider.card_problems(data)[-1] == (
        ["cards", 2, "sides", "a", "skills", 0, "effects", 0],
        "draw: argument 'count' is required",
    )
    assert vocab.card_problems(data, "text") == [] and vocab.card_problems([]) == []
    effects = vocab.compile([{"draw": 1}, "rider"])
    assert vocab.uses(effects, "rider") and not vocab.uses(effects, "rich")


class _Bomb(EffectKind):
    """A kind usable only while its host says so (a Time Bomb needs an empty slot)."""

    name = "bomb"

    def usable(self, data: dict[str, Any], host: Any, seat: int, source: int) -> bool:
        return bool(host.hand)

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.calls.append(("bomb", ctx.frame.get("_bonus")))
        return None


def test_a_choice_offers_the_usable_branches_and_a_discard_asks_no_more_than_the_hand_holds() -> None:
    """Mutants of common.py: Choose.start/options/answer (no prompt when no branch is usable, the
    prompt's shape, the branch pushed with the Charge bonus), Picking._prompt's `low` capped by the
    options left and `picked >= high`, Discard's options and take."""
    vocab = Vocabulary("test", [Choose(), Draw(), Discard(), _Bomb()], [])
    host = _Host([4, 8])
    frames: list[dict[str, Any]] = []
    resolver = Resolver(vocab, host, frames)
    resolver.push(
        vocab.compile([{"choose": {"boom": ["bomb"], "refill": [{"draw": 1}]}}]),
        0,
        3,
        "C3",
        extra={"_bonus": 2},
    )
    prompt = resolver.run()
    assert prompt == Prompt("choose", 1, 1, 0, True, "choose one")
    assert resolver.options() == ["boom", "refill"]
    assert resolver.answer("boom") is None and host.calls == [("bomb", 2)]
    host.hand.clear()
    resolver.push(vocab.compile([{"choose": {"boom": ["bomb"]}}]), 0, 3, "C3")
    assert (
        resolver.run() is None and frames == [] and host.calls == [("bomb", 2)]
    )  # nothing usable: no choice
    host.hand[:] = [4]
    resolver.push(vocab.compile([{"discard": 3}]), 1, 5, "D5")
    prompt = resolver.run()
    assert prompt == Prompt("discard", 1, 3, 0, False, "discard cards from your hand")  # one card to give
    assert resolver.answer(4) is None and host.calls[-1] == ("discard", 1, 4) and frames == []
    host.hand[:] = [1, 2, 3]
    resolver.push(vocab.compile([{"discard": {"count": 2, "optional": True}}]), 1, 5, "D5")
    assert resolver.run() == Prompt("discard", 0, 2, 0, False, "discard cards from your hand")
    assert resolver.answer(2) == Prompt("discard", 0, 2, 1, False, "discard cards from your hand")
    assert resolver.answer(None) is None and host.hand == [1, 3]  # done after one of two


def test_held_cards_open_windows_at_their_timing_in_priority_order() -> None:
    """Mutants of timing.py: is_auto's answer, the unknown timing's refusal, windows' filter (its
    timing and `may`), their order (the holder's place in `order`, then the card) and the answers
    `use` and `pass`."""
    timings = Timings(("start", "battle", "end"), auto=("end",))
    assert timings.is_auto("end") is True and timings.is_auto("battle") is False
    with pytest.raises(ValueError, match=r"unknown timing 'dawn' \(timings: start, battle, end\)"):
        timings.windows("dawn", [], [0, 1])
    held = [(0, 9, "battle"), (1, 4, "battle"), (1, 2, "battle"), (0, 5, "start"), (1, 7, "battle")]
    assert timings.windows("battle", held, [1, 0], may=lambda seat, card: card != 7) == [
        {"seat": 1, "card": 2, "timing": "battle"},
        {"seat": 1, "card": 4, "timing": "battle"},
        {"seat": 0, "card": 9, "timing": "battle"},
    ]
    assert [w["card"] for w in timings.windows("battle", held, [0, 1])] == [9, 2, 4, 7]
    assert window_actions(1) == [Action(1, "use"), Action(1, "pass")]


def test_a_seat_sees_its_own_secret_choice_and_a_views_data_takes_no_attribute_and_outlives_nothing() -> None:
    """The six survivors of view.py's sweep: make_view's `seat is not None` -> `is` (a seat that
    committed a hidden choice no longer saw it); FrozenData's `__slots__` dropped (an attribute could
    be written on a view's data), `__del__`'s `is not None` turned or its `pop` dropped (the table of
    what each FrozenData holds kept every dropped view's data), `__repr__` answering None."""
    engine = Engine.new(RUNEWORKS, 2, 0)
    choice = next(a for a in engine.legal_actions(0) if a.kind == "noreveal")
    engine.apply(choice)  # Leady work: each seat commits in secret
    mine, theirs, spectator = engine.view(0), engine.view(1), engine.view(None)
    assert mine.my_commit == choice and theirs.my_commit is None and spectator.my_commit is None
    assert mine.committed == theirs.committed == (0,)
    with pytest.raises(AttributeError):
        mine.data.note = "x"  # type: ignore[attr-defined]
    assert repr(mine.data).startswith("FrozenData({") and "'round'" in repr(mine.data)
    # what a FrozenData holds lives in view.py's table as long as the FrozenData does, no longer
    # (not an exact count: in the whole suite a bot thread's views come and go meanwhile)
    before = len(view_module._HELD)
    for _ in range(50):
        FrozenData({"a": [1]})["a"]  # made, read and dropped at once
    assert len(view_module._HELD) < before + 25


def test_a_discard_of_no_card_is_refused_and_a_choice_takes_its_long_form_too() -> None:
    """The third sweep's survivors of common.py: Discard's `count` minimum 1 -> 0 (`discard: 0`
    compiled), Choose.compile's `and` -> `or` (the long form `choose: {options: {...}}` read as one
    branch labelled "options"), Picking's default `prompt_kind = ""` dropped (a picking kind that names
    no prompt kind of its own could not ask)."""
    vocab = Vocabulary("test", [Choose(), Discard(), Draw()], [])
    assert vocab.compile_list([{"discard": 0}])[1] == [
        ([0, "discard"], "discard: count must be at least 1, not 0")
    ]
    branches = {"attack": [{"discard": 1}], "refill": [{"draw": 2}]}
    assert vocab.compile([{"choose": {"options": branches}}]) == vocab.compile([{"choose": branches}])

    class Plain(Picking):
        name = "plain"
        args = ()

        def options(self, ctx: Context) -> list[Any]:
            return [3]

    vocab = Vocabulary("test", [Plain()], [])
    frames = [{"op": "plain", "count": 1, "seat": 0, "source": -1, "as": ""}]
    resolver = Resolver(vocab, _Host([]), frames)
    assert resolver.vocab["plain"].start(Context(frames[0], resolver.host, resolver)) == Prompt(
        "", 1, 1, 0, False, ""
    )


def test_a_choice_of_no_branches_or_of_a_list_is_refused() -> None:
    """The third sweep's survivor of vocabulary.py: the branches check's `or` -> `and` (an empty
    mapping compiled to a choice of nothing; a list crashed on `.items()` instead of being refused)."""
    vocab = Vocabulary("test", [Choose(), Draw()], [])
    shape = (
        "choose: options must be a mapping of label: [effects], such as {attack: [attack], refill: [refill]}"
    )
    assert vocab.compile_list([{"choose": {}}, {"choose": ["draw"]}]) == (
        [],
        [([0, "choose"], f"{shape}, not a mapping"), ([1, "choose"], f"{shape}, not a list")],
    )


def test_a_check_of_data_trusts_no_shortcut_and_a_lost_card_count_names_the_first_ten() -> None:
    """The third sweep's survivors of invariants.py: `_valid` (the quick yes/no before the messages)
    with a dict's value checked by its key's type (`args[1]` -> `args[0]`) or any dict let through
    (`and` -> `or`), a whole number let be a float (`is float` -> `is not`), a None schema refused
    (`or` -> `and`); check_invariants' list of missing cards cut at 9 or 11 instead of 10."""
    assert data_problems({"a": "x"}, dict[str, int]) == ["data['a'] is 'x' (str), not int"]
    assert data_problems(1.5, int) == ["data is 1.5 (float), not int"]
    assert data_problems(None, None) == [] and data_problems(0, None) == ["data is 0, not None"]
    engine = Engine.new(RUNEWORKS, 2, 0)
    total = RUNEWORKS.card_count(engine.state)
    stock = engine.state.zones["stock"].cards
    lost = sorted(stock[:12])
    del stock[:12]
    assert check_invariants(engine)[0] == (
        f"card conservation broken: {total - 12} cards in zones, expected {total}; missing {lost[:10]}"
    )


def _nested(depth: int, inner: Any, word: bool) -> Any:
    """`inner` inside `depth` lists (or words, each holding the next as its value `v`)."""
    for _ in range(depth):
        inner = Word("common.and", {"v": inner}) if word else [inner]
    return inner


def test_a_phrase_names_hidden_cards_by_count_lists_with_and_and_a_missing_word_is_an_error() -> None:
    """The third sweep's survivors of narration.py's Renderer: a hidden card counted 0 (`1` -> `0`),
    one hidden card said as "1 cards" (`== 1` -> `== 0`), a list of several joined as one (`> 1` ->
    `<=`), a key without words not a KeyError (the raise dropped)."""
    render = Renderer({}, "en", lambda seat: ("Ann", "Bo", "Cy")[seat], lambda card: f"c{card}")
    assert render.value(Cards((3, UNKNOWN))) == "c3, a card"
    assert render.value(Cards((UNKNOWN, UNKNOWN))) == "2 cards"
    assert render.value([Seat(0), Seat(1), Seat(2)]) == "Ann, Bo and Cy"
    assert render.value([Seat(1)]) == "Bo" and render.value([]) == ""
    with pytest.raises(KeyError, match="no words for 'game.nothing'"):
        render.text("game.nothing", {})


def test_the_chronicle_tells_a_win_a_shared_win_and_reads_back_only_what_it_wrote() -> None:
    """The third sweep's survivors of narration.py: common_lines' one winner and several (`1` -> `2`,
    `==` -> `!=`); a game without narration saying "made a move" for a hidden move too (`is not` ->
    `is`); undo before the held entries not counting down `earlier`; tail's `>=` -> `<`; last()
    without narrating the earlier moves first (endless); a Text saved as None; reading back with
    `"text" in` -> `not in`, a list or tuple read as None, the depth limit 8 -> 9 (nine lists or
    words read back, ten do not), a word's depth + 2."""
    assert common_lines([GameEnded((1,), (0, 3))]) == [phrase("common.winner", who=[Seat(1)])]
    assert common_lines([GameEnded((0, 1), (2, 2))]) == [phrase("common.winners", who=[Seat(0), Seat(1)])]
    chronicle = Chronicle(None, 2)
    assert chronicle.narrate(None, [], None, 1) == []  # type: ignore[arg-type]
    assert chronicle.narrate(Action(1, "draw"), [], None, 1) == [phrase("common.moved", who=Seat(1))]  # type: ignore[arg-type]
    first, second, third = (phrase("common.moved", who=Seat(s)) for s in (0, 1, 0))
    chronicle.earlier = 2
    chronicle.rebuild = lambda n: [Entry(m, 0, {0: [first], 1: [], None: []}) for m in range(n)]
    chronicle.undo()
    assert chronicle.earlier == 1 and chronicle.last(0) == [first] and chronicle.earlier == 0
    chronicle._held.append(Entry(1, 1, {0: [second, third], 1: [], None: []}))
    assert chronicle.tail(0, 2) == [(1, second), (1, third)]
    said = phrase(
        "common.moved",
        who=Seat(0),
        what=narration.Text("Hi", "やあ"),
        cards=Cards((2, UNKNOWN)),
        many=[1, (2, "x")],
        word=_nested(9, 5, word=True),
        deep=_nested(9, 5, word=False),
    )
    entry = Entry(4, 0, {0: [said], 1: [], None: []})
    assert entry_from_json(entry_json(entry), COMMON, 2, 10) == entry
    too_deep = Entry(4, 0, {0: [phrase("common.moved", who=_nested(10, 5, word=False))], 1: [], None: []})
    assert entry_json(too_deep) is not None and entry_from_json(entry_json(too_deep), COMMON, 2, 10) is None


def test_a_saved_phrase_missing_a_value_its_words_now_take_is_narrated_again() -> None:
    """A save's phrase from a version whose words took fewer values (a Time Bomb's slot without its die
    face) does not read back, so the move is narrated again; held, it failed with a KeyError when shown."""
    words = {"x.bomb": {"en": "{who} bombs the {slot} slot ({face})", "ja": "{who}が{slot}（{face}の目）"}}
    old = Entry(4, 0, {0: [phrase("x.bomb", who=Seat(0), slot="left")], 1: [], None: []})
    assert entry_from_json(entry_json(old), words, 2, 10) is None
    new = Entry(4, 0, {0: [phrase("x.bomb", who=Seat(0), slot="left", face=3)], 1: [], None: []})
    assert entry_from_json(entry_json(new), words, 2, 10) == new
    in_a_word = phrase("common.moved", who=Word("x.bomb", {"who": Seat(1), "slot": "top"}))
    held = Entry(5, 1, {0: [in_a_word], 1: [], None: []})
    assert entry_from_json(entry_json(held), {**COMMON, **words}, 2, 10) is None


def test_a_saved_entry_reads_back_only_by_a_seated_actor_with_words_this_version_has() -> None:
    """narration.py's survivors (i26-stale): entry_from_json's actor check `0 <= actor` -> `-1 <=` (an
    entry by seat -1 read back); a word inside a phrase whose key this version lacks read on into a
    KeyError out of entry_from_json (the save's log failed to load) instead of the move narrated again
    (`key not in words or ...` -> `and`, or its `raise _Unread` dropped); _fills reading `{who[0]}`'s index for its name (`[0]` -> `[-1]`: such words never read
    back, every save's move narrated again)."""
    entry = Entry(4, 0, {0: [phrase("common.moved", who=Seat(1))], 1: [], None: []})
    saved = entry_json(entry)
    assert entry_from_json(saved, COMMON, 2, 10) == entry
    assert entry_from_json({**saved, "a": -1}, COMMON, 2, 10) is None
    unknown = phrase("common.moved", who=Word("no.such.key", {}))
    assert entry_from_json(entry_json(Entry(4, 0, {0: [unknown], 1: [], None: []})), COMMON, 2, 10) is None
    words = {"x.first": {"en": "{who[0]} goes first of {who}", "ja": "{who[0]}が先手"}}
    first = Entry(4, 0, {0: [phrase("x.first", who=[Seat(1), Seat(0)])], 1: [], None: []})
    assert entry_from_json(entry_json(first), words, 2, 10) == first


def test_a_position_kept_for_later_comes_back_as_it_was_and_data_marshal_refuses_is_kept() -> None:
    """state.py's survivors: fork_later's rebuilt position lost its rng state, scores, forced rolls and
    its `knowledge` slot unnoticed, and the copies of data marshal refuses (an enum) were never read;
    data_later's `return lambda: marshal.loads(blob)` made None (i26-stale: data marshal takes)."""
    from cardtable.rules.state import _fork_data, copy_data, data_later

    engine = Engine.new(get_game("runeworks"), 2, 5)
    for _ in range(6):
        seat = engine.deciding_seats()[0]
        engine.apply(engine.legal_actions(seat)[0])
    state = engine.state
    state.scores[:] = [3, 1]
    state.forced_rolls[:] = [4, 2]
    before = (state.canonical(), state.rng.state, state.scores[:], state.forced_rolls[:])
    later = state.fork_later()
    state.rng.roll()
    state.scores[0] += 10
    state.forced_rolls.append(6)
    rebuilt = later()
    assert (rebuilt.canonical(), rebuilt.rng.state, rebuilt.scores, rebuilt.forced_rolls) == before
    assert rebuilt.knowledge is None and later() is rebuilt

    state.data["seen_as"] = Visibility.PUBLIC  # marshal refuses an enum: the fork is taken now
    kept = state.fork_later()
    state.data["seen_as"] = Visibility.HIDDEN
    assert kept().data["seen_as"] is Visibility.PUBLIC
    data = {"a": [Visibility.OWNER, {"b": (1, Visibility.HIDDEN)}]}
    assert _fork_data(Visibility.OWNER) is Visibility.OWNER
    assert copy_data(data) == data and copy_data(data) is not data
    assert data_later(data)() == data
    plain = {"a": [1, (2, "x")], "b": None}  # what marshal takes: its bytes now, rebuilt when read
    later = data_later(plain)
    plain["a"].append(3)
    assert later() == {"a": [1, (2, "x")], "b": None}

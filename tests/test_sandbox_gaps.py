"""The sandbox's layout section (games/sandbox/layout.py) checked key by key, and `new-set`'s
refusals (games/sandbox/newset.py): mutation testing found their ranges and refusals untested
(issue 26). Each test names the mutants it kills (bench/mutate.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.games import get_game
from cardtable.games.sandbox.layout import DEFAULT, LayoutError, PileSpec, layout_of
from cardtable.games.sandbox.newset import NewSetError, new_set
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.events import Announced, CardsMoved, Event, Revealed, Shuffled, TurnStarted
from cardtable.rules.notation import physical_codes


class _Set:
    """A stand-in card set: layout_of reads only its `meta`."""

    def __init__(self, section: Any) -> None:
        self.meta = {"sandbox": section}


def _layout(section: Any) -> Any:
    return layout_of(_Set(section))  # type: ignore[arg-type]


def _refused(section: Any) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        _layout(section)
    return caught.value


def test_a_set_without_a_section_gets_the_default_table() -> None:
    """Mutants: DEFAULT's deal 0 / dice 2 one off (Layout's defaults), `return DEFAULT` -> None, the
    default piles dropped, the start pile's `return pile.name` -> None."""
    assert layout_of(None) is DEFAULT
    assert _layout(None) is DEFAULT
    assert [(p.name, p.face) for p in DEFAULT.piles] == [
        ("deck", "down"),
        ("discard", "up"),
        ("table", "spread"),
    ]
    assert (DEFAULT.deal, DEFAULT.dice, DEFAULT.counters, DEFAULT.start_pile) == (0, 2, ("points",), "deck")
    empty = _layout({})
    assert (empty.piles, empty.deal, empty.dice, empty.counters) == (DEFAULT.piles, 0, 2, ("points",))


@pytest.mark.parametrize(("key", "low", "high"), [("deal", 0, 50), ("dice", 1, 6)])
def test_deal_and_dice_take_their_range_and_nothing_past_it(key: str, low: int, high: int) -> None:
    """Mutants: the bounds of `0 <= deal <= 50` and `1 <= dice <= 6` one off or turned, `and` -> `or`,
    the raise dropped."""
    assert getattr(_layout({key: low}), key) == low
    assert getattr(_layout({key: high}), key) == high
    for bad in (low - 1, high + 1, "3"):
        error = _refused({key: bad})
        assert error.path == ["sandbox", key]
        assert str(error).startswith(f"sandbox.{key}: a whole number")


def test_counters_are_at_most_four_different_plain_names() -> None:
    """Mutants: `len(counters) > 4` one off, the counters' raise dropped."""
    assert _layout({"counters": ["a", "b", "c", "d"]}).counters == ("a", "b", "c", "d")
    for bad in (["a", "b", "c", "d", "e"], ["a", "a"], ["Points"]):
        assert _refused({"counters": bad}).path == ["sandbox", "counters"]


def test_a_pile_is_read_key_by_key_with_its_defaults() -> None:
    """Mutants: `at`'s indexes in PileSpec(...), its default, the face's default, `return PileSpec`
    -> None; up_face's `==` turned or its return made None."""
    (pile,) = _layout({"piles": [{"name": "mat", "at": [0.25, 0.75], "face": "spread"}]}).piles
    assert pile == PileSpec("mat", (0.25, 0.75), "spread", False)
    assert pile.up_face == "spread"
    (plain,) = _layout({"piles": [{"name": "deck"}]}).piles
    assert plain == PileSpec("deck", (0.1, 0.1), "down", False)
    assert plain.up_face == "up"
    assert _layout({"piles": [{"name": "x", "at": [0, 1]}]}).piles[0].at == (0.0, 1.0)


@pytest.mark.parametrize(
    ("pile", "key"),
    [
        ({"name": "hand"}, "name"),
        ({"name": "Deck"}, "name"),
        ({"at": [0.1, 0.1]}, "name"),
        ({"name": "p", "at": [0.1]}, "at"),
        ({"name": "p", "at": [0.1, 0.2, 0.3]}, "at"),
        ({"name": "p", "at": [1.01, 0.5]}, "at"),
        ({"name": "p", "at": [0.5, -0.01]}, "at"),
        ({"name": "p", "at": "middle"}, "at"),
        ({"name": "p", "face": "sideways"}, "face"),
    ],
)
def test_a_bad_pile_is_refused_at_its_key(pile: dict[str, Any], key: str) -> None:
    """Mutants: each test of _pile turned (name in RESERVED, len(at) == 2, 0 <= v <= 1, face in FACES,
    its or/and), each raise dropped."""
    error = _refused({"piles": [{"name": "deck"}, pile]})
    assert error.path == ["sandbox", "piles", 1, key]
    assert str(error).startswith(f"sandbox.piles[1].{key}: ")


def test_the_piles_are_one_list_of_different_names_with_at_most_one_start() -> None:
    """Mutants: the same-name test turned, `sum(start) > 1` one off or turned, the section's and a
    pile's not-a-mapping raises dropped; start_pile's choice."""
    assert _refused({"piles": [{"name": "a"}, {"name": "a"}]}).path == ["sandbox", "piles"]
    two = [{"name": "a", "start": True}, {"name": "b", "start": True}]
    assert _refused({"piles": two}).path == ["sandbox", "piles"]
    one = _layout({"piles": [{"name": "a", "face": "up"}, {"name": "b", "start": True}]})
    assert one.start_pile == "b"
    assert _layout({"piles": [{"name": "a", "face": "up"}, {"name": "b"}]}).start_pile == "b"
    assert _layout({"piles": [{"name": "a", "face": "up"}]}).start_pile == "a"
    assert _refused(["deck"]).path == ["sandbox"]
    assert _refused({"piles": ["deck"]}).path == ["sandbox", "piles", 0]


def test_a_new_set_is_not_made_under_a_file_nor_into_a_folder_that_appeared_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mutants: newset.new_set's "is not a folder" raise dropped, its `mkdir(exist_ok=False)` of
    NAME/faces dropped (a folder made between the check and the writing would be written into),
    the OSError's `raise NewSetError` dropped or its `exc.strerror or exc` -> `and`."""
    afile = tmp_path / "afile"
    afile.write_bytes(b"mine")
    with pytest.raises(NewSetError, match=f"^{re.escape(str(afile))} is not a folder: "):
        new_set("proto", afile)
    with pytest.raises(NewSetError) as caught:  # a folder under a file: the system refuses it
        new_set("proto", afile / "sub")
    assert str(caught.value) == f"cannot make {afile / 'sub' / 'proto'}: Not a directory"
    assert afile.read_bytes() == b"mine"
    # Another program makes NAME/faces/ after new_set looked: nothing of it is written over.
    theirs = tmp_path / "proto" / "faces" / "proto.yaml"
    theirs.parent.mkdir(parents=True)
    theirs.write_bytes(b"theirs")
    monkeypatch.setattr(os.path, "lexists", lambda path: False)
    with pytest.raises(NewSetError, match="^cannot make .*proto: File exists$"):
        new_set("proto", tmp_path)
    assert theirs.read_bytes() == b"theirs" and not (tmp_path / "proto" / "proto.yaml").exists()


def _table(tmp_path: Path, seats: int = 2, seed: int = 4) -> Engine:
    """A new set's table (deck, discard, the market and play mats; 3 dealt to each of 12 cards)."""
    return Engine.new(get_game("sandbox"), seats, seed, {"cardset": str(new_set("proto", tmp_path))})


def _move(engine: Engine, seat: int, text: str) -> list[Event]:
    return engine.apply(engine.parse(seat, text))


def test_the_deal_goes_round_the_table_from_player_1_whose_turn_it_then_is(tmp_path: Path) -> None:
    """Mutants of setup: the deal's first seat 0 -> -1 (player 3 would get the top card),
    `TurnStarted(0)` -> -1."""
    engine = _table(tmp_path, seats=3)
    dealt = [e.dst for e in engine.setup_events if isinstance(e, CardsMoved)]
    assert dealt == ["hand:0", "hand:1", "hand:2"] * 3
    assert engine.setup_events[-1] == TurnStarted(0)


def test_deals_counters_and_turns_are_refused_with_their_reasons(tmp_path: Path) -> None:
    """Mutants: the deals offered (`range(1, top + 1)` one off either end), _why_deal's `or` -> `and`
    (a mat or no pile dealt from), _why_count's `or` -> `and` (a counter moved by no sign), the
    out-of-turn refusal's player number (`+ 1` -> `+ 0`), SPOT_MAX 1000 -> 1001."""
    engine = _table(tmp_path)  # 2 players: 6 left in the deck, 3 a hand at most
    deals = [a.target for a in engine.legal_actions(0) if a.kind == "deal"]
    assert deals == ["deck*1", "deck*2", "deck*3"]
    for target in ("play*1", "nope*1"):
        assert engine.explain(Action(0, "deal", (), target)) == "deal from a pile, 1 to 13 cards to each hand"
    for target in ("coins*", "nope+"):
        assert engine.explain(Action(0, "count", (), target)) == "no such counter"
    assert engine.explain(Action(1, "roll")) == "it is Player 1's turn"
    card = min(engine.state.zones["hand:0"].cards)  # the lowest copy of its code there
    assert not engine.explain(Action(0, "move", (card,), "hand:0>play@1000,1000"))
    assert engine.explain(Action(0, "move", (card,), "hand:0>play@1001,0"))


def test_a_card_moved_names_its_lowest_copy_wherever_it_goes(tmp_path: Path) -> None:
    """Mutants of _why_move: `src in self.mats(state)` -> `not in` (a hand's card put on a spot
    without the copy rule), `"@" in dst` -> `not in` (a mat's card moved off it without the copy
    rule, and to a spot with it), `return copy_reason(...)` -> None (no copy rule at all)."""
    engine = _table(tmp_path)
    codes = physical_codes(engine.state.cardset)
    hand = sorted(engine.state.zones["hand:0"].cards)
    twice = [c for c in hand if codes[c] == "SEED"]
    assert len(twice) >= 2, "seed 4 deals Player 1 two Seeds"
    for dst in ("play", "play@100,100"):
        said = engine.explain(Action(0, "move", (twice[1],), f"hand:0>{dst}"))
        assert said == "SEED: a move names the lowest-numbered copy of a card"
        assert not engine.explain(Action(0, "move", (twice[0],), f"hand:0>{dst}"))
    # on a mat, a card is moved to another spot as that very card; off it, as its lowest copy
    _move(engine, 0, "move SEED hand:0>play")
    _move(engine, 0, "move SEED hand:0>play")
    assert not engine.explain(Action(0, "move", (twice[1],), "play>play@5,5"))
    said = engine.explain(Action(0, "move", (twice[1],), "play>discard"))
    assert said == "SEED: a move names the lowest-numbered copy of a card"


def test_turning_shuffling_searching_and_spreading_are_told(tmp_path: Path) -> None:
    """Mutants: a turned card's announcement reading `spot[3]` for `spot[2]` (turned back, it said
    turned), the shuffle's `Shuffled` dropped, a searched pile of two not shuffled again (`> 1` ->
    `> 2`), a spread face-up pile's `Revealed` dropped (its cards shown to all)."""
    engine = _table(tmp_path)
    card = engine.state.zones["hand:0"].cards[0]
    code = physical_codes(engine.state.cardset)[card]
    _move(engine, 0, f"move {code} hand:0>play")
    turned = [
        e.detail["turned"]
        for text in ("turn play@0", "turn play@0")
        for e in _move(engine, 0, text)
        if isinstance(e, Announced)
    ]
    assert turned == [True, False]
    assert Shuffled("deck", 6) in _move(engine, 0, "shuffle deck")
    for _ in range(4):
        _move(engine, 0, "take deck>discard")
    _move(engine, 0, "search deck")
    assert Shuffled("deck", 2) in _move(engine, 0, "done")
    shown = tuple(engine.state.zones["discard"].cards)
    assert Revealed(0, shown, "discard", "spread") in _move(engine, 0, "spread discard")

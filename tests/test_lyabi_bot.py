"""Lyabi's bots in the positions issue 28's play showed them getting wrong
(docs/playtests/strong-bot-2026-11-28.md): the heuristic removed its only circle of its deck's colour
to place a stronger circle (whose colour is blind), and the search bot gave its War God's Sword up for a
blind item (a new item excludes the one held), its evaluation scoring a held item at nothing."""

from __future__ import annotations

from cardtable.bots.search import SearchBot
from cardtable.games import get_game
from cardtable.games.lyabi.bot import LyabiBot
from cardtable.games.lyabi.cards import table_of
from cardtable.games.lyabi.evaluate import evaluate
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig
from tests.stacked import stacked_session

SEATS = [SeatConfig("Ann", human=True), SeatConfig("Bot", human=False)]
MAIN = {"circles": ["CR0", "CB0"], "at": "main", "round": 6, "priority": "P2", "hp": [12, 12]}


def _engine(deal: dict[str, list[str]], setup: dict[str, object]) -> Engine:
    return stacked_session("lyabi", SEATS, deal, setup).engine


def test_the_bot_keeps_the_only_circle_of_its_decks_colour() -> None:
    """Its Blue Lv0 circle and a Red Lv5 one, a deck of blue (the Blue circle's initial set and the
    blue lyabi it bought) and 11 to pay: it places a Lv11 circle and removes the Red one, whose
    damage its deck rarely deals (it used to remove the Blue one, the one of less ATK)."""
    engine = _engine({"hand:1": ["B11", "B11", "B1"], "circles:1": ["CB0", "CR5"]}, MAIN)
    engine.state.data["acquired"][1] = {"B5": 2, "B3": 3, "B1": 1}
    view = engine.view(1)
    action = LyabiBot(Rng(1)).choose(view)
    assert engine.describe(action) == "circle CR5 B11 to 11"
    engine.apply(action)
    table = table_of(engine.state.cardset)  # type: ignore[arg-type]
    assert "CB0" in [table.of(c).code for c in engine.state.zones["circles:1"].cards]


def test_the_bot_still_removes_the_weaker_circle_of_the_same_use() -> None:
    """Both circles of its deck's colour: the one of less ATK goes, as before."""
    engine = _engine({"hand:1": ["B11", "B11", "B1"], "circles:1": ["CB0", "CB5"]}, MAIN)
    action = LyabiBot(Rng(1)).choose(engine.view(1))
    assert engine.describe(action) == "circle CB0 B11 to 11"


def test_an_item_kept_for_a_battles_outcome_is_worth_hp_and_one_used_at_once_is_not() -> None:
    """The Sword, the Mirror and the Brush wait for a battle that goes their way; the Eye (used as
    each battle begins) is worth nothing held, so keeping it never scores above using it."""
    deal = {"hand:1": ["G3"], "circles:1": ["CG5"], "item:0": []}
    setup = {**MAIN, "at": "item"}
    bare = evaluate(_engine({**deal, "item:1": []}, setup).state)[1]
    for code in ("SWO", "MIR", "BRU"):
        assert evaluate(_engine({**deal, "item:1": [code]}, setup).state)[1] > bare, code
    assert evaluate(_engine({**deal, "item:1": ["EYE"]}, setup).state)[1] == bare


# Seed 10, the search bot (P1, budget 1000) against the heuristic (P2), to the item phase of round 15:
# P1 holds the War God's Sword, a G5 and an R3 in hand, two Green Lv5 circles against P2's two Red.
SWORD_GAME = (
    "P1: pick to 5 | P2: pick to 2 | P2: buy G3 to G3 | P2: pass | P1: buy B3 to B3 | P1: pass | "
    "P1: charge R1 | P2: charge G1 | P1: buy G3 to B3 | P1: pass | P2: circle B3 R3 to 5 | P2: pass | "
    "P1: charge B1 | P2: charge G1 | P2: buy G3 to G3 | P2: pass | P1: circle B1 B3 to 0 | P1: item R3 | "
    "P1: dummy | P2: charge G1 | P1: pass | P1: circle CB0 B1 B1 B3 to 5 | P1: pass | P2: buy R3 to G3 | "
    "P2: pass | P1: dummy | P2: charge G3 | P1: pass | P2: circle CG0 B3 G3 to 5 | P2: pass | "
    "P1: circle CB0 B3 B3 to 5 | P1: pass | P1: charge B3 | P2: charge R1 | P1: pass | "
    "P1: buy G3 R3 to G5 | P1: pass | P2: buy G3 G3 to R5 | P2: pass | P1: dummy | P2: charge R3 | "
    "P1: use | P1: recolour to blue | P2: buy B3 G3 to R5 | P2: item G3 | P1: buy B3 B3 to G5 | "
    "P1: pass | P2: use | P1: charge G3 | P2: dummy | P1: buy G5 to B5 | P1: pass | P2: buy G3 to R3 | "
    "P2: pass | P1: charge B1 | P2: charge R5 | P2: buy G3 G3 to R5 | P2: item G3 | P1: buy B1 to B1 | "
    "P1: item R3 | P1: pass | P1: charge G1 | P2: dummy | P2: use | P1: change B5 to G1+G3 | P1: pass | "
    "P2: buy B3 G3 to R5 | P2: item G3 | P1: pass | P1: charge B1 | P2: charge R5 | P2: use | "
    "P2: buy G3 R3 to R5 | P2: pass | P1: buy B3 R3 to G5 | P1: pass | P1: use | P1: charge B1 | "
    "P2: charge R5 | P1: change G5 to B3+R1 | P1: item B3 | P1: pass | P2: buy G3 G3 to R5 | P2: pass | "
    "P1: charge B3 | P2: charge R5 | P2: buy B3 to R3 | P2: item G3 | P1: buy G5 to R3 | P1: item B5 | "
    "P1: charge B3 | P2: dummy | P1: change G5 to B3+R1 | P1: pass | P2: buy G3 to R3 | P2: pass | "
    "P1: charge B3 | P2: charge R5 | P2: buy G3 to R3 | P2: pass | P1: buy R1 to R1"
)


def test_the_search_keeps_its_war_gods_sword() -> None:
    """Paying the G5 for a blind item would keep it out of a battle against Red, and exclude the
    Sword: the search did so (3 of these 4 searches) while a held item was worth nothing to it."""
    engine = Engine.new(get_game("lyabi"), 2, 10)
    for move in SWORD_GAME.split(" | "):
        seat, text = move.split(": ", 1)
        engine.apply(engine.parse(int(seat[1]) - 1, text))
    table = table_of(engine.state.cardset)  # type: ignore[arg-type]
    assert [table.of(c).code for c in engine.state.zones["item:0"].cards] == ["SWO"]
    view = engine.view(0)
    assert view.phase == "item"
    for seed in range(4):
        assert engine.describe(SearchBot(Rng(seed), budget=400).choose(view)) == "pass", seed

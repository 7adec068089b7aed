"""Lyabi's bots in the positions issue 28's play showed them getting wrong
(docs/playtests/strong-bot-2026-11-28.md): the heuristic removed its only circle of its deck's colour
to place a stronger circle (whose colour is blind)."""

from __future__ import annotations

from cardtable.games.lyabi.bot import LyabiBot
from cardtable.games.lyabi.cards import table_of
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

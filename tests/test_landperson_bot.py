"""The Land & Person heuristic bot's rules of thumb in the positions issue 28's play showed it getting
wrong (docs/playtests/strong-bot-2026-11-28.md): it never attacked an army that was all acted, spent
its attackers on hunting draws, let a land fall with a person at home to save it, and paid a Warlord
and a Lord to recruit a Knight. Each test puts the bot in one such position and reads what it does."""

from __future__ import annotations

from typing import Any

from cardtable.games.landperson.bot import LandPersonBot
from cardtable.rules.engine import Engine
from cardtable.rules.notation import physical_codes
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig
from tests.stacked import bot_plays, stacked_session

SEATS = [SeatConfig("Ann", human=True), SeatConfig("Bot", human=False)]


def _engine(deal: dict[str, list[str]], setup: dict[str, Any], mode: str = "shared") -> Engine:
    return stacked_session("landperson", SEATS, deal, setup, params={"mode": mode}).engine


def _bot_plays(engine: Engine, seat: int, until: str | None = None) -> list[str]:
    """The bot's moves while it is the seat deciding (up to and including a move of kind `until`)."""
    return bot_plays(engine, LandPersonBot(Rng(1)), seat, until)


# The person's army after its own turn: every one of them acted, so nothing can defend the Capital.
ALL_ACTED = {
    "field:0": ["P12", "P10", "P10", "P07", "P07"],
    "field:1": ["P12", "P10", "P05", "P05", "P04", "P04", "P02"],
    "lands": ["L8", "L3"],
    "hand:1": [],
    "deck": ["P01", "P01", "P02", "P02", "P01", "P01"],
}


def test_the_bot_attacks_a_land_no_one_can_defend() -> None:
    """The person's whole army is acted: the Capital's siege 7 is all the defence left, and the bot's
    General 4, Knight 3 and Ronin 2 beat it; it attacks (it used to keep them home against the
    person's next attack) and keeps its Militias and Hunter at home."""
    engine = _engine(
        ALL_ACTED, {"first": "P2", "phase": "battle", "acted": ["P12", "P10", "P10", "P07", "P07"]}
    )
    moves = _bot_plays(engine, 1, until="done")
    assert moves[0] == "attack"
    fight = engine.view(0).data["fight"]
    assert fight is not None and fight["attack"] > 7
    status = engine.view(0).data["status"]
    home = [c for c in engine.state.zones["field:1"].cards if status[str(c)] == "ready"]
    assert home  # someone is left to defend


def test_the_bot_does_not_spend_its_attackers_on_hunting() -> None:
    """The same position from the start of the bot's domestic phase: whatever it draws with, its
    attack still takes the Capital (it used to hunt with its General and Knight and not attack)."""
    engine = _engine(
        ALL_ACTED, {"first": "P2", "phase": "domestic", "acted": ["P12", "P10", "P10", "P07", "P07"]}
    )
    moves = _bot_plays(engine, 1, until="done")
    assert "attack" in moves
    fight = engine.view(0).data["fight"]
    assert fight is not None and fight["attack"] > 7


def test_the_bot_gives_up_a_farmer_rather_than_the_capital() -> None:
    """Attacked by 12 with the Capital (siege 7, ★4) and a Farmer and a Hunter at home, a siege falls
    whatever it adds; an intercept with the Farmer alone (the least worth) loses one person and keeps
    the land (it used to let the land go)."""
    engine = _engine(
        {
            "field:0": ["P12", "P12", "P10", "P07"],
            "field:1": ["P02", "P01"],
            "lands": ["L8", "L3"],
            "hand:0": [],
        },
        {"first": "P1", "phase": "battle"},
    )
    for text in ("attack", "add P12", "add P12", "add P10", "done"):
        engine.apply_text(0, text)
    assert engine.view(1).data["fight"]["attack"] == 11  # type: ignore[index]
    assert _bot_plays(engine, 1, until="done") == ["intercept", "add P01", "done"]
    codes = physical_codes(engine.state.cardset)  # type: ignore[arg-type]
    assert codes[engine.state.zones["lands"].cards[-1]] == "L8"


def test_the_bot_does_not_pay_a_warlord_and_a_lord_for_a_knight() -> None:
    """Holding a Knight (cost 2), a Warlord and a Lord, recruiting the Knight costs the other two: it
    waits (it used to pay them)."""
    engine = _engine(
        {"field:1": ["P01"], "hand:1": ["P10", "P14", "P15"], "field:0": [], "lands:1": ["L8"]},
        {"first": "P2", "phase": "domestic"},
        mode="deck",
    )
    moves = _bot_plays(engine, 1, until="battle")
    assert not any(move.startswith("recruit") for move in moves)
    assert len(engine.state.zones["hand:1"].cards) == 3


def test_the_bot_pays_a_recruitment_with_its_cheapest_cards() -> None:
    """With two Soldiers beside the Knight and the Warlord, the Soldiers pay for it."""
    engine = _engine(
        {"field:1": [], "hand:1": ["P10", "P14", "P07", "P07"], "field:0": [], "lands:1": ["L8"]},
        {"first": "P2", "phase": "domestic"},
        mode="deck",
    )
    moves = _bot_plays(engine, 1, until="battle")
    assert "recruit P10" in moves
    assert [m for m in moves if m.startswith("pay")] == ["pay P07", "pay P07"]

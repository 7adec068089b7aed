"""The Sainome heuristic bot's judgement of its character's awakening, in the positions issue 28's play
showed (docs/playtests/strong-bot-2026-11-28.md: the awakened Magician refilled and so turned back to
normal by its own Mana Depletion, losing Magic Boost). A Hand refill costs the awakening only until an
equipment change sets 2 magic cards again, so the bot weighs what it cannot win back against the cards
it draws, and counts the awakening a change brings. Each test puts the bot in one position and reads
what it does."""

from __future__ import annotations

from typing import Any

from cardtable.games.sainome.bot import SainomeBot
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig
from tests.stacked import bot_plays, stacked_session

SEATS = [SeatConfig("Bot", human=False), SeatConfig("Ann", human=True)]


def _engine(deal: dict[str, list[str]], setup: dict[str, Any], **params: Any) -> Engine:
    return stacked_session("sainome", SEATS, deal, setup, params=params).engine


def _bot_plays(engine: Engine, seat: int = 0, until: str | None = None) -> list[str]:
    """The bot's moves while it is the seat deciding (up to and including a move of kind `until`)."""
    return bot_plays(engine, SainomeBot(Rng(1)), seat, until)


def _awakened(engine: Engine, seat: int = 0) -> bool:
    return bool(engine.view(seat).data["characters"][seat]["awakened"])


def _pass_turn(engine: Engine, seat: int = 1) -> None:
    """The other seat does nothing on its turn: ends its action phase and its trash phase."""
    while not engine.is_over() and tuple(engine.deciding_seats()) == (seat,):
        engine.apply(next(a for a in engine.legal_actions(seat) if a.kind in ("end", "pass", "done")))


# The awakened Magician after its attack: Fireball and Thunder still set (both fit the normal side's
# faces too: Fireball 2 or 3, Thunder 4 or 5), three cards in hand that are not magic.
LOADED = {
    "slot:0:top": ["FB"],
    "slot:0:bottom": ["TH"],
    "hand:0": ["SS", "BA", "WS"],
    "hand:1": ["PO", "LS", "SP"],
}


def test_the_awakened_magician_refills_and_awakens_again_before_its_next_attack() -> None:
    """Mana Depletion turns the Magician back after the refill, when this turn's attack is done; the
    next turn's equipment change sets Fireball and Thunder again and awakens it, and only then does it
    attack (it used to keep 3 cards rather than refill, and a change that awakens counted for
    nothing)."""
    engine = _engine(
        LOADED, {"characters": {"P1": "MAG", "P2": "SWM"}, "awakened": ["P1"], "used": ["attack"]}
    )
    assert _bot_plays(engine, until="refill") == ["refill"]
    assert not _awakened(engine)  # Mana Depletion
    assert len(engine.view(0).hand()) == 5
    _bot_plays(engine)  # the trash phase
    _pass_turn(engine)
    moves = _bot_plays(engine, until="attack")
    assert moves[0] == "change"
    assert moves[-1] == "attack"
    assert _awakened(engine)  # awakened again before the attack rolled


def test_the_magician_awakens_by_a_change_of_what_its_first_setup_set() -> None:
    """Two magic cards set at the first setup do not awaken the Magician (only an equipment change
    does); the bot re-sets them by a change before it attacks, for Magic Boost (it used to attack at
    once: the same cards on the same slots looked no better)."""
    engine = _engine(
        {"slot:0:top": ["FB"], "slot:0:bottom": ["TH"], "hand:0": ["WS", "PL"], "hand:1": ["PO"]},
        {"characters": {"P1": "MAG", "P2": "SWM"}},
    )
    assert not _awakened(engine)
    moves = _bot_plays(engine, until="attack")
    assert moves[0] == "change" and moves[-1] == "attack"
    assert _awakened(engine)


def test_the_awakened_magician_keeps_magic_boost_it_could_not_win_back() -> None:
    """Thunder is its only magic card, so no change awakens it again; Thunder and the two Charges that
    would fire it lose 2 damage each on the normal side (6 in all), more than the 2 cards a refill
    brings: it ends its action phase. With no magic card at all the awakening is worth nothing, and
    it refills (it used to keep any awakening with 2 cards or more in hand)."""
    setup = {"characters": {"P1": "MAG", "P2": "SWM"}, "awakened": ["P1"], "used": ["attack"]}
    kept = _engine(
        {"slot:0:top": ["CH"], "slot:0:right": ["CH"], "slot:0:bottom": ["TH"], "hand:0": ["SS", "BA", "WS"]},
        setup,
    )
    assert _bot_plays(kept, until="end") == ["end"]
    assert _awakened(kept)
    spent = _engine({"slot:0:top": ["SS"], "slot:0:bottom": ["LS"], "hand:0": ["BA", "DG", "WS"]}, setup)
    assert _bot_plays(spent, until="refill") == ["refill"]


def test_the_awakened_magician_does_not_refill_away_the_equipment_the_flip_discards() -> None:
    """Under `flip_mismatch: discard`, turning back discards equipment whose links miss the normal
    side's face: the two Charges on the slots that show 2 and 4 awakened but 3 and 5 normal. With one
    card in hand the bot keeps them and the awakening (it used to refill with 0 or 1 card in hand)."""
    engine = _engine(
        {
            "slot:0:top": ["FB"],
            "slot:0:right": ["CH"],
            "slot:0:bottom": ["TH"],
            "slot:0:left": ["CH"],
            "hand:0": ["WS"],
        },
        {"characters": {"P1": "MAG", "P2": "SWM"}, "awakened": ["P1"], "used": ["attack"]},
        flip_mismatch="discard",
    )
    assert _bot_plays(engine, until="end") == ["end"]
    assert _awakened(engine)

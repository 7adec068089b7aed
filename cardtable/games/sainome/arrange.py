"""Sainome starting positions for scenario files (the `setup:` keys), applied after the stacked deal.

Without `characters` the scenario starts at the setup roll, as a game does. With it, setup is over:

  characters: {P1: SWM, P2: PRI}   who plays whom (the roll, the rights and the picks are skipped)
  first: P2                        the first player (default P1); the turn begins afresh with them
  start_at: turn                   turn (default), first_setup (the players set equipment first, the
                                   first player first) or draft (hp_draft only: the packets are dealt)
  awakened: [P2]                   these characters start on their awakened side
  phase: trash                     begin in the trash phase (default: the action phase)
  used: [attack]                   actions already taken this action phase (refill, change, use, attack)
  turn: 5                          the turn number (for max_turns)
  fill: true                       an HP deck, hand or draft packet the deal leaves empty is dealt
                                   hp_size or first_hand cards (false: it stays empty), taken from the
                                   cards the deal pushed out of listed zones, then from the bottom of the
                                   common deck, so a stacked `common:` stays on top
  set_aside: false                 cards the deal pushed out of listed zones (and not dealt by `fill`)
                                   go under the common deck (false), or stay out of the game in the
                                   `box` zone (true: `common: []` is then an empty common deck)

Equipment is dealt like any zone (`slot:0:top: [LS]`, links are not checked). A Time Bomb dealt into a
slot is attached there by the slot owner's opponent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.events import Event
from ...rules.game import ScenarioRefs
from ...rules.state import GameState, Pending
from .cards import AWAKENED, table_of
from .data import game_data
from .host import Host, slot_zone
from .params import SLOTS

if TYPE_CHECKING:
    from . import Sainome

KEYS = {"characters", "first", "start_at", "awakened", "phase", "used", "turn", "fill", "set_aside"}


def arrange(game: Sainome, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
    """Apply a scenario's `setup:` mapping to a freshly dealt (and stacked) Sainome state."""
    for key in setup:
        if key not in KEYS:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(KEYS))})")
    host = Host(state, [])
    host.sync_scores()
    set_aside = setup.get("set_aside", False)
    if not isinstance(set_aside, bool):
        raise refs.fail("setup.set_aside", "expected true or false")
    if "characters" not in setup:
        extra = sorted(set(setup) - {"fill", "set_aside"})
        if extra:
            raise refs.fail(
                f"setup.{extra[0]}",
                "give `characters` first: without it the scenario starts at the setup roll",
            )
        _unbox(host, set_aside)
        return
    events: list[Event] = []
    data = game_data(state)
    table = table_of(state.cardset)  # type: ignore[arg-type]
    chosen = setup["characters"]
    if not isinstance(chosen, dict) or len(chosen) != state.seats:
        raise refs.fail("setup.characters", "expected a character for each seat, such as {P1: SWM, P2: PRI}")
    taken: set[int] = set()
    for who, code in chosen.items():
        seat = refs.seat(who, "setup.characters")
        card = refs.cards([code], f"setup.characters.{who}", exclude=taken)[0]
        taken.add(card)
        if not table.card[card].character or card not in state.zones["characters"].cards:
            raise refs.fail(f"setup.characters.{who}", f"{code} is not a character left to choose")
        state.zones["characters"].cards.remove(card)
        state.zones[f"character:{seat}"].cards[:] = [card]
    first = refs.seat(setup["first"], "setup.first") if "first" in setup else 0
    data["first"] = first
    data["rights"] = {"character": first, "first": first}
    data["setup_rolls"] = []
    for seat in range(state.seats):  # a Time Bomb dealt into a slot belongs to the slot owner's opponent
        for slot in SLOTS:
            for card in state.zones[slot_zone(seat, slot)].cards:
                if table.card[card].bomb:
                    data["bombs"][str(card)] = {
                        "placer": 1 - seat,
                        "victim": seat,
                        "slot": slot,
                        "effects": list(table.card[card].explode),
                    }
    awakened = setup.get("awakened") or []
    if not isinstance(awakened, list):
        raise refs.fail("setup.awakened", "expected a list of seats, such as [P2]")
    for who in awakened:
        data["side"][refs.seat(who, "setup.awakened")] = AWAKENED
    fill = setup.get("fill", True)
    if not isinstance(fill, bool):
        raise refs.fail("setup.fill", "expected true or false")
    start_at = setup.get("start_at", "turn")
    if start_at not in ("turn", "first_setup", "draft"):
        raise refs.fail("setup.start_at", "expected turn, first_setup or draft")
    size, hand = int(state.params["hp_size"]), int(state.params["first_hand"])
    if start_at == "draft":
        if not state.params["hp_draft"]:
            raise refs.fail("setup.start_at", "start_at draft needs params: {hp_draft: true}")
        for seat in range(state.seats):
            if fill and not state.zones[f"draft:{seat}"].cards:
                _fill(host, f"draft:{seat}", size)
        _unbox(host, set_aside)
        state.phase = "draft"
        state.active = None
        state.pending = Pending("draft", tuple(range(state.seats)))
        host.sync_scores()
        return
    for seat in range(state.seats):
        if fill and not state.zones[f"hp:{seat}"].cards:
            _fill(host, f"hp:{seat}", size)
    for seat in range(state.seats):
        if fill and not state.zones[f"hand:{seat}"].cards:
            _fill(host, f"hand:{seat}", hand)
    _unbox(host, set_aside)
    host.sync_scores()
    if start_at == "first_setup":
        game._first_setup(state, events)
        return
    turn = setup.get("turn", 1)
    if not isinstance(turn, int) or turn < 1:
        raise refs.fail("setup.turn", "expected a whole number from 1")
    data["turn"] = turn - 1
    game._begin_turn(state, first, events)
    used = setup.get("used") or []
    if not isinstance(used, list) or any(u not in ("refill", "change", "use", "attack") for u in used):
        raise refs.fail("setup.used", "expected a list of refill, change, use, attack")
    data["used"] = list(used)
    phase = setup.get("phase", "action")
    if phase not in ("action", "trash"):
        raise refs.fail("setup.phase", "expected action or trash")
    if phase == "trash" or len(used) >= int(state.params["actions_per_turn"]):
        game._end_action_phase(state, events)


def _fill(host: Host, zone: str, count: int) -> None:
    """Deal an empty zone: first the cards the stacked deal set aside, then the bottom of the common
    deck, so a stacked `common:` (the next draws, written top first) stays on top."""
    box = host.zone("box")
    take = box[len(box) - min(count, len(box)) :]
    host.move(take, "box", zone, "deal")
    rest = count - len(take)
    common = host.zone("common")
    if len(common) < rest:
        raise ValueError(f"too few cards left to deal {count} to {zone}")
    host.move(common[:rest], "common", zone, "deal")


def _unbox(host: Host, keep: bool) -> None:
    """Cards the stacked deal set aside go under the common deck, unless the scenario keeps them out."""
    box = host.zone("box")
    if box and not keep:
        host.move(list(box), "box", "common", "deal", to_bottom=True)

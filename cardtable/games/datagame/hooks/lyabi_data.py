"""The Python hooks of Lyabi written as data (cards/games/lyabi.yaml, id `lyabi_data`): the three
things its vocabulary cannot say. Everything else (the pool, the rounds with an alternating priority
player, the draw with its reshuffle, acquiring lyabi and circles by paying cards, the simultaneous
hidden charge, the exclusions, HP and the two ways to lose) is the file's data. The card values are
the card set's (cards/lyabi.yaml); the Python Lyabi (cardtable/games/lyabi/) stays the reference.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from cardtable.rules.events import Announced, Event
from cardtable.rules.game import LEGAL
from cardtable.rules.narration import Text
from cardtable.rules.state import GameState

BEATS = {"blue": "red", "red": "green", "green": "blue"}  # blue beats red beats green beats blue


def initial_cards(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """Setup 6-7, once the blind pick (the file's `blind_pick:`) gave each player a Lv0 circle of
    another attribute (or the same, after the picks' cap): whose circle beats the other's is the
    round-1 priority player (the same attribute: the first seat); each takes the initial HAND and
    Deck printed on their circle (R3) from the pool."""
    attribute = game.values(state, "attribute")
    mine, theirs = (attribute[state.zones[f"circles:{who}"].cards[0]] for who in (0, 1))
    state.data["first"] = 1 if BEATS[theirs] == mine else 0
    state.data["hooked"] = {"battle": None}  # no battle yet
    state.scores = [int(h) for h in state.data["counters"]["hp"]]  # a seat's score is its HP
    assert state.cardset is not None
    physical = state.cardset.physical()
    for who in range(state.seats):
        circle = physical[state.zones[f"circles:{who}"].cards[0]]
        for zone in ("hand", "deck"):
            for code in circle.get(zone) or []:
                supply = state.zones[f"supply:{code}"].cards
                if supply:
                    events.append(state.move([supply[-1]], f"supply:{code}", f"{zone}:{who}", "initial"))


def battle(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """3_1 and 3_2 once both charges are face up (battle:N, empty for the Dummy): the attribute
    triangle decides (a lyabi against the Dummy wins unopposed, R5; the same attribute is a draw);
    the winner's damage, per own circle of the charge's attribute, ATK x the product of the charged
    lyabi's times, rounded down per circle (R11). The HP falls in `damage`, after the items' window."""
    attribute, times, atk = (game.values(state, f) for f in ("attribute", "times", "atk"))
    # Goddess's Brush: the attribute its holder chose for this battle's lyabi (spent here)
    chosen = state.data.get("values_chosen", {}).get("recolour") or [None] * state.seats
    colours: list[str] = []
    factor: list[Fraction] = []
    for who in range(state.seats):
        cards = state.zones[f"battle:{who}"].cards
        colours.append((str(chosen[who] or attribute[cards[0]])) if cards else "")
        chosen[who] = None
        product = Fraction(1)
        for card in cards:
            product *= Fraction(str(times[card]))
        factor.append(product)
    winner: int | None = None
    params = state.params
    if colours[0] and colours[1]:
        winner = 0 if BEATS[colours[0]] == colours[1] else 1 if BEATS[colours[1]] == colours[0] else None
        if winner is None and colours[0] == colours[1] and params["same_attribute"] == "times":
            winner = None if factor[0] == factor[1] else 0 if factor[0] > factor[1] else 1
    elif (colours[0] or colours[1]) and params["dummy_concedes"]:
        winner = 0 if colours[0] else 1
    damage = 0
    parts: list[list[Any]] = []  # per circle: the card, its ATK, the times, the damage it deals
    if winner is not None:
        total = Fraction(0)
        for circle in state.zones[f"circles:{winner}"].cards:
            if attribute[circle] == colours[winner]:
                raw = Fraction(str(atk[circle])) * factor[winner]
                times_text = (
                    str(factor[winner].numerator)
                    if factor[winner].denominator == 1
                    else format(float(factor[winner]), "g")
                )
                parts.append([circle, int(atk[circle]), times_text, floor(raw)])
                damage += floor(raw)
                total += raw
        if not params["round_per_circle"]:  # added first, then rounded
            damage = floor(total)
    record = {
        "winner": winner,
        "damage": damage,
        "dealt": 0,
        "attribute": colours,
        "parts": parts,
        "bonus": 0,
        "prevented": False,
        "stage": "resolved",  # the damage is dealt after the items' window ("done")
    }
    state.data.setdefault("hooked", {})["battle"] = record
    events.append(Announced("battle", winner, dict(record)))


def damage(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """The battle's damage dealt: its own, plus the items' bonus (War God's Sword, the `bonus`
    counter), none at all when the loser prevented it (Mirror of Wishes, `prevented`); the loser's
    HP falls by it, floored at 0 (R14). The counters are spent."""
    record = state.data["hooked"]["battle"]
    counters = state.data["counters"]
    bonus, prevented = int(counters["bonus"][0]), bool(counters["prevented"][0])
    counters["bonus"][0] = counters["prevented"][0] = 0
    winner = record["winner"]
    record.update(bonus=bonus, prevented=prevented, stage="done")
    if winner is None or prevented:
        return
    hp = counters["hp"]
    dealt = min(int(record["damage"]) + bonus, hp[1 - winner])
    hp[1 - winner] -= dealt
    record["dealt"] = dealt
    state.scores = [int(h) for h in hp]  # a seat's score is its HP
    events.append(Announced("damage", 1 - winner, {"dealt": dealt, "damage": record["damage"]}))


def no_battle(game: Any, state: GameState, seat: int | None, events: list[Event]) -> None:
    """A round without a battle (nobody holds a card) has no battle record: the last one is gone."""
    state.data.setdefault("hooked", {})["battle"] = None


def won_with_damage(game: Any, state: GameState, seat: int | None) -> str:
    """The War God's Sword's timing: you won the battle and deal 1 or more damage."""
    record = (state.data.get("hooked") or {}).get("battle") or {}
    return LEGAL if record.get("winner") == seat and record.get("damage", 0) >= 1 else "you deal no damage"


def lost_to_damage(game: Any, state: GameState, seat: int | None) -> str:
    """The Mirror of Wishes' timing: you lost the battle and take 1 or more damage."""
    record = (state.data.get("hooked") or {}).get("battle") or {}
    winner = record.get("winner")
    taken = winner is not None and winner != seat and record.get("damage", 0) >= 1
    return LEGAL if taken else "you take no damage"


def someone_holds_a_card(game: Any, state: GameState, seat: int | None) -> str:
    """Battle eligibility: the phase is played when any player holds a card (R10: one with an empty
    hand still places the Dummy), and skipped when nobody does."""
    if any(state.zones[f"hand:{who}"].cards for who in range(state.seats)):
        return LEGAL
    return "nobody holds a card"


def arrange(game: Any, state: GameState, setup: dict[str, Any], refs: Any) -> None:
    """The Python Lyabi's scenario `setup:` keys (cardtable/games/lyabi/arrange.py), for its scenarios
    played by this file (`cardtable scenario --game`): `circles: [CB0, CR0]` (each side's Lv0 circle,
    for a side the deal gave no other), `priority: P2`, `round: 3`, `hp: [15, 4]`, `at: main | battle
    | draw` (where the round begins)."""
    known = {"circles", "priority", "round", "at", "hp"}
    for key in setup:
        if key not in known:
            raise refs.fail(f"setup.{key}", f"unknown setup key (known: {', '.join(sorted(known))})")
    state.data.pop("picking", None)  # a stated position: the setup's blind pick is over
    state.data["hooked"] = {"battle": None}
    taken: set[int] = set()
    for who, code in enumerate(setup.get("circles", [])):
        if state.zones[f"circles:{who}"].cards:
            continue  # the deal placed this side's circles
        (card,) = refs.cards([code], f"setup.circles[{who}]", exclude=taken)
        taken.add(card)
        where = next(name for name, zone in state.zones.items() if card in zone.cards)
        state.move([card], where, f"circles:{who}", "setup")
    attribute = game.values(state, "attribute")
    colours = [attribute[state.zones[f"circles:{who}"].cards[0]] for who in (0, 1)]
    first = (
        refs.seat(setup["priority"], "setup.priority")
        if "priority" in setup
        else (1 if BEATS[colours[1]] == colours[0] else 0)
    )
    hp = setup.get("hp", state.data["counters"]["hp"])
    state.data["counters"]["hp"] = [int(h) for h in hp]
    state.scores = [int(h) for h in hp]
    state.data["round"] = int(setup.get("round", 1))
    state.data["first"] = first
    state.active = first
    at = setup.get("at", "main")
    if at not in ("main", "item", "battle", "draw"):
        raise refs.fail("setup.at", "expected main, item, battle or draw")
    events: list[Event] = []
    if at == "item":
        game._begin_turn(state, first, events)
        state.data["step"] = 1
        game._settle_step(state, events)
    elif at == "battle":
        game._end_turn_for_arrange(state, first, events)
    elif at == "draw":
        state.data["round"] -= 1
        mode = str(game.rounds.get("first", "fixed"))
        mode = str(state.params.get(mode, mode))  # a parameter may name it
        state.data["first"] = (first - 1) % state.seats if mode == "alternate" else first
        game._next_round(state, events)
    else:
        game._begin_turn(state, first, events)


ATTRIBUTE_WORDS = {
    "blue": ("▲ blue", "▲ 青"),
    "red": ("● red", "● 赤"),
    "green": ("■ green", "■ 緑"),
    "": ("the Dummy", "ダミー"),  # an empty battle zone: the Dummy was placed
}


def log(game: Any, event: Event) -> tuple[int | None, Text] | None:
    """The log's words for what `battle` and `damage` announce: the seat the line is about (None for
    the table) and the words in both languages."""
    if not isinstance(event, Announced):
        return None
    detail = event.detail
    if event.what == "battle":
        said = [ATTRIBUTE_WORDS.get(str(c), (str(c), str(c))) for c in detail["attribute"]]
        en, ja = [w[0] for w in said], [w[1] for w in said]
        if event.seat is None:
            return None, Text(
                en=f"The battle is a draw ({en[0]} and {en[1]})", ja=f"バトルは引き分け（{ja[0]}と{ja[1]}）"
            )
        won, lost, damage = event.seat, 1 - event.seat, detail["damage"]
        return won, Text(
            en=f"wins the battle ({en[won]} over {en[lost]}): {damage} damage",
            ja=f"バトル勝利（{ja[won]}が{ja[lost]}に勝つ）：ダメージ{damage}",
        )
    if event.what == "damage" and detail["dealt"] != detail["damage"]:  # else the battle's line said it
        return event.seat, Text(en=f"takes {detail['dealt']} damage", ja=f"{detail['dealt']}ダメージを受ける")
    return None


HOOKS = {
    "log": log,
    "initial_cards": initial_cards,
    "battle": battle,
    "damage": damage,
    "no_battle": no_battle,
    "won_with_damage": won_with_damage,
    "lost_to_damage": lost_to_damage,
    "someone_holds_a_card": someone_holds_a_card,
    "arrange": arrange,
}

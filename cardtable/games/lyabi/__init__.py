"""Lyabi (リャビ): a 2-player deck-building duel. Acquire lyabi of three attributes that beat one another
in a cycle (blue > red > green > blue), place magic circles, and charge them in simultaneous hidden
battles until the opponent's HP is 0 or their deck runs out.

Implements the rulebook in shared/seeds/002_02be4ef36e707ef2.txt with the gaps resolved as in
shared/rules/lyabi.md (R1-R14): card values in cards/lyabi.yaml (marked `provisional` per field), every
PROVISIONAL choice about how the rules run a parameter (params.py).

Setup: each player takes one Lv0 circle from the face-down pile without looking (a blind pick by place);
the same attribute twice puts both back to pick again; the player whose circle beats the other's is the
priority player of round 1. Deck and hand come from the circle's initial Deck and HAND. A round: draw 3
each (round 1 skips it, R4), the priority player's main and item phases, the other's, the battle, the
end phase (hands to the discard pile). Priority alternates each round (R9).

Move notation (lyabi codes B1 B3 B5 B11, G.., R..; circles CB0 CG5 CR11...; the Dummy DUM):
  pick to 3                 setup: take the circle at place 3 of the face-down Lv0 pile, unseen
  buy B3 B1 to G3           main, method (a): pay B3 and B1 from hand, take a G3 costing at most 4
  change B5 to R3+G1        main, method (b): pay B5, take up to 2 cheaper lyabi of different costs
                            (`change B5` takes none)
  circle B5 to 5            main: pay B5, place the top Lv5 circle (random attribute); with 2 circles
                            placed, name the one removed first: `circle B5 CB0 to 5`
  item B3                   item phase: pay at least 3, take the top item face down
  pass                      main or item phase: do nothing; an item's window: do not use it
  use                       an item's window: use the held item now
  charge R5 | charge R5 R5  battle: place 1 lyabi face down, or 2 of one attribute (Double Charge)
  dummy                     battle: place the Dummy face down
  gain to B3 | recolour to red   an item's choice (Mysterious Crystal, Goddess's Brush)

Events for the table: CardsMoved, Shuffled (decks, piles), Committed (a battle card placed), Revealed
(the battle cards; a peek, shown to one seat), RoundStarted, GameEnded, and Announced with `what`
among: redo (same attributes at setup), priority, phase, window, item (an item used), battle (the
result and damage worked out), damage, deckout.
"""

from __future__ import annotations

from typing import Any

from ...cardsets import load_for
from ...rules import blind
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.effects.timing import USE
from ...rules.events import Announced, Committed, Event, RoundStarted, Shuffled
from ...rules.game import CardProblem, Game, ScenarioRefs
from ...rules.invariants import data_problems
from ...rules.state import GameState, Pending
from ...rules.zones import Visibility
from .. import GameEntry, register
from . import cards as card_rules
from .battle import deal_damage, finish, resolve, reveal
from .cards import TIMINGS, table_of
from .data import Battle, LyabiData, game_data
from .effects import VOCAB
from .evaluate import evaluate as evaluate_position
from .host import CIRCLES, DECK, DISCARD, HAND, Host, supply
from .moves import BATTLE, DECISIONS, ITEM, MAIN, PICK, WINDOW, LyabiMoves
from .params import BEATS, CIRCLE_LEVELS, PARAMS
from .words import LyabiWords

_ITEM = ("item:0", "item:1")  # the seats' item areas, by seat (read at every timing)
_BATTLE = ("battle:0", "battle:1")  # the battle slots and the Dummy's areas, by seat (every battle)
_DUMMY = ("dummy:0", "dummy:1")
HAND_DRAW = 3  # ドローフェイズ: カードを3枚引いて手札にします
ROUND_DECISIONS = 40  # at most this many decisions in a round (mains, items, windows, effects, commits)


class Lyabi(LyabiMoves, LyabiWords, Game):
    """The rules of Lyabi, 2 players."""

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's standing for a search bot (evaluate.py)."""
        return evaluate_position(state)

    id = "lyabi"
    title = "Lyabi"
    title_ja = "リャビ"
    description = "Build a deck of lyabi, charge your magic circles, and read the rival's attributes."
    min_seats = 2
    max_seats = 2
    params = PARAMS
    cardset_name = "lyabi"
    # public_data builds every list and dict anew (the engine keeps it uncopied across a move;
    # tests/test_views.py holds the game to it once the engine reads this)
    public_data_shares_nothing = True
    reserve_zone = "box"  # a scenario's stacked deal sets displaced cards aside
    # the balance report (cardtable/lab/record.py): buy, change and an item's gain name the lyabi they
    # take in their target (card_choice below); a charge plays lyabi; the round cap is ours
    play_kinds = frozenset({"charge"})
    cap_endings = frozenset({"rounds"})

    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        return card_rules.check(cardset)

    def turn_number(self, state: GameState) -> int | None:
        return int(state.data["round"])  # both players act in every round

    def card_choice(self, state: GameState, action: Action) -> tuple[str, tuple[str, ...]] | None:
        if action.kind in ("buy", "gain") and action.target:
            return "picked", (action.target,)
        if action.kind == "change" and action.target:
            return "picked", tuple(action.target.split("+"))
        return super().card_choice(state, action)

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return 2 * int(params["max_setup_picks"]) + int(params["max_rounds"]) * ROUND_DECISIONS + 1

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        return (0, int(state.params["start_hp"]))

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return _public(state, seat)

    def known_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """All of the data to a seat (what the opponent looked at is its own hand); a spectator does
        not know what either looked at (Mystic Eye), and a re-deal from its view forgets it."""
        if seat is not None or not state.data["seen"]:
            return state.data
        return {**state.data, "seen": {}}

    def check(self, state: GameState) -> list[str]:
        return _check(state)

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        from .arrange import arrange  # scenario files only

        arrange(self, state, setup, refs)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        table = table_of(state.cardset)
        for seat in range(2):
            for name, vis in (
                ("deck", Visibility.HIDDEN),
                ("hand", Visibility.OWNER),
                ("discard", Visibility.PUBLIC),
                ("circles", Visibility.PUBLIC),
                ("item", Visibility.OWNER),
                ("dummy", Visibility.PUBLIC),
                ("battle", Visibility.PUBLIC),
            ):
                state.add_zone(f"{name}:{seat}", vis, seat)
        for code in table.lyabi_codes:
            state.add_zone(supply(code), Visibility.PUBLIC)
        for level in CIRCLE_LEVELS:
            state.add_zone(f"circles_pool:{level}", Visibility.HIDDEN)
        for name in ("items_pool",):
            state.add_zone(name, Visibility.HIDDEN)
        for name in ("out_lyabi", "out_circles", "out_items", "box"):
            state.add_zone(name, Visibility.PUBLIC)
        events: list[Event] = []
        dummies = 0
        for card, rules in enumerate(table.card):
            if rules.kind == "lyabi":
                state.zones[supply(rules.code)].cards.append(card)
            elif rules.kind == "circle":
                state.zones[f"circles_pool:{rules.level}"].cards.append(card)
            elif rules.kind == "item":
                state.zones["items_pool"].cards.append(card)
            else:
                state.zones[f"dummy:{dummies}"].cards.append(card)
                dummies += 1
        for name in [f"circles_pool:{level}" for level in CIRCLE_LEVELS] + ["items_pool"]:
            state.rng.shuffle(state.zones[name].cards)
            events.append(Shuffled(name, len(state.zones[name].cards)))
        start = int(state.params["start_hp"])
        state.data.update(
            {
                "hp": [start, start],
                "round": 0,
                "priority": 0,
                "todo": [],
                "windows": [],
                "frames": [],
                "setup_tries": 0,
                "battle": None,
                "acquired": [{}, {}],
                "spent": [{}, {}],
                "seen": {},
                "end_reason": "",
            }
        )
        state.scores = [start, start]  # a seat's score is its HP
        state.phase = PICK
        state.active = 0
        return events

    def _picked(self, state: GameState, events: list[Event]) -> None:
        """Both circles are down: the same attribute picks again; else the advantaged one starts and
        both prepare deck and hand from their circle."""
        data = game_data(state)
        host = Host(state, events)
        data["setup_tries"] += 1
        circles = [host.zone(f"circles:{seat}")[0] for seat in range(2)]
        colours = [host.table.of(c).attribute for c in circles]
        if colours[0] == colours[1] and data["setup_tries"] < int(state.params["max_setup_picks"]):
            events.append(Announced("redo", None, {"attribute": colours[0]}))
            for seat in range(2):
                host.move([circles[seat]], f"circles:{seat}", "circles_pool:0", "redo")
            state.rng.shuffle(host.zone("circles_pool:0"))
            events.append(Shuffled("circles_pool:0", len(host.zone("circles_pool:0"))))
            state.active = 0
            return
        data["priority"] = 1 if BEATS[colours[1]] == colours[0] else 0
        events.append(Announced("priority", data["priority"], {"attributes": colours}))
        for seat in range(2):
            rules = host.table.of(circles[seat])
            # Taken from the pool; a pile emptied (two circles of one attribute after the cap of
            # redos, or an edited set) gives what it has (R12).
            for zone, codes in ((f"hand:{seat}", rules.hand), (f"deck:{seat}", rules.deck)):
                for code in codes:
                    host.move(host.zone(supply(code))[-1:], supply(code), zone, "initial")
            state.rng.shuffle(host.zone(f"deck:{seat}"))
            events.append(Shuffled(f"deck:{seat}", len(host.zone(f"deck:{seat}"))))
        state.active = None
        self._new_round(state, events)
        self._advance(state, events)

    # -- the round ---------------------------------------------------------------------------
    def _new_round(self, state: GameState, events: list[Event]) -> None:
        data = game_data(state)
        if data["round"] >= int(state.params["max_rounds"]):
            hp = data["hp"]
            winners = () if hp[0] == hp[1] else ((0,) if hp[0] > hp[1] else (1,))
            finish(state, winners, "rounds", events)
            return
        if data["round"] and state.params["priority"] == "alternate":
            data["priority"] = 1 - data["priority"]
        data["round"] += 1
        p, o = data["priority"], 1 - data["priority"]
        data["todo"] = [
            "draw",
            f"main:{p}",
            f"item:{p}",
            f"item_end:{p}",
            f"main:{o}",
            f"item:{o}",
            f"item_end:{o}",
        ]
        data["todo"] += ["battle", "end"]
        events.append(RoundStarted(data["round"]))

    def _order(self, state: GameState) -> list[int]:
        p = game_data(state)["priority"]
        return [p, 1 - p]

    def _open(self, state: GameState, timing: str, seats: tuple[int, ...] = (0, 1)) -> None:
        """The windows of `timing`: each held item of that timing, holders in priority order."""
        zones = state.zones
        timed: list[tuple[int, int, str]] = []
        for seat in seats:  # holders in seat order, each one's items in zone order
            cards = zones[_ITEM[seat]].cards
            if cards:
                table = table_of(state.cardset)  # type: ignore[arg-type]
                timed += [(seat, card, on) for card in cards if (on := table.of(card).on) == timing]
        # No item of this timing held (most of a round's timings): no window, and no priority order
        # to work out, once the timing is one TIMINGS names (an unknown one is refused by windows()).
        if not timed and timing in TIMINGS.names:
            game_data(state)["windows"] = []
            return
        game_data(state)["windows"] = TIMINGS.windows(  # type: ignore[typeddict-item]
            timing, timed, self._order(state) if timed else ()
        )

    def _still_open(self, state: GameState, timing: str) -> bool:
        """A window of win or lose is asked only while there is damage to add to or prevent."""
        battle = game_data(state)["battle"]
        if timing in ("win", "lose"):
            return battle is not None and battle["damage"] > 0 and not battle["prevented"]
        return True

    def _advance(self, state: GameState, events: list[Event], host: Host | None = None) -> None:
        """Run the round until someone must decide: item effects, item windows, then the steps
        (`host`: the one `apply` made for `events`, so each move builds one)."""
        data = game_data(state)
        if host is None:
            host = Host(state, events)
        while not state.over:
            if data["frames"]:
                prompt = host.resolver().run()
                if prompt is not None:
                    state.active = None
                    DECISIONS.ask(state, host.resolver(), prompt)
                    return
                continue
            state.pending = None
            if data["windows"]:
                window = data["windows"][0]
                if window["card"] not in host.zone(f"item:{window['seat']}") or not self._still_open(
                    state, window["timing"]
                ):
                    data["windows"].pop(0)
                    continue
                state.active = None
                state.pending = Pending(WINDOW, (window["seat"],), data={"timing": window["timing"]})
                return
            if not data["todo"]:
                self._new_round(state, events)
                continue
            if self._step(state, data["todo"].pop(0), events, host):
                return

    def _step(self, state: GameState, step: str, events: list[Event], host: Host) -> bool:
        """Carry out one step of the round; True when it waits for a decision (`host` acts for `events`)."""
        data = game_data(state)
        name, _, who = step.partition(":")
        if name == "draw":
            if data["round"] == 1 and not state.params["draw_in_round_one"]:
                return False
            need = HAND_DRAW if state.params["deck_out"] == "short" else 1
            out = [s for s in range(2) if len(host.zone(DECK[s])) + len(host.zone(DISCARD[s])) < need]
            if out:
                events.append(Announced("deckout", None, {"seats": out}))
                finish(state, () if len(out) == 2 else (1 - out[0],), "deck", events)
                return True
            for seat in self._order(state):
                host.draw(seat, HAND_DRAW)
            self._open(state, "draw")
            return False
        if name in ("main", "item"):
            state.phase = MAIN if name == "main" else ITEM
            state.active = int(who)
            events.append(Announced("phase", int(who), {"phase": state.phase}))
            return True
        if name == "item_end":
            self._open(state, "item_end", (int(who),))
            return False
        if name == "battle":
            state.active = None
            data["battle"] = None
            if not any(self.hand_lyabi_or_any(state, s) for s in range(2)):
                events.append(Announced("phase", None, {"phase": "no_battle"}))
                return False
            events.append(Announced("phase", None, {"phase": BATTLE}))
            data["battle"] = Battle(
                cards=[[], []],
                attribute=["", ""],
                winner=None,
                parts=[],
                damage=0,
                bonus=0,
                prevented=False,
                dealt=0,
                stage="commit",
            )
            data["todo"][0:0] = ["take_dummy", "commit", "resolve", "damage", "battle_end"]
            self._open(state, "battle_start")
            return False
        if name == "take_dummy":
            for seat in range(2):  # 1_1: the Dummy/QR card into the hand
                host.move(list(host.zone(_DUMMY[seat])), _DUMMY[seat], HAND[seat], "dummy")
            self._open(state, "prepare")
            return False
        if name == "commit":
            state.phase = BATTLE
            state.pending = Pending(BATTLE, (0, 1))
            return True
        if name == "resolve":
            resolve(state, events)
            self._open(state, "win")
            if not state.zones[_ITEM[0]].cards and not state.zones[_ITEM[1]].cards:
                return False  # no item held: no window of win or lose to add or order
            data["windows"] += TIMINGS.windows(  # type: ignore[arg-type]
                "lose",
                [(s, c, host.table.of(c).on) for s in range(2) for c in host.zone(f"item:{s}")],
                self._order(state),
            )
            battle = data["battle"]
            assert battle is not None
            winner = battle["winner"]
            data["windows"] = [  # win is the winner's timing, lose the loser's
                w
                for w in data["windows"]
                if (w["timing"] == "win") == (w["seat"] == winner) and winner is not None
            ]
            data["windows"].sort(key=lambda w: self._order(state).index(w["seat"]))
            return False
        if name == "damage":
            if deal_damage(state, events):
                loser = [s for s in range(2) if game_data(state)["hp"][s] == 0][0]
                finish(state, (1 - loser,), "hp", events)
            return state.over
        if name == "battle_end":
            for seat in range(2):  # 4_1 battle lyabi out of the game, 4_2 the Dummy back
                table = host.table
                lyabi = [c for c in host.zone(_BATTLE[seat]) if table.of(c).kind == "lyabi"]
                host.move(lyabi, _BATTLE[seat], "out_lyabi", "exclude")
                for zone in (_BATTLE[seat], HAND[seat]):
                    dummy = [c for c in host.zone(zone) if table.of(c).kind == "dummy"]
                    host.move(dummy, zone, _DUMMY[seat], "dummy")
            data["seen"] = {}
            if data["battle"] is not None:
                data["battle"]["stage"] = "done"
            return False
        if name == "end":
            for seat in range(2):
                host.move(list(host.zone(HAND[seat])), HAND[seat], DISCARD[seat], "end")
            return False
        raise AssertionError(step)

    def hand_lyabi_or_any(self, state: GameState, seat: int) -> bool:
        """Battle eligibility: 1 or more cards in hand and a circle placed."""
        return bool(state.zones[HAND[seat]].cards) and bool(state.zones[CIRCLES[seat]].cards)

    # -- applying ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events: list[Event] = []
        kind, seat = action.kind, action.seat
        data = game_data(state)
        host = Host(state, events)
        pending = state.pending
        if pending is not None and pending.kind == BATTLE:
            pending.commits[seat] = action
            pending.seats = tuple(s for s in pending.seats if s != seat)
            events.append(Committed(seat, action))
            if pending.seats:
                return events
            state.pending = None
            reveal(state, dict(pending.commits), events)
            self._open(state, "reveal")
        elif pending is not None and pending.kind == WINDOW:
            window = data["windows"].pop(0)
            if kind == USE:
                card = window["card"]
                host.move([card], f"item:{seat}", "out_items", "use")
                events.append(Announced("item", seat, {"card": card, "timing": window["timing"]}))
                host.resolver().push(host.table.of(card).effects, seat, card, host.table.of(card).code)
            state.pending = None
        elif pending is not None:
            prompt = DECISIONS.answer(state, host.resolver(), action)
            if prompt is not None:
                DECISIONS.ask(state, host.resolver(), prompt)
                return events
            state.pending = None
        elif kind == "pick":
            card = blind.card_at(host.zone("circles_pool:0"), action.target)
            host.move([card], "circles_pool:0", f"circles:{seat}", "pick")
            if seat == 0:
                state.active = 1
                return events
            self._picked(state, events)
            return events
        elif kind == "buy":
            host.pay(seat, action.cards, "pay")
            host.take(seat, action.target, "buy")
        elif kind == "change":
            host.pay(seat, action.cards, "pay")
            for code in filter(None, action.target.split("+")):
                host.take(seat, code, "change")
        elif kind == "circle":
            mine = host.zone(f"circles:{seat}")
            dropped = [c for c in action.cards if c in mine]
            host.move(dropped, f"circles:{seat}", "out_circles", "exclude")
            host.pay(seat, [c for c in action.cards if c not in dropped], "pay")
            pile = host.zone(f"circles_pool:{action.target}")
            host.move([pile[-1]], f"circles_pool:{action.target}", f"circles:{seat}", "circle")
        elif kind == "item":
            host.pay(seat, action.cards, "pay")
            host.move(list(host.zone(f"item:{seat}")), f"item:{seat}", "out_items", "exclude")
            card = host.zone("items_pool")[-1]
            host.move([card], "items_pool", f"item:{seat}", "item")
            rules = host.table.of(card)
            if TIMINGS.is_auto(rules.on):  # 取得時自動発動: it acts now, then leaves the game
                host.move([card], f"item:{seat}", "out_items", "use")
                events.append(Announced("item", seat, {"card": card, "timing": rules.on}))
                host.resolver().push(rules.effects, seat, card, rules.code)
        if state.pending is None:
            state.active = None
        self._advance(state, events, host)
        return events


def _public(state: GameState, seat: int | None) -> dict[str, Any]:
    """What every seat may know beyond the zones, and what `seat` looked at (Mystic Eye). `placed`:
    how many cards each seat has laid face down for the battle (0 before it commits). The cards stay
    in the hand until the reveal, but at a table everyone sees whether one card or two lie there."""
    data = game_data(state)
    seen = data["seen"].get(str(seat), []) if seat is not None else []
    pending = state.pending
    placed = [0, 0]
    if pending is not None and pending.kind == BATTLE:
        for who, action in pending.commits.items():
            placed[who] = len(action.cards) or 1  # the Dummy is one card
    return {
        "placed": placed,
        "hp": list(data["hp"]),
        "round": data["round"],
        "priority": data["priority"],
        "battle": _battle_copy(data["battle"]),
        "acquired": [dict(counts) for counts in data["acquired"]],
        "spent": [dict(counts) for counts in data["spent"]],
        "seen": list(seen),
        "timing": pending.data.get("timing", "") if pending is not None and pending.kind == WINDOW else "",
        "end_reason": data["end_reason"],
    }


def _battle_copy(battle: Battle | None) -> dict[str, Any] | None:
    """The battle as public_data shows it: its lists copied, so nothing shown is the state's own."""
    if battle is None:
        return None
    return {
        **battle,
        "cards": [list(cards) for cards in battle["cards"]],
        "attribute": list(battle["attribute"]),
        "parts": [list(part) for part in battle["parts"]],
    }


def _check(state: GameState) -> list[str]:
    """Lyabi's own invariants: the data's shape, HP in bounds, at most the circle limit placed, one
    item held, a Dummy per seat in its area, hand or battle slot."""
    problems = data_problems(state.data, LyabiData)
    data = game_data(state)
    if problems:
        return problems
    if state.scores != data["hp"]:
        problems.append(f"the scores {state.scores} are not the HP {data['hp']}")
    for seat in range(2):
        if not 0 <= data["hp"][seat] <= int(state.params["start_hp"]):
            problems.append(f"seat {seat} HP {data['hp'][seat]} out of bounds")
        if len(state.zones[f"circles:{seat}"].cards) > int(state.params["max_circles"]):
            problems.append(f"seat {seat} has more circles than allowed")
        if len(state.zones[f"item:{seat}"].cards) > 1:
            problems.append(f"seat {seat} holds more than one item")
    assert state.cardset is not None
    table = table_of(state.cardset)
    for zone in ("out_lyabi", "discard:0", "discard:1"):
        if any(table.of(c).kind not in ("lyabi",) for c in state.zones[zone].cards):
            problems.append(f"{zone} holds a card that is not a lyabi")
    return problems


register(
    GameEntry(
        rules=Lyabi(),
        bots={"heuristic": "cardtable.games.lyabi.bot:LyabiBot"},
        table="cardtable.ui.scenes.lyabi_table:LyabiTable",
        vocabularies={"lyabi": VOCAB},
        card_fields={"lyabi": ("kind", "level", "times", "hand", "deck", "on")},
        variants=(
            {},
            {
                "priority": "fixed",
                "dummy_concedes": False,
                "same_attribute": "times",
                "round_per_circle": False,
            },
        ),
        # what a group chooses before a game: the starting HP and every PROVISIONAL house rule; the caps
        # of ours that only make sure a game ends (max_setup_picks, max_rounds) stay on the CLI
        setup_options=(
            "start_hp",
            "draw_in_round_one",
            "dummy_concedes",
            "same_attribute",
            "priority",
            "round_per_circle",
            "change_may_take_none",
            "deck_out",
        ),
        menu_order=40,
    )
)

"""Sainome (サイノメ, "Dice Pips"): a 2-player duel of dice and cards. Equip cards around your character
on link symbols that match die faces, roll to fire the card on the rolled face, and be the first to
empty the opponent's HP deck.

Implements the rulebook in shared/seeds/004_6cb155c5d6e03285.txt with the gaps resolved as in
shared/rules/sainome.md. The rulebook lists no cards and no characters: the 4 characters and 50
Sainome cards are the spec's PROVISIONAL R3/R4, written in cards/sainome.yaml (marked `provisional`
there) with their effects in the duel vocabulary of cardtable/rules/effects.py; every PROVISIONAL
choice about how the rules run is a parameter (params.py).

Setup: each player rolls a die (ties roll again); the higher roll takes the character-choice right or
the first-player right, the other player gets the other one; the character-choice holder picks a
character, then the other. Each player gets an HP deck of hp_size cards (or drafts it: hp_draft) and
5 cards in hand, then sets equipment (first setup: both unseen by the other, shown together; or one
after the other in the open, by setup_equip_order). The rest is the
common deck. A turn is an action phase (any 2 different actions of: Hand refill, Equipment change,
Use a hand-activated card, Attack) and a trash phase (discard down to 5, any number more). An attack
rolls one die: every card in a slot showing the face resolves, one at a time; a 6 lets you use one
card with the 6 icon from hand or equipment (or pass); an empty face misses. Each damage event opens
a counter window for the defender (one counter card from the hand, or pass). Damage is drawn from your
HP deck into your hand; the first player whose HP deck is empty loses.

Move notation (cards by their card-set code: SWM MAG SIS PRI characters, LS FB WS QC... Sainome cards;
slots top, right, bottom, left):
  roll                      setup: roll your die for the rights
  take character|first      setup: the roll's winner takes the character-choice or the first-player right
  pick SWM                  setup: choose your character
  draft LS                  HP-deck draft: take LS from your packet (hidden until both have picked)
  equip LS top              set LS from your hand in your top slot (first setup, equipment change,
                            Quick Change, Reset); done = stop setting equipment
  refill | change | attack  the action phase's actions: Hand refill, Equipment change, Attack
  use QC                    the action "use a hand-activated card"
  end                       action phase: go to the trash phase; trash phase: end your turn
  trash LS                  trash phase: discard a card from your hand
Decisions while effects resolve (the pending decision names its kind):
  fire LS top | fire DG hand | pass   which triggered card resolves next; on a 6, the card with the 6
                            icon to use (from hand or a slot), or pass
  counter WS | pass         the defender's counter window, asked on every damage event
  target LS top             Charge: the equipped card to fire with +4
  catalyst PO | pass        the item to discard as a magic's catalyst (pass: let it fizzle, if allowed)
  heal LS | done            a hand card to the bottom of your HP deck
  bomb left                 Time Bomb: the opponent's empty slot to attach it to
  choose attack|refill      Either-Or
  attack | pass             Quick Change: attack now, or not
  discard LS top | done     Substitution: the equipped card to discard
Copies of a card share its code; a move names the lowest-numbered copy it can use (or the card in the
named slot), so every move text parses back to the same move. The place may be left out when only one
fits (`fire LS`, `discard LS`); when several do, the text is an ambiguous move naming them.

Events for the table: DiceRolled (why: setup or attack; the rules fixed the result, rules/dice.py),
CardsMoved, Shuffled (the common deck rebuilt), Committed (a hidden draft pick), TurnStarted, GameEnded,
and Announced with `what` among: phase, action, rights, roll_winner, tie, fire (a card resolves),
explode (a Time Bomb goes off), miss, established (damage before the counter window), counter,
damage (final, with the HP cards drawn), heal, steal, fizzle, bomb, bomb_removed, equipped, awaken,
revert, skill (a character's skill at its occasion).
"""

from __future__ import annotations

from typing import Any

from ...cardsets import load_for
from ...rules import dice
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.effects import EffectDecisions, Prompt
from ...rules.events import Announced, Committed, Event, Revealed, Shuffled, TurnStarted
from ...rules.game import CardProblem, Game, ParamError, ScenarioRefs
from ...rules.invariants import data_problems
from ...rules.state import GameState, Pending
from ...rules.zones import Visibility
from .. import GameEntry, register
from . import cards as card_rules
from .data import SainomeData, game_data
from .evaluate import evaluate as evaluate_position
from .host import OVER, Host, slot_zone
from .moves import SainomeMoves
from .params import PARAMS, SLOTS
from .words import SainomeWords

ROLL, RIGHT, CHARACTER, DRAFT, FIRST_SETUP, ACTION, TRASH = (
    "roll",
    "right",
    "character",
    "draft",
    "first_setup",
    "action",
    "trash",
)
PHASE_ACTIONS = ("refill", "change", "use", "attack")  # the four actions of the action phase
DECLINE = {"counter": "pass", "fire": "pass", "catalyst": "pass", "attack": "pass"}  # else "done"
EQUIP_CHANGE = [{"op": "unequip", "to": "hand"}, {"op": "equip"}]
ATTACK = [{"op": "attack", "optional": False, "sides": 6}]


class Sainome(SainomeMoves, SainomeWords, Game):
    """The rules of Sainome, 2 players."""

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's standing for a search bot (evaluate.py)."""
        return evaluate_position(state)

    id = "sainome"
    title = "Sainome"
    title_ja = "サイノメ"
    description = (
        "Equip cards on your character's die faces, roll to fire them, and empty the rival's HP deck."
    )
    min_seats = 2
    max_seats = 2
    params = PARAMS
    cardset_name = "sainome"
    # public_data builds every list and dict anew (the engine keeps it uncopied across a move;
    # tests/test_views.py holds the game to it once the engine reads this)
    public_data_shares_nothing = True
    reserve_zone = "box"  # a scenario's stacked deal sets displaced cards aside (arrange.py puts them back)
    # the balance report (cardtable/lab/record.py): a character pick and an HP-deck draft take a card;
    # equipping, using and countering play one; the turn cap (max_turns) is ours
    pick_kinds = frozenset({"pick", "draft"})
    play_kinds = frozenset({"equip", "use", "counter"})
    cap_endings = frozenset({"turns"})

    # -- card set and bounds -----------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        return card_rules.check(cardset, params)

    def turn_number(self, state: GameState) -> int | None:
        return int(state.data["turn"])

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        # Setup: the rolls (ties capped), the right, two picks, the draft, two first setups. A turn: its
        # actions and `end`, each action with the most decisions it can bring (an equipment change, a
        # hand-activated card with the attacks in it, an attack with every card it fires and every
        # damage event's counter window), the damage events counter cards start (capped a turn), the
        # skills at the occasions, and a trash phase of at most every card. A game is at most
        # max_turns turns.
        table = card_rules.table_of(self.load_cardset(params))
        slots = len(SLOTS)
        attack = card_rules.attack_bound(table)
        hand_card = table.hand_bound_without_attack + table.attacks_in_hand_card * attack
        per_action = max(slots + 1, hand_card, attack)
        apt = int(params["actions_per_turn"])
        cards = len(table.card)
        # Counter cards that strike back start new damage events: at most max_strike_backs a turn.
        strikes = int(params["max_strike_backs"]) * table.strike_events * table.damage_event_bound
        turn = (apt + 1) + apt * per_action + 2 * table.trigger_bound + cards + 1 + strikes
        setup = (
            2 * int(params["max_setup_rolls"])
            + 1
            + 2
            + 2 * int(params["hp_size"])
            + 2 * (slots + 1 + table.trigger_bound)
        )
        return setup + int(params["max_turns"]) * turn + 1

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        return (0, len(card_rules.table_of(state.cardset).sainome))  # type: ignore[arg-type]

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        table = card_rules.table_of(state.cardset)
        params = state.params
        needed = 2 * (int(params["hp_size"]) + int(params["first_hand"]))
        if needed > len(table.sainome):
            raise ParamError(
                f"hp_size {params['hp_size']} and first_hand {params['first_hand']} need "
                f"{needed} cards for two players; the set has {len(table.sainome)}"
            )
        hp_vis = Visibility.OWNER if params["hp_draft"] else Visibility.HIDDEN
        state.add_zone("characters", Visibility.PUBLIC)
        for seat in range(state.seats):
            state.add_zone(f"character:{seat}", Visibility.PUBLIC, seat)
            for slot in SLOTS:
                state.add_zone(slot_zone(seat, slot), Visibility.PUBLIC, seat)
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
            state.add_zone(f"hp:{seat}", hp_vis, seat)
            state.add_zone(f"draft:{seat}", Visibility.OWNER, seat)
        for name, vis in (
            ("passing", Visibility.HIDDEN),
            ("common", Visibility.HIDDEN),
            ("discard", Visibility.PUBLIC),
            ("resolving", Visibility.PUBLIC),
            ("box", Visibility.PUBLIC),
        ):
            state.add_zone(name, vis)
        state.zones["characters"].cards.extend(reversed(table.characters))  # the first listed on top
        common = state.zones["common"].cards
        common.extend(table.sainome)
        state.rng.shuffle(common)
        state.data.update(
            {
                "side": ["normal"] * state.seats,
                "bombs": {},
                "frames": [],
                "used": [],
                "turn": 0,
                "round": 0,
                "strikes": 0,
                "first": None,
                "setup_rolls": [[]],
                "roll_winner": None,
                "rights": {},
                "last_roll": None,
                "event": None,
                "setup_queue": [],
                "draft_round": 0,
                "rebuilds": 0,
                "end_reason": "",
            }
        )
        state.phase = ROLL
        state.active = 0
        return [Shuffled("common", len(common)), Announced("phase", 0, {"phase": ROLL})]

    def _deal(self, state: GameState, events: list[Event]) -> None:
        """HP decks (or the draft packets) from the top of the common deck, P1's first."""
        host = Host(state, events)
        size = int(state.params["hp_size"])
        where = "draft" if state.params["hp_draft"] else "hp"
        for seat in range(state.seats):
            common = host.zone("common")
            host.move(common[len(common) - size :], "common", f"{where}:{seat}", "deal")
        if state.params["hp_draft"]:
            state.phase = DRAFT
            state.active = None
            state.pending = Pending("draft", tuple(range(state.seats)))
            events.append(Announced("phase", None, {"phase": DRAFT}))
            return
        self._deal_hands(state, events)

    def _deal_hands(self, state: GameState, events: list[Event]) -> None:
        """The first setup: 5 cards to each hand, then each player sets equipment."""
        host = Host(state, events)
        for seat in range(state.seats):
            host.draw(seat, int(state.params["first_hand"]))
        self._first_setup(state, events)

    def _first_setup(self, state: GameState, events: list[Event]) -> None:
        first = int(state.data["first"])
        order = [first, 1 - first]
        if state.params["setup_equip_order"] == "second":
            order.reverse()
        state.data["setup_queue"] = order
        state.phase = FIRST_SETUP
        if state.params["setup_equip_order"] == "together":
            # Both set equipment "at once": each one's slots are its own until both are done, so the
            # second to set it cannot see the first's (the table hands over between them).
            for seat in range(state.seats):
                for slot in SLOTS:
                    state.zones[slot_zone(seat, slot)].visibility = Visibility.OWNER
        events.append(Announced("phase", None, {"phase": FIRST_SETUP}))
        self._proceed(state, events)

    def _reveal_first_setup(self, state: GameState, events: list[Event]) -> None:
        """Together: both layouts are turned face up at once, then each character's awakening is
        checked (the first player's first), as after any setting of equipment."""
        host = Host(state, events)
        first = int(state.data["first"])
        for seat in (first, 1 - first):
            for slot in SLOTS:
                zone = state.zones[slot_zone(seat, slot)]
                zone.visibility = Visibility.PUBLIC
                if zone.cards:
                    events.append(Revealed(seat, tuple(zone.cards), zone.name, "first setup"))
        for seat in (first, 1 - first):
            host.equipped(seat)

    # -- the turn ----------------------------------------------------------------------------
    def _begin_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        data = state.data
        if data["turn"] >= int(state.params["max_turns"]):
            hp = [len(state.zones[f"hp:{s}"].cards) for s in range(state.seats)]
            best = max(hp)
            winners = tuple(s for s in range(state.seats) if hp[s] == best)
            Host(state, events).finish(winners if len(winners) == 1 else (), "turns")
            return
        data["turn"] += 1
        data["round"] = (data["turn"] + 1) // 2  # a round: both players' turns
        data["used"] = []
        data["strikes"] = 0
        state.active = seat
        state.phase = ACTION
        state.pending = None
        events.append(TurnStarted(seat))

    def _end_action_phase(self, state: GameState, events: list[Event]) -> None:
        """The trash phase follows; skills at the end of the action phase (Prayer) come first."""
        state.phase = TRASH
        seat = state.active
        assert seat is not None
        events.append(Announced("phase", seat, {"phase": TRASH}))
        Host(state, events).occasion(seat, "action_phase_end")
        self._proceed(state, events)

    def _proceed(self, state: GameState, events: list[Event]) -> None:
        """Resolve queued effects until a decision is needed; then move the game on as far as it goes
        by itself (the next first setup, the end of a full action phase)."""
        data = state.data
        while not state.over:
            prompt = Host(state, events).resolver().run()
            if state.over:
                return
            if prompt is not None:
                self._ask(state, prompt)
                return
            state.pending = None
            if state.phase == FIRST_SETUP:
                if data["setup_queue"]:
                    seat = data["setup_queue"].pop(0)
                    state.active = seat
                    Host(state, events).resolver().push([{"op": "equip"}], seat, -1, "")
                    continue
                if state.params["setup_equip_order"] == "together":
                    self._reveal_first_setup(state, events)
                self._begin_turn(state, int(data["first"]), events)
                return
            if state.phase == ACTION and len(data["used"]) >= int(state.params["actions_per_turn"]):
                self._end_action_phase(state, events)
            return

    def _ask(self, state: GameState, prompt: Prompt) -> None:
        """An effect waits for a decision: the pending decision of the seat it names (the defender
        for a counter window), else of the seat resolving it."""
        DECISIONS.ask(state, Host(state, []).resolver(), prompt)

    # -- legal actions -----------------------------------------------------------------------
    # Every move but an effect's decision is offered by the rules of moves.py, which also say why a
    # move is refused; an effect's decision by its options (`_choice_actions`).
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        pending = state.pending
        if pending is not None:
            if pending.kind == "draft":
                return self._draft_options(state, seat)
            return self._choice_actions(state, seat)
        phase = state.phase
        if phase == ROLL:
            return [Action(seat, "roll")]
        if phase == RIGHT:
            return [Action(seat, "take", (), "character"), Action(seat, "take", (), "first")]
        if phase == CHARACTER:
            return self._pick_options(state, seat)
        if phase == ACTION:
            return [*self._action_phase_options(state, seat), Action(seat, "end")]
        if phase == TRASH:
            return self._trash_options(state, seat)
        return []

    def _choice_actions(self, state: GameState, seat: int) -> list[Action]:
        return DECISIONS.actions(state, seat, Host(state, []).resolver())

    # -- applying ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events: list[Event] = []
        kind, seat = action.kind, action.seat
        data = state.data
        host = Host(state, events)
        pending = state.pending
        if pending is not None and pending.kind == "draft":
            self._draft(state, action, events)
        elif pending is not None:
            prompt = DECISIONS.answer(state, host.resolver(), action)
            if not state.over:
                if prompt is not None:
                    self._ask(state, prompt)
                else:
                    state.pending = None
                    self._proceed(state, events)
        elif kind == "roll":
            self._setup_roll(state, seat, events)
        elif kind == "take":
            other = 1 - seat
            rights = (
                {"character": seat, "first": other}
                if action.target == "character"
                else {"character": other, "first": seat}
            )
            data["rights"] = rights
            data["first"] = rights["first"]
            events.append(Announced("rights", seat, dict(rights)))
            state.phase = CHARACTER
            state.active = rights["character"]
        elif kind == "pick":
            host.move([action.cards[0]], "characters", f"character:{seat}", "pick")
            if all(state.zones[f"character:{s}"].cards for s in range(state.seats)):
                state.active = None
                self._deal(state, events)
            else:
                state.active = 1 - seat
        elif kind in PHASE_ACTIONS:
            data["used"].append(kind)
            events.append(
                Announced("action", seat, {"action": kind, "card": action.cards[0] if action.cards else None})
            )
            if kind == "refill":
                host.refill(seat, 0)
                host.occasion(seat, "refill_action")  # 魔力の枯渇: only this action, never a card's refill
            elif kind == "change":
                host.resolver().push(EQUIP_CHANGE, seat, -1, "")
            elif kind == "attack":
                host.resolver().push(ATTACK, seat, -1, "")
            else:
                card = action.cards[0]
                host.move([card], f"hand:{seat}", "resolving", "use")
                rules = host.rules(card)
                host.resolver().push(rules.effects, seat, card, rules.code, after={})
            self._proceed(state, events)
        elif kind == "end" and state.phase == ACTION:
            self._end_action_phase(state, events)
        elif kind == "trash":
            host.move([action.cards[0]], f"hand:{seat}", "discard", "trash")
        elif kind == "end":
            self._begin_turn(state, 1 - seat, events)
        else:  # the engine passes only legal actions
            raise AssertionError(kind)
        host.sync_scores()
        return events

    def _setup_roll(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Each player rolls; the higher takes a right; a tie rolls again (after max_setup_rolls ties
        the first seat wins, so setup always ends)."""
        data = state.data
        results, event = dice.roll(state, seat, 1, 6, "setup")
        events.append(event)
        data["last_roll"] = {"seat": seat, "results": list(results), "why": "setup"}
        current = data["setup_rolls"][-1]
        current.append(results[0])
        if len(current) < state.seats:
            state.active = seat + 1
            return
        if current[0] == current[1] and len(data["setup_rolls"]) < int(state.params["max_setup_rolls"]):
            events.append(Announced("tie", None, {"rolls": list(current)}))
            data["setup_rolls"].append([])
            state.active = 0
            return
        winner = 0 if current[0] >= current[1] else 1
        data["roll_winner"] = winner
        events.append(Announced("roll_winner", winner, {"rolls": list(current)}))
        state.phase = RIGHT
        state.active = winner

    def _draft(self, state: GameState, action: Action, events: list[Event]) -> None:
        """HP山札ドラフト式: both pick in secret; the picks go under the pickers' HP decks, the packets
        change hands, until they are empty."""
        pending = state.pending
        assert pending is not None
        pending.commits[action.seat] = action
        pending.seats = tuple(s for s in pending.seats if s != action.seat)
        events.append(Committed(action.seat, action))
        if pending.seats:
            return
        host = Host(state, events)
        for seat in sorted(pending.commits):
            card = pending.commits[seat].cards[0]
            host.move([card], f"draft:{seat}", f"hp:{seat}", "draft", to_bottom=True)
        state.data["draft_round"] += 1
        if state.zones["draft:0"].cards:
            host.move(list(host.zone("draft:0")), "draft:0", "passing", "pass")
            host.move(list(host.zone("draft:1")), "draft:1", "draft:0", "pass")
            host.move(list(host.zone("passing")), "passing", "draft:1", "pass")
            state.pending = Pending("draft", tuple(range(state.seats)))
            return
        state.pending = None
        self._deal_hands(state, events)

    # -- what everyone may know --------------------------------------------------------------
    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        assert state.cardset is not None
        shown = _shown(card_rules.table_of(state.cardset))
        table = shown.table
        data = state.data
        zones = state.zones
        sides = data["side"]
        characters: list[dict[str, Any] | None] = []
        slots: list[dict[str, Any]] = []
        for s in range(state.seats):
            held = zones[f"character:{s}"].cards
            rules = table.card[held[0]] if held else None
            if rules is None or rules.sides is None:
                faces: dict[str, int] = {}
            else:
                faces = dict(zip(SLOTS, rules.sides[sides[s]].faces, strict=True))
            if rules is None:
                characters.append(None)
            else:
                assert rules.sides is not None
                characters.append(
                    {
                        "card": held[0],
                        **shown.character(held[0], sides[s]),
                        "faces": faces,
                        "skills": [dict(k) for k in shown.skills(held[0], sides[s])],
                        "can_awaken": rules.awaken is not None,
                    }
                )
            seat_slots: dict[str, Any] = {}
            for slot in SLOTS:
                zone = zones[slot_zone(s, slot)]
                cards = zone.cards
                if not cards:
                    entry: dict[str, Any] = {"zone": zone.name, "face": faces.get(slot), "card": None}
                elif not zone.sees_all(seat):
                    entry = {"zone": zone.name, "face": faces.get(slot), "card": None, "hidden": True}
                else:  # the card's own facts, then the bomb it is, if one
                    entry = {"zone": zone.name, "face": faces.get(slot), **shown.cards[cards[0]]}
                    entry["links"] = list(entry["links"])
                    bomb = data["bombs"].get(str(cards[0]))
                    entry["bomb"] = None if bomb is None else {"placer": bomb["placer"]}
                seat_slots[slot] = entry
            slots.append(seat_slots)
        pending = state.pending
        decision: dict[str, Any] | None = None
        if pending is not None:
            if pending.kind == "draft":
                decision = {
                    "kind": "draft",
                    "seats": list(pending.seats),
                    "committed": sorted(pending.commits),
                }
            else:
                asked = pending.data
                decision = {
                    "kind": pending.kind,
                    "seat": pending.seats[0],
                    "effect": asked.get("op"),
                    "card": asked.get("card"),
                    "by": asked.get("by"),
                    "low": asked["low"],
                    "high": asked["high"],
                    "picked": asked["picked"],
                }
        event = data["event"]
        counter = None
        if pending is not None and pending.kind == "counter" and event is not None:
            # The defender is asked whether or not it holds a counter card: nothing here says which.
            counter = {
                "defender": event["target"],
                "attacker": event["by"],
                "amount": event["amount"],
                "card": event["source"],
                "code": table.card[event["source"]].code if event["source"] >= 0 else None,
            }
        apt = int(state.params["actions_per_turn"])
        last_roll = data["last_roll"]
        # Nothing returned is the state's own (a list inside is copied too): a view made now keeps
        # showing this position after the state moves on.
        return {
            "turn": data["turn"],
            "round": data["round"],
            "first": data["first"],
            "rights": dict(data["rights"]),
            "roll_winner": data["roll_winner"],
            "setup_rolls": [list(r) for r in data["setup_rolls"]],
            "last_roll": None if last_roll is None else {**last_roll, "results": list(last_roll["results"])},
            "characters": characters,
            "slots": slots,
            "hp": [len(zones[f"hp:{s}"].cards) for s in range(state.seats)],
            "hands": [len(zones[f"hand:{s}"].cards) for s in range(state.seats)],
            "common": len(zones["common"].cards),
            "discard": len(zones["discard"].cards),
            "resolving": list(zones["resolving"].cards),
            "rebuilds": data["rebuilds"],
            "used": list(data["used"]),
            "actions_left": max(0, apt - len(data["used"])) if state.phase == ACTION else 0,
            "hand_limit": int(state.params["hand_limit"]),  # the trash phase discards down to it
            "bombs": [
                {"card": int(c), "placer": b["placer"], "victim": b["victim"], "slot": b["slot"]}
                for c, b in sorted(data["bombs"].items(), key=lambda kv: int(kv[0]))
            ],
            "decision": decision,
            "counter": counter,
            "draft_round": data["draft_round"],
            "end_reason": data["end_reason"],
        }

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, SainomeData)
        if problems:
            return problems  # the checks below read the data by name
        data = game_data(state)
        host = Host(state, [])
        for seat in range(state.seats):
            faces = host.faces(seat)
            for slot in SLOTS:
                cards = state.zones[slot_zone(seat, slot)].cards
                if len(cards) > 1:
                    problems.append(f"{slot_zone(seat, slot)} holds {len(cards)} cards")
                if cards and not faces:
                    problems.append(f"{slot_zone(seat, slot)} holds a card before a character is chosen")
            if state.scores[seat] != len(state.zones[f"hp:{seat}"].cards):
                problems.append(f"seat {seat}'s score {state.scores[seat]} is not its HP count")
            if len(state.zones[f"character:{seat}"].cards) > 1:
                problems.append(f"character:{seat} holds more than one character")
        for card, bomb in data["bombs"].items():
            zone = slot_zone(int(bomb["victim"]), str(bomb["slot"]))
            if int(card) not in state.zones[zone].cards:
                problems.append(f"bomb {card} is not in {zone}")
        if not state.over:
            waiting = bool(data["frames"])
            if state.pending is not None and state.pending.kind != "draft" and not waiting:
                problems.append("a pending decision without a waiting effect")
            if state.pending is None and waiting:
                problems.append("effects are queued but nobody is asked")
            if state.pending is None and state.zones["resolving"].cards:
                problems.append("cards wait in the resolving area with nothing resolving")
        if state.over and state.pending is not None:
            problems.append("the game is over with a decision pending")
        return problems

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        from .arrange import arrange

        arrange(self, state, setup, refs)


SLOT_ORDER = {"hand": -1, **{slot: i for i, slot in enumerate(SLOTS)}}
# Effect decisions record the card resolving and the seat that played it (saves hold these keys);
# a counter window, a fired card, a catalyst or an attack is declined with "pass".
DECISIONS = EffectDecisions(
    {"card": "source", "by": "seat"}, DECLINE, lambda target: SLOT_ORDER.get(target, 9)
)
__all__ = ["Sainome", "OVER"]


class _Shown:
    """What public_data shows of each card and each character's side that never changes, worked out
    once per card table instead of at every decision. Kept as tuples and read-only to the callers
    (public_data copies what it hands out), so no view shares anything with it."""

    __slots__ = ("table", "cards", "_sides", "_skills")

    def __init__(self, table: card_rules.Table) -> None:
        self.table = table
        self.cards = tuple(
            {
                "card": card,
                "code": rules.code,
                "category": rules.category,
                "links": tuple(sorted(rules.links)),
                "six": rules.six,
                "counter": rules.counter,
                "hand": rules.hand,
            }
            for card, rules in enumerate(table.card)
        )
        self._sides: dict[tuple[int, str], dict[str, Any]] = {}
        self._skills: dict[tuple[int, str], tuple[tuple[tuple[str, Any], ...], ...]] = {}

    def character(self, card: int, side: str) -> dict[str, Any]:
        """A character's code, names and side as public_data shows them (copied in by the caller)."""
        found = self._sides.get((card, side))
        if found is None:
            rules = self.table.card[card]
            found = self._sides[(card, side)] = {
                "code": rules.code,
                "name": rules.name.get("en"),
                "name_ja": rules.name.get("ja"),
                "side": side,
                "awakened": side == card_rules.AWAKENED,
            }
        return found

    def skills(self, card: int, side: str) -> tuple[tuple[tuple[str, Any], ...], ...]:
        """The skills of a character's side, each as the pairs of its public entry."""
        found = self._skills.get((card, side))
        if found is None:
            sides = self.table.card[card].sides
            assert sides is not None
            found = self._skills[(card, side)] = tuple(
                (("name", k.name.get("en")), ("name_ja", k.name.get("ja")), ("on", k.on))
                for k in sides[side].skills
            )
        return found


# The facts of the table played last, by its identity: one card set is played game after game, and
# an edited set (a new table) never reads the old one's.
_SHOWN: _Shown | None = None


def _shown(table: card_rules.Table) -> _Shown:
    global _SHOWN
    found = _SHOWN
    if found is None or found.table is not table:
        found = _SHOWN = _Shown(table)
    return found


register(
    GameEntry(
        rules=Sainome(),
        bots={"heuristic": "cardtable.games.sainome.bot:SainomeBot"},
        table="cardtable.ui.scenes.sainome_table:SainomeTable",
        vocabularies={"sainome": card_rules.VOCAB},
        # the rulebook's defaults, then the draft variant with every PROVISIONAL switch turned the other way
        variants=(
            {},
            {
                "hp_draft": True,
                "hp_size": 6,
                "max_turns": 60,
                "fire_order": "slot",
                "flip_mismatch": "hand",
                "removed_bomb": "placer",
                "zero_damage_triggers": True,
                "catalyst_may_decline": True,
                "six_cards_fire_on_face": False,
                "setup_equip_order": "first",
                "max_setup_rolls": 2,
            },
        ),
        # the HP deck's size (the rulebook: 「5枚や7枚など」 for a shorter game), the advanced rule
        # HP山札ドラフト式 and every house rule with a choice; the caps of ours that only make sure setup,
        # a chain of counters or a game ends (max_setup_rolls, max_strike_backs, max_turns) stay on the CLI
        setup_options=(
            "hp_size",
            "hp_draft",
            "setup_equip_order",
            "fire_order",
            "six_cards_fire_on_face",
            "catalyst_may_decline",
            "flip_mismatch",
            "removed_bomb",
            "zero_damage_triggers",
        ),
        menu_order=3,
    )
)

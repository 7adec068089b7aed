"""Risugeon (リスゲオン, "Lisgeon"): a Dominion-style deck-builder for 2-4 players by りす屋 (Risuya).

Implements the rulebook in shared/seeds/000_2da4208954f9b7ea.txt (the publisher's rule5.html) with the
gaps resolved as in shared/rules/risugeon.md. Every PROVISIONAL choice is a parameter (params.py) or a
field of the card set marked `provisional` (cards/risugeon.yaml: the 22 actions, the 7 gems, the
production cards' cost); the cards' effects are the YAML text compiled by cardtable/rules/effects.py.

A turn has three phases. Action phase: use action cards from your hand, one plus any "+actions";
used actions stay in your play area. Training phase, in any order: discard combat cards for their
skill and production cards for 1 PS each; train (acquire a card from a face-up pile, one of the 4
public actions, or the top gem, paying its cost in skill), once plus any "+trainings"; pay 1 PS to
send a public action to the stock area (the display refills; an empty action deck is rebuilt from
the shuffled stock area). End phase, in this order: 1 imitation ends, 2 skill and PS reset, 3 the
hand and used actions are discarded (a card that stays in play, 萌えろ, excepted), 4 draw 4, 5 "at
end of turn" effects. An empty deck is rebuilt from the discard pile only. The game ends the moment
the last gem is taken: points in deck, discard pile and hand; a tie goes to the later player.

Move notation (cards by their card-set code: C1A..C3H combat, A01..A22 actions, P1..P7 production,
G1..G7 gems):
  play A05          action phase: use an action card from your hand
  pass              action phase: go on to the training phase (automatic when nothing can be used)
  discard C2A       training phase: discard a combat card (its skill) or a production card (1 PS)
  train C2A         acquire the top card of a pile, a public action (train A17) or a gem (train G1);
                    parsing also takes the pile: train skill1 | skill2 | skill3 | production | gem
  stock A03         pay 1 PS: a public action goes to the stock area (ps_target=play: one in your play area)
  activate A14      an ability "until the end of the training phase" (A14.2 = the card's second one)
  end               end the training phase; the end phase runs by itself
Decisions an effect asks for, one pick at a time (the pending decision names its kind):
  pick C1A          a card looked at from the deck (look_top)
  return C1A        a hand card back to its pile (return_to_pile)
  discard C1A       a hand card to the discard pile (discard)
  imitate A05       the action to imitate, by code (imitate)
  done              stop picking, when fewer may be picked
Copies of a card share its code; a move names the lowest-numbered copy it can use, so every move text
parses back to the same move. A target may be left out when only one fits (`imitate`, `activate`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ...cardsets import load_for
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.effects import EffectDecisions, Prompt
from ...rules.events import Announced, Event, GameEnded, Shuffled, TurnStarted
from ...rules.game import (
    LEGAL,
    CardProblem,
    Game,
    ParamError,
    ScenarioRefs,
    copy_reason,
    one_card,
    seat_has_no_decision,
)
from ...rules.invariants import data_problems
from ...rules.notation import CardCodeWord, MoveForm
from ...rules.state import GameState
from ...rules.zones import Visibility
from .. import GameEntry, register
from . import cards as card_rules
from .data import Ability, RisugeonData, game_data
from .evaluate import evaluate as evaluate_position
from .host import Host, counters, owned_counts
from .params import PARAMS, set_count
from .scoring import final_scores, winners

ACTION, TRAINING, END, OVER = "action", "training", "end", "over"
CHOICE_KINDS = ("pick", "return", "discard", "imitate")
PILE_WORDS = {  # `train skill2` trains the top card of that pile
    "skill1": "pile:skill1",
    "skill2": "pile:skill2",
    "skill3": "pile:skill3",
    "production": "pile:production",
    "gem": "pile:gems",
    "gems": "pile:gems",
}
MOVES = {  # what follows each kind word; a target (imitate, activate) is a bare card code
    "play": MoveForm(1, example="play A05"),
    "pass": MoveForm(),
    "discard": MoveForm(1, example="discard C2A"),
    "train": MoveForm(1, example="train C2A", piles=PILE_WORDS),
    "stock": MoveForm(1, example="stock A03"),
    "activate": MoveForm(target=CardCodeWord(), example="activate A14"),
    "end": MoveForm(),
    "pick": MoveForm(1, example="pick C1A"),
    "return": MoveForm(1, example="return C1A"),
    "imitate": MoveForm(target=CardCodeWord(), example="imitate A05"),
    "done": MoveForm(),
}

# Effect decisions record the card resolving and the card it counts as (saves hold these keys).
# `to`: where a looked-at card goes (Meditation's goes to the discard pile), so the table asks in its words
DECISIONS = EffectDecisions({"card": "source", "as": "as", "to": "to"})


class Risugeon(Game):
    """The rules of Risugeon, 2-4 players."""

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's standing for a search bot (evaluate.py)."""
        return evaluate_position(state)

    id = "risugeon"
    title = "Risugeon"
    title_ja = "リスゲオン"
    description = "Build your deck of combat skills and actions, then challenge the guardians of the 7 gems."
    min_seats = 2
    max_seats = 4
    params = PARAMS
    cardset_name = "risugeon"
    # public_data builds every list and dict anew (the engine keeps it uncopied across a move;
    # tests/test_views.py holds the game to it once the engine reads this)
    public_data_shares_nothing = True
    move_forms = MOVES
    target_word = ""  # `imitate A05`, not `imitate to A05`
    reserve_zone = "box"  # a scenario's stacked deal sets displaced cards aside, out of the game
    # the balance report (cardtable/lab/record.py): training takes a card, an effect's pick keeps one,
    # an action card is played; the round cap (max_rounds) is ours, not the rulebook's end
    pick_kinds = frozenset({"train", "pick"})
    play_kinds = frozenset({"play"})
    cap_endings = frozenset({"rounds"})

    # -- card set and bounds -----------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return card_rules.physical(load_for(self, params))

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        return card_rules.check(cardset, params)

    def turn_number(self, state: GameState) -> int | None:
        return int(state.data["turn"])

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        # Per turn: at most max_turn_actions plays, discards, trainings, stocks and ability uses, a
        # pass and an end; each play or use brings at most `decision_bound` decisions (with what it
        # registers for the end of the turn or the next turn).
        table = card_rules.table_of(self.load_cardset(params))
        per_turn = (int(params["max_turn_actions"]) + 2) * (1 + table.decision_bound)
        return int(params["max_rounds"]) * seats * per_turn + 1

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        points = [r.points for r in table.card]
        return (sum(p for p in points if p < 0), sum(p for p in points if p > 0))

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        table = card_rules.table_of(state.cardset)
        params = state.params
        sets = set_count(params, state.seats)
        events: list[Event] = []
        for seat in range(state.seats):
            state.add_zone(f"deck:{seat}", Visibility.HIDDEN, seat)
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
            discard = Visibility.PUBLIC if params["discard_public"] else Visibility.TOP_PUBLIC
            state.add_zone(f"discard:{seat}", discard, seat)
            state.add_zone(f"play:{seat}", Visibility.PUBLIC, seat)
            state.add_zone(f"look:{seat}", Visibility.OWNER, seat)
        for tier in table.tiers:
            state.add_zone(f"pile:skill{tier}", Visibility.PUBLIC)
        for name in ("pile:production", "pile:gems", "display", "stock_area", "box"):
            state.add_zone(name, Visibility.PUBLIC)
        state.add_zone("action_deck", Visibility.HIDDEN)
        # Every card starts in its supply pile (lowest id on top) or, for sets not in use, the box.
        for name, cards in table.start_piles(sets):
            state.zones[name].cards.extend(cards)
        state.zones["pile:gems"].cards.extend(reversed(table.gems))  # lowest required skill on top
        state.data.update(
            {
                "sets": sets,
                "start": 0,
                "turn": 0,
                "round": 1,
                "actions_left": 0,
                "trainings_left": 0,
                "skill": 0,
                "ps": 0,
                "voluntary": 0,
                "played": [],
                "identity": {},
                "abilities": [],
                "riders": [],
                "staying": [],
                "frames": [],
                "end_step": 0,
                "points": [0] * state.seats,
                "owned": [{} for _ in range(state.seats)],
                "gems": [[] for _ in range(state.seats)],
                "action_rebuilds": 0,
                "last_gem": False,
                "end_reason": "",
            }
        )
        host = Host(state, events)
        lowest = f"pile:skill{table.tiers[0]}"
        for seat in range(state.seats):
            start_deck = ((lowest, params["start_combat"]), ("pile:production", params["start_production"]))
            for pile, count in start_deck:
                cards = state.zones[pile].cards
                if len(cards) < count:
                    raise ParamError(f"{pile} holds {len(cards)} cards, too few for the starting decks")
                host.move(cards[len(cards) - count :][::-1], pile, f"deck:{seat}", "setup")
        deck = state.zones["action_deck"].cards
        state.rng.shuffle(deck)
        events.append(Shuffled("action_deck", len(deck)))
        host.refill_display()
        for seat in range(state.seats):
            state.rng.shuffle(state.zones[f"deck:{seat}"].cards)
            events.append(Shuffled(f"deck:{seat}", len(state.zones[f"deck:{seat}"].cards)))
            host.draw(seat, params["hand_size"])
        start = state.rng.below(state.seats) if params["random_start"] else 0
        state.data["start"] = start
        self._begin_turn(state, start, events)
        return events

    # -- the turn ----------------------------------------------------------------------------
    def _begin_turn(self, state: GameState, seat: int, events: list[Event], host: Host | None = None) -> None:
        """A seat's turn: fresh counters, then its action phase, opened by what stayed in play (`host`:
        the move's own, when a move got here; one is made for `events` otherwise)."""
        data = state.data
        state.active = seat
        state.phase = ACTION
        state.pending = None
        data.update(
            {
                "actions_left": 1,
                "trainings_left": 1,
                "skill": 0,
                "ps": 0,
                "voluntary": 0,
                "played": [],
                "identity": {},
                "abilities": [],
                "riders": [],
                "frames": [],
                "end_step": 0,
            }
        )
        data["turn"] += 1
        events.append(TurnStarted(seat))
        if host is None:
            host = Host(state, events)
        resolver = host.resolver()
        for entry in data["staying"]:
            if entry["seat"] == seat and not entry["new"] and entry["turns"] > 0:
                entry["turns"] -= 1  # 萌えろ: its bonus at the start of the next action phase (R9)
                resolver.append(entry["next_turn"], seat, entry["card"], entry["as"])
        self._proceed(state, events, host)

    def _proceed(self, state: GameState, events: list[Event], host: Host | None = None) -> None:
        """Resolve queued effects until a decision is needed; then move the turn on as far as it goes
        by itself (no usable action: the training phase; the end phase's steps; the next turn). One
        host acts for `events` throughout (the move's own, when given)."""
        data = state.data
        if host is None:
            host = Host(state, events)
        while True:
            # nothing queued (most moves): nothing to resolve, and no resolver to build
            prompt = host.resolver().run() if data["frames"] else None
            if prompt is not None:
                self._ask(state, prompt)
                return
            state.pending = None
            if state.over or state.phase == TRAINING:
                return
            if state.phase == ACTION:
                if not self._has_action_phase_option(state, state.active):  # type: ignore[arg-type]
                    self._enter_training(state, events)
                return
            if data["end_step"] < 5:
                self._end_steps(state, events, host)
                continue
            self._after_turn(state, events, host)
            return

    def _ask(self, state: GameState, prompt: Prompt) -> None:
        """An effect waits for a decision: it becomes the pending decision of the seat resolving it."""
        DECISIONS.ask(state, Host(state, []).resolver(), prompt)

    def _enter_training(self, state: GameState, events: list[Event]) -> None:
        state.phase = TRAINING
        events.append(Announced("phase", state.active, {"phase": TRAINING}))

    def _end_steps(self, state: GameState, events: list[Event], host: Host) -> None:
        """End phase steps 1-4, then step 5's "at end of turn" effects are queued (they may ask)."""
        data = state.data
        seat = state.active
        assert seat is not None
        # 1. Imitation ends: every card counts as itself again.
        events.append(Announced("end_step", seat, {"step": 1, "imitations": dict(data["identity"])}))
        data["identity"] = {}
        # 2. Skill and PS are reset; nothing carries over (R13).
        events.append(Announced("end_step", seat, {"step": 2, "skill": data["skill"], "ps": data["ps"]}))
        data.update({"skill": 0, "ps": 0, "actions_left": 0, "trainings_left": 0})
        # 3. The hand and the used actions are discarded, except a card that stays in play: one that
        #    stayed its turns goes now; one imitating a staying card is itself again and goes too (R9).
        keep: set[int] = set()
        staying = []
        for entry in data["staying"]:
            if entry["seat"] != seat:
                staying.append(entry)
                continue
            card = entry["card"]
            if card not in host.zone(f"play:{seat}"):
                continue
            if entry["new"]:
                if host.code(card) != entry["as"]:
                    continue
                entry["new"] = False
            if entry["turns"] > 0:
                keep.add(card)
                staying.append(entry)
        data["staying"] = staying
        events.append(Announced("end_step", seat, {"step": 3, "staying": sorted(keep)}))
        host.move(sorted(host.zone(f"hand:{seat}")), f"hand:{seat}", f"discard:{seat}", "end")
        used = [c for c in host.zone(f"play:{seat}") if c not in keep]
        host.move(used, f"play:{seat}", f"discard:{seat}", "end")
        # 4. Draw 4.
        events.append(Announced("end_step", seat, {"step": 4}))
        host.draw(seat, int(state.params["hand_size"]))
        # 5. "At end of turn" effects, of cards that still count as what registered them (R1).
        events.append(Announced("end_step", seat, {"step": 5}))
        resolver = host.resolver()
        for rider in data["riders"]:
            if host.code(rider["card"]) == rider["as"]:
                resolver.append(rider["effects"], seat, rider["card"], rider["as"])
        data["riders"] = []
        data["end_step"] = 5

    def _after_turn(self, state: GameState, events: list[Event], host: Host) -> None:
        """The next seat's turn, or the end when the round cap is reached."""
        data = state.data
        following = ((state.active or 0) + 1) % state.seats
        if following == data["start"]:
            if data["round"] >= int(state.params["max_rounds"]):
                data["end_reason"] = "rounds"
                self._finish(state, events)
                return
            data["round"] += 1
        self._begin_turn(state, following, events, host)

    def _finish(self, state: GameState, events: list[Event]) -> None:
        """Score deck, discard pile and hand; a tie goes to the later player (R6)."""
        state.over = True
        state.phase = OVER
        state.active = None
        state.pending = None
        state.data["frames"] = []
        state.scores = final_scores(state)
        state.winners = winners(state.scores, state.data["start"], state.params["tie_break"])
        events.append(GameEnded(state.winners, tuple(state.scores)))

    # -- legal actions: one rule per move -----------------------------------------------------
    # Each `_why_not_<move>` below is the one rule of that move: LEGAL ("") or why not, in a player's
    # words; why_not (and so explain) answers with them. A rule is the part every card of the move
    # shares (the cap on a turn's moves, the phase), then the part about its card (`_<move>_reason`),
    # then which copy of the card it names (`copy_reason`). legal_actions asks the shared part once per
    # phase and the card part for each card it could name, one copy per code (`lowest_per_code`, the
    # copy rule for all the cards at once); `pass` and `end` are legal exactly in their phase. A
    # decision an effect asks for is answered from the effect's own options (`_choice_actions`, the
    # bridge from the effect vocabulary).

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        if state.pending is not None:
            return self._choice_actions(state, seat)
        if state.phase == ACTION:
            return [*self._action_phase_options(state, seat), Action(seat, "pass")]
        if state.phase == TRAINING:
            return [*self._training_options(state, seat), Action(seat, "end")]
        return []  # the end phase runs by itself

    def why_not(self, state: GameState, action: Action) -> str:
        seat, kind = action.seat, action.kind
        if seat_has_no_decision(state, seat):
            if state.active is not None:
                return f"it is Player {state.active + 1}'s turn"
            return f"Player {seat + 1} has nothing to decide now"
        if state.pending is not None:
            return self._why_not_choice(state, action)
        rule = self.RULES.get(kind)
        if rule is None:
            if kind in CHOICE_KINDS or kind == "done":
                return f"there is no {kind} decision now"
            return f"{kind} is not allowed now"
        return rule(self, state, action)

    # Fast generators: the phase is what legal_actions found, the cap is asked once, each move's cards
    # come from its own place (the hand, `_trainable`, `_stockable`: its rule's "where it is" holds) and
    # their lowest copies (`lowest_per_code`: its copy rule holds), and the terms shared by every card
    # (actions left, PS to pay) are asked once; only each card's own terms remain, the very functions
    # its rule ends with. tests/test_risugeon_moves.py holds them to the rules for every card.
    def _action_phase_options(self, state: GameState, seat: int) -> list[Action]:
        """Actions to use now, and abilities (until the end of the training phase) to use."""
        if self._capped_reason(state):
            return []  # plays and ability uses count against the cap
        plays = []
        if not self._actions_reason(state):
            table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
            card = table.card
            hand = state.zones[f"hand:{seat}"].cards
            plays = [Action(seat, "play", (c,)) for c in table.lowest(hand) if card[c].type == "action"]
        return plays + self._abilities(state, seat)

    def _has_action_phase_option(self, state: GameState, seat: int) -> bool:
        """Whether `_action_phase_options` offers anything: the same rules, stopping at the first move
        (copies of a code share its type, so any action card in the hand has a lowest copy offered)."""
        if self._capped_reason(state):
            return False
        if not self._actions_reason(state):
            card = card_rules.table_of(state.cardset).card  # type: ignore[arg-type]
            if any(card[c].type == "action" for c in state.zones[f"hand:{seat}"].cards):
                return True
        return bool(self._abilities(state, seat))

    def _training_options(self, state: GameState, seat: int) -> list[Action]:
        """Discards, trainings, sends to the stock area and abilities that may be used now."""
        if self._capped_reason(state):
            return []  # every move of the phase but `end` counts against the cap
        cardset = state.cardset
        assert cardset is not None
        table = card_rules.table_of(cardset)
        hand = state.zones[f"hand:{seat}"].cards
        out = [
            Action(seat, "discard", (c,))
            for c in table.lowest(hand)
            if not self._discard_type_reason(table, c)
        ]
        # The terms of paying (`_train_ok`): a training left is asked once per kind (a gem may not
        # spend one), then each card's cost against the skill; a refusal's words are built only for a
        # move refused. No training left for either kind: no card is looked at.
        data, params = game_data(state), state.params
        left = (self._training_left(data, params, False), self._training_left(data, params, True))
        if left[0] or left[1]:
            card = table.card
            affordable = self._affordable
            for c in self._trainable(state, table):
                rules = card[c]
                if left[rules.type == "gem"] and affordable(data, rules):
                    out.append(Action(seat, "train", (c,)))
        if not self._stock_paid_reason(state):
            out += [Action(seat, "stock", (c,)) for c in table.lowest(self._stockable(state, seat))]
        return out + self._abilities(state, seat)

    def _abilities(self, state: GameState, seat: int) -> list[Action]:
        abilities = game_data(state)["abilities"]
        if not abilities:  # most turns: none granted, nothing to sort or ask
            return []
        labels = sorted({a["label"] for a in abilities})
        return [
            Action(seat, "activate", (), label) for label in labels if not self._ability_reason(state, label)
        ]

    def _capped(self, state: GameState) -> bool:
        return game_data(state)["voluntary"] >= int(state.params["max_turn_actions"])

    def _usable(self, state: GameState, ability: Ability) -> bool:
        """Whether an ability has uses left and its cost can be paid from the turn's counters."""
        have = counters(game_data(state))
        return (ability["uses"] is None or ability["uses"] > 0) and all(
            have[k] >= v for k, v in ability["cost"].items()
        )

    def _trainable(self, state: GameState, table: card_rules.Table | None = None) -> list[int]:
        """Cards that may be trained if affordable: pile tops, the public actions, the gem(s)."""
        table = table or card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        zones = state.zones
        cards = [pile[-1] for name in table.tier_piles if (pile := zones[name].cards)]
        if zones["pile:production"].cards:
            cards.append(zones["pile:production"].cards[-1])
        gems = zones["pile:gems"].cards
        if state.params["gem_access"] == "any":
            cards += gems
        elif gems:
            cards.append(gems[-1])
        cards += table.lowest(zones["display"].cards)
        return cards

    def _train_ok(self, state: GameState, card: int, table: card_rules.Table | None = None) -> str:
        """Why a card cannot be trained now ("" when it can)."""
        table = table or card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        rules = table.card[card]
        data, params = game_data(state), state.params
        gem = rules.type == "gem"
        if not self._training_left(data, params, gem):
            return "no trainings left this turn (one per turn, plus any +trainings)"
        if not self._affordable(data, rules):
            what = "challenging" if gem else "training"
            return f"{what} {rules.code} needs {rules.cost} skill; you have {data['skill']}"
        return ""

    @staticmethod
    def _training_left(data: RisugeonData, params: dict[str, Any], gem: bool) -> bool:
        """The part of paying every card of a kind shares: a training left (a gem may not spend one)."""
        return (gem and not params["gem_uses_training"]) or data["trainings_left"] >= 1

    @staticmethod
    def _affordable(data: RisugeonData, rules: card_rules.CardRules) -> bool:
        """The part of paying about the card: the skill of the turn covers its cost."""
        return data["skill"] >= rules.cost

    def _stockable(self, state: GameState, seat: int) -> list[int]:
        """What PS may send to the stock area (R5): the public actions, or the actions in one's play area."""
        if state.params["ps_target"] == "display":
            return list(state.zones["display"].cards)
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        return [c for c in state.zones[f"play:{seat}"].cards if table.card[c].type == "action"]

    # The rules of the moves of a turn (the seat is the one deciding; no effect is waiting).
    def _why_not_play(self, state: GameState, action: Action) -> str:
        """Use an action card from the hand: in the action phase, one per turn plus any +actions."""
        if bad := one_card(action) or self._capped_reason(state):
            return bad
        if state.phase != ACTION:
            return "actions are used only in the action phase"
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        hand = state.zones[f"hand:{action.seat}"].cards
        return self._play_reason(state, action.cards[0], hand, table) or copy_reason(
            state, action.cards[0], hand
        )

    def _play_reason(self, state: GameState, card: int, hand: list[int], table: card_rules.Table) -> str:
        """The part of the play rule about the card (and the actions left), but for its copies."""
        rules = table.card[card]
        if card not in hand:
            return f"{rules.code} is not in your hand"
        if rules.type != "action":
            return f"{rules.code} is not an action card"
        return self._actions_reason(state)

    def _actions_reason(self, state: GameState) -> str:
        """The part of the play rule every card shares: an action left this turn."""
        if game_data(state)["actions_left"] < 1:
            return "no actions left this turn (one per turn, plus any +actions)"
        return LEGAL

    def _why_not_pass(self, state: GameState, action: Action) -> str:
        """Go on from the action phase to the training phase."""
        if action.cards or action.target:
            return "pass takes nothing after it"
        if state.phase != ACTION:
            return "pass ends the action phase; the training phase has begun"
        return LEGAL

    def _why_not_end(self, state: GameState, action: Action) -> str:
        """End the training phase (the end phase runs by itself)."""
        if action.cards or action.target:
            return "end takes nothing after it"
        if state.phase != TRAINING:
            return "end finishes the training phase; use pass to leave the action phase first"
        return LEGAL

    def _why_not_discard(self, state: GameState, action: Action) -> str:
        """Discard a combat card for its skill or a production card for 1 PS, in the training phase."""
        if bad := one_card(action) or self._capped_reason(state) or self._training_reason(state, action):
            return bad
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        hand = state.zones[f"hand:{action.seat}"].cards
        return self._discard_reason(state, action.cards[0], hand, table) or copy_reason(
            state, action.cards[0], hand
        )

    def _discard_reason(self, state: GameState, card: int, hand: list[int], table: card_rules.Table) -> str:
        """The part of the discard rule about the card, but for its copies."""
        if card not in hand:
            return "that card is not in your hand"
        return self._discard_type_reason(table, card)

    def _discard_type_reason(self, table: card_rules.Table, card: int) -> str:
        if table.card[card].type not in ("combat", "production"):
            return "only combat cards (for skill) and production cards (for PS) are discarded for resources"
        return LEGAL

    def _why_not_train(self, state: GameState, action: Action) -> str:
        """Acquire a pile's top card, a public action or a gem, paying its cost in skill, once a turn
        plus any +trainings (a gem as the gem_* parameters say)."""
        if bad := one_card(action) or self._capped_reason(state) or self._training_reason(state, action):
            return bad
        card = action.cards[0]
        display = state.zones["display"].cards
        if card in display and (bad := copy_reason(state, card, display)):
            return bad
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        return self._train_reason(state, card, self._trainable(state, table), table)

    def _train_reason(
        self, state: GameState, card: int, trainable: list[int], table: card_rules.Table
    ) -> str:
        """The part of the train rule about the card: where it is (`_trainable` names one copy of a
        public action, as the copy rule does), and paying for it."""
        rules = table.card[card]
        if card not in trainable:
            if rules.type == "action":
                return f"{rules.code} is not among the public actions: actions are trained only from those"
            if rules.type == "gem":
                gems = state.zones["pile:gems"].cards
                if card in gems:
                    return (
                        f"only the top gem ({table.card[gems[-1]].code}) can be challenged (gem_access top)"
                    )
                return f"{rules.code} has been taken already"
            return f"{rules.code} is not on top of its pile"
        return self._train_ok(state, card, table)

    def _why_not_stock(self, state: GameState, action: Action) -> str:
        """Pay PS to send a public action (or, by ps_target, one in your play area) to the stock area."""
        if bad := one_card(action) or self._capped_reason(state) or self._training_reason(state, action):
            return bad
        stockable = self._stockable(state, action.seat)
        return self._stock_reason(state, action.cards[0], stockable) or copy_reason(
            state, action.cards[0], stockable
        )

    def _stock_reason(self, state: GameState, card: int, stockable: list[int]) -> str:
        """The part of the stock rule about paying and the card, but for its copies."""
        if bad := self._stock_paid_reason(state):
            return bad
        if card not in stockable:
            if state.params["ps_target"] == "display":
                return "only a public action can be sent to the stock area"
            return "only an action in your play area can be sent to the stock area"
        return LEGAL

    def _stock_paid_reason(self, state: GameState) -> str:
        """The part of the stock rule every card shares: the PS to pay."""
        cost = int(state.params["stock_cost"])
        if game_data(state)["ps"] < cost:
            return f"sending an action to the stock area costs {cost} PS"
        return LEGAL

    def _why_not_activate(self, state: GameState, action: Action) -> str:
        """Use an ability granted "until the end of the training phase", paying its cost."""
        if action.cards:
            return "activate names an ability by its card code, such as 'activate A14'"
        if bad := self._capped_reason(state):
            return bad
        if state.phase not in (ACTION, TRAINING):
            return "activate is not allowed now"
        return self._ability_reason(state, action.target)

    def _ability_reason(self, state: GameState, label: str) -> str:
        """The part of the activate rule about the ability: granted this turn, and payable."""
        abilities = [a for a in game_data(state)["abilities"] if a["label"] == label]
        if not abilities:
            return f"no ability {label} this turn"
        if all(a["uses"] is not None and a["uses"] <= 0 for a in abilities):
            return f"the ability of {label} is used up"  # not a cost: no payment would do
        if not any(self._usable(state, a) for a in abilities):
            return f"cannot pay for {label} now"
        return LEGAL

    def _capped_reason(self, state: GameState) -> str:
        """The cap on a turn's plays, discards, trainings, sends and ability uses (max_turn_actions)."""
        return "this turn has reached max_turn_actions; end the phase" if self._capped(state) else LEGAL

    def _training_reason(self, state: GameState, action: Action) -> str:
        if state.phase != TRAINING:
            return f"{action.kind} belongs to the training phase; pass first"
        return LEGAL

    RULES: ClassVar[dict[str, Callable[[Risugeon, GameState, Action], str]]] = {
        "play": _why_not_play,
        "pass": _why_not_pass,
        "discard": _why_not_discard,
        "train": _why_not_train,
        "stock": _why_not_stock,
        "activate": _why_not_activate,
        "end": _why_not_end,
    }  # the moves of a turn, each with its one rule

    def _why_not_choice(self, state: GameState, action: Action) -> str:
        """A decision an effect waits for: legal when it is one of the effect's options."""
        if action in self._choice_actions(state, action.seat):
            return LEGAL
        pending = state.pending
        assert pending is not None
        kind = action.kind
        if kind not in (*CHOICE_KINDS, "done"):
            return f"first finish the {pending.data.get('op', 'effect')} decision ({pending.kind} or done)"
        if kind == "done":
            return f"pick {pending.data['low'] - pending.data['picked']} more first"
        if kind != pending.kind:
            return f"this decision is answered with {pending.kind}, not {kind}"
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        named = action.target or " ".join(table.card[c].code for c in action.cards)
        return f"{named} is not among the choices"

    def _choice_actions(self, state: GameState, seat: int) -> list[Action]:
        return DECISIONS.actions(state, seat, Host(state, []).resolver())

    # -- applying ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events: list[Event] = []
        kind, seat = action.kind, action.seat
        data = state.data
        host = Host(state, events)
        if state.pending is not None:
            prompt = DECISIONS.answer(state, host.resolver(), action)
            if prompt is not None:
                self._ask(state, prompt)
                return events
            state.pending = None
            self._proceed(state, events, host)
            return events
        table = host.table
        if kind == "pass":
            self._enter_training(state, events)
        elif kind == "end":
            self._end_training(state, events, host)
            return events
        else:
            data["voluntary"] += 1
            card = action.cards[0] if action.cards else -1
            if kind == "play":
                data["actions_left"] -= 1
                data["played"].append(card)
                host.move([card], f"hand:{seat}", f"play:{seat}", "play")
                events.append(Announced("play", seat, {"card": card}))
                host.resolver().push(table.card[card].effects, seat, card, table.card[card].code)
            elif kind == "discard":
                rules = table.card[card]
                host.move([card], f"hand:{seat}", f"discard:{seat}", "discard")
                if rules.type == "combat":
                    host.add(seat, "skill", rules.skill)
                else:  # a production card: 1 PS
                    host.add(seat, "ps", 1)
            elif kind == "train":
                self._train(state, host, seat, card)
            elif kind == "stock":
                data["ps"] -= int(state.params["stock_cost"])
                src = "display" if state.params["ps_target"] == "display" else f"play:{seat}"
                host.move([card], src, "stock_area", "stock")
                data["staying"] = [e for e in data["staying"] if e["card"] != card]
                host.refill_display()
            elif kind == "activate":
                ability = next(
                    a for a in data["abilities"] if a["label"] == action.target and self._usable(state, a)
                )
                for name, amount in ability["cost"].items():
                    data[{"actions": "actions_left", "trainings": "trainings_left"}.get(name, name)] -= amount
                if ability["uses"] is not None:
                    ability["uses"] -= 1
                events.append(Announced("activate", seat, {"card": ability["card"], "as": ability["as"]}))
                host.resolver().push(ability["effects"], seat, ability["card"], ability["as"])
            else:  # the engine passes only legal actions
                raise AssertionError(kind)
        if not state.over:
            self._proceed(state, events, host)
        return events

    def _train(self, state: GameState, host: Host, seat: int, card: int) -> None:
        """Pay and acquire: the card goes to the discard pile (R8: a gem the same way)."""
        data, params = state.data, state.params
        rules = host.table.card[card]
        gem = rules.type == "gem"
        if not gem or params["gem_uses_training"]:
            data["trainings_left"] -= 1
        if not gem or params["gem_spends_skill"]:
            data["skill"] -= rules.cost
        src = next(
            name
            for name in ("display", "pile:gems", host.table.pile_of(card))
            if card in state.zones[name].cards
        )
        host.move([card], src, f"discard:{seat}", "train")
        host.events.append(Announced("train", seat, {"card": card, "cost": rules.cost}))
        if src == "display":
            host.refill_display()
        if gem:
            data["gems"][seat].append(card)
            if not state.zones["pile:gems"].cards:
                data["end_reason"] = "gems"
                if params["last_gem_ends"] == "now":  # R10: the game ends the moment the pile is empty
                    self._finish(state, host.events)
                else:
                    data["last_gem"] = True

    def _end_training(self, state: GameState, events: list[Event], host: Host) -> None:
        """The training phase ends (abilities "until the end of the training phase" with it)."""
        state.data["abilities"] = []
        if state.data["last_gem"]:
            self._finish(state, events)
            return
        state.phase = END
        state.data["end_step"] = 0
        events.append(Announced("phase", state.active, {"phase": END}))
        self._proceed(state, events, host)

    # -- words -----------------------------------------------------------------------------
    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        table = card_rules.table_of(state.cardset)
        names = {s.code: s.name.get("en") for s in state.cardset.cards}
        text = ", ".join(names.get(table.card[c].code, "?") for c in action.cards)
        words = {
            "play": f"uses {text}",
            "pass": "goes on to training",
            "discard": f"discards {text}",
            "train": f"trains {text}",
            "stock": f"sends {text} to the stock area",
            "end": "ends the turn",
            "pick": f"picks {text}",
            "return": f"returns {text} to its pile",
            "done": "is done",
            "imitate": f"imitates {names.get(action.target, action.target)}",
            "activate": f"uses the ability of {names.get(action.target.split('.')[0], action.target)}",
        }
        return words.get(action.kind, self.describe(state, action))

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        """Where a move of this kind takes its card from, as legal_actions picks them."""
        zones = state.zones
        if kind in ("play", "discard", "return"):
            return list(zones[f"hand:{seat}"].cards)
        if kind == "pick":
            return list(zones[f"look:{seat}"].cards)
        if kind == "train":
            return self._trainable(state)
        if kind == "stock":
            return self._stockable(state, seat)
        return []

    # -- what everyone may know --------------------------------------------------------------
    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        table = card_rules.table_of(state.cardset)  # type: ignore[arg-type]
        data = state.data
        zones = state.zones

        def pile(name: str) -> dict[str, Any]:
            cards = zones[name].cards
            top = cards[-1] if cards else None
            return {
                "zone": name,
                "count": len(cards),
                "top": top,
                "code": table.card[top].code if top is not None else None,
                "cost": table.card[top].cost if top is not None else None,
            }

        supply = {f"skill{t}": pile(f"pile:skill{t}") for t in table.tiers}
        supply["production"] = pile("pile:production")
        gems = zones["pile:gems"].cards
        pending = state.pending
        choice = None
        if pending is not None:
            asked = pending.data
            choice = {
                "seat": pending.seats[0],
                "kind": pending.kind,
                "effect": asked.get("op"),
                "card": asked.get("card"),
                "as": asked.get("as"),
                "low": asked["low"],
                "high": asked["high"],
                "picked": asked["picked"],
            }
        return {
            "round": data["round"],
            "turn": data["turn"],
            "start": data["start"],
            "sets": data["sets"],
            "actions_left": data["actions_left"],
            "trainings_left": data["trainings_left"],
            "skill": data["skill"],
            "ps": data["ps"],
            "supply": supply,
            "display": list(zones["display"].cards),
            "action_deck": len(zones["action_deck"].cards),
            "stock_area": len(zones["stock_area"].cards),
            "action_rebuilds": data["action_rebuilds"],
            "gems_left": len(gems),
            "gem_pile": [table.card[g].code for g in reversed(gems)],
            "next_gem": None
            if not gems
            else {
                "card": gems[-1],
                "code": table.card[gems[-1]].code,
                "cost": table.card[gems[-1]].cost,
                "points": table.card[gems[-1]].points,
            },
            "points": list(data["points"]),
            "owned": [dict(o) for o in data["owned"]],
            "gems": [[table.card[g].code for g in gs] for gs in data["gems"]],
            "played": list(data["played"]),
            "imitating": {int(k): v for k, v in data["identity"].items()},
            "staying": [{"seat": e["seat"], "card": e["card"], "turns": e["turns"]} for e in data["staying"]],
            "abilities": [
                {"label": a["label"], "card": a["card"], "cost": dict(a["cost"]), "uses": a["uses"]}
                for a in data["abilities"]
            ],
            "end_of_turn": [{"card": r["card"], "as": r["as"]} for r in data["riders"]],
            "choice": choice,
            "last_gem_taken": data["last_gem"],
            "end_reason": data["end_reason"],
        }

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, RisugeonData)
        if problems:
            return problems  # the checks below read the data by name
        data = game_data(state)
        if state.cardset is None:
            return ["no card set"]
        table = card_rules.table_of(state.cardset)
        if not state.over and final_scores(state) != data["points"]:
            problems.append(
                f"points tally {data['points']} differs from the cards held {final_scores(state)}"
            )
        for seat in range(state.seats):
            if owned_counts(state, seat) != dict(sorted(data["owned"][seat].items())):
                problems.append(f"seat {seat}'s owned tally differs from its cards")
        for key in ("actions_left", "trainings_left", "skill", "ps"):
            if data[key] < 0:
                problems.append(f"{key} is negative: {data[key]}")
        size = int(state.params["display_size"])
        display = state.zones["display"].cards
        if len(display) > size or (
            len(display) < size and (state.zones["action_deck"].cards or state.zones["stock_area"].cards)
        ):
            problems.append(f"the display holds {len(display)} cards with actions left to refill it")
        gems = state.zones["pile:gems"].cards
        costs = [table.card[g].cost for g in gems]
        if costs != sorted(costs, reverse=True):
            problems.append(f"the gem pile is out of order: {costs}")
        if (state.pending is None) != (not data["frames"]) and not state.over:
            problems.append("a pending decision without a waiting effect, or the reverse")
        for seat in range(state.seats):
            looked = state.zones[f"look:{seat}"].cards
            if looked and (state.pending is None or state.pending.data.get("op") != "look_top"):
                problems.append(f"look:{seat} holds cards with no decision about them")
            for card in state.zones[f"play:{seat}"].cards:
                if table.card[card].type != "action":
                    problems.append(f"play:{seat} holds a {table.card[card].type} card")
        return problems

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        from .arrange import arrange

        arrange(self, state, setup, refs)


register(
    GameEntry(
        rules=Risugeon(),
        bots={"heuristic": "cardtable.games.risugeon.bot:RisugeonBot"},
        table="cardtable.ui.scenes.risugeon_table:RisugeonTable",
        # a game to the last gem takes long: the round limit is offered where the game is set up
        # and every PROVISIONAL house rule; the per-turn cap of ours (max_turn_actions) stays on the CLI
        setup_options=(
            "max_rounds",
            "gem_access",
            "ps_target",
            "random_start",
            "tie_break",
            "reshuffle_mid_draw",
            "gem_uses_training",
            "gem_spends_skill",
            "last_gem_ends",
            "discard_public",
        ),
        vocabularies={"deckbuilder": card_rules.VOCAB},
        # the rulebook's defaults, then every PROVISIONAL switch turned the other way
        variants=(
            {},
            {
                "max_rounds": 20,
                "gem_access": "any",
                "ps_target": "play",
                "discard_public": False,
                "reshuffle_mid_draw": False,
                "last_gem_ends": "turn",
                "random_start": True,
                "tie_break": "shared",
                "gem_spends_skill": False,
                "gem_uses_training": False,
                "action_rebuild": "refill",
                "sets": 4,
            },
        ),
        menu_order=2,
    )
)

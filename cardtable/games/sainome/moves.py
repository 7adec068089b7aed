"""Sainome moves: one rule per move, answering both the legal actions and the reasons a move is refused
(rules/game.py, "one legality per move").

Each `_why_not_<move>` is that move's one rule: LEGAL ("") or why not, as players would say it, and
`why_not` (and so `explain`) answers with them. A rule is written in parts: the part every card of the
move shares (the phase, the actions used: `_<move>_gate`), then the part about the card named
(`_<move>_reason`), then which copy of it (`copy_reason`). The generators here ask the gate once and
the card part for one copy per code (`lowest_per_code`, the copy rule for all the cards at once).

A decision an effect asks for (fire, counter, target...) is legal when it is one of the effect's own
options, which `_choice_actions` (the bridge from the effect vocabulary) lists; the draft, a
decision of the game itself, has its rule here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ...rules.actions import Action
from ...rules.game import LEGAL, copy_reason, one_card, seat_has_no_decision
from ...rules.notation import lowest_per_code, physical_codes
from ...rules.state import GameState
from . import cards as card_rules
from .data import game_data
from .host import Host, slot_zone
from .params import SLOTS

ROLL, RIGHT, CHARACTER, ACTION, TRASH = "roll", "right", "character", "action", "trash"  # phases
PHASE_ACTIONS = ("refill", "change", "use", "attack")  # the four actions of the action phase
ACTION_NAMES = {
    "refill": "Hand refill",
    "change": "Equipment change",
    "use": "Use a hand-activated card",
    "attack": "Attack",
}
DECISIONS = ("fire", "counter", "target", "catalyst", "heal", "bomb", "choose", "discard", "pass", "done")
NOT_NOW = {
    "equip": "cards are set only at the first setup and in an equipment change (change, Quick Change, Reset)",
}


class SainomeMoves:
    """Legality of the Sainome moves (mixed into Sainome, whose legal_actions uses these parts)."""

    _choice_actions: Callable[[GameState, int], list[Action]]  # the game's bridge to effect options

    # -- the moves offered, by the rules' parts ----------------------------------------------
    def _draft_options(self, state: GameState, seat: int) -> list[Action]:
        packet = state.zones[f"draft:{seat}"].cards
        return [Action(seat, "draft", (c,)) for c in lowest_per_code(state.cardset, packet)]

    def _pick_options(self, state: GameState, seat: int) -> list[Action]:
        left = state.zones["characters"].cards
        return [Action(seat, "pick", (c,)) for c in lowest_per_code(state.cardset, left)]

    def _action_phase_options(self, state: GameState, seat: int) -> list[Action]:
        """The actions of the action phase not yet taken (use: each hand-activated card usable now)."""
        out = [
            Action(seat, kind)
            for kind in ("refill", "change", "attack")
            if not self._action_gate(state, kind)
        ]
        if not self._action_gate(state, "use"):
            out += [Action(seat, "use", (c,)) for c in self._usable_hand_cards(state, seat)]
        return out

    def _usable_hand_cards(self, state: GameState, seat: int) -> list[int]:
        """Hand-activated cards in the hand that may be used now (one per code)."""
        host = Host(state, [])
        hand = state.zones[f"hand:{seat}"].cards
        return [c for c in lowest_per_code(state.cardset, hand) if not self._use_reason(host, seat, c)]

    def _trash_options(self, state: GameState, seat: int) -> list[Action]:
        hand = state.zones[f"hand:{seat}"].cards
        out = [Action(seat, "trash", (c,)) for c in lowest_per_code(state.cardset, hand)]
        if not self._trash_end_reason(state, seat):
            out.append(Action(seat, "end"))
        return out

    # -- why not -----------------------------------------------------------------------------
    def why_not(self, state: GameState, action: Action) -> str:
        seat, kind = action.seat, action.kind
        pending = state.pending
        if seat_has_no_decision(state, seat):
            if pending is not None and pending.kind != "draft":
                return f"Player {pending.seats[0] + 1} must answer the {pending.kind} decision first"
            if state.active is not None:
                return f"it is Player {state.active + 1}'s turn"
            return f"Player {seat + 1} has nothing to decide now"
        if pending is not None:
            if pending.kind == "draft":
                return self._why_not_draft(state, action)
            return self._why_not_choice(state, action)
        rule = self.RULES.get(kind)
        if rule is not None:
            return rule(self, state, action)
        if kind in NOT_NOW:
            return NOT_NOW[kind]
        if kind in DECISIONS:
            return f"there is no {kind} decision now"
        return f"{kind} is not allowed now (phase {state.phase})"

    def _code(self, state: GameState, action: Action) -> str:
        return physical_codes(state.cardset)[action.cards[0]] if action.cards else ""  # type: ignore[arg-type]

    # -- the rules of the game's own moves (the seat is one that decides now) ----------------
    def _why_not_draft(self, state: GameState, action: Action) -> str:
        """HP-deck draft: take a card from your packet (the picks are revealed together)."""
        if action.kind != "draft":
            return "first draft a card from your packet"
        if bad := one_card(action):
            return bad
        packet = state.zones[f"draft:{action.seat}"].cards
        if action.cards[0] not in packet:
            return f"{self._code(state, action)} is not in your packet"
        return copy_reason(state, action.cards[0], packet)

    def _why_not_roll(self, state: GameState, action: Action) -> str:
        """Setup: each player rolls a die for the rights."""
        if state.phase != ROLL or action.cards or action.target:
            return f"roll is not allowed now (phase {state.phase})"
        return LEGAL

    def _why_not_take(self, state: GameState, action: Action) -> str:
        """Setup: the roll's winner takes the character-choice or the first-player right."""
        if state.phase != RIGHT:
            return f"take is not allowed now (phase {state.phase})"
        if action.cards or action.target not in ("character", "first"):
            return "take character or take first"
        return LEGAL

    def _why_not_pick(self, state: GameState, action: Action) -> str:
        """Setup: choose a character among those left."""
        if state.phase != CHARACTER:
            return "characters are picked at setup"
        if bad := one_card(action):
            return bad
        left = state.zones["characters"].cards
        if action.cards[0] not in left:
            return f"{self._code(state, action)} is not among the characters left"
        return copy_reason(state, action.cards[0], left)

    def _action_gate(self, state: GameState, kind: str) -> str:
        """The part of an action's rule that is the same for any card: in the action phase, within
        actions_per_turn, each of the four actions once."""
        used = game_data(state)["used"]
        limit = int(state.params["actions_per_turn"])
        if state.phase == TRASH and len(used) >= limit:
            return f"only {limit} actions per action phase: this one is over"
        if state.phase != ACTION:
            return f"{ACTION_NAMES[kind]} is an action of the action phase"
        if kind in used:
            return (
                f"the {ACTION_NAMES[kind]} action was already taken this action phase (each of the four once)"
            )
        if len(used) >= limit:
            return f"only {limit} actions per action phase: this one is over"
        return LEGAL

    def _why_not_action(self, state: GameState, action: Action) -> str:
        """Hand refill, Equipment change, Attack: actions of the action phase, naming nothing."""
        if bad := self._action_gate(state, action.kind):
            return bad
        if action.cards or action.target:
            return f"{action.kind} takes nothing after it"
        return LEGAL

    def _why_not_use(self, state: GameState, action: Action) -> str:
        """Use a hand-activated card (手) from your hand, if it can act now (a Time Bomb needs an
        empty slot on the opponent's character)."""
        if bad := self._action_gate(state, "use") or one_card(action):
            return bad
        hand = state.zones[f"hand:{action.seat}"].cards
        if bad := self._use_reason(Host(state, []), action.seat, action.cards[0]):
            return bad
        return copy_reason(state, action.cards[0], hand)

    def _use_reason(self, host: Host, seat: int, card: int) -> str:
        """The part of the use rule about the card, but for its copies."""
        rules = host.rules(card)
        code = rules.code
        if card not in host.zone(f"hand:{seat}"):
            return f"{code} is not in your hand"
        if not rules.hand:
            return f"{code} is not a hand-activated card (手)"
        if not card_rules.VOCAB.usable(rules.effects, host, seat, card):
            if rules.bomb:
                return f"{code} needs an empty slot on the opponent's character"
            return f"{code} cannot be used now"
        return LEGAL

    def _why_not_end(self, state: GameState, action: Action) -> str:
        """End the action phase (the trash phase follows), or the trash phase and the turn once the
        hand is down to hand_limit."""
        if state.phase not in (ACTION, TRASH) or action.cards or action.target:
            return f"end is not allowed now (phase {state.phase})"
        return self._trash_end_reason(state, action.seat)

    def _trash_end_reason(self, state: GameState, seat: int) -> str:
        if state.phase == TRASH:
            hand = len(state.zones[f"hand:{seat}"].cards)
            if hand > int(state.params["hand_limit"]):
                return f"discard down to {state.params['hand_limit']} cards first ({hand} in your hand)"
        return LEGAL

    def _why_not_trash(self, state: GameState, action: Action) -> str:
        """Trash phase: discard a card from your hand (down to hand_limit, and any number more)."""
        if state.phase != TRASH:
            return "cards are discarded in the trash phase: end the action phase first"
        if bad := one_card(action):
            return bad
        hand = state.zones[f"hand:{action.seat}"].cards
        if action.cards[0] not in hand:
            return f"{self._code(state, action)} is not in your hand"
        return copy_reason(state, action.cards[0], hand)

    RULES: ClassVar[dict[str, Callable[[SainomeMoves, GameState, Action], str]]] = {
        "roll": _why_not_roll,
        "take": _why_not_take,
        "pick": _why_not_pick,
        "refill": _why_not_action,
        "change": _why_not_action,
        "attack": _why_not_action,
        "use": _why_not_use,
        "end": _why_not_end,
        "trash": _why_not_trash,
    }  # the game's own moves, each with its one rule

    # -- decisions effects ask for -----------------------------------------------------------
    def _why_not_choice(self, state: GameState, action: Action) -> str:
        """Legal when it is one of the waiting effect's options; else why not."""
        if action in self._choice_actions(state, action.seat):
            return LEGAL
        pending = state.pending
        assert pending is not None
        kind, asked = action.kind, pending.kind
        code = self._code(state, action)
        if kind in ("pass", "done"):
            if pending.data["picked"] < pending.data["low"]:
                return f"the {asked} decision cannot be declined"
            return f"answer the {asked} decision with {'pass' if kind == 'done' else 'done'}"
        if kind != asked:
            return f"first answer the {asked} decision"
        host = Host(state, [])
        if asked == "equip" and action.cards and action.target in SLOTS:
            card = action.cards[0]
            if card not in state.zones[f"hand:{action.seat}"].cards:
                return f"{code} is not in your hand"
            if state.zones[slot_zone(action.seat, action.target)].cards:
                return f"the {action.target} slot is taken"
            face = host.faces(action.seat).get(action.target)
            links = sorted(host.rules(card).links)
            if not links:
                return f"{code} has no link symbols: it cannot be equipped"
            return (
                f"{code} cannot be set on the {action.target} slot: its face {face} is not among its "
                f"links {', '.join(map(str, links))}"
            )
        if asked == "counter":
            if action.cards and not host.rules(action.cards[0]).counter:
                return f"{code} is not a counter card (反)"
            return f"{code} is not in your hand"
        return f"{code or action.target} is not among the choices"

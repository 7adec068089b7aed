"""Sainome's words: the move notation (the default notation with this game's move kinds and slot
words), plain-language narration for logs, and the reasons a move is refused. The notation itself is
documented in the game module."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.game import seat_has_no_decision
from ...rules.notation import AnyWord, MoveForm, OneOf, physical_codes
from ...rules.state import GameState
from .cards import table_of
from .host import Host, slot_zone
from .params import SLOTS

SLOT = OneOf({**{s: s for s in SLOTS}, **{s[0]: s for s in SLOTS}}, "a slot")  # `bomb l` = `bomb left`
SLOT_OR_HAND = OneOf({**SLOT.words, "hand": "hand"}, "a slot or hand")  # a 6 may fire a hand card
# What follows each kind word. A place may be left out when the card is in only one place that fits
# ("fire LS" when only the LS in the top slot fires); a hand card is written without a place.
MOVES = {
    **{kind: MoveForm() for kind in ("roll", "refill", "change", "attack", "end", "done", "pass")},
    "take": MoveForm(target=AnyWord(lower=True), example="take first"),
    "bomb": MoveForm(target=SLOT, example="bomb left"),
    "choose": MoveForm(target=AnyWord(lower=True), example="choose attack"),
    **{kind: MoveForm(1, example=f"{kind} LS") for kind in ("use", "counter", "catalyst", "heal", "trash")},
    "fire": MoveForm(1, target=SLOT_OR_HAND, example="fire LS top"),
    "target": MoveForm(1, target=SLOT, example="target LS top"),
    "equip": MoveForm(1, target=SLOT, example="equip LS top"),
    "pick": MoveForm(1, example="pick SWM"),
    "draft": MoveForm(1, example="draft LS"),
    "discard": MoveForm(1, target=SLOT, example="discard LS top"),
}
ACTION_NAMES = {
    "refill": "Hand refill",
    "change": "Equipment change",
    "use": "Use a hand-activated card",
    "attack": "Attack",
}


class SainomeWords:
    """Notation, narration and refusal reasons (mixed into the Sainome rules)."""

    # -- notation ----------------------------------------------------------------------------
    move_forms = MOVES
    target_word = ""  # `equip LS top`: the place follows the card bare

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        """Where a move's card comes from: the named slot, the characters, the draft packet, or the hand."""
        if target in SLOTS and kind != "equip":
            return list(state.zones[slot_zone(seat, target)].cards)
        zone = {"pick": "characters", "draft": f"draft:{seat}"}.get(kind, f"hand:{seat}")
        return list(state.zones[zone].cards)

    def narrate(self, state: GameState, action: Action) -> str:
        assert state.cardset is not None
        table = table_of(state.cardset)
        names = ", ".join(table.card[c].name.get("en") for c in action.cards)
        where = f" ({action.target})" if action.target else ""
        words = {
            "roll": "rolls for the rights",
            "take": f"takes the {action.target} right",
            "pick": f"picks {names}",
            "draft": "drafts a card",
            "equip": f"equips {names} on the {action.target} slot",
            "refill": "refills the hand",
            "change": "changes equipment",
            "use": f"uses {names}",
            "attack": "attacks",
            "end": "ends the phase",
            "trash": f"discards {names}",
            "fire": f"resolves {names}{where}",
            "pass": "passes",
            "done": "is done",
            "counter": f"counters with {names}",
            "target": f"charges {names}{where}",
            "catalyst": f"pays {names} as catalyst",
            "heal": f"heals with {names}",
            "bomb": f"sets the bomb on the {action.target} slot",
            "choose": f"chooses {action.target}",
            "discard": f"discards {names}{where}",
        }
        return words.get(action.kind, self.describe(state, action))

    # -- why not -----------------------------------------------------------------------------
    def explain(self, state: GameState, action: Action) -> str:
        seat, kind = action.seat, action.kind
        pending = state.pending
        if seat_has_no_decision(state, seat):
            if pending is not None and pending.kind != "draft":
                return f"Player {pending.seats[0] + 1} must answer the {pending.kind} decision first"
            if state.active is not None:
                return f"it is Player {state.active + 1}'s turn"
            return f"Player {seat + 1} has nothing to decide now"
        host = Host(state, [])
        codes = physical_codes(state.cardset)  # type: ignore[arg-type]
        code = codes[action.cards[0]] if action.cards else ""
        if pending is not None:
            return self._explain_pending(state, action, host, code)
        phase = state.phase
        if kind in ("refill", "change", "use", "attack"):
            used = state.data["used"]
            limit = int(state.params["actions_per_turn"])
            if phase == "trash" and len(used) >= limit:
                return f"only {limit} actions per action phase: this one is over"
            if phase != "action":
                return f"{ACTION_NAMES[kind]} is an action of the action phase"
            if kind in used:
                return f"the {ACTION_NAMES[kind]} action was already taken this action phase (each of the four once)"
            if kind == "use":
                card = action.cards[0]
                if card not in state.zones[f"hand:{seat}"].cards:
                    return f"{code} is not in your hand"
                rules = host.rules(card)
                if not rules.hand:
                    return f"{code} is not a hand-activated card (手)"
                if rules.bomb:
                    return f"{code} needs an empty slot on the opponent's character"
                return f"{code} cannot be used now"
        if kind == "equip":
            return "cards are set only at the first setup and in an equipment change (change, Quick Change, Reset)"
        if kind == "trash":
            if phase != "trash":
                return "cards are discarded in the trash phase: end the action phase first"
            return f"{code} is not in your hand"
        if kind == "end" and phase == "trash":
            hand = len(state.zones[f"hand:{seat}"].cards)
            return f"discard down to {state.params['hand_limit']} cards first ({hand} in your hand)"
        if kind == "pick":
            return (
                f"{code} is not among the characters left"
                if phase == "character"
                else "characters are picked at setup"
            )
        if kind in (
            "fire",
            "counter",
            "target",
            "catalyst",
            "heal",
            "bomb",
            "choose",
            "discard",
            "pass",
            "done",
        ):
            return f"there is no {kind} decision now"
        return f"{kind} is not allowed now (phase {phase})"

    def _explain_pending(self, state: GameState, action: Action, host: Host, code: str) -> str:
        pending = state.pending
        assert pending is not None
        kind = action.kind
        if pending.kind == "draft":
            if kind != "draft":
                return "first draft a card from your packet"
            return f"{code} is not in your packet"
        asked = pending.kind
        if kind in ("pass", "done"):
            if pending.data["picked"] < pending.data["low"]:
                return f"the {asked} decision cannot be declined"
            return f"answer the {asked} decision with {'pass' if kind == 'done' else 'done'}"
        if kind != asked:
            return f"first answer the {asked} decision"
        if asked == "equip" and action.cards and action.target in SLOTS:
            seat = action.seat
            card = action.cards[0]
            if card not in state.zones[f"hand:{seat}"].cards:
                return f"{code} is not in your hand"
            if state.zones[slot_zone(seat, action.target)].cards:
                return f"the {action.target} slot is taken"
            face = host.faces(seat).get(action.target)
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

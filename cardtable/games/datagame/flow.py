"""A data game's flow: a move carried out (`apply`), the steps of a turn, the turn's and the round's
start and end effects, and the questions that stop them (a commit every seat answers face down, a
window each holder of a card is asked in the round's order); where each goes on once answered. A
part of DataGame (rules.py).
"""

from __future__ import annotations

from typing import Any

from cardtable.rules.actions import Action
from cardtable.rules.events import Announced, Committed, Event
from cardtable.rules.state import GameState, Pending

from .common import (
    COMMIT,
    PICK,
    REVEALED,
    STOP,
    USE,
    WINDOW,
)


class FlowPart:
    """The flow part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def apply(self, state: GameState, action: Action) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if "picking" in state.data:
            self._blind_pick(state, action, events)
            return events
        if action.kind in (PICK, STOP, *self.choice_words):
            self._choose(state, action, events)
            return events
        pending = state.pending
        if pending is not None and pending.kind == COMMIT:
            self._commit(state, pending, action, events)
            return events
        if pending is not None and pending.kind == WINDOW:
            self._answer(state, pending, action, events)
            return events
        m = self.moves[action.kind]
        self._run(state, seat, list(m.get("before", [])), events)
        self._carry_out(state, action, events)
        verb = m["verb"]
        made = state.data["made"]
        made[action.kind] = int(made.get(action.kind, 0)) + 1
        if verb == "play" and action.cards:
            assert state.cardset is not None
            code = state.cardset.physical()[action.cards[0]].code
            self._run(state, seat, list(self.effects.get(code, [])), events, action.kind, code)
        if not self._run_then(
            state, seat, list(m.get("effects", [])), events, f"move:{action.kind}", action.kind
        ):
            return events
        self._after_move(state, seat, action.kind, events)
        return events

    def _begin_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        state.active = seat
        state.data["step"] = 0
        state.data["made"] = {}
        if self._run_then(state, seat, list(self.spec.get("start_of_turn", [])), events, "turn_start"):
            self._settle_step(state, events)

    def _end_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        """The turn's `end_of_turn` effects (a deck-builder's clean-up), then the next seat's turn."""
        # the last step stays current while the turn's end may wait for a window
        state.data["step"] = min(int(state.data["step"]), len(self.steps) - 1)
        if self._run_then(state, seat, list(self.spec.get("end_of_turn", [])), events, "turn_end"):
            self._finish_turn(state, seat, events)

    def _finish_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        again = state.data.pop("again", None)
        if again is not None:  # one more of a step now (an extra action), then the turn ends
            names = [str(s["step"]) for s in self.steps]
            state.data["step"] = names.index(str(again))
            state.data["made"] = {}
            state.data["extra"] = True
            self._settle_step(state, events)
            if state.phase == again and self._step_moves(state, seat, first=True):
                return
            state.data.pop("extra", None)
        self._finish_turn_now(state, seat, events)

    def _finish_turn_now(self, state: GameState, seat: int, events: list[Event]) -> None:
        state.data["turns"] += 1
        state.data["step"] = 0  # a round's end (a commit) may wait between this turn and the next
        state.data["made"] = {}
        if self.rounds and (seat + 1) % state.seats == state.data["first"]:
            self._end_round(state, seat, events)
            return
        self._begin_turn(state, (seat + 1) % state.seats, events)

    def _end_round(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Every seat has had its turn: the round's `end:` effects (a `commit:` among them waits for
        every seat's hidden choice, and the round goes on once all are in), then the next round."""
        assert self.rounds is not None
        first = int(state.data["first"])
        if self._run_then(state, first, list(self.rounds.get("end", [])), events, "round_end"):
            self._resume(state, first, "round_end", events)

    def _run_then(
        self,
        state: GameState,
        seat: int,
        queue: list[dict[str, Any]],
        events: list[Event],
        after: str,
        move: str = "",
    ) -> bool:
        """Run effects; False when they stopped at a question (a commit, a window: what comes after
        them, `after`, waits in the pending decision) or ended the game. `move`: the move whose
        effects they are (a choice among them finishes that move once it is made)."""
        self._run(state, seat, queue, events, move)
        if state.over:
            return False
        if state.pending is not None:
            state.pending.data.setdefault("after", after)
            return False
        return True

    def _resume(self, state: GameState, seat: int, after: str, events: list[Event]) -> None:
        """Go on from where effects stopped for a question, once they are all run: the rest of a
        turn's end, of a round's end or start, or of a move."""
        if after == "turn_start":
            self._settle_step(state, events)
        elif after == "turn_end":
            self._finish_turn(state, seat, events)
        elif after == "round_end":
            if not self._check_end(state, seat, events):
                self._next_round(state, events)
        elif after == "round_start":
            if not self._check_end(state, seat, events):
                self._begin_turn(state, int(state.data["first"]), events)
        else:
            self._after_move(state, seat, after.partition(":")[2], events)

    def _continue(self, state: GameState, data: dict[str, Any], events: list[Event]) -> None:
        """A question answered: the effects that waited for it, then what comes after them."""
        seat, after = int(data["seat"]), str(data.get("after", "round_end"))
        if self._run_then(state, seat, list(data["then"]), events, after):
            self._resume(state, seat, after, events)

    def _next_round(self, state: GameState, events: list[Event]) -> None:
        """The next round: its first seat (moved on one with `first: alternate`), its `start:`
        effects, the end rules for every seat, then the first seat's turn."""
        assert self.rounds is not None
        state.data["round"] += 1
        mode = str(self.rounds.get("first", "fixed"))
        if mode not in ("fixed", "alternate"):  # a parameter names it
            mode = str(state.params[mode])
        if mode == "alternate":
            state.data["first"] = (int(state.data["first"]) + 1) % state.seats
        first = int(state.data["first"])
        state.active = first
        self._start_round(state, first, events)

    def _start_round(self, state: GameState, first: int, events: list[Event]) -> None:
        """A round begins: the end rules checked when a round begins (`at: round_start`: before its
        start effects, a draw), those effects, then the first seat's turn."""
        assert self.rounds is not None
        if self._check_end(state, first, events, "round_start"):
            return
        if self._run_then(state, first, list(self.rounds.get("start", [])), events, "round_start"):
            self._resume(state, first, "round_start", events)

    def _end_turn_for_arrange(self, state: GameState, seat: int, events: list[Event]) -> None:
        """A scenario that begins at the round's end (every turn of it played)."""
        state.data["step"] = 0
        state.data["made"] = {}
        self._end_round(state, seat, events)

    def _round_order(self, state: GameState) -> list[int]:
        first = int(state.data.get("first", state.active or 0))
        return [(first + i) % state.seats for i in range(state.seats)]

    def _settle_step(self, state: GameState, events: list[Event]) -> None:
        """Skip steps with no legal move; a turn with none at all ends the game (blocked)."""
        for _ in range(len(self.steps) * (state.seats + 1)):
            if state.over or self._step_moves(state, state.active, first=True):
                state.phase = self.steps[state.data["step"]]["step"]
                return
            if state.data["step"] + 1 < len(self.steps):
                state.data["step"] += 1
            else:
                self._end_game(state, "blocked", events)
                return

    def _after_move(self, state: GameState, seat: int, kind: str, events: list[Event]) -> None:
        """Refill, the end rules, then the step's or the turn's end (`kind`: the move's template;
        after an effect's choice, the move that played the card, whose `ends:` applies then)."""
        template = self.moves[kind]
        refill = self.spec.get("refill")
        if (
            refill
            and self.zone_specs[refill["zone"]]["owner"] == "table"
            and not state.zones[refill["zone"]].cards
        ):
            self._refill(state, refill, events, None)
        if self._check_end(state, seat, events):
            return
        if "choice" in state.data:
            return  # an effect waits for its player's choice; the turn goes on once it is made
        step = self.steps[state.data["step"]]
        ends = template.get("ends", "")
        if ends == "turn" or (
            state.data.get("extra") and (ends == "step" or step.get("repeat", "once") == "once")
        ):
            state.data.pop("extra", None)  # a step taken again ends the turn with it
            self._end_turn(state, seat, events)
        elif ends == "step" or step.get("repeat", "once") == "once":
            state.data["step"] += 1
            state.data["made"] = {}
            if state.data["step"] >= len(self.steps):
                self._end_turn(state, seat, events)
            else:
                self._settle_step(state, events)
        else:
            self._settle_step(state, events)

    def _window_card(self, state: GameState, w: dict[str, Any], seat: int) -> tuple[int, str] | None:
        """The card of `seat` a window asks about: the first of its zone whose timing field names one
        of the window's timings whose conditions hold for `seat`."""
        field = self.values(state, w.get("field", "on"))
        for card in state.zones[self.zone_name(w["zone"], seat)].cards:
            timing = str(field[card])
            if timing in w["timings"] and not self._predicates(state, w["timings"][timing] or [], seat):
                return card, timing
        return None

    def _ask(self, state: GameState, data: dict[str, Any], seats: list[int]) -> bool:
        """Ask the first of `seats` (in the round's order: the priority player first) that holds a
        card for the window; False when nobody does."""
        for at, seat in enumerate(seats):
            held = self._window_card(state, data["window"], seat)
            if held is not None:
                data.update({"asked": seats[at + 1 :], "timing": held[1]})
                state.pending = Pending(WINDOW, (seat,), {}, data)
                return True
        return False

    def _answer(self, state: GameState, pending: Pending, action: Action, events: list[Event]) -> None:
        """A window's answer: `use` plays the card (out to the window's `to`, its effects for its
        holder), `pass` keeps it; then the next seat holding a card for it, or what waited."""
        data = dict(pending.data)
        state.pending = None
        seat = action.seat
        if action.kind == USE:
            w = data["window"]
            held = self._window_card(state, w, seat)
            assert held is not None and state.cardset is not None
            card, timing = held
            self._move(
                state,
                [card],
                self.zone_name(w["zone"], seat),
                self.zone_name(w["to"], seat),
                "use",
                None,
                events,
            )
            code = state.cardset.physical()[card].code
            events.append(Announced("use", seat, {"card": card, "timing": timing}))
            self._run(state, seat, list(self.effects.get(code, [])), events, "", code)
            if state.over:
                return
            if "choice" in state.data:  # the card asks its holder: the window waits for the answer
                state.data["choice"]["window"] = data
                return
        if not self._ask(state, data, list(data["asked"])):
            self._continue(state, data, events)

    def _commit(self, state: GameState, pending: Pending, action: Action, events: list[Event]) -> None:
        """One seat's hidden choice of an open `commit:`; once every seat's is in, all are carried
        out together (the cards face up at once), then the effects after the commit, then the round
        goes on."""
        seat = action.seat
        pending.commits[seat] = action
        pending.seats = tuple(s for s in pending.seats if s != seat)
        events.append(Committed(seat, action))
        if pending.seats:
            return
        state.pending = None
        for who in self._round_order(state):
            if who in pending.commits:
                choice = pending.commits[who]
                # face up now: the log names each choice (the events so far name only the last)
                detail = {"kind": choice.kind, "cards": list(choice.cards), "target": choice.target}
                events.append(Announced(REVEALED, who, detail))
                self._carry_out(state, choice, events)
        self._continue(state, dict(pending.data), events)

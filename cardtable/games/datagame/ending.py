"""A data game's end: its end rules (checked after a move, or when a round begins), the winners and
the score. A part of DataGame (rules.py).
"""

from __future__ import annotations

from cardtable.rules.events import Event, GameEnded
from cardtable.rules.state import GameState


class EndingPart:
    """The ending part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def _check_end(self, state: GameState, seat: int, events: list[Event], moment: str = "") -> bool:
        """The end rules: a rule with `loses: true` is checked for every seat (those it holds for
        lose; all of them: nobody wins), another for `seat` (the player who moved); a rule with
        `at: round_start` only when a round has begun (`moment`: after its start effects, a draw)."""
        for rule in self.spec.get("end", []):
            if rule.get("at", moment) != moment:
                continue
            reason = str(rule.get("reason", {}).get("en", "end"))
            if rule.get("loses"):
                losers = [s for s in range(state.seats) if not self._predicates(state, rule["when"], s)]
                if losers:
                    self._end_game(state, reason, events, losers)
                    return True
            elif not self._predicates(state, rule["when"], seat):
                self._end_game(state, reason, events)
                return True
        return False

    def _end_game(
        self, state: GameState, reason: str, events: list[Event], losers: list[int] | None = None
    ) -> None:
        state.scores = [self._score(state, seat) for seat in range(state.seats)]
        best = max(state.scores) if self.spec.get("wins", "most") == "most" else min(state.scores)
        state.winners = tuple(s for s in range(state.seats) if state.scores[s] == best)
        if losers is not None:  # an end rule that names who loses: the others win
            state.winners = tuple(s for s in range(state.seats) if s not in losers)
        state.over = True
        state.active = None
        state.pending = None
        state.data["end_reason"] = reason
        state.data.pop("choice", None)  # an effect's choice ends with the game
        events.append(GameEnded(state.winners, tuple(state.scores)))

    def _score(self, state: GameState, seat: int) -> int:
        assert state.cardset is not None
        physical = state.cardset.physical()
        total = 0
        for term in self.spec.get("score", []):
            if "counter" in term:
                value = self._counter(state, term["counter"], seat)
            else:
                mapping = {int(k): int(v) for k, v in term.get("map", {}).items()}
                value = 0
                for card in state.zones[self.zone_name(term["zone"], seat)].cards:
                    raw = int(physical[card].get(term["sum"]) or 0)
                    value += mapping.get(raw, raw)
            total += value * int(term.get("times", 1))
        return total

    def _counter(self, state: GameState, name: str, seat: int | None) -> int:
        values = state.data["counters"][name]
        return int(values[seat if self.counters[name].get("each") else 0])

"""The one bridge between an effect that waits for a decision and the game's pending decision.

An effect's `Prompt` becomes a `Pending` decision of the seat it names; the waiting effect's options
become that seat's legal actions; an answering action goes back to the resolver as an option. Every
game with card effects uses this one bridge, so a prompt reads the same way in every game:

    option            action
    card id           `kind CARD`                 (copies of a card in the same place: the lowest id)
    text              `kind TEXT` (a target)      (a card code when the prompt is `by_code`, a label...)
    [card, text]      `kind CARD TEXT`            (a card and where it goes: a slot, the hand)
    the prompt kind   `kind` alone                (e.g. an attack that may be made)
    -                 the decline word (`done`)   (once enough picks were made)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..actions import Action
from ..notation import physical_codes
from ..state import GameState, Pending
from .resolver import Prompt, Resolver


class EffectDecisions:
    """How one game shows its effects' decisions: which frame keys its pending decision records, the
    word that declines each prompt kind, and the order of the answers."""

    def __init__(
        self,
        frame_keys: Mapping[str, str],
        decline: Mapping[str, str] | None = None,
        target_order: Callable[[str], Any] | None = None,
    ) -> None:
        # frame_keys: pending-data key -> frame key (a game's saves hold these keys, so they are its own)
        self.frame_keys = dict(frame_keys)
        self.decline = dict(decline or {})
        self.target_order = target_order or (lambda target: 0)

    def decline_word(self, kind: str) -> str:
        """The move that stops picking for a prompt of this kind."""
        return self.decline.get(kind, "done")

    def ask(self, state: GameState, resolver: Resolver, prompt: Prompt) -> None:
        """The waiting effect's prompt becomes the pending decision: of the seat it names (a defender's
        counter window), else of the seat resolving the effect."""
        frame = resolver.waiting()
        assert frame is not None, "a prompt comes from the frame at the front of the queue"
        seat = prompt.seat if prompt.seat is not None else int(frame["seat"])
        data = {**prompt.to_dict(), "op": frame["op"]}
        for key, frame_key in self.frame_keys.items():
            data[key] = frame.get(frame_key)
        state.pending = Pending(prompt.kind, (seat,), data=data)

    def actions(self, state: GameState, seat: int, resolver: Resolver) -> list[Action]:
        """The legal actions answering the pending decision: one per distinct (card code, target), by
        code then target, then the decline word once enough picks were made."""
        pending = state.pending
        assert pending is not None and state.cardset is not None
        kind = pending.kind
        codes = physical_codes(state.cardset)
        best: dict[tuple[str, str], Action] = {}
        for option in resolver.options():
            action = self._action(seat, kind, option)
            key = (codes[action.cards[0]] if action.cards else "", action.target)
            held = best.get(key)
            if held is None or action.cards < held.cards:
                best[key] = action
        out = [best[key] for key in sorted(best, key=lambda k: (k[0], self.target_order(k[1]), k[1]))]
        if pending.data["picked"] >= pending.data["low"]:
            out.append(Action(seat, self.decline_word(kind)))
        return out

    def answer(self, state: GameState, resolver: Resolver, action: Action) -> Prompt | None:
        """Give the action's option to the waiting effect and go on resolving; the next Prompt, if any."""
        pending = state.pending
        assert pending is not None
        return resolver.answer(self.option(pending, action))

    def option(self, pending: Pending, action: Action) -> Any:
        """The option an answering action stands for (None: the decline word)."""
        if action.kind == self.decline_word(pending.kind) and not action.cards and not action.target:
            return None
        if not action.cards and not action.target:
            return action.kind
        if action.cards and action.target:
            return [action.cards[0], action.target]
        if action.cards:
            return action.cards[0]
        return action.target

    @staticmethod
    def _action(seat: int, kind: str, option: Any) -> Action:
        if isinstance(option, list):
            return Action(seat, kind, (int(option[0]),), str(option[1]))
        if isinstance(option, str):
            return Action(seat, kind) if option == kind else Action(seat, kind, (), option)
        return Action(seat, kind, (int(option),))

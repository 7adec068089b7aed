"""Dice and riffles on the table: a roll the rules already made is thrown from the roller toward the
middle, tumbles, settles, lingers a moment so everyone sees the face, then leaves; the cards the roll
moves wait until it has settled. A shuffled pile splits and interleaves back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....rules.actions import Action
from ....rules.events import DiceRolled, Event
from ...animation import RIFFLE_S, Tween
from ...dice import DiceRoll

if TYPE_CHECKING:
    from .scene import TableScene

ROLL_LINGER_S = 1.2


class DiceMixin:
    """Throwing, stepping and clearing dice; riffling shuffled piles."""

    def dice_path(
        self: TableScene, event: DiceRolled
    ) -> tuple[tuple[float, float], tuple[float, float], int]:
        """Where a roll is thrown from and lands, and the die size: from the roller toward the middle."""
        width, height = self.app.size
        size = max(24, height // 14)
        start = (width * 0.2 if event.seat == self.viewer else width * 0.7, height * 0.8)
        return start, (width * 0.42, height * 0.45), size

    def throw(self: TableScene, event: DiceRolled) -> None:
        """Animate a roll the rules already made (nothing when animations are off)."""
        if self.animator.speed <= 0:
            return
        start, end, size = self.dice_path(event)
        roll = DiceRoll(event.results, start, end, size, seed=self.session.move_count)
        self.rolls.append(roll)
        self.roll_linger[id(roll)] = ROLL_LINGER_S
        for die in roll.sprites:
            self.board.sprites[die.key] = die
        self.app.play("dice")

    def keep_dice_on_table(self: TableScene) -> None:
        """Dice still rolling or lingering stay among the sprites after a relayout."""
        for roll in self.rolls:
            for die in roll.sprites:
                self.board.sprites[die.key] = die

    def dice_rolling(self: TableScene) -> bool:
        """Whether a die is still in the air."""
        return any(not roll.done for roll in self.rolls)

    def step_rolls(self: TableScene, dt: float) -> bool:
        """Move the dice; a settled die stays a moment so everyone sees the face, then leaves."""
        if not self.rolls:
            return False
        for roll in list(self.rolls):
            if not roll.done:
                roll.step(dt * self.animator.speed)
                continue
            self.roll_linger[id(roll)] -= dt
            if self.roll_linger[id(roll)] <= 0:
                self.rolls.remove(roll)
                del self.roll_linger[id(roll)]
                for die in roll.sprites:
                    self.board.sprites.pop(die.key, None)
        return True

    def hold_for_roll(self: TableScene, action: Action, events: list[Event]) -> bool:
        """Throw the action's dice first; its cards move once they settle (True if it waits)."""
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if not rolls or self.animator.speed <= 0:
            return False
        for event in rolls:
            self.throw(event)
        self.after_roll = (action, events)
        self.needs_full_redraw = True
        return True

    def land_roll(self: TableScene) -> None:
        """The dice have settled: now the cards move to where the rules put them."""
        if self.after_roll is None:
            return
        action, events = self.after_roll
        self.after_roll = None
        self.relayout(animate=True, events=[e for e in events if not isinstance(e, DiceRolled)])
        self.after_action(action, events)

    def riffle(self: TableScene, zones: list[str]) -> None:
        """A shuffled pile splits in two halves that fan out to either side and interleave back.
        Cards still sliding into the pile (a stock rebuilt from the discards) keep their slide: a
        riffle would replace it and leave them where they came from."""
        arriving = {id(t.sprite) for t in self.animator.tweens}
        for zone in zones:
            pile = [
                s
                for s in self.board.sprites.values()
                if isinstance(s.key, tuple) and s.key[0] == zone and id(s) not in arriving
            ]
            for index, sprite in enumerate(pile):
                side = -1 if index % 2 else 1
                end = (sprite.x, sprite.y)
                via = (end[0] + side * sprite.width * 0.75, end[1] - sprite.width * 0.1)
                self.animator.add(Tween(sprite, end, end, RIFFLE_S, index * 0.012, via=via, arc=6))

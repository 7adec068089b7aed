"""The host protocol of Sainome's duel effects: what the game lends them (its `Host`, host.py, implements it)."""

from __future__ import annotations

from typing import Any, Protocol

from ...rules.effects import EffectData


class DuelHost(Protocol):
    """What a duel game lends the effects: the opponent, damage and its counter window, healing, the
    hand, equipment slots, dice and the cards fired by them.

    Cards in slots are named by `[card, slot]` pairs (slot: the side of the character, "top"...); a
    card fired from the hand by `[card, "hand"]`.
    """

    def opponent(self, seat: int) -> int:
        """The other seat."""
        ...

    def damage_bonus(self, seat: int, source: int, as_code: str) -> int:
        """What the dealer's skills add to damage from `source` (Swordsmanship: weapons +1)."""
        ...

    def heal_bonus(self, seat: int, source: int, as_code: str) -> int:
        """What the healer's skills add to healing from `source` (Dowry: items +1)."""
        ...

    def establish(self, seat: int, target: int, amount: int, source: int) -> None:
        """Damage is established (before counter cards): announce it."""
        ...

    def counter_cards(self, seat: int) -> list[int]:
        """The counter cards `seat` may answer a damage event with (from its hand)."""
        ...

    def use_counter(self, seat: int, card: int) -> list[EffectData]:
        """A counter card is used: it leaves the hand for the resolving area; its effects."""
        ...

    def take_damage(self, target: int, amount: int, by: int, source: int) -> None:
        """Final damage: `target` draws it from its HP deck into its hand, then what follows (a lost
        game, awakening, skills that answer damage taken)."""
        ...

    def code(self, card: int) -> str:
        """A card's code."""
        ...

    def heal(self, seat: int, card: int) -> None:
        """A hand card goes to the bottom of the seat's HP deck."""
        ...

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        """Cards in the seat's hand of a category ("any" for all)."""
        ...

    def discard_from_hand(self, seat: int, card: int) -> None:
        """A hand card goes to the discard pile."""
        ...

    def draw(self, seat: int, count: int) -> int:
        """Draw from the common deck (rebuilt from the discard pile when it runs out); how many."""
        ...

    def catalyst_optional(self, seat: int) -> bool:
        """Whether the game lets a player holding a catalyst decline it anyway (a game option)."""
        ...

    def refill(self, seat: int, limit: int) -> int:
        """Draw up to the hand limit (`limit`, or the game's when 0); how many were drawn."""
        ...

    def steal(self, seat: int, victim: int, count: int) -> int:
        """Take random cards from the victim's hand into the seat's; how many."""
        ...

    def slot_count(self, seat: int) -> int:
        """How many equipment slots the seat's character has."""
        ...

    def equip_options(self, seat: int) -> list[list[Any]]:
        """`[card, slot]` for every hand card that may be set in an empty slot (its links match)."""
        ...

    def equip(self, seat: int, card: int, slot: str) -> None:
        """Set a hand card in a slot."""
        ...

    def equipped(self, seat: int) -> None:
        """Setting equipment is over (what follows an equipment change: awakening...)."""
        ...

    def unequip(self, seat: int, to: str) -> None:
        """Every card on the seat's character goes to its hand (or the discard pile); hazards attached to
        it by the opponent (a Time Bomb) are removed as the game says."""
        ...

    def discard_hand(self, seat: int) -> None:
        """The seat's whole hand goes to the discard pile."""
        ...

    def equipment(self, seat: int) -> list[list[Any]]:
        """`[card, slot]` for every card the seat has equipped (not hazards attached to it)."""
        ...

    def discard_equipment(self, seat: int, card: int) -> None:
        """An equipped card goes to the discard pile."""
        ...

    def roll(self, seat: int) -> int:
        """Roll the attack die (a DiceRolled event); the face."""
        ...

    def six_cards(self, seat: int) -> list[list[Any]]:
        """`[card, where]` for the cards with the 6 icon the seat may use on a 6 (hand or equipment)."""
        ...

    def triggered(self, seat: int, face: int) -> list[list[Any]]:
        """`[card, slot]` for the cards in the slots showing `face`, in slot order."""
        ...

    def still_there(self, seat: int, card: int, slot: str) -> bool:
        """Whether a triggered card is still in its slot (it may have been fired or removed since)."""
        ...

    def fire_order(self) -> str:
        """How several triggered cards are ordered: "choose" (the roller picks) or "slot"."""
        ...

    def fire(self, seat: int, card: int, where: str, bonus: int, bonus_to: str) -> None:
        """Resolve a card as rolled: queue its effects (with `bonus` damage: to "each" damage effect or
        the "first") in front, then finish with it (discard, or back to its slot when it stays)."""
        ...

    def miss(self, seat: int, face: int) -> None:
        """The rolled face has nothing on it."""
        ...

    def fizzle(self, seat: int, source: int) -> None:
        """A card's effect fails (no catalyst): announce it."""
        ...

    def empty_slots(self, seat: int) -> list[str]:
        """The seat's empty slots."""
        ...

    def attach(self, seat: int, card: int, victim: int, slot: str, effects: list[EffectData]) -> None:
        """Attach a hazard (Time Bomb) to the victim's empty slot; `effects` happen when it is rolled."""
        ...

    def flip(self, seat: int, side: str) -> None:
        """Turn the seat's character to a side ("other" = the side not showing)."""
        ...

    def after(self, frame: dict[str, Any]) -> None:
        """A card's queued effects are all resolved: finish with it."""
        ...

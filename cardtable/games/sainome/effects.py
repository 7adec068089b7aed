"""Sainome's duel effects and the host they act through, and its vocabulary (card set template `sainome`).

Two seats hurting each other: `damage` (with the defender's counter window, asked on every damage
event), the counter cards' `reduce` and `nullify`, `heal`, `catalyst`, `charge`, `time_bomb`, `steal`,
`refill`, `draw`, `discard`, `equip`, `unequip`, `discard_hand`, `discard_equipped`, `attack` (the dice
roll and the cards it fires), `choose`, `flip` and `stays_equipped`. The shared kinds (draw, discard,
choose) come from cardtable/rules/effects; the rest act through Sainome's `Host` (host.py), which
`duel_host.py` describes as `DuelHost`.
"""

from __future__ import annotations

from typing import Any

from ...rules.effects import (
    Arg,
    Choose,
    Context,
    Discard,
    Draw,
    EffectData,
    EffectKind,
    Picking,
    Prompt,
    Vocabulary,
    copy_data,
)

CATEGORIES = ("weapon", "magic", "item", "skill", "any")
SIDES = ("normal", "awakened", "other")


class Damage(EffectKind):
    """`damage: N`: a damage event. The dealer's skills and a Charge add to it, it is established, the
    defender answers in a counter window (a counter card, or pass; asked every time, so the question
    itself tells nothing), then the final damage is drawn from the defender's HP deck."""

    name = "damage"
    doc = "deal damage"
    args = (
        Arg("amount", "int", minimum=0, help="the damage before skills and counter cards"),
        Arg("target", "choice", "opponent", choices=("opponent", "self"), help="who takes it"),
    )
    shorthand = "amount"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + imitated

    def start(self, ctx: Context) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        target = host.opponent(ctx.seat) if frame["target"] == "opponent" else ctx.seat
        amount = (
            int(frame["amount"])
            + int(frame.get("_bonus", 0))
            + host.damage_bonus(ctx.seat, ctx.source, ctx.as_code)
        )
        frame["_target"], frame["_amount"] = target, max(0, amount)
        host.establish(ctx.seat, target, frame["_amount"], ctx.source)
        return Prompt("counter", 0, 1, text=self.doc, seat=target)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.counter_cards(int(ctx.frame["_target"])))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        target, amount = int(frame["_target"]), int(frame["_amount"])
        if option is not None:
            card = int(option)
            rest: list[EffectData] = []
            for effect in host.use_counter(target, card):
                kind = ctx.resolver.vocab[effect["op"]]
                if kind.modifies_damage:
                    amount = max(0, kind.modify(effect, amount))
                else:
                    rest.append(effect)
            # what the counter card does besides (discard equipment, strike back) follows this event
            ctx.resolver.push(rest, target, card, host.code(card), after={})
        host.take_damage(target, amount, ctx.seat, ctx.source)
        return None


class Reduce(EffectKind):
    """`reduce: N` on a counter card: the damage event it answers is N less (not below 0)."""

    name = "reduce"
    doc = "reduce the damage"
    args = (Arg("amount", "int", minimum=1),)
    shorthand = "amount"
    modifies_damage = True

    def modify(self, data: EffectData, amount: int) -> int:
        return amount - int(data["amount"])

    def start(self, ctx: Context) -> Prompt | None:
        return None  # only a counter window reads it


class Nullify(EffectKind):
    """`nullify` on a counter card: the damage event it answers becomes 0."""

    name = "nullify"
    doc = "the damage becomes 0"
    modifies_damage = True

    def modify(self, data: EffectData, amount: int) -> int:
        return 0

    def start(self, ctx: Context) -> Prompt | None:
        return None


class Heal(Picking):
    """`heal: N`: put up to N cards from your hand on the bottom of your HP deck (your skills may add)."""

    name = "heal"
    doc = "heal: hand cards to the bottom of your HP deck"
    args = (
        Arg("amount", "int", minimum=1, help="how many cards at most"),
        Arg("optional", "bool", True, help="whether fewer may be put back"),
    )
    shorthand = "amount"
    prompt_kind = "heal"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return int(data["amount"]) + imitated + 1  # imitated: the most a skill adds

    def start(self, ctx: Context) -> Prompt | None:
        bonus = ctx.host.heal_bonus(ctx.seat, ctx.source, ctx.as_code)
        ctx.frame["_high"] = int(ctx.frame["amount"]) + bonus
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, "any"))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.heal(ctx.seat, int(option))


class Catalyst(EffectKind):
    """`catalyst: item`: discard a card of that category from your hand to power this card; with none
    (or declined, when optional) the card fizzles: its remaining effects do not happen."""

    name = "catalyst"
    doc = "pay a catalyst"
    args = (
        Arg("category", "choice", "item", choices=CATEGORIES, help="what counts as a catalyst"),
        Arg("optional", "bool", False, help="whether the player may decline and let it fizzle"),
    )
    shorthand = "category"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return self._fizzle(ctx)
        optional = ctx.frame["optional"] or ctx.host.catalyst_optional(ctx.seat)
        return Prompt("catalyst", 0 if optional else 1, 1, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.hand_cards(ctx.seat, str(ctx.frame["category"])))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        if option is None:
            return self._fizzle(ctx)
        ctx.host.discard_from_hand(ctx.seat, int(option))
        return None

    @staticmethod
    def _fizzle(ctx: Context) -> None:
        ctx.host.fizzle(ctx.seat, ctx.source)
        ctx.resolver.cancel(ctx.source)
        return None


class Charge(EffectKind):
    """`charge: 4`: choose another card equipped on your character and resolve it as if rolled, with +N
    damage. A Charge charged by a Charge passes its bonus on (+4 +4). With nothing to charge, nothing
    happens. `to: first` gives the bonus to the target's first damage effect only."""

    name = "charge"
    doc = "charge another equipped card"
    args = (
        Arg("amount", "int", 4, minimum=0, help="damage added to the charged card"),
        Arg("to", "choice", "each", choices=("each", "first"), help="which damage effects of the target"),
    )
    shorthand = "amount"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None
        return Prompt("target", 1, 1, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equipment(ctx.seat))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        card, slot = option
        bonus = int(ctx.frame.get("_bonus", 0)) + int(ctx.frame["amount"])
        ctx.host.fire(ctx.seat, int(card), str(slot), bonus, str(ctx.frame["to"]))
        return None


class TimeBomb(EffectKind):
    """`time_bomb: [{damage: 3}]`: attach this card to an empty slot of the opponent's character. When
    the opponent's attack roll shows that slot's face, it goes off: `explode` happens (dealt by you)
    and the bomb is discarded. Usable only while the opponent has an empty slot."""

    name = "time_bomb"
    doc = "attach a time bomb"
    args = (Arg("explode", "effects", help="what happens when it goes off, such as [{damage: 3}]"),)
    shorthand = "explode"
    top_level_only = True

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + vocab.bound(data["explode"], imitated)

    def usable(self, data: EffectData, host: Any, seat: int, source: int) -> bool:
        return bool(host.empty_slots(host.opponent(seat)))

    def start(self, ctx: Context) -> Prompt | None:
        if not self.options(ctx):
            return None
        return Prompt("bomb", 1, 1, by_code=True, text=self.doc)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.empty_slots(ctx.host.opponent(ctx.seat)))

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        host = ctx.host
        host.attach(
            ctx.seat, ctx.source, host.opponent(ctx.seat), str(option), copy_data(ctx.frame["explode"])
        )
        return None


class Steal(EffectKind):
    """`steal: 1`: take N random cards from the opponent's hand into yours (強奪)."""

    name = "steal"
    doc = "take random cards from the opponent's hand"
    args = (Arg("count", "int", 1, minimum=1),)
    shorthand = "count"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.steal(ctx.seat, ctx.host.opponent(ctx.seat), int(ctx.frame["count"]))
        return None


class Refill(EffectKind):
    """`refill`: draw until your hand holds the hand limit (`limit`, 0 = the game's)."""

    name = "refill"
    doc = "refill your hand"
    args = (Arg("limit", "int", 0, minimum=0),)
    shorthand = "limit"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.refill(ctx.seat, int(ctx.frame["limit"]))
        return None


class Equip(Picking):
    """`equip`: set cards from your hand on your character's empty slots whose face is among their
    links, one at a time, until you are done (装備)."""

    name = "equip"
    doc = "set equipment"
    prompt_kind = "equip"

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return imitated + 1  # imitated: the number of slots

    def _limits(self, ctx: Context) -> tuple[int, int]:
        return 0, int(ctx.frame["_high"])

    def start(self, ctx: Context) -> Prompt | None:
        ctx.frame["_high"] = ctx.host.slot_count(ctx.seat)
        return self._prompt(ctx)

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equip_options(ctx.seat))

    def take(self, ctx: Context, option: Any) -> None:
        card, slot = option
        ctx.host.equip(ctx.seat, int(card), str(slot))

    def finish(self, ctx: Context) -> None:
        ctx.host.equipped(ctx.seat)
        return None


class Unequip(EffectKind):
    """`unequip: hand`: every card on your character goes to your hand (or the discard pile); a hazard
    the opponent attached (a Time Bomb) is removed too."""

    name = "unequip"
    doc = "take off all equipment"
    args = (Arg("to", "choice", "hand", choices=("hand", "discard")),)
    shorthand = "to"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.unequip(ctx.seat, str(ctx.frame["to"]))
        return None


class DiscardHand(EffectKind):
    """`discard_hand`: discard your whole hand."""

    name = "discard_hand"
    doc = "discard your hand"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.discard_hand(ctx.seat)
        return None


class DiscardEquipped(Picking):
    """`discard_equipped: 1`: discard N cards equipped on your character, of your choice, if any."""

    name = "discard_equipped"
    doc = "discard equipped cards"
    args = (Arg("count", "int", 1, minimum=1), Arg("optional", "bool", False))
    shorthand = "count"
    prompt_kind = "discard"

    def options(self, ctx: Context) -> list[Any]:
        return list(ctx.host.equipment(ctx.seat))

    def take(self, ctx: Context, option: Any) -> None:
        ctx.host.discard_equipment(ctx.seat, int(option[0]))


class Attack(EffectKind):
    """`attack`: roll the attack die and resolve what the face fires: the cards in the slots showing it,
    one at a time (every one of them), or on a 6 one card with the 6 icon from hand or equipment (or
    none). An empty face is a miss. `optional: true` asks first (Quick Change: "then you may attack")."""

    name = "attack"
    doc = "attack: roll the die"
    args = (
        Arg("optional", "bool", False, help="whether the player may decline"),
        Arg("sides", "int", 6, minimum=2, maximum=20, help="the die's sides; the highest face is the 6 rule"),
    )

    def choice_bound(self, data: EffectData, vocab: Vocabulary, imitated: int) -> int:
        return 1 + imitated  # imitated: what the fired cards ask

    def start(self, ctx: Context) -> Prompt | None:
        frame = ctx.frame
        if frame.get("_left") is not None:  # a continuation: the next triggered card
            return self._next(ctx)
        if frame["optional"] and not frame.get("_go"):
            return Prompt("attack", 0, 1, by_code=True, text=self.doc)
        return self._roll(ctx)

    def options(self, ctx: Context) -> list[Any]:
        frame, host = ctx.frame, ctx.host
        if frame.get("_six"):
            return list(host.six_cards(ctx.seat))
        if frame.get("_left") is not None:
            return [pair for pair in frame["_left"] if host.still_there(ctx.seat, int(pair[0]), str(pair[1]))]
        return ["attack"]

    def answer(self, ctx: Context, option: Any) -> Prompt | None:
        frame = ctx.frame
        if frame.get("_six"):
            if option is not None:
                card, where = option
                ctx.host.fire(ctx.seat, int(card), str(where), 0, "each")
            return None
        if frame.get("_left") is not None:
            return self._fire(ctx, option)
        if option is None:
            return None
        frame["_go"] = True
        return self._roll(ctx)

    def _roll(self, ctx: Context) -> Prompt | None:
        frame, host = ctx.frame, ctx.host
        face = host.roll(ctx.seat)
        frame["_face"] = face
        if face == int(frame["sides"]):
            frame["_six"] = True
            if not self.options(ctx):
                return None  # nothing with the 6 icon: nothing happens
            return Prompt("fire", 0, 1, text="use a card with the 6 icon, or pass")
        frame["_left"] = [list(p) for p in host.triggered(ctx.seat, face)]
        if not frame["_left"]:
            host.miss(ctx.seat, face)
            return None
        return self._next(ctx)

    def _next(self, ctx: Context) -> Prompt | None:
        left = self.options(ctx)
        if not left:
            return None
        if len(left) > 1 and ctx.host.fire_order() == "choose":
            return Prompt("fire", 1, 1, text="which triggered card resolves next")
        return self._fire(ctx, left[0])

    def _fire(self, ctx: Context, option: Any) -> Prompt | None:
        frame = ctx.frame
        card, slot = int(option[0]), str(option[1])
        rest = [p for p in frame["_left"] if not (int(p[0]) == card and str(p[1]) == slot)]
        if rest:  # come back for the others once this card has resolved
            ctx.resolver.push(
                [
                    {
                        "op": self.name,
                        "optional": False,
                        "sides": frame["sides"],
                        "_left": rest,
                        "_face": frame["_face"],
                    }
                ],
                ctx.seat,
                ctx.source,
                ctx.as_code,
            )
        ctx.host.fire(ctx.seat, card, slot, 0, "each")
        return None


class Flip(EffectKind):
    """`flip: normal`: turn your character to a side (awakened, normal, or the other one)."""

    name = "flip"
    doc = "turn your character over"
    args = (Arg("to", "choice", "other", choices=SIDES),)
    shorthand = "to"

    def start(self, ctx: Context) -> Prompt | None:
        ctx.host.flip(ctx.seat, str(ctx.frame["to"]))
        return None


class StaysEquipped(EffectKind):
    """`stays_equipped`: after it is fired the card goes back to its slot instead of the discard pile."""

    name = "stays_equipped"
    doc = "stays equipped"
    top_level_only = True

    def start(self, ctx: Context) -> Prompt | None:
        return None  # the game reads it when it finishes with the card


DUEL = Vocabulary(
    "duel",
    [
        Damage(),
        Reduce(),
        Nullify(),
        Heal(),
        Catalyst(),
        Charge(),
        TimeBomb(),
        Steal(),
        Refill(),
        Draw(),
        Discard(),
        Equip(),
        Unequip(),
        DiscardHand(),
        DiscardEquipped(),
        Attack(),
        Choose(),
        Flip(),
        StaysEquipped(),
    ],
    (),
    effect_paths=(("effects",), ("sides", "*", "skills", "*", "effects")),
)
"""The duel vocabulary (template `sainome`): damage with a counter window, healing onto the HP deck,
catalysts, Charge, Time Bomb, stealing, hand refill, equipping, the attack roll, a choice of branches
and turning a character over; a character's skills keep effect lists too (`sides.*.skills.*.effects`)."""

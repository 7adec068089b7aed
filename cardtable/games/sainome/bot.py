"""The Sainome heuristic bot: equip for expected damage per roll, attack every turn, counter big hits.

It reads only its seat's PlayerView: its own hand, the public zones (every slot, the discard pile), the
public data (characters and their sides, HP deck counts, the damage being countered), and the card
set's rules through the game's card table. Following the spec's notes on bots (shared/rules/sainome.md
section 5), each decision is a small rule:

* equipment: the value of a layout is its expected damage per roll (each face 1/6; a 6 uses the best
  card with the 6 icon in hand or equipment), with the character's skill bonuses; a Time Bomb on its
  own character counts against it. It sets the best card first, in the slot fewest other cards fit;
* action phase: an equipment change when re-setting hand and equipment would raise that value (with
  the awakened side's bonus when the change awakens the character: the Magician's 2 magic cards, the
  Princess's 4 slots) or remove a bomb, the attack, then a hand-activated card worth using (Quick
  Change or Either-Or for a second roll, a Time Bomb while the opponent has an empty slot, Plunder, a
  Potion when low), else a Hand refill when the hand is short. A refill that turns the awakened
  Magician back (Mana Depletion) after this turn's attack costs its Magic Boost only until a change
  sets 2 magic cards again: it refills unless the cards it draws (CARD_WORTH each) are worth less than
  what it cannot win back (the boost on the cards it would fire when too few magic cards are left to
  awaken it again; under `flip_mismatch: discard`, the equipment the flip would discard);
* counter window: keeps counter cards for damage that matters, and spends one on a hit that would
  empty its HP deck;
* the trash phase keeps counter cards and the cards that fit its faces, discarding only down to 5.

Against the random bot it wins about 19 games in 20 from either seat (1,000 games each way).
bench/heuristic_bots.py (`--game sainome --pick MAG:PRI,...`) measures it against an earlier commit
of itself playing a character it would not pick, paired game by game.
"""

from __future__ import annotations

from typing import Any

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.view import PlayerView
from .cards import AWAKENED, NORMAL, CardRules, Table, table_of
from .params import SLOTS

CHARACTER_ORDER = ("PRI", "SWM", "SIS", "MAG")  # the rulebook recommends Swordman and Princess to start
CARD_WORTH = 2.0  # damage a card drawn into the hand is worth, against an awakening a refill loses


class SainomeBot(Bot):
    """A rule-of-thumb Sainome player."""

    name = "heuristic"

    # -- reading the view --------------------------------------------------------------------
    def _table(self, view: PlayerView) -> Table:
        assert view.cardset is not None
        return table_of(view.cardset)

    @staticmethod
    def _me(view: PlayerView) -> int:
        assert view.seat is not None
        return view.seat

    def _bonus(self, view: PlayerView, seat: int, rules: CardRules, side: str | None = None) -> int:
        """The damage a seat's character adds to a card of this category (on `side`, else the side it
        shows)."""
        table = self._table(view)
        info = view.data["characters"][seat]
        if info is None:
            return 0
        shown = table.by_code[info["code"]].sides[side or info["side"]]  # type: ignore[index]
        return sum(s.damage for s in shown.skills if s.category in ("any", rules.category))

    def _damage(
        self, view: PlayerView, card: int, hand: list[int], others: list[int], side: str | None = None
    ) -> float:
        """What firing `card` is worth to this seat (damage first, a little for draws and heals), with
        its character on `side` (else the side it shows)."""
        table = self._table(view)
        rules = table.card[card]
        bonus = self._bonus(view, self._me(view), rules, side)
        items = [c for c in hand if table.card[c].category == "item"]
        value = 0.0
        for effect in rules.effects:
            op = effect["op"]
            if op == "damage":
                value += effect["amount"] + bonus
            elif op == "catalyst" and not items:
                return 0.2  # it would fizzle
            elif op == "charge":
                best = max((self._damage(view, c, hand, [], side) for c in others if c != card), default=0.0)
                value += (effect["amount"] + best) if best > 0 else 0.0
            elif op == "heal":
                value += 0.6 * effect["amount"]
            elif op == "draw":
                value += 0.5 * effect["count"]
        return value

    def _faces(self, view: PlayerView) -> dict[str, int]:
        info = view.data["characters"][self._me(view)]
        return dict(info["faces"]) if info else {}

    def _equipped(self, view: PlayerView) -> dict[str, int]:
        """My slots' cards (bombs apart)."""
        slots = view.data["slots"][self._me(view)]
        return {s: e["card"] for s, e in slots.items() if e["card"] is not None and not e.get("bomb")}

    def _bombs_on_me(self, view: PlayerView) -> list[str]:
        slots = view.data["slots"][self._me(view)]
        return [s for s, e in slots.items() if e["card"] is not None and e.get("bomb")]

    def _layout(
        self, view: PlayerView, cards: list[int], hand: list[int], taken: dict[str, int] | None = None
    ) -> dict[str, int]:
        """A good placement of `cards` on the empty slots: best card first, in the slot fewest fit."""
        table = self._table(view)
        faces = self._faces(view)
        layout = dict(taken or {})
        pool = [c for c in cards if table.card[c].links]
        pool.sort(key=lambda c: -self._damage(view, c, hand, pool))
        for card in pool:
            free = [s for s in SLOTS if s not in layout and faces.get(s) in table.card[card].links]
            if not free or self._damage(view, card, hand, pool) <= 0:
                continue
            free.sort(key=lambda s: sum(1 for o in pool if o != card and faces.get(s) in table.card[o].links))
            layout[free[0]] = card
        return layout

    def _expected(
        self, view: PlayerView, layout: dict[str, int], hand: list[int], side: str | None = None
    ) -> float:
        """Expected damage of one roll with this equipment (a bomb on me counts against it), with my
        character on `side` (else the side it shows). Which faces a side shows does not matter here:
        every face is rolled one time in six."""
        table = self._table(view)
        faces = self._faces(view)
        gear = list(layout.values())
        worth: dict[int, float] = {}

        def damage(card: int) -> float:
            if card not in worth:
                worth[card] = self._damage(view, card, hand, gear, side)
            return worth[card]

        total = sum(damage(c) for c in gear)
        sixes = [damage(c) for c in [*hand, *gear] if table.card[c].six]
        total += max(sixes, default=0.0)
        total -= 3.0 * len([s for s in self._bombs_on_me(view) if s not in layout and faces.get(s)])
        return total / 6.0

    # -- awakening ---------------------------------------------------------------------------
    def _character(self, view: PlayerView) -> tuple[CardRules, bool] | None:
        """My character's rules and whether it shows its awakened side."""
        info = view.data["characters"][self._me(view)]
        if info is None:
            return None
        return self._table(view).by_code[info["code"]], bool(info["awakened"])

    def _awakens(self, view: PlayerView, layout: dict[str, int]) -> bool:
        """Whether an equipment change that sets `layout` awakens my normal character (R3: the
        Magician with 2 magic cards set, the Princess with every slot full)."""
        mine = self._character(view)
        if mine is None or mine[1] or mine[0].awaken is None:
            return False
        rule = mine[0].awaken
        if rule.after not in ("equip", "equipment_change") or rule.hp_at_most is not None:
            return False
        table = self._table(view)
        return rule.equipment_holds(table.card[c].category for c in layout.values())

    def _turns_back_on_refill(self, view: PlayerView) -> bool:
        """Whether the Hand refill action turns my character back to normal (the awakened Magician's
        Mana Depletion)."""
        mine = self._character(view)
        if mine is None or not mine[1] or mine[0].sides is None:
            return False
        skills = mine[0].sides[AWAKENED].skills
        return any(s.on == "refill_action" and any(e["op"] == "flip" for e in s.effects) for s in skills)

    def _awakening_lost(self, view: PlayerView, hand: list[int]) -> float:
        """What turning back to normal by a Hand refill costs, in damage: nothing when the equipment
        change of a later turn awakens it again (its cards and hand still hold what the awakening
        needs, set on the normal side's faces), else what the awakened side adds to the cards it
        would fire (those set, and those in hand that fit its faces). Under the `flip_mismatch:
        discard` variant, equipment whose links miss its slot's normal face is lost as well."""
        mine = self._character(view)
        if mine is None or mine[0].sides is None:
            return 0.0
        table = self._table(view)
        character = mine[0]
        normal = dict(zip(SLOTS, character.sides[NORMAL].faces, strict=True))
        gear = self._equipped(view)
        lost_gear = []
        if view.params.get("flip_mismatch") == "discard":
            lost_gear = [c for s, c in gear.items() if normal[s] not in table.card[c].links]
        kept = [c for c in gear.values() if c not in lost_gear]
        cost = sum(self._damage(view, c, hand, kept, NORMAL) for c in lost_gear)
        if self._awakens_again(view, [*kept, *hand], list(normal.values())):
            return cost
        faces = set(self._faces(view).values())
        firing = kept + [c for c in hand if table.card[c].links & faces]
        return cost + sum(
            max(
                0.0,
                self._damage(view, c, hand, firing, AWAKENED) - self._damage(view, c, hand, firing, NORMAL),
            )
            for c in firing
        )

    def _awakens_again(self, view: PlayerView, cards: list[int], faces: list[int]) -> bool:
        """Whether an equipment change could set enough of `cards` on slots with these faces to meet
        my character's awakening by equipped cards (the Magician's 2 magic cards)."""
        mine = self._character(view)
        rule = None if mine is None else mine[0].awaken
        if rule is None or rule.after not in ("equip", "equipment_change") or rule.equipped is None:
            return False
        if rule.slots_full or rule.hp_at_most is not None:
            return False
        table = self._table(view)
        category, least = rule.equipped
        fitting = [
            table.card[c].links
            for c in cards
            if category in ("any", table.card[c].category) and table.card[c].links & set(faces)
        ]
        return _placeable(fitting, faces) >= least

    def _keep(self, view: PlayerView, card: int, hand: list[int]) -> float:
        """How much a hand card is worth keeping."""
        table = self._table(view)
        rules = table.card[card]
        if rules.counter:
            return 6.0
        faces = set(self._faces(view).values())
        value = 0.0
        if rules.links & faces or rules.six:
            value = max(value, self._damage(view, card, hand, []))
        if rules.hand:
            value = max(
                value, {"QC": 4.0, "EO": 3.5, "TB": 3.0, "PL": 2.0, "PO": 2.5, "RS": 1.0}.get(rules.code, 2.0)
            )
        if rules.category == "item":
            value += 0.3  # a catalyst
        return value

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        kinds = {a.kind for a in legal}
        decision = view.data.get("decision")
        if decision and decision.get("kind") not in (None, "draft"):
            return self._decide(view, legal, decision["kind"])
        if "draft" in kinds:
            hand: list[int] = []
            return max(legal, key=lambda a: (self._keep(view, a.cards[0], hand), -a.cards[0]))
        if "roll" in kinds:
            return legal[0]
        if "take" in kinds:
            return next(a for a in legal if a.target == "first")
        if "pick" in kinds:
            table = self._table(view)
            return min(
                legal,
                key=lambda a: (
                    CHARACTER_ORDER.index(table.card[a.cards[0]].code)
                    if table.card[a.cards[0]].code in CHARACTER_ORDER
                    else 99
                ),
            )
        if "trash" in kinds or (view.phase == "trash" and "end" in kinds):
            return self._trash(view, legal)
        return self._action_phase(view, legal)

    def _action_phase(self, view: PlayerView, legal: list[Action]) -> Action:
        table = self._table(view)
        hand = list(view.hand())
        used = view.data["used"]
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        current = self._equipped(view)
        now = self._expected(view, current, hand)
        if "change" in by_kind and "attack" in by_kind:
            better = self._layout(view, [*current.values(), *hand], hand)
            rest = [c for c in hand if c not in better.values()] + [
                c for c in current.values() if c not in better.values()
            ]
            # a change that awakens the character fires its cards with the awakened side's bonus
            side = AWAKENED if self._awakens(view, better) else None
            if self._expected(view, better, rest, side) > now + 0.3 or (
                self._bombs_on_me(view) and now <= 1.0
            ):
                return by_kind["change"][0]
        if "attack" in by_kind and now > 0:
            return by_kind["attack"][0]
        if "use" in by_kind:
            pick = self._hand_card(view, by_kind["use"], hand, now, used)
            if pick is not None:
                return pick
        limit = int(view.params["hand_limit"])
        if "refill" in by_kind and len(hand) < limit - 1:
            # a refill that turns the character back (Mana Depletion) must bring more than it loses
            if not self._turns_back_on_refill(view) or CARD_WORTH * (
                limit - len(hand)
            ) > self._awakening_lost(view, hand):
                return by_kind["refill"][0]
        if "change" in by_kind and any(table.card[c].links for c in hand) and not current:
            return by_kind["change"][0]
        return by_kind["end"][0]

    def _hand_card(
        self, view: PlayerView, options: list[Action], hand: list[int], now: float, used: list[str]
    ) -> Action | None:
        table = self._table(view)
        me = self._me(view)
        opponent = 1 - me
        scored: list[tuple[float, Action]] = []
        for action in options:
            code = table.card[action.cards[0]].code
            rules = table.card[action.cards[0]]
            value = 0.0
            if code in ("QC", "EO"):
                value = 4.0 if now > 0.4 or code == "QC" else 1.0
            elif rules.bomb:
                value = 3.0
            elif code == "PL":
                value = 2.0 if view.data["hands"][opponent] >= 2 else 0.0
            elif code == "PO":
                value = 2.5 if view.data["hp"][me] <= 6 and len(hand) >= 2 else 0.0
            elif code == "RS":
                value = 1.5 if now < 0.3 and len(hand) <= 2 else 0.0
            if value > 0:
                scored.append((value, action))
        if not scored:
            return None
        return max(scored, key=lambda va: va[0])[1]

    def _trash(self, view: PlayerView, legal: list[Action]) -> Action:
        hand = list(view.hand())
        limit = int(view.params["hand_limit"])
        ends = [a for a in legal if a.kind == "end"]
        if len(hand) <= limit and ends:
            return ends[0]
        trash = [a for a in legal if a.kind == "trash"]
        return min(trash, key=lambda a: (self._keep(view, a.cards[0], hand), a.cards[0]))

    # -- decisions while effects resolve -----------------------------------------------------
    def _decide(self, view: PlayerView, legal: list[Action], kind: str) -> Action:
        table = self._table(view)
        hand = list(view.hand())
        me = self._me(view)
        decline = [a for a in legal if a.kind in ("pass", "done")]
        picks = [a for a in legal if a.kind not in ("pass", "done")]
        if kind == "counter":
            return self._counter(view, picks, decline)
        if kind == "equip":
            if not picks:
                return decline[0]
            cards = sorted({a.cards[0] for a in picks})
            layout = self._layout(view, cards, hand, self._equipped(view))
            for action in picks:
                if layout.get(action.target) == action.cards[0]:
                    return action
            return decline[0] if decline else picks[0]
        if kind == "fire":
            gear = list(self._equipped(view).values())
            best = max(
                picks,
                key=lambda a: (self._damage(view, a.cards[0], hand, gear), a.target == "hand", -a.cards[0]),
            )
            if decline and self._damage(view, best.cards[0], hand, gear) <= 0:
                return decline[0]
            return best
        if kind == "target":
            gear = list(self._equipped(view).values())
            return max(picks, key=lambda a: (self._damage(view, a.cards[0], hand, gear), -a.cards[0]))
        if kind == "catalyst":
            return min(picks, key=lambda a: (self._keep(view, a.cards[0], hand), a.cards[0]))
        if kind == "heal":
            if not picks:
                return decline[0]
            worst = min(picks, key=lambda a: (self._keep(view, a.cards[0], hand), a.cards[0]))
            if table.card[worst.cards[0]].counter and decline:
                return decline[0]
            return worst
        if kind == "discard":
            if not picks:
                return decline[0]
            return min(picks, key=lambda a: (self._damage(view, a.cards[0], hand, []), a.cards[0]))
        if kind == "choose":
            wanted = "attack" if self._expected(view, self._equipped(view), hand) > 0.3 else "refill"
            return next((a for a in picks if a.target == wanted), picks[0])
        if kind == "attack":
            attack = [a for a in legal if a.kind == "attack"]
            if attack and self._expected(view, self._equipped(view), hand) > 0:
                return attack[0]
            return decline[0] if decline else legal[0]
        if kind == "bomb":
            opponent = 1 - me
            slots = view.data["slots"][opponent]
            faces = [slots[s]["face"] for s in SLOTS]
            # a face the opponent shows twice is rolled no more often, but it fires more of their cards:
            # the bomb goes where the other slots of the same face hold the most
            return max(picks, key=lambda a: (faces.count(slots[a.target]["face"]), -SLOTS.index(a.target)))
        return picks[0] if picks else legal[0]

    def _counter(self, view: PlayerView, picks: list[Action], decline: list[Action]) -> Action:
        if not picks:
            return decline[0]
        table = self._table(view)
        info: dict[str, Any] = view.data.get("counter") or {}
        amount = int(info.get("amount", 0))
        hp = int(view.data["hp"][self._me(view)])

        def saved(action: Action) -> int:
            left = amount
            for effect in table.card[action.cards[0]].effects:
                if effect["op"] == "reduce":
                    left = max(0, left - effect["amount"])
                elif effect["op"] == "nullify":
                    left = 0
            return amount - left

        def strikes(action: Action) -> bool:
            return any(e["op"] == "damage" for e in table.card[action.cards[0]].effects)

        if amount >= hp:  # this hit would end the game: anything that saves it
            saving = [a for a in picks if amount - saved(a) < hp]
            if saving:
                return min(saving, key=lambda a: (saved(a), a.cards[0]))
        strike = [a for a in picks if strikes(a)]
        if strike and amount >= 1:
            return strike[0]
        if amount >= 3:
            return max(picks, key=lambda a: (min(saved(a), amount), -saved(a), -a.cards[0]))
        return decline[0] if decline else picks[0]


def _placeable(links: list[frozenset[int]], faces: list[int]) -> int:
    """How many of the cards (by their links) can be set at once, one a slot, on slots with these
    faces (a largest matching: each card tries a slot, moving a card set before to another)."""
    slot_of: dict[int, int] = {}  # slot index -> card index

    def place(card: int, seen: set[int]) -> bool:
        for slot, face in enumerate(faces):
            if face in links[card] and slot not in seen:
                seen.add(slot)
                if slot not in slot_of or place(slot_of[slot], seen):
                    slot_of[slot] = card
                    return True
        return False

    return sum(1 for card in range(len(links)) if place(card, set()))

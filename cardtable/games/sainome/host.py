"""Sainome's card movements, the damage pipeline, awakening, and the host the duel effects act through.

Zones (the top of a pile is the end of its list):
  characters (public: the characters nobody chose), character:N (public), slot:N:top|right|bottom|left
  (public: one card each, a seat's equipment or a Time Bomb the opponent attached), hand:N (its owner),
  hp:N (the HP deck: hidden; its owner's in the draft variant, who knows its order), draft:N (its
  owner: the packet being drafted), passing (hidden: packets on their way), common (hidden: the
  common deck), discard (public), resolving (public: cards whose effects are being resolved)

A damage event (spec R5): base damage, the dealer's skills and a Charge's bonus, established; the
defender's counter window (one counter card from the hand, or pass: asked every time); the final
damage is drawn from the top of the defender's HP deck into its hand; an empty HP deck loses at once;
then awakening or the defender's skills that answer damage (猫かぶり), never both for one event.
"""

from __future__ import annotations

from typing import Any

from ...rules import dice
from ...rules.effects import EffectData, Resolver
from ...rules.events import Announced, Event, GameEnded, Revealed, Shuffled
from ...rules.state import GameState
from ...rules.zones import Visibility
from .cards import AWAKENED, NORMAL, VOCAB, CardRules, Side, Table, table_of
from .data import SainomeData, game_data
from .params import SLOTS

OVER = "over"


def slot_zone(seat: int, slot: str) -> str:
    """The zone of one slot of a seat's character."""
    return f"slot:{seat}:{slot}"


class Host:
    """The game's side of effects and rules steps for one `apply`: it moves cards, deals damage, turns
    characters over, and records every event."""

    def __init__(self, state: GameState, events: list[Event]) -> None:
        assert state.cardset is not None
        self.state = state
        self.events = events
        self.table: Table = table_of(state.cardset)
        self.data: SainomeData = game_data(state)
        self.params = state.params

    # -- cards and zones ---------------------------------------------------------------------
    def zone(self, name: str) -> list[int]:
        """The cards of a zone (top last)."""
        return self.state.zones[name].cards

    def code(self, card: int) -> str:
        return self.table.card[card].code

    def rules(self, card: int) -> CardRules:
        """A card's rules."""
        return self.table.card[card]

    def move(
        self, cards: list[int] | tuple[int, ...], src: str, dst: str, why: str, to_bottom: bool = False
    ) -> None:
        """Move cards (the one way they move) and keep the scores, which are the HP decks' sizes."""
        if not cards:
            return
        self.events.append(self.state.move(cards, src, dst, why, to_bottom))
        if src.startswith("hp:") or dst.startswith("hp:"):
            self.sync_scores()

    def sync_scores(self) -> None:
        """Scores are the HP cards left (public: only the counts)."""
        self.state.scores = [len(self.zone(f"hp:{seat}")) for seat in range(self.state.seats)]

    def announce(self, what: str, seat: int | None, **detail: Any) -> None:
        """A public event in the game's words."""
        self.events.append(Announced(what, seat, detail))

    def character(self, seat: int) -> CardRules | None:
        """The seat's character card's rules (None before it is chosen)."""
        cards = self.zone(f"character:{seat}")
        return self.table.card[cards[0]] if cards else None

    def character_card(self, seat: int) -> int:
        """The seat's character card id (-1 before it is chosen)."""
        cards = self.zone(f"character:{seat}")
        return cards[0] if cards else -1

    def side(self, seat: int) -> Side | None:
        """The side of the seat's character that shows."""
        rules = self.character(seat)
        if rules is None or rules.sides is None:
            return None
        return rules.sides[self.data["side"][seat]]

    def faces(self, seat: int) -> dict[str, int]:
        """The die face of each slot of the seat's character (none before it is chosen)."""
        side = self.side(seat)
        return {} if side is None else dict(zip(SLOTS, side.faces, strict=True))

    def is_bomb(self, card: int) -> bool:
        """Whether the card is attached to a character as a hazard (a Time Bomb)."""
        return str(card) in self.data["bombs"]

    # -- the common deck ---------------------------------------------------------------------
    def draw(self, seat: int, count: int) -> int:
        # "If the deck is short, shuffle the discard pile well to form a new common deck."
        done = 0
        while done < count:
            deck = self.zone("common")
            if not deck:
                discard = self.zone("discard")
                if not discard:
                    break
                self.move(list(reversed(discard)), "discard", "common", "rebuild")
                deck = self.zone("common")
                deck.sort()  # the shuffle, not the discard pile's order, decides the new deck
                self.state.rng.shuffle(deck)
                self.events.append(Shuffled("common", len(deck)))
                self.data["rebuilds"] += 1
            take = min(count - done, len(deck))
            self.move(deck[-take:][::-1], "common", f"hand:{seat}", "draw")
            done += take
        return done

    def catalyst_optional(self, seat: int) -> bool:
        return bool(self.params["catalyst_may_decline"])

    def refill(self, seat: int, limit: int) -> int:
        limit = limit or int(self.params["hand_limit"])
        return self.draw(seat, max(0, limit - len(self.zone(f"hand:{seat}"))))

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        cards = self.zone(f"hand:{seat}")
        if card_type == "any":
            return sorted(cards)
        return sorted(c for c in cards if self.table.card[c].category == card_type)

    def discard_from_hand(self, seat: int, card: int) -> None:
        self.move([card], f"hand:{seat}", "discard", "discard")

    def discard_hand(self, seat: int) -> None:
        self.move(sorted(self.zone(f"hand:{seat}")), f"hand:{seat}", "discard", "discard")

    def steal(self, seat: int, victim: int, count: int) -> int:
        taken = 0
        for _ in range(count):
            hand = sorted(self.zone(f"hand:{victim}"))
            if not hand:
                break
            card = hand[self.state.rng.below(len(hand))]
            self.move([card], f"hand:{victim}", f"hand:{seat}", "steal")
            taken += 1
        self.announce("steal", seat, victim=victim, count=taken)
        return taken

    # -- equipment ---------------------------------------------------------------------------
    def slot_count(self, seat: int) -> int:
        return len(SLOTS)

    def empty_slots(self, seat: int) -> list[str]:
        if not self.zone(f"character:{seat}"):
            return []
        return [slot for slot in SLOTS if not self.zone(slot_zone(seat, slot))]

    def equipment(self, seat: int) -> list[list[Any]]:
        out: list[list[Any]] = []
        for slot in SLOTS:
            cards = self.zone(slot_zone(seat, slot))
            if cards and not self.is_bomb(cards[0]):
                out.append([cards[0], slot])
        return out

    def equip_options(self, seat: int) -> list[list[Any]]:
        faces = self.faces(seat)
        empty = self.empty_slots(seat)
        out: list[list[Any]] = []
        for card in sorted(self.zone(f"hand:{seat}")):
            links = self.table.card[card].links
            out += [[card, slot] for slot in empty if faces[slot] in links]
        return out

    def equip(self, seat: int, card: int, slot: str) -> None:
        self.move([card], f"hand:{seat}", slot_zone(seat, slot), "equip")

    def equipped(self, seat: int) -> None:
        # Awakening that follows setting equipment (Magician: 2 magic; Princess: every slot full).
        zones = self.state.zones
        if any(zones[slot_zone(seat, slot)].visibility is not Visibility.PUBLIC for slot in SLOTS):
            return  # a first setup done together: checked when both layouts are shown
        self.announce("equipped", seat)
        self.check_awaken(seat, "equip", 0)

    def unequip(self, seat: int, to: str) -> None:
        dst = f"hand:{seat}" if to == "hand" else "discard"
        for slot in SLOTS:
            src = slot_zone(seat, slot)
            for card in list(self.zone(src)):
                if self.is_bomb(card):
                    # R6: a Time Bomb comes off with the equipment; it never joins this seat's hand
                    bomb = self.data["bombs"].pop(str(card))
                    where = {"placer": f"hand:{bomb['placer']}", "hand": dst}.get(
                        str(self.params["removed_bomb"]), "discard"
                    )
                    self.move([card], src, where, "bomb removed")
                    self.announce("bomb_removed", seat, card=card)
                else:
                    self.move([card], src, dst, "unequip")

    def discard_equipment(self, seat: int, card: int) -> None:
        for slot in SLOTS:
            if card in self.zone(slot_zone(seat, slot)):
                self.move([card], slot_zone(seat, slot), "discard", "discard")
                return

    def attach(self, seat: int, card: int, victim: int, slot: str, effects: list[EffectData]) -> None:
        self.move([card], "resolving", slot_zone(victim, slot), "bomb")
        self.data["bombs"][str(card)] = {"placer": seat, "victim": victim, "slot": slot, "effects": effects}
        self.announce("bomb", seat, card=card, victim=victim, slot=slot)

    # -- the attack roll ---------------------------------------------------------------------
    def roll(self, seat: int) -> int:
        results, event = dice.roll(self.state, seat, 1, 6, "attack")
        self.events.append(event)
        self.data["last_roll"] = {"seat": seat, "results": list(results), "why": "attack"}
        return results[0]

    def triggered(self, seat: int, face: int) -> list[list[Any]]:
        faces = self.faces(seat)
        out: list[list[Any]] = []
        for slot in SLOTS:
            cards = self.zone(slot_zone(seat, slot))
            if not cards or faces.get(slot) != face:
                continue
            card = cards[0]
            if (
                self.table.card[card].six
                and not self.is_bomb(card)
                and not self.params["six_cards_fire_on_face"]
            ):
                continue
            out.append([card, slot])
        return out

    def still_there(self, seat: int, card: int, slot: str) -> bool:
        return card in self.zone(slot_zone(seat, slot))

    def six_cards(self, seat: int) -> list[list[Any]]:
        out: list[list[Any]] = [
            [c, "hand"] for c in sorted(self.zone(f"hand:{seat}")) if self.table.card[c].six
        ]
        out += [[c, slot] for c, slot in self.equipment(seat) if self.table.card[c].six]
        return out

    def fire_order(self) -> str:
        return str(self.params["fire_order"])

    def miss(self, seat: int, face: int) -> None:
        self.announce("miss", seat, face=face)

    def fire(self, seat: int, card: int, where: str, bonus: int, bonus_to: str) -> None:
        """Resolve a card as rolled: it waits in the resolving area while its effects resolve, then is
        discarded (or goes back to its slot when it stays equipped)."""
        src = f"hand:{seat}" if where == "hand" else slot_zone(seat, where)
        self.move([card], src, "resolving", "fire")
        rules = self.table.card[card]
        bomb = self.data["bombs"].pop(str(card), None)
        if bomb is not None:  # a Time Bomb goes off: its effects are dealt by the one who set it
            dealer, effects = int(bomb["placer"]), list(bomb["effects"])
            self.announce("explode", seat, card=card, slot=where, by=dealer)
        else:
            dealer, effects = seat, list(rules.effects)
            self.announce("fire", seat, card=card, where=where, bonus=bonus)
        queued: list[EffectData] = []
        given = False
        for effect in effects:
            # A Charge's bonus goes to the damage of the card it fires (each, or the first) and on
            # through a chained Charge; an Either-Or style choice carries it into its branch.
            if (
                bonus
                and effect["op"] in ("damage", "charge", "choose")
                and not (given and bonus_to == "first")
            ):
                effect = {**effect, "_bonus": bonus}
                given = given or effect["op"] == "damage"
            queued.append(effect)
        after = {"slot": "" if where == "hand" else src, "fired": True, "bomb": bomb is not None}
        self.resolver().push(queued, dealer, card, rules.code, after=after)

    def after(self, frame: dict[str, Any]) -> None:
        card = int(frame["source"])
        if card not in self.zone("resolving"):
            return  # it went elsewhere meanwhile (a Time Bomb attached to the opponent)
        slot = str(frame.get("slot") or "")
        if (
            frame.get("fired")
            and not frame.get("bomb")
            and self.table.card[card].stays
            and slot
            and not self.zone(slot)
        ):
            self.move([card], "resolving", slot, "stays")
        else:
            self.move([card], "resolving", "discard", "used")

    def fizzle(self, seat: int, source: int) -> None:
        self.announce("fizzle", seat, card=source)

    # -- damage ------------------------------------------------------------------------------
    def opponent(self, seat: int) -> int:
        return 1 - seat

    def _bonus(self, seat: int, source: int, key: str) -> int:
        side = self.side(seat)
        if side is None or source < 0:
            return 0
        category = self.table.card[source].category
        return sum(getattr(s, key) for s in side.skills if s.category in ("any", category))

    def damage_bonus(self, seat: int, source: int, as_code: str) -> int:
        return self._bonus(seat, source, "damage")

    def heal_bonus(self, seat: int, source: int, as_code: str) -> int:
        return self._bonus(seat, source, "heal")

    def establish(self, seat: int, target: int, amount: int, source: int) -> None:
        self.data["event"] = {"by": seat, "target": target, "amount": amount, "source": source}
        self.announce("established", target, by=seat, amount=amount, card=source)

    def strikes_back(self, card: int) -> bool:
        """Whether a counter card deals damage of its own (a new damage event)."""
        return any(e["op"] == "damage" for e in self.table.card[card].effects)

    def counter_cards(self, seat: int) -> list[int]:
        capped = self.data["strikes"] >= int(self.params["max_strike_backs"])
        return [
            c
            for c in sorted(self.zone(f"hand:{seat}"))
            if self.table.card[c].counter and not (capped and self.strikes_back(c))
        ]

    def use_counter(self, seat: int, card: int) -> list[EffectData]:
        if self.strikes_back(card):
            self.data["strikes"] += 1
        self.move([card], f"hand:{seat}", "resolving", "counter")
        self.announce("counter", seat, card=card)
        return [dict(e) for e in self.table.card[card].effects]

    def take_damage(self, target: int, amount: int, by: int, source: int) -> None:
        self.data["event"] = None
        hp = self.zone(f"hp:{target}")
        drawn = min(amount, len(hp))
        self.move(hp[len(hp) - drawn :][::-1], f"hp:{target}", f"hand:{target}", "damage")
        self.announce("damage", target, by=by, amount=amount, drawn=drawn, card=source)
        if amount > 0 and not hp:
            # R10: damage at or beyond the HP deck empties it: that player loses at once
            self.finish((self.opponent(target),), "hp")
            return
        if amount <= 0 and not self.params["zero_damage_triggers"]:
            return
        # One event brings awakening (if the character was normal) or its skills that answer
        # damage (if it was awakened, 猫かぶり), never both: the side when the event began decides.
        was = self.data["side"][target]
        if was == NORMAL:
            self.check_awaken(target, "damage_taken", amount)
        self.occasion(target, "damage_taken", side=was)

    def heal(self, seat: int, card: int) -> None:
        self.move([card], f"hand:{seat}", f"hp:{seat}", "heal", to_bottom=True)
        self.announce("heal", seat)

    # -- characters --------------------------------------------------------------------------
    def check_awaken(self, seat: int, after: str, amount: int) -> None:
        """Turn a normal character to its awakened side if its condition holds now."""
        rules = self.character(seat)
        if rules is None or rules.awaken is None or self.data["side"][seat] != NORMAL:
            return
        cond = rules.awaken
        # "equipment_change" is setting equipment after the first setup (R3: the Magician); "equip" is
        # any setting of equipment, the first setup's too (R3: the Princess)
        first_setup = self.state.phase == "first_setup"
        if cond.after != after and not (
            after == "equip" and cond.after == "equipment_change" and not first_setup
        ):
            return
        if cond.hp_at_most is not None and len(self.zone(f"hp:{seat}")) > cond.hp_at_most:
            return
        if cond.damage_at_least is not None and amount < cond.damage_at_least:
            return
        if not cond.equipment_holds(self.table.card[card].category for card, _ in self.equipment(seat)):
            return
        self.flip(seat, AWAKENED)

    def flip(self, seat: int, side: str) -> None:
        current = self.data["side"][seat]
        new = (AWAKENED if current == NORMAL else NORMAL) if side == "other" else side
        if new == current or self.character(seat) is None:
            return
        self.data["side"][seat] = new
        self.announce("awaken" if new == AWAKENED else "revert", seat, card=self.character_card(seat))
        mismatch = str(self.params["flip_mismatch"])
        if mismatch != "stay":
            faces = self.faces(seat)
            dst = f"hand:{seat}" if mismatch == "hand" else "discard"
            for card, slot in self.equipment(seat):
                if faces[slot] not in self.table.card[card].links:
                    self.move([card], slot_zone(seat, slot), dst, "flip")

    def occasion(self, seat: int, on: str, side: str | None = None) -> None:
        """Queue the effects of the seat's skills for an occasion (in front, in written order)."""
        rules = self.character(seat)
        if rules is None or rules.sides is None:
            return
        skills = [s for s in rules.sides[side or self.data["side"][seat]].skills if s.on == on]
        card = self.character_card(seat)
        resolver = self.resolver()
        for skill in reversed(skills):
            self.announce("skill", seat, card=card, skill=skill.name.get("en"), on=on)
            resolver.push(list(skill.effects), seat, card, rules.code)

    # -- the end -----------------------------------------------------------------------------
    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        """The game is over: nothing further resolves."""
        state = self.state
        state.over = True
        state.phase = OVER
        state.active = None
        state.pending = None
        self.data["frames"].clear()
        self.data["event"] = None
        self.data["end_reason"] = reason
        self.sync_scores()
        state.winners = winners
        for seat in range(state.seats):  # the hands are shown at the end (and nothing can be taken back)
            self.events.append(
                Revealed(seat, tuple(sorted(self.zone(f"hand:{seat}"))), f"hand:{seat}", "game over")
            )
        self.events.append(GameEnded(winners, tuple(state.scores)))

    # -- resolving ---------------------------------------------------------------------------
    def resolver(self) -> Resolver:
        """The effect resolver over the state's queue of frames."""
        return Resolver(VOCAB, self, self.data["frames"])

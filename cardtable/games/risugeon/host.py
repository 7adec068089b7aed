"""Risugeon's card movements and counters, and the host the effect vocabulary acts through.

Zones (the top of a pile is the end of its list):
  deck:N (hidden), hand:N (its owner), discard:N (public, R12), play:N (public: used actions and
  cards that stay), look:N (its owner: cards looked at, not yet placed)
  pile:skill1..3, pile:production, pile:gems (face up; the gem pile lowest required skill on top),
  action_deck (hidden), display (the public actions), stock_area (在庫置き場), box (sets not in use,
  and cards a scenario's stacked deal set aside)

A seat's points are tallied as cards enter and leave its deck, hand, discard pile and look zone, and
the cards it owns (those zones and its play area) are tallied by code. Every such move is public (a
training, a return, a card used), so both tallies are public knowledge although the cards' places are
not (views must not change when only hidden cards differ); invariants check them against the zones.
"""

from __future__ import annotations

from typing import Any

from ...rules.effects import EffectData, Resolver
from ...rules.events import Announced, Event, Shuffled
from ...rules.state import GameState
from .cards import VOCAB, Table, table_of
from .data import RisugeonData, game_data

COUNTER_KEYS = {"actions": "actions_left", "trainings": "trainings_left", "skill": "skill", "ps": "ps"}
_SCORING = ("deck:", "hand:", "discard:", "look:")  # a seat's cards that score at the end
_OWNED = (*_SCORING, "play:")  # a seat's cards


def owner_if_scoring(zone: str) -> int | None:
    """The seat whose score counts the cards of `zone`, or None."""
    if zone.startswith(_SCORING):
        return int(zone.split(":", 1)[1])
    return None


def owner_of(zone: str) -> int | None:
    """The seat whose cards `zone` holds (deck, hand, discard pile, play area, look), or None."""
    if zone.startswith(_OWNED):
        return int(zone.split(":", 1)[1])
    return None


# Per zone name: (owner_of, owner_if_scoring), worked out once (every card move asks both for its two
# zones; the names are the few a table has, whatever the card set).
_OWNERS: dict[str, tuple[int | None, int | None]] = {}


def _owners(zone: str) -> tuple[int | None, int | None]:
    found = _OWNERS.get(zone)
    if found is None:
        found = _OWNERS[zone] = (owner_of(zone), owner_if_scoring(zone))
    return found


def owned_counts(state: GameState, seat: int) -> dict[str, int]:
    """How many cards of each code a seat owns, counted from the zones."""
    card = table_of(state.cardset).card  # type: ignore[arg-type]
    out: dict[str, int] = {}
    for prefix in _OWNED:
        for c in state.zones[f"{prefix}{seat}"].cards:
            out[card[c].code] = out.get(card[c].code, 0) + 1
    return dict(sorted(out.items()))


class Host:
    """The game's side of effects and rules steps for one `apply`: it moves cards, keeps the counters
    and the points tally, and records every event."""

    def __init__(self, state: GameState, events: list[Event]) -> None:
        assert state.cardset is not None
        self.state = state
        self.events = events
        self.table: Table = table_of(state.cardset)
        self.data: RisugeonData = game_data(state)

    # -- cards -------------------------------------------------------------------------------
    def zone(self, name: str) -> list[int]:
        """The cards of a zone (top last)."""
        return self.state.zones[name].cards

    def code(self, card: int) -> str:
        """A card's own code."""
        return self.table.card[card].code

    def as_code(self, card: int) -> str:
        """The code a card counts as now (its imitation until End step 1, else its own)."""
        return str(self.data["identity"].get(str(card), self.table.card[card].code))

    def move(
        self, cards: list[int] | tuple[int, ...], src: str, dst: str, why: str, to_bottom: bool = False
    ) -> None:
        """Move cards and keep the points tally of the seats whose scoring zones they leave or enter."""
        if not cards:
            return
        self.events.append(self.state.move(cards, src, dst, why, to_bottom))
        # the zones' owners as worked out once per name (a pair is never empty, so `or` only misses)
        (giver, before), (taker, after) = _OWNERS.get(src) or _owners(src), _OWNERS.get(dst) or _owners(dst)
        if giver != taker:
            owned = self.data["owned"]
            for c in cards:
                code = self.table.card[c].code
                if giver is not None:
                    owned[giver][code] -= 1
                    if not owned[giver][code]:
                        del owned[giver][code]
                if taker is not None:
                    owned[taker][code] = owned[taker].get(code, 0) + 1
        if before != after:
            points = sum(self.table.card[c].points for c in cards)
            if points:
                tally = self.data["points"]
                if before is not None:
                    tally[before] -= points
                if after is not None:
                    tally[after] += points
                self.state.scores = list(tally)

    def rebuild_deck(self, seat: int) -> bool:
        """An empty deck: the discard pile is shuffled into a new deck (used actions stay in play)."""
        discard = self.zone(f"discard:{seat}")
        if not discard:
            return False
        self.move(list(reversed(discard)), f"discard:{seat}", f"deck:{seat}", "rebuild")
        deck = self.zone(f"deck:{seat}")
        deck.sort()
        self.state.rng.shuffle(deck)
        self.events.append(Shuffled(f"deck:{seat}", len(deck)))
        return True

    def _take_top(self, seat: int, count: int, dst: str, why: str) -> int:
        """Top cards of the deck to `dst`, rebuilding the deck from the discard pile as R7 says."""
        done = 0
        mid_draw = bool(self.state.params["reshuffle_mid_draw"])
        while done < count:
            deck = self.zone(f"deck:{seat}")
            if not deck:
                if (done and not mid_draw) or not self.rebuild_deck(seat):
                    break
                deck = self.zone(f"deck:{seat}")
            take = min(count - done, len(deck))
            self.move(deck[-take:][::-1], f"deck:{seat}", dst, why)
            done += take
        return done

    def refill_display(self) -> None:
        """Keep the public actions at display_size from the action deck (R11: fewer when it and the stock
        area are empty). The shuffled stock area becomes the new action deck when the deck runs out
        (action_rebuild: empty) or when a refill finds it empty (refill)."""
        size = int(self.state.params["display_size"])
        display = self.zone("display")
        at_once = self.state.params["action_rebuild"] == "empty"
        while len(display) < size:
            if not self.zone("action_deck") and not self.rebuild_actions():
                return
            self.move([self.zone("action_deck")[-1]], "action_deck", "display", "refill")
            if at_once and not self.zone("action_deck"):
                # the rulebook rebuilds the moment the pile runs out, not when the next card is needed
                self.rebuild_actions()
        if at_once and not self.zone("action_deck"):
            self.rebuild_actions()  # the pile ran out while the stock area was empty: it is rebuilt now

    def rebuild_actions(self) -> bool:
        """Shuffle the stock area into a new action deck; False when the stock area is empty."""
        stock = self.zone("stock_area")
        if not stock:
            return False
        self.move(list(reversed(stock)), "stock_area", "action_deck", "rebuild")
        deck = self.zone("action_deck")
        deck.sort()
        self.state.rng.shuffle(deck)
        self.events.append(Shuffled("action_deck", len(deck)))
        self.data["action_rebuilds"] += 1
        return True

    # -- the DeckbuilderHost protocol --------------------------------------------------------
    def add(self, seat: int, counter: str, amount: int) -> None:
        key = COUNTER_KEYS[counter]
        self.data[key] += amount
        self.events.append(Announced("gain", seat, {counter: amount}))

    def draw(self, seat: int, count: int) -> int:
        return self._take_top(seat, count, f"hand:{seat}", "draw")

    def look(self, seat: int, count: int) -> int:
        return self._take_top(seat, count, f"look:{seat}", "look")

    def looked(self, seat: int) -> list[int]:
        return list(self.zone(f"look:{seat}"))

    def put_looked(self, seat: int, card: int, where: str) -> None:
        dst = {"hand": f"hand:{seat}", "discard": f"discard:{seat}", "deck": f"deck:{seat}"}[where]
        self.move([card], f"look:{seat}", dst, "look")

    def hand_cards(self, seat: int, card_type: str) -> list[int]:
        cards = self.zone(f"hand:{seat}")
        if card_type == "any":
            return sorted(cards)
        return sorted(c for c in cards if self.table.card[c].type == card_type)

    def discard_from_hand(self, seat: int, card: int) -> None:
        self.move([card], f"hand:{seat}", f"discard:{seat}", "discard")

    def return_to_pile(self, seat: int, card: int) -> None:
        pile = self.table.pile_of(card)
        self.move([card], f"hand:{seat}", pile, "return")
        if pile == "pile:gems":  # keep the gem pile ordered, lowest required skill on top
            gems = self.zone(pile)
            order = {g: i for i, g in enumerate(self.table.gems)}
            gems.sort(key=lambda g: -order[g])

    def gain_higher(self, seat: int, card: int, by: int) -> None:
        tiers = self.table.tiers
        rules = self.table.card[card]
        if rules.type != "combat" or rules.skill not in tiers:
            return
        tier = tiers[min(tiers.index(rules.skill) + by, len(tiers) - 1)]
        pile = self.zone(f"pile:skill{tier}")
        if pile:  # R11: an empty pile gives nothing
            self.move([pile[-1]], f"pile:skill{tier}", f"discard:{seat}", "gain")

    def imitation_targets(self, seat: int, source: int, where: str) -> list[str]:
        table = self.table
        if where == "display":
            cards = list(self.zone("display"))
            codes = {table.card[c].code for c in cards}
        else:
            in_play = set(self.zone(f"play:{seat}"))
            codes = {self.as_code(c) for c in self.data["played"] if c != source and c in in_play}
        return sorted(c for c in codes if not table.by_code[c].imitates and table.by_code[c].type == "action")

    def imitate(self, seat: int, source: int, code: str) -> list[EffectData]:
        self.data["identity"][str(source)] = code
        self.events.append(Announced("imitate", seat, {"card": source, "as": code}))
        return [dict(e) for e in self.table.by_code[code].effects]

    def stay(self, seat: int, source: int, as_code: str, turns: int, next_turn: list[EffectData]) -> None:
        self.data["staying"].append(
            {"seat": seat, "card": source, "as": as_code, "turns": turns, "next_turn": next_turn, "new": True}
        )

    def at_end_of_turn(self, seat: int, source: int, as_code: str, effects: list[EffectData]) -> None:
        self.data["riders"].append({"seat": seat, "card": source, "as": as_code, "effects": effects})

    def grant_ability(
        self,
        seat: int,
        source: int,
        as_code: str,
        cost: dict[str, int],
        effects: list[EffectData],
        uses: int | None,
    ) -> None:
        abilities = self.data["abilities"]
        same = sum(1 for a in abilities if a["card"] == source and a["as"] == as_code)
        label = as_code if same == 0 else f"{as_code}.{same + 1}"
        abilities.append(
            {
                "seat": seat,
                "card": source,
                "as": as_code,
                "label": label,
                "cost": cost,
                "effects": effects,
                "uses": uses,
            }
        )

    # -- resolving ---------------------------------------------------------------------------
    def resolver(self) -> Resolver:
        """The effect resolver over the state's queue of frames."""
        return Resolver(VOCAB, self, self.data["frames"])


def counters(data: dict[str, Any]) -> dict[str, int]:
    """The turn's counters by their card-text names."""
    return {name: int(data[key]) for name, key in COUNTER_KEYS.items()}

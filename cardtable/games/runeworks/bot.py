"""The Rune Works! heuristic bot: plan the melds, hold them until going out, Release the least useful card.

It reads only its seat's PlayerView: its own hand, the public zones (Mana Pool, table melds), the
public data (melds with their spans, level, the claimed discard) and the card set's rank/suit tables
via `deck_of`. Cards it has not seen (the stock and the other hands) count as "live".

Decisions, by phase:

* Leady work: reveal the highest card. Whoever shows the highest card starts, and the first turn is
  worth a tempo.
* Claim window: Shot whenever it is legal, because it wins the round. Call when the Call Set leaves
  at least as many hand cards headed for the table as before. A Call replaces a Draw, and a card
  that melds at once beats a random one. Otherwise pass.
* Turn start: Seek on the same test as a Call, else Draw.
* Play: plan the hand. A plan is a set of disjoint new melds, followed by the chain of Boosts onto
  any meld on the table or in the plan. The best plan puts the most cards down while keeping one
  card to Release. Ties go to the plan whose leftover has the most useful structure: pairs and
  near-runs with live cards to complete them, and cards that will boost once one of our melds is
  down. The bot sets and boosts only when the plan goes out this turn (all cards but the Released
  one). Until then it keeps its melds in hand, where they stay flexible: a 4-card run can lend an
  end card to a new meld, and opponents cannot boost onto them or use them for a Shot. A
  Seek or Call still puts its meld down at once.

  Holding is much stronger than setting greedily. In 2-seat Level-3 games against the random bot it
  wins 97-98% against 93%; the greedy version wins 60% at Level 1, where nothing can be boosted. It
  also beats the greedy version head to head. At Levels 4-5 it means going out in one turn: no meld
  damage, since that only hits magicians who do not Ignite, and a Blast whenever nothing was Sought
  or Called. Set `hold_melds = False` on a subclass to set and boost as soon as possible; at
  Level 5 that variant sets a meld only when its cards are worth at least the meld damage it adds.
* Release: the leftover card least useful to us, after a small penalty for danger. A card is
  dangerous when it could give an opponent a Seek, Call or Shot (weighted by their hand size and
  the live cards that would meld with it), or when it extends one of an opponent's visible table
  sequences. At Levels 4-5 the bot releases high-value cards more readily, since they cost MP
  when someone else Ignites (a 7 counts 30).

Everything is deterministic given the bot's rng, which only breaks exact ties. Most decisions take
a few tens of microseconds; the slowest seen take under half a millisecond.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.events import UNKNOWN
from ...rules.view import PlayerView
from .melds import SPIRIT_RANK, Meld, classify, deck_of, new_melds

SEVEN_VALUE = 30  # a 7's value in a hand total at Levels 4-5
CLOSE_HAND = 4  # an opponent with this many cards or fewer may Shot with few of their cards
PLACED_WEIGHT = 100.0  # one more card headed for the table outweighs any leftover structure

# how useful a leftover card is (see _Seen.usefulness)
W_BOOST_LATER = 40.0  # fits a table meld once a meld of ours is down
W_PAIR = 5.0  # per other card of its rank
W_PAIR_LIVE = 4.0  # ... and per live card of that rank
W_ADJ = 3.0  # per neighbour of its suit (one value away)
W_ADJ_LIVE = 3.0  # ... and per live card that would extend the pair into a run
W_GAP = 2.0  # per card of its suit two values away
W_GAP_LIVE = 2.5  # ... when the card between them is live
W_ISO_RANK = 0.5  # per live card of its rank
W_ISO_NEAR = 0.3  # per live card one value away in its suit
W_ISO_GAP = 0.15  # per live card two values away in its suit
W_OPEN = 1.5  # per live card that would extend a planned meld
W_DANGER = 6.0  # scale of the danger of releasing a card
W_TABLE_END = 0.5  # the card extends an opponent's sequence on the table
W_VALUE = 0.12  # Levels 4-5: per point of hand value (7 = 30)


def card_value(rank: int) -> int:
    """A card's value in a hand total at Levels 4-5: its rank, but 30 for a 7."""
    return SEVEN_VALUE if rank == SPIRIT_RANK else rank


def marginal_damage(melds: int) -> int:
    """Level-5 damage added by one more meld of ours when `melds` are down (30, then 20, 10, 0)."""
    return (30, 20, 10)[melds] if melds < 3 else 0


@dataclass
class Plan:
    """What to put down from a hand this turn, and what is left in it."""

    sets: list[tuple[int, ...]]
    boosts: list[int]  # hand cards, in an order in which each can be boosted
    left: list[int]
    score: float

    @property
    def placed(self) -> int:
        """Cards the plan puts on the table."""
        return sum(len(s) for s in self.sets) + len(self.boosts)


class _Seen:
    """What one view tells: the deck tables, our hand, the live cards, the melds on the table."""

    def __init__(self, view: PlayerView) -> None:
        if view.cardset is None or view.seat is None:
            raise ValueError("the heuristic bot needs a seat's view with its card set")
        deck = deck_of(view.cardset)
        self.deck = deck
        self.rank = deck.rank
        self.suit = deck.suit
        params = view.params
        data = view.data
        self.me = view.seat
        self.seats = view.seats
        self.level = int(data.get("level", params.get("level", 3)))
        self.ace_high = bool(params.get("ace_high_sequences", False))
        self.top = 14 if self.ace_high else 13
        self.keep = 1 if params.get("must_keep_one_card", True) else 0
        self.sevens_cs = bool(params.get("sevens_call_set", True))
        self.hand = [c for c in view.hand() if c != UNKNOWN]
        self._shapes: dict[tuple[int, ...], Meld] = {}
        # the cards it has seen: every zone's faces but the stock's and the other hands' (a set filled
        # in C, zone by zone: the search bot's playouts ask this bot thousands of times a decision)
        seen: set[int] = set()
        zones = view.zones
        for name in zones:
            if name == "stock":
                continue
            zone = zones[name]
            if name.startswith("hand:") and zone.owner != self.me:
                continue
            seen.update(zone.cards)
        seen.discard(UNKNOWN)
        unseen = [card not in seen for card in range(len(deck.rank))]
        self.unseen = unseen
        self.n_unseen = max(1, len(unseen) - len(seen))
        live_rank = self.live_rank = [0] * 14
        # live_at[suit][value]: 1 if that card is unseen; values 0 and 14-15 pad the ends (14 = ace high)
        live_at = self.live_at = [[0] * 16 for _ in range(4)]
        ranks, suits = deck.rank, deck.suit
        for card in range(len(ranks)):
            if card not in seen:
                rank = ranks[card]
                live_rank[rank] += 1
                live_at[suits[card]][rank] = 1
                if rank == 1 and self.ace_high:
                    live_at[suits[card]][14] = 1
        own = data.get("own_melds", [])
        self.own_melds = own[self.me] if self.me < len(own) else 0
        self.opp_hand = {
            s: view.zones[f"hand:{s}"].count
            for s in range(self.seats)
            if s != self.me and f"hand:{s}" in view.zones
        }
        # what a card can be boosted onto: Call Set ranks, and sequence ends (suit, value) -> direction
        self.cs_ranks: set[int] = set()
        self.ends: dict[tuple[int, int], int] = {}
        self.opp_ends: set[tuple[int, int]] = set()
        entry: dict[str, Any]
        for entry in data.get("melds", []):
            if entry["kind"] == "CS":
                self.cs_ranks.add(int(entry["rank"]))
                continue
            suit, lo, hi = int(entry["suit"]), int(entry["lo"]), int(entry["hi"])
            self._add_ends(self.ends, suit, lo, hi)
            if entry["owner"] != self.me:
                self.opp_ends.update({(suit, lo - 1), (suit, hi + 1)})

    # -- small tables ------------------------------------------------------------------------
    def _add_ends(self, ends: dict[tuple[int, int], int], suit: int, lo: int, hi: int) -> None:
        if lo > 1:
            ends[(suit, lo - 1)] = -1
        if hi < self.top:
            ends[(suit, hi + 1)] = 1

    def values(self, card: int) -> tuple[int, ...]:
        """The sequence values a card can take (an ace is also 14 with ace-high sequences)."""
        rank = self.rank[card]
        return (1, 14) if self.ace_high and rank == 1 else (rank,)

    def live(self, suit: int, value: int) -> int:
        """1 if the card of this suit and sequence value is unseen by us, else 0."""
        return self.live_at[suit][value] if 0 <= value <= 15 else 0

    # -- melds -------------------------------------------------------------------------------
    def meld_options(self, cards: list[int]) -> list[tuple[int, ...]]:
        """The new melds these cards allow, enumerated as the rules do."""
        options = new_melds(cards, self.deck, self.ace_high)
        if not self.sevens_cs:
            rank = self.rank
            options = [
                m for m in options if len(m) == 1 or rank[m[0]] != SPIRIT_RANK or rank[m[0]] != rank[m[1]]
            ]
        return options

    def shape(self, cards: tuple[int, ...]) -> Meld:
        """The meld these cards form."""
        meld = self._shapes.get(cards)
        if meld is None:
            meld = classify(cards, self.deck, self.ace_high)
            assert meld is not None, cards
            self._shapes[cards] = meld
        return meld

    def boost_chain(self, cards: list[int], new: list[tuple[int, ...]]) -> list[int]:
        """The cards that can be boosted, in a workable order, onto the table melds plus `new` ones."""
        cs = set(self.cs_ranks)
        ends = dict(self.ends)
        for cards_of_meld in new:
            meld = self.shape(cards_of_meld)
            if meld.kind == "CS":
                cs.add(meld.rank)
            else:
                self._add_ends(ends, meld.suit, meld.lo, meld.hi)
        order: list[int] = []
        rest = list(cards)
        changed = True
        while changed and rest:
            changed = False
            for card in rest:
                if self.rank[card] in cs:
                    hit: tuple[int, int] | None = None
                else:
                    hit = next(
                        ((self.suit[card], v) for v in self.values(card) if (self.suit[card], v) in ends),
                        None,
                    )
                    if hit is None:
                        continue
                    step = ends.pop(hit)
                    if 1 <= hit[1] + step <= self.top:
                        ends[(hit[0], hit[1] + step)] = step
                order.append(card)
                rest.remove(card)
                changed = True
                break
        return order

    def open_ends(self, melds: list[tuple[int, ...]]) -> int:
        """Live cards that would extend these new melds (a drawn or claimed card that goes down)."""
        total = 0
        for cards in melds:
            meld = self.shape(cards)
            if meld.kind == "CS":
                total += self.live_rank[meld.rank]
            else:
                total += self.live(meld.suit, meld.lo - 1) + self.live(meld.suit, meld.hi + 1)
        return total

    # -- leftover cards ------------------------------------------------------------------------
    def usefulness(self, left: list[int], later: set[int]) -> dict[int, float]:
        """How much each leftover card helps us go out; `later` fit a table meld once we may boost."""
        rank, suit, live_rank = self.rank, self.suit, self.live_rank
        info = [(card, rank[card], suit[card], self.values(card)) for card in left]
        out: dict[int, float] = {}
        for card, r, s, mine in info:
            if card in later:
                out[card] = W_BOOST_LATER
                continue
            live = self.live_at[s]
            score = W_ISO_RANK * live_rank[r]
            for other, r2, s2, theirs in info:
                if r2 == r:
                    if other != card:
                        score += W_PAIR + W_PAIR_LIVE * live_rank[r]
                elif s2 == s:
                    for v in mine:
                        for w in theirs:
                            if w == v + 1 or w == v - 1:
                                lo = min(v, w)
                                score += W_ADJ + W_ADJ_LIVE * (live[lo - 1] + live[lo + 2])
                            elif w == v + 2 or w == v - 2:
                                score += W_GAP + W_GAP_LIVE * live[(v + w) // 2]
            for v in mine:
                score += W_ISO_NEAR * (live[v - 1] + live[v + 1])
                score += W_ISO_GAP * (live[v - 2] + (live[v + 2] if v <= 13 else 0))
            out[card] = score
        return out

    def danger(self, card: int) -> float:
        """Roughly how likely the card, once released, gives an opponent a new meld (a Seek, Call or Shot)."""
        if self.level < 2:
            return 0.0
        r, s = self.rank[card], self.suit[card]
        live_r = self.live_rank[r]
        rank_pairs = live_r * (live_r - 1) / 2 if self.level >= 3 else 0.0
        run_pairs = 0
        for v in self.values(card):
            run_pairs += self.live(s, v - 2) * self.live(s, v - 1)
            run_pairs += self.live(s, v - 1) * self.live(s, v + 1)
            run_pairs += self.live(s, v + 1) * self.live(s, v + 2)
        following = (self.me + 1) % self.seats
        total = 0.0
        for seat, count in self.opp_hand.items():
            share = (count / self.n_unseen) ** 2  # chance they hold a given pair of live cards
            pairs = rank_pairs + (run_pairs if seat == following or self.level >= 3 else 0)
            weight = 3.0 if self.level >= 3 and count <= CLOSE_HAND else 1.0
            total += share * pairs * weight
        score = W_DANGER * total
        if any((s, v) in self.opp_ends for v in self.values(card)):
            score += W_TABLE_END
        return score

    # -- planning ------------------------------------------------------------------------------
    def plan(self, cards: list[int], can_boost: bool) -> Plan:
        """The best way to put cards down from `cards` this turn (see the module docstring)."""
        options = self.meld_options(cards)
        limit = len(cards) - self.keep
        index = {c: i for i, c in enumerate(cards)}
        masks = [sum(1 << index[c] for c in m) for m in options]
        boosting = self.level >= 2
        most = -1
        found: list[tuple[list[tuple[int, ...]], list[int], list[int], set[int]]] = []
        stack: list[tuple[int, int, int, list[int]]] = [(0, 0, 0, [])]
        while stack:
            start, used, count, chosen = stack.pop()
            extended = False
            for i in range(start, len(options)):
                if masks[i] & used or count + len(options[i]) > limit:
                    continue
                extended = True
                stack.append((i + 1, used | masks[i], count + len(options[i]), [*chosen, i]))
            if extended and chosen:
                continue  # a combination that can take one more meld is beaten by the one that does
            sets = [options[i] for i in chosen]
            left = [c for c in cards if not used >> index[c] & 1]
            chain = self.boost_chain(left, sets) if boosting else []
            boosts: list[int] = []
            if chain and (can_boost or sets):
                boosts = chain[: max(0, limit - count)]
            placed = count + len(boosts)
            if placed > most:
                most, found = placed, []
            if placed == most:
                found.append((sets, boosts, left, set(chain[len(boosts) :])))
        best: Plan | None = None
        for sets, boosts, left, later in found:  # the most cards down first, then the best leftover
            rest = [c for c in left if c not in boosts]
            useful = self.usefulness(rest, later)
            structure = sum(useful.values()) - (min(useful.values()) if useful else 0.0)
            score = PLACED_WEIGHT * most + structure + W_OPEN * self.open_ends(sets)
            if best is None or score > best.score:
                best = Plan(sets, boosts, rest, score)
        assert best is not None
        return best


class RuneWorksBot(Bot):
    """A fast heuristic Rune Works! player that reads only its PlayerView."""

    name = "heuristic"
    hold_melds = True  # set and boost only on the turn that goes out (False: as soon as possible)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "noreveal" in kinds or "reveal" in kinds:
            return self._leady(view)
        seen = _Seen(view)
        if "pass" in kinds:
            return self._claim(view, seen)
        if "draw" in kinds:
            return self._start(view, seen)
        if "release" in kinds:
            return self._play(view, seen)
        return legal[0]

    # -- phases ------------------------------------------------------------------------------
    def _leady(self, view: PlayerView) -> Action:
        """Show the highest card: the highest starts the round."""
        assert view.cardset is not None
        rank = deck_of(view.cardset).rank
        reveals = [a for a in view.legal if a.kind == "reveal"]
        if not reveals:
            return view.legal[0]
        return max(reveals, key=lambda a: (rank[a.cards[0]], -a.cards[0]))

    def _claim(self, view: PlayerView, seen: _Seen) -> Action:
        """Shot if we can; Call if it helps; else pass."""
        legal = view.legal
        for action in legal:
            if action.kind == "shot":
                return action
        call = self._best_take(seen, [a for a in legal if a.kind == "call"])
        return call if call is not None else next(a for a in legal if a.kind == "pass")

    def _start(self, view: PlayerView, seen: _Seen) -> Action:
        """Seek if it helps; else draw."""
        legal = view.legal
        seek = self._best_take(seen, [a for a in legal if a.kind == "seek"])
        return seek if seek is not None else next(a for a in legal if a.kind == "draw")

    def _best_take(self, seen: _Seen, takes: list[Action]) -> Action | None:
        """The Seek or Call that keeps at least as many hand cards headed down as before, if any.

        Taking the discard replaces a Draw, and a card that melds at once beats a random one, so
        a Seek or Call pays unless it breaks up a better meld.
        """
        if not takes:
            return None
        before = seen.plan(seen.hand, seen.own_melds > 0).placed
        best: tuple[float, Action] | None = None
        for action in takes:
            rest = [c for c in seen.hand if c not in action.cards]
            plan = seen.plan(rest, True)
            if len(action.cards) + plan.placed < before:
                continue
            score = PLACED_WEIGHT * len(action.cards) + plan.score
            if best is None or score > best[0]:
                best = (score, action)
        return best[1] if best else None

    def _play(self, view: PlayerView, seen: _Seen) -> Action:
        """Set, then boost, along the plan when going out (or always if not holding); then Release."""
        legal = view.legal
        plan = seen.plan(seen.hand, seen.own_melds > 0)
        going_out = len(plan.left) <= 1
        if going_out or not self.hold_melds:
            for meld in sorted(plan.sets, key=lambda m: (-self._worth(seen, m), m)):
                if (
                    not going_out
                    and seen.level >= 5
                    and self._worth(seen, meld) < marginal_damage(seen.own_melds)
                ):
                    continue  # Level 5: this meld would cost more damage than its cards if we fail
                action = Action(seen.me, "set", meld)
                if action in legal:
                    return action
            for card in plan.boosts:
                boosts = [a for a in legal if a.kind == "boost" and a.cards[0] == card]
                if boosts:
                    # onto a sequence first: it may open the way for the next card of the chain
                    return min(boosts, key=lambda a: (self._onto_call_set(view, a), a.target))
        return self._release(view, seen, plan)

    @staticmethod
    def _worth(seen: _Seen, meld: tuple[int, ...]) -> int:
        return sum(card_value(seen.rank[c]) for c in meld)

    @staticmethod
    def _onto_call_set(view: PlayerView, action: Action) -> bool:
        melds = view.data.get("melds", [])
        index = int(action.target[1:]) if action.target[1:].isdigit() else -1
        return 0 <= index < len(melds) and melds[index]["kind"] == "CS"

    def released(self, view: PlayerView) -> int | None:
        """The card this bot would release from `view`'s hand in the play phase, or None when it would
        go out this turn instead (the belief reads another seat's last Release by it: belief.py)."""
        seen = _Seen(view)
        plan = seen.plan(seen.hand, seen.own_melds > 0)
        if len(plan.left) <= 1:
            return None
        return self._release(view, seen, plan).cards[0]

    def _release(self, view: PlayerView, seen: _Seen, plan: Plan) -> Action:
        """The leftover card we need least, the least dangerous to give away."""
        releases = {a.cards[0]: a for a in view.legal if a.kind == "release"}
        if not releases:
            return view.legal[0]
        pool = [c for c in plan.left if c in releases] or sorted(releases)
        later = set(seen.boost_chain(pool, plan.sets)) if seen.level >= 2 else set()
        useful = seen.usefulness(pool, later)
        scoring = seen.level >= 4
        best: tuple[float, float, int] | None = None
        for card in pool:
            cost = useful[card] + seen.danger(card)
            if scoring:
                cost -= W_VALUE * card_value(seen.rank[card])
            key = (cost, self.rng.random(), card)
            if best is None or key < best:
                best = key
        assert best is not None
        return releases[best[2]]

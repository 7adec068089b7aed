"""Rune Works! (ルーンワークス!): a Seven Bridge variant for 2-6 magicians with one 52-card deck.

Implements the rulebook in shared/seeds/001_b2a53f81e877c27f.txt with the gaps resolved as in
shared/rules/runeworks.md (every PROVISIONAL choice is a parameter, see params.py). Levels are
cumulative: 1 Draw/Set/Release/Ignite, 2 Seek and Boost, 3 Call and Ignite Shot, 4 MP over five
rounds with Blast, 5 200 MP over seven rounds with meld damage and Blast Shot.

Move notation (cards by their card-set code, e.g. H3 = 3 of hearts, SA = ace of spades, D10):
  reveal H9 | noreveal          Leady work: the card shown, or showing nothing (counts 0)
  draw                          take the top card of the stock (Mana Source)
  seek S4 S5 | seek            take the last discard into a new ES with these hand cards (a 7 alone)
  set S3 S4 S5                  set a new meld from the hand
  boost H8 to m2                add a hand card to meld m2 (anyone's); `boost H8` when it fits one meld
  release H3                    discard; the last card Ignites
  pass | call C5 S5 | shot      the claim window after a Release (hidden, revealed together)
"""

from __future__ import annotations

from typing import Any

from ...cardsets import load_for
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.events import (
    Announced,
    Committed,
    Event,
    GameEnded,
    Revealed,
    RoundStarted,
    Scored,
    Shuffled,
    TurnStarted,
)
from ...rules.game import KNOWN, CardProblem, Game, ScenarioRefs
from ...rules.invariants import data_problems
from ...rules.rng import Rng
from ...rules.state import GameState, Pending, copy_data
from ...rules.view import PlayerView
from ...rules.zones import Visibility
from .. import GameEntry, register
from . import scoring
from .belief import sharpen
from .data import RuneWorksData, game_data
from .evaluate import evaluate as evaluate_position
from .melds import (
    Meld,
    boost_value,
    boosted,
    classify,
    deck_of,
    deck_problems,
    is_sequence_span,
)
from .moves import RuneWorksMoves
from .params import PARAMS, round_limit, start_mp
from .words import CLAIM, LEADY, OVER, PLAY, START, RuneWorksWords, hand

NO_CARD = -1


class RuneWorks(RuneWorksMoves, RuneWorksWords, Game):
    """The rules of Rune Works!, levels 1-5."""

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's standing for a search bot (evaluate.py)."""
        return evaluate_position(state)

    def redealt(self, state: GameState, view: PlayerView, rng: Rng) -> None:
        """The other hands of a re-deal made like kept hands, not random ones (belief.py)."""
        if view.seat is not None:
            sharpen(state, view.seat, view.data[KNOWN]["places"], rng, self.public_data)

    id = "runeworks"
    title = "Rune Works!"
    title_ja = "ルーンワークス!"
    description = "Seven Bridge rummy for magicians: meld runes into magic circles and Ignite first."
    min_seats = 2
    max_seats = 6
    params = PARAMS
    cardset_name = "standard52"
    # the balance report (cardtable/lab/record.py): the cards a magician lays out (set, boost, seek, a
    # call) are the ones it chooses to play; nothing is bought
    play_kinds = frozenset({"set", "boost", "seek", "call"})
    public_data_shares_nothing = True  # public_data builds every list and dict anew

    # -- bounds ------------------------------------------------------------------------------
    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def check_cardset(self, cardset: CardSet, params: dict[str, Any]) -> list[CardProblem]:
        return deck_problems(cardset)

    def ending(self, state: GameState) -> str:
        # levels 1-3: the first Ignition wins; 4-5: MP after the rounds (and any overtime)
        return "ignite" if int(state.params["level"]) <= 3 else "rounds"

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        hand_size = params["hand_size"]
        rounds = round_limit(params) + params["max_overtime_rounds"]
        draws = 52 * (params["max_stock_rebuilds"] + 1) + 1
        turns = draws + 52  # every turn draws, or claims a discard that then stays on the table
        per_turn = 1 + (hand_size + 1) + 1 + (seats - 1)
        leady = seats * params["leady_max_compares"]
        return rounds * (leady + turns * per_turn)

    def scored_by_points(self, params: dict[str, Any]) -> bool:
        # MP is kept from Level 4 on; below it the first to Ignite wins and nothing is counted
        return int(params.get("level", 3)) >= 4

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        params = state.params
        if params["level"] <= 3:
            return (0, 1)
        rounds = round_limit(params) + params["max_overtime_rounds"]
        gain = scoring.BLAST_BONUS + scoring.IGNITE_BONUS
        base = start_mp(params)
        return (base - rounds * scoring.worst_round_loss(params, state.seats), base + rounds * gain)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        deck_of(state.cardset)  # a clear DeckError now, not a crash mid-game
        state.add_zone("stock", Visibility.HIDDEN)
        state.add_zone("pool", Visibility.PUBLIC)
        for seat in range(state.seats):
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
        state.zones["stock"].cards.extend(range(52))
        state.scores = [start_mp(state.params)] * state.seats
        state.data.update(
            {
                "round": 0,
                "rounds_played": 0,
                "overtime": 0,
                "starter": None,
                "round_log": [],
                "last_igniters": [],
            }
        )
        events: list[Event] = []
        self._start_round(state, events)
        return events

    def _start_round(self, state: GameState, events: list[Event]) -> None:
        """Gather every card, shuffle, deal, and open Leady work (spec R13: every round)."""
        data = game_data(state)
        for name in list(state.zones):
            if name != "stock" and state.zones[name].cards:
                events.append(state.move(list(state.zones[name].cards), name, "stock", "gather"))
            if name.startswith(("meld:", "shot:")):
                del state.zones[name]
        stock = state.zones["stock"].cards
        stock.sort()
        state.rng.shuffle(stock)
        data["round"] += 1
        events.append(RoundStarted(data["round"]))
        events.append(Shuffled("stock", len(stock)))
        size = state.params["hand_size"]
        for seat in range(state.seats):
            events.append(state.move(stock[-size:][::-1], "stock", f"hand:{seat}", "deal"))
        data.update(
            {
                "melds": [],
                "own_melds": [0] * state.seats,
                "own_elementals": [0] * state.seats,
                "placed": [0] * state.seats,
                "turn_placed": 0,
                "last_discard": None,
                "discarder": None,
                "releases": [],
                "rebuilds": 0,
                "leady": {"compares": 0, "shown": {}, "used": {}},
            }
        )
        if state.params["first_card_face_up"]:
            events.append(state.move([stock[-1]], "stock", "pool", "turn up"))
            data["last_discard"] = state.zones["pool"].cards[-1]
        if state.params["leady_every_round"] or data["round"] == 1:
            state.phase = LEADY
            state.active = None
            state.pending = Pending("leady", tuple(range(state.seats)))
        else:
            last = data["last_igniters"]
            starter = last[0] if last else (data["starter"] + 1) % state.seats
            self._begin_round_turns(state, starter, events)

    def _begin_round_turns(self, state: GameState, starter: int, events: list[Event]) -> None:
        game_data(state)["starter"] = starter
        self._begin_turn(state, starter, events)

    def _begin_turn(self, state: GameState, seat: int, events: list[Event]) -> None:
        state.pending = None
        state.phase = START
        state.active = seat
        game_data(state)["turn_placed"] = 0
        events.append(TurnStarted(seat))

    # -- applying ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.kind
        if kind in ("reveal", "noreveal"):
            self._commit(state, action, events)
            if not state.pending.seats:  # type: ignore[union-attr]
                self._resolve_leady(state, events)
        elif kind in ("pass", "call", "shot"):
            self._commit(state, action, events)
            if not state.pending.seats:  # type: ignore[union-attr]
                self._resolve_claims(state, events)
        elif kind == "draw":
            self._draw(state, action.seat, events)
        elif kind == "seek":
            self._take_discard(state, action.seat, action.cards, "seek", events)
        elif kind == "set":
            self._set(state, action.seat, action.cards, events)
        elif kind == "boost":
            self._boost(state, action.seat, action.cards[0], int(action.target[1:]), events)
        elif kind == "release":
            self._release(state, action.seat, action.cards[0], events)
        else:  # the engine only passes legal actions
            raise AssertionError(kind)
        return events

    def _commit(self, state: GameState, action: Action, events: list[Event]) -> None:
        """Lock in a hidden simultaneous choice; it is revealed when every pending seat has chosen."""
        pending = state.pending
        assert pending is not None
        pending.commits[action.seat] = action
        pending.seats = tuple([s for s in pending.seats if s != action.seat])
        events.append(Committed(action.seat, action))

    def _resolve_leady(self, state: GameState, events: list[Event]) -> None:
        """All flip together; the highest card starts; ties compare again (R3), then a random pick."""
        pending = state.pending
        assert pending is not None
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        leady = game_data(state)["leady"]
        leady["compares"] += 1
        shown: dict[str, int] = {}
        values: dict[int, int] = {}
        for seat in sorted(pending.commits):
            act = pending.commits[seat]
            card = act.cards[0] if act.kind == "reveal" else NO_CARD
            shown[str(seat)] = card
            if card != NO_CARD:
                leady["used"].setdefault(str(seat), []).append(card)
            values[seat] = deck.rank[card] if card != NO_CARD else 0
            if card != NO_CARD:
                events.append(Revealed(seat, (card,), f"hand:{seat}", "leady"))
        leady["shown"] = shown
        best = max(values.values())
        tied = [s for s in sorted(values) if values[s] == best]
        events.append(Announced("leady", None, {"shown": dict(shown), "tied": list(tied)}))
        if len(tied) == 1:
            self._begin_round_turns(state, tied[0], events)
        elif leady["compares"] < state.params["leady_max_compares"]:
            state.pending = Pending("leady", tuple(tied))
        else:
            starter = state.rng.choice(tied)
            events.append(Announced("leady_random", starter, {"tied": list(tied)}))
            self._begin_round_turns(state, starter, events)

    def _draw(self, state: GameState, seat: int, events: list[Event]) -> None:
        data = game_data(state)
        if data["last_discard"] is not None and state.params["level"] >= 2 and data["releases"]:
            last = data["releases"][-1]
            if last["card"] == data["last_discard"]:
                last["drew"] = seat  # it draws rather than Seek the discard: everyone sees it
        stock = state.zones["stock"].cards
        if not stock:
            pool = state.zones["pool"].cards
            if game_data(state)["rebuilds"] >= state.params["max_stock_rebuilds"] or len(pool) < 2:
                events.append(Announced("stock_exhausted"))
                self._end_round(state, (), (), None, events)
                return
            # R12: everything in the Mana Pool but its top card becomes the new stock
            game_data(state)["rebuilds"] += 1
            events.append(state.move(list(pool[:-1]), "pool", "stock", "rebuild"))
            state.rng.shuffle(stock)
            events.append(Shuffled("stock", len(stock)))
        events.append(state.move([stock[-1]], "stock", f"hand:{seat}", "draw"))
        game_data(state)["last_discard"] = None
        state.phase = PLAY

    def _new_meld(
        self,
        state: GameState,
        seat: int,
        cards: tuple[int, ...],
        meld: Meld,
        events: list[Event],
        why: str,
        from_pool: int | None = None,
    ) -> None:
        data = game_data(state)
        name = f"meld:{len(data['melds'])}"
        state.add_zone(name, Visibility.PUBLIC, seat)
        if from_pool is not None:
            events.append(state.move([from_pool], "pool", name, why))
        hand_cards = [c for c in cards if c != from_pool]
        if hand_cards:
            events.append(state.move(hand_cards, f"hand:{seat}", name, why))
        data["melds"].append({"zone": name, "owner": seat, "meld": meld.to_dict()})
        data["own_melds"][seat] += 1
        if meld.kind == "EL":
            data["own_elementals"][seat] += 1
        data["placed"][seat] += len(cards)
        data["turn_placed"] += len(cards)

    def _take_discard(
        self, state: GameState, seat: int, cards: tuple[int, ...], why: str, events: list[Event]
    ) -> None:
        """Seek or Call: the last discard joins these hand cards in a new meld."""
        discard = game_data(state)["last_discard"]
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        all_cards = tuple(sorted((*cards, discard)))
        meld = classify(all_cards, deck, state.params["ace_high_sequences"])
        assert meld is not None
        events.append(Announced(why, seat, {"card": discard}))
        self._new_meld(state, seat, all_cards, meld, events, why, from_pool=discard)
        game_data(state)["last_discard"] = None
        state.phase = PLAY
        self._ignite_if_empty(state, seat, events)

    def _set(self, state: GameState, seat: int, cards: tuple[int, ...], events: list[Event]) -> None:
        meld = classify(cards, deck_of(state.cardset), state.params["ace_high_sequences"])  # type: ignore[arg-type]
        assert meld is not None
        self._new_meld(state, seat, cards, meld, events, "set")
        self._ignite_if_empty(state, seat, events)

    def _boost(self, state: GameState, seat: int, card: int, index: int, events: list[Event]) -> None:
        data = game_data(state)
        entry = data["melds"][index]
        meld = Meld.from_dict(entry["meld"])
        value = boost_value(meld, card, deck_of(state.cardset), state.params["ace_high_sequences"])  # type: ignore[arg-type]
        assert value is not None
        entry["meld"] = boosted(meld, value).to_dict()
        events.append(state.move([card], f"hand:{seat}", entry["zone"], "boost"))
        data["placed"][seat] += 1
        if entry["owner"] == seat or state.params["blast_counts_boosts"]:
            data["turn_placed"] += 1
        self._ignite_if_empty(state, seat, events)

    def _ignite_if_empty(self, state: GameState, seat: int, events: list[Event]) -> None:
        """Only reachable with must_keep_one_card off: setting (or Seeking, Calling) the last card ignites."""
        if not hand(state, seat):
            self._ignite(state, seat, events)

    def _is_blast(self, state: GameState, seat: int, placed_now: int) -> bool:
        """R10: nothing set before this turn, and the whole hand (7) put on the table this turn; from
        Level 4, which brings the Blast in (below it the log and the results called a win a Blast)."""
        before = game_data(state)["placed"][seat] - placed_now
        return state.params["level"] >= 4 and before == 0 and placed_now >= state.params["hand_size"]

    def _ignite(self, state: GameState, seat: int, events: list[Event]) -> None:
        placed_now = game_data(state)["turn_placed"]
        blast = self._is_blast(state, seat, placed_now)
        events.append(Announced("blast" if blast else "ignite", seat))
        self._end_round(state, (seat,), (seat,) if blast else (), None, events)

    def _release(self, state: GameState, seat: int, card: int, events: list[Event]) -> None:
        events.append(state.move([card], f"hand:{seat}", "pool", "release"))
        game_data(state)["releases"].append({"seat": seat, "card": card, "passed": [], "drew": None})
        if not hand(state, seat):
            self._ignite(state, seat, events)
            return
        game_data(state)["last_discard"] = card
        game_data(state)["discarder"] = seat
        following = (seat + 1) % state.seats
        if state.params["level"] >= 3:
            others = tuple([(seat + k) % state.seats for k in range(1, state.seats)])
            state.phase = CLAIM
            state.active = None
            state.pending = Pending("claim", others, data={"discarder": seat, "card": card})
        else:
            self._begin_turn(state, following, events)

    def _resolve_claims(self, state: GameState, events: list[Event]) -> None:
        """Shot (every valid one) > Call > the next seat's turn, where it may Seek (R7)."""
        pending = state.pending
        assert pending is not None
        discarder = pending.data["discarder"]
        order = [(discarder + k) % state.seats for k in range(1, state.seats)]
        # the answers are said together (R7): who passed is as public as who called
        passed = game_data(state)["releases"][-1]["passed"]
        passed.extend(seat for seat in order if pending.commits[seat].kind == "pass")
        shooters: list[int] = []
        plans: dict[int, Any] = {}
        for seat in order:
            act = pending.commits[seat]
            if act.kind in ("shot", "call"):
                plan = self._shot_plan(state, seat)
                if plan is not None:  # a Call that could Ignite is a Shot (R7)
                    shooters.append(seat)
                    plans[seat] = plan
        if shooters and not state.params["all_shots_resolve"]:
            shooters = shooters[:1]
        if shooters:
            self._resolve_shots(state, discarder, shooters, plans, events)
            return
        for seat in order:
            act = pending.commits[seat]
            if act.kind == "call":
                skipped = order[: order.index(seat)]
                state.pending = None
                state.active = seat
                game_data(state)["turn_placed"] = 0
                events.append(Announced("call_skips", seat, {"skipped": skipped}))
                events.append(TurnStarted(seat))
                self._take_discard(state, seat, act.cards, "call", events)
                return
        self._begin_turn(state, (discarder + 1) % state.seats, events)

    def _resolve_shots(
        self,
        state: GameState,
        discarder: int,
        shooters: list[int],
        plans: dict[int, Any],
        events: list[Event],
    ) -> None:
        """The first shooter takes the card and sets everything; every shooter Ignites (R7, R15)."""
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        blasts: list[int] = []
        for seat in shooters:
            # R10: a Blast puts the whole hand down this turn having set nothing before. Without
            # blast_counts_boosts a card boosted onto another's meld does not count, so the shooter
            # takes a plan of its own new melds when one exists (it would choose the Blast).
            if (
                game_data(state)["placed"][seat] == 0 and state.params["level"] >= 4
            ):  # Level 4 brings the Blast
                if not state.params["blast_counts_boosts"]:
                    plans[seat] = self._shot_plan(state, seat, own_melds_only=True) or plans[seat]
                steps, _release = plans[seat]
                placed = sum(
                    len(cards)
                    for kind, cards, index in steps
                    if kind == "set"
                    or state.params["blast_counts_boosts"]
                    or index >= len(game_data(state)["melds"])
                )
                if placed >= state.params["hand_size"]:
                    blasts.append(seat)
            events.append(
                Announced("blast_shot" if seat in blasts else "ignite_shot", seat, {"from": discarder})
            )
        first = shooters[0]
        steps, release = plans[first]
        discard = game_data(state)["last_discard"]
        state.pending = None
        state.active = first
        game_data(state)["turn_placed"] = 0
        for kind, cards, index in steps:
            if kind == "set":
                meld = classify(cards, deck, state.params["ace_high_sequences"])
                assert meld is not None
                self._new_meld(
                    state, first, cards, meld, events, "shot", from_pool=discard if discard in cards else None
                )
            else:
                entry = game_data(state)["melds"][index]
                meld = Meld.from_dict(entry["meld"])
                value = boost_value(meld, cards[0], deck, state.params["ace_high_sequences"])
                assert value is not None
                entry["meld"] = boosted(meld, value).to_dict()
                events.append(state.move([cards[0]], f"hand:{first}", entry["zone"], "boost"))
                game_data(state)["placed"][first] += 1
        events.append(state.move([release], f"hand:{first}", "pool", "release"))
        game_data(state)["releases"].append({"seat": first, "card": release, "passed": [], "drew": None})
        for seat in shooters[1:]:
            # the discard lies in the first shooter's meld, so the others lay their whole hand face
            # up on the table beside their melds: everyone sees that it ignites (R15)
            steps, _release = plans[seat]
            shown = [c for _kind, cards, _index in steps for c in cards if c != discard]
            rest = sorted(c for c in hand(state, seat) if c not in shown)
            state.add_zone(f"shot:{seat}", Visibility.PUBLIC, seat)
            events.append(state.move([*shown, *rest], f"hand:{seat}", f"shot:{seat}", "shot"))
        self._end_round(state, tuple(shooters), tuple(blasts), discarder, events)

    # -- round and match end -----------------------------------------------------------------
    def _end_round(
        self,
        state: GameState,
        igniters: tuple[int, ...],
        blasts: tuple[int, ...],
        shot_from: int | None,
        events: list[Event],
    ) -> None:
        data = game_data(state)
        params = state.params
        data["last_igniters"] = list(igniters)
        if params["level"] <= 3:
            state.scores = [1 if s in igniters else 0 for s in range(state.seats)]
            data["round_log"].append(
                {
                    "round": data["round"],
                    "igniters": list(igniters),
                    "blasts": list(blasts),
                    "shot_from": shot_from,
                }
            )
            self._finish(state, tuple(igniters), events)
            return
        deck = deck_of(state.cardset)  # type: ignore[arg-type]
        hands = [list(hand(state, s)) for s in range(state.seats)]
        melds = list(data["own_melds"])
        if not params["meld_damage_counts_elementals"]:
            melds = [m - e for m, e in zip(melds, data["own_elementals"], strict=True)]
        outcome = scoring.RoundOutcome(igniters, blasts, shot_from)
        items = scoring.round_items(params, outcome, hands, melds, deck)
        deltas = [sum(item["mp"] for item in seat) for seat in items]
        for seat in range(state.seats):
            if seat not in igniters and hands[seat]:
                events.append(Revealed(seat, tuple(sorted(hands[seat])), f"hand:{seat}", "scoring"))
        for seat, delta in enumerate(deltas):
            state.scores[seat] += delta
            if delta:
                events.append(Scored(seat, delta, state.scores[seat], "round"))
        data["rounds_played"] += 1
        data["round_log"].append(
            {
                "round": data["round"],
                "igniters": list(igniters),
                "blasts": list(blasts),
                "shot_from": shot_from,
                "deltas": deltas,
                "mp": list(state.scores),
                "why": items,
            }
        )
        if scoring.match_is_decided(state.scores, data["rounds_played"], round_limit(params)):
            tie = scoring.needs_overtime(state.scores, params["overtime_on_any_tie"])
            if tie and data["overtime"] < params["max_overtime_rounds"]:
                data["overtime"] += 1
                events.append(Announced("overtime", None, {"number": data["overtime"]}))
            else:
                best = max(state.scores)
                self._finish(state, tuple(s for s in range(state.seats) if state.scores[s] == best), events)
                return
        self._start_round(state, events)

    def _finish(self, state: GameState, winners: tuple[int, ...], events: list[Event]) -> None:
        state.over = True
        state.phase = OVER
        state.active = None
        state.pending = None
        state.winners = winners
        events.append(GameEnded(winners, tuple(state.scores)))

    def arrange(self, state: GameState, setup: dict[str, Any], refs: ScenarioRefs) -> None:
        from .arrange import arrange

        arrange(self, state, setup, refs)

    def public_data(self, state: GameState, seat: int | None) -> dict[str, Any]:
        data = game_data(state)
        claim = None
        if state.phase == CLAIM and state.pending is not None:
            claim = {"discarder": state.pending.data["discarder"], "card": state.pending.data["card"]}
        return {
            "level": state.params["level"],
            "round": data["round"],
            "round_limit": round_limit(state.params),
            "rounds_played": data["rounds_played"],
            "overtime": data["overtime"],
            "mp": list(state.scores),
            "melds": [{"zone": e["zone"], "owner": e["owner"], **e["meld"]} for e in data["melds"]],
            "own_melds": list(data["own_melds"]),
            "placed": list(data["placed"]),
            "last_discard": data["last_discard"],
            "discarder": data["discarder"],
            "releases": copy_data(data["releases"]),  # a list of dicts: not the state's
            "starter": data["starter"],
            "leady_shown": dict(data["leady"]["shown"]),
            "rebuilds": data["rebuilds"],
            "round_log": copy_data(data["round_log"])
            if data["round_log"]
            else [],  # lists too: not the state's
            "claim": claim,
            "last_igniters": list(data["last_igniters"]),
        }

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, RuneWorksData)
        if problems:
            return problems  # the checks below read the data by name
        if state.cardset is None:
            return ["no card set"]
        deck = deck_of(state.cardset)
        ace_high = state.params["ace_high_sequences"]
        for entry in game_data(state)["melds"]:
            cards = tuple(sorted(state.zones[entry["zone"]].cards))
            meld = Meld.from_dict(entry["meld"])
            if meld.kind == "CS":
                shape = classify(cards, deck, ace_high)
                ok = shape is not None and shape.kind == "CS" and shape.rank == meld.rank
            else:
                ok = is_sequence_span(cards, meld, deck, ace_high)
            if not ok:
                problems.append(f"{entry['zone']} holds {cards}, not a {meld.kind}")
        limit = state.params["hand_size"] + 1
        for seat in range(state.seats):
            if len(hand(state, seat)) > limit:
                problems.append(f"hand:{seat} holds {len(hand(state, seat))} cards, more than {limit}")
        if not state.over and state.phase == PLAY and not hand(state, state.active or 0):
            problems.append("the active seat must Release but has no card")
        return problems


# Every level is a variant the contract tests play.
register(
    GameEntry(
        rules=RuneWorks(),
        bots={"heuristic": "cardtable.games.runeworks.bot:RuneWorksBot"},
        table="cardtable.ui.scenes.runeworks_table:RuneWorksTable",
        variants=tuple({"level": level} for level in range(1, 6)),
        # the level, the match's length and every PROVISIONAL house rule; the cap of ours that only makes
        # sure a round ends (max_stock_rebuilds) stays on the CLI
        setup_options=(
            "level",
            "rounds",
            "max_overtime_rounds",
            "first_card_face_up",
            "ace_high_sequences",
            "sevens_call_set",
            "must_keep_one_card",
            "all_shots_resolve",
            "blast_bonus_stacks",
            "blast_counts_boosts",
            "meld_damage_counts_elementals",
            "leady_every_round",
            "leady_max_compares",
            "overtime_on_any_tie",
        ),
        menu_order=1,
    )
)

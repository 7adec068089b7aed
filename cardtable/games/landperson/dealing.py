"""Dealing a Land & Person game: deck construction (each player's half, their built or recommended
deck, a land turned up, 5 drawn) and the shared deck (10 dealt, first persons laid face down by both at
once, cards put back, then the first land and the first persons shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.actions import Action
from ...rules.events import Announced, Event, Revealed, Shuffled
from ...rules.game import ParamError
from ...rules.state import GameState, Pending
from ...rules.zones import Visibility
from .cards import deck_problem, half, is_land, lands, parse_deck, persons, recommended_deck
from .data import game_data
from .moves import FIRST, hand
from .places import PREPARING, READY, set_status

if TYPE_CHECKING:
    from . import LandPerson


class LandPersonDealing:
    """Setting the game up (mixed into LandPerson)."""

    def _setup_decks(self: LandPerson, state: GameState, events: list[Event]) -> None:
        """Deck construction: each player's half, their built (or recommended) deck, a land shown, 5 drawn."""
        assert state.cardset is not None
        cardset = state.cardset
        params = state.params
        for seat in range(2):
            state.add_zone(f"deck:{seat}", Visibility.HIDDEN, seat)
            state.add_zone(f"lands:{seat}", Visibility.TOP_PUBLIC, seat)
            state.add_zone(f"ruins:{seat}", Visibility.PUBLIC, seat)
            land_pool, person_pool = half(cardset, seat)
            text = params[f"deck_{seat + 1}"]
            if text.strip():
                chosen = parse_deck(cardset, text, land_pool + person_pool)
            else:
                chosen = recommended_deck(cardset, seat, params["deck_size"], params["land_stars"])
            if problem := deck_problem(cardset, chosen, params["deck_size"], params["land_stars"]):
                raise ParamError(f"deck_{seat + 1}: {problem}")
            land_ids = set(lands(cardset))
            land_cards = [c for c in chosen if c in land_ids]
            person_cards = [c for c in chosen if c not in set(land_cards)]
            events.append(state.move(land_cards, "box", f"lands:{seat}", "land deck"))
            if params["land_order"] == "shuffle":  # R4: the owner shuffles the lands
                state.rng.shuffle(state.zones[f"lands:{seat}"].cards)
                events.append(Shuffled(f"lands:{seat}", len(land_cards)))
            else:  # as written: the first land written is the top, the current land
                state.zones[f"lands:{seat}"].cards.reverse()
            events.append(state.move(person_cards, "box", f"deck:{seat}", "deck"))
            state.rng.shuffle(state.zones[f"deck:{seat}"].cards)
            events.append(Shuffled(f"deck:{seat}", len(person_cards)))
            self._draw(state, seat, params["start_hand"], events)

    def _setup_shared(self: LandPerson, state: GameState, events: list[Event]) -> None:
        """Shared deck: both decks shuffled, 10 persons dealt, first persons laid face down together."""
        assert state.cardset is not None
        state.add_zone("deck", Visibility.HIDDEN)
        state.add_zone("lands", Visibility.TOP_PUBLIC)
        for seat in range(2):
            state.add_zone(f"occupied:{seat}", Visibility.PUBLIC, seat)
            state.add_zone(f"first:{seat}", Visibility.OWNER, seat)
        events.append(state.move(persons(state.cardset), "box", "deck", "deck"))
        state.rng.shuffle(state.zones["deck"].cards)
        events.append(Shuffled("deck", len(state.zones["deck"].cards)))
        state.rng.shuffle(state.zones["box"].cards)  # the land deck, turned up once first persons lie
        for seat in range(2):
            self._draw(state, seat, state.params["shared_deal"], events)
        state.phase = FIRST
        state.pending = Pending("first", (0, 1))

    def _do_first(self: LandPerson, state: GameState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        events.append(state.move(action.cards, f"hand:{seat}", f"first:{seat}", "first person"))
        self._setup_step(state, seat, events)

    def _do_nofirst(self: LandPerson, state: GameState, action: Action, events: list[Event]) -> None:
        game_data(state)["no_first"].append(action.seat)
        events.append(Announced("no_first", action.seat, {}))
        self._setup_step(state, action.seat, events)

    def _do_putback(self: LandPerson, state: GameState, action: Action, events: list[Event]) -> None:
        events.append(state.move(action.cards, f"hand:{action.seat}", "deck", "put back"))
        self._setup_step(state, action.seat, events)

    def _setup_step(self: LandPerson, state: GameState, seat: int, events: list[Event]) -> None:
        """A seat has chosen its first person and kept its hand: it is done; when both are, the deck is
        reshuffled, the first land turned up and the first persons shown."""
        chose = state.zones[f"first:{seat}"].cards or seat in game_data(state)["no_first"]
        pending = state.pending
        assert pending is not None
        if chose and len(hand(state, seat)) <= state.params["start_hand"]:
            pending.seats = tuple(s for s in pending.seats if s != seat)
        if pending.seats:
            return
        state.pending = None
        state.rng.shuffle(state.zones["deck"].cards)
        events.append(Shuffled("deck", len(state.zones["deck"].cards)))
        physical = state.cardset.physical()  # type: ignore[union-attr]
        land_cards = [c for c in state.zones["box"].cards if is_land(physical[c])]
        events.append(state.move(land_cards, "box", "lands", "land deck"))
        events.append(Shuffled("lands", len(state.zones["lands"].cards)))
        for s in range(2):
            first = list(state.zones[f"first:{s}"].cards)
            if first:
                events.append(Revealed(s, tuple(first), f"first:{s}", "first person"))
                events.append(state.move(first, f"first:{s}", f"field:{s}", "first person"))
                set_status(state, first[0], READY if state.params["first_person_ready"] else PREPARING)  # R9
        self._choose_first(state, events)

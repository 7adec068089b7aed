"""War with a hand: a tiny two-player game on the standard 52-card deck, used only by the tests.

It shows that a game lives in its own rooms: this package registers itself at its bottom and the
contract suite, the golden transcripts and the scenario runner pick it up with no shared file edited
(tests/conftest.py names this folder once in CARDTABLE_GAME_DIRS, for every test game).

Rules: the deck is shuffled and dealt 26 to each player's face-down pile; each draws 3. Each battle,
both players choose a card from their hand at the same time, face down, then both are shown: the
higher rank wins both cards (and any pot) onto its won pile; equal ranks go to the pot for the next
battle. After a battle each player draws one card if their pile has any. When both hands are empty
the game ends: the most cards won wins (equal counts share the win).

Move notation: `play H7` (choose a hand card for the battle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypedDict

from cardtable.bots.base import Bot
from cardtable.cardsets import load_for
from cardtable.games import GameEntry, register
from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet
from cardtable.rules.events import Announced, Committed, Event, GameEnded, Revealed, Shuffled
from cardtable.rules.game import Game, copy_reason, keep_legal, one_card, seat_has_no_decision
from cardtable.rules.invariants import data_problems
from cardtable.rules.notation import MoveForm, lowest_per_code
from cardtable.rules.state import GameState, Pending
from cardtable.rules.view import PlayerView
from cardtable.rules.zones import Visibility

HAND_SIZE = 3
BATTLE = "battle"


class WarData(TypedDict):
    """Every key of a War `state.data`: none, since the zones hold the whole game (its piles, hands,
    battle cards and pot). A game with data of its own declares each key here with its type and
    meaning, and reads it through a typed accessor (see cardtable/games/*/data.py)."""


class War(Game):
    """The rules of War with a hand, 2 players."""

    id = "war"
    title = "War (test game)"
    title_ja = "戦争（テスト用）"
    description = "Two players battle card against card; the higher rank takes both."
    min_seats = 2
    max_seats = 2
    cardset_name = "standard52"
    play_kinds = frozenset({"play"})  # the balance report counts the cards played (cardtable/lab)

    def load_cardset(self, params: dict[str, Any]) -> CardSet:
        return load_for(self, params)

    def max_actions(self, params: dict[str, Any], seats: int) -> int:
        return 52  # every action plays one card

    def score_bounds(self, state: GameState) -> tuple[int, int]:
        return (0, 52)

    # -- setup -------------------------------------------------------------------------------
    def setup(self, state: GameState) -> list[Event]:
        assert state.cardset is not None
        for seat in range(2):
            state.add_zone(f"deck:{seat}", Visibility.HIDDEN, seat)
            state.add_zone(f"hand:{seat}", Visibility.OWNER, seat)
            state.add_zone(f"battle:{seat}", Visibility.PUBLIC, seat)
            state.add_zone(f"won:{seat}", Visibility.PUBLIC, seat)
        state.add_zone("stock", Visibility.HIDDEN)
        state.add_zone("pot", Visibility.PUBLIC)
        stock = state.zones["stock"].cards
        stock.extend(range(len(state.cardset.physical())))
        state.rng.shuffle(stock)
        events: list[Event] = [Shuffled("stock", len(stock))]
        for seat in range(2):
            events.append(state.move(stock[-26:], "stock", f"deck:{seat}", "deal"))
        for seat in range(2):
            self._draw(state, seat, HAND_SIZE, events)
        state.phase = BATTLE
        state.pending = Pending(BATTLE, (0, 1))
        return events

    def _draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        deck = state.zones[f"deck:{seat}"].cards
        take = deck[len(deck) - min(count, len(deck)) :]
        if take:
            events.append(state.move(list(take), f"deck:{seat}", f"hand:{seat}", "draw"))

    # -- moves: one rule per move (rules/game.py) ---------------------------------------------
    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        cards = lowest_per_code(state.cardset, state.zones[f"hand:{seat}"].cards)  # type: ignore[arg-type]
        return keep_legal(self._why_not_play, state, [Action(seat, "play", (card,)) for card in cards])

    def why_not(self, state: GameState, action: Action) -> str:
        if seat_has_no_decision(state, action.seat):
            return f"Player {action.seat + 1} has nothing to decide now"
        rule = self.RULES.get(action.kind)
        return rule(self, state, action) if rule is not None else f"{action.kind} is not allowed now"

    def _why_not_play(self, state: GameState, action: Action) -> str:
        """Choose a hand card for the battle."""
        if bad := one_card(action):
            return bad
        hand = state.zones[f"hand:{action.seat}"].cards
        if action.cards[0] not in hand:
            return "that card is not in your hand"
        return copy_reason(state, action.cards[0], hand)

    RULES: ClassVar[dict[str, Callable[[War, GameState, Action], str]]] = {"play": _why_not_play}

    def apply(self, state: GameState, action: Action) -> list[Event]:
        pending = state.pending
        assert pending is not None
        events: list[Event] = [Committed(action.seat, action)]
        pending.commits[action.seat] = action
        pending.seats = tuple(s for s in pending.seats if s != action.seat)
        if not pending.seats:
            self._battle(state, events)
        return events

    def _battle(self, state: GameState, events: list[Event]) -> None:
        """Both chosen cards are shown; the higher rank takes them and the pot; a tie feeds the pot."""
        assert state.pending is not None and state.cardset is not None
        ranks: dict[int, int] = {}
        for seat, action in sorted(state.pending.commits.items()):
            card = action.cards[0]
            events.append(Revealed(seat, (card,), f"hand:{seat}", "battle"))
            events.append(state.move([card], f"hand:{seat}", f"battle:{seat}", "battle"))
            ranks[seat] = int(state.cardset.physical()[card].get("rank"))
        winner = None if ranks[0] == ranks[1] else max(ranks, key=lambda s: ranks[s])
        destination = "pot" if winner is None else f"won:{winner}"
        for zone in ("battle:0", "battle:1", "pot"):
            if zone != destination and state.zones[zone].cards:
                events.append(state.move(list(state.zones[zone].cards), zone, destination, "battle"))
        events.append(Announced("battle", winner, {"ranks": [ranks[0], ranks[1]]}))
        for seat in range(2):
            self._draw(state, seat, 1, events)
        state.scores = [len(state.zones[f"won:{seat}"].cards) for seat in range(2)]
        if not state.zones["hand:0"].cards:
            state.over = True
            state.pending = None
            best = max(state.scores)
            state.winners = tuple(s for s in range(2) if state.scores[s] == best)
            events.append(GameEnded(state.winners, tuple(state.scores)))
        else:
            state.pending = Pending(BATTLE, (0, 1))

    # -- words -------------------------------------------------------------------------------
    # `play H7`: the default notation (rules/notation.py) does the rest; only the move is declared.
    move_forms = {"play": MoveForm(1, example="play H7")}

    def move_cards(self, state: GameState, seat: int, kind: str, target: str) -> list[int]:
        return state.zones[f"hand:{seat}"].cards

    def check(self, state: GameState) -> list[str]:
        problems = data_problems(state.data, WarData)
        if not state.over and len(state.zones["hand:0"].cards) != len(state.zones["hand:1"].cards):
            problems.append("the hands differ in size between battles")
        return problems


class HighestBot(Bot):
    """Plays its highest-ranked hand card: a bot that answers to a card's strength, so the balance
    report's tests can see a card made stronger chosen sooner."""

    name = "highest"

    def choose(self, view: PlayerView) -> Action:
        assert view.cardset is not None
        physical = view.cardset.physical()
        return max(view.legal, key=lambda action: (int(physical[action.cards[0]].get("rank")), action.cards))


register(
    GameEntry(
        rules=War(),
        bots={"highest": "cardtable_extra_games.war:HighestBot"},
        variants=({},),
        menu_order=1000,
    )
)

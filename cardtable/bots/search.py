"""The search bot: it looks ahead in any registered game from its own view, never the true state.

Two searches on the shared rules layer, both over states re-dealt from the bot's PlayerView
(`Game.determinize`: every card the view shows kept, the rest dealt at random from where the seat
knows it could be), so the bot cannot read a card it could not see:

- `pimc` (the default), flat determinized Monte Carlo (CardStock's PIPMC) made paired: each round
  deals one fresh re-deal and plays every candidate move on it with the same playout dice, so two
  moves differ by the move and not by the luck; a playout cut after `depth` moves, at the start of
  the searching seat's next turn (`cut`), is scored by `Game.evaluate` (a number in [0, 1] per
  seat); more candidates than the budget can try `ROUNDS` times are cut to the heuristic's move and
  those that look best one move on (the evaluation right after the move); the worse half of the
  candidates is dropped every few rounds (sequential halving); the best mean wins unless its paired
  lead over the heuristic's own move is within `margin` (0) or within `confidence` standard errors of
  zero, a bar raised for many rivals (Bonferroni): the best of many noisy means is lucky, and without
  that test the search swaps the heuristic's move for noise (a margin large enough to matter instead
  also hides a card made stronger: tests/test_search_bot.py).
- `ismcts`, single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012; OpenSpiel's
  ismcts.py): a fresh re-deal every iteration; the tree is descended with only the moves legal in that
  deal, each child chosen by UCB1 over its *availability* count (how often it was legal when its parent
  was visited), not the parent's visits; one new node a visit; the same cut playout and evaluation;
  the most-visited move is played (with the same margin rule). At the budgets a table can afford
  (a few thousand engine actions, tens of iterations) its tree barely grows past the root, and the
  flat paired search played better in our trials (`SearchBot(rng, method="ismcts")` to compare).

Playouts follow the game's own heuristic bot where it registers one (each seat's move from its view
of the playout state, built straight from that state: it is the search's own re-deal and the view is
read before the next move, so none of an engine's sealing and freezing, which was a tenth to a fifth
of a decision; a random move one time in `RANDOM_SHARE`), else random moves: a search over the heuristic's continuations improves on the heuristic move by move, where
random playouts in a game with long plans (holding melds, building a deck) mostly measure noise.

Every seat's decisions in the tree are found by the same search from that seat's side (each node
keeps the value for the seat that moves there). A node is keyed by what its mover has seen: a hidden
commitment another seat made (a simultaneous battle commit, a claim, a counter) is masked in the key
until the decision is revealed, so a seat never answers a commitment it could not see.

Budgets count engine actions (every move applied during the search, in the tree and in playouts), so
the same seed and view give the same move on any machine; `time_cap_s` stops a search early after that
much CPU time of the searching thread (the table only). It is CPU time and not the wall clock so that a
busy machine or the UI thread beside it does not cut the search short: the budget stays the limit that
decides (and a resumed game replays the same moves) wherever the budget fits in the cap on one core. The bot keeps no global state
and imports no UI: a table may run `choose` in a worker thread on a copy of the view.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from ..rules.actions import Action
from ..rules.engine import ViewData, known_entry
from ..rules.rng import Rng
from ..rules.view import PlayerView, make_view
from .base import Bot

if TYPE_CHECKING:
    from ..rules.game import Game
    from ..rules.state import GameState

DEFAULT_BUDGET = 2000  # engine actions a decision in simulate; the table's is session.STRONG_BUDGET
TABLE_TIME_CAP_S = 1.0  # the table's cap on top: 2000 actions take 0.3-1.1 s of CPU (bench/ladder_results.md)
METHODS = ("ismcts", "pimc")
ROLLOUTS = ("auto", "heuristic", "random")
RANDOM_SHARE = 0.0  # how often a heuristic playout makes a random move instead: never (the re-deals
# differ already; a random move in a playout mostly blurs the opponent it models, in our trials)
ROUNDS = 3  # flat search: the rounds (re-deals) each candidate should get at least, `depth` moves a playout
HALVING = 2  # flat search: rounds between halvings of the candidate moves
MARGIN = 0.0  # how much better than the heuristic's move another must look (0: only a tie keeps it)
CUTS = ("turn", "moves", "end")
STRETCH = 4  # a "turn" cut waits for the searching seat's turn at most this many times `depth` moves
CONFIDENCE = 1.0  # flat search: standard errors of paired lead another move needs over the heuristic's


@dataclass
class SearchStats:
    """What the last decision cost: iterations (re-deals searched), engine actions, seconds; and
    for the flat search, when its best move was not the heuristic's, that move's paired lead over
    the heuristic's and the lead's standard error (`gap`, else None) and that move (`rival`: played
    or not, as the confidence test decided)."""

    iterations: int = 0
    actions: int = 0
    seconds: float = 0.0
    gap: tuple[float, float] | None = None
    rival: Action | None = None


@dataclass
class _Edge:
    """One move out of a node, from the mover's side: visits, summed value, availability."""

    visits: int = 0
    value: float = 0.0
    available: int = 0


class _Hidden:
    """A masked key entry: `seat` committed a choice the observer has not seen."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Hidden) and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(("hidden", self.seat))


class _PlayoutData(ViewData):
    """A playout view's `data`: the game's public data for one seat, worked out when first read, and
    the KNOWN entry as an engine would give it. Unlike an engine's view it is neither frozen nor kept
    apart from the state: the state is the search's own re-deal (dealt from the searching seat's own
    view, so nothing in it is hidden from that seat's search), and the bot reads the view before the
    playout moves on. Freezing the values as they are read cost a tenth of a decision in a game with
    much public data; the heuristic bots only read them, and pick the same moves either way."""

    __slots__ = ("_game", "_state", "_seat", "_raw", "_known")

    def __init__(self, game: Game, state: GameState, seat: int) -> None:
        self._game, self._state, self._seat = game, state, seat
        self._raw: dict[str, Any] | None = None
        self._known: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        raw = self._raw
        if raw is None:
            raw = self._raw = self._game.public_data(self._state, self._seat)
        return raw

    def _known_entry(self) -> dict[str, Any]:
        known = self._known
        if known is None:
            known = self._known = known_entry(self._game, self._state, self._seat)
        return known


def _playout_view(game: Game, state: GameState, seat: int, legal: list[Action]) -> PlayerView:
    """`seat`'s view of a playout state, as an Engine's view shows it (the same zones, data, pending
    decision and legal moves) without what an Engine adds to keep a view apart from a state that moves
    on: the bot that reads it answers before the playout's next move."""
    return make_view(state, seat, legal, _PlayoutData(game, state, seat), game.pending_view(state))


class SearchBot(Bot):
    """Looks ahead from re-deals of its own view: `SearchBot(rng, budget=N, time_cap_s=None)`.

    `budget` engine actions a decision (deterministic); `time_cap_s` an optional cap in CPU seconds on
    top; `method` "pimc" (default: the paired flat search) or "ismcts"; `depth` playout moves before the evaluation scores the
    position (None: the game's `search_depth_for` the view's params); `exploration` the UCB constant; `rollout` "heuristic"
    (the game's heuristic bot plays the playouts), "random", or "auto" (heuristic where the game has
    one); `margin` how much better than the heuristic's move another must look to be played; `cut`
    where a playout stops: "turn" (the default: at the start of the searching seat's turn after
    `depth` moves), "moves" (after `depth` moves) or "end" (at the end of the game, scored by its
    result)."""

    name = "search"

    def __init__(
        self,
        rng: Rng,
        budget: int = DEFAULT_BUDGET,
        time_cap_s: float | None = None,
        method: str = "pimc",
        depth: int | None = None,
        exploration: float = 0.7,
        rollout: str = "auto",
        margin: float = MARGIN,
        confidence: float = CONFIDENCE,
        cut: str = "turn",
    ) -> None:
        super().__init__(rng)
        if method not in METHODS:
            raise ValueError(f"search method {method!r} is not one of {', '.join(METHODS)}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout {rollout!r} is not one of {', '.join(ROLLOUTS)}")
        if cut not in CUTS:
            raise ValueError(f"playout cut {cut!r} is not one of {', '.join(CUTS)}")
        if budget < 1:
            raise ValueError("a search budget is at least 1 engine action")
        self.budget = budget
        self.time_cap_s = time_cap_s
        self.method = method
        self.depth = depth
        self.exploration = exploration
        self.rollout = rollout
        self.margin = margin
        self.confidence = confidence
        self.cut = cut
        self.last = SearchStats()

    def choose(self, view: PlayerView) -> Action:
        from ..games import get_game

        legal = view.legal
        if view.seat is None or not legal:
            raise ValueError("the search bot needs a seat's view with a decision to make")
        started = time.perf_counter()
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        game = get_game(view.game)
        depth = game.search_depth_for(view.params) if self.depth is None else self.depth
        search = _Search(game, view, self.rng, self.budget, self.time_cap_s, depth, self.exploration)
        search.policy = self._policy(view)
        search.margin = self.margin
        search.confidence = self.confidence
        search.cut = self.cut
        choice = search.ismcts() if self.method == "ismcts" else search.pimc()
        self.last = SearchStats(
            search.iterations, search.actions, time.perf_counter() - started, search.gap, search.rival
        )
        return choice

    def _policy(self, view: PlayerView) -> list[Bot] | None:
        """The heuristic bots that play the playouts, one a seat (their rngs drawn from ours), or None
        for random playouts."""
        from . import bot_factories

        if self.rollout == "random":
            return None
        factory = bot_factories(view.game).get("heuristic")
        if factory is None:
            if self.rollout == "heuristic":
                raise ValueError(f"{view.game} has no heuristic bot to play the playouts")
            return None
        return [factory(Rng(self.rng.below(1 << 62))) for _ in range(view.seats)]


class _Search:
    """One decision's search: the re-deals, the tree and the count of engine actions spent."""

    def __init__(
        self,
        game: Game,
        view: PlayerView,
        rng: Rng,
        budget: int,
        time_cap_s: float | None,
        depth: int,
        exploration: float,
    ) -> None:
        self.game = game
        self.view = view
        self.seat: int = view.seat  # type: ignore[assignment]
        self.rng = rng
        self.budget = budget
        self.deadline = None if time_cap_s is None else time.thread_time() + time_cap_s
        self.depth = depth
        self.c = exploration
        self.actions = 0
        self.iterations = 0
        self.root = list(view.legal)
        self.policy: list[Bot] | None = None
        self.margin = MARGIN
        self.confidence = CONFIDENCE
        self.cut = "turn"
        self.gap: tuple[float, float] | None = None
        self.rival: Action | None = None

    # -- shared steps ------------------------------------------------------------------------
    def spent(self) -> bool:
        if self.actions >= self.budget:
            return True
        return self.out_of_time()

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.thread_time() > self.deadline

    def deal(self) -> GameState:
        """A state consistent with the view, its hidden cards dealt afresh (never the true state)."""
        return self.game.determinize(self.view, self.rng)

    def step(self, state: GameState, action: Action) -> None:
        self.game.apply(state, action)
        state.history.append(action)
        self.actions += 1

    def mover(self, state: GameState) -> int | None:
        seats = state.deciding_seats()
        return seats[0] if seats else None

    def playout(self, state: GameState, moves: int) -> list[float]:
        """The heuristic's moves (or random ones) until the game ends or the cut (`cut_here`), then
        the game's evaluation."""
        game, rng = self.game, self.rng
        if self.policy is not None:
            return self._guided(state, moves, self.policy)
        made, before = 0, state.active
        while not self.cut_here(state, made, moves, before):
            seat = self.mover(state)
            if seat is None:
                break
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            before = state.active
            self.step(state, legal[rng.below(len(legal))])
            made += 1
        return game.evaluate(state)

    def cut_here(self, state: GameState, made: int, moves: int, before: int | None) -> bool:
        """Whether a playout that made `made` moves stops here: after `moves` moves, and with the
        "turn" cut only where the searching seat's turn has just begun (the active seat was another
        one a move ago), up to STRETCH times `moves`; with the "end" cut never (the playout is scored
        by the game's result: bench/ladder_results.md has what that did in a game with short rounds). Positions cut at the same point of the turn
        compare fairly: cut at a fixed count of moves, one line ends just after its seat drew a card
        and another just after it discarded one, and the evaluation reads the hand sizes, not the
        moves."""
        if made < moves or self.cut == "end":
            return False
        if self.cut == "moves" or made >= STRETCH * moves:
            return True
        return state.active == self.seat and before != self.seat

    def _guided(self, state: GameState, moves: int, policy: list[Bot]) -> list[float]:
        """A playout along the heuristic bots' moves, each from its seat's view of the playout state.

        The views are built straight from the state (`_playout_view`), not through an Engine: the
        state is the search's own re-deal, dealt from the searching seat's view, so there is no true
        state behind it to keep hidden and no view outlives its move, so nothing needs sealing or
        freezing before the next move (an Engine's view pays for both at every move). A bot reads the
        same zones, data and legal moves either way, so it picks the same moves."""
        game, rng = self.game, self.rng
        made, before = 0, state.active
        while not self.cut_here(state, made, moves, before):
            seat = self.mover(state)
            if seat is None:
                break
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            if len(legal) == 1:  # a forced move needs no view (a view is most of a playout's cost)
                action = legal[0]
            elif rng.random() < RANDOM_SHARE:
                action = legal[rng.below(len(legal))]
            else:
                action = policy[seat].choose(_playout_view(game, state, seat, legal))
            before = state.active
            events = game.apply(state, action)
            state.history.append(action)
            if state.knowledge is not None:  # as Engine.apply: a later view's KNOWN reads it
                state.knowledge.observe(events)
            self.actions += 1
            made += 1
        return game.evaluate(state)

    # -- flat Monte Carlo --------------------------------------------------------------------
    def pimc(self) -> Action:
        """Every candidate root move on the same fresh re-deal each round (paired: the same deal and
        the same playout dice for all, so their difference is the move's, not the luck's), a cut
        playout each; the worse half of the candidates dropped every HALVING rounds (sequential
        halving). The move with the best mean value, unless its paired lead over the heuristic's own
        move is not sure: not above the margin, or not `confidence` standard errors above zero (the
        best of many noisy means is lucky: without this the search swaps the heuristic's move for
        noise); then the heuristic's."""
        root = self.root
        default = self.default_move()
        arms = list(range(len(root)))
        # More moves than the budget can try ROUNDS times each: the heuristic's and those that look
        # best one move on (`glance`), on the first round's deal; a random sample drew the heuristic's
        # move and a few others, and one round over all of them spent the budget, which decided nothing.
        room = max(2, self.budget // (ROUNDS * (self.depth + 1)))
        first: GameState | None = None
        if len(arms) > room:
            first = self.deal()
            self.rng.shuffle(arms)  # ties in the glance fall at random, not in the order of the moves
            glance = {index: self.glance(first, root[index]) for index in arms}
            arms.sort(key=lambda i: -glance[i])
            arms = arms[:room]
            if default is not None and default not in arms:
                arms[-1] = default
        compared = len(arms)  # the moves that vie with the heuristic's (the bar a lead must clear)
        if default is not None:  # first in every round: a round the budget cuts short still has it
            arms.remove(default)
            arms.insert(0, default)
        totals = [0.0] * len(root)
        counts = [0] * len(root)
        # per move, its lead over the heuristic's move in the rounds that played both: n, sum, squares
        leads = [[0, 0.0, 0.0] for _ in root]
        rounds = 0
        while True:
            dealt, first = first or self.deal(), None
            dice = self.rng.below(1 << 62)
            values: dict[int, float] = {}
            for index in arms:
                state = dealt.fork()
                self.step(state, root[index])
                saved, self.rng = self.rng, Rng(dice)
                try:
                    values[index] = self.playout(state, self.depth)[self.seat]
                finally:
                    self.rng = saved
                totals[index] += values[index]
                counts[index] += 1
                if self.spent():
                    break  # a round over many moves can be long: the budget and cap hold within it
            if default is not None and default in values:
                for index, value in values.items():
                    lead = value - values[default]
                    row = leads[index]
                    row[0] += 1
                    row[1] += lead
                    row[2] += lead * lead
            self.iterations += 1
            rounds += 1
            if self.spent():
                break
            if rounds % HALVING == 0 and len(arms) > 2:
                arms.sort(key=lambda i: -totals[i] / counts[i])
                kept = arms[: max(2, len(arms) // 2)]
                if default is not None:
                    kept = [default] + [i for i in kept if i != default]
                arms = kept
        arms = [i for i in arms if counts[i]]  # a cap met in the first round leaves some untried
        best = max(arms, key=lambda i: (totals[i] / counts[i], -i))
        if default is None or default not in arms or best == default:
            return root[best]
        n, total, squares = leads[best]
        lead = total / n if n else 0.0
        spread = math.sqrt(max(0.0, squares - n * lead * lead) / (n - 1) / n) if n > 1 else math.inf
        self.gap, self.rival = (lead, spread), root[best]
        if lead <= self.margin or (self.confidence > 0 and lead <= self.threshold(compared) * spread):
            return root[default]
        return root[best]

    def threshold(self, compared: int) -> float:
        """Standard errors of lead the best of `compared` moves needs over the heuristic's: `confidence`
        for one rival, more for many (Bonferroni: the same odds that any of the `compared - 1` rivals
        leads that much by luck alone). The best of ten equal moves leads by about 1.5 standard errors
        on average: at a flat 1 the search swapped the heuristic's move for noise."""
        rivals = max(1, compared - 1)
        if rivals == 1:
            return self.confidence
        chance = (1.0 - NormalDist().cdf(self.confidence)) / rivals
        return NormalDist().inv_cdf(1.0 - chance)

    def glance(self, dealt: GameState, action: Action) -> float:
        """The searching seat's evaluation one move on: how a candidate looks before any playout."""
        state = dealt.fork()
        self.step(state, action)
        return self.game.evaluate(state)[self.seat]

    def default_move(self) -> int | None:
        """The index of the heuristic's move at the root, when playouts follow a heuristic."""
        if self.policy is None:
            return None
        move = self.policy[self.seat].choose(self.view)
        return self.root.index(move) if move in self.root else None

    # -- information-set MCTS ----------------------------------------------------------------
    def ismcts(self) -> Action:
        game, rng = self.game, self.rng
        tree: dict[tuple[int, Any], dict[Action, _Edge]] = {}
        root_key = (self.seat, ())
        while True:
            state = self.deal()
            keys: list[Any] = [()] * state.seats  # per seat: what it has seen since the root
            path: list[tuple[int, _Edge]] = []
            first = True
            expanded = False
            while not expanded:
                seat = self.seat if first else self.mover(state)
                if seat is None:
                    break
                legal = self.root if first else game.legal_actions(state, seat)
                if not legal:
                    break
                node = tree.setdefault((seat, keys[seat]), {})
                for action in legal:
                    edge = node.get(action)
                    if edge is None:
                        edge = node[action] = _Edge()
                    edge.available += 1
                fresh = [a for a in legal if node[a].visits == 0]
                if fresh:
                    action = fresh[rng.below(len(fresh))]
                    expanded = True
                else:
                    action = self._ucb(node, legal)
                path.append((seat, node[action]))
                self._advance(state, seat, action, keys)
                first = False
            value = self.playout(state, self.depth)
            for seat, edge in path:
                edge.visits += 1
                edge.value += value[seat]
            self.iterations += 1
            if self.spent():
                break
        root = tree[root_key]
        best = max(self.root, key=lambda a: (root[a].visits, root[a].value))
        default = self.default_move()
        if default is not None:
            usual, edge = root[self.root[default]], root[best]
            if usual.visits and edge.value / edge.visits - usual.value / usual.visits <= self.margin:
                return self.root[default]
        return best

    def _ucb(self, node: dict[Action, _Edge], legal: list[Action]) -> Action:
        c = self.c
        best, best_score = legal[0], -math.inf
        for action in legal:
            edge = node[action]
            score = edge.value / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _advance(self, state: GameState, seat: int, action: Action, keys: list[Any]) -> None:
        """Play `action` and extend each seat's key by what it saw: the move, or for a hidden commit
        by another seat only that it committed; when the decision is revealed, everyone sees all."""
        before = state.pending
        self.step(state, action)
        after = state.pending
        hidden = after is not None and after is before and seat in after.commits
        for observer in range(state.seats):
            seen: Any = _Hidden(seat) if hidden and observer != seat else action
            keys[observer] = (keys[observer], seen)
        if before is not None and before.commits and after is not before:
            shown = tuple(sorted(before.commits.items()))
            for observer in range(state.seats):
                keys[observer] = (keys[observer], shown)

"""The Land & Person heuristic bot: recruit for value, keep defenders against the opponent's threat,
attack when the defence the opponent can still raise cannot hold, defend where the defence holds.

It reads only its seat's PlayerView: its hand, the public zones (fields, wanderers, spoils, discard
piles, the current lands), the public data (each person's state, the fight) and the card set. The
spec's notes on bots (shared/rules/land-person.md section 5) are its rules:

* threat: what the opponent could attack with on their next turn (every person on their field able
  to attack; theirs ready at their start). It keeps home the ready persons whose attack, with its
  land's siege, meets that threat; when nothing it has can meet it, one cheap person to give up in
  an intercept (one person lost, not the land); the others are spare and may work or attack;
* battle: attacks when the defence the opponent can still raise cannot hold (their siege with every
  ready defender: whatever they answer, they lose a land or a person), with the fewest persons that
  beat it, if what stays home can take their answer (the siege holds, or someone is left to give
  up), if the race needs it (its deck runs out first, or the shared deck runs low while the count
  is against it), or if the attack wins the game;
* domestic: recruits the best value per card paid, never paying with a card worth more than the
  person recruited (payments are the hand's least worth cards); uses Lords and Strategists; runs
  Commerce and Hunting only with persons neither in this turn's attack nor kept home (Commerce with
  those of least attack) while drawing is safe (its deck not the shorter in deck construction; not
  racing in the shared deck; never on an empty deck);
* defence: intercepts when its defenders beat the attack, holds a siege when the land holds, ties
  rather than lose, and otherwise gives up its least worth person in an intercept to keep a land that
  matters (deck construction: its last land; shared deck: ★2 or more, or a cheap person), else lets
  the land go without throwing persons after it;
* spoils: the strongest loser; end phase and payments: the weakest cards go.

bench/heuristic_bots.py measures it against an earlier commit of itself and against random.

The deck-building bot for deck construction is cards.recommended_deck (the recommended 20/14/6 mix).
"""

from __future__ import annotations

from ...bots.base import Bot
from ...rules.actions import Action
from ...rules.cards import CardSet, CardSpec
from ...rules.rng import Rng
from ...rules.view import PlayerView
from .cards import person_value
from .effects import activated, bonus, has
from .effects import stat as card_stat

RACE_DECK = 8  # a deck this short (twice that for the shared deck) makes the deck-out near: the race is on


class LandPersonBot(Bot):
    """A rule-of-thumb Land & Person player."""

    name = "heuristic"

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self._known_for: tuple[CardSet | None, bool] = (None, False)
        self._attacks: dict[tuple[int, str], int] = {}

    # -- reading the view ---------------------------------------------------------------------------
    def _spec(self, view: PlayerView, card: int) -> CardSpec:
        assert view.cardset is not None
        return view.cardset.physical()[card]

    def _deck_mode(self, view: PlayerView) -> bool:
        return view.params["mode"] == "deck"

    def _atk(self, view: PlayerView, card: int, task: str) -> int:
        # a card's attack for a task is fixed by the card set and the mode; one decision asks it of the
        # same few cards hundreds of times, so it is kept (per set and mode, see _known)
        known = self._known(view)
        value = known.get((card, task))
        if value is None:
            assert view.cardset is not None
            value = card_stat(self._spec(view, card), "atk") + bonus(
                view.cardset, card, "atk", task, self._deck_mode(view)
            )
            known[(card, task)] = value
        return value

    def _known(self, view: PlayerView) -> dict[tuple[int, str], int]:
        """The attacks worked out so far, for this view's card set and mode (a new set or mode, as
        after a hot reload, starts afresh)."""
        if self._known_for[0] is not view.cardset or self._known_for[1] != self._deck_mode(view):
            self._known_for = (view.cardset, self._deck_mode(view))
            self._attacks = {}
        return self._attacks

    def _int(self, view: PlayerView, card: int, task: str) -> int:
        assert view.cardset is not None
        return card_stat(self._spec(view, card), "int") + bonus(
            view.cardset, card, "int", task, self._deck_mode(view)
        )

    def _power(self, view: PlayerView, card: int, task: str) -> int:
        if task in ("commerce", "repair", "pay"):
            return self._int(view, card, task)
        return self._atk(view, card, "defend" if task in ("intercept", "siege") else task)

    def _value(self, view: PlayerView, card: int) -> float:
        return person_value(self._spec(view, card)) if card >= 0 else 0.0

    def _land(self, view: PlayerView, seat: int) -> int | None:
        zone = view.zones[f"lands:{seat}"] if self._deck_mode(view) else view.zones["lands"]
        return zone.top

    def _siege(self, view: PlayerView, seat: int) -> int:
        land = self._land(view, seat)
        return 0 if land is None or land < 0 else card_stat(self._spec(view, land), "siege")

    def _field(self, view: PlayerView, seat: int, state: str | None = None) -> list[int]:
        status = view.data["status"]
        return [c for c in view.zones[f"field:{seat}"].cards if state is None or status[str(c)] == state]

    def _can(self, view: PlayerView, card: int, flag: str) -> bool:
        assert view.cardset is not None
        return not has(view.cardset, card, flag, self._deck_mode(view))

    def _threat(self, view: PlayerView, me: int) -> int:
        """What the opponent could attack with next turn."""
        foe = 1 - me
        return sum(
            self._atk(view, c, "attack") for c in self._field(view, foe) if self._can(view, c, "no_attack")
        )

    def _defenders(self, view: PlayerView, seat: int) -> list[int]:
        """The seat's ready persons who may defend."""
        return [c for c in self._field(view, seat, "ready") if self._can(view, c, "no_defend")]

    def _best_defence(self, view: PlayerView, foe: int) -> int:
        """The most the opponent can raise against an attack now: a siege with every ready defender
        (at least their intercept with all of them)."""
        return self._siege(view, foe) + sum(self._atk(view, c, "defend") for c in self._defenders(view, foe))

    def _chump(self, view: PlayerView, persons: list[int]) -> int | None:
        """The defender a player gives up first: the least worth, then the weakest."""
        if not persons:
            return None
        return min(persons, key=lambda c: (self._value(view, c), self._atk(view, c, "defend"), c))

    def _reserve(self, view: PlayerView, me: int, exclude: set[int]) -> set[int]:
        """The ready persons kept home against the opponent's next attack: the strongest defenders until
        the siege holds against their whole army; when it cannot hold anyway, one person to give up in
        an intercept (one captured instead of a land lost), the rest free to work or attack."""
        threat = self._threat(view, me)
        guard = self._siege(view, me) + sum(
            self._atk(view, c, "defend")
            for c in self._field(view, me, "preparing")
            if self._can(view, c, "no_defend")
        )
        ready = [c for c in self._defenders(view, me) if c not in exclude]
        if guard >= threat:
            return set()
        if guard + sum(self._atk(view, c, "defend") for c in ready) < threat:
            chump = self._chump(view, ready)
            return set() if chump is None else {chump}
        keep: set[int] = set()
        for card in sorted(ready, key=lambda c: (-self._atk(view, c, "defend"), c)):
            if guard >= threat:
                break
            keep.add(card)
            guard += self._atk(view, card, "defend")
        return keep

    def _count(self, view: PlayerView, seat: int) -> tuple[int, int, int]:
        """What decides a shared game when the deck runs out (R8): spoils, occupied ★, discards."""
        stars = sum(card_stat(self._spec(view, c), "stars") for c in view.zones[f"occupied:{seat}"].cards)
        return (len(view.zones[f"spoils:{seat}"].cards), stars, view.zones[f"discard:{seat}"].count)

    def _racing(self, view: PlayerView, me: int) -> bool:
        """Whether the end by deck-out would lose: in deck construction its deck runs out first (an
        empty deck at income loses); in the shared deck the deck is running low while the count is
        against it. Then it attacks whenever the attack wins, home defence or not."""
        foe = 1 - me
        if self._deck_mode(view):
            mine = view.zones[f"deck:{me}"].count
            return mine <= view.zones[f"deck:{foe}"].count and mine <= RACE_DECK
        return view.zones["deck"].count <= 2 * RACE_DECK and self._count(view, me) <= self._count(view, foe)

    # -- choosing ---------------------------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        me = view.seat
        assert me is not None
        task = view.data["task"]
        if task is not None:
            return self._task(view, me, task, by_kind)
        for chooser in (self._setup, self._battle_choice, self._simple, self._domestic):
            action = chooser(view, me, by_kind)
            if action is not None:
                return action
        return legal[0]

    def _best(self, view: PlayerView, actions: list[Action], worst: bool = False) -> Action:
        ranked = sorted(actions, key=lambda a: (self._value(view, a.cards[0]), -a.cards[0]))
        return ranked[0] if worst else ranked[-1]

    def _setup(self, view: PlayerView, me: int, by_kind: dict[str, list[Action]]) -> Action | None:
        if "first" in by_kind:
            return max(by_kind["first"], key=lambda a: (self._atk(view, a.cards[0], "defend"), -a.cards[0]))
        if "putback" in by_kind:
            return self._best(view, by_kind["putback"], worst=True)
        if "nofirst" in by_kind:
            return by_kind["nofirst"][0]
        return None

    def _simple(self, view: PlayerView, me: int, by_kind: dict[str, list[Action]]) -> Action | None:
        if "recall" in by_kind:
            return self._best(view, by_kind["recall"])
        if "release" in by_kind:
            if len(view.zones[f"wander:{me}"].cards) >= 2 and self._discard_room(view, me) > 4:
                return self._best(view, by_kind["release"], worst=True)
            return Action(me, "norelease")
        if "capture" in by_kind:
            return self._best(view, by_kind["capture"])
        if "discard" in by_kind:
            return self._best(view, by_kind["discard"], worst=True)
        if "top" in by_kind:
            return self._best(view, by_kind["top"])
        if "take" in by_kind:
            return self._best(view, by_kind["take"])
        return None

    def _discard_room(self, view: PlayerView, me: int) -> int:
        """How many more cards it may discard safely: in the shared deck its discards fill the
        opponent's pile, and 20 there win for the opponent; in deck construction, no limit."""
        if self._deck_mode(view):
            return 99
        return int(view.params["discards_to_win"]) - view.zones[f"discard:{1 - me}"].count

    def _deck_ok(self, view: PlayerView, me: int) -> bool:
        """Whether drawing more is safe (and possible): in deck construction, not while its deck is the
        shorter; in the shared deck, not while racing (each draw brings the count's end nearer); never
        from an empty deck (the draw would fail and the persons be spent for nothing)."""
        if not view.zones[f"deck:{me}" if self._deck_mode(view) else "deck"].count:
            return False
        if not self._deck_mode(view):  # a fuller hand is discarded at the end, into the opponent's pile
            return (
                len(view.hand()) < int(view.params["hand_limit"])
                and self._discard_room(view, me) > 3
                and not self._racing(view, me)
            )
        return view.zones[f"deck:{me}"].count > view.zones[f"deck:{1 - me}"].count + 1

    def _overpay(self, view: PlayerView, card: int) -> float:
        """The worth of the best card a recruitment would cost (pay takes the hand's least worth first)."""
        cost = card_stat(self._spec(view, card), "cost")
        others = sorted(self._value(view, c) for c in view.hand() if c != card)
        return max(others[:cost], default=0.0)

    def _recruit(self, view: PlayerView, me: int, recruits: list[Action]) -> Action | None:
        """Free persons first; then the best worth per card paid, never paying with a card worth more
        than the person recruited (the cards paid are the hand's least worth: a Warlord and a Lord do
        not go for a Knight)."""
        free = [a for a in recruits if card_stat(self._spec(view, a.cards[0]), "cost") == 0]
        if free:
            return self._best(view, free)
        room = self._discard_room(view, me)
        paid = [
            a
            for a in recruits
            if len(view.hand()) > 2
            and card_stat(self._spec(view, a.cards[0]), "cost") < room - 3
            and self._overpay(view, a.cards[0]) <= self._value(view, a.cards[0])
        ]
        if not paid:
            return None
        pick = max(
            paid,
            key=lambda a: (
                self._value(view, a.cards[0]) / (card_stat(self._spec(view, a.cards[0]), "cost") + 1),
                -a.cards[0],
            ),
        )
        return pick if self._value(view, pick.cards[0]) >= 3 else None

    def _domestic(self, view: PlayerView, me: int, by_kind: dict[str, list[Action]]) -> Action | None:
        if "recruit" not in by_kind and "battle" not in by_kind:
            return None
        assert view.cardset is not None
        pick = self._recruit(view, me, by_kind.get("recruit", []))
        if pick is not None:
            return pick
        spare = self._workers(view, me)
        for action in by_kind.get("use", []):
            effect = activated(view.cardset, action.cards[0])
            if effect is not None and action.cards[0] in spare:
                if effect["op"] != "draw" or self._deck_ok(view, me):
                    return action
        if "repair" in by_kind:
            return by_kind["repair"][0]
        if self._deck_ok(view, me):
            land = self._land(view, me)
            for kind, stat_name in (("commerce", "commerce"), ("hunt", "hunting")):
                if kind in by_kind and land is not None and land >= 0:
                    cost = card_stat(self._spec(view, land), stat_name)
                    if sum(self._power(view, c, kind) for c in spare) >= cost:
                        return by_kind[kind][0]
        return by_kind.get("battle", [None])[0]

    def _workers(self, view: PlayerView, me: int) -> set[int]:
        """The ready persons free to work (commerce, hunting, a specialty): neither in this turn's attack
        nor kept home to defend."""
        force = set(self._attackers(view, me))
        return set(self._field(view, me, "ready")) - force - self._reserve(view, me, force)

    def _battle_choice(self, view: PlayerView, me: int, by_kind: dict[str, list[Action]]) -> Action | None:
        if "attack" in by_kind or "noattack" in by_kind:
            force = self._attackers(view, me)
            if force and "attack" in by_kind:
                return by_kind["attack"][0]
            return Action(me, "noattack")
        if "siege" in by_kind:
            return self._defence_choice(view, me, by_kind)
        return None

    def _attackers(self, view: PlayerView, me: int) -> list[int]:
        """Who attacks: the fewest ready persons whose attack beats the best defence the opponent can
        still raise (their siege with every ready defender: whatever they answer, they lose a land or a
        person), when what stays home can take their answer next turn (the siege holds, or one person
        is left to give up instead of the land), when the race needs it, or when it wins the game;
        otherwise none."""
        foe = 1 - me
        able = [c for c in self._field(view, me, "ready") if self._can(view, c, "no_attack")]
        best = self._best_defence(view, foe)
        if sum(self._atk(view, c, "attack") for c in able) <= best:
            return []
        # strongest first; at the same attack, those who cannot defend anyway (a Ronin) go first
        order = sorted(
            able, key=lambda c: (-self._atk(view, c, "attack"), not self._can(view, c, "no_defend"), c)
        )
        force, total = self._until_beaten(view, order, "attack", best)
        for card in sorted(force, key=lambda c: self._atk(view, c, "attack")):  # drop who is not needed
            if total - self._atk(view, card, "attack") > best:
                force.remove(card)
                total -= self._atk(view, card, "attack")
        home = set(self._defenders(view, me)) - set(force)
        guard = self._siege(view, me) + sum(
            self._atk(view, c, "defend")
            for c in [*home, *self._field(view, me, "preparing")]
            if self._can(view, c, "no_defend")
        )
        if home or guard >= self._threat(view, me) or self._racing(view, me):
            return force
        if self._deck_mode(view) and view.zones[f"lands:{foe}"].count == 1:
            return force  # it wins the game
        if not self._deck_mode(view):
            land = self._land(view, foe)
            won = 0 if land is None or land < 0 else card_stat(self._spec(view, land), "stars")
            if self._count(view, me)[1] + won >= int(
                view.params["occupied_stars_to_win"]
            ) and not self._defenders(view, foe):
                return force
        return []

    def _until_beaten(
        self, view: PlayerView, order: list[int], task: str, target: int
    ) -> tuple[list[int], int]:
        """The persons of `order` taken in turn until their attack for `task` passes `target` (all of
        them if it never does), and that attack."""
        chosen: list[int] = []
        total = 0
        for card in order:
            chosen.append(card)
            total += self._atk(view, card, task)
            if total > target:
                break
        return chosen, total

    def _defence_choice(self, view: PlayerView, me: int, by_kind: dict[str, list[Action]]) -> Action:
        """Intercept when the defenders beat the attack; hold the siege when it holds; tie rather than
        lose; else give up one person in an intercept rather than the land (_intercept_plan)."""
        fight = view.data["fight"]
        attack = fight["attack"] if fight else 0
        defenders = self._defenders(view, me)
        field_sum = sum(self._atk(view, c, "defend") for c in defenders)
        if "intercept" in by_kind and field_sum > attack:
            return by_kind["intercept"][0]
        if self._siege(view, me) + field_sum >= attack:
            return by_kind["siege"][0]
        if "intercept" in by_kind and self._intercept_plan(view, me, attack):
            return by_kind["intercept"][0]
        return by_kind["siege"][0]

    def _intercept_plan(self, view: PlayerView, me: int, attack: int) -> list[int]:
        """Who intercepts: the strongest until the attack is beaten; all of them for a tie; else the one
        person least worth, when the land it saves is worth more (in deck construction its last land:
        giving a person up for every land fed the attacker's spoils: against the earlier bot it won 62%
        so and 77% keeping them for the last land, 50 paired seeds; in the shared deck a land of ★2 or
        more, or a cheap person). Empty: siege."""
        defenders = sorted(self._defenders(view, me), key=lambda c: (-self._atk(view, c, "defend"), c))
        field_sum = sum(self._atk(view, c, "defend") for c in defenders)
        if field_sum > attack:
            return self._until_beaten(view, defenders, "defend", attack)[0]
        if defenders and field_sum == attack:
            return defenders
        chump = self._chump(view, defenders)
        if chump is None:
            return []
        if self._deck_mode(view):
            return [chump] if view.zones[f"lands:{me}"].count <= 1 else []
        land = self._land(view, me)
        stars = 0 if land is None or land < 0 else card_stat(self._spec(view, land), "stars")
        return [chump] if stars >= 2 or self._value(view, chump) <= 2 else []

    # -- a task gathered one person at a time --------------------------------------------------------
    def _task(self, view: PlayerView, me: int, task: dict, by_kind: dict[str, list[Action]]) -> Action:
        if "pay" in by_kind:
            return self._best(view, by_kind["pay"], worst=True)
        kind = task["kind"]
        adds = by_kind.get("add", [])
        done = by_kind.get("done", [])
        chosen = set(task["persons"])
        if kind == "siege":
            fight = view.data["fight"]
            attack = fight["attack"] if fight else 0
            have = self._siege(view, me) + sum(self._power(view, c, kind) for c in chosen)
            if have >= attack or not adds:
                return done[0] if done else adds[0]
            if (
                self._siege(view, me)
                + sum(self._power(view, a.cards[0], kind) for a in adds)
                + have
                - self._siege(view, me)
                < attack
            ):
                return done[0] if done else adds[0]  # it falls anyway: keep the persons
            return max(adds, key=lambda a: self._power(view, a.cards[0], kind))
        if kind == "intercept":
            fight = view.data["fight"]
            plan = self._intercept_plan(view, me, fight["attack"] if fight else 0)
            for action in adds:
                if action.cards[0] in plan:
                    return action
            if done:
                return done[0]
            return min(adds, key=lambda a: (self._value(view, a.cards[0]), a.cards[0]))
        if kind == "attack":
            wanted = set(self._attackers(view, me)) | chosen
            for action in adds:
                if action.cards[0] in wanted:
                    return action
            if done:
                return done[0]
            return max(adds, key=lambda a: self._power(view, a.cards[0], kind))
        have = sum(self._power(view, c, kind) for c in chosen)
        need = self._need(view, me, task)
        if done and (have >= need or not adds):  # never settle for an attempt below the cost (R6 option)
            return done[0]
        if kind == "repair":
            pool = adds
        else:  # commerce, hunting: the workers (not this turn's attackers nor the home guard) first
            workers = self._workers(view, me) - chosen
            pool = [a for a in adds if a.cards[0] in workers] or adds

        def spent(action: Action) -> tuple[int, float]:
            # what a person costs the army when it works: its attack (commerce) or its worth (hunting)
            card = action.cards[0]
            if kind == "commerce":
                return (self._atk(view, card, "attack"), self._value(view, card))
            return (0, self._value(view, card))

        fits = [a for a in pool if have + self._power(view, a.cards[0], kind) >= need]
        if fits:
            return min(fits, key=lambda a: (*spent(a), self._power(view, a.cards[0], kind), a.cards[0]))
        return max(
            pool, key=lambda a: (self._power(view, a.cards[0], kind) - spent(a)[0], -spent(a)[1], -a.cards[0])
        )

    def _need(self, view: PlayerView, me: int, task: dict) -> int:
        kind = task["kind"]
        if kind == "pay":
            return int(task["owed"])
        if kind == "repair":
            return card_stat(self._spec(view, task["card"]), "repair")
        land = self._land(view, me)
        if land is None or land < 0:
            return 0
        return card_stat(self._spec(view, land), "commerce" if kind == "commerce" else "hunting")

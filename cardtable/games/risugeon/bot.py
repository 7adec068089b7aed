"""The Risugeon heuristic bot: "Big Money" with a few actions, its buying plan kept as data.

The plan (cards/bots/risugeon_plan.yaml, read with the strict YAML loader) is a priority list of what
to train, the order to use actions in, and how much each card is worth keeping, as Dominion
simulators write their bots. A designer edits it like a card set; an unknown key or a bad value is a
PlanError at file:line:col, and a card code the game's card set does not have is reported the first
time the bot sees that set.

The bot reads only its seat's PlayerView: its hand, the public zones and the public data (counters,
supply tops, gems left, the cards each seat owns), and the card set's rules through the game's card
table. Each turn it:

* action phase: uses every action it can, in the plan's `play` order (+actions first);
* training phase: discards every combat and production card (skill, and PS for abilities such as
  地底湖一番街's draw, used while affordable), then trains by the plan until no training or nothing on
  the plan is left, and ends the turn. When none of the plan's `stock_for` actions is public but it
  could afford one, it spends PS sending the public action it wants least to the stock area;
* decisions: keeps the most valuable looked-at card (Meditation: discards a weak one), returns its
  weakest combat card (Master's Lesson; Forget only while it has plenty of skill-1 cards), discards
  its least valuable card, and imitates the action ranked first in `play`.

Against the random bot it wins every 2-seat game we measured (random players almost never gather the
skill for a gem; see the issue note for the figures).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...bots.base import Bot
from ...cardsets.yamlfile import LoadError, Problem, format_key_path, locate, read_yaml
from ...resources import bot_plan_path
from ...rules.actions import Action
from ...rules.cards import CardSet
from ...rules.rng import Rng
from ...rules.view import PlayerView
from .cards import CardRules, Table, table_of

PILES = ("skill1", "skill2", "skill3", "production", "gem")
_RULE_KEYS = {
    "card": str,
    "max": int,
    "gems_left_at_most": int,
    "gems_left_at_least": int,
    "skill_at_least": int,
}


class PlanError(LoadError):
    """A bot plan file that cannot be used; its problems carry file:line:col."""


@dataclass(frozen=True)
class BuyRule:
    """One entry of the buying list."""

    card: str
    max: int | None = None
    gems_left_at_most: int | None = None
    gems_left_at_least: int | None = None
    skill_at_least: int | None = None
    where: tuple[str, int, int] = ("", 1, 1)  # file, line, col: for problems found later


@dataclass(frozen=True)
class Plan:
    """A whole plan: buying list, play order, keep values."""

    buy: tuple[BuyRule, ...]
    play: tuple[str, ...]
    keep: dict[str, float]
    stock_for: tuple[str, ...]
    file: str


_PLANS: dict[Path, tuple[tuple[int, int], Plan]] = {}


def load_plan(path: Path | None = None) -> Plan:
    """The plan in `path` (default: the bundled risugeon_plan), re-read when the file changes."""
    path = path or bot_plan_path("risugeon_plan")
    stat = path.stat() if path.exists() else None
    stamp = (stat.st_mtime_ns, stat.st_size) if stat else (0, 0)
    hit = _PLANS.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    data, root = read_yaml(path)
    file = str(path)
    problems: list[Problem] = []

    def problem(key_path: list[str | int], message: str) -> None:
        line, col = locate(root, key_path)
        problems.append(Problem(file, line, col, format_key_path(key_path), message))

    if not isinstance(data, dict):
        raise PlanError([Problem(file, 1, 1, "", "a plan is a mapping with plan, buy, play and keep")])
    for key in data:
        if key not in ("plan", "version", "buy", "play", "keep", "stock_for"):
            problem([key], "unknown key (keys: plan, version, buy, play, keep, stock_for)")
    rules: list[BuyRule] = []
    buy = data.get("buy")
    if not isinstance(buy, list) or not buy:
        problem(["buy"], "expected a non-empty list of {card: ...} entries")
        buy = []
    for index, entry in enumerate(buy):
        if not isinstance(entry, dict) or "card" not in entry:
            problem(["buy", index], "expected a mapping with card: and optional conditions")
            continue
        fields: dict[str, Any] = {}
        for key, value in entry.items():
            kind = _RULE_KEYS.get(key)
            if kind is None:
                problem(["buy", index, key], f"unknown condition (known: {', '.join(_RULE_KEYS)})")
            elif not isinstance(value, kind) or isinstance(value, bool):
                problem(["buy", index, key], f"expected {'text' if kind is str else 'a whole number'}")
            else:
                fields[key] = value
        line, col = locate(root, ["buy", index])
        if "card" in fields:
            rules.append(BuyRule(where=(file, line, col), **fields))
    play = data.get("play", [])
    if not isinstance(play, list) or not all(isinstance(c, str) for c in play):
        problem(["play"], "expected a list of card codes")
        play = []
    stock_for = data.get("stock_for", [])
    if not isinstance(stock_for, list) or not all(isinstance(c, str) for c in stock_for):
        problem(["stock_for"], "expected a list of card codes")
        stock_for = []
    keep = data.get("keep", {})
    if not isinstance(keep, dict) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in keep.values()
    ):
        problem(["keep"], "expected a mapping of card code (or production, gem): number")
        keep = {}
    if problems:
        raise PlanError(problems)
    plan = Plan(
        tuple(rules), tuple(play), {str(k): float(v) for k, v in keep.items()}, tuple(stock_for), file
    )
    _PLANS[path] = (stamp, plan)
    return plan


def check_codes(plan: Plan, cardset: CardSet) -> list[Problem]:
    """Plan entries naming a card the card set does not have."""
    codes = {spec.code for spec in cardset.cards}
    out = []
    for rule in plan.buy:
        if rule.card not in PILES and rule.card not in codes:
            file, line, col = rule.where
            out.append(
                Problem(
                    file,
                    line,
                    col,
                    "buy",
                    f"{rule.card!r} is neither a pile ({', '.join(PILES)}) nor a card of {cardset.id}",
                )
            )
    for key, names in (("play", plan.play), ("stock_for", plan.stock_for), ("keep", tuple(plan.keep))):
        for name in names:
            if name not in codes and name not in ("production", "gem"):
                out.append(Problem(plan.file, 1, 1, key, f"{name!r} is not a card of {cardset.id}"))
    return out


class RisugeonBot(Bot):
    """Plays Risugeon by its plan; sees only its own view."""

    name = "heuristic"

    def __init__(self, rng: Rng, plan: Plan | None = None) -> None:
        super().__init__(rng)
        self.plan = plan or load_plan()
        self._checked: CardSet | None = None

    # -- the decision ------------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Action:
        if view.cardset is None or view.seat is None:
            raise ValueError("the heuristic bot needs a seat's view with its card set")
        if self._checked is not view.cardset:
            problems = check_codes(self.plan, view.cardset)
            if problems:
                raise PlanError(problems)
            self._checked = view.cardset
        table = table_of(view.cardset)
        legal = view.legal
        choice = view.data.get("choice")
        if choice is not None:
            return self._decide(view, table, choice)
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if view.phase == "action":
            plays = by_kind.get("play")
            if plays:
                return min(plays, key=lambda a: (self._play_rank(table.card[a.cards[0]].code), a.cards))
            return by_kind["pass"][0]
        if "discard" in by_kind:
            return by_kind["discard"][0]
        if "activate" in by_kind:
            return by_kind["activate"][0]
        trains = by_kind.get("train", [])
        if "stock" in by_kind and view.data["trainings_left"] > 0:
            cycle = self._stock(view, table, by_kind["stock"], trains)
            if cycle is not None:
                return cycle
        if trains:
            pick = self._train(view, table, trains)
            if pick is not None:
                return pick
        return by_kind["end"][0]

    def _stock(
        self, view: PlayerView, table: Table, stocks: list[Action], trains: list[Action]
    ) -> Action | None:
        """Cycle the display for a wanted action the bot could afford, when none is public and nothing
        better than a skill-2 card is on offer."""
        wanted = self.plan.stock_for
        if not wanted or any(table.card[c].code in wanted for c in view.zones["display"].cards):
            return None
        skill = int(view.data["skill"])
        if skill < min((table.by_code[c].cost for c in wanted if c in table.by_code), default=99):
            return None
        pick = self._train(view, table, trains)
        if pick is not None and table.card[pick.cards[0]].type == "gem":
            return None
        if (
            pick is not None
            and table.card[pick.cards[0]].type == "combat"
            and table.card[pick.cards[0]].skill >= 3
        ):
            return None
        return min(stocks, key=lambda a: (-self._play_rank(table.card[a.cards[0]].code), a.cards))

    def _play_rank(self, code: str) -> int:
        order = self.plan.play
        return order.index(code) if code in order else len(order)

    def _train(self, view: PlayerView, table: Table, trains: list[Action]) -> Action | None:
        """The first applicable entry of the buying list that is on offer."""
        data = view.data
        owned: dict[str, int] = data["owned"][view.seat]
        gems_left = int(data["gems_left"])
        skill = int(data["skill"])
        for rule in self.plan.buy:
            if rule.gems_left_at_most is not None and gems_left > rule.gems_left_at_most:
                continue
            if rule.gems_left_at_least is not None and gems_left < rule.gems_left_at_least:
                continue
            if rule.skill_at_least is not None and skill < rule.skill_at_least:
                continue
            matching = [a for a in trains if self._is(table.card[a.cards[0]], rule.card)]
            if not matching:
                continue
            if rule.max is not None:
                have = sum(n for code, n in owned.items() if self._is(table.by_code[code], rule.card))
                if have >= rule.max:
                    continue
            return matching[0]
        return None

    @staticmethod
    def _is(rules: CardRules, name: str) -> bool:
        """Whether a card is the plan's `name`: its code, or a card of that pile."""
        if name.startswith("skill") and name[5:].isdigit():
            return rules.type == "combat" and rules.skill == int(name[5:])
        if name in ("production", "gem"):
            return rules.type == name
        return rules.code == name

    def _value(self, rules: CardRules) -> float:
        """How much a card is worth keeping in hand or deck."""
        keep = self.plan.keep
        if rules.code in keep:
            return keep[rules.code]
        if rules.type == "combat":
            return float(rules.skill)
        if rules.type in ("production", "gem"):
            return keep.get(rules.type, 0.5)
        return 2.0

    def _decide(self, view: PlayerView, table: Table, choice: dict[str, Any]) -> Action:
        """A decision an effect asks for (pick, return, discard, imitate)."""
        legal = view.legal
        done = next((a for a in legal if a.kind == "done"), None)
        picks = [a for a in legal if a.kind != "done"]
        if choice["kind"] == "imitate":
            return min(picks, key=lambda a: (self._play_rank(a.target), a.target))
        effect = next(
            (e for e in table.by_code[str(choice["as"])].effects if e["op"] == choice["effect"]), {}
        )
        value = {a: self._value(table.card[a.cards[0]]) for a in picks}
        best = max(picks, key=lambda a: (value[a], -a.cards[0]))
        worst = min(picks, key=lambda a: (value[a], a.cards[0]))
        if choice["kind"] == "pick":
            if effect.get("to") == "discard":  # Meditation: throw away a weak card, keep a good one on top
                return worst if value[worst] <= 1.0 or done is None else done
            return best
        if choice["kind"] == "return":
            if effect.get("gain_higher") or done is None:
                return worst
            owned = view.data["owned"][view.seat]
            ones = sum(n for code, n in owned.items() if self._is(table.by_code[code], "skill1"))
            if ones > 4 and value[worst] <= 1.0:
                return worst
            return done
        return worst if picks else done  # discard: the least useful card

"""Risugeon beyond the scenario files: the card set (composition, provisional marks, copies of every
set), editing card values in YAML without touching Python, the effect vocabulary's file:line:col
problems, hidden information, the hard bound on a game's length, and the heuristic bot."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardtable.cardsets import CardSetError, load_cardset, validate_paths
from cardtable.games import get_game
from cardtable.games.risugeon.bot import PlanError, RisugeonBot, load_plan
from cardtable.games.risugeon.cards import table_of
from cardtable.games.risugeon.effects import DECKBUILDER
from cardtable.resources import bot_plan_path, cardset_path
from cardtable.rules.effects import Arg, Context, EffectError, EffectKind, Prompt, Resolver
from cardtable.rules.engine import Engine
from cardtable.rules.game import ParamError
from cardtable.rules.invariants import check_invariants
from cardtable.rules.rng import Rng
from cardtable.simulate import simulate

GAME = get_game("risugeon")
YAML = cardset_path("risugeon")


def _copy(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the bundled card set with text replacements (each must hit exactly once)."""
    text = YAML.read_bytes().decode("utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "risugeon_edited.yaml"
    path.write_bytes(text.encode("utf-8"))
    return path


def _training_engine(params: dict[str, object], skill: int) -> Engine:
    """P1 in the training phase with `skill` to spend."""
    engine = Engine.new(GAME, 2, 0, params)
    state = engine.state
    if state.phase == "action":
        engine.apply_text(0, "pass")
    state.data["skill"] = skill
    engine._legal.clear()
    return engine


# -- the card set ------------------------------------------------------------------------------------
def test_one_set_is_60_cards_24_combat_22_actions_7_production_7_gems() -> None:
    base = load_cardset(YAML)
    kinds = Counter(spec.get("type") for spec in base.cards for _ in range(spec.count))
    assert kinds == {"combat": 24, "action": 22, "production": 7, "gem": 7}
    assert Counter(spec.get("skill") for spec in base.cards if spec.get("type") == "combat") == {
        1: 8,
        2: 8,
        3: 8,
    }
    assert {
        spec.get("cost") for spec in base.cards if spec.get("type") == "combat" and spec.get("skill") == 3
    } == {6}
    for spec in base.cards:
        assert spec.name.ja and spec.name.en, spec.code


def test_every_provisional_value_is_marked_in_the_yaml() -> None:
    base = load_cardset(YAML)
    for spec in base.cards:
        marked = spec.get("provisional") or []
        if spec.get("type") == "action":
            assert {"cost", "effects"} <= set(marked), spec.code  # R1
        if spec.get("type") == "gem":
            assert {"cost", "points"} <= set(marked), spec.code  # R2
        if spec.get("type") == "production":
            assert "cost" in marked, spec.code  # R3
    names = {spec.code: spec.get("provisional") for spec in base.cards}
    assert "name" not in names["A12"] and names["C1A"] is None  # 萌えろ, 剣&槍: the publisher's names
    provisional = [p for p in GAME.params if p.provisional]
    assert {p.name for p in provisional} >= {
        "gem_access",
        "ps_target",
        "random_start",
        "tie_break",
        "reshuffle_mid_draw",
        "gem_uses_training",
        "gem_spends_skill",
        "last_gem_ends",
        "discard_public",
        "max_rounds",
        "max_turn_actions",
    }


def test_a_game_holds_every_set_once_and_one_set_of_gems() -> None:
    engine = Engine.new(GAME, 2, 0, {})
    table = table_of(engine.state.cardset)  # type: ignore[arg-type]
    assert Counter(r.type for r in table.card) == {"combat": 96, "action": 88, "production": 28, "gem": 7}
    assert len(engine.state.zones["box"].cards) == 106  # the two sets two players do not use
    four = Engine.new(GAME, 2, 0, {"sets": 4})
    assert not four.state.zones["box"].cards
    with pytest.raises(ParamError, match="too few for 3 players"):
        Engine.new(GAME, 3, 0, {"sets": 2})


# -- designers edit YAML, not Python -----------------------------------------------------------------
def test_editing_a_cost_in_a_copy_of_the_yaml_changes_what_is_legal(tmp_path: Path) -> None:
    plain = _training_engine({}, 2)
    texts = {plain.describe(a) for a in plain.legal_actions(0)}
    assert "train P3" in texts and "train C2A" not in texts  # production costs 2, a skill-2 card 3
    cheap = _copy(
        tmp_path,
        (
            "    type: combat\n    skill: 2\n    cost: 3\n    provisional: [name]\n  - code: C2B",
            "    type: combat\n    skill: 2\n    cost: 1\n    provisional: [name]\n  - code: C2B",
        ),
    )
    engine = _training_engine({"cardset": str(cheap)}, 2)
    assert "train C2A" in {engine.describe(a) for a in engine.legal_actions(0)}
    engine.apply_text(0, "train C2A")
    assert engine.state.data["skill"] == 1


def test_editing_an_effect_in_yaml_changes_play_at_once(tmp_path: Path) -> None:
    path = _copy(
        tmp_path,
        (
            '      - skill: 3\n    text:\n      ja: "スキル+3。"',
            '      - skill: 5\n      - draw: 1\n    text:\n      ja: "スキル+3。"',
        ),
    )
    for cardset, skill, hand in ((str(YAML), 3, 3), (str(path), 5, 4)):
        engine = Engine.new(GAME, 2, 0, {"cardset": cardset})
        table = table_of(engine.state.cardset)  # type: ignore[arg-type]
        war_cry = min(i for i, r in enumerate(table.card) if r.code == "A05")
        hand_zone = engine.state.zones["hand:0"].cards
        engine.state.zones["box"].cards.append(hand_zone.pop())
        for zone in engine.state.zones.values():
            if war_cry in zone.cards:
                zone.cards.remove(war_cry)
        hand_zone.append(war_cry)
        engine.state.phase = "action"
        engine._legal.clear()
        engine.apply_text(0, "play A05")
        assert engine.state.data["skill"] == skill
        assert len(engine.state.zones["hand:0"].cards) == hand


def test_the_cardset_parameter_takes_a_name_or_a_path(tmp_path: Path) -> None:
    by_name = GAME.load_cardset({"cardset": "risugeon"})
    by_path = GAME.load_cardset({"cardset": str(YAML)})
    assert by_name is by_path  # the same file, the same cached set
    with pytest.raises(CardSetError, match="no such file"):
        GAME.load_cardset({"cardset": str(tmp_path / "missing.yaml")})


# -- the effect vocabulary: problems at file:line:col ------------------------------------------------
def test_unknown_effect_name_is_a_problem_at_its_line_and_column(tmp_path: Path) -> None:
    path = _copy(tmp_path, ("      - draw: 2\n", "      - drwa: 2\n"))
    problems = validate_paths([path])
    assert len(problems) == 1
    line = path.read_bytes().decode("utf-8").splitlines().index("      - drwa: 2") + 1
    problem = problems[0]
    assert (problem.line, problem.col) == (line, 9)
    assert re.fullmatch(r"cards\[\d+\]\.effects\[0\]", problem.key_path)
    assert "unknown effect 'drwa'" in problem.message and "draw" in problem.message
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert f"{path}:{line}:9: " in result.stdout and "unknown effect 'drwa'" in result.stdout


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "{count: 2, take: 1, to: hand, rest: discard}",
            "{count: two, take: 1, to: hand, rest: discard}",
            'look_top: count must be a whole number, not the text "two"',
        ),
        (
            "{count: 2, take: 1, to: hand, rest: discard}",
            "{count: 2, take: 1, to: pocket, rest: discard}",
            "look_top: to must be one of hand, discard, deck",
        ),
        (
            "{count: 2, take: 1, to: hand, rest: discard}",
            "{count: 2, take: 3, to: hand, rest: discard}",
            "take (3) cannot be more than count (2)",
        ),
        (
            "{count: 2, take: 1, to: hand, rest: discard}",
            "{cnt: 2, take: 1, to: hand, rest: discard}",
            "look_top: unknown argument 'cnt'",
        ),
        ("      - skill: 3\n", "      - skill: -1\n", "skill: amount must be at least 1"),
        (
            "{cost: {ps: 2}, effects: [{draw: 1}]}",
            "{effects: [{draw: 1}]}",
            "give a cost or a number of uses",
        ),
        (
            "{cost: {ps: 2}, effects: [{draw: 1}]}",
            "{cost: {gold: 2}, effects: [{draw: 1}]}",
            "'gold' is not a counter",
        ),
        (
            "end_of_turn: [{draw: 1}]\n",
            "end_of_turn: [{imitate: display}]\n",
            "imitate can only be used directly",
        ),
    ],
)
def test_bad_effect_arguments_are_problems_at_the_yaml_node(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    path = _copy(tmp_path, (old, new))
    problems = validate_paths([path])
    assert problems, "the edit should be reported"
    assert any(message in p.message for p in problems), [str(p) for p in problems]
    for problem in problems:
        assert problem.file == str(path) and problem.line > 1 and problem.col > 1
    with pytest.raises(CardSetError):
        Engine.new(GAME, 2, 0, {"cardset": str(path)})


def test_vocabulary_compiles_the_three_yaml_forms_and_raises_with_paths() -> None:
    assert DECKBUILDER.compile(["stays_in_play", {"draw": 2}, {"look_top": {"count": 1}}]) == [
        {"op": "stays_in_play", "turns": 1, "next_turn": []},
        {"op": "draw", "count": 2},
        {"op": "look_top", "count": 1, "take": 1, "optional": False, "to": "hand", "rest": "discard"},
    ]
    with pytest.raises(EffectError, match=r"effects\[1\]\.end_of_turn\[0\]: unknown effect 'zap'"):
        DECKBUILDER.compile([{"draw": 1}, {"end_of_turn": [{"zap": 1}]}])


def test_a_later_game_extends_the_vocabulary_with_its_own_effects() -> None:
    class Damage(EffectKind):
        name = "damage"
        doc = "deal damage"
        args = (Arg("amount", "int", minimum=1),)
        shorthand = "amount"

        def start(self, ctx: Context) -> Prompt | None:
            ctx.host.hits.append(ctx.frame["amount"])
            return None

    sainome = DECKBUILDER.extend("sainome", [Damage()], counters=["hp"])
    effects = sainome.compile([{"damage": 3}, {"skill": 1}])
    assert "damage" not in DECKBUILDER.kinds and "hp" in sainome.counters

    class Host:
        hits: list[int] = []
        added: list[tuple[str, int]] = []

        def add(self, seat: int, counter: str, amount: int) -> None:
            self.added.append((counter, amount))

    host = Host()
    frames: list[dict[str, object]] = []
    resolver = Resolver(sainome, host, frames)  # type: ignore[arg-type]
    resolver.push(effects, 0, 7, "X1")
    assert resolver.run() is None and not frames
    assert host.hits == [3] and host.added == [("skill", 1)]


# -- hidden information and bounds -------------------------------------------------------------------
def test_views_show_only_ones_own_hand_and_looked_cards_never_a_deck() -> None:
    engine = Engine.new(GAME, 2, 0, {})
    state = engine.state
    view = engine.view(1)
    assert all(c == -1 for c in view.zones["hand:0"].cards)
    assert all(c == -1 for c in view.zones["deck:1"].cards)
    assert view.zones["hand:1"].cards == tuple(state.zones["hand:1"].cards)
    assert all(c == -1 for c in view.zones["action_deck"].cards)
    data = view.data
    assert data["points"] == (2, 2) and data["gems_left"] == 7 and len(data["display"]) == 4
    assert set(data["supply"]) == {"skill1", "skill2", "skill3", "production"}
    for key in ("skill", "ps", "actions_left", "trainings_left", "owned", "choice", "abilities", "staying"):
        assert key in data


def test_a_self_paying_ability_edited_into_yaml_still_ends_within_the_bound(tmp_path: Path) -> None:
    # 地底湖一番街 made to pay 1 PS for 1 PS and a card: random play may use it for ever without the cap
    path = _copy(tmp_path, ("{cost: {ps: 2}, effects: [{draw: 1}]}", "{cost: {ps: 1}, effects: [{ps: 1}]}"))
    params = {"cardset": str(path), "max_rounds": 4, "max_turn_actions": 30}
    for seed in range(3):
        engine = Engine.new(GAME, 2, seed, params)
        rng = Rng(seed)
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            activate = [a for a in legal if a.kind == "activate"]
            engine.apply(activate[0] if activate else legal[rng.below(len(legal))])
        assert len(engine.state.history) <= engine.max_actions
        assert not check_invariants(engine)


# -- the heuristic bot -------------------------------------------------------------------------------
def test_the_heuristic_bot_beats_the_random_bot() -> None:
    report = simulate("risugeon", 2, 10, 0, {}, ["heuristic", "random"])
    swapped = simulate("risugeon", 2, 10, 100, {}, ["random", "heuristic"])
    assert report.bot_wins["heuristic"] + swapped.bot_wins["heuristic"] >= 19


def test_the_bot_plan_is_data_with_file_line_problems(tmp_path: Path) -> None:
    plan = load_plan()
    assert plan.buy[0].card == "gem" and plan.play
    text = bot_plan_path("risugeon_plan").read_bytes().decode("utf-8")
    bad = tmp_path / "plan.yaml"
    bad.write_bytes(text.replace("{card: A17, max: 2}", "{card: A17, most: 2}").encode("utf-8"))
    with pytest.raises(PlanError) as caught:
        load_plan(bad)
    line = text.splitlines().index("  - {card: A17, max: 2}") + 1
    assert f"{bad}:{line}:" in str(caught.value) and "unknown condition" in str(caught.value)
    unknown = tmp_path / "plan2.yaml"
    unknown.write_bytes(text.replace("{card: A17, max: 2}", "{card: A99, max: 2}").encode("utf-8"))
    bot = RisugeonBot(Rng(0), load_plan(unknown))
    with pytest.raises(PlanError, match="'A99' is neither a pile"):
        bot.choose(Engine.new(GAME, 2, 0, {}).view(0))


def test_discard_public_false_shows_only_the_top_of_a_discard_pile() -> None:
    engine = Engine.new(GAME, 2, 0, {"discard_public": False})
    if engine.state.phase == "action":
        engine.apply_text(0, "pass")
    for _ in range(2):
        engine.apply(next(a for a in engine.legal_actions(0) if a.kind == "discard"))
    pile = engine.view(1).zones["discard:0"].cards
    assert len(pile) == 2 and pile[-1] != -1 and pile[0] == -1
    assert Engine.new(GAME, 2, 0, {}).view(1).zones["discard:0"].visibility == "public"

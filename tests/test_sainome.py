"""Sainome beyond the scenario files: the card set (composition, provisional marks), effect problems at
file:line:col, dice in the rules layer (determinism, stated rolls), the counter window asked on every
damage event whatever the defender holds, hidden information, the length bound and the heuristic bot."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.cardsets import CardSetError, load_cardset, validate_paths
from cardtable.games import get_game
from cardtable.games.sainome.cards import table_of
from cardtable.games.sainome.effects import DUEL
from cardtable.games.sainome.narration import WORDS, narrate, option
from cardtable.resources import cardset_path
from cardtable.rules import dice
from cardtable.rules.effects import EffectError
from cardtable.rules.engine import Engine
from cardtable.rules.events import DiceRolled
from cardtable.rules.invariants import check_invariants
from cardtable.rules.narration import Renderer
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState
from cardtable.simulate import simulate

GAME = get_game("sainome")
YAML = cardset_path("sainome")
RULEBOOK_NAMES = {"FB", "WS", "SH", "TB", "CH", "QC", "EO", "SU", "PL", "RS"}


def _copy(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the bundled card set with text replacements (each must hit exactly once)."""
    text = YAML.read_bytes().decode("utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "sainome_edited.yaml"
    path.write_bytes(text.encode("utf-8"))
    return path


def _line_of(path: Path, needle: str) -> int:
    return path.read_bytes().decode("utf-8").splitlines().index(needle) + 1


def _arranged(
    zones: dict[str, list[str]],
    rolls: list[int] = (),
    first: int = 0,
    params: dict[str, object] | None = None,
) -> tuple[Engine, Callable[[GameState], None]]:
    """A game at P1's (or `first`'s) action phase: Swordman vs Princess, the listed zones stacked (by
    code, taken from the common deck or wherever), the rest as dealt, and stated rolls."""

    def arrange(state: GameState) -> None:
        table = table_of(state.cardset)  # type: ignore[arg-type]
        placed: set[int] = set()
        for zone, codes in zones.items():
            for code in codes:
                card = next(
                    i
                    for i, r in enumerate(table.card)
                    if r.code == code and i not in placed and i not in state.zones[zone].cards
                )
                placed.add(card)
                holder = next(z for z in state.zones.values() if card in z.cards)
                holder.cards.remove(card)
                state.zones[zone].cards.append(card)
        for seat, code in enumerate(("SWM", "PRI")):
            card = next(i for i, r in enumerate(table.card) if r.code == code)
            state.zones["characters"].cards.remove(card)
            state.zones[f"character:{seat}"].cards.append(card)
        common = state.zones["common"].cards
        for seat in range(2):
            for zone, size in ((f"hp:{seat}", 10), (f"hand:{seat}", 5)):
                if zone not in zones:
                    state.zones[zone].cards.extend(common[:size])
                    del common[:size]
        state.data["first"] = first
        state.scores = [len(state.zones[f"hp:{s}"].cards) for s in range(2)]
        GAME._begin_turn(state, first, [])  # type: ignore[attr-defined]
        dice.force(state, list(rolls))

    return Engine.new(GAME, 2, 5, params or {}, arrange=arrange), arrange


# -- the card set ------------------------------------------------------------------------------------
def test_the_set_is_4_characters_and_50_cards_10_weapons_10_magic_13_items_17_skills() -> None:
    base = load_cardset(YAML)
    kinds = Counter(spec.get("category") for spec in base.cards for _ in range(spec.count))
    assert kinds == {"character": 4, "weapon": 10, "magic": 10, "item": 13, "skill": 17}
    codes = {spec.code for spec in base.cards}
    assert {"SWM", "MAG", "SIS", "PRI"} <= codes and RULEBOOK_NAMES <= codes
    for spec in base.cards:
        assert spec.name.ja and spec.name.en, spec.code
        if spec.get("category") != "character":
            assert spec.get("text") and spec.get("text")["ja"] and spec.get("text")["en"], spec.code
    names = {spec.code: spec.name.ja for spec in base.cards}
    assert names["SWM"] == "ソードマン" and names["FB"] == "ファイヤーボール" and names["TB"] == "時限爆弾"


def test_every_provisional_value_is_marked_in_the_yaml() -> None:
    base = load_cardset(YAML)
    for spec in base.cards:
        marked = set(spec.get("provisional") or [])
        if spec.get("category") == "character":
            assert {"sides", "awaken"} <= marked, spec.code  # R3
            assert "name" not in marked  # the rulebook names the four
            continue
        assert {"count", "links", "effects", "text"} <= marked, spec.code  # R4
        assert ("name" in marked) == (spec.code not in RULEBOOK_NAMES), spec.code
    by_code = {spec.code: spec for spec in base.cards}
    assert "icons" not in by_code["WS"].get("provisional") and by_code["WS"].get("icons") == ["counter"]
    assert "icons" not in by_code["QC"].get("provisional") and by_code["QC"].get("icons") == ["hand"]
    provisional = {p.name for p in GAME.params if p.provisional}
    assert provisional == {
        "max_setup_rolls",
        "setup_equip_order",
        "fire_order",
        "six_cards_fire_on_face",
        "catalyst_may_decline",
        "flip_mismatch",
        "removed_bomb",
        "zero_damage_triggers",
        "max_strike_backs",
        "max_turns",
    }
    assert {p.name: p.default for p in GAME.params}["hp_size"] == 10


# -- effects: problems at file:line:col --------------------------------------------------------------
def test_an_unknown_effect_is_a_validate_error_at_its_line_and_column(tmp_path: Path) -> None:
    path = _copy(
        tmp_path,
        (
            '      - damage: 4\n    text:\n      ja: "4ダメージ。"\n      en: "4 damage."\n'
            "    provisional: [name, count, category, links, icons, effects, text]\n  - code: BW",
            '      - damag: 4\n    text:\n      ja: "4ダメージ。"\n      en: "4 damage."\n'
            "    provisional: [name, count, category, links, icons, effects, text]\n  - code: BW",
        ),
    )
    problems = validate_paths([path])
    assert len(problems) == 1
    problem = problems[0]
    assert (problem.line, problem.col) == (_line_of(path, "      - damag: 4"), 9)
    assert re.fullmatch(r"cards\[\d+\]\.effects\[0\]", problem.key_path)
    assert "unknown effect 'damag'" in problem.message and "damage" in problem.message
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert f"{path}:{problem.line}:9: " in result.stdout


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("      - reduce: 3\n", "      - reduce: three\n", "reduce: amount must be a whole number"),
        (
            '      - heal: 2\n    text:\n      ja: "回復2:',
            '      - heal: 0\n    text:\n      ja: "回復2:',
            "heal: amount must be at least 1",
        ),
        (
            "      - charge: 4\n",
            "      - charge: {amount: 4, to: last}\n",
            "charge: to must be one of each, first",
        ),
        (
            "      - unequip: discard\n",
            "      - unequip: trash\n",
            "unequip: to must be one of hand, discard",
        ),
        (
            "choose: {attack: [attack], refill: [refill]}",
            "choose: {attack: [atack], refill: [refill]}",
            "unknown effect 'atack'",
        ),
        (
            "choose: {attack: [attack], refill: [refill]}",
            "choose: {Attack: [attack]}",
            "a label is lower-case",
        ),
        (
            "effects: [{flip: normal}]",
            "effects: [{flip: sideways}]",
            "flip: to must be one of normal, awakened",
        ),
        (
            "effects: [{flip: normal}, {draw: 1}]",
            "effects: [{flip: normal}, {draww: 1}]",
            "unknown effect 'draww'",
        ),
        (
            "time_bomb: [{damage: 3}]",
            "time_bomb: [{damage: {amount: 3, to: me}}]",
            "damage: unknown argument 'to'",
        ),
    ],
)
def test_bad_effect_arguments_are_problems_at_the_yaml_node(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    path = _copy(tmp_path, (old, new))
    problems = validate_paths([path])
    assert any(message in p.message for p in problems), [str(p) for p in problems]
    for problem in problems:
        assert problem.file == str(path) and problem.line > 1 and problem.col > 1
    with pytest.raises(CardSetError):
        Engine.new(GAME, 2, 0, {"cardset": str(path)})


def test_a_skill_effect_is_checked_inside_the_character(tmp_path: Path) -> None:
    path = _copy(tmp_path, ("effects: [{flip: normal}, {draw: 1}]", "effects: [{flip: normal}, {drw: 1}]"))
    problems = validate_paths([path])
    assert len(problems) == 1
    assert problems[0].key_path == "cards[2].sides.awakened.skills[1].effects[1]"
    assert problems[0].line == _line_of(path, "            effects: [{flip: normal}, {drw: 1}]")


def test_schema_checks_links_icons_and_faces(tmp_path: Path) -> None:
    path = _copy(
        tmp_path,
        ("        faces: [1, 2, 3, 4]\n", "        faces: [1, 2, 3, 6]\n"),
        (
            "    links: [5]\n    icons: []\n    effects:\n      - damage: 4",
            "    links: [7]\n    icons: []\n    effects:\n      - damage: 4",
        ),
        (
            "    icons: [six]\n    effects:\n      - damage: 4",
            "    icons: [sixx]\n    effects:\n      - damage: 4",
        ),
    )
    messages = [str(p) for p in validate_paths([path])]
    assert any("faces[3]: 6 is too large (maximum 5)" in m for m in messages), messages
    assert any("links[0]: 7 is too large (maximum 5)" in m for m in messages), messages
    assert any('icons[0]: "sixx" is not allowed' in m for m in messages), messages


def test_the_game_refuses_an_attack_on_a_card_a_roll_can_fire(tmp_path: Path) -> None:
    # An attack fired by an attack could roll for ever: the game checks it when it loads the set.
    path = _copy(
        tmp_path,
        (
            '      - damage: 4\n    text:\n      ja: "4ダメージ。"\n      en: "4 damage."\n'
            "    provisional: [name, count, category, links, icons, effects, text]\n  - code: BW",
            '      - attack\n    text:\n      ja: "4ダメージ。"\n      en: "4 damage."\n'
            "    provisional: [name, count, category, links, icons, effects, text]\n  - code: BW",
        ),
    )
    with pytest.raises(CardSetError) as caught:
        Engine.new(GAME, 2, 0, {"cardset": str(path)})
    assert "attack can only be an effect of a hand-activated card" in str(caught.value)
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: cards\[\d+\]\.effects", str(caught.value))


def test_the_duel_vocabulary_compiles_and_keeps_the_deckbuilder_apart() -> None:
    assert DUEL.compile([{"damage": 3}, "nullify", {"choose": {"a": ["attack"], "b": [{"refill": 5}]}}]) == [
        {"op": "damage", "amount": 3, "target": "opponent"},
        {"op": "nullify"},
        {
            "op": "choose",
            "options": {
                "a": [{"op": "attack", "optional": False, "sides": 6}],
                "b": [{"op": "refill", "limit": 5}],
            },
        },
    ]
    with pytest.raises(EffectError, match=r"effects\[0\]: unknown effect 'skill'"):
        DUEL.compile([{"skill": 1}])  # a deck-builder effect is not a duel effect


def test_editing_a_damage_in_yaml_changes_play(tmp_path: Path) -> None:
    path = _copy(
        tmp_path,
        (
            "    links: [1, 2]\n    icons: []\n    effects:\n      - damage: 2\n",
            "    links: [1, 2]\n    icons: []\n    effects:\n      - damage: 5\n",
        ),
    )
    for cardset, hp in ((str(YAML), 7), (str(path), 4)):
        engine, _ = _arranged({"slot:0:top": ["SS"], "hand:1": ["PO"]}, [1], params={"cardset": cardset})
        engine.apply_text(0, "attack")
        engine.apply_text(1, "pass")
        assert len(engine.state.zones["hp:1"].cards) == hp  # Short Sword +1 for Swordsmanship


# -- dice --------------------------------------------------------------------------------------------
def test_dice_are_fixed_by_the_state_rng_and_stated_rolls_come_first() -> None:
    one, two = GameState("x", 2, {}, 7), GameState("x", 2, {}, 7)
    random.seed(1)
    first, event = dice.roll(one, 1, 3, 6, "test")
    random.seed(2)  # the global generator plays no part
    assert dice.roll(two, 1, 3, 6, "test")[0] == first
    assert event == DiceRolled(1, 6, first, "test") and event.reveals
    assert all(1 <= r <= 6 for r in first)
    dice.force(one, [6, 2])
    assert one.to_dict()["rolls"] == [6, 2]
    back = GameState.from_dict(one.to_dict())
    assert dice.roll(back, 0, 1)[0] == (6,) and dice.roll(back, 0, 1)[0] == (2,)
    assert not back.forced_rolls and "rolls" not in back.to_dict()
    dice.force(back, [7])
    with pytest.raises(dice.RollError, match="not a face of a 6-sided die"):
        dice.roll(back, 0, 1)
    with pytest.raises(dice.RollError):
        dice.force(back, [0])


def test_a_replayed_game_rolls_the_same_and_stated_rolls_replay_too() -> None:
    engine, arrange = _arranged({"slot:0:top": ["SS"], "slot:0:right": ["BW"]}, [2, 3])
    engine.apply_text(0, "attack")
    if engine.state.pending is not None:
        engine.apply_text(1, "pass")
    assert engine.state.data["last_roll"]["results"] == [2]
    assert engine.state.forced_rolls == [3]
    again = Engine.replay(GAME, 2, 5, {}, engine.state.history, arrange=arrange)
    assert again.state.canonical() == engine.state.canonical()
    seeded = Engine.new(GAME, 2, 77, {})
    seeded.apply_text(0, "roll")
    other = Engine.new(GAME, 2, 77, {})
    other.apply_text(0, "roll")
    assert seeded.state.data["setup_rolls"] == other.state.data["setup_rolls"]


# -- the counter window ------------------------------------------------------------------------------
def test_the_counter_window_is_asked_on_every_damage_event_even_without_counter_cards() -> None:
    # Double Strike: two damage events; the defender holds no counter card and is asked both times
    engine, _ = _arranged({"slot:0:top": ["DS"], "hand:1": ["PO", "LS"]}, [1])
    engine.apply_text(0, "attack")
    for _ in range(2):
        assert engine.deciding_seats() == (1,)
        assert engine.state.pending is not None and engine.state.pending.kind == "counter"
        assert [engine.describe(a) for a in engine.legal_actions(1)] == ["pass"]
        assert engine.legal_actions(0) == []
        engine.apply_text(1, "pass")
    assert engine.deciding_seats() == (0,)
    assert len(engine.state.zones["hp:1"].cards) == 8


def test_the_attacker_cannot_tell_whether_the_defender_holds_a_counter_card() -> None:
    mine = ["LS", "SP", "BA", "BW", "GS"]  # the attacker's own hand, the same in both games
    with_card, _ = _arranged({"slot:0:top": ["SS"], "hand:0": mine, "hand:1": ["WS", "LS"]}, [1])
    without, _ = _arranged({"slot:0:top": ["SS"], "hand:0": mine, "hand:1": ["PO", "LS"]}, [1])
    for engine in (with_card, without):
        engine.apply_text(0, "attack")
    assert with_card.view(0) == without.view(0)  # the same prompt, the same public data: nothing leaks
    assert [with_card.describe(a) for a in with_card.legal_actions(1)] == ["counter WS", "pass"]
    assert [without.describe(a) for a in without.legal_actions(1)] == ["pass"]
    data = with_card.view(0).data
    assert data["counter"] == {
        "defender": 1,
        "attacker": 0,
        "amount": 3,
        "card": data["counter"]["card"],
        "code": "SS",
    }
    assert data["decision"]["kind"] == "counter" and data["decision"]["seat"] == 1


def test_a_defender_without_a_counter_card_is_told_so_not_offered_a_lone_pass() -> None:
    from cardtable.games.sainome.narration import prompt

    mine = ["LS", "SP", "BA", "BW", "GS"]
    with_card, _ = _arranged({"slot:0:top": ["SS"], "hand:0": mine, "hand:1": ["WS", "LS"]}, [1])
    without, _ = _arranged({"slot:0:top": ["SS"], "hand:0": mine, "hand:1": ["PO", "LS"]}, [1])
    for engine in (with_card, without):
        engine.apply_text(0, "attack")
    asked = prompt("counter", with_card.view(1))
    told = prompt("counter", without.view(1))
    assert asked is not None and asked.key == "sn.prompt.counter"
    assert told is not None and told.key == "sn.prompt.counter_none"


# -- hidden information ------------------------------------------------------------------------------
def test_views_show_only_ones_own_hand_and_never_an_hp_deck_or_the_common_deck() -> None:
    engine, _ = _arranged({})
    state = engine.state
    view = engine.view(1)
    assert view.zones["hand:1"].cards == tuple(state.zones["hand:1"].cards)
    for zone in ("hand:0", "hp:0", "hp:1", "common"):
        assert all(c == -1 for c in view.zones[zone].cards), zone
    assert view.data["hp"] == (10, 10) and view.data["hands"] == (5, 5) and view.data["common"] == 20
    for key in (
        "characters",
        "slots",
        "hp",
        "last_roll",
        "decision",
        "counter",
        "bombs",
        "used",
        "actions_left",
        "rights",
        "first",
        "turn",
        "resolving",
    ):
        assert key in view.data, key
    character = view.data["characters"][0]
    assert character["code"] == "SWM" and character["faces"] == {"top": 1, "right": 2, "bottom": 3, "left": 4}
    assert set(view.data["slots"][1]) == {"top", "right", "bottom", "left"}


def test_in_the_draft_an_hp_deck_is_its_owners_to_see() -> None:
    engine = Engine.new(GAME, 2, 3, {"hp_draft": True, "hp_size": 2})
    for text, seat in (("roll", 0), ("roll", 1)):
        engine.apply_text(seat, text)
    while engine.state.phase in ("roll", "right", "character", "draft"):
        seat = engine.deciding_seats()[0]
        engine.apply(engine.legal_actions(seat)[0])
    own = engine.view(0).zones["hp:0"].cards
    assert len(own) == 2 and -1 not in own
    assert all(c == -1 for c in engine.view(1).zones["hp:0"].cards)


# -- bounds and the CLI ------------------------------------------------------------------------------
def test_random_games_end_within_the_bound_with_every_invariant() -> None:
    for seed, params in ((0, {"max_turns": 40}), (1, {"hp_size": 4, "actions_per_turn": 4})):
        engine = Engine.new(GAME, 2, seed, params)
        rng = Rng(seed)
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            engine.apply(legal[rng.below(len(legal))])
            assert not check_invariants(engine)
        assert len(engine.state.history) <= engine.max_actions


def test_params_that_need_more_cards_than_the_set_holds_are_refused() -> None:
    from cardtable.cardsets import CardSetError

    # the game's check of its set under these parameters (check_cardset), at the set's `cards:` line
    with pytest.raises(CardSetError, match=r"sainome\.yaml:\d+:\d+: cards: .*need 60 Sainome cards"):
        Engine.new(GAME, 2, 0, {"hp_size": 20, "first_hand": 10})


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    report = simulate("sainome", 2, 12, 0, {}, ["heuristic", "random"])
    swapped = simulate("sainome", 2, 12, 100, {}, ["random", "heuristic"])
    assert report.bot_wins["heuristic"] + swapped.bot_wins["heuristic"] >= 20


# -- stated rolls in scenario files -------------------------------------------------------------------
def test_a_scenario_states_rolls_and_a_bad_one_is_reported(tmp_path: Path) -> None:
    from cardtable.scenario import ScenarioError, run_file

    base = (
        "game: sainome\nsetup: {characters: {P1: SWM, P2: PRI}}\ndeal:\n  slot:0:top: [SS]\n  hand:1: [PO]\n"
    )
    good = tmp_path / "good.yaml"
    good.write_bytes(
        (
            base + "rolls: [1, 4]\nmoves:\n  - P1: attack\n  - P2: pass\n"
            "expect: {rolls_left: 1, counts: {hp:1: 7}}\n"
        ).encode("utf-8")
    )
    assert [r.failures for r in run_file(good, get_game)] == [[]]
    seven = tmp_path / "seven.yaml"
    seven.write_bytes((base + "rolls: [7]\nmoves:\n  - P1: attack\n").encode("utf-8"))
    (result,) = run_file(seven, get_game)
    assert result.failures and "not a face of a 6-sided die" in result.failures[0]
    bad = tmp_path / "bad.yaml"
    bad.write_bytes((base + "rolls: [one]\n").encode("utf-8"))
    with pytest.raises(ScenarioError, match=r"bad\.yaml:6:\d+: rolls: expected a list of dice results"):
        run_file(bad, get_game)


def test_the_log_names_each_layout_when_the_first_setup_is_turned_up() -> None:
    """The equip lines of the hidden first setup say only "a card": the reveal names every card, one
    line a seat, for the other player (and a spectator) to read."""
    from cardtable.games.sainome.params import SLOTS
    from cardtable.session import SeatConfig, Session

    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False)]
    session = Session.new("sainome", seats, 3, {}, autosave=False)
    engine = session.engine
    while (
        engine.state.phase in ("roll", "right", "character", "draft", "first_setup") and not engine.is_over()
    ):
        session.apply(session.bot_action(engine.deciding_seats()[0]))
    lines = [p for _, p in session.chronicle.lines(1) if p.key == "sn.revealed_setup"]
    set_up = {s for s in range(2) if any(engine.state.zones[f"slot:{s}:{slot}"].cards for slot in SLOTS)}
    assert {p.values["who"].seat for p in lines} == set_up
    for p in lines:
        assert all(c >= 0 for c in p.values["cards"].cards), "named, not counted"


# -- the Time Bomb's words ---------------------------------------------------------------------------
def test_the_time_bombs_slots_are_named_with_the_opponents_die_faces() -> None:
    # the opponent's character faces across the table, so its own "left" shows on your right: the
    # chooser said only "the left slot"; the face printed beside the slot is what a person finds
    engine, _ = _arranged({"hand:0": ["TB"], "slot:1:top": ["FB"]})
    engine.apply_text(0, "use TB")
    view = engine.view(0)
    faces = {slot: entry["face"] for slot, entry in view.data["slots"][1].items()}
    assert sorted(faces.values()) == [1, 2, 3, 3]  # the Princess's printed faces
    render = Renderer(WORDS, "en", lambda seat: f"P{seat + 1}", str)
    offered = {a.target: render(option(a, view)) for a in engine.legal_actions(0)}
    assert set(offered) == {"right", "bottom", "left"}  # the top slot holds a Fireball
    for slot, words in offered.items():
        assert words == f"Set the Time Bomb on P2's {slot} slot ({faces[slot]})"
    chosen = next(a for a in engine.legal_actions(0) if a.target == "left")
    lines = [render(p) for p in narrate(chosen, engine.apply(chosen), engine.view(1))]
    assert f"P1 attaches a Time Bomb to P2's left slot ({faces['left']})" in lines

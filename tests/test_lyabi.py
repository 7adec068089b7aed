"""Lyabi beyond the scenario files: the card set (composition, provisional marks, problems at
file:line:col), hidden information (the battle commit, the item slot, a peek seen by one seat only),
the heuristic bot reading only its view, and its strength against the random bot."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.cardsets import CardSetError, load_cardset
from cardtable.games import get_game
from cardtable.games.lyabi.cards import table_of
from cardtable.resources import cardset_path
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.events import UNKNOWN, Revealed
from cardtable.rules.rng import Rng
from cardtable.scenario import run_file
from cardtable.simulate import simulate

GAME = get_game("lyabi")
YAML = cardset_path("lyabi")


def _copy(tmp_path: Path, old: str, new: str) -> Path:
    text = YAML.read_bytes().decode("utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "lyabi_edit.yaml"
    path.write_bytes(text.replace(old, new).encode("utf-8"))
    (tmp_path / "faces").mkdir(exist_ok=True)
    (tmp_path / "faces" / "lyabi.yaml").write_bytes((YAML.parent / "faces" / "lyabi.yaml").read_bytes())
    return path


def test_the_set_has_the_rulebooks_counts() -> None:
    base = load_cardset(YAML)
    kinds = Counter(spec.get("kind") for spec in base.cards for _ in range(spec.count))
    assert kinds == {"circle": 18, "lyabi": 63, "item": 13, "dummy": 2}
    lyabi = Counter(
        (spec.get("level"), spec.get("attribute")) for spec in base.physical() if spec.get("kind") == "lyabi"
    )
    for attribute in ("blue", "green", "red"):
        assert [lyabi[(level, attribute)] for level in (1, 3, 5, 11)] == [5, 7, 6, 3]
    circles = Counter(
        (s.get("level"), s.get("attribute")) for s in base.physical() if s.get("kind") == "circle"
    )
    assert set(circles.values()) == {2} and len(circles) == 9
    items = {spec.name.ja: spec.count for spec in base.cards if spec.get("kind") == "item"}
    assert items == {
        "謎の水晶": 1,
        "神秘の義眼": 2,
        "女神の筆": 1,
        "戦神の剣": 2,
        "時空石": 1,
        "願望の鏡": 2,
        "星見の天球": 3,
        "幻覚の毒草": 1,
    }


def test_every_value_the_rulebook_does_not_print_is_marked_provisional() -> None:
    base = load_cardset(YAML)
    for spec in base.cards:
        marked = set(spec.get("provisional") or [])
        kind = spec.get("kind")
        if kind == "lyabi":
            assert {"cost", "times"} <= marked, spec.code
        elif kind == "circle":
            assert {"cost", "atk"} <= marked, spec.code
            if spec.get("level") == 0:
                assert {"hand", "deck"} <= marked, spec.code
        elif kind == "item":
            assert {"on", "effects", "text"} <= marked and "cost" not in marked, (
                spec.code
            )  # cost 3 is printed
    provisional = {p.name for p in GAME.params if p.provisional}
    assert provisional == {
        "start_hp",
        "draw_in_round_one",
        "dummy_concedes",
        "same_attribute",
        "priority",
        "round_per_circle",
        "change_may_take_none",
        "deck_out",
        "max_setup_picks",
        "max_rounds",
    }
    defaults = {p.name: p.default for p in GAME.params}
    assert defaults["start_hp"] == 15 and defaults["dummy_concedes"] and defaults["priority"] == "alternate"


def test_a_bad_item_effect_is_an_error_at_its_line_and_column(tmp_path: Path) -> None:
    path = _copy(tmp_path, "effects: [{bonus: 3}]", "effects: [{bonus: many}]")
    with pytest.raises(CardSetError) as caught:
        GAME.load_cardset({"cardset": str(path)})
    text = str(caught.value)
    assert "lyabi_edit.yaml:" in text and "bonus" in text and "whole number" in text


def test_a_bad_timing_and_an_unknown_initial_card_are_errors(tmp_path: Path) -> None:
    path = _copy(tmp_path, "on: win\n", "on: lunchtime\n")
    with pytest.raises(CardSetError, match="on must be one of"):
        GAME.load_cardset({"cardset": str(path)})
    path = _copy(tmp_path, "hand: [B1, R1, B3]", "hand: [B1, R1, Z9]")
    with pytest.raises(CardSetError, match="'Z9' is not a lyabi code"):
        GAME.load_cardset({"cardset": str(path)})


def test_editing_times_in_yaml_changes_the_damage(tmp_path: Path) -> None:
    path = _copy(
        tmp_path,
        '    times: 1.5\n    text: {ja: "倍数 ×1.5", en: "times ×1.5"}\n    provisional: [cost, times]\n\n  - code: G5',
        '    times: 3\n    text: {ja: "倍数 ×3", en: "times ×3"}\n    provisional: [cost, times]\n\n  - code: G5',
    )
    scenario = tmp_path / "edited.yaml"
    scenario.write_bytes(
        f"""
game: lyabi
params: {{cardset: "{path}"}}
setup: {{circles: [CB0, CR0], priority: P1, at: battle}}
deal: {{hand:0: [B5], hand:1: [R1]}}
moves: ["P1: charge B5", "P2: charge R1"]
expect: {{data: {{battle: {{damage: 3}}}}}}
""".encode()
    )
    (result,) = run_file(scenario, get_game)
    assert result.passed, result.failures


def _battle_engine() -> Engine:
    engine = Engine.new(GAME, 2, 5)
    while engine.state.phase != "battle":
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        engine.apply(next((a for a in legal if a.kind == "pass"), legal[0]))
    return engine


def test_the_battle_commit_stays_hidden_until_both_are_in() -> None:
    engine = _battle_engine()
    first = engine.legal_actions(0)[0]
    events = engine.apply(first)
    assert engine.view(1).my_commit is None and engine.view(1).committed == (0,)
    assert [e.redact(1) for e in events][0].choice is None  # type: ignore[attr-defined]
    assert engine.state.zones["battle:0"].cards == []


def test_the_heuristic_bot_does_not_peek_at_the_opponents_commit() -> None:
    """Whatever the opponent placed, the bot's choice is the same: it reads only its view."""
    checked = 0
    for seed in range(30):
        engine = Engine.new(GAME, 2, seed)
        bots = [make_bot("heuristic", "lyabi", seed), make_bot("random", "lyabi", seed)]
        while not engine.is_over() and checked < 40:
            pending = engine.state.pending
            if (
                pending is not None
                and pending.kind == "battle"
                and 1 in pending.commits
                and 0 in pending.seats
            ):
                choices = set()
                for option in _commit_options(engine, 1):
                    other = engine.state.copy()
                    assert other.pending is not None
                    other.pending.commits[1] = option
                    twin = Engine(GAME, other)
                    choices.add(make_bot("heuristic", "lyabi", 7).choose(twin.view(0)))
                assert len(choices) == 1
                checked += 1
            seat = engine.deciding_seats()[0] if 0 not in engine.deciding_seats() else 0
            if pending is not None and pending.kind == "battle" and 1 in pending.seats:
                seat = 1  # the random bot commits first, so the heuristic meets a committed opponent
            engine.apply(bots[seat].choose(engine.view(seat)))
    assert checked >= 10


def _commit_options(engine: Engine, seat: int) -> list[Action]:
    """Every commit `seat` could have made this battle (its hand as the full state knows it)."""
    hand = engine.state.zones[f"hand:{seat}"].cards
    table = table_of(engine.state.cardset)  # type: ignore[arg-type]
    lyabi = [c for c in hand if table.of(c).kind == "lyabi"]
    return [Action(seat, "dummy")] + [Action(seat, "charge", (c,)) for c in lyabi]


def test_a_peek_is_shown_to_the_looker_only() -> None:
    event = Revealed(1, (3, 4), "hand:1", "peek", frozenset((0,)))
    assert event.redact(0).cards == (3, 4)  # type: ignore[attr-defined]
    assert event.redact(1).cards == (UNKNOWN, UNKNOWN)  # type: ignore[attr-defined]
    assert event.redact(None).cards == (UNKNOWN, UNKNOWN)  # type: ignore[attr-defined]


def test_the_item_slot_is_face_down_to_the_opponent() -> None:
    for seed in range(40):
        engine = Engine.new(GAME, 2, seed)
        bots = [make_bot("heuristic", "lyabi", seed + s) for s in range(2)]
        while not engine.is_over():
            if engine.state.zones["item:0"].cards:
                assert engine.view(1).zones["item:0"].cards == (UNKNOWN,)
                assert engine.view(0).zones["item:0"].cards == tuple(engine.state.zones["item:0"].cards)
                return
            seat = engine.deciding_seats()[0]
            engine.apply(bots[seat].choose(engine.view(seat)))
    pytest.fail("no item was ever acquired")


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    report = simulate("lyabi", 2, 10, 0, {}, ["heuristic", "random"])
    swapped = simulate("lyabi", 2, 10, 100, {}, ["random", "heuristic"])
    assert report.bot_wins["heuristic"] + swapped.bot_wins["heuristic"] >= 16


def test_random_play_from_any_seed_ends_within_the_bound() -> None:
    rng = Rng(3)
    for seed in range(5):
        engine = Engine.new(GAME, 2, seed)
        while not engine.is_over():
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            engine.apply(legal[rng.below(len(legal))])
        assert engine.state.winners in ((0,), (1,), ())


# -- the table in Japanese ---------------------------------------------------------------------------
# Lv and ATK are the rulebook's own words in its Japanese (「Lv0 青の魔法陣」, 「ATK 攻撃力」); B, R and G
# are the marks' letters (one letter: not matched).
JA_ALLOWED = {"MP", "PS", "HP", "Esc", "Ctrl", "Enter", "Lv", "ATK", "Ann", "Bot", "Dummy", "QR"}
ENGLISH = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}(?![A-Za-z…])")


def test_a_lyabi_table_played_in_japanese_draws_no_english(drawn_texts: list[str]) -> None:
    """Every text the table draws in a game with a person at seat 1 (battle panel, public panel,
    labels, the action menu, refusals) is Japanese."""
    import pygame

    from cardtable.persistence.settings import Settings
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.app import App
    from cardtable.ui.scenes.handoff import HandOffScene
    from cardtable.ui.scenes.registry import table_scene_for
    from cardtable.ui.scenes.results import ResultsScene

    app = App(Settings(language="ja", bot_delay_s=0.0), size=(1280, 720), fast=True)
    seats = [SeatConfig("Ann", human=True), SeatConfig("Bot", human=False, bot="heuristic")]
    session = Session.new("lyabi", seats, 9, {"start_hp": 6}, autosave=False)
    table = table_scene_for(app, session)
    app.push(table)
    me = make_bot("random", "lyabi", 3)
    for step in range(800):
        if isinstance(app.top, ResultsScene) or session.engine.is_over():
            break
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
            continue
        if table.viewer == 0 and table.my_legal() and not table.animator.busy:
            if step % 7 == 0:
                table.open_actions()
                app.frame([])
            if step % 5 == 0:
                table.toggle_public()
                app.frame([])
                table.toggle_public()
            legal = table.my_legal()
            if step % 11 == 0 and legal:
                table.say(table.refusal_text(table.engine.explain(Action(0, "buy", (legal[0].seat,), "B11"))))
            table.perform(me.choose(table.engine.view(0)))
        app.frame([])
    assert session.engine.is_over()
    english = sorted({t for t in drawn_texts if set(ENGLISH.findall(t)) - JA_ALLOWED})
    assert not english, f"English on a Japanese Lyabi table: {english[:12]}"
    pygame.display.quit()

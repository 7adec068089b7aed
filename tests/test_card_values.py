"""A game validates its own card values (`Game.check_cardset`): what `cardtable validate` accepts, the
game deals and plays under `simulate --check`, and what it refuses is said at the set's file, line
and key, by validate, by every load of the set for the game and by a hot reload at the table.

The fuzz over mutated values of every bundled set is in test_fuzz.py
(`test_mutated_card_values_are_refused_cleanly_or_played_under_check`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mutants import cardset_bases, cardset_outcome, play_to_end, trimmed_cardset

from cardtable.cardsets import CardSetError, load_cardset, parse_yaml, validate_paths
from cardtable.cardsets.watch import CardSetWatcher
from cardtable.cli import main
from cardtable.games import all_games, get_game
from cardtable.resources import cardset_path
from cardtable.rules.engine import Engine

BUNDLED = {name: text for name, text in cardset_bases(None)}


def _edited(tmp_path: Path, name: str, old: str, new: str, file: str = "edited.yaml") -> Path:
    """A bundled set with the one occurrence of `old` replaced by `new`."""
    text = BUNDLED[name]
    assert text.count(old) == 1, old
    path = tmp_path / file
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _half(name: str) -> str:
    """The first half of a bundled set's card kinds."""
    return trimmed_cardset(BUNDLED[name], len(parse_yaml(BUNDLED[name], name)[0]["cards"]) // 2)


def _line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").split(text)[0].count("\n") + 1


def _p02_atk(tmp_path: Path, value: str) -> Path:
    """Land & Person with P02's attack set to `value` (the issue's example is -1)."""
    text = BUNDLED["landperson"]
    start = text.index("code: P02")
    at = text.index("atk:", start)
    end = text.index("\n", at)
    path = tmp_path / "lp.yaml"
    path.write_text(text[:at] + f"atk: {value}" + text[end:], encoding="utf-8")
    return path


# -- the examples ------------------------------------------------------------------------


def test_a_negative_attack_is_refused_by_validate_at_its_line(tmp_path: Path) -> None:
    path = _p02_atk(tmp_path, "-1")
    problems = [str(p) for p in validate_paths([path])]
    line = _line_of(path, "atk: -1")
    assert problems == [
        f"{path}:{line}:10: cards[9].atk: Land & Person: atk must be a whole number from 0 to 99"
    ]


def test_a_negative_attack_is_refused_by_simulate_not_played_into_a_soft_lock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the game dealt it, and a fight came where a seat had no legal move (simulate --check:
    an invariant failure; without --check an IndexError)."""
    path = _p02_atk(tmp_path, "-1")
    code = main(["simulate", "landperson", "--games", "2", "--check", "--set", f"cardset={path}"])
    err = capsys.readouterr().err
    assert code == 2
    assert re.search(rf"{re.escape(str(path))}:\d+:10: cards\[9\]\.atk: atk must be a whole number", err)
    assert "Traceback" not in err


def test_a_list_in_a_circles_deck_is_refused_at_its_line_not_a_type_error(tmp_path: Path) -> None:
    path = _edited(tmp_path, "lyabi", "deck: [G1, G1, R1, G3, B3, R3]", "deck: [G1, G1, [], G3, B3, R3]")
    line = _line_of(path, "deck: [G1, G1, [],")
    assert [str(p) for p in validate_paths([path])] == [
        f"{path}:{line}:20: cards[1].deck[2]: Lyabi: a list is not a lyabi code of this set"
    ]
    with pytest.raises(CardSetError, match=r"cards\[1\]\.deck\[2\]: a list is not a lyabi code"):
        Engine.new(get_game("lyabi"), 2, 1, {"cardset": str(path)})


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_half_of_a_bundled_set_is_refused_by_validate_or_played(tmp_path: Path, name: str) -> None:
    """Before: half of every bundled set but Sainome validated, and its game refused to deal it."""
    path = tmp_path / f"half_{name}.yaml"
    path.write_text(_half(name), encoding="utf-8")
    outcome = cardset_outcome(path, 7, max_actions=30, check=True)
    assert outcome.kind == "refused", outcome.detail
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", outcome.detail)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("standard52", "Rune Works!: the game needs the 52 cards of a standard deck; 26 missing"),
        ("risugeon", "Risugeon: a starting deck takes 2 production cards (start_production): the set has 0"),
        ("lyabi", "Lyabi: a Lyabi set needs dummy cards"),
        (
            "landperson",
            "Land & Person: player 1's half of the cards holds 13 persons: a deck needs 40 (deck_size)",
        ),
    ],
)
def test_a_set_too_small_to_deal_says_what_the_game_needs(tmp_path: Path, name: str, said: str) -> None:
    path = tmp_path / "half.yaml"
    path.write_text(_half(name), encoding="utf-8")
    assert any(p.key_path == "cards" and p.message.startswith(said) for p in validate_paths([path]))


# -- the hook ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_game_can_be_played_with_its_own_set(game_id: str) -> None:
    """At its defaults (what validate asks); a game's other variants are dealt by test_contract.py."""
    game = get_game(game_id)
    own = load_cardset(cardset_path(game.cardset_name))
    assert game.check_cardset(own, game.resolve_params()) == []


def test_validate_asks_the_games_a_set_is_made_for() -> None:
    from cardtable.games import games_for_cardset

    ids = {t: [g.id for g in games_for_cardset(t)] for t in ("playing_card", "deckbuilder", "lyabi")}
    assert ids["playing_card"][0] == "runeworks" and "sandbox" in ids["playing_card"]
    assert ids["deckbuilder"][0] == "risugeon" and "sandbox" in ids["deckbuilder"]
    assert ids["lyabi"][0] == "lyabi"
    # a `game:` key names the one game (and the sandbox, which plays any set)
    assert [g.id for g in games_for_cardset("playing_card", "sandbox")] == ["sandbox"]
    assert [g.id for g in games_for_cardset("playing_card", "lyabi")] == ["lyabi", "sandbox"]


def test_a_game_key_naming_no_game_is_refused(tmp_path: Path) -> None:
    path = _edited(tmp_path, "lyabi", "game: lyabi", "game: lyabbi")
    problems = [p for p in validate_paths([path]) if p.key_path == "game"]
    assert [p.line for p in problems] == [_line_of(path, "game: lyabbi")]
    assert problems[0].message.startswith('"lyabbi" is not a game (games: ')


def test_a_set_made_for_another_game_is_checked_by_that_game(tmp_path: Path) -> None:
    """A two-card playing-card set is no Rune Works! deck, but the sandbox plays it."""
    text = trimmed_cardset(BUNDLED["standard52"], 2)
    path = tmp_path / "two.yaml"
    path.write_text(text, encoding="utf-8")
    assert any("Rune Works!" in p.message for p in validate_paths([path]))
    path.write_text(text.replace("template: playing_card", "template: playing_card\ngame: sandbox"), "utf-8")
    assert validate_paths([path]) == []
    assert cardset_outcome(path, 3, max_actions=30, check=True).kind == "ok"


def test_the_sandbox_layout_is_checked_at_its_key(tmp_path: Path) -> None:
    text = trimmed_cardset(BUNDLED["standard52"], 4) + (
        "sandbox:\n  piles:\n  - {name: deck, face: down}\n  - {name: deck, face: up}\n"
    )
    path = tmp_path / "twins.yaml"
    path.write_text(text.replace("template: playing_card", "template: playing_card\ngame: sandbox"), "utf-8")
    problems = [str(p) for p in validate_paths([path])]
    assert problems == [
        f"{path}:{_line_of(path, '  - {name: deck, face: down}')}:3: sandbox.piles: Sandbox: two piles have the same name"
    ]


def test_loading_a_set_for_a_game_asks_the_game(tmp_path: Path) -> None:
    """The Setup screen's trial deal, simulate, play and scenario files all load through load_for."""
    text = BUNDLED["risugeon"]
    at = text.index("cost:", text.index("\ncards:"))  # the first card's cost
    path = tmp_path / "risugeon.yaml"
    path.write_text(text[:at] + "cost: -2" + text[text.index("\n", at) :], encoding="utf-8")
    with pytest.raises(CardSetError, match=r"risugeon\.yaml:\d+:\d+: cards\[0\]\.cost: "):
        Engine.new(get_game("risugeon"), 2, 1, {"cardset": str(path)})


def test_a_hot_reloaded_edit_the_game_cannot_play_is_not_taken(tmp_path: Path) -> None:
    path = _p02_atk(tmp_path, "2")
    game = get_game("landperson")
    cardset = game.load_cardset({"cardset": str(path)})
    watcher = CardSetWatcher(cardset, every_s=0.0, game=game)
    _p02_atk(tmp_path, "-1")
    change = watcher.check()
    assert change.kind == "broken" and change.cardset is cardset
    assert [p.key_path for p in change.problems] == ["cards[9].atk"]
    _p02_atk(tmp_path, "3")
    assert watcher.check().kind == "in_place"


def test_a_game_nobody_can_move_in_is_an_invariant_failure() -> None:
    """A soft-lock is reported by `simulate --check` whichever way it comes: a deciding seat with no
    legal move (already an invariant), or no seat deciding while the game is not over."""
    from cardtable.rules.invariants import check_invariants

    engine = Engine.new(get_game("runeworks"), 2, 1, {})
    assert check_invariants(engine) == []
    engine.state.pending, engine.state.active = None, None
    assert any("not over but no seat must decide" in p for p in check_invariants(engine))


def test_a_game_checks_a_set_under_the_parameters_it_is_played_with(tmp_path: Path) -> None:
    """Validate asks at the defaults; a game dealt with other parameters asks at those: 60 persons are
    too few for two 40-person decks, and enough for two of 20."""
    import json

    import yaml

    data = json.loads(json.dumps(parse_yaml(BUNDLED["landperson"], "landperson")[0]))
    data.pop("faces")
    for card in data["cards"]:
        if card["kind"] == "person":
            card["count"] = 4
    path = tmp_path / "small.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    said = [p.message for p in validate_paths([path])]
    assert said == [
        f"Land & Person: player {n}'s half of the cards holds 30 persons: a deck needs 40 (deck_size)"
        for n in (1, 2)
    ]
    with pytest.raises(CardSetError, match="a deck needs 40"):
        Engine.new(get_game("landperson"), 2, 1, {"cardset": str(path)})
    engine = Engine.new(get_game("landperson"), 2, 1, {"cardset": str(path), "deck_size": 20})
    assert len(engine.state.zones["deck:0"].cards) + len(engine.state.zones["hand:0"].cards) == 20
    play_to_end(engine, 1, 40, check=True)


@pytest.mark.parametrize("value", [".nan", ".inf", "-1.5", "0"])
def test_a_lyabi_multiplier_that_is_no_number_above_0_is_refused(tmp_path: Path, value: str) -> None:
    text = BUNDLED["lyabi"]
    at = text.index("times: 1\n")  # the first lyabi's multiplier
    path = tmp_path / "lyabi.yaml"
    path.write_text(text[:at] + f"times: {value}\n" + text[at + len("times: 1\n") :], encoding="utf-8")
    problems = validate_paths([path])
    assert [(p.key_path, p.line) for p in problems] == [
        (problems[0].key_path, _line_of(path, f"times: {value}\n"))
    ]
    assert problems[0].key_path.endswith(".times") and "times must be a number above 0" in problems[0].message

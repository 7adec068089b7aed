"""Games written in data (cardtable/games/datagame, cards/game.schema.json): a game file registers
under its `id:`, a mistake in one is named at file:line:col with its key and a "did you mean", a
designer's own file in the user folder is found, and a file path works where a game id goes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import games
from cardtable.cardsets.yamlfile import LoadError
from cardtable.games import all_games, get_game
from cardtable.games.datagame import game_argument
from cardtable.games.datagame.rules import DataGame
from cardtable.games.datagame.spec import load_game
from cardtable.resources import cards_dir
from cardtable.rules.actions import Action
from cardtable.rules.engine import Engine
from cardtable.rules.rng import Rng

SEVEN = Path(str(cards_dir().joinpath("games", "sevenbridge.yaml")))


def test_the_bundled_seven_bridge_registers_from_its_file_alone() -> None:
    game = get_game("sevenbridge")
    assert isinstance(game, DataGame) and (game.min_seats, game.max_seats) == (2, 6)
    assert game.title_ja == "セブンブリッジ"
    lines = SEVEN.read_bytes().decode("utf-8").splitlines()
    assert len(lines) <= 80, "the proof game is at most 80 lines of YAML"


def _mistaken(tmp_path: Path, old: str, new: str, source: Path = SEVEN) -> str:
    """The loader's error for the game file `source` with `old` replaced by `new` once."""
    text = source.read_bytes().decode("utf-8")
    assert old in text
    path = tmp_path / "mine.yaml"
    path.write_bytes(text.replace(old, new, 1).encode("utf-8"))
    with pytest.raises(LoadError) as caught:
        load_game(path)
    return str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("deck: stock", "deck: stok", ":7:7: deck: no zone named 'stok' (did you mean 'stock'?)"),
        (
            "visibility: top,",
            "visibility: topp,",
            "zones.discard.visibility: 'topp' is not a known value (did you mean 'top'?)",
        ),
        (
            "    pattern: [set, run]\n",
            "    patern: [set, run]\n",
            "moves.claim.patern: unknown key 'patern' (did you mean 'pattern'?)",
        ),
        (
            "[meld, lay_off, discard]",
            "[meld, layoff, discard]",
            "turn[1].moves[1]: no move named 'layoff' (did you mean 'lay_off'?)",
        ),
        (
            "pattern: [set, run, seven]",
            "pattern: [set, run, sevn]",
            "moves.meld.pattern[2]: no pattern named 'sevn' (did you mean 'seven'?)",
        ),
        (
            "[{empty: hand}]",
            "[{empty: hnd}]",
            "end[0].when[0].empty: no zone named 'hnd' (did you mean 'hand'?)",
        ),
    ],
)
def test_a_mistake_is_named_at_its_line_with_its_key(tmp_path: Path, old: str, new: str, said: str) -> None:
    assert said in _mistaken(tmp_path, old, new)


def test_a_designers_own_file_is_found_in_the_user_folder(tmp_path: Path) -> None:
    games = tmp_path / "home" / "games"
    games.mkdir(parents=True)
    text = SEVEN.read_bytes().decode("utf-8").replace("id: sevenbridge", "id: mybridge")
    (games / "mine.yaml").write_bytes(text.encode("utf-8"))
    # a file taking a Python game's id is left out, and the Python game still registers
    (games / "clash.yaml").write_bytes(text.replace("id: mybridge", "id: runeworks").encode("utf-8"))
    code = (
        "from cardtable.games import all_games; g = all_games();"
        "print(sorted(i for i in g if 'bridge' in i), type(g['runeworks']).__name__)"
    )
    env = {"CARDTABLE_HOME": str(tmp_path / "home"), "PATH": "", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True).stdout
    assert out.decode().strip() == "['mybridge', 'sevenbridge'] RuneWorks"


def test_a_game_file_goes_where_a_game_id_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        games, "_ENTRIES", dict(games._ENTRIES)
    )  # the file registered here is forgotten after
    assert game_argument(str(SEVEN)) == "sevenbridge"
    assert game_argument("sevenbridge") == "sevenbridge"
    mine = tmp_path / "other.yaml"
    mine.write_bytes(SEVEN.read_bytes().replace(b"id: sevenbridge", b"id: otherbridge"))
    assert game_argument(str(mine)) == "otherbridge" and "otherbridge" in all_games()


def test_the_offered_moves_and_the_refusals_come_from_one_rule() -> None:
    engine = Engine.new(get_game("sevenbridge"), 2, 3)
    assert [a.kind for a in engine.legal_actions(0)][0] == "draw"
    hand = engine.state.zones["hand:0"].cards
    assert "not a move of this step" in get_game("sevenbridge").explain(
        engine.state, Action(0, "discard", (hand[0],))
    )


def test_new_game_writes_a_game_that_loads_and_plays_to_its_end(tmp_path: Path) -> None:
    from cardtable.games.datagame.newgame import NewGameError, new_game
    from cardtable.games.datagame.rules import game_class
    from cardtable.rules.rng import Rng

    path = new_game("starter", tmp_path)
    game = game_class(load_game(path), str(path))()
    engine = Engine.new(game, 3, 5)
    rng = Rng(5)
    while not engine.is_over():
        seat = engine.deciding_seats()[0]
        legal = engine.legal_actions(seat)
        engine.apply(legal[rng.below(len(legal))])
        assert game.check(engine.state) == []
    assert engine.state.winners
    with pytest.raises(NewGameError, match="exists already"):
        new_game("starter", tmp_path)


def test_trace_says_each_step_and_what_each_move_did() -> None:
    from cardtable.games.datagame.trace import trace

    lines: list[str] = []
    engine = trace(get_game("sevenbridge"), 2, 4, lines.append)  # type: ignore[arg-type]
    assert engine.is_over() and lines[-1].startswith("end: ")
    assert "turn 1, Player 1, step draw" in lines and "turn 1, Player 1, step play" in lines
    moves = [line for line in lines if line.startswith("  P")]
    assert len(moves) == len(engine.state.history)
    assert any("shown to all" in line for line in lines) and any("draw: " in line for line in lines)


KINGDOM = Path(str(cards_dir().joinpath("games", "littlekingdom.yaml")))


def test_the_deck_builder_is_a_file_of_at_most_120_lines_with_ten_supply_piles() -> None:
    game = get_game("littlekingdom")
    assert isinstance(game, DataGame) and len(KINGDOM.read_bytes().decode("utf-8").splitlines()) <= 120
    engine = Engine.new(game, 4, 1)
    piles = [engine.state.zones[g].cards for g in game.groups("supply", None)]
    physical = engine.state.cardset.physical()  # type: ignore[union-attr]
    assert len(piles) == 10 and all(len({physical[c].code for c in p}) == 1 for p in piles)
    for seat in range(4):  # 7 Coppers and 3 Estates each, 5 of them in hand
        mine = engine.state.zones[f"deck:{seat}"].cards + engine.state.zones[f"hand:{seat}"].cards
        assert sorted(physical[c].code for c in mine) == ["COPPER"] * 7 + ["ESTATE"] * 3
        assert len(engine.state.zones[f"hand:{seat}"].cards) == 5


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "  - draw: 5\n",
            "  - draw: 5\n  - choose: {from: hand, to: trash, up_to: 1, label: {en: x}}\n",
            "end_of_turn[3].choose: a choice belongs to a card's own effects",
        ),
        (
            "{each_opponent: [{gain: {code: CURSE, to: discard}}]}",
            "{each_opponent: [{gain: {code: CURSE, to: discrd}}]}",
            "effects.WITCH[1].each_opponent[0].gain.to: no zone named 'discrd' (did you mean 'discard'?)",
        ),
        (
            "    price: {field: cost, counter: coins}\n",
            "",
            "moves.buy: a buy move needs `price: {field, counter}`",
        ),
        (
            "pay: {buys: 1}",
            "pay: {buy: 1}",
            "moves.buy.pay.buy: no counter named 'buy' (did you mean 'buys'?)",
        ),
        ("then: [{move:", "thn: [{move:", "unknown key 'thn' (did you mean 'then'?)"),
    ],
)
def test_a_deck_builders_mistake_is_named_at_its_key(tmp_path: Path, old: str, new: str, said: str) -> None:
    assert said in _mistaken(tmp_path, old, new, KINGDOM)


def test_a_card_set_without_a_card_the_file_names_is_refused() -> None:
    from cardtable.rules.cards import CardSet

    game = get_game("littlekingdom")
    cardset = game.load_cardset({})
    half = CardSet(cardset.id, cardset.title, cardset.language, cardset.template, cardset.cards[:5])
    problems = [message for _, message in game.check_cardset(half, {})]
    assert any("no card 'WITCH' in the set" in m for m in problems)
    assert game.check_cardset(cardset, {}) == []


def test_a_card_set_path_is_read_from_the_game_files_folder_and_a_missing_set_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer's game named its own set by a relative path, which was read from wherever `cardtable`
    ran, and `validate` passed a game whose set did not exist (only a load said so)."""
    folder = tmp_path / "mygame"
    (folder / "sets").mkdir(parents=True)
    (folder / "sets" / "mine.yaml").write_bytes(cards_dir().joinpath("standard52.yaml").read_bytes())
    game = folder / "game.yaml"
    game.write_bytes(SEVEN.read_bytes().replace(b"cardset: standard52", b"cardset: sets/mine.yaml"))
    monkeypatch.chdir(tmp_path)  # not the game file's folder
    assert load_game(game)["cardset"] == str((folder / "sets" / "mine.yaml").resolve())
    assert ":6:10: cardset: no card set file at " in _mistaken(tmp_path, "standard52", "sets/none.yaml")
    said = _mistaken(tmp_path, "cardset: standard52", "cardset: standard53")
    assert "cardset: no bundled card set is named 'standard53'" in said


def test_report_takes_a_game_file_where_it_takes_a_game_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`cardtable report FILE.yaml` read the game file as saved rows ("not JSON")."""
    from cardtable.cli import main
    from cardtable.lab import plots

    monkeypatch.setattr(games, "_ENTRIES", dict(games._ENTRIES))
    monkeypatch.setattr(plots, "draw_plots", lambda *args: [])  # the plots are tests/test_report*'s
    out = tmp_path / "out"
    assert main(["report", str(SEVEN), "--games", "2", "--out", str(out)]) == 0
    assert (out / "report.json").read_bytes().decode("utf-8").count('"sevenbridge"') >= 1


def test_scenario_game_plays_another_games_scenarios_with_the_data_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cardtable scenario --game FILE`: every scenario's `game:` replaced by the data game of FILE
    (how a game written as data is checked against the scenarios of the game it rewrites)."""
    from cardtable.cli import main

    monkeypatch.setattr(games, "_ENTRIES", dict(games._ENTRIES))
    mine = tmp_path / "otherbridge.yaml"
    mine.write_bytes(SEVEN.read_bytes().replace(b"id: sevenbridge", b"id: otherbridge"))
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for source in sorted((Path(__file__).parent / "scenarios" / "sevenbridge").glob("*.yaml")):
        # the files name a Python rummy whose rules and notation differ: they fail as they are
        text = source.read_bytes().replace(b"game: sevenbridge", b"game: runeworks")
        (folder / source.name).write_bytes(text)
    assert main(["scenario", str(folder)]) != 0
    capsys.readouterr()
    assert main(["scenario", "--game", str(mine), str(folder)]) == 0
    out = capsys.readouterr().out
    assert "0 failed" in out and "FAIL" not in out


def test_a_counters_english_name_in_a_refusal_is_said_in_japanese() -> None:
    """At the table a Japanese refusal read "Actionsが1未満です": the counter's English name was
    looked up only by its id."""
    game = get_game("littlekingdom")
    assert isinstance(game, DataGame)
    assert game.term("Actions", "ja") == "アクション" and game.term("actions", "ja") == "アクション"
    assert game.term("Buys or Coins", "ja") == "購入・コイン"


@pytest.mark.parametrize("gid", sorted(g for g, rules in all_games().items() if isinstance(rules, DataGame)))
def test_the_fast_move_list_is_the_candidates_the_whole_rule_passes(gid: str) -> None:
    """`_step_moves` judges a template's part of the rule once and its candidates by their cards
    alone (legality.py): at every position of random games, every seat's moves are exactly the
    candidates of the open templates that the whole rule (`_why_not_move`, via RULES) passes, in the
    same order, and the first one found (`first=True`) is the first of them."""
    game = all_games()[gid]
    assert isinstance(game, DataGame)
    checked = 0
    for seats in range(game.min_seats, game.max_seats + 1):
        engine = Engine.new(game, seats, 7 + seats)
        rng = Rng(seats)
        while not engine.is_over() and len(engine.state.history) < 150:
            state = engine.state
            plain = "picking" not in state.data and "choice" not in state.data
            for seat in range(seats):
                fast = game._step_moves(state, seat)
                if plain and (state.pending is None or state.pending.kind != "window"):
                    slow = [
                        a
                        for name in game._open_moves(state)
                        for a in game._candidates(state, seat, name)
                        if not game.RULES[name](game, state, a)
                    ]
                    assert fast == slow, f"{gid} {seats}p move {len(state.history)} seat {seat}"
                    assert game._step_moves(state, seat, first=True) == fast[:1]
                    checked += 1
            seat = engine.deciding_seats()[0]
            legal = engine.legal_actions(seat)
            engine.apply(legal[rng.below(len(legal))])
    assert checked > 100

"""Land & Person's saved decks are written like saves and read like every file a user may hand us: within
cardtable/limits.py (regular files only, a bounded size), never a RecursionError, a hang or a traceback; a
damaged file is kept aside as *.damaged and said, never read as "no decks" and written over (with its
.bak); a deck text of any length or count is refused in one line, on the deck screen and on the command
line alike."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.games import get_game
from cardtable.games.landperson.cards import half, parse_deck
from cardtable.rules.game import ParamError
from cardtable.ui.scenes.landperson_decks import load_saved, save_deck, saved_path

DECK = "L1 L8 P01x5"


def _bak(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def test_decks_are_written_atomically_keeping_the_previous_file_as_bak() -> None:
    assert save_deck(1, DECK) == ""
    assert save_deck(2, "L2 P02x4") == ""
    path = saved_path()
    assert json.loads(path.read_bytes()) == {"1": [DECK], "2": ["L2 P02x4"]}
    assert json.loads(_bak(path).read_bytes()) == {"1": [DECK]}
    assert not list(path.parent.glob("*.tmp"))


@pytest.mark.parametrize(
    "damage",
    [
        b"[" * 60_000,  # within the size limit, nested past Python's recursion limit
        b"[" * 100_000,  # past the size limit
        b'{"1": ["L1 P01x5"',  # cut short
        b"\xff\xfe not UTF-8",
        b'{"1": "L1 P01x5"}',  # not a list of decks
        b'{"1": [' + b'"P01", ' * 20 + b'"P02"]}',  # more decks than a half keeps
    ],
)
def test_a_damaged_decks_file_is_kept_aside_and_said_and_its_bak_read(damage: bytes) -> None:
    save_deck(1, DECK)
    save_deck(1, "L2 P02x4")  # the file with the first deck is now the .bak
    path = saved_path()
    path.write_bytes(damage)
    decks, problem = load_saved()
    assert "kept as landperson_decks.json.damaged; its previous copy was read" in problem
    assert decks == {"1": [DECK]}
    kept = path.with_name(path.name + ".damaged")
    assert kept.read_bytes() == damage
    # two Saves after it lose nothing: the .bak's decks go on, the damaged file stays
    assert save_deck(2, "L3") == ""
    assert save_deck(2, "L5") == ""
    assert json.loads(path.read_bytes()) == {"1": [DECK], "2": ["L3", "L5"]}
    assert kept.read_bytes() == damage


def test_a_second_damaged_file_does_not_overwrite_the_first() -> None:
    path = saved_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"first")
    assert load_saved()[1]
    path.write_bytes(b"second")
    decks, problem = load_saved()
    assert (
        decks == {}
        and problem == "not a decks file (not valid JSON); kept as landperson_decks.json.damaged.2"
    )
    assert path.with_name(path.name + ".damaged").read_bytes() == b"first"
    assert path.with_name(path.name + ".damaged.2").read_bytes() == b"second"


def test_a_pipe_or_a_device_in_place_of_the_decks_file_is_refused_at_once() -> None:
    path = saved_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)  # a read would block until someone writes: Load hung the screen
    result: list[tuple[dict[str, list[str]], str]] = []
    reader = threading.Thread(target=lambda: result.append(load_saved()), daemon=True)
    reader.start()
    reader.join(10)
    assert result, "reading the decks file hung on a pipe"
    decks, problem = result[0]
    assert decks == {} and "not a regular file" in problem
    os.symlink("/dev/zero", path)
    decks, problem = load_saved()
    assert decks == {} and "not a regular file" in problem
    # both kept aside, neither read nor written through; a Save writes a file of its own
    assert path.with_name(path.name + ".damaged").is_fifo()
    assert path.with_name(path.name + ".damaged.2").is_symlink()
    assert save_deck(1, DECK) == ""
    assert json.loads(path.read_bytes()) == {"1": [DECK]} and not path.is_symlink()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("P01x" + "9" * 5000, "the text is 5004 characters long"),
        ("P01x" + "9" * 1500, "asks too many copies"),
        ("[" * 100_000, "the text is 100000 characters long"),
        ("[" * 100, "is not a card code"),
        ("P01x999", "999 x P01 asked, but your half holds"),
    ],
)
def test_a_deck_text_of_any_length_or_count_is_one_line(text: str, said: str, capsys) -> None:
    game = get_game("landperson")
    cardset = game.load_cardset(game.resolve_params({}))
    lands, persons = half(cardset, 0)
    with pytest.raises(ParamError, match=said) as caught:
        parse_deck(cardset, text, lands + persons)
    assert len(str(caught.value)) < 120, "the message quotes a short excerpt"
    assert main(["simulate", "landperson", "--games", "1", "--set", f"deck_1={text}"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and len(err) < 200


def test_mutated_decks_files_load_or_are_kept_aside_never_a_traceback_or_a_loss() -> None:
    """Fuzz: a saved-decks file mutated (data, bytes, lines) is read as decks, or kept aside whole as
    *.damaged and said; never an exception, a hang, or bytes lost; a Save after it keeps them."""
    import random

    from mutants import json_mutant, time_limit

    path = saved_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    base = json.dumps({"1": [DECK, "L2 P02x4"], "2": ["L3 P03x2"]}).encode()
    kept_aside = 0
    for seed in range(150):
        rng = random.Random(30_000 + seed)
        mutant = json_mutant(base, rng)
        for old in path.parent.glob(path.name + "*"):
            old.unlink()
        path.write_bytes(mutant)
        with time_limit(5.0):
            decks, problem = load_saved()
            save_deck(1, "L5")
        if problem:
            kept_aside += 1
            assert path.with_name(path.name + ".damaged").read_bytes() == mutant, f"seed {seed}"
        else:
            assert decks == json.loads(mutant), f"seed {seed}: read as something else"
        assert json.loads(path.read_bytes())["1"][-1] == "L5", f"seed {seed}"
    assert 25 < kept_aside < 150  # the mutants damaged some files, not all

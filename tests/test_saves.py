"""Saves you can trust: every byte that matters under the checksum, every field checked, old saves still
read, a journal that makes autosave flat, the .bak offered when a save is damaged, stale temporaries
cleaned, undo from snapshots, and bots that play on after Continue exactly as they would have."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from cardtable.bots import bot_factories
from cardtable.games import all_entries, all_games
from cardtable.persistence.files import clean_stale_temporaries
from cardtable.persistence.saves import (
    COMPACT_EVERY,
    SaveError,
    journal_path,
    read_save,
)
from cardtable.rules.engine import Engine
from cardtable.rules.narration import Cards, Seat
from cardtable.rules.rng import Rng
from cardtable.rules.state import GameState
from cardtable.session import SeatConfig, Session, autosave_path

SEATS = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]


def bot_game(moves: int, seed: int = 3, game: str = "runeworks", path: Path | None = None) -> Session:
    """A session whose every seat is a bot, advanced `moves` actions (autosaving each)."""
    second = "heuristic" if "heuristic" in bot_factories(game) else "random"
    seats = [SeatConfig("Ann", False, "random"), SeatConfig("Bob", False, second)]
    session = Session.new(game, seats, seed, {})
    session.path = path
    advance(session, moves)
    return session


def advance(session: Session, moves: int) -> list[str]:
    made = []
    for _ in range(moves):
        if session.engine.is_over():
            break
        seat = session.engine.deciding_seats()[0]
        action = session.bot_action(seat)
        made.append(session.engine.describe(action))
        session.apply(action)
    return made


def test_continue_resumes_the_same_game_seats_bots_and_log():
    session = bot_game(12)  # the bots draw their own luck: a longer game may end (and not resume)
    assert not session.engine.is_over()
    resumed = Session.resume()
    assert resumed.engine.state.canonical() == session.engine.state.canonical()
    assert resumed.seats == session.seats
    assert resumed.bot_rngs() == session.bot_rngs()
    assert resumed.log == session.log
    assert resumed.moves == session.moves


def test_continue_narrates_no_move_of_the_past_until_the_log_reads_that_far(monkeypatch):
    """Continue replayed every move of the game to rebuild the log (seconds at 10,000 moves): now the
    save keeps its latest moves' phrases and the rules apply only the journal's moves (fewer than
    COMPACT_EVERY) however long the game; the older moves are narrated when the log reads them, and
    say the same as they did at the table."""
    session = bot_game(2 * COMPACT_EVERY + 40, game="risugeon")
    moves = len(session.engine.state.history)
    assert moves == 2 * COMPACT_EVERY + 40
    applied = []
    game = type(session.engine.game)
    real_apply = game.apply
    monkeypatch.setattr(
        game, "apply", lambda self, state, action: applied.append(1) or real_apply(self, state, action)
    )
    resumed = Session.resume()
    assert len(applied) < COMPACT_EVERY, f"Continue applied {len(applied)} moves of a {moves}-move game"
    chronicle = resumed.chronicle
    assert 0 < chronicle.earlier < moves - COMPACT_EVERY  # the save's own phrases held, not narrated again
    for seat in (0, 1, None):
        assert chronicle.tail(seat, 40) == session.chronicle.tail(seat, 40)
        assert chronicle.last(seat) == session.chronicle.last(seat)
    assert len(applied) < COMPACT_EVERY  # reading the latest lines narrated nothing
    # reading back to the first move narrates the rest, in the very words the table had
    assert chronicle.lines(1) == session.chronicle.lines(1)
    assert [e.lines for e in chronicle.entries] == [e.lines for e in session.chronicle.entries]
    assert chronicle.earlier == 0
    # and a game continued again (its main file rewritten after Continue) holds its phrases too
    advance(resumed, 3)
    resumed.save()
    again = Session.resume()
    assert again.chronicle.tail(0, 60) == resumed.chronicle.tail(0, 60)


def test_phrases_a_save_holds_are_read_back_with_care():
    """A phrase whose key this version has no words for, or naming a seat or card that is not there,
    is not shown: that move and those before it are narrated again instead."""
    from cardtable.rules.narration import Chronicle, Entry, Phrase, entry_json

    session = bot_game(20, game="risugeon")
    chronicle = session.chronicle
    saved = chronicle.to_json(10)
    assert len(saved) == 10 and all(json.loads(json.dumps(s)) == s for s in saved)
    cards = len(session.engine.state.cardset.physical())
    fresh = Chronicle(chronicle.module, 2)
    fresh.restore(saved, 20, cards)
    assert fresh.earlier == 10 and fresh._held == chronicle.entries[10:]
    for bad in (
        Entry(19, 0, {0: [Phrase("no.such.key")], 1: [], None: []}),
        Entry(19, 0, {0: [Phrase("common.moved", {"who": Seat(7)})], 1: [], None: []}),
        Entry(19, 5, {0: [], 1: [], None: []}),
        Entry(19, 0, {0: [], 1: []}),
        Entry(19, 0, {0: [Phrase("common.n_cards", {"n": Cards((cards,))})], 1: [], None: []}),
    ):
        said = entry_json(bad)
        assert said is not None
        fresh.restore([*saved[:-1], said], 20, cards)
        assert fresh.earlier == 20 and fresh._held == []
    fresh.restore([*saved[:-1], {"m": 19}], 20, cards)
    assert fresh.earlier == 20
    fresh.restore(saved[:-1], 20, cards)  # a run that does not end at the last move is no run
    assert fresh.earlier == 20


def test_after_continue_bots_play_exactly_as_without_the_interruption():
    for game in all_games():
        session = bot_game(25, seed=7, game=game)
        if session.engine.is_over():  # the bots' own luck ended it: a finished game is not resumed
            continue
        resumed = Session.resume()
        session.autosave = resumed.autosave = False
        assert advance(resumed, 60) == advance(session, 60), game


def test_a_bot_seed_says_nothing_about_the_deal():
    first, second = bot_game(0, seed=5), bot_game(0, seed=5)
    assert first.bot_rngs() != second.bot_rngs()  # drawn from the OS entropy, not from the game's seed
    for seat, state in first.bot_rngs().items():
        assert state not in (5 * 31 + seat, 5)


def read_doc(path: Path) -> dict:
    return json.loads(path.read_bytes())


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("players", 1, "human"), "false"),
        (("players", 1, "human"), True),
        (("players", 0, "name"), "Eve"),
        (("players", 1, "bot"), "random"),
        (("params", "level"), 4),
        (("seed",), 4),
        (("bots", "1", "state"), 12345),
        (("moves", 3), "P2: draw"),
        (("cardset", "sha256"), "0" * 64),
        (("log", 0), "Nobody: nothing"),
    ],
)
def test_every_field_that_matters_is_under_the_checksum(where: tuple, value: object):
    session = bot_game(12)
    session.save()  # the whole game in the main file
    path = autosave_path()
    doc = read_doc(path)
    target = doc
    for step in where[:-1]:
        target = target[step]
    assert target[where[-1]] != value
    target[where[-1]] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match="checksum does not match"):
        Session.resume()
    assert read_doc(path) == doc  # kept as it is


def old_format_save(engine: Engine, seats: list[dict]) -> dict:
    """A save as version 1 wrote it: seed, moves and a digest; the seats in meta."""
    from cardtable.persistence.saves import move_texts

    state = engine.state
    return {
        "format": "cardtable-save",
        "version": 1,
        "game": state.game,
        "seats": state.seats,
        "seed": state.seed,
        "params": dict(state.params),
        "moves": move_texts(engine),
        "digest": state.digest(),
        "rng": state.rng.to_dict()["version"],
        "meta": {"seats": seats, "log": ["Ann: draw"]},
    }


def test_saves_of_the_old_format_still_load():
    session = bot_game(30, seed=9)
    path = autosave_path()
    journal_path(path).unlink()
    seats = [{"name": s.name, "human": s.human, "bot": s.bot} for s in session.seats]
    path.write_text(json.dumps(old_format_save(session.engine, seats), indent=1), encoding="utf-8")
    resumed = Session.resume()
    assert resumed.engine.state.canonical() == session.engine.state.canonical()
    assert [s.name for s in resumed.seats] == ["Ann", "Bob"]
    assert resumed.log == ["Ann: draw"]
    advance(resumed, 5)  # and it goes on saving in the new format
    assert read_doc(path)["version"] == 2


def test_an_old_save_with_a_bad_field_is_refused_not_crashed():
    session = bot_game(10)
    seats = [{"name": s.name, "human": "false", "bot": s.bot} for s in session.seats]
    path = autosave_path()
    path.write_text(json.dumps(old_format_save(session.engine, seats)), encoding="utf-8")
    with pytest.raises(SaveError, match="players"):
        Session.resume()


def test_a_foreign_save_is_replayed_and_checked():
    """Without this installation's key the snapshot is not trusted: the moves are replayed."""
    session = bot_game(30)
    session.save()
    (autosave_path().parent / "save.key").unlink()
    resumed = Session.resume()
    assert resumed.engine.state.canonical() == session.engine.state.canonical()


def test_autosave_appends_to_a_journal_and_compacts():
    session = bot_game(COMPACT_EVERY + 20, game="risugeon")
    path = autosave_path()
    lines = journal_path(path).read_bytes().count(b"\n")
    assert 1 < lines <= 21  # the header and the moves since the last rewrite
    assert len(read_doc(path)["moves"]) + lines - 1 == len(session.engine.state.history)
    assert Session.resume().engine.state.canonical() == session.engine.state.canonical()


def test_undo_is_journalled_too():
    session = Session.new("runeworks", [SeatConfig("Ann"), SeatConfig("Bob")], 4, {"level": 3})
    engine = session.engine
    for _ in range(200):
        seat = engine.deciding_seats()[0]
        action = Rng(len(engine.state.history)).choice(engine.legal_actions(seat))
        session.apply(action)
        if engine.can_undo(seat):
            session.undo(seat)
            break
    else:
        pytest.skip("no undoable move in 200")
    resumed = Session.resume()
    assert resumed.engine.state.canonical() == engine.state.canonical()
    assert resumed.moves == session.moves


def test_a_torn_last_journal_line_is_left_out():
    session = bot_game(20)
    path = journal_path(autosave_path())
    raw = path.read_bytes()
    path.write_bytes(raw[:-7])  # the process stopped while writing the last line
    resumed = Session.resume()
    assert len(resumed.engine.state.history) == len(session.engine.state.history) - 1


def test_a_damaged_journal_is_reported_and_the_save_up_to_it_offered():
    bot_game(20)
    path = autosave_path()
    journal = journal_path(path)
    lines = journal.read_bytes().split(b"\n")
    record = json.loads(lines[3])
    record["bots"]["1"]["state"] ^= 1 << 20  # one bit of a bot's generator
    lines[3] = json.dumps(record).encode()
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match=r"journal \(line 4") as caught:
        read_save(path)
    assert caught.value.fallback == (path, True)
    resumed = Session.resume_previous()
    # every move up to the damaged line: the main file's, and the journal lines before that one
    assert len(resumed.engine.state.history) == record["n"]
    assert journal.with_name(journal.name + ".damaged").exists()  # kept for inspection
    assert Session.resume().engine.state.canonical() == resumed.engine.state.canonical()


def test_the_previous_save_keeps_every_journal_line_before_the_damage():
    """One flipped byte in the last journal line of a 200-move game: Continue from the previous save
    resumes at move 199 (it resumed at the main file, written at move 128)."""
    session = bot_game(200, game="risugeon")
    assert len(session.engine.state.history) == 200
    path = autosave_path()
    journal = journal_path(path)
    raw = bytearray(journal.read_bytes())
    last = raw.rindex(b'"move"', 0, len(raw) - 1)
    raw[last + 12] ^= 0x01  # inside the last move's text
    journal.write_bytes(bytes(raw))
    with pytest.raises(SaveError, match=r"journal \(line \d+: its hash does not match") as caught:
        read_save(path)
    assert caught.value.fallback == (path, True)
    assert len(read_save(path, journal=False).engine.state.history) < 150  # all the main file holds
    resumed = Session.resume_previous()
    history = session.engine.state.history
    assert resumed.engine.state.history == history[:199]
    assert resumed.bot_rngs() != {}  # the bots' generators as saved after move 199
    again = Engine.replay(
        session.engine.game, 2, session.engine.state.seed, session.engine.state.params, history[:199]
    )
    assert resumed.engine.state.canonical() == again.state.canonical()
    assert journal.with_name(journal.name + ".damaged").read_bytes() == bytes(raw)
    assert Session.resume().engine.state.canonical() == resumed.engine.state.canonical()


def test_a_damaged_save_offers_the_bak_and_keeps_the_damaged_file():
    session = bot_game(10)
    session.save()
    advance(session, 10)
    session.save()  # the first full save is now the .bak
    path = autosave_path()
    damaged = path.read_bytes()[:-40]
    path.write_bytes(damaged)
    with pytest.raises(SaveError) as caught:
        Session.resume()
    assert caught.value.fallback == (path.with_name("autosave.json.bak"), False)
    resumed = Session.resume_previous()
    assert len(resumed.engine.state.history) == 10
    assert path.with_name("autosave.json.damaged").read_bytes() == damaged
    assert Session.resume().engine.state.canonical() == resumed.engine.state.canonical()


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"null",
        b"[]",
        b'{"format": "cardtable-save", "version": 2}',
        b"[" * 5000,
        b"\xff\xfe{}",
        b"1e999",
    ],
)
def test_nonsense_in_place_of_a_save_is_a_save_error(raw: bytes):
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    with pytest.raises(SaveError):
        Session.resume()


def test_a_folder_or_device_in_place_of_a_save_is_a_save_error(tmp_path: Path):
    (tmp_path / "save.json").mkdir()
    with pytest.raises(SaveError, match="folder"):
        read_save(tmp_path / "save.json")
    if Path("/dev/zero").exists():
        with pytest.raises(SaveError, match="not a regular file"):
            read_save(Path("/dev/zero"))


def test_stale_temporary_files_are_cleaned_on_the_next_start(tmp_path: Path):
    old = tmp_path / "autosave.json.abc123.tmp"
    new = tmp_path / "autosave.json.def456.tmp"
    keep = tmp_path / "autosave.json"
    for path in (old, new, keep):
        path.write_bytes(b"x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(keep, (past, past))
    assert clean_stale_temporaries(tmp_path) == 1
    assert not old.exists() and new.exists() and keep.exists()


@pytest.mark.parametrize("game_id", list(all_entries()))
def test_undo_from_snapshots_matches_undo_by_replay(game_id: str):
    game = all_games()[game_id]
    undone = 0
    for variant in all_entries()[game_id].variants:
        fast = Engine.new(game, game.min_seats, 31, dict(variant))
        slow = Engine.new(game, game.min_seats, 31, dict(variant))
        fast.keep_snapshots(every=4)
        rng = Rng(31)
        # 150 moves give each game 13-58 undos across its snapshots (the slow side replays from the
        # deal at every undo, so the cost grows with the square of this number)
        for _ in range(150):
            if fast.is_over():
                break
            seat = fast.deciding_seats()[0]
            if fast.can_undo(seat) and rng.random() < 0.3:
                assert fast.undo(seat) == slow.undo(seat)
                undone += 1
            else:
                action = rng.choice(fast.legal_actions(seat))
                fast.apply(action)
                slow.apply(action)
            assert fast.state.canonical() == slow.state.canonical()
    if not undone:  # every move of this game reveals something (War turns cards over)
        pytest.skip(f"{game_id}: no move could be taken back")


def test_hashes_that_are_not_ascii_are_damage_not_a_type_error():
    bot_game(10)
    path = autosave_path()
    journal = journal_path(path)
    lines = journal.read_bytes().split(b"\n")
    record = json.loads(lines[2])
    record["h"] = "é" * 32
    lines[2] = json.dumps(record).encode()
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match="hash does not match"):
        read_save(path)
    doc = read_doc(path)
    doc["checksum"] = "ü" * 64
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match="checksum does not match"):
        read_save(path)


def test_a_card_set_name_the_file_system_refuses_is_a_clean_error():
    from cardtable.cardsets import CardSetError, load_named

    with pytest.raises(CardSetError, match="no bundled card set"):
        load_named("x" * 5000)


def test_a_finished_game_is_not_offered_as_continue_but_kept():
    session = bot_game(3000)
    assert session.engine.is_over()
    assert not autosave_path().exists(), "the menu offers Continue only for an unfinished game"
    assert autosave_path().with_name(autosave_path().name + ".finished").exists(), "kept for a look"


@pytest.mark.parametrize("trusted", [True, False])
def test_a_save_from_before_the_rules_kept_a_new_key_loads_and_plays_on(trusted: bool):
    """Rune Works' data gained `releases` (the public record, 2026-11-28), so a save written before holds
    no such key. Its snapshot fails the data's schema (even with this installation's key), so the moves
    are replayed; the replay fills the key in and is the saved position but for it. It was refused as a
    digest mismatch: every Rune Works game in progress was lost to the update."""
    session = bot_game(40, seed=5)
    now = session.engine
    before = now.state.to_dict()
    assert before["data"].pop("releases")  # the game made some
    session.engine = Engine(now.game, GameState.from_dict(before, now.state.cardset))
    session.save()  # as the earlier version wrote it
    path = autosave_path()
    journal_path(path).unlink(missing_ok=True)
    assert "releases" not in read_doc(path)["state"]["data"]
    if not trusted:
        (path.parent / "save.key").unlink()
    resumed = Session.resume()
    if not trusted:
        assert resumed.engine.state.canonical() == now.state.canonical()
    advance(resumed, 40)  # and plays on, keeping the record from here
    assert resumed.engine.state.data["releases"]


@pytest.mark.parametrize("game", ["runeworks", "landperson"])
def test_a_continued_game_replays_each_moves_events_as_everyone_saw_them(game: str) -> None:
    """A table opened on a game under way (Continue) reads the moves it did not see from a replay
    (Session.replayed_events): the same events, move by move, with nothing only one seat saw (a drawn
    card is unknown)."""
    from cardtable.rules.events import UNKNOWN, CardsMoved

    session = Session.new(
        game, [SeatConfig("Ann", False, "random"), SeatConfig("Bob", False, "random")], 5, {}
    )
    seen = []
    for _ in range(40):
        action = session.bot_action(session.engine.deciding_seats()[0])
        seen.append([event.redact(None) for event in session.apply(action)])
    replayed = list(Session.resume().replayed_events())
    assert replayed == seen
    drawn = [
        event
        for move in replayed
        for event in move
        if isinstance(event, CardsMoved)
        and event.dst.startswith("hand:")
        and event.src.startswith(("stock", "deck:"))
    ]
    assert drawn and all(set(event.cards) == {UNKNOWN} for event in drawn), "a drawn card is its seat's alone"

"""The designer's loop, round two: typos and overflowing text caught as warnings (cardtable validate,
the table's reload banner), cards from a spreadsheet, and every file a set reads watched at the table.

Each test starts from `cardtable new-set` (the set a designer starts from) and changes one thing.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame
import pytest
from table_helpers import click

from cardtable.cardsets import CardSetError, load_cached, load_cardset, validate_paths
from cardtable.cardsets.lint import LintWarning, cardset_warnings
from cardtable.cardsets.suggest import closest
from cardtable.cli import main
from cardtable.games.sandbox.newset import new_set
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.render.facelint import card_warnings, set_warnings
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene

LONG_JA = "場のカードを1枚手札に戻す。その持ち主は山札を見て好きなカードを1枚選び、残りを好きな順番で戻す。"
LONG_EN = (
    "Return a card in play to its owner's hand. They look at their deck, take one and put the rest back."
)


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_bytes().decode("utf-8")
    assert old in text, old
    _save(path, text.replace(old, new, count).encode("utf-8"))


def _save(path: Path, raw: bytes) -> None:
    """Write like an editor does, with a modification time the watcher cannot miss."""
    stamp = (path.stat().st_mtime_ns if path.exists() else 0) + 2_000_000_000
    path.write_bytes(raw)
    os.utime(path, ns=(stamp, stamp))


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_bytes().decode("utf-8").splitlines(), 1) if text in line)


# --- lint -------------------------------------------------------------------------------------------


def test_a_new_set_has_no_warnings_and_neither_has_any_bundled_set(tmp_path: Path) -> None:
    assert set_warnings(load_cardset(new_set("proto", tmp_path))) == []
    assert main(["validate", "--strict"]) == 0  # the bundled sets: fields, images, text all fine


def test_validate_flags_a_field_typo_a_box_typo_and_overflowing_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = new_set("proto", tmp_path)
    look = file.parent / "faces" / "proto.yaml"
    _edit(file, "    cost: 3\n", "    cots: 3\n")
    _edit(look, "    field: points\n", "    field: pionts\n")
    _edit(
        file,
        "text: {ja: 場のカードを1枚手札に戻す。, en: Return a card in play to its owner's hand.}",
        f'text: {{ja: "{LONG_JA * 6}", en: "{LONG_EN * 6}"}}',
    )
    assert main(["validate", str(file)]) == 0  # warnings alone: still valid
    out = capsys.readouterr().out
    cots = f"{file}:{_line_of(file, 'cots: 3')}:11: cards[1].cots: warning: no box of the face template"
    assert cots in out and "did you mean 'cost'?" in out
    pionts = f"{look}:{_line_of(look, 'field: pionts')}:12: boxes[6].field: warning: no card of this set has the field pionts"
    assert pionts in out and "did you mean 'points'?" in out
    overflow = next(line for line in out.splitlines() if "does not fit" in line)
    assert overflow.startswith(
        f"{file}:{_line_of(file, LONG_JA[:10])}:11: cards[2].text: warning: card WAVE, box text:"
    )
    assert "at its smallest size (4.5 pt)" in overflow and "mm too tall" in overflow
    assert "ok: 1 file(s) valid, 3 warning(s)" in out
    assert main(["validate", "--strict", str(file)]) == 2


def test_text_whose_english_would_be_left_off_is_flagged(tmp_path: Path) -> None:
    """The Japanese alone fits at the smallest size, with its English beneath it does not: printed,
    the English would vanish without a word. The warning says so."""
    file = new_set("proto", tmp_path)
    _edit(
        file,
        "text: {ja: カードを1枚引く。, en: Draw a card.}",
        f'text: {{ja: "{LONG_JA * 5}", en: "{LONG_EN * 3}"}}',
    )
    found = [w for w in set_warnings(load_cardset(file)) if "does not fit" in w.message]
    assert len(found) == 1 and found[0].cards == ("SEED",)
    assert "printed, the line beneath would be left off" in found[0].message
    assert card_warnings(load_cardset(file)) == {"SEED": found}  # what a proof sheet marks per card


def test_missing_and_misshapen_art_are_warnings_and_the_set_still_loads(tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    (file.parent / "art").mkdir()
    pygame.image.save(pygame.Surface((300, 100)), str(file.parent / "art" / "wide.png"))  # 3:1 in a 2.5:1 box
    pygame.image.save(pygame.Surface((554, 220)), str(file.parent / "art" / "fits.png"))
    _edit(file, "    element: wind\n", "    element: wind\n    art: art/wide.png\n")
    _edit(file, "    element: fire\n", "    element: fire\n    art: art/gone.png\n")
    _edit(file, "    element: water\n", "    element: water\n    art: art/fits.png\n")
    cardset = load_cardset(file)  # not refused: a work-in-progress set plays and prints without the art
    found = {w.cards: w.message for w in cardset_warnings(cardset)}
    assert "'art/wide.png' is 300 x 100 px (3.00:1) but its box is 55.4 x 22 mm (2.52:1)" in found[("SEED",)]
    assert ("WAVE",) not in found and ("FIRE",) not in found  # a missing file is the loader's warning:
    missing = [str(p) for p in validate_paths([file]) if p.warning]
    assert len(missing) == 1 and "no image file 'art/gone.png'" in missing[0]


def test_suggestions_come_from_edit_distance() -> None:
    assert closest("cots", ["cost", "count", "code"]) == "cost"
    assert closest("pionts", ["points", "pints"]) in ("points", "pints")
    assert closest("elemnet", ["element", "text"]) == "element"
    assert closest("flavor", ["cost"]) is None


def test_a_warning_prints_as_file_line_col() -> None:
    warning = LintWarning("x.yaml", 3, 5, "cards[0].cots", "no rule reads cots", cards=("A",))
    assert str(warning) == "x.yaml:3:5: cards[0].cots: warning: no rule reads cots"


# --- spreadsheets -------------------------------------------------------------------------------------

HEADER = "code,name.ja,name.en,count,element,cost,points,text.ja,text.en\n"
ROWS = (
    "SEED,種,Seed,6,wind,1,1,カードを1枚引く。,Draw a card.\n"
    'FIRE,火の鳥,Firebird,4,fire,3,2,"好きなプレイヤー1人は、手札を1枚捨てる。","A player discards a card, then draws."\n'
    "WAVE,大波,Great Wave,,water,5,4,場のカードを1枚戻す。,Return a card.\n"
)


def _csv_set(tmp_path: Path) -> tuple[Path, Path]:
    file = new_set("proto", tmp_path)
    text = file.read_bytes().decode("utf-8")
    head = text[: text.index("\ncards:\n")]
    _save(file, (head + "\ncards: cards.csv\n").encode("utf-8"))
    sheet = file.parent / "cards.csv"
    sheet.write_bytes((HEADER + ROWS).encode("utf-8"))
    return file, sheet


def test_a_csv_set_validates_plays_in_the_sandbox_and_prints(tmp_path: Path) -> None:
    file, _ = _csv_set(tmp_path)
    cardset = load_cardset(file)
    assert [(c.code, c.count, c.name.ja, c.name.en) for c in cardset.cards] == [
        ("SEED", 6, "種", "Seed"),
        ("FIRE", 4, "火の鳥", "Firebird"),
        ("WAVE", 1, "大波", "Great Wave"),
    ]
    assert cardset.by_code()["FIRE"].fields["text"]["en"] == "A player discards a card, then draws."
    assert cardset.by_code()["SEED"].fields["cost"] == 1
    assert main(["validate", "--strict", str(file)]) == 0
    seats = [SeatConfig("Ann"), SeatConfig("Bo", human=False, bot="heuristic")]
    session = Session.new("sandbox", seats, 3, {"cardset": str(file)}, autosave=False)
    for _ in range(12):
        seat = session.engine.deciding_seats()[0]
        session.apply(
            session.bot_action(seat) if session.is_bot(seat) else session.engine.legal_actions(seat)[0]
        )
    assert not session.engine.game.check(session.engine.state)
    assert main(["export", str(file), "--pdf", str(tmp_path / "proto.pdf"), "--paper", "a4"]) == 0
    assert (tmp_path / "proto.pdf").read_bytes().startswith(b"%PDF")


def test_a_mistake_in_a_cell_is_reported_at_the_spreadsheets_row_and_column(tmp_path: Path) -> None:
    file, sheet = _csv_set(tmp_path)
    sheet.write_bytes((HEADER + ROWS.replace("SEED,種,Seed,6,", "SEED,種,Seed,six,")).encode("utf-8"))
    with pytest.raises(CardSetError) as caught:
        load_cardset(file)
    assert [str(p) for p in caught.value.problems] == [
        f'{sheet}:2:4: cards[0].count: must be a whole number, not the text "six"'
    ]
    sheet.write_bytes((HEADER.replace("cost", "cots") + ROWS).encode("utf-8"))
    found = [str(w) for w in cardset_warnings(load_cardset(file))]
    look = file.parent / "faces" / "proto.yaml"
    assert found == [
        f"{sheet}:2:6: cards[0].cots: warning: no box of the face template (proto.yaml) and no rule reads "
        "cots (3 cards have it) (did you mean 'cost'?)",
        f"{look}:{_line_of(look, 'field: cost')}:12: boxes[5].field: warning: no card of this set has the "
        "field cost, so this shows nothing (did you mean 'cots'?)",
    ]
    assert main(["validate", str(sheet)]) == 2  # the card list alone: validate the set that names it
    sheet.write_bytes("コード,名前\n".encode("cp932"))
    with pytest.raises(CardSetError, match="not valid UTF-8.*Shift_JIS"):
        load_cardset(file)


def test_an_xlsx_workbook_gives_the_same_cards(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    file, _ = _csv_set(tmp_path)
    book = openpyxl.Workbook()
    sheet = book.active
    import csv
    import io

    for row in csv.reader(io.StringIO(HEADER + ROWS)):
        sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    book.save(file.parent / "cards.xlsx")
    _edit(file, "cards: cards.csv", "cards: cards.xlsx")
    from_xlsx = load_cardset(file)
    _edit(file, "cards: cards.xlsx", "cards: cards.csv")
    from_csv = load_cardset(file)
    assert from_xlsx.cards == from_csv.cards
    assert from_xlsx.cards_source == file.parent / "cards.xlsx"
    (file.parent / "bad.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    _edit(file, "cards: cards.csv", "cards: bad.xlsx")
    with pytest.raises(CardSetError, match=r"bad.xlsx:1:1: not an .xlsx workbook"):
        load_cardset(file)


# --- watching at the table ------------------------------------------------------------------------------


def _table(app: App, file: Path) -> TableScene:
    seats = [SeatConfig("Ann"), SeatConfig("Bo", human=False)]  # one person: no hand-off screen over it
    session = Session.new("sandbox", seats, 5, {"cardset": str(file)}, autosave=False)
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    app.replace(table)
    app.frame([])
    assert table.watcher is not None
    table.watcher.every_s = 0.0  # look at every frame
    return table


def test_an_edit_of_the_csv_shows_at_the_open_table(app: App, tmp_path: Path) -> None:
    file, sheet = _csv_set(tmp_path)
    table = _table(app, file)
    _save(sheet, (HEADER + ROWS.replace("火の鳥,Firebird", "不死鳥,Phoenix")).encode("utf-8"))
    app.frame([])
    assert table.cardset.by_code()["FIRE"].name.ja == "不死鳥"
    assert table.engine.state.cardset is table.cardset and not table.reload_problems
    assert load_cached(file).by_code()["FIRE"].name.ja == "不死鳥"  # a new game deals the edited cards


def test_replacing_an_art_file_redraws_the_table(app: App, tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    art = file.parent / "art.png"
    red = pygame.Surface((554, 220))
    red.fill((200, 30, 30))
    pygame.image.save(red, str(art))
    _edit(file, "    element: wind\n", "    element: wind\n    art: art.png\n")
    table = _table(app, file)
    before = table.cardset
    assert art in table.watcher.files()
    face = pygame.image.tobytes(table.board.renderer.face(table.cardset.by_code()["SEED"], 180), "RGBA")
    blue = pygame.Surface((554, 220))
    blue.fill((30, 30, 200))
    pygame.image.save(blue, str(art.with_name("new.png")))
    _save(art, art.with_name("new.png").read_bytes())
    app.frame([])
    assert table.cardset is not before  # the table took the change and draws every face anew
    after = pygame.image.tobytes(table.board.renderer.face(table.cardset.by_code()["SEED"], 180), "RGBA")
    assert after != face


def test_the_banner_names_files_by_name_lists_warnings_and_logs_the_path(
    app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    file = new_set("proto", tmp_path)
    table = _table(app, file)
    caplog.set_level(logging.INFO)
    _edit(file, "    cost: 3\n", "    cots: 3\n")
    app.frame([])
    assert table.reload_warns and len(table.reload_problems) == 1
    assert table.reload_problems[0].startswith(f"proto.yaml:{_line_of(file, 'cots: 3')}:11: cards[1].cots:")
    assert "did you mean 'cost'?" in table.reload_problems[0]
    assert str(file) in caplog.text  # the full path is in the log
    ok = next(b for b in table.buttons if b.label == app.t("reload.dismiss"))
    click(app, ok.rect.center)
    assert not table.reload_problems
    _edit(file, "    cots: 3\n", "     cost: 3\n")  # indented one space too far
    app.frame([])
    assert not table.reload_warns
    assert table.reload_problems[0].startswith("proto.yaml:")
    assert "cost: is indented 1 space more than" in table.reload_problems[0]


def test_a_template_key_typo_is_one_message_with_did_you_mean(tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    look = file.parent / "faces" / "proto.yaml"
    _edit(look, "    field: points\n", "    feild: points\n")
    with pytest.raises(CardSetError) as caught:
        load_cardset(file)
    assert [str(p) for p in caught.value.problems] == [
        f"{look}:{_line_of(look, 'feild: points')}:12: boxes[6].feild: unexpected key (did you mean 'field'?)"
    ]


def test_a_card_list_is_read_within_the_limits(tmp_path: Path) -> None:
    import zipfile

    file, sheet = _csv_set(tmp_path)
    sheet.write_bytes(
        (HEADER + "".join(f"C{i},名{i},N{i},1,wind,1,1,t,t\n" for i in range(1_001))).encode("utf-8")
    )
    with pytest.raises(CardSetError, match=r"cards.csv:1002:1: more than 1000 rows of cards"):
        load_cardset(file)
    sheet.write_bytes((HEADER.rstrip("\n") + ",x" * 120 + "\n" + ROWS).encode("utf-8"))
    with pytest.raises(CardSetError, match=r"cards.csv:1:101: more than 100 columns"):
        load_cardset(file)
    # a small workbook that unpacks to far more than any card list: refused before openpyxl opens it
    bomb = file.parent / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (40 * 1024 * 1024))
    assert bomb.stat().st_size < 100_000
    _edit(file, "cards: cards.csv", "cards: bomb.xlsx")
    with pytest.raises(CardSetError, match=r"bomb.xlsx:1:1: the workbook unpacks to"):
        load_cardset(file)


def test_a_csv_saved_by_excel_with_a_bom_and_semicolons_reads_the_same(tmp_path: Path) -> None:
    file, sheet = _csv_set(tmp_path)
    plain = load_cardset(file).cards
    rows = [line.split(",") for line in (HEADER + ROWS.replace('"', "")).splitlines()]
    fire = rows[2]
    rows[2] = [*fire[:7], "好きなプレイヤー1人は、手札を1枚捨てる。", "A player discards a card, then draws."]
    _save(sheet, b"\xef\xbb\xbf" + "\r\n".join(";".join(r) for r in rows).encode("utf-8") + b"\r\n")
    assert load_cardset(file).cards == plain


def test_a_restart_keeps_the_old_game_with_the_card_list_it_was_dealt_from(app: App, tmp_path: Path) -> None:
    from cardtable.persistence.files import user_folders

    file, sheet = _csv_set(tmp_path)
    table = _table(app, file)
    _save(sheet, (HEADER + ROWS.replace("SEED,種,Seed,6,", "SEED,種,Seed,5,")).encode("utf-8"))
    app.frame([])
    assert table.restart_offer is not None and table.restart_offer.reasons == (
        "count of SEED changed: 6 -> 5",
    )
    restart = next(b for b in table.buttons if b.label == app.t("reload.restart"))
    click(app, restart.rect.center)
    assert app.scenes[0] is not table and app.scenes[0].cardset.by_code()["SEED"].count == 5
    kept_sheets = list(sheet.parent.glob("cards.before-*.csv"))
    assert len(kept_sheets) == 1 and kept_sheets[0].read_bytes() == (HEADER + ROWS).encode("utf-8")
    old = Session.resume(sorted(user_folders().saves.glob("before-reload-*.json"))[-1], journal=False)
    assert old.engine.state.cardset.by_code()["SEED"].count == 6  # the old game, with its own deal
    assert old.engine.state.cardset.cards_source == kept_sheets[0]

"""The sandbox: any card set on a table with no rules, and `cardtable new-set`.

Every bundled set and a brand-new one open in it; moves keep hands private, flips and searches reveal
only what they should, undo and save/load round-trip, and the table turns a drag into the move.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_helpers import click, drag, set_with_a_csv_list

from cardtable.cardsets import load_cardset
from cardtable.cli import main
from cardtable.games import get_game
from cardtable.games.sandbox import card_sets
from cardtable.games.sandbox.layout import DEFAULT, LayoutError, layout_of
from cardtable.games.sandbox.newset import NewSetError, new_set
from cardtable.resources import bundled_cardsets
from cardtable.rules.events import UNKNOWN
from cardtable.rules.zones import Visibility
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.sandbox_table import SandboxTable

SEATS = [SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy", human=False, bot="heuristic")]


def _session(cardset: str, seats: list[SeatConfig] = SEATS, seed: int = 4) -> Session:
    return Session.new("sandbox", seats, seed, {"cardset": cardset}, autosave=False)


def _do(session: Session, seat: int, text: str) -> None:
    session.apply(session.engine.parse(seat, text))


@pytest.mark.parametrize("name", [p.stem for p in bundled_cardsets()])
def test_every_bundled_set_opens_in_the_sandbox_and_the_bot_plays(name: str) -> None:
    session = _session(name)
    engine = session.engine
    assert name in card_sets()
    assert sum(len(z.cards) for z in engine.state.zones.values()) == len(engine.state.cardset.physical())
    for _ in range(30):
        seat = engine.deciding_seats()[0]
        session.apply(session.bot_action(seat) if session.is_bot(seat) else engine.legal_actions(seat)[-3])
    assert not engine.game.check(engine.state)


def test_a_new_set_opens_laid_out_from_its_section_and_prints(tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    cardset = load_cardset(file)
    layout = layout_of(cardset)
    assert [p.name for p in layout.piles] == ["deck", "discard", "market", "play"]
    session = _session(str(file))
    view = session.engine.view(0)
    assert len(view.hand(0)) == 3 and all(c >= 0 for c in view.hand(0))  # dealt 3, seen by their owner
    assert all(c == UNKNOWN for c in view.zones["hand:1"].cards)  # another seat's hand is hidden
    assert view.data["counters"] == {"points": (0, 0, 0), "coins": (0, 0, 0)}
    assert main(["export", str(file), "--pdf", str(tmp_path / "proto.pdf"), "--paper", "a4"]) == 0
    with pytest.raises(NewSetError, match="exists already"):
        new_set("proto", tmp_path)
    with pytest.raises(NewSetError, match="lowercase"):
        new_set("Proto Set", tmp_path)


def test_moves_flip_search_and_counters(tmp_path: Path) -> None:
    session = _session(str(new_set("proto", tmp_path)))
    engine = session.engine
    card = engine.view(0).hand(0)[0]
    code = engine.state.cardset.physical()[card].code
    _do(session, 0, f"move {code} hand:0>play")
    codes = [engine.state.cardset.physical()[c].code for c in engine.view(1).zones["play"].cards]
    assert codes == [code]  # on the table: everyone sees it
    _do(session, 0, "take deck>discard")
    top = engine.state.zones["discard"].cards[-1]
    assert engine.view(2).zones["discard"].cards[-1] == top  # a face-up pile shows its top
    _do(session, 0, "flip discard")
    assert engine.state.zones["discard"].visibility is Visibility.HIDDEN
    assert engine.view(1).zones["discard"].cards == (UNKNOWN,)
    _do(session, 0, "search deck")
    searched = engine.view(0).zones["search:0"].cards
    assert searched and all(c >= 0 for c in searched)
    assert all(c == UNKNOWN for c in engine.view(1).zones["search:0"].cards)  # in private
    assert all(a.kind in ("move", "done") for a in engine.legal_actions(0))
    _do(session, 0, "done")
    assert not engine.state.zones["search:0"].cards
    _do(session, 0, "count coins+")
    _do(session, 0, "count coins+")
    _do(session, 0, "roll")
    assert engine.view(1).data["counters"]["coins"][0] == 2 and len(engine.view(1).data["dice"]) == 1
    _do(session, 0, "turn play@0")  # one card on the mat turned on its side, where it lies
    assert engine.view(2).data["spots"]["play"][0][2] == 1
    _do(session, 0, "flip play@0")  # and face down, still turned, at the same spot
    assert engine.view(2).zones["play:down"].cards == (UNKNOWN,) and not engine.view(2).zones["play"].cards
    assert engine.view(2).data["spots"]["play:down"][0][2] == 1
    assert not any(code in str(engine.view(2).data) for code in [code])  # the spot names no card
    _do(session, 0, "pass")
    assert engine.deciding_seats() == (1,)


def test_undo_save_and_load(tmp_path: Path) -> None:
    session = _session(str(new_set("proto", tmp_path)))
    engine = session.engine
    card = engine.view(0).hand(0)[0]
    code = engine.state.cardset.physical()[card].code
    before = engine.state.canonical()
    _do(session, 0, "spread deck")
    _do(session, 0, "count points+")
    assert session.undo(0) is not None and session.undo(0) is not None
    assert engine.state.canonical() == before
    _do(session, 0, f"move {code} hand:0>market")
    assert session.undo(0) is None  # the card was shown to everyone: that cannot be taken back
    _do(session, 0, "pass")
    _do(session, 1, "deal deck*1")
    save = tmp_path / "game.json"
    session.save(save)
    loaded = Session.resume(save, journal=False)
    assert loaded.engine.state.canonical() == engine.state.canonical()
    assert loaded.seats[2].bot == "heuristic" and not loaded.seats[2].human


def test_a_bad_layout_is_refused_with_its_key(tmp_path: Path) -> None:
    file = new_set("proto", tmp_path)
    text = file.read_bytes().decode("utf-8").replace("face: up}", "face: sideways}")
    file.write_bytes(text.encode("utf-8"))
    with pytest.raises(Exception, match="face"):
        _session(str(file))
    assert layout_of(None) is DEFAULT
    with pytest.raises(LayoutError, match="deal"):
        from dataclasses import replace

        layout_of(replace(load_cardset(new_set("other", tmp_path)), meta={"sandbox": {"deal": -1}}))


def test_the_session_closes_at_its_bound() -> None:
    game = get_game("sandbox")
    session = Session.new("sandbox", SEATS[:2], 1, {"limit": 10}, autosave=False)
    while not session.engine.is_over():
        session.apply(session.engine.legal_actions(session.engine.deciding_seats()[0])[-3])  # never close
    assert len(session.engine.state.history) == 10 == game.max_actions({"limit": 10}, 2)


def _drag_to_pile(app: App, table: SandboxTable, card: int, pile: str) -> None:
    """A person drags `card` (in sight) onto `pile` with the mouse."""
    sprite = table.board.sprites[card]
    start = (int(sprite.x) + 10, int(sprite.y) + 10)
    end = table.pile_rect(pile, table.view()).center
    drag(app, start, end)


def test_a_drag_from_the_hand_onto_a_pile_moves_the_card(tmp_path: Path) -> None:
    app = App(fast=True, size=(1280, 720))
    try:
        session = _session(str(new_set("proto", tmp_path)), [SeatConfig("Ann"), SeatConfig("Bo")])
        table = table_scene_for(app, session)
        assert isinstance(table, SandboxTable)
        app.replace(table)
        app.frame([])
        assert table.viewer is None  # two people: the hand-off screen first
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        app.frame([])
        assert app.top is table and table.viewer == 0
        card = session.engine.view(0).hand(0)[0]
        _drag_to_pile(app, table, card, "play")
        physical = session.engine.state.cardset.physical()
        played = [physical[c].code for c in session.engine.state.zones["play"].cards]
        assert played == [physical[card].code]
        table.perform(session.engine.parse(0, "turn play@0"))  # tapped: the card lies on its side
        app.frame([])
        on_table = session.engine.state.zones["play"].cards[0]
        sprite = table.board.sprites[on_table]
        assert sprite.angle and sprite.drawn_width > sprite.height
    finally:
        pygame.display.quit()


# -- alone at the table ----------------------------------------------------------------------------
def test_a_designer_plays_the_sandbox_alone_and_only_pass_has_nobody_to_go_to() -> None:
    session = _session("standard52", [SeatConfig("Ann")])
    engine = session.engine
    assert engine.state.seats == 1
    _do(session, 0, "deal deck*5")  # every hand: the one
    assert len(engine.view(0).hand(0)) == 5
    kinds = {a.kind for a in engine.legal_actions(0)}
    assert {"move", "take", "deal", "shuffle", "roll", "close"} <= kinds and "pass" not in kinds
    with pytest.raises(Exception, match="there is nobody to pass to"):
        _do(session, 0, "pass")
    _do(session, 0, "take deck>hand:0")
    _do(session, 0, "roll")
    assert list(engine.deciding_seats()) == [0], "a table of one keeps its turn"
    _do(session, 0, "close")
    assert engine.is_over() and engine.state.scores == [0]


def test_a_bot_alone_draws_lays_and_closes_the_table() -> None:
    session = _session("standard52", [SeatConfig("Bot", human=False, bot="heuristic")])
    engine = session.engine
    for _ in range(200):
        if engine.is_over():
            break
        session.apply(session.bot_action(0))
    assert engine.is_over(), "the lone bot closes the table once it has laid its cards"
    assert not engine.state.zones["hand:0"].cards


def test_one_person_plays_the_sandbox_table_with_no_hand_off_from_setup_to_results() -> None:
    from cardtable.games import get_game
    from cardtable.ui.scenes.handoff import HandOffScene
    from cardtable.ui.scenes.results import ResultsScene
    from cardtable.ui.scenes.setup import SetupScene

    app = App(fast=True, size=(1280, 720))
    try:
        setup = SetupScene(app, get_game("sandbox"))
        app.replace(setup)
        app.frame([])
        setup.set_count(1)
        assert setup.count == 1, "the setup offers one seat"
        setup.start()
        table = app.top
        assert isinstance(table, SandboxTable) and table.session.engine.state.seats == 1
        app.frame([])
        assert table.viewer == 0, "no hand-off screen: the one person sees their hand at once"
        labels = [button.label for button in table.buttons]
        assert app.t("sb.button.roll") in labels and app.t("sb.button.pass") not in labels, labels
        table.perform(table.session.engine.parse(0, "deal deck*3"))
        for _ in range(30):
            app.frame([])
        card = table.view().hand(0)[0]
        _drag_to_pile(app, table, card, "table")
        assert card in table.session.engine.state.zones["table"].cards
        table.perform(table.session.engine.parse(0, "close"))
        for _ in range(50):
            app.frame([])
            assert not isinstance(app.top, HandOffScene)
            if isinstance(app.top, ResultsScene):
                break
        assert isinstance(app.top, ResultsScene)
    finally:
        pygame.display.quit()


def test_t_pressed_while_a_drawn_card_slides_draws_again_once_it_lands() -> None:
    from cardtable.persistence.settings import Settings

    app = App(Settings(bot_delay_s=0.0), size=(1280, 720))  # animations on, as a person plays
    try:
        session = Session.new("sandbox", [SeatConfig("Ann")], 4, {}, autosave=False)
        table = table_scene_for(app, session)
        assert isinstance(table, SandboxTable)
        app.replace(table)
        app.frame([])
        before = len(table.view().hand(0))
        t_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t")
        app.frame([t_key])
        assert table.table_is_moving(), "the drawn card slides"
        app.frame([t_key])  # pressed again before it lands
        assert len(session.engine.state.history) == 1, "the second draw waits for the table"
        for _ in range(600):
            app.frame([])
            if len(table.view().hand(0)) == before + 2 and not table.table_is_moving():
                break
        assert len(table.view().hand(0)) == before + 2, "both presses drew a card"
    finally:
        pygame.display.quit()


# -- a free table: cards where they are put, one at a time -------------------------------------------
def _two_at_table(tmp_path: Path) -> tuple[App, Session, SandboxTable]:
    app = App(fast=True, size=(1280, 720))
    session = _session(str(new_set("proto", tmp_path)), [SeatConfig("Ann"), SeatConfig("Bo")])
    table = table_scene_for(app, session)
    assert isinstance(table, SandboxTable)
    app.replace(table)
    app.frame([])
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
    app.frame([])
    assert table.viewer == 0
    return app, session, table


def _choose(app: App, table: SandboxTable, kind: str) -> None:
    """Click the open menu's entry of that kind."""
    assert table.menu is not None
    index = next(i for i, a in enumerate(table.menu.actions) if a.kind == kind)
    rect = next(r for i, _, r in table.menu.laid_out() if i == index)
    click(app, rect.center, 1)


def test_a_card_lies_where_it_is_dropped_and_flips_and_turns_alone_from_its_menu(tmp_path: Path) -> None:
    app, session, table = _two_at_table(tmp_path)
    try:
        engine = session.engine
        first, second = engine.view(0).hand(0)[:2]
        mat = table.pile_rect("play", table.view())
        for card, share in ((first, 0.7), (second, 0.2)):
            sprite = table.board.sprites[card]
            grab = (int(sprite.x) + 5, int(sprite.y) + 5)
            where = (mat.x + int(mat.width * share) + 5, mat.y + 5)
            drag(app, grab, where)
            table.animator.finish_all()
            app.frame([])
        spots = engine.state.data["spots"]["play"]
        physical = engine.state.cardset.physical()
        placed = engine.state.zones["play"].cards
        assert [physical[c].code for c in placed] == [physical[first].code, physical[second].code]
        first, second = placed  # the lowest copies, as the moves name them
        assert spots[0][0] > 600 and spots[1][0] < 300, spots  # each where it was let go, not in a row
        sprite = table.board.sprites[first]
        assert abs(sprite.x - (mat.x + int(mat.width * 0.7))) < 3  # drawn at its spot
        # right click the first card: its own menu; Turn taps that card only
        click(app, (int(sprite.x) + 10, int(sprite.y) + 10), 3)
        assert table.menu is not None and {"flip", "turn", "zoom"} <= {a.kind for a in table.menu.actions}
        _choose(app, table, "turn")
        table.animator.finish_all()
        app.frame([])
        assert [s[2] for s in engine.state.data["spots"]["play"]] == [1, 0]
        assert table.board.sprites[first].angle and not table.board.sprites[second].angle
        # a long press on the second card: the same menu; Flip turns it face down where it lies
        sprite = table.board.sprites[second]
        at = (int(sprite.x) + 10, int(sprite.y) + 10)
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
        for _ in range(5):
            app.frame([])
            table.update(0.2)
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
        assert table.menu is not None, "a long press opens the card's menu"
        _choose(app, table, "flip")
        table.animator.finish_all()
        app.frame([])
        assert engine.view(1).zones["play:down"].cards == (UNKNOWN,)  # face down: nobody's view names it
        assert engine.state.zones["play"].cards == [first]
        back = next(s for k, s in table.board.sprites.items() if isinstance(k, tuple) and k[0] == "play:down")
        assert abs(back.x - sprite.x) < 3 and not back.face_up
        # the face-down card dragged elsewhere on the mat stays face down, at the new spot
        drag(app, (int(back.x) + 5, int(back.y) + 5), (mat.x + 40, mat.bottom - 20))
        table.animator.finish_all()
        app.frame([])
        assert engine.state.data["spots"]["play:down"][0][1] > 800
        # undo, one move at a time, back to where the card was dropped; the save keeps the spots
        assert session.undo(0) is not None and session.undo(0) is not None
        assert engine.state.zones["play"].cards == [first, second]
        save = tmp_path / "free.json"
        session.save(save)
        loaded = Session.resume(save, journal=False)
        assert loaded.engine.state.data["spots"] == engine.state.data["spots"]
    finally:
        pygame.display.quit()


def test_zoom_from_the_card_menu_and_a_pile_menu_spreads_it(tmp_path: Path) -> None:
    app, session, table = _two_at_table(tmp_path)
    try:
        engine = session.engine
        card = engine.view(0).hand(0)[0]
        sprite = table.board.sprites[card]
        click(app, (int(sprite.x) + 10, int(sprite.y) + 10), 3)
        _choose(app, table, "zoom")
        assert table.previewing == card and table.draw_preview(app.screen) is not None
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")])
        assert table.previewing is None
        # Shift still previews as at every table
        app.frame(
            [pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(1, 1), buttons=(0, 0, 0))]
        )
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="")])
        assert table.previewing == card
        app.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0)])
        # the deck's menu: shuffle and spread without the Actions list
        deck = table.pile_rect("deck", table.view())
        click(app, deck.center, 3)
        assert table.menu is not None and {"shuffle", "spread", "flip"} <= {
            a.kind for a in table.menu.actions
        }
        _choose(app, table, "spread")
        assert "deck" in engine.view(1).data["spread"]
        assert all(c == UNKNOWN for c in engine.view(1).zones["deck"].cards)  # spread face down: still backs
    finally:
        pygame.display.quit()


# -- any set, from anywhere ------------------------------------------------------------------------
def test_a_set_file_dropped_onto_the_window_opens_in_the_sandbox(tmp_path: Path) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.notice import NoticeScene

    app = App(fast=True, size=(1280, 720))
    try:
        app.push(MenuScene(app))
        app.frame([])
        shared = tmp_path / "git" / "checkout"  # a set outside the user's folder
        shared.mkdir(parents=True)
        file = new_set("proto", shared)
        app.frame([pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "notes.txt"))])
        assert isinstance(app.top, NoticeScene)  # not a set: said, and nothing opened
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        broken = shared / "broken.yaml"
        broken.write_bytes(b"cards: [\n")
        app.frame([pygame.event.Event(pygame.DROPFILE, file=str(broken))])
        assert isinstance(app.top, NoticeScene) and "broken.yaml" in " ".join(app.top.lines[0].cells)
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert isinstance(app.top, MenuScene)
        app.frame([pygame.event.Event(pygame.DROPFILE, file=str(file))])
        table = app.scenes[0]  # the table, under the hand-off screen of its two people
        assert isinstance(table, SandboxTable) and len(app.scenes) == 2
        assert table.session.engine.state.params["cardset"] == str(file)
        assert table.session.engine.state.seats == 2 and all(s.human for s in table.session.seats)
    finally:
        pygame.display.quit()


def test_play_with_a_set_opens_the_table_and_the_terminal_sandbox_ends_in_seconds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from types import SimpleNamespace

    from cardtable.ui.app import _direct_table

    file = new_set("proto", tmp_path)
    app = App(fast=True, size=(1280, 720))
    try:
        args = SimpleNamespace(game="sandbox", set=[f"cardset={file}"], players=None, seed=7)
        assert _direct_table(app, args) is None
        assert isinstance(app.top, SandboxTable)
        assert app.top.session.engine.state.params["cardset"] == str(file)
        bad = SimpleNamespace(
            game="sandbox", set=[f"cardset={tmp_path / 'missing.yaml'}"], players=None, seed=7
        )
        assert _direct_table(App(fast=True, size=(640, 480)), bad) == 2
        assert "missing.yaml" in capsys.readouterr().err
    finally:
        pygame.display.quit()
    assert main(["play", "--terminal", "--game", "sandbox", "--players", "2", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("P1: ") and out[-1].startswith("game over after")
    assert int(out[-1].split()[3]) < 1000  # the bots close the table, long before the 100,000-move bound


def test_the_menus_open_entry_opens_a_typed_path_and_remembers_it(tmp_path: Path) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.open_set import OpenSetScene

    file = new_set("proto", tmp_path / "shared")
    app = App(fast=True, size=(1280, 720))
    try:
        app.push(MenuScene(app))
        app.frame([])

        def press(tag: str) -> None:
            scene = app.top
            control = next(c for c in scene.controls if c.tag == tag)  # type: ignore[attr-defined]
            click(app, control.rect.center, 1)

        press("open_set")
        assert isinstance(app.top, OpenSetScene)
        press("path")
        app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "nothing.yaml"))])
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert isinstance(app.top, OpenSetScene) and "nothing.yaml" in (app.top.error or "")
        press("path")
        app.frame([pygame.event.Event(pygame.TEXTINPUT, text=str(file))])
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert isinstance(app.scenes[0], SandboxTable)
        assert app.scenes[0].session.engine.state.params["cardset"] == str(file)
        assert app.settings.recent_sets == [str(file.resolve())]
        # back at the menu later: the set is in the recent list, one click opens it again
        app.scenes[:] = []
        app.push(MenuScene(app))
        app.frame([])
        press("open_set")
        press("recent:0")
        assert isinstance(app.scenes[0], SandboxTable)
    finally:
        pygame.display.quit()


def test_a_dropped_csv_card_list_opens_the_set_that_names_it(tmp_path: Path) -> None:
    from cardtable.ui.scenes.notice import NoticeScene

    file, sheet, alone = set_with_a_csv_list(tmp_path)
    app = App(fast=True, size=(1280, 720))
    try:
        app.frame([pygame.event.Event(pygame.DROPFILE, file=str(alone))])
        assert isinstance(app.top, NoticeScene) and "list.csv" in app.top.lines[0].cells[0]
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        app.frame([pygame.event.Event(pygame.DROPFILE, file=str(sheet))])
        table = app.scenes[0]
        assert isinstance(table, SandboxTable)
        assert table.session.engine.state.params["cardset"] == str(file)
        assert {c.code for c in table.cardset.cards} == {"SEED", "WAVE"}
    finally:
        pygame.display.quit()

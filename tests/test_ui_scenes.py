"""The menu-like scenes driven headless with real pygame events: menu -> setup -> table, settings that
persist, Continue with no save and with a damaged one, results of a finished Level-4 match, and pause ->
save and quit -> Continue back to the very same position.

Posted events do not move the mouse, so every click carries its own `pos` (the scenes read event.pos).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pytest

from cardtable.persistence.settings import load_settings
from cardtable.session import SeatConfig, Session, autosave_path


def frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.frame()


def click(app: Any, pos: tuple[int, int], n: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, n)


def press(app: Any, key: int, unicode: str = "", mod: int = 0, n: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    frames(app, n)


def type_text(app: Any, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


def control(scene: Any, tag: str) -> Any:
    for item in scene.controls:
        if item.tag == tag:
            return item
    raise AssertionError(f"no control {tag!r} in {type(scene).__name__}: {[c.tag for c in scene.controls]}")


def open_menu(app: Any) -> Any:
    from cardtable.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    frames(app)
    return app.top


def test_menu_to_setup_to_a_four_bot_table(app: Any) -> None:
    from cardtable.ui.scenes.runeworks_table import RuneWorksTable
    from cardtable.ui.scenes.setup import SetupScene

    menu = open_menu(app)
    click(app, control(menu, "game:runeworks").rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert setup.count == 4
    assert [c.kind for c in setup.choices[:4]] == ["human", "heuristic", "heuristic", "heuristic"]
    # seats by keys, then by the mouse
    press(app, pygame.K_MINUS, "-")
    assert setup.count == 3
    press(app, pygame.K_EQUALS, "=")
    assert setup.count == 4
    click(app, control(setup, "count+").rect.center)
    assert setup.count == 5
    click(app, control(setup, "count-").rect.center)
    assert setup.count == 4
    # a name typed through the IME path, a seed, the level
    click(app, control(setup, "name:0").rect.center)
    assert setup.editing is not None
    for _ in range(12):
        press(app, pygame.K_BACKSPACE, n=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="ゆき", start=2, length=0))
    type_text(app, "ゆき")
    press(app, pygame.K_RETURN)
    assert setup.editing is None
    assert setup.seat_name(0) == "ゆき"
    click(app, control(setup, "seed").rect.center)
    type_text(app, "4x2")
    press(app, pygame.K_RETURN)
    assert setup.seed_text == "42"
    click(app, control(setup, "opt:level+").rect.center)
    assert setup.values["level"] == 4
    # seat 1 becomes a bot: human -> normal bot
    click(app, control(setup, "kind:0").rect.center)
    assert [c.kind for c in setup.choices[:4]] == ["heuristic"] * 4
    click(app, control(setup, "start").rect.center, n=1)
    table = app.top
    assert isinstance(table, RuneWorksTable)
    assert app.scenes == [table]
    state = table.session.engine.state
    assert (state.seats, state.seed, state.params["level"]) == (4, 42, 4)
    assert table.session.seats[0].name == "ゆき"
    assert all(table.session.is_bot(s) for s in range(4))
    frames(app, 20)
    assert len(table.session.engine.state.history) > 0  # the bots play


def test_keyboard_only_menu_to_setup_and_back(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.setup import SetupScene

    open_menu(app)
    press(app, pygame.K_1, "1")
    assert isinstance(app.top, SetupScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    assert app.top.focused_control().tag == "start"


def test_settings_change_language_and_persist(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.settings import SettingsScene

    menu = open_menu(app)
    click(app, control(menu, "settings").rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    japanese = next(c for c in settings.controls if c.label == "日本語")
    click(app, japanese.rect.center)
    assert app.t.language == "ja"
    assert load_settings().language == "ja"
    assert control(settings, "back").label == "戻る"  # laid out again in the new language
    slider = control(settings, "volume")
    click(app, (slider.rect.x + slider.rect.width // 4, slider.rect.centery))
    assert load_settings().volume == pytest.approx(0.25, abs=0.02)
    settings.focus_on(control(settings, "volume"))
    press(app, pygame.K_RIGHT)
    assert app.settings.volume == pytest.approx(0.35, abs=0.02)
    click(app, control(settings, "mute").rect.center)
    assert load_settings().muted is True
    click(app, control(settings, "claim+").rect.center)
    assert load_settings().claim_window_s == 7.0  # one more than the 6 s default
    # keyboard: the animation row, one step right
    settings.focus_on(control(settings, "animation"))
    press(app, pygame.K_RIGHT)
    assert app.settings.animation_speed == 0.5
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    assert control(app.top, "quit").label == "終了"


def test_continue_is_disabled_without_a_save(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene

    assert not autosave_path().exists()
    menu = open_menu(app)
    button = control(menu, "continue")
    assert not button.enabled
    click(app, button.rect.center)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_a_damaged_autosave_is_reported_and_kept(app: Any, caplog: pytest.LogCaptureFixture) -> None:
    from cardtable.ui.scenes.menu import MenuScene

    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = b'{"format": "cardtable-save", "version": 1, "game": "runeworks", "seats": 4, "mo'
    path.write_bytes(damaged)
    menu = open_menu(app)
    button = control(menu, "continue")
    assert button.enabled
    caplog.clear()
    with caplog.at_level(logging.INFO):
        click(app, button.rect.center)
    assert isinstance(app.top, MenuScene)
    assert menu.error and "damaged" in menu.error
    # one clear line in the log, no traceback: a damaged file is not a bug
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "damaged save" in said[0].getMessage()
    assert not any(r.exc_info for r in caplog.records)
    assert path.read_bytes() == damaged
    # the same through the keyboard, in Japanese
    app.settings.language = "ja"
    app.apply_settings()
    frames(app)
    badge = control(menu, "continue").badge  # numbered after the game entries, so it moves as games are added
    press(app, pygame.key.key_code(badge), badge)
    assert "再開できません" in (menu.error or "")
    assert path.exists()


def test_a_damaged_autosave_offers_the_previous_save(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene

    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
    session = Session.new("runeworks", seats, 3, {"level": 3})
    for _ in range(6):
        session.apply(session.engine.legal_actions(session.engine.deciding_seats()[0])[0])
    session.save()
    session.save()  # the same game in the .bak
    path = autosave_path()
    damaged = path.read_bytes().replace(b'"human":false', b'"human":true')
    path.write_bytes(damaged)
    menu = open_menu(app)
    click(app, control(menu, "continue").rect.center)
    assert isinstance(app.top, MenuScene) and menu.error and "damaged" in menu.error
    assert path.read_bytes() == damaged  # nothing changed until the player chooses
    click(app, control(menu, "continue_previous").rect.center)
    assert not isinstance(app.top, MenuScene)
    # the game from the .bak (the bot may have moved on already)
    assert app.top.session.engine.state.history[:6] == session.engine.state.history
    assert path.with_name("autosave.json.damaged").read_bytes() == damaged


def play_out(session: Session) -> None:
    engine = session.engine
    for _ in range(engine.game.max_actions(engine.state.params, engine.state.seats)):
        if engine.is_over():
            return
        seat = engine.deciding_seats()[0]
        session.apply(session.bot_action(seat))
    raise AssertionError("the game did not end")


def test_results_of_a_level_four_match_and_rematch(app: Any) -> None:
    from cardtable.ui.scenes.results import ResultsScene, standings
    from cardtable.ui.scenes.runeworks_table import RuneWorksTable

    seats = [
        SeatConfig(f"Bot {i + 1}", human=False, bot="heuristic" if i % 2 else "random") for i in range(4)
    ]
    session = Session.new("runeworks", seats, 11, {"level": 4}, autosave=False)
    play_out(session)
    log = session.engine.view(None).data["round_log"]
    assert log and all("mp" in entry for entry in log)
    app.push(ResultsScene(app, session))
    drawn = app.frames_drawn
    frames(app)
    assert app.frames_drawn > drawn
    results = app.top
    assert results.round_log == list(log)
    for language in ("en", "ja"):  # both languages lay out and draw
        app.settings.language = language
        app.apply_settings()
        frames(app)
    assert standings((5, 9, 5, 1)) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    click(app, control(results, "rematch").rect.center, n=1)
    table = app.top
    assert isinstance(table, RuneWorksTable) and app.scenes == [table]
    assert table.session.engine.state.seed == 12
    assert table.session.engine.state.params == session.engine.state.params
    assert [s.name for s in table.session.seats] == [s.name for s in seats]


def test_results_of_a_single_round_game_and_menu(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.results import ResultsScene

    seats = [SeatConfig(f"P{i + 1}", human=False) for i in range(3)]
    session = Session.new("runeworks", seats, 5, {"level": 3}, autosave=False)
    play_out(session)
    app.push(ResultsScene(app, session))
    frames(app)
    press(app, pygame.K_m, "m")
    assert isinstance(app.top, MenuScene)


def test_pause_save_and_quit_then_continue_resumes_the_same_state(app: Any) -> None:
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.pause import PauseScene
    from cardtable.ui.scenes.registry import table_scene_for
    from cardtable.ui.scenes.rules import RulesScene
    from cardtable.ui.scenes.settings import SettingsScene

    seats = [SeatConfig("Human"), *(SeatConfig(f"Bot {i}", human=False) for i in range(2, 5))]
    session = Session.new("runeworks", seats, 3, {"level": 3})
    app.replace(table_scene_for(app, session))
    for _ in range(50):
        frames(app, 1)
        if session.engine.deciding_seats() == (0,):
            break
    assert session.engine.deciding_seats() == (0,)
    table = app.top
    before = session.engine.state.canonical()
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.translucent
    # the overlays on the way: rules (scrolls, Esc closes), settings (Esc closes)
    click(app, control(pause, "rules").rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert rules.view is not None and rules.view.max_offset > 0
    press(app, pygame.K_PAGEDOWN)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
        )
    )
    frames(app)
    assert rules.view.offset > 0
    press(app, pygame.K_ESCAPE)
    assert app.top is pause
    press(app, pygame.K_3, "3")
    assert isinstance(app.top, SettingsScene) and app.top.translucent
    press(app, pygame.K_ESCAPE)
    assert app.top is pause
    assert session.engine.state.canonical() == before  # nothing moved while paused
    click(app, control(pause, "save_quit").rect.center)
    menu = app.top
    assert isinstance(menu, MenuScene) and app.scenes == [menu]
    assert table not in app.scenes
    click(app, control(menu, "continue").rect.center, n=1)
    resumed = app.top
    assert type(resumed) is type(table) and resumed is not table
    assert resumed.session.engine.state.canonical() == before
    assert [s.name for s in resumed.session.seats] == [s.name for s in seats]


def test_about_shows_version_licences_and_folders(app: Any) -> None:
    from cardtable import __version__
    from cardtable.persistence.files import user_folders
    from cardtable.ui.scenes.about import AboutScene

    menu = open_menu(app)
    click(app, control(menu, "about").rect.center)
    about = app.top
    assert isinstance(about, AboutScene)
    text = " ".join(block.text for block in about.blocks())
    for needle in (
        "pygame-ce",
        "LGPL",
        "PyYAML",
        "platformdirs",
        "jsonschema",
        "MIT",
        "Open Font License",
        "Adobe",
        str(user_folders().saves),
    ):
        assert needle in text
    assert __version__ in about.title()
    press(app, pygame.K_END)
    assert about.view is not None and about.view.offset == about.view.max_offset
    press(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_rules_texts_ship_in_both_languages() -> None:
    from cardtable.ui.scenes.rules import rules_text

    english = rules_text("runeworks", "en")
    japanese = rules_text("runeworks", "ja")
    assert english and "Ignite Shot" in english and "R9" in english
    assert japanese and "イグナイトショット" in japanese
    assert rules_text("runeworks", "fr") == english
    assert rules_text("nosuchgame", "en") is None


def test_space_on_the_results_does_not_deal_a_new_game(app: Any) -> None:
    """People pass hand-off screens with Space; one press too many must not rematch over the results."""
    from cardtable.ui.scenes.results import ResultsScene

    session = Session.new(
        "runeworks",
        [SeatConfig("A", human=False), SeatConfig("B", human=False)],
        3,
        {"level": 1},
        autosave=False,
    )
    play_out(session)
    app.push(ResultsScene(app, session))
    frames(app)
    results = app.top
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
    assert app.top is results


def test_risugeon_setup_offers_the_round_limit_in_fives(app: Any) -> None:
    """A game to the last gem is long: Setup offers the round limit, stepping by five over its range."""
    from cardtable.games import all_entries
    from cardtable.ui.scenes.setup import SetupScene

    setup = SetupScene(app, all_entries()["risugeon"].rules)
    app.push(setup)
    app.frame([])
    param = next(p for p in setup.options if p.name == "max_rounds")
    assert setup.option_label(param) == "Rounds at most"
    setup.adjust_option(param, -1)
    assert setup.values["max_rounds"] == 55

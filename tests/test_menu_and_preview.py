"""The shared menu and the large card preview, driven by real pygame events at 1280x720:

- a menu entry numbered past 9 is picked by typing its two digits ("1" then "9" picks entry 19);
- an entry too long for one line wraps onto the next, whole (the cards paid were cut with …);
- letters typed filter the list; with hand cards selected, the action menu (A) lists only their moves;
- the right button (or Shift) held on a card shows it large, in the table's language, only when the
  person at the screen may see it, and a hand-off puts it away;
- a game's attribute marks are drawn in their colours.
"""

from __future__ import annotations

import pygame
import pytest
from clock import SteppedClock
from playthrough import session_at

from cardtable.persistence.settings import Settings
from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui import widgets
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.table.menu import GROUP_FROM, OPEN_GRACE_S, ActionMenu, group_entries


def _open(app: App, session: Session) -> TableScene:
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    app.push(table)
    app.frame([])
    return table


def _key(app: App, key: int, up: bool = False) -> None:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    app.frame([pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)])


def _button(app: App, pos: tuple[int, int], button: int, up: bool) -> None:
    kind = pygame.MOUSEBUTTONUP if up else pygame.MOUSEBUTTONDOWN
    app.frame([pygame.event.Event(kind, pos=pos, button=button)])


# -- the menu ------------------------------------------------------------------------------------
def test_typing_one_then_nine_picks_entry_nineteen(app: App) -> None:
    table = _open(app, session_at("lyabi", "buy"))
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None and len(menu.actions) >= 19, "Lyabi's buying offers many moves"
    wanted = menu.actions[18]
    before = table.session.move_count
    _key(app, pygame.K_1)
    assert table.session.move_count == before, "1 waits: 10 to 19 begin with it"
    _key(app, pygame.K_9)
    assert table.session.move_count > before
    assert table.session.engine.state.history[before] == wanted


def test_a_long_list_groups_the_moves_of_one_pile_under_a_heading(app: App) -> None:
    table = _open(app, session_at("lyabi", "buy"))
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None and len(menu.actions) >= GROUP_FROM
    grouped = [i for i, heading in enumerate(menu.headers) if heading is not None]
    assert grouped, "Lyabi's pay-and-take moves are grouped by the pile they take from"
    for i in grouped:  # a heading and what sets the entry apart say the whole move
        heading, rest = menu.headers[i], menu.shown_as[i].split(". ", 1)[1]
        assert heading in menu.labels[i] and rest in menu.labels[i], (heading, rest, menu.labels[i])
        assert len(menu.entry_text(i)) < len(menu.labels[i])
    targets = [(a.kind, a.target) for a, h in zip(menu.actions, menu.headers, strict=True) if h is not None]
    seen_before: list[tuple[str, str]] = []
    for key in targets:  # one group's moves side by side
        assert key not in seen_before or seen_before[-1] == key, "a group's moves are not split"
        seen_before.append(key)
    drawn = dict(menu.visible())
    headings = [row for row in menu.laid_out() if row[1] is not None]
    assert headings and all(menu.box.contains(rect) for rect in drawn.values())


def test_group_entries_keeps_lone_moves_in_place_and_numbers_stay_in_order() -> None:
    texts = ["Take A (pay x)", "Pass", "Take B (pay y)", "Take A (pay y, z)"]
    keys = [("buy", "A"), ("pass", ""), ("buy", "B"), ("buy", "A")]
    order, headers, shown = group_entries(texts, keys)
    assert order == [0, 3, 1, 2]
    assert headers == ["Take A", None, None, "Take A"] and shown[3] == "pay y, z" and shown[2] == texts[2]


def test_a_long_entry_wraps_whole_onto_the_next_line() -> None:
    pygame.display.set_mode((1280, 720))
    long = "Take Lv5 Red Lyabi (pay Lv1 Blue Lyabi, Lv1 Blue Lyabi, Lv3 Green Lyabi, Lv3 Green Lyabi) " * 2
    menu = ActionMenu(
        "Acquire", [Action(0, "buy"), Action(0, "pass")], lambda a: long if a.kind == "buy" else "Pass"
    )
    menu.draw(pygame.display.get_surface())
    lines = menu.lines(0)
    assert len(lines) >= 2 and not any("…" in line for line in lines)
    assert " ".join(lines).split() == f"1. {long}".split(), "every word of the entry on screen"
    rows = dict(menu.visible())
    assert rows[0].height > rows[1].height and menu.box.contains(rows[0])
    assert pygame.display.get_surface().get_rect().contains(menu.box)


def test_letters_typed_filter_the_menu_and_backspace_takes_them_back() -> None:
    pygame.display.set_mode((1280, 720))
    words = {"draw": "Draw a card", "seek": "Seek the discard", "pass": "Pass"}
    actions = [Action(0, kind) for kind in words]
    menu = ActionMenu("Actions", actions, lambda a: words[a.kind])
    menu.place((1280, 720))
    for key in (pygame.K_s, pygame.K_e):
        menu.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    assert [menu.actions[i].kind for i in menu.shown] == ["seek"], "only the entries containing 'se'"
    chosen = menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert chosen == Action(0, "seek")
    for _ in range(2):
        menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert menu.shown == [0, 1, 2]
    menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0))
    assert menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0)) == Action(0, "pass"), (
        "a number is the entry's own, whatever the filter lists"
    )


def test_a_digit_or_a_space_that_the_typed_words_go_on_with_is_typed_too() -> None:
    """Typing "Lv5" to find the Lv5 lyabi picked entry 5, and "send grand" matched nothing (spaces were
    dropped), playtests 2026-11-28: once letters are typed, a digit or a space an entry goes on with is
    part of the filter; a digit no entry goes on with is still an entry's number."""
    pygame.display.set_mode((1280, 720))
    words = [
        "Take Lv1 Blue Lyabi",
        "Take Lv3 Red Lyabi",
        "Send Grand Strike to the stock",
        "Send Night Watch to the stock",
        "Take Lv5 Red Lyabi",
    ]
    actions = [Action(0, "take", (n,)) for n in range(len(words))]
    menu = ActionMenu("Actions", actions, lambda a: words[a.cards[0]])
    menu.place((1280, 720))

    def typed(*keys: int) -> Action | None:
        chosen = None
        for key in keys:
            chosen = menu.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0)) or chosen
        return chosen

    assert typed(pygame.K_l, pygame.K_v, pygame.K_5) is None and menu.filter == "lv5"
    assert [menu.actions[i].cards for i in menu.shown] == [(4,)]
    menu.set_filter("")
    assert typed(pygame.K_s, pygame.K_e, pygame.K_n, pygame.K_d, pygame.K_SPACE, pygame.K_g) is None
    assert menu.filter == "send g" and [menu.actions[i].cards for i in menu.shown] == [(2,)]
    menu.set_filter("")
    assert typed(pygame.K_l, pygame.K_v, pygame.K_2) == actions[1], "no entry has 'lv2': entry 2"


def test_the_action_menu_lists_only_the_selected_cards_moves(app: App) -> None:
    table = _open(app, session_at("runeworks", "release"))
    hand = [s for s in table.board.sprites.values() if table.own_sprite(s)]
    card = hand[0].card
    hand[0].selected = True
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None and menu.actions
    assert len(menu.actions) < len(table.my_legal())
    assert all(card in a.cards for a in menu.actions), "every move listed uses the selected card"
    _key(app, pygame.K_r)
    assert menu.filter == "r"
    _key(app, pygame.K_ESCAPE)
    assert table.menu is menu and menu.filter == "", "Esc takes the typed letters back first"
    _key(app, pygame.K_ESCAPE)
    assert table.menu is None


def test_the_key_that_opened_the_menu_repeating_types_nothing_into_it(app: App) -> None:
    table = _open(app, session_at("runeworks", "release"))
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None
    _key(app, pygame.K_a)  # A still held: the key repeats
    _key(app, pygame.K_a)
    assert menu.filter == "" and len(menu.shown) == len(menu.actions), "a held A filters nothing"
    _key(app, pygame.K_a, up=True)
    _key(app, pygame.K_a)  # let go and typed again: a letter
    assert menu.filter == "a"


def test_a_chooser_the_table_opens_by_itself_takes_no_letter_typed_as_it_shows(app: App) -> None:
    """Sainome's "attack now?" opens by itself as the setting ends: a letter pressed in that moment was
    meant for the table, not typed into the chooser's filter (which then matched nothing). Its
    numbers answer at once; letters filter once the list has been on show a moment."""
    app.clock = SteppedClock(step_ms=100)  # type: ignore[assignment]
    table = _open(app, session_at("sainome", "attack", pending=True))
    for _ in range(10):
        if table.menu is not None:
            break
        app.frame([])
    menu = table.menu
    assert menu is not None and menu.must_answer, "the decision's chooser opened by itself"
    _key(app, pygame.K_e)
    assert menu.filter == "" and len(menu.shown) == len(menu.actions), "a letter as it showed"
    for _ in range(round(OPEN_GRACE_S * 10)):
        app.frame([])
    _key(app, pygame.K_a)
    assert menu.filter == "a", "read a moment, it filters as every menu does"
    _key(app, pygame.K_ESCAPE)
    assert table.menu is menu and menu.filter == ""
    _key(app, pygame.K_1)
    assert table.menu is not menu, "its number answers it"


# -- the large preview ---------------------------------------------------------------------------
def _two_people(app: App, game_id: str) -> TableScene:
    session = Session.new(game_id, [SeatConfig("Ann"), SeatConfig("Cat")], 3, {}, autosave=False)
    table = _open(app, session)
    for _ in range(20):
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
        if table.viewer is not None:
            break
        app.frame([])
    assert table.viewer is not None
    return table


@pytest.mark.parametrize("game_id", ["risugeon", "runeworks"])
def test_the_right_button_held_on_ones_own_card_shows_it_large_until_let_go(app: App, game_id: str) -> None:
    table = _two_people(app, game_id)
    mine = next(s for s in table.board.sprites.values() if table.own_sprite(s))
    pos = mine.card_rect().center
    _button(app, pos, 3, up=False)
    assert table.previewing == mine.card
    drawn = table.draw_preview(pygame.display.get_surface())
    assert drawn is not None and drawn.height > app.size[1] * 0.75, "large: most of the window's height"
    _button(app, pos, 3, up=True)
    assert table.previewing is None
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    _key(app, pygame.K_LSHIFT)
    assert table.previewing == mine.card, "Shift held over a card shows it too"
    _key(app, pygame.K_LSHIFT, up=True)
    assert table.previewing is None


@pytest.mark.parametrize("game_id", ["risugeon", "runeworks"])
def test_no_preview_of_a_face_down_card_and_none_across_a_hand_off(app: App, game_id: str) -> None:
    table = _two_people(app, game_id)
    hidden = [s for s in table.board.sprites.values() if s.card < 0 or not table.may_show(s.card)]
    assert hidden, "face-down cards lie on the table"
    for sprite in hidden:
        pos = sprite.card_rect().center
        if table.board.sprite_at(pos) is sprite:  # on top where it is pressed
            _button(app, pos, 3, up=False)
            assert table.previewing is None, "a face-down card is never shown large"
            _button(app, pos, 3, up=True)
    mine = next(s for s in table.board.sprites.values() if table.own_sprite(s))
    _button(app, mine.card_rect().center, 3, up=False)
    assert table.previewing == mine.card
    first = table.viewer
    table.set_viewer(None)  # the hand-off's covering screen: nobody looks
    assert table.previewing is None and table.draw_preview(pygame.display.get_surface()) is None
    assert first is not None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_previewed_face_prints_the_tables_language_first(language: str) -> None:
    app = App(Settings(language=language, bot_delay_s=0.0), fast=True, size=(1280, 720))
    table = _open(app, session_at("risugeon", "play"))
    mine = next(s for s in table.board.sprites.values() if table.own_sprite(s))
    spec = table.board.physical[mine.card]
    drawn = table.board.renderer.drawn(spec, 400)
    other = "ja" if language == "en" else "en"
    name = next(p.text for p in drawn.texts if spec.name.en in p.text and spec.name.ja in p.text)
    assert name.split("\n") == [spec.name.get(language), spec.name.get(other)], "the other language beneath"
    pygame.display.quit()


# -- marks in colour -----------------------------------------------------------------------------
def test_a_games_attribute_marks_are_drawn_in_their_colours(app: App) -> None:
    _open(app, session_at("lyabi", "buy"))  # the table brings Lyabi's marks
    try:
        surface = widgets.text_surface("▲B Lv1 ●R ■G", 28)
        colours = {
            surface.get_at((x, y))[:3]
            for x in range(surface.get_width())
            for y in range(surface.get_height())
        }
        for mark in ((110, 170, 255), (255, 112, 92), (110, 210, 130)):
            assert mark in colours, f"{mark} drawn"
        lv = widgets.text_surface("▲Lv1", 28)  # the L of Lv is no attribute's letter: ink, not blue
        mark_w = widgets.text_surface("▲", 28).get_width()
        assert all(
            lv.get_at((x, y))[:3] != (110, 170, 255)
            for x in range(mark_w + 1, lv.get_width())
            for y in range(lv.get_height())
        )
        plain = widgets.text_surface("Lv1", 28)
        assert (110, 170, 255) not in {
            plain.get_at((x, y))[:3] for x in range(plain.get_width()) for y in range(plain.get_height())
        }
    finally:
        widgets.set_mark_colours({})


def test_menu_text_keeps_marks_plain_and_is_rendered_once(app: App) -> None:
    """Menus (`blit_text`) draw a game's marks in the text's own colour, as before the table coloured
    them, and reuse one render per text: a menu redraws its labels every frame."""
    from cardtable.ui.scenes.common import blit_text

    widgets.set_mark_colours({"▲": (110, 170, 255)})
    try:
        screen = pygame.Surface((400, 60))
        screen.fill((0, 0, 0))
        rect = blit_text(screen, "▲B Lv1", 28, (0, 0))
        drawn = {screen.get_at((x, y))[:3] for x in range(rect.right) for y in range(rect.bottom)}
        assert (110, 170, 255) not in drawn, "no mark coloured in a menu"
        assert widgets.INK in drawn
        assert widgets.text_surface("▲B Lv1", 28, marks=False) is widgets.text_surface(
            "▲B Lv1", 28, marks=False
        ), "remembered"
        assert widgets.text_surface("▲B Lv1", 28) is not widgets.text_surface("▲B Lv1", 28, marks=False)
    finally:
        widgets.set_mark_colours({})

"""One gesture-to-move mapper for every game: dragging or clicking ANY copy of a card finds the legal
move (which names the lowest-numbered copy), the copy held is the one seen moving, a refused drop says
the engine's reason, several moves open the chooser, and the action menu numbers every move, past 9,
scrolling when it is long."""

from __future__ import annotations

from collections import Counter

import pygame
from playthrough import session_at
from stacked import stacked_session
from table_helpers import click, drag

from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.scenes.registry import table_scene_for
from cardtable.ui.scenes.table import TableScene, find_moves

PEOPLE = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]


def _open(app: App, session: Session) -> TableScene:
    table = table_scene_for(app, session)
    assert isinstance(table, TableScene)
    app.replace(table)
    app.frame([])
    return table


def _key(app: App, key: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def _copies(table: TableScene, zone: str) -> list[list[int]]:
    """The groups of copies (two or more cards with one code) in a zone of the table's view."""
    codes = [s.code for s in table.cardset.physical()]
    cards = [c for c in table.view().zones[zone].cards if c >= 0]
    count = Counter(codes[c] for c in cards)
    return [sorted(c for c in cards if codes[c] == code) for code, n in count.items() if n > 1]


def _centre(table: TableScene, card: int) -> tuple[int, int]:
    return table.board.sprites[card].card_rect().center


def _area(table: TableScene, name: str) -> pygame.Rect:
    return next(a.rect for a in table.drop_areas() if a.name == name)


def _last(table: TableScene, before: int) -> Action:
    """The person's (seat 1's) first action since `before` moves (a bot may have moved in between)."""
    return next(a for a in table.session.engine.state.history[before:] if a.seat == 0)


# -- Risugeon: starting decks are mostly copies -------------------------------------------------
def test_risugeon_every_copy_of_a_combat_card_is_spent_by_drag_and_by_click(app: App) -> None:
    table = _open(app, session_at("risugeon", "discard"))
    groups = [g for g in _copies(table, "hand:0") if find_moves(table.view(), g[:1], table.my_legal())]
    assert groups, "a starting hand holds copies of a combat card"
    for copy in groups[0]:
        for gesture in ("drag", "click"):
            table = _open(app, session_at("risugeon", "discard"))  # a discard shows the card: no undo
            move = find_moves(table.view(), [copy], table.my_legal(), ("discard",))
            assert move and move[0].cards == (groups[0][0],), "the rules name the lowest copy"
            before = table.session.move_count
            if gesture == "click":
                click(app, _centre(table, copy))
            else:
                app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_centre(table, copy), button=1)])
                assert _area(table, "well") in table.board.highlights, "the well lights for any copy"
                end = _area(table, "well").center
                app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))])
                app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
            assert _last(table, before) == move[0], f"{gesture} on copy {copy}"


def test_the_copy_held_is_the_one_seen_moving(app: App) -> None:
    app.settings.animation_speed = 1.0
    app.fast = False
    table = _open(app, session_at("risugeon", "discard"))
    table.animator.speed = 1.0
    groups = [g for g in _copies(table, "hand:0") if find_moves(table.view(), g[:1], table.my_legal())]
    lowest, other = groups[0][0], groups[0][-1]
    held_at = (table.board.sprites[other].x, table.board.sprites[other].y)
    drag(app, _centre(table, other), _area(table, "well").center)
    moving = table.board.sprites.get(lowest)
    assert moving is not None and abs(moving.x - held_at[0]) > 1, "the dragged sprite goes on, not back"
    table.animator.finish_all()
    assert table.check_sprites() == []


# -- Sainome: two Fireballs, two Quick Changes -------------------------------------------------
def _sainome(app: App, hand: list[str], setup: dict[str, object]) -> TableScene:
    session = stacked_session(
        "sainome", list(PEOPLE), {"hand:0": hand}, {"characters": {"P1": "SWM", "P2": "PRI"}, **setup}
    )
    return _open(app, session)


def test_sainome_every_copy_of_a_card_equips_by_drag_and_by_click(app: App) -> None:
    hand, setup = ["FB", "FB", "WS", "IN", "SS"], {"start_at": "first_setup"}
    table = _sainome(app, hand, setup)
    fireballs = next(g for g in _copies(table, "hand:0") if table.board.physical[g[0]].code == "FB")
    equips = [a for a in table.my_legal() if a.kind == "equip" and a.cards == (fireballs[0],)]
    assert equips, "Fireball links to a face of the Swordsman"
    slot = equips[0].target
    for copy in fireballs:
        table = _sainome(app, hand, setup)  # equipping shows the card: no undo, so deal again
        before = table.session.move_count
        drag(app, _centre(table, copy), _area(table, slot).center)
        assert _last(table, before) == equips[0], f"copy {copy} equips on {slot}"
        table = _sainome(app, hand, setup)
        click(app, _centre(table, copy))  # a click offers every slot it fits (or makes the one move)
        if len(equips) > 1:
            assert table.menu is not None and set(equips) <= set(table.menu.actions)
        else:
            assert _last(table, before) == equips[0]


def test_sainome_every_copy_of_a_hand_card_is_used_by_drag_and_by_click(app: App) -> None:
    table = _sainome(app, ["QC", "QC", "SS"], {})
    quick = next(g for g in _copies(table, "hand:0") if table.board.physical[g[0]].code == "QC")
    use = Action(0, "use", (quick[0],))
    assert use in table.my_legal()
    for copy in quick:
        table = _sainome(app, ["QC", "QC", "SS"], {})
        before = table.session.move_count
        drag(app, _centre(table, copy), _area(table, "discard").center)
        assert _last(table, before) == use
        table = _sainome(app, ["QC", "QC", "SS"], {})
        click(app, _centre(table, copy))
        assert _last(table, before) == use


def test_a_refused_copy_is_refused_for_the_real_reason(app: App) -> None:
    table = _sainome(app, ["FB", "FB", "WS", "IN", "SS"], {"start_at": "first_setup"})
    fireballs = next(g for g in _copies(table, "hand:0") if table.board.physical[g[0]].code == "FB")
    fits = {a.target for a in table.my_legal() if a.kind == "equip" and a.cards == (fireballs[0],)}
    wrong = next(a.name for a in table.drop_areas() if a.name not in fits and a.name != "discard")
    before = table.session.move_count
    drag(app, _centre(table, fireballs[-1]), _area(table, wrong).center)
    assert table.session.move_count == before
    expected = table.engine.explain(Action(0, "equip", (fireballs[0],), wrong))
    assert "links" in expected, "the reason is about the slot's face, not about which copy was held"
    assert table.toast is not None and table.toast[0] == table.refusal_text(expected)
    assert "FB" not in table.toast[0] and "Fireball" in table.toast[0], "named, not coded"


# -- Rune Works: one deck, no copies; every card still maps ---------------------------------------
def _runeworks_at_draw(app: App, params: dict[str, object]) -> TableScene:
    """A Rune Works! table (the person against a bot) once the person has drawn."""
    table = _open(app, stacked_session("runeworks", list(PEOPLE), params=params))
    for _ in range(50):
        if table.view().phase == "start" and table.view().active == 0:
            break
        if table.view().phase == "leady" and 0 in table.view().deciding:
            table.perform(Action(0, "noreveal"))
        app.frame([])
    table.perform(Action(0, "draw"))
    app.frame([])
    return table


def test_runeworks_every_hand_card_reveals_by_click_and_enter_and_releases_by_drag(app: App) -> None:
    """Rune Works! plays one standard deck: no card has a copy (the rules refuse a deck with
    repeats), so each card is its own only copy; the same mapper finds its moves."""
    for index in range(3):
        table = _open(app, stacked_session("runeworks", list(PEOPLE), params={"level": 1}))
        assert table.view().phase == "leady"
        card = sorted(table.view().zones["hand:0"].cards)[index]
        click(app, _centre(table, card))  # a click selects (one careless click commits nothing)
        assert 0 not in table.view().committed and table.selected_cards() == [card]
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert _last(table, 0) == Action(0, "reveal", (card,))
        table = _runeworks_at_draw(app, {"level": 1})
        card = sorted(table.view().zones["hand:0"].cards)[index]
        before = table.session.move_count
        drag(app, _centre(table, card), _area(table, "pool").center)
        assert _last(table, before) == Action(0, "release", (card,))


def test_runeworks_release_key_acts_on_the_selected_card(app: App) -> None:
    table = _runeworks_at_draw(app, {"level": 1})
    card = sorted(table.view().zones["hand:0"].cards)[2]
    click(app, _centre(table, card))
    assert table.board.sprites[card].selected
    before = table.session.move_count
    _key(app, pygame.K_r)
    assert _last(table, before) == Action(0, "release", (card,))


def test_arrows_and_space_select_hand_cards_without_the_mouse(app: App) -> None:
    table = _runeworks_at_draw(app, {"level": 1})
    hand = [table.board.sprites[c] for c in table.view().zones["hand:0"].cards]
    in_order = [s.card for s in sorted(hand, key=lambda s: s.x)]
    _key(app, pygame.K_RIGHT)  # the cursor comes onto the leftmost card
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_SPACE)
    assert table.selected_cards() == [in_order[1]]
    _key(app, pygame.K_LEFT)
    _key(app, pygame.K_SPACE)
    assert table.selected_cards() == sorted(in_order[:2])
    before = table.session.move_count
    _key(app, pygame.K_SPACE)  # Space again puts the card back
    assert table.selected_cards() == [in_order[1]]
    _key(app, pygame.K_r)
    assert _last(table, before) == Action(0, "release", (in_order[1],))


# -- the action menu ----------------------------------------------------------------------------
def _long_menu(app: App) -> TableScene:
    table = _runeworks_at_draw(app, {"level": 1, "hand_size": 8})
    assert len(table.my_legal()) > 9
    return table


def test_the_action_menu_numbers_every_move_past_nine_and_two_digits_choose(app: App) -> None:
    table = _long_menu(app)
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None and len(menu.actions) == len(table.my_legal()) > 9
    assert menu.labels[9].startswith("10. ")
    wanted = menu.actions[9]
    before = table.session.move_count
    _key(app, pygame.K_1)
    assert table.session.move_count == before, "1 waits: 10 and up begin with it"
    _key(app, pygame.K_0)
    assert _last(table, before) == wanted


def test_a_long_menu_scrolls(app: App) -> None:
    app.screen = pygame.display.set_mode((1280, 320))
    table = _long_menu(app)
    _key(app, pygame.K_a)
    menu = table.menu
    assert menu is not None and menu.rows < len(menu.actions)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert menu.top > 0
    last = len(menu.actions) - 1
    for _ in range(len(menu.actions)):
        _key(app, pygame.K_DOWN)
    assert menu.focus == last and menu.top + menu.rows > last
    before = table.session.move_count
    _key(app, pygame.K_RETURN)
    assert _last(table, before) == menu.actions[last]

"""The Sainome table driven by real events: one attack through the real scene, the die thrown and
settling on the face the rules rolled; equipping by a drag onto a slot whose face the card links to."""

from __future__ import annotations

import pygame
import pytest
from playthrough import session_at
from table_helpers import click, drawn_rects

from cardtable.persistence.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.dice import die_face
from cardtable.ui.scenes.sainome_table import SainomeTable


def _table_at(app: App, wanted: str) -> SainomeTable:
    """A person (seat 1) against a bot, played on by a random chooser until the person may `wanted`."""
    table = SainomeTable(app, session_at("sainome", wanted))
    app.replace(table)
    app.frame([])
    return table


# the table as a window plays it (a frame of 1/120 s at least), its animations at speed 1
pytestmark = pytest.mark.app(Settings(animation_speed=1.0, bot_delay_s=0.0), fast=False)


def test_an_attack_throws_the_die_and_it_settles_on_the_rolled_face(app: App) -> None:
    table = _table_at(app, "attack")
    attack = next(a for a in table.engine.legal_actions(0) if a.kind == "attack")
    button = next(b for b in table.buttons if b.label.startswith("Attack"))
    click(app, button.rect.center)
    assert attack in table.engine.state.history
    assert table.rolls, "the attack's roll is thrown across the table"
    roll = table.rolls[0]
    rolled = tuple(table.engine.view(None).data["last_roll"]["results"])
    assert roll.results == rolled
    for _ in range(400):
        for scene in app.scenes:
            scene.update(1 / 60)
        app._draw()
        if roll.done:
            break
        assert table.after_roll is not None, "the cards wait until the die has settled"
    assert roll.done
    assert [s.image for s in roll.sprites] == [die_face(face, roll.size) for face in rolled]
    app.frame([])
    assert table.after_roll is None, "once the die has settled the attack's cards move"


def test_equipping_is_a_drag_onto_a_lit_slot(app: App) -> None:
    table = _table_at(app, "equip")
    equip = next(a for a in table.engine.legal_actions(0) if a.kind == "equip")
    sprite = table.board.sprites[equip.cards[0]]
    rect = table.slot_rects(0)[equip.target]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sprite.card_rect().center, button=1)])
    assert rect.inflate(16, 16) in table.board.highlights
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(1, 0, 0))])
    before = len(table.engine.state.history)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)])
    assert table.engine.state.history[before].kind == "equip"
    assert table.engine.state.history[before].target == equip.target


def test_the_status_says_in_plain_words_what_to_do(app: App) -> None:
    """No phase keys: the trash phase says how far down to discard, the right's holder gets buttons."""
    from cardtable.games.sainome.narration import hint

    table = _table_at(app, "trash")
    view = table.engine.view(0)
    said = table.say_phrase(hint(view, 0))
    held = view.zones["hand:0"].count
    assert ("Discard down to 5" in said) == (held > 5), said
    assert "trash" not in said and "first_setup" not in said


def test_the_right_is_taken_with_a_button(app: App) -> None:
    table = _table_at(app, "take")
    labels = [b.label for b in table.buttons]
    assert "Character choice (1)" in labels and "First turn (2)" in labels
    button = next(b for b in table.buttons if b.label == "First turn (2)")
    before = len(table.engine.state.history)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)])
    taken = table.engine.state.history[before]
    assert (taken.kind, taken.target) == ("take", "first")


def test_a_menu_key_pressed_while_the_summary_is_up_answers_the_menu(app: App) -> None:
    """The "While you were away" box over an open decision: 1 puts the box away and picks row 1 (it
    used to be eaten by the box); a key the menu does not know only puts the box away."""
    table = _table_at(app, "take")
    table.open_actions()
    assert table.menu is not None
    first = table.menu.actions[0]
    table.summary = ["Ben did something"]
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")])
    assert table.summary is None and table.menu is not None, "x only closes the box"
    table.summary = ["Ben did something"]
    before = len(table.engine.state.history)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")])
    assert table.summary is None
    assert table.engine.state.history[before:][:1] == [first]


def test_the_hand_stays_put_under_the_pointer_while_cards_leave_it(app: App) -> None:
    """Clicking cards away one after another: the others keep their places while the pointer is over
    the hand (a re-centred fan put the neighbour under it), and close up once it leaves."""
    table = _table_at(app, "trash")
    hand = "hand:0"
    cards = list(table.view().zones[hand].cards)
    assert len(cards) >= 3
    aim = cards[len(cards) // 2]
    sprite = table.board.sprites[aim]
    pos = sprite.card_rect().center
    before = {c: table.board.sprites[c].x for c in cards if c != aim}
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
    click(app, pos)
    assert aim not in table.view().zones[hand].cards, "the click discarded the card"
    table.animator.finish_all()
    assert {c: table.board.sprites[c].x for c in before} == before, "the rest stayed where they were"
    assert table.check_sprites() == []
    away = (pos[0], 20)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(1, 1), buttons=(0, 0, 0))])
    table.animator.finish_all()
    assert {c: table.board.sprites[c].x for c in before} != before, "the hand closed up"
    assert table.check_sprites() == []


def test_keys_pressed_while_the_bot_thinks_are_not_lost() -> None:
    """Space while the bot thinks moves it on at once, to the end of its turn; A pressed meanwhile opens
    the menu once the person may move (both used to be dropped)."""
    app = App(Settings(animation_speed=1.0, bot_delay_s=30.0), size=(1280, 720))
    try:
        table = _table_at(app, "attack")
        for _ in range(40):
            if table.session.is_bot(table.engine.deciding_seats()[0]):
                break
            table.animator.finish_all()
            legal = table.my_legal()
            table.perform(next((a for a in legal if a.kind == "end"), legal[0]))
            for _ in range(400):
                app.frame([])
                if not table.rolls and table.after_roll is None:
                    break
        assert table.session.is_bot(table.engine.deciding_seats()[0])
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")])
        moves = len(table.engine.state.history)
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        app.frame([])
        assert len(table.engine.state.history) > moves, "Space: the bot moved without its 30 s"
        for _ in range(3000):  # no more waiting: the bots play on without their 30 s pauses
            if table.menu is not None:
                break
            table.animator.finish_all()
            app.frame([])
        assert table.menu is not None, "the A pressed while the bot thought opened the menu"
        assert table.menu.title == app.t("table.actions"), "the action menu (A), not a decision's"
    finally:
        pygame.display.quit()


def test_a_setting_that_ends_by_itself_says_so_to_the_person_who_set(app: App) -> None:
    """The first setup ends by itself once nothing in the hand links to an empty slot: the person who
    set the last card reads why (the table had already turned away from them, so it never said so)."""
    from cardtable.bots.random_bot import RandomBot
    from cardtable.rules.rng import Rng
    from cardtable.session import SeatConfig, Session

    for seed in range(40):
        seats = [SeatConfig("Ann"), SeatConfig("Ben", False, "random")]
        session = Session.new("sainome", seats, seed, {}, autosave=False)
        engine = session.engine
        chooser = RandomBot(Rng(seed))
        while engine.state.phase != "first_setup":
            seat = engine.deciding_seats()[0]
            session.apply(chooser.choose(engine.view(seat)))
        table = SainomeTable(app, session)
        app.replace(table)
        seat = engine.deciding_seats()[0]
        table.set_viewer(seat, confirmed=True)
        while True:
            equips = [a for a in table.my_legal() if a.kind == "equip"]
            if not equips:
                break  # only Done is left: this seed's setting does not end by itself
            table.perform(equips[0])
            table.animator.finish_all()
            if seat not in engine.deciding_seats():
                assert table.toast is not None and "Nothing else in your hand links" in table.toast[0]
                return
    raise AssertionError("no seed's setting ended by itself")


def test_a_long_hand_stays_inside_its_fan() -> None:
    """Twelve cards (a heavy hit draws that many HP cards) fit the fan's box: the first card used to
    start left of the window's edge."""
    from cardtable.ui.scenes.table.layout import Pile

    box = pygame.Rect(25, 500, 716, 1)
    for count in (1, 5, 12, 20):
        placed = Pile("hand:0", box, 120, "fan", 300, 0.86).place(tuple(range(count)))
        assert min(p.x for p in placed) >= box.left - 0.5, count
        assert max(p.x + p.width for p in placed) <= box.right + 0.5, count


def test_the_results_say_the_score_is_the_hp_left(app: App) -> None:
    """Sainome's score is the HP left: the results' column says so in both languages, not "Score"."""
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.scenes.results import ResultsScene

    seats = [SeatConfig("Ann", human=False), SeatConfig("Ben", human=False)]
    session = Session.new("sainome", seats, 4, {}, autosave=False)
    while not session.engine.is_over():
        session.apply(session.bot_action(session.engine.deciding_seats()[0]))
    results = ResultsScene(app, session)
    assert results.score_heading() == "HP left"
    app.t.language = "ja"
    assert results.score_heading() == "残りHP"


def test_while_characters_are_chosen_no_name_sits_over_them(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "P1 Ann" drawn above the Princess read as if Ann played her: the pool has its own heading, and
    a seat is named over a character only once it has one."""
    from cardtable.ui.scenes import sainome_table

    table = _table_at(app, "pick")
    said: list[str] = []
    real = sainome_table.draw_text
    monkeypatch.setattr(
        sainome_table, "draw_text", lambda s, text, *a, **k: said.append(text) or real(s, text, *a, **k)
    )
    table.paint_background()
    picked = [i for i, c in enumerate(table.view().data.get("characters") or []) if c]
    assert "Characters to choose from" in said
    for seat in range(2):
        named = any(line.startswith(f"P{seat + 1} ") for line in said)
        assert named == (seat in picked), (seat, said)


def test_a_seat_that_has_chosen_is_named_clear_of_the_pools_heading(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once one seat has its character and the other still chooses, "P1 Ann · Swordman · normal" was
    written over "Characters to choose from" (playtest 2026-11-28): the heading moves up a line."""
    from cardtable.rules.rng import Rng
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.scenes import sainome_table

    for seed in range(20):  # a deal where the person (seat 1, named on the left) picks first
        seats = [SeatConfig("Ann"), SeatConfig("Ben", False, "random")]
        session = Session.new("sainome", seats, seed, {}, autosave=False)
        rng = Rng(seed)
        while session.engine.view(0).phase != "character":
            seat = session.engine.deciding_seats()[0]
            session.apply(rng.choice(session.engine.legal_actions(seat)))
        if session.engine.deciding_seats() == (0,):
            session.apply(next(a for a in session.engine.legal_actions(0) if a.kind == "pick"))
            break
    table = SainomeTable(app, session)
    app.replace(table)  # no frame: the bot would pick at once
    characters = table.view().data["characters"]
    assert table.choosing(table.view()) and characters[0] and not characters[1]
    drawn = drawn_rects(monkeypatch, sainome_table)
    table.paint_background()
    heading = drawn["Characters to choose from"]
    named = [rect for text, rect in drawn.items() if text.startswith(("P1 ", "P2 "))]
    assert named and not any(heading.colliderect(rect) for rect in named), (heading, named)


def test_the_bots_thinking_mark_sits_beside_its_hand_clear_of_the_seats_names(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mark hung below the bot's hand, over both seats' headers (playtest 2026-11-28): it sits left
    of the hand's cards now, level with them."""
    from cardtable.ui.scenes import sainome_table

    table = _table_at(app, "attack")
    drawn = drawn_rects(monkeypatch, sainome_table)
    table.paint_background()
    mark = table.thinking_rect(1)
    named = [rect for text, rect in drawn.items() if text.startswith(("P1 ", "P2 "))]
    assert len(named) == 2 and not any(mark.colliderect(rect) for rect in named), (mark, named)
    hand = [p for p in table.layout(table.view(), app.size) if p.zone == "hand:1"]
    assert hand and mark.right <= min(p.x for p in hand) and mark.top < hand[0].y + hand[0].width


def test_only_the_keys_the_moving_table_would_drop_wait() -> None:
    """A and the buttons' shortcuts wait while the table moves; a game's own keys (Rune Works' claim
    digits, taken during the Release's slide) are not held back."""
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.scenes.runeworks_table import RuneWorksTable

    app = App(Settings(animation_speed=1.0, bot_delay_s=0.0), size=(1280, 720))
    try:
        sainome = _table_at(app, "attack")
        key = lambda k: pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")  # noqa: E731
        assert sainome.waits(key(pygame.K_a)) and sainome.waits(key(pygame.K_t))
        seats = [SeatConfig("Ann"), SeatConfig("Bot 2", False), SeatConfig("Bot 3", False)]
        runeworks = RuneWorksTable(app, Session.new("runeworks", seats, 3, {}, autosave=False))
        assert not any(runeworks.waits(key(pygame.K_1 + i)) for i in range(6)), "claim digits go through"
    finally:
        pygame.display.quit()


def test_a_waiting_key_is_dropped_once_the_table_has_run_past_its_moment(app: App) -> None:
    """A pressed a moment early is taken once the table is still; one held through a long think and a
    claim window opened the actions menu 10 s later (playtest 2026-11-28): keys wait HOLD_KEY_S of the
    table's running time at most, and the hand-off still clears them."""
    table = _table_at(app, "attack")
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
    table.hold_key(press)
    table.age_held_keys(table.HOLD_KEY_S - 0.5)
    table.hold_key(press)
    assert [age for _seat, _event, age in table.held_keys] == [table.HOLD_KEY_S - 0.5, 0.0]
    table.age_held_keys(0.75)  # the first is past its moment, the second is not
    assert [age for _seat, _event, age in table.held_keys] == [0.75]
    assert table.replay_keys() and table.menu is not None  # the one left still opens the menu
    table.hold_key(press)
    table.age_held_keys(table.HOLD_KEY_S + 0.1)
    assert table.held_keys == [] and not table.replay_keys()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_cards_being_resolved_are_labelled_apart_from_the_discard_pile(
    language: str, drawn_texts: list[str]
) -> None:
    # Cards being resolved lie right of the discard pile: under "Discard 0" alone they read as its cards.
    from cardtable.bots import RandomBot
    from cardtable.rules.rng import Rng
    from cardtable.session import SeatConfig, Session

    drawn = drawn_texts
    app = App(Settings(language=language, bot_delay_s=0.0), size=(1280, 720), fast=True)
    try:
        label = app.t("sn.label.resolving")
        seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
        fresh = SainomeTable(app, Session.new("sainome", seats, 1, {}, autosave=False))
        app.replace(fresh)
        app.frame([])
        assert drawn and label not in drawn, "nothing is being resolved: no label"
        session = next(
            s
            for seed in range(40)
            if (
                s := _played_until(
                    Session.new("sainome", seats, seed, {}, autosave=False), RandomBot(Rng(seed))
                )
            )
        )
        drawn.clear()
        table = SainomeTable(app, session)
        app.replace(table)
        app.frame([])
        assert table.view().zones["resolving"].count > 0
        assert label in drawn, "the cards being resolved have their own label"
    finally:
        pygame.display.quit()


def _played_until(session: object, chooser: object) -> object | None:
    """The session played on until seat 0 decides while cards are being resolved, or None."""
    engine = session.engine  # type: ignore[attr-defined]
    for _ in range(400):
        if engine.is_over():
            return None
        seat = engine.deciding_seats()[0]
        if seat == 0 and engine.view(0).zones["resolving"].count:
            return session
        session.apply(chooser.choose(engine.view(seat)))  # type: ignore[attr-defined]
    return None


def test_the_rights_roll_is_said_once_in_the_status_panel(app: App) -> None:
    # The panel showed "Rolls for the rights: Ann: 5 · Ben: 3" and, under it, "Ben rolls a 3 for the
    # rights" from the log: each roll said twice.
    from cardtable.session import SeatConfig, Session

    app.settings.animation_speed = 0.0
    session = Session.new("sainome", [SeatConfig("Ann"), SeatConfig("Ben")], 3, {}, autosave=False)
    table = SainomeTable(app, session)
    app.replace(table)
    app.frame([])
    for _ in range(2):  # each person presses R for the rights roll
        assert table.engine.state.phase == "roll"
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")])
        for _ in range(200):
            app.frame([])
            if not table.table_is_moving() and not table.rolls:
                break
    assert len([a for a in table.engine.state.history if a.kind == "roll"]) == 2
    lines = table.status_lines(table.view())
    assert sum(line.count("rights") for line in lines) == 1, lines


def test_the_time_bombs_chooser_names_each_slot_where_it_shows(app: App) -> None:
    # the opponent's character faces across the table, so its own "bottom" slot shows above it: the
    # chooser said "the bottom slot" for the empty slot the person saw on top
    table = _table_at(app, "bomb")
    offered = [a for a in table.engine.legal_actions(0) if a.kind == "bomb"]
    assert offered
    for action in offered:
        side = {"top": "below", "bottom": "above", "right": "left of", "left": "right of"}[action.target]
        face = table.view().data["slots"][1][action.target]["face"]
        assert table.words(action) == f"Set the Time Bomb on the slot {side} Bot's character ({face})"

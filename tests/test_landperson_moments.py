"""Land & Person at the table as a first-time pair meets it, driven by posted pygame events: the
defender's I and S answer the chooser directly, a battle's result stays on the table for a moment,
B with nobody able to attack says so, the shared deck's first persons lie on their owners' fields,
the hand closes up while cards are put back, and the status panel's lines fit whole."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from clock import SteppedClock
from playthrough import session_at
from table_helpers import click, press

from cardtable.bots.random_bot import RandomBot
from cardtable.games.landperson.places import joinable
from cardtable.persistence.settings import Settings
from cardtable.rules.actions import Action
from cardtable.rules.rng import Rng
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.fonts import get_font
from cardtable.ui.scenes import landperson_table
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.landperson_table import LandPersonTable

NOTE_S = getattr(landperson_table, "BATTLE_NOTE_S", 6.0)  # how long the result stays


# the table as a window plays it (a frame of 1/120 s at least), its animations at once
pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)


def _table(app: App, session: Session) -> LandPersonTable:
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    return table


def _person_then_bot_until(pred: Callable[[Session], bool], mode: str = "deck") -> Session:
    """Seat 1 a person (played by a random chooser), seat 2 a random bot, until `pred` holds with the
    person to move."""
    for seed in range(40):
        seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
        session = Session.new("landperson", seats, seed, {"mode": mode}, autosave=False)
        chooser = RandomBot(Rng(seed))
        for _ in range(400):
            if session.engine.is_over():
                break
            seat = session.engine.deciding_seats()[0]
            if seat == 0 and pred(session):
                return session
            session.apply(chooser.choose(session.engine.view(seat)))
    raise AssertionError("never got there")


@pytest.mark.parametrize(("key", "kind"), [(pygame.K_i, "intercept"), (pygame.K_s, "siege")])
def test_i_and_s_answer_the_defenders_chooser(app: App, key: int, kind: str) -> None:
    table = _table(app, session_at("landperson", "intercept"))
    assert table.menu is not None and table.menu.must_answer, "the defender's chooser is open"
    press(app, key, chr(key))
    assert table.engine.state.history[-1] == Action(0, kind)


def test_a_battles_result_stays_on_the_table_for_a_moment(app: App) -> None:
    table = _table(app, session_at("landperson", "siege"))
    attack = table.view().data["fight"]["attack"]
    app.clock = SteppedClock(50)  # type: ignore[assignment]
    press(app, pygame.K_s, "s")  # hold a siege
    assert table.engine.state.history[-1] == Action(0, "siege")
    press(app, pygame.K_d, "d")  # with nobody sent: the land alone
    assert not table.view().data.get("fight"), "the fight is over"
    lines = table.battle_note_lines()
    assert lines, "the result is on the table"
    text = "\n".join(lines)
    assert "Bot attacked with" in text and "Ann held the land alone" in text
    assert f"Siege: attack {attack} against" in text
    assert "wander" in text.lower() or "destroyed" in text or "occupies" in text
    screen = pygame.Surface(app.size)
    assert table.draw_battle_note(screen) is not None, "drawn over the table"
    for _ in range(int(NOTE_S * 20) - 20):  # most of the moment: still there
        app.frame([])
    assert table.battle_note_lines()
    for _ in range(40):
        app.frame([])
    assert not table.battle_note_lines(), "and gone after a moment"


def test_b_with_nobody_able_to_attack_says_so(app: App) -> None:
    def battle_without_attackers(session: Session) -> bool:
        legal = session.engine.legal_actions(0)
        state = session.engine.state
        return Action(0, "battle") in legal and not joinable(state, 0, "attack")

    table = _table(app, _person_then_bot_until(battle_without_attackers))
    press(app, pygame.K_b, "b")
    assert table.engine.state.history[-1] == Action(0, "battle")
    assert table.toast is not None and "no ready person can attack" in table.toast[0]
    assert "no ready person can attack" in table.just_happened(), "and in the status panel and the log"


def _shared_pair(app: App) -> tuple[Session, LandPersonTable]:
    session = Session.new("landperson", [SeatConfig("Ann"), SeatConfig("Ben")], 4, {"mode": "shared"})
    table = _table(app, session)
    for _ in range(3):
        if isinstance(app.top, HandOffScene):
            press(app, pygame.K_SPACE, " ")
    return session, table


def test_shared_first_persons_lie_on_their_owners_fields(app: App) -> None:
    session, table = _shared_pair(app)
    for seat in (0, 1):
        while isinstance(app.top, HandOffScene):
            press(app, pygame.K_SPACE, " ")
        assert table.viewer == seat
        first = next(a for a in table.view().legal if a.kind == "first")
        click(app, table.board.sprites[first.cards[0]].card_rect().center)
        assert session.engine.state.history[-1] == first
        laid = table.board.sprites[first.cards[0]]
        assert table.field_rect(seat).contains(laid.card_rect()), "on its owner's field"
        while any(a.kind == "putback" for a in table.view().legal):
            card = next(a for a in table.view().legal if a.kind == "putback").cards[0]
            click(app, table.board.sprites[card].card_rect().center)
        if seat == 0:  # Ben's screen: Ann's first person lies face down on her field, not by a pile
            while isinstance(app.top, HandOffScene):
                press(app, pygame.K_SPACE, " ")
            assert table.viewer == 1
            laid_there = [p for p in table.layout(table.view(), app.size) if p.zone == "first:0"]
            assert laid_there and not any(p.face_up for p in laid_there)
            for place in laid_there:
                assert table.field_rect(0).collidepoint(place.x + place.width / 2, place.y + 10)


def test_the_hand_closes_up_while_cards_are_put_back(app: App) -> None:
    session, table = _shared_pair(app)
    first = next(a for a in table.view().legal if a.kind == "first")
    click(app, table.board.sprites[first.cards[0]].card_rect().center)
    for _ in range(2):  # a card from the middle of the hand, twice
        cards = sorted(
            (a.cards[0] for a in table.view().legal if a.kind == "putback"),
            key=lambda c: table.board.sprites[c].x,
        )
        card = cards[len(cards) // 2]
        click(app, table.board.sprites[card].card_rect().center)  # the pointer stays over the hand
    assert [a.kind for a in session.engine.state.history[-2:]] == ["putback", "putback"]
    hand = table.view().zones["hand:0"].cards
    xs = sorted(table.board.sprites[c].x for c in hand)
    steps = {round(b - a) for a, b in zip(xs, xs[1:], strict=False)}
    assert max(steps) - min(steps) <= 1, f"no holes: {steps}"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("mode", ["deck", "shared"])
def test_every_status_line_fits_its_panel_whole(language: str, mode: str) -> None:
    app = App(Settings(language=language, animation_speed=0.0, bot_delay_s=0.0), size=(1280, 720), fast=True)
    session = Session.new(
        "landperson", [SeatConfig("Ann"), SeatConfig("Ben")], 7, {"mode": mode}, autosave=False
    )
    table = _table(app, session)
    chooser = RandomBot(Rng(3))
    px = table._px()
    font = get_font(px)
    checked = 0
    for _ in range(160):
        if session.engine.is_over():
            break
        while isinstance(app.top, HandOffScene):
            press(app, pygame.K_SPACE, " ")
        view = table.view()
        box, parts = table.status_layout(view, px)
        happened = table.just_happened()
        for line in table.status_lines(view):
            if line == happened:
                continue
            assert "".join(p.replace(" ", "") for p in parts).count(line.replace(" ", "")) >= 1, (line, parts)
        for part in parts:
            # inside the panel (a Japanese line may hang its closing "、" into the right margin: kinsoku)
            assert font.size(part)[0] <= box.width - 8, part
        assert box.bottom <= table.log_rect().top, "the log starts under the panel"
        checked += 1
        seat = session.engine.deciding_seats()[0]
        table.perform(chooser.choose(session.engine.view(seat)))
        app.frame([])
    assert checked > 100
    pygame.display.quit()


def test_a_person_dropped_on_a_land_it_cannot_work_says_why(app: App) -> None:
    # "no task is gathering persons" left a first-time pair guessing: the land's costs were the reason.
    def nothing_to_work(session: Session) -> bool:
        state = session.engine.state
        ready = [c for c in state.zones["field:0"].cards if state.data["status"].get(str(c)) == "ready"]
        works = [a for a in session.engine.legal_actions(0) if a.kind in ("commerce", "hunt")]
        return state.phase == "domestic" and not state.data.get("task") and bool(ready) and not works

    table = _table(app, _person_then_bot_until(nothing_to_work))
    view = table.view()
    person = next(c for c in view.zones["field:0"].cards if view.data["status"][str(c)] == "ready")
    start, end = table.board.sprites[person].card_rect().center, table.land_rect(0).center
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    )
    assert table.toast is not None and "the land asks" in table.toast[0], table.toast
    assert "R6" not in table.toast[0]

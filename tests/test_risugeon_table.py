"""The Risugeon table driven by real pygame events: an action dragged into the play area is used, a
supply card dragged onto the discard pile is trained, and a card's full text shows on hover."""

from __future__ import annotations

import pygame
import pytest
from playthrough import session_at
from table_helpers import drag

from cardtable.ui.app import App
from cardtable.ui.fonts import get_font
from cardtable.ui.scenes.risugeon_table import RisugeonTable


def _table_at(app: App, kind: str) -> RisugeonTable:
    """A 2-seat table (a person and a bot) advanced until the person may make a move of `kind`."""
    table = RisugeonTable(app, session_at("risugeon", kind))
    app.replace(table)
    app.frame([])
    return table


def test_dragging_an_action_into_the_play_area_uses_it(app: App) -> None:
    table = _table_at(app, "play")
    action = next(a for a in table.engine.legal_actions(0) if a.kind == "play")
    sprite = table.board.sprites[action.cards[0]]
    before = len(table.engine.state.history)
    drag(app, sprite.card_rect().center, table.slots()["play"].center)
    assert table.engine.state.history[before] == action


def test_dragging_a_supply_card_onto_the_discard_pile_trains_it(app: App) -> None:
    table = _table_at(app, "train")
    action = next(a for a in table.engine.legal_actions(0) if a.kind == "train")
    sprite = table.board.sprites[action.cards[0]]
    before = len(table.engine.state.history)
    drag(app, sprite.card_rect().center, table.slots()["discard"].center)
    assert table.engine.state.history[before] == action


def test_hovering_a_card_shows_its_full_text(app: App) -> None:
    table = _table_at(app, "play")
    card = next(a for a in table.engine.legal_actions(0) if a.kind == "play").cards[0]
    rect = table.board.sprites[card].card_rect()
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    assert table.hovered == card
    lines = table.tooltip(card)
    spec = table.engine.state.cardset.physical()[card]  # type: ignore[union-attr]
    assert spec.name.en in lines[0] and spec.code not in lines[0], "named, never by its code"
    assert any(spec.get("text", {}).get("en", "") in line for line in lines)


def _key(app: App, key: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    app.frame([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])


def test_ending_a_turn_with_an_affordable_training_asks_once(app: App) -> None:
    table = _table_at(app, "train")
    assert any(a.kind == "end" for a in table.engine.legal_actions(0))
    before = len(table.engine.state.history)
    _key(app, pygame.K_e)
    assert table.menu is not None and "afford a training" in table.menu.title
    assert len(table.engine.state.history) == before, "nothing ends until the person says so"
    _key(app, pygame.K_ESCAPE)
    assert table.menu is None
    _key(app, pygame.K_e)  # asked once this turn: the second E ends it
    assert table.engine.state.history[before].kind == "end"


def test_dont_ask_again_ends_the_turn_and_stops_asking(app: App) -> None:
    table = _table_at(app, "train")
    before = len(table.engine.state.history)
    _key(app, pygame.K_e)
    _key(app, pygame.K_2)  # End the turn, and don't ask again this game
    assert table.engine.state.history[before].kind == "end"
    assert table.engine.state.history[before].target == ""  # the rules see a plain end
    assert 0 in table.not_asking


def test_undo_of_a_card_spent_for_skill_says_why_it_cannot(app: App) -> None:
    table = _table_at(app, "discard")
    spend = next(a for a in table.engine.legal_actions(0) if a.kind == "discard")
    table.perform(spend)
    if table.engine.can_undo(0):
        pytest.skip("this spend revealed nothing")
    table.undo()
    assert table.toast is not None and "can't be taken back: it showed a card to everyone" in table.toast[0]


def test_the_status_says_what_to_do_in_each_phase(app: App) -> None:
    """A first-time player read only "training phase (your turn)": now a line says what to click."""
    table = _table_at(app, "train")
    assert "train it" in table.hint_text(table.view())
    app.t.language = "ja"
    assert "訓練" in table.hint_text(table.view())
    assert app.t("rg.label.well") in table.hint_text(table.view()), (
        "the hint names the well as it is labelled"
    )
    app.t.language = "en"
    table = _table_at(app, "play")
    if table.view().phase == "action":
        assert "play area" in table.hint_text(table.view())


def test_with_nothing_left_the_hint_says_only_end_turn(app: App) -> None:
    table = _table_at(app, "end")
    legal = table.my_legal()
    while {a.kind for a in legal} - {"end"}:  # spend and train whatever is left, the end excepted
        table.perform(next(a for a in legal if a.kind != "end"))
        table.animator.finish_all()
        legal = table.my_legal()
        if not legal:
            raise AssertionError("the turn moved on before only End was left")
    assert table.hint_text(table.view()) == "Nothing left to spend or train: End turn (E)"


def test_a_game_ended_by_the_round_limit_and_a_tie_says_why() -> None:
    """Two players level on points and "Winner: Player 2" with no word of why: the results and the log
    say the round limit was reached and the tie went to the later player."""
    from cardtable.games.risugeon.narration import ending
    from cardtable.session import SeatConfig, Session
    from cardtable.ui.scenes.results import ResultsScene

    app = App(fast=True, size=(1280, 720))
    try:
        for seed in range(40):
            seats = [SeatConfig(f"P{i}", human=False) for i in range(3)]
            session = Session.new("risugeon", seats, seed, {"max_rounds": 2}, autosave=False)
            while not session.engine.is_over():
                session.apply(session.bot_action(session.engine.deciding_seats()[0]))
            view = session.engine.view(None)
            scores = list(view.scores)
            if scores.count(max(scores)) < 2:
                continue
            keys = [p.key for p in ending(view)]
            assert keys == ["rg.ending.rounds", "rg.ending.tie"]
            why = ResultsScene(app, session).why()
            assert why[0].startswith("The limit of 2 rounds is reached"), why
            assert "later in turn order" in why[1], why
            log = [p.key for _, p in session.chronicle.lines(None)]
            assert "rg.ending.tie" in log
            return
        raise AssertionError("no seed ended in a tie")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_pile_label_shows_whole_with_its_count(size: tuple[int, int], language: str) -> None:
    """The labels over the piles keep their counts: the Japanese "アクション（N）" and "在庫置き場（N）"
    were cut to "アクション…" at 1280x720 (seen under X), hiding how many actions are left."""
    app = App(fast=True, size=size)
    app.settings.language = language
    app.t.language = language
    table = _table_at(app, "play")
    labels = table.pile_labels(table.view())
    assert len(labels) == 7, "four supply piles, the gems, the action deck and the stock area"
    for text, px, rect in labels:
        assert not text.endswith("…"), f"cut: {text!r}"
        assert text.rstrip(")）").rstrip("0123456789")[-1] in "(（", f"no count: {text!r}"
        assert get_font(px).size(text)[0] <= rect.width + 8
    pygame.display.quit()


def test_undo_keeps_its_place_dimmed_and_a_click_on_it_says_why(app: App) -> None:
    """A button that came and went moved every button above it (a second click on 'Go to buying' ended
    the turn): Undo stays at the bottom, dimmed while nothing can be taken back, and says why if clicked."""
    table = _table_at(app, "discard")
    spend = next(a for a in table.engine.legal_actions(0) if a.kind == "discard")
    table.perform(spend)
    table.animator.finish_all()
    app.frame([])
    if table.engine.can_undo(0):
        pytest.skip("this spend revealed nothing")
    undo = next(b for b in table.buttons if "Ctrl+Z" in b.label)
    assert not undo.enabled
    before = len(table.engine.state.history)
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1),
        ]
    )
    assert table.toast is not None and "can't be taken back" in table.toast[0]
    assert len(table.engine.state.history) == before
    legal = table.my_legal()
    table.perform(next(a for a in legal if a.kind != "end"))
    table.animator.finish_all()
    app.frame([])
    if table.viewer == 0:
        again = next(b for b in table.buttons if "Ctrl+Z" in b.label)
        assert again.rect == undo.rect, "Undo at the same place, whether it can act or not"


def test_the_turn_counters_name_whose_turn_they_count(app: App, drawn_texts: list[str]) -> None:
    """Actions, Trainings, Skill and PS are the turn's, shown beside the person's own deck: during the
    bot's turn "Skill 6 PS 1" read as the person's (playtest 2026-11-28); a line above names the seat."""
    table = _table_at(app, "play")
    said = drawn_texts
    said.clear()
    table.paint_background()
    name = table.session.name(table.view().active)  # type: ignore[arg-type]
    at = said.index(f"{name}'s turn")
    assert said[at + 1].startswith("Actions ") and said[at + 3].startswith("Skill ")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_four_seats_panels_end_above_the_buttons(language: str) -> None:
    """At four seats the last panel ran under End turn (E), its scores half hidden (1280x720)."""
    from cardtable.persistence.settings import Settings
    from cardtable.session import SeatConfig, Session

    app = App(Settings(language=language), size=(1280, 720), fast=True)
    try:
        seats = [SeatConfig("Ann")] + [SeatConfig(f"Bot {n}", False, "random") for n in (2, 3, 4)]
        table = RisugeonTable(app, Session.new("risugeon", seats, 5, {}, autosave=False))
        app.replace(table)
        app.frame([])
        px = max(13, app.size[1] // 48)
        panels = [table.panel_box(seat, px) for seat in range(4)]
        assert table.buttons and all(not p.colliderect(b.rect) for p in panels for b in table.buttons)
    finally:
        pygame.display.quit()

"""What a second play-through of the data games under X (two people, English and Japanese, 1280x720)
found at the shared table, each driven by real pygame events where a person met it: a click just after
the hand let go of the pointer did nothing, clicking copies one after another took the neighbour of
the card clicked, the summary after a hand-off covered the log's first letters, a meld's number lay
under its cards, the status line named the turn's step over a hidden choice of the whole table, and
a pile bought with cards (Lyabi as data) took no cards dropped on it."""

from __future__ import annotations

import pygame
import pytest
from playthrough import session_at
from stacked import stacked_session

from cardtable.rules.actions import Action
from cardtable.session import SeatConfig
from cardtable.ui.app import App
from cardtable.ui.fonts import get_font
from cardtable.ui.scenes.datagame_table import DataGameTable

HAND = ["COPPER", "COPPER", "COPPER", "ESTATE", "ESTATE"]


def _event(kind: int, pos: tuple[int, int], **more: object) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, **more)


def _click(app: App, pos: tuple[int, int]) -> None:
    app.frame([_event(pygame.MOUSEBUTTONDOWN, pos, button=1)])
    app.frame([_event(pygame.MOUSEBUTTONUP, pos, button=1)])


def _come_and_click(app: App, at: tuple[int, int]) -> None:
    """The pointer arrives at `at` and presses in the same frame, then lets go in the next: a person's
    quick click just after leaving the hand."""
    app.frame(
        [
            _event(pygame.MOUSEMOTION, at, rel=(1, 1), buttons=(0, 0, 0)),
            _event(pygame.MOUSEBUTTONDOWN, at, button=1),
        ]
    )
    app.frame([_event(pygame.MOUSEBUTTONUP, at, button=1)])


def _settle(app: App, table: DataGameTable) -> None:
    table.animator.finish_all()
    app.frame([])


def _open(app: App, table: DataGameTable) -> DataGameTable:
    app.replace(table)
    app.frame([])
    _settle(app, table)
    return table


def _buying(app: App) -> DataGameTable:
    """Little Kingdom's buying step, three Coppers and two Estates in the hand of the person."""
    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
    table = _open(app, DataGameTable(app, stacked_session("littlekingdom", seats, {"hand:0": HAND})))
    assert table.perform(next(a for a in table.my_legal() if a.kind == "to_buy"))
    _settle(app, table)
    return table


def _hand(table: DataGameTable) -> list[int]:
    return list(table.view().zones["hand:0"].cards)


def _coppers(table: DataGameTable) -> list[int]:
    """The hand's Coppers, left to right on the screen."""
    physical = table.board.physical
    cards = [c for c in _hand(table) if physical[c].code == "COPPER"]
    return sorted(cards, key=lambda c: table.board.sprites[c].x)


def test_clicking_a_copy_opens_the_gap_where_the_click_was(app: App) -> None:
    """The rules name the lowest-numbered copy; the table swaps sprites so the clicked one leaves, but
    the hand kept in place under the pointer kept each card's x by its number: the neighbour's place
    emptied, the clicked card stayed, and the next click (on the neighbour) fell into the gap."""
    table = _buying(app)
    coppers = _coppers(table)
    clicked = max(coppers)  # not the copy the rules name (the lowest-numbered)
    assert clicked != min(coppers)
    places = {c: table.board.sprites[c].x for c in _hand(table)}
    where = table.board.sprites[clicked].card_rect().center
    before = len(table.session.engine.state.history)
    _click(app, where)
    assert len(table.session.engine.state.history) == before + 1, table.toast
    _settle(app, table)
    assert table._held_fans, "the hand stays in place under the pointer"
    left = sorted(table.board.sprites[c].x for c in _hand(table))
    assert left == sorted(x for c, x in places.items() if c != clicked), "the gap is where the click was"


def test_a_click_on_a_pile_just_after_the_hand_lets_go_is_not_eaten(app: App) -> None:
    """Leaving a hand kept in place starts its cards sliding closed, and the table offers no move
    while cards move: a click on a supply pile right after playing Coppers did nothing at all."""
    table = _buying(app)
    table.animator.speed = 1.0  # the cards slide as they do for a person (the test app lands them)
    _click(app, table.board.sprites[_coppers(table)[0]].card_rect().center)
    _settle(app, table)
    assert table._held_fans
    curse = next(
        group for _, group, _ in table.group_cells(table.view()) if table.view().zones[group].count == 10
    )
    top = table.board.sprites[table.view().zones[curse].cards[-1]].card_rect().center
    before = len(table.session.engine.state.history)
    _come_and_click(app, top)
    history = table.session.engine.state.history
    assert len(history) == before + 1 and history[-1].kind == "buy", f"eaten ({table.toast})"


def test_a_button_just_after_the_hand_lets_go_is_not_eaten(app: App) -> None:
    """The same with a button: the buttons are taken away while cards move."""
    table = _buying(app)
    table.animator.speed = 1.0  # the cards slide as they do for a person (the test app lands them)
    _click(app, table.board.sprites[_coppers(table)[0]].card_rect().center)
    _settle(app, table)
    done = next(b for b in table.buttons if b.label == "End the turn")
    at = done.rect.center
    before = len(table.session.engine.state.history)
    _come_and_click(app, at)
    history = table.session.engine.state.history
    assert len(history) > before and history[before].kind == "done", "the click on the button was eaten"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_summary_after_a_hand_off_leaves_the_log_uncovered(app: App, language: str) -> None:
    app.t.language = language
    table = _open(app, DataGameTable(app, session_at("sevenbridge", "discard")))
    table.summary = ["Ann: Draw from the stock", "Ann: Discard 7♠"]
    box = table.draw_summary(app.screen)
    log = table.log_rect()
    assert box is not None and log is not None
    assert not box.colliderect(log), f"the summary {box} covers the log {log}"
    assert box.left >= 0 and box.width >= 400


def test_a_melds_number_is_not_under_its_cards(app: App) -> None:
    """A lay-off's words name the meld by its number ("on melds 1"), drawn at the cell's top right:
    the meld's cards lay over it."""
    table = _open(app, DataGameTable(app, session_at("sevenbridge", "lay_off")))
    view = table.view()
    cells = [(group, cell) for zone, group, cell in table.group_cells(view) if not table.stacked(zone)]
    assert cells, "a meld on the table"
    px = table.px()
    for group, cell in cells:
        tag = group.rpartition(".")[2]
        size = get_font(max(10, px - 4)).size(tag)
        text = pygame.Rect(0, 0, *size)
        text.topright = (cell.right - 4, cell.y + 2)
        for card in view.zones[group].cards:
            rect = table.board.sprites[card].card_rect()
            assert not rect.colliderect(text), f"{group}'s card {rect} covers its number {text}"


def test_a_hidden_choice_of_the_table_is_what_the_status_line_says(app: App) -> None:
    """Lyabi as data's battle: every seat chooses at once, face down. The status said "Player 1's
    turn: main phase" over Player 2's choice."""
    table = _open(app, DataGameTable(app, session_at("lyabi_data", "dummy")))
    view = table.view()
    assert view.pending is not None and table.viewer in view.deciding
    said = table.status_text(view)
    assert said.startswith(table.pending_title(view.pending.kind, view.pending.prompt))
    step = table.game.steps[int(view.data.get("step", 0))].get("name", {})
    assert not step or step["en"] not in said


def test_the_setups_blind_pick_is_not_called_a_step_of_the_turn(app: App) -> None:
    """Lyabi as data's first decision is the setup's blind pick of a circle: the status said "Player
    1's turn: main phase" over it."""
    table = _open(app, DataGameTable(app, session_at("lyabi_data", "pick")))
    view = table.view()
    assert view.phase == "pick"
    said = table.status_text(view)
    assert said.startswith("Ann's turn: setup"), said
    app.t.language = "ja"
    assert table.status_text(view).startswith("Annの番：ゲームの準備")


def test_cards_paid_for_a_pile_are_dropped_on_that_pile(app: App) -> None:
    """Lyabi as data buys a lyabi with cards of the hand: the cards dropped on the pile they buy make
    that buy (they were refused there: only the discard pile took them, and then a list asked which
    pile); a click on the pile says how, not "that card is not in your hand"."""
    table = _open(app, DataGameTable(app, session_at("lyabi_data", "buy")))
    buy = next(a for a in table.my_legal() if a.kind == "buy" and len(a.cards) == 1)
    cells = {group: cell for _, group, cell in table.group_cells(table.view())}
    held = table.board.sprites[buy.cards[0]].card_rect().center
    before = len(table.session.engine.state.history)
    app.frame([_event(pygame.MOUSEBUTTONDOWN, held, button=1)])
    app.frame([_event(pygame.MOUSEMOTION, cells[buy.target].center, rel=(1, 1), buttons=(1, 0, 0))])
    app.frame([_event(pygame.MOUSEBUTTONUP, cells[buy.target].center, button=1)])
    made = table.session.engine.state.history[before:]
    assert made and (made[0].kind, made[0].target) == ("buy", buy.target), table.toast


def test_a_click_on_a_pile_bought_with_cards_says_how(app: App) -> None:
    table = _open(app, DataGameTable(app, session_at("lyabi_data", "buy")))
    view = table.view()
    group = next(
        g for _, g, _ in table.group_cells(view) if view.zones[g].cards and view.zones[g].cards[-1] >= 0
    )
    _click(app, table.board.sprites[view.zones[group].cards[-1]].card_rect().center)
    assert table.toast is not None and table.toast[0] == app.t("table.dg_pay_by_drag")


def test_a_click_on_a_pile_bought_with_cards_outside_its_step_says_why(app: App) -> None:
    table = _open(app, DataGameTable(app, session_at("lyabi_data", "item")))
    view = table.view()
    assert not any(a.kind == "buy" for a in table.my_legal())
    group = next(
        g for _, g, _ in table.group_cells(view) if view.zones[g].cards and view.zones[g].cards[-1] >= 0
    )
    _click(app, table.board.sprites[view.zones[group].cards[-1]].card_rect().center)
    expected = table.refusal_text(table.engine.explain(table.paid_pile(view.zones[group].cards[-1])))
    assert table.toast is not None and table.toast[0] == expected
    assert "hand" not in expected


def test_a_click_on_the_discard_pile_with_no_claim_to_make_says_why(app: App) -> None:
    """Seven Bridge's draw step: cards selected that make no meld with the discard's top card, and a
    click on the discard pile did nothing at all."""
    table = _open(app, DataGameTable(app, session_at("sevenbridge", "draw")))
    legal = table.my_legal()
    hand = _hand(table)
    card = next((c for c in hand if not any(a.kind == "claim" and c in a.cards for a in legal)), None)
    if card is None:
        pytest.skip("every hand card makes a claim in this deal")
    _click(app, table.board.sprites[card].card_rect().center)
    assert table.selected_cards() == [card]
    pile = table.slots(table.view())["discard"]
    before = len(table.session.engine.state.history)
    _click(app, pile.center)
    assert len(table.session.engine.state.history) == before, "no move was made"
    top = table.view().zones["discard"].cards[-1]
    expected = table.refusal_text(table.engine.explain(Action(0, "claim", tuple(sorted((card, top))))))
    assert table.toast is not None and table.toast[0] == expected


def test_a_click_on_the_discard_pile_makes_no_claim_without_the_selected_cards(app: App) -> None:
    """A claim was there to make (three Kings with the discard's King) and 2♥ was selected: the click
    on the discard pile made the claim with the Kings, which the person had not selected."""
    table = _open(app, DataGameTable(app, session_at("sevenbridge", "claim")))
    legal = [a for a in table.my_legal() if a.kind == "claim"]
    assert legal
    card = next((c for c in _hand(table) if not any(c in a.cards for a in legal)), None)
    if card is None:
        pytest.skip("every hand card is in a claim in this deal")
    _click(app, table.board.sprites[card].card_rect().center)
    before = len(table.session.engine.state.history)
    _click(app, table.slots(table.view())["discard"].center)
    assert len(table.session.engine.state.history) == before, "a claim without the selected card"
    assert table.menu is None, "no claim is offered without the selected card"
    assert table.toast is not None

"""The one table of every game written in data (cardtable/ui/scenes/datagame_table.py), driven by real
pygame events on Seven Bridge (cards/games/sevenbridge.yaml): a click on the stock draws, a hand card
dragged onto the discard pile is discarded, selected cards dragged onto the melds are melded, a card
dropped on a meld is laid off on it, and a claim takes the discard's top card with the selected ones
(dragged either way). Another seat's hand is never drawn, and every data game has its table."""

from __future__ import annotations

import pygame
import pytest
from playthrough import session_at
from table_helpers import click, drag

from cardtable.games import all_entries
from cardtable.games.datagame.rules import DataGame
from cardtable.rules.actions import Action
from cardtable.ui.app import App
from cardtable.ui.scenes.datagame_table import DataGameTable
from cardtable.ui.scenes.registry import has_table


def _table_at(app: App, kind: str) -> DataGameTable:
    table = DataGameTable(app, session_at("sevenbridge", kind))
    app.replace(table)
    app.frame([])
    table.animator.finish_all()
    app.frame([])
    return table


def _made(table: DataGameTable, before: int) -> Action:
    history = table.session.engine.state.history
    assert len(history) > before, f"no move was made ({table.toast})"
    return history[before]


def _select(app: App, table: DataGameTable, cards: tuple[int, ...]) -> None:
    for card in cards:
        click(app, table.board.sprites[card].card_rect().center)
    assert sorted(table.selected_cards()) == sorted(cards)


def test_every_data_game_has_the_shared_table() -> None:
    data = [gid for gid, e in all_entries().items() if isinstance(e.rules, DataGame)]
    assert data and all(has_table(gid) for gid in data), "the menu offers no game without a table"


def test_every_data_games_zones_have_places_of_their_own_at_1280x720(app: App) -> None:
    """Lyabi-as-data's eleven zones drew its rows over one another and its supply over the hand: the
    rows now go side by side and lower when they must. No two zones' places overlap, and every pile of
    a zone of groups lies inside the groups' area, above its title."""
    from cardtable.session import SeatConfig, Session

    data = [gid for gid, e in all_entries().items() if isinstance(e.rules, DataGame)]
    for gid in data:
        seats = [SeatConfig("Ann"), SeatConfig("Ben")]
        table = DataGameTable(app, Session.new(gid, seats, 1, {}, autosave=False))
        view = table.view()
        slots = table.slots(view)
        places = {r.topleft + r.size: name for name, r in slots.items() if not name.startswith("@")}
        rects = [(name, pygame.Rect(*key)) for key, name in places.items()]
        for i, (name, rect) in enumerate(rects):
            assert rect.bottom <= app.size[1] and rect.height > 0, (gid, name, rect)
            for other, second in rects[i + 1 :]:
                assert not rect.colliderect(second), f"{gid}: {name} {rect} overlaps {other} {second}"
        area = slots["@groups"]
        cells = table.group_cells(view)
        assert all(area.contains(cell) for _, _, cell in cells), (gid, area)
        assert all(cell.bottom <= area.bottom - table.px() for _, _, cell in cells), f"{gid}: title hidden"


def test_a_click_on_the_stock_draws_and_the_other_hand_is_never_drawn(app: App) -> None:
    table = _table_at(app, "draw")
    assert not any(p.zone == "hand:1" for p in table.piles(table.view())), "counts only"
    assert all(s.card < 0 or not s.face_up or table.may_show(s.card) for s in table.board.sprites.values())
    before = len(table.session.engine.state.history)
    click(app, table.slots(table.view())["stock"].center)
    assert _made(table, before).kind == "draw"


def test_a_hand_card_dragged_onto_the_discard_pile_is_discarded(app: App) -> None:
    table = _table_at(app, "discard")
    action = next(a for a in table.my_legal() if a.kind == "discard")
    before = len(table.session.engine.state.history)
    drag(
        app,
        table.board.sprites[action.cards[0]].card_rect().center,
        table.slots(table.view())["discard"].center,
    )
    assert _made(table, before) == action


def test_selected_cards_dragged_onto_the_melds_are_melded(app: App) -> None:
    table = _table_at(app, "meld")
    action = max((a for a in table.my_legal() if a.kind == "meld"), key=lambda a: len(a.cards))
    _select(app, table, action.cards)
    area = table.slots(table.view())["@groups"]
    before = len(table.session.engine.state.history)
    drag(app, table.board.sprites[action.cards[0]].card_rect().center, (area.right - 20, area.bottom - 20))
    assert _made(table, before) == action


def test_a_card_dropped_on_a_meld_is_laid_off_there(app: App) -> None:
    table = _table_at(app, "lay_off")
    action = next(a for a in table.my_legal() if a.kind == "lay_off")
    cell = next(c for _, g, c in table.group_cells(table.view()) if g == action.target)
    before = len(table.session.engine.state.history)
    drag(app, table.board.sprites[action.cards[0]].card_rect().center, cell.center)
    made = _made(table, before)
    assert (made.kind, made.target, made.cards) == ("lay_off", action.target, action.cards)


@pytest.mark.parametrize("dragged", ["hand", "top"])
def test_a_claim_takes_the_discards_top_card_with_the_selected_ones(app: App, dragged: str) -> None:
    table = _table_at(app, "claim")
    action = next(a for a in table.my_legal() if a.kind == "claim")
    top = table.view().zones["discard"].cards[-1]
    own = tuple(c for c in action.cards if c != top)
    _select(app, table, own)
    area = table.slots(table.view())["@groups"]
    start = table.board.sprites[own[0] if dragged == "hand" else top].card_rect().center
    before = len(table.session.engine.state.history)
    drag(app, start, (area.right - 20, area.bottom - 20))
    made = _made(table, before)
    assert made.kind == "claim" and sorted(made.cards) == sorted(action.cards)


def test_a_refusal_in_japanese_names_the_files_patterns_and_zones_in_japanese() -> None:
    from cardtable.persistence.settings import Settings

    app = App(Settings(language="ja"), fast=True, size=(1280, 720))
    try:
        table = DataGameTable(app, session_at("sevenbridge", "draw"))
        said = table.refusal_text("those cards make no set of a rank or run of a suit")
        assert said == "そのカードは役（同じ数の組・同じマークの連番）になりません"
        assert table.refusal_text("the discard pile is empty") == "捨て札が空です"
    finally:
        pygame.display.quit()


def test_a_supply_card_dragged_onto_the_own_discard_pile_is_bought(app: App) -> None:
    table = DataGameTable(app, session_at("littlekingdom", "buy"))
    app.replace(table)
    app.frame([])
    table.animator.finish_all()
    app.frame([])
    action = next(a for a in table.my_legal() if a.kind == "buy")
    top = table.view().zones[action.target].cards[-1]
    before = len(table.session.engine.state.history)
    discard = table.slots(table.view())["discard:0"]
    drag(app, table.board.sprites[top].card_rect().center, discard.center)
    made = _made(table, before)
    assert (made.kind, made.target) == ("buy", action.target)
    slots = table.slots(table.view())
    assert "trash" in slots and "bank" not in slots, "the bank only the setup deals from is not drawn"


def test_an_effects_choice_is_picked_by_a_click_and_ended_by_its_button(app: App) -> None:
    from stacked import stacked_session

    from cardtable.session import SeatConfig

    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
    deal = {"hand:0": ["CHAPEL", "ESTATE", "ESTATE", "COPPER", "CURSE"]}
    table = DataGameTable(app, stacked_session("littlekingdom", seats, deal))
    app.replace(table)
    app.frame([])
    engine = table.session.engine
    chapel = next(a for a in table.my_legal() if a.kind == "act")
    click(app, table.board.sprites[chapel.cards[0]].card_rect().center)  # a click plays an action
    assert engine.state.history[-1] == chapel
    table.animator.finish_all()
    app.frame([])
    pick = next(a for a in table.my_legal() if a.kind == "pick" and "CURSE" in engine.describe(a))
    click(app, table.board.sprites[pick.cards[0]].card_rect().center)
    assert engine.state.history[-1] == pick
    table.animator.finish_all()
    app.frame([])
    stop = next(b for b in table.buttons if b.label == "Trash no more")
    click(app, stop.rect.center)
    assert engine.state.history[-1].kind == "stop"
    assert table.view().zones["trash"].count == 1


def _stacked_table(app: App, game: str, deal: dict[str, list[str]]) -> DataGameTable:
    from stacked import stacked_session

    from cardtable.session import SeatConfig

    seats = [SeatConfig("Ann"), SeatConfig("Bot", False, "random")]
    table = DataGameTable(app, stacked_session(game, seats, deal))
    app.replace(table)
    app.frame([])
    table.animator.finish_all()
    app.frame([])
    return table


def test_an_emptied_supply_pile_keeps_its_place_and_its_count(app: App) -> None:
    full = _stacked_table(app, "littlekingdom", {})
    where = {group: cell for _, group, cell in full.group_cells(full.view())}
    table = _stacked_table(app, "littlekingdom", {"supply.7": []})
    cells = {group: cell for _, group, cell in table.group_cells(table.view())}
    assert table.view().zones["supply.7"].count == 0
    assert cells == where, "the piles after an empty one shifted left under the pointer"


def test_a_click_on_a_pile_one_cannot_buy_says_why(app: App) -> None:
    table = _stacked_table(app, "littlekingdom", {})  # the first step: actions, no buying yet
    province = table.view().zones["supply.5"].cards[-1]
    click(app, table.board.sprites[province].card_rect().center)
    assert table.toast is not None and table.toast[0] == "that move is not a move of this step"
    table = DataGameTable(app, session_at("littlekingdom", "buy"))
    app.replace(table)
    app.frame([])
    table.animator.finish_all()
    app.frame([])
    coins = table.view().data["counters"]["coins"][0]
    province = table.view().zones["supply.5"].cards[-1]
    click(app, table.board.sprites[province].card_rect().center)
    assert table.toast is not None and table.toast[0] == f"that costs 8 and you have {coins}"


def test_a_click_on_a_hand_card_no_move_plays_says_why_where_a_click_does_not_select(app: App) -> None:
    table = _stacked_table(
        app, "littlekingdom", {"hand:0": ["CURSE", "COPPER", "COPPER", "ESTATE", "ESTATE"]}
    )
    curse = table.view().zones["hand:0"].cards[0]
    click(app, table.board.sprites[curse].card_rect().center)
    assert not table.selected_cards(), "a selection no move uses"
    assert table.toast is not None and "action card" in table.toast[0]


def test_a_refused_drop_on_the_melds_explains_the_move_of_this_step(app: App) -> None:
    table = _table_at(app, "discard")  # the play step: a meld, never a claim
    hand = table.view().zones["hand:0"].cards
    card = next(c for c in hand if not any(a.kind == "meld" and a.cards == (c,) for a in table.my_legal()))
    area = table.slots(table.view())["@groups"]
    drag(app, table.board.sprites[card].card_rect().center, (area.right - 20, area.bottom - 20))
    expected = table.refusal_text(table.engine.explain(Action(0, "meld", (card,))))
    assert table.toast is not None and table.toast[0] == expected
    assert "claim" not in expected


def test_a_melds_cards_are_shown_in_the_hands_order(app: App) -> None:
    table = _stacked_table(app, "sevenbridge", {"melds.1": ["H2", "HA", "H3"]})
    pile = next(p for p in table.piles(table.view()) if p.zone == "melds.1")
    cards = table.view().zones["melds.1"].cards
    shown = [p.card for p in sorted(pile.place(cards), key=lambda p: p.x)]
    ranks = [table.cardset.physical()[c].get("rank") for c in shown]
    assert ranks == sorted(ranks), "a run of A 2 3 was drawn 2 A 3"


def test_an_open_choice_says_what_it_asks_and_a_tooltip_names_a_card_once(app: App) -> None:
    table = _stacked_table(
        app, "littlekingdom", {"hand:0": ["CHAPEL", "ESTATE", "ESTATE", "COPPER", "CURSE"]}
    )
    assert table.choosing_text(table.view()) == ""
    chapel = next(a for a in table.my_legal() if a.kind == "act")
    click(app, table.board.sprites[chapel.cards[0]].card_rect().center)
    assert table.engine.state.history[-1] == chapel
    said = table.choosing_text(table.view())
    assert said == "Chapel: pick up to 4 more cards of your hand (click or drag each), or press Trash no more"
    lines = table.tooltip(chapel.cards[0])
    assert len(lines) == len(set(lines))

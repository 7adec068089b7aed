"""The Land & Person table and deck-building screen driven by real pygame events: an attack declared by
dragging a ready person onto the opponent's side, turned persons on the table, and decks built, filled,
saved and handed to the game as parameters."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from clock import SteppedClock
from playthrough import session_at
from table_helpers import click, drag

from cardtable.games import get_game
from cardtable.games.landperson.cards import deck_problem, half, parse_deck
from cardtable.persistence.settings import Settings
from cardtable.rules.actions import Action
from cardtable.session import SeatConfig
from cardtable.ui.app import App
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.landperson_decks import DeckBuildScene, load_saved
from cardtable.ui.scenes.landperson_table import LandPersonTable

GAME = get_game("landperson")


# the table as a window plays it (a frame of 1/120 s at least), its animations at once
pytestmark = pytest.mark.app(Settings(animation_speed=0.0, bot_delay_s=0.0), fast=False)


def test_dragging_a_ready_person_onto_the_opponents_land_declares_the_attack_with_it(app: App) -> None:
    table = LandPersonTable(app, session_at("landperson", "attack"))
    app.replace(table)
    app.frame([])
    view = table.view()
    status = view.data["status"]
    person = next(c for c in view.zones["field:0"].cards if status[str(c)] == "ready")
    sprite = table.board.sprites[person]
    start = sprite.card_rect().center
    drag(app, start, table.land_rect(1).center)
    history = table.engine.state.history
    assert history[-2] == Action(0, "attack")
    assert history[-1].kind == "add"
    assert table.engine.state.data["task"]["persons"] == [history[-1].cards[0]]


def test_acted_persons_lie_turned_and_preparing_ones_tilted(app: App) -> None:
    table = LandPersonTable(app, session_at("landperson", "attack"))
    app.replace(table)
    app.frame([])
    status = table.view().data["status"]
    for card, state in status.items():
        sprite = table.board.sprites[int(card)]
        assert sprite.angle == {"ready": 0, "preparing": 35, "acted": 90}[state]
        if state == "acted":
            assert sprite.drawn_width > sprite.width  # lying sideways


def _seats(*humans: bool) -> list[SeatConfig]:
    return [SeatConfig(f"P{i + 1}", human=h, bot="heuristic") for i, h in enumerate(humans)]


def test_deck_building_is_asked_for_only_in_deck_construction_with_a_person_without_a_deck() -> None:
    assert DeckBuildScene.needed(GAME, {"mode": "deck"}, _seats(True, False))
    assert not DeckBuildScene.needed(GAME, {"mode": "shared"}, _seats(True, True))
    assert not DeckBuildScene.needed(GAME, {"mode": "deck"}, _seats(False, False))
    assert not DeckBuildScene.needed(GAME, {"mode": "deck", "deck_1": "L8 L6 L7"}, _seats(True, False))


def test_each_person_builds_a_deck_in_turn_and_the_game_gets_them_as_parameters(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    started: list[dict[str, object]] = []
    scene = DeckBuildScene(app, GAME, _seats(True, True), {"mode": "deck"}, started.append)
    app.push(scene)
    app.frame([])

    def key(k: int) -> None:
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])

    # the first builder takes the screen behind a hand-off too, as the second does
    assert app.scenes[-1] is not scene and isinstance(app.scenes[-1], HandOffScene)
    assert app.scenes[-1].name == "P1"
    key(pygame.K_SPACE)
    assert app.scenes[-1] is scene

    key(pygame.K_x)  # clear
    assert scene.persons() == [] and not scene.lands
    key(pygame.K_4)  # cost 3-4 only
    assert {code for code, _y in scene.rows} == {"P12", "P13", "P14", "P15"}
    plus = next(c for c in scene.controls if c.tag == "+P12")
    for _ in range(5):  # more than the half holds: stops at what there is
        click(app, plus.rect.center)
        plus = next(c for c in scene.controls if c.tag == "+P12")
    assert scene.counts["P12"] == 3
    key(pygame.K_d)  # not a deck yet: Done does nothing
    assert scene.seat == 0 and not started
    key(pygame.K_f)  # fill the rest as recommended, keeping the three Generals
    assert scene.counts["P12"] == 3 and scene.problem() == ""
    key(pygame.K_s)
    assert load_saved()[0]["1"], "the deck is saved"
    key(pygame.K_d)
    assert scene.seat == 1, "the second person builds next"
    assert app.scenes[-1] is not scene, "behind a hand-off: a deck is hidden from the opponent"
    key(pygame.K_SPACE)
    assert app.scenes[-1] is scene
    key(pygame.K_l)  # nothing saved for the second half
    key(pygame.K_d)
    assert started, "both decks built: the game starts"
    params = started[0]
    for seat in (0, 1):
        pool = sum(half(scene.cardset, seat), [])
        cards = parse_deck(scene.cardset, str(params[f"deck_{seat + 1}"]), pool)
        assert deck_problem(scene.cardset, cards, 40, 10) == ""
    assert str(params["deck_1"]).count("P12x3") == 1


def test_hovering_a_person_row_or_a_land_on_the_deck_screen_shows_what_it_does(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # First-time players saw only "★" or "◆" beside a name and a land's stars, not what they mean.
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    scene = DeckBuildScene(app, GAME, _seats(True, True), {"mode": "deck"}, lambda _p: None)
    app.push(scene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])  # hand-off
    code, y = next((c, y) for c, y in scene.rows if c == "P03")  # the Merchant: a specialty
    app.frame(
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(scene.left_panel.left + 20, y + 5), rel=(1, 1), buttons=(0, 0, 0)
            )
        ]
    )
    assert scene.hover is not None and scene.physical[scene.hover].code == code
    assert any("Commerce" in line for line in scene.details(scene.hover)[2:])
    land = next(c for c in scene.controls if c.tag.startswith("land"))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=land.rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    assert scene.hover == int(land.tag[4:])
    assert [line.split()[0] for line in scene.details(scene.hover)[2:]] == [
        "Commerce",
        "Hunting",
        "Repair",
        "Siege",
    ]


def test_a_task_under_way_tells_its_player_how_to_go_on(app: App) -> None:
    # "Attack: 2 so far" or "Recruiting: 2 still to pay" alone left a first-time player guessing.
    table = LandPersonTable(app, session_at("landperson", "attack"))
    app.replace(table)
    app.frame([])
    view = table.view()
    status = view.data["status"]
    person = next(c for c in view.zones["field:0"].cards if status[str(c)] == "ready")
    drag(app, table.board.sprites[person].card_rect().center, table.land_rect(1).center)
    assert table.engine.state.data["task"]["kind"] == "attack"
    assert app.t("lp.hint.task.attack") in table.status_lines(table.view())


def test_a_ready_person_dragged_onto_the_opponents_land_in_the_domestic_phase_goes_to_battle_and_attacks(
    app: App,
) -> None:
    # A first-time player drags a person onto the enemy's land before pressing "To battle": that was
    # ignored in silence.
    from cardtable.bots import RandomBot
    from cardtable.rules.rng import Rng
    from cardtable.session import Session

    session = None
    for seed in range(40):
        candidate = Session.new(
            "landperson", [SeatConfig("Ann"), SeatConfig("Bot", False, "random")], seed, {}, autosave=False
        )
        engine, chooser = candidate.engine, RandomBot(Rng(seed))
        for _ in range(400):
            if engine.is_over():
                break
            seat = engine.deciding_seats()[0]
            view = engine.view(0)
            ready = [
                c
                for c, s in view.data["status"].items()
                if s == "ready" and int(c) in view.zones["field:0"].cards
            ]
            if (
                seat == 0
                and view.phase == "domestic"
                and ready
                and Action(0, "battle") in engine.legal_actions(0)
            ):
                session = candidate
                break
            candidate.apply(chooser.choose(engine.view(seat)))
        if session is not None:
            break
    assert session is not None
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    view = table.view()
    person = next(c for c in view.zones["field:0"].cards if view.data["status"][str(c)] == "ready")
    drag(app, table.board.sprites[person].card_rect().center, table.land_rect(1).center)
    kinds = [a.kind for a in table.engine.state.history[-3:]]
    assert kinds == ["battle", "attack", "add"]
    assert table.engine.state.data["task"]["persons"] == [person]


def test_a_siege_under_way_shows_the_lands_siege_value_and_how_to_go_on(app: App) -> None:
    # "Siege: persons 0 plus the land" did not say what the land adds, nor what to do next.
    session = session_at("landperson", "siege")
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    assert table.perform(Action(0, "siege"))
    view = table.view()
    land = view.zones["lands:0"].top
    siege = int(table.board.physical[land].get("siege"))
    lines = table.status_lines(view)
    assert app.t("lp.status.task.siege", n=0, need=siege) in lines
    assert app.t("lp.hint.task.siege") in lines


def test_a_person_sent_to_a_task_is_turned_at_once(app: App) -> None:
    # Sent persons stayed upright until Done: nobody could tell who was already in.
    table = LandPersonTable(app, session_at("landperson", "attack"))
    app.replace(table)
    app.frame([])
    view = table.view()
    person = next(c for c in view.zones["field:0"].cards if view.data["status"][str(c)] == "ready")
    drag(app, table.board.sprites[person].card_rect().center, table.land_rect(1).center)
    assert table.engine.state.data["task"]["persons"] == [person]
    app.frame([])
    assert table.board.sprites[person].angle == 90


def test_a_tasks_total_counts_the_abilities_bonuses_as_the_rules_do(app: App) -> None:
    # A Merchant sent to commerce showed "intelligence 1 of 1" while the rules counted 2.
    table = LandPersonTable(app, session_at("landperson", "commerce"))
    app.replace(table)
    app.frame([])
    merchant = next(i for i, spec in enumerate(table.board.physical) if spec.code == "P03")
    view = table.view()
    assert table._task_total(view, {"kind": "commerce", "persons": [merchant]}) == 2
    assert table._task_total(view, {"kind": "hunt", "persons": [merchant]}) == 0


def test_the_siege_choice_says_what_the_defenders_land_adds() -> None:
    # The defence question covers the land and its numbers on the table.
    from cardtable.games.landperson.narration import option

    session = session_at("landperson", "siege")
    view = session.engine.view(0)
    land = view.zones["lands:0"].top
    said = option(Action(0, "siege"), view)
    assert said.key == "lp.option.siege"
    assert said.values["n"] == int(view.cardset.physical()[land].get("siege"))


def test_the_status_panel_starts_below_the_menu_button(app: App) -> None:
    # The Menu button covered the end of the status panel's first line (the phase, the question).
    table = LandPersonTable(app, session_at("landperson", "attack"))
    app.replace(table)
    app.frame([])
    menu = next(b for b in table.buttons if b.label == app.t("table.menu"))
    assert table.status_rect().top >= menu.rect.bottom
    assert table.status_rect().top < table.log_rect().top


def test_the_results_say_how_the_game_was_won_or_lost() -> None:
    # "Player 2 wins!" alone: a first-time player lost to an empty deck without knowing why.
    from cardtable.games.landperson.narration import result_notes

    notes = result_notes("deck_out", (1,), shared=False)
    assert notes[1].key == "lp.result.deck_out" and notes[0].key == "lp.result.own_deck_out"
    assert result_notes("deck_out", (0,), shared=True)[0].key == "lp.result.count"
    assert set(result_notes("deck_out", (), shared=True)) == {0, 1}
    assert result_notes("spoils", (0,), shared=True)[0].key == "lp.result.spoils"
    assert result_notes("", (), shared=False) == {}
    # the loser reads how it was lost (a bare "—" beside "Won by discards")
    for ended, shared in [
        ("spoils", False),
        ("lands_destroyed", False),
        ("spoils", True),
        ("occupied", True),
        ("discards", True),
        ("deck_out", True),
        ("no_land", True),
    ]:
        notes = result_notes(ended, (0,), shared)
        assert set(notes) == {0, 1} and notes[1].key.startswith("lp.result.lost."), (ended, shared)


def test_the_results_screen_of_a_finished_game_shows_the_way_it_ended(app: App) -> None:
    from cardtable.bots import RandomBot
    from cardtable.rules.rng import Rng
    from cardtable.session import Session
    from cardtable.ui.scenes.results import ResultsScene

    session = Session.new(
        "landperson", [SeatConfig("Ann"), SeatConfig("Bob", False, "random")], 3, {}, autosave=False
    )
    chooser = RandomBot(Rng(3))
    while not session.engine.is_over():
        seat = session.engine.deciding_seats()[0]
        session.apply(chooser.choose(session.engine.view(seat)))
    table = LandPersonTable(app, session)
    app.replace(table)
    table.on_game_over()
    results = app.scenes[-1]
    assert isinstance(results, ResultsScene)
    winner = session.engine.state.winners[0]
    assert results.score_text(winner).startswith(("Won", "No card"))


def test_the_counts_that_win_show_how_far_they_have_to_go(app: App) -> None:
    # In the shared deck a player's pile holds the opponent's discards and wins at 20: nothing said so.
    from cardtable.session import Session

    session = Session.new(
        "landperson", [SeatConfig("Ann"), SeatConfig("Bob")], 5, {"mode": "shared"}, autosave=False
    )
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    labels = table.count_labels(table.view(), 0)
    assert labels["discard"] == app.t("lp.label.discard_of", n=0, of=20)
    assert labels["spoils"] == app.t("lp.label.spoils_of", n=0, of=10)
    assert labels["occupied"] == app.t("lp.label.occupied_of", n=0, of=10)


def test_no_empty_status_panel_while_there_is_nothing_to_say(app: App) -> None:
    # Both players laying their first person face down: an empty dark box sat under the Menu button.
    from cardtable.session import Session

    session = Session.new(
        "landperson", [SeatConfig("Ann"), SeatConfig("Bob")], 5, {"mode": "shared"}, autosave=False
    )
    table = LandPersonTable(app, session)
    view = table.view()
    assert table.status_lines(view) == []
    surface = pygame.Surface(app.size)
    surface.fill((1, 2, 3))
    table._status(surface, view, 14)
    box = table.status_rect()
    assert surface.get_at((box.x + 4, box.y + 4))[:3] == (1, 2, 3)


def test_every_refused_drop_gives_the_reason_of_the_rule_that_refuses_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A wanderer dropped on the discard pile in the return phase was refused as "nothing is being paid
    # with cards" (a payment's rule) instead of the wanderer's: discarded to draw in the income phase.
    # Every card a player can pick up is dropped on every place, in every phase a game reaches.
    # Nothing is painted: a drop's answer comes from the layout (updated every frame) and the rules, and
    # the walk tries the same drops with the same answers whether frames are painted or not (compared
    # case by case); painting was half of its 5 s of CPU. The other tests here paint this table.
    monkeypatch.setattr(app, "_draw", lambda: None)
    from cardtable.bots import RandomBot
    from cardtable.games.landperson.moves import kinds_now, source_zone
    from cardtable.rules.rng import Rng
    from cardtable.session import Session
    from cardtable.ui.scenes.table.moves import canonical, find_moves

    refused: dict[tuple[str, str | None, str, str], str] = {}
    for mode in ("deck", "shared"):
        # Which rule a refused drop names depends only on the phase, the task under way, where the card
        # lies and the place (LandPersonTable.refusal): each such case is dropped once a game, not at
        # every decision again (that was 4 s of the suite for the same answers).
        tried: set[tuple[str, object, str, str]] = set()
        session = Session.new(
            "landperson",
            [SeatConfig("Ann"), SeatConfig("Bot", False, "random")],
            4,
            {"mode": mode},
            autosave=False,
        )
        table = LandPersonTable(app, session)
        app.replace(table)
        # Time passes by frames, so the walk (how far the battle notes' pauses let the game go in
        # 1500 frames) is the same on a slow or busy machine as on a fast one.
        app.clock = SteppedClock(16)  # type: ignore[assignment]
        chooser = RandomBot(Rng(4))
        for _ in range(1500):
            if session.engine.is_over():
                break
            app.frame([])
            if table.viewer != 0 or not table.my_legal() or table.animator.busy:
                continue
            view, legal = table.view(), table.my_legal()
            where = {c: name for name, zone in view.zones.items() for c in zone.cards}
            sprites = [s for s in table.board.sprites.values() if s.card >= 0 and table.draggable(s)]
            task = (view.data.get("task") or {}).get("kind")
            for sprite, area in ((s, a) for s in sprites for a in table.drop_areas()):
                held = [sprite.card]
                case = (view.phase, task, where[sprite.card], area.name)
                if case in tried:
                    continue
                if find_moves(view, held, legal, area.kinds, area.target):
                    continue  # a legal drop
                if area.name == "enemy" and where[sprite.card] == "field:0":
                    continue  # the attack a drop there declares (LandPersonTable.drop)
                works = any(a.kind in ("commerce", "hunt") for a in legal)
                if area.name == "land" and where[sprite.card] == "field:0" and works:
                    continue  # the work a drop there opens (LandPersonTable.work_land)
                tried.add(case)
                table.toast = None
                assert not table.drop(held, area.rect.center)
                shown = table.toast[0] if table.toast else ""
                # the rules the drop may mean: those of the place's moves that take this card
                taking = [k for k in area.kinds if source_zone(k, 0) == where[sprite.card]]
                if not taking:
                    continue  # no move there takes this card: the place's own reason
                now = [k for k in taking if k in kinds_now(view.phase, task)]
                meant = Action(0, (now or taking)[0], canonical(view, held), area.target or "")
                expected = table.refusal_text(table.engine.explain(meant))
                dropped = (area.name, where[sprite.card], view.phase, task, mode)
                if dropped == ("land", "field:0", "domestic", None, "deck"):
                    # a person dropped on its land that cannot be worked: why not, by the land's costs
                    # (LandPersonTable.work_land), rather than "no task is gathering persons"
                    reasons = [table.engine.explain(Action(0, kind)) for kind in ("commerce", "hunt")]
                    said = [table.refusal_text(r) for r in reasons if r]
                    expected = " · ".join(dict.fromkeys(said)) if said else expected
                assert shown == expected, (view.phase, where[sprite.card], area.name, shown)
                refused[(view.phase, task, where[sprite.card].split(":")[0], area.name)] = shown
            table.perform(chooser.choose(view))
    assert (
        refused[("return", None, "wander", "discard")]
        == "a wanderer is discarded to draw in the income phase"
    )
    assert (
        refused[("domestic", None, "hand", "discard")]
        == "cards are discarded down to the limit in the end phase"
    )


@pytest.mark.parametrize("count", [3, 8, 10, 14, 20])
def test_a_full_field_shows_every_person_whole_clear_of_the_lands_numbers(app: App, count: int) -> None:
    # Ten persons or more overlapped in a row: an acted one lying turned hid the numbers of the next,
    # and the last covered the land's costs written beside the field.
    from cardtable.session import Session
    from cardtable.ui.fonts import get_font

    session = Session.new("landperson", [SeatConfig("Ann"), SeatConfig("Dan")], 3, {}, autosave=False)
    state = session.engine.state
    deck, field = state.zones["deck:0"], state.zones["field:0"]
    for index in range(count):  # persons as a long game leaves them, turned every way
        card = deck.cards.pop()
        field.cards.append(card)
        state.data["status"][str(card)] = ("acted", "ready", "preparing")[index % 3]
    table = LandPersonTable(app, session)
    app.replace(table)
    app.frame([])
    view = table.view()
    sprites = [table.board.sprites[c] for c in view.zones["field:0"].cards]
    assert len(sprites) == count
    # a tilted (preparing) card's box has empty corners: the upright and turned ones must not touch
    whole = [s.card_rect() for s in sprites if s.angle in (0, 90)]
    for index, one in enumerate(whole):
        assert not any(one.colliderect(other) for other in whole[index + 1 :]), "persons cover each other"
    font = get_font(table._px() - 1)
    numbers = (
        table.land_rect(0).x - 6 - max(font.size(line)[0] for line in table._land_lines(view, "lands:0"))
    )
    area = table.field_rect(0).inflate(12, 12)
    for sprite in sprites:
        box = sprite.card_rect()
        slack = sprite.width // 5 if sprite.angle not in (0, 90) else 0
        assert box.right <= numbers + slack, "a person covers the land's numbers"
        assert area.top <= box.top and box.bottom <= area.bottom + slack


def test_the_status_names_the_defender_while_the_defender_answers(app: App) -> None:
    # "Player 1: the defender answers" named the attacker, as if the attacker defended.
    session = session_at("landperson", "siege")
    table = LandPersonTable(app, session)
    view = table.view()
    assert view.active == 1 and view.deciding == (0,)
    phase = app.t("lp.phase.defend")
    assert table.status_lines(view)[0] == app.t("lp.status.phase", name="Ann", phase=phase)


def test_the_status_says_which_gesture_the_phase_asks_of_the_player_deciding(app: App) -> None:
    # "Player 1: domestic phase" over an empty field: a first-time player looked for a recruit button.
    session = session_at("landperson", "recruit")
    table = LandPersonTable(app, session)
    hint = app.t("lp.hint.phase.domestic")
    assert hint in table.status_lines(session.engine.view(0))
    assert hint not in table.status_lines(session.engine.view(1)), "only to the player deciding"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_chooser_is_as_wide_as_its_question(language: str) -> None:
    # The chooser's title, the question of the first person, ran past both edges of its box.
    from cardtable.ui.fonts import get_font
    from cardtable.ui.scenes.table.menu import ActionMenu

    app = App(Settings(language=language), size=(1280, 720))
    menu = ActionMenu(app.t("lp.prompt.first"), [Action(0, "nofirst")], lambda a: a.kind)
    menu.place(app.size)
    assert get_font(menu.title_px() + 1, True).size(menu.title)[0] <= menu.box.width - 20
    pygame.display.quit()


def test_the_first_person_and_the_cards_put_back_are_clicked_in_the_hand_in_sight(app: App) -> None:
    # A chooser covered the hand from the start (Esc opened it again at once): a first-time player
    # could not read a card's text before laying the first person.
    from cardtable.session import Session

    session = Session.new(
        "landperson", [SeatConfig("Ann"), SeatConfig("Dan")], 11, {"mode": "shared"}, autosave=False
    )
    table = LandPersonTable(app, session)
    app.replace(table)
    for _ in range(3):  # the hand-off to the first player
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
    assert table.viewer is not None and table.menu is None
    seat = table.viewer
    view = table.view()
    hint = app.t("lp.hint.phase.first", cost=2, n=5)
    assert hint in table.status_lines(view)
    cheap = next(a.cards[0] for a in view.legal if a.kind == "first")
    corner = table.board.sprites[cheap].card_rect().topleft  # a fanned card's left edge shows
    spot = (corner[0] + 6, corner[1] + 20)
    click(app, spot)
    assert session.engine.state.history[-1] == Action(seat, "first", (cheap,))
    assert app.t("lp.hint.phase.putback", cost=2, n=5) in table.status_lines(table.view())


def test_a_ready_person_dropped_on_its_own_land_works_it(app: App) -> None:
    # A first-time player dragged a person onto their land to work it and read only "no task is
    # gathering persons".
    table = LandPersonTable(app, session_at("landperson", "commerce"))
    app.replace(table)
    app.frame([])
    view = table.view()
    works = [a.kind for a in table.my_legal() if a.kind in ("commerce", "hunt")]
    person = next(c for c in view.zones["field:0"].cards if view.data["status"][str(c)] == "ready")
    drag(app, table.board.sprites[person].card_rect().center, table.land_rect(0).center)
    if len(works) > 1:  # both may: the chooser asks which, then the person joins
        assert table.menu is not None
        table.perform(table.menu.actions[0])
    history = table.engine.state.history
    assert history[-2].kind in works and history[-1] == Action(0, "add", (person,))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_the_deck_screens_back_button_sits_clear_of_the_panel(size: tuple[int, int]) -> None:
    # Back (Esc) sat on the bottom border of the panel above it.
    app = App(Settings(), size=size)
    scene = DeckBuildScene(app, GAME, _seats(True, True), {"mode": "deck"}, lambda _p: None)
    app.push(scene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])  # hand-off
    back = next(c for c in scene.controls if c.tag == "back")
    assert back.rect.top > scene.right_panel.bottom and back.rect.bottom <= size[1]
    pygame.display.quit()

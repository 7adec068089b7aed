"""The log in a player's words: every game's moves, played through by bots at every seat count and in
every variant, narrated for every seat and a spectator, rendered in English and Japanese. No line names a
card by its code or shows an internal id ("m0", "hand:1", "leady_random"), every key has both languages,
and no line names a card its reader could not know (a card drawn by another seat is only counted)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.games import all_entries
from cardtable.rules.events import UNKNOWN
from cardtable.rules.narration import COMMON, Cards, Phrase, Renderer, Word, known_cards
from cardtable.session import SeatConfig, Session

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
GAMES = ["runeworks", "risugeon", "sainome"]
INTERNAL = re.compile(r"\b(m\d+|meld:\d|hand:\d|deck:\d|slot:\d|[a-z]+_[a-z_]+)\b|[{}\[\]]")


def _cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game_id in GAMES:
        entry = all_entries()[game_id]
        seats = sorted({entry.rules.min_seats, min(entry.rules.max_seats, 4)})
        for variant in entry.variants[:2]:
            for count in seats:
                out.append((game_id, count, dict(variant)))
    return out


def _cards_in(item: Any) -> list[int]:
    if isinstance(item, Cards):
        return list(item.cards)
    if isinstance(item, Phrase | Word):
        return [c for v in item.values.values() for c in _cards_in(v)]
    if isinstance(item, (list, tuple)):
        return [c for v in item for c in _cards_in(v)]
    return []


def _keys(item: Any) -> list[str]:
    if isinstance(item, Phrase | Word):
        return [item.key] + [k for v in item.values.values() for k in _keys(v)]
    if isinstance(item, (list, tuple)):
        return [k for v in item for k in _keys(v)]
    return []


@pytest.mark.parametrize(("game_id", "seats", "params"), _cases())
def test_every_move_is_told_in_plain_words_in_both_languages_as_each_seat_may_know_it(
    game_id: str, seats: int, params: dict[str, Any]
) -> None:
    people = [SeatConfig(NAMES[i], human=False, bot="random") for i in range(seats)]
    session = Session.new(game_id, people, 5, params, autosave=False)
    engine = session.engine
    chronicle = session.chronicle
    assert chronicle.module is not None, f"{game_id} has a narration module"
    words = {**COMMON, **chronicle.module.WORDS}
    for key, entry in words.items():
        assert entry.get("en") and entry.get("ja"), f"{key} lacks a language"
    codes = {spec.code for spec in engine.state.cardset.physical()}
    code_pattern = re.compile(
        r"(?<![A-Za-z0-9])("
        + "|".join(sorted(map(re.escape, codes), key=len, reverse=True))
        + r")(?![A-Za-z0-9])"
    )
    physical = engine.state.cardset.physical()
    renderers = {
        lang: Renderer(
            words, lang, session.name, lambda c, lang=lang: chronicle.module.card_name(physical[c], lang)
        )
        for lang in ("en", "ja")
    }
    steps = 0
    while not engine.is_over() and steps < 400:
        steps += 1
        seat = engine.deciding_seats()[0]
        action = session.bot_action(seat)
        events = session.apply(action)
        entry = chronicle.entries[-1]
        assert entry.lines[action.seat], f"{game_id}: {action.kind} by its own player says nothing"
        for reader in [*range(seats), None]:
            view = engine.view(reader)
            may_know = {c for z in view.zones.values() for c in z.cards if c >= 0}
            may_know |= known_cards([e.redact(reader) for e in events])
            if reader == action.seat:
                may_know |= set(action.cards)
            for item in entry.lines[reader]:
                for key in _keys(item):
                    assert key in words, f"{game_id}: no words for {key}"
                named = {c for c in _cards_in(item) if c != UNKNOWN}
                assert named <= may_know, (
                    f"{game_id}: {item.key} names cards {sorted(named - may_know)} that "
                    f"{'a spectator' if reader is None else NAMES[reader]} may not know"
                )
                for lang, render in renderers.items():
                    line = render(item)
                    assert line.strip(), item
                    assert not code_pattern.search(line), f"{game_id} {lang}: a card code in {line!r}"
                    assert not INTERNAL.search(line), f"{game_id} {lang}: an internal word in {line!r}"
    assert chronicle.last(None), "the latest move is told"


def test_after_a_hand_off_the_person_sees_what_the_others_did_and_the_table_speaks_plain_words() -> None:
    import pygame

    from cardtable.persistence.settings import Settings
    from cardtable.ui.app import App
    from cardtable.ui.scenes.handoff import HandOffScene
    from cardtable.ui.scenes.registry import table_scene_for

    app = App(Settings(language="ja"), size=(1280, 720), fast=True)
    session = Session.new("risugeon", [SeatConfig("Ann"), SeatConfig("Ben")], 4, {}, autosave=False)
    table = table_scene_for(app, session)
    app.push(table)
    seen_summary = False
    for _ in range(400):
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])
            if table.summary:
                seen_summary = True
                others = [NAMES[1 - table.viewer]]
                assert any(others[0] in line for line in table.summary), table.summary
                assert not any(re.search(r"\b[A-Z]\d{2}\b|\bC\d[A-H]\b", line) for line in table.summary)
                app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x")])
                assert table.summary is None, "any key puts the summary away"
                break
            continue
        if table.viewer is not None and table.my_legal():
            legal = table.my_legal()
            table.perform(next((a for a in legal if a.kind in ("pass", "end")), legal[0]))
        app.frame([])
    assert seen_summary
    assert table.log_lines() and all("[" not in line for line in table.log_lines())
    assert any("\u3040" <= ch <= "\u30ff" for ch in table.just_happened()), "Japanese words in Japanese"
    table.open_actions()
    if table.menu is not None:
        assert all(not re.search(r"\b(play|train|discard) [A-Z]", label) for label in table.menu.labels)
    pygame.display.quit()

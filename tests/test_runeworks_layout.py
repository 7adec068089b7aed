"""Rune Works! tables of 2, 4 and 6 magicians fit 1280x720 and 1920x1080: a geometric check, not a
picture. With melds down for every seat and full hands, every card sprite and every label lies inside
the window, no meld card covers a label (a name, a pile's name, the status line), no button clips its
label, and meld cards are never smaller than the size whose corner index reads. Set CARDTABLE_SHOTS to
a folder to keep the frames and look at them."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from stacked import stacked_session

from cardtable.rules.actions import Action
from cardtable.session import SeatConfig, Session
from cardtable.ui.app import App
from cardtable.ui.fonts import get_font
from cardtable.ui.scenes.handoff import HandOffScene
from cardtable.ui.scenes.runeworks_table import MELD_MIN_W, RuneWorksTable

NAMES = ("Annabelle", "Benedict", "Cyrus", "Delphine", "Evangeline", "Fitzgerald")
HAND = ["S2", "S6", "C10", "HA", "D8", "CJ", "H5", "DQ"]  # the viewer's, just after a Draw
MELDS = [  # per seat: the melds it has set (cards from nobody's hand above)
    [["S3", "S4", "S5"], ["H9", "C9", "D9"]],
    [["C3", "C4", "C5", "C6"], ["D7"]],
    [["HJ", "SJ", "DJ"], ["H2", "H3", "H4"]],
    [["D2", "D3", "D4"], ["CQ", "SQ", "HQ"]],
    [["S8", "S9", "S10"], ["H7"]],
    [["CK", "DK", "HK"], ["DA", "CA", "SA"]],
]


def _table(seats: int, size: tuple[int, int], language: str = "en") -> tuple[App, RuneWorksTable]:
    people = [SeatConfig(NAMES[0]), SeatConfig(NAMES[1])]
    configs = people + [SeatConfig(n, False, "heuristic") for n in NAMES[2:seats]]
    melds = [{"owner": f"P{s + 1}", "cards": m} for s in range(seats) for m in MELDS[s]]
    session = stacked_session(
        "runeworks",
        configs,
        deal={"hand:0": HAND},
        # the second magician's release on the pool: its "released by" line is a label too
        setup={"first": "P1", "phase": "play", "melds": melds, "discard": {"card": "C8", "by": "P2"}},
        params={"level": 5},
    )
    return _opened(session, size, language)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 6])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_sprite_and_label_fits_and_no_meld_covers_a_label(
    seats: int, size: tuple[int, int], language: str
) -> None:
    app, table = _table(seats, size, language)
    window = pygame.Rect((0, 0), size)
    table.refresh_background()
    labels = list(table.labels)
    assert labels, "the table writes its labels"
    sprites = list(table.board.sprites.values())
    zones = table.view().zones
    on_table = {c for name, z in zones.items() if name.startswith(("meld:", "shot:")) for c in z.cards}
    melds = [s for s in sprites if s.card in on_table]
    assert len(melds) >= 3 * seats, "every seat's melds are on the table"
    for sprite in sprites:
        assert window.contains(sprite.card_rect()), f"card {sprite.card} off screen: {sprite.card_rect()}"
    for label in labels:
        assert window.contains(label), f"label off screen: {label}"
    for sprite in melds:
        rect = sprite.card_rect()
        assert rect.width >= MELD_MIN_W
        for label in labels:
            assert not rect.colliderect(label), f"meld card {sprite.card} {rect} covers a label {label}"
    for button in table.buttons:
        assert window.contains(button.rect)
        px = max(12, min(28, button.rect.height * 9 // 20))
        assert get_font(px).size(button.label)[0] <= button.rect.width - 8, f"clipped: {button.label}"
    folder = os.environ.get("CARDTABLE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        name = f"runeworks_{seats}p_{size[0]}x{size[1]}_{language}.png"
        pygame.image.save(app.screen, str(Path(folder) / name))
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_viewers_label_stays_readable_while_a_set_leaves_the_hand_in_place(language: str) -> None:
    """After a Set made with the pointer over the hand, the hand keeps its cards where they were (so
    the next click takes the card aimed at) and is wider than its count says: the viewer's label
    moves left with it instead of lying under its first cards (seen under X)."""
    hand = ["S2", "S6", "C10", "HA", "D8", "CJ", "H5", "DQ", "C2", "D2", "D3", "D4"]  # ♦ sort last
    app, table = _two_seats(hand, language)
    suit = table.board.physical
    sets = [
        a
        for a in table.my_legal()
        if a.kind == "set" and len(a.cards) == 3 and all(suit[c].get("suit") == "D" for c in a.cards)
    ]
    assert sets, "the stacked hand holds a run to set, at the hand's right end"
    hand_sprites = [s for s in table.board.sprites.values() if s.card in table.view().zones["hand:0"].cards]
    table.pointer = max(hand_sprites, key=lambda s: s.x).card_rect().center  # over the hand's right end
    assert table.perform(sets[0])
    app.frame([])
    left = [s for s in table.board.sprites.values() if s.card in table.view().zones["hand:0"].cards]
    assert len(left) == len(hand) - 3
    assert table._held_fans, "the hand stays in place under the pointer"
    labels = _own_label(app, table)
    window = pygame.Rect((0, 0), app.size)
    for sprite in table.board.sprites.values():  # the hand, and the meld just set above it
        for label in labels:
            assert window.contains(label)
            assert not sprite.card_rect().colliderect(label), f"card {sprite.card} covers the label {label}"
    pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_hand_too_wide_for_the_label_beside_it_has_the_label_above(language: str) -> None:
    """Fifteen cards fan almost to the window's left edge: the label, clamped into the window, used to
    lie under the first cards; it goes above the hand's left end instead."""
    hand = ["S2", "S4", "S6", "S8", "C3", "C5", "C7", "C9", "H2", "H4", "H6", "D3", "D5", "D7", "D9"]
    app, table = _two_seats(hand, language)
    labels = _own_label(app, table)
    window = pygame.Rect((0, 0), app.size)
    for sprite in table.board.sprites.values():
        for label in labels:
            assert window.contains(label)
            assert not sprite.card_rect().colliderect(label), f"card {sprite.card} covers the label {label}"
    pygame.display.quit()


@pytest.mark.parametrize(
    ("language", "words"), [("en", "released by Benedict"), ("ja", "Benedictがリリース")]
)
def test_the_pool_says_who_released_its_top_card_until_it_is_taken(
    language: str, words: str, drawn_texts: list[str]
) -> None:
    """The log says a Release once and scrolls on; under the Mana Pool the table keeps saying who let
    the top card go, until a Seek (or a claim) takes it."""
    session = stacked_session(
        "runeworks",
        [SeatConfig(NAMES[0]), SeatConfig(NAMES[1])],
        deal={"hand:0": HAND},
        setup={"first": "P1", "phase": "start", "discard": {"card": "CQ", "by": "P2"}},  # C10 CJ CQ
        params={"level": 5},
    )
    app, table = _opened(session, (1280, 720), language)
    assert words in drawn_texts
    seek = [a for a in table.my_legal() if a.kind == "seek"]
    assert seek, "the first magician may Seek the released card"
    drawn_texts.clear()
    assert table.perform(seek[0])
    table.animator.finish_all()
    app.frame([])
    assert drawn_texts, "the table was drawn again"
    assert not any("Benedict" in t and ("released" in t or "リリース" in t) for t in drawn_texts)
    # the first magician's own Release opens a claim window, whose clock runs where the line would be
    table.perform(next(a for a in table.my_legal() if a.kind == "release"))
    assert table.view().phase == "claim" and table.released_by(table.view()) is None
    pygame.display.quit()


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Ignite Shot with Q♣!"), ("ja", "Q♣でイグナイトショット！")]
)
def test_the_claim_menu_names_the_card_an_ignite_shot_takes(language: str, words: str) -> None:
    """Seen under X: in a claim window Call said "Call: take 4♣ with ..." but the Shot said only
    "Ignite Shot!", leaving the player to work out which card it was about."""
    session = stacked_session(
        "runeworks",
        [SeatConfig(NAMES[0]), SeatConfig(NAMES[1])],
        deal={"hand:0": HAND},
        setup={"first": "P1", "phase": "start", "discard": {"card": "CQ", "by": "P2"}},
        params={"level": 5},
    )
    app, table = _opened(session, (1280, 720), language)
    assert table.words(Action(0, "shot")) == words
    pygame.display.quit()


def _two_seats(hand: list[str], language: str) -> tuple[App, RuneWorksTable]:
    """Two magicians at Level 5, the first to move holding `hand`, at 1280x720."""
    session = stacked_session(
        "runeworks",
        [SeatConfig(NAMES[0]), SeatConfig(NAMES[1])],
        deal={"hand:0": hand},
        setup={"first": "P1", "phase": "play"},
        params={"level": 5},
    )
    return _opened(session, (1280, 720), language)


def _opened(session: Session, size: tuple[int, int], language: str) -> tuple[App, RuneWorksTable]:
    """The session's table in a window of `size`, in `language`, past the first hand-off to P1."""
    app = App(fast=True, size=size)
    app.settings.language = language
    app.t.language = language
    table = RuneWorksTable(app, session)
    app.push(table)
    for _ in range(4):
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        app.frame([])
    assert app.top is table and table.viewer == 0
    return app, table


def _own_label(app: App, table: RuneWorksTable) -> list[pygame.Rect]:
    """The viewer's label: the text left of the table's middle, in the window's bottom part."""
    labels = [r for r in table.labels if r.right < app.size[0] * 0.42 and r.bottom > app.size[1] * 0.7]
    assert len(labels) == 1, f"the viewer's label is drawn once: {table.labels}"
    return labels


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 6])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_status_line_keeps_clear_of_the_hands_when_claims_are_asked_in_turn(
    seats: int, size: tuple[int, int], language: str
) -> None:
    """With claims asked seat by seat, the status line says so at length ("...each player is asked in
    turn, in private"): it ran into the hand of the magician across the table (the Japanese one
    through it, seen under X). It wraps left of the other hands and stays in the window."""
    app, table = _table(seats, size, language)
    app.settings.claim_ask_each = True
    release = next(a for a in table.my_legal() if a.kind == "release")
    assert table.perform(release)
    for _ in range(4):
        if isinstance(app.top, HandOffScene):
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        app.frame([])
    assert table.view().phase == "claim"
    table.refresh_background()
    window = pygame.Rect((0, 0), size)
    status = [r for r in table.labels if r.x == 16 and r.y > 20]  # the status line, under the header
    assert status, table.labels
    for label in status:
        assert window.contains(label)
        for sprite in table.board.sprites.values():
            assert not sprite.card_rect().colliderect(label), f"card {sprite.card} covers the status {label}"
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_no_claim_button_covers_a_meld(seats: int, size: tuple[int, int]) -> None:
    """Seen under X: once the viewer's meld row moved up to clear the "drawn" label, the Claim button
    of the magician at the bottom (above their hand, face down in the window) lay over the top of
    that magician's melds, hiding their rank tags. Every person's Claim button keeps off the melds."""
    configs = [SeatConfig(n) for n in NAMES[:seats]]  # all people: everyone but the releaser may claim
    melds = [{"owner": f"P{s + 1}", "cards": m} for s in range(seats) for m in MELDS[s]]
    session = stacked_session(
        "runeworks",
        configs,
        deal={"hand:1": HAND},
        setup={"first": "P2", "phase": "play", "melds": melds},
        params={"level": 5},
    )
    app = App(fast=True, size=size)
    table = RuneWorksTable(app, session)
    app.push(table)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    for _ in range(6):
        app.frame([space] if isinstance(app.top, HandOffScene) else [])
    assert app.top is table and table.viewer == 1
    app.fast = False  # a timed window, as played: the buttons show while it runs
    release = next(a for a in table.my_legal() if a.kind == "release")
    assert table.perform(release)
    for _ in range(60):
        app.frame([space] if isinstance(app.top, HandOffScene) else [])
        if table._claim_rects() and not table.animator.busy:
            break
    claims = table._claim_rects()
    assert len(claims) == seats - 1, "every other person has a Claim button"
    zones = table.view().zones
    on_table = {c for name, z in zones.items() if name.startswith(("meld:", "shot:")) for c in z.cards}
    cards = [s.card_rect() for s in table.board.sprites.values() if s.card in on_table]
    assert len(cards) >= 3 * seats, "every seat's melds are on the table"
    for seat, button in claims:
        for card in cards:
            assert not button.colliderect(card), f"P{seat + 1}'s Claim {button} covers a meld card {card}"
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_claimants_names_keep_clear_of_what_just_happened(
    seats: int,
    size: tuple[int, int],
    language: str,
    monkeypatch: pytest.MonkeyPatch,
    drawn_texts: list[str],
) -> None:
    """Seen under X: "Player 1 claims!", written under the claim window's clock, ran into the "what
    just happened" line below it ("Player 2 releases 4♣"). The claimants are named in the status line;
    no label of the table lies under that line's panel."""
    from cardtable.ui.scenes.table import log

    panels: list[pygame.Rect] = []
    real = log.draw_panel
    monkeypatch.setattr(
        log,
        "draw_panel",
        lambda surface, rect, *a, **k: (panels.append(pygame.Rect(rect)), real(surface, rect, *a, **k))[1],
    )
    session = stacked_session(
        "runeworks",
        [SeatConfig(n) for n in NAMES[:seats]],
        deal={"hand:1": HAND},
        setup={"first": "P2", "phase": "play"},
        params={"level": 5},
    )
    app = App(fast=True, size=size)
    app.settings.language = language
    app.t.language = language
    table = RuneWorksTable(app, session)
    app.push(table)
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    for _ in range(6):
        app.frame([space] if isinstance(app.top, HandOffScene) else [])
    app.fast = False  # a timed window, as played
    assert table.perform(next(a for a in table.my_legal() if a.kind == "release"))
    for _ in range(60):
        app.frame([])
        if table._claim_rects() and not table.animator.busy:
            break
    claimants = [s for s, _rect in table._claim_rects()]
    for seat in claimants:
        table._claim(seat)
    panels.clear()
    drawn_texts.clear()
    table.paint_background()
    happened = [p for p in panels if p.width < size[0] * 0.6 and p.top > size[1] * 0.4]
    assert len(happened) == 1, f"the 'what just happened' line is on the table: {panels}"
    for label in table.labels:
        assert not label.colliderect(happened[0]), f"the label {label} lies under {happened[0]}"
    said = table.app.t("rw.claimed", name=", ".join(table.session.name(s) for s in claimants))
    shown = "".join(drawn_texts).replace(" ", "")
    assert said.replace(" ", "") in shown, "the claimants are still named for everyone"
    pygame.display.quit()

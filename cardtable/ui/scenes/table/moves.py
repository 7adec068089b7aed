"""From a gesture to the legal move it means, for every game (python-chess `find_move` in spirit).

A gesture names cards the person picked up and where they come from; the legal moves name cards too,
but a game offers one move per card code (the lowest-numbered copy: parsing picks that one, so every
move text reads back to the same move). Two copies of a card in the same zone are interchangeable, so a
gesture matches a move when the (zone, code) of the cards held equals the (zone, code) of the move's
cards: whichever copy was picked up. No pygame here: tests call it with plain views.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ....rules.actions import Action
from ....rules.view import PlayerView

Key = tuple[str | None, str]


class CardIndex:
    """Where each card the view shows lies, and its code: what makes two copies interchangeable."""

    def __init__(self, view: PlayerView) -> None:
        assert view.cardset is not None
        self.codes = tuple(spec.code for spec in view.cardset.physical())
        self.zone_of: dict[int, str] = {}
        self.cards_in: dict[str, tuple[int, ...]] = {}
        for name, zone in view.zones.items():
            self.cards_in[name] = zone.cards
            for card in zone.cards:
                if card >= 0:
                    self.zone_of[card] = name

    def key(self, card: int) -> Key:
        """A card's zone and code: copies with the same key are the same card to the rules."""
        return (self.zone_of.get(card), self.codes[card])

    def same(self, a: int, b: int) -> bool:
        """Whether two cards are interchangeable copies (or the same card)."""
        return self.key(a) == self.key(b)

    def keys(self, cards: Iterable[int]) -> list[Key]:
        """The sorted keys of some cards (a multiset: two copies give the key twice)."""
        return sorted(self.key(c) for c in cards)  # type: ignore[arg-type, return-value]

    def lowest_copy(self, card: int, taken: Collection[int] = ()) -> int:
        """The lowest-numbered copy of `card` in its zone that is not in `taken` (the one moves name)."""
        zone = self.zone_of.get(card)
        if zone is None:
            return card
        copies = sorted(c for c in self.cards_in[zone] if c >= 0 and self.codes[c] == self.codes[card])
        return next((c for c in copies if c not in taken), card)


def find_moves(
    view: PlayerView,
    held: Sequence[int],
    legal: Iterable[Action],
    kinds: Collection[str] | None = None,
    target: str | None = None,
) -> list[Action]:
    """The legal moves that use exactly the held cards, up to copies, of one of `kinds` (all kinds when
    None) and with `target` when one is given (a slot, a meld)."""
    if not held:
        return []
    index = CardIndex(view)
    wanted = index.keys(held)
    return [
        action
        for action in legal
        if (kinds is None or action.kind in kinds)
        and (target is None or action.target == target)
        and len(action.cards) == len(held)
        and index.keys(action.cards) == wanted
    ]


def moves_with(
    view: PlayerView, card: int, legal: Iterable[Action], kinds: Collection[str] | None = None
) -> list[Action]:
    """The legal moves of `kinds` that use this one card (or a copy of it) alone."""
    return find_moves(view, [card], legal, kinds)


def canonical(view: PlayerView, held: Sequence[int]) -> tuple[int, ...]:
    """The held cards as a move would name them: each the lowest copy in its zone, none twice. The
    engine's reason for a refusal is asked about these, so a copy is never refused for being a copy."""
    index = CardIndex(view)
    out: list[int] = []
    for card in sorted(held):
        out.append(index.lowest_copy(card, out))
    return tuple(sorted(out))


def copy_pairs(view: PlayerView, held: Sequence[int], action: Action) -> list[tuple[int, int]]:
    """(card picked up, card the move names) for each held copy that differs from the one the move
    names, so the table can swap the two sprites and show the copy in hand moving."""
    index = CardIndex(view)
    named = list(action.cards)
    pairs: list[tuple[int, int]] = []
    spare: list[int] = []
    for card in held:
        if card in named:
            named.remove(card)
        else:
            spare.append(card)
    for card in spare:
        match = next((c for c in named if index.same(c, card)), None)
        if match is not None:
            named.remove(match)
            pairs.append((card, match))
    return pairs

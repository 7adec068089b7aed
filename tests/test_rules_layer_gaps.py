"""Gaps of the shared rules layer (cardtable/rules/) that mutation testing found (issue 26,
bench/mutate.py): each test names the mutants it kills. They test what the layer promises its games and
the UI (who sees which card, what a save keeps), not how it is computed, so a rewrite for speed keeps them.
Gaps of a game's rules are that game's scenarios (tests/scenarios/<game>/)."""

from __future__ import annotations

from cardtable.rules.zones import Visibility, Zone


def test_a_face_up_pile_shows_its_top_card_to_everyone_and_nothing_below() -> None:
    """Mutants: zones.py sees_index `index in (-1, len - 1)` -> `not in`, its `and self.cards` -> `or`,
    `return index in ...` -> None; sees_all's OWNER test."""
    pile = Zone("discard", Visibility.TOP_PUBLIC, None, [4, 9, 2])
    for seat in (None, 0, 1):
        assert pile.sees_index(seat, -1) and pile.sees_index(seat, 2)
        assert not pile.sees_index(seat, 0) and not pile.sees_index(seat, 1) and not pile.sees_index(seat, -2)
        assert not pile.sees_all(seat)
    assert not Zone("discard", Visibility.TOP_PUBLIC).sees_index(0, -1)  # an empty pile shows nothing
    hand = Zone("hand:1", Visibility.OWNER, 1, [3, 5])
    assert hand.sees_all(1) and hand.sees_index(1, 0)
    assert not hand.sees_all(0) and not hand.sees_all(None) and not hand.sees_index(0, -1)
    assert not Zone("hand:?", Visibility.OWNER, None, [3]).sees_all(None)  # no owner: nobody, not a spectator
    stock = Zone("stock", Visibility.HIDDEN, None, [1, 2])
    assert not any(stock.sees_index(s, -1) for s in (None, 0, 1))
    assert Zone("pool", Visibility.PUBLIC, None, [1]).sees_index(None, 0)


def test_who_sees_a_whole_zone() -> None:
    """Mutants: zones.py viewers' returns made None, its `and self.owner is not None` -> `or`."""
    assert Zone("pool", Visibility.PUBLIC).viewers(3) == frozenset({0, 1, 2})
    assert Zone("hand:2", Visibility.OWNER, 2).viewers(3) == frozenset({2})
    assert Zone("hand:?", Visibility.OWNER, None).viewers(3) == frozenset()
    assert Zone("stock", Visibility.HIDDEN).viewers(3) == frozenset()
    assert Zone("discard", Visibility.TOP_PUBLIC, None, [1]).viewers(3) == frozenset()


def test_a_zone_survives_its_json_form() -> None:
    """Mutants: zones.py to_dict / from_dict's returns made None, the owner's `is None` flipped."""
    for zone in (Zone("hand:1", Visibility.OWNER, 1, [7, 3]), Zone("stock", Visibility.HIDDEN, None, [])):
        data = zone.to_dict()
        assert data == {"vis": zone.visibility.value, "owner": zone.owner, "cards": list(zone.cards)}
        assert data["cards"] is not zone.cards  # a copy: a later move does not change the saved form
        assert Zone.from_dict(zone.name, data) == zone

"""A data game's words from its file: a move's label in English or Japanese, a card's name, the names
of zones, patterns and counters a refusal holds, the end's reason. A part of DataGame (rules.py).
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.rules.actions import Action
from cardtable.rules.cards import CardSet, CardSpec
from cardtable.rules.narration import COMMON
from cardtable.rules.state import GameState

from .common import (
    FIELD,
    PICK,
    STOP,
    WINDOW_WORDS,
)


class WordingPart:
    """The wording part of DataGame: its methods read the game's file through `self` (rules.py)."""

    def label(self, state: GameState, action: Action, language: str = "en") -> str:
        """The move in the file's words for it (`label:`), in `language` (English when the file has no
        Japanese): `{cards}` are the cards' names, listed, `{target}` the group in the zone's own name."""
        assert state.cardset is not None
        return self.words(state.cardset, action, language)

    def words(self, cardset: CardSet, action: Action, language: str) -> str:
        """`label` from the card set alone (what a view holds): the cards named as the file's
        `card_name:` says (the card set's own names without it); a card a seat cannot see is `?`."""
        if action.kind == PICK and self.blind is not None:  # a place in a face-down pile
            words = self.blind.get("label") or {"en": "Take the card at place {target}"}
            return str(words.get(language) or words["en"]).replace("{target}", action.target)
        if action.kind in self.value_choices:
            words = self.value_choices[action.kind].get("label") or {"en": f"{action.kind} {{target}}"}
            named = self.value_choices[action.kind].get("names", {}).get(action.target) or {}
            value = str(named.get(language) or named.get("en") or action.target)  # `names:` its words
            return str(words.get(language) or words["en"]).replace("{target}", value)
        if action.kind in self.pile_choices:
            words = self.pile_choices[action.kind].get("label") or {"en": f"{action.kind} {{target}}"}
            template = str(words.get(language) or words["en"])
        elif action.kind in (PICK, STOP):
            said = self.choose_effect(action.target)
            words = said.get("label" if action.kind == PICK else "stop", {}) if said else {}
            words = words or {"en": "Choose {cards}" if action.kind == PICK else "Choose no more"}
            template = str(words.get(language) or words["en"])
            action = Action(action.seat, action.kind, action.cards)  # its target is the card, not a zone
        else:
            move = self.moves.get(action.kind)
            if move is None:
                words = WINDOW_WORDS[action.kind]
            elif not action.target and "label_none" in move:  # `label`'s {target} would be left empty
                words = move["label_none"]
            else:
                words = move["label"]
            template = str(words.get(language) or words["en"])
        physical = cardset.physical()
        # the shared list separator ("A, B" / "A、B"): a Double Charge of two alike cards read as one
        # name said twice when the names were only spaced
        cards = (COMMON["common.list"].get(language) or COMMON["common.list"]["en"]).join(
            self.card_name(physical[c], language) if 0 <= c < len(physical) else "?" for c in action.cards
        )
        target = action.target
        if target:
            named = []
            for part in target.split("+"):
                base, dot, number = part.rpartition(".")
                if not dot:  # a named pile, `supply:B3`: the zone's name and the pile's
                    base, _, number = part.rpartition(":")
                    card = next((c for c in physical if c.code == number), None)
                    if card is not None:  # a pile named by a card code: the card's name
                        number = self.card_name(card, language)
                named.append(f"{self.zone_title(base.partition(':')[0], language)} {number}")
            target = " + ".join(named)
        return template.replace("{cards}", cards).replace("{target}", target)

    def choose_effect(self, code: str) -> dict[str, Any] | None:
        """The `choose:` of a card's effects (a card has one at most: `cardtable validate` says so)."""
        queue = list(self.effects.get(code, []))
        while queue:
            effect = queue.pop(0)
            if "choose" in effect:
                return dict(effect["choose"])
            queue += list(effect.get("then", [])) + list(effect.get("else", []))
        return None

    def card_name(self, spec: CardSpec, language: str) -> str:
        """A card as this game's players name it: the file's `card_name: {format: "{rank}{suit}",
        rank: {1: A}}` fills each `{field}` with the card's value, mapped when the file maps it (a
        plain substitution, nothing evaluated); the card set's own name without it."""
        naming = self.spec.get("card_name")
        if not naming:
            return spec.name.get(language)

        def value(match: re.Match[str]) -> str:
            field = match.group(1)
            raw = spec.get(field)
            mapped = naming.get(field, {})
            return str(mapped.get(raw, mapped.get(str(raw), raw if raw is not None else "?")))

        return FIELD.sub(value, str(naming["format"]))

    def pattern_title(self, pattern: str, language: str) -> str:
        """A pattern's name in `language` (the file's `name:`; its id, spaced, without one)."""
        name = self.patterns.get(pattern, {}).get("name", {})
        return str(name.get(language) or name.get("en") or pattern.replace("_", " "))

    def term(self, words: str, language: str) -> str:
        """A name a refusal's English words hold (a zone's, a pattern's, a counter's; several joined
        by " or ") in `language`, from the file's names; words it does not know stay as they are."""
        names = self._term_names.get(language)
        if names is None:  # the file's names, gathered once per language (the file does not change)
            names = self._term_names[language] = self._names_in(language)
        joined = " or " if language == "en" else "・"
        return joined.join(names.get(part, part) for part in words.split(" or "))

    def _names_in(self, language: str) -> dict[str, str]:
        """Every name `term` reads (a zone's, a pattern's, a counter's, by id and English name) in
        `language`."""
        names: dict[str, str] = {}
        for zone in self.zone_specs:
            names[zone] = names[self.zone_title(zone, "en")] = self.zone_title(zone, language)
        for pattern in self.patterns:
            names[self.pattern_title(pattern, "en")] = self.pattern_title(pattern, language)
        for counter, spec in self.counters.items():
            name = spec.get("name", {})
            # a refusal's English words name a counter by its English name ("Actions"), not its id
            names[counter] = str(name.get(language) or name.get("en") or counter)
            if name.get("en"):
                names[str(name["en"])] = names[counter]
        return names

    def zone_title(self, zone: str, language: str) -> str:
        """A zone's name in `language` (the file's `name:`; its id without one)."""
        name = self.zone_specs.get(zone, {}).get("name", {})
        return str(name.get(language) or name.get("en") or zone)

    def end_words(self, reason: str) -> dict[str, str]:
        """The end rule's reason in both languages, from its English words (as state.data keeps it)."""
        for rule in self.spec.get("end", []):
            words = rule.get("reason", {})
            if words.get("en") == reason:
                return {"en": str(words["en"]), "ja": str(words.get("ja") or words["en"])}
        return {"en": reason, "ja": reason}

    def narrate(self, state: GameState, action: Action) -> str:
        return self.label(state, action)

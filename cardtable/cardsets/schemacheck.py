"""The JSON Schema validator card sets and face templates are checked with: draft-07, remembering the
list items it found valid.

A card set is mostly its `cards` list, and every card is checked against its schema on every load:
the first load in a process, each hot reload after a designer saves the file (most cards unchanged),
`cardtable validate` and then the game reading the same file. Whether an item is valid depends only
on the item and the schema it is checked against, so an item found valid once is not checked again:
a reload after one card was edited checks that card. An item with errors is always checked anew,
so every problem is found and worded exactly as before.

jsonschema is imported when the first validator is built (it costs 50 ms at start-up).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import ValidationError

MAX_REMEMBERED = 20_000  # items: a few bundled sets and a designer's edits, a few MiB at most

# (id of the `items` schema, repr of the item) -> that schema, held so its id is never reused
_valid: dict[tuple[int, str], Mapping[str, Any]] = {}


def remembering_validator(schema: Mapping[str, Any], registry: Any = None) -> Draft7Validator:
    """A Draft7Validator for `schema` whose `items` keyword skips list items found valid before."""
    from jsonschema import Draft7Validator, validators

    checked = Draft7Validator.VALIDATORS["items"]

    def items(validator: Any, subschema: Any, instance: Any, parent: Any) -> Iterator[ValidationError]:
        # Only `items: {schema}` (every item the same schema); the array form and booleans as before.
        if not isinstance(subschema, Mapping) or not validator.is_type(instance, "array"):
            yield from checked(validator, subschema, instance, parent)
            return
        for index, item in enumerate(instance):
            # repr tells 1 from 1.0 and True, and keeps a mapping's key order (which the wording
            # of some errors follows)
            key = (id(subschema), repr(item))
            if key in _valid:
                continue
            errors = list(validator.descend(item, subschema, path=index))
            if errors:
                yield from errors
                continue
            if len(_valid) >= MAX_REMEMBERED:
                _valid.clear()
            _valid[key] = subschema

    kind = validators.extend(Draft7Validator, {"items": items})
    if registry is None:
        return kind(schema)  # type: ignore[no-any-return]
    return kind(schema, registry=registry)  # type: ignore[no-any-return]


def forget() -> None:
    """Forget every item found valid (a test that wants each item checked again)."""
    _valid.clear()

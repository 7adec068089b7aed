"""YAML card sets: a strict YAML reader, JSON Schema checks, `file:line:col` problems, a reloading cache.

    from cardtable.cardsets import load_bundled, load_cardset, validate_paths
    deck = load_bundled("standard52")          # a cardtable.rules.cards.CardSet
    for problem in validate_paths([Path("cards")]):
        print(problem)                          # cards/x.yaml:12:11: cards[3].rank: 14 is too large ...

The reader (`read_yaml`, `locate`, `StrictLoader`, `Problem`, `LoadError`) is generic: scenario files
and saves use it too.
"""

from .loader import (
    CardSetError,
    as_text,
    check_cardset,
    clear_cache,
    game_problems,
    load_bundled,
    load_cached,
    load_cardset,
    load_for,
    load_named,
    problems_in,
    validate_paths,
)
from .yamlfile import (
    DuplicateKeyError,
    KeyPath,
    LoadError,
    Problem,
    StrictLoader,
    decode_utf8,
    format_key_path,
    locate,
    node_at,
    node_path,
    parse_yaml,
    read_yaml,
)

__all__ = [
    "CardSetError",
    "DuplicateKeyError",
    "KeyPath",
    "LoadError",
    "Problem",
    "StrictLoader",
    "as_text",
    "check_cardset",
    "clear_cache",
    "game_problems",
    "decode_utf8",
    "format_key_path",
    "load_bundled",
    "load_cached",
    "load_cardset",
    "load_for",
    "load_named",
    "locate",
    "node_at",
    "node_path",
    "parse_yaml",
    "problems_in",
    "read_yaml",
    "validate_paths",
]

"""cardtable: a desktop card table for rules-enforced card games (2-6 players on one screen)."""

__version__ = "0.1.0"

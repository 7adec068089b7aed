"""The shared rules layer: pure Python, never imports pygame. Every game, bot, save and scene uses it."""

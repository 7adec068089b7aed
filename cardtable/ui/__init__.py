"""The pygame-ce user interface: the only package that imports pygame."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the terminal of a desktop app

"""The environment for a Python child process a test starts (the CLI, a bench, a clean interpreter).

Where the environment forbids writing bytecode beside the sources (PYTHONDONTWRITEBYTECODE, as on
the shared test machine), every child would compile every module it imports again: about 0.4 s of
CPU per child. The children then share a bytecode cache of their own in pytest's cache folder
(.pytest_cache, ignored by git; PYTHONPYCACHEPREFIX), so nothing is written beside the sources and a
module is compiled again only when its source changes. Elsewhere the environment is passed on as is.
"""

from __future__ import annotations

import os

import pytest


def python_env(request: pytest.FixtureRequest, **extra: str) -> dict[str, str]:
    """This process's environment for a Python child of the running test, with `extra` variables set."""
    env = dict(os.environ, **extra)
    cache = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    if cache is not None and env.pop("PYTHONDONTWRITEBYTECODE", None):
        env["PYTHONPYCACHEPREFIX"] = str(cache.mkdir("child-pycache"))
    return env

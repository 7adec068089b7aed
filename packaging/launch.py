"""The frozen app's entry point: the same `cardtable` command as the installed one.

`freeze_support()` comes first because `cardtable simulate --jobs N` starts worker processes with the
spawn method, which in a frozen app re-runs this executable.
"""

from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from cardtable.cli import main

    sys.exit(main())

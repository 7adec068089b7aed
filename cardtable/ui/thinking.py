"""Bots thinking off the UI thread: one worker thread that answers the table's questions one at a time,
while the UI thread keeps drawing frames and polls for the answer.

The table asks (`Session.ask_bot`: the seat's view sealed from the live state and a copy of the bot),
hands the question's `think` to `submit`, and looks at the returned Future once a frame; the answer is
played through the session on the UI thread, never by the worker. The worker touches no pygame (the
bot reads only its view), so nothing here is shared with SDL's thread.

Why one daemon thread of our own rather than a ThreadPoolExecutor: an executor's threads are joined
when the interpreter ends, so quitting while a slow bot thinks would wait for its answer; a daemon
thread is simply left behind, as `run_pure_work` (progress.py) leaves its own. Work queued behind a
question still being thought about waits its turn: two searches never share the core.

The GIL: the worker's Python and the UI thread's take turns. A thread that wants the GIL back (the UI
thread after the frame clock's sleep, after a display update) waits until the running thread has
had its switch interval, 5 ms by default, and a frame waits so several times. The worker sets it to
SWITCH_S when it starts: the frames between a bot's thoughts came about half as far apart (measured
by bench/frame_time.py's `thinking` case), and the search lost nothing measurable to the switching.
Only threads running side by side feel it (run_pure_work's too).
"""

from __future__ import annotations

import logging
import queue
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

log = logging.getLogger("cardtable.thinking")

# A question answered this quickly (a heuristic bot's) is played in the frame that asked it: no
# thinking mark flashes for a move that needed no thought. App.think_wait_s is this, or None in a
# fast run (and in the tests, tests/conftest.py: their time passes by frames), where the frame that
# plays a bot's move waits for its answer, so a table driven frame by frame sees the same game on a
# busy machine as on an idle one.
QUICK_S = 0.015
ANSWER_WAIT_S: float | None = QUICK_S  # what a window that is not fast waits (App.think_wait_s)
SWITCH_S = 0.001  # the GIL's switch interval once a worker thinks beside the UI thread (above)


class Worker:
    """One daemon thread running submitted work in order, one piece at a time."""

    def __init__(self, name: str = "bot thinking") -> None:
        self.name = name
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, work: Callable[[], Any]) -> Future[Any]:
        """Queue `work` (it must not touch pygame); its Future holds the value or the error it raised."""
        future: Future[Any] = Future()
        self._queue.put((future, work))
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_S))
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            future, work = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited: the table no longer wants it
            try:
                future.set_result(work())
            except BaseException as exc:  # handed to the UI thread, which raises it there
                future.set_exception(exc)


WORKER = Worker()  # the app's one thinker: a bot never thinks beside another

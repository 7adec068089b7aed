"""What a sweep asks of the Dask workers it runs on: their profiler and loop watch off while it runs.

Imported only when a sweep runs on a Dask cluster (`--scheduler`), since Dask is an optional extra.

Why: a Dask worker samples its task thread's stack every 10 ms (`distributed.worker.profile`) for the
dashboard's profile page. A sweep's block is thousands of small Python calls for seconds on end, and
the sampling took a fifth of a worker's CPU here (a Rune Works random game: 25.7 ms of thread CPU on a
worker against 18.6 ms in a plain process; 22.2 ms with the profiler off). The worker's event loop also
wakes every 20 ms (`tick`) to warn when it was blocked, which a block of games always does; each wake
takes the interpreter lock from the games. An idle worker here spent 5.4% of a core on its periodic work,
1.3% with these three stopped (memory watch, heartbeats and the system monitor keep running: the first
guards the machine, the others keep the worker in the cluster). The plugin is registered
for the sweep and removed when it ends, which turns the profiler back on, and it reaches workers that
join mid-sweep too (a plugin's setup runs before a new worker starts its periodic work).
"""

from __future__ import annotations

from typing import Any

from distributed import Worker, WorkerPlugin

PLUGIN_NAME = "cardtable-sweep-quiet-worker"
_PAUSED_CALLBACKS = ("profile", "profile-cycle", "tick")


class QuietWorker(WorkerPlugin):
    """Stops a worker's profiler and loop watch on setup and starts them again on teardown."""

    idempotent = True  # registered again by a second sweep: nothing more to do

    def __init__(self) -> None:
        self.stopped: dict[str, Any] = {}

    def setup(self, worker: Worker) -> None:
        for name in _PAUSED_CALLBACKS:
            callback = worker.periodic_callbacks.pop(name, None)
            if callback is not None:
                callback.stop()
                self.stopped[name] = callback

    def teardown(self, worker: Worker) -> None:
        for name, callback in self.stopped.items():
            worker.periodic_callbacks[name] = callback
            callback.start()
        self.stopped.clear()

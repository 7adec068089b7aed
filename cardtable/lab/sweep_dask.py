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

The nannies (`dask worker` starts one beside each worker, on the worker's machine) and the scheduler
have the same loop watch: three of them woke 150 times a second here and took 4% of a core from the
workers (an idle cluster of two: 6% of a core outside the workers, 2% with the nannies' and the
scheduler's watch stopped too). Those are stopped for the sweep and started again after it the same
way: a nanny plugin, and a call on the scheduler.
"""

from __future__ import annotations

from typing import Any

from distributed import NannyPlugin, Worker, WorkerPlugin

PLUGIN_NAME = "cardtable-sweep-quiet-worker"
NANNY_PLUGIN_NAME = "cardtable-sweep-quiet-nanny"
_PAUSED_CALLBACKS = ("profile", "profile-cycle", "tick")
_PAUSED_ELSEWHERE = ("tick",)  # a nanny's or the scheduler's
_SCHEDULER_KEPT = "cardtable_sweep_paused"  # where the scheduler keeps what a sweep stopped


def _pause(server: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """Stops and takes out `server`'s periodic callbacks of these names; returns them."""
    stopped: dict[str, Any] = {}
    for name in names:
        callback = server.periodic_callbacks.pop(name, None)
        if callback is not None:
            callback.stop()
            stopped[name] = callback
    return stopped


def _resume(server: Any, stopped: dict[str, Any]) -> None:
    for name, callback in stopped.items():
        server.periodic_callbacks[name] = callback
        callback.start()
    stopped.clear()


class QuietWorker(WorkerPlugin):
    """Stops a worker's profiler and loop watch on setup and starts them again on teardown."""

    idempotent = True  # registered again by a second sweep: nothing more to do

    def __init__(self) -> None:
        self.stopped: dict[str, Any] = {}

    def setup(self, worker: Worker) -> None:
        self.stopped = _pause(worker, _PAUSED_CALLBACKS)

    def teardown(self, worker: Worker) -> None:
        _resume(worker, self.stopped)


class QuietNanny(NannyPlugin):
    """Stops a nanny's loop watch on setup and starts it again on teardown."""

    idempotent = True

    def __init__(self) -> None:
        self.stopped: dict[str, Any] = {}

    def setup(self, nanny: Any) -> None:
        self.stopped = _pause(nanny, _PAUSED_ELSEWHERE)

    def teardown(self, nanny: Any) -> None:
        _resume(nanny, self.stopped)


def quiet_scheduler(dask_scheduler: Any) -> None:
    """Run on the scheduler (`Client.run_on_scheduler`) when a sweep starts: its loop watch off. A
    second sweep at once finds it off already and keeps what the first stopped."""
    kept = getattr(dask_scheduler, _SCHEDULER_KEPT, None) or {}
    kept.update(_pause(dask_scheduler, _PAUSED_ELSEWHERE))
    setattr(dask_scheduler, _SCHEDULER_KEPT, kept)


def wake_scheduler(dask_scheduler: Any) -> None:
    """Run on the scheduler when a sweep ends: its loop watch on again."""
    _resume(dask_scheduler, getattr(dask_scheduler, _SCHEDULER_KEPT, None) or {})

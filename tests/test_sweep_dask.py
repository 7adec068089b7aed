"""`cardtable sweep --scheduler` on a real Dask cluster: a scheduler and two one-thread worker processes
on 127.0.0.1 (LocalCluster, as `dask scheduler` and `dask worker --nthreads 1` would be).

The same rows as `--jobs 1` whatever runs them, with the workers' profiler and the loop watches
(workers, nannies, scheduler) off while the sweep runs; a worker killed mid-sweep loses and duplicates nothing
(its block runs again elsewhere, and is written once); a sweep stopped halfway on the cluster and
resumed gives the rows of one uninterrupted. The tiny test game War (tests/games/war; the workers
inherit CARDTABLE_GAME_DIRS), each seed played in both seat rotations, random bots: cheap. The grid's
own handling is the same code path whatever runs the blocks (tests/test_sweep.py).

One test function runs the three checks on one cluster: pytest-xdist would spread separate tests over
its workers and start a cluster (about 4 s of CPU) in each.
"""

from __future__ import annotations

import os
import signal
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.lab.sweep import Plan, Progress, plan_sweep, read_rows, run_sweep

if TYPE_CHECKING:
    from distributed import LocalCluster


def _plan() -> Plan:
    return plan_sweep("war", [], 8, seed=3, rotate=True, block=2)


def test_on_a_real_cluster_the_same_rows_a_killed_worker_and_a_resume(tmp_path: Path) -> None:
    # distributed is imported here, not at the top: at collection every xdist worker paid ~1.5 s of CPU
    # importing it, for the one test that uses it.
    import dask
    from distributed import LocalCluster

    run_sweep(_plan(), tmp_path / "jobs1")
    uninterrupted = read_rows(tmp_path / "jobs1")
    # The nannies start their workers from a forkserver that has imported distributed once (Dask's
    # `distributed.worker.multiprocessing-method`, as its own test suite runs): each of the three worker
    # processes (two, and the one started after the kill) is still a process of its own, on its own
    # port, but is forked with distributed imported instead of spawned to import it again (~1 s of CPU).
    with (
        dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
    ):
        _the_scheduler_gives_the_rows_of_one_process(cluster, uninterrupted, tmp_path)
        _stopped_on_the_cluster_and_resumed_here(cluster, uninterrupted, tmp_path)
        _a_worker_killed_mid_sweep_loses_and_duplicates_nothing(cluster, uninterrupted, tmp_path)


def _keys(rows: list[dict[str, Any]]) -> Counter[tuple[str, int, int]]:
    return Counter((r["config"], r["seed"], r["rotation"]) for r in rows)


def _the_scheduler_gives_the_rows_of_one_process(
    cluster: LocalCluster, uninterrupted: list[dict[str, Any]], tmp_path: Path
) -> None:
    from distributed import Client

    def watching(dask_worker: Any) -> list[str]:
        return sorted({"profile", "tick"} & set(dask_worker.periodic_callbacks))

    def elsewhere() -> list[bool]:  # the scheduler's and the nannies' loop watch (in this process)
        servers = [cluster.scheduler, *cluster.workers.values()]
        return ["tick" in server.periodic_callbacks for server in servers]

    seen: list[list[str]] = []
    seen_elsewhere: list[bool] = []
    with Client(cluster.scheduler_address) as client:

        def look(
            step: Progress,
        ) -> None:  # while the sweep runs, the profiler and the loop watches are off
            seen.extend(client.run(watching).values())
            seen_elsewhere.extend(elsewhere())

        result = run_sweep(_plan(), tmp_path / "dask", scheduler=cluster.scheduler_address, progress=look)
        after = list(client.run(watching).values())
    assert seen and all(present == [] for present in seen)
    assert seen_elsewhere and not any(seen_elsewhere)
    assert after == [["profile", "tick"]] * 2  # and back on once it ends
    assert elsewhere() == [True] * 3
    assert (result.written, result.games, result.stopped) == (4, 16, False)
    assert read_rows(tmp_path / "dask") == uninterrupted
    assert sorted(_keys(uninterrupted)) == [
        (uninterrupted[0]["config"], s, r) for s in range(3, 11) for r in (0, 1)
    ]


def _stopped_on_the_cluster_and_resumed_here(
    cluster: LocalCluster, uninterrupted: list[dict[str, Any]], tmp_path: Path
) -> None:
    def stop_halfway(step: Progress) -> None:
        if step.blocks_done == 2:
            raise KeyboardInterrupt

    out = tmp_path / "part"
    first = run_sweep(_plan(), out, scheduler=cluster.scheduler_address, progress=stop_halfway)
    assert first.stopped and first.written == 2
    second = run_sweep(_plan(), out, resume=True)
    assert (second.kept, second.written) == (2, 2)
    assert read_rows(out) == uninterrupted


def _a_worker_killed_mid_sweep_loses_and_duplicates_nothing(
    cluster: LocalCluster, uninterrupted: list[dict[str, Any]], tmp_path: Path
) -> None:
    from distributed import Client

    with Client(cluster.scheduler_address) as client:
        pids = sorted(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_one(step: Progress) -> None:
        if not killed:  # after the first block, while both workers hold one: SIGKILL, no goodbye
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    result = run_sweep(_plan(), tmp_path / "killed", scheduler=cluster.scheduler_address, progress=kill_one)
    assert killed and not result.stopped and result.written == 4
    rows = read_rows(tmp_path / "killed")
    assert max(_keys(rows).values()) == 1  # nothing twice
    assert rows == uninterrupted  # nothing lost, nothing changed
    with Client(cluster.scheduler_address) as client:
        client.wait_for_workers(2, timeout=60)  # the nanny started a new worker
        assert pids[0] not in client.run(os.getpid).values()

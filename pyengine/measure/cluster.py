"""Arena matches on a Dask distributed cluster (the optional ``cluster`` extra).

``euchre arena --scheduler tcp://HOST:8786`` and ``make strength SCHEDULER=...`` send the
same work list the local processes play (:func:`pyengine.measure.arena.tasks`: one task a
match, its game number, seats and players' seeds all in the task) to a running Dask
scheduler, one task a match, and gather the results. A match depends only on its task,
so the results are the same, match for match, as on local processes (tests/test_cluster.py
checks it on a ``LocalCluster`` of two workers). Every worker needs the same
``euchre64`` installed (``pip install 'euchre64[cluster]'``, and ``[openspiel]`` for
IS-MCTS matches); docs/strength.md says how to start one.

Dask (``dask[distributed]``) was chosen over a hand-written socket pool: it starts workers
on many machines (``dask scheduler`` / ``dask worker``, SSH, Kubernetes, batch systems),
re-runs the tasks of a worker that dies, and its ``LocalCluster`` lets CI test the path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

INSTALL_HINT = ("a scheduler address needs Dask's distributed scheduler: "
                "pip install 'euchre64[cluster]' (dask[distributed])")
CONNECT_TIMEOUT = "20s"


class ClusterError(RuntimeError):
    """The cluster cannot be used (not installed, not reachable); the message says why."""


def available() -> bool:
    """True if dask.distributed can be imported."""
    import importlib.util
    return importlib.util.find_spec("distributed") is not None


def run_on_cluster(run_task: Callable[[Any], Any], work: list[Any], address: str,
                   progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``[run_task(t) for t in work]`` on the scheduler at ``address``, in any order."""
    if not available():
        raise ClusterError(INSTALL_HINT)
    from distributed import Client, as_completed
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    results: list[Any] = []
    with client:
        futures = client.map(run_task, work, pure=False)
        try:
            for future in as_completed(futures, loop=client.loop):
                results.append(future.result())
                if progress:
                    progress(len(results), len(work))
        except BaseException:                 # Ctrl-C or a failed task: leave no work behind
            client.cancel(futures)
            raise
    return results

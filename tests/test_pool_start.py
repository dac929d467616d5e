"""The arena's local pool and a Ctrl-C while it starts (issue 45, item 1).

8 of 60 Ctrl-C sent while ``pooled()`` forked its workers left workers alive (they ignore
SIGINT, and hold the caller's pipes open for ever), and 1 of 60 hung: the pool was made
before the ``try`` that ends it, and Pool's own clean-up of a half-started pool lets a
KeyboardInterrupt through. Here the Ctrl-C is sent at the worst moment on purpose - from
inside the pool's start, right after its first worker is forked - so the result does not
depend on timing. Every process is bounded in time and killed with its group if not."""

from __future__ import annotations

import os
import signal
import textwrap
import time

import pytest

from .bounded import bounded

LIVE_CHILDREN = """
def live_children():
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = open(f"/proc/{name}/stat").read()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == os.getpid() and state != "Z":
            out.append(int(name))
    return out
"""


@pytest.mark.parametrize("after", [1, 2])
def test_ctrl_c_while_the_pool_starts_leaves_no_worker(after):
    r = bounded(f"""
        import multiprocessing.process as mp_process, os, signal
        from pyengine.measure.arena import pooled, _run_task, tasks
        from pyengine.core.rules import BIT93
        {textwrap.indent(LIVE_CHILDREN, " " * 8).strip()}

        # Ctrl-C as a terminal delivers it: a shell without job control starts a
        # background job (a CI runner's, say) with SIGINT ignored, and Python keeps that
        signal.signal(signal.SIGINT, signal.default_int_handler)
        started = []
        real_start = mp_process.BaseProcess.start
        def start(self):
            real_start(self)
            started.append(self.pid)
            if len(started) == {after}:
                os.kill(os.getpid(), signal.SIGINT)     # Ctrl-C while the pool forks
        mp_process.BaseProcess.start = start
        try:
            list(pooled(_run_task, tasks(BIT93, "random", "random", 8, 0), 3))
            print("no interrupt")
        except KeyboardInterrupt:
            print("interrupted")
        print("started", len(started), "alive", live_children())
    """)
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert lines[0] == "interrupted", r.stdout
    assert lines[1].startswith(f"started {after}") or lines[1].startswith("started 3"), r.stdout
    assert lines[1].endswith("alive []"), r.stdout


def test_workers_end_with_their_parent():
    # a parent killed (kill -9, or a bug) before it ends its pool: a worker in the middle
    # of a long task (a match of IS-MCTS takes minutes) went on with it, parent or not
    r = bounded("""
        import multiprocessing, os, time
        from pyengine.records.safeio import worker_signals
        ctx = multiprocessing.get_context("fork")
        busy = ctx.Event()

        def long_task(_):
            busy.set()
            time.sleep(600)

        pool = ctx.Pool(1, initializer=worker_signals)
        pool.map_async(long_task, [0])
        assert busy.wait(60)                          # the worker is in its task
        print(" ".join(str(p.pid) for p in pool._pool), flush=True)
        os._exit(0)                                   # gone without ending the pool
    """)
    pids = [int(p) for p in r.stdout.split()]
    assert len(pids) == 1, (r.stdout, r.stderr)
    deadline = time.monotonic() + 60                  # a bound, not a wait: ends on a sign
    alive = pids
    while alive and time.monotonic() < deadline:
        alive = [p for p in pids if _alive(p)]
        time.sleep(0.05)
    for p in alive:
        os.kill(p, signal.SIGKILL)
    assert not alive, "workers outlived their parent"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

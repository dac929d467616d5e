"""make test on two pytest-xdist workers (docs/harness.md, "CI"): a test marked ``alone``
runs with no other test beside it, and a module's tests all run on one worker (they
share module-scoped fixtures and caches: the cross-check plan, real VICE's games; on
two workers each would compute them again)."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from .turns import Room

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _free(lock, mode: int) -> bool:
    """Could another worker take ``lock`` in ``mode`` now?"""
    try:
        fcntl.flock(lock, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    fcntl.flock(lock, fcntl.LOCK_UN)
    return True


def test_an_alone_turn_keeps_every_other_test_out(tmp_path):
    mine, other = Room.open(tmp_path), Room.open(tmp_path)      # two workers' handles
    try:
        with mine.turn(alone=False):
            assert _free(other.room, fcntl.LOCK_SH)               # ordinary tests side by side
            assert not _free(other.room, fcntl.LOCK_EX)           # an alone one waits
        with mine.turn(alone=True):
            assert not _free(other.room, fcntl.LOCK_SH)
        assert _free(other.room, fcntl.LOCK_EX) and _free(other.door, fcntl.LOCK_EX)
    finally:
        mine.close()
        other.close()


def test_a_waiting_alone_test_is_not_kept_out_by_ordinary_ones(tmp_path):
    """While an ordinary test runs, an alone test waits at the room and holds the door:
    the next ordinary test must wait behind it, not slip in beside the first."""
    ordinary, alone = Room.open(tmp_path), Room.open(tmp_path)
    waiting = threading.Event()
    order: list[str] = []

    def alone_test() -> None:
        waiting.set()
        with alone.turn(alone=True):
            order.append("alone")

    try:
        with ordinary.turn(alone=False):
            t = threading.Thread(target=alone_test)
            t.start()
            waiting.wait()
            end = time.monotonic() + 10
            while _free(ordinary.door, fcntl.LOCK_EX) and time.monotonic() < end:
                time.sleep(0.01)                                  # until it holds the door
            assert not _free(ordinary.door, fcntl.LOCK_EX)
        with ordinary.turn(alone=False):                          # the next ordinary test
            order.append("ordinary")
        t.join(10)
        assert order == ["alone", "ordinary"]
    finally:
        ordinary.close()
        alone.close()


def _make_test_pytest_options() -> list[str]:
    """The options ``make test`` gives pytest (``-n`` and ``--dist``), from make -n."""
    out = subprocess.run(["make", "-n", "test", "WORKERS=2"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120).stdout
    found = re.search(r"-m pytest -q (-n 2 --dist \S+)", out)
    assert found, out
    return found.group(1).split()


def test_make_test_keeps_a_module_on_one_worker_and_alone_tests_alone(tmp_path):
    """A real pytest-xdist run with make test's own -n and --dist and tests/conftest.py:
    each module's tests ran on one worker, and the alone test's time overlaps no other
    test's. (xdist 3.8's --dist loadgroup put one group's tests on both workers under
    pytest 9.2, as --dist load does.)"""
    log = tmp_path / "log"
    record = f"""
        import os, time, pytest
        def _log(name, t0):
            worker = os.environ["PYTEST_XDIST_WORKER"]
            with open({str(log)!r}, "a") as f:
                f.write(f"{{name}} {{worker}} {{t0}} {{time.monotonic()}}\\n")
    """
    (tmp_path / "test_a.py").write_text(textwrap.dedent(record + """
        @pytest.mark.alone
        def test_alone():
            t0 = time.monotonic(); time.sleep(0.5); _log("a.alone", t0)
        @pytest.mark.parametrize("i", range(4))
        def test_ordinary(i):
            t0 = time.monotonic(); time.sleep(0.25); _log(f"a.ordinary{i}", t0)
    """))
    (tmp_path / "test_b.py").write_text(textwrap.dedent(record + """
        @pytest.mark.parametrize("i", range(8))
        def test_ordinary(i):
            t0 = time.monotonic(); time.sleep(0.25); _log(f"b.ordinary{i}", t0)
    """))
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers = alone: alone\n")
    # only xdist and tests/conftest.py (no other plugin to import: 1.4 s of CPU, not 4)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env |= {"PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "xdist", "-p", "tests.conftest",
                        "-p", "no:cacheprovider", *_make_test_pytest_options(),
                        "--basetemp", str(tmp_path / "run"), "--rootdir", str(tmp_path),
                        "-c", str(tmp_path / "pytest.ini"), str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    runs = {name: (worker, float(a), float(b)) for name, worker, a, b in
            (line.split() for line in log.read_text().splitlines())}
    assert len(runs) == 13, runs
    for module in "ab":
        workers = {w for name, (w, _, _) in runs.items() if name.startswith(module)}
        assert len(workers) == 1, (module, runs)
    _, a0, a1 = runs.pop("a.alone")
    beside = [name for name, (_, b0, b1) in runs.items() if b0 < a1 and a0 < b1]
    assert not beside, (beside, runs)

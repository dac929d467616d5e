"""make test on two pytest-xdist workers (docs/harness.md, "CI"): a test marked ``alone``
runs with no other test beside it, and a module whose tests share a module-scoped
fixture keeps them on one worker (else each worker would compute it again)."""

from __future__ import annotations

import ast
import fcntl
import os
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


def test_under_two_workers_an_alone_test_runs_with_no_other(tmp_path):
    """A real pytest-xdist run of two workers with tests/conftest.py's turns: the alone
    test's time overlaps no other test's."""
    log = tmp_path / "log"
    (tmp_path / "test_a.py").write_text(textwrap.dedent(f"""
        import time, pytest
        def _log(name, t0):
            with open({str(log)!r}, "a") as f:
                f.write(f"{{name}} {{t0}} {{time.monotonic()}}\\n")
        @pytest.mark.alone
        def test_alone():
            t0 = time.monotonic(); time.sleep(0.5); _log("alone", t0)
        @pytest.mark.parametrize("i", range(8))
        def test_ordinary(i):
            t0 = time.monotonic(); time.sleep(0.25); _log(f"ordinary{{i}}", t0)
    """))
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers = alone: alone\n")
    # only xdist and tests/conftest.py (no other plugin to import: 1.4 s of CPU, not 4)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env |= {"PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "xdist", "-p", "tests.conftest",
                        "-p", "no:cacheprovider", "-n", "2", "--basetemp", str(tmp_path / "run"),
                        "--rootdir", str(tmp_path),
                        "-c", str(tmp_path / "pytest.ini"), str(tmp_path / "test_a.py")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env=env)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    runs = {name: (float(a), float(b)) for name, a, b in
            (line.split() for line in log.read_text().splitlines())}
    assert len(runs) == 9, runs
    a0, a1 = runs.pop("alone")
    beside = [name for name, (b0, b1) in runs.items() if b0 < a1 and a0 < b1]
    assert not beside, (beside, runs)


def _has_module_fixture(tree: ast.Module) -> bool:
    decorators = (d for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                  for d in node.decorator_list)
    for node in decorators:
        if isinstance(node, ast.Call) and any(
                k.arg == "scope" and isinstance(k.value, ast.Constant)
                and k.value.value in ("module", "package", "session") for k in node.keywords):
            return True
    return False


def _group(tree: ast.Module) -> str | None:
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
                and "xdist_group" in ast.unparse(node.value)):
            return ast.unparse(node.value)
    return None


def test_modules_with_a_shared_fixture_run_on_one_worker():
    """Each test module with a module-scoped fixture carries its own xdist_group mark
    (tests/test_crosscheck.py's plan, about 4 minutes of CPU, would be played twice)."""
    trees = {p.name: ast.parse(p.read_text()) for p in sorted(TESTS.glob("test_*.py"))}
    sharing = {name: _group(tree) for name, tree in trees.items() if _has_module_fixture(tree)}
    assert "test_crosscheck.py" in sharing and "test_vice.py" in sharing
    missing = [name for name, group in sharing.items() if group is None]
    assert not missing, missing
    assert len(set(sharing.values())) == len(sharing), sharing      # a group each


def test_make_test_runs_the_groups_as_groups():
    """Without --dist loadgroup, xdist ignores the groups and spreads their tests."""
    out = subprocess.run(["make", "-n", "test", "WORKERS=2"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120).stdout
    assert "pytest -q -n 2 --dist loadgroup --durations=" in out, out

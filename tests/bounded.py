"""A snippet of Python run in a fresh interpreter that cannot outlive its bound: used by
the tests that start the arena's worker pool (tests/test_arena_signals.py,
tests/test_pool_start.py), where a fault would leave workers or a hang behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def bounded(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter of its own process group, killed (the whole
    group, workers too) if it outlives ``timeout``, which fails the test."""
    p = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate(timeout=30)
        pytest.fail(f"still running after {timeout} s: the pool could not be ended")
    return subprocess.CompletedProcess(p.args, p.returncode, out.decode(), err.decode())

"""Which test runs when the suite seems to stall (issue 45, item 5): under ``make test``
the dots sat at 93 % for 15 minutes and nothing said which test was running.

In the process that prints the dots (xdist's controller, or pytest alone), a watchdog
thread notes each test as it starts and ends (``pytest_runtest_logstart`` /
``pytest_runtest_logfinish``, which xdist forwards from its workers) and, every
:data:`EVERY` seconds, writes one line for each test that has run longer than
:data:`STALL` seconds: ``[still running after 150 s: tests/test_x.py::test_y]``. It only
reports: a slow test on a loaded machine still passes (a hang is ended by pytest-timeout,
docs/harness.md "CI"). ``EUCHRE_TEST_STALL=SECONDS`` changes the threshold (0: off)."""

from __future__ import annotations

import os
import sys
import threading
import time

STALL = float(os.environ.get("EUCHRE_TEST_STALL", "120"))
EVERY = min(30.0, STALL) if STALL > 0 else 0.0


class Watchdog:
    """The tests that have started and not ended, and the thread that names the slow."""

    def __init__(self) -> None:
        self.running: dict[str, float] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        try:                                     # the terminal, whatever captures fd 2
            self.fd = os.dup(sys.__stderr__.fileno())   # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError):
            self.fd = -1                         # no stderr to write to: report nothing
        self.thread = threading.Thread(target=self._watch, name="stall-watchdog",
                                       daemon=True)

    def start(self) -> None:
        if STALL > 0 and self.fd >= 0:
            self.thread.start()

    def started(self, nodeid: str) -> None:
        with self.lock:
            self.running[nodeid] = time.monotonic()

    def ended(self, nodeid: str) -> None:
        with self.lock:
            self.running.pop(nodeid, None)

    def slow(self, now: float) -> list[tuple[str, float]]:
        """The tests running for more than STALL seconds at ``now``, longest first."""
        with self.lock:
            out = [(n, now - t) for n, t in self.running.items() if now - t > STALL]
        return sorted(out, key=lambda x: -x[1])

    def _watch(self) -> None:
        while not self.stop.wait(EVERY):
            for nodeid, secs in self.slow(time.monotonic()):
                try:
                    os.write(self.fd, f"\n[still running after {secs:.0f} s: {nodeid}]\n"
                             .encode())
                except OSError:
                    return

    def close(self) -> None:
        self.stop.set()
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

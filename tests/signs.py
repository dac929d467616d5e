"""Waiting for a sign, not for a time: a long command run with its error output on a
pseudo-terminal, so that its progress bar (tqdm, shown only on a terminal) is drawn, and
the test acts when the bar says work is done - ``3/100000`` - however slow the machine.

A fixed sleep assumed the command was playing by then: at load 15 it was not yet
(issue 45, item 5). The timeouts here are bounds that end a hung run, never waits."""

from __future__ import annotations

import os
import re
import select
import subprocess
import time
from collections.abc import Callable

from .ptyrun import sized_pty

BOUND = 300.0                  # seconds: only a run that hangs meets it


class Watched:
    """``argv`` with stdout discarded and stderr on a 120x24 pseudo-terminal; ``popen``
    options (``start_new_session``, ``preexec_fn``, ``cwd``) as given."""

    def __init__(self, argv: list[str], **popen: object) -> None:
        master, slave = sized_pty(120, 24)
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=slave,
                                     **popen)  # type: ignore[call-overload]
        os.close(slave)
        self.master = master
        self.err = bytearray()

    def _pump(self, seconds: float) -> bool:
        """Read what came within ``seconds``; False once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], seconds)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:                          # EIO: every writer has closed it
            return False
        self.err += data
        return bool(data)

    def wait_for(self, pattern: str, bound: float = BOUND) -> re.Match[str]:
        """Read until ``pattern`` (a regular expression) is in the error output."""
        end = time.monotonic() + bound
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            assert self.proc.poll() is None, f"ended before {pattern!r}: {self.text()[-1500:]}"
            assert time.monotonic() < end, f"no {pattern!r} in {bound} s: {self.text()[-1500:]}"
            self._pump(0.1)

    def finish(self, bound: float = BOUND) -> int:
        """The exit code, the error output read to its end."""
        end = time.monotonic() + bound
        while self.proc.poll() is None:
            assert time.monotonic() < end, f"still running: {self.text()[-1500:]}"
            self._pump(0.05)
        while self._pump(0.2):                   # what it wrote last
            pass
        return self.proc.returncode

    def text(self) -> str:
        return self.err.decode(errors="replace")

    def close(self, kill: Callable[[], None] | None = None) -> None:
        """End the command (``kill``, or SIGKILL to it) if it still runs; close the pty."""
        if self.proc.poll() is None:
            (kill or self.proc.kill)()
            self.proc.wait(timeout=30)
        os.close(self.master)


def done_of(total: str) -> str:
    """The progress bar's count of work done, at least one, of ``total`` (as tqdm writes
    it, without separators): ``17/100000``."""
    return rf"\b([1-9]\d*)/{total}\b"

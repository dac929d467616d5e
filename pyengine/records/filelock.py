"""Advisory locks (``flock``) so that two processes never write one file at once.

Two ``euchre`` processes on one transcript or one record: the first takes the
lock, the second is told so in one line (:class:`Busy`) and writes nothing. The
lock is the kernel's (``fcntl.flock``): it goes with the process, so a process
that crashed or was killed with ``kill -9`` never leaves a stale lock behind.

* :func:`try_lock` locks an open file descriptor at once or says it cannot.
* :func:`hold` locks a file (a transcript, a saved game) for as long as a game is
  played on it; :func:`locked` waits a bounded time for a lock held only for an
  instant (the record's read-add-write).
* :func:`holder` says which process holds a file's lock, when the system can tell.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WAIT = 10.0              # seconds :func:`locked` waits for a lock held for an instant
POLL = 0.02


class Busy(OSError):
    """The file is locked by another process; the message is one line for the user."""


def try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively now: True, or False if another process holds it."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def holder(path: Path) -> int | None:
    """The process that holds ``path``'s flock, if /proc/locks says (Linux), else None."""
    try:
        ino = os.stat(path).st_ino
        with open("/proc/locks", encoding="ascii", errors="replace") as f:
            for line in f:
                parts = line.split()
                if "FLOCK" in parts and len(parts) > 5 and parts[5].endswith(f":{ino}"):
                    return int(parts[4])
    except (OSError, ValueError, IndexError):
        pass
    return None


def busy_message(path: Path, what: str) -> str:
    """One line: ``path`` is in use by another process (named when known)."""
    pid = holder(path)
    who = f"another euchre (process {pid})" if pid and pid != os.getpid() else "another euchre"
    return f"{path} is {what} by {who}: wait for it to end, or choose another file"


def hold(path: Path, what: str = "in use") -> int:
    """Open ``path`` (which must exist) and lock it for as long as the descriptor is
    open; the descriptor. Busy if another process holds it, OSError if it cannot be
    opened."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_NOCTTY", 0))
    if not try_lock(fd):
        os.close(fd)
        raise Busy(busy_message(path, what))
    return fd


@contextmanager
def locked(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the lock file ``path`` (made if missing) inside the block, waiting at most
    ``wait`` seconds (:data:`WAIT`) for another process to let it go; Busy if it does
    not."""
    wait = WAIT if wait is None else wait
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        end = time.monotonic() + wait
        while not try_lock(fd):
            if time.monotonic() >= end:
                raise Busy(f"{path} is held by another euchre for more than {wait:.0f} s")
            time.sleep(POLL)
        yield
    finally:
        os.close(fd)

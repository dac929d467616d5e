"""Taking turns between pytest-xdist workers: a test marked ``alone`` runs with no other
test beside it (tests/conftest.py; docs/harness.md, "CI").

``make test`` runs the suite on two worker processes. Most tests do not mind what runs
beside them, but a few measure wall-clock latency (Ctrl-C must end a run within a
second): on a 2-core machine the other worker's CPU-bound test is a second load those
tests never had. So every test holds a turn in the same room: an ordinary test a
shared turn, an ``alone`` test the whole room. The room is two ``flock`` locks in a
folder all workers of one run share:

* ``room``: shared for an ordinary test, exclusive for an ``alone`` one;
* ``door``: held while taking the room, so an ``alone`` test waiting for the room
  holds the door and the next ordinary test queues behind it: a worker that keeps
  starting ordinary tests cannot keep an ``alone`` one out for ever (flock grants a
  shared lock beside other shared ones even while an exclusive request waits).

Locks belong to the open file, so the kernel drops them when a worker dies: a crashed
worker cannot leave the room locked.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO


@dataclass
class Room:
    """One worker's handles on the shared locks (open for the worker's whole run)."""

    door: IO[bytes]
    room: IO[bytes]

    @classmethod
    def open(cls, folder: Path) -> Room:
        folder.mkdir(parents=True, exist_ok=True)
        return cls(open(folder / "tests.door.lock", "ab"), open(folder / "tests.room.lock", "ab"))

    def close(self) -> None:
        self.door.close()
        self.room.close()

    @contextmanager
    def turn(self, alone: bool) -> Iterator[None]:
        """Hold the room while the body runs: alone (no other test) or beside others."""
        fcntl.flock(self.door, fcntl.LOCK_EX)
        try:
            fcntl.flock(self.room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            fcntl.flock(self.door, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(self.room, fcntl.LOCK_UN)

"""Progress with an ETA for long runs: shown on a terminal, silent in a pipe or a file.

A thin layer over tqdm, writing to stderr so the report on stdout stays clean;
``tqdm(disable=None)`` turns the bar off whenever stderr is not a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from tqdm import tqdm


def bar(total: int, what: str, unit: str, stream: TextIO | None = None) -> tqdm:
    """A progress bar of ``total`` ``unit``s; a no-op unless ``stream`` is a terminal."""
    return tqdm(total=total, desc=what, unit=unit, file=stream or sys.stderr,
                disable=None, leave=False, dynamic_ncols=True)


def reporter(b: tqdm) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback that moves ``b`` to ``done``."""
    def update(done: int, total: int) -> None:
        b.update(done - b.n)
    return update

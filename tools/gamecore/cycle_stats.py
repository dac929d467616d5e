"""Cycle figures of many games in memory that does not grow with the games.

A :class:`CycleHistogram` counts how often each cycle figure occurred: its size is
the number of distinct figures (a routine's cycle counts take a bounded range of
values), not the number of games, and it still gives the exact count, median and
worst that docs/performance.md's budget table prints (tools/gamecore/crosscheck.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class CycleHistogram:
    """How many times each cycle figure was seen."""

    counts: Counter[int] = field(default_factory=Counter)
    n: int = 0

    @classmethod
    def of(cls, values: Iterable[int]) -> CycleHistogram:
        h = cls()
        h.extend(values)
        return h

    def extend(self, values: Iterable[int]) -> None:
        for v in values:
            self.counts[v] += 1
            self.n += 1

    def merge(self, other: CycleHistogram) -> None:
        self.counts.update(other.counts)
        self.n += other.n

    def __len__(self) -> int:
        return self.n

    def worst(self) -> int:
        if not self.n:
            raise ValueError("no cycle figures")
        return max(self.counts)

    def _nth(self, index: int) -> int:
        """The figure at ``index`` of the sorted figures."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if index < seen:
                return value
        raise IndexError(index)

    def median(self) -> float:
        """As statistics.median of every figure: the middle one, or the mean of the two."""
        if not self.n:
            raise ValueError("no cycle figures")
        lo, hi = self._nth((self.n - 1) // 2), self._nth(self.n // 2)
        return lo if lo == hi else (lo + hi) / 2

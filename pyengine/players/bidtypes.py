"""The learned bidding model's table type, apart from the model
(:mod:`pyengine.players.bidmodel`) and its generated tables
(:mod:`pyengine.players.bidtable`), so that each imports it without importing the other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BidTable:
    """A fitted model: the feature weights and, per group, the call and alone thresholds.

    ``call[g]`` / ``alone[g]`` with ``g = group_index(round, position, bucket)``."""

    weights: tuple[int, ...]
    call: tuple[int, ...]
    alone: tuple[int, ...]

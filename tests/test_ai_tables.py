"""The 6502 player's tables are the reference player's (asm/tables.oph vs player.py).

The cross-check compares whole games; these tests say directly which table differs,
and show that the cross-check does see a lead weight the games depend on.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from pyengine.players.player import DEFAULT_THRESHOLDS, LEAD_FEATURES, LEAD_WEIGHTS
from tools.gamecore.crosscheck import crosscheck
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")


def _table(label: str) -> tuple[bytearray, int]:
    data = bytearray(PRG.read_bytes())
    load = data[0] | data[1] << 8
    start = Symbols.from_map(PRG.with_suffix(".map")).address(label) - load + 2
    return data, start


def _bytes(label: str, size: int) -> list[int]:
    data, start = _table(label)
    return list(data[start:start + size])


def test_lead_weights_are_the_reference_players():
    rows = len(LEAD_WEIGHTS)
    flat = _bytes("lead_weights", rows * len(LEAD_FEATURES))
    want = [w & 0xFF for row in LEAD_WEIGHTS for w in row]
    assert flat == want


def test_bid_thresholds_by_seat_are_the_reference_players():
    t = DEFAULT_THRESHOLDS
    dealer = 0
    # (seat 2, the dealer's partner, orders by CANADIAN_MIN: both hold order_min there)
    assert _bytes("order_min_tab", 4) == [t.call_min(1, seat, dealer) for seat in range(4)]
    assert _bytes("name_min_tab", 4) == [t.call_min(2, seat, dealer) for seat in range(4)]


def test_the_cross_check_sees_a_changed_lead_weight(tmp_path):
    data, start = _table("lead_weights")
    defender_boss = start + 2 * len(LEAD_FEATURES) + LEAD_FEATURES.index("boss")
    data[defender_boss] = 0                      # defenders stop liking bosses
    broken = tmp_path / "broken.prg"
    broken.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), broken.with_suffix(".map"))
    mismatch, _ = crosscheck(broken, 20, start_seed=0, human=False, jobs=1)
    assert mismatch is not None

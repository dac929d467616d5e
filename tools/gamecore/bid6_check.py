"""Bid Euchre's own checks of a build (asm/bid6.oph, asm/bid6_ai.oph), the quick ones first.

:func:`position_problem` calls ``ai_auction`` and ``ai_declare`` alone on random and weak
six-card hands, every high bid, dealer or not, and compares them with VariantPlayer's
functions (pyengine/players/varplayer.py): the forced dealer's bid on a weak hand, which
whole games almost never reach, is among them. :func:`problem` adds CI's bid6 cross-check
runs (tools/gamecore/ci_plan.py). tools/mutation/judges.py judges the two files' mutants
with it before the whole plan; tests/test_bid6_core.py runs it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pyengine.core import bid6
from pyengine.core.cards import Card
from pyengine.players.varplayer import MAX_BID, PARTNER_SHARE_20, TRICK, best_contract_20

from . import ci_plan
from .core import CoreError, open_program

HAND_SLOTS = 6
POSITIONS = 300
WEAK_RANKS = (1, 2, 3)                 # tens, jacks, queens: hands worth little


def varplayer_auction(hand: tuple[Card, ...], high: int, dealer_to_bid: bool) -> int:
    """VariantPlayer._auction's bid (0 = pass) from its own functions."""
    want = min(MAX_BID, (best_contract_20(hand)[1] + PARTNER_SHARE_20) // TRICK)
    legal = bid6.legal_bids(high or None, dealer_to_bid)
    bids = [n for n in legal if n is not None]
    if None in legal and (want < bid6.MIN_BID or not bids or want < bids[0]):
        return 0
    return bids[0] if want < bids[0] else want


def ai_answer(c64, routine: str, hand: tuple[Card, ...], seat: int, dealer: int,
              high: int) -> int:
    """``routine`` (ai_auction / ai_declare) called alone for ``seat`` holding ``hand``."""
    hands = [0xFF] * (4 * HAND_SLOTS)
    hands[seat * HAND_SLOTS: seat * HAND_SLOTS + len(hand)] = [int(c) for c in hand]
    lens = [0] * 4
    lens[seat] = len(hand)
    return c64.call(routine, mem={"hands": hands, "hand_len": lens, "zp_seat": seat,
                                  "dealer": dealer, "bid6_high": high},
                    max_cycles=20_000).a


def position_problem(prg: Path | str, positions: int = POSITIONS, seed: int = 25) -> str | None:
    """The first position where ai_auction or ai_declare differs from VariantPlayer."""
    c64 = open_program(prg, None, CoreError)
    rng = random.Random(seed)
    weak = [c for c in range(24) if c % 6 in WEAK_RANKS]
    for k in range(positions):
        hand = tuple(Card(c) for c in rng.sample(weak if k % 3 == 0 else list(range(24)), 6))
        seat, dealer = rng.randrange(4), rng.randrange(4)
        if k % 2:
            dealer = seat
        high = rng.choice((0, 3, 4, 5, 6))
        try:
            got = (ai_answer(c64, "ai_auction", hand, seat, dealer, high),
                   ai_answer(c64, "ai_declare", hand, seat, dealer, high))
        except Exception as exc:        # a crash or hang of a broken build  # noqa: BLE001
            return f"bid6 position {k}: {exc}"
        want = (varplayer_auction(hand, high, seat == dealer), best_contract_20(hand)[0])
        if got != want:
            return (f"bid6 position {k} (hand {[int(c) for c in hand]}, high {high}, "
                    f"{'dealer' if seat == dealer else 'not the dealer'}): the 6502 bids "
                    f"{got[0]} and declares {got[1]}, VariantPlayer {want[0]} and {want[1]}")
    return None


def problem(prg: Path | str) -> str | None:
    """None if the positions and CI's bid6 runs agree with pyengine, else the first
    difference in a line."""
    found = position_problem(prg)
    if found:
        return found
    runs = [r for r in ci_plan.ci_runs() if r.rules.bid6]
    mismatch = ci_plan.check_plan(Path(prg), runs)
    if mismatch:
        run, m = mismatch
        return f"{run.name}: game {m.seed}, event {m.index}: {m.c64_event} / {m.py_event}"
    return None


if __name__ == "__main__":
    print(problem(sys.argv[1] if len(sys.argv) > 1 else "build/euchre.prg") or "ok")

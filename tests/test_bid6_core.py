"""Six-card Bid Euchre on the 6502 (asm/bid6.oph, asm/bid6_ai.oph; issue 25).

tools/gamecore/ci_plan.py's bid6 runs cross-check whole games against pyengine (computer
and random human, games pinned for the rare paths: tests/test_crosscheck.py); here each
check is seen to fail: the build is patched the way a wrong port would be (the dealer
unable to match, makers short keeping their tricks, the defenders who set them unable to
win, a total below zero read as past 32, no-trump low's order, the dealer leading) and
the cross-check of a game that reaches that path must find the difference. The
computer's auction and contract are also compared with VariantPlayer's on random
positions, which reach what whole games almost never do (a computer dealer forced to
bid 3 on a weak hand), and pyengine's integer estimate with the float one it replaced.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.core import bid6
from pyengine.core.actions import BID6_ACTIONS
from pyengine.core.cards import Card
from pyengine.core.rules import BID6
from pyengine.players.varplayer import (
    PARTNER_SHARE,
    PARTNER_SHARE_20,
    TRICK,
    best_contract_20,
    best_contract_float,
    expected_tricks_20,
    expected_tricks_float,
)
from pyengine.records.replay import judge
from pyengine.records.transcript import TranscriptError, loads
from tools.commands.cli import cli
from tools.gamecore.bid6_check import position_problem
from tools.gamecore.core import Request
from tools.gamecore.rules_block import encode, unplayable

from .patching import address_of, at_label, first_mismatch, patched

PRG = Path("build/euchre.prg")
HAND_SLOTS = 6


def test_the_c64_plays_bid6():
    assert unplayable(BID6) == []
    assert encode(BID6)["rules_bidding"] == 1


def test_the_auction_requests_list_pyengines_bids_in_order():
    """The random human draws an index into the same list in both engines."""
    for high in (0, 3, 4, 5, 6):
        for dealer in (False, True):
            req = Request("auction", 0, (), 0, 1, 0, False, high=high, dealer_to_bid=dealer)
            want = [BID6_ACTIONS[n] for n in bid6.legal_bids(high or None, dealer)]
            got = [BID6_ACTIONS[None if c[0] == "pass" else c[1]] for c in req.legal()]
            assert got == want
            assert [req.answer(c) for c in req.legal()] == [0 if a.tricks is None else a.tricks
                                                           for a in want]


# (what is broken, label, pattern, byte, value, games, human, the mismatch says)
MUTANTS = [
    # games that reach each path (1: a computer dealer matches; 1001: the human dealer
    # matches; 5: the defenders win by setting the bid; 20: a side at -1 makes its bid)
    ("the computer dealer cannot match", "ai_auction", bytes([0xF0, 0x07, 0x18, 0x69, 0x01]),
     1, 0, (1,), False, "bid"),
    ("the human dealer's match is refused", "bid6_answer_ok", bytes([0xF0, 0x05, 0xCD]),
     1, 0, (1001,), True, "refused"),
    ("the human dealer may pass when all passed", "bid6_answer_ok",
     bytes([0xD0, 0x1B, 0xF0, 0x1B, 0xC9, 0x07]), 3, 0x19, (2057,), True, "'pass'"),
    ("makers short keep their tricks", "bid6_score", at_label(0xCD, "bid6_high", 0xB0),
     0, b"\xC9\x00\xEA", (0,), False, "score"),
    ("the defenders who set the bid may not win", "bid6_score", bytes([0x8A, 0x49, 0x01]),
     2, 0, (5,), False, "game_over"),
    ("a total below zero counts as past the target", "bid6_score", bytes([0x30, 0x0F, 0xCD]),
     0, b"\xEA\xEA", (20,), False, "game_over"),
    ("no-trump low's nine not its top card", "bid6_nt_role", bytes([0, 0, 0, 3, 2, 1, 1, 2]),
     6, 0, (0,), False, "bid"),
    ("no-trump tricks taken by Bit #93's order", "trick_taker",
     bytes([0xAD, 0x16, 0xC0, 0xD0, 0x03]), 3, b"\xEA\xEA", (0,), False, "trick"),
    ("the dealer leads, not the high bidder", "bid6_hand",
     lambda s: at_label(0xAD, "maker")(s) + at_label(0x8D, "leader")(s), 1,
     address_of("dealer"), (0,), False, "play"),
    ("the partner's share one twentieth less", "ai_auction", bytes([0x69, 0x18]), 1, 0x17,
     (0,), False, "bid"),
]


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_wrong_port_is_caught(tmp_path, mutant):
    _, label, pattern, at, value, seeds, human, says = mutant
    mismatch = first_mismatch(patched(tmp_path, label, pattern, at, value), BID6, seeds, human)
    assert mismatch is not None
    assert says in str(mismatch.c64_event) + str(mismatch.py_event)


def test_the_pinned_games_agree_unbroken():
    """The mutants' games on the build as it is (their baseline)."""
    for human, seeds in ((False, (0, 1, 5, 20)), (True, (1000, 1001, 2057))):
        assert first_mismatch(PRG, BID6, seeds, human) is None


# ---- the computer's auction and contract, position by position ------------------------

def test_ai_auction_and_declare_are_varplayers_on_random_positions():
    """Every high bid, the dealer or not, on random six-card hands and on weak ones (the
    forced dealer's bid of 3, which whole games almost never reach): bid6_check."""
    assert position_problem(PRG) is None


@pytest.mark.parametrize("routine,pattern,at,value", [
    ("ai_auction", lambda s: bytes([0xA5, s.address("zp_ai_min"), 0x60, 0xA9, 0x00]), 0,
     b"\xA9\x00"),                                                         # forced: pass
    ("bid6_nt_row", bytes([0, 6]), 1, 0),                                  # low as high
])
def test_the_position_check_sees_a_wrong_auction(tmp_path, routine, pattern, at, value):
    assert position_problem(patched(tmp_path, routine, pattern, at, value)) is not None


# ---- pyengine's integer estimate (the reference) against the float one it replaced -----

def test_the_integer_estimate_is_the_float_one_in_twentieths():
    rng = random.Random(93)
    for _ in range(3000):
        hand = tuple(Card(c) for c in rng.sample(range(24), 6))
        for contract in range(6):
            assert expected_tricks_20(hand, contract) == \
                round(expected_tricks_float(hand, contract) * TRICK)
        t, e = best_contract_20(hand)
        tf, ef = best_contract_float(hand)
        assert e == round(ef * TRICK)
        # the same bid but where a float sum lands a hair under a whole trick
        if (e + PARTNER_SHARE_20) % TRICK:
            assert (e + PARTNER_SHARE_20) // TRICK == int(ef + PARTNER_SHARE)


def test_c64_auto_writes_a_bid6_transcript_that_replay_accepts(tmp_path):
    """`euchre c64 --auto --rules bid6 --seed N --transcript F`: the 6502's own game,
    judged by pyengine's replay (every bid, contract, card and score legal and right)."""
    out = tmp_path / "game.json"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--rules", "bid6", "--seed", "5",
                                 "--transcript", str(out)])
    assert r.exit_code == 0, r.output
    t = loads(out.read_text())
    assert t.rules == "bid6" and t.events[-1]["ev"] == "game_over"
    assert any(e["ev"] == "declare" for e in t.events)
    judge(t)
    # and a transcript with a wrong score is refused (replay judges, not just reads)
    bad = json.loads(out.read_text())
    score = next(e for e in bad["events"] if e["ev"] == "score")
    score["total"][0] += 1
    with pytest.raises(TranscriptError):
        judge(loads(json.dumps(bad)))

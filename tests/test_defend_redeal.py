"""The standard options' decisions on the 6502 (asm/defend_redeal.oph, issue 25): defend
alone, farmer's hand, no ace no face no trump.

tools/ci_plan.py's option matrix cross-checks them against pyengine (computer and random
human, games pinned for their rare paths: tests/test_crosscheck.py); here each check is
seen to fail: the build is patched the way a wrong port would be (a wrong threshold, a
decision never taken, the wrong points, an illegal answer taken) and the cross-check of
the games that reach that path must find the difference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.gamecore.core import Request
from tools.gamecore.rules_block import from_cli, unplayable

from .patching import at_label, first_mismatch, patched

PRG = Path("build/euchre.prg")
DEFEND = ("defend_alone=true", "points_defend_alone=3")


def test_the_c64_plays_the_three_options():
    for options in (DEFEND, ("farmers_hand=true",), ("no_ace_no_face_no_trump=true",)):
        assert unplayable(from_cli("standard", options)) == []


def test_the_two_way_requests_answer_in_pyengines_order():
    """keep/redeal and partner/alone are answered 0/1, as REDEAL_ACTIONS and
    DEFEND_ACTIONS list them (the random human draws the same index in both engines)."""
    for kind, no, yes in (("redeal", "keep", "redeal"), ("defend", "partner", "alone")):
        req = Request(kind, 0, (), 0, 1, 0, False)
        assert req.legal() == [(no,), (yes,)]
        assert [req.answer(c) for c in req.legal()] == [0, 1]


# (what is broken, label, pattern, byte, value, options, games, human, the mismatch says)
MUTANTS = [
    ("a defender never goes alone", "ai_defend", bytes([0xC9, 16]), 1, 0xFF,
     DEFEND, (8, 37), False, "defend"),
    # pinned: game 34 has a defender of strength 15, game 8 one of exactly 16
    ("the defend-alone threshold one lower", "ai_defend", bytes([0xC9, 16]), 1, 15,
     DEFEND, (34,), False, "defend"),
    ("the defend-alone threshold one higher", "ai_defend", bytes([0xC9, 16]), 1, 17,
     DEFEND, (8,), False, "defend"),
    ("a lone defender's euchre scores points_euchre", "hand_points",
     bytes([0xAD, 0x0F, 0xC0]), 1, 0x0D, DEFEND, (8,), False, "score"),
    ("a lone defender's partner counted in the trick", "after_making",
     bytes([0x30, 0x01, 0x88]), 2, 0xEA, DEFEND, (8,), False, ""),
    # game 7: the dealer's partner defends alone in round 1, so the dealer sits out
    ("the dealer picks up though he sits out", "after_making",
     at_label(0xCD, "defender_out", 0xF0), 0, bytes([0xEA] * 3), DEFEND, (7,), True, ""),
    ("a computer keeps every farmer's hand", "ai_redeal", bytes([0xC9, 0x01]), 1, 0,
     ("farmers_hand=true",), (325,), False, "redeal"),
    # game 79: seat 0, a computer, keeps a farmer's hand (a survivor of the mutation
    # sample, docs/mutants.md: seat 0's hand_len read one byte low)
    ("seat 0's cards counted from the wrong length", "ai_redeal",
     at_label(0xBC, "hand_len"), 1, lambda s: (s.address("hand_len") - 1) & 0xFF,
     ("farmers_hand=true",), (79,), False, "redeal"),
    # cmp #RANK_TEN + RANK_LOW_BIAS + 1 (4: 7 8 9 10 are 0-3 there) made 5
    ("a jack counted as a farmer's card", "redeal_reason", bytes([0xC9, 0x04]), 1, 5,
     ("farmers_hand=true",), tuple(range(6)), False, "redeal"),
    ("no ace no face no trump asked with the upcard's suit", "redeal_reason",
     bytes([0xA5, 0x03, 0xD0]), 2, 0xF0, ("no_ace_no_face_no_trump=true",),
     tuple(range(40)), False, "redeal"),
    ("a human's answer 2 taken", "decide_two", bytes([0xC9, 0x02, 0xB0]), 1, 3,
     DEFEND, (1, 3, 5, 6), True, "EV_DEFEND with Y = 2"),
]


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_wrong_port_is_caught(tmp_path, mutant):
    _, label, pattern, at, value, options, seeds, human, says = mutant
    broken = patched(tmp_path, label, pattern, at, value)
    mismatch = first_mismatch(broken, from_cli("standard", options), seeds, human)
    assert mismatch is not None, "the cross-check did not see the broken build"
    assert says in str(mismatch.c64_event) + str(mismatch.py_event), mismatch.report()


def test_the_pinned_games_agree_unbroken():
    """The same games on the build as it is (the mutants' baseline)."""
    for _, _, _, _, _, options, seeds, human, _ in MUTANTS:
        assert first_mismatch(PRG, from_cli("standard", options), seeds[:2], human) is None


def test_ai_defend_shares_the_reference_players_strength_tables():
    """ai_defend is VariantPlayer._defend by way of hand_strength, the reference player's
    strength: right only while VariantPlayer's strength() uses the same tables for 24
    cards. If the reference player's tables change (docs/strength.md), VariantPlayer's
    strength does not, and ai_defend needs tables of its own."""
    from pyengine.players import player, varplayer

    assert varplayer.TRUMP_POINTS[:len(player.TRUMP_POINTS)] == player.TRUMP_POINTS
    assert (varplayer.OFF_ACE_POINTS, varplayer.VOID_POINTS) == \
        (player.OFF_ACE_POINTS, player.VOID_POINTS)
    assert player.VOID_MIN_TRUMPS == 2              # varplayer: "if trumps >= 2"

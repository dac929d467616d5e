"""The 6502 rules primitives (asm/cards.oph) agree with pyengine on every input.

CI runs every input of the small spaces and seeded samples of the two large ones
(ordered 4-card tricks, hands of 4 and 5 cards); ``make exhaustive`` (``pytest -m slow``)
runs those whole. Each test prints its coverage line (see it with ``pytest -s``) and
fails with the first difference in full. The last tests break one byte of the program
and check that the cross-check notices.
"""

from __future__ import annotations

import pytest

from tools.build import build
from tools.harness import C64
from tools.primitives import (
    CI_MASK_FULL_SIZES,
    CI_MASK_SAMPLE_HANDS,
    CI_TRICK4_SAMPLE,
    DEFAULT_SEED,
    Primitives,
    Report,
    check_card_power,
    check_effective_suit,
    check_hand_points,
    check_legal_mask,
    check_set_trump,
    check_trick_winner,
)

OP_BCC, OP_BCS, OP_BNE, OP_BEQ, OP_CMP_ZP = 0x90, 0xB0, 0xD0, 0xF0, 0xC5


@pytest.fixture(scope="module")
def prg():
    return build()


@pytest.fixture(scope="module")
def prims(prg) -> Primitives:
    return Primitives(C64.from_build())


@pytest.fixture
def fresh(prg) -> Primitives:
    """An image of its own, for tests that patch it."""
    return Primitives(C64.from_build())


def agree(report: Report) -> None:
    print(report.line())
    assert report.ok, report.failure()


# ---- every input (CI) --------------------------------------------------------------------
def test_set_trump_keeps_the_suit_and_its_table_row(prims):
    agree(check_set_trump(prims))


def test_effective_suit_every_card_and_trump_left_bower_is_trump(prims):
    # DESIGN rule 8: "Follow suit by effective suit (the left bower is trump)."
    rep = check_effective_suit(prims)
    assert rep.cases == 96
    agree(rep)


def test_card_power_every_card_trump_and_led_suit(prims):
    # DESIGN rule 8: "Trump order: right bower, left bower, A, K, Q, 10, 9; other suits
    # A, K, Q, J, 10, 9." Power 0 (a card that cannot win) must also set Z.
    rep = check_card_power(prims)
    assert rep.cases == 384
    agree(rep)


def test_trick_winner_every_three_card_trick(prims):
    # a lone maker's trick has three cards
    rep = check_trick_winner(prims, 3)
    assert rep.cases == 12_144 * 4
    agree(rep)


def test_trick_winner_sampled_four_card_tricks(prims):
    rep = check_trick_winner(prims, 4, sample=CI_TRICK4_SAMPLE, seed=DEFAULT_SEED)
    assert rep.cases == CI_TRICK4_SAMPLE
    agree(rep)


@pytest.mark.parametrize("size", CI_MASK_FULL_SIZES)
def test_legal_mask_every_small_hand_led_suit_and_trump(prims, size):
    rep = check_legal_mask(prims, size)
    assert rep.cases == rep.space_size
    agree(rep)


@pytest.mark.parametrize("size", [4, 5])
def test_legal_mask_sampled_hands_of_four_and_five(prims, size):
    rep = check_legal_mask(prims, size, sample=CI_MASK_SAMPLE_HANDS, seed=DEFAULT_SEED)
    assert rep.cases == CI_MASK_SAMPLE_HANDS * 20
    agree(rep)


def test_hand_points_every_maker_team_trick_count_and_alone(prims):
    # DESIGN rule 9: "makers 3-4 tricks: 1; makers 5 tricks: 2; lone maker 5 tricks: 4;
    # lone maker 3-4: 1; makers euchred (under 3): defenders 2."
    rep = check_hand_points(prims)
    assert rep.cases == 24
    agree(rep)


# ---- the whole large spaces (make exhaustive) ----------------------------------------------
@pytest.mark.slow
def test_trick_winner_every_four_card_trick(prims):
    rep = check_trick_winner(prims, 4)
    assert rep.cases == 255_024 * 4
    agree(rep)


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 5])
def test_legal_mask_every_hand_of_four_and_five(prims, size):
    rep = check_legal_mask(prims, size)
    assert rep.cases == rep.space_size
    agree(rep)


# ---- the check can fail -----------------------------------------------------------------------
def patch_after(p: Primitives, routine: str, pattern: list[int], offset: int, value: int) -> int:
    """Replace the byte ``offset`` into the first ``pattern`` after ``routine``'s label."""
    mem, start = p.c64.mem, p.c64.address(routine)
    for addr in range(start, start + 64):
        if list(mem[addr:addr + len(pattern)]) == pattern:
            p.c64.poke(addr + offset, value)
            return addr + offset
    raise AssertionError(f"{pattern} not found in {routine}")


def test_a_wrong_power_tab_byte_is_reported_in_full(fresh):
    # spades trump: the ace's power becomes 14, above the right bower's 13
    table = fresh.c64.address("power_tab")
    ace_of_spades = 0 * 24 + 5
    assert fresh.c64.peek(table + ace_of_spades) == 11
    fresh.c64.poke(table + ace_of_spades, 14)
    rep = check_card_power(fresh)
    assert rep.mismatches == 4                  # AS under spades, for each led suit
    assert str(rep.first) == ("card_power: card AS, trump S, led S: "
                              "6502 power 14 (Z=0), pyengine power 11 (Z=0)")
    rep = check_trick_winner(fresh, 3, sample=2_000)
    assert not rep.ok
    assert "trump S" in str(rep.first) and "AS" in str(rep.first)
    assert "6502 index" in rep.failure() and "pyengine index" in rep.failure()


def test_a_flipped_branch_in_trick_winner_is_reported(fresh):
    # cmp zp_tmp0 / bcc _lower: "lower than the best so far" becomes "not lower"
    zp_tmp0 = fresh.c64.address("zp_tmp0")
    patch_after(fresh, "trick_winner", [OP_CMP_ZP, zp_tmp0, OP_BCC], 2, OP_BCS)
    rep = check_trick_winner(fresh, 4, sample=400)
    assert not rep.ok
    first = rep.first
    assert first.primitive == "trick_winner (4 cards)"
    assert first.inputs.startswith("cards ") and ", trump " in first.inputs
    assert "(led " in first.inputs and first.got != first.expected


def test_a_flipped_branch_in_legal_mask_is_reported(fresh):
    # cmp zp_led / bne _scan: the cards that do *not* follow become the followers
    zp_led = fresh.c64.address("zp_led")
    patch_after(fresh, "legal_mask", [OP_CMP_ZP, zp_led, OP_BNE], 2, OP_BEQ)
    rep = check_legal_mask(fresh, 3, sample=50)
    assert not rep.ok
    assert rep.first.inputs.startswith("hand ") and ", led " in rep.first.inputs
    assert rep.first.got.startswith("%")


def test_a_wrong_score_is_reported(fresh):
    # the lone march pays 3 instead of 4: the scoring table rules_setup builds from the
    # rules block (issue 25) is broken right after it is built
    c64 = fresh.c64
    table, setup, call = c64.address("score_ram"), c64.address("rules_setup"), c64.call

    def call_and_break(where, **kw):
        result = call(where, **kw)
        if where in ("rules_setup", setup):
            c64.poke(table + 5 * 2 + 1, 0x80 | 3)
        return result

    c64.call = call_and_break
    rep = check_hand_points(fresh)
    assert rep.mismatches == 2                  # either team as makers
    assert str(rep.first) == ("hand_points: makers team 0, 5 tricks, alone: "
                              "6502 A=3 C=1 -> points [3, 0], pyengine points [4, 0]")

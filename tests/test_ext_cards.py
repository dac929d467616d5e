"""asm/ext_cards.oph's tables are pyengine's EXT (pyengine/core/cards.py), entry for
entry: the 33 card codes under the six contracts, read from the assembled program
(tools/gamecore/ext_check.py).

Power is kept compactly (the file's header): a card's power where it counts, and it
counts when its effective suit is the contract or the suit led. Every one of the
6 x 5 x 33 powers is rebuilt from the image that way and, through the 6502's own
ext_card_power, by running it; ext_trick_winner and ext_legal_mask run on sampled
tricks and hands. The last test changes one entry of each table and checks that the
comparison names it.
"""

from __future__ import annotations

import pytest

from tools.gamecore.ext_check import (
    legal_mask_differences,
    primitive_differences,
    table_differences,
    trick_winner_differences,
)
from tools.machine.harness import C64
from tools.program.build import build


@pytest.fixture(scope="module")
def prg():
    return build()


@pytest.fixture(scope="module")
def c64(prg) -> C64:
    return C64.from_build()


def test_every_table_entry_is_exts(c64):
    assert table_differences(c64) == []


def test_ext_card_power_and_effective_suit_run_as_ext(c64):
    """Every contract x led suit x card (990 powers, Z set exactly when 0) and every
    contract x card (198 suits)."""
    assert primitive_differences(c64) == []


def test_ext_trick_winner_sampled_tricks(c64):
    """20,000 random tricks of 1-4 distinct codes under every contract."""
    assert trick_winner_differences(c64, 20_000, seed=93) == []


def test_ext_legal_mask_sampled_hands(c64):
    """10,000 random hands of 1-6 codes x every led suit (and leading) x contract."""
    assert legal_mask_differences(c64, 10_000, seed=94) == []


@pytest.mark.parametrize("label", ["ext_card_suit", "ext_card_rank", "ext_eff_tab",
                                   "ext_power_tab", "ext_trank_tab", "ext_worth_tab",
                                   "ext_trump_order_tab", "ext_row_tab"])
def test_one_changed_entry_is_seen(prg, label):
    c64 = C64.from_build()
    where = c64.address(label) + 3           # the fourth entry (a queen under spades)
    c64.poke(where, c64.peek(where) ^ 0x01)
    assert table_differences(c64), label

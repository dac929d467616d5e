"""Three-player cutthroat on the 6502 (asm/cutthroat.oph, issue 25): the seats, the deal,
the score by seat and the tie dealt again.

tools/gamecore/ci_plan.py's option matrix cross-checks cutthroat against pyengine
(computer and random human, with games pinned for a tie and a farmer's hand:
tests/test_crosscheck.py); here that check is seen to fail on builds patched the way a
wrong port would be (a seat count of four left somewhere, a euchre scoring one defender,
a tie won by the first seat, the upcard one card late...).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.core.rules import Rules
from tools.gamecore.core import Core, EventDecoder
from tools.gamecore.crosscheck import python_events
from tools.gamecore.rules_block import from_cli, unplayable
from tools.program.c64map import Symbols

from .patching import first_mismatch, patched

PRG = Path("build/euchre.prg")
THREE = ("players=3",)
BLACK_JACK = ("players=3", "first_dealer=black_jack")
FARMERS = ("players=3", "farmers_hand=true")
LDA_ABS, LDX_IMM, LDY_ABS, CMP_ABS, CMP_IMM, CPX_ABS, STA_ZP, STX_ZP = (
    0xAD, 0xA2, 0xAC, 0xCD, 0xC9, 0xEC, 0x85, 0x86)
LDA_IMM, LDY_IMM, BCS, NOP = 0xA9, 0xA0, 0xB0, 0xEA
WINDOW = 200                     # bytes after the label searched for the pattern


def _abs(symbols: Symbols, label: str, offset: int = 0) -> bytes:
    address = symbols.address(label) + offset
    return bytes([address & 0xFF, address >> 8])


def _zp(symbols: Symbols, label: str) -> int:
    return symbols.address(label)


# (what is broken, routine, pattern(symbols), byte of the pattern, new bytes(symbols),
#  options, games, human)
MUTANTS = [
    ("next_seat wraps at four seats", "next_seat",
     lambda s: bytes([CMP_ABS]) + _abs(s, "rules_players"), 0,
     lambda s: bytes([CMP_IMM, 4, NOP]), THREE, (0,), False),
    ("bidding asks four seats a round", "bidding",
     lambda s: bytes([LDA_ABS]) + _abs(s, "rules_players") + bytes([STA_ZP]), 0,
     lambda s: bytes([LDA_IMM, 4, NOP]), THREE, (0, 1, 2), False),
    # 95: the dealer's left keeps a farmer's hand, and with four offers is asked again
    ("a new deal offered to four seats", "redeal_offers",
     lambda s: bytes([LDA_ABS]) + _abs(s, "rules_players") + bytes([STA_ZP]), 0,
     lambda s: bytes([LDA_IMM, 4, NOP]), FARMERS, (95, 173), False),
    ("a trick waits for a fourth card", "after_making",
     lambda s: bytes([LDY_ABS]) + _abs(s, "rules_players"), 0,
     lambda s: bytes([LDY_IMM, 4, NOP]), THREE, (0,), False),
    ("the first dealer's seat is the card's index mod 4", "seat_of_card",
     lambda s: bytes([CMP_ABS]) + _abs(s, "rules_players"), 0,
     lambda s: bytes([CMP_IMM, 4, NOP]), BLACK_JACK, (1, 3, 4), False),
    ("the upcard dealt from deck[16]", "deal_three",
     lambda s: bytes([LDA_ABS]) + _abs(s, "deck", 15), 1,
     lambda s: _abs(s, "deck", 16), THREE, (0,), False),
    ("packets 2-3-2 then 3-2-3", "cut_packet_tab",
     lambda s: bytes([3, 2, 3, 2, 3, 2]), 0,
     lambda s: bytes([2, 3, 2, 3, 2, 3]), THREE, (0,), False),
    ("tricks counted by partnership", "seats_setup",
     lambda s: bytes([LDA_IMM, 0xFF]), 1, lambda s: bytes([0x01]), THREE, (0, 1), False),
    ("a euchre's points to seats 0 and 1 only", "score_three",
     lambda s: bytes([LDX_IMM, 2, CPX_ABS]), 1, lambda s: bytes([1]), THREE,
     (0, 1, 2, 3), False),
    ("equal totals past the target: the first seat wins", "score_three",
     lambda s: bytes([STX_ZP, _zp(s, "zp_tmp1"), BCS]), 6,
     lambda s: bytes([NOP, NOP]), THREE, (6, 10), False),
    ("a human's euchre points to one defender", "score_three",
     lambda s: bytes([LDX_IMM, 2, CPX_ABS]), 1, lambda s: bytes([1]), THREE,
     (1000, 1001, 1002), True),
]


def test_the_c64_plays_cutthroat():
    assert unplayable(from_cli("standard", THREE)) == []
    assert from_cli("standard", THREE).players == 3


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_wrong_port_is_caught(tmp_path, mutant):
    _, label, pattern, at, new, options, seeds, human = mutant
    broken = patched(tmp_path, label, pattern, at, new, window=WINDOW)
    assert first_mismatch(broken, from_cli("standard", options), seeds, human) is not None, \
        "the cross-check did not see the broken build"


def test_the_mutants_games_agree_unbroken():
    """The same games on the build as it is (the mutants' baseline)."""
    for *_, options, seeds, human in MUTANTS:
        mismatch = first_mismatch(PRG, from_cli("standard", options), seeds, human)
        assert mismatch is None, mismatch.report()


def test_a_tie_past_the_target_is_dealt_again_on_the_6502():
    """Game 6 (pinned in the CI plan): two seats reach the target with equal totals
    (6-10-10); the 6502 deals another, and its last event names the higher total."""
    rules = from_cli("standard", THREE)
    game = Core(PRG).play(6, rules=rules)
    tie = [e for e in game.events if e["ev"] == "score"
           and sorted(e["total"])[1:] == [max(e["total"])] * 2 and max(e["total"]) >= 10]
    assert tie, "game 6 no longer has a tie past the target"
    end = game.events[-1]
    assert end["ev"] == "game_over"
    assert end["total"][end["winner"]] > max(t for s, t in enumerate(end["total"])
                                             if s != end["winner"])
    assert game.events == python_events(6, False, rules)


def test_seat_three_is_never_dealt_nor_asked():
    """hand_len[3] stays 0 through a cutthroat game (the front end draws no fourth hand),
    and no event names seat 3."""
    rules = from_cli("standard", THREE)
    core = Core(PRG)
    game = core.play(5, rules=rules)
    assert core.c64.read_label("hand_len", 4)[3] == 0
    assert all(e.get("seat", 0) < 3 and e.get("winner", 0) < 3 and e.get("dealer", 0) < 3
               for e in game.events)
    assert all(len(e["hands"]) == 3 for e in game.events if e["ev"] == "deal")


def test_the_decoder_follows_the_rules_seats():
    decoder = EventDecoder(Rules())
    assert (decoder.players, decoder.sides) == (4, 2)
    decoder.reset(from_cli("standard", THREE))
    assert (decoder.players, decoder.sides) == (3, 3)


def test_totals_past_127_are_read_unsigned():
    """Game 101 of bit93 three-handed with a random human: seats 1 and 2, tied past the
    target, take 2 points each from every euchre of seat 0 for 80 hands, to 135
    (score_three compares totals unsigned). Only Bid Euchre's totals are signed bytes;
    read as signed here, the harness saw -128 where pyengine has 128."""
    rules = from_cli("bit93", THREE)
    assert first_mismatch(PRG, rules, (101,), True) is None
    assert max(t for e in python_events(101, True, rules) if e["ev"] == "score"
               for t in e["total"]) > 127

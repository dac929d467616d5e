"""Bid Euchre on the C64's own screens, played by keys under the harness (issue 25).

BID EUCHRE is chosen on the options screen by its keys, a game number typed on the
title, and the whole game played at South's prompts as a person presses keys (held
frames, the KERNAL's scan): bids by P / 3-6 or the cursor and RETURN, the contract by
S H D C + - or the cursor, cards by their number. At every prompt the screen is
judged against pyengine's state after the 6502's events (never against the 6502's
own output): the totals (below zero too), row 1's bids seat by seat and then the
contract and its maker, the bids offered in pyengine's order, South's six cards;
illegal bids are refused with the line saying why and nothing changes. At the end
the 6502's events must be pyengine's game with South's choices and VariantPlayer at
the other seats.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyengine.core.game import BidAction, DeclareAction, PlayAction
from pyengine.core.rules import BID6
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.transcript import from_game
from tools.frontend.bid6_play import Scripted, play_bid6_by_keys
from tools.frontend.driver import SPACE, STOP, Frontend, prompt
from tools.frontend.gameover_screen import bid6_sheet_rows, game_over_problems
from tools.frontend.options_screen import choose_rules
from tools.frontend.screen_read import keys_game_over
from tools.frontend.sheet_read import bid6_sheet

PRG = Path("build/euchre.prg")


@pytest.mark.parametrize("seed", [1020])
def test_a_whole_bid6_game_by_keys_is_pyengines(seed):
    fe, choices, seen = play_bid6_by_keys(seed, random.Random(seed), PRG)
    assert {"auction", "declare", "play", "a low bid refused", "a total below zero"} <= seen, seen
    south = Scripted(choices)
    py = from_game(play_game(BID6, seed, [south, VariantPlayer(), VariantPlayer(),
                                          VariantPlayer()])).events
    assert fe.events == py
    assert not south.actions
    end = fe.screen()                                  # the game-over screen
    total = py[-1]["total"]
    assert prompt(end).kind == "game_over" and f"WE {total[0]} THEY {total[1]}" in end.row(0)
    # issue 44: "Bid Euchre's game over has no score sheet (the README promises one)":
    # every hand's bid, contract, maker, tricks, MADE/SET and both sides' points, cell
    # for cell as the events say (tools/frontend/gameover_screen.py)
    assert game_over_problems(end, fe.events, seed, keys_game_over(seed)) == [], end.text()
    sheet = bid6_sheet(end)
    assert sheet == bid6_sheet_rows(py) and len(sheet) == 12
    assert {r.made for r in sheet} == {True, False} and any(r.contract >= 4 for r in sheet)
    assert any(min(r.points) < 0 for r in sheet)
    assert any(isinstance(a, DeclareAction) for a in choices)
    assert all(isinstance(a, (BidAction, DeclareAction, PlayAction)) for a in choices)


@pytest.mark.parametrize("label,pattern,at,value,says", [
    # a total below zero printed without its negation: "-253" for -4
    ("text_signed", bytes([0x49, 0xFF, 0x18, 0x69, 0x01]), 1, 0x00, "row 0"),
    # the dealer's match left out of South's choices (the bids offered start one higher)
    ("bid6_answer_ok", bytes([0xF0, 0x05, 0xCD]), 1, 0, ""),
    # East's six backs from column 35: the sixth wraps onto the next row's first cell
    ("backs_col_six", bytes([0, 1, 17, 34]), 3, 35, ""),
])
def test_the_screen_check_sees_a_wrong_front_end(tmp_path, label, pattern, at, value, says):
    from tests.test_bid6_core import patched

    prg = patched(tmp_path, label, pattern, at, value)
    with pytest.raises(Exception) as caught:       # FrontendError, or a harness fault
        fe, choices, _ = play_bid6_by_keys(1020, random.Random(1020), prg)
        south = Scripted(choices)
        py = from_game(play_game(BID6, 1020, [south, VariantPlayer(), VariantPlayer(),
                                              VariantPlayer()])).events
        assert fe.events == py, "the game differs"
    assert says in str(caught.value)


def test_the_rules_pages_tell_bid_euchre_once_it_is_chosen():
    """Key 2 on the title under BID EUCHRE: its own three pages (the auction, the dealer's
    match and forced bid, no-trump, scores below zero, 32 from the rules block); under
    BIT 93 the pages are Bit #93's."""
    fe = Frontend(PRG)
    fe.boot()
    first = fe.key("2").text()
    assert "EUCHRE: THE RULES (1/3)" in first and "BID EUCHRE" not in first
    assert "UPCARD" in first
    fe.key(STOP)
    choose_rules(fe, BID6, "keys")
    pages = [fe.key("2").text()]
    pages += [fe.key(SPACE).text() for _ in range(2)]
    assert "BID EUCHRE: THE RULES (1/3)" in pages[0] and "NO UPCARD" in pages[0]
    assert "THE AUCTION (2/3)" in pages[1] and "MAY MATCH THE HIGH BID" in pages[1]
    assert "NO-TRUMP LOW (9 HIGH TO ACE)" in pages[1]
    assert "SCORES GO BELOW ZERO" in pages[2] and "THE FIRST SIDE TO 32 OR MORE" in pages[2]
    assert prompt(fe.key(SPACE)).kind == "title"

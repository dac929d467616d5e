"""Issue 44, the keys lines at South's bids name only the keys that work there.

"Cutthroat's keys line offers `A ALONE` though going alone is off there; Bid Euchre's
says `P PASS 3-6 BID` when only 4-6 are open." The lines expected are built from
pyengine's legal actions after the 6502's events (never from the 6502's own output).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.core.bid6 import legal_bids
from pyengine.core.rules import BID6
from pyengine.core.rulescode import rules_from_code
from tools.frontend.checkpoints import engine_state
from tools.frontend.driver import Frontend, prompt
from tools.frontend.options_screen import choose_rules
from tools.frontend.screen_read import ROW_KEYS, ROW_MSG, keys_auction, keys_bid1, keys_bid2

PRG = Path("build/euchre.prg")
CUTTHROAT = rules_from_code("STD A0 Y3")


def _at_first_prompt(rules, seed: int) -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    choose_rules(fe, rules, "keys")
    fe.start(seed)
    return fe


@pytest.mark.parametrize("seed", [3, 8])
def test_cutthroat_bids_offer_no_alone_and_a_means_nothing(seed):
    """Three players have no partners: no bid may go alone (pyengine's legal actions
    have none), so neither round's keys line says `A ALONE`, and A changes nothing."""
    fe = _at_first_prompt(CUTTHROAT, seed)
    seen = set()
    while (p := prompt(screen := fe.screen())).kind in ("bid1", "bid2"):
        game = engine_state(seed, fe.events, CUTTHROAT)
        assert not any(a.alone for a in game.legal_actions())
        keys = screen.row(ROW_KEYS).strip()
        want = keys_bid1(game.dealer == 0, False, alone=False) if p.kind == "bid1" \
            else keys_bid2(game.up_suit, alone=False)
        assert keys == want and "ALONE" not in keys, (keys, want)
        after = fe.key("A")
        assert after.text() == screen.text(), "A changed the screen under cutthroat"
        if p.kind == "bid1":                    # a suit's key in round 1: why not
            said = fe.key("S" if game.up_suit else "H").row(ROW_MSG).strip()
            assert said == "ROUND 1: O ORDER, P PASS", said
        seen.add(p.kind)
        fe.key("P")
    assert "bid1" in seen


def test_standard_keys_line_still_offers_alone_where_it_is_allowed():
    """The control: WEB lets the maker go alone, so round 1's line keeps `A ALONE`."""
    web = rules_from_code("WEB")
    fe = _at_first_prompt(web, 42)
    screen = fe.screen()
    game = engine_state(42, fe.events, web)
    assert prompt(screen).kind == "bid1" and any(a.alone for a in game.legal_actions())
    assert screen.row(ROW_KEYS).strip() == keys_bid1(game.dealer == 0, False, alone=True)
    assert "A ALONE" in screen.row(ROW_KEYS)


@pytest.mark.parametrize("seed", [4, 7])
def test_bid_euchre_keys_line_names_the_bids_still_open(seed):
    """A seat before South bid 3 (games 4 and 7, found with pyengine): only 4-6 are
    open to South, and the keys line says so."""
    fe = _at_first_prompt(BID6, seed)
    screen = fe.screen()
    game = engine_state(seed, fe.events, BID6)
    assert prompt(screen).kind == "auction" and game.contract == 3 and game.dealer != 0
    assert screen.row(ROW_KEYS).strip() == keys_auction(legal_bids(3, False)) \
        == "P PASS 4-6 BID  CRSR+RETURN L=LAST"


def test_keys_auction_spells_each_range():
    """The reader's own spelling of the line (tools/frontend/screen_read.py)."""
    assert keys_auction((None, 3, 4, 5, 6)) == "P PASS 3-6 BID  CRSR+RETURN L=LAST"
    assert keys_auction((3, 4, 5, 6)) == "3-6 BID  CRSR+RETURN L=LAST"     # the stuck dealer
    assert keys_auction((None, 6)) == "P PASS 6 BID  CRSR+RETURN L=LAST"
    assert keys_auction((None,)) == "P PASS CRSR+RETURN L=LAST"

"""The reference player reads the rule set: the dealer's discard and a stuck dealer's auction.

Bit #93 (the C64's game) keeps its own strengths and thresholds; these tests pin that the
standard rules get theirs, on hands whose strengths are worked out by hand from the tables
in pyengine/players/player.py (trumps 9 10 Q K A left right = 2 2 2 3 4 5 6, a void side
suit 1 when the hand holds two trumps or more).
"""

from __future__ import annotations

import pytest

from pyengine.core.cards import DIAMONDS, SPADES
from pyengine.core.events import ORDER, PASS
from pyengine.core.game import BidAction
from pyengine.core.rules import BIT93, STANDARD
from pyengine.measure.arena import make_player
from pyengine.measure.fit import bid_positions, main
from pyengine.players.player import RefPlayer, round1_strength, thresholds_for

from .helpers import rigged

ref = RefPlayer()
DECK = [r + s for s in "SHDC" for r in "9TJQKA"]


def _dealer_view(hand: str, upcard: str, rules):
    """Seat 0 deals; the three others (the rest of the deck) pass in round 1, so it is
    the dealer's turn."""
    rest = [c for c in DECK if c not in hand.split() and c != upcard]
    others = [" ".join(rest[i:i + 5]) for i in (0, 5, 10)]
    g = rigged([hand, *others], upcard, dealer=0, rules=rules)
    for _ in range(3):
        g.apply(BidAction(PASS))
    return g.view(0)


@pytest.mark.parametrize("rules, strength", [(STANDARD, 7), (BIT93, 4)])
def test_dealer_strength_follows_the_discard_rule(rules, strength):
    # 9S TH 9H TD 9C, the AS turned: where any card may go (standard) the best five are
    # AS 9S TH 9H 9C with diamonds void: 4 + 2 + 1 = 7. Bit #93 makes him throw the 9S:
    # 9S alone is 2 (one trump: no void points), + AS 4 - 9S 2 = 4.
    assert round1_strength(_dealer_view("9S TH 9H TD 9C", "AS", rules)) == strength


def test_dealer_orders_on_his_best_five_where_any_card_may_go():
    # 9S KS TH 9H 9C, the AS turned. Standard: 9S KS AS TH 9H, clubs and diamonds void:
    # 2 + 3 + 4 + 1 + 1 = 11, the stuck-the-dealer order_min: he orders. Bit #93: 9S KS
    # and diamonds void is 6, + AS 4 - 9S 2 = 8, below its 9: he passes.
    hand = "9S KS TH 9H 9C"
    assert ref.decide(_dealer_view(hand, "AS", STANDARD)) == BidAction(ORDER, SPADES)
    assert ref.decide(_dealer_view(hand, "AS", BIT93)) == BidAction(PASS)


def test_dealers_left_waits_for_round_two_when_the_dealer_is_stuck():
    # JD AD QD 9S 9C for the dealer's left, the KD turned: 6 + 4 + 2, hearts void 1,
    # less half the KD's 3 (it goes to the dealer): 12. Bit #93 orders at 11; with the
    # dealer stuck (standard) this seat waits for round 2 below 13.
    hands = ["9H TH QH KH AH", "JD AD QD 9S 9C", "TS QS KS AS TC", "JS JC QC KC AC"]
    for rules, want in ((BIT93, BidAction(ORDER, DIAMONDS)), (STANDARD, BidAction(PASS))):
        g = rigged(hands, "KD", dealer=0, rules=rules)
        assert ref.decide(g.view(1)) == want, rules.name


def test_fit_plays_the_rules_it_is_given():
    rows = bid_positions(3, rules=STANDARD)
    groups = {p.group for p in rows}
    assert rows and "r1 canadian" not in groups         # no Canadian rule in standard
    assert all(p.values[0] is None for p in rows if p.group == "r2 dealer")   # stuck
    assert any(p.group == "r1 canadian" for s in range(3) for p in bid_positions(s))


def test_fit_refuses_a_rule_set_without_an_upcard(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["bids", "--rules", "bid6"])
    assert exc.value.code == 2
    assert "--rules" in capsys.readouterr().err


def test_arena_variants_start_from_the_rules_thresholds():
    # ``ref`` in the arena bids as the game's ref under every rule set, and a variant
    # changes only the fields it names
    plain, variant = make_player("ref"), make_player("ref:alone_min=20")
    assert plain.thresholds_in(STANDARD) == thresholds_for(STANDARD) != thresholds_for(BIT93)
    assert plain.thresholds_in(BIT93) == thresholds_for(BIT93)
    for rules in (STANDARD, BIT93):
        t = variant.thresholds_in(rules)
        assert t.alone_min == 20
        assert t.order_left == thresholds_for(rules).order_left

"""The reference player's memory, scored lead, third-hand overtake and seat/score bids.

Every expected value here is worked out by hand from the rules in
pyengine/players/player.py's docstring and the LEAD_WEIGHTS table (issue 16); the
6502 plays the same rules, checked game by game by the cross-check.
"""

from __future__ import annotations

from pyengine.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_card
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import BidAction, PlayAction
from pyengine.players.memory import gone_cards, outranked_by, void_suits
from pyengine.players.player import (
    DEFENDER,
    LEAD_WEIGHTS,
    RefPlayer,
    lead_features,
    lead_role,
    round1_strength,
)

from .helpers import rigged

P = parse_card
ref = RefPlayer()

# Seat 1 names spades in round 2 (the KD turned down); seat 2 leads the first trick.
# The kitty holds 9S TS JH.
HANDS = ["AH 9H JS 9D TH", "KH AS KS QS 9C", "QH QD AD TC JC", "TD JD QC KC AC"]


def _named_spades(hands=HANDS):
    g = rigged(hands, "KD", dealer=0)
    for _ in range(4):
        g.apply(BidAction(PASS))
    g.apply(BidAction(NAME, SPADES))
    assert g.turn == 2
    return g


def test_a_seat_that_shows_out_is_remembered_void():
    g = _named_spades()
    g.apply(PlayAction(P("QH")))
    g.apply(PlayAction(P("QC")))                 # seat 3 has no heart
    assert void_suits(g.view(0)) == [0, 0, 0, 1 << HEARTS]


def test_third_hand_overtakes_a_partner_who_can_still_be_beaten():
    g = _named_spades()
    g.apply(PlayAction(P("QH")))                 # partner leads QH; KH is still out
    g.apply(PlayAction(P("QC")))
    assert ref.decide(g.view(0)) == PlayAction(P("AH"))


def test_third_hand_throws_low_under_a_partner_holding_the_boss():
    # the same, but partner leads KH and I hold AH: nobody else can beat his card
    hands = ["AH 9H JS 9D TH", "QH AS KS QS 9C", "KH QD AD TC JC", "TD JD QC KC AC"]
    g = _named_spades(hands)
    g.apply(PlayAction(P("KH")))
    g.apply(PlayAction(P("QC")))
    assert ref.decide(g.view(0)) == PlayAction(P("9H"))


def test_the_lead_score_by_hand():
    g = _named_spades()
    for c in ("QH", "QC", "AH", "KH"):           # my AH wins: I lead the second trick
        g.apply(PlayAction(P(c)))
    v = g.view(0)
    assert v.trick == () and g.turn == 0 and lead_role(v) == DEFENDER
    gone = gone_cards(v)
    assert gone == sum(1 << P(c) for c in ("QH", "QC", "AH", "KH", "KD"))  # KD turned down
    voids = void_suits(v)
    assert outranked_by(P("9H"), SPADES, gone, v.hand) == 1          # the JH, unseen
    assert outranked_by(P("9D"), SPADES, gone, v.hand) == 4          # TD JD QD AD
    # trump boss rank len pvoid ovoid turned single trumps ace lowest second
    expected = {
        "JS": (1, 1, 6, 1, 0, 0, 0, 0, 1, 0, 1, 0),
        "9H": (0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 1, 1),
        "TH": (0, 0, 1, 2, 0, 1, 0, 0, 0, 0, 0, 1),
        "9D": (0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0),
    }
    for name, feats in expected.items():
        assert lead_features(v, P(name), gone, voids) == feats, name
    w = LEAD_WEIGHTS[DEFENDER]
    scores = {n: sum(a * b for a, b in zip(w, f, strict=True)) for n, f in expected.items()}
    assert scores == {"JS": 13, "9H": -3, "TH": -9, "9D": 8}
    assert ref.decide(v) == PlayAction(P("JS"))


# The other seats' bids below are applied by hand, so only the seat asked decides.
TEN = ["QH KH AS AC AD", "9S TS JS QS KS", "9D TD JD QD KD", "9C TC JC QC KC"]


def test_the_dealers_left_orders_at_eleven_his_right_at_ten():
    # hearts QH 2 + KH 3, three side aces 6: 11, no void; an opponent of the dealer
    # loses half the 9H upcard's 2 points: 10
    g = rigged(TEN, "9H", dealer=3)             # seat 0 is the dealer's left
    assert round1_strength(g.view(0)) == 10
    assert ref.decide(g.view(0)) == BidAction(PASS)
    g = rigged(TEN, "9H", dealer=1)             # seat 0 is the dealer's right
    g.apply(BidAction(PASS))
    g.apply(BidAction(PASS))
    assert g.turn == 0 and round1_strength(g.view(0)) == 10
    assert ref.decide(g.view(0)) == BidAction(ORDER, HEARTS, False)


def test_round_two_the_first_two_name_at_eleven_the_last_two_at_nine():
    # clubs QC 2 + KC 3, AS AH 4, diamonds void (two trumps) 1: 10; spades 9, hearts 6
    hands = ["QC KC AS AH 9S", "TS JS QS KS 9H", "TH QH KH 9D TD", "JH TC JC 9C AC"]
    g = rigged(hands, "KD", dealer=3)           # seat 0 speaks first in round 2
    for _ in range(4):
        g.apply(BidAction(PASS))
    assert g.turn == 0 and ref.decide(g.view(0)) == BidAction(PASS)
    g = rigged(hands, "KD", dealer=2)           # seat 0 is the dealer's partner
    for _ in range(5):
        g.apply(BidAction(PASS))
    assert g.turn == 0 and ref.decide(g.view(0)) == BidAction(PASS)
    g = rigged(hands, "KD", dealer=1)           # seat 0 is the dealer's right
    for _ in range(6):
        g.apply(BidAction(PASS))
    assert g.turn == 0 and ref.decide(g.view(0)) == BidAction(NAME, CLUBS, False)


def test_no_loner_when_a_march_with_partner_wins_the_game():
    # diamonds JD 6 + JH 5 + AD 4 + KD 3 + QD 2, three voids: 23, less 1 for the upcard
    strong = ["JD JH AD KD QD", "9S TS QS KS AS", "9H TH QH KH AH", "9C TC QC KC AC"]
    g = rigged(strong, "9D", dealer=3)
    assert ref.decide(g.view(0)) == BidAction(ORDER, DIAMONDS, True)
    g = rigged(strong, "9D", dealer=3)
    g.total = [8, 0]                            # my side needs 2: a march wins anyway
    assert ref.decide(g.view(0)) == BidAction(ORDER, DIAMONDS, False)
    g = rigged(strong, "9D", dealer=3)
    g.total = [7, 9]                            # it needs 3: a lone march's 4 is worth it
    assert ref.decide(g.view(0)) == BidAction(ORDER, DIAMONDS, True)

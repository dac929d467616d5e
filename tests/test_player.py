"""The reference player plays sensibly, and only from what its seat can see."""

from __future__ import annotations

from pyengine.core.cards import DIAMONDS, HEARTS, SPADES, parse_card
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import BidAction, Phase, PlayAction
from pyengine.measure.bench import ref_vs_random
from pyengine.players.player import RandomPlayer, RefPlayer, hand_strength

from .helpers import cards, rigged

P = parse_card
ref = RefPlayer()


def _to_play(hands, upcard, dealer, bids, plays=()):
    g = rigged(hands, upcard, dealer)
    for b in bids:
        g.apply(b)
    if g.phase is Phase.DISCARD:
        g.apply(ref.decide(g.view(g.turn)))
    for c in plays:
        g.apply(PlayAction(P(c)))
    return g


def test_does_not_trump_partners_winning_ace():
    # seat 0 names spades; seat 1 leads 9H, seat 2 (partner of 0) plays AH,
    # seat 3 follows, seat 0 is void in hearts and holds trumps: it must not trump the ace.
    hands = ["JS AS KS 9D TD", "9H QD KD 9C TC", "AH QC KC AC JD", "TH QH KH QS 9S"]
    g = _to_play(hands, "JH", dealer=3, bids=[BidAction(PASS)] * 4 + [BidAction(NAME, SPADES)],
                 plays=["9H", "AH", "TH"])
    assert g.turn == 0
    choice = ref.decide(g.view(0))
    assert choice == PlayAction(P("9D"))


def test_overtrumps_or_wins_when_opponent_is_winning():
    hands = ["JS AS KS 9D TD", "9H QD KD 9C TC", "9S QC KC AC JD", "TH QH KH QS JH"]
    g = _to_play(hands, "AH", dealer=3, bids=[BidAction(PASS)] * 4 + [BidAction(NAME, SPADES)],
                 plays=["9H", "JD", "KH"])
    # opponent seat 3 wins with KH; seat 0 is void in hearts: trump with the lowest winner
    assert ref.decide(g.view(0)) == PlayAction(P("KS"))


def test_leader_with_boss_trump_on_makers_team_leads_it():
    hands = ["JS JC AS 9D TD", "9H QD KD 9C TC", "AH QC KC AC JD", "TH QH KH QS 9S"]
    g = rigged(hands, "JH", dealer=0)
    for b in [BidAction(PASS)] * 4 + [BidAction(PASS), BidAction(PASS), BidAction(PASS)]:
        g.apply(b)
    g.apply(BidAction(NAME, SPADES))        # dealer (seat 0) names spades; seat 1 leads
    g.apply(PlayAction(P("9C")))
    g.apply(PlayAction(P("AC")))            # partner's ace
    g.apply(PlayAction(P("9S")))            # opponent trumps
    assert ref.decide(g.view(0)) == PlayAction(P("AS"))    # lowest card that wins
    # now seat 0 wins and leads: it holds the right bower, the boss trump
    g.apply(PlayAction(P("AS")))
    assert g.turn == 0
    assert ref.decide(g.view(0)) == PlayAction(P("JS"))


def test_defender_leads_an_off_ace_not_trump():
    hands = ["AH 9S TS 9D TD", "9H QD KD 9C JS", "QH QC KC AC JD", "TH KH JH QS AS"]
    g = rigged(hands, "KS", dealer=0)
    g.apply(BidAction(ORDER, SPADES))       # seat 1 orders spades, dealer picks up
    g.apply(ref.decide(g.view(0)))          # dealer discards (a trump: 9S or TS)
    assert g.turn == 2
    g.apply(PlayAction(P("QH")))
    g.apply(PlayAction(P("KH")))
    g.apply(PlayAction(P("AH")))
    g.apply(PlayAction(P("9H")))
    assert g.turn == 0 and ref.decide(g.view(0)).card != P("AS")


def test_strength_table_orders_strong_hands_above_weak():
    assert hand_strength(cards("JS JC AS KS QS"), SPADES) > hand_strength(
        cards("9S TS QS AH AD"), SPADES)
    assert hand_strength(cards("9H TH QD KC 9C"), SPADES) < 11


def test_canadian_partner_orders_only_with_a_loner_hand():
    # diamonds: 9D TD AD (2 + 2 + 4) and one void (hearts): 9, below CANADIAN_MIN
    weak = ["9S TS QS KS AS", "9H TH QH KH AH", "JS 9D TD JC AD", "9C TC QC KC AC"]
    g = rigged(weak, "KD", dealer=0)
    g.apply(BidAction(PASS))
    assert ref.decide(g.view(2)) == BidAction(PASS)
    strong = ["9S TS QS KS AS", "9H TH QH KH AH", "JD JH AD QD TD", "9C TC QC KC AC"]
    g = rigged(strong, "KD", dealer=0)
    g.apply(BidAction(PASS))
    assert ref.decide(g.view(2)) == BidAction(ORDER, DIAMONDS, True)


def test_dealer_discard_follows_the_same_suit_rule_and_keeps_the_best():
    hands = ["9S TS QS KS AS", "9H TH QH KH AH", "9C TC QC KC AC", "JH AD 9D JS JC"]
    g = rigged(hands, "KD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS))
    assert ref.decide(g.view(3)).card == P("9D")    # must discard a trump: the lowest


def test_round_two_names_the_strongest_suit():
    hands = ["9S TS QS KS AS", "JH AH QH 9C TC", "9D TD QD AD KC", "TH KH JS JC AC"]
    g = rigged(hands, "KD", dealer=0)
    for _ in range(4):
        g.apply(BidAction(PASS))
    assert ref.decide(g.view(1)) == BidAction(NAME, HEARTS, False)


def test_ref_team_beats_random_team_nearly_always():
    w = ref_vs_random(60)
    assert w.rate > 0.9


def test_random_player_draws_as_random_choice_does():
    """RandomPlayer.decide inlines random.Random.choice (issue 13): the same choices from
    the same seed, for every length of legal list up to 24, the generator in step."""
    import random as stdlib_random

    from pyengine.core.game import PLAY_ACTIONS

    class View:
        legal: tuple = ()

    for seed in range(20):
        player, reference = RandomPlayer(seed), stdlib_random.Random(seed)
        v = View()
        for n in list(range(1, 25)) * 20:
            v.legal = PLAY_ACTIONS[:n]
            assert player.decide(v) is reference.choice(v.legal), (seed, n)
    print("20 seeds x 480 choices equal")

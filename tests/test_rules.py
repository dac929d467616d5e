"""Scenario tests from the seed text (Bit #93, shared/seeds/002_...)."""

from __future__ import annotations

import pytest

from pyengine.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    TRUMP_ORDER,
    card_name,
    effective_suit,
    legal_plays,
    parse_card,
    trick_winner_index,
)
from pyengine.core.events import NAME, ORDER, PASS, Discard, PassedOut, Play
from pyengine.core.game import BidAction, DiscardAction, IllegalAction, Phase, PlayAction
from pyengine.core.rules import BIT93

from .helpers import cards, rigged

P = parse_card


def test_left_bower_follows_trump_not_its_suit():
    # "se la briscola e' picche, il fante di fiori di considera come se fosse una carta di
    # picche ... se si sta giocando fiori, e si hanno carte di fiori diverse dal fante,
    # non si puo' giocare il fante di fiori."
    assert effective_suit(P("JC"), SPADES) == SPADES
    hand = cards("JC 9C AH")
    assert legal_plays(hand, SPADES, CLUBS) == cards("9C")       # JC cannot follow clubs
    assert legal_plays(hand, SPADES, SPADES) == cards("JC")      # JC must follow spades


@pytest.mark.parametrize("trump,order", [
    # "per il seme di briscola, la gerarchia e': fante del seme, altro fante dello stesso
    # colore, e quindi asso, re, donna, 10 e 9."
    (SPADES, "JS JC AS KS QS TS 9S"),
    (HEARTS, "JH JD AH KH QH TH 9H"),
    (DIAMONDS, "JD JH AD KD QD TD 9D"),
    (CLUBS, "JC JS AC KC QC TC 9C"),
])
def test_trump_order_in_each_suit(trump, order):
    assert " ".join(card_name(c) for c in TRUMP_ORDER[trump]) == order
    # and every higher trump wins a trick against every lower one
    seq = cards(order)
    for i, hi in enumerate(seq):
        for lo in seq[i + 1:]:
            assert trick_winner_index([lo, hi], trump) == 1
            assert trick_winner_index([hi, lo], trump) == 0


def test_plain_suit_order_and_trump_beats_led_suit():
    # "per i semi 'normali' vale la gerarchia classica, ossia asso, re, donna, fante, 10 e 9"
    assert trick_winner_index(cards("9H AH KH JH"), SPADES) == 1
    # "se sono state giocate carte di briscola (trump), la briscola piu' alta fa la presa"
    assert trick_winner_index(cards("AH 9S KH QH"), SPADES) == 1
    # an off-suit ace that does not follow never wins
    assert trick_winner_index(cards("9H AD TH QH"), SPADES) == 3


@pytest.mark.parametrize("tricks,alone,points", [
    # "se chi ha dichiarato il seme ha vinto la mano facendo tre o quattro prese,
    # giocando da solo o in coppia, 1 punto"
    (3, False, 1), (4, False, 1), (3, True, 1), (4, True, 1),
    # "cinque prese in coppia, 2 punti"
    (5, False, 2),
    # "cinque prese da solo ('lonehand'), 4 punti"
    (5, True, 4),
])
def test_scoring_table_makers(tricks, alone, points):
    assert BIT93.hand_points(0, tricks, alone) == (points, 0)
    assert BIT93.hand_points(1, tricks, alone) == (0, points)


@pytest.mark.parametrize("tricks", [0, 1, 2])
@pytest.mark.parametrize("alone", [False, True])
def test_scoring_table_euchred(tricks, alone):
    # "se chi ha dichiarato il seme ha perso la mano ... vengono assegnati 2 punti agli
    # avversari."
    assert BIT93.hand_points(0, tricks, alone) == (0, 2)
    assert BIT93.hand_points(1, tricks, alone) == (2, 0)


def test_canadian_rule_forces_dealer_partner_alone():
    # "se il compagno del mazziere accetta il seme di briscola, e' obbligato a giocare
    # 'lonehand'."
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=0)
    g.apply(BidAction(PASS))                     # seat 1
    assert g.turn == 2
    legal = g.legal_actions()
    assert BidAction(ORDER, DIAMONDS, True) in legal
    assert BidAction(ORDER, DIAMONDS, False) not in legal
    with pytest.raises(IllegalAction, match="Canadian rule"):
        g.apply(BidAction(ORDER, DIAMONDS, False))
    g.apply(BidAction(ORDER, DIAMONDS, True))
    assert g.alone and g.sitting_out == 0
    # the dealer sits out, so he does not pick up: play starts left of the maker
    assert g.phase is Phase.PLAY and g.turn == 3


def test_other_seats_may_order_without_going_alone():
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=2)
    assert BidAction(ORDER, DIAMONDS, False) in g.legal_actions()   # seat 3, opponent


def test_round_two_cannot_name_the_upcard_suit():
    # "la carta scoperta viene scartata e i giocatori ... possono nominare un altro seme"
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=0)
    for _ in range(4):
        g.apply(BidAction(PASS))
    assert g.phase is Phase.BID2
    assert all(a.suit != DIAMONDS for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="turned down"):
        g.apply(BidAction(NAME, DIAMONDS, False))


def test_four_passes_twice_is_passed_out_and_the_deal_moves_left():
    # "Se anche in questo secondo giro non viene scelto un seme di briscola, la mano non
    # viene giocata."
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=1)
    hand_no = g.hand_no
    for _ in range(8):
        g.apply(BidAction(PASS))
    assert any(isinstance(e, PassedOut) for e in g.events)
    assert g.hand_no == hand_no + 1
    assert g.dealer == 2                      # the deal passes to the left
    assert g.total == [0, 0]                  # nobody scores
    assert g.phase is Phase.BID1 and g.turn == 3


def test_first_lead_is_left_of_the_maker():
    # "Il primo giocatore di mano e' quello seduto alla sinistra del dichiarante."
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=0)
    for _ in range(4):
        g.apply(BidAction(PASS))
    g.apply(BidAction(PASS))                       # seat 1
    g.apply(BidAction(NAME, SPADES, False))        # seat 2 names spades
    assert g.phase is Phase.PLAY and g.turn == 3   # left of seat 2 (not left of dealer)


def test_lone_makers_partner_never_plays():
    # "Nel gioco 'lonehand', il compagno del dichiarante non partecipa al gioco, e le sue
    # carte non sono utilizzate."
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "JS JC 9D TD QD", "9C TC QC KC AC"],
               upcard="KD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, True))      # seat 0 alone; seat 2 sits out
    assert g.phase is Phase.DISCARD and g.turn == 3
    g.apply(g.legal_actions()[0])                  # the dealer discards
    while g.phase is Phase.PLAY:
        g.apply(g.legal_actions()[0])
    plays = [e for e in g.events if isinstance(e, Play)]
    assert len(plays) == 15 and all(e.seat != 2 for e in plays)


def test_dealer_must_discard_a_trump_if_he_holds_one():
    # "il mazziere prendera' la carta scoperta fra le sue, scartandone un'altra (dello
    # stesso seme, se la ha)"
    # JH is the left bower with diamonds
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AH", "9C JS JC KC AC", "JH AD 9D TC QC"],
               upcard="KD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, False))     # seat 0 orders
    assert g.phase is Phase.DISCARD and g.turn == 3
    assert sorted(g.legal_discards()) == sorted(cards("JH AD 9D"))
    with pytest.raises(IllegalAction, match="another trump"):
        g.apply(DiscardAction(P("TC")))
    with pytest.raises(IllegalAction, match="not the upcard"):
        g.apply(DiscardAction(P("KD")))
    g.apply(DiscardAction(P("9D")))
    assert isinstance(g.events[-1], Discard) and P("KD") in g.hands[3]


def test_dealer_without_other_trumps_discards_any_other_card():
    g = rigged(["9H TH QH KH AH", "9D TD QD AD JH", "JD KC AC 9C KS", "AS JS 9S TC QC"],
               upcard="KD", dealer=3)
    g.apply(BidAction(ORDER, DIAMONDS, False))
    assert sorted(g.legal_discards()) == sorted(cards("AS JS 9S TC QC"))


def test_illegal_play_names_the_suit_to_follow():
    g = rigged(["9S TS QS KS AS", "9H TH QH KH AD", "JS JC 9D QD AH", "9C TC QC KC TD"],
               upcard="KD", dealer=0)
    for _ in range(4):
        g.apply(BidAction(PASS))
    g.apply(BidAction(NAME, CLUBS, False))         # seat 1 names clubs; seat 2 leads
    g.apply(PlayAction(P("9D")))
    with pytest.raises(IllegalAction, match="must follow diamonds"):
        g.apply(PlayAction(P("9C")))
    g.apply(PlayAction(P("TD")))


def test_game_ends_at_ten_and_not_before():
    # "La partita e' vinta dalla prima coppia che totalizza 10 punti."
    from pyengine.core.events import GameOver, Score
    from pyengine.players.player import RefPlayer
    from pyengine.players.runner import play_game

    g = play_game(BIT93, 99, [RefPlayer()] * 4)
    scores = [e for e in g.events if isinstance(e, Score)]
    assert all(max(s.total) < 10 for s in scores[:-1])
    assert max(scores[-1].total) >= 10
    assert isinstance(g.events[-1], GameOver)
    assert g.events[-1].winner == scores[-1].total.index(max(scores[-1].total))

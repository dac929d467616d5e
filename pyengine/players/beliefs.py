"""How likely the public bidding is, for a deal of the hidden cards: pimc's weights.

A sampled world (every seat's five dealt cards) is weighed by the probability that the
other seats would have bid as they did holding those cards, under a soft model of a
bidder: the reference player's hand strength (:func:`pyengine.players.player.hand_strength`,
``round1_strength``) against its thresholds, blurred by a logistic curve ``spread`` strength
points wide, so a seat that passed with a strong hand for that trump is unlikely (not
impossible), and one that called with a weak one too:

* round 1: P(order) = s((strength - order_min + 1/2) / spread), with the bidder's seat's
  threshold (``BidThresholds.call_min``), P(pass) = 1 - P(order); an order, alone or not,
  is also weighed by P(alone) = s((strength - alone_min + 1/2) / spread), and by 0 or 1
  when the bidder's side is within ``alone_need`` of the target (ref never goes alone then);
* round 2: P(pass) = the product over the three suits of 1 - s((st - name_min + 1/2) / spread);
  naming a suit: s((st - name_min + 1/2) / spread), and the alone choice as in round 1;
  the dealer stuck with the last choice names a suit with probability in proportion to
  exp(st / spread);
* the Canadian rule's forced loner (the dealer's partner) uses ``canadian_min`` and the
  plain hand strength, as ``ref`` does.

Each bid's likelihood is kept at ``floor`` or more, so that seats bidding unlike ``ref``
(people, other programs) never rule a world out; ``floor`` 1 turns the beliefs off.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import SimpleNamespace

from pyengine.core.cards import Card, suit_of
from pyengine.core.events import PASS
from pyengine.core.game import SeatView
from pyengine.players.player import DEFAULT_THRESHOLDS, hand_strength, round1_strength


def _rise(x: float) -> float:
    """The logistic curve, safe for large arguments."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def bid_likelihood(view: SeatView, index: int, hand: Sequence[Card], spread: float) -> float:
    """P(bid ``index`` of ``view.bids`` | its seat held ``hand``), under the soft model."""
    b = view.bids[index]
    t = DEFAULT_THRESHOLDS
    up = view.upcard
    seat, dealer = b.seat, view.dealer
    if b.round == 1:
        trump = suit_of(up)
        forced = view.rules.canadian_rule and seat == (dealer + 2) % 4
        if forced:
            strength, call_min = hand_strength(tuple(hand), trump), t.canadian_min
        else:
            v = SimpleNamespace(seat=seat, dealer=dealer, upcard=up, hand=tuple(hand))
            strength, call_min = round1_strength(v), t.call_min(1, seat, dealer)
        p_call = _rise((strength - call_min + 0.5) / spread)
        if b.call == PASS:
            return 1.0 - p_call
        return p_call * _alone_likelihood(b.alone, strength, spread, view, forced, seat)
    up_suit = suit_of(up)
    strengths = {s: hand_strength(tuple(hand), s) for s in range(4) if s != up_suit}
    stuck = view.rules.stick_the_dealer and seat == dealer
    if stuck:
        top = max(strengths.values())
        total = sum(math.exp((st - top) / spread) for st in strengths.values())
        p = math.exp((strengths[b.suit] - top) / spread) / total
        return p * _alone_likelihood(b.alone, strengths[b.suit], spread, view, False, seat)
    name_min = t.call_min(2, seat, dealer)
    if b.call == PASS:
        p = 1.0
        for st in strengths.values():
            p *= 1.0 - _rise((st - name_min + 0.5) / spread)
        return p
    st = strengths[b.suit]
    return _rise((st - name_min + 0.5) / spread) * _alone_likelihood(b.alone, st, spread,
                                                                      view, False, seat)


def _alone_likelihood(alone: bool, strength: int, spread: float, view: SeatView,
                      forced: bool, seat: int) -> float:
    if forced or not view.rules.alone_allowed:
        return 1.0
    t = DEFAULT_THRESHOLDS
    if view.rules.target - view.total[seat & 1] <= t.alone_need:
        return 0.0 if alone else 1.0        # ref never goes alone so near the target
    p = _rise((strength - t.alone_min + 0.5) / spread)
    return p if alone else 1.0 - p


def world_weight(view: SeatView, hands: Sequence[Sequence[Card]], spread: float,
                 floor: float) -> float:
    """The product, over the other seats' bids, of each bid's likelihood (at least ``floor``).

    ``hands`` are the five cards each seat held while bidding, in this world.
    """
    if floor >= 1.0:
        return 1.0
    w = 1.0
    for i, b in enumerate(view.bids):
        if b.seat != view.seat:
            w *= max(floor, bid_likelihood(view, i, hands[b.seat], spread))
    return w

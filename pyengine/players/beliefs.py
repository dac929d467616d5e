"""How likely the public bidding and play are, for a deal of the hidden cards: pimc's weights.

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

The play (:class:`PlayModel`): each card another seat played is weighed by how likely that
seat was to play it, holding in this world the cards it held then, if it plays like the
reference player (:func:`pyengine.players.player.ref_play`, asked through its public
function with the seat's own view of that moment, so the model follows whatever ``ref``
becomes) with probability ``p`` and otherwise uniformly among its legal cards:
P(card) = p [card is ref's] + (1 - p) / (legal cards). A forced card weighs 1; ``p`` 0
turns the play beliefs off. So a seat that let a trick go to the other side, last to
play, is unlikely to hold a card that would have taken it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, Card, Suit, suit_of
from pyengine.core.events import PASS
from pyengine.core.game import PLAY_ACTIONS, Phase, SeatView
from pyengine.players.player import hand_strength, ref_play, round1_strength, thresholds_for


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
    t = thresholds_for(view.rules)
    up = view.upcard
    seat, dealer = b.seat, view.dealer
    if b.round == 1:
        trump = suit_of(up)
        forced = view.rules.canadian_rule and seat == (dealer + 2) % 4
        if forced:
            strength, call_min = hand_strength(tuple(hand), trump), t.canadian_min
        else:
            v = SimpleNamespace(seat=seat, dealer=dealer, upcard=up, hand=tuple(hand),
                                rules=view.rules)
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
    t = thresholds_for(view.rules)
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


# --- the play ---------------------------------------------------------------------

@dataclass
class _PlayEvent:
    """One card another seat played, and that seat's view of the moment (hand left blank)."""
    seat: int
    card: Card
    later: tuple[Card, ...]         # the cards the same seat played after this one
    led: Suit | None                # the effective suit led (None: this card led)
    view: SeatView                  # hand and legal are filled in per world
    ref: dict[object, Card] = field(default_factory=dict)   # hand (, discard) -> ref's card


class PlayModel:
    """P(the other seats' public play | a world), see the module docstring."""

    def __init__(self, view: SeatView, tricks: Sequence[Sequence[tuple[int, Card]]],
                 p: float) -> None:
        """``tricks``: every trick so far as (seat, card) in play order, the current one last."""
        self.p = p
        self.dealer = view.dealer
        self.events: list[_PlayEvent] = []
        if p <= 0.0 or view.trump is None:
            return
        trump = view.trump
        eff = self.eff = EFFECTIVE_SUIT[trump]
        won = [0, 0]
        index = 0
        flat = [sc for t in tricks for sc in t]
        for trick in tricks:
            for j, (seat, card) in enumerate(trick):
                if seat != view.seat:
                    later = tuple(c for s, c in flat[index + 1:] if s == seat)
                    then = SeatView(
                        seat=seat, phase=Phase.PLAY, hand=(), dealer=view.dealer,
                        upcard=view.upcard, round=0, bids=view.bids, trump=trump,
                        maker=view.maker, alone=view.alone, sitting_out=view.sitting_out,
                        trick=tuple(trick[:j]), played=view.played[:index],
                        tricks_won=tuple(won), total=view.total, discarded=None, legal=(),
                        rules=view.rules, up_suit=view.up_suit,
                        defender_out=view.defender_out, contract=view.contract,
                        high_bidder=view.high_bidder)
                    led = eff[trick[0][1]] if j else None
                    self.events.append(_PlayEvent(seat, card, later, led, then))
                index += 1
            if len(trick) == 4 - len([s for s in (view.sitting_out, view.defender_out)
                                      if s is not None]):
                table = POWER[trump][eff[trick[0][1]]]
                winner = max(trick, key=lambda sc: table[sc[1]])[0]
                won[winner & 1] += 1

    def weight(self, hands: Sequence[Sequence[Card]], discard: Card | None = None) -> float:
        """The product of each played card's likelihood; ``hands`` are the cards each seat
        holds now in this world, ``discard`` the dealer's discard in it (if he picked up)."""
        p = self.p
        w = 1.0
        for i, e in enumerate(self.events):
            hand = self._hand_then(e, hands)
            legal = self._legal(e, hand)
            if len(legal) == 1:
                continue
            key = (hand, discard) if e.seat == self.dealer else hand
            choice = e.ref.get(key)
            if choice is None:
                choice = e.ref[key] = ref_play(self.view_then(i, hands, discard)).card
            w *= (1.0 - p) / len(legal) + (p if choice == e.card else 0.0)
        return w

    def view_then(self, i: int, hands: Sequence[Sequence[Card]],
                  discard: Card | None = None) -> SeatView:
        """Event ``i``'s seat's view as it was when it played, in this world (the same
        object each time, refilled: hand, legal cards, the dealer's own discard)."""
        e = self.events[i]
        v = e.view
        v.hand = self._hand_then(e, hands)
        v.legal = tuple(PLAY_ACTIONS[c] for c in self._legal(e, v.hand))
        v.discarded = discard if e.seat == self.dealer else None
        return v

    @staticmethod
    def _hand_then(e: _PlayEvent, hands: Sequence[Sequence[Card]]) -> tuple[Card, ...]:
        return tuple(sorted((*hands[e.seat], e.card, *e.later)))

    def _legal(self, e: _PlayEvent, hand: tuple[Card, ...]) -> list[Card]:
        if e.led is None:
            return list(hand)
        return [c for c in hand if self.eff[c] == e.led] or list(hand)

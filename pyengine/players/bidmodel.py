"""Learned bidding: an integer score of the hand and a threshold table (issue 41, item 2).

The model the reference player may bid with instead of its hand-tuned thresholds
(``ref:bidmodel=learned``; :class:`~pyengine.players.player.RefPlayer`). It is written
for a 6502 like the rest of ``ref``: small integers, one table, ties to the lowest suit.

* **Features** of a hand for a trump suit (:func:`features`, :data:`FEATURES`): which of
  the seven trumps it holds (9 10 Q K A left right, 0 or 1 each), its off-suit aces and
  kings, its voids (with two trumps or more), its number of trumps, in round 1 the
  upcard's trump rank + 1 signed by who gets it (+ the dealer's partner, - his opponents,
  0 the dealer, whose five cards are counted after he picks it up and discards like
  ``ref``), and in round 2 whether the suit is *next* (the turned-down suit's colour).
* **Score**: the features times :data:`WEIGHTS` (the fitted table), summed.
* **Choice**: round 1 scores the upcard's suit, round 2 the best suit other than the
  turned-down one (the lowest suit number among equals). The seat calls at the group's
  call threshold or more, alone at its alone threshold or more; a group is the round,
  the seat from the dealer (0 dealer, 1 his left, 2 his partner, 3 his right) and the
  score bucket (:func:`score_bucket`: 0, 1 my side needs 2 points or fewer, 2 the other
  side does). A seat that may not pass (the stuck dealer) calls anyway; one that may
  order only alone (the Canadian rule) orders at the call threshold.

Where the numbers come from: :mod:`pyengine.measure.bidlearn` (bidding situations of
real auctions, every call valued by open-hand play over worlds sampled from the seat's
knowledge, the pass by the rest of the auction bid by the model; then a fit of the
weights and thresholds). Its ``fit`` command writes :mod:`pyengine.players.bidtable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyengine.core.cards import (
    ACE,
    EFFECTIVE_SUIT,
    KING,
    TRUMP_RANK,
    Card,
    Suit,
    rank_of,
    same_colour_suit,
    suit_of,
)
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import DISCARD_ACTIONS, PASS_ACTION, Action, BidAction, bid_action
from pyengine.core.rules import DealerDiscard, Rules
from pyengine.players.bidtypes import BidTable
from pyengine.players.discard import ref_discard

FEATURES = ("trump 9", "trump 10", "trump Q", "trump K", "trump A", "left", "right",
            "off aces", "voids", "upcard", "off kings", "trumps", "next")
"""What the score counts (see the module docstring)."""

N_FEATURES = len(FEATURES)
UPCARD, NEXT = FEATURES.index("upcard"), FEATURES.index("next")
VOID_MIN_TRUMPS = 2
NEED_CLOSE = 2                      # a side within this many points of the target
BUCKETS = 3                         # score buckets: normal, my side close, theirs close
POSITIONS = 4                       # seats from the dealer
NEVER = 127                         # a threshold no score reaches (a signed byte)
LEARNED = "learned"                 # RefPlayer.bidmodel's value for this model


def group_index(rnd: int, position: int, bucket: int) -> int:
    """The threshold table's index of (round 1/2, seat from the dealer, score bucket)."""
    return ((rnd - 1) * POSITIONS + position) * BUCKETS + bucket


GROUPS = 2 * POSITIONS * BUCKETS


def score_bucket(total: Sequence[int], seat: int, target: int) -> int:
    """0; 1 if my side needs ``NEED_CLOSE`` points or fewer (a march wins: no loner
    needed); else 2 if the other side does."""
    if target - total[seat & 1] <= NEED_CLOSE:
        return 1
    if target - total[1 - (seat & 1)] <= NEED_CLOSE:
        return 2
    return 0


def dealer_keeps(hand: Sequence[Card], upcard: Card, rules: Rules) -> tuple[Card, ...]:
    """The dealer's five cards after he picks up ``upcard`` and discards as ``ref`` does
    (:func:`~pyengine.players.player.ref_discard`, under the rules' discard rule)."""
    from types import SimpleNamespace

    trump = suit_of(upcard)
    six = [*hand, upcard]
    if rules.dealer_discard is DealerDiscard.ANY:
        legal = six
    else:
        others = [c for c in six if c != upcard]
        legal = [c for c in others if EFFECTIVE_SUIT[trump][c] == trump] or others
    v: Any = SimpleNamespace(trump=trump, hand=tuple(six),
                        legal=tuple(DISCARD_ACTIONS[c] for c in sorted(legal)))
    gone = ref_discard(v).card
    return tuple(c for c in six if c != gone)


def features(hand: Sequence[Card], trump: Suit, rnd: int, position: int,
             upcard: Card) -> list[int]:
    """The values of :data:`FEATURES` for ``hand`` with ``trump`` (``position``: from the
    dealer; the dealer's round-1 hand is the one he keeps, :func:`dealer_keeps`)."""
    ranks, eff = TRUMP_RANK[trump], EFFECTIVE_SUIT[trump]
    x = [0] * N_FEATURES
    held = 0
    trumps = 0
    for c in hand:
        tr = ranks[c]
        if tr >= 0:
            x[tr] = 1
            trumps += 1
        else:
            held |= 1 << eff[c]
            r = rank_of(c)
            if r == ACE:
                x[7] += 1
            elif r == KING:
                x[10] += 1
    if trumps >= VOID_MIN_TRUMPS:
        x[8] = sum(1 for s in range(4) if s != trump and not held & (1 << s))
    x[11] = trumps
    up = suit_of(upcard)
    if rnd == 1:
        sign = (0, -1, 1, -1)[position]
        x[UPCARD] = sign * (TRUMP_RANK[trump][upcard] + 1)
    else:
        x[NEXT] = int(trump == same_colour_suit(up))
    return x




def score(x: Sequence[int], weights: Sequence[int]) -> int:
    """The features times the weights."""
    return sum(w * f for w, f in zip(weights, x, strict=True))


def hand_score(hand: Sequence[Card], trump: Suit, rnd: int, position: int, upcard: Card,
               rules: Rules, weights: Sequence[int]) -> int:
    """The model's score of ``hand`` for ``trump`` (the dealer's round 1: his kept five)."""
    if rnd == 1 and position == 0:
        hand = dealer_keeps(hand, upcard, rules)
    return score(features(hand, trump, rnd, position, upcard), weights)


def learned_bid(v: Any, table: BidTable) -> BidAction:
    """The model's bid for the view ``v`` (a SeatView or anything with its bidding
    fields: seat, dealer, upcard, round, hand, legal, total, rules)."""
    position = (v.seat - v.dealer) & 3
    g = group_index(v.round, position, score_bucket(v.total, v.seat, v.rules.target))
    legal: tuple[Action, ...] = v.legal
    up = suit_of(v.upcard)
    if v.round == 1:
        suit, call = up, ORDER
        s = hand_score(v.hand, up, 1, position, v.upcard, v.rules, table.weights)
    else:
        call, suit, s = NAME, up, -1 << 30
        for t in map(Suit, range(4)):
            if t != up:
                st = hand_score(v.hand, t, 2, position, v.upcard, v.rules, table.weights)
                if st > s:
                    suit, s = t, st
    if s < table.call[g] and PASS_ACTION in legal:
        return PASS_ACTION
    want = bid_action(call, suit, s >= table.alone[g])
    if want in legal:
        return want
    other = bid_action(call, suit, not want.alone)
    return other if other in legal else BidAction(PASS)


def table_for(rules: Rules) -> BidTable:
    """The committed fitted table for ``rules`` (:mod:`pyengine.players.bidtable`): the
    stick-the-dealer auction's or Bit #93's."""
    from pyengine.players.bidtable import TABLES  # here: the table needs BidTable first
    return TABLES["stick" if rules.stick_the_dealer else "bit93"]

"""Choosing the first dealer and dealing a hand: part of the bit-exact contract.

First dealer (Bit #93: "il primo giocatore a cui sia distribuito un fante
nero sara' il mazziere")
    One shuffle (see :mod:`pyengine.rng`); cards are dealt face up from the
    top of that deck, ``deck[0], deck[1], ...``, to seats 0, 1, 2, 3, 0, ...
    until a black jack (JS or JC) appears; that seat is the first dealer. The
    cards shown are those up to and including the black jack.

Dealing a hand
    A fresh shuffle. Cards come off the top of the deck (``deck[0]`` first) in
    packets, the traditional 3-2 pattern, starting with the dealer's left and
    going clockwise: first round 3, 2, 3, 2 cards; second round 2, 3, 2, 3.
    Each seat's hand keeps the order it was dealt in. ``deck[20]`` is the
    upcard; ``deck[21..23]`` stay face down and out of play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, is_black_jack
from .rng import Rng

PACKETS = ((3, 2, 3, 2), (2, 3, 2, 3))
UPCARD_INDEX = 20


@dataclass(frozen=True)
class DealtHand:
    hands: tuple[tuple[Card, ...], ...]   # by seat
    upcard: Card
    kitty: tuple[Card, ...]               # the three cards out of play


def first_dealer(rng: Rng) -> tuple[list[Card], int]:
    """Deal face up until a black jack; return (cards shown, dealer seat)."""
    deck = rng.shuffled_deck()
    shown: list[Card] = []
    for i, c in enumerate(deck):
        shown.append(Card(c))
        if is_black_jack(Card(c)):
            return shown, i % 4
    raise AssertionError("a 24-card deck always holds two black jacks")


def deal_hand(rng: Rng, dealer: int) -> DealtHand:
    deck = rng.shuffled_deck()
    hands: list[list[Card]] = [[], [], [], []]
    top = 0
    for packets in PACKETS:
        for k, n in enumerate(packets):
            seat = (dealer + 1 + k) % 4
            hands[seat].extend(Card(c) for c in deck[top:top + n])
            top += n
    return DealtHand(
        hands=tuple(tuple(h) for h in hands),
        upcard=Card(deck[UPCARD_INDEX]),
        kitty=tuple(Card(c) for c in deck[UPCARD_INDEX + 1:]),
    )

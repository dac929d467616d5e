"""Choosing the first dealer and dealing a hand: part of the bit-exact contract.

First dealer (Bit #93: "il primo giocatore a cui sia distribuito un fante
nero sara' il mazziere")
    One shuffle (see :mod:`pyengine.core.rng`); cards are dealt face up from the
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

from pyengine.core.cards import Card, is_black_jack
from pyengine.core.rng import Rng

PACKETS = ((3, 2, 3, 2), (2, 3, 2, 3))
UPCARD_INDEX = 20


@dataclass(frozen=True)
class DealtHand:
    """One deal: the hands by seat, the upcard and the cards out of play."""
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
    """Shuffle with ``rng`` and deal Bit #93's way from the dealer's left."""
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


# --- variants -------------------------------------------------------------------
#
# The same shuffle and the same packets, generalised: the deck is the variant's
# canonical list of codes (``cards.deck_codes``) and the shuffle permutes its
# positions; three players get packets 3-2-3 then 2-3-2; six-card hands 3 then 3.
# With the 24-card deck and four players these are exactly the functions above.

def variant_packets(players: int, hand_size: int) -> tuple[tuple[int, ...], ...]:
    """The packet sizes of each round of dealing for a variant's table."""
    if hand_size == 6:
        return ((3,) * players, (3,) * players)
    first = tuple(3 if k % 2 == 0 else 2 for k in range(players))
    return (first, tuple(5 - n for n in first))


def first_dealer_among(rng: Rng, codes: tuple[Card, ...], players: int) -> tuple[list[Card], int]:
    """Deal face up to seats 0, 1, ... until a black jack; return (cards shown, dealer)."""
    order = rng.shuffled_deck(len(codes))
    shown: list[Card] = []
    for i, k in enumerate(order):
        shown.append(codes[k])
        if is_black_jack(codes[k]):
            return shown, i % players
    raise AssertionError("every deck holds two black jacks")


def deal_variant(rng: Rng, dealer: int, codes: tuple[Card, ...], players: int,
                 hand_size: int, upcard: bool) -> tuple[tuple[tuple[Card, ...], ...],
                                                       Card | None, tuple[Card, ...]]:
    """Deal a variant's hand: (hands by seat, upcard or None, cards out of play)."""
    deck = rng.shuffle(list(codes))     # the same as codes[k] for k in shuffled_deck()
    spans, top = _LAYOUTS.get((players, hand_size, dealer)) \
        or deal_layout(players, hand_size, dealer)
    hands = tuple([tuple(deck[a:b] + deck[c:d]) for a, b, c, d in spans])
    up = deck[top] if upcard else None
    rest = deck[top + 1:] if upcard else deck[top:]
    return hands, up, tuple(rest)


def deal_layout(players: int, hand_size: int, dealer: int
                ) -> tuple[tuple[tuple[int, int, int, int], ...], int]:
    """Where each seat's two packets lie in the shuffled deck, by seat, and the index
    of the first card left over: the packets of :func:`variant_packets` dealt from
    the dealer's left."""
    spans: list[list[int]] = [[] for _ in range(players)]
    top = 0
    for packets in variant_packets(players, hand_size):
        for k, n in enumerate(packets):
            spans[(dealer + 1 + k) % players] += [top, top + n]
            top += n
    return tuple((s[0], s[1], s[2], s[3]) for s in spans), top


_LAYOUTS = {(p, h, d): deal_layout(p, h, d) for p in (3, 4) for h in (5, 6) for d in range(p)}

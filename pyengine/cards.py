"""Cards, suits, ranks and the trump-dependent order of Euchre.

A card is a small integer, its *code*: ``suit * 6 + rank`` with suits in the
order ``S H D C`` (0-3) and ranks ``9 T J Q K A`` (0-5), so ``9S`` is 0 and
``AC`` is 23. The code is also the card's place in the canonical (unshuffled)
deck, which the shuffle starts from (see :mod:`pyengine.rng`), and the
tie-break wherever the computer player must choose between equal cards (the
lowest code wins the tie).

The contract's notation (DESIGN.md) is two characters, rank then suit:
``JC`` is the jack of clubs, the left bower when spades are trump.

Same-colour suits pair up as ``S<->C`` and ``H<->D``, so the suit of the same
colour as ``s`` is ``3 - s``.

Trump-dependent facts are precomputed into tables indexed by trump suit (and
led suit), because the engine asks them millions of times:

* :func:`effective_suit`: the left bower belongs to trump, not its printed suit.
* :func:`power`: one number that orders every card in a trick. Cards that can
  not win (neither trump nor the led suit) are 0; the led suit's cards are
  1-6 (9 T J Q K A); trumps are 7-13 (9 T Q K A, left bower, right bower).
  The highest power on the table wins the trick, and it is always unique.
"""

from __future__ import annotations

from typing import NewType

Card = NewType("Card", int)
Suit = int

SUITS = "SHDC"
RANKS = "9TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANK_WORDS = ("9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
NINE, TEN, JACK, QUEEN, KING, ACE = range(6)

DECK_SIZE = 24
HAND_SIZE = 5
ALL_CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(DECK_SIZE))

# Trump ranks, low to high: 9 10 Q K A left-bower right-bower.
TRUMP_RANK_NAMES = ("9", "10", "Q", "K", "A", "left bower", "right bower")
TRUMP_RANK_LEFT = 5
TRUMP_RANK_RIGHT = 6
NOT_TRUMP = -1

# Power bands (see module docstring).
POWER_NONE = 0
POWER_LED_BASE = 1
POWER_TRUMP_BASE = 7


def make_card(rank: int, suit: Suit) -> Card:
    return Card(suit * 6 + rank)


def suit_of(card: Card) -> Suit:
    """The printed suit (ignores bowers)."""
    return card // 6


def rank_of(card: Card) -> int:
    return card % 6


def same_colour_suit(suit: Suit) -> Suit:
    return 3 - suit


def is_red(suit: Suit) -> bool:
    return suit in (HEARTS, DIAMONDS)


def is_black_jack(card: Card) -> bool:
    return rank_of(card) == JACK and not is_red(suit_of(card))


def right_bower(trump: Suit) -> Card:
    return make_card(JACK, trump)


def left_bower(trump: Suit) -> Card:
    return make_card(JACK, same_colour_suit(trump))


def card_name(card: Card) -> str:
    """Contract notation: ``JC``."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_label(card: Card) -> str:
    """Friendly label with a suit symbol: ``10♥``."""
    return RANK_WORDS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


class CardParseError(ValueError):
    """A card name that cannot be read; the message says why."""


_RANK_ALIASES = {"9": NINE, "T": TEN, "10": TEN, "J": JACK, "Q": QUEEN, "K": KING, "A": ACE}
_SUIT_ALIASES = {
    "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
    "\u2660": SPADES, "\u2665": HEARTS, "\u2666": DIAMONDS, "\u2663": CLUBS,
}


def parse_card(text: str) -> Card:
    """Read ``JD``, ``jd``, ``10h``, ``Th`` or ``10♥``; raise CardParseError otherwise."""
    t = text.strip().upper()
    if len(t) < 2:
        raise CardParseError(f"{text!r} is not a card: write rank then suit, e.g. JD or 10H")
    rank_text, suit_text = t[:-1], t[-1]
    if suit_text not in _SUIT_ALIASES:
        raise CardParseError(f"{text!r}: unknown suit {suit_text!r} (use S, H, D or C)")
    if rank_text not in _RANK_ALIASES:
        raise CardParseError(f"{text!r}: unknown rank {rank_text!r} (use 9, 10, J, Q, K or A)")
    return make_card(_RANK_ALIASES[rank_text], _SUIT_ALIASES[suit_text])


def parse_suit(text: str) -> Suit:
    t = text.strip().upper()
    for i, name in enumerate(SUIT_NAMES):
        if t in (SUITS[i], name.upper(), name.upper().rstrip("S"), SUIT_SYMBOLS[i]):
            return i
    raise CardParseError(f"{text!r} is not a suit (use S, H, D or C)")


# --- trump-dependent tables -------------------------------------------------

def _effective_suit(card: Card, trump: Suit) -> Suit:
    return trump if card == left_bower(trump) else suit_of(card)


def _trump_rank(card: Card, trump: Suit) -> int:
    if card == right_bower(trump):
        return TRUMP_RANK_RIGHT
    if card == left_bower(trump):
        return TRUMP_RANK_LEFT
    if suit_of(card) != trump:
        return NOT_TRUMP
    return (0, 1, -1, 2, 3, 4)[rank_of(card)]  # 9 T (J handled) Q K A


def _power(card: Card, trump: Suit, led: Suit) -> int:
    tr = _trump_rank(card, trump)
    if tr != NOT_TRUMP:
        return POWER_TRUMP_BASE + tr
    if _effective_suit(card, trump) == led:
        return POWER_LED_BASE + rank_of(card)
    return POWER_NONE


EFFECTIVE_SUIT: tuple[tuple[Suit, ...], ...] = tuple(
    tuple(_effective_suit(Card(c), t) for c in range(DECK_SIZE)) for t in range(4)
)
TRUMP_RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(_trump_rank(Card(c), t) for c in range(DECK_SIZE)) for t in range(4)
)
POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_power(Card(c), t, led) for c in range(DECK_SIZE)) for led in range(4))
    for t in range(4)
)
# TRUMP_ORDER[t] lists trump t's seven cards from the right bower down.
TRUMP_ORDER: tuple[tuple[Card, ...], ...] = tuple(
    tuple(sorted((Card(c) for c in range(DECK_SIZE) if _trump_rank(Card(c), t) >= 0),
                 key=lambda c, t=t: -_trump_rank(c, t)))
    for t in range(4)
)


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit a card follows: the left bower is trump."""
    return EFFECTIVE_SUIT[trump][card]


def trump_rank(card: Card, trump: Suit) -> int:
    """0-6 for 9 10 Q K A left right; NOT_TRUMP (-1) for other cards."""
    return TRUMP_RANK[trump][card]


def is_trump(card: Card, trump: Suit) -> bool:
    return TRUMP_RANK[trump][card] >= 0


def power(card: Card, trump: Suit, led: Suit) -> int:
    """Trick-taking power of ``card`` when ``led`` was led: 0, 1-6 or 7-13."""
    return POWER[trump][led][card]


def trick_winner_index(cards: list[Card] | tuple[Card, ...], trump: Suit) -> int:
    """Index (0-based, in play order) of the card that wins a trick; cards[0] was led."""
    led = EFFECTIVE_SUIT[trump][cards[0]]
    table = POWER[trump][led]
    best, best_i = -1, 0
    for i, c in enumerate(cards):
        p = table[c]
        if p > best:
            best, best_i = p, i
    return best_i


def legal_plays(hand: list[Card] | tuple[Card, ...], trump: Suit, led: Suit | None) -> list[Card]:
    """Cards of ``hand`` that may be played: follow the led (effective) suit if possible."""
    if led is None:
        return list(hand)
    eff = EFFECTIVE_SUIT[trump]
    follow = [c for c in hand if eff[c] == led]
    return follow if follow else list(hand)


def legal_mask(hand: list[Card] | tuple[Card, ...], trump: Suit, led: Suit | None) -> int:
    """Bit i set when hand[i] may be played (the form the 6502 port returns)."""
    legal = set(legal_plays(hand, trump, led))
    return sum(1 << i for i, c in enumerate(hand) if c in legal)

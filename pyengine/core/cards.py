"""Cards, suits, ranks and the trump-dependent order of Euchre.

A card is a small integer, its *code*: ``suit * 6 + rank`` with suits in the
order ``S H D C`` (0-3) and ranks ``9 T J Q K A`` (0-5), so ``9S`` is 0 and
``AC`` is 23. The code is also the card's place in the canonical (unshuffled)
deck, which the shuffle starts from (see :mod:`pyengine.core.rng`), and the
tie-break wherever the computer player must choose between equal cards (the
lowest code wins the tie).

The contract's notation (docs/design.md) is two characters, rank then suit:
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

from dataclasses import dataclass
from typing import Any

SUITS = "SHDC"
RANKS = "9TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")


class Card(int):
    """A card: its code (an ``int``, see the module docstring) that prints as ``JD``.

    ``Card(9)``, ``Card("JD")``, ``Card("10♥")`` and ``Card(card)`` give the one value
    of each card; it compares, hashes and indexes tables as its code does.

    >>> Card("jd"), Card(14) == Card("JD"), int(Card("JD"))
    (JD, True, 14)
    """

    __slots__ = ()

    def __new__(cls, code: int | str) -> Card:
        if isinstance(code, str):
            return parse_card(code)
        if type(code) is not cls and not (isinstance(code, int) and 0 <= code < EXT_CARDS):
            raise ValueError(f"{code!r} is not a card code (0-{EXT_CARDS - 1}) or a card name")
        return _CARD_VALUES[code]

    def __repr__(self) -> str:
        return card_name(self)

    __str__ = __repr__

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (int(self),))

    @property
    def suit(self) -> Suit | int:
        """The printed suit (the left bower's own; 4 for the joker)."""
        return suit_of(self)

    @property
    def rank(self) -> int:
        """9 T J Q K A = 0-5 (7 and 8 are -2 and -1, the joker 6)."""
        return rank_of(self)

    @property
    def label(self) -> str:
        """The card with its suit symbol: ``J♦``."""
        return card_label(self)


class Suit(int):
    """A suit, 0-3 in the order ``S H D C``, that prints as its letter.

    ``Suit(2)``, ``Suit("D")``, ``Suit("♦")`` and ``Suit("diamonds")`` give the same
    value; ``symbol`` and ``word`` name it for people.

    >>> Suit("♦"), Suit(2).symbol, Suit("d").word
    (D, '♦', 'diamonds')
    """

    __slots__ = ()

    def __new__(cls, suit: int | str) -> Suit:
        if isinstance(suit, str):
            return parse_suit(suit)
        if type(suit) is not cls and not (isinstance(suit, int) and 0 <= suit < 4):
            raise ValueError(f"{suit!r} is not a suit (0-3, S H D C)")
        return _SUIT_VALUES[suit]

    def __repr__(self) -> str:
        return SUITS[self]

    __str__ = __repr__

    def __reduce__(self) -> tuple[Any, ...]:
        return (Suit, (int(self),))

    @property
    def symbol(self) -> str:
        """``♠ ♥ ♦ ♣``."""
        return SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """``spades``, ``hearts``, ``diamonds``, ``clubs``."""
        return SUIT_NAMES[self]


_SUIT_VALUES: tuple[Suit, ...] = tuple(int.__new__(Suit, s) for s in range(4))
RANK_WORDS = ("9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
NINE, TEN, JACK, QUEEN, KING, ACE = range(6)

DECK_SIZE = 24
HAND_SIZE = 5

# Trump ranks, low to high: 9 10 Q K A left-bower right-bower.
TRUMP_RANK_NAMES = ("9", "10", "Q", "K", "A", "left bower", "right bower")
TRUMP_RANK_LEFT = 5
TRUMP_RANK_RIGHT = 6
NOT_TRUMP = -1

# Power bands (see module docstring).
POWER_NONE = 0
POWER_LED_BASE = 1
POWER_TRUMP_BASE = 7

# Cards beyond the 24 (variants only; see the "Extended cards" section below).
SEVEN, EIGHT = -2, -1                   # ranks below the nine, 32-card deck
JOKER_RANK = 6
EXTRA_RANK_LETTERS = {-2: "7", -1: "8"}
JOKER_SUIT = 4
JOKER_NAME = "XX"
JOKER_LABEL = "Joker"
EXT_CARDS = 33                          # codes 0-32
# codes 24-31: 7S 8S 7H 8H 7D 8D 7C 8C; 32: the joker
_EXTRA_SUIT = (0, 0, 1, 1, 2, 2, 3, 3, JOKER_SUIT)
_EXTRA_RANK = (SEVEN, EIGHT) * 4 + (JOKER_RANK,)


_CARD_VALUES: tuple[Card, ...] = tuple(int.__new__(Card, c) for c in range(EXT_CARDS))
JOKER = _CARD_VALUES[32]                # the benny: 24 + 8 sevens and eights
ALL_CARDS: tuple[Card, ...] = _CARD_VALUES[:DECK_SIZE]


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0-5, 9 to A) and ``suit`` (0-3, S H D C)."""
    return _CARD_VALUES[suit * 6 + rank]


def suit_of(card: Card) -> Suit:
    """The printed suit (ignores bowers); JOKER_SUIT (a plain 4) for the joker."""
    return _SUIT_OF[card]  # type: ignore[return-value]


_SUIT_OF: tuple[Suit | int, ...] = tuple(
    _SUIT_VALUES[c // 6] if c < DECK_SIZE else
    (_SUIT_VALUES[s] if (s := _EXTRA_SUIT[c - DECK_SIZE]) < 4 else s)
    for c in range(EXT_CARDS))


def rank_of(card: Card) -> int:
    """9 T J Q K A = 0-5; the 32-card deck's 7 and 8 are -2 and -1; the joker 6."""
    return card % 6 if card < DECK_SIZE else _EXTRA_RANK[card - DECK_SIZE]


def same_colour_suit(suit: Suit) -> Suit:
    """The other suit of the same colour (spades and clubs, hearts and diamonds)."""
    return _SUIT_VALUES[3 - suit]


def is_red(suit: Suit) -> bool:
    """True for hearts and diamonds."""
    return suit in (HEARTS, DIAMONDS)


def is_black_jack(card: Card) -> bool:
    """True for JS and JC (the first dealer's card under Bit #93)."""
    return rank_of(card) == JACK and not is_red(suit_of(card))


def right_bower(trump: int) -> Card:
    """The jack of trump."""
    return make_card(JACK, trump)


def left_bower(trump: int) -> Card:
    """The jack of trump's colour, which belongs to trump."""
    return make_card(JACK, same_colour_suit(trump))  # type: ignore[arg-type]


def card_name(card: Card) -> str:
    """Contract notation: ``JC`` (``7S``, ``8S`` in the 32-card deck; ``XX`` the joker)."""
    if card == JOKER:
        return JOKER_NAME
    return rank_letter(rank_of(card)) + SUITS[suit_of(card)]


def rank_letter(rank: int) -> str:
    """A rank as the contract's letter: ``9 T J Q K A`` (``7 8``)."""
    return EXTRA_RANK_LETTERS[rank] if rank < 0 else RANKS[rank]


def rank_word(rank: int) -> str:
    """A rank as players write it: ``9 10 J Q K A`` (``7 8``)."""
    return EXTRA_RANK_LETTERS[rank] if rank < 0 else RANK_WORDS[rank]


def card_label(card: Card) -> str:
    """Friendly label with a suit symbol: ``10♥`` (``Joker`` for the joker)."""
    if card == JOKER:
        return JOKER_LABEL
    return rank_word(rank_of(card)) + SUIT_SYMBOLS[suit_of(card)]


class CardParseError(ValueError):
    """A card name that cannot be read; the message says why."""


_RANK_ALIASES = {"7": SEVEN, "8": EIGHT, "9": NINE, "T": TEN, "10": TEN, "J": JACK, "Q": QUEEN,
                 "K": KING, "A": ACE}
_SUIT_ALIASES = {
    "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
    "\u2660": SPADES, "\u2665": HEARTS, "\u2666": DIAMONDS, "\u2663": CLUBS,
}


def parse_card(text: str | Card) -> Card:
    """Read ``JD``, ``jd``, ``10h``, ``Th`` or ``10♥`` (or a Card); raise CardParseError
    otherwise."""
    if isinstance(text, Card):
        return text
    t = text.strip().upper()
    if t in ("XX", "JOKER", "BENNY", "JK"):
        return JOKER
    if len(t) < 2:
        raise CardParseError(f"{text!r} is not a card: write rank then suit, e.g. JD or 10H")
    rank_text, suit_text = t[:-1], t[-1]
    if suit_text not in _SUIT_ALIASES:
        raise CardParseError(f"{text!r}: unknown suit {suit_text!r} (use S, H, D or C)")
    if rank_text not in _RANK_ALIASES:
        raise CardParseError(f"{text!r}: unknown rank {rank_text!r} (use 9, 10, J, Q, K or A)")
    rank = _RANK_ALIASES[rank_text]
    if rank < 0:
        return _CARD_VALUES[DECK_SIZE + 2 * _SUIT_ALIASES[suit_text] + rank + 2]
    return make_card(rank, _SUIT_ALIASES[suit_text])


def parse_suit(text: str | Suit) -> Suit:
    """Read ``S``, ``spades``, ``spade`` or ``♠``; raise CardParseError otherwise."""
    if isinstance(text, Suit):
        return text
    t = text.strip().upper()
    for i, name in enumerate(SUIT_NAMES):
        if t in (SUITS[i], name.upper(), name.upper().rstrip("S"), SUIT_SYMBOLS[i]):
            return _SUIT_VALUES[i]
    raise CardParseError(f"{text!r} is not a suit (use S, H, D or C)")


# --- trump-dependent tables -------------------------------------------------

def _effective_suit(card: Card, trump: int) -> Suit:
    return trump if card == left_bower(trump) else suit_of(card)  # type: ignore[return-value]


def _trump_rank(card: Card, trump: int) -> int:
    if card == right_bower(trump):
        return TRUMP_RANK_RIGHT
    if card == left_bower(trump):
        return TRUMP_RANK_LEFT
    if suit_of(card) != trump:
        return NOT_TRUMP
    return (0, 1, -1, 2, 3, 4)[rank_of(card)]  # 9 T (J handled) Q K A


def _power(card: Card, trump: int, led: int) -> int:
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
                 key=lambda c, t=t: -_trump_rank(c, t)))  # type: ignore[misc]
    for t in range(4)
)


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit a card follows: the left bower is trump."""
    return EFFECTIVE_SUIT[trump][card]


def trump_rank(card: Card, trump: Suit) -> int:
    """0-6 for 9 10 Q K A left right; NOT_TRUMP (-1) for other cards."""
    return TRUMP_RANK[trump][card]


def is_trump(card: Card, trump: Suit) -> bool:
    """True if ``card`` is a trump (the left bower included)."""
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


# --- extended cards and contracts (variants) --------------------------------
#
# Bit #93's tables above cover 24 cards and four trump suits and are part of
# the port's contract (their numbers are in the test vectors). Variants need
# more: the 32-card deck (7s and 8s, codes 24-31), the joker (code 32, the
# highest trump) and Bid Euchre's no-trump contracts. ``EXT`` covers all 33
# codes and six contracts: trump suits 0-3, NO_TRUMP_HIGH (4: A high to 9 in
# every suit) and NO_TRUMP_LOW (5: 9 high to A). Its power numbers differ
# from POWER's, but on the 24 cards and four suits they order every trick the
# same way, so the engine uses EXT for every rule set.

NO_TRUMP_HIGH, NO_TRUMP_LOW = 4, 5
CONTRACTS = 6
CONTRACT_LETTERS = ("S", "H", "D", "C", "high", "low")
CONTRACT_WORDS = ("spades", "hearts", "diamonds", "clubs", "no-trump high", "no-trump low")
EXT_LED_BASE = 1          # led suit: 1-8 (7 8 9 T J Q K A; reversed for no-trump low)
EXT_TRUMP_BASE = 20       # trumps: 20-29 (7 8 9 T Q K A left right joker)


def is_suit_contract(contract: int) -> bool:
    """True for a suit contract (0-3), False for no-trump high or low."""
    return contract < NO_TRUMP_HIGH


def _ext_effective_suit(card: Card, contract: int) -> int:
    if card == JOKER:
        return contract if is_suit_contract(contract) else JOKER_SUIT
    if is_suit_contract(contract) and card == left_bower(contract):
        return contract
    return suit_of(card)


def _ext_trump_order(card: Card, contract: int) -> int:
    """Exact place among the trumps, 0 (7) .. 9 (joker); NOT_TRUMP otherwise."""
    if not is_suit_contract(contract):
        return NOT_TRUMP
    if card == JOKER:
        return 9
    if card == right_bower(contract):
        return 8
    if card == left_bower(contract):
        return 7
    if suit_of(card) != contract:
        return NOT_TRUMP
    r = rank_of(card)
    return r + 2 if r < JACK else r + 1      # 7 8 9 T -> 0-3, Q K A -> 4-6


def _ext_power(card: Card, contract: int, led: int) -> int:
    order = _ext_trump_order(card, contract)
    if order != NOT_TRUMP:
        return EXT_TRUMP_BASE + order
    if card != JOKER and _ext_effective_suit(card, contract) == led:
        natural = rank_of(card) + 2             # 7 .. A = 0 .. 7
        return EXT_LED_BASE + (7 - natural if contract == NO_TRUMP_LOW else natural)
    return POWER_NONE


def _ext_coarse_rank(card: Card, contract: int) -> int:
    """Bit #93's trump ranks (9 10 Q K A left right = 0-6) with 7 and 8 as 0, the joker 7."""
    order = _ext_trump_order(card, contract)
    return NOT_TRUMP if order == NOT_TRUMP else max(order - 2, 0)


@dataclass(frozen=True)
class ExtTables:
    """Card facts for every contract over all 33 codes (see the section comment)."""

    effective_suit: tuple[tuple[Suit, ...], ...]       # [contract][card]
    power: tuple[tuple[tuple[int, ...], ...], ...]     # [contract][led suit 0-4][card]
    trump_rank: tuple[tuple[int, ...], ...]            # [contract][card], coarse
    trump_order: tuple[tuple[Card, ...], ...]          # [contract]: trumps, best first


def _build_ext() -> ExtTables:
    codes = [Card(c) for c in range(EXT_CARDS)]
    return ExtTables(
        effective_suit=tuple(tuple(_ext_effective_suit(c, t) for c in codes)  # type: ignore[misc]
                             for t in range(CONTRACTS)),
        power=tuple(tuple(tuple(_ext_power(c, t, led) for c in codes) for led in range(5))
                    for t in range(CONTRACTS)),
        trump_rank=tuple(tuple(_ext_coarse_rank(c, t) for c in codes) for t in range(CONTRACTS)),
        trump_order=tuple(tuple(sorted((c for c in codes if _ext_trump_order(c, t) >= 0),
                                       key=lambda c, t=t: -_ext_trump_order(c, t)))  # type: ignore[misc]
                          for t in range(CONTRACTS)),
    )


EXT = _build_ext()


def ext_legal_plays(hand: list[Card] | tuple[Card, ...], contract: int,
                    led: Suit | None) -> list[Card]:
    """legal_plays for every deck and contract."""
    if led is None:
        return list(hand)
    eff = EXT.effective_suit[contract]
    follow = [c for c in hand if eff[c] == led]
    return follow if follow else list(hand)


def deck_codes(size: int, joker: bool) -> tuple[Card, ...]:
    """The canonical (unshuffled) deck of a variant: 24 cards, + 7s and 8s, + the joker."""
    codes = list(range(DECK_SIZE)) if size == DECK_SIZE else list(range(DECK_SIZE + 8))
    if joker:
        codes.append(JOKER)
    return tuple(Card(c) for c in codes)

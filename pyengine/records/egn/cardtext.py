"""EGN's card strings and the engine's cards.

A card is rank then suit: ranks ``9 T J Q K A`` (``N`` is another 9; ``7 8`` with
``min_rank`` 7), suits ``s h d c`` in either case. ``R`` and ``L`` are the right and left
bowers of the hand's trump, ``B`` the joker (benny). ``X`` is an unknown rank or suit
(``Xx`` a card not known) and ``t n g`` stand for a suit by its role (trump, next, the
greens): the project judges real cards only, so those are refused with a reason.
"""

from __future__ import annotations

from pyengine.core.cards import (
    JOKER,
    RANKS,
    SUITS,
    Card,
    CardParseError,
    left_bower,
    parse_card,
    rank_of,
    right_bower,
    suit_of,
)

EGN_SUITS = "shdc"              # the engine's suit order: S H D C
# trump, next, green 1 (a scenario's roles); "h", green 2, is read as hearts: the two
# cannot be told apart, and every real record means hearts by it
GENERIC_SUITS = "tng"
BOWERS = ("R", "L")
JOKER_TEXT = "B"


class EgnCardError(ValueError):
    """A card string the project cannot judge; the message says why."""


def is_bower_text(text: str) -> bool:
    """``R`` or ``L``: a bower named by its role, read once trump is known."""
    return text in BOWERS


def read_card(text: str, trump: int | None = None) -> Card:
    """The engine's card for an EGN card string; ``trump`` resolves ``R`` and ``L``.

    EgnCardError says why a string is not a card the project can judge."""
    if not isinstance(text, str) or not text:
        raise EgnCardError(f"{text!r} is not a card")
    if text == JOKER_TEXT:
        return JOKER
    if text in BOWERS:
        if trump is None:
            raise EgnCardError(f"{text!r} (a bower) before trump is made")
        return right_bower(trump) if text == "R" else left_bower(trump)
    if len(text) != 2:
        raise EgnCardError(f"{text!r} is not a card: rank then suit, e.g. Jc or Td")
    rank, suit = text[0].upper(), text[1]
    if rank == "X" or suit in "xX":
        raise EgnCardError(f"{text!r} is a card not known (X): a record with unknown cards "
                           "cannot be judged")
    if suit in GENERIC_SUITS:
        raise EgnCardError(f"{text!r} names its suit by role ({suit}: trump, next or green "
                           "suit), not a real suit: it cannot be judged")
    if rank == "N":
        rank = "9"
    if suit.lower() not in EGN_SUITS or rank not in "78" + RANKS:
        raise EgnCardError(f"{text!r} is not a card: rank then suit, e.g. Jc or Td")
    try:
        return parse_card(rank + suit.upper())
    except CardParseError:
        raise EgnCardError(f"{text!r} is not a card") from None


def card_text(card: Card) -> str:
    """EGN's string for a card: ``Jc``, ``Td``, ``9s`` (``B`` for the joker)."""
    if card == JOKER:
        return JOKER_TEXT
    from pyengine.core.cards import card_name

    name = card_name(card)              # "JC", "TD", "7S"
    return name[0] + name[1].lower()


def suit_letter(suit: int) -> str:
    """EGN's call naming a suit: ``s h d c``."""
    return EGN_SUITS[suit]


def suit_of_letter(letter: str) -> int:
    """The engine's suit of EGN's ``s h d c``."""
    return SUITS.index(letter.upper())


__all__ = ["EgnCardError", "card_text", "is_bower_text", "rank_of", "read_card",
           "suit_letter", "suit_of", "suit_of_letter"]

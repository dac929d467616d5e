"""The order South's hand is shown in on the C64's table (c64/sort.oph): the trumps
first once trump is known, then the other suits, each from the top down."""

from __future__ import annotations

from pyengine.core.cards import EXT, JOKER, rank_of, suit_of

# The order of the suits after trump in South's hand on screen (c64/sort.oph):
# ♠ ♥ ♣ ♦, black and red in turn.
SUIT_DISPLAY_ORDER, EXT_TRUMP_TOP = (0, 1, 3, 2), 29   # (29: the joker's power, key 0)


def display_key(card: int, trump: int | None) -> tuple[int, int]:
    """Where a card goes in South's hand on screen: (group, place in the group).

    Once trump is known the trumps come first, from the highest down (the joker,
    right, left, A, K, Q, 10, 9, 8, 7); then the other suits in SUIT_DISPLAY_ORDER,
    each from the ace down to the 7 (the left bower is not in its printed suit).
    Before trump is known, every suit is a group of its own, the joker first."""
    if trump is not None and EXT.trump_rank[trump][card] >= 0:
        return 0, EXT_TRUMP_TOP - EXT.power[trump][trump][card]
    if card == JOKER:
        return 0, 0
    return 1 + SUIT_DISPLAY_ORDER.index(suit_of(card)), 5 - rank_of(card)


def display_order(hand, trump: int | None) -> list[int]:
    """South's cards in the order the screen shows them (the core keeps them as dealt)."""
    return sorted(hand, key=lambda c: display_key(c, trump))

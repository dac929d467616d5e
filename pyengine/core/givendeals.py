"""A deal the game is given rather than dealt (a recorded game: an EGN record, a transcript
with ``"deals": "recorded"``): is it a deal the rules could have dealt?"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.core.cards import Card, card_name, deck_codes
from pyengine.core.rules import Rules


def deal_problem(rules: Rules, hands: Sequence[Sequence[Card]], upcard: Card | None
                 ) -> str | None:
    """None if ``hands`` (by seat) and ``upcard`` could be one deal under ``rules``: one
    hand a seat of the rules' size, every card of the rules' deck and dealt once. Else
    why not, in one line."""
    if len(hands) != rules.players:
        return f"{len(hands)} hands for {rules.players} players"
    deck = set(deck_codes(rules.deck, rules.joker))
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            return f"seat {seat} is dealt {len(hand)} cards, not {rules.hand_size}"
        for c in hand:
            if c not in deck:
                return f"seat {seat}'s {card_name(c)} is not in this game's deck"
            if c in seen:
                return f"{card_name(c)} is dealt twice"
            seen.add(c)
    if (upcard is None) != rules.bid6:
        return "an upcard is needed" if upcard is None else "this game has no upcard"
    if upcard is not None:
        if upcard not in deck:
            return f"the upcard {card_name(upcard)} is not in this game's deck"
        if upcard in seen:
            return f"the upcard {card_name(upcard)} is also in a hand"
    return None

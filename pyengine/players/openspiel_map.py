"""Our cards, seats, bids and plays as OpenSpiel's ``euchre`` game spells them.

Pure data (no ``open_spiel`` import), so the mapping is testable and cheap. OpenSpiel 2.0.2's
``euchre`` (game parameters ``allow_lone_defender=False, stick_the_dealer=True``):

* cards are ``rank * 4 + suit`` with suits ``C D H S`` (0-3) and ranks ``9 T J Q K A``;
  ours are ``suit * 6 + rank`` with suits ``S H D C``, so our suit ``s`` is its ``3 - s``;
* seats are the same numbers (0-3, play passes to seat + 1, partners ``s`` and ``s + 2``):
  it calls them N E S W and we South West North East, which changes nothing;
* a hand is: one chance action for the dealer, 20 dealt cards (the i-th to seat
  ``dealer + i``), the upcard, the bids (24 pass, 25-28 a trump suit), after a round-1 order
  the dealer's discard, then the maker's 29 (alone) or 30 (with partner), then the cards;
* it lets the dealer discard any card but the upcard (our ``standard`` lets him discard the
  upcard too: against IS-MCTS the arena restricts every player to OpenSpiel's choice), and it
  asks the dealer to discard even when his partner then goes alone (that discard changes
  nothing: the dealer does not play); we skip that step, and :func:`hand_actions` fills it in.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.core.cards import Card, Suit
from pyengine.core.events import PASS

OS_PASS = 24
OS_TRUMP = 25            # 25 + OpenSpiel suit
OS_ALONE = 29
OS_PARTNER = 30
OS_CARDS = 24


def os_suit(suit: Suit) -> int:
    """Our suit (S H D C = 0-3) as OpenSpiel's (C D H S = 0-3)."""
    return 3 - suit


def our_suit(os: int) -> Suit:
    """OpenSpiel's suit as ours."""
    return Suit(3 - os)


def os_card(card: Card) -> int:
    """Our card code as OpenSpiel's card action."""
    return (card % 6) * 4 + os_suit(card // 6)


def our_card(action: int) -> Card:
    """OpenSpiel's card action as our card."""
    return Card((3 - action % 4) * 6 + action // 4)


def bid_action(call: str, suit: Suit | None) -> int:
    """A bid (pass, order, name) as OpenSpiel's bidding action (alone comes later)."""
    return OS_PASS if call == PASS else OS_TRUMP + os_suit(suit)


def trump_of(action: int) -> Suit:
    """The suit of OpenSpiel's trump action (25-28), as ours."""
    return Suit(3 - (action - OS_TRUMP))


@dataclass(frozen=True)
class HandFacts:
    """One hand as OpenSpiel needs it: every seat's five dealt cards and what was done."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]     # the five cards each seat was dealt
    upcard: Card
    bids: tuple[tuple[str, Suit | None], ...]   # (call, suit) in order
    alone: bool = False
    discard: Card | None = None             # the dealer's discard (round-1 order)
    plays: tuple[Card, ...] = ()
    discarded: bool = True                  # False: the dealer is still to discard


def deal_actions(dealer: int, hands: tuple[tuple[Card, ...], ...], upcard: Card) -> list[int]:
    """The chance actions of a deal: the dealer, 20 cards (i-th to dealer + i), the upcard."""
    left = [sorted(os_card(c) for c in h) for h in hands]
    acts = [dealer]
    for i in range(20):
        acts.append(left[(dealer + i) % 4].pop(0))
    acts.append(os_card(upcard))
    return acts


def filler_discard(facts: HandFacts) -> Card:
    """A discard for a dealer who sits out (his partner alone): OpenSpiel still asks one."""
    return min(facts.hands[facts.dealer], key=os_card)


def hand_actions(facts: HandFacts) -> list[int]:
    """OpenSpiel's whole action list for a hand (as far as ``facts`` go)."""
    acts = deal_actions(facts.dealer, facts.hands, facts.upcard)
    made = None
    for i, (call, suit) in enumerate(facts.bids):
        acts.append(bid_action(call, suit))
        if call != PASS:
            made = i
            break
    if made is None:
        return acts
    if made < 4:                                 # round 1: the dealer picks up and discards
        if not facts.discarded:
            return acts
        discard = facts.discard if facts.discard is not None else filler_discard(facts)
        acts.append(os_card(discard))
    acts.append(OS_ALONE if facts.alone else OS_PARTNER)
    acts += [os_card(c) for c in facts.plays]
    return acts

"""What the reference player remembers of a hand: the cards gone and who is void.

Everything here is read from the deciding seat's :class:`~pyengine.core.game.SeatView`
(``played`` in play order, the bids, the maker): the tricks are rebuilt with the
rules' first leader and each trick's winner, and a seat that did not follow the
suit led is void in it. The 6502 keeps the same facts as the hand is played
(asm/game.oph: ``card_played`` and ``void_suits``), so the reference player can
use them without searching.
"""

from __future__ import annotations

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, Card
from pyengine.core.events import PASS
from pyengine.core.game import SeatView
from pyengine.core.rules import FirstLead


def made_round(view: SeatView) -> int:
    """The bidding round in which trump was made (0: not yet)."""
    for b in reversed(view.bids):
        if b.call != PASS:
            return b.round
    return 0


def out_seats(view: SeatView) -> tuple[int, ...]:
    """Seats that sit this hand out (a lone maker's or lone defender's partner)."""
    return tuple(s for s in (view.sitting_out, view.defender_out) if s is not None)


def next_active(seat: int, out: tuple[int, ...]) -> int:
    """The seat after ``seat`` that plays this hand."""
    nxt = (seat + 1) % 4
    while nxt in out:
        nxt = (nxt + 1) % 4
    return nxt


def first_leader(view: SeatView) -> int:
    """Who leads the first trick (GameState._start_play, from public facts)."""
    r = view.rules
    if r.canadian_loner and view.alone and made_round(view) == 1:
        first = view.maker
    else:
        first = view.maker if r.first_lead is FirstLead.MAKER_LEFT else view.dealer
    return next_active(first, out_seats(view))


def void_suits(view: SeatView) -> list[int]:
    """For each seat, a bit per effective suit it has shown out of this hand."""
    trump = view.trump
    eff = EFFECTIVE_SUIT[trump]
    out = out_seats(view)
    active = 4 - len(out)
    voids = [0, 0, 0, 0]
    played = view.played
    leader = first_leader(view)
    for i in range(0, len(played), active):
        trick = played[i:i + active]
        led = eff[trick[0]]
        power = POWER[trump][led]
        seat, win_seat, best = leader, leader, -1
        for c in trick:
            if eff[c] != led:
                voids[seat] |= 1 << led
            if power[c] > best:
                win_seat, best = seat, power[c]
            seat = next_active(seat, out)
        leader = win_seat
    return voids


def gone_cards(view: SeatView) -> int:
    """A bit per card nobody else can hold: played, or the upcard turned down."""
    gone = 0
    for c in view.played:
        gone |= 1 << c
    if made_round(view) == 2 and view.upcard is not None:
        gone |= 1 << view.upcard
    return gone


def outranked_by(card: Card, trump: int, gone: int, hand: tuple[Card, ...]) -> int:
    """How many cards of ``card``'s effective suit, neither in ``gone`` nor in ``hand``,
    beat it (0: it is the boss of its suit)."""
    eff = EFFECTIVE_SUIT[trump]
    suit = eff[card]
    power = POWER[trump][suit]
    mine = power[card]
    held = gone
    for c in hand:
        held |= 1 << c
    return sum(1 for c, p in enumerate(power)
               if p > mine and eff[c] == suit and not held >> c & 1)


def is_boss(card: Card, trump: int, gone: int, hand: tuple[Card, ...]) -> bool:
    """No card outside ``gone`` and ``hand`` beats ``card`` in its own effective suit."""
    return outranked_by(card, trump, gone, hand) == 0

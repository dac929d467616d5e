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


def _beaters(trump: int, card: int) -> int:
    eff = EFFECTIVE_SUIT[trump]
    power = POWER[trump][eff[card]]
    return sum(1 << c for c, p in enumerate(power) if eff[c] == eff[card] and p > power[card])


# BEATERS[trump][card]: a bit for each card of card's effective suit that beats it
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_beaters(t, c) for c in range(len(EFFECTIVE_SUIT[t]))) for t in range(4))


def held_mask(gone: int, hand: tuple[Card, ...]) -> int:
    """``gone`` with the cards of ``hand`` added: the cards no other seat can hold."""
    for c in hand:
        gone |= 1 << c
    return gone


def outranked_by(card: Card, trump: int, gone: int, hand: tuple[Card, ...]) -> int:
    """How many cards of ``card``'s effective suit, neither in ``gone`` nor in ``hand``,
    beat it (0: it is the boss of its suit)."""
    return (BEATERS[trump][card] & ~held_mask(gone, hand)).bit_count()


def is_boss(card: Card, trump: int, gone: int, hand: tuple[Card, ...]) -> bool:
    """No card outside ``gone`` and ``hand`` beats ``card`` in its own effective suit."""
    return outranked_by(card, trump, gone, hand) == 0

"""A seat's view as a fixed-size tensor, for learning agents (OpenSpiel's
``observation_tensor``).

The tensor is a flat list of :data:`OBSERVATION_SIZE` floats, the same size under
every rule set, made only from the seat's :class:`~pyengine.core.seatview.SeatView`
(never a hidden card). Its parts, in order, are :data:`OBSERVATION_LAYOUT`'s
``(name, size)`` pairs. Cards are 33 places, one per card code (``int(card)``:
0-23 the 24-card deck, ``suit * 6 + rank``; 24-31 the 7s and 8s; 32 the joker).
Seats are relative to the observer: place 0 is the observer, 1 the seat to its
left, 2 the next (the partner with four players), 3 the seat to its right. Sides
are relative too: place 0 the observer's side, then the others in seat order from
its left (with four players, place 2 stays 0).
"""

from __future__ import annotations

from pyengine.core.cards import EXT_CARDS
from pyengine.core.events import PASS
from pyengine.core.phase import Phase
from pyengine.core.seatview import SeatView

SEATS = 4
SIDES = 3
PHASES = tuple(Phase)
CONTRACTS = 6                   # 0-3 a suit, 4 no-trump high, 5 no-trump low
BIDS = (3, 4, 5, 6)             # Bid Euchre's bids

OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hand", EXT_CARDS),            # the observer's cards
    ("upcard", EXT_CARDS),          # the upcard (none in Bid Euchre)
    ("up_suit", 4),                 # the suit the upcard proposes (the joker's: named)
    ("discarded", EXT_CARDS),       # the observer's own discard (the dealer only)
    ("played", EXT_CARDS),          # every card played to this hand's tricks
    ("trick", SEATS * EXT_CARDS),   # by relative seat: the card it put on this trick
    ("leader", SEATS),              # who led this trick
    ("phase", len(PHASES)),         # Phase, in its order (bid1, bid2, discard, play...)
    ("to_move", 1),                 # 1: the observer decides now
    ("dealer", SEATS),
    ("passed", SEATS * 2),          # by relative seat: passed in round 1, in round 2
    ("trump", CONTRACTS),
    ("maker", SEATS),
    ("alone", 1),
    ("sitting_out", SEATS),         # the lone maker's partner
    ("defender_out", SEATS),        # the lone defender's partner
    ("contract", len(BIDS)),        # Bid Euchre: the high bid, 3-6
    ("high_bidder", SEATS),
    ("tricks_won", SIDES),          # tricks this hand, by relative side
    ("score", SIDES),               # points, by relative side
    ("cutthroat", 1),               # 1: three players, each for himself
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_LAYOUT)
OFFSETS = {}
_at = 0
for _name, _size in OBSERVATION_LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
del _at, _name, _size


def observation_tensor(v: SeatView) -> list[float]:
    """``v`` as :data:`OBSERVATION_SIZE` floats, laid out as :data:`OBSERVATION_LAYOUT`."""
    t = [0.0] * OBSERVATION_SIZE
    players = v.rules.players
    me = v.seat

    def rel(seat: int) -> int:
        return (seat - me) % players

    def one(name: str, index: int, value: float = 1.0) -> None:
        t[OFFSETS[name] + index] = value

    for c in v.hand:
        one("hand", c)
    if v.upcard is not None:
        one("upcard", v.upcard)
    if v.up_suit is not None:
        one("up_suit", v.up_suit)
    if v.discarded is not None:
        one("discarded", v.discarded)
    for c in v.played:
        one("played", c)
    for seat, c in v.trick:
        one("trick", rel(seat) * EXT_CARDS + c)
    if v.trick:
        one("leader", rel(v.trick[0][0]))
    one("phase", PHASES.index(v.phase))
    if v.legal:
        one("to_move", 0)
    one("dealer", rel(v.dealer))
    for b in v.bids:
        if b.call == PASS:
            one("passed", rel(b.seat) * 2 + (b.round - 1))
    if v.trump is not None:
        one("trump", v.trump)
    if v.maker is not None:
        one("maker", rel(v.maker))
    if v.alone:
        one("alone", 0)
    if v.sitting_out is not None:
        one("sitting_out", rel(v.sitting_out))
    if v.defender_out is not None:
        one("defender_out", rel(v.defender_out))
    if v.contract is not None:
        one("contract", BIDS.index(v.contract))
    if v.high_bidder is not None:
        one("high_bidder", rel(v.high_bidder))
    sides = len(v.total)
    mine = v.team(me)
    for side in range(sides):
        place = (side - mine) % sides
        one("tricks_won", place, float(v.tricks_won[side]))
        one("score", place, float(v.total[side]))
    if players == 3:
        one("cutthroat", 0)
    return t

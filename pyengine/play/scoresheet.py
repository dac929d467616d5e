"""The score sheet: a game hand by hand, read from its events, for every rule set.

One :class:`HandRow` per deal: who dealt, the trump (or the contract: no-trump
high or low in Bid Euchre), who made it and whether alone, the tricks and the
points by team (by player in three-handed cutthroat), and the score after it.
A deal that was not played - passed out (no stick-the-dealer) or thrown in at a
player's request (farmer's hand, no ace no face no trump) - has a row too, with
``outcome`` saying so and no trump, makers, tricks or points.

The rows are built from the transcript's events alone (:mod:`pyengine.core.events`),
so a resumed or replayed game has the same sheet as the game that was played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pyengine.core.events import (
    BID,
    NAME,
    ORDER,
    REDEAL,
    Bid,
    Deal,
    Declare,
    Defend,
    Event,
    PassedOut,
    Redeal,
    Score,
)

PLAYED = "played"
PASSED_OUT = "passed out"
REDEALT = "redealt"


@dataclass(frozen=True)
class HandRow:
    """One deal of the game, as the score sheet shows it.

    ``trump``: 0-3 a suit (:data:`pyengine.core.cards.SUITS` order), 4/5 no-trump
    high/low (Bid Euchre), None when the deal was not played. ``makers`` is the
    makers' team (a seat in cutthroat), ``maker`` the seat that made trump.
    ``tricks``, ``points`` and ``total`` are by team (by player with three
    players); ``total`` is the score after this deal. ``bid`` is Bid Euchre's
    contract (3-6 tricks), ``defended_alone`` a lone defender (option
    defend_alone).
    """

    hand: int
    dealer: int
    outcome: str = PLAYED                 # PLAYED, PASSED_OUT or REDEALT
    trump: int | None = None
    maker: int | None = None
    makers: int | None = None
    alone: bool = False
    defended_alone: bool = False
    bid: int | None = None
    tricks: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    total: tuple[int, ...] = ()

    @property
    def euchred(self) -> bool:
        """The makers were euchred: fewer than 3 tricks (nothing scored), or in Bid Euchre
        fewer than they bid (the bid is lost)."""
        if self.outcome != PLAYED or self.makers is None:
            return False
        if self.bid is not None:                   # Bid Euchre: short of the bid, it is lost
            return self.points[self.makers] < 0
        return self.points[self.makers] == 0


def score_sheet(events: Iterable[Event], teams: int = 2) -> list[HandRow]:
    """The rows of every deal that is over (the deal in progress has none yet)."""
    rows: list[HandRow] = []
    current: dict | None = None
    total: tuple[int, ...] = (0,) * teams
    for ev in events:
        if isinstance(ev, Deal):
            current = {"hand": ev.hand, "dealer": ev.dealer}
        elif current is None:
            continue
        elif isinstance(ev, Bid):
            if ev.call in (ORDER, NAME):
                current.update(trump=ev.suit, maker=ev.seat, alone=ev.alone)
            elif ev.call == BID:
                current.update(maker=ev.seat, bid=ev.tricks)
        elif isinstance(ev, Declare):
            current.update(trump=ev.trump, maker=ev.seat)
        elif isinstance(ev, Defend):
            if ev.alone:
                current["defended_alone"] = True
        elif isinstance(ev, PassedOut):
            rows.append(HandRow(current["hand"], current["dealer"], PASSED_OUT, total=total))
            current = None
        elif isinstance(ev, Redeal):
            if ev.call == REDEAL:
                rows.append(HandRow(current["hand"], current["dealer"], REDEALT, total=total))
                current = None
        elif isinstance(ev, Score):
            total = tuple(ev.total)
            rows.append(HandRow(
                current["hand"], current["dealer"], PLAYED, current.get("trump"),
                current.get("maker"), ev.makers, current.get("alone", False),
                current.get("defended_alone", False),
                ev.bid if ev.bid is not None else current.get("bid"),
                tuple(ev.tricks), tuple(ev.points), total))
            current = None
    return rows

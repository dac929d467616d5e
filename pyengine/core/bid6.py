"""Six-card Bid Euchre ("Racehorse"), seed 004: the auction and the score.

The state machine (:mod:`pyengine.core.game`) asks this module what the rules say;
every function is pure.

* Auction: "Cominciando dalla sinistra del mazziere, ogni giocatore dichiara una
  volta: un numero di prese da 3 a 6 ... piu' alto della dichiarazione
  precedente, oppure passa. Il mazziere dichiara per ultimo e puo' prendersi il
  contratto pareggiando la dichiarazione piu' alta; se tutti gli altri hanno
  passato, il mazziere deve dichiarare almeno 3."
* Contract: the high bidder names a trump suit (bowers as usual), no-trump high
  (A high to 9) or no-trump low (9 high to A), and leads the first trick.
* Score: "Entrambe le squadre segnano un punto per ogni presa che fanno. Se i
  dichiaranti vincono meno prese di quelle dichiarate ... perdono il valore
  della dichiarazione."
* Game: 32, "raggiunti alla fine di una mano in cui quella squadra ha mantenuto
  la propria dichiarazione o ha mandato sotto i dichiaranti".
"""

from __future__ import annotations

from pyengine.core.cards import CONTRACTS

MIN_BID = 3
MAX_BID = 6
TRICKS = 6
ALL_CONTRACTS = tuple(range(CONTRACTS))


def legal_bids(high: int | None, dealer_to_bid: bool) -> tuple[int | None, ...]:
    """The bids open to the seat to move; None is a pass.

    ``high`` is the highest bid so far (None: all passed). The dealer may match
    it; if nobody bid, the dealer must bid at least 3 (no pass).
    """
    if dealer_to_bid:
        if high is None:
            return tuple(range(MIN_BID, MAX_BID + 1))
        return (None, *range(high, MAX_BID + 1))
    low = MIN_BID if high is None else high + 1
    return (None, *range(low, MAX_BID + 1))


def why_bid_illegal(tricks: int | None, high: int | None, dealer_to_bid: bool) -> str:
    """Why a Bid Euchre bid of ``tricks`` is not allowed now."""
    if tricks is None:
        return "the dealer must bid at least 3 when everybody else passed"
    if not MIN_BID <= tricks <= MAX_BID:
        return f"a bid is {MIN_BID} to {MAX_BID} tricks"
    if dealer_to_bid:
        return f"the dealer may match the high bid of {high} or bid more, not {tricks}"
    return f"a bid must be higher than the last one ({high}): {tricks} is not"


def hand_points(makers: int, bid: int, tricks: tuple[int, int]) -> tuple[int, int]:
    """Points (team 0, team 1): a point a trick each; makers short of the bid lose it."""
    points = [tricks[0], tricks[1]]
    if tricks[makers] < bid:
        points[makers] = -bid
    return points[0], points[1]


def may_win(makers: int, bid: int, tricks: tuple[int, int]) -> int:
    """The one team that may win the game at the end of this hand: the makers if they
    made the bid, the defenders if they set it."""
    return makers if tricks[makers] >= bid else 1 - makers

"""The events of a game, as the transcript contract (docs/design.md) defines them.

Each event is an immutable value; ``to_json()`` gives the transcript's object
with the fields in the contract's order, cards in two-letter notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pyengine.core.cards import CONTRACT_LETTERS, SUITS, Card, card_name

PASS, ORDER, NAME = "pass", "order", "name"
BID = "bid"                      # six-card Bid Euchre: a number of tricks
REDEAL, KEEP = "redeal", "keep"


def _suit_letter(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


@dataclass(frozen=True)
class FirstDealer:
    """The first dealer is drawn: ``cards`` dealt face up until a black jack."""
    ev: ClassVar[str] = "first_dealer"
    cards: tuple[Card, ...]
    dealer: int

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "cards": [card_name(c) for c in self.cards],
                "dealer": self.dealer}


@dataclass(frozen=True)
class Deal:
    """A new hand: its number, the dealer, every seat's hand, the upcard."""
    ev: ClassVar[str] = "deal"
    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None            # None: Bid Euchre deals every card

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "hand": self.hand, "dealer": self.dealer,
                "hands": [[card_name(c) for c in h] for h in self.hands],
                "upcard": None if self.upcard is None else card_name(self.upcard)}


@dataclass(frozen=True)
class Bid:
    """A bid: pass, order (the upcard's suit) or name a suit, alone or not."""
    ev: ClassVar[str] = "bid"
    seat: int
    round: int
    call: str            # PASS, ORDER or NAME (BID in Bid Euchre)
    suit: int | None
    alone: bool
    tricks: int | None = None    # Bid Euchre only: the tricks bid (3-6)

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        out = {"ev": self.ev, "seat": self.seat, "round": self.round, "call": self.call,
               "suit": _suit_letter(self.suit), "alone": self.alone}
        if self.tricks is not None:
            out["tricks"] = self.tricks
        return out


@dataclass(frozen=True)
class Discard:
    """The dealer's face-down discard after picking up."""
    ev: ClassVar[str] = "discard"
    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True)
class PassedOut:
    """Everyone passed twice: the hand is not played."""
    ev: ClassVar[str] = "passed_out"

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev}


@dataclass(frozen=True)
class Play:
    """A card to the trick."""
    ev: ClassVar[str] = "play"
    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True)
class Trick:
    """The trick is complete; ``winner`` leads the next."""
    ev: ClassVar[str] = "trick"
    winner: int

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "winner": self.winner}


@dataclass(frozen=True)
class Score:
    """The end of a played hand: makers, tricks, points and totals by team."""
    ev: ClassVar[str] = "score"
    makers: int
    tricks: tuple[int, ...]      # by team (by player in cutthroat)
    points: tuple[int, ...]
    total: tuple[int, ...]
    bid: int | None = None       # Bid Euchre only: the makers' contract

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        out = {"ev": self.ev, "makers": self.makers, "tricks": list(self.tricks),
               "points": list(self.points), "total": list(self.total)}
        if self.bid is not None:
            out["bid"] = self.bid
        return out


@dataclass(frozen=True)
class GameOver:
    """The game is decided: the winning team and the final totals."""
    ev: ClassVar[str] = "game_over"
    winner: int
    total: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "winner": self.winner, "total": list(self.total)}


@dataclass(frozen=True)
class JokerSuit:
    """The upcard is the joker: the dealer names the suit it proposes."""

    ev: ClassVar[str] = "joker_suit"
    seat: int
    suit: int

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "suit": SUITS[self.suit]}


@dataclass(frozen=True)
class Redeal:
    """A seat with a farmer's hand (or no ace, no face, no trump) keeps it or asks
    for a new deal."""

    ev: ClassVar[str] = "redeal"
    seat: int
    call: str            # REDEAL or KEEP
    reason: str          # "farmers_hand" or "no_ace_no_face_no_trump"

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "call": self.call, "reason": self.reason}


@dataclass(frozen=True)
class Defend:
    """A defender's choice to defend alone (option defend_alone)."""

    ev: ClassVar[str] = "defend"
    seat: int
    alone: bool

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "alone": self.alone}


@dataclass(frozen=True)
class Declare:
    """Bid Euchre: the high bidder's contract, a trump suit or no-trump high/low."""

    ev: ClassVar[str] = "declare"
    seat: int
    trump: int           # 0-3 a suit, 4 no-trump high, 5 no-trump low

    def to_json(self) -> dict[str, Any]:
        """The transcript's object for this event."""
        return {"ev": self.ev, "seat": self.seat, "trump": CONTRACT_LETTERS[self.trump]}


Event = (FirstDealer | Deal | Bid | Discard | PassedOut | Play | Trick | Score | GameOver
         | JokerSuit | Redeal | Defend | Declare)

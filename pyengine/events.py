"""The events of a game, as the transcript contract (DESIGN.md) defines them.

Each event is an immutable value; ``to_json()`` gives the transcript's object
with the fields in the contract's order, cards in two-letter notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import SUITS, Card, card_name

PASS, ORDER, NAME = "pass", "order", "name"


def _suit_letter(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


@dataclass(frozen=True)
class FirstDealer:
    ev: ClassVar[str] = "first_dealer"
    cards: tuple[Card, ...]
    dealer: int

    def to_json(self) -> dict:
        return {"ev": self.ev, "cards": [card_name(c) for c in self.cards],
                "dealer": self.dealer}


@dataclass(frozen=True)
class Deal:
    ev: ClassVar[str] = "deal"
    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card

    def to_json(self) -> dict:
        return {"ev": self.ev, "hand": self.hand, "dealer": self.dealer,
                "hands": [[card_name(c) for c in h] for h in self.hands],
                "upcard": card_name(self.upcard)}


@dataclass(frozen=True)
class Bid:
    ev: ClassVar[str] = "bid"
    seat: int
    round: int
    call: str            # PASS, ORDER or NAME
    suit: int | None
    alone: bool

    def to_json(self) -> dict:
        return {"ev": self.ev, "seat": self.seat, "round": self.round, "call": self.call,
                "suit": _suit_letter(self.suit), "alone": self.alone}


@dataclass(frozen=True)
class Discard:
    ev: ClassVar[str] = "discard"
    seat: int
    card: Card

    def to_json(self) -> dict:
        return {"ev": self.ev, "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True)
class PassedOut:
    ev: ClassVar[str] = "passed_out"

    def to_json(self) -> dict:
        return {"ev": self.ev}


@dataclass(frozen=True)
class Play:
    ev: ClassVar[str] = "play"
    seat: int
    card: Card

    def to_json(self) -> dict:
        return {"ev": self.ev, "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True)
class Trick:
    ev: ClassVar[str] = "trick"
    winner: int

    def to_json(self) -> dict:
        return {"ev": self.ev, "winner": self.winner}


@dataclass(frozen=True)
class Score:
    ev: ClassVar[str] = "score"
    makers: int
    tricks: tuple[int, int]
    points: tuple[int, int]
    total: tuple[int, int]

    def to_json(self) -> dict:
        return {"ev": self.ev, "makers": self.makers, "tricks": list(self.tricks),
                "points": list(self.points), "total": list(self.total)}


@dataclass(frozen=True)
class GameOver:
    ev: ClassVar[str] = "game_over"
    winner: int
    total: tuple[int, int]

    def to_json(self) -> dict:
        return {"ev": self.ev, "winner": self.winner, "total": list(self.total)}


Event = FirstDealer | Deal | Bid | Discard | PassedOut | Play | Trick | Score | GameOver

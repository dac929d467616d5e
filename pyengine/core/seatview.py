"""What one seat may know when it decides (:class:`SeatView`), the seats' names and
sides, and the short text picture of a position that ``str(view)`` and
``str(game)`` print (python-chess's ``print(board)``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyengine.core.actions import Action
from pyengine.core.cards import CONTRACT_WORDS, Card, Suit, card_name
from pyengine.core.events import BID, PASS, Bid
from pyengine.core.phase import PHASE_WORDS, Phase
from pyengine.core.rules import Rules

# The seats, clockwise from the shell's human (South): play goes (s + 1) % players
SEAT_NAMES = ("South", "West", "North", "East")
TEAM_NAMES = ("N-S", "E-W")


def team_of(seat: int) -> int:
    """A seat's partnership (four players; see GameState.team for cutthroat)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of a seat (four players)."""
    return (seat + 2) % 4


class Seating:
    """The seats of a game under its ``rules``: how many, their sides and partners.
    A mixin for the classes that hold ``rules`` (:class:`SeatView`, the game's
    ``Position``), so both answer alike."""
    __slots__ = ()
    rules: Rules

    @property
    def players(self) -> int:
        """The number of players at the table (3 or 4)."""
        return self.rules.players

    def team(self, seat: int) -> int:
        """The scoring side of a seat: its partnership, or itself in cutthroat."""
        return seat if self.rules.players == 3 else seat & 1

    def partner(self, seat: int) -> int | None:
        """A seat's partner, None in cutthroat."""
        return None if self.rules.players == 3 else partner_of(seat)


@dataclass(slots=True)
class SeatView(Seating):
    """What one seat may know when it decides: never another seat's hidden cards.

    ``str(view)`` is a short picture of the position as this seat sees it."""

    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    dealer: int
    upcard: Card | None              # None in Bid Euchre
    round: int                       # bidding round (1 or 2); 0 after bidding
    bids: tuple[Bid, ...]            # this hand's bids so far
    trump: Suit | None               # 4/5: no-trump high/low (Bid Euchre)
    maker: int | None
    alone: bool
    sitting_out: int | None
    trick: tuple[tuple[int, Card], ...]   # (seat, card) on the table, in play order
    played: tuple[Card, ...]         # cards played to completed and current tricks
    tricks_won: tuple[int, ...]
    total: tuple[int, ...]
    discarded: Card | None           # the dealer's own discard (only the dealer sees it)
    legal: tuple[Action, ...]        # the seat to move's choices (others: empty)
    rules: Rules
    up_suit: Suit | None = None      # the suit the upcard proposes (the joker's: named)
    defender_out: int | None = None  # partner of a lone defender
    contract: int | None = None      # Bid Euchre: the high bid
    high_bidder: int | None = None

    def __str__(self) -> str:
        return picture(self, to_move=self.seat if self.legal else None)


def side_names(players: int) -> tuple[str, ...]:
    """The scoring sides' short names: ``N-S``, ``E-W`` (or the three seats)."""
    return SEAT_NAMES[:3] if players == 3 else TEAM_NAMES


def _sides(values: Sequence[int], players: int) -> str:
    return ", ".join(f"{n} {v}" for n, v in zip(side_names(players), values, strict=False))


def _bid_words(b: Bid) -> str:
    if b.call == PASS:
        return "pass"
    if b.call == BID:
        return f"bid {b.tricks}"
    word = "order up" if b.round == 1 else f"name {card_suit_letter(b.suit)}"
    return word + (" alone" if b.alone else "")


def card_suit_letter(suit: int | None) -> str:
    """A suit's letter (S H D C), ``-`` for none."""
    return "-" if suit is None else str(Suit(suit))


def _cards_left(v: SeatView, seat: int) -> int:
    """How many cards ``seat`` holds now, from what the table shows."""
    if seat in (v.sitting_out, v.defender_out):
        return v.rules.hand_size            # a seat that sits out keeps its hand
    out = sum(s is not None for s in (v.sitting_out, v.defender_out))
    active = v.rules.players - out
    done = (len(v.played) - len(v.trick)) // active if active else 0
    held = v.rules.hand_size - done - any(s == seat for s, _ in v.trick)
    if seat == v.dealer and v.phase is Phase.DISCARD:
        held += 1                   # the upcard picked up, not yet a discard
    return held


def picture(v: SeatView, hands: Sequence[Sequence[Card]] | None = None,
            to_move: int | None = None, title: str | None = None) -> str:
    """The position as lines of text: the deal, the bids, trump, the trick, the score
    and each seat's cards (``hands``: every seat's, as the game knows them; without
    them only ``v.seat``'s own, the others as a count)."""
    players = v.rules.players
    lines = [title] if title else []
    up = "no upcard" if v.upcard is None else f"upcard {card_name(v.upcard)}"
    lines.append(f"Dealer {SEAT_NAMES[v.dealer]}, {up}; score {_sides(v.total, players)}")
    if v.bids:
        lines.append("Bids: " + ", ".join(f"{SEAT_NAMES[b.seat]} {_bid_words(b)}"
                                          for b in v.bids))
    if v.trump is not None and v.maker is not None:
        alone = " alone" if v.alone else ""
        defends = ("" if v.defender_out is None
                   else f", {SEAT_NAMES[(v.defender_out + 2) % 4]} defends alone")
        lines.append(f"Trump {CONTRACT_WORDS[v.trump]} (made by {SEAT_NAMES[v.maker]}{alone}"
                     f"{defends}); tricks {_sides(v.tricks_won, players)}")
    if v.trick:
        lines.append("Trick: " + ", ".join(f"{SEAT_NAMES[s]} {card_name(c)}"
                                           for s, c in v.trick))
    for seat in range(players):
        if hands is not None:
            cards = " ".join(card_name(c) for c in hands[seat]) or "-"
        elif seat == v.seat:
            cards = " ".join(card_name(c) for c in v.hand) or "-"
        else:
            cards = f"({_cards_left(v, seat)} cards)"
        note = ""
        if seat in (v.sitting_out, v.defender_out):
            note = "  (sits out)"
        elif seat == to_move and v.phase is not Phase.GAME_OVER:
            note = f"  <- to {PHASE_WORDS[v.phase]}"
        lines.append(f"  {SEAT_NAMES[seat]:<6} {cards}{note}")
    if v.discarded is not None and hands is None:
        lines.append(f"Discarded: {card_name(v.discarded)}")
    return "\n".join(lines)

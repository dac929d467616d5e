"""An EGN record as values: what the file says, in EGN's own terms (cards as its
strings, seats as its numbers). Nothing here is judged: :mod:`.judge` does that."""

from __future__ import annotations

from dataclasses import dataclass, field

# Annotations: a call's or a play's index (0-based; plays counted across the tricks) to
# its strings, as EGN's callAnnotations / playAnnotations hold them.
Notes = dict[int, tuple[str, ...]]


@dataclass(frozen=True)
class Bidding:
    """A deal's EUCHRE_BIDDING phase."""
    calls: tuple[str, ...]              # from the dealer's left: Pass, Order, s h d c, ...
    alone: bool = False
    alone_defender: int | None = None   # a defender who defends alone (defend_alone)
    defence_said: bool = False          # aloneDefender is there (-1: no one defends alone)
    discard: str | None = None          # the dealer's discard, when it was recorded
    exchanges: tuple[dict, ...] = ()    # cardExchanges (partners_best, go_under)
    notes: Notes = field(default_factory=dict)


@dataclass(frozen=True)
class TrickPlay:
    """A deal's TRICK_PLAY phase: the cards in the order they fell."""
    tricks: tuple[tuple[str, ...], ...]
    alone: bool | None = None
    initial_lead: int | None = None     # EGN 1.0-1.1: who led the first trick
    notes: Notes = field(default_factory=dict)


@dataclass(frozen=True)
class Alternative:
    """An alternative line: from step ``branch`` of the deal (calls, then plays, counted
    from 0), these phases instead."""
    branch: int
    bidding: Bidding | None
    play: TrickPlay | None


@dataclass(frozen=True)
class Deal:
    """One deal of the record."""
    index: int                          # its place in the record's deals (0-based)
    number: int                         # dealNumber
    dealer: int
    upcard: str
    player_cards: tuple[tuple[str, ...], ...] | None   # None: not recorded
    kitty: tuple[str, ...] | None       # EGN 1.0-1.1 only; None: not recorded
    bidding: Bidding | None
    play: TrickPlay | None
    alternatives: tuple[Alternative, ...] = ()
    phase_order: tuple[str, ...] = ()   # the phases' types in the file's order


@dataclass(frozen=True)
class Record:
    """A whole EGN record."""
    version: str
    players: tuple[str, ...]
    initial_score: tuple[int, ...]
    ruleset: dict
    deals: tuple[Deal, ...]
    title: str = ""
    description: str = ""
    date: str = ""
    game_id: str = ""
    final_score: tuple[int, ...] | None = None
    raw: dict = field(default_factory=dict, compare=False, repr=False)

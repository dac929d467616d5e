"""Seat views filled on first reading: what :func:`pyengine.play_out` hands a player.

Building a whole :class:`~pyengine.core.game.SeatView` for every decision was a third
of random play's time (issue 13), and most decisions read little of it: a random
player reads ``legal`` alone, the reference player the cards on the table and in its
hand, never the scores or the bids. A :class:`LegalView` holds ``seat``, ``phase`` and
``legal`` from the start, a :class:`TableView` also what ``ref`` reads; reading (or
writing) any other field, or comparing, printing, copying or pickling the view, first
fills every field from the game and turns the object into a plain ``SeatView``
(``__class__`` assignment: the layouts are the same), so from then on it is exactly
the value :meth:`GameState.view` returns.

A view holds its moment: the game, the game's list of actions and how many it held
when the view was made. Filled while the game is still at that moment, it reads the
game; filled later (a player kept it and the game moved on), it reads a replay of the
game up to that moment (:func:`game_at`: correct, and slower, a replay from the deal
of the first hand). So a view is the value of its moment however long it is kept,
and :func:`~pyengine.players.runner.play_out` need not know whether a player kept it.
Nothing else creates these views; ``GameState.view`` builds a full SeatView.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar

from pyengine.core.phase import BID_ROUND as _BID_ROUND
from pyengine.core.seatview import SeatView

if TYPE_CHECKING:
    from pyengine.core.actions import Action
    from pyengine.core.game import GameState

# While a view is unfilled, its ``high_bidder`` slot (a Bid Euchre field no eager list
# holds) holds its moment: (the game, the game's list of actions, how many it held),
# read through the base class's slot: the view's own ``high_bidder`` is one of the
# filling properties below.
_CARRIER = SeatView.__dict__["high_bidder"]
_new = object.__new__


def game_at(game: GameState, actions: list[Action], n: int) -> GameState:
    """``game`` as it was when its list of actions was ``actions`` with ``n`` of them:
    the game itself if it is still there, else a replay of those ``n`` actions.

    A game changes only by :meth:`~pyengine.core.game.GameState.apply`, which appends
    to its list of actions, and :meth:`~pyengine.core.game.GameState.undo`, which
    gives it a new list (the old one is never changed again), so the same list with
    the same length is the same moment, and the list's first ``n`` actions replay it."""
    if game.actions is actions and len(actions) == n:
        return game
    past = type(game).new(game.rules, game.seed)
    for a in actions[:n]:
        past.apply(a)
    return past


def _fill(v: SeatView) -> None:
    """Turn an unfilled LiveView into the SeatView it stands for, from its game at the
    moment it was made; the fields it held keep their values (a player may have
    changed them)."""
    held = v.__class__._held                # type: ignore[attr-defined]  # a LiveView
    values = [slot.__get__(v, SeatView) for slot in held]
    game = game_at(*_CARRIER.__get__(v, SeatView))
    v.__class__ = SeatView
    game._fill_view(v, game.turn)
    for slot, value in zip(held, values, strict=True):
        slot.__set__(v, value)


def _filling(name: str) -> property:
    slot = SeatView.__dict__[name]

    def get(self: SeatView) -> Any:
        _fill(self)
        return slot.__get__(self, SeatView)

    def put(self: SeatView, value: Any) -> None:
        _fill(self)
        slot.__set__(self, value)

    return property(get, put, doc=f"``{name}`` (fills the view on first reading)")


class LiveView(SeatView):
    """A SeatView some of whose fields are read from the game on first use (module
    docstring). Equal to the SeatView it becomes."""

    __slots__ = ()
    _held: ClassVar[tuple[Any, ...]] = ()       # the slots it holds from the start

    def __eq__(self, other: object) -> bool:
        _fill(self)
        return self == other

    def __repr__(self) -> str:
        _fill(self)
        return repr(self)

    def __reduce_ex__(self, protocol: Any) -> Any:
        _fill(self)
        return self.__reduce_ex__(protocol)


class LegalView(LiveView):
    """Holds ``seat``, ``phase`` and ``legal``: all a random player reads."""

    __slots__ = ()


class TableView(LiveView):
    """Holds also what a card player reads to decide (``hand``, ``trick``, ``played``,
    ``trump``, ``maker``, ``dealer``, ``upcard``, ``round``, and since ``ref`` remembers
    the hand and knows the score, ``bids``, ``alone``, ``sitting_out``,
    ``defender_out``, ``total``, ``rules``: all ``ref`` reads); the rest is read on
    first use."""

    __slots__ = ()


_LEGAL_EAGER = ("seat", "phase", "legal")
_TABLE_EAGER = _LEGAL_EAGER + ("hand", "trick", "played", "trump", "maker", "dealer",
                               "upcard", "round", "bids", "alone", "sitting_out",
                               "defender_out", "total", "rules")
for _cls, _eager in ((LegalView, _LEGAL_EAGER), (TableView, _TABLE_EAGER)):
    _cls._held = tuple(SeatView.__dict__[name] for name in _eager)
    for _f in fields(SeatView):
        if _f.name not in _eager:
            setattr(_cls, _f.name, _filling(_f.name))
del _cls, _eager, _f


def legal_view(game: GameState, seat: int) -> SeatView:
    """The view of ``seat``, the seat to move (``game.turn``), holding ``legal`` (a
    LegalView)."""
    v = _new(LegalView)
    v.seat = seat
    v.phase = game.phase
    legal = game._legal
    if legal is None:
        legal = game._legal = game._compute_legal()
    v.legal = legal
    _CARRIER.__set__(v, (game, game.actions, len(game.actions)))
    return v


def table_view(game: GameState, seat: int) -> SeatView:
    """The view of ``seat``, the seat to move (``game.turn``), holding the fields of
    the table (a TableView)."""
    v = _new(TableView)
    v.seat = seat
    phase = v.phase = game.phase
    legal = game._legal
    if legal is None:
        legal = game._legal = game._compute_legal()
    v.legal = legal
    v.hand = tuple(game.hands[seat])
    v.trick = tuple(game.trick)
    v.played = tuple(game.played)
    v.trump = game.trump
    v.maker = game.maker
    v.dealer = game.dealer
    v.upcard = game.upcard
    v.round = _BID_ROUND.get(phase, 0)
    v.bids = tuple(game.bids)
    v.alone = game.alone
    v.sitting_out = game.sitting_out
    v.defender_out = game.defender_out
    v.total = tuple(game.total)
    v.rules = game.rules
    _CARRIER.__set__(v, (game, game.actions, len(game.actions)))
    return v

"""Open-hand (double-dummy) solver for the card play of one Euchre hand.

Given every seat's cards, the trump suit, who leads (or the cards already on
the table) and which team made trump, it answers exactly how many of the
remaining tricks the makers take when both sides play perfectly with all
cards face up. The search player (:mod:`pyengine.players.pimc`) calls it thousands of
times per decision, so it is written for speed:

* **Bitmask hands in trump order.** For each trump suit the 24 cards are
  relabelled to bits 0-23 so that every *effective* suit (the left bower is
  trump) is a contiguous run of bits ordered by trick-taking power, with the
  seven trumps on top (bits 17-23). Following suit is one AND with the led
  suit's mask; a card beats the best card so far when its bit is higher and it
  is a trump or of the led suit.
* **Equivalent cards.** Cards of one hand that are adjacent in power among the
  cards still in play (hands and the current trick) win and lose the same
  tricks, so only the lowest of each run is searched.
* **Move ordering.** The leader tries high cards first; a follower whose
  partner is winning plays low first, otherwise the cheapest winning card.
* **Boolean (null-window) search** ``makers take at least k more tricks?``
  with a transposition table at trick boundaries keyed by the four hands and
  the leader, holding proven lower and upper bounds of the makers' tricks. The
  exact trick count is a few such searches; the search player usually needs
  only the two that decide the points (3 tricks made, 5 tricks a march).

Seats are 0-3 as everywhere; a lone maker's partner simply holds no cards and
is skipped. The solver does not know the rules' scoring: :func:`points` does.

Two implementations of one search: :class:`Solver` here, the reference, and its twin in
C (``pyengine/players/_solver.c``, built by ``pip install -e .`` where a C compiler is
present), which gives the same answers over a hundred times faster (130x in
``benchmarks/solver.py``, docs/performance.md; tests/test_native_solver.py runs the two
in lockstep). :func:`make_solver` is what the players call: the native solver when it
was built, else this one with one line on stderr saying so. ``EUCHRE_SOLVER=python`` forces this
one; ``EUCHRE_SOLVER=native`` demands the compiled one and fails clearly without it.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Protocol

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT, POWER, Card, Suit

TRUMP_LOW_BIT = 17          # bits 17-23: the trumps, 9 .. right bower


def _layout(trump: Suit) -> tuple[tuple[int, ...], tuple[Card, ...], tuple[int, ...]]:
    """Bit of each card, card of each bit, and effective suit of each bit, for ``trump``."""
    order: list[Card] = []
    for s in [x for x in range(4) if x != trump] + [trump]:
        members = [Card(c) for c in range(DECK_SIZE) if EFFECTIVE_SUIT[trump][c] == s]
        order += sorted(members, key=lambda c, s=s: POWER[trump][s][c])
    bit_of = [0] * DECK_SIZE
    for b, c in enumerate(order):
        bit_of[c] = b
    suit_of_bit = tuple(EFFECTIVE_SUIT[trump][c] for c in order)
    return tuple(bit_of), tuple(order), suit_of_bit


_LAYOUTS = tuple(_layout(t) for t in range(4))
BIT_OF: tuple[tuple[int, ...], ...] = tuple(lay[0] for lay in _LAYOUTS)
CARD_OF: tuple[tuple[Card, ...], ...] = tuple(lay[1] for lay in _LAYOUTS)
SUIT_OF_BIT: tuple[tuple[int, ...], ...] = tuple(lay[2] for lay in _LAYOUTS)
SUIT_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << b for b in range(DECK_SIZE) if SUIT_OF_BIT[t][b] == s) for s in range(4))
    for t in range(4)
)
# BELOW_IN_SUIT[t][b]: the bits of b's effective suit that are lower than b.
BELOW_IN_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUIT_MASK[t][SUIT_OF_BIT[t][b]] & ((1 << b) - 1) for b in range(DECK_SIZE))
    for t in range(4)
)


_TRUMP_BITS_DOWN = tuple(range(DECK_SIZE - 1, TRUMP_LOW_BIT - 1, -1))


def to_mask(cards: Iterable[Card], trump: Suit) -> int:
    """Cards as a bit mask in the solver's order for ``trump``."""
    bits = BIT_OF[trump]
    m = 0
    for c in cards:
        m |= 1 << bits[c]
    return m


def to_cards(mask: int, trump: Suit) -> list[Card]:
    """The cards of a bit mask (the inverse of :func:`to_mask`)."""
    cards = CARD_OF[trump]
    out = []
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return out


def active_order(leader: int, out: Iterable[int] = ()) -> tuple[int, ...]:
    """Seats that play a trick led by ``leader``, in play order (``out`` sit out)."""
    out = tuple(out)
    return tuple(s for s in ((leader + k) % 4 for k in range(4)) if s not in out)


class Solver:
    """Exact card play for one trump suit and one making team; reusable across positions.

    The transposition table is kept between calls (positions of different
    deals never share a key unless they are the same position), so solving
    every move of one deal, or many deals late in a hand, reuses work. Call
    :meth:`clear` to free it.
    """

    def __init__(self, trump: Suit, makers: int, out: Iterable[int] = ()) -> None:
        self.trump = trump
        self.makers = makers
        self.out = tuple(out)
        self.is_maker = tuple((s & 1) == makers for s in range(4))
        self.orders = tuple(active_order(s, self.out) for s in range(4))
        self.suit_mask = SUIT_MASK[trump]
        self.suit_of_bit = SUIT_OF_BIT[trump]
        self.below = BELOW_IN_SUIT[trump]
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.h = [0, 0, 0, 0]
        self.nodes = 0

    def clear(self) -> None:
        """Forget the transposition table."""
        self.tt.clear()

    # --- public queries (hands and cards in bit space: see to_mask) ---------

    def at_least(self, hands: Sequence[int], leader: int, k: int,
                 trick: Sequence[tuple[int, int]] = ()) -> bool:
        """Do the makers take at least ``k`` of the remaining tricks?

        ``hands`` are the cards still held (bit masks, by seat); ``trick`` the
        (seat, bit) pairs already on the table, led by ``leader``.
        """
        self.h = list(hands)
        if not trick:
            return self._ge(leader, k)
        seq = self.orders[leader]
        led = self.suit_of_bit[trick[0][1]]
        best, bseat, tmask = -1, -1, 0
        for seat, b in trick:
            tmask |= 1 << b
            if b > best and (b >= TRUMP_LOW_BIT or self.suit_of_bit[b] == led):
                best, bseat = b, seat
        return self._node(seq, len(trick), led, best, bseat, k, tmask)

    def tricks(self, hands: Sequence[int], leader: int,
               trick: Sequence[tuple[int, int]] = (), guess: int | None = None) -> int:
        """Exact number of the remaining tricks (this one included) the makers take."""
        held = hands[leader] if not trick else hands[self.orders[leader][len(trick)]]
        n = held.bit_count()            # the trick on the table included
        lo, hi = 0, n                   # the answer is in lo..hi
        k = max(1, min(n, (n + 1) // 2 if guess is None else guess))
        while lo < hi:
            if self.at_least(hands, leader, k, trick):
                lo = k
            else:
                hi = k - 1
            k = (lo + hi + 1) // 2
        return lo

    # --- the search ----------------------------------------------------------

    def _ge(self, leader: int, k: int) -> bool:
        """At a trick boundary (self.h, ``leader`` to lead): makers take >= k more?"""
        if k <= 0:
            return True
        h = self.h
        n = h[leader].bit_count()
        if k > n:
            return False
        if n == 1:
            return self._last_trick(leader)
        key = (h[0], h[1], h[2], h[3], leader)
        entry = self.tt.get(key)
        if entry is None:
            lb, ub = 0, n
        else:
            lb, ub = entry
            if lb >= k:
                return True
            if ub < k:
                return False
        # sure tricks: the highest trumps still out, all on one side, each win a trick
        run = [0, 0, 0, 0]
        side = -1
        for b in _TRUMP_BITS_DOWN:
            bit = 1 << b
            if h[0] & bit:
                seat = 0
            elif h[1] & bit:
                seat = 1
            elif h[2] & bit:
                seat = 2
            elif h[3] & bit:
                seat = 3
            else:
                continue
            if side < 0:
                side = seat & 1
            elif seat & 1 != side:
                break
            run[seat] += 1
        if side >= 0:
            sure = max(run[side], run[side + 2])
            if side == self.makers:
                if sure >= k:
                    return True
                if sure > lb:
                    lb = sure
            elif n - sure < k:
                return False
            elif n - sure < ub:
                ub = n - sure
        self.nodes += 1
        result = self._node(self.orders[leader], 0, -1, -1, -1, k, 0)
        if result:
            self.tt[key] = (k, ub)
        else:
            self.tt[key] = (lb, k - 1)
        return result

    def _last_trick(self, leader: int) -> bool:
        h = self.h
        seq = self.orders[leader]
        lead = h[leader]
        b = lead.bit_length() - 1
        led = self.suit_of_bit[b]
        best, bseat = b, leader
        for seat in seq[1:]:
            c = h[seat].bit_length() - 1
            if c > best and (c >= TRUMP_LOW_BIT or self.suit_of_bit[c] == led):
                best, bseat = c, seat
        return self.is_maker[bseat]

    def _node(self, seq: tuple[int, ...], i: int, led: int, best: int, bseat: int, k: int,
              tmask: int) -> bool:
        h = self.h
        seat = seq[i]
        hand = h[seat]
        if i == 0:
            legal = hand
        else:
            legal = hand & self.suit_mask[led]
            if not legal:
                legal = hand
        maximise = self.is_maker[seat]
        last = i == len(seq) - 1
        alive = h[0] | h[1] | h[2] | h[3] | tmask
        below = self.below
        # representatives: the lowest card of each run of my cards adjacent in play
        reps = []
        m = legal
        while m:
            low = m & -m
            b = low.bit_length() - 1
            m ^= low
            under = alive & below[b]
            if under and hand >> (under.bit_length() - 1) & 1:
                continue
            reps.append(b)
        if i == 0:
            reps.reverse()                      # lead high cards first
        elif len(reps) > 1 and self.is_maker[bseat] != maximise:
            # opponents winning: the cheapest winning card first, then low cards
            sob = self.suit_of_bit
            winners = [b for b in reps if b > best and (b >= TRUMP_LOW_BIT or sob[b] == led)]
            if winners:
                reps = winners + [b for b in reps if b not in winners]
        is_maker = self.is_maker
        sob = self.suit_of_bit
        for b in reps:
            bit = 1 << b
            h[seat] = hand ^ bit
            if i == 0:
                nled, nbest, nseat = sob[b], b, seat
            elif b > best and (b >= TRUMP_LOW_BIT or sob[b] == led):
                nled, nbest, nseat = led, b, seat
            else:
                nled, nbest, nseat = led, best, bseat
            if last:
                r = self._ge(nseat, k - is_maker[nseat])
            else:
                r = self._node(seq, i + 1, nled, nbest, nseat, k, tmask | bit)
            h[seat] = hand
            if r == maximise:
                return r
        return not maximise


class OpenHandSolver(Protocol):
    """What the players use of a solver: :class:`Solver` or its twin in C."""
    nodes: int

    def at_least(self, hands: Sequence[int], leader: int, k: int,
                 trick: Sequence[tuple[int, int]] = ()) -> bool:
        """Do the makers take at least ``k`` of the remaining tricks?"""
        ...

    def tricks(self, hands: Sequence[int], leader: int,
               trick: Sequence[tuple[int, int]] = (), guess: int | None = None) -> int:
        """Exact number of the remaining tricks the makers take."""
        ...

    def clear(self) -> None:
        """Forget the transposition table."""
        ...


SOLVER_ENV = "EUCHRE_SOLVER"
SOLVER_KINDS = ("native", "python")


class SolverChoiceError(RuntimeError):
    """EUCHRE_SOLVER or a ``kind=`` argument names a solver that cannot run here."""


@functools.cache
def native_module() -> ModuleType | None:
    """The compiled solver, or None (not built: no C compiler when it was installed)."""
    try:
        from pyengine.players import _solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _solver


@functools.cache
def _say_fallback() -> None:
    print("euchre: the compiled open-hand solver (pyengine/players/_solver.c) is not built; "
          "the search player runs the Python solver instead (same results, over 100x "
          "slower)", file=sys.stderr)


def solver_kind(kind: str | None = None) -> str:
    """'native' or 'python': ``kind`` if given, else EUCHRE_SOLVER, else the native solver
    when built (saying once when it is not)."""
    wanted = kind or os.environ.get(SOLVER_ENV) or None
    if wanted is not None and wanted not in SOLVER_KINDS:
        raise SolverChoiceError(f"{SOLVER_ENV}={wanted!r}: the solver is one of "
                                f"{', '.join(SOLVER_KINDS)}")
    if wanted == "python":
        return "python"
    if native_module() is None:
        if wanted == "native":
            raise SolverChoiceError("the compiled open-hand solver (pyengine/players/_solver.c) "
                                    "is not built: run `pip install -e .` where a C compiler "
                                    "is present")
        _say_fallback()
        return "python"
    return "native"


def make_solver(trump: Suit, makers: int, out: Iterable[int] = (),
                kind: str | None = None) -> OpenHandSolver:
    """A solver for ``trump`` and the making team: the native one unless ``kind`` (or
    EUCHRE_SOLVER) says 'python' or it is not built (see :func:`solver_kind`)."""
    if solver_kind(kind) == "python":
        return Solver(trump, makers, out)
    mod = native_module()
    assert mod is not None
    solver: OpenHandSolver = mod.Solver(trump, makers, tuple(out), SUIT_OF_BIT[trump])
    return solver


def maker_points(maker_tricks: int, alone: bool, points_made: int = 1, points_march: int = 2,
                 points_lone_march: int = 4, points_euchre: int = 2) -> int:
    """Points of the hand for the makers' side: positive made, negative euchred."""
    if maker_tricks >= 5:
        return points_lone_march if alone else points_march
    if maker_tricks >= 3:
        return points_made
    return -points_euchre


def brute_force_tricks(hands: Sequence[Sequence[Card]], trump: Suit, leader: int, makers: int,
                       out: Iterable[int] = (),
                       trick: Sequence[tuple[int, Card]] = ()) -> int:
    """Plain minimax over every legal card (no pruning): the solver's test oracle."""
    hs = [list(h) for h in hands]
    out = tuple(out)
    order = active_order(leader, out)
    eff = EFFECTIVE_SUIT[trump]

    def play(seq: tuple[int, ...], table: list[tuple[int, Card]]) -> int:
        if len(table) == len(seq):
            led = eff[table[0][1]]
            winner = max(table, key=lambda sc: POWER[trump][led][sc[1]])[0]
            won = (winner & 1) == makers
            if not hs[winner]:
                return int(won)
            return int(won) + play(active_order(winner, out), [])
        seat = seq[len(table)]
        hand = hs[seat]
        legal = hand
        if table:
            follow = [c for c in hand if eff[c] == eff[table[0][1]]]
            legal = follow or hand
        results = []
        for c in list(legal):
            hand.remove(c)
            table.append((seat, c))
            results.append(play(seq, table))
            table.pop()
            hand.append(c)
        return max(results) if (seat & 1) == makers else min(results)

    return play(order, list(trick))

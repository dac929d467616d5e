"""The game's random number generator and shuffle: a bit-exact contract.

The 6502 port must reproduce this module bit for bit; it is written so that
every step is an 8-bit or 16-bit operation a 6502 does cheaply.

Seed
    The *game number* a C64 player sees, 0-65535 (16 bits).

State
    32 bits, never zero. From seed ``s``::

        state = (s << 16) | (s XOR $5EED)

    (the low half is nonzero when ``s`` is 0, the high half otherwise), then
    the generator is stepped ``WARMUP_STEPS`` (8) times and the outputs thrown
    away, so that neighbouring game numbers give unrelated deals.

Step (xorshift32 with the full-period triple 8, 9, 23)::

        x ^= (x << 8)  & $FFFFFFFF     ; a byte move
        x ^=  x >> 9                   ; a byte move and one shift right
        x ^= (x << 23) & $FFFFFFFF     ; bits 0-8 of x into bits 23-31

    The period is 2^32 - 1 (checked in the tests with a GF(2) matrix order).

Byte
    ``next_byte()`` steps once and returns the low 8 bits of the new state.

Uniform integer in 0..n-1 (``below(n)``, 1 <= n <= 256)
    ``mask`` is the smallest value of the form 2^k - 1 that is >= n - 1;
    draw ``r = next_byte() & mask`` until ``r < n``. Rejection, not modulo, so
    every value is equally likely.

Shuffle (Fisher-Yates, from the top)
    The deck starts in canonical order, card codes 0..23 (9S TS JS QS KS AS
    9H ... AC, see :mod:`pyengine.core.cards`). For ``i`` from 23 down to 1:
    ``j = below(i + 1)``, swap ``deck[i]`` and ``deck[j]``. Every hand (and
    the first-dealer deal) starts again from the canonical order, and the
    generator runs on, never reseeded, for the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

SEED_MIN = 0
SEED_MAX = 0xFFFF
SEED_XOR = 0x5EED
WARMUP_STEPS = 8
MASK32 = 0xFFFFFFFF


class SeedError(ValueError):
    """A game number outside 0-65535."""


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is a game number (0-65535), else raise SeedError."""
    if not SEED_MIN <= seed <= SEED_MAX:
        raise SeedError(f"game number {seed} is out of range: it must be {SEED_MIN}-{SEED_MAX}")
    return seed


def initial_state(seed: int) -> int:
    """The generator's 32-bit state for a game number, before the warm-up."""
    check_seed(seed)
    return (seed << 16) | (seed ^ SEED_XOR)


def step(x: int) -> int:
    """One step of the 32-bit xorshift generator."""
    x ^= (x << 8) & MASK32
    x ^= x >> 9
    x ^= (x << 23) & MASK32
    return x


def mask_for(n: int) -> int:
    """Smallest 2^k - 1 that is >= n - 1 (the rejection mask for below(n))."""
    m = 0
    while m < n - 1:
        m = (m << 1) | 1
    return m


_MASKS = tuple(mask_for(n) if n else 0 for n in range(257))


def _step_table(bits: int, shift: int) -> tuple[int, ...]:
    """``step(v << shift)`` for every ``bits``-bit ``v``, built from the basis images:
    step is linear over GF(2), so step(a ^ b) is step(a) ^ step(b)."""
    table = [0]
    for k in range(bits):
        image = step(1 << (shift + k))
        table += [t ^ image for t in table]
    return tuple(table)


# step(x) == _STEP_A[x & 0x7FF] ^ _STEP_B[(x >> 11) & 0x7FF] ^ _STEP_C[x >> 22]: three
# lookups in small tables (5,120 entries, in the CPU's cache) instead of three
# shift-and-xor steps, a fifth off the shuffle that starts every hand (issue 13;
# tests/test_rng.py compares the shuffle with below(), step by step).
_STEP_A, _STEP_B, _STEP_C = _step_table(11, 0), _step_table(11, 11), _step_table(10, 22)


def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, mask of below(i + 1)) for i from ``size - 1`` down to 1."""
    return tuple((i, i + 1, _MASKS[i + 1]) for i in range(size - 1, 0, -1))


_SWAPS = {size: _swaps(size) for size in range(2, 65)}     # every deck the rules have


@dataclass
class Rng:
    """The game's generator; ``Rng.from_seed(game_number)``."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator of a game number, warmed up."""
        rng = cls(initial_state(seed))
        for _ in range(WARMUP_STEPS):
            rng.next_byte()
        return rng

    def next_byte(self) -> int:
        """Step and return the low byte of the state."""
        self.state = step(self.state)
        return self.state & 0xFF

    def below(self, n: int) -> int:
        """A number 0 to ``n - 1`` by rejection sampling (``n`` 1-256)."""
        if not 1 <= n <= 256:
            raise ValueError(f"below({n}): n must be 1-256")
        mask = mask_for(n)
        while True:
            r = self.next_byte() & mask
            if r < n:
                return r

    def shuffled_deck(self, size: int = 24) -> list[int]:
        """The deck 0 to ``size - 1`` shuffled (Fisher-Yates from the top)."""
        return self.shuffle(list(range(size)))

    def shuffle(self, deck: list[T]) -> list[T]:
        """Shuffle ``deck`` in place and return it: the swaps of :meth:`shuffled_deck`,
        so ``shuffle(list(codes))`` is ``[codes[k] for k in shuffled_deck(len(codes))]``.

        The same draws as ``j = self.below(i + 1)`` for ``i`` from ``len - 1`` down,
        with :func:`step` (as three table lookups) and :func:`mask_for` written inline:
        a shuffle starts every hand (issue 13; tests/test_rng.py compares the two)."""
        x, ta, tb, tc = self.state, _STEP_A, _STEP_B, _STEP_C
        size = len(deck)
        for i, n, mask in _SWAPS.get(size) or _swaps(size):
            x = ta[x & 0x7FF] ^ tb[(x >> 11) & 0x7FF] ^ tc[x >> 22]     # step(x)
            j = x & mask               # the low byte, masked (mask <= 0xFF)
            while j >= n:
                x = ta[x & 0x7FF] ^ tb[(x >> 11) & 0x7FF] ^ tc[x >> 22]
                j = x & mask
            deck[i], deck[j] = deck[j], deck[i]
        self.state = x
        return deck

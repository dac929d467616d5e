"""The RNG, shuffle and deal contract (pyengine/core/rng.py, pyengine/core/deal.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from pyengine.core.cards import is_black_jack
from pyengine.core.deal import deal_hand, first_dealer
from pyengine.core.rng import MASK32, Rng, SeedError, initial_state, mask_for, step


def _order_divides(e: int) -> bool:
    """True when step^e is the identity (step is linear over GF(2)^32)."""
    # Square-and-multiply on the 32x32 matrix whose column i is step(1 << i).
    def mul(a: list[int], b: list[int]) -> list[int]:      # a after b
        def apply(m: list[int], v: int) -> int:
            r, i = 0, 0
            while v:
                if v & 1:
                    r ^= m[i]
                v >>= 1
                i += 1
            return r
        return [apply(a, col) for col in b]

    base = [step(1 << i) for i in range(32)]
    acc = [1 << i for i in range(32)]
    while e:
        if e & 1:
            acc = mul(base, acc)
        base = mul(base, base)
        e >>= 1
    return acc == [1 << i for i in range(32)]


def test_xorshift_has_full_period():
    n = MASK32   # 2^32 - 1 = 3 * 5 * 17 * 257 * 65537
    assert _order_divides(n)
    assert not any(_order_divides(n // p) for p in (3, 5, 17, 257, 65537))


def test_step_matches_the_documented_formula():
    x = 0x12345678
    y = x ^ ((x << 8) & MASK32)
    y ^= y >> 9
    y ^= (y << 23) & MASK32
    assert step(x) == y


@pytest.mark.parametrize("seed", [0, 1, 0x5EED, 0xFFFF])
def test_initial_state_is_never_zero(seed):
    assert initial_state(seed) != 0


def test_seed_out_of_range_is_refused():
    with pytest.raises(SeedError, match="0-65535"):
        Rng.from_seed(65536)
    with pytest.raises(SeedError):
        Rng.from_seed(-1)


def test_masks():
    assert [mask_for(n) for n in (1, 2, 3, 4, 5, 8, 9, 24)] == [0, 1, 3, 3, 7, 7, 15, 31]


def test_below_is_unbiased_enough():
    r = Rng.from_seed(42)
    counts = Counter(r.below(24) for _ in range(24_000))
    assert set(counts) == set(range(24))
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_spreads_cards():
    r = Rng.from_seed(7)
    first = Counter()
    for _ in range(2400):
        deck = r.shuffled_deck()
        assert sorted(deck) == list(range(24))
        first[deck[0]] += 1
    assert all(50 < c < 150 for c in first.values())


def test_neighbouring_game_numbers_deal_differently():
    decks = {tuple(Rng.from_seed(s).shuffled_deck()) for s in range(200)}
    assert len(decks) == 200


def test_first_dealer_is_who_gets_the_first_black_jack():
    for seed in range(200):
        shown, dealer = first_dealer(Rng.from_seed(seed))
        assert is_black_jack(shown[-1])
        assert not any(is_black_jack(c) for c in shown[:-1])
        assert dealer == (len(shown) - 1) % 4


def test_deal_packets_3_2_then_2_3_from_dealers_left():
    r = Rng.from_seed(1234)
    copy = Rng(r.state)
    deck = copy.shuffled_deck()
    dealt = deal_hand(r, dealer=3)
    # seat 0 is the dealer's left: first packet of 3, then (second round) 2
    assert list(dealt.hands[0]) == deck[0:3] + deck[10:12]
    assert list(dealt.hands[1]) == deck[3:5] + deck[12:15]
    assert list(dealt.hands[2]) == deck[5:8] + deck[15:17]
    assert list(dealt.hands[3]) == deck[8:10] + deck[17:20]
    assert dealt.upcard == deck[20] and list(dealt.kitty) == deck[21:24]


def test_the_inlined_shuffle_draws_as_below_does():
    """shuffled_deck inlines step() and mask_for() (issue 13): the very same deck and
    generator state as Fisher-Yates with ``below(i + 1)``, for both deck sizes."""
    shuffles = 0
    for seed in (0, 1, 2, 4711, 0x5EED, 0xFFFF):
        fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
        for k in range(200):
            size = 33 if k % 3 == 0 else 24
            deck = list(range(size))
            for i in range(size - 1, 0, -1):
                j = slow.below(i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            assert fast.shuffled_deck(size) == deck and fast.state == slow.state, (seed, k)
            shuffles += 1
    print(f"{shuffles:,} shuffles equal")


def test_the_shuffle_step_tables_are_step():
    """The shuffle steps by table lookups (issue 13): every entry of every table is
    step() of the bits it stands for, so the lookups give step(x) for every x."""
    from pyengine.core.rng import _STEP_A, _STEP_B, _STEP_C
    for table, shift in ((_STEP_A, 0), (_STEP_B, 11), (_STEP_C, 22)):
        assert len(table) == 1 << (11 if shift < 22 else 10)
        assert all(table[v] == step(v << shift) for v in range(len(table))), shift

"""Cross-check the 6502 rules primitives (asm/cards.oph) against pyengine, input by input.

Each ``check_*`` function runs a primitive of the built program under the harness for
every input of its space (or a seeded sample of it) and compares the result with the
Python reference (:mod:`pyengine.core.cards`, :data:`pyengine.core.rules.BIT93`). It returns a
:class:`Report`: how many cases, how many differed, the first difference in full, and
the worst cycle count seen.

Cycles are counted the way the asm headers count them: from the routine's first
instruction through its RTS, i.e. ``CallResult.cycles`` minus the caller's 6-cycle JSR.

Trump is set through the 6502's own ``set_trump`` (checked first), once per trump suit;
the inputs of each case are then poked into RAM and the routine called by address.

    python -m tools.gamecore.primitives            # the CI sizes (whole small spaces, samples)
    python -m tools.gamecore.primitives --full     # every input of every primitive (minutes)
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb, perm

from pyengine.core.cards import (
    DECK_SIZE,
    SUITS,
    Card,
    card_name,
    effective_suit,
    legal_mask,
    power,
    trick_winner_index,
)
from pyengine.core.rules import BIT93, Rules

from ..machine.harness import C64
from .rules_block import encode

JSR_CYCLES = 6          # the caller's JSR; CallResult.cycles includes it
SUIT_NONE = 0xFF        # zp_led while leading (asm/cards.oph SUIT_NONE)
SEAT_NONE = 0xFF        # defender_out with no lone defender (asm/game.oph SEAT_NONE)
HAND_MAX = 6            # slots per seat in hands[] (asm/cards.oph HAND_MAX)
LEADS: tuple[int | None, ...] = (0, 1, 2, 3, None)   # None: the seat is leading
DEFAULT_SEED = 93

# What CI runs (tests/test_primitives.py and `python -m tools.gamecore.primitives`): the whole of
# every small space, seeded samples of the two large ones.
CI_TRICK4_SAMPLE = 20_000       # ordered 4-card tricks (of 1,020,096 with trump)
CI_MASK_FULL_SIZES = (1, 2, 3)  # every hand of these sizes
CI_MASK_SAMPLE_HANDS = 1_000    # hands of 4 and of 5 cards, each x 5 leads x 4 trumps


# ---- reports --------------------------------------------------------------------------
@dataclass(frozen=True)
class Mismatch:
    """One input on which the 6502 and pyengine disagree."""

    primitive: str
    inputs: str         # e.g. "cards JD 9H AS QD, trump H (led D)"
    got: str            # what the 6502 returned
    expected: str       # what pyengine says

    def __str__(self) -> str:
        return f"{self.primitive}: {self.inputs}: 6502 {self.got}, pyengine {self.expected}"


@dataclass
class Report:
    """The outcome of one primitive's cross-check."""

    name: str
    space: str                  # how the whole input space is counted
    space_size: int
    sample_seed: int | None = None   # None: the whole space was run
    sample_text: str = ""       # what was sampled, e.g. "1,000 random hands x 5 leads ..."
    cases: int = 0
    mismatches: int = 0
    first: Mismatch | None = None
    worst_cycles: int = 0
    worst_input: str = ""
    seconds: float = 0.0
    _t0: float = field(default=0.0, repr=False)

    @property
    def ok(self) -> bool:
        return self.mismatches == 0

    def record(self, cycles: int, describe_input) -> None:
        """Count one case; keep the slowest (``describe_input()`` is called lazily)."""
        self.cases += 1
        body = cycles - JSR_CYCLES
        if body > self.worst_cycles:
            self.worst_cycles = body
            self.worst_input = describe_input()

    def differ(self, inputs: str, got: str, expected: str) -> None:
        self.mismatches += 1
        if self.first is None:
            self.first = Mismatch(self.name, inputs, got, expected)

    def coverage(self) -> str:
        if self.sample_seed is None:
            return f"{self.space} = {self.cases:,} cases"
        return (f"{self.sample_text} = {self.cases:,} cases (seed {self.sample_seed}) "
                f"of {self.space} = {self.space_size:,}")

    def line(self) -> str:
        verdict = "all equal" if self.ok else f"{self.mismatches:,} DIFFER"
        return (f"{self.name}: {self.coverage()}, {verdict}; "
                f"worst {self.worst_cycles} cycles ({self.worst_input}); {self.seconds:.1f} s")

    def failure(self) -> str:
        """The assertion message: coverage, then the first difference in full."""
        return f"{self.line()}\nfirst difference: {self.first}"


def _start(report: Report) -> Report:
    report._t0 = time.perf_counter()
    return report


def _finish(report: Report) -> Report:
    report.seconds = time.perf_counter() - report._t0
    return report


# ---- naming inputs ------------------------------------------------------------------------
def suit_name(suit: int | None) -> str:
    return "none (leading)" if suit is None else SUITS[suit]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_name(Card(c)) for c in cards)


def mask_text(mask: int, hand: Sequence[int]) -> str:
    """``%00101 (9S QH)``: the bits, low slot on the right, and the cards they pick."""
    picked = [hand[i] for i in range(len(hand)) if mask >> i & 1]
    extra = mask >> len(hand)
    tail = f" + bits beyond the hand ${extra << len(hand):02X}" if extra else ""
    return f"%{mask:0{max(len(hand), 1)}b} ({cards_text(picked) or 'none'}{tail})"


# ---- the 6502 side --------------------------------------------------------------------------
class Primitives:
    """The built program's rules primitives, called by address."""

    def __init__(self, c64: C64):
        self.c64 = c64
        a = c64.address
        self.set_trump_addr = a("set_trump")
        self.effective_suit_addr = a("effective_suit")
        self.card_power_addr = a("card_power")
        self.trick_winner_addr = a("trick_winner")
        self.legal_mask_addr = a("legal_mask")
        self.hand_points_addr = a("hand_points")
        self.zp_trump = a("zp_trump")
        self.zp_trump24 = a("zp_trump24")
        self.zp_led = a("zp_led")
        self.zp_mask = a("zp_mask")
        self.zp_alone = a("zp_alone")
        self.trick_cards = a("trick_cards")
        self.trick_count = a("trick_count")
        self.hands = a("hands")
        self.hand_len = a("hand_len")

    def set_trump(self, trump: int) -> int:
        return self.c64.call(self.set_trump_addr, a=trump).cycles


def _primitives(target: C64 | Primitives) -> Primitives:
    return target if isinstance(target, Primitives) else Primitives(target)


# ---- set_trump / effective_suit / card_power ------------------------------------------------
def check_set_trump(target: C64 | Primitives) -> Report:
    """zp_trump and zp_trump24 (= trump * 24) for the four suits."""
    p = _primitives(target)
    mem = p.c64.mem
    rep = _start(Report("set_trump", "4 trumps", 4))
    for trump in range(4):
        cycles = p.set_trump(trump)
        got = (mem[p.zp_trump], mem[p.zp_trump24])
        if got != (trump, trump * 24):
            rep.differ(f"trump {SUITS[trump]}", f"zp_trump={got[0]} zp_trump24={got[1]}",
                       f"zp_trump={trump} zp_trump24={trump * 24}")
        rep.record(cycles, lambda t=trump: f"trump {SUITS[t]}")
    return _finish(rep)


def check_effective_suit(target: C64 | Primitives) -> Report:
    """Every card x trump: the suit it follows (the left bower is trump)."""
    p = _primitives(target)
    call, addr = p.c64.call, p.effective_suit_addr
    rep = _start(Report("effective_suit", "24 cards x 4 trumps", 96))
    for trump in range(4):
        p.set_trump(trump)
        for card in range(DECK_SIZE):
            r = call(addr, a=card)
            want = effective_suit(Card(card), trump)
            if r.a != want:
                rep.differ(f"card {card_name(Card(card))}, trump {SUITS[trump]}",
                           f"suit {r.a} ({_suit_or_byte(r.a)})", f"suit {want} ({SUITS[want]})")
            rep.record(r.cycles, lambda c=card, t=trump:
                       f"card {card_name(Card(c))}, trump {SUITS[t]}")
    return _finish(rep)


def check_card_power(target: C64 | Primitives) -> Report:
    """Every card x trump x led suit: power 0-13, and Z set exactly when it is 0."""
    p = _primitives(target)
    c64, mem = p.c64, p.c64.mem
    call, addr, zp_led = c64.call, p.card_power_addr, p.zp_led
    rep = _start(Report("card_power", "24 cards x 4 trumps x 4 led suits", 384))
    for trump in range(4):
        p.set_trump(trump)
        for led in range(4):
            mem[zp_led] = led
            for card in range(DECK_SIZE):
                r = call(addr, a=card)
                want = power(Card(card), trump, led)
                if r.a != want or r.zero != (want == 0):
                    rep.differ(f"card {card_name(Card(card))}, trump {SUITS[trump]}, "
                               f"led {SUITS[led]}", f"power {r.a} (Z={int(r.zero)})",
                               f"power {want} (Z={int(want == 0)})")
                rep.record(r.cycles, lambda c=card, t=trump, d=led:
                           f"card {card_name(Card(c))}, trump {SUITS[t]}, led {SUITS[d]}")
    return _finish(rep)


def _suit_or_byte(value: int) -> str:
    return SUITS[value] if value < 4 else f"${value:02X}"


# ---- trick_winner -------------------------------------------------------------------------
def trick_space(size: int) -> int:
    """Ordered tricks of ``size`` distinct cards, times the four trumps."""
    return perm(DECK_SIZE, size) * 4


def _tricks(size: int, per_trump: int | None, rng: random.Random) -> Iterator[tuple[int, ...]]:
    if per_trump is None:
        return itertools.permutations(range(DECK_SIZE), size)
    return (tuple(rng.sample(range(DECK_SIZE), size)) for _ in range(per_trump))


def check_trick_winner(target: C64 | Primitives, size: int = 4, sample: int | None = None,
                       seed: int = DEFAULT_SEED) -> Report:
    """Every ordered trick of ``size`` distinct cards x trump (or ``sample`` of them,
    an equal share per trump): the winning index, and zp_led = the led card's suit."""
    p = _primitives(target)
    c64, mem = p.c64, p.c64.mem
    call, addr = c64.call, p.trick_winner_addr
    tc, zp_led = p.trick_cards, p.zp_led
    space = trick_space(size)
    rep = _start(Report(f"trick_winner ({size} cards)",
                        f"{perm(DECK_SIZE, size):,} ordered tricks x 4 trumps", space,
                        None if sample is None else seed,
                        f"{sample or 0:,} random tricks, a quarter per trump"))
    rng = random.Random(seed)
    mem[p.trick_count] = size
    for trump in range(4):
        p.set_trump(trump)
        per_trump = None if sample is None else sample // 4 + (trump < sample % 4)
        for cards in _tricks(size, per_trump, rng):
            mem[tc:tc + size] = cards
            r = call(addr)
            want = trick_winner_index(cards, trump)
            led = effective_suit(Card(cards[0]), trump)
            if r.a != want or mem[zp_led] != led:
                rep.differ(f"cards {cards_text(cards)}, trump {SUITS[trump]} (led {SUITS[led]})",
                           _winner_text(r.a, cards, mem[zp_led]),
                           _winner_text(want, cards, led))
            rep.record(r.cycles, lambda c=cards, t=trump:
                       f"{cards_text(c)}, trump {SUITS[t]}")
    return _finish(rep)


def _winner_text(index: int, cards: Sequence[int], led: int) -> str:
    card = card_name(Card(cards[index])) if index < len(cards) else "no such card"
    return f"index {index} ({card}), zp_led {_suit_or_byte(led)}"


# ---- legal_mask ---------------------------------------------------------------------------
def mask_space(size: int) -> int:
    """Hands of ``size`` distinct cards (one slot order each) x 5 leads x 4 trumps."""
    return comb(DECK_SIZE, size) * len(LEADS) * 4


@dataclass(frozen=True)
class _Layout:
    """One hand placed in RAM: the seat, its cards in slot order, and all 24 slots."""

    seat: int
    hand: tuple[int, ...]
    slots: tuple[int, ...]      # hands[0..23]


def _layouts(size: int, sample: int | None, rng: random.Random) -> list[_Layout]:
    """Every combination (or ``sample`` random ones), each in one shuffled slot order.

    The seat rotates over 0-3, and every other slot of hands[] (the rest of this seat's
    six, the other seats') holds the cards not in the hand, rotated, so the 24 slots are
    a permutation of the deck: a routine that read past hand_len or into another seat
    would see real cards of every suit there.
    """
    if sample is None:
        combos: Iterable[tuple[int, ...]] = itertools.combinations(range(DECK_SIZE), size)
    else:
        combos = (tuple(sorted(rng.sample(range(DECK_SIZE), size))) for _ in range(sample))
    out = []
    for i, combo in enumerate(combos):
        hand = list(combo)
        rng.shuffle(hand)
        seat = i % 4
        rest = [c for c in range(DECK_SIZE) if c not in combo]
        k = i % len(rest)
        rest = rest[k:] + rest[:k]
        slots = rest[:seat * HAND_MAX] + hand + rest[seat * HAND_MAX:]
        out.append(_Layout(seat, tuple(hand), tuple(slots)))
    return out


def check_legal_mask(target: C64 | Primitives, size: int = 5, sample: int | None = None,
                     seed: int = DEFAULT_SEED) -> Report:
    """Every hand of ``size`` distinct cards (or ``sample`` random hands) x led suit
    (4 + leading) x trump: the mask in A and in zp_mask."""
    p = _primitives(target)
    c64, mem = p.c64, p.c64.mem
    call, addr = c64.call, p.legal_mask_addr
    hands, hand_len, zp_led, zp_mask = p.hands, p.hand_len, p.zp_led, p.zp_mask
    rng = random.Random(seed)
    layouts = _layouts(size, sample, rng)
    rep = _start(Report(f"legal_mask ({size} card{'s' if size > 1 else ''})",
                        f"{comb(DECK_SIZE, size):,} hands x 5 leads x 4 trumps", mask_space(size),
                        None if sample is None else seed,
                        f"{sample or 0:,} random hands x 5 leads x 4 trumps"))
    for trump in range(4):
        p.set_trump(trump)
        for lay in layouts:
            mem[hands:hands + DECK_SIZE] = lay.slots
            mem[hand_len + lay.seat] = size
            for led in LEADS:
                mem[zp_led] = SUIT_NONE if led is None else led
                r = call(addr, x=lay.seat)
                want = legal_mask(lay.hand, trump, led)
                if r.a != want or mem[zp_mask] != want:
                    got = mask_text(r.a, lay.hand)
                    if mem[zp_mask] != r.a:
                        got += f", zp_mask ${mem[zp_mask]:02X}"
                    rep.differ(f"hand {cards_text(lay.hand)} (seat {lay.seat}, slots "
                               f"0-{size - 1}), trump {SUITS[trump]}, led {suit_name(led)}",
                               got, mask_text(want, lay.hand))
                rep.record(r.cycles, lambda h=lay.hand, t=trump, d=led:
                           f"{cards_text(h)}, trump {SUITS[t]}, led {suit_name(d)}")
    return _finish(rep)


# ---- hand_points ----------------------------------------------------------------------------
def check_hand_points(target: C64 | Primitives, rules: Rules = BIT93) -> Report:
    """Every maker team x maker tricks 0-5 x alone: points by team (A, C = to makers),
    with ``rules``' points in the rules block and rules_setup's table made from them."""
    p = _primitives(target)
    c64, mem = p.c64, p.c64.mem
    for label, byte in encode(rules).items():
        c64.poke(label, byte)
    c64.call("rules_setup")
    c64.poke("defender_out", SEAT_NONE)   # nobody defends alone (else power-on RAM decides)
    call, addr = c64.call, p.hand_points_addr
    rep = _start(Report("hand_points", "2 maker teams x 6 trick counts x alone or not", 24))
    for makers in (0, 1):
        for tricks in range(6):
            for alone in (False, True):
                mem[p.zp_alone] = int(alone)
                r = call(addr, a=tricks)
                to = makers if r.carry else 1 - makers
                got = (r.a, 0) if to == 0 else (0, r.a)
                want = rules.hand_points(makers, tricks, alone)
                if got != want:
                    rep.differ(f"makers team {makers}, {tricks} tricks, "
                               f"{'alone' if alone else 'with partner'}",
                               f"A={r.a} C={int(r.carry)} -> points {list(got)}",
                               f"points {list(want)}")
                rep.record(r.cycles, lambda t=tricks, a=alone:
                           f"{t} tricks{', alone' if a else ''}")
    return _finish(rep)


# ---- all of them ------------------------------------------------------------------------------
def run_all(c64: C64, full: bool = False, seed: int = DEFAULT_SEED,
            progress=None) -> list[Report]:
    """Every check, at the CI sizes or (``full``) over every input; ``progress(report)``
    is called as each finishes."""
    p = Primitives(c64)
    jobs = [
        lambda: check_set_trump(p),
        lambda: check_effective_suit(p),
        lambda: check_card_power(p),
        lambda: check_trick_winner(p, 3),
        lambda: check_trick_winner(p, 4, None if full else CI_TRICK4_SAMPLE, seed),
    ]
    for size in range(1, 6):
        sample = None if full or size in CI_MASK_FULL_SIZES else CI_MASK_SAMPLE_HANDS
        jobs.append(lambda s=size, n=sample: check_legal_mask(p, s, n, seed))
    jobs.append(lambda: check_hand_points(p))
    reports = []
    for job in jobs:
        rep = job()
        reports.append(rep)
        if progress is not None:
            progress(rep)
    return reports


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.gamecore.primitives",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true",
                    help="every input of every primitive (about 4 minutes), not CI's samples")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the samples")
    args = ap.parse_args(argv)
    from ..program.build import build
    build()
    c64 = C64.from_build()
    t0 = time.perf_counter()
    reports = run_all(c64, full=args.full, seed=args.seed,
                      progress=lambda r: print(r.line(), flush=True))
    total = sum(r.cases for r in reports)
    bad = [r for r in reports if not r.ok]
    print(f"total: {total:,} cases in {time.perf_counter() - t0:.1f} s; "
          f"{'all equal' if not bad else f'{len(bad)} primitive(s) differ'}")
    for r in bad:
        print(f"first difference: {r.first}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

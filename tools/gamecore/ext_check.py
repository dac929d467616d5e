"""Check asm/ext_cards.oph against pyengine's EXT: every table entry read from the image,
every power rebuilt from it, and the primitives run on sampled tricks and hands.

Each function returns the differences it found, as lines (empty: all equal);
tests/test_ext_cards.py asserts them empty and the mutation judge
(tools/mutation/judges.py) kills a mutant that makes any non-empty.
"""

from __future__ import annotations

import random

from pyengine.core.cards import CONTRACTS, EXT, EXT_CARDS, Card, ext_legal_plays, rank_of, suit_of
from pyengine.players.varplayer import _worth

from ..machine.harness import C64

LEDS = 5                # led suits 0-3, and the joker's 4 under no trump
TRUMP_SUITS = 4
SUIT_NONE = 0xFF        # zp_led while leading
HAND_MAX = 6
CODES = [Card(c) for c in range(EXT_CARDS)]


def _byte(value: int) -> int:
    return value & 0xFF  # NOT_TRUMP (-1) is $FF in the tables


def expected_tables() -> dict[str, list[int]]:
    """Every table of asm/ext_cards.oph as pyengine says it must be."""
    rows = range(CONTRACTS)
    return {
        "ext_row_tab": [t * EXT_CARDS for t in rows],
        "ext_order_row_tab": [s * len(EXT.trump_order[s]) for s in range(TRUMP_SUITS)],
        "ext_card_suit": [int(suit_of(c)) for c in CODES],
        "ext_card_rank": [rank_of(c) + 2 for c in CODES],
        "ext_eff_tab": [int(EXT.effective_suit[t][c]) for t in rows for c in CODES],
        "ext_trank_tab": [_byte(EXT.trump_rank[t][c]) for t in rows for c in CODES],
        "ext_worth_tab": [_worth(c, t) for t in rows for c in CODES],
        "ext_trump_order_tab": [int(c) for s in range(TRUMP_SUITS) for c in EXT.trump_order[s]],
    }


def image_power(c64: C64, contract: int, led: int, card: int) -> int:
    """EXT.power rebuilt from the image's two tables, as ext_card_power does."""
    i = contract * EXT_CARDS + card
    eff = c64.peek(c64.address("ext_eff_tab") + i)
    return c64.peek(c64.address("ext_power_tab") + i) if eff in (contract, led) else 0


def table_differences(c64: C64) -> list[str]:
    """Every entry of the image's tables that differs from pyengine's EXT."""
    out = []
    for label, want in expected_tables().items():
        got = list(c64.read_label(label, len(want)))
        out += [f"{label}[{i}] = {g}, EXT says {w}"
                for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
    for t in range(CONTRACTS):
        for led in range(LEDS):
            for c in range(EXT_CARDS):
                got, want = image_power(c64, t, led, c), EXT.power[t][led][c]
                if got != want:
                    out.append(f"power[{t}][{led}][{Card(c)}] = {got}, EXT says {want}")
    return out


def primitive_differences(c64: C64) -> list[str]:
    """ext_set_contract, ext_effective_suit and ext_card_power on every contract x led
    suit x card (990 powers, Z set exactly when 0; 198 suits)."""
    bad = []
    for t in range(CONTRACTS):
        c64.call("ext_set_contract", a=t)
        if (c64.peek("zp_trump"), c64.peek("zp_ct33")) != (t, t * EXT_CARDS):
            bad.append(f"ext_set_contract {t}: zp_trump, zp_ct33 = "
                       f"{c64.peek('zp_trump')}, {c64.peek('zp_ct33')}")
        for c in range(EXT_CARDS):
            r = c64.call("ext_effective_suit", a=c)
            if r.a != EXT.effective_suit[t][c]:
                bad.append(f"effective suit of {Card(c)} under {t}: {r.a}")
        for led in range(LEDS):
            c64.poke("zp_led", led)
            for c in range(EXT_CARDS):
                r = c64.call("ext_card_power", a=c)
                want = EXT.power[t][led][c]
                if r.a != want or r.zero != (want == 0):
                    bad.append(f"power of {Card(c)} under {t}, led {led}: {r.a} "
                               f"(Z={int(r.zero)}), EXT {want}")
    return bad


def trick_winner(cards: list[int], contract: int) -> int:
    """pyengine's rule (moves.py _apply_play): the highest EXT power, the first on a tie."""
    table = EXT.power[contract][EXT.effective_suit[contract][cards[0]]]
    best = 0
    for i, c in enumerate(cards):
        if table[c] > table[cards[best]]:
            best = i
    return best


def trick_winner_differences(c64: C64, tricks: int, seed: int) -> list[str]:
    """``tricks`` random tricks of 1-4 distinct codes under random contracts: the
    winner's index and zp_led (the led card's effective suit)."""
    rng = random.Random(seed)
    bad = []
    for _ in range(tricks):
        t = rng.randrange(CONTRACTS)
        cards = rng.sample(range(EXT_CARDS), rng.randint(1, 4))
        c64.call("ext_set_contract", a=t)
        c64.poke("trick_cards", cards + [0] * (4 - len(cards)))
        c64.poke("trick_count", len(cards))
        r = c64.call("ext_trick_winner")
        want = (trick_winner(cards, t), EXT.effective_suit[t][cards[0]])
        if (r.a, c64.peek("zp_led")) != want:
            bad.append(f"{[str(Card(c)) for c in cards]} under {t}: {r.a}, want {want}")
    return bad


def legal_mask_differences(c64: C64, hands: int, seed: int) -> list[str]:
    """``hands`` random hands of 1-6 codes, led suits (and leading), contracts, seats."""
    rng = random.Random(seed)
    bad = []
    for _ in range(hands):
        t, seat = rng.randrange(CONTRACTS), rng.randrange(4)
        hand = rng.sample(range(EXT_CARDS), rng.randint(1, HAND_MAX))
        led = rng.choice([0, 1, 2, 3, 4, None])
        c64.call("ext_set_contract", a=t)
        c64.poke(c64.address("hands") + seat * HAND_MAX, hand)
        c64.poke(c64.address("hand_len") + seat, len(hand))
        c64.poke("zp_led", SUIT_NONE if led is None else led)
        r = c64.call("ext_legal_mask", x=seat)
        legal = ext_legal_plays([Card(c) for c in hand], t, led)
        want = sum(1 << i for i, c in enumerate(hand) if c in legal)
        if r.a != want or c64.peek("zp_mask") != want:
            bad.append(f"{[str(Card(c)) for c in hand]} under {t} led {led}: {r.a:02X}")
    return bad

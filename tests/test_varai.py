"""The 6502's computer player for the other shapes (asm/varai.oph) decides as pyengine's
VariantPlayer, position by position (tools/gamecore/varai_check.py), under Bid Euchre,
the 32-card deck, the joker, three players and their combinations - before any whole
6502 game of those shapes exists. The last tests break the program (a threshold off by
one, no-trump low ordered as high, ...) and check that the fuzz run notices.
"""

from __future__ import annotations

import random

import pytest

from pyengine.core.cards import EXT_CARDS, Card
from pyengine.core.rules import BID6, BIT93, STANDARD
from pyengine.players.varplayer import strength
from tools.gamecore.varai_check import RULE_SETS, VarCore, check_rules
from tools.machine.harness import C64
from tools.program.build import build

GAMES = 12                      # per rule set: ~1,200 decisions each
SEED = 93
FRAME_CYCLES = 19_656           # one PAL frame (docs/performance.md)
OP_LDX_IMM = 0xA2
CARD_NONE = 0xFF


@pytest.fixture(scope="module")
def prg():
    return build()


@pytest.fixture(scope="module")
def core(prg) -> VarCore:
    return VarCore(C64.from_build())


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_6502_decides_as_variant_player(core, name):
    rep = check_rules(core, RULE_SETS[name], GAMES, SEED)
    print(f"{name}: {rep.line()}")
    assert rep.ok, f"{rep.line()}\nfirst difference: {rep.first}"
    assert rep.cases.get("play", 0) > 200
    if not RULE_SETS[name].bid6:
        assert rep.cases.get("bid", 0) > 100 and rep.cases.get("discard", 0) > 0
    if RULE_SETS[name].joker:
        assert rep.cases.get("joker", 0) > 100
    worst = max(c for c, _ in rep.worst.values())
    assert worst < FRAME_CYCLES, rep.line()


def test_classic_rules_still_ask_the_reference_player(core):
    """rules_classic: Bit #93's shape keeps asm/ai.oph (whose answers differ from
    VariantPlayer's on many positions: the cross-check of whole games guards them)."""
    c64 = core.c64
    for rules, classic in ((BIT93, 1), (STANDARD, 1), (BIT93.with_options(deck=32), 0),
                           (BIT93.with_options(joker=True), 0), (BID6, 0),
                           (STANDARD.with_options(players=3), 0)):
        core.set_rules(rules)
        assert c64.peek("rules_classic") == classic, rules


# ---- the fuzz run sees a broken player ----------------------------------------------------
def _patch_after(c64: C64, label: str, old: bytes, new: bytes, within: int = 400) -> None:
    """Replace the first ``old`` at or after ``label`` (within ``within`` bytes)."""
    start = c64.address(label)
    where = bytes(c64.mem[start:start + within]).find(old)
    assert where >= 0, f"{old.hex()} not found after {label}"
    c64.poke(start + where, new)


def _ldx(value: int) -> bytes:
    return bytes([OP_LDX_IMM, value])


MUTANTS = {
    # (what is broken, the rule set that must notice, the patch)
    "order threshold off by one": ("standard -o deck=32", "var_bid", _ldx(11), _ldx(12)),
    "cutthroat extra off by one": ("standard -o players=3", "var_bid", _ldx(15), _ldx(14)),
    "no-trump low led by the ace": ("bid6", "var_lead", _ldx(2), _ldx(7)),
    "the joker worth 6 points": ("standard -o joker=true", "var_trump_points",
                                 bytes([5, 6, 7]), bytes([5, 6, 6])),
}


@pytest.mark.parametrize("mutant", list(MUTANTS))
def test_the_fuzz_run_sees_a_broken_player(prg, mutant):
    name, label, old, new = MUTANTS[mutant]
    c64 = C64.from_build()
    _patch_after(c64, label, old, new)
    rep = check_rules(VarCore(c64), RULE_SETS[name], GAMES, SEED)
    assert not rep.ok, f"{mutant}: {rep.line()}"


def test_the_fuzz_run_sees_no_trump_low_ordered_as_high(prg):
    """ext_power_tab's no-trump-low row replaced by no-trump high's."""
    c64 = C64.from_build()
    table = c64.address("ext_power_tab")
    c64.poke(table + 5 * 33, c64.read_label(table + 4 * 33, 33))
    rep = check_rules(VarCore(c64), BID6, GAMES, SEED)
    assert not rep.ok, rep.line()


def test_var_strength_is_variant_players_strength(core):
    """var_strength (asm/deck32.oph's ai_defend calls it): every suit, 2,000 random hands
    of the 33 codes, five or six cards, in any slot."""
    rng = random.Random(SEED)
    c64 = core.c64
    bad = []
    for _ in range(2_000):
        seat, trump = rng.randrange(4), rng.randrange(4)
        hand = rng.sample(range(EXT_CARDS), rng.choice((5, 6)))
        c64.poke("hands", [CARD_NONE] * 24)
        c64.poke(c64.address("hands") + seat * 6, hand)
        c64.poke(c64.address("hand_len") + seat, len(hand))
        c64.poke("zp_seat", seat)
        c64.poke("zp_trump", trump)
        got = c64.call("var_strength").a
        want = strength([Card(c) for c in hand], trump)
        if got != want:
            bad.append(f"{[str(Card(c)) for c in hand]} trump {trump}: {got}, pyengine {want}")
    assert bad == []

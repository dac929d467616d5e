"""Cross-check the 6502's learned bidding model (asm/bidmodel.oph) against pyengine's
``learned_bid`` (pyengine/players/bidmodel.py), bid for bid, on random bidding
situations under every classic rule set.

A situation is a rule set (Bit #93's shape: the presets bit93, web and standard, each
with the switches a bid reads turned every way: stick the dealer, the Canadian rule,
loners by choice, the dealer's discard rule, the target, and the options the bid does
not read), a dealer, a bidder, a round, an upcard, the bidder's five cards and the two
totals (some below zero, many within two points of the target). It is written into
the core's state (the hand in shuffled slots, stale bytes in every other slot and in
the AI's scratch), then the core's own ``decide`` is called at HARD with no human seat
(so the level's dispatch, asm/levels.oph lvl_bid_model, is crossed too) and its bid
compared with c64hard's (pyengine/players/c64levels.py, which asks ``learned_bid``).
Besides the bid:

* the features the 6502 left in bm_feat[] (those of the last suit it scored) are
  compared with bidmodel.features of the same hand, suit and round (the dealer's
  round-1 five: bidmodel.dealer_keeps);
* the dealer's hand, the hand lengths and zp_mask are as they were (bm_pickup borrows
  a slot for the upcard and puts it back);
* under random tables poked into the image (:func:`check_other_tables`), as any fit
  could write them, the bid is learned_bid's with that table;
* at NORMAL the same situation bids as the thresholds (VariantPlayer), so the level
  byte of NORMAL cannot move (with totals of 0 or more only: a classic game's never go
  below zero, and ai_bid's loner bias, asm/rules.oph alone_bias, reads them unsigned).

The slowest bm_bid is kept (its cycles, JSR and RTS excluded: called again on the same
state after ``decide``), and one past its header's bound (:data:`BM_BID_CYCLES`) is a
difference too.

    python -m tools.gamecore.bidmodel_check [--cases N] [--seed S]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from pyengine.core.actions import ROUND1, ROUND2
from pyengine.core.cards import DECK_SIZE, TRUMP_ORDER, Card, Suit, card_name, suit_of
from pyengine.core.events import PASS
from pyengine.core.game import Phase
from pyengine.core.options import options_of
from pyengine.core.rules import PRESETS, DealerDiscard, Rules, RulesError
from pyengine.players.bidmodel import (
    GROUPS,
    NEVER,
    UPCARD,
    dealer_keeps,
    features,
    group_index,
    hand_score,
    learned_bid,
    score_bucket,
    table_for,
)
from pyengine.players.bidtable import TABLES
from pyengine.players.bidtypes import BidTable
from pyengine.players.c64levels import LEVEL_BYTE, c64_player

from ..machine.harness import C64, HarnessError
from ..program.bidtable import FAMILIES, SIGNED_MAX, score_bound
from .rules_block import encode
from .varai_check import encode_action

JSR_CYCLES = 6
HAND_MAX = 6
SEATS = 4
HAND = 5
DEC_BID = 1
SCRATCH = (("zp_tmp0", 4), ("zp_ai_base", 30), ("bm_feat", 20))
MAX_CYCLES = 100_000
BM_BID_CYCLES = 4_500       # asm/bidmodel.oph bm_bid's header: its worst case
TARGETS = (1, 2, 3, 5, 10, 11, 15, 32, 100)
CLASSIC_PRESETS = ("bit93", "web", "standard")
CI_CASES = 3_000
RARE = 0.03                 # the share of each rare hand (situation)
WEIGHT_MIN, WEIGHT_MAX = -3, 4   # random_table's weights


@dataclass
class BidReport:
    """Cases compared, the first difference, the slowest bm_bid."""

    cases: int = 0
    mismatches: int = 0
    first: str | None = None
    worst: int = 0
    worst_at: str = ""
    seconds: float = 0.0
    paths: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return self.mismatches == 0

    def line(self) -> str:
        verdict = "all equal" if self.ok else f"{self.mismatches:,} DIFFER"
        return (f"{self.cases:,} bids: {verdict}; worst bm_bid {self.worst:,} cycles; "
                f"{self.seconds:.1f} s")

    def fail(self, why: str) -> None:
        self.mismatches += 1
        if self.first is None:
            self.first = why


def random_rules(rng: random.Random) -> Rules:
    """A classic rule set: a preset with the switches a bid reads set at random (and
    some it does not read), redrawn until valid."""
    while True:
        base = PRESETS[rng.choice(CLASSIC_PRESETS)]
        changes: dict[str, object] = {
            "stick_the_dealer": rng.random() < 0.5,
            "canadian_rule": rng.random() < 0.5,
            "alone_allowed": rng.random() < 0.7,
            "dealer_discard": rng.choice(list(DealerDiscard)),
            "target": rng.choice(TARGETS),
        }
        if rng.random() < 0.3:
            changes.update(canadian_loner=rng.random() < 0.5, defend_alone=rng.random() < 0.5,
                           farmers_hand=rng.random() < 0.5,
                           no_ace_no_face_no_trump=rng.random() < 0.5)
        try:
            return dataclasses.replace(base, **changes)   # type: ignore[arg-type]
        except RulesError:
            continue


def random_total(rng: random.Random, target: int) -> int:
    """A side's total: mostly 0 to the target, often within two points of it, now and
    then below zero or anywhere in a signed byte (the 6502 compares them signed, and
    far from the target a subtraction overflows)."""
    r = rng.random()
    if r < 0.05:                # any signed byte: the compares' overflow taken
        return rng.randint(-128, 127)
    if r < 0.35:
        return max(-8, target - rng.randrange(4))
    if r < 0.45:
        return -rng.randrange(1, 9)
    return rng.randrange(target)


def situation(rng: random.Random, rules: Rules) -> SimpleNamespace:
    """A bidding view (the fields learned_bid and the players read); a few hands are
    drawn to reach what random deals almost never do (:data:`RARE` each): a stuck
    dealer's hopeless hand, a dealer who may throw the upcard and does."""
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    upcard, hand = Card(deck[0]), tuple(Card(c) for c in deck[1:1 + HAND])
    dealer, seat, rnd = rng.randrange(SEATS), rng.randrange(SEATS), rng.choice((1, 2))
    rare = rng.random()
    if rare < RARE:             # the dealer in round 2 with the rest of the turned-down
        upcard = TRUMP_ORDER[rng.randrange(4)][0]       # jack's suit: nothing to name
        hand = tuple(Card(c) for c in range(DECK_SIZE) if suit_of(Card(c)) == suit_of(upcard)
                     and c != upcard)
        seat, rnd = dealer, 2
    elif rare < 2 * RARE:       # the upcard the lowest of six trumps: DISCARD_ANY throws it
        order = TRUMP_ORDER[rng.randrange(4)]
        upcard, hand = order[-1], tuple(rng.sample(order[:-1], HAND))
    up = suit_of(upcard)
    if rnd == 1:
        forced = rules.canadian_rule and seat == (dealer + 2) % SEATS
        legal = ROUND1[up, forced, rules.alone_allowed]
    else:
        legal = ROUND2[up, rules.alone_allowed, rules.stick_the_dealer and seat == dealer]
    return SimpleNamespace(phase=Phase.BID1 if rnd == 1 else Phase.BID2, rules=rules,
                           seat=seat, dealer=dealer, upcard=upcard, up_suit=up, round=rnd,
                           hand=hand, legal=legal, players=SEATS,
                           total=(random_total(rng, rules.target),
                                  random_total(rng, rules.target)))


def paths(v: SimpleNamespace, bid: object) -> list[str]:
    """Which of learned_bid's ways the bid took (the check counts them: a sample that
    never reaches one says so): the bucket, the dealer's discard of the upcard, and
    pass / call / alone / the stuck dealer's call below the threshold / the other
    alone-ness when the wanted one is not legal."""
    position = (v.seat - v.dealer) & 3
    table = table_for(v.rules)
    bucket = score_bucket(v.total, v.seat, v.rules.target)
    g = group_index(v.round, position, bucket)
    up = suit_of(v.upcard)
    if v.round == 1:
        s = hand_score(v.hand, up, 1, position, v.upcard, v.rules, table.weights)
    else:
        s = max(hand_score(v.hand, Suit(t), 2, position, v.upcard, v.rules, table.weights)
                for t in range(4) if t != up)
    out = [f"bucket {bucket}", f"round {v.round} position {position}"]
    if v.round == 1 and position == 0 and v.upcard not in dealer_keeps(v.hand, v.upcard,
                                                                       v.rules):
        out.append("the dealer discards the upcard")
    if getattr(bid, "call", None) == PASS:
        out.append("pass")
    elif s < table.call[g]:
        out.append("stuck: calls below the threshold")
    elif getattr(bid, "alone", False) != (s >= table.alone[g]):
        out.append("the other alone-ness")
    else:
        out.append("alone" if getattr(bid, "alone", False) else "call")
    return out


def describe(v: SimpleNamespace) -> str:
    return (f"seat {v.seat} dealer {v.dealer} round {v.round} upcard {card_name(v.upcard)} "
            f"hand [{' '.join(card_name(c) for c in v.hand)}] totals {v.total} "
            f"({v.rules.name} {options_of(v.rules)})")


class BidCore:
    """The built program's decide and bm_bid, fed bidding situations by label."""

    def __init__(self, c64: C64):
        self.c64 = c64
        for label in ("decide", "bm_bid", "bm_feat", "lvl_bid_model", "opp_level"):
            c64.address(label)             # a clear error now if the .prg lacks one
        self.rules: Rules | None = None

    def set_rules(self, rules: Rules) -> None:
        if rules == self.rules:
            return
        for label, byte in encode(rules).items():
            self.c64.poke(label, byte)
        self.c64.poke("total", [0, 0, 0])
        self.c64.call("rules_setup")
        self.rules = rules

    def lay_out(self, v: SimpleNamespace, level: str, rng: random.Random) -> None:
        c64 = self.c64
        self.set_rules(v.rules)
        slots = list(v.hand)
        rng.shuffle(slots)
        hands = [rng.randrange(256) for _ in range(SEATS * HAND_MAX)]   # stale bytes
        hands[v.seat * HAND_MAX: v.seat * HAND_MAX + HAND] = slots
        lens = [rng.randrange(HAND_MAX) for _ in range(SEATS)]
        lens[v.seat] = HAND
        c64.poke("hands", hands)
        c64.poke("hand_len", lens)
        c64.poke("total", [t & 0xFF for t in v.total])
        c64.call("alone_bias")                  # NORMAL's loners read the totals so
        c64.poke("zp_seat", v.seat)
        c64.poke("human_seats", 0)
        c64.poke("dealer", v.dealer)
        c64.poke("zp_mask", rng.randrange(256))
        c64.poke("bid_round", v.round)
        c64.poke("upcard", int(v.upcard))
        c64.poke("up_suit", int(v.up_suit))
        c64.poke("dec_forced", int(v.rules.canadian_rule and v.round == 1
                                   and v.seat == (v.dealer + 2) % SEATS))
        c64.poke("opp_level", LEVEL_BYTE[level])
        for label, n in SCRATCH:                # what a bid finds there is stale
            c64.poke(label, [rng.randrange(256) for _ in range(n)])

    def snapshot(self) -> tuple[bytes, bytes, int]:
        c64 = self.c64
        return (bytes(c64.read_label("hands", SEATS * HAND_MAX)),
                bytes(c64.read_label("hand_len", SEATS)), c64.peek("zp_mask"))


def expected_features(v: SimpleNamespace) -> list[int]:
    """bidmodel.features of the last suit bm_bid scores: round 1 the upcard's, round 2
    the highest suit number other than it."""
    up = suit_of(v.upcard)
    position = (v.seat - v.dealer) & 3
    if v.round == 1:
        hand = dealer_keeps(v.hand, v.upcard, v.rules) if position == 0 else v.hand
        return features(hand, up, 1, position, v.upcard)
    trump = max(s for s in range(4) if s != up)
    return features(v.hand, trump, 2, position, v.upcard)   # type: ignore[arg-type]


def check(core: BidCore, cases: int, seed: int) -> BidReport:
    """Compare ``cases`` random situations (see the module docstring)."""
    rep = BidReport()
    rng = random.Random(seed)
    hard, normal = c64_player("hard"), c64_player("normal")
    c64 = core.c64
    t0 = time.perf_counter()
    rules = random_rules(rng)
    for i in range(cases):
        if i % 50 == 0:
            rules = random_rules(rng)
        v = situation(rng, rules)
        rep.cases += 1
        bid = hard.decide(v)                        # type: ignore[arg-type]
        rep.paths.update(paths(v, bid))
        want = encode_action(v, bid, [])            # type: ignore[arg-type]
        core.lay_out(v, "hard", rng)
        before = core.snapshot()
        got = c64.call("decide", a=DEC_BID, max_cycles=MAX_CYCLES).a
        if got != want:
            rep.fail(f"{describe(v)}: 6502 ${got:02X}, learned_bid ${want:02X}")
            continue
        feat = [b - 256 if b > 127 else b for b in c64.read_label("bm_feat", 13)]
        if feat != expected_features(v):
            rep.fail(f"{describe(v)}: bm_feat {feat}, features {expected_features(v)}")
            continue
        if core.snapshot() != before:
            rep.fail(f"{describe(v)}: the hands, hand_len or zp_mask changed")
            continue
        r = c64.call("bm_bid", max_cycles=MAX_CYCLES)
        if r.a != want:
            rep.fail(f"{describe(v)}: bm_bid called again: ${r.a:02X}")
        if r.cycles - JSR_CYCLES > BM_BID_CYCLES:
            rep.fail(f"{describe(v)}: bm_bid took {r.cycles - JSR_CYCLES:,} cycles, past "
                     f"its header's {BM_BID_CYCLES:,}")
        if r.cycles - JSR_CYCLES > rep.worst:
            rep.worst, rep.worst_at = r.cycles - JSR_CYCLES, describe(v)
        if min(v.total) < 0:
            continue                    # (below: the totals of a classic game, never < 0)
        core.lay_out(v, "normal", rng)
        at_normal = encode_action(v, normal.decide(v), [])  # type: ignore[arg-type]
        got = c64.call("decide", a=DEC_BID, max_cycles=MAX_CYCLES).a
        if got != at_normal:
            rep.fail(f"{describe(v)}: at NORMAL 6502 ${got:02X}, VariantPlayer "
                     f"${at_normal:02X}")
    rep.seconds = time.perf_counter() - t0
    return rep


BUCKET_TARGETS = (1, 2, 3, 4, 10, 32, 99, 100)
BUCKET_OTHERS = (-128, -100, -31, -30, -1, 0, 1, 8, 29, 30, 97, 98, 99, 100, 126, 127)


def bucket_differences(core: BidCore) -> list[str]:
    """bm_bucket against score_bucket for either side's seat, the targets
    :data:`BUCKET_TARGETS`, my side's every signed byte and the other side's
    :data:`BUCKET_OTHERS` (the signed compares' overflows on both sides)."""
    c64 = core.c64
    bad: list[str] = []
    for target in BUCKET_TARGETS:
        c64.poke("rules_target", target)
        for seat in (0, 1):
            c64.poke("zp_seat", seat)
            for mine in range(-128, 128):
                for theirs in BUCKET_OTHERS:
                    total = [mine, theirs] if seat == 0 else [theirs, mine]
                    c64.poke("total", [t & 0xFF for t in total])
                    got = c64.call("bm_bucket").a
                    want = score_bucket(total, seat, target)
                    if got != want and len(bad) < 5:
                        bad.append(f"bm_bucket seat {seat} totals {total} target {target}: "
                                   f"{got}, score_bucket {want}")
    core.rules = None                   # rules_target was changed
    return bad


def random_table(rng: random.Random) -> BidTable:
    """A table another fit could write: every weight drawn (the upcard's never 0, and
    negative as often as not, which the committed tables' 0 leaves untried), within a
    signed byte's scores (the generator's bound); thresholds from below zero to past the
    scores, now and then NEVER."""
    while True:
        weights = [rng.randint(WEIGHT_MIN, WEIGHT_MAX) for _ in range(13)]
        weights[UPCARD] = rng.choice((-3, -2, -1, 1, 2, 3))
        if score_bound(tuple(weights)) <= SIGNED_MAX:
            break
    call = [rng.randint(-5, 35) for _ in range(GROUPS)]
    alone = [NEVER if rng.random() < 0.1 else c + rng.randint(0, 15) for c in call]
    return BidTable(tuple(weights), tuple(call), tuple(alone))


def _poke_tables(c64: C64, tables: dict[str, BidTable]) -> None:
    fams = [tables[f] for f in FAMILIES]
    for label, kind in (("bm_weights", "weights"), ("bm_call", "call"), ("bm_alone", "alone")):
        c64.poke(label, [v & 0xFF for t in fams for v in getattr(t, kind)])


def check_other_tables(core: BidCore, cases: int, seed: int, every: int = 100) -> BidReport:
    """Compare ``cases`` random situations with learned_bid under random tables
    (:func:`random_table`, new ones every ``every`` cases) poked into the image's: the
    port must be right for any fitted table, not only for the committed numbers. The
    committed tables are put back after."""
    rep = BidReport()
    rng = random.Random(seed)
    c64 = core.c64
    t0 = time.perf_counter()
    tables: dict[str, BidTable] = {}
    rules = random_rules(rng)
    try:
        for i in range(cases):
            if i % every == 0:
                tables = {f: random_table(rng) for f in FAMILIES}
                _poke_tables(c64, tables)
            if i % 50 == 0:
                rules = random_rules(rng)
            v = situation(rng, rules)
            rep.cases += 1
            table = tables["stick" if rules.stick_the_dealer else "bit93"]
            want = encode_action(v, learned_bid(v, table), [])   # type: ignore[arg-type]
            core.lay_out(v, "hard", rng)
            r = c64.call("decide", a=DEC_BID, max_cycles=MAX_CYCLES)
            if r.a != want:
                rep.fail(f"{describe(v)} under {table}: 6502 ${r.a:02X}, learned_bid "
                         f"${want:02X}")
            r = c64.call("bm_bid", max_cycles=MAX_CYCLES)
            if r.cycles - JSR_CYCLES > BM_BID_CYCLES:
                rep.fail(f"{describe(v)} under {table}: bm_bid took {r.cycles - JSR_CYCLES:,} "
                         f"cycles, past its header's {BM_BID_CYCLES:,}")
            if r.cycles - JSR_CYCLES > rep.worst:
                rep.worst, rep.worst_at = r.cycles - JSR_CYCLES, f"{describe(v)} under {table}"
    finally:
        _poke_tables(c64, TABLES)
    rep.seconds = time.perf_counter() - t0
    return rep


JUDGE_CASES = 1_000


def problem(prg: Path) -> str | None:
    """The first difference on ``prg`` (a mutant of asm/bidmodel.oph), or None."""
    try:
        core = BidCore(C64(prg, prg.with_suffix(".map")))
        found = bucket_differences(core)
        return (found[0] if found else None) or check(core, JUDGE_CASES, seed=1).first \
            or check_other_tables(core, JUDGE_CASES, seed=2).first
    except HarnessError as exc:
        return f"the harness stopped: {exc}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=CI_CASES, help="random bidding situations")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    core = BidCore(C64.from_build())
    buckets = bucket_differences(core)
    print(f"buckets: {'all equal' if not buckets else buckets[0]}")
    rep = check(core, args.cases, args.seed)
    other = check_other_tables(core, args.cases, args.seed)
    print(f"other tables: {other.line()}")
    if other.first:
        print(f"  first difference: {other.first}")
    print(rep.line())
    print(f"  slowest: {rep.worst_at}")
    print("  " + ", ".join(f"{k} {n:,}" for k, n in sorted(rep.paths.items())))
    if rep.first:
        print(f"  first difference: {rep.first}")
    return 0 if rep.ok and other.ok and not buckets else 1


if __name__ == "__main__":
    sys.exit(main())

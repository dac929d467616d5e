"""Cross-check the 6502's computer player for the other shapes (asm/varai.oph) against
pyengine's VariantPlayer, position by position, before any whole 6502 game of those
shapes exists.

pyengine plays games under a rule set with VariantPlayer in every seat; at a sample of
its decisions (the bids, the joker's suit, the discards, the plays) the position is
written into the 6502 core's state (the seat's hand in shuffled slots, the legal mask,
the trick, the cards played, the contract, the bidding's bytes and the rules block,
then the core's own rules_setup), the core's ``decide`` is called with no human seat -
so the dispatch by rules_classic is crossed too - and its answer compared with
VariantPlayer's. The slowest decision of each kind is kept (cycles of ``decide``, JSR
and RTS excluded, dispatch included).

    python -m tools.gamecore.varai_check [--games N] [--seed S]   # figures by rule set

:func:`problem` is the mutation judge of asm/varai.oph and asm/ext_cards.oph
(tools/mutation/judges.py): a short fuzz run, asm/ext_cards.oph's checks
(tools/gamecore/ext_check.py) and rules_classic under every preset.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.actions import JOKER_ACTIONS, ROUND1, ROUND2
from pyengine.core.cards import EXT_CARDS, JOKER, card_name, deck_codes
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import (
    BidAction,
    DiscardAction,
    GameState,
    JokerSuitAction,
    Phase,
    PlayAction,
)
from pyengine.core.options import options_of
from pyengine.core.rules import BID6, BIT93, PRESETS, STANDARD, Rules
from pyengine.core.seatview import SeatView
from pyengine.players.varplayer import VariantPlayer

from ..machine.harness import C64
from . import ext_check
from .rules_block import encode

JSR_CYCLES = 6
HAND_MAX = 6                 # slots per seat in hands[] (asm/cards.oph)
SEATS = 4
CARD_NONE = 0xFF
SEAT_NONE = 0xFF
BID_PASS, BID_MAKE, BID_ALONE = 0x00, 0x80, 0x40
DEC_BID, DEC_DISCARD, DEC_PLAY, DEC_JOKER = 1, 2, 3, 6
KINDS = {Phase.BID1: "bid", Phase.BID2: "bid", Phase.DISCARD: "discard",
         Phase.PLAY: "play", Phase.JOKER: "joker"}
DEC_OF = {"bid": DEC_BID, "discard": DEC_DISCARD, "play": DEC_PLAY, "joker": DEC_JOKER}
# the core's scratch (asm/zeropage.oph), filled with random bytes before each decision: a
# routine that reads one before it writes it is caught
SCRATCH = (("zp_tmp0", 4), ("zp_ai_base", 30), ("zp_ct33", 1))
PLAY_SAMPLE = 0.5            # share of the plays checked (the other kinds: all)
MAX_DECIDE_CYCLES = 200_000  # far past any decision: a hang

# The shapes VariantPlayer decides alone, and rules that reach every branch of _bid
# (Canadian rule's forced loner, no stick-the-dealer, a same-suit discard, loners).
RULE_SETS: dict[str, Rules] = {
    "bid6": BID6,
    "standard -o deck=32": STANDARD.with_options(deck=32),
    "standard -o joker=true": STANDARD.with_options(joker=True),
    "standard -o players=3": STANDARD.with_options(players=3),
    "standard -o deck=32 -o joker=true": STANDARD.with_options(deck=32, joker=True),
    "standard -o players=3 -o deck=32 -o joker=true":
        STANDARD.with_options(players=3, deck=32, joker=True),
    "bit93 -o joker=true": BIT93.with_options(joker=True),
    "bit93 -o deck=32 -o alone_allowed=false":
        BIT93.with_options(deck=32, alone_allowed=False),
    "bit93 -o players=3 -o deck=32": BIT93.with_options(players=3, deck=32),
}


@dataclass
class VarReport:
    """How many decisions of each kind were compared (plays as "lead" and "follow"),
    the first difference, the slowest of each kind."""

    cases: dict[str, int] = field(default_factory=dict)
    mismatches: int = 0
    first: str | None = None
    worst: dict[str, tuple[int, str]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.mismatches == 0

    def total(self) -> int:
        return sum(self.cases.values())

    def line(self) -> str:
        counts = ", ".join(f"{k} {n:,}" for k, n in sorted(self.cases.items()))
        worst = ", ".join(f"{k} {c:,}" for k, (c, _) in sorted(self.worst.items()))
        verdict = "all equal" if self.ok else f"{self.mismatches:,} DIFFER"
        return (f"{self.total():,} decisions ({counts}): {verdict}; worst cycles {worst}; "
                f"{self.seconds:.1f} s")

    def merge(self, other: VarReport) -> None:
        for k, n in other.cases.items():
            self.cases[k] = self.cases.get(k, 0) + n
        self.mismatches += other.mismatches
        self.first = self.first or other.first
        for k, w in other.worst.items():
            if w[0] > self.worst.get(k, (-1, ""))[0]:
                self.worst[k] = w
        self.seconds += other.seconds


def forced_alone(v: SeatView) -> bool:
    """VariantPlayer._bid's forced_alone: no legal make of this round is with a partner."""
    call = ORDER if v.round == 1 else NAME
    return not any(getattr(a, "call", None) == call and not a.alone for a in v.legal)


def encode_action(v: SeatView, action: object, slots: list[int]) -> int:
    """The byte the 6502 answers for ``action`` (slots: the hand as laid out)."""
    if isinstance(action, (PlayAction, DiscardAction)):
        return slots.index(action.card)
    if isinstance(action, JokerSuitAction):
        return int(action.suit)
    assert isinstance(action, BidAction)
    if action.call == PASS:
        return BID_PASS
    return BID_MAKE | (BID_ALONE if action.alone else 0) | int(action.suit)


class VarCore:
    """The built program's decide, fed positions by label."""

    def __init__(self, c64: C64):
        self.c64 = c64
        for label in ("decide", "var_decide", "rules_setup", "rules_classic", "up_suit"):
            c64.address(label)              # a clear error now if the .prg lacks one
        self.rules: Rules | None = None

    def set_rules(self, rules: Rules) -> None:
        c64 = self.c64
        for label, byte in encode(rules).items():
            c64.poke(label, byte)
        c64.poke("total", [0, 0])
        c64.call("rules_setup")
        self.rules = rules

    def decide(self, v: SeatView, kind: str, rng: random.Random) -> tuple[int, list[int], int]:
        """The core's answer for seat ``v.seat`` now: (answer, the slots laid out, cycles)."""
        c64 = self.c64
        slots = list(v.hand)
        rng.shuffle(slots)
        hands = [CARD_NONE] * (SEATS * HAND_MAX)
        hands[v.seat * HAND_MAX: v.seat * HAND_MAX + len(slots)] = slots
        lens = [rng.randrange(HAND_MAX) for _ in range(SEATS)]
        lens[v.seat] = len(slots)
        c64.poke("hands", hands)
        c64.poke("hand_len", lens)
        c64.poke("zp_seat", v.seat)
        c64.poke("human_seats", 0)
        c64.poke("dealer", v.dealer)
        legal_cards = {getattr(a, "card", None) for a in v.legal}
        c64.poke("zp_mask", sum(1 << i for i, c in enumerate(slots) if c in legal_cards))
        if kind in ("play", "discard"):
            c64.poke("zp_trump", int(v.trump))          # type: ignore[arg-type]
        c64.poke("maker", SEAT_NONE if v.maker is None else v.maker)
        trick = list(v.trick) + [(rng.randrange(SEATS), rng.randrange(EXT_CARDS))] * (
            SEATS - len(v.trick))                       # stale bytes past trick_count
        c64.poke("trick_cards", [c for _, c in trick])
        c64.poke("trick_seats", [s for s, _ in trick])
        c64.poke("trick_count", len(v.trick))
        played = set(v.played)
        c64.poke("card_played", [int(c in played) for c in range(EXT_CARDS)])
        if kind == "bid":
            c64.poke("bid_round", v.round)
            c64.poke("upcard", int(v.upcard))           # type: ignore[arg-type]
            c64.poke("up_suit", int(v.up_suit))         # type: ignore[arg-type]
            c64.poke("dec_forced", int(forced_alone(v)))
        for label, n in SCRATCH:              # what a decision finds there is stale
            c64.poke(label, [rng.randrange(256) for _ in range(n)])
        r = c64.call("decide", a=DEC_OF[kind], max_cycles=MAX_DECIDE_CYCLES)
        return r.a, slots, r.cycles - JSR_CYCLES


def positions(rules: Rules, games: int, seed: int) -> Iterator[tuple[SeatView, str, object]]:
    """(view, kind, VariantPlayer's action) at every decision of ``games`` games with
    VariantPlayer in every seat (Bid Euchre's auction and declaration left out), and
    beside each bid the same bid with another hand (:func:`dealt_again`) and, under
    the joker, the positions a joker upcard would give (:func:`joker_positions`)."""
    player = VariantPlayer()
    rng = random.Random(seed ^ 0x7E)
    for g_seed in range(seed, seed + games):
        g = GameState.new(rules, g_seed)
        while not g.over:
            v = g.view(g.to_move)               # type: ignore[arg-type]
            action = player.decide(v)
            kind = KINDS.get(v.phase)
            if kind is not None:
                yield v, kind, action
            if kind == "bid":
                extra = [dealt_again(v, rng)] + (joker_positions(v, rng) if rules.joker else [])
                for w in extra:
                    yield w, KINDS[w.phase], player.decide(w)
            g.apply(action)


def dealt_again(v: SeatView, rng: random.Random) -> SeatView:
    """This bid with another hand of the deck's other cards: bids are a fifth of the
    decisions but their thresholds (a forced loner's 19, cutthroat's 15) need many
    hands to be met exactly."""
    r = v.rules
    others = [c for c in deck_codes(r.deck, r.joker) if c != v.upcard]
    return dataclasses.replace(v, hand=tuple(rng.sample(others, len(v.hand))))


def joker_positions(v: SeatView, rng: random.Random) -> list[SeatView]:
    """A joker upcard turns up in one deal of 25 (33 under the 32-card deck): this bid
    again with the joker turned up and a suit named for it, and the dealer's naming
    of that suit with a hand of this deal's other cards."""
    out: list[SeatView] = []
    r = v.rules
    if JOKER not in v.hand:
        suit = rng.randrange(4)
        forced = r.canadian_rule and v.seat == (v.dealer + 2) % 4
        legal = (ROUND1[suit, forced, r.alone_allowed] if v.round == 1 else
                 ROUND2[suit, r.alone_allowed, r.stick_the_dealer and v.seat == v.dealer])
        out.append(dataclasses.replace(v, upcard=JOKER, up_suit=suit, legal=legal))
    others = [c for c in deck_codes(r.deck, r.joker) if c != JOKER]
    hand = tuple(rng.sample(others, r.hand_size))
    out.append(dataclasses.replace(v, phase=Phase.JOKER, seat=v.dealer, hand=hand,
                                   round=0, legal=JOKER_ACTIONS))
    return out


def describe(v: SeatView, kind: str) -> str:
    hand = " ".join(card_name(c) for c in v.hand)
    trick = " ".join(f"{s}:{card_name(c)}" for s, c in v.trick)
    rules = f"{v.rules.name} {options_of(v.rules)}"
    return (f"{kind} seat {v.seat} hand [{hand}] trick [{trick}] trump {v.trump} maker "
            f"{v.maker} dealer {v.dealer} round {v.round} upcard "
            f"{card_name(v.upcard) if v.upcard is not None else '-'} ({rules})")


def check_rules(core: VarCore, rules: Rules, games: int, seed: int,
                play_sample: float = PLAY_SAMPLE) -> VarReport:
    """Compare the 6502 with VariantPlayer over ``games`` games from ``seed``."""
    rep = VarReport()
    t0 = time.perf_counter()
    rng = random.Random(seed)
    core.set_rules(rules)
    for v, kind, action in positions(rules, games, seed):
        if kind == "play" and rng.random() >= play_sample:
            continue
        got, slots, cycles = core.decide(v, kind, rng)
        want = encode_action(v, action, slots)
        label = kind if kind != "play" else ("follow" if v.trick else "lead")
        rep.cases[label] = rep.cases.get(label, 0) + 1
        if cycles > rep.worst.get(label, (-1, ""))[0]:
            rep.worst[label] = (cycles, describe(v, kind))
        if got != want:
            rep.mismatches += 1
            if rep.first is None:
                rep.first = (f"{describe(v, kind)}: slots "
                             f"[{' '.join(card_name(c) for c in slots)}]: 6502 ${got:02X}, "
                             f"VariantPlayer ${want:02X} ({action})")
    rep.seconds = time.perf_counter() - t0
    return rep


JUDGE_GAMES = 3             # per rule set, for the mutation judge
JUDGE_SAMPLES = 2_000       # tricks and hands of ext_trick_winner / ext_legal_mask


def problem(prg: Path) -> str | None:
    """The first difference the checks of the other shapes' player find on ``prg`` (a
    mutant), or None: rules_classic under every preset and shape, asm/ext_cards.oph's
    tables and primitives, then JUDGE_GAMES games a rule set of the fuzz run."""
    c64 = C64(prg, prg.with_suffix(".map"))
    core = VarCore(c64)
    shapes = [(r, 1 if r.name != "bid6" else 0) for r in PRESETS.values()]
    shapes += [(r, 0) for r in RULE_SETS.values()]
    for rules, classic in shapes:
        core.set_rules(rules)
        if c64.peek("rules_classic") != classic:
            return f"rules_classic {c64.peek('rules_classic')} under {rules.name} " \
                   f"{options_of(rules)}"
    found = (ext_check.table_differences(c64) or ext_check.primitive_differences(c64)
             or ext_check.trick_winner_differences(c64, JUDGE_SAMPLES, seed=1)
             or ext_check.legal_mask_differences(c64, JUDGE_SAMPLES, seed=2))
    if found:
        return f"ext_cards: {found[0]}"
    for name, rules in RULE_SETS.items():
        rep = check_rules(core, rules, JUDGE_GAMES, seed=7)
        if not rep.ok:
            return f"varai ({name}): {rep.first}"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per rule set")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    core = VarCore(C64.from_build())
    total = VarReport()
    for name, rules in RULE_SETS.items():
        rep = check_rules(core, rules, args.games, args.seed)
        print(f"{name}: {rep.line()}")
        if rep.first:
            print(f"  first difference: {rep.first}")
        total.merge(rep)
    print(f"all: {total.line()}")
    for kind, (cycles, where) in sorted(total.worst.items()):
        print(f"  worst {kind}: {cycles:,} cycles at {where}")
    return 0 if total.ok else 1


if __name__ == "__main__":
    sys.exit(main())


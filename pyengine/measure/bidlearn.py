"""Bidding learned from search (issue 41, item 2): generate valued bidding situations, fit.

``generate`` plays games of four players who bid like the model (``--policy ref``: the
reference player's thresholds; ``learned``: the committed table,
:mod:`pyengine.players.bidtable`) and play like ``ref``. At every bid with a choice (every
seat, both rounds, alone or not) it writes one JSON line: the seat's cards, the upcard,
the seat from the dealer, the score, the legal bids and each bid's value. A value is the
mean over ``--worlds`` worlds dealt consistently with what the seat knows
(:func:`pyengine.players.worlds.sample_worlds`: its hand, the upcard, the passes before it)
of the hand's points for the seat's side, capped by what each side needs to win (points
past the target are worth nothing), where

* a call is played out open-hand (:func:`pyengine.players.pimc.play_contract`: the dealer
  picks up and discards like ``ref``; the open-hand solver, ``Solver``, plays the cards);
* a pass is followed by the rest of the auction with every seat, this one included when
  the auction comes back to it, bidding like the model from its own cards only, then the
  contract made played out the same way (0 if all pass). The seat's own later bid is one
  choice whatever the world (it sees only its cards), so the auction has no strategy
  fusion; the card play, solved open-hand, still does (the lesser problem).

``fit`` reads those files and fits :class:`~pyengine.players.bidmodel.BidTable`: integer
weights of the hand's features (coordinate descent from ``ref``'s own table) and, for each
weight vector, the call and alone thresholds of each group (round, seat from the dealer,
score bucket) that gain most; groups with too few situations take the normal score's.
The fit uses the games with even numbers and reports both halves (the odd ones held
out) beside ``ref``'s own bids valued the same way. ``--write`` writes the table module.

    python -m pyengine.measure.bidlearn generate --n 2000 --seed 0 --rules bit93 \\
        --out build/bidlearn/bit93-0.jsonl
    python -m pyengine.measure.bidlearn fit build/bidlearn/bit93-*.jsonl \\
        --write pyengine/players/bidtable.py

Fictitious play: generate again with ``--policy learned`` (the others bid like the fitted
model), refit on the new data. ``--play ref`` values each bid with the hand finished by the
engine instead, the cards played by ``ref`` (:func:`played_values`). Cost: about 3.5 ms of
CPU a situation with the native solver, 25 ms with the Python one (docs/strength.md,
"Learned bidding").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pyengine.core.cards import Card, Suit, suit_of
from pyengine.core.events import NAME, ORDER, PASS, Score
from pyengine.core.game import BidAction, GameState, Phase, SeatView, bid_action
from pyengine.core.rules import PRESETS, Rules
from pyengine.measure.bidcorrect import corrected, loner_bias, loner_option
from pyengine.players.bidmodel import (
    BUCKETS,
    GROUPS,
    N_FEATURES,
    NEVER,
    BidTable,
    dealer_keeps,
    features,
    group_index,
    learned_bid,
    score_bucket,
    table_for,
)
from pyengine.players.pimc import _Solvers, play_contract
from pyengine.players.player import RefPlayer, ref_bid
from pyengine.players.solver import OpenHandSolver, make_solver
from pyengine.players.worlds import knowledge, legal_bids, sample_worlds

WORLDS = 16                 # worlds per situation
INFER, SPREAD, CANDIDATES = 0.1, 2.0, 4     # pimc's belief settings (the passes before)
HAND_LIMIT = 200
FAMILIES = ("bit93", "stick")

Bidder = Callable[[Any], BidAction]      # a view (or its bidding fields) -> its bid


def family(rules: Rules) -> str:
    """Which table a rule set bids with: the stuck dealer's auction or Bit #93's."""
    return "stick" if rules.stick_the_dealer else "bit93"


def policy(name: str, rules: Rules) -> Bidder:
    """The model the seats bid with: ``ref``'s thresholds or the learned table."""
    if name == "ref":
        return lambda v: ref_bid(v)
    table = table_for(rules)
    return lambda v: learned_bid(v, table)


# --- values ----------------------------------------------------------------------

def capped_value(rules: Rules, total: Sequence[int], me: int, maker: int, tricks: int,
                 alone: bool) -> float:
    """The hand's points for my side minus theirs, each capped by what it needs to win."""
    pts = rules.hand_points(maker & 1, tricks, alone)
    mine = me & 1
    need_mine = rules.target - total[mine]
    need_theirs = rules.target - total[1 - mine]
    return min(pts[mine], need_mine) - min(pts[1 - mine], need_theirs)


MADE, MARCH = 3, 5           # the trick counts where a hand's points change


class PointsSolver:
    """An open-hand solver (:func:`~pyengine.players.solver.make_solver`: the native one
    when built) asked only what the points depend on:
    the makers' tricks as 0 (euchred), 3 (made) or 5 (march), by one or two null-window
    searches instead of the exact count's two or three."""

    def __init__(self, trump: Suit, makers: int, out: tuple[int, ...]) -> None:
        self.solver = make_solver(trump, makers, out)

    def tricks(self, hands: Sequence[int], leader: int) -> int:
        """0, 3 or 5: the makers' tricks rounded down to where the points change."""
        if not self.solver.at_least(hands, leader, MADE):
            return 0
        return MARCH if self.solver.at_least(hands, leader, MARCH) else MADE


class _PointsSolvers(_Solvers):
    """One :class:`PointsSolver` per contract (pimc's cache of solvers, for points)."""

    def get(self, trump: Suit, makers: int, out: tuple[int, ...]) -> OpenHandSolver:
        key = (trump, makers, out)
        s: Any = self.cache.get(key)
        if s is None:
            s = PointsSolver(trump, makers, out)
            self.cache[key] = s
        return s


def situation_values(v: Any, bidder: Bidder, worlds: int, seed: int) -> list[float]:
    """Each legal bid's mean value over ``worlds`` worlds (module docstring)."""
    rng = random.Random(seed)
    k = knowledge(v)
    sample = sample_worlds(v, k, rng, worlds, INFER, SPREAD, CANDIDATES)
    solvers = _PointsSolvers()
    sums = [0.0] * len(v.legal)
    for w in sample:
        memo: dict[tuple[int, int, int, bool], float] = {}

        def contract(rnd: int, trump: Suit, maker: int, alone: bool,
                     hands: list[list[Card]] = w.hands,
                     memo: dict[tuple[int, int, int, bool], float] = memo) -> float:
            key = (rnd, trump, maker, alone)
            if key not in memo:
                t = play_contract(v.rules, hands, v.dealer, v.upcard, rnd, trump, maker,
                                  alone, solvers)
                memo[key] = capped_value(v.rules, v.total, v.seat, maker, t, alone)
            return memo[key]

        for i, a in enumerate(v.legal):
            if a.call == PASS:
                sums[i] += rollout(v, w.hands, bidder, contract)
            else:
                sums[i] += contract(v.round, a.suit, v.seat, a.alone)
    return [s / len(sample) for s in sums]


def rollout(v: Any, hands: list[list[Card]], bidder: Bidder,
            contract: Callable[[int, Suit, int, bool], float]) -> float:
    """The value of the rest of the auction after ``v.seat`` passes, every seat bidding
    with ``bidder`` from its own cards in this world (0 if all pass)."""
    dealer, rules = v.dealer, v.rules
    up_suit = suit_of(v.upcard)
    seat, rnd = v.seat, v.round
    while True:
        if seat == dealer:
            if rnd == 2:
                return 0.0
            rnd = 2
        seat = (seat + 1) % 4
        legal = legal_bids(rules, rnd, seat, dealer, up_suit)
        view: Any = SimpleNamespace(seat=seat, dealer=dealer, upcard=v.upcard, round=rnd,
                                    hand=tuple(hands[seat]), legal=legal, bids=(),
                                    total=v.total, rules=rules)
        b = bidder(view)
        if b.call != PASS and b.suit is not None:
            return contract(rnd, b.suit, seat, b.alone)


def played_values(g: GameState, v: SeatView, bidder: Bidder, worlds: int,
                  seed: int) -> list[float]:
    """Each legal bid's mean value over the same worlds as :func:`situation_values`, the
    hand finished by the engine: the auction bid by ``bidder``, the discard and the cards
    by ``ref`` (a player who sees only its own cards: no strategy fusion anywhere, but
    the card play is ``ref``'s, not the best)."""
    rng = random.Random(seed)
    sample = sample_worlds(v, knowledge(v), rng, worlds, INFER, SPREAD, CANDIDATES)
    ref = RefPlayer()
    sums = [0.0] * len(v.legal)
    for w in sample:
        for i, a in enumerate(v.legal):
            g2 = g.clone()
            g2.hands = [list(h) for h in w.hands]
            g2._legal = None
            g2.apply(a)
            sums[i] += _finish(g2, v, bidder, ref)
    return [s / len(sample) for s in sums]


def _finish(g: GameState, v: SeatView, bidder: Bidder, ref: RefPlayer) -> float:
    """Play ``g`` to the end of its hand; the capped value for ``v.seat`` (0 if passed out)."""
    hand, seen = g.hand_no, len(g.events)
    while g.hand_no == hand and g.phase is not Phase.GAME_OVER:
        view = g.view(g.turn)
        g.apply(bidder(view) if g.phase in (Phase.BID1, Phase.BID2) else ref.decide(view))
        for e in g.events[seen:]:
            if isinstance(e, Score):
                rules, mine = v.rules, v.seat & 1
                return (min(e.points[mine], rules.target - v.total[mine])
                        - min(e.points[1 - mine], rules.target - v.total[1 - mine]))
        seen = len(g.events)
    return 0.0


# --- generate --------------------------------------------------------------------

def situations(rules: Rules, bidder: Bidder, seed: int) -> Iterable[tuple[int, GameState,
                                                                          SeatView]]:
    """Every bid with a choice in games ``seed``, ``seed + 1``, ... of four players who
    bid with ``bidder`` and play like ``ref``: (game number, game, view)."""
    ref = RefPlayer()
    number = seed
    while True:
        g = GameState.new(rules, number)
        while g.phase is not Phase.GAME_OVER and g.hand_no < HAND_LIMIT:
            v = g.view(g.turn)
            if g.phase in (Phase.BID1, Phase.BID2):
                if len(v.legal) > 1:
                    yield number, g, v
                g.apply(bidder(v))
            else:
                g.apply(ref.decide(v))
        number += 1


def record(number: int, g: GameState, v: Any, values: list[float]) -> dict:
    """One situation as a JSON object."""
    return {"game": number, "hand": g.hand_no, "rules": v.rules.name, "seat": v.seat,
            "dealer": v.dealer, "round": v.round, "upcard": int(v.upcard),
            "hand_cards": [int(c) for c in v.hand], "total": list(v.total),
            "legal": [[a.call, None if a.suit is None else int(a.suit), a.alone]
                      for a in v.legal],
            "values": [round(x, 4) for x in values]}


def generate(rules: Rules, n: int, seed: int, out: Path, worlds: int, policy_name: str,
             echo: Callable[[str], None], play: str = "solver") -> int:
    """Write ``n`` valued situations to ``out``; the number written. ``play``: the card
    play valued open-hand (``solver``) or played by ``ref`` (``ref``)."""
    bidder = policy(policy_name, rules)
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    written = 0
    with out.open("w") as f:
        for number, g, v in situations(rules, bidder, seed):
            digest = zlib.crc32(f"{seed} {number} {g.hand_no} {v.seat} {v.round}".encode())
            values = (situation_values(v, bidder, worlds, digest) if play == "solver"
                      else played_values(g, v, bidder, worlds, digest))
            f.write(json.dumps(record(number, g, v, values)) + "\n")
            written += 1
            if written % 500 == 0:
                echo(f"  {written:,} situations, {time.process_time() - start:.0f} s CPU")
            if written >= n:
                break
    return written


# --- fit -------------------------------------------------------------------------

@dataclass
class Situation:
    """One valued bid for the fit: its group parts, and per candidate suit (round 2:
    every suit but the upcard's, in suit order) the features and the (pass, call, alone)
    values, a missing choice falling back to the one the rules allow."""
    family: str
    game: int
    rnd: int
    position: int
    bucket: int
    feats: list[list[int]]
    values: list[tuple[float, float, float]]
    may_pass: bool
    ref_value: float            # the value of ref's own bid here
    best_value: float           # the best legal bid's value (what no rule can see)
    ref_calls: bool = False     # ref's own bid here is a call (a caution counts on it)
    ref_alone: bool = False     # ... a call alone (a loner's correction counts on it)


def parse(obj: dict) -> Situation:
    """A :class:`Situation` from one JSON line (:func:`record`)."""
    rules = PRESETS[obj["rules"]]
    hand = tuple(Card(c) for c in obj["hand_cards"])
    upcard = Card(obj["upcard"])
    rnd, seat, dealer = obj["round"], obj["seat"], obj["dealer"]
    position = (seat - dealer) & 3
    vals = {(c, s, al): x for (c, s, al), x in zip(obj["legal"], obj["values"], strict=True)}
    legal = tuple(bid_action(c, s, al) if c != PASS else bid_action(PASS, None, False)
                  for c, s, al in obj["legal"])
    pass_value = vals.get((PASS, None, False))
    call = ORDER if rnd == 1 else NAME
    up = suit_of(upcard)
    suits = [up] if rnd == 1 else [Suit(s) for s in range(4) if s != up]
    feats, values = [], []
    for s in suits:
        kept = dealer_keeps(hand, upcard, rules) if rnd == 1 and position == 0 else hand
        feats.append(features(kept, s, rnd, position, upcard))
        plain, alone = vals.get((call, s, False)), vals.get((call, s, True))
        if plain is None:
            plain = alone
        if alone is None:
            alone = plain
        p = pass_value if pass_value is not None else plain
        assert plain is not None and alone is not None and p is not None
        values.append((p, plain, alone))
    view: Any = SimpleNamespace(seat=seat, dealer=dealer, upcard=upcard, round=rnd, hand=hand,
                           legal=legal, bids=(), total=tuple(obj["total"]), rules=rules)
    a = ref_bid(view)
    ref_value = vals[(a.call, None if a.suit is None else int(a.suit), a.alone)]
    return Situation(family(rules), obj["game"], rnd, position,
                     score_bucket(obj["total"], seat, rules.target), feats, values,
                     pass_value is not None, ref_value, max(obj["values"]), a.call != PASS,
                     a.alone)


def load(paths: Sequence[Path]) -> list[Situation]:
    """Every situation of the files (a bad line stops with its file and line number)."""
    out = []
    for p in paths:
        with p.open() as f:
            for i, line in enumerate(f, 1):
                try:
                    out.append(parse(json.loads(line)))
                except (ValueError, KeyError, TypeError, AssertionError) as exc:
                    raise ValueError(f"{p}:{i}: not a bidlearn situation ({exc})") from None
    return out


MIN_GROUP = 200             # fewer situations: the group takes the normal score's thresholds
WEIGHT_LIMIT = 15
STEPS = (-2, -1, 1, 2)


class Fitter:
    """Scores kept per situation and suit, so a weight step updates them by one product."""

    def __init__(self, sits: Sequence[Situation], weights: Sequence[int]) -> None:
        self.sits = list(sits)
        self.weights = list(weights)
        self.scores = [[sum(w * f for w, f in zip(self.weights, x, strict=True))
                        for x in s.feats] for s in self.sits]

    def chosen(self, scores: list[list[int]]) -> list[tuple[int, int, int]]:
        """Per situation: (group, score, index of the suit the model names)."""
        out = []
        for s, sc in zip(self.sits, scores, strict=True):
            j = max(range(len(sc)), key=lambda i: (sc[i], -i))
            out.append((group_index(s.rnd, s.position, s.bucket), sc[j], j))
        return out

    def thresholds(self, scores: list[list[int]]) -> tuple[float, list[int], list[int]]:
        """The best call and alone thresholds of each group for these scores, and the
        total value they give."""
        picks = self.chosen(scores)
        bins: dict[int, dict[int, list[float]]] = {g: {} for g in range(GROUPS)}
        counts = [0] * GROUPS
        for s, (g, sc, j) in zip(self.sits, picks, strict=True):
            p, c, a = s.values[j]
            b = bins[g].setdefault(sc, [0.0, 0.0, 0.0])
            b[0] += p
            b[1] += c
            b[2] += a
            counts[g] += 1
        call, alone = [NEVER] * GROUPS, [NEVER] * GROUPS
        for g in range(GROUPS):
            if counts[g]:
                call[g], alone[g] = _best_pair(bins[g])
        for g in range(GROUPS):             # thin groups: the normal score's thresholds
            if counts[g] < MIN_GROUP and g % BUCKETS:
                call[g], alone[g] = call[g - g % BUCKETS], alone[g - g % BUCKETS]
        total = 0.0
        for s, (g, sc, j) in zip(self.sits, picks, strict=True):
            total += _value(s.values[j], sc, call[g], alone[g])
        return total, call, alone

    def trial(self, i: int, step: int) -> list[list[int]]:
        """The scores with weight ``i`` changed by ``step``."""
        return [[x + step * f[i] for x, f in zip(sc, s.feats, strict=True)]
                for sc, s in zip(self.scores, self.sits, strict=True)]

    def descend(self, echo: Callable[[str], None], rounds: int = 8) -> BidTable:
        """Coordinate descent on the weights (steps of 1 and 2, within the limit)."""
        best, call, alone = self.thresholds(self.scores)
        for r in range(rounds):
            improved = False
            for i in range(N_FEATURES):
                for step in STEPS:
                    if abs(self.weights[i] + step) > WEIGHT_LIMIT:
                        continue
                    scores = self.trial(i, step)
                    total, c, a = self.thresholds(scores)
                    if total > best + 1e-6:
                        best, call, alone = total, c, a
                        self.weights[i] += step
                        self.scores = scores
                        improved = True
                        break
            echo(f"  pass {r + 1}: {best / len(self.sits):+.4f} a bid, weights "
                 f"{tuple(self.weights)}")
            if not improved:
                break
        return BidTable(tuple(self.weights), tuple(call), tuple(alone))


def _value(vals: tuple[float, float, float], sc: int, call: int, alone: int) -> float:
    if sc < call:
        return vals[0]
    return vals[2] if sc >= alone else vals[1]


def _best_pair(bins: dict[int, list[float]]) -> tuple[int, int]:
    """(call, alone) thresholds maximising the group's total over its score bins: a
    threshold sits at a bin's score or above them all (NEVER); the lowest of equals."""
    keys = sorted(bins)
    n = len(keys)
    pre = [[0.0] * (n + 1) for _ in range(3)]       # pre[k][i]: bins 0..i-1 of value k
    for i, key in enumerate(keys):
        for k in range(3):
            pre[k][i + 1] = pre[k][i] + bins[key][k]
    best = (-math.inf, NEVER, NEVER)
    for ci in range(n + 1):                     # call at keys[ci] (n: never)
        for ai in range(ci, n + 1):             # alone at keys[ai] (n: never)
            total = (pre[0][ci] + pre[1][ai] - pre[1][ci] + pre[2][n] - pre[2][ai])
            if total > best[0] + 1e-9:
                best = (total, keys[ci] if ci < n else NEVER, keys[ai] if ai < n else NEVER)
    return best[1], best[2]


def evaluate(sits: Sequence[Situation], table: BidTable) -> float:
    """The table's bids' total value over ``sits``."""
    total = 0.0
    for s in sits:
        sc = [sum(w * f for w, f in zip(table.weights, x, strict=True)) for x in s.feats]
        j = max(range(len(sc)), key=lambda i: (sc[i], -i))
        g = group_index(s.rnd, s.position, s.bucket)
        total += _value(s.values[j], sc[j], table.call[g], table.alone[g])
    return total


def _interval(diffs: Sequence[float]) -> str:
    n = len(diffs)
    if n < 2:
        return "n/a"
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return f"{mean:+.4f} (+-{1.96 * sd / math.sqrt(n):.4f})"


def report(name: str, sits: Sequence[Situation], table: BidTable,
           echo: Callable[[str], None]) -> None:
    """The table's and ref's value a bid on ``sits``, and their paired difference."""
    diffs = []
    for s in sits:
        sc = [sum(w * f for w, f in zip(table.weights, x, strict=True)) for x in s.feats]
        j = max(range(len(sc)), key=lambda i: (sc[i], -i))
        g = group_index(s.rnd, s.position, s.bucket)
        diffs.append(_value(s.values[j], sc[j], table.call[g], table.alone[g]) - s.ref_value)
    n = max(len(sits), 1)
    echo(f"  {name}: {len(sits):,} bids; ref {sum(s.ref_value for s in sits) / n:+.4f} a bid,"
         f" learned {evaluate(sits, table) / n:+.4f}, learned - ref {_interval(diffs)};"
         f" the best bid of each (hindsight) {sum(s.best_value for s in sits) / n:+.4f}")


REF_WEIGHTS = (2, 2, 2, 3, 4, 5, 6, 2, 1, 1, 0, 0, 0)   # ref's tables, the starting point


def fit(sits: Sequence[Situation], echo: Callable[[str], None]) -> BidTable:
    """Fit on the even game numbers; report both halves."""
    train = [s for s in sits if s.game % 2 == 0]
    held = [s for s in sits if s.game % 2 == 1]
    if not train or not held:
        raise ValueError("the fit needs situations of both even and odd game numbers "
                         "(generate more: a game holds about 50)")
    table = Fitter(train, REF_WEIGHTS).descend(echo)
    report("fitted on (even games)", train, table, echo)
    report("held out (odd games)", held, table, echo)
    return table


def _rows(values: Sequence[int], indent: str) -> list[str]:
    """A tuple of a table as source lines: one line of 12 (a round's groups) each."""
    per = len(values) // 2 if len(values) == GROUPS else len(values)
    lines = [indent + ", ".join(f"{x:3d}" for x in values[i:i + per]) + ","
             for i in range(0, len(values), per)]
    return lines


def write_table(path: Path, tables: dict[str, BidTable], command: str) -> None:
    """Write the table module (:mod:`pyengine.players.bidtable`)."""
    words, cmd_lines, line = command.split(), [], "   "
    for w in words:
        if len(line) + len(w) > 88:
            cmd_lines.append(line + " \\")
            line = "       "
        line += " " + w
    cmd_lines.append(line)
    lines = ['"""The learned bidding model\'s fitted tables (generated: do not edit).',
             "", "Per rule family: the weights of bidmodel.FEATURES, then the call and alone",
             "thresholds by group (round 1's dealer, left, partner, right, three score buckets",
             "each, then round 2's). Regenerate (docs/strength.md, \"Learned bidding\"):",
             "", *cmd_lines, '"""', "", "from pyengine.players.bidtypes import BidTable", "",
             "TABLES = {"]
    for fam in FAMILIES:
        if fam in tables:
            t = tables[fam]
            lines += [f'    "{fam}": BidTable(', "        weights=(", *_rows(t.weights, " " * 12),
                      "        ),", "        call=(", *_rows(t.call, " " * 12), "        ),",
                      "        alone=(", *_rows(t.alone, " " * 12), "        ),", "    ),"]
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    """The command line (module docstring); exit 2 with one line for bad input."""
    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.bidlearn",
                                 description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    gen = sub.add_parser("generate", help="valued bidding situations of real auctions")
    gen.add_argument("--n", type=int, required=True, help="situations to write")
    gen.add_argument("--seed", type=int, default=0, help="the first game number")
    gen.add_argument("--out", type=Path, required=True)
    gen.add_argument("--rules", choices=("bit93", "standard", "web"), default="bit93")
    gen.add_argument("--worlds", type=int, default=WORLDS)
    gen.add_argument("--policy", choices=("ref", "learned"), default="ref")
    gen.add_argument("--play", choices=("solver", "ref"), default="solver",
                     help="the card play: solved open-hand (default) or played by ref")
    fi = sub.add_parser("fit", help="fit the table on generated files")
    fi.add_argument("data", type=Path, nargs="+")
    fi.add_argument("--write", type=Path, help="write the table module here")
    fi.add_argument("--caution", action="store_true",
                    help="take pimc's caution (by rules, round and seat) off every call")
    fi.add_argument("--loner", type=loner_option, default={}, metavar="FAMILY=X",
                    help="points added to the loners' values of a table family "
                         "(bit93 or stick; measured by `loner`), e.g. stick=0.28")
    lo = sub.add_parser("loner", help="the open-hand values' bias on loners: the same "
                        "situations valued by the solver and by ref's play")
    lo.add_argument("solver", type=Path, help="a generate file (the solver's values)")
    lo.add_argument("played", type=Path, help="the same games, generate --play ref")
    args = ap.parse_args(argv)

    def echo(text: str) -> None:
        print(text, flush=True)

    try:
        if args.what == "generate":
            if args.n < 1 or args.worlds < 1 or not 0 <= args.seed <= 65535:
                ap.error("--n and --worlds must be at least 1, --seed 0-65535")
            start = time.process_time()
            n = generate(PRESETS[args.rules], args.n, args.seed, args.out, args.worlds,
                         args.policy, echo, args.play)
            echo(f"{n:,} situations ({args.rules}, {args.worlds} worlds, policy "
                 f"{args.policy}, play {args.play}, games from {args.seed}) to {args.out}: "
                 f"{time.process_time() - start:.0f} s CPU")
            return 0
        if args.what == "loner":
            echo(loner_bias(args.solver, args.played).line())
            return 0
        sits = load(args.data)
        if args.caution or args.loner:
            sits = corrected(sits, args.caution, args.loner)
        tables = {}
        for fam in FAMILIES:
            part = [s for s in sits if s.family == fam]
            if part:
                echo(f"{fam}: {len(part):,} situations")
                tables[fam] = fit(part, echo)
        if args.write:
            from pyengine.players.bidtable import TABLES
            merged = {**TABLES, **tables}
            command = ("python -m pyengine.measure.bidlearn fit "
                       + " ".join(str(p) for p in args.data)
                       + (" --caution" if args.caution else "")
                       + "".join(f" --loner {k}={v:g}" for k, v in args.loner.items())
                       + f" --write {args.write}")
            write_table(args.write, merged, command)
            echo(f"wrote {args.write}")
    except OSError as exc:
        print(f"bidlearn: {exc.strerror}: {exc.filename}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"bidlearn: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bidlearn: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

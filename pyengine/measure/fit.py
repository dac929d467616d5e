"""Fit the reference player's lead weights and bid thresholds, double-dummy (issue 16).

How ``LEAD_WEIGHTS`` and the per-seat ``BidThresholds`` of
:mod:`pyengine.players.player` were found, so that anyone can redo it:

* **leads.** Play games of four ``ref`` players; at every lead with a choice, value
  each legal card by the open-hand solver (the hand's points for the leader's side,
  every hand face up, best play after it: :func:`pyengine.measure.audit.card_values`).
  For each role (maker, maker's partner, defender, against a loner) find the integer
  weights of :data:`~pyengine.players.player.LEAD_FEATURES` whose choices (the highest
  score, the lowest code among equals) lose the fewest points against the best card,
  by coordinate descent from all zeros (steps of 1 to 8, weights within +-12).
* **bids.** At every bid with a choice, value each legal bid by the rest of the
  auction bid by ``ref`` and the hand played double-dummy (0 if it is passed out);
  for each seat and round find the call and alone thresholds whose choices gain most.

A rule that reads only the seat's view cannot see the hidden cards, so its losses
here are not errors; compare rules on the same positions. The judge is double-dummy
and the other seats play like ``ref``: evidence, to be confirmed in the arena
(docs/strength.md says what was measured).

    python -m pyengine.measure.fit leads --games 1800 --jobs 2
    python -m pyengine.measure.fit bids --games 1500 --jobs 2
    python -m pyengine.measure.fit bids --games 1500 --seed 1000 --rules standard

``--rules`` fits the auction of another rule set (Bit #93's by default); the standard
fit gave ``STICK_THRESHOLDS``, the ones ``ref`` bids at where the dealer is stuck.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from pyengine.core.cards import suit_of
from pyengine.core.events import NAME, ORDER
from pyengine.core.game import PASS_ACTION, Action, GameState, Phase, SeatView, bid_action
from pyengine.core.rules import BIT93, PRESETS, Rules
from pyengine.measure.audit import card_values
from pyengine.players.memory import gone_cards, void_suits
from pyengine.players.pimc import hand_value
from pyengine.players.player import (
    LEAD_FEATURES,
    LEAD_WEIGHTS,
    BidThresholds,
    RefPlayer,
    hand_strength,
    lead_features,
    lead_role,
    round1_strength,
    thresholds_for,
)
from pyengine.players.solver import make_solver, to_mask
from pyengine.records.safeio import worker_signals

ROLES = ("maker", "maker's partner", "defender", "against a loner")
WEIGHT_LIMIT = 12
STEPS = (-8, -4, -2, -1, 1, 2, 4, 8)

# A lead with a choice: for each legal card (lowest code first) its features and the
# points it loses against the best card, double-dummy.
Candidates = list[tuple[tuple[int, ...], float]]


def _play_game(seed: int, record: Callable[[GameState, SeatView], None],
               rules: Rules = BIT93) -> None:
    g = GameState.new(rules, seed)
    ref = RefPlayer()
    while g.phase is not Phase.GAME_OVER:
        v = g.view(g.turn)
        if len(v.legal) > 1:
            record(g, v)
        g.apply(ref.decide(v))


def lead_positions(seed: int) -> list[tuple[int, Candidates]]:
    """Every lead with a choice in game ``seed`` of four ``ref``: (role, candidates)."""
    out: list[tuple[int, Candidates]] = []

    def record(g: GameState, v: SeatView) -> None:
        if g.phase is not Phase.PLAY or v.trick:
            return
        values = card_values(g, v.seat)
        best = max(values.values())
        gone, voids = gone_cards(v), void_suits(v)
        out.append((lead_role(v), [(lead_features(v, c, gone, voids), best - values[c])
                                   for c in sorted(values)]))
    _play_game(seed, record)
    return out


def lead_loss(positions: Sequence[Candidates], weights: Sequence[int]) -> float:
    """Points lost against the best card when each lead takes the highest score."""
    total = 0.0
    for cands in positions:
        best, loss = None, 0.0
        for feats, lost in cands:
            score = sum(w * f for w, f in zip(weights, feats, strict=True))
            if best is None or score > best:
                best, loss = score, lost
        total += loss
    return total


def fit_weights(positions: Sequence[Candidates]) -> tuple[list[int], float]:
    """Coordinate descent from zeros; the weights and their loss."""
    weights = [0] * len(LEAD_FEATURES)
    best = lead_loss(positions, weights)
    improved = True
    while improved:
        improved = False
        for i in range(len(weights)):
            for step in STEPS:
                trial = list(weights)
                trial[i] += step
                if abs(trial[i]) > WEIGHT_LIMIT:
                    continue
                loss = lead_loss(positions, trial)
                if loss < best - 1e-9:
                    weights, best, improved = trial, loss, True
    return weights, best


@dataclass(frozen=True)
class BidPosition:
    """A bid with a choice: who, where, its strength, and the value of pass / call /
    call alone (None where the rules do not allow it)."""

    group: str                      # "r1 left", "r2 dealer", "r1 canadian", ...
    strength: int
    values: tuple[float | None, float | None, float | None]


_PLACES = ("dealer", "left", "partner", "right")


def _after_bid(g: GameState, a: Action, seat: int, ref: RefPlayer) -> float:
    """The bidder's side's points: the auction finished by ref, the hand double-dummy."""
    g2 = g.clone()
    g2.apply(a)
    hand = g.hand_no
    while g2.phase in (Phase.BID1, Phase.BID2, Phase.DISCARD) and g2.hand_no == hand:
        g2.apply(ref.decide(g2.view(g2.turn)))
    if g2.hand_no != hand or g2.phase is not Phase.PLAY:
        return 0.0                              # passed out
    out = tuple(s for s in (g2.sitting_out, g2.defender_out) if s is not None)
    solver = make_solver(g2.trump, g2.maker & 1, out)
    masks = [0 if s in out else to_mask(g2.hands[s], g2.trump) for s in range(4)]
    return hand_value(g2.rules, seat, g2.maker, solver.tricks(masks, g2.turn), g2.alone, 0.0)


def bid_positions(seed: int, rules: Rules = BIT93) -> list[BidPosition]:
    """Every bid with a choice in game ``seed`` of four ``ref`` (``rules``: Bit #93's)."""
    out: list[BidPosition] = []
    ref = RefPlayer()

    def record(g: GameState, v: SeatView) -> None:
        if g.phase not in (Phase.BID1, Phase.BID2):
            return
        place = _PLACES[(v.seat - v.dealer) & 3]
        if v.round == 1:
            trump, call = suit_of(v.upcard), ORDER
            canadian = not any(a.call == ORDER and not a.alone for a in v.legal)
            strength = hand_strength(v.hand, trump) if canadian else round1_strength(v)
            group = "r1 canadian" if canadian else f"r1 {place}"
        else:
            call, group = NAME, f"r2 {place}"
            trump = max((s for s in range(4) if s != suit_of(v.upcard)),
                        key=lambda s: (hand_strength(v.hand, s), -s))
            strength = hand_strength(v.hand, trump)
        vals = {a: _after_bid(g, a, v.seat, ref) for a in v.legal}
        values = (vals.get(PASS_ACTION), vals.get(bid_action(call, trump, False)),
                  vals.get(bid_action(call, trump, True)))
        out.append(BidPosition(group, strength, values))
    _play_game(seed, record, rules)
    return out


def _bid_total(positions: Sequence[BidPosition], call_min: int, alone_min: int) -> float:
    total = 0.0
    for p in positions:
        passed, called, alone = p.values
        if p.strength < call_min and passed is not None:
            total += passed
        else:
            want = alone if p.strength >= alone_min else called
            total += want if want is not None else (called if called is not None else alone)
    return total


def fit_thresholds(positions: Sequence[BidPosition], call_now: int, alone_now: int,
                   forced: bool = False) -> tuple[float, tuple[int, int, float]]:
    """(today's total, (best call threshold, best alone threshold, its total)); a
    ``forced`` loner (the Canadian rule) has no alone threshold to fit."""
    now = _bid_total(positions, call_now, alone_now)
    best = max((_bid_total(positions, c, a), c, a) for c in range(3, 24)
               for a in ((alone_now,) if forced else range(c, 32)))
    return now, (best[1], best[2], best[0])


def _today(group: str, t: BidThresholds) -> tuple[int, int]:
    if group == "r1 canadian":
        return t.canadian_min, 0
    rnd = 1 if group.startswith("r1") else 2
    place = _PLACES.index(group.split()[1])
    return t.call_min(rnd, place, 0), t.alone_min


def _gather(fn: Callable, games: int, seed: int, jobs: int) -> list:
    """``fn(seed)`` for each game number, in order, on ``jobs`` processes."""
    seeds = range(seed, seed + games)
    if jobs <= 1:
        return [r for s in seeds for r in fn(s)]
    with multiprocessing.get_context("fork").Pool(jobs, initializer=worker_signals) as pool:
        return [r for rows in pool.map(fn, seeds, chunksize=4) for r in rows]


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.measure.fit leads|bids``: play, fit, print today's and the fit's
    figures side by side (exit 2 with a message for bad arguments)."""
    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.fit", description=__doc__
                                 .split("\n\n")[0])
    ap.add_argument("what", choices=("leads", "bids"))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", choices=sorted(set(PRESETS) - {"bid6"}), default="bit93",
                    help="bids: the rule set whose auctions are fitted (default bit93)")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 65536 - args.seed or not 0 <= args.seed <= 65535:
        ap.error("--games and --seed must name game numbers 0-65535")
    if args.what == "leads":
        rows = _gather(lead_positions, args.games, args.seed, args.jobs)
        print(f"{len(rows):,} leads of {args.games} games (ref x 4, game numbers from "
              f"{args.seed}); points lost double-dummy, today's weights / fitted:")
        for role, name in enumerate(ROLES):
            pos = [c for r, c in rows if r == role]
            weights, loss = fit_weights(pos)
            print(f"  {name}: {len(pos):,} leads, {lead_loss(pos, LEAD_WEIGHTS[role]):.0f} / "
                  f"{loss:.0f} with {tuple(weights)}")
    else:
        rules = PRESETS[args.rules]
        rows = _gather(partial(bid_positions, rules=rules), args.games, args.seed, args.jobs)
        print(f"{len(rows):,} bids of {args.games} games, rules {rules.name}; points for the "
              "bidder's side (double-dummy), today's thresholds / the best:")
        for group in sorted({p.group for p in rows}):
            pos = [p for p in rows if p.group == group]
            call, alone = _today(group, thresholds_for(rules))
            forced = group == "r1 canadian"
            now, (c, a, best) = fit_thresholds(pos, call, alone, forced)
            alone_text = (lambda x: "(always alone)") if forced else (lambda x: f"alone {x}")
            print(f"  {group}: {len(pos):,} bids, call {call} {alone_text(alone)}: {now:+.0f};"
                  f" best call {c} {alone_text(a)}: {best:+.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

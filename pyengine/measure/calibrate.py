"""How well ``pimc`` knows what its bids are worth: its estimate against what they gave.

``python -m pyengine.measure.calibrate --team-b ref --rules standard --matches 300``
plays duplicate matches of a ``pimc`` team against another player and records every bid
decision of ``pimc`` with a choice: the value its search gave the bid it chose (points
of the hand for its side minus theirs, plus its tie-break for each trick its side takes)
and the same value of the hand as it was then played. By the bidder's seat (from the
dealer), round and what it did (pass, call, alone), the table prints both means and
their difference, the *bias*: positive where the search promised more than the bids
gave. Its interval is clustered by game (the decisions of one game are not independent).

A bias is not a loss by itself: the chosen action's estimate is the highest of several
noisy ones (so it is biased upward even by a perfect model), and what matters for a
decision is a call's bias against the pass's. The table shows where to look: where the
search's picture of the other seats (they bid like ``ref``, every world open-hand) is
furthest from the players it meets.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass

from pyengine.core.events import PASS, Deal, Score
from pyengine.core.game import GameState, Phase, SeatView
from pyengine.core.rules import Rules, RulesError, preset
from pyengine.measure.arena import PlayerSpecError, check_matchup, is_ismcts, make_player
from pyengine.measure.arenastats import Estimate, clustered_mean
from pyengine.players.pimc import PimcPlayer

SEATS_FROM_DEALER = ("dealer", "dealer's left", "dealer's partner", "dealer's right")
HAND_LIMIT = 2000                      # deals: a game that long is stopped (as the arena)


@dataclass(frozen=True)
class BidRecord:
    """One bid decision of the search player, with its estimate and what it gave."""
    game: int                          # which game (the interval's cluster)
    rel: int                           # the bidder's seat from the dealer (0: dealer)
    round: int
    kind: str                          # "pass", "call" or "alone"
    estimate: float
    realized: float


@dataclass(frozen=True)
class _Pending:
    hand: int
    seat: int
    rel: int
    round: int
    kind: str
    estimate: float


def _kind(action) -> str:
    if action.call == PASS:
        return "pass"
    return "alone" if action.alone else "call"


def play_game(rules: Rules, game_no: int, seats: list, pimc_team: int, tiebreak: float
              ) -> list[BidRecord]:
    """One game; the bid decisions of the seats of ``pimc_team`` (each a PimcPlayer)."""
    g = GameState.new(rules, game_no)
    pending: list[_Pending] = []
    while g.phase is not Phase.GAME_OVER:
        if g.hand_no > HAND_LIMIT:
            break
        seat = g.turn
        view: SeatView = g.view(seat)
        player = seats[seat]
        action = player.decide(view)
        if (seat & 1) == pimc_team and view.phase in (Phase.BID1, Phase.BID2) \
                and len(view.legal) > 1:
            searched = getattr(player, "player", player)    # inside UpcardKept
            value = next(r.value for r in searched.last_ratings if r.action == action)
            pending.append(_Pending(g.hand_no, seat, (seat - view.dealer) % 4, view.round,
                                    _kind(action), value))
        g.apply(action)
    scores: dict[int, Score] = {}
    hand = 0
    for e in g.events:
        if isinstance(e, Deal):
            hand = e.hand
        elif isinstance(e, Score):
            scores[hand] = e
    out = []
    for p in pending:
        s = scores.get(p.hand)
        if s is None:                  # passed out, or the game stopped: nothing to compare
            continue
        mine = p.seat & 1
        got = s.points[mine] - s.points[1 - mine] + tiebreak * s.tricks[mine]
        out.append(BidRecord(game_no * 2 + pimc_team, p.rel, p.round, p.kind, p.estimate,
                             got))
    return out


def calibrate(rules: Rules, spec_a: str, spec_b: str, matches: int, seed: int = 0
              ) -> list[BidRecord]:
    """``matches`` duplicate matches (pairs: each game with both seatings) of ``spec_a``
    (a pimc player) against ``spec_b``; every bid record of team A."""
    check_matchup(rules, spec_a, spec_b)
    against_ismcts = is_ismcts(spec_a) or is_ismcts(spec_b)
    records: list[BidRecord] = []
    for i in range(matches // 2):
        game_no = seed + i
        for team in (0, 1):
            seats = [make_player(spec_a if (s & 1) == team else spec_b, 1000 * game_no + s)
                     for s in range(4)]
            pimc = seats[team]
            if not isinstance(pimc, PimcPlayer):
                raise PlayerSpecError(f"--team-a {spec_a!r} is not a pimc player")
            if against_ismcts:                 # OpenSpiel's discard rule, as in the arena
                from pyengine.players.ismcts import UpcardKept
                seats = [UpcardKept(p) for p in seats]
            records += play_game(rules, game_no, seats, team, pimc.config.tiebreak)
    return records


@dataclass(frozen=True)
class Row:
    """One situation of the table."""
    situation: str
    count: int
    estimate: float
    realized: float
    bias: Estimate


def rows(records: list[BidRecord]) -> list[Row]:
    """The records by round, seat and kind, in that order."""
    groups: dict[tuple[int, int, str], list[BidRecord]] = {}
    for r in records:
        groups.setdefault((r.round, r.rel, r.kind), []).append(r)
    out = []
    for (rnd, rel, kind), recs in sorted(groups.items()):
        by_game: dict[int, list[float]] = {}
        for r in recs:
            by_game.setdefault(r.game, []).append(r.estimate - r.realized)
        bias = clustered_mean([(sum(d), len(d)) for d in by_game.values()])
        n = len(recs)
        out.append(Row(f"r{rnd} {SEATS_FROM_DEALER[rel]}, {kind}", n,
                       sum(r.estimate for r in recs) / n, sum(r.realized for r in recs) / n,
                       bias))
    return out


def table(found: list[Row]) -> list[str]:
    """Markdown lines of :func:`rows`."""
    lines = ["| bid | decisions | estimate | gave | bias (95%) |",
             "| --- | ---: | ---: | ---: | --- |"]
    for r in found:
        lines.append(f"| {r.situation} | {r.count:,} | {r.estimate:+.2f} | {r.realized:+.2f} "
                     f"| {r.bias.num(2)} |")
    return lines


def write_records(path: str, records: list[BidRecord]) -> None:
    """Every record as one JSON object a line (read back by :func:`read_records`)."""
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(asdict(r)) + "\n")


def read_records(path: str) -> list[BidRecord]:
    """The records :func:`write_records` wrote (ValueError / TypeError if malformed)."""
    with open(path, encoding="utf-8") as f:
        return [BidRecord(**json.loads(line)) for line in f if line.strip()]


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.calibrate",
                                 description="pimc's bid estimates against what they gave")
    ap.add_argument("--team-a", default="pimc", help="the pimc player (default: pimc)")
    ap.add_argument("--team-b", default="ref", help="its opponent (default: ref)")
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--matches", type=int, default=100, help="an even number, at least 2")
    ap.add_argument("--seed", type=int, default=0, help="the first game number")
    ap.add_argument("--records", metavar="FILE",
                    help="also write every bid record to FILE, one JSON object a line")
    ap.add_argument("--read", metavar="FILE", nargs="+",
                    help="play nothing: print the table of records written by --records")
    args = ap.parse_args(argv)
    if args.read:
        try:
            records = [r for f in args.read for r in read_records(f)]
        except (OSError, ValueError, TypeError) as exc:
            print(f"calibrate: cannot read the records: {exc}", file=sys.stderr)
            return 2
        print(f"{len(records):,} bid decisions from {', '.join(args.read)}")
        print()
        print("\n".join(table(rows(records))))
        return 0
    if args.matches < 2 or args.matches % 2:
        print("calibrate: --matches must be an even number, at least 2", file=sys.stderr)
        return 2
    try:
        rules = preset(args.rules)
        records = calibrate(rules, args.team_a, args.team_b, args.matches, args.seed)
    except (RulesError, PlayerSpecError, ValueError) as exc:
        print(f"calibrate: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("calibrate: interrupted, nothing printed", file=sys.stderr)
        return 130
    if args.records:
        try:
            write_records(args.records, records)
        except OSError as exc:
            print(f"calibrate: cannot write {args.records}: {exc}", file=sys.stderr)
            return 1
    print(f"{args.team_a} against {args.team_b}, rules {rules.name}: {args.matches} "
          f"matches from game {args.seed}, {len(records):,} bid decisions")
    print()
    print("\n".join(table(rows(records))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

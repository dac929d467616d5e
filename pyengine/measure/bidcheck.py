"""What a bid change is worth where it changes a bid: both choices played out, paired.

``python -m pyengine.measure.bidcheck --variant ref:alone_min=15 --against ismcts:sims=2000
--rules standard --games 300`` plays self-play games of four ``ref`` (game numbers
``--seed`` onwards) only to find positions; at every bid of seats 0 and 2 where the
variant chooses otherwise than the baseline (``--baseline``, ``ref`` by default), it
finishes that hand twice from the same position, once with the variant's bid and once
with the baseline's, the baseline playing seats 0 and 2 and ``--against`` seats 1 and 3
for the rest of the auction and the play, and records seats 0/2's net points of the hand
(theirs minus the other side's) for each. The self-play game then goes on.

Why: a threshold moved by one point changes a bid in a hand in twenty or fewer, so a
whole-game A/B (``euchre arena --sprt --baseline``) spends almost all its CPU on hands
both players bid alike, and against IS-MCTS every hand costs about 1.5 s of CPU. Here
only the hands where the bids differ are played, against the opponent that judges.

``--phase play`` does the same for card play (a card-play variant of ``ref``,
``ref:short_throw=1``, pyengine/players/playtweaks.py): at every card of seats 0 and 2
where the variant plays another card, the hand is finished both ways, the changed card
then the baseline for the rest of it. A card change acts in a hand in ten to twenty, so
here too only those hands meet the judge.

What it does not see: the score of the game (a hand's points, not the match), and the
positions come from ``ref``'s own auctions (the opponent bids only after the changed
bid). So it screens changes; a kept change is then measured by whole matches. The mean
and its 95% interval are over the differing decisions (independent hands).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from pyengine.core.events import Score
from pyengine.core.game import Action, GameState, Phase
from pyengine.core.rules import Rules, RulesError, preset
from pyengine.measure.arena import PlayerSpecError, check_matchup, is_ismcts, make_player
from pyengine.players.player import Player

PHASES = {"bid": (Phase.BID1, Phase.BID2), "play": (Phase.PLAY,)}
HAND_LIMIT = 200                       # deals of one self-play game (ref's games end long before)
SEATS_FROM_DEALER = ("dealer", "left", "partner", "right")


@dataclass(frozen=True)
class Difference:
    """One bid where the variant and the baseline differ, and the hand played both ways."""
    game: int
    hand: int
    position: int                      # the bidder's place from the dealer: 0 dealer, 1 left...
    round: int                         # the bidding round; 0 for a card
    variant: Action
    baseline: Action
    variant_points: int                # seats 0/2's net points of the hand, the variant's bid
    baseline_points: int

    @property
    def gain(self) -> int:
        """The variant's points minus the baseline's, on this hand."""
        return self.variant_points - self.baseline_points


def _finish_hand(game: GameState, seats: list[Player]) -> int:
    """Play ``game`` to the end of its hand; seats 0/2's net points of that hand."""
    seen = len(game.events)
    while True:
        seat = game.current_player()
        game.apply(seats[seat].decide(game.view(seat)))
        for e in game.events[seen:]:
            if isinstance(e, Score):
                return e.points[0] - e.points[1]
        seen = len(game.events)


def differences(rules: Rules, variant: str, baseline: str, against: str, seed: int,
                games: int, limit: int | None = None, phase: str = "bid"
                ) -> Iterator[Difference]:
    """Every differing bid (``phase`` "bid") or card ("play") of seats 0/2 in the games,
    each hand played out both ways."""
    phases = PHASES[phase]
    wrap = _upcard_kept if is_ismcts(against) else (lambda p: p)
    ref = make_player("ref")
    found = 0
    for number in range(seed, seed + games):
        base = wrap(make_player(baseline, 1000 * number))
        var = wrap(make_player(variant, 1000 * number))
        opp = wrap(make_player(against, 1000 * number + 4))
        seats = [base, opp, base, opp]
        game = GameState.new(rules, number)
        while not game.over and game.hand_no < HAND_LIMIT:
            seat = game.current_player()
            view = game.view(seat)
            if view.phase in phases and seat % 2 == 0 and len(view.legal) > 1:
                b, v = base.decide(view), var.decide(view)
                if b != v:
                    points = []
                    for act in (v, b):
                        g = game.clone()
                        g.apply(act)
                        points.append(_finish_hand(g, seats))
                    yield Difference(number, game.hand_no, (seat - view.dealer) & 3,
                                     view.round, v, b, points[0], points[1])
                    found += 1
                    if limit is not None and found >= limit:
                        return
            game.apply(ref.decide(view))


def _upcard_kept(player: Player) -> Player:
    from pyengine.players.ismcts import UpcardKept  # OpenSpiel's discard rule (as the arena)
    return UpcardKept(player)


def summary(found: list[Difference]) -> tuple[float, float]:
    """The mean gain a differing decision and the half-width of its 95% interval."""
    n = len(found)
    if n == 0:
        return 0.0, math.inf
    mean = sum(d.gain for d in found) / n
    if n < 2:
        return mean, math.inf
    var = sum((d.gain - mean) ** 2 for d in found) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main(argv: list[str] | None = None) -> int:
    """The command line (module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.bidcheck",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, help="the changed player, e.g. ref:alone_min=15")
    ap.add_argument("--baseline", default="ref")
    ap.add_argument("--against", default="ref", help="the opponent that plays the hands out")
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--seed", type=int, default=0, help="the first game number")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--limit", type=int, default=None, help="stop after this many differences")
    ap.add_argument("--phase", choices=tuple(PHASES), default="bid",
                    help="compare the bids (default) or the cards played")
    args = ap.parse_args(argv)
    try:
        rules = preset(args.rules)
        check_matchup(rules, args.variant, args.against)
        check_matchup(rules, args.baseline, args.against)
        if not 0 <= args.seed <= 65535 or args.games < 1:
            raise ValueError("--seed is 0-65535 and --games at least 1")
        found = []
        for d in differences(rules, args.variant, args.baseline, args.against, args.seed,
                             args.games, args.limit, args.phase):
            found.append(d)
            print(f"game {d.game} hand {d.hand} {SEATS_FROM_DEALER[d.position]} r{d.round}: "
                  f"{d.variant} {d.variant_points:+d}, {d.baseline} {d.baseline_points:+d}",
                  flush=True)
    except (RulesError, PlayerSpecError, ValueError) as exc:
        print(f"bidcheck: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bidcheck: interrupted", file=sys.stderr)
        return 130
    mean, half = summary(found)
    print(f"{args.variant} against {args.baseline}, both judged against {args.against} "
          f"({args.rules}, game numbers {args.seed}-{args.seed + args.games - 1}): "
          f"{len(found)} differing {args.phase}s, {mean:+.3f} points a {args.phase} "
          f"(95% +-{half:.3f}), "
          f"total {sum(d.gain for d in found):+d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

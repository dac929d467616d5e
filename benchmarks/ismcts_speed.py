"""The ``ismcts`` judge's CPU a hand: OpenSpiel's Python bot against our search, in one run.

    .venv/bin/python benchmarks/ismcts_speed.py [--hands N] [--sims S] [--rounds R]

Plays N hands (``standard`` rules, game numbers 0 to N-1, IS-MCTS at S simulations in
seats 0 and 2, ``ref`` in 1 and 3, as the arena pairs them) twice per round: once with
``ismcts:search=openspiel`` (OpenSpiel 2.0.2's ``ISMCTSBot`` and ``RandomRolloutEvaluator``,
our resampler and key, the player of issues 16-28) and once with ``search=fast``
(:mod:`pyengine.players.ismcts_search`). The side that goes first alternates by round.
Prints each side's CPU seconds a hand (``time.process_time``) and the ratio per round
with the median, and checks that both sides played every hand event for event the same
(exit 1 if not: then they are not the same judge). Figures, never asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time


def play(search: str, sims: int, seeds: range) -> tuple[float, list[list[str]]]:
    """CPU seconds for ``seeds``' hands, and each hand's events."""
    from pyengine.core.events import Score
    from pyengine.core.game import GameState
    from pyengine.core.rules import STANDARD
    from pyengine.players.ismcts import IsmctsConfig, IsmctsPlayer, UpcardKept
    from pyengine.players.player import RefPlayer
    ism = IsmctsPlayer(IsmctsConfig(sims=sims, search=search))
    seats = [UpcardKept(ism), UpcardKept(RefPlayer())] * 2
    hands = []
    start = time.process_time()
    for seed in seeds:
        g = GameState.new(STANDARD, seed)
        while not any(isinstance(e, Score) for e in g.events):
            g.apply(seats[g.turn].decide(g.view(g.turn)))
        hands.append([repr(e) for e in g.events])
    return time.process_time() - start, hands


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10)
    ap.add_argument("--sims", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    from pyengine.players.ismcts import available
    if not available():
        print("ismcts_speed: open_spiel is not installed (pip install '.[openspiel]')")
        return 0
    seeds = range(args.hands)
    ratios, same = [], True
    print(f"{args.hands} hands, IS-MCTS {args.sims} sims in seats 0 and 2, ref in 1 and 3")
    print(f"{'round':>5} {'openspiel s/hand':>17} {'fast s/hand':>12} {'ratio':>6}")
    for r in range(args.rounds):
        order = ("openspiel", "fast") if r % 2 == 0 else ("fast", "openspiel")
        got = {s: play(s, args.sims, seeds) for s in order}
        old, new = got["openspiel"][0] / args.hands, got["fast"][0] / args.hands
        same &= got["openspiel"][1] == got["fast"][1]
        ratios.append(old / new)
        print(f"{r + 1:>5} {old:>17.3f} {new:>12.3f} {old / new:>6.2f}", flush=True)
    print(f"median ratio {statistics.median(ratios):.2f} "
          f"(lowest {min(ratios):.2f}, highest {max(ratios):.2f}); "
          f"every hand the same event for event: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

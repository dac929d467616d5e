"""CPU time of each decision of a search player, over whole games: the `hard` level's budget.

    .venv/bin/python benchmarks/hard_budget.py [--player SPEC] [--games N] [--rules R]

Plays N games (game numbers 0..N-1) of SPEC (default ``hard``, the shell's level) as
North-South against ``ref`` as East-West and times every decision SPEC makes with
time.process_time (CPU seconds of this process, so other load on the machine does not
count). Prints the distribution by phase (bids, discards, card play): count, median,
90th and 99th percentile, and the worst decision, with the game and phase it was in.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.core.game import Action, SeatView  # noqa: E402
from pyengine.core.rules import preset  # noqa: E402
from pyengine.measure.arena import make_player  # noqa: E402
from pyengine.players.player import Player  # noqa: E402
from pyengine.players.runner import play_game  # noqa: E402


@dataclass
class Timed:
    """A player whose every decision's CPU time is recorded, by phase."""
    inner: Player
    game: int = 0
    times: dict[str, list[tuple[float, int]]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.inner.name

    def decide(self, view: SeatView) -> Action:
        start = time.process_time()
        action = self.inner.decide(view)
        spent = time.process_time() - start
        phase = view.phase.name.lower()
        phase = "bid" if phase.startswith("bid") else phase
        self.times.setdefault(phase, []).append((spent, self.game))
        return action


def quantile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--player", default="hard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rules", default="bit93")
    a = ap.parse_args()
    rules = preset(a.rules)
    timed = Timed(make_player(a.player))
    ref = make_player("ref")
    for g in range(a.games):
        timed.game = g
        play_game(rules, g, [timed, ref, timed, ref])
    every = sorted(t for ts in timed.times.values() for t, _ in ts)
    print(f"{a.player} (North-South) vs ref, rules {a.rules}, games 0-{a.games - 1}: "
          f"{len(every):,} decisions, {sum(every):.1f} s of CPU")
    print(f"{'phase':8} {'count':>6} {'median':>8} {'p90':>8} {'p99':>8} {'worst':>8}  (s)")
    for phase, ts in sorted(timed.times.items()):
        xs = sorted(t for t, _ in ts)
        worst, game = max(ts)
        print(f"{phase:8} {len(xs):6} {statistics.median(xs):8.3f} {quantile(xs, 0.9):8.3f} "
              f"{quantile(xs, 0.99):8.3f} {worst:8.3f}  (game {game})")
    print(f"{'all':8} {len(every):6} {statistics.median(every):8.3f} "
          f"{quantile(every, 0.9):8.3f} {quantile(every, 0.99):8.3f} {every[-1]:8.3f}")


if __name__ == "__main__":
    main()

"""Engine benchmarks: hands per second, and the reference player's strength.

Figures, not tests: the machines are shared and noisy. ``euchre bench``
prints them; docs/performance.md records a run. The seconds are the process's CPU
time (``time.process_time``): on a loaded machine the wall clock also counts the
time other processes held the core.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from pyengine.core.rules import BIT93, Rules
from pyengine.players.player import Player, RandomPlayer, RefPlayer
from pyengine.players.runner import play_game


@dataclass(frozen=True)
class Throughput:
    """Games played, hands dealt and the CPU seconds they took."""
    label: str
    games: int
    hands: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        """Hands dealt per second."""
        return self.hands / self.seconds if self.seconds else float("inf")


def throughput(label: str, make_players: Callable[[int], list[Player]], games: int,
               rules: Rules = BIT93) -> Throughput:
    """Play ``games`` games (seeds 0, 1, ...) and time them."""
    hands = 0
    start = time.process_time()
    for seed in range(games):
        hands += play_game(rules, seed, make_players(seed)).hand_no
    return Throughput(label, games, hands, time.process_time() - start)


@dataclass(frozen=True)
class WinRate:
    """Games won out of games played."""
    wins: int
    games: int

    @property
    def rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games

    def interval95(self) -> tuple[float, float]:
        """Wilson score interval."""
        n, p, z = self.games, self.rate, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half


def ref_vs_random(games: int, rules: Rules = BIT93) -> WinRate:
    """Team 0 (seats 0, 2) plays ref, team 1 random; every seed once per side."""
    wins = 0
    for seed in range(games):
        rnd = RandomPlayer(seed)
        ref = RefPlayer()
        if seed % 2 == 0:
            g = play_game(rules, seed, [ref, rnd, ref, rnd])
            wins += g.events[-1].winner == 0
        else:
            g = play_game(rules, seed, [rnd, ref, rnd, ref])
            wins += g.events[-1].winner == 1
    return WinRate(wins, games)


@dataclass(frozen=True)
class SolverSpeed:
    """Open-hand solves of whole hands: how many, the nodes searched, the seconds."""

    deals: int
    nodes: int
    seconds: float

    @property
    def nodes_per_second(self) -> float:
        """Search nodes per second."""
        return self.nodes / self.seconds if self.seconds else float("inf")


def solver_speed(deals: int = 200) -> SolverSpeed:
    """Solve ``deals`` whole hands exactly (game numbers 0, 1, ...; trump by number,
    seat 0's side making, seat 1 leading), as the search player does for each world."""
    from pyengine.core.deal import deal_hand
    from pyengine.core.rng import Rng
    from pyengine.players.solver import Solver, to_mask

    nodes, seconds = 0, 0.0
    for seed in range(deals):
        trump = seed % 4
        dealt = deal_hand(Rng.from_seed(seed), dealer=0)
        hands = [to_mask(h, trump) for h in dealt.hands]
        solver = Solver(trump, 0)
        start = time.process_time()
        solver.tricks(hands, 1)
        seconds += time.process_time() - start
        nodes += solver.nodes
    return SolverSpeed(deals, nodes, seconds)


def report(games: int = 1000, speed_games: int = 300) -> list[str]:
    """The lines ``euchre bench`` prints."""
    lines = []
    for t in (
        throughput("random play (4 random seats)",
                   lambda s: [RandomPlayer(s)] * 4, speed_games),
        throughput("computer play (4 ref seats)", lambda s: [RefPlayer()] * 4, speed_games),
    ):
        lines.append(f"{t.label}: {t.hands:,} hands in {t.seconds:.2f} s = "
                     f"{t.hands_per_second:,.0f} hands/s (one core, CPU time)")
    s = solver_speed()
    lines.append(f"open-hand solver: {s.deals} whole hands, {s.nodes:,} nodes in "
                 f"{s.seconds:.2f} s = {s.nodes_per_second:,.0f} nodes/s (one core, CPU time)")
    w = ref_vs_random(games)
    lo, hi = w.interval95()
    lines.append(f"ref team vs random team: won {w.wins} of {w.games} games = "
                 f"{100 * w.rate:.1f}% (95% interval {100 * lo:.1f}-{100 * hi:.1f}%)")
    return lines

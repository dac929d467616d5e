"""Random play: this engine against OpenSpiel's C++ euchre, side by side in one run.

    python benchmarks/openspiel_ratio.py [--games N] [--rounds R]

Needs OpenSpiel's ``pyspiel`` importable by the Python that runs it, and installs
nothing: without it the script says so and exits 0 (run it with a Python that has
both, e.g. a venv outside the repository with ``pip install open_spiel`` and ``pip
install -e .``; docs/performance.md has the commands). It times, in R interleaved
rounds in this one process (the side that goes first alternates):

* pyengine: N games of four random players (game numbers 0 to N-1), hands per CPU
  second (``time.process_time``), the workload of ``euchre bench``;
* OpenSpiel's euchre driven from Python: as many random hands as pyengine dealt, each
  an OpenSpiel game (deal, bidding, play: one of our hands), every node's action drawn
  uniformly from ``legal_actions()`` (its chance nodes, the first dealer and each card
  dealt, have equally likely outcomes: the script checks 20 hands first, and draws
  by ``chance_outcomes()`` if not);

* OpenSpiel's bare C++ loop: as many hands, each one ``pyspiel.evaluate_bots`` call
  with four ``make_uniform_random_bot`` bots, so the whole hand (chance nodes
  included) is played in C++ with one call from Python a hand;

and prints the median ratios with the lowest and highest, then the open-hand solver's
nodes per second (``euchre bench``'s figure). Figures, never asserts.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MISSING = 0          # the exit status when pyspiel is missing: nothing to compare


def pyengine_hands_per_second(games: int) -> tuple[int, float]:
    """(hands, hands per CPU second) of ``games`` games of four random players."""
    from pyengine import BIT93, RandomPlayer, play_game
    hands, start = 0, time.process_time()
    for seed in range(games):
        hands += play_game(BIT93, seed, [RandomPlayer(seed)] * 4).hand_no
    return hands, hands / (time.process_time() - start)


def chance_is_uniform(pyspiel, hands: int = 20) -> bool:
    """Whether every chance node of ``hands`` random games of OpenSpiel's euchre (the
    first dealer, each card dealt) has equally likely outcomes, its legal actions."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(0)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                if max(probs) - min(probs) > 1e-12 or \
                        sorted(actions) != sorted(state.legal_actions()):
                    return False
            state.apply_action(rng.choice(state.legal_actions()))
    return True


def openspiel_hands_per_second(pyspiel, hands: int, seed: int, uniform: bool) -> float:
    """Hands per CPU second of ``hands`` random games of OpenSpiel's euchre. With
    uniform chance nodes (``chance_is_uniform``) one loop serves both kinds of node:
    ``rng.choice(state.legal_actions())``, the fastest way to drive it from Python."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()
        apply, legal, terminal = state.apply_action, state.legal_actions, state.is_terminal
        if uniform:
            while not terminal():
                apply(choice(legal()))
            continue
        while not terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                apply(rng.choices(actions, probs)[0])
            else:
                apply(choice(legal()))
    return hands / (time.process_time() - start)


def openspiel_cpp_hands_per_second(pyspiel, hands: int, seed: int) -> float:
    """Hands per CPU second of OpenSpiel's C++ loop: ``pyspiel.evaluate_bots`` plays a
    whole hand (one OpenSpiel euchre game) with four uniform random bots in C++."""
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, seed * 4 + p) for p in range(4)]
    start = time.process_time()
    for i in range(hands):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * hands + i)
    return hands / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300, help="pyengine games a round")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed here (no module pyspiel): nothing to compare. "
              "This script installs nothing; run it with a Python that has both "
              "(pip install open_spiel, pip install -e .), see docs/performance.md.")
        return MISSING
    sys.path.insert(0, str(ROOT))                  # this checkout's pyengine first
    import pyengine
    load_before = os.getloadavg()[0]
    uniform = chance_is_uniform(pyspiel)
    ours, theirs, ratios, cpps, cpp_ratios = [], [], [], [], []
    hands = 0
    for rnd in range(args.rounds):
        if rnd % 2 == 0:
            hands, mine = pyengine_hands_per_second(args.games)
            spiel = openspiel_hands_per_second(pyspiel, hands, rnd, uniform)
            cpp = openspiel_cpp_hands_per_second(pyspiel, hands, rnd)
        else:
            cpp = openspiel_cpp_hands_per_second(pyspiel, hands, rnd)
            spiel = openspiel_hands_per_second(pyspiel, hands, rnd, uniform)
            hands, mine = pyengine_hands_per_second(args.games)
        ours.append(mine)
        theirs.append(spiel)
        ratios.append(mine / spiel)
        cpps.append(cpp)
        cpp_ratios.append(cpp / mine)
    from pyengine.measure.bench import solver_speed
    solver = solver_speed()
    load = (load_before + os.getloadavg()[0]) / 2
    print(f"random play, {args.rounds} interleaved rounds of {hands:,} hands a side, "
          f"median (lowest-highest), CPU time, load average {load:.1f} on "
          f"{os.cpu_count()} cores (pyengine from {Path(pyengine.__file__).parent.parent}):")
    print(f"  pyengine: {statistics.median(ours):,.0f} hands/s; OpenSpiel's C++ euchre driven "
          f"from Python: {statistics.median(theirs):,.0f} hands/s")
    if not uniform:
        print("  (OpenSpiel's chance nodes are not all uniform here: its outcomes drawn "
              "by their probabilities)")
    print(f"  pyengine / OpenSpiel from Python: {statistics.median(ratios):.2f}x "
          f"({min(ratios):.2f}-{max(ratios):.2f})")
    print(f"  OpenSpiel's bare C++ loop (evaluate_bots, uniform random bots): "
          f"{statistics.median(cpps):,.0f} hands/s, {statistics.median(cpp_ratios):.1f}x "
          f"pyengine ({min(cpp_ratios):.1f}-{max(cpp_ratios):.1f})")
    print(f"  open-hand solver: {solver.deals} whole hands, {solver.nodes:,} nodes in "
          f"{solver.seconds:.2f} s = {solver.nodes_per_second:,.0f} nodes/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

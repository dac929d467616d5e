"""The open-hand solver against a baseline revision's, side by side in one run.

    .venv/bin/python benchmarks/solver.py [--against REV] [--deals N] [--rounds R]

Both solvers (this checkout's ``pyengine/players/solver.py`` and REV's, default a9cd6cb,
before issue 16) solve the same N whole hands exactly (game numbers 0..N-1, trump by
number, seat 0's side making, seat 1 leading: ``euchre bench``'s workload) and the same
N end positions after two tricks, alternating R rounds in this one process and keeping
each side's best round, so both see the same machine load. It prints, for each: ms per
solve, search nodes per second, and the ratio; and checks that both give the same answers.
Nodes are counted by each solver its own way (a faster solver may search fewer), so ms per
solve is the figure to compare.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.core.deal import deal_hand  # noqa: E402
from pyengine.core.rng import Rng  # noqa: E402

BASELINE = "a9cd6cb"


def load_baseline(rev: str):
    """REV's solver module, loaded from ``git show`` (it imports only pyengine.core)."""
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:pyengine/players/solver.py"],
                         check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "solver_baseline.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("solver_baseline", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def workload(n: int) -> list[tuple[int, list[list[int]], int]]:
    """(trump, hands as card lists, leader) for whole hands and 3-card endings."""
    out = []
    for seed in range(n):
        trump = seed % 4
        hands = [list(h) for h in deal_hand(Rng.from_seed(seed), dealer=0).hands]
        out.append((trump, hands, 1))
        out.append((trump, [h[:3] for h in hands], seed % 4))
    return out


def run(mod, work) -> tuple[float, int, list[int]]:
    """Seconds, nodes and answers of one pass (a fresh solver per position)."""
    nodes, answers = 0, []
    start = time.perf_counter()
    for trump, hands, leader in work:
        s = mod.Solver(trump, 0)
        answers.append(s.tricks([mod.to_mask(h, trump) for h in hands], leader))
        nodes += s.nodes
    return time.perf_counter() - start, nodes, answers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default=BASELINE)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    from pyengine.players import solver as new
    old = load_baseline(a.against)
    work = workload(a.deals)
    best = {}
    for _ in range(a.rounds):
        for name, mod in (("baseline", old), ("this", new)):
            secs, nodes, answers = run(mod, work)
            if name not in best or secs < best[name][0]:
                best[name] = (secs, nodes, answers)
    if best["baseline"][2] != best["this"][2]:
        sys.exit("the two solvers disagree on some position: fix the solver first")
    n = len(work)
    print(f"{n} solves ({a.deals} whole hands, {a.deals} 3-card endings), best of "
          f"{a.rounds} rounds, same answers")
    print(f"{'':10} {'ms/solve':>10} {'nodes':>10} {'nodes/s':>10}")
    for name in ("baseline", "this"):
        secs, nodes, _ = best[name]
        label = a.against if name == "baseline" else "this"
        print(f"{label:10} {1000 * secs / n:10.3f} {nodes:10,} {nodes / secs:10,.0f}")
    print(f"speed-up (baseline ms / this ms): {best['baseline'][0] / best['this'][0]:.2f}x")


if __name__ == "__main__":
    main()

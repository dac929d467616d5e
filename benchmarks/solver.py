"""The open-hand solver in C against the Python reference, side by side in one run.

    .venv/bin/python benchmarks/solver.py [--deals N] [--rounds R] [--against REV]

Both solvers of this checkout (``pyengine/players/_solver.c``, the native one, and
``pyengine/players/solver.py``, the reference) solve the same positions exactly: N whole
hands (game numbers 0..N-1, trump by number, seat 0's side making, seat 1 leading:
``euchre bench``'s workload) and the same N end positions after two tricks, a fresh
solver per position (its table allocated and freed in the timing), the hands already
bit masks. The rounds alternate the solvers R times in this one process and keep each
one's best round, so both see the same machine load; time is CPU time
(time.process_time). It checks that every answer is the same, then prints each one's
solves per CPU second and the ratio, as ``native vs python: N.Nx``. ``--against REV``
adds REV's Python solver (loaded from ``git show``) as a third row.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.core.deal import deal_hand  # noqa: E402
from pyengine.core.rng import Rng  # noqa: E402
from pyengine.players import solver as solver_mod  # noqa: E402

Position = tuple[int, list[int], int]       # trump, four hands as bit masks, leader


def load_baseline(rev: str) -> Any:
    """REV's solver module, loaded from ``git show`` (it imports only pyengine.core)."""
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:pyengine/players/solver.py"],
                         check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "solver_baseline.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("solver_baseline", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def workload(n: int) -> list[Position]:
    """Whole hands and 3-card endings, as bit masks in the solver's order."""
    out = []
    for seed in range(n):
        trump = seed % 4
        hands = [list(h) for h in deal_hand(Rng.from_seed(seed), dealer=0).hands]
        out.append((trump, [solver_mod.to_mask(h, trump) for h in hands], 1))
        out.append((trump, [solver_mod.to_mask(h[:3], trump) for h in hands], seed % 4))
    return out


def run(make: Callable[[int], Any], work: list[Position]) -> tuple[float, list[int]]:
    """CPU seconds and answers of one pass (a fresh solver per position)."""
    answers = []
    start = time.process_time()
    for trump, masks, leader in work:
        answers.append(make(trump).tricks(masks, leader))
    return time.process_time() - start, answers


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against", default=None, help="also time this revision's Python solver")
    a = ap.parse_args()
    if solver_mod.native_module() is None:
        sys.exit("the native solver is not built: run `make build` (pip install -e .) where a "
                 "C compiler is present")
    makers: dict[str, Callable[[int], Any]] = {
        "native": lambda t: solver_mod.make_solver(t, 0, kind="native"),
        "python": lambda t: solver_mod.make_solver(t, 0, kind="python"),
    }
    if a.against:
        old = load_baseline(a.against)
        makers[a.against] = lambda t: old.Solver(t, 0)
    work = workload(a.deals)
    best: dict[str, tuple[float, list[int]]] = {}
    for _ in range(a.rounds):
        for name, make in makers.items():
            secs, answers = run(make, work)
            if name not in best or secs < best[name][0]:
                best[name] = (secs, answers)
    for name in makers:
        if best[name][1] != best["python"][1]:
            sys.exit(f"{name} and python disagree on some position: fix the solver first")
    n = len(work)
    print(f"{n} solves ({a.deals} whole hands, {a.deals} 3-card endings), best of "
          f"{a.rounds} rounds, same answers")
    print(f"{'':10} {'us/solve':>10} {'solves/CPU s':>14}")
    for name in makers:
        secs = best[name][0]
        print(f"{name:10} {1e6 * secs / n:10.2f} {n / secs:14,.0f}")
    print(f"native vs python: {best['python'][0] / best['native'][0]:.1f}x")


if __name__ == "__main__":
    main()

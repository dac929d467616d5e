"""Memory of a long cross-check: flat however many games.

    .venv/bin/python benchmarks/crosscheck_memory.py [--games N] [--every K]

Cross-checks N games (default 10,000; game numbers 0 to N-1, odd ones with a random
human at seat 0) in one process, as ``euchre crosscheck --jobs 1`` and ``euchre
budget`` do: each game's cycle figures added to one running Figures (histograms,
tools/gamecore/cycle_stats.py). Every K games (default 1,000) it prints the process's
resident memory (VmRSS) and the histograms' distinct figures, then the growth of
the resident memory from the first report to the last, per game. Before issue 26
every figure was kept, 11.9 KB a game. Figures, never asserts; the test of it is
tests/test_fast6502.py's test_cross_check_memory_does_not_grow_with_games.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.gamecore.core import Core  # noqa: E402
from tools.gamecore.crosscheck import Figures, compare_game  # noqa: E402

PRG = ROOT / "build" / "euchre.prg"


def rss_kb() -> int:
    """The process's resident memory in KB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS in /proc/self/status: Linux only")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/crosscheck_memory.py")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    args = parser.parse_args(argv)
    if args.games < 2 * args.every or args.every < 1:
        parser.error("--games must be at least twice --every")
    core = Core(PRG)
    total = Figures()
    reports: list[tuple[int, int]] = []
    start = time.process_time()
    print(f"{'games':>7} {'VmRSS KB':>9} {'distinct figures':>17} {'CPU s':>7}  "
          f"({core.c64.cpu_kind} core, load {os.getloadavg()[0]:.1f})", flush=True)
    for g in range(args.games):
        mismatch, figures = compare_game(core, g & 0xFFFF, human=g % 2 == 1)
        if mismatch is not None:
            print(mismatch.report())
            return 1
        total.add(figures)
        if (g + 1) % args.every == 0:
            distinct = sum(len(h.counts) for h in total.decisions.values())
            distinct += len(total.deal.counts)
            reports.append((g + 1, rss_kb()))
            print(f"{g + 1:>7,} {reports[-1][1]:>9,} {distinct:>17,} "
                  f"{time.process_time() - start:>7.0f}", flush=True)
    (g0, m0), (g1, m1) = reports[0], reports[-1]
    print(f"resident memory from game {g0:,} to {g1:,}: {m1 - m0:+,} KB, "
          f"{1024 * (m1 - m0) / (g1 - g0):+,.0f} bytes a game; {total.events:,} events, "
          f"{sum(len(h) for h in total.decisions.values()):,} decisions in the figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())

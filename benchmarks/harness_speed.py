"""The harness's compiled 6502 core against py65, side by side in one run.

    .venv/bin/python benchmarks/harness_speed.py [--games N] [--start SEED]

Plays N cross-check games (tools/gamecore/crosscheck.py's compare_game: the 6502's game
under the harness, pyengine's game, the comparison; all seats computer, game
numbers START to START+N-1) on two machines in one process, one with the compiled
core (tools/machine/fast6502.c) and one with py65, game by game in turn (the side that goes
first alternates), so both see the same load. Prints the CPU time per game of each
(``time.process_time``: on a shared machine the wall clock also counts other
processes' time), the ratio, and the 6502 cycles per CPU second; then the same for
a front-end stretch (boot and 150 frames of the title and a deal, keys held).
Every game's events, cycle figures and final memory must be the same on both, or
the script stops with exit 1. Figures, never asserts on speed.
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
from tools.gamecore.crosscheck import compare_game  # noqa: E402
from tools.machine.cpu import fast_module  # noqa: E402
from tools.machine.harness import C64  # noqa: E402

PRG = ROOT / "build" / "euchre.prg"
KINDS = ("fast", "py65")


def crosscheck_side(core: Core, seed: int) -> tuple[float, tuple]:
    start = time.process_time()
    mismatch, _ = compare_game(core, seed, human=False)
    spent = time.process_time() - start
    if mismatch is not None:
        raise SystemExit(mismatch.report())
    game = core.last_game
    return spent, (game.events, game.decision_cycles, game.deal_cycles, game.total_cycles,
                   bytes(core.c64.mem))


def frontend_side(kind: str) -> tuple[float, int, tuple]:
    start = time.process_time()
    c64 = C64.from_build(cpu=kind)
    c64.boot()
    for frame in range(150):
        if frame in (10, 60, 100):
            c64.hold("RETURN" if frame != 10 else "N", 3)
        c64.run_frames(1)
    spent = time.process_time() - start
    return spent, c64.cycles, (c64.cycles, c64.irqs, bytes(c64.mem), c64.sid_writes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/harness_speed.py")
    parser.add_argument("--games", type=int, default=20, help="cross-check games (default 20)")
    parser.add_argument("--start", type=int, default=0, help="first game number (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not PRG.is_file():
        print(f"{PRG}: no such program (run `make`)", file=sys.stderr)
        return 1
    if fast_module() is None:
        print("the compiled core is not built (tools/machine/fast6502.c): nothing to compare",
              file=sys.stderr)
        return 1
    cores = {kind: Core(PRG, cpu=kind) for kind in KINDS}
    cpu = dict.fromkeys(KINDS, 0.0)
    cycles = 0
    for i in range(args.games):
        seed = (args.start + i) & 0xFFFF
        order = KINDS if i % 2 == 0 else KINDS[::-1]
        record = {}
        for kind in order:
            spent, record[kind] = crosscheck_side(cores[kind], seed)
            cpu[kind] += spent
        if record["fast"] != record["py65"]:
            print(f"game {seed}: the two cores played different games", file=sys.stderr)
            return 1
        cycles += record["fast"][3]
    n = args.games
    load = os.getloadavg()[0]
    print(f"cross-check, {n} games (numbers {args.start}-{args.start + n - 1}, all seats "
          f"computer, {cycles / n:,.0f} 6502 cycles a game), CPU time, load average "
          f"{load:.1f} on {os.cpu_count()} cores; every game identical on both cores:")
    for kind in KINDS:
        print(f"  {kind:>4}: {1000 * cpu[kind] / n:7.1f} ms a game, "
              f"{cycles / cpu[kind] / 1e6:6.2f} M cycles per CPU second")
    print(f"  fast / py65: {cpu['py65'] / cpu['fast']:.2f}x")
    fe = {}
    for kind in KINDS:
        fe[kind] = frontend_side(kind)
    if fe["fast"][2] != fe["py65"][2]:
        print("front end: the two cores ran differently", file=sys.stderr)
        return 1
    print(f"front end, boot + 150 frames ({fe['fast'][1]:,} cycles, keys held), "
          f"identical on both: fast {fe['fast'][0]:.2f} s, py65 {fe['py65'][0]:.2f} s, "
          f"{fe['py65'][0] / fe['fast'][0]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the harness's step loop against a bare py65 loop on the same code.

    python -m tools.commands.bench_harness [--repeat N] [--rounds R]

Runs build/euchre.prg's ``init_video`` + ``draw_title`` (VIC set-up, screen clear
with abs,X stores, text drawing, I/O register writes) N times a round, three ways: as
``while mpu.pc != sentinel: mpu.step()`` on a plain list memory (bare py65), through
``C64.call`` on py65 (``cpu="py65"``), and through ``C64.call`` on the compiled core
(when it is built). The three take turns in each of R rounds, in a rotating order, and
each is timed in CPU time (``time.process_time``): a ratio is taken within a round, side
by side, so a load that comes and goes in the machine weighs on every side alike. It
printed wall-clock times of two runs one after the other before (issue 45: its 86-93 %
and 39x could not be reproduced). It prints each side's median speed and each ratio's
median and range over the rounds; the py65 harness's target is at least 0.70x of bare
py65.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from py65.devices.mpu6502 import MPU

from ..machine.cpu import fast_module
from ..machine.harness import C64, SENTINEL, HarnessError

ROUTINES = ("init_video", "draw_title")
TARGET = 0.70                 # the py65 harness against bare py65 (issue 3)


def bare_py65(c64: C64, repeat: int) -> tuple[int, float]:
    """(instructions, CPU seconds) of a bare py65 loop over ROUTINES."""
    mem = list(c64.mem)
    mpu = MPU(memory=mem)
    addrs = [c64.address(r) for r in ROUTINES]
    steps = 0
    start = time.process_time()
    for _ in range(repeat):
        for addr in addrs:
            mpu.sp = 0xFF
            mpu.stPushWord(SENTINEL - 1)
            mpu.pc = addr
            step = mpu.step
            n = 0
            while mpu.pc != SENTINEL:
                step()
                n += 1
            steps += n
    return steps, time.process_time() - start


def harness(c64: C64, repeat: int) -> float:
    """CPU seconds of ROUTINES through ``C64.call``, ``repeat`` times."""
    start = time.process_time()
    for _ in range(repeat):
        for routine in ROUTINES:
            c64.call(routine)
    return time.process_time() - start


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.commands.bench_harness")
    parser.add_argument("--repeat", type=int, default=20,
                        help="runs of the routines a round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.rounds < 1:
        parser.error("--repeat and --rounds must be at least 1")
    try:
        sides: dict[str, C64] = {"py65": C64.from_build(cpu="py65")}
        if fast_module() is not None:
            sides["compiled"] = C64.from_build(cpu="fast")
    except HarnessError as exc:
        print(f"bench_harness: {exc}", file=sys.stderr)
        return 1
    bare_c64 = sides["py65"]
    runs: dict[str, Callable[[], float]] = {
        "bare": lambda: bare_py65(bare_c64, args.repeat)[1],
        **{name: (lambda c=c: harness(c, args.repeat)) for name, c in sides.items()}}
    steps = bare_py65(bare_c64, 1)[0] * args.repeat
    secs: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    for r in range(args.rounds):
        for name in order[r % len(order):] + order[:r % len(order)]:
            secs[name].append(runs[name]())
    print(f"code: {' + '.join(ROUTINES)} x {args.repeat} = {steps:,} instructions a round; "
          f"{args.rounds} rounds, the sides in turn, CPU time")
    labels = {"bare": "bare py65 loop", "py65": "harness on py65",
              "compiled": "harness on the compiled core"}
    for name, values in secs.items():
        print(f"  {labels[name]:<29}: {steps / statistics.median(values):>12,.0f} "
              "instructions per CPU second (median)")
    for name in sides:
        ratios = [b / h for b, h in zip(secs["bare"], secs[name], strict=True)]
        note = f"; target >= {TARGET:.2f}x" if name == "py65" else ""
        print(f"  {labels[name]} / bare py65: {_spread(ratios)}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the harness's step loop against a bare py65 loop on the same code.

    python -m tools.commands.bench_harness [--repeat N]

Runs build/euchre.prg's ``init_video`` + ``draw_title`` (VIC set-up, screen clear
with abs,X stores, text drawing, I/O register writes) N times,
once as ``while mpu.pc != sentinel: mpu.step()`` on a plain list memory and once
through ``C64.call``; prints instructions/s for both and the ratio (target >= 70%).
"""

from __future__ import annotations

import argparse
import sys
import time

from py65.devices.mpu6502 import MPU

from ..machine.harness import C64, SENTINEL, HarnessError

ROUTINES = ("init_video", "draw_title")


def bare_py65(c64: C64, repeat: int) -> tuple[int, float]:
    """(instructions, seconds) of a bare py65 loop over ROUTINES."""
    mem = list(c64.mem)
    mpu = MPU(memory=mem)
    addrs = [c64.address(r) for r in ROUTINES]
    steps = 0
    start = time.perf_counter()
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
    return steps, time.perf_counter() - start


def harness(c64: C64, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for routine in ROUTINES:
            c64.call(routine)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.commands.bench_harness")
    parser.add_argument("--repeat", type=int, default=40, help="runs of the routines (default 40)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    try:
        c64 = C64.from_build()
    except HarnessError as exc:
        print(f"bench_harness: {exc}", file=sys.stderr)
        return 1
    steps, bare_s = bare_py65(c64, args.repeat)
    harness_s = harness(c64, args.repeat)
    bare_ips, harness_ips = steps / bare_s, steps / harness_s
    print(f"code: {' + '.join(ROUTINES)} x {args.repeat} = {steps:,} instructions")
    print(f"bare py65 loop : {bare_ips:>12,.0f} instructions/s  ({bare_s:.2f} s)")
    print(f"harness        : {harness_ips:>12,.0f} instructions/s  ({harness_s:.2f} s)")
    print(f"ratio          : {harness_ips / bare_ips:.0%} of bare py65 (target >= 70%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

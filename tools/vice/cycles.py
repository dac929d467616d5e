"""How many CPU cycles a PAL frame leaves a program: measured in real VICE x64sc.

    python -m tools.vice.cycles [--reps-only]

Builds ``tests/vice/cycles.oph`` (see its header for the method) into ``build/vice/cycles.prg``,
runs it in VICE (../shared/vice) in warp mode (results are in emulated cycles, so warp does not
change them), holds a letter key (A) and then SPACE when the program asks, and prints the
cycles per frame that each mode leaves, and the bad-line and KERNAL IRQ costs derived from them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..program.build import ophis_command
from .run import ROOT, running

SOURCE = ROOT / "tests" / "vice" / "cycles.oph"
PRG = ROOT / "build" / "vice" / "cycles.prg"
FRAME = 312 * 63           # PAL: 312 lines of 63 cycles
CIA_PERIOD = 0x4025 + 1    # KERNAL's CIA 1 timer A on a PAL machine: 16422 cycles per IRQ
NF, REPS, NMODES = 50, 8, 8

# What real VICE measured (docs/vice.md); tests/test_vice_probes.py re-measures them.
BAD_LINES_PER_FRAME = 1070      # cycles the VIC-II takes from the CPU per frame, screen on
KERNAL_IRQ = 219                # cycles per KERNAL IRQ (jiffy), no key down
KERNAL_IRQ_KEY_HELD = 1605      # cycles per KERNAL IRQ while a key is held down
FREE_SCREEN_ON_IRQ = 18324      # a frame, screen on, KERNAL IRQ, no key (after RUN)
RESULT, PHASE = 0xC000, 0xC0FF
MODES = (
    "screen on, IRQ on (after RUN)",
    "screen blanked, IRQ on",
    "screen on, SEI",
    "screen blanked, SEI",
    "screen on, IRQ on, key A held",
    "screen blanked, IRQ on, key A held",
    "screen on, IRQ on, SPACE held (repeats)",
    "screen blanked, IRQ on, SPACE held (repeats)",
)


def build() -> Path:
    PRG.parent.mkdir(parents=True, exist_ok=True)
    cmd = ophis_command() + ["-q", "-o", str(PRG), str(SOURCE)]
    proc = subprocess.run(cmd, cwd=SOURCE.parent, capture_output=True, text=True)
    if proc.returncode != 0 or not PRG.exists():
        raise RuntimeError(f"ophis failed on {SOURCE}: {proc.stdout}{proc.stderr}")
    return PRG


def free_cycles(count: int) -> float:
    """Cycles the program got per frame, from a count of loop passes over NF frames."""
    return (15 * count + 4 * (count >> 8) + 8 * NF) / NF


@dataclass
class Result:
    per_mode: list[list[float]]     # free cycles per frame, REPS per mode

    def mean(self, m: int) -> float:
        return sum(self.per_mode[m]) / len(self.per_mode[m])


def measure(timeout_s: float = 240.0) -> Result:
    prg = build()
    with running(prg) as v:
        v.warp(True)
        t0 = time.time()
        held: str | None = None
        while True:
            m = v.mem()
            phase = m["ram"][PHASE]
            if phase == 1 and held is None:
                held = "KeyA"
                v.cmd(op="down", key=held)
            elif phase == 3 and held == "KeyA":
                v.cmd(op="up", key=held)
                v.wait(5)
                held = "Space"
                v.cmd(op="down", key=held)
            elif phase == 5:
                break
            if time.time() - t0 > timeout_s:
                raise RuntimeError(f"cycles.prg did not finish in {timeout_s} s (phase {phase})")
            v.wait(25)
        if held:
            v.cmd(op="up", key=held)
        ram = m["ram"]
    per_mode = []
    for mode in range(NMODES):
        row = []
        for rep in range(REPS):
            a = RESULT + 2 * (mode * REPS + rep)
            count = ram[a] | ram[a + 1] << 8
            if count == 0xFFFF:
                raise RuntimeError(f"mode {mode} rep {rep} was not measured")
            row.append(free_cycles(count))
        per_mode.append(row)
    return Result(per_mode)


def report(r: Result) -> str:
    jiffies = FRAME / CIA_PERIOD
    on_irq, off_irq, on_sei, off_sei = (r.mean(i) for i in range(4))
    lines = [f"PAL frame = {FRAME} cycles; KERNAL IRQ every {CIA_PERIOD} cycles "
             f"= {jiffies:.4f} IRQs per frame", ""]
    lines.append(f"{'mode':46s} {'free/frame':>10s}  (each of {REPS} x {NF} frames)")
    for i, name in enumerate(MODES):
        reps = " ".join(f"{x:.1f}" for x in r.per_mode[i])
        lines.append(f"{name:46s} {r.mean(i):10.1f}  ({reps})")
    lines.append("")
    bad = off_sei - on_sei
    lines.append(f"bad lines: {bad:.1f} cycles per frame (blanked-SEI minus on-SEI) "
                 f"= {bad / 25:.2f} per bad line")
    lines.append(f"bad lines with IRQ on: {off_irq - on_irq:.1f} per frame")
    irq_off = (off_sei - off_irq) / jiffies
    irq_on = (on_sei - on_irq) / jiffies
    lines.append(f"KERNAL IRQ, no key: {off_sei - off_irq:.1f} cycles per frame = "
                 f"{irq_off:.1f} per jiffy (blanked), {irq_on:.1f} per jiffy (screen on)")
    for name, a, b in (("key A held", 4, 5), ("SPACE held", 6, 7)):
        lines.append(f"KERNAL IRQ, {name}: {(on_sei - r.mean(a)) / jiffies:.1f} per jiffy "
                     f"(screen on), {(off_sei - r.mean(b)) / jiffies:.1f} (blanked)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    t0 = time.time()
    try:
        r = measure()
    except RuntimeError as e:
        print(f"vice_cycles: {e}", file=sys.stderr)
        return 1
    print(report(r))
    print(f"\n(measured in {time.time() - t0:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The C64's own numbers: PAL timing, KERNAL entry points, I/O registers, power-on RAM.

The figures of a real frame (bad lines, the KERNAL's IRQ) are VICE x64sc's, as
measured by tools/vice/cycles.py; :class:`~tools.machine.harness.C64` and its parts
read them from here.
"""

from __future__ import annotations

import random

from .faults import HarnessError

# ---- C64 constants -------------------------------------------------------------
PAL_CYCLES_PER_LINE = 63
PAL_LINES = 312
PAL_CYCLES_PER_FRAME = PAL_CYCLES_PER_LINE * PAL_LINES  # 19,656
PAL_CPU_HZ = 985_248

GETIN = 0xFFE4
SCNKEY = 0xFF9F
CHROUT = 0xFFD2
NMI_ENTRY = 0xFE43  # the KERNAL's NMI code: SEI, JMP (NMINV)
NMI_DEFAULT = 0xFE47  # the KERNAL's own NMI handler: BASIC if RUN/STOP is down, else RTI
NMINV = 0x0318
TXTTAB, VARTAB, MEMSIZ, CHRGET = 0x2B, 0x2D, 0x37, 0x73
# BASIC's CHRGET routine, copied to $0073 at power-on (ROM $E3A2)
CHRGET_CODE = bytes.fromhex("e67ad002e67bad60eac93ab00ac920f0ef38e93038e9d060")
ROM_START = 0xE000  # KERNAL ROM: any PC here must be trapped
SENTINEL = 0xFFF8  # return address target of call()/boot(): the "caller"
BASIC_SP = 0xF6  # SP when BASIC's SYS jumps to the program (as on a real C64)
TRAP_CYCLES = 26  # charged per trapped *routine* (JSR + a short routine + RTS)

# What a real PAL frame takes from the program, as measured in VICE x64sc
# (docs/performance.md, "What a real frame leaves"; tools/vice/cycles.py): the
# VIC-II halts the CPU on each bad line (25 a frame with the screen on; 1,070
# cycles a frame measured = 42.8 a line: 40 fetches + the BA lead-in, taken as
# 43), and the KERNAL's IRQ runs every jiffy, timed by CIA 1 timer A (latch
# $4025: every 16,422 cycles, 60 Hz also on PAL): 219 cycles when no key is
# down, 1,605 when one is (SCNKEY then scans and decodes the whole matrix).
BADLINE_CYCLES = 43
BADLINE_STALL_AT = 12  # cycle of the line where the halt begins
FIRST_BADLINE, LAST_BADLINE = 0x30, 0xF7
JIFFY_CYCLES = 16_422
IRQ_CYCLES = 219  # the KERNAL IRQ with no key down (IRQ entry to RTI)
IRQ_KEY_CYCLES = 1_605  # the same with a key down in the matrix
# What is left, as measured in VICE (screen on, IRQ on, no key): 19,656 - 1,070 - 262.
REAL_FRAME_CYCLES = 18_324
IRQ_SEI_RETRY = 2  # cycles between looks while the I flag holds an IRQ off
FRAME_CYCLES = PAL_CYCLES_PER_FRAME

VIC_CTRL1, VIC_RASTER = 0xD011, 0xD012
CIA1_PRA, CIA1_PRB = 0xDC00, 0xDC01
SID_BASE, SID_REGS = 0xD400, 0x19


# ---- the machine ---------------------------------------------------------------------
RAM_PATTERNS = ("vice", "zeros", "ones", "random:SEED")


def power_on_ram(pattern: str = "vice") -> list[int]:
    """64 KiB of RAM as it is at power-on, before the KERNAL's own writes.

    ``vice``: as VICE x64sc powers it on (its default init pattern, read off a RAM
    dump): runs of four $00 and four $FF bytes, inverted in alternate 16 KiB
    blocks. Not zeros, so a program that reads a variable before writing it shows
    it here as it would on the judge. ``zeros`` and ``ones``: every byte $00 or
    $FF; ``random:SEED``: bytes from random.Random(SEED). Running a program under
    several shows a read of memory it never wrote (a real C64's RAM is none of them).
    """
    if pattern == "vice":
        return [0xFF if (((addr + 2) & 4) == 0) == bool(addr & 0x4000) else 0x00
                for addr in range(0x10000)]
    if pattern in ("zeros", "ones"):
        return [0x00 if pattern == "zeros" else 0xFF] * 0x10000
    kind, _, seed = pattern.partition(":")
    if kind == "random" and seed.isdigit():
        return list(random.Random(int(seed)).randbytes(0x10000))
    raise HarnessError(f"unknown power-on RAM pattern {pattern!r} "
                       f"(one of: {', '.join(RAM_PATTERNS)})")

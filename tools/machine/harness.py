"""A minimal Commodore 64 around py65's 6502, to run build/euchre.prg under test.

What is emulated: 64 KiB RAM, the 6502 (py65), KERNAL entries as Python *traps*,
the VIC-II raster counter ($D012, $D011 bit 7) driven by the cycle count (PAL:
63 cycles x 312 lines), VIC/colour-RAM/CIA2 registers as plain memory (for the
screen renderer), the CIA1 keyboard matrix and joystick port 2 ($DC00/$DC01), and a
log of SID writes with the cycle they happened at. No ROM is present and no
interrupt is ever raised: the KERNAL calls a program makes must be trapped.

Faults (``HarnessFault`` subclasses) name the address and the nearest label:
BRK, an unimplemented KERNAL call, an illegal opcode, stack overflow/underflow,
a write into the program's own code, an exceeded cycle budget.

Speed: the loop executes py65's opcode functions itself and only looks closer at
instructions whose operand page is "hot" (I/O pages read/written, code pages
written), at stack instructions, and at trapped PCs (see ``tools.commands.bench_harness``).

    c64 = C64.from_build()                     # build/euchre.prg + build/euchre.map
    c64.boot()                                 # RUN: SYS 2061, run until it waits for a key
    c64.type_keys("N"); c64.run_until_idle()
    r = c64.call("petscii_to_screen", a=0x41)  # JSR by label; r.a, r.x, r.y, r.carry ...

The machine is one class made of its parts, one module each: memory.py (loading,
protection, bytes by label), inputs.py (keys and joystick), frames.py (the events of
a real frame: bad lines, IRQ, NMI), steploop.py (the run loops), with the C64's
numbers in hardware.py and the faults in faults.py; this module puts them together,
with the KERNAL's traps, and is what callers import.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from py65.devices.mpu6502 import MPU

from ..program.c64map import Symbols
from . import cpu as cpu_core
from .faults import (
    BrkFault,
    CodeWriteFault,
    CycleBudgetFault,
    HarnessError,
    HarnessFault,
    IllegalOpcodeFault,
    KernalCallFault,
    StackOverflowFault,
    StackUnderflowFault,
)
from .frames import Frames
from .hardware import (
    BASIC_SP,
    CHRGET,
    CHRGET_CODE,
    CHROUT,
    GETIN,
    JIFFY_CYCLES,
    MEMSIZ,
    NMI_DEFAULT,
    NMI_ENTRY,
    NMINV,
    PAL_CYCLES_PER_FRAME,
    PAL_CYCLES_PER_LINE,
    PAL_LINES,
    REAL_FRAME_CYCLES,
    ROM_START,
    SCNKEY,
    SENTINEL,
    TXTTAB,
    VARTAB,
    power_on_ram,
)
from .inputs import Inputs
from .keyboard import KernalKeyboard
from .memory import Memory
from .steploop import (
    OPCODE_ACCESS,
    OPCODE_KIND,
    STOP_BAD,
    STOP_HORIZON,
    STOP_HOT,
    STOP_STACK,
    STOP_TRAP,
    SidWrite,
    StepLoop,
)

# The C64 model's one import: the machine, its faults and the figures callers use
__all__ = [
    "C64", "CallResult", "Trap", "TrapHandler", "SidWrite", "power_on_ram",
    "HarnessError", "HarnessFault", "BrkFault", "CodeWriteFault", "CycleBudgetFault",
    "IllegalOpcodeFault", "KernalCallFault", "StackOverflowFault", "StackUnderflowFault",
    "PAL_CYCLES_PER_FRAME", "PAL_CYCLES_PER_LINE", "PAL_LINES", "REAL_FRAME_CYCLES",
    "SENTINEL", "OPCODE_ACCESS", "OPCODE_KIND",
    "STOP_HORIZON", "STOP_TRAP", "STOP_HOT", "STOP_STACK", "STOP_BAD",
]


# ---- results and traps ------------------------------------------------------------------
@dataclass(frozen=True)
class CallResult:
    a: int
    x: int
    y: int
    p: int
    sp: int
    cycles: int  # the program's cycles, JSR and final RTS included (no IRQ, no bad line)

    @property
    def carry(self) -> bool:
        return bool(self.p & MPU.CARRY)

    @property
    def zero(self) -> bool:
        return bool(self.p & MPU.ZERO)

    @property
    def negative(self) -> bool:
        return bool(self.p & MPU.NEGATIVE)

    @property
    def overflow(self) -> bool:
        return bool(self.p & MPU.OVERFLOW)


TrapHandler = Callable[["C64"], object]


@dataclass
class Trap:
    handler: TrapHandler
    rts: bool  # True: the trap replaces a subroutine (return to the caller afterwards)
    name: str


class _Stop(Exception):
    pass


class C64(Memory, Inputs, Frames, StepLoop):
    """A minimal C64: RAM + py65 6502 + KERNAL traps + raster, CIA1, SID log."""

    def __init__(self, prg: Path | str | bytes | None = None,
                 map_path: Path | str | None = None, *, protect_code: bool = True,
                 real_frames: bool = True, ram: str = "vice", cpu: str | None = None):
        self.mem = bytearray(0x10000)
        self._traps: dict[int, Trap] = {}
        self._trap_flags = bytearray(0x10000)
        self._trap_flags[ROM_START:] = b"\x01" * (0x10000 - ROM_START)
        self._hot = bytearray(256)
        # the compiled core (tools/machine/fast6502.c) or py65: the same results
        # (tools/machine/cpu.py)
        try:
            self.cpu_kind = cpu_core.choose(cpu)
        except cpu_core.CpuChoiceError as exc:
            raise HarnessError(str(exc)) from None
        self.mpu = cpu_core.new_mpu(self.cpu_kind, self.mem, self._trap_flags, self._hot,
                                    OPCODE_KIND, OPCODE_ACCESS)
        self.symbols = Symbols.from_map(map_path) if map_path is not None else Symbols()
        self._label_addresses: dict[str | int, int] = {}
        self.load_address = 0
        self.end_address = 0  # one past the last loaded byte
        self.protected: tuple[int, int] | None = None  # [start, end) write-protected
        self.keys: deque[int] = deque()  # instant keys for GETIN (see type_keys)
        self.keyboard = KernalKeyboard(self.mem)  # the matrix and the KERNAL's buffer
        self.printed: list[int] = []  # PETSCII bytes sent to CHROUT
        self.sid_writes: list[SidWrite] = []
        self.idle_polls = 0  # GETIN calls that found no key
        self.exited = False  # the program returned to its caller (BASIC) after boot()
        self.at_basic = False  # RUN/STOP + RESTORE took the machine to BASIC's READY.
        self._joy2 = 0xFF
        self._cia1_pra_out = 0xFF
        self.real_frames = real_frames
        self.stolen_cycles = 0  # cycles the VIC-II and the IRQ took from the program
        self.irqs = 0
        self._events: list[tuple[int, int, Callable[[], None], bool]] = []
        self._event_seq = 0
        self._input_events = 0  # scheduled key/joystick changes not yet happened
        self._fired = (-1, -1)  # (pc, cycles) of the observer trap that fired last
        # SP above which a pull is an underflow: kept on the MPU, where the compiled
        # core's loop updates it at a TXS (a plain attribute on py65's)
        self.mpu.stack_top = 0x100
        self._stop_when_idle = False
        self._stop_requested = False
        self._budget = 0
        self._depth = 0  # nesting of _run (a trap handler may call())
        self._power_on(ram)
        self._install_kernal_traps()
        self._update_hot_pages()
        if prg is not None:
            self.load_prg(prg, protect_code=protect_code)

    @classmethod
    def from_build(cls, build_dir: Path | str | None = None, name: str = "euchre",
                   cpu: str | None = None) -> C64:
        """The built program with its symbols: by default the checkout's build/ (run
        ``make`` first) or, installed, the program built into the cache on first use."""
        if build_dir is None:
            from ..program.resources import default_program

            build_dir = default_program().parent
        b = Path(build_dir)
        prg, map_path = b / f"{name}.prg", b / f"{name}.map"
        for p in (prg, map_path):
            if not p.exists():
                raise HarnessError(
                    f"{p} not found: run `make` (python -m tools.program.build) first")
        return cls(prg, map_path, cpu=cpu)

    # ---- setup -----------------------------------------------------------------------
    def _power_on(self, ram: str = "vice") -> None:
        m = self.mem
        m[:] = power_on_ram(ram)
        m[0x00], m[0x01] = 0x2F, 0x37
        m[0x0400:0x07E8] = [0x20] * 1000  # what the KERNAL leaves after clearing the screen
        m[0xD800:0xDBE8] = [0x0E] * 1000  # light blue text
        for addr, value in ((0xD011, 0x1B), (0xD016, 0xC8), (0xD018, 0x15), (0xD020, 0xFE),
                            (0xD021, 0xF6), (0xDC00, 0x7F), (0xDC02, 0xFF), (0xDD00, 0x97),
                            (0xDD02, 0x3F)):
            m[addr] = value
        self._cia1_pra_out = m[0xDC00]
        # what the KERNAL and BASIC leave in RAM by the time a program is RUN
        m[NMINV], m[NMINV + 1] = NMI_DEFAULT & 0xFF, NMI_DEFAULT >> 8
        m[TXTTAB], m[TXTTAB + 1] = 0x01, 0x08
        m[MEMSIZ], m[MEMSIZ + 1] = 0x00, 0xA0
        m[CHRGET:CHRGET + len(CHRGET_CODE)] = list(CHRGET_CODE)
        self.keyboard.reset()
        self.mpu.sp = BASIC_SP
        if self.real_frames:
            self._schedule_at(JIFFY_CYCLES, self._irq)
            self._schedule_badline()

    # ---- traps -------------------------------------------------------------------------
    def trap(self, where: int | str, handler: TrapHandler | None = None, *, rts: bool = True,
             name: str | None = None):
        """Run ``handler(c64)`` whenever the PC reaches ``where`` (address or label).

        ``rts=True``: the trap *is* the routine: after the handler the harness returns
        to the caller (RTS), as for KERNAL entries and core hooks. ``rts=False``: the
        handler only observes; the instruction at ``where`` then runs normally.
        Usable as a decorator: ``@c64.trap("hook_event")``.
        """
        addr = self.address(where)

        def register(fn: TrapHandler) -> TrapHandler:
            label = name or (where if isinstance(where, str) else f"${addr:04X}")
            self._traps[addr] = Trap(fn, rts, label)
            self._trap_flags[addr] = 1
            return fn

        return register(handler) if handler is not None else register

    def untrap(self, where: int | str) -> None:
        addr = self.address(where)
        self._traps.pop(addr, None)
        self._trap_flags[addr] = 1 if addr >= ROM_START else 0

    def stop(self) -> None:
        """From a trap handler: end the current run() after this trap."""
        self._stop_requested = True

    def set_result(self, a: int | None = None, x: int | None = None, y: int | None = None,
                   carry: bool | None = None) -> None:
        """From a trap handler: set registers (N and Z follow A when A is set)."""
        mpu = self.mpu
        if a is not None:
            mpu.a = a & 0xFF
            mpu.FlagsNZ(mpu.a)
        if x is not None:
            mpu.x = x & 0xFF
        if y is not None:
            mpu.y = y & 0xFF
        if carry is not None:
            mpu.p = (mpu.p | MPU.CARRY) if carry else (mpu.p & ~MPU.CARRY)

    def _install_kernal_traps(self) -> None:
        self.trap(GETIN, _kernal_getin, name="GETIN")
        self.trap(SCNKEY, _kernal_scnkey, name="SCNKEY")
        self.trap(CHROUT, _kernal_chrout, name="CHROUT")
        self.trap(NMI_ENTRY, _kernal_nmi_entry, rts=False, name="NMI")
        self.trap(NMI_DEFAULT, _kernal_nmi_default, rts=False, name="KERNAL NMI")

    # ---- BASIC (RESTORE is an NMI: frames.py) ----------------------------------------
    def basic_zero_page_problems(self) -> list[str]:
        """What in BASIC's zero page would keep RUN from starting the program again."""
        m = self.mem
        problems = []
        if (m[TXTTAB], m[TXTTAB + 1]) != (0x01, 0x08):
            problems.append(f"TXTTAB = ${m[TXTTAB + 1]:02X}{m[TXTTAB]:02X}, not $0801")
        end = self.end_address
        if (m[VARTAB], m[VARTAB + 1]) != (end & 0xFF, end >> 8):
            problems.append(f"VARTAB = ${m[VARTAB + 1]:02X}{m[VARTAB]:02X}, not ${end:04X}")
        if (m[MEMSIZ], m[MEMSIZ + 1]) != (0x00, 0xA0):
            problems.append(f"MEMSIZ = ${m[MEMSIZ + 1]:02X}{m[MEMSIZ]:02X}, not $A000")
        if bytes(m[CHRGET:CHRGET + len(CHRGET_CODE)]) != CHRGET_CODE:
            problems.append("BASIC's CHRGET routine at $0073 is overwritten")
        return problems

    def basic_run(self, max_cycles: int = 5_000_000) -> None:
        """Type RUN at BASIC's READY.: the program starts again, if BASIC can find it."""
        if not self.at_basic:
            raise HarnessError("RUN typed, but the machine is not at BASIC's READY.")
        problems = self.basic_zero_page_problems()
        if problems:
            raise HarnessError("RUN at READY. would not start the program: "
                               + "; ".join(problems))
        self.at_basic = False
        self.boot(max_cycles)

    # ---- running -----------------------------------------------------------------------
    def sys_address(self) -> int:
        """The address of the first SYS in the BASIC program at $0801."""
        line = bytes(self.mem[0x0801:0x0801 + 80])
        at = line.find(b"\x9e")
        m = re.match(rb"\s*\(?\s*(\d+)", line[at + 1 :]) if at >= 0 else None
        if m is None:
            raise HarnessError("no BASIC line with SYS at $0801: is this a $0801 program?")
        return int(m.group(1))

    def boot(self, max_cycles: int = 5_000_000, until_idle: bool = True) -> None:
        """Start the program as RUN would (JSR to the SYS address, SP as left by
        BASIC); then, by default, run until it waits for a key."""
        self.exited = False
        self._enter(self.sys_address(), BASIC_SP)
        if until_idle:
            self.run_until_idle(max_cycles)

    def run_until_idle(self, max_cycles: int = 5_000_000) -> None:
        """Run until GETIN finds the key queue empty (or the program returns)."""
        self._stop_when_idle = True
        try:
            self._run(self.cycles + max_cycles, budget_is_fault=True)
        finally:
            self._stop_when_idle = False

    def run_cycles(self, n: int) -> None:
        """Run for about n cycles (stops quietly; faults still raise)."""
        self._run(self.cycles + n, budget_is_fault=False)

    def run_frames(self, n: int = 1) -> None:
        self.run_cycles(n * PAL_CYCLES_PER_FRAME)

    def call(self, routine: int | str, a: int | None = None, x: int | None = None,
             y: int | None = None, *, carry: bool | None = None,
             mem: Mapping[int | str, int | bytes | Iterable[int]] | None = None,
             max_cycles: int = 2_000_000) -> CallResult:
        """JSR to ``routine`` (label or address) with a fresh stack; run until it returns.

        Registers not given keep their values. Returns registers and the cycle count.
        """
        for where, value in (mem or {}).items():
            self.poke(where, value)
        self.set_result(a=a, x=x, y=y, carry=carry)
        saved = (self.mpu.pc, self.mpu.sp, self.mpu.stack_top)
        start, stolen = self.cycles, self.stolen_cycles
        # a fresh stack, unless a trap handler calls while the program runs
        self._enter(self.address(routine), self.mpu.sp if self._depth else 0xFF)
        try:
            self._run(start + max_cycles, budget_is_fault=True, until_return=True,
                      budget=max_cycles)
        finally:
            self.mpu.stack_top = saved[2]
        mpu = self.mpu
        own = self.cycles - start - (self.stolen_cycles - stolen)
        result = CallResult(mpu.a, mpu.x, mpu.y, mpu.p, mpu.sp, own)
        mpu.pc, mpu.sp = saved[0], saved[1]
        return result

    def _enter(self, addr: int, sp: int) -> None:
        """Set up a JSR from the sentinel: push SENTINEL-1, PC = addr."""
        mpu = self.mpu
        mpu.sp = sp
        self.mpu.stack_top = sp
        mpu.stPushWord(SENTINEL - 1)
        mpu.pc = addr
        mpu.processorCycles += 6


# ---- KERNAL traps (C64 Programmer's Reference Guide, ch. 5) -----------------------------
def _kernal_getin(c64: C64) -> None:
    """GETIN $FFE4: A = next key (PETSCII) or 0 when none; carry clear; X kept."""
    if c64.keys:
        c64.set_result(a=c64.keys.popleft(), carry=False)
        return
    key = c64.keyboard.getin()
    c64.set_result(a=key, carry=False)
    if key == 0:
        c64.idle_polls += 1
        if c64._stop_when_idle and not c64.input_pending:
            c64.stop()


def _kernal_nmi_entry(c64: C64) -> None:
    """$FE43: SEI, JMP (NMINV)."""
    mpu = c64.mpu
    mpu.p |= MPU.INTERRUPT
    mpu.pc = c64.mem[NMINV] | c64.mem[NMINV + 1] << 8


def _kernal_nmi_default(c64: C64) -> None:
    """$FE47, the KERNAL's NMI handler: with RUN/STOP down, RESTOR, IOINIT, CINT and
    BASIC's warm start (READY.); without it, RTI."""
    mpu = c64.mpu
    if not c64.keyboard.rows_read(0x7F) & 0x80:
        c64.at_basic = True
        c64.exited = True
        c64.mem[NMINV], c64.mem[NMINV + 1] = NMI_DEFAULT & 0xFF, NMI_DEFAULT >> 8
        mpu.sp = 0xFF
        mpu.pc = SENTINEL
        c64.stop()
        return
    mpu.p = mpu.stPop()
    mpu.pc = mpu.stPopWord()


def _kernal_scnkey(c64: C64) -> None:
    """SCNKEY $FF9F: one scan of the matrix into the buffer, as the IRQ does."""
    c64.keyboard.scan(c64._cia1_pra_out)
    c64._cia1_pra_out = 0x7F


def _kernal_chrout(c64: C64) -> None:
    """CHROUT $FFD2: record the PETSCII byte; A, X, Y preserved; carry clear."""
    c64.printed.append(c64.mpu.a)
    c64.set_result(carry=False)

"""The 6502 the harness runs: the compiled core (tools/machine/fast6502.c) or py65.

py65's MPU is the reference. ``_fast6502.Cpu`` is its twin in C, with the
harness's step loop (tools/machine/harness.py, ``C64._run``) on the native side: it steps
until a trap, an I/O register Python models, a due event or a fault needs Python,
and every result is the same as py65's (tests/test_fast6502.py runs the two in
lockstep). :class:`FastMPU` adds the py65 methods the harness calls on its MPU.

Which one runs: the compiled core when it was built (``pip install -e .`` builds
it where a C compiler is present), else py65 with one line on stderr saying so.
``EUCHRE_CPU=py65`` forces py65 (the benchmark and the lockstep tests use it);
``EUCHRE_CPU=fast`` demands the compiled core and fails clearly without it.
"""

from __future__ import annotations

import functools
import os
import sys
from types import ModuleType

from py65.devices.mpu6502 import MPU

CPU_ENV = "EUCHRE_CPU"
CPU_KINDS = ("fast", "py65")


class CpuChoiceError(RuntimeError):
    """EUCHRE_CPU or a ``cpu=`` argument names a core that cannot run here."""


@functools.cache
def fast_module() -> ModuleType | None:
    """The compiled core, or None (not built: no C compiler when it was installed)."""
    try:
        from . import _fast6502
    except ImportError:
        return None
    return _fast6502


@functools.cache
def _say_fallback() -> None:
    print("euchre: the compiled 6502 core (tools/machine/fast6502.c) is not built; the harness "
          "runs py65 instead (same results; a cross-check game takes about 9 times as long)",
          file=sys.stderr)


def choose(kind: str | None = None) -> str:
    """'fast' or 'py65': ``kind`` if given, else EUCHRE_CPU, else the fast core when
    built (saying once when it is not)."""
    wanted = kind or os.environ.get(CPU_ENV) or None
    if wanted is not None and wanted not in CPU_KINDS:
        raise CpuChoiceError(f"{CPU_ENV}={wanted!r}: the 6502 core is one of "
                             f"{', '.join(CPU_KINDS)}")
    if wanted == "py65":
        return "py65"
    if fast_module() is None:
        if wanted == "fast":
            raise CpuChoiceError("the compiled 6502 core (tools/machine/fast6502.c) is not built: "
                                 "run `pip install -e .` where a C compiler is present")
        _say_fallback()
        return "py65"
    return "fast"


def _fast_mpu_class() -> type:
    mod = fast_module()
    assert mod is not None

    class FastMPU(mod.Cpu):
        """The compiled core with py65's MPU interface as the harness uses it."""

        NEGATIVE, OVERFLOW, UNUSED, BREAK = MPU.NEGATIVE, MPU.OVERFLOW, MPU.UNUSED, MPU.BREAK
        DECIMAL, INTERRUPT, ZERO, CARRY = MPU.DECIMAL, MPU.INTERRUPT, MPU.ZERO, MPU.CARRY

        def stPush(self, z: int) -> None:
            self.memory[0x100 + self.sp] = z & 0xFF
            self.sp = (self.sp - 1) & 0xFF

        def stPop(self) -> int:
            self.sp = (self.sp + 1) & 0xFF
            return self.memory[0x100 + self.sp]

        def stPushWord(self, z: int) -> None:
            self.stPush(z >> 8 & 0xFF)
            self.stPush(z & 0xFF)

        def stPopWord(self) -> int:
            lo = self.stPop()
            return lo | self.stPop() << 8

        def FlagsNZ(self, value: int) -> None:
            self.p &= ~(MPU.ZERO | MPU.NEGATIVE)
            self.p |= MPU.ZERO if value == 0 else value & MPU.NEGATIVE

    return FastMPU


FastMPU = _fast_mpu_class() if fast_module() is not None else None


def new_mpu(kind: str, memory: bytearray, trap_flags: bytearray | None = None,
            hot: bytearray | None = None, kinds: bytes | None = None,
            access: bytes | None = None) -> MPU:
    """A 6502 on ``memory`` (a 64 KiB bytearray, shared): py65's MPU or a FastMPU
    that also reads the harness's trap table, hot pages and opcode classes."""
    if kind == "py65":
        return MPU(memory=memory)
    assert FastMPU is not None
    return FastMPU(memory, trap_flags, hot, kinds, access)

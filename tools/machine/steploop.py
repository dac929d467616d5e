"""The harness's step loop: run the 6502 (compiled core or py65) between traps, I/O and events.

The loop looks closer only at instructions whose operand page is "hot" (I/O pages
read or written, code pages written), at stack instructions and at trapped PCs;
:class:`StepLoop` holds those methods of :class:`~tools.machine.harness.C64`.
"""

from __future__ import annotations

from dataclasses import dataclass

from py65.devices.mpu6502 import MPU

from .faults import (
    BrkFault,
    CodeWriteFault,
    CycleBudgetFault,
    IllegalOpcodeFault,
    KernalCallFault,
    StackOverflowFault,
    StackUnderflowFault,
)
from .hardware import (
    CIA1_PRA,
    CIA1_PRB,
    PAL_CYCLES_PER_LINE,
    PAL_LINES,
    SENTINEL,
    SID_BASE,
    SID_REGS,
    TRAP_CYCLES,
    VIC_CTRL1,
    VIC_RASTER,
)

# ---- opcode classification ------------------------------------------------------
K_NONE, K_ABS, K_ABSX, K_ABSY, K_INDY, K_INDX, K_STACK, K_TXS, K_BRK, K_ILLEGAL = range(10)
_MODE_KIND = {"abs": K_ABS, "abx": K_ABSX, "aby": K_ABSY, "iny": K_INDY, "inx": K_INDX}
_STORES = {"STA", "STX", "STY"}
_RMW = {"ASL", "LSR", "ROL", "ROR", "INC", "DEC"}
_PUSHES = {0x48, 0x08, 0x20}  # PHA PHP JSR
_PULLS = {0x68, 0x28, 0x60, 0x40}  # PLA PLP RTS RTI
READ_HOT, WRITE_HOT = 1, 2
# why the compiled core's run() came back (tools/machine/fast6502.c)
STOP_HORIZON, STOP_TRAP, STOP_HOT, STOP_STACK, STOP_BAD = range(1, 6)


def _opcode_tables() -> tuple[bytes, bytes]:
    kinds = bytearray(256)
    access = bytearray(256)  # READ_HOT / WRITE_HOT bits: what the operand access does
    for op, (name, mode) in enumerate(MPU.disassemble):
        if name == "???":
            kinds[op] = K_ILLEGAL
        elif op == 0x00:
            kinds[op] = K_BRK
        elif op in _PUSHES or op in _PULLS:
            kinds[op] = K_STACK
        elif op == 0x9A:
            kinds[op] = K_TXS
        elif mode in _MODE_KIND and name not in ("JMP",):
            kinds[op] = _MODE_KIND[mode]
            if name in _STORES:
                access[op] = WRITE_HOT
            elif name in _RMW:
                access[op] = READ_HOT | WRITE_HOT
            else:
                access[op] = READ_HOT
    return bytes(kinds), bytes(access)


OPCODE_KIND, OPCODE_ACCESS = _opcode_tables()


@dataclass(frozen=True)
class SidWrite:
    cycle: int
    reg: int  # 0-$18 (offset from $D400)
    value: int


class StepLoop:
    """The run loops of :class:`~tools.machine.harness.C64` and what they stop for."""

    def _run(self, limit: int, budget_is_fault: bool, until_return: bool = False,
             budget: int | None = None) -> None:
        """Run until ``limit`` cycles (a CycleBudgetFault if ``budget_is_fault``), the
        final RTS (``until_return``), the program's exit or a trap's stop()."""
        if self.cpu_kind == "fast":
            self._run_fast(limit, budget_is_fault, until_return, budget)
        else:
            self._run_py65(limit, budget_is_fault, until_return, budget)

    def _run_fast(self, limit: int, budget_is_fault: bool, until_return: bool,
                  budget: int | None) -> None:
        """The loop of _run_py65 with the stepping in C (tools/machine/fast6502.c): it comes
        back here only for what Python does, and this does it the same way."""
        mpu = self.mpu
        run = mpu.run
        mem = self.mem
        self._budget = budget if budget is not None else limit - mpu.processorCycles
        self._stop_requested = False
        self._depth += 1
        skip = False  # run the instruction at PC without looking at its trap again
        try:
            while True:
                why = run(min(limit, self._next_event), skip)
                skip = False
                pc = mpu.pc
                if why == STOP_HORIZON:
                    cycles = mpu.processorCycles
                    if cycles < limit or self._next_event <= cycles:
                        self._run_due_events()  # IRQs, bad lines, keys let go
                        continue
                    if budget_is_fault:
                        raise CycleBudgetFault(
                            f"cycle budget of {self._budget:,} exceeded: still running at "
                            f"{self.describe(pc)}", pc, self.describe(pc))
                    return
                if why == STOP_TRAP:
                    if self._at_trap(pc, until_return):
                        return
                    skip = mpu.pc == pc
                elif why == STOP_HOT:
                    op = mem[pc]
                    post = self._io_before(pc, op, OPCODE_KIND[op], OPCODE_ACCESS[op],
                                           mpu.processorCycles)
                    mpu.step()
                    if post >= 0:
                        self._io_after(post, mpu.processorCycles)
                elif why == STOP_STACK:
                    self._check_stack(mpu.fault_pc, mpu.fault_op, mpu.fault_sp)
                    raise AssertionError("the compiled core saw a stack fault Python does not")
                else:  # STOP_BAD
                    op = mem[pc]
                    self._bad_opcode(pc, op, OPCODE_KIND[op])
        finally:
            self._depth -= 1

    def _run_py65(self, limit: int, budget_is_fault: bool, until_return: bool,
                  budget: int | None) -> None:
        mpu = self.mpu
        mem = self.mem
        instruct = mpu.instruct
        cycletime = mpu.cycletime
        extracycles = mpu.extracycles
        kinds = OPCODE_KIND
        access = OPCODE_ACCESS
        hot = self._hot
        trap_flags = self._trap_flags
        cycles = mpu.processorCycles
        self._budget = budget if budget is not None else limit - cycles
        self._stop_requested = False
        self._depth += 1
        horizon = min(limit, self._next_event)  # the next cycle anything but a step happens
        try:
            while True:
                pc = mpu.pc
                if cycles >= horizon:
                    if cycles < limit or self._next_event <= cycles:
                        mpu.processorCycles = cycles
                        self._run_due_events()  # IRQs, bad lines, keys let go: between steps
                        cycles = mpu.processorCycles
                        horizon = min(limit, self._next_event)
                        continue
                    if budget_is_fault:
                        raise CycleBudgetFault(
                            f"cycle budget of {self._budget:,} exceeded: still running at "
                            f"{self.describe(pc)}", pc, self.describe(pc))
                    return
                if trap_flags[pc]:
                    mpu.processorCycles = cycles
                    if self._at_trap(pc, until_return):
                        return
                    cycles = mpu.processorCycles
                    horizon = min(limit, self._next_event)  # a handler may schedule
                    if mpu.pc != pc:
                        continue
                op = mem[pc]
                kind = kinds[op]
                post = -1
                if kind:
                    if kind == K_STACK or kind == K_TXS:
                        sp_before = mpu.sp
                    elif kind >= K_BRK:
                        mpu.processorCycles = cycles
                        self._bad_opcode(pc, op, kind)
                    else:
                        acc = access[op]
                        if kind == K_ABS:
                            page = mem[pc + 2]
                        elif kind == K_ABSX:
                            page = ((mem[pc + 1] | mem[pc + 2] << 8) + mpu.x) >> 8 & 0xFF
                        elif kind == K_ABSY:
                            page = ((mem[pc + 1] | mem[pc + 2] << 8) + mpu.y) >> 8 & 0xFF
                        elif kind == K_INDY:
                            zp = mem[pc + 1]
                            page = ((mem[zp] | mem[(zp + 1) & 0xFF] << 8) + mpu.y) >> 8 & 0xFF
                        else:  # K_INDX
                            zp = (mem[pc + 1] + mpu.x) & 0xFF
                            page = mem[(zp + 1) & 0xFF]
                        if hot[page] & acc:
                            post = self._io_before(pc, op, kind, acc, cycles)
                mpu.pc = pc + 1
                mpu.excycles = 0
                mpu.addcycles = extracycles[op]
                instruct[op](mpu)
                mpu.pc &= 0xFFFF
                cycles += cycletime[op] + mpu.excycles
                if kind:
                    if kind == K_STACK:
                        self._check_stack(pc, op, sp_before)
                    elif kind == K_TXS:
                        self.mpu.stack_top = mpu.sp  # the program took over the stack
                    elif post >= 0:
                        self._io_after(post, cycles)
        finally:
            self._depth -= 1
            if cycles > mpu.processorCycles:
                mpu.processorCycles = cycles

    def _effective_address(self, pc: int, kind: int) -> int:
        mem, mpu = self.mem, self.mpu
        if kind == K_ABS:
            return mem[pc + 1] | mem[pc + 2] << 8
        if kind == K_ABSX:
            return ((mem[pc + 1] | mem[pc + 2] << 8) + mpu.x) & 0xFFFF
        if kind == K_ABSY:
            return ((mem[pc + 1] | mem[pc + 2] << 8) + mpu.y) & 0xFFFF
        if kind == K_INDY:
            zp = mem[pc + 1]
            return ((mem[zp] | mem[(zp + 1) & 0xFF] << 8) + mpu.y) & 0xFFFF
        zp = (mem[pc + 1] + mpu.x) & 0xFF
        return mem[zp] | mem[(zp + 1) & 0xFF] << 8

    def _io_before(self, pc: int, op: int, kind: int, acc: int, cycles: int) -> int:
        """An access to a hot page is about to happen: prepare reads, check writes.
        Returns the address if the write must be looked at afterwards, else -1."""
        addr = self._effective_address(pc, kind)
        mem = self.mem
        if acc & WRITE_HOT and self.protected and self.protected[0] <= addr < self.protected[1]:
            where = self.describe(pc)
            raise CodeWriteFault(
                f"write into the program's code at {self.describe(addr)} by {where}", pc, where)
        if acc & READ_HOT:
            if addr == VIC_RASTER or addr == VIC_CTRL1:
                line = ((cycles + 3) // PAL_CYCLES_PER_LINE) % PAL_LINES
                mem[VIC_RASTER] = line & 0xFF
                mem[VIC_CTRL1] = (mem[VIC_CTRL1] & 0x7F) | (0x80 if line > 0xFF else 0)
            elif addr == CIA1_PRA:
                mem[CIA1_PRA] = self._cia1_pra_out & self._joy2
            elif addr == CIA1_PRB:
                mem[CIA1_PRB] = self.keyboard.rows_read(self._cia1_pra_out)
        if acc & WRITE_HOT and (0xD400 <= addr < 0xD800 or addr == CIA1_PRA):
            return addr
        return -1

    def _io_after(self, addr: int, cycles: int) -> None:
        value = self.mem[addr]
        if addr == CIA1_PRA:
            self._cia1_pra_out = value
        else:
            reg = addr & 0x1F
            if reg < SID_REGS:
                self.mem[SID_BASE + reg] = value  # mirrors land on the real register
                self.sid_writes.append(SidWrite(cycles, reg, value))

    def _check_stack(self, pc: int, op: int, sp_before: int) -> None:
        sp = self.mpu.sp
        if op in _PUSHES:
            if sp > sp_before:
                where = self.describe(pc)
                raise StackOverflowFault(
                    f"stack overflow (SP wrapped $00->$FF) at {where}", pc, where)
        elif sp < sp_before or sp > self.mpu.stack_top:
            if op == 0x60 and self.mpu.pc == SENTINEL and sp == self.mpu.stack_top:
                return  # the final RTS back to the caller
            where = self.describe(pc)
            raise StackUnderflowFault(
                f"stack underflow: pulled more than was pushed at {where}", pc, where)

    def _bad_opcode(self, pc: int, op: int, kind: int) -> None:
        where = self.describe(pc)
        if kind == K_BRK:
            raise BrkFault(f"BRK at {where}", pc, where)
        raise IllegalOpcodeFault(f"illegal opcode ${op:02X} at {where}", pc, where)

    def _at_trap(self, pc: int, until_return: bool) -> bool:
        """PC is flagged. Returns True when the run must end here."""
        mpu = self.mpu
        if pc == SENTINEL and pc not in self._traps:
            if mpu.sp != self.mpu.stack_top:
                where = self.describe(pc)
                raise StackUnderflowFault("returned to the caller with an unbalanced stack",
                                          pc, where)
            if not until_return:
                self.exited = True
            return True
        trap = self._traps.get(pc)
        if trap is None:
            caller = (mpu.memory[0x100 + ((mpu.sp + 1) & 0xFF)]
                      | mpu.memory[0x100 + ((mpu.sp + 2) & 0xFF)] << 8) - 2
            raise KernalCallFault(
                f"unimplemented KERNAL call ${pc:04X} (from {self.describe(caller & 0xFFFF)}): "
                f"register a trap for it", pc, f"${pc:04X}")
        if not trap.rts:
            if self._fired == (pc, mpu.processorCycles):
                return False  # fired already: the run stopped here and goes on now
            self._fired = (pc, mpu.processorCycles)
        trap.handler(self)
        if trap.rts:
            mpu.processorCycles += TRAP_CYCLES  # an observer costs the program nothing
            if mpu.sp + 2 > self.mpu.stack_top:
                where = self.describe(pc)
                raise StackUnderflowFault(
                    f"trap {trap.name} at {where} reached with no return address", pc, where)
            mpu.pc = (mpu.stPopWord() + 1) & 0xFFFF
        if self._stop_requested:
            self._stop_requested = False
            return True
        return False

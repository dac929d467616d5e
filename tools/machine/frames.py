"""The events of a real PAL frame: the VIC-II's bad lines, the KERNAL's jiffy IRQ, RESTORE's NMI.

:class:`Frames` holds the :class:`~tools.machine.harness.C64`'s clock of scheduled
events: each runs between two instructions at its cycle, and the cycles the VIC-II
and the IRQ take are stolen from the program as on the real machine.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from py65.devices.mpu6502 import MPU

from .hardware import (
    BADLINE_CYCLES,
    BADLINE_STALL_AT,
    FIRST_BADLINE,
    FRAME_CYCLES,
    IRQ_CYCLES,
    IRQ_KEY_CYCLES,
    IRQ_SEI_RETRY,
    JIFFY_CYCLES,
    LAST_BADLINE,
    NMI_ENTRY,
    PAL_CYCLES_PER_FRAME,
    PAL_CYCLES_PER_LINE,
    PAL_LINES,
    VIC_CTRL1,
)


class Frames:
    """Scheduled events, IRQs, bad lines and the NMI of :class:`~tools.machine.harness.C64`."""

    @property
    def cycles(self) -> int:
        return self.mpu.processorCycles

    @property
    def raster_line(self) -> int:
        return (self.mpu.processorCycles // PAL_CYCLES_PER_LINE) % PAL_LINES

    @property
    def frame(self) -> int:
        return self.mpu.processorCycles // PAL_CYCLES_PER_FRAME

    def after_frames(self, frames: float, action: Callable[[], None], *,
                     input_event: bool = False) -> None:
        """Run ``action`` (Python, no 6502 cycles) ``frames`` PAL frames from now."""
        self._schedule_at(self.cycles + round(frames * FRAME_CYCLES), action, input_event)

    def _schedule_at(self, cycle: int, action: Callable[[], None],
                     input_event: bool = False) -> None:
        self._event_seq += 1
        heapq.heappush(self._events, (cycle, self._event_seq, action, input_event))
        if input_event:
            self._input_events += 1

    @property
    def _next_event(self) -> int:
        return self._events[0][0] if self._events else 1 << 62

    def _run_due_events(self) -> None:
        """Run every event whose cycle has come (processorCycles is up to date)."""
        mpu = self.mpu
        while self._events and self._events[0][0] <= mpu.processorCycles:
            _, _, action, input_event = heapq.heappop(self._events)
            if input_event:
                self._input_events -= 1
            action()

    def _steal(self, cycles: int) -> None:
        self.mpu.processorCycles += cycles
        self.stolen_cycles += cycles

    def _irq(self) -> None:
        """CIA 1 timer A has run down: the KERNAL's IRQ (keyboard scan, STKEY), or,
        while the I flag is set, the same IRQ as soon as the program clears it."""
        mpu = self.mpu
        if mpu.p & MPU.INTERRUPT:
            self._schedule_at(mpu.processorCycles + IRQ_SEI_RETRY, self._irq)
            return
        self.irqs += 1
        cost = IRQ_KEY_CYCLES if self.keyboard.down else IRQ_CYCLES
        self.keyboard.scan(self._cia1_pra_out)
        self._cia1_pra_out = 0x7F  # SCNKEY leaves column 7 selected
        self._steal(cost)
        due = mpu.processorCycles - cost
        self._schedule_at((due // JIFFY_CYCLES + 1) * JIFFY_CYCLES, self._irq)

    def _schedule_badline(self) -> None:
        """The next line on which the VIC-II may fetch a character row."""
        scroll = self.mem[VIC_CTRL1] & 7  # as set now; _badline checks it again
        line = self.mpu.processorCycles // PAL_CYCLES_PER_LINE
        while True:
            line += 1
            in_frame = line % PAL_LINES
            if FIRST_BADLINE <= in_frame <= LAST_BADLINE and in_frame & 7 == scroll:
                break
        self._schedule_at(line * PAL_CYCLES_PER_LINE + BADLINE_STALL_AT, self._badline)

    def _badline(self) -> None:
        """A raster line of the display window: with the screen on, and the line's
        low bits equal to the vertical scroll ($D011 bits 0-2), the VIC-II halts
        the CPU while it fetches the row's 40 character codes."""
        ctrl = self.mem[VIC_CTRL1]
        line = self.raster_line
        if ctrl & 0x10 and line & 7 == ctrl & 7:
            self._steal(BADLINE_CYCLES)
        self._schedule_badline()

    def press_restore(self) -> None:
        """Tap RESTORE: an NMI before the next instruction (no flag holds it off)."""
        self._schedule_at(self.cycles, self._nmi)

    def _nmi(self) -> None:
        mpu = self.mpu
        mpu.stPushWord(mpu.pc)
        mpu.stPush((mpu.p | MPU.UNUSED) & ~MPU.BREAK)
        mpu.p |= MPU.INTERRUPT
        mpu.pc = NMI_ENTRY
        self.mpu.processorCycles += 7

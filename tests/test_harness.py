"""The py65 harness: calls by label, KERNAL traps, I/O, and every fault kind."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tools.build import build, ophis_command
from tools.harness import (
    C64,
    PAL_CYCLES_PER_FRAME,
    PAL_CYCLES_PER_LINE,
    BrkFault,
    CodeWriteFault,
    CycleBudgetFault,
    HarnessError,
    IllegalOpcodeFault,
    KernalCallFault,
    StackOverflowFault,
    StackUnderflowFault,
)

# Small routines for the faults and I/O. Assembled at $1000 with Ophis; code_end
# marks the end of write-protected code, as in c64/main.oph.
TEST_SOURCE = """
.word $1000
.org $1000
do_brk:         lda #1
                brk
do_kernal:      jsr $FFCF               ; CHRIN: not trapped by the harness
                rts
do_illegal:     nop
                .byte $02               ; JAM, an undocumented opcode
do_overflow:    jsr do_overflow         ; unbounded recursion
do_underflow:   pla
                pla
                pla
                rts
do_code_write:  lda #$EA
                sta do_brk
                rts
do_hang:        jmp do_hang
read_key:       jsr $FFE4
                php
                sta result
                pla
                sta result+1            ; status after GETIN
                rts
read_raster:    lda $D012
                sta result
                lda $D011
                sta result+1
                rts
wait_line_100:  lda #100
*               cmp $D012
                bne -
                rts
beep:           lda #15
                sta $D418
                lda #$11
                sta $D404
                ldx #0
                sta $D7E4               ; mirror of $D404
                rts
read_joystick:  lda $DC00
                rts
read_keyboard:  lda #%11111101          ; column 1: 3 W A 4 Z S E LSHIFT
                sta $DC00
                lda $DC01
                rts
ask_hook:       ldx #7
                jsr hook_decide         ; answered by a Python trap
                sta result
                rts
hook_decide:    brk                     ; must never run: trapped
spin:           nop                     ; 5 cycles a pass
                jmp spin
add_xy:         stx result
                tya
                clc
                adc result
                rts
code_end:
result:         .byte 0, 0
"""


@pytest.fixture(scope="module")
def test_prg(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("harness")
    (d / "t.oph").write_text(TEST_SOURCE)
    proc = subprocess.run(ophis_command() + ["-o", "t.prg", "-m", "t.map", "t.oph"],
                          cwd=d, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return d / "t.prg", d / "t.map"


@pytest.fixture(params=["fast", "py65"])
def cpu(request) -> str:
    """Every test on the compiled core and on py65: the same results (tools/cpu.py)."""
    return request.param


@pytest.fixture
def t(test_prg, cpu) -> C64:
    return C64(*test_prg, cpu=cpu)


@pytest.fixture(scope="module")
def euchre_prg() -> Path:
    return build()


# ---- calling routines -------------------------------------------------------------------
def test_call_by_label_passes_registers_in_and_out(t):
    r = t.call("add_xy", x=5, y=7)
    assert (r.a, r.x, r.y) == (12, 5, 7)
    assert not r.carry and r.cycles > 0
    assert t.read_label("result") == b"\x05"


def test_call_with_memory_setup_and_euchre_routine(euchre_prg):
    c64 = C64.from_build()
    assert c64.call("effective_suit", mem={"zp_trump24": 0}, a=20).a == 0  # JC is a spade
    c64.call("rules_bit93")                     # the scoring table hand_points reads
    c64.call("rules_setup")                     # comes from the rules block (issue 25)
    assert c64.call("hand_points", a=5, mem={"zp_alone": 1}).a == 4        # lone march
    c64.call("print_at", mem={"fe_src": [0x00, 0x20], 0x2000: [41, 0, 2, 1, 2, 0xFF]})
    assert list(c64.mem[0x0400 + 41 : 0x0400 + 43]) == [1, 2]
    assert list(c64.mem[0xD800 + 41 : 0xD800 + 43]) == [2, 2]


def test_unknown_label_is_a_clear_error(t):
    with pytest.raises(HarnessError, match="no label 'no_such_routine'"):
        t.call("no_such_routine")


def test_missing_prg_is_a_clear_error(tmp_path):
    with pytest.raises(HarnessError, match="cannot read"):
        C64(tmp_path / "missing.prg")


# ---- faults ----------------------------------------------------------------------------------
def test_brk_fault_names_label_and_address(t):
    with pytest.raises(BrkFault, match=r"BRK at do_brk\+2 \(\$1002\)"):
        t.call("do_brk")


def test_unimplemented_kernal_call_names_entry_and_caller(t):
    with pytest.raises(KernalCallFault, match=r"\$FFCF \(from do_kernal \(\$1003\)\)"):
        t.call("do_kernal")


def test_illegal_opcode_fault(t):
    with pytest.raises(IllegalOpcodeFault, match=r"illegal opcode \$02 at do_illegal\+1"):
        t.call("do_illegal")


def test_stack_overflow_fault(t):
    with pytest.raises(StackOverflowFault, match=r"stack overflow .* at do_overflow \("):
        t.call("do_overflow")


def test_stack_underflow_fault(t):
    with pytest.raises(StackUnderflowFault, match=r"pulled more than was pushed at "
                                                  r"do_underflow\+2"):
        t.call("do_underflow")


def test_stack_underflow_past_a_nested_stack_top(t):
    """A routine called from a trap handler has the caller's stack below it: a pull
    past its own top is an underflow, though SP does not wrap."""
    def decide(c64: C64) -> None:
        c64.call("do_underflow")

    t.trap("hook_decide", decide)
    with pytest.raises(StackUnderflowFault, match=r"pulled more than was pushed at "
                                                  r"do_underflow\+2"):
        t.call("ask_hook")


def test_write_into_code_fault(t):
    with pytest.raises(CodeWriteFault, match=r"code at do_brk \(\$1000\) by do_code_write\+2"):
        t.call("do_code_write")
    assert t.peek("do_brk") == 0xA9  # the write did not happen


def test_writes_to_data_after_code_end_are_allowed(t):
    t.call("add_xy", x=1, y=2)
    assert t.read_label("result") == b"\x01"


def test_cycle_budget_fault_instead_of_a_hang(t):
    with pytest.raises(CycleBudgetFault, match=r"budget of 10,000 exceeded.*do_hang"):
        t.call("do_hang", max_cycles=10_000)


def test_fault_exposes_pc_and_kind(t):
    with pytest.raises(BrkFault) as info:
        t.call("do_brk")
    assert info.value.pc == t.address("do_brk") + 2 and info.value.kind == "brk"


# ---- KERNAL traps, hooks ----------------------------------------------------------------------
def test_getin_returns_queued_keys_then_zero_with_carry_clear(t):
    t.type_keys("a{F1}")
    t.call("read_key", carry=True)
    assert t.read_label("result", 2)[0] == ord("A") and not t.read_label("result", 2)[1] & 1
    t.call("read_key", carry=True)
    assert t.read_label("result")[0] == 133  # F1
    t.call("read_key", carry=True)
    key, status = t.read_label("result", 2)
    assert key == 0
    assert status & 0x01 == 0 and status & 0x02  # carry clear, Z set for "no key"
    assert t.idle_polls == 1


def test_bad_key_name_is_a_clear_error(t):
    with pytest.raises(HarnessError, match=r"unknown key \{F9\}"):
        t.type_keys("{F9}")


def test_trap_answers_a_hook_call_by_label(t):
    seen = []

    def decide(c64: C64) -> None:
        seen.append(c64.mpu.x)
        c64.set_result(a=3)

    t.trap("hook_decide", decide)
    t.call("ask_hook")
    assert seen == [7] and t.read_label("result") == b"\x03"


def test_observer_trap_fires_once_per_arrival_whatever_the_run_limits(still):
    """Issue 14: a run_cycles() limit that ended with the PC on an observed address
    fired the observer again (26 cycles later) when the run went on."""
    t = still
    hits = []
    t.trap("spin", lambda c64: hits.append(c64.cycles), rts=False)
    t.mpu.pc = t.address("spin")
    start = t.cycles
    for step in [1, 2, 3, 5, 7] * 40:         # limits falling on every instruction edge
        t.run_cycles(step)
    passes = (t.cycles - start + 4) // 5      # each pass: NOP 2 + JMP 3 cycles
    assert len(hits) == len(set(hits)) == passes


def test_observer_trap_costs_the_program_no_cycles(t):
    plain = t.call("add_xy", x=2, y=3).cycles
    t.trap("add_xy", lambda c64: None, rts=False)
    assert t.call("add_xy", x=2, y=3).cycles == plain


def test_observer_trap_lets_the_routine_run(t):
    hits = []
    t.trap("add_xy", lambda c64: hits.append(c64.mpu.y), rts=False)
    assert t.call("add_xy", x=2, y=3).a == 5 and hits == [3]


# ---- I/O -----------------------------------------------------------------------------------------
@pytest.fixture
def still(test_prg, cpu) -> C64:
    """A machine with no IRQ and no bad lines: these tests move the clock by hand,
    which a real frame's events would then fill with stolen cycles."""
    return C64(*test_prg, real_frames=False, cpu=cpu)


def test_raster_counter_follows_cycles(still):
    t = still
    t.call("read_raster")
    first = t.read_label("result")[0]
    t.run_cycles(0)  # no-op
    t.mpu.processorCycles += 10 * PAL_CYCLES_PER_LINE
    t.call("read_raster")
    assert (t.read_label("result")[0] - first) % 256 == 10
    t.call("wait_line_100", max_cycles=2 * PAL_CYCLES_PER_FRAME)
    assert 100 <= t.raster_line <= 101


def test_raster_bit_8_in_d011(still):
    t = still
    t.mpu.processorCycles = 300 * PAL_CYCLES_PER_LINE  # line 300 = $12C
    t.call("read_raster")
    low, d011 = t.read_label("result", 2)
    assert low == 0x2C and d011 & 0x80


def test_sid_writes_are_recorded_with_their_cycle(t):
    t.call("beep")
    regs = [(w.reg, w.value) for w in t.sid_writes]
    assert regs == [(0x18, 15), (0x04, 0x11), (0x04, 0x11)]
    cycles = [w.cycle for w in t.sid_writes]
    assert cycles == sorted(cycles) and cycles[0] < cycles[1]


def test_joystick_port_2_bits_are_active_low(t):
    assert t.call("read_joystick").a & 0x1F == 0x1F
    t.set_joystick(fire=True, left=True)
    assert t.call("read_joystick").a & 0x1F == 0x1F & ~0x14


def test_keyboard_matrix_reads_pressed_key_in_selected_column(t):
    assert t.call("read_keyboard").a == 0xFF
    t.press("A")  # column 1, row 2
    assert t.call("read_keyboard").a == 0xFF & ~0x04
    t.release()
    assert t.call("read_keyboard").a == 0xFF


# ---- the real program ----------------------------------------------------------------------------
def test_boot_runs_from_sys_until_waiting_for_a_key(euchre_prg):
    c64 = C64.from_build()
    assert c64.sys_address() == c64.address("start")
    c64.boot()
    assert c64.idle_polls == 1 and not c64.exited
    assert c64.peek(0xD018) == 0x18  # screen $0400, charset $2000
    options = bytes(c64.mem[0x0400 + 13 * 40 : 0x0400 + 14 * 40])
    c64.type_keys("3")                   # the speed option: NORMAL -> SLOW
    c64.run_until_idle()
    row = bytes(c64.mem[0x0400 + 13 * 40 : 0x0400 + 14 * 40])
    assert row != options
    assert row[17:21] == bytes([19, 12, 15, 23])  # "SPEED SLOW": "SLOW" in screen codes

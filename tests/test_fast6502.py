"""The compiled 6502 core (tools/fast6502.c) against py65, the reference, in lockstep.

From the same state, one instruction on each: the registers, the flags, the PC, the
cycles and all 64 KiB of memory must be equal after it. Over every documented opcode
(so every addressing mode) from random states, page crossings and zero-page wraps
included; over ADC and SBC in decimal mode for every A, operand and carry (valid
and invalid BCD); over random instruction streams; and over every instruction of
whole games of build/euchre.prg. Then the harness's two step loops (C64._run_fast
and C64._run_py65) must give the same games, faults, I/O and cycle counts.
"""

from __future__ import annotations

import functools
import gc
import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from py65.devices.mpu6502 import MPU

from tools import cpu as cpu_core
from tools.core import Core, FumblingChooser
from tools.crosscheck import Figures, compare_game
from tools.harness import C64, OPCODE_ACCESS, OPCODE_KIND, HarnessError, HarnessFault

PRG = Path(__file__).resolve().parent.parent / "build" / "euchre.prg"
DOCUMENTED = [op for op in range(256) if MPU.disassemble[op][0] != "???"]
REGISTERS = ("a", "x", "y", "sp", "p", "pc", "processorCycles")


@pytest.fixture(scope="module")
def fast():
    mod = cpu_core.fast_module()
    if mod is None and os.environ.get(cpu_core.CPU_ENV) != "py65":
        pytest.fail("the compiled 6502 core is not built: `pip install -e .` with a C "
                    "compiler builds tools/fast6502.c (EUCHRE_CPU=py65 runs without it)")
    if mod is None:
        pytest.skip("EUCHRE_CPU=py65: no compiled core to compare")
    return mod


class Pair:
    """A py65 MPU and a compiled Cpu, each on its own memory, set to one state."""

    def __init__(self, fast) -> None:
        self.ref_mem = bytearray(0x10000)
        self.fast_mem = bytearray(0x10000)
        self.ref = MPU(memory=self.ref_mem)
        self.fast = cpu_core.FastMPU(self.fast_mem)

    def set(self, mem: bytes, **regs: int) -> None:
        self.ref_mem[:] = mem
        self.fast_mem[:] = mem
        for cpu in (self.ref, self.fast):
            for name, value in regs.items():
                setattr(cpu, name, value)

    def state(self, cpu) -> tuple[int, ...]:
        return tuple(getattr(cpu, r) for r in REGISTERS)

    def step(self, what: str) -> None:
        before = self.state(self.ref)
        self.ref.step()
        self.fast.step()
        ref, fast = self.state(self.ref), self.state(self.fast)
        if ref != fast or self.ref_mem != self.fast_mem:
            pairs = zip(REGISTERS, ref, fast, strict=True)
            diff = [f"{r}: py65 {a:#x}, fast {b:#x}" for r, a, b in pairs if a != b]
            cells = enumerate(zip(self.ref_mem, self.fast_mem, strict=True))
            diff += [f"${i:04X}: py65 {a:#04x}, fast {b:#04x}" for i, (a, b) in cells if a != b]
            state = dict(zip(REGISTERS, before, strict=True))
            raise AssertionError(f"{what}: from {state} the two cores differ: "
                                 f"{'; '.join(diff[:6])}")


def random_state(rng: random.Random, op: int, base: bytes) -> tuple[bytes, dict]:
    """Random memory and registers with ``op`` at a random PC; operands biased towards
    the edges: $FF (zero-page wrap, JMP ($xxFF)), $00 and page crossings."""
    mem = bytearray(base)
    pc = rng.randrange(0x0200, 0xFFF0)
    operand = [rng.choice((0x00, 0xFF, 0x7F, 0x80, rng.getrandbits(8))) for _ in range(2)]
    mem[pc:pc + 3] = bytes([op, *operand])
    for zp in (0xFF, operand[0], (operand[0] + 1) & 0xFF):
        if rng.random() < 0.5:
            mem[zp] = rng.choice((0x00, 0xFF, rng.getrandbits(8)))
    regs = {"pc": pc, "a": rng.getrandbits(8), "x": rng.choice((0, 0xFF, rng.getrandbits(8))),
            "y": rng.choice((0, 0xFF, rng.getrandbits(8))), "sp": rng.getrandbits(8),
            "p": rng.getrandbits(8) | MPU.UNUSED, "processorCycles": rng.getrandbits(20)}
    return bytes(mem), regs


@pytest.mark.parametrize("op", DOCUMENTED, ids=[f"{MPU.disassemble[op][0]}_{MPU.disassemble[op][1]}"
                                               f"_{op:02X}" for op in DOCUMENTED])
def test_every_documented_opcode_agrees_with_py65(fast, op):
    rng = random.Random(op)
    pair = Pair(fast)
    base = rng.randbytes(0x10000)
    for case in range(300):
        mem, regs = random_state(rng, op, base)
        pair.set(mem, **regs)
        pair.step(f"${op:02X} case {case}")


@pytest.mark.parametrize("op", [0x69, 0xE9], ids=["ADC", "SBC"])
def test_decimal_mode_agrees_for_every_a_operand_and_carry(fast, op):
    """Every A and operand, carry clear and set: valid BCD and invalid BCD alike."""
    pair = Pair(fast)
    ref, fst, pc = pair.ref, pair.fast, 0x1000
    for mem in (pair.ref_mem, pair.fast_mem):
        mem[pc] = op
    for carry in (0, MPU.CARRY):
        for a in range(256):
            for data in range(256):
                for cpu, mem in ((ref, pair.ref_mem), (fst, pair.fast_mem)):
                    mem[pc + 1] = data
                    cpu.pc, cpu.a, cpu.p = pc, a, MPU.DECIMAL | MPU.UNUSED | carry
                ref.step()
                fst.step()
                if (ref.a, ref.p, ref.processorCycles) != (fst.a, fst.p, fst.processorCycles):
                    raise AssertionError(
                        f"{MPU.disassemble[op][0]} #${data:02X} with A=${a:02X}, carry {carry}: "
                        f"py65 A=${ref.a:02X} P={ref.p:08b}, fast A=${fst.a:02X} P={fst.p:08b}")


@pytest.mark.parametrize("seed", range(12))
def test_random_instruction_streams_agree(fast, seed):
    """Random bytes run as code, from one state, 3,000 instructions, compared after
    each: undocumented opcodes on the way run as py65 runs them (one byte skipped)."""
    rng = random.Random(1000 + seed)
    pair = Pair(fast)
    mem = bytearray(rng.randbytes(0x10000))
    pc = 0x2000
    for i in range(512):            # mostly documented instructions where it starts
        mem[pc + i] = rng.choice(DOCUMENTED) if i % 3 == 0 else rng.getrandbits(8)
    pair.set(bytes(mem), pc=pc, sp=0xFF, p=MPU.UNUSED | rng.choice((0, MPU.DECIMAL)))
    for i in range(3000):
        if pair.ref.pc >= 0xFFFD:   # py65 reads past $FFFF there (IndexError): move on
            pair.set(bytes(pair.ref_mem), pc=pair.ref.pc & 0x0FFF)
        pair.step(f"stream {seed}, instruction {i}")


class Shadow:
    """Wraps a py65 harness's opcode table: before each instruction the compiled core
    is set to py65's state, after it both are compared."""

    def __init__(self, c64: C64) -> None:
        self.mpu = c64.mpu
        self.fast = cpu_core.FastMPU(bytearray(0x10000))
        self.steps = 0
        table = MPU.instruct
        self.mpu.instruct = [self._wrap(op, table[op]) for op in range(256)]

    def _wrap(self, op: int, run):
        def shadowed(mpu: MPU) -> None:
            fast = self.fast
            fast.memory[:] = mpu.memory
            fast.a, fast.x, fast.y, fast.sp, fast.p = mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p
            fast.pc, fast.processorCycles = (mpu.pc - 1) & 0xFFFF, 0
            run(mpu)
            fast.step()
            ref = (mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc & 0xFFFF,
                   MPU.cycletime[op] + mpu.excycles)
            got = (fast.a, fast.x, fast.y, fast.sp, fast.p, fast.pc, fast.processorCycles)
            if got != ref or fast.memory != mpu.memory:
                raise AssertionError(f"instruction {self.steps} (${op:02X} at "
                                     f"${(fast.pc - 1) & 0xFFFF:04X}...): py65 {ref}, fast "
                                     f"{got}, memory equal: {fast.memory == mpu.memory}")
            self.steps += 1
        return shadowed


@pytest.mark.parametrize("seed,human", [(3, False), (17, True)])
def test_every_instruction_of_a_whole_game_agrees(fast, seed, human):
    """A game of build/euchre.prg on the py65 harness, each of its instructions also
    run by the compiled core from the same state (computer seats; a random human)."""
    core = Core(PRG, cpu="py65")
    shadow = Shadow(core.c64)
    chooser = FumblingChooser(seed) if human else None
    game = core.play(seed, human_seats=1 if human else 0, chooser=chooser)
    assert game.events[-1]["ev"] == "game_over"
    assert shadow.steps > 100_000


# ---- the two step loops ---------------------------------------------------------------------
def _game_record(core: Core, seed: int, human: bool) -> tuple:
    chooser = FumblingChooser(seed) if human else None
    game = core.play(seed, human_seats=1 if human else 0, chooser=chooser)
    c64 = core.c64
    return (game.events, game.decision_cycles, game.deal_cycles, game.total_cycles,
            c64.cycles, c64.stolen_cycles, c64.irqs, bytes(c64.mem), c64.mpu.sp, c64.mpu.p)


def test_games_are_the_same_on_both_loops(fast):
    """Whole games through C64._run_fast and C64._run_py65: events, the cycles of
    every decision and deal, IRQs, stolen cycles and the final memory."""
    cores = {kind: Core(PRG, cpu=kind) for kind in ("fast", "py65")}
    for seed, human in ((0, False), (1, True), (2, True)):
        records = {kind: _game_record(core, seed, human) for kind, core in cores.items()}
        assert records["fast"] == records["py65"], f"game {seed}"


def test_the_front_end_runs_the_same_on_both_loops(fast):
    """Boot, the title screen's raster waits, keys through the CIA matrix and the
    KERNAL's IRQ, the SID: frame by frame, the same machine."""
    machines = {kind: C64.from_build(cpu=kind) for kind in ("fast", "py65")}
    for c64 in machines.values():
        c64.boot()
    for step in range(40):
        for c64 in machines.values():
            if step == 5:
                c64.hold("N", 3)
            if step == 20:
                c64.hold("RETURN", 3)
            c64.run_frames(1)
        fast_c64, ref = machines["fast"], machines["py65"]
        assert (fast_c64.cycles, fast_c64.stolen_cycles, fast_c64.irqs, fast_c64.mpu.pc,
                fast_c64.sid_writes) == (ref.cycles, ref.stolen_cycles, ref.irqs, ref.mpu.pc,
                                         ref.sid_writes), f"frame {step}"
        assert fast_c64.mem == ref.mem, f"frame {step}"


def test_the_stop_codes_are_the_harness_s(fast):
    from tools import harness

    assert (harness.STOP_HORIZON, harness.STOP_TRAP, harness.STOP_HOT, harness.STOP_STACK,
            harness.STOP_BAD) == (fast.STOP_HORIZON, fast.STOP_TRAP, fast.STOP_HOT,
                                  fast.STOP_STACK, fast.STOP_BAD)
    assert len(OPCODE_KIND) == len(OPCODE_ACCESS) == 256


def test_events_run_at_the_same_instruction_boundary_on_both_loops(fast):
    """An event due at cycle T runs before the first instruction that would start at
    or after T: on both loops at the same cycle and PC. NOP; JMP puts boundaries at
    0, 2, 5, 7, 10, ...; events every 4 cycles fall on some of them, one at a time."""
    from tools.harness import PAL_CYCLES_PER_FRAME

    seen = {}
    for kind in ("fast", "py65"):
        c64 = C64(cpu=kind, real_frames=False)
        c64.mem[0x1000:0x1004] = bytes([0xEA, 0x4C, 0x00, 0x10])   # NOP; JMP $1000
        c64.mpu.pc = 0x1000
        log: list[tuple[int, int, int]] = []

        def record(due: int, c64: C64 = c64, log: list = log) -> None:
            log.append((due, c64.cycles, c64.mpu.pc))

        for due in range(1, 80, 4):
            c64.after_frames(due / PAL_CYCLES_PER_FRAME, functools.partial(record, due))
        c64.run_cycles(100)
        seen[kind] = log
    assert len(seen["py65"]) == 20 and seen["fast"] == seen["py65"]


def test_a_fault_is_the_same_on_both_loops(fast):
    """A corrupted core (ai_play's first instruction replaced by BRK, run after its
    observer trap): the same fault, at the same PC, after the same cycles."""
    seen = {}
    for kind in ("fast", "py65"):
        core = Core(PRG, cpu=kind)
        addr = core.c64.address("ai_play")
        core.c64.mem[addr] = 0x00
        with pytest.raises(HarnessFault) as exc:
            core.play(5)
        seen[kind] = (type(exc.value), str(exc.value), exc.value.pc, core.c64.cycles)
    assert seen["fast"] == seen["py65"]


def test_the_core_is_chosen_by_argument_or_environment(fast, monkeypatch):
    monkeypatch.setenv(cpu_core.CPU_ENV, "py65")
    assert C64(cpu=None).cpu_kind == "py65"
    assert isinstance(C64(cpu=None).mpu, MPU)
    monkeypatch.setenv(cpu_core.CPU_ENV, "fast")
    assert C64(cpu=None).cpu_kind == "fast"
    monkeypatch.setenv(cpu_core.CPU_ENV, "z80")
    with pytest.raises(HarnessError, match="one of fast, py65"):
        C64(cpu=None)


def test_without_the_compiled_core_one_line_says_so_and_py65_runs():
    """The compiled core cannot be imported (no compiler at install): machines still
    work, on py65, and the fallback is said once, in one line, whatever the machines."""
    code = ("import sys; sys.modules['tools._fast6502'] = None\n"
            "from tools.harness import C64\n"
            "a, b = C64(), C64()\n"
            "print(a.cpu_kind, b.cpu_kind)\n")
    env = {k: v for k, v in os.environ.items() if k != cpu_core.CPU_ENV}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=PRG.parent.parent, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["py65", "py65"]
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "not built" in lines[0] and "py65" in lines[0], lines


def test_cross_check_memory_does_not_grow_with_games():
    """The same games cross-checked again and again into one Figures (as a long
    `euchre crosscheck` does): after the first pass the histograms hold every figure
    the games have, so memory must stay put. Keeping every figure (issue 26: 11.9 KB
    a game) would grow it by thousands of bytes a game."""
    core = Core(PRG)
    total = Figures()
    seeds = range(6)

    def one_pass() -> int:
        for seed in seeds:
            mismatch, figures = compare_game(core, seed, human=seed % 2 == 1)
            assert mismatch is None
            total.add(figures)
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    one_pass()
    tracemalloc.start()
    try:
        after = [one_pass() for _ in range(3)]
    finally:
        tracemalloc.stop()
    games = 2 * len(seeds)
    assert total.games == 4 * len(seeds)
    assert (after[2] - after[0]) / games < 300, after

"""Issue 44: "`PROMPT_QUIET` is 25 frames: half a second at 50 Hz, 0.42 s on an NTSC C64
(60 Hz), where a drum after a 26-frame lull played a card. Count time, not frames."

c64/videostd.oph tells PAL from NTSC at start-up by the raster lines of a frame (312
on PAL, 263 or 262 on NTSC) and sets the quiet a prompt waits for to half a second:
25 frames on PAL, 30 on NTSC. The harness models a PAL VIC-II; its Python step loop
(tools/machine/steploop.py) reads the raster from two constants, so here they are made
NTSC's to run the very routine against an NTSC raster.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.machine import steploop
from tools.machine.harness import C64

BUILD = Path("build")
NTSC_LINES = {"6567R8": (263, 65), "6567R56A": (262, 64)}     # lines, cycles a line


def _detected(monkeypatch, lines: int | None = None, cycles: int | None = None) -> tuple:
    if lines is not None:
        monkeypatch.setattr(steploop, "PAL_LINES", lines)
        monkeypatch.setattr(steploop, "PAL_CYCLES_PER_LINE", cycles)
    c64 = C64.from_build(BUILD, cpu="py65")
    for start in (0, 5_000, 12_345):                  # wherever the raster is on entry
        c64.mpu.processorCycles += start
        c64.call("video_standard")
        yield c64.peek("fe_ntsc"), c64.peek("fe_prompt_quiet")


def test_pal_gets_25_frames_half_a_second_at_50_hz(monkeypatch):
    assert set(_detected(monkeypatch)) == {(0, 25)}


@pytest.mark.parametrize("vic", sorted(NTSC_LINES))
def test_ntsc_gets_30_frames_half_a_second_at_60_hz(monkeypatch, vic):
    assert set(_detected(monkeypatch, *NTSC_LINES[vic])) == {(1, 30)}


def _frames_waited(c64: C64) -> int:
    """begin_prompt from keys quiet for 0 frames: the frames it waited (wait_frame
    counts each in seed_timer)."""
    for label in ("fe_quiet", "fe_stop_pending", "fe_answer_held", "seed_timer"):
        c64.poke(label, 0)
    c64.call("begin_prompt", max_cycles=100 * 19_656)
    return c64.peek("seed_timer")


def test_the_program_counts_a_prompts_quiet_from_what_start_up_found():
    """begin_prompt asks for fe_prompt_quiet frames, not a constant: set as on NTSC, the
    harness's prompt waits 30 quiet frames before it takes a key; as on PAL, 25."""
    c64 = C64.from_build(BUILD)
    c64.poke("fe_prompt_quiet", 30)
    assert _frames_waited(c64) == 30
    c64.poke("fe_prompt_quiet", 25)
    assert _frames_waited(c64) == 25

"""Issue 44 in real VICE x64sc: "`PROMPT_QUIET` is 25 frames: half a second at 50 Hz, 0.42 s
on an NTSC C64 (60 Hz), where a drum after a 26-frame lull played a card."

VICE started as an NTSC C64 and as a PAL one (`vice_c64_model`, ../shared/vice/README.md):
c64/videostd.oph must have told them apart (fe_ntsc, fe_prompt_quiet 30 or 25 frames), and
at South's first bid of game 0 a P, 26 frames of nothing, then P again (inside the page,
exact to a frame: tools/vice/ntsc_quiet.py) must be dropped on NTSC (0.43 s of quiet) and
answer on PAL (0.52 s). Before the fix the NTSC C64 took it (the build of 629a511: the
second P passed South's bid). Missing setup is a failure with the reason, never a skip.
"""

from __future__ import annotations

import pytest

from tools.vice import judge as vj
from tools.vice.ntsc_quiet import LULL, drum_after_lull
from tools.vice.run import setup_problem


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    problem = setup_problem()
    if problem:
        pytest.fail(f"real VICE is not set up: {problem}", pytrace=False)
    if not vj.PRG.exists():
        pytest.fail(f"{vj.PRG} missing: run `make build`", pytrace=False)


@pytest.mark.parametrize("model, ntsc, quiet, answered", [
    ("C64 NTSC", 1, 30, False), ("C64 PAL", 0, 25, True)])
def test_in_vice_a_drum_after_a_26_frame_lull_answers_only_on_pal(model, ntsc, quiet,
                                                                  answered):
    r = drum_after_lull(model)
    assert (r.ntsc, r.quiet) == (ntsc, quiet)
    (_, _, up), (_, down, _) = r.presses[1], r.presses[2]
    assert down - up == LULL, r.presses                   # VICE made the lull asked
    assert r.answered is answered, r

"""Issue 44 in real VICE x64sc: "`PROMPT_QUIET` is 25 frames: half a second at 50 Hz, 0.42 s
on an NTSC C64 (60 Hz), where a drum after a 26-frame lull played a card."

VICE started as an NTSC C64 and as a PAL one (`vice_c64_model`, ../shared/vice/README.md):
c64/videostd.oph must have told them apart (fe_ntsc, fe_prompt_quiet 30 or 25 frames), and
at South's first bid of game 0 a P, 26 to 29 frames of nothing, then P again (inside the
page: tools/vice/ntsc_quiet.py) must be dropped on NTSC (under 30 frames, 0.5 s) and answer
on PAL (over 25 frames). VICE's own frame counter says how long the lull was: on a busy
machine the page's timers can make it a frame longer than asked (27 seen at load 13), so a
lull outside 26-29, the frames that tell the two models apart, is tried again (3 tries).
Before the fix the NTSC C64 took it (the build of 629a511: the second P passed South's
bid). Missing setup is a failure with the reason, never a skip.
"""

from __future__ import annotations

import pytest

from tools.vice.ntsc_quiet import drum_after_lull

from .vice_ready import require_vice


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    require_vice()


PAL_QUIET, NTSC_QUIET = 25, 30     # frames of quiet a prompt asks (c64/videostd.oph)
ASKED = 27                         # the lull asked for: the middle of 26-29
TRIES = 3


@pytest.mark.parametrize("model, ntsc, quiet, answered", [
    ("C64 NTSC", 1, 30, False), ("C64 PAL", 0, 25, True)])
def test_in_vice_a_drum_after_a_26_frame_lull_answers_only_on_pal(model, ntsc, quiet,
                                                                  answered):
    lulls = []
    for _ in range(TRIES):
        r = drum_after_lull(model, lull=ASKED)
        assert (r.ntsc, r.quiet) == (ntsc, quiet)
        (_, _, up), (_, down, _) = r.presses[1], r.presses[2]
        lulls.append(down - up)                           # as VICE's frames counted it
        if PAL_QUIET < down - up < NTSC_QUIET:
            break
    else:
        pytest.fail(f"VICE never made a lull of 26-29 frames: {lulls}", pytrace=False)
    assert r.answered is answered, r

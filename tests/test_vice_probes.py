"""Real VICE x64sc as a judge: the faults of issue 10 and issue 30 probed in VICE at NORMAL
speed (tools/vice/faults.py) must be absent, and the cycles a PAL frame leaves a program are
re-measured (tools/vice/cycles.py). The whole games are in tests/test_vice.py. Missing setup
is a failure with the reason, never a skip.
"""

from __future__ import annotations

import pytest

from tools.vice import cycles as vc
from tools.vice import faults as vf
from tools.vice import judge as vj

from .vice_ready import require_vice


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    require_vice()


def test_what_a_pal_frame_leaves_a_program_in_vice(capsys) -> None:
    """tests/vice/cycles.oph in VICE: the figures tools/vice/cycles.py states (and the
    harness's frame accounting may take) are still what real VICE gives."""
    failure = None
    try:
        r = vc.measure()
    except RuntimeError as exc:
        failure = str(exc)
    if failure:
        pytest.fail(failure, pytrace=False)
    jiffies = vc.FRAME / vc.CIA_PERIOD
    on_irq, off_irq, on_sei, off_sei = (r.mean(i) for i in range(4))
    assert abs(off_sei - vc.FRAME) < 2, "blanked + SEI must leave the whole frame"
    assert abs(off_sei - on_sei - vc.BAD_LINES_PER_FRAME) < 5
    assert abs((off_sei - off_irq) / jiffies - vc.KERNAL_IRQ) < 5
    assert abs((on_sei - on_irq) / jiffies - vc.KERNAL_IRQ) < 5
    assert abs(on_irq - vc.FREE_SCREEN_ON_IRQ) < 10
    assert abs((on_sei - r.mean(4)) / jiffies - vc.KERNAL_IRQ_KEY_HELD) < 40
    with capsys.disabled():
        print("\n" + "\n".join("  " + line for line in vc.report(r).splitlines()))


def _probe(capsys, probe, *args, **kw):
    lines: list[str] = []
    failure = None
    try:
        result = probe(*args, out=lines.append, **kw)
    except (vj.JudgeError, RuntimeError) as exc:
        failure = str(exc)
    with capsys.disabled():
        print("\n" + "\n".join("  " + line for line in lines))
    if failure:
        pytest.fail(failure, pytrace=False)
    return result, "\n".join(lines)


def test_in_vice_a_key_held_2_to_12_frames_skips_no_pause(capsys) -> None:
    """Fault 1: South's own key, held 2, 4, ... 12 frames at NORMAL speed; the computer's
    pauses up to South's next prompt must all be waited (measured frames >= pyengine's
    events x pace)."""
    rows, text = _probe(capsys, vf.fault1, 92, presses=6)
    assert len(rows) == 6
    assert all(took >= want - 5 for _, took, want in rows), text


def test_in_vice_space_held_5_s_answers_only_the_prompt_it_was_pressed_at(capsys) -> None:
    """Fault 2: SPACE held 250 frames from South's first prompt: it makes the choice under
    the '>' there, and VICE then waits at pyengine's next South prompt (no repeat answers)."""
    (seen, problems), text = _probe(capsys, vf.fault2, 92)
    assert seen, "nothing sampled while SPACE was held"
    assert not problems, text


def test_in_vice_run_stop_during_the_computers_turn_quits(capsys) -> None:
    """Fault 3: RUN/STOP pressed 5-70 frames after South's key, while the computer plays,
    goes to the title (at once or at South's next prompt), never dropped."""
    rows, text = _probe(capsys, vf.fault3, 92, cases=((5, 6), (20, 2), (70, 10)))
    assert [r[3] for r in rows] == ["title"] * 3, text


def test_in_vice_drumming_while_the_computer_plays_answers_no_prompt(capsys) -> None:
    """Issue 30, part 1: the drumming script (tools/machine/keyboard.py DRUMMING, then 10 s more of
    presses 13-28 frames apart) from South's first play prompt of game 0 at NORMAL; VICE must
    then wait at pyengine's next South prompt, unanswered, and take a deliberate press."""
    (done, problems), text = _probe(capsys, vf.fault4, 0)
    assert len(done) > 20 and max(h for _, h in done) >= 10, text
    assert not problems, text

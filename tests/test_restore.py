"""RESTORE and RUN/STOP + RESTORE (issue 14): the harness models the NMI and the
KERNAL's handler; the game must shrug off RESTORE alone and, with RUN/STOP held,
leave BASIC in a state where RUN starts the game again."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tools.frontend.driver import Frontend, prompt
from tools.frontend.play import play

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def _at_a_prompt() -> Frontend:
    """A game some hands in (so the computer players have used their zero page)."""
    fe = Frontend(PRG)
    fe.boot()
    play(fe, 4711, random.Random(1), max_prompts=12)
    assert prompt(fe.screen()).kind in ("bid1", "bid2", "play", "discard")
    return fe


def test_restore_alone_changes_nothing():
    fe = _at_a_prompt()
    before, events = fe.screen(), len(fe.events)
    fe.c64.press_restore()
    fe.c64.run_frames(10)
    assert not fe.c64.at_basic
    assert fe.screen().codes == before.codes and len(fe.events) == events
    assert prompt(fe.key("P" if prompt(before).kind.startswith("bid") else "1")).kind


def test_run_stop_and_restore_go_to_basic_and_run_starts_the_game_again():
    fe = _at_a_prompt()
    c64 = fe.c64
    c64.press("STOP")
    c64.run_frames(10)                        # the game quits to the title meanwhile
    c64.press_restore()
    c64.run_frames(2)
    assert c64.at_basic, "RUN/STOP + RESTORE did not reach BASIC"
    assert c64.basic_zero_page_problems() == []
    c64.release()
    c64.basic_run()
    assert prompt(fe.screen()).kind == "title", fe.screen().text()

"""Keys pressed as a person presses them (issue 10): held for frames, repeated by the
KERNAL, and still down when the program looks again.

These are the faults real VICE showed and the old harness (a key in GETIN, nothing
ever down in the matrix) could not: a key that answers South's prompt must not
also skip the computer's pause; a held SPACE must not answer prompts by repeat;
RUN/STOP pressed while the computer plays must not be lost. Each test plays the
real build/euchre.prg under tools/frontend/driver.Frontend with its default human key
model (tools/machine/keyboard.py).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tools.frontend.checkpoints import engine_state
from tools.frontend.driver import FRAME_CYCLES, Frontend, prompt, south_hand
from tools.frontend.play import play
from tools.machine.harness import C64
from tools.machine.keyboard import DRUMMING, more_drumming

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))
SOUTH_DECISIONS = ("bid", "discard", "play")


@dataclass
class PauseLog:
    """Every computer pause: the frames asked for and the cycles it really lasted
    (from `pause` to whatever the program does next that the log sees)."""

    c64: C64
    asked: list[tuple[int, int]] = field(default_factory=list)   # (cycle, frames)
    lasted: list[tuple[int, int]] = field(default_factory=list)  # (frames asked, cycles)

    def __post_init__(self) -> None:
        self._open: tuple[int, int] | None = None
        self.c64.trap("pause", self._on_pause, rts=False)
        self.c64.trap("hook_decide", self._on_next, rts=False)  # (hook_event is fe's)

    def _on_pause(self, c64: C64) -> None:
        self._close(c64)
        if c64.mpu.a:
            self._open = (c64.cycles, c64.mpu.a)
            self.asked.append(self._open)

    def _on_next(self, c64: C64) -> None:
        self._close(c64)

    def _close(self, c64: C64) -> None:
        if self._open is not None:
            start, frames = self._open
            self.lasted.append((frames, c64.cycles - start))
            self._open = None


def fresh(**kw) -> Frontend:
    fe = Frontend(PRG, **kw)
    fe.boot()
    return fe


def _an_answer(fe: Frontend, seed: int) -> str:
    """A key that answers the prompt on screen: P(ass) at a bid, else a legal card."""
    screen = fe.screen()
    p = prompt(screen)
    assert p.kind in ("bid1", "bid2", "play", "discard"), screen.text()
    if p.kind.startswith("bid"):
        return "P"
    legal = {a.card for a in engine_state(seed, fe.events).legal_actions()}
    return next(str(h.slot + 1) for h in south_hand(screen) if h.card in legal)


def south_decisions(events: list[dict]) -> int:
    return sum(1 for e in events if e["ev"] in SOUTH_DECISIONS and e.get("seat") == 0)


def test_the_key_that_answers_a_prompt_does_not_skip_the_computers_pause():
    """Fault 1: with a 6-frame press, `pause` found the answering key still down and
    ended at its first frame: all three computer cards appeared at once."""
    fe = fresh()
    log = PauseLog(fe.c64)
    play(fe, 1988, random.Random(3), speed="NORMAL", max_prompts=6)
    assert len(log.lasted) >= 10
    short = [(frames, cycles) for frames, cycles in log.lasted
             if cycles < (frames - 1) * FRAME_CYCLES]
    assert short == [], f"{len(short)} of {len(log.lasted)} pauses cut short: {short[:5]}"


def test_a_key_pressed_during_a_pause_still_hurries_it():
    """The other side of fault 1: a key pressed after the pause began ends it."""
    fe = fresh()
    fe.start(1988, speed="SLOW")             # 50 frames a computer card
    log = PauseLog(fe.c64)
    # answer the first prompt, then press a key 15 frames into the next pause
    fe.c64.hold(_an_answer(fe, 1988), 6)
    while log._open is None:
        fe.c64.run_frames(1)
    frames = log._open[1]
    assert frames >= 50
    fe.c64.run_frames(15)                    # the answering key is let go by then
    fe.c64.hold("X", 6)
    while len(log.lasted) == 0:
        fe.c64.run_frames(1)
    assert log.lasted[0][1] < frames // 2 * FRAME_CYCLES, log.lasted


def test_holding_space_for_five_seconds_answers_one_prompt_only():
    """Fault 2: SPACE held ("ANY KEY: HURRY UP") repeated into the keyboard buffer and
    answered every South prompt that came while it was down."""
    fe = fresh()
    fe.start(4711, speed="FAST")
    assert prompt(fe.screen()).kind in ("bid1", "bid2", "play", "discard")
    before = len(fe.events)
    fe.c64.hold("SPACE", 250)                # 5 s
    fe.c64.run_frames(250)
    made = south_decisions(fe.events[before:])
    assert made == 1, f"South decided {made} times while SPACE was held"
    screen = fe.run()                         # let go: the next prompt waits for South
    assert prompt(screen).kind in ("bid1", "bid2", "play", "discard")


@pytest.mark.parametrize("into_pause", [0, 3, 8, 13, 19])
def test_run_stop_while_the_computer_plays_goes_to_the_title(into_pause):
    """Fault 3: RUN/STOP during the computer's turn was dropped with the pause's key
    (whether it was depends on where the jiffy scan falls: several moments)."""
    fe = fresh()
    log = PauseLog(fe.c64)
    fe.start(4711, speed="NORMAL")
    fe.c64.hold(_an_answer(fe, 4711), 6)
    asked = len(log.asked)
    while len(log.asked) == asked:            # the computer's first pause after South
        fe.c64.run_frames(1)
    fe.c64.run_frames(into_pause)
    fe.c64.hold("STOP", 6)
    screen = fe.run()
    assert prompt(screen).kind == "title", screen.text()


def drum(c64: C64, script, start: int = 0) -> int:
    """Press each key of ``script`` at its frame (counted from ``start``), held its frames;
    return the frame after the last press."""
    at = start
    for frame, key, hold in script:
        c64.run_frames(frame - at)
        at = frame
        c64.hold(key, hold)
    return at


def _first_play_prompt(seed: int, speed: str = "NORMAL") -> Frontend:
    fe = fresh()
    fe.start(seed, speed=speed)
    while prompt(fe.screen()).kind != "play":
        fe.key(_an_answer(fe, seed))
    return fe


def test_drumming_while_the_computer_plays_answers_no_prompt():
    """Issue 30, part 1: the drumming script above led South's card 3 ("YOUR LEAD" at
    about +59, the `3` at +70) and played the rest of the hand; drumming that goes on
    for 10 s past the prompt must not answer it either. The drumming still hurries the
    computer, and once the keys have been quiet the prompt takes a deliberate press."""
    fe = _first_play_prompt(0)
    log = PauseLog(fe.c64)
    before = len(fe.events)
    end = drum(fe.c64, DRUMMING)
    end = drum(fe.c64, more_drumming(random.Random(30), end, 500), end)
    fe.c64.run_frames(20)
    made = [e for e in fe.events[before:] if e["ev"] in SOUTH_DECISIONS and e.get("seat") == 0]
    assert len(made) == 1, f"drumming made South decide {len(made)} times: {made}"
    short = [f for f, cycles in log.lasted if cycles < (f - 1) * FRAME_CYCLES]
    assert short, "the drumming hurried no pause"
    screen = fe.run()                         # quiet: the prompt waits for South
    p = prompt(screen)
    assert p.kind in SOUTH_DECISIONS, screen.text()
    fe.key(_an_answer(fe, 0))
    assert south_decisions(fe.events[before:]) == 2


def test_a_prompt_shows_its_keys_only_once_a_press_may_answer_it():
    """The keys line is the player's sign: it comes when the keys have been quiet for
    PROMPT_QUIET frames; a press started before that answers nothing (at NO WAIT the
    next prompt comes while South's key is barely let go)."""
    fe = _first_play_prompt(0, "NO WAIT")
    before = len(fe.events)
    asked: list[int] = []
    fe.c64.trap("begin_prompt", lambda c64: asked.append(c64.cycles), rts=False)
    fe.c64.hold("RETURN", 6)
    while not asked:                          # South's next prompt is drawn
        fe.c64.run_frames(1)
    assert fe.screen().row(24).strip() == "", fe.screen().text()
    fe.c64.hold("1", 6)                       # too early: not a deliberate press
    fe.c64.run_frames(40)
    assert south_decisions(fe.events[before:]) == 1
    assert prompt(fe.screen()).kind == "play", fe.screen().text()

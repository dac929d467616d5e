"""The pace of computer moves: ``--speed slow|normal|fast|instant``, as on the C64.

The C64 front end waits 50, 25 or 8 frames per card at SLOW, NORMAL and FAST
(``pace_frames`` in c64/hooks.oph; PAL runs 50 frames a second) and not at all
at NO WAIT; the shell waits the same time between two computer moves. The line
mode's default is ``normal`` when stdout is a terminal (``--auto`` can be
watched) and ``instant`` otherwise, so pipes and tests never wait.

The clock is injected (:class:`Pace` takes the ``sleep`` to call), so tests
count the pauses instead of sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

PAL_FRAMES_PER_SECOND = 50
FRAMES = {"slow": 50, "normal": 25, "fast": 8, "instant": 0}   # c64/hooks.oph pace_frames
SPEEDS = tuple(FRAMES)
DEFAULT_ON_A_TERMINAL = "normal"
DEFAULT_ELSEWHERE = "instant"


def seconds(speed: str) -> float:
    """The pause before each computer move at ``speed``."""
    return FRAMES[speed] / PAL_FRAMES_PER_SECOND


def default_speed(on_a_terminal: bool) -> str:
    """``normal`` on a terminal, ``instant`` on a pipe or a file."""
    return DEFAULT_ON_A_TERMINAL if on_a_terminal else DEFAULT_ELSEWHERE


@dataclass
class Pace:
    """Waits between computer moves; ``sleep`` is time.sleep unless a test gives one."""
    speed: str = DEFAULT_ELSEWHERE
    sleep: Callable[[float], None] = time.sleep
    pauses: int = 0

    def pause(self) -> None:
        """Wait once (not at all at instant speed)."""
        delay = seconds(self.speed)
        if delay > 0:
            self.pauses += 1
            self.sleep(delay)
